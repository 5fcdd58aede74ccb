#!/usr/bin/env bash
# Protocol conformance of the Windows brain, run on Linux under wine. Not part of
# `cargo test` (which never needs wine or MinGW): run it by hand after
# scripts/build-windows.sh.
#
#   1. --version and `bench 7`: the bench signature must be the one pinned in src/bench.rs
#      (the same search tree as the Linux build);
#   2. tests/protocol.rs and tests/yixin.rs, the pipe-level protocol suites, with the brain
#      they start pointed at the .exe (WUZI_TEST_BRAIN = a wrapper running it under wine):
#      a scripted game, END and end of input while idle, thinking and pondering, and the
#      rest. Skipped: closed_stdout_ends_the_brain_idle_or_thinking. The Linux build's
#      poll(2) watcher has no Windows counterpart (see src/protocol/output.rs): there a
#      closed stdout alone is noticed at the next write, while a manager that exits closes
#      stdin too and end of input ends the brain at once (checked by the EOF and END tests);
#   3. scripts/fuzz_protocol.py (random protocol streams: output framing, stderr silence,
#      exit status) against the wrapper.
#
# Steps 2 and 3 time moves, so each runs under `flock $WUZI_LOCK` when WUZI_LOCK names a
# lock file (shared with other timed runs on the machine); unset, nothing is locked.
#
# Usage: scripts/windows-check.sh [EXE] [--sessions N]
#        EXE defaults to target/windows/x86-64/pbrain-wuzi.exe; N protocol streams for
#        step 3 (default 40).
# Needs: wine64 and gcc-mingw-w64-x86-64 (scripts/wine-brain.sh installs them), python3,
# and cargo for the Linux test harness.
set -uo pipefail

cd "$(dirname "$0")/.."
EXE=target/windows/x86-64/pbrain-wuzi.exe
SESSIONS=40
while [ $# -gt 0 ]; do
    case "$1" in
    --sessions)
        SESSIONS=$2
        shift
        ;;
    -h | --help)
        sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *) EXE=$1 ;;
    esac
    shift
done
[ -f "$EXE" ] || {
    echo "windows-check: no $EXE; build it first with scripts/build-windows.sh" >&2
    exit 1
}
LOCK=${WUZI_LOCK:-}
locked() {
    if [ -n "$LOCK" ]; then flock "$LOCK" "$@"; else "$@"; fi
}

WORK=$(mktemp -d /tmp/wuzi-wine.XXXXXX)
BRAIN=$(scripts/wine-brain.sh "$EXE" "$WORK") || exit 1
echo "windows-check: $EXE under wine, wrapper $BRAIN"
failed=()
step() {
    local name=$1
    shift
    echo
    echo "=== $name: $*"
    if "$@"; then
        echo "=== $name: passed"
    else
        echo "=== $name: FAILED"
        failed+=("$name")
    fi
}

check_bench() {
    "$BRAIN" --version || return 1
    local want got
    want=$(sed -n 's/^pub const REFERENCE_SIGNATURE: u64 = 0x\([0-9a-f_]*\);/\1/p' src/bench.rs | tr -d _)
    got=$("$BRAIN" bench 7 | tee /dev/stderr | sed -n 's/.*signature \([0-9a-f]*\)$/\1/p')
    echo "signature $got, pinned $want"
    [ -n "$want" ] && [ "$got" = "$want" ]
}
step bench check_bench

# The suites' own harness is built for Linux; only the brain it starts is the .exe.
cargo build --release --tests -q 2>/dev/null || cargo build --release --tests
step protocol-tests locked env WUZI_TEST_BRAIN="$BRAIN" cargo test --release -q \
    --test protocol --test yixin -- --skip closed_stdout_ends_the_brain_idle_or_thinking
step fuzz-protocol locked python3 scripts/fuzz_protocol.py --engine "$BRAIN" --sessions "$SESSIONS" --seed 15

echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "windows-check: all steps passed ($EXE)"
    rm -rf "$WORK"
else
    echo "windows-check: FAILED: ${failed[*]} (wrapper and stand-in DLL kept in $WORK)"
    exit 1
fi
