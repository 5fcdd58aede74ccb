#!/usr/bin/env bash
# One turn of the learned-evaluation loop for one rule: self-play with the current table,
# fit a new table on all data gathered so far, and measure it against the current one in
# self-play (SPRT). Data and tables are outputs: they go to $DIR, never into the repo.
#
# Usage: scripts/learn.sh RULE SIZE LOOP
#   scripts/learn.sh freestyle 15 1        # loop 1: data with the built-in table
#   CURRENT=data/freestyle15_loop1.wzw scripts/learn.sh freestyle 15 2
# RULE is freestyle, standard, renju or caro.
#
# Environment: DIR (default data/), GAMES (1500), NODES (20000), THREADS (2),
# CURRENT (table to play and start from; default the built-in one), SPRT_GAMES (600),
# TURN (ms per move in the SPRT, 200).
set -euo pipefail
case "${1:-}" in
-h | --help)
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
    exit 0
    ;;
esac
cd "$(dirname "$0")/.."
rule=${1:?rule: freestyle, standard, renju, caro (try --help)}
size=${2:?board size}
loop=${3:?loop number}
dir=${DIR:-data}
games=${GAMES:-1500}
nodes=${NODES:-20000}
threads=${THREADS:-2}
mkdir -p "$dir"
cargo build --release -q
bin=$dir/pbrain-wuzi-loop$loop
cp target/release/pbrain-wuzi "$bin"
current=${CURRENT:-}
weights=()
init=builtin
if [ -n "$current" ]; then
    weights=(--weights "$current")
    init=$current
fi
data=$dir/${rule}${size}_loop$loop.txt
echo "== self-play: $games games, $nodes nodes/move -> $data"
"$bin" selfplay --rule "$rule" --size "$size" --games "$games" --threads "$threads" \
    --nodes "$nodes" --seed "$((1000 + loop))" "${weights[@]}" --out "$data"
all=$(ls "$dir"/${rule}${size}_loop*.txt | paste -sd, -)
table=$dir/${rule}${size}_loop$loop.wzw
echo "== train on $all -> $table"
"$bin" train --rule "$rule" --data "$all" --init "$init" --out "$table" --seed "$loop"
code=$(case $rule in freestyle) echo 0;; standard) echo 1;; renju) echo 4;; caro) echo 8;; esac)
old="$bin"
[ -n "$current" ] && old="WUZI_EVAL_FILE=$current $bin"
echo "== SPRT: new table vs current"
python3 scripts/match.py --engine1 "WUZI_EVAL_FILE=$table $bin" --engine2 "$old" \
    --name1 "loop$loop" --name2 current --games "${SPRT_GAMES:-600}" --concurrency 2 \
    --turn "${TURN:-200}" --match 0 --size "$size" --rule "$code" --random-stones 4 \
    --sprt 0 10 0.05 0.05 --out "$dir/sprt_${rule}${size}_loop$loop.txt"
