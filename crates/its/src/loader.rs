//! Loading a binary into the job: SBLK and PDUMP files
//! (`doc/sysdoc/binfmt.101`), from the evacuated host encoding.
//!
//! An SBLK file's blocks are stored where they say and the job's core is
//! made contiguous up to the page holding the highest word loaded, as ITS
//! fills the gaps of the page map. A PDUMP file (first word zero) has a page
//! map of 256 words after that zero; each page whose map entry asks for data
//! takes the next 1024-word page of the file, in order; the ACs are saved at
//! words 1000-1017 of the map page; the start instruction and the symbol
//! table follow the last data page, as in an SBLK file.

use crate::error::{Error, ErrorKind};
use pdp10_isa::sblk::{Sblk, JRST_1};
use pdp10_isa::{evacuated, Word};

/// ITS pages are 1024 words.
pub const PAGE: usize = 1024;

/// A program ready to be put in core.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    /// Runs of words and where they go.
    pub blocks: Vec<(u32, Vec<Word>)>,
    /// The start instruction (normally `JRST start`).
    pub start: Word,
    /// The job's core size in words (whole pages).
    pub core: usize,
    /// DDT symbols, sorted by value: (value, name).
    pub symbols: Vec<(u32, String)>,
    /// The pages to load read-only (a PDUMP file's pure pages: access
    /// 200000 without 400000, binfmt.101); a store into one is %PIWRO.
    pub read_only: Vec<usize>,
    /// A PDUMP file's sharing entries (100000,,): (page, the lower page
    /// whose words it shares). [`Image::blocks`] holds a copy at each, so
    /// that a machine that cannot share still starts with the right words.
    pub shared: Vec<(usize, usize)>,
}

impl Image {
    /// The start address (right half of the start instruction).
    pub fn start_address(&self) -> u32 {
        self.start.right() as u32
    }

    /// The name of `address` the way DDT types it: `SYM+off` for the
    /// nearest symbol at or below it (within 1000 octal), else octal.
    pub fn symbolic(&self, address: u32) -> String {
        let i = self.symbols.partition_point(|(v, _)| *v <= address);
        if i > 0 {
            let (value, name) = &self.symbols[i - 1];
            let off = address - value;
            if off == 0 {
                return name.clone();
            }
            if off < 0o1000 {
                return format!("{name}+{off:o}");
            }
        }
        format!("{address:o}")
    }
}

/// The symbols worth naming addresses with: program symbols (not
/// half-killed) whose values are addresses.
fn address_symbols(sblk: &Sblk) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = sblk
        .symbols()
        .into_iter()
        .filter(|s| {
            s.flags & pdp10_isa::squoze::HALF_KILLED == 0
                && s.value.left() == 0
                && s.value.right() >= 0o20
        })
        .map(|s| (s.value.right() as u32, s.name))
        .collect();
    out.sort();
    out.dedup_by_key(|(v, _)| *v);
    out
}

fn pages_for(top: usize) -> usize {
    top.div_ceil(PAGE) * PAGE
}

/// Reads an evacuated host file's bytes as a program.
pub fn load_bytes(bytes: &[u8]) -> Result<Image, Error> {
    load_bytes_warning(bytes).map(|(image, _)| image)
}

/// Reads an evacuated host file's bytes as a program, with what the loader
/// let pass: an SBLK or PDUMP file whose symbol blocks are odd or truncated
/// (as MIDAS and DDT wrote with indirect symbol-table pointers) loads
/// without those symbols; a PDUMP file's absolute (system) pages are left
/// out of the job.
pub fn load_bytes_warning(bytes: &[u8]) -> Result<(Image, Option<String>), Error> {
    let words =
        evacuated::decode(bytes).map_err(|e| Error::new(ErrorKind::BadBinary(e.to_string())))?;
    load_words_warning(&words)
}

/// Reads the words of an SBLK or PDUMP file as a program.
pub fn load_words(words: &[Word]) -> Result<Image, Error> {
    load_words_warning(words).map(|(image, _)| image)
}

