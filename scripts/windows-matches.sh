#!/usr/bin/env bash
# Games of the Windows brain under wine against the Linux build and against Rapfi, with a
# real manager: c-gomoku-cli through ../shared/tools/odds.py, per rule: freestyle 15x15,
# standard 15x15, renju 15x15 (balanced freestyle openings) and freestyle 20x20 (the same
# openings as offsets). Prints each exact odds.py command line and its result line; any
# FORFEIT line (time loss, crash, illegal move) is a failure.
#
# Usage: scripts/windows-matches.sh [--exe EXE] [--games N] [--ms MS] [--rapfi PATH] [--only linux|rapfi]
#   defaults: target/windows/x86-64/pbrain-wuzi.exe, 4 games (2 openings, both colours) per
#   rule and opponent, 300 ms per move each, $ANCHORS/bin/pbrain-rapfi (ANCHORS=~/anchors).
# Each match runs under `flock $WUZI_LOCK` (default /tmp/timed-match.lock), concurrency 1.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
EXE=target/windows/x86-64/pbrain-wuzi.exe
GAMES=4
MS=300
ANCHORS=${ANCHORS:-$HOME/anchors}
RAPFI=$ANCHORS/bin/pbrain-rapfi
ONLY=""
while [ $# -gt 0 ]; do
    case "$1" in
    --exe) EXE=$2 ;;
    --games) GAMES=$2 ;;
    --ms) MS=$2 ;;
    --rapfi) RAPFI=$2 ;;
    --only) ONLY=$2 ;;
    -h | --help)
        sed -n '2,13p' "$0"
        exit 0
        ;;
    *)
        echo "windows-matches: unknown argument $1" >&2
        exit 2
        ;;
    esac
    shift 2
done
ODDS=$(realpath ../shared/tools/odds.py 2>/dev/null) || ODDS=/work/shared/tools/odds.py
OPENINGS=$(dirname "$ODDS")/../data/openings
[ -f "$ODDS" ] || { echo "windows-matches: no odds.py at $ODDS" >&2; exit 1; }
[ -x target/release/pbrain-wuzi ] || cargo build --release -q || exit 1
LOCK=${WUZI_LOCK-/tmp/timed-match.lock}

WORK=$(mktemp -d /tmp/wuzi-wine.XXXXXX)
BRAIN=$(scripts/wine-brain.sh "$EXE" "$WORK") || exit 1
# A copy of the Linux build, so a rebuild during the run changes nothing.
cp target/release/pbrain-wuzi "$WORK/pbrain-wuzi-linux"

forfeits=0
run() { # opponent-name opponent-path size rule openings type
    local cmd=(python3 "$ODDS" --a "$BRAIN" --a-ms "$MS" --b "$2" --b-ms "$MS" --games "$GAMES"
        --size "$3" --rule "$4" --openings "$5" --type "$6" --seed 15 --concurrency 1)
    echo "\$ ${cmd[*]}"
    local out
    if [ -n "$LOCK" ]; then out=$(flock "$LOCK" "${cmd[@]}" 2>&1); else out=$("${cmd[@]}" 2>&1); fi
    echo "$out"
    echo "  -> exe (A) vs $1, size $3, rule $4"
    grep -q '^A ' <<<"$out" || forfeits=$((forfeits + 1))
    forfeits=$((forfeits + $(grep -c '^FORFEIT' <<<"$out")))
}

for opp in linux rapfi; do
    [ -z "$ONLY" ] || [ "$ONLY" = "$opp" ] || continue
    if [ $opp = linux ]; then path="$WORK/pbrain-wuzi-linux"; else path=$RAPFI; fi
    [ -x "$path" ] || { echo "windows-matches: no $opp brain at $path, skipped"; continue; }
    run $opp "$path" 15 0 "$OPENINGS/balanced_freestyle15_40_pos.txt" pos
    run $opp "$path" 15 1 "$OPENINGS/balanced_freestyle15_40_pos.txt" pos
    run $opp "$path" 15 4 "$OPENINGS/balanced_freestyle15_40_pos.txt" pos
    run $opp "$path" 20 0 "$OPENINGS/offset_freestyle_20x20.txt" offset
done

echo
echo "windows-matches: forfeits, crashes and failed runs: $forfeits"
rm -rf "$WORK"
[ "$forfeits" -eq 0 ]
