#!/usr/bin/env bash
# Host instructions per emulated instruction on the three benchmark programs,
# counted by callgrind: repeatable on a shared machine, where wall time is not.
# Each program runs twice with different loop counts; the difference of the
# two totals over the difference of the two instruction counts leaves out
# start-up and loading.
#
#   cargo build --release && crates/ka10/benches/host-instructions.sh [BINARY]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../../target/release/pdp10}"
command -v valgrind > /dev/null || { echo "valgrind is needed" >&2; exit 1; }
count() { # program, deposit -> "host-instructions emulated-instructions"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$bin" boot "$here/programs/$1.txt" --deposit "$2" --stats 2>&1 |
        awk '/Collected/ {c = $4} /^instructions:/ {n = $2} END {print c, n}'
}
# program, address of its count, two counts (octal)
for spec in "add-loop 1005 1000000 2000000" "aoj-loop 1003 3000000 6000000" \
            "call-loop 1015 200000 400000"; do
    set -- $spec
    read -r c1 n1 < <(count "$1" "$2=$3")
    read -r c2 n2 < <(count "$1" "$2=$4")
    awk -v p="$1" -v c1="$c1" -v n1="$n1" -v c2="$c2" -v n2="$n2" \
        'BEGIN {printf "%-10s %.1f host instructions per emulated one\n", p, (c2 - c1) / (n2 - n1)}'
done