/// [`load_words`], with the warning [`load_bytes_warning`] describes.
pub fn load_words_warning(words: &[Word]) -> Result<(Image, Option<String>), Error> {
    match words.first() {
        None => Err(Error::new(ErrorKind::BadBinary("the file is empty".into()))),
        Some(w) if w.raw() == 0 => load_pdump(words),
        Some(_) => load_sblk(words),
    }
}

fn bad(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::BadBinary(message.into()))
}

fn load_sblk(words: &[Word]) -> Result<(Image, Option<String>), Error> {
    let (sblk, trailer_error) = Sblk::parse_code(words).map_err(|e| {
        if is_dec_sav(words) {
            bad(
                "a DEC (TOPS-10) SAV file: DEC programs run on ITS under its DEC UUO emulator \
                 (SYS;TS DEC), which the shim does not have",
            )
        } else {
            bad(e.to_string())
        }
    })?;
    let warning =
        trailer_error.map(|e| format!("symbols after the start instruction ignored from {e}"));
    let mut top = 0usize;
    let mut blocks = Vec::new();
    for b in &sblk.blocks {
        let end = b.address as usize + b.words.len();
        if end > ka10::MAX_MEMORY {
            return Err(bad(format!(
                "block at {:o} of {} words runs past the end of the address space",
                b.address,
                b.words.len()
            )));
        }
        top = top.max(end);
        blocks.push((b.address, b.words.clone()));
    }
    Ok((
        Image {
            blocks,
            start: sblk.start,
            core: pages_for(top.max(1)),
            symbols: address_symbols(&sblk),
            read_only: Vec::new(),
            shared: Vec::new(),
        },
        warning,
    ))
}

/// Whether `words` are a DEC zero-compressed SAV file: blocks of an IOWD
/// (-count,,address-1) and its count of words, then the start
/// instruction, a JRST, as the last word.
fn is_dec_sav(words: &[Word]) -> bool {
    let mut i = 0;
    let mut blocks = 0;
    while i + 1 < words.len() {
        let w = words[i];
        if w.left() & 0o400000 == 0 {
            return false;
        }
        i += 1 + (0o1000000 - w.left()) as usize;
        blocks += 1;
    }
    blocks > 0 && i + 1 == words.len() && words[i].raw() >> 27 == 0o254
}

/// A PDUMP file's page map (binfmt.101), read as ITS's LOAD does
/// (its.1652 NLOAD0): the pages, the data pages of the file in order.
/// Also what the LOAD system call puts in a job.
#[derive(Default)]
pub(crate) struct PageMap {
    /// Each page's words, by address, in the order of the map.
    pub(crate) blocks: Vec<(u32, Vec<Word>)>,
    /// Where the words after the data pages begin.
    pub(crate) next_data: usize,
    top_page: usize,
    /// Sharing entries: (page, the lower page whose words it shares).
    pub(crate) shared: Vec<(usize, usize)>,
    /// Absolute pages (not in the file).
    pub(crate) absolute: Vec<usize>,
    /// Pages whose entry gives read access only.
    pub(crate) read_only: Vec<usize>,
    /// Pages given a copy of the page they share, page 0 being the ACs'.
    copied: Vec<(usize, usize)>,
    /// Pages whose entry asks for write access (400000).
    pub(crate) impure: Vec<usize>,
}

