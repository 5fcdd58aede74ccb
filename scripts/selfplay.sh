#!/usr/bin/env bash
# Self-play: the current engine against itself (a fair referee should give about 0 Elo).
# Usage: scripts/selfplay.sh [games] [ms-per-move]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
exec python3 scripts/match.py --engine1 target/release/pbrain-wuzi --engine2 target/release/pbrain-wuzi \
    --name1 wuzi-a --name2 wuzi-b --games "${1:-20}" --turn "${2:-200}" --concurrency 2 --out matches/selfplay.txt
