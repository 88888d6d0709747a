//! Memory references and the effective-address calculation.
//!
//! Every reference is checked against the memory size (the job's core
//! limit); the backing array always has 256K words, so an 18-bit address
//! never needs a second bounds check.

use crate::io::Devices;
use crate::{Cpu, TrapKind, MAX_MEMORY};

/// 18 bits: a half word, an address.
pub(crate) const HALF: u32 = 0o777777;
/// 18 bits as a u64.
pub(crate) const RMASK: u64 = 0o777777;
/// The left half.
pub(crate) const LMASK: u64 = 0o777777_000000;
/// 36 bits.
pub(crate) const FULL: u64 = pdp10_isa::WORD_MASK;
/// Bit 0, the sign.
pub(crate) const SIGN: u64 = 1 << 35;
/// Bits 1-35, the magnitude.
pub(crate) const CMASK: u64 = SIGN - 1;
/// The carry out of bit 0 of a 36-bit add.
pub(crate) const C1: u64 = 1 << 36;
/// The indirect bit of an instruction or pointer word.
const INDIRECT: u64 = 1 << 22;
/// Indirect bit and index field together: both zero means E = Y.
const I_AND_X: u64 = 0o37 << 18;

/// More steps than this in one effective-address calculation, or in one
/// chain of XCTs and trap instructions, can only be a loop: the chain's
/// state is an address, of which there are 2^18 (plus the trap words in
/// 40 and 60 the chain itself may rewrite).
pub(crate) const CHAIN_LIMIT: u32 = 1 << 20;

/// Why an instruction did not simply complete: the rare ways out of the
/// dispatch. Small and `Copy`, so that `Result<(), Event>` travels in
/// registers; the run loop knows the instruction, address and E that go
/// with a trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// HALT in exec mode.
    Halt,
    /// Execute the word at this address as part of the same instruction
    /// (XCT, and UUOs through 41 and 61 in exec mode).
    Execute(u32),
    /// A trap for the host's handler.
    Trap(TrapKind),
    /// A reference to nonexistent memory at this address.
    Nxm(u32),
    /// A user-mode reference outside the protection limits (bare metal,
    /// user address).
    Mpv(u32),
    /// An endless indirection or XCT chain.
    Endless,
    /// Console output failed; the message is in the devices' state.
    Console,
    /// Not an inner-loop instruction: nothing done, take the general path.
    Slow,
    /// The instruction budget is used up (before the instruction).
    Budget,
    /// A store into a write-protected page, at this address (nothing
    /// stored).
    WriteProtected(u32),
}

impl Event {
    /// Nonexistent memory at `address`.
    //
    // Inline, not a cold call: a cold call's `Result` is opaque to the run
    // loop, which then rebuilds it on every reference's path
    // (docs/speed.md).
    #[inline(always)]
    pub(crate) fn nxm(address: u32) -> Event {
        Event::Nxm(address)
    }
}

/// How a [`Regs`] reaches memory: the const parameter `MAP`.
pub(crate) mod map {
    /// Straight to the words: exec mode, and a job whose every page it
    /// may write.
    pub(crate) const DIRECT: u8 = 0;
    /// Through the protection and relocation registers (user mode on the
    /// bare machine).
    pub(crate) const RELOCATED: u8 = 1;
    /// Straight, but a store into a write-protected page fails
    /// ([`super::Event::WriteProtected`]): the pure pages of an ITS job.
    pub(crate) const PROTECTED: u8 = 2;
    /// Added to [`DIRECT`] or [`PROTECTED`]: jumps are recorded in the
    /// JPC, as MIT's KA10 pager does for an ITS job (the bare machine's
    /// loops do not pay for it: docs/speed.md).
    pub(crate) const JPC: u8 = 4;
    /// [`DIRECT`], recording jumps.
    pub(crate) const DIRECT_JPC: u8 = DIRECT | JPC;
    /// [`PROTECTED`], recording jumps.
    pub(crate) const PROTECTED_JPC: u8 = PROTECTED | JPC;
}
use map::{DIRECT, DIRECT_JPC, JPC, PROTECTED, RELOCATED};