impl PageMap {
    /// The map of the PDUMP file `words` (its first word zero).
    pub(crate) fn read(words: &[Word]) -> Result<PageMap, Error> {
        if words.len() < PAGE {
            return Err(bad("PDUMP file shorter than its page map"));
        }
        let mut map = PageMap {
            next_data: PAGE,
            ..PageMap::default()
        };
        for page in 0..256 {
            let entry = words[1 + page];
            let (left, right) = (entry.left(), entry.right());
            if right & 0o600000 == 0 {
                // No access: ITS ignores the entry (and no data page).
                continue;
            }
            if left & 0o400000 != 0 {
                // A page of the running system's memory: nothing of it is
                // in the file, and there is no system here to map.
                map.absolute.push(page);
                continue;
            }
            // binfmt.101: access 200000 is read-only, 600000 read-write (a
            // sharing entry gives its own, for its own address).
            if right & 0o400000 == 0 {
                map.read_only.push(page);
            } else {
                map.impure.push(page);
            }
            let data = if left & 0o100000 != 0 {
                map.sharing(page, right)?
            } else {
                let data = words
                    .get(map.next_data..map.next_data + PAGE)
                    .ok_or_else(|| {
                        bad(format!("PDUMP file ends inside the data of page {page:o}"))
                    })?;
                map.next_data += PAGE;
                data.to_vec()
            };
            map.blocks.push(((page * PAGE) as u32, data));
            map.top_page = page + 1;
        }
        Ok(map)
    }

    /// The words of sharing entry `page`, whose right half `right` names
    /// the other page (bits 1.1-1.9 as binfmt.101 says; ITS takes 15 bits
    /// and refuses 400 and up). ITS links the page to one the load has
    /// already put in the job, a lower one, and refuses an absent or
    /// absolute one (NLOAD3, NLOAD8).
    fn sharing(&mut self, page: usize, right: u64) -> Result<Vec<Word>, Error> {
        let other = (right & 0o77777) as usize;
        let refuse = |why: &str| bad(format!("page {page:o} shares page {other:o}, {why}"));
        if other >= 256 {
            return Err(refuse("which is beyond the address space"));
        }
        if self.absolute.contains(&other) {
            return Err(refuse("an absolute page (ITS shares only the job's own)"));
        }
        let data = self
            .blocks
            .iter()
            .find(|(a, _)| *a as usize == other * PAGE)
            .map(|(_, d)| d.clone())
            .ok_or_else(|| refuse("which the file has not loaded before it"))?;
        if page == 0 || other == 0 {
            self.copied.push((page, other));
        } else {
            self.shared.push((page, other));
        }
        Ok(data)
    }
}

