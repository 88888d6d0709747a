//! What the system calls need of the processor: its memory (the ACs are
//! addresses 0-17), as a trait so that the calls can be tested without a CPU.

use pdp10_isa::{Instruction, Word, HALF_MASK};

/// Word-addressed memory of the job.
pub trait Machine {
    /// The word at `address`, `None` beyond the job's core.
    fn read(&self, address: u32) -> Option<Word>;
    /// Stores `w`; false beyond the job's core.
    fn write(&mut self, address: u32, w: Word) -> bool;
    /// The job's core, in words.
    fn memory_size(&self) -> usize;
    /// Grows or shrinks the job's core.
    fn set_memory_size(&mut self, words: usize);
    /// The PC flags (left-half positions, `ka10::flags`), for interrupts.
    fn flags(&self) -> u32 {
        ka10::flags::USER
    }
    /// Sets the PC flags.
    fn set_flags(&mut self, _flags: u32) {}
    /// Instructions executed so far (the emulated clock's measure).
    fn instructions(&self) -> u64 {
        0
    }
    /// During a trap, where [`ka10::Resume::Next`] would go on (after an
    /// XCT that executed the trapping instruction); `None` if unknown.
    fn resume_pc(&self) -> Option<u32> {
        None
    }
    /// Forgets a pushdown overflow that has happened (the processor's
    /// condition, as CONO APR clears it).
    fn clear_pushdown_overflow(&mut self) {}
    /// Makes page `page` read-only for the job's instructions (a store
    /// into it is ITS's %PIWRO) or writable again. The system's own
    /// writes ([`Machine::write`]) are not checked.
    fn set_read_only(&mut self, _page: usize, _read_only: bool) {}
    /// Makes `page` share `with`'s words (one page at two addresses);
    /// false if the machine cannot.
    fn share_page(&mut self, _with: usize, _page: usize) -> bool {
        false
    }
    /// Takes `page` out of the pages sharing its words.
    fn unshare_page(&mut self, _page: usize) {}
    /// The next page sharing `page`'s words, if any.
    fn next_sharer(&self, _page: usize) -> Option<usize> {
        None
    }
    /// `.JPC`: the address of the last jump instruction the job executed
    /// (the KA10 pager's JPC register).
    fn jpc(&self) -> u32 {
        0
    }
    /// Sets `.JPC` (`.SUSET`).
    fn set_jpc(&mut self, _address: u32) {}
}

impl Machine for ka10::Cpu {
    fn read(&self, address: u32) -> Option<Word> {
        ka10::Cpu::read(self, address)
    }
    fn write(&mut self, address: u32, w: Word) -> bool {
        ka10::Cpu::write(self, address, w)
    }
    fn memory_size(&self) -> usize {
        ka10::Cpu::memory_size(self)
    }
    fn set_memory_size(&mut self, words: usize) {
        ka10::Cpu::set_memory_size(self, words)
    }
    fn flags(&self) -> u32 {
        ka10::Cpu::flags(self)
    }
    fn set_flags(&mut self, flags: u32) {
        ka10::Cpu::set_flags(self, flags)
    }
    fn instructions(&self) -> u64 {
        ka10::Cpu::instructions(self)
    }
    fn resume_pc(&self) -> Option<u32> {
        Some(ka10::Cpu::pc(self))
    }
    fn clear_pushdown_overflow(&mut self) {
        ka10::Cpu::set_pushdown_overflow(self, false)
    }
    fn set_read_only(&mut self, page: usize, read_only: bool) {
        ka10::Cpu::set_write_protected(self, page, read_only)
    }
    fn share_page(&mut self, with: usize, page: usize) -> bool {
        ka10::Cpu::share_page(self, with, page)
    }
    fn unshare_page(&mut self, page: usize) {
        ka10::Cpu::unshare_page(self, page)
    }
    fn next_sharer(&self, page: usize) -> Option<usize> {
        ka10::Cpu::next_sharer(self, page)
    }
    fn jpc(&self) -> u32 {
        ka10::Cpu::jpc(self)
    }
    fn set_jpc(&mut self, address: u32) {
        ka10::Cpu::set_jpc(self, address)
    }
}

/// A reference beyond the job's core: ITS gives the job a memory protection
/// violation (%PIMPV), fatal without a handler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mpv(pub u32);

/// Reads a word, or fails with [`Mpv`].
pub fn load(m: &impl Machine, address: u32) -> Result<Word, Mpv> {
    m.read(address).ok_or(Mpv(address))
}

/// Writes a word, or fails with [`Mpv`].
pub fn store(m: &mut impl Machine, address: u32, w: Word) -> Result<(), Mpv> {
    if m.write(address, w) {
        Ok(())
    } else {
        Err(Mpv(address))
    }
}

