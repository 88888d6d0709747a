//! The LOAD system call (`doc/sysdoc/_calls.127`; its.1652 NLOAD): a PDUMP
//! file open on a DSK channel put into the job's own pages, as a LISP
//! loads the pure pages it shares with its dumped system (BOLIO loads
//! those of SYS;PURQIO 2138). Only the job itself, and only PDUMP files:
//! loading another job needs inferior jobs, and an SBLK file is left
//! unimplemented, naming it.

use super::calls::CallResult;
use super::core::{Page, PAGES};
use super::{CallFailure, System};
use crate::call_block::CallBlock;
use crate::channel::Device;
use crate::codes::CallError;
use crate::loader::{PageMap, PAGE};
use crate::machine::Machine;
use pdp10_isa::its::bit_symbol;
use pdp10_isa::Word;

/// %JSELF: this job.
const JS_SELF: u64 = bit_symbol("%JSELF");

impl System {
    /// LOAD: the job, the DSK channel, and first,,last addresses to load
    /// (default 20,,777777 for the job itself; zero loads the pure pages
    /// only). A PDUMP file's limits are rounded to pages.
    pub(super) fn load(&mut self, m: &mut impl Machine, block: &CallBlock) -> CallResult {
        block.require(2).map_err(|c| CallFailure::error(c, 0))?;
        let job = block.inputs[0].value.right();
        if job != JS_SELF {
            return Err(CallFailure::Unimplemented(format!(
                "LOAD into another job ({job:o}; inferior jobs)"
            )));
        }
        let ch = self.channel_number(block.inputs[1].value)?;
        let limits = block.input(2).unwrap_or(Word::from_halves(0o20, 0o777777));
        if limits.left() > limits.right() {
            return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, ch));
        }
        let words = self.load_file_words(ch)?;
        if words.first().is_some_and(|w| w.raw() != 0) {
            // NLDSB: "LOAD ONLY PURE FROM SBLK FILE LOSES".
            if limits.raw() == 0 {
                return Err(CallFailure::error(CallError::MODE_NOT_AVAILABLE, ch));
            }
            return Err(CallFailure::Unimplemented("LOAD of an SBLK file".into()));
        }
        let map = PageMap::read(&words)
            .map_err(|_| CallFailure::error(CallError::UNRECOGNIZABLE_FILE, ch))?;
        let wanted = |page: usize| {
            if limits.raw() == 0 {
                !map.impure.contains(&page)
            } else {
                (limits.left() as usize / PAGE..=limits.right() as usize / PAGE).contains(&page)
            }
        };
        if let Some(page) = map.absolute.iter().find(|&&p| wanted(p)) {
            return Err(CallFailure::Unimplemented(format!(
                "LOAD of an absolute (system) page into page {page:o}"
            )));
        }
        let mut loaded = 0;
        for (address, data) in &map.blocks {
            let page = *address as usize / PAGE;
            if page < PAGES && wanted(page) {
                self.load_page(m, &map, page, data)?;
                loaded += 1;
            }
        }
        if limits.raw() != 0 && limits.left() < 0o20 {
            // The ACs, saved at 1000-1017 of the map page.
            for a in limits.left()..=limits.right().min(0o17) {
                m.write(a as u32, words[0o1000 + a as usize]);
            }
        }
        self.note(&format!(" {loaded} pages"));
        if let Some(Device::Dsk(file)) = self.channel_mut(ch).map(|c| &mut c.device) {
            file.pointer = map.next_data as u64;
        }
        Ok(vec![])
    }

    /// The words of the file open on DSK channel `ch`, read in 36-bit
    /// bytes (NLOAD: unit ASCII, 7-bit bytes, is "mode not available").
    fn load_file_words(&mut self, ch: usize) -> Result<Vec<Word>, CallFailure> {
        let Some(channel) = self.channel_mut(ch) else {
            return Err(CallFailure::error(CallError::CHANNEL_NOT_OPEN, ch));
        };
        let Device::Dsk(file) = &mut channel.device else {
            return Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch));
        };
        if file.is_output() {
            return Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch));
        }
        if file.unit_ascii {
            return Err(CallFailure::error(CallError::MODE_NOT_AVAILABLE, ch));
        }
        Ok((0..file.word_length())
            .map(|k| file.word_at(k).unwrap_or(Word::ZERO))
            .collect())
    }

    /// Puts page `page` of the file in the job in place of what was there:
    /// a sharing entry shares the job's page it names, any other entry's
    /// words are copied in; each address gets its entry's access.
    fn load_page(
        &mut self,
        m: &mut impl Machine,
        map: &PageMap,
        page: usize,
        data: &[Word],
    ) -> Result<(), CallFailure> {
        let kind = if map.read_only.contains(&page) {
            Page::ReadOnly
        } else {
            Page::Writable
        };
        match map.shared.iter().find(|(p, _)| *p == page) {
            Some(&(_, other)) if self.pages[other] != Page::Absent => {
                self.share_own_page(m, other, page)?;
            }
            // NLOAD8: the page shared is not in the job.
            Some(_) => return Err(CallFailure::error(CallError::UNRECOGNIZABLE_FILE, 0)),
            None => {
                // Page 0's first 16 words are the ACs here, which ITS keeps
                // apart from the page (they are loaded from the map page).
                let acs: Vec<Option<Word>> = (0..0o20).map(|a| m.read(a)).collect();
                self.fresh_page(m, page, kind);
                for (k, w) in data.iter().enumerate() {
                    m.write((page * PAGE + k) as u32, *w);
                }
                if page == 0 {
                    for (a, w) in acs.into_iter().enumerate() {
                        m.write(a as u32, w.unwrap_or(Word::ZERO));
                    }
                }
            }
        }
        self.set_page(m, page, kind);
        Ok(())
    }
}
