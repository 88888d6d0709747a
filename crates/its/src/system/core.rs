//! The job's pages: CORBLK, CORTYP and `.CORE` (`doc/sysdoc/_calls.127`,
//! ITS CORBLK).
//!
//! The processor's memory is one run of words from 0 (`ka10::Cpu`'s memory
//! size); the shim keeps ITS's page map beside it: which of the 256 pages
//! of 1024 words exist and whether the job may write them. A page that is
//! mapped lies below the memory size; pages below it that the map says do
//! not exist still read as zeros on this processor (the KA10 here has no
//! pager to fault on them). Read-only pages are write-protected in the
//! processor ([`Machine::set_read_only`]), so that a store into one is
//! ITS's %PIWRO.

use super::calls::CallResult;
use super::{CallFailure, System};
use crate::call_block::CallBlock;
use crate::channel::Device;
use crate::codes::CallError;
use crate::loader::PAGE;
use crate::machine::{store, Machine};
use pdp10_isa::its::bit_symbol;
use pdp10_isa::Word;

/// Pages in an address space.
pub const PAGES: usize = 256;

/// One entry of the page map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// No page: CORTYP gives 0.
    Absent,
    /// A private page, readable and writable.
    Writable,
    /// A page the job may only read (a pure page).
    ReadOnly,
}

/// CORBLK control bits (cbits, right half).
const CB_WRT: u64 = bit_symbol("%CBWRT");
const CB_NDW: u64 = bit_symbol("%CBNDW");
const CB_CPY: u64 = bit_symbol("%CBCPY");
/// %CBNDR: read access or fail.
const CB_NDR: u64 = bit_symbol("%CBNDR");
/// Source codes: %JSNEW a fresh page, %JSABS an absolute page, and the
/// core job (400001), taken as %JSNEW.
const JS_NEW: u64 = bit_symbol("%JSNEW");
const JS_ABS: u64 = bit_symbol("%JSABS");
const CORE_JOB: u64 = 0o400001;
/// The system job (job 0), whose pages are nearly the absolute ones.
const SYSTEM_JOB: u64 = 0o400000;
/// %JSELF: this job.
const JS_SELF: u64 = bit_symbol("%JSELF");

impl System {
    /// Sets `page`'s entry in the map and the processor's write
    /// protection with it.
    pub(super) fn set_page(&mut self, m: &mut impl Machine, page: usize, kind: Page) {
        self.pages[page] = kind;
        m.set_read_only(page, kind == Page::ReadOnly);
    }

    /// Makes `pages` of the freshly loaded job read-only (a PDUMP file's
    /// pure pages); beyond its core they are left out.
    pub(crate) fn load_read_only(&mut self, m: &mut impl Machine, pages: &[usize]) {
        for &page in pages {
            if page < PAGES && self.pages[page] == Page::Writable {
                self.set_page(m, page, Page::ReadOnly);
            }
        }
    }

    /// Links each of a freshly loaded PDUMP file's sharing pages (page,
    /// the page it shares) to its page, as ITS's LOAD does (its.1652
    /// NLOAD3): one page at two addresses, a store through either seen
    /// through both. Each address keeps the access its own entry gave
    /// ([`System::load_read_only`]).
    pub(crate) fn load_shared(&mut self, m: &mut impl Machine, shared: &[(usize, usize)]) {
        for &(page, other) in shared {
            let both_there = [page, other]
                .iter()
                .all(|&p| p < PAGES && self.pages[p] != Page::Absent);
            if both_there {
                // A machine that cannot share keeps the copy loaded there.
                m.share_page(other, page);
            }
        }
    }

    /// Makes the job's core `pages` pages, all private (ITS `.CORE`,
    /// `.SUSET` of `.MEMT`): pages beyond are deleted, new ones are zero.
    pub(super) fn set_core_pages(&mut self, m: &mut impl Machine, pages: usize) {
        for k in 0..PAGES {
            m.unshare_page(k);
        }
        m.set_memory_size(pages * PAGE);
        for k in 0..PAGES {
            let kind = if k < pages {
                Page::Writable
            } else {
                Page::Absent
            };
            self.set_page(m, k, kind);
        }
        self.core_words = m.memory_size();
    }

