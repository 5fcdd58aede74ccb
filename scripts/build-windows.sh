#!/usr/bin/env bash
# Cross-builds the Windows brain, pbrain-wuzi.exe, on Debian (12, bookworm) from Debian's
# packages alone, in two flavours:
#   target/windows/x86-64/pbrain-wuzi.exe      portable: any x86-64 CPU (SSE2)
#   target/windows/x86-64-v3/pbrain-wuzi.exe   x86-64-v3: AVX2, BMI1/2, FMA, LZCNT, MOVBE
#                                              (Gomocup guarantees AVX2 on its machines)
# Each is stripped, its size checked (Gomocup's limit: 8 MB) and its imported DLLs
# checked against what every Windows 10 has. Nothing lands in src/; target/ is ignored by git.
#
# What it installs, with apt-get, only when missing (needs root or sudo):
#   rustc-web, cargo-web   Debian's Rust 1.96 compiler and cargo (/usr/bin/rustc, /usr/bin/cargo)
#   rust-web-src           the source of Rust's standard library, which build-std compiles
#                          for the Windows target (Debian ships no prebuilt Windows std)
#   gcc-mingw-w64-x86-64   the MinGW-w64 linker and C runtime for x86_64-pc-windows-gnu
#   binutils-mingw-w64-x86-64  x86_64-w64-mingw32-strip and -objdump
# The crates the build needs (Wuzi's four and std's own) come from crates.io through cargo.
#
# Usage: scripts/build-windows.sh [--no-install] [--flavour x86-64|x86-64-v3]...
# The Linux build (cargo build --release) is not touched: this uses its own target dirs.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/target/windows"
TARGET=x86_64-pc-windows-gnu
MAX_BYTES=8000000 # Gomocup: "8 MB" unless approved; counted in decimal to be safe
INSTALL=1
FLAVOURS=()

die() {
    echo "build-windows: $*" >&2
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
    --no-install) INSTALL=0 ;;
    --flavour)
        [ $# -ge 2 ] || die "--flavour needs x86-64 or x86-64-v3"
        case "$2" in x86-64 | x86-64-v3) FLAVOURS+=("$2") ;; *) die "unknown flavour '$2'" ;; esac
        shift
        ;;
    -h | --help)
        sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *) die "unknown argument '$1' (try --help)" ;;
    esac
    shift
done
[ ${#FLAVOURS[@]} -gt 0 ] || FLAVOURS=(x86-64 x86-64-v3)

# --- 1. Tools -------------------------------------------------------------------------
PACKAGES=(rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64)
missing=()
for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$INSTALL" = 1 ] || die "missing Debian packages: ${missing[*]} (run without --no-install, as root)"
    command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get: this script needs Debian 12 (bookworm) or later"
    SUDO=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || die "missing ${missing[*]}: run as root or install sudo"
        SUDO=sudo
    fi
    echo "build-windows: installing ${missing[*]} with apt-get"
    $SUDO apt-get update -q || die "apt-get update failed (network? proxy?)"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}" ||
        die "apt-get install ${missing[*]} failed; on Debian 12 rustc-web comes from bookworm-security/updates"
else
    echo "build-windows: Debian packages present: ${PACKAGES[*]}"
fi

# Debian's cargo and rustc first on PATH, ahead of a rustup toolchain.
export PATH="/usr/bin:$PATH"
for t in cargo rustc x86_64-w64-mingw32-gcc x86_64-w64-mingw32-strip x86_64-w64-mingw32-objdump; do
    command -v "$t" >/dev/null || die "$t not found after installing ${PACKAGES[*]}"
done
SYSROOT=$(rustc --print sysroot)
[ -f "$SYSROOT/lib/rustlib/src/rust/library/Cargo.lock" ] ||
    die "no standard library source under $SYSROOT/lib/rustlib/src (package rust-web-src)"
echo "build-windows: $(rustc --version), $(cargo --version), $(x86_64-w64-mingw32-gcc --version | head -n1)"

# --- 2. Build, strip, check ------------------------------------------------------------
export RUSTC_BOOTSTRAP=1 # -Z build-std on a stable compiler
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
# Every DLL a Windows 10 (1607+) / Server 2016+ installation has. bcryptprimitives.dll
# (ProcessPrng, used by std for random seeds) ships with Windows 10 and later.
ALLOWED_DLLS='^(kernel32|ntdll|bcryptprimitives|bcrypt|advapi32|userenv|ws2_32|msvcrt|ucrtbase|api-ms-win-[a-z0-9-]+)\.dll$'

built=()
for flavour in "${FLAVOURS[@]}"; do
    echo
    echo "build-windows: building flavour $flavour (-C target-cpu=$flavour)"
    dir="$OUT/$flavour"
    mkdir -p "$dir"
    RUSTFLAGS="-C target-cpu=$flavour" cargo build --release --locked \
        -Z build-std=std,panic_abort --target "$TARGET" \
        --target-dir "$OUT/build-$flavour" ||
        die "cargo build for $TARGET ($flavour) failed"
    exe="$dir/pbrain-wuzi.exe"
    x86_64-w64-mingw32-strip -o "$exe" "$OUT/build-$flavour/$TARGET/release/pbrain-wuzi.exe"

    info=$(x86_64-w64-mingw32-objdump -p "$exe")
    grep -q 'pei-x86-64' <<<"$info" || die "$exe is not a PE32+ x86-64 executable"
    grep -Eq 'Subsystem[[:space:]]+00000003' <<<"$info" ||
        die "$exe is not a console (CUI) program: it would have no stdin/stdout"
    size=$(stat -c %s "$exe")
    [ "$size" -lt "$MAX_BYTES" ] || die "$exe is $size bytes, over Gomocup's 8 MB"
    dlls=$(sed -n 's/^[[:space:]]*DLL Name: //p' <<<"$info" | sort -u)
    bad=$(tr 'A-Z' 'a-z' <<<"$dlls" | grep -Ev "$ALLOWED_DLLS" || true)
    [ -z "$bad" ] || die "$exe imports DLLs Windows 10 may lack: $bad"
    echo "build-windows: $exe: $size bytes, console program, imports: $(paste -sd' ' <<<"$dlls")"
    built+=("$exe ($size bytes)")
done

echo
echo "build-windows: done. Windows brains:"
for b in "${built[@]}"; do echo "  $b"; done
echo "Test them under wine with scripts/windows-check.sh; package with scripts/package-gomocup.sh."