/// The processor's registers and a borrow of its memory and devices: what
/// the instructions work on. `MAP` (see [`map`]) says how references reach
/// memory; the inner loop's are never relocated, and a constant keeps the
/// test out of its code. The run loop makes one for its inner loop,
/// where nothing else sees it, so that the compiler can keep the PC and
/// the flags in machine registers; see [`crate::exec`].
pub(crate) struct Regs<'a, const MAP: u8> {
    /// All of memory; the first 16 words are the ACs.
    pub(crate) mem: &'a mut [u64; MAX_MEMORY],
    /// Words addressable.
    pub(crate) size: u32,
    /// The PC (the next instruction's address, during an instruction).
    pub(crate) pc: u32,
    /// PC-word flags.
    pub(crate) flags: u32,
    /// Device state.
    pub(crate) io: &'a mut Devices,
}

impl Cpu {
    /// The registers, with memory and devices borrowed; copy `pc` and
    /// `flags` back with [`Cpu::commit`].
    #[inline(always)]
    pub(crate) fn regs(&mut self) -> Regs<'_, DIRECT> {
        self.regs_mapped()
    }

    /// [`Cpu::regs`], reaching memory as `MAP` says.
    #[inline(always)]
    pub(crate) fn regs_mapped<const MAP: u8>(&mut self) -> Regs<'_, MAP> {
        Regs {
            mem: &mut self.mem,
            size: self.size,
            pc: self.pc,
            flags: self.flags,
            io: &mut self.io,
        }
    }

    /// Takes back the PC and flags of registers made by [`Cpu::regs`].
    #[inline(always)]
    pub(crate) fn commit(&mut self, pc: u32, flags: u32) {
        self.pc = pc;
        self.flags = flags;
    }

    /// The word at `a`, or nonexistent memory.
    #[inline(always)]
    pub(crate) fn load(&self, a: u32) -> Result<u64, Event> {
        if a < self.size {
            Ok(self.mem[(a & HALF) as usize])
        } else {
            Err(Event::nxm(a))
        }
    }

    /// The effective address of `w`, reading only.
    pub(crate) fn ea(&self, w: u64) -> Result<u32, Event> {
        effective_address(&self.mem, self.size, w).map(|(e, _)| e)
    }
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// [`Regs::load`] through the relocation registers. Out of line, and
    /// [`Regs::load`] returns at once for it, so that the unrelocated
    /// instance is the same code as if relocation did not exist (a shared
    /// tail cost the inner loop three host instructions an instruction).
    #[inline(never)]
    fn load_mapped(&self, a: u32) -> Result<u64, Event> {
        let a = self.io.apr.relocation.map(a, false)?;
        if a < self.size {
            Ok(self.mem[(a & HALF) as usize])
        } else {
            Err(Event::nxm(a))
        }
    }

    /// [`Regs::store`] through the relocation registers, or into memory
    /// whose pages may be write-protected. One out-of-line function for
    /// both, so that [`Regs::store`] keeps its one test of `MAP` (its
    /// size decides what rustc's MIR inliner does with the leaves:
    /// docs/speed.md).
    #[inline(never)]
    fn store_mapped(&mut self, a: u32, v: u64) -> Result<(), Event> {
        let a = if MAP == RELOCATED {
            self.io.apr.relocation.map(a, true)?
        } else {
            a
        };
        // The ACs are the fast memory, never a page's (ITS maps pages 0 and
        // up from address 0, but 0-17 are always the registers).
        if MAP & !JPC == PROTECTED && a < self.size && a >= 0o20 && self.io.write_protect.covers(a)
        {
            return self.store_special(a, v);
        }
        if a < self.size {
            self.mem[(a & HALF) as usize] = v;
            Ok(())
        } else {
            Err(Event::nxm(a))
        }
    }

    /// A store into a page [`WriteProtect::covers`]: refused if the page
    /// is read-only, else stored and copied to the pages that share it.
    #[cold]
    #[inline(never)]
    fn store_special(&mut self, a: u32, v: u64) -> Result<(), Event> {
        if self.io.write_protect.protected(a) {
            return Err(Event::WriteProtected(a));
        }
        self.mem[(a & HALF) as usize] = v;
        self.io.write_protect.mirror(self.mem, self.size, a, v);
        Ok(())
    }

    /// The word at `a`, or nonexistent memory.
    #[inline(always)]
    pub(crate) fn load(&self, a: u32) -> Result<u64, Event> {
        // A `match` on the constant, not `if MAP == RELOCATED`: its MIR is
        // one switch on `MAP`, the shape `if RELOC` had when this was a
        // `bool`, and rustc's MIR inliner (which sees it before `MAP` is
        // known) then inlines the leaves as before. The comparison cost
        // the loop 1-3 host instructions an instruction (docs/speed.md).
        #[allow(clippy::single_match)]
        match MAP {
            RELOCATED => return self.load_mapped(a),
            _ => {}
        }
        if a < self.size {
            Ok(self.mem[(a & HALF) as usize])
        } else {
            Err(Event::nxm(a))
        }
    }

    /// Stores `v` (36 bits) at `a`, or nonexistent memory.
    #[inline(always)]
    pub(crate) fn store(&mut self, a: u32, v: u64) -> Result<(), Event> {
        debug_assert!(v <= FULL);
        // One switch on `MAP`, as in `load`.
        match MAP {
            DIRECT | DIRECT_JPC => {}
            _ => return self.store_mapped(a, v),
        }
        if a < self.size {
            self.mem[(a & HALF) as usize] = v;
            Ok(())
        } else {
            Err(Event::nxm(a))
        }
    }

    /// Accumulator `n` (low 4 bits used).
    #[inline(always)]
    pub(crate) fn get(&self, n: u32) -> u64 {
        self.mem[(n & 0o17) as usize]
    }

    /// Sets accumulator `n` (low 4 bits used).
    #[inline(always)]
    pub(crate) fn put(&mut self, n: u32, v: u64) {
        debug_assert!(v <= FULL);
        self.mem[(n & 0o17) as usize] = v;
    }

    /// Stores the result `r` of an instruction whose opcode ends in the
    /// mode bits of the arithmetic and boolean families (System Reference
    /// Manual 2.3): basic and immediate to AC, memory to E, both to E and
    /// AC.
    #[inline(always)]
    pub(crate) fn put_by_mode(&mut self, op: u32, ac: u32, e: u32, r: u64) -> Result<(), Event> {
        if op & 2 == 0 {
            self.put(ac, r);
        } else {
            self.store(e, r)?;
            if op & 1 != 0 {
                self.put(ac, r);
            }
        }
        Ok(())
    }

    /// Skips the next instruction.
    #[inline(always)]
    pub(crate) fn skip(&mut self) {
        self.pc = (self.pc + 1) & HALF;
    }

    /// The effective address of instruction (or byte pointer) word `w`:
    /// Y, plus C(X) if X is not 0, repeated through indirect words while I
    /// is set (System Reference Manual 2.1.1). Indexing is modulo 2^18.
    #[inline(always)]
    pub(crate) fn ea(&self, w: u64) -> Result<u32, Event> {
        if w & I_AND_X == 0 {
            Ok((w & RMASK) as u32)
        } else if w & INDIRECT == 0 {
            Ok(self.indexed(w))
        } else {
            self.ea_indexed(w).map(|(e, _)| e)
        }
    }

    /// The effective address of `w` through at most one indirect word, or
    /// [`Event::Slow`] (nothing done) for a longer chain or an indirect
    /// word outside memory: the inner loop's case, never relocated. One level covers the
    /// common `@TABLE(X)`, which is 4 instructions in 10 of the sudoku
    /// solver's.
    #[inline(always)]
    pub(crate) fn ea_one_level(&self, w: u64) -> Result<u32, Event> {
        if w & I_AND_X == 0 {
            return Ok((w & RMASK) as u32);
        }
        let e = self.indexed(w);
        if w & INDIRECT == 0 {
            return Ok(e);
        }
        if e >= self.size {
            return Err(Event::Slow);
        }
        let w = self.mem[e as usize];
        if w & INDIRECT != 0 {
            return Err(Event::Slow);
        }
        Ok(self.indexed(w))
    }

    /// Y of `w`, plus C(X) when X is not 0, modulo 2^18.
    #[inline(always)]
    fn indexed(&self, w: u64) -> u32 {
        let x = (w >> 18) & 0o17;
        if x == 0 {
            (w & RMASK) as u32
        } else {
            ((w + self.mem[x as usize]) & RMASK) as u32
        }
    }

    /// [`effective_address`] of `w`, with the last word of the calculation.
    pub(crate) fn ea_indexed(&self, w: u64) -> Result<(u32, u64), Event> {
        #[allow(clippy::single_match)] // one switch on `MAP`, as in `load`
        match MAP {
            RELOCATED => return self.ea_mapped(w),
            _ => {}
        }
        effective_address(self.mem, self.size, w)
    }

    /// [`effective_address`] with the indirect words read through the
    /// relocation registers.
    #[cold]
    fn ea_mapped(&self, mut w: u64) -> Result<(u32, u64), Event> {
        let mut steps = 0;
        loop {
            let x = (w >> 18) & 0o17;
            let mut last = w;
            if x != 0 {
                last = ((w & RMASK) + self.mem[x as usize]) & FULL;
            }
            let e = (last & RMASK) as u32;
            if w & INDIRECT == 0 {
                return Ok((e, last));
            }
            steps += 1;
            if steps > CHAIN_LIMIT {
                return Err(Event::Endless);
            }
            w = self.load(e)?;
        }
    }
}