fn load_pdump(words: &[Word]) -> Result<(Image, Option<String>), Error> {
    let PageMap {
        mut blocks,
        next_data,
        top_page,
        shared,
        absolute,
        read_only,
        copied,
        ..
    } = PageMap::read(words)?;
    // The ACs, saved at 1000-1017 of the map page.
    blocks.push((0, words[0o1000..0o1020].to_vec()));
    // Start instruction and symbol table, as at the end of an SBLK file.
    let mut tail = vec![JRST_1];
    tail.extend_from_slice(&words[next_data..]);
    let mut warnings = Vec::new();
    let (start, symbols) = match Sblk::parse_code(&tail) {
        Ok((s, trailer_error)) => {
            if let Some(e) = trailer_error {
                warnings.push(format!(
                    "symbols after the PDUMP data pages ignored from {e}"
                ));
            }
            let symbols = address_symbols(&s);
            (s.start, symbols)
        }
        Err(_) if next_data == words.len() => (Word::ZERO, Vec::new()),
        Err(e) => return Err(bad(format!("after the PDUMP data pages: {e}"))),
    };
    for (page, other) in copied {
        warnings.push(format!(
            "page {page:o} is a copy of page {other:o}, not shared with it (page 0 holds the ACs)"
        ));
    }
    if !absolute.is_empty() {
        let list: Vec<String> = absolute.iter().map(|p| format!("{p:o}")).collect();
        let below = absolute.iter().filter(|&&p| p < top_page).count();
        warnings.push(format!(
            "absolute (system) pages {} of the PDUMP file are not loaded{}",
            list.join(" "),
            if below == 0 {
                ": a reference to them is an MPV"
            } else {
                "; those below the job's top page read as zeros"
            }
        ));
    }
    Ok((
        Image {
            blocks,
            start,
            core: top_page.max(1) * PAGE,
            symbols,
            read_only,
            shared,
        },
        (!warnings.is_empty()).then(|| warnings.join("; ")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdp10_isa::sblk::checksum;

    fn sblk_file() -> Vec<Word> {
        let header = Word::new(0o777776_000100);
        let data = [Word::new(0o201040_000005), Word::new(0o254200_000101)];
        let mut file = vec![JRST_1, header];
        file.extend_from_slice(&data);
        file.push(checksum(header, &data));
        file.push(Word::new(0o254000_000100));
        file.push(Word::new(0o254000_000100));
        file
    }

    #[test]
    fn sblk_blocks_and_core() {
        let image = load_words(&sblk_file()).unwrap();
        assert_eq!(image.blocks.len(), 1);
        assert_eq!(image.blocks[0].0, 0o100);
        assert_eq!(image.start_address(), 0o100);
        assert_eq!(image.core, PAGE);
        // Through the evacuated encoding, as a host file holds it.
        let bytes = evacuated::encode(&sblk_file());
        assert_eq!(load_bytes(&bytes).unwrap(), image);
    }

    #[test]
    fn pdump_pages_acs_and_start() {
        let mut file = vec![Word::ZERO; PAGE];
        file[1] = Word::new(0o600000); // page 0: impure
        file[1 + 2] = Word::new(0o200000); // page 2: pure
        file[1 + 3] = Word::new(0o100000_200002); // page 3 shares page 2
        file[0o1005] = Word::new(0o55); // AC 5
        let mut page0 = vec![Word::ZERO; PAGE];
        page0[0o100] = Word::new(0o254200_000100);
        let mut page2 = vec![Word::ZERO; PAGE];
        page2[7] = Word::new(0o777);
        file.extend(page0);
        file.extend(page2);
        file.push(Word::new(0o254000_000100));
        file.push(Word::new(0o254000_000100));
        let image = load_words(&file).unwrap();
        assert_eq!(image.start_address(), 0o100);
        assert_eq!(image.core, 4 * PAGE);
        let word_at = |a: u32| {
            image
                .blocks
                .iter()
                .rev()
                .find_map(|(base, d)| {
                    (a >= *base && ((a - base) as usize) < d.len()).then(|| d[(a - base) as usize])
                })
                .unwrap_or(Word::ZERO)
        };
        assert_eq!(word_at(0o100), Word::new(0o254200_000100));
        assert_eq!(word_at(2 * 1024 + 7), Word::new(0o777));
        assert_eq!(word_at(3 * 1024 + 7), Word::new(0o777));
        assert_eq!(word_at(5), Word::new(0o55));
        // Page 2 is pure (200000), and so is page 3, which shares it with
        // access 200000; page 0 (600000) is not.
        assert_eq!(image.read_only, vec![2, 3]);
        assert_eq!(image.shared, vec![(3, 2)]);
    }

    /// A PDUMP file with page 1 impure and the map entry `entry` at `page`.
    fn pdump_sharing(page: usize, entry: u64) -> Result<(Image, Option<String>), Error> {
        let mut file = vec![Word::ZERO; PAGE];
        file[1] = Word::new(0o600000);
        file[2] = Word::new(0o600000);
        file[1 + page] = Word::new(entry);
        file.extend(vec![Word::ZERO; 2 * PAGE]);
        file.push(Word::new(0o254000_000100));
        load_words_warning(&file)
    }

    #[test]
    fn a_sharing_entry_names_a_lower_page_of_the_job() {
        // ITS links to a page the load has already put in the job
        // (its.1652 NLOAD3): not a higher one, nor an absolute one.
        let e = pdump_sharing(3, 0o100000_600004).unwrap_err().to_string();
        assert!(
            e.contains("page 3 shares page 4, which the file has not loaded"),
            "{e}"
        );
        let e = pdump_sharing(3, 0o100000_600400).unwrap_err().to_string();
        assert!(e.contains("page 3 shares page 400, which is beyond"), "{e}");
        let mut file = vec![Word::ZERO; PAGE];
        file[1] = Word::new(0o600000);
        file[1 + 2] = Word::new(0o400000_200005);
        file[1 + 3] = Word::new(0o100000_200002);
        file.extend(vec![Word::ZERO; PAGE]);
        let e = load_words(&file).unwrap_err().to_string();
        assert!(e.contains("page 3 shares page 2, an absolute page"), "{e}");
        // With no access the entry is ignored, as ITS does.
        let (image, warning) = pdump_sharing(3, 0o100000_000004).unwrap();
        assert!(image.shared.is_empty() && warning.is_none());
        assert_eq!(image.core, 2 * PAGE);
        // Page 0 (the ACs' page here) is loaded as a copy, with a warning.
        let (image, warning) = pdump_sharing(3, 0o100000_600000).unwrap();
        assert!(image.shared.is_empty());
        assert!(warning.unwrap().contains("page 3 is a copy of page 0"));
        let (image, _) = pdump_sharing(3, 0o100000_600001).unwrap();
        assert_eq!(image.shared, vec![(3, 1)]);
        assert_eq!(image.core, 4 * PAGE);
    }

    #[test]
    fn odd_symbol_blocks_and_absolute_pages_load_with_a_warning() {
        // A symbol block after the start instruction whose count runs past
        // the end of the file: the code loads, the symbols are left out.
        let mut file = sblk_file();
        file.pop();
        file.push(Word::new(0o777700_000000));
        file.push(Word::new(1));
        assert!(load_words(&file[..file.len() - 2]).is_ok());
        let (image, warning) = load_words_warning(&file).unwrap();
        assert_eq!(image.start_address(), 0o100);
        assert_eq!(image.blocks.len(), 1);
        assert!(
            warning.unwrap().contains("runs past the end of the file"),
            "the cause is named"
        );
        // A PDUMP file with page 0 and absolute page 200: the job has one
        // page, so touching page 200 is an MPV.
        let mut pdump = vec![Word::ZERO; PAGE];
        pdump[1] = Word::new(0o600000);
        pdump[1 + 0o200] = Word::new(0o400000_000000 | 0o200000);
        let mut page0 = vec![Word::ZERO; PAGE];
        page0[0o100] = Word::new(0o254200_000100);
        pdump.extend(page0);
        pdump.push(Word::new(0o254000_000100));
        let (image, warning) = load_words_warning(&pdump).unwrap();
        assert_eq!(image.core, PAGE);
        assert!(warning.unwrap().contains("pages 200"));
    }

    #[test]
    fn bad_files_name_the_problem() {
        let e = load_words(&[Word::new(5)]).unwrap_err();
        assert!(e.to_string().contains("JRST 1"), "{e}");
        let mut short = vec![Word::ZERO; PAGE];
        short[1] = Word::new(0o600000);
        let e = load_words(&short).unwrap_err();
        assert!(e.to_string().contains("page 0"), "{e}");
    }

    #[test]
    fn a_dec_sav_file_is_named_as_such() {
        // IOWD 2,777 ? MOVEI 1,5 ? JRST 4, ? IOWD 1,2000 ? 0 ? JRST 1000
        let sav: Vec<Word> = [
            0o777776_000777,
            0o201040_000005,
            0o254200_000000,
            0o777777_001777,
            0,
            0o254000_001000,
        ]
        .map(Word::new)
        .to_vec();
        let e = load_words(&sav).unwrap_err().to_string();
        assert!(e.contains("DEC (TOPS-10) SAV file"), "{e}");
        assert!(e.contains("SYS;TS DEC"), "{e}");
        // One word short: no SAV file, the SBLK complaint.
        let e = load_words(&sav[..5]).unwrap_err().to_string();
        assert!(!e.contains("DEC"), "{e}");
    }

    #[test]
    fn symbolic_addresses() {
        let image = Image {
            symbols: vec![(0o100, "GO".into()), (0o200, "LOOP".into())],
            ..Image::default()
        };
        assert_eq!(image.symbolic(0o100), "GO");
        assert_eq!(image.symbolic(0o105), "GO+5");
        assert_eq!(image.symbolic(0o10), "10");
        assert_eq!(image.symbolic(0o2000), "2000");
    }
}
