#!/usr/bin/env bash
# The inner loop's LLVM IR, names normalised, on standard output: compare two
# builds' outputs with diff to see whether a change reached the loop's code
# (docs/speed.md): the DIRECT one (`inner_loop`, not `inner_loop_protected`).
# Uses its own target directory, so the normal build is
# left alone.
#
#   crates/ka10/benches/inner-loop-ir.sh > before.ll; (edit);
#   crates/ka10/benches/inner-loop-ir.sh > after.ll; diff before.ll after.ll
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
export CARGO_TARGET_DIR="${IR_TARGET_DIR:-$root/target/inner-loop-ir}"
# Forget the last build of ka10 there, so that cargo emits the IR again.
rm -rf "$CARGO_TARGET_DIR"/release/deps/ka10-*.ll "$CARGO_TARGET_DIR"/release/.fingerprint/ka10-*
(cd "$root" && cargo rustc -q -p ka10 --release --lib -- --emit=llvm-ir 2> /dev/null)
awk '/^define .*inner_loop17h/ {p = 1} p {print} p && /^}/ {exit}' \
    "$CARGO_TARGET_DIR"/release/deps/ka10-*.ll |
    sed -E 's/%[A-Za-z0-9_.]+/%V/g; s/"[^"]*"/"S"/g; s/![0-9]+/!N/g;
            s/h[0-9a-f]{16}E/hE/g; s/#[0-9]+/#N/g; s/, !(dbg|srcloc) !N//g;
            s/^[A-Za-z0-9_.]+:/L:/; s/@anon\.[0-9a-f]+/@anon/g; s/ +;/ ;/' |
    grep -v 'llvm.lifetime\|#dbg_\|call void @llvm.dbg'
