#!/usr/bin/env bash
# Games of the Windows brain under wine against the Linux build and, optionally, another
# engine, under a real manager: c-gomoku-cli, driven by scripts/cgomoku_soak.py, per rule:
# freestyle, standard and renju on 15x15 and freestyle on 20x20. Prints each soak command
# and its summary; a forfeit, crash or illegal move of the Windows brain is a failure
# (exit status 1).
#
# Usage: scripts/windows-matches.sh [--exe EXE] [--games N] [--ms MS] [--openings FILE]
#            [--opponent BIN] [--only linux|opponent] [--cli PATH]
#   --exe       the Windows brain (default target/windows/x86-64/pbrain-wuzi.exe)
#   --games     games per rule and opponent, both colours of each opening (default 4)
#   --ms        time per move of each side (default 300)
#   --openings  openings in offset notation, used on both board sizes (default: none,
#               every game from the empty board)
#   --opponent  a second opponent's binary, e.g. a Rapfi build (default: none)
#   --cli       c-gomoku-cli (default: $CGOMOKU_CLI, else c-gomoku-cli on PATH)
# Each match runs at concurrency 1, under `flock $WUZI_LOCK` when WUZI_LOCK names a lock
# file (shared with other timed runs on the machine).
set -uo pipefail

cd "$(dirname "$0")/.."
EXE=target/windows/x86-64/pbrain-wuzi.exe
GAMES=4
MS=300
OPENINGS=""
OPPONENT=""
ONLY=""
CLI=()
die() {
    echo "windows-matches: $*" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help)
        sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    --exe | --games | --ms | --openings | --opponent | --only | --cli)
        [ $# -ge 2 ] || die "$1 needs a value"
        case "$1" in
        --exe) EXE=$2 ;;
        --games) GAMES=$2 ;;
        --ms) MS=$2 ;;
        --openings) OPENINGS=$(realpath "$2") || die "no openings file $2" ;;
        --opponent) OPPONENT=$2 ;;
        --only) ONLY=$2 ;;
        --cli) CLI=(--cli "$2") ;;
        esac
        shift 2
        ;;
    *) die "unknown argument $1 (try --help)" ;;
    esac
done
case "$ONLY" in "" | linux | opponent) ;; *) die "--only takes linux or opponent" ;; esac
[ -f "$EXE" ] || die "no $EXE; build it first with scripts/build-windows.sh"
[ -x target/release/pbrain-wuzi ] || cargo build --release -q || exit 1
LOCK=${WUZI_LOCK:-}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/wuzi-wine.XXXXXX")
BRAIN=$(scripts/wine-brain.sh "$EXE" "$WORK") || exit 1
# A copy of the Linux build, so a rebuild during the run changes nothing.
cp target/release/pbrain-wuzi "$WORK/pbrain-wuzi-linux"
SECS=$(awk "BEGIN { print $MS / 1000 }")

failed=0
run() { # opponent-name opponent-path size rule
    local cmd=(python3 scripts/cgomoku_soak.py "${CLI[@]}" --engine "$BRAIN" --opponent "$2"
        --tc "0/$SECS" --games "$GAMES" --concurrency 1 --size "$3" --rule "$4" --seed 15
        --out "$WORK/$1-$3-$4")
    [ -z "$OPENINGS" ] || cmd+=(--openings "$OPENINGS" --type offset)
    echo "\$ ${cmd[*]}"
    if [ -n "$LOCK" ]; then cmd=(flock "$LOCK" "${cmd[@]}"); fi
    "${cmd[@]}" || failed=$((failed + 1))
    echo "  -> exe (A) vs $1, size $3, rule $4"
}

for opp in linux opponent; do
    [ -z "$ONLY" ] || [ "$ONLY" = "$opp" ] || continue
    if [ $opp = linux ]; then path="$WORK/pbrain-wuzi-linux"; else path=$OPPONENT; fi
    [ -n "$path" ] || continue
    [ -x "$path" ] || { echo "windows-matches: no $opp brain at $path, skipped"; continue; }
    run $opp "$path" 15 0
    run $opp "$path" 15 1
    run $opp "$path" 15 4
    run $opp "$path" 20 0
done

echo
echo "windows-matches: runs with a failure of the Windows brain (or of the manager): $failed"
[ "$failed" -eq 0 ] && rm -rf "$WORK"
[ "$failed" -eq 0 ]
