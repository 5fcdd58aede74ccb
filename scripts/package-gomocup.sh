#!/usr/bin/env bash
# The Gomocup entry: target/windows/WUZI.zip with the Windows brain and a readme for the
# organisers (README.txt, CRLF), holding the measured memory at Gomocup's limit.
#
# One binary serves every league: Wuzi reads the rule from `INFO rule` (0 freestyle,
# 1 standard, 4 renju, 8 caro) and the board from START, so the zip holds pbrain-wuzi.exe
# alone, which GomocupJudge picks for every league (the only .exe in an entry is always
# chosen). --per-league adds identical copies under the league names GomocupJudge matches
# (pbrain-wuzi_freestyle.exe, _standard, _renju, _caro; the file name's suffix picks the
# binary per league), for organisers who want one file per league: byte-for-byte the same
# program, about 1 MB each.
#
# The memory figure: peak USS (what GomocupJudge sums over the brain's processes after every
# move) at `INFO max_memory 367001600` (350 MiB), measured by `scripts/probe.py memory` on
# the Linux build and, when wine is available, on the .exe under wine (the process hosting
# it, wine's own libraries included). Each measurement runs under `flock $WUZI_LOCK` when
# WUZI_LOCK names a lock file (shared with other timed runs on the machine).
#
# Usage: scripts/package-gomocup.sh [--flavour x86-64|x86-64-v3] [--per-league] [--no-wine]
#   --flavour: which build goes in (default x86-64, the portable one: measured as fast as
#              x86-64-v3 under wine, and it runs on any x64 CPU). Built by
#              scripts/build-windows.sh if missing.
set -euo pipefail

cd "$(dirname "$0")/.."
FLAVOUR=x86-64
PER_LEAGUE=0
WINE=1
die() {
    echo "package-gomocup: $*" >&2
    exit 1
}
while [ $# -gt 0 ]; do
    case "$1" in
    --flavour)
        FLAVOUR=$2
        shift
        ;;
    --per-league) PER_LEAGUE=1 ;;
    --no-wine) WINE=0 ;;
    -h | --help)
        sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *) die "unknown argument '$1' (try --help)" ;;
    esac
    shift
done
case "$FLAVOUR" in x86-64 | x86-64-v3) ;; *) die "unknown flavour '$FLAVOUR'" ;; esac
EXE=target/windows/$FLAVOUR/pbrain-wuzi.exe
[ -f "$EXE" ] || scripts/build-windows.sh --flavour "$FLAVOUR" || die "build failed"
command -v zip >/dev/null || die "needs zip (apt-get install zip)"
LOCK=${WUZI_LOCK:-}
locked() {
    if [ -n "$LOCK" ]; then flock "$LOCK" "$@"; else "$@"; fi
}

# --- Memory at Gomocup's limit -----------------------------------------------------------
cargo build --release -q
uss() { # engine -> "123.4" (MiB)
    locked python3 scripts/probe.py memory "$1" --limit 350 --turn 1000 |
        sed -n 's/.*peak USS *\([0-9.]*\) MiB.*/\1/p'
}
echo "package-gomocup: measuring peak USS at INFO max_memory 367001600 (Linux build)"
USS_LINUX=$(uss target/release/pbrain-wuzi)
[ -n "$USS_LINUX" ] || die "probe.py memory gave no figure for the Linux build"
USS_WINE=""
WORK=""
if [ "$WINE" = 1 ]; then
    WORK=$(mktemp -d /tmp/wuzi-wine.XXXXXX)
    if BRAIN=$(scripts/wine-brain.sh "$EXE" "$WORK"); then
        echo "package-gomocup: measuring peak USS at INFO max_memory 367001600 (the .exe under wine)"
        USS_WINE=$(uss "$BRAIN")
    else
        echo "package-gomocup: wine not usable, the .exe's memory is not measured"
    fi
    rm -rf "$WORK"
fi
if [ -n "$USS_WINE" ]; then
    MEM_LINE="Peak USS at INFO max_memory 367001600 (350 MiB): $USS_WINE MiB for this .exe run under wine 8 on Linux (wine's own libraries included), $USS_LINUX MiB for the same code built for Linux."
