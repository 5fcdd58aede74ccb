#!/usr/bin/env bash
# Training data from a stronger engine's self-play: ENGINE plays itself under c-gomoku-cli
# (15x15 freestyle unless RULE/SIZE say otherwise) from an openings file (Gomocup offset
# notation), and every position is written with its game result (c-gomoku-cli's
# `-sample format=csv`), which `pbrain-wuzi train --data FILE.csv --size N` reads.
# The engine and the manager are built outside this repository (../shared/tools/anchors.sh);
# the data is an output: keep it out of the repo.
#
#   scripts/anchor_games.sh ~/anchors/bin/pbrain-rapfi OPENINGS 2136 data/rapfi_bal.csv
#
# Environment: CLI (c-gomoku-cli, default ~/anchors/bin/c-gomoku-cli), MS (ms a move, 60),
# RULE (0), SIZE (15), SEED (1), REPEAT (1: each opening with both colours; 0: once),
# CONCURRENCY (2).
set -euo pipefail
engine=${1:?engine binary}
openings=${2:?openings file (offset notation)}
games=${3:?number of games}
out=${4:?output .csv}
cli=${CLI:-$HOME/anchors/bin/c-gomoku-cli}
secs=$(awk "BEGIN { print ${MS:-60} / 1000 }")
repeat=()
[ "${REPEAT:-1}" = 1 ] && repeat=(-repeat)
exec "$cli" -engine name=A "cmd=$engine" "tc=0/$secs" -engine name=B "cmd=$engine" "tc=0/$secs" \
    -rule "${RULE:-0}" -boardsize "${SIZE:-15}" -games "$games" "${repeat[@]}" \
    -concurrency "${CONCURRENCY:-2}" -drawafter $(( ${SIZE:-15} * ${SIZE:-15} )) \
    -openings "file=$openings" type=offset order=random "srand=${SEED:-1}" \
    -sample freq=1.0 format=csv "file=$out"
