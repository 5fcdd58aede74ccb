#!/usr/bin/env bash
# Makes a Windows brain runnable under wine, for testing on Linux: copies EXE into DIR
# with a stand-in bcryptprimitives.dll and writes DIR/pbrain-wuzi, a wrapper script any
# manager (c-gomoku-cli, scripts/match.py, the tests through WUZI_TEST_BRAIN) can start.
# Prints the wrapper's path.
#
# Why the stand-in: Rust's standard library takes its random seeds from ProcessPrng in
# bcryptprimitives.dll, which every Windows 10 and later has and wine 8 lacks. The stand-in
# is built here from a few lines of C (RtlGenRandom underneath) with the MinGW compiler,
# into DIR only: it is for testing under wine and never shipped.
#
# Installs with apt-get, when missing (needs root or sudo): wine64 (Debian's wine 8),
# gcc-mingw-w64-x86-64.
#
# Usage: scripts/wine-brain.sh EXE DIR
# The wine prefix lives in target/windows/wine-prefix (made on first use, about 10 s);
# a wineserver is kept alive for 10 minutes after the last brain exits, so starts are fast.
set -euo pipefail

die() {
    echo "wine-brain: $*" >&2
    exit 1
}
case "${1:-}" in
-h | --help)
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
    exit 0
    ;;
esac
[ $# -eq 2 ] || die "usage: scripts/wine-brain.sh EXE DIR (try --help)"
EXE=$(realpath "$1") || die "no such file: $1"
[ -f "$EXE" ] || die "no such file: $1"
mkdir -p "$2"
DIR=$(realpath "$2")
ROOT=$(realpath "$(dirname "$0")/..")

missing=()
for p in wine64 gcc-mingw-w64-x86-64; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get (Debian 12 needed)"
    SUDO=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || die "missing ${missing[*]}: run as root or install sudo"
        SUDO=sudo
    fi
    echo "wine-brain: installing ${missing[*]} with apt-get" >&2
    { $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"; } >&2 ||
        die "apt-get install ${missing[*]} failed"
fi
WINE=/usr/lib/wine/wine64
[ -x "$WINE" ] || WINE=$(command -v wine64 || command -v wine) || die "no wine64 after installing wine64"
WINESERVER=/usr/lib/wine/wineserver64
[ -x "$WINESERVER" ] || WINESERVER=$(command -v wineserver) || die "no wineserver"

cp "$EXE" "$DIR/pbrain-wuzi.exe"
cat >"$DIR/bcryptprimitives.c" <<'EOF'
/* Test-only stand-in for bcryptprimitives.dll, which wine 8 lacks (Windows 10+ has it). */
#include <windows.h>
#include <ntsecapi.h>
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!RtlGenRandom(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
EOF
x86_64-w64-mingw32-gcc -shared -O2 -o "$DIR/bcryptprimitives.dll" "$DIR/bcryptprimitives.c" -ladvapi32 ||
    die "could not build the stand-in bcryptprimitives.dll"

PREFIX="$ROOT/target/windows/wine-prefix"
mkdir -p "$PREFIX"
cat >"$DIR/pbrain-wuzi" <<EOF
#!/bin/sh
# pbrain-wuzi.exe under wine (made by scripts/wine-brain.sh; for testing only).
export WINEPREFIX="$PREFIX" WINEDEBUG=-all WINEDLLOVERRIDES="bcryptprimitives=n"
exec "$WINE" "$DIR/pbrain-wuzi.exe" "\$@"
EOF
chmod +x "$DIR/pbrain-wuzi"

# Make the prefix now (its first use prints to stderr and takes seconds), and keep a
# wineserver up so each brain starts in a fraction of a second.
export WINEPREFIX="$PREFIX" WINEDEBUG=-all
"$WINESERVER" -p600 2>/dev/null || true
"$DIR/pbrain-wuzi" --version >/dev/null 2>&1 || die "pbrain-wuzi.exe does not start under wine ($WINE)"
echo "$DIR/pbrain-wuzi"
