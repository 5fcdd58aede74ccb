#!/usr/bin/env bash
# Training data from a stronger engine's self-play: ENGINE plays itself under c-gomoku-cli
# (15x15 freestyle unless RULE/SIZE say otherwise) from an openings file (Gomocup offset
# notation), and every position is written with its game result (c-gomoku-cli's
# `-sample format=csv`), which `pbrain-wuzi train --data FILE.csv --size N` reads.
# The engine and the manager are built separately; the data is an output: keep it out of
# the repository.
#
# Usage: scripts/anchor_games.sh ENGINE OPENINGS GAMES OUT.csv
#   e.g. scripts/anchor_games.sh /path/to/pbrain-rapfi openings.txt 2136 data/rapfi_bal.csv
#
# Environment: CGOMOKU_CLI (c-gomoku-cli; default: c-gomoku-cli on PATH), MS (ms a move,
# 60), RULE (0), SIZE (15), SEED (1), REPEAT (1: each opening with both colours; 0: once),
# CONCURRENCY (2).
set -euo pipefail
case "${1:-}" in
-h | --help)
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
    exit 0
    ;;
esac
usage="usage: scripts/anchor_games.sh ENGINE OPENINGS GAMES OUT.csv (try --help)"
engine=${1:?$usage}
openings=${2:?$usage}
games=${3:?$usage}
out=${4:?$usage}
cli=${CGOMOKU_CLI:-$(command -v c-gomoku-cli || true)}
[ -n "$cli" ] || { echo "anchor_games: no c-gomoku-cli: set CGOMOKU_CLI or put it on PATH" >&2; exit 2; }
secs=$(awk "BEGIN { print ${MS:-60} / 1000 }")
repeat=()
[ "${REPEAT:-1}" = 1 ] && repeat=(-repeat)
exec "$cli" -engine name=A "cmd=$engine" "tc=0/$secs" -engine name=B "cmd=$engine" "tc=0/$secs" \
    -rule "${RULE:-0}" -boardsize "${SIZE:-15}" -games "$games" "${repeat[@]}" \
    -concurrency "${CONCURRENCY:-2}" -drawafter $(( ${SIZE:-15} * ${SIZE:-15} )) \
    -openings "file=$openings" type=offset order=random "srand=${SEED:-1}" \
    -sample freq=1.0 format=csv "file=$out"