    /// Puts a zero page at `page`, growing memory to reach it.
    pub(super) fn fresh_page(&mut self, m: &mut impl Machine, page: usize, kind: Page) {
        let top = (page + 1) * PAGE;
        if m.memory_size() < top {
            // Pages between the old top and this one stay absent in the map.
            m.set_memory_size(top);
        }
        // A page shared with others is replaced, not cleared for them.
        m.unshare_page(page);
        for a in page * PAGE..top {
            m.write(a as u32, Word::ZERO);
        }
        self.set_page(m, page, kind);
        self.core_words = m.memory_size();
    }

    /// Removes `page`; memory shrinks to the highest page still there.
    fn delete_page(&mut self, m: &mut impl Machine, page: usize) {
        // The pages it shared with keep their words.
        m.unshare_page(page);
        if page * PAGE < m.memory_size() {
            for a in page * PAGE..(page + 1) * PAGE {
                m.write(a as u32, Word::ZERO);
            }
        }
        self.set_page(m, page, Page::Absent);
        let top = self
            .pages
            .iter()
            .rposition(|p| *p != Page::Absent)
            .map_or(1, |k| k + 1);
        if top * PAGE < m.memory_size() {
            m.set_memory_size(top * PAGE);
        }
        self.core_words = m.memory_size();
    }

