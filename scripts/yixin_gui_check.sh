#!/usr/bin/env bash
# The real-GUI check: builds Yixin-Board (accreator/Yixin-Board, C + GTK2) from a source
# checkout you fetched yourself, outside this repository, runs it under Xvfb with
# pbrain-wuzi as its engine, plays a few moves against it with xdotool (the engine plays
# white, each search ended with the Stop button) and saves screenshots and the engine's
# protocol trace. Not part of `cargo test`: CI cannot fetch the GUI's source.
#
# Usage: scripts/yixin_gui_check.sh YIXIN_BOARD_SOURCE [OUT_DIR] [ENGINE]
#   OUT_DIR defaults to yixin-gui-check/, ENGINE to target/release/pbrain-wuzi.
#
# Needs gcc, pkg-config and GTK2 headers (Debian: libgtk2.0-dev), Xvfb, xdotool and
# ImageMagick (convert, import). The stone image piece.bmp is not in Yixin-Board's source:
# it is drawn here from what main.c reads (a strip of 17 square tiles: board centre, edge,
# corner, black and white stones, a mark, the last-move mask, the last-move stones, seven
# analysis marks; the colour at tile 16 is the transparent one). Its language files are
# looked up as `language\N.lng` (a Windows path), so copies under that name are made.
set -euo pipefail
case "${1:-}" in
-h | --help)
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
    exit 0
    ;;
esac
SRC=${1:?usage: scripts/yixin_gui_check.sh YIXIN_BOARD_SOURCE [OUT_DIR] [ENGINE]}
OUT=${2:-yixin-gui-check}
ENGINE=${3:-target/release/pbrain-wuzi}
missing=()
for tool in gcc pkg-config Xvfb xdotool convert import; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
pkg-config --exists gtk+-2.0 2>/dev/null || missing+=("gtk+-2.0 headers")
if ((${#missing[@]})); then
    echo "yixin_gui_check: missing ${missing[*]} (Debian: apt-get install libgtk2.0-dev xvfb xdotool imagemagick)" >&2
    exit 2
fi
[ -x "$ENGINE" ] || { echo "yixin_gui_check: no engine at $ENGINE (cargo build --release)" >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
ENGINE=$(cd "$(dirname "$ENGINE")" && pwd)/$(basename "$ENGINE")
RUN=$(mktemp -d)
XPID=""
GPID=""
cleanup() {
    [ -n "$GPID" ] && kill "$GPID" 2>/dev/null || true
    [ -n "$XPID" ] && kill "$XPID" 2>/dev/null || true
    rm -rf "$RUN"
}
trap cleanup EXIT

cp -r "$SRC"/. "$RUN"/
(cd "$RUN" && gcc -O2 main.c -o Yixin -lm $(pkg-config --cflags --libs gtk+-2.0 cairo) 2>"$OUT/build.log")
echo "yixin_gui_check: Yixin-Board built"
cd "$RUN"
for f in language/*.lng; do cp "$f" "language\\$(basename "$f")"; done
cp "$ENGINE" ./engine
S=30
convert -size $((17 * S))x$S xc:'#FF00FF' \
    -fill '#DCB35C' -draw "rectangle 0,0 $((3 * S - 1)),$((S - 1))" \
    -stroke black -strokewidth 1 \
    -draw "line 0,15 29,15" -draw "line 15,0 15,29" \
    -draw "line 30,15 59,15" -draw "line 45,15 45,29" \
    -draw "line 75,15 89,15" -draw "line 75,15 75,29" \
    -stroke none -fill black -draw "circle 105,15 105,2" \
    -stroke black -fill white -draw "circle 135,15 135,2" \
    -stroke none -fill red -draw "rectangle 160,10 169,19" \
    -fill '#808080' -draw "circle 195,15 195,2" \
    -fill black -draw "circle 225,15 225,2" -fill red -draw "circle 225,15 225,11" \
    -stroke black -fill white -draw "circle 255,15 255,2" -stroke none -fill red -draw "circle 255,15 255,11" \
    -fill '#00A000' -draw "rectangle 280,10 289,19" -fill '#0000FF' -draw "rectangle 310,10 319,19" \
    -fill '#FF8000' -draw "rectangle 340,10 349,19" -fill '#00C0C0' -draw "rectangle 370,10 379,19" \
    -fill '#800080' -draw "rectangle 400,10 409,19" -fill '#C00000' -draw "rectangle 430,10 439,19" \
    -fill '#404040' -draw "rectangle 460,10 469,19" \
    -type TrueColor BMP3:piece.bmp

export DISPLAY=:$((50 + RANDOM % 100))
Xvfb "$DISPLAY" -screen 0 1280x900x24 >/dev/null 2>&1 &
XPID=$!
sleep 1
WUZI_LOG_FILE="$OUT/engine.log" RUST_LOG=debug ./Yixin >"$OUT/yixin.out" 2>&1 &
GPID=$!
sleep 4
shot() { import -window root "$OUT/$1.png"; echo "yixin_gui_check: $OUT/$1.png"; }
# The main window (the one with the menu bar); positions below are relative to it.
WIN=$(xdotool search --name '^Yixin$' | tail -1)
eval "$(xdotool getwindowgeometry --shell "$WIN")"
click() { xdotool mousemove $((X + $1)) $((Y + $2)) click 1; sleep "${3:-1}"; }
# Board square (column c from the left, row r from the top, 0-based); 30-pixel squares.
square() { click $((18 + 30 * $1)) $((51 + 30 * $2)) "${3:-1}"; }
shot 1-start
click 90 15 1 # Players
click 160 61 1 # Computer Plays White
square 7 7 1   # H8 for black
square 7 7 4   # (the first click after the menu may only focus the board)
shot 2-thinking
click 791 67 2 # Stop: the engine must answer at once
shot 3-first-reply
square 8 6 4 # I9
shot 4-thinking
click 791 67 2
shot 5-second-reply
requests=$(grep -c -- '<- done' "$OUT/engine.log" || true)
moves=$(grep -cE -- '-> [0-9]+,[0-9]+$' "$OUT/engine.log" || true)
stops=$(grep -c -- '<- yxstop' "$OUT/engine.log" || true)
realtime=$(grep -c -- '-> MESSAGE REALTIME' "$OUT/engine.log" || true)
echo "yixin_gui_check: engine answered $moves moves; $stops yxstop, $realtime REALTIME lines, $requests blocks (trace: $OUT/engine.log)"
