#!/usr/bin/env bash
# The fixed-depth benchmark (nodes, nodes/s, determinism signature).
# Usage: scripts/bench.sh [depth]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
exec target/release/pbrain-wuzi bench "${1:-9}"