/// The general effective-address calculation, also returning the last word
/// of the calculation as the hardware holds it (JRST 2, takes the flags
/// from its left half): the instruction or indirect word itself, or, when
/// it is indexed, the 36-bit sum Y + C(X).
// `#[inline]` rather than `never`: the run loop is generic, so it is
// compiled in the calling crate, and a call from there to a function
// compiled only here would go through the GOT (an indirect call).
#[inline]
pub(crate) fn effective_address(
    mem: &[u64; MAX_MEMORY],
    size: u32,
    mut w: u64,
) -> Result<(u32, u64), Event> {
    let mut steps = 0;
    loop {
        let x = (w >> 18) & 0o17;
        let mut last = w;
        if x != 0 {
            last = ((w & RMASK) + mem[x as usize]) & FULL;
        }
        let e = (last & RMASK) as u32;
        if w & INDIRECT == 0 {
            return Ok((e, last));
        }
        steps += 1;
        if steps > CHAIN_LIMIT {
            return Err(Event::Endless);
        }
        if e >= size {
            return Err(Event::nxm(e));
        }
        w = mem[e as usize];
    }
}

/// Words in a page of the ITS pager (KA10 ITS's 1024-word pages): the unit
/// of write protection.
pub const PAGE_WORDS: u32 = 1024;