    /// CORBLK: cbits, the job to change, its page (AOBJN for a block of
    /// pages), the source and the source's page.
    pub(super) fn corblk(&mut self, m: &mut impl Machine, block: &CallBlock) -> CallResult {
        block.require(3).map_err(|c| CallFailure::error(c, 0))?;
        let first = block.inputs[0].value;
        let cbits = (block.control as u64 ^ first.right() ^ first.left()) & 0o777777;
        let job = block.inputs[1].value.right();
        if job != JS_SELF {
            return Err(CallFailure::Unimplemented(format!(
                "CORBLK into another job ({job:o}; inferior jobs)"
            )));
        }
        let source = block.input(3).map_or(job, |w| w.right());
        let mut target = block.inputs[2].value;
        let mut source_page = block.input(4);
        loop {
            let page = target.right() as usize;
            if page >= PAGES {
                return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, 0));
            }
            self.corblk_one(m, cbits, page, source, source_page)?;
            if !target.is_negative() {
                return Ok(vec![]);
            }
            // Block mode: next page, written back into the caller's core.
            target = Word::new(target.raw().wrapping_add(0o000001_000001));
            source_page = source_page.map(|w| Word::new(w.raw().wrapping_add(1)));
            let fault = |x| CallFailure::Fault {
                channel: 0,
                fault: crate::channel::Fault::Mpv(x),
            };
            if let Some(a) = block.inputs[2].address {
                store(m, a, target).map_err(fault)?;
            }
            if let (Some(a), Some(w)) = (block.inputs.get(4).and_then(|i| i.address), source_page) {
                store(m, a, w).map_err(fault)?;
            }
            if !target.is_negative() {
                return Ok(vec![]);
            }
        }
    }

    fn corblk_one(
        &mut self,
        m: &mut impl Machine,
        cbits: u64,
        page: usize,
        source: u64,
        source_page: Option<Word>,
    ) -> Result<(), CallFailure> {
        if cbits == 0 {
            self.note(&format!(" delete page {page:o}"));
            self.delete_page(m, page);
            return Ok(());
        }
        let write = cbits & (CB_WRT | CB_NDW) != 0;
        let kind = if write {
            Page::Writable
        } else {
            Page::ReadOnly
        };
        match source {
            JS_NEW | CORE_JOB => {
                self.note(&format!(" fresh page {page:o}"));
                self.fresh_page(m, page, kind);
                Ok(())
            }
            JS_SELF => {
                let from = source_page.map_or(page, |w| w.right() as usize);
                if from >= PAGES || self.pages[from] == Page::Absent {
                    return Err(CallFailure::error(CallError::CANT_GET_ACCESS, 0));
                }
                // The same page: its access changes (a pure page made
                // writable again). Another: a private page gives write
                // access only where it has it (_calls.127 CORBLK, %CBPRV):
                // %CBNDW fails, %CBWRT makes do with reading.
                let kind = match (from == page, self.pages[from], kind) {
                    (true, _, kind) => kind,
                    (false, Page::ReadOnly, Page::Writable) if cbits & CB_NDW != 0 => {
                        return Err(CallFailure::error(CallError::CANT_GET_ACCESS, 0));
                    }
                    (false, Page::ReadOnly, _) => Page::ReadOnly,
                    (false, _, kind) => kind,
                };
                if from != page {
                    self.share_own_page(m, from, page)?;
                }
                self.set_page(m, page, kind);
                Ok(())
            }
            0..=0o17 => self.page_from_file(m, page, source as usize, source_page, kind, cbits),
            JS_ABS | SYSTEM_JOB => Err(CallFailure::Unimplemented(format!(
                "CORBLK of an absolute (system) page into page {page:o}"
            ))),
            _ => Err(CallFailure::Unimplemented(format!(
                "CORBLK of a page of job {source:o} (inferior jobs)"
            ))),
        }
    }

    /// Puts the job's page `from` at page `page` too: one page at two
    /// addresses, a store through either seen through both (the CPU keeps
    /// them equal). Page 0, whose first 16 addresses are the ACs, is not
    /// shared.
    pub(super) fn share_own_page(
        &mut self,
        m: &mut impl Machine,
        from: usize,
        page: usize,
    ) -> Result<(), CallFailure> {
        if from == 0 || page == 0 {
            return Err(CallFailure::Unimplemented(format!(
                "CORBLK sharing page {from:o} at page {page:o} (page 0 holds the ACs)"
            )));
        }
        let top = (page + 1) * PAGE;
        if m.memory_size() < top {
            m.set_memory_size(top);
        }
        if !m.share_page(from, page) {
            return Err(CallFailure::Unimplemented(format!(
                "CORBLK sharing page {from:o} at page {page:o} (one page at two addresses)"
            )));
        }
        self.note(&format!(" page {from:o} shared at page {page:o}"));
        self.core_words = m.memory_size();
        Ok(())
    }

    /// A page of a file open on DSK channel `ch`: its words are copied in
    /// (a copy is what %CBCPY asks for; without it ITS shares the disk
    /// page, which for a page the job only reads looks the same). The
    /// access pointer moves past the page.
    fn page_from_file(
        &mut self,
        m: &mut impl Machine,
        page: usize,
        ch: usize,
        source_page: Option<Word>,
        kind: Page,
        cbits: u64,
    ) -> Result<(), CallFailure> {
        let Some(channel) = self.channels[ch].as_mut() else {
            return Err(CallFailure::error(CallError::BAD_CHANNEL, ch));
        };
        let Device::Dsk(file) = &mut channel.device else {
            return Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch));
        };
        if file.is_output() && cbits & CB_CPY == 0 && kind == Page::Writable {
            return Err(CallFailure::Unimplemented(
                "CORBLK writing through to a file open for output".into(),
            ));
        }
        // The pointer counts words in image/block mode, characters in unit
        // ASCII mode (five a word).
        let per_word = if file.unit_ascii { 5 } else { 1 };
        let from = source_page.map_or((file.pointer / per_word) as usize / PAGE, |w| {
            w.right() as usize
        });
        let start = from * PAGE;
        if start as u64 >= file.word_length() {
            return Err(CallFailure::error(CallError::CANT_GET_ACCESS, ch));
        }
        let words: Vec<Word> = (start..start + PAGE)
            .map(|k| file.word_at(k as u64).unwrap_or(Word::ZERO))
            .collect();
        file.pointer = ((start + PAGE) as u64) * per_word;
        self.note(&format!(" file page {from:o} at page {page:o}"));
        self.fresh_page(m, page, kind);
        for (k, w) in words.into_iter().enumerate() {
            m.write((page * PAGE + k) as u32, w);
        }
        Ok(())
    }

    /// `.CBLK ac,` (uuos.114, archaic): one page of the job's own map, the
    /// operation in AC bits 4.3-4.1: 0 a page of its own (block number in
    /// 1.9-1.1), 4 a fresh page, 6 and 7 public and private (one job: no
    /// change); 2.9 inserts (else deletes), 3.9 asks for write access,
    /// 2.8-2.1 is the page. Absolute pages and other jobs' pages stop the
    /// job as not implemented.
    pub(super) fn cblk(&mut self, m: &mut impl Machine, ac: Word) -> Result<bool, CallFailure> {
        let raw = ac.raw();
        let op = (raw >> 27) & 0o7;
        let write = raw & (1 << 26) != 0;
        let insert = raw & 0o400000 != 0;
        let page = ((raw >> 9) & 0o377) as usize;
        let from = raw & 0o777;
        if raw & (1 << 35) != 0 {
            return Ok(false);
        }
        match op {
            6 | 7 => Ok(self.pages[page] != Page::Absent),
            _ if !insert => {
                self.corblk_one(m, 0, page, JS_NEW, None)?;
                Ok(true)
            }
            4 => {
                self.corblk_one(m, CB_NDW, page, JS_NEW, None)?;
                Ok(true)
            }
            0 => {
                let bits = if write { CB_NDW } else { CB_NDR };
                match self.corblk_one(m, bits, page, JS_SELF, Some(Word::new(from))) {
                    Ok(()) => Ok(true),
                    Err(CallFailure::Error { .. }) => Ok(false),
                    Err(e) => Err(e),
                }
            }
            _ => Err(CallFailure::Unimplemented(format!(
                ".CBLK operation {op} (absolute pages, other jobs' pages)"
            ))),
        }
    }

    /// CORTYP: the page's access, sharing and count. A page shared within
    /// the job gives the next sharer (NCORTY in core.83): this job's user
    /// index and that page, and the number of sharers.
    pub(super) fn cortyp(&mut self, m: &impl Machine, block: &CallBlock) -> CallResult {
        block.require(1).map_err(|c| CallFailure::error(c, 0))?;
        let page = if block.inputs.len() >= 2 {
            let job = block.inputs[0].value.right();
            if job != JS_SELF {
                return Err(CallFailure::Unimplemented(format!(
                    "CORTYP of another job ({job:o}; inferior jobs)"
                )));
            }
            block.inputs[1].value.raw()
        } else {
            block.inputs[0].value.raw()
        };
        if page >= PAGES as u64 {
            return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, 0));
        }
        // Val 1: %CBWRT (4.9) and %CBRED (4.8); val 2 -1 unshared; val 4
        // in core (4.9) and the number of sharers.
        let page = page as usize;
        let access = match self.pages[page] {
            Page::Absent => return Ok(vec![Word::ZERO; 4]),
            Page::ReadOnly => bit_symbol("%CBRED") << 18,
            Page::Writable => (bit_symbol("%CBRED") | CB_WRT) << 18,
        };
        let in_core = 1 << 35;
        let Some(next) = m.next_sharer(page) else {
            return Ok(vec![
                Word::new(access),
                Word::ONES,
                Word::ZERO,
                Word::new(in_core | 1),
            ]);
        };
        let mut count = 1;
        let mut q = next;
        while q != page && count < PAGES as u64 {
            count += 1;
            q = m.next_sharer(q).unwrap_or(page);
        }
        Ok(vec![
            Word::new(access),
            Word::new(super::suset::USER_INDEX),
            Word::new(next as u64),
            Word::new(in_core | count),
        ])
    }
}