/// The effective address of the I, X and Y fields of `w`, following
/// indirection the way the processor does (System Reference Manual 2.1):
/// Y plus the right half of index register X, then, if I is set, the same
/// again on the word at that address.
pub fn effective_address(m: &impl Machine, mut w: Word) -> Result<u32, Mpv> {
    // A loop of indirect words would hang the processor; ITS lets such a
    // job be interrupted, we stop following after a generous number.
    for _ in 0..100_000 {
        let i = Instruction(w);
        let mut y = i.y() as u64;
        if i.index() != 0 {
            y = (y + load(m, i.index() as u32)?.right()) & HALF_MASK;
        }
        if !i.indirect() {
            return Ok(y as u32);
        }
        w = load(m, y as u32)?;
    }
    Err(Mpv(Instruction(w).y()))
}

/// A byte pointer: P (position of the byte's low bit from the right), S
/// (size), and the address its I, X, Y compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BytePointer(pub Word);

impl BytePointer {
    /// The position field, bits 0-5.
    pub fn position(self) -> u32 {
        (self.0.raw() >> 30) as u32
    }
    /// The size field, bits 6-11.
    pub fn size(self) -> u32 {
        ((self.0.raw() >> 24) & 0o77) as u32
    }
    /// Increments the pointer as ILDB/IDPB do: P drops by S; when the byte
    /// would not fit, P becomes 36-S and Y moves to the next word.
    pub fn incremented(self) -> BytePointer {
        let (p, s) = (self.position() as i64, self.size() as i64);
        let raw = self.0.raw();
        if p - s >= 0 {
            BytePointer(Word::new((raw & !(0o77 << 30)) | (((p - s) as u64) << 30)))
        } else {
            let y = (raw + 1) & HALF_MASK;
            let word = (raw & !(0o77 << 30) & !HALF_MASK) | (((36 - s) as u64 & 0o77) << 30) | y;
            BytePointer(Word::new(word))
        }
    }
    /// The mask and shift of the byte within its word.
    fn field(self) -> (u64, u32) {
        let s = self.size().min(36);
        let p = self.position();
        let mask = if s >= 36 {
            pdp10_isa::WORD_MASK
        } else {
            (1 << s) - 1
        };
        (mask, p.min(36))
    }
    /// Loads the byte the pointer points at.
    pub fn load(self, m: &impl Machine) -> Result<u64, Mpv> {
        let address = effective_address(m, self.0)?;
        let (mask, p) = self.field();
        Ok(load(m, address)?.raw().checked_shr(p).unwrap_or(0) & mask)
    }
    /// Deposits `byte` where the pointer points.
    pub fn deposit(self, m: &mut impl Machine, byte: u64) -> Result<(), Mpv> {
        let address = effective_address(m, self.0)?;
        let (mask, p) = self.field();
        let mask = mask.checked_shl(p).unwrap_or(0) & pdp10_isa::WORD_MASK;
        let old = load(m, address)?.raw();
        let new = (old & !mask) | (byte.checked_shl(p).unwrap_or(0) & mask);
        store(m, address, Word::new(new))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Plain memory for tests.
    pub(crate) struct Core(pub Vec<Word>);

    impl Machine for Core {
        fn read(&self, address: u32) -> Option<Word> {
            self.0.get(address as usize).copied()
        }
        fn write(&mut self, address: u32, w: Word) -> bool {
            match self.0.get_mut(address as usize) {
                Some(slot) => {
                    *slot = w;
                    true
                }
                None => false,
            }
        }
        fn memory_size(&self) -> usize {
            self.0.len()
        }
        fn set_memory_size(&mut self, words: usize) {
            self.0.resize(words, Word::ZERO);
        }
    }

    #[test]
    fn effective_addresses_index_and_indirect() {
        let mut core = Core(vec![Word::ZERO; 0o200]);
        core.0[3] = Word::from_halves(0, 0o10);
        core.0[0o110] = Word::new(0o000020_000150); // @150
        core.0[0o150] = Word::new(0o000003_000004); // 4(3)
        assert_eq!(
            effective_address(&core, Word::new(0o000003_000100)),
            Ok(0o110)
        );
        assert_eq!(
            effective_address(&core, Word::new(0o000023_000100)),
            Ok(0o14)
        );
        assert_eq!(
            effective_address(&core, Word::new(0o000020_000777)),
            Err(Mpv(0o777))
        );
        // -1(3): the sum wraps in 18 bits.
        assert_eq!(
            effective_address(&core, Word::new(0o000003_777777)),
            Ok(0o7)
        );
    }

    #[test]
    fn byte_pointers_step_like_ildb() {
        // 440700,,100: before the first character of word 100.
        let bp = BytePointer(Word::new(0o440700_000100));
        let first = bp.incremented();
        assert_eq!(first.0, Word::new(0o350700_000100));
        let mut p = first;
        for _ in 0..4 {
            p = p.incremented();
        }
        assert_eq!(p.0, Word::new(0o010700_000100));
        assert_eq!(p.incremented().0, Word::new(0o350700_000101));
        let mut core = Core(vec![Word::ZERO; 0o200]);
        first.deposit(&mut core, 0o101).unwrap();
        assert_eq!(core.0[0o100], Word::new(0o101 << 29));
        assert_eq!(first.load(&core).unwrap(), 0o101);
        // A 36-bit byte pointer steps a word at a time.
        let w = BytePointer(Word::new(0o004400_000100)).incremented();
        assert_eq!(w.0, Word::new(0o004400_000101));
    }
}