/// Which pages a job may not write, and which pages are one page at
/// several addresses (an ITS job's pure pages; pages CORBLK shares within
/// the job). The bare KA10 has neither: with none, the run loop takes the
/// [`map::DIRECT`] path, whose code does not test them.
///
/// Sharing keeps a copy at each address and makes every store through
/// one of them store into all (the words stay equal, so loads need no
/// translation and cost nothing): only stores into a shared or protected
/// page leave the inner loop's straight path, as for protection alone.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WriteProtect {
    /// Pages a store must look at: protected or shared.
    bits: [u64; BITMAP_WORDS],
    /// Pages a store may not change.
    protected: [u64; BITMAP_WORDS],
    /// Pages that share their words with another.
    shared: [u64; BITMAP_WORDS],
    /// For a shared page, the next page of its circular list of sharers.
    next: [u8; PAGES],
}

/// Pages in the address space, and bitmap words for them.
const PAGES: usize = (MAX_MEMORY as u32 / PAGE_WORDS) as usize;
const BITMAP_WORDS: usize = PAGES / 64;

impl Default for WriteProtect {
    fn default() -> WriteProtect {
        WriteProtect {
            bits: [0; BITMAP_WORDS],
            protected: [0; BITMAP_WORDS],
            shared: [0; BITMAP_WORDS],
            next: [0; PAGES],
        }
    }
}

