//! The one code-layout hint the CPU needs.

/// Keeps the side of a branch it is called on a branch. Without it the
/// compiler turns `if cond { pc = e }` into a conditional move, and the next
/// instruction's fetch then waits for the condition to be computed instead
/// of being predicted: in a loop like `AOJL 1,.` that doubles the time per
/// instruction. An empty `asm!` is a side effect the compiler will not move
/// into both paths; it emits no code. Used on the taken side of jumps and
/// skips, and on the rare side of the add's overflow test.
#[inline(always)]
pub fn keep_branch() {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    // SAFETY: an empty instruction sequence that touches no memory, stack
    // or flags.
    unsafe {
        core::arch::asm!("", options(nomem, nostack, preserves_flags));
    }
}