else
    MEM_LINE="Peak USS at INFO max_memory 367001600 (350 MiB): $USS_LINUX MiB, measured on the same code built for Linux (the .exe itself was not measured)."
fi

# --- The zip --------------------------------------------------------------------------------
STAGE=target/windows/gomocup
rm -rf "$STAGE"
mkdir -p "$STAGE"
cp "$EXE" "$STAGE/pbrain-wuzi.exe"
FILES=(pbrain-wuzi.exe)
if [ "$PER_LEAGUE" = 1 ]; then
    for league in freestyle standard renju caro; do
        cp "$EXE" "$STAGE/pbrain-wuzi_$league.exe"
        FILES+=("pbrain-wuzi_$league.exe")
    done
fi
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)
COMMIT=$(git rev-parse --short=12 HEAD)
git diff --quiet HEAD -- src Cargo.toml Cargo.lock || COMMIT="$COMMIT (with uncommitted changes)"
SIZE=$(stat -c %s "$EXE")
DLLS=$(x86_64-w64-mingw32-objdump -p "$EXE" | sed -n 's/^[[:space:]]*DLL Name: //p' | sort -u | paste -sd' ')
if [ "$FLAVOUR" = x86-64 ]; then
    CPU="portable x86-64: any 64-bit x86 CPU (SSE2; no AVX needed)"
else
    CPU="x86-64-v3: needs AVX2, BMI1/BMI2, FMA, LZCNT and MOVBE (Haswell / Zen 1 or newer)"
fi
if [ "$PER_LEAGUE" = 1 ]; then
    FILE_TEXT="pbrain-wuzi.exe and pbrain-wuzi_freestyle.exe, _standard.exe, _renju.exe, _caro.exe:
  byte-for-byte the same program (the copies only carry GomocupJudge's league names).
  Any of them plays every league."
else
    FILE_TEXT="pbrain-wuzi.exe: the brain for every league (freestyle 15x15 and 20x20,
  fastgame, standard, renju, caro)."
fi
{
    cat <<EOF
Wuzi - a Gomoku / Renju engine (Piskvork / Gomocup brain protocol)
Version $VERSION, source commit $COMMIT, packaged $(date -u +%Y-%m-%d).
Author: Wuzi developers.

Files
$FILE_TEXT
  It reads the rule from INFO rule (0 freestyle, 1 exact five = standard, 4 renju,
  8 caro) and the board size from START (5..32, RECTSTART too), so one binary serves
  every rule and size.

Build
  Rust 1.96, cross-built on Debian 12 for x86_64-pc-windows-gnu (MinGW-w64).
  CPU: $CPU.
  $SIZE bytes, a console program. It imports only Windows' own DLLs:
  $DLLS
  (bcryptprimitives.dll: Windows 10 / Server 2016 and later). No other files are needed.

Running conditions
  Threads: 1 unless INFO thread_num asks for more. Pondering: off unless INFO pondering 1.
  Time: keeps to INFO timeout_turn, timeout_match and time_left (it answers
  timeout_turn 0 at once); exits within milliseconds on END or when stdin closes.
  Memory: the hash table is sized from INFO max_memory (3/4 of it after a 24 MiB
  allowance), never more than half of the physical memory free at the time.
  $(fold -s -w 86 <<<"$MEM_LINE" | sed 's/ *$//; 2,$s/^/  /')
  Files: writes none; INFO folder is accepted and not used. No network, no child processes,
  nothing on stderr.
  Swap2: SWAP2BOARD is supported (Gomocup 2020 form).
EOF
} | sed 's/$/\r/' >"$STAGE/README.txt"
FILES+=(README.txt)

ZIP=target/windows/WUZI.zip
rm -f "$ZIP"
(cd "$STAGE" && zip -q -X ../WUZI.zip "${FILES[@]}")
TOTAL=$(stat -c %s "$ZIP")
UNPACKED=$(cd "$STAGE" && cat "${FILES[@]}" | wc -c)
[ "$UNPACKED" -lt 8000000 ] || die "the entry unpacks to $UNPACKED bytes, over Gomocup's 8 MB"
echo
unzip -l "$ZIP"
echo "package-gomocup: $ZIP ($TOTAL bytes, $UNPACKED unpacked); $MEM_LINE"