fn bit(map: &[u64; BITMAP_WORDS], page: usize) -> bool {
    map[page / 64 % BITMAP_WORDS] >> (page % 64) & 1 != 0
}

fn set_bit(map: &mut [u64; BITMAP_WORDS], page: usize, on: bool) {
    let (word, bit) = (page / 64 % BITMAP_WORDS, page % 64);
    if on {
        map[word] |= 1 << bit;
    } else {
        map[word] &= !(1 << bit);
    }
}

/// The page holding address `a`.
fn page_of(a: u32) -> usize {
    ((a & HALF) / PAGE_WORDS) as usize
}

impl WriteProtect {
    /// Whether a store into the page holding address `a` needs more than
    /// a store: the page is write-protected or shared.
    #[inline(always)]
    pub(crate) fn covers(&self, a: u32) -> bool {
        let page = page_of(a);
        self.bits[page / 64] >> (page % 64) & 1 != 0
    }

    /// Whether the page holding address `a` is write-protected.
    pub(crate) fn protected(&self, a: u32) -> bool {
        bit(&self.protected, page_of(a))
    }

    /// Protects or frees `page` (0-255).
    pub(crate) fn set(&mut self, page: usize, protected: bool) {
        set_bit(&mut self.protected, page, protected);
        self.update(page);
    }

    fn update(&mut self, page: usize) {
        let on = bit(&self.protected, page) || bit(&self.shared, page);
        set_bit(&mut self.bits, page, on);
    }

    /// Whether any page is protected or shared.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        self.bits.iter().any(|&w| w != 0)
    }

    /// The next page sharing `page`'s words, if it is shared.
    pub(crate) fn next_sharer(&self, page: usize) -> Option<usize> {
        let page = page % PAGES;
        bit(&self.shared, page).then(|| self.next[page] as usize)
    }

    /// Puts `page` in the list of pages sharing `with`'s words (taking it
    /// out of any list it was in).
    pub(crate) fn share(&mut self, with: usize, page: usize) {
        let (with, page) = (with % PAGES, page % PAGES);
        if with == page {
            return;
        }
        self.unshare(page);
        if !bit(&self.shared, with) {
            set_bit(&mut self.shared, with, true);
            self.next[with] = with as u8;
        }
        self.next[page] = self.next[with];
        self.next[with] = page as u8;
        set_bit(&mut self.shared, page, true);
        self.update(with);
        self.update(page);
    }

    /// Takes `page` out of its list of sharers; a page left alone in a
    /// list is no longer shared.
    pub(crate) fn unshare(&mut self, page: usize) {
        let page = page % PAGES;
        if !bit(&self.shared, page) {
            return;
        }
        let mut before = page;
        while self.next[before] as usize != page {
            before = self.next[before] as usize;
        }
        self.next[before] = self.next[page];
        set_bit(&mut self.shared, page, false);
        self.update(page);
        if self.next[before] as usize == before {
            set_bit(&mut self.shared, before, false);
            self.update(before);
        }
    }

    /// Stores `v` at the address of `a` in each other page sharing `a`'s
    /// page (those within `size`).
    pub(crate) fn mirror(&self, mem: &mut [u64; MAX_MEMORY], size: u32, a: u32, v: u64) {
        let page = page_of(a);
        if !bit(&self.shared, page) {
            return;
        }
        let offset = (a & HALF) % PAGE_WORDS;
        let mut q = self.next[page] as usize;
        while q != page {
            let b = q as u32 * PAGE_WORDS + offset;
            if b < size {
                mem[b as usize] = v;
            }
            q = self.next[q] as usize;
        }
    }
}
