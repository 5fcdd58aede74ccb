//! The network's integer kernels: a portable scalar version of each and an AVX2 one chosen at
//! run time ([`avx2`]: the machine has it and `WUZI_NO_SIMD` is not set). Each AVX2 wrapper
//! makes that one check itself and falls back to the scalar kernel, so the dispatching
//! functions below just call it. Both compute exactly the same integers
//! (no sum can overflow within the bounds `Network` checks on load, so the order of additions
//! does not matter); `tests/network.rs` compares them on random inputs.

use super::network::{Head, Network, Source, ACT_MAX, FEATURES, HIDDEN, H_MAX};
use std::sync::OnceLock;

/// Whether this machine has AVX2.
#[inline]
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the AVX2 kernels run: when the machine has AVX2 and `WUZI_NO_SIMD` is not set
/// (read once; for measuring the scalar kernels).
#[inline]
pub fn avx2() -> bool {
    static USE: OnceLock<bool> = OnceLock::new();
    *USE.get_or_init(|| has_avx2() && std::env::var_os("WUZI_NO_SIMD").is_none())
}

/// A cell's new activation from its four rows replaces `act`, and the pool takes the
/// difference: one pass for the whole update of a changed cell. The activation is
/// `clamp(bias + rows[0] + rows[1] + rows[2] + rows[3], 0, ACT_MAX)`, saturating i16 adds in
/// that order.
#[inline]
pub fn cell_update(
    rows: [&[i16; FEATURES]; 4],
    bias: &[i16; FEATURES],
    act: &mut [i16; FEATURES],
    pool: &mut [i32; FEATURES],
) {
    #[cfg(target_arch = "x86_64")]
    {
        x86::cell_update(rows, bias, act, pool)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar::cell_update(rows, bias, act, pool)
    }
}

/// The inputs (`src`) of each cell in `cells` (each listed once) changed: its
/// activation is recomputed ([`cell_update`]) and the pool takes the difference; with
/// `journal`, each cell's previous activation is pushed there first, in the order of `cells`.
/// One call per move instead of one per cell, so the AVX2 kernel is inlined in the loop.
#[inline]
pub fn cells_update(
    net: &Network,
    cells: &[u16],
    src: Source,
    act: &mut [[i16; FEATURES]],
    pool: &mut [i32; FEATURES],
    journal: Option<&mut Vec<[i16; FEATURES]>>,
) {
    #[cfg(target_arch = "x86_64")]
    {
        x86::cells_update(net, cells, src, act, pool, journal)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar::cells_update(net, cells, src, act, pool, journal)
    }
}

/// The loop of both `cells_update` kernels: for each cell (its old activation journalled
/// first), `update` gets its four rows and its activation. One copy of the loop per source.
#[inline(always)]
fn each_cell(
    net: &Network,
    cells: &[u16],
    src: Source,
    act: &mut [[i16; FEATURES]],
    journal: Option<&mut Vec<[i16; FEATURES]>>,
    update: impl FnMut([&[i16; FEATURES]; 4], &mut [i16; FEATURES]),
) {
    match src {
        Source::Patterns(states) => {
            each_row(cells, act, journal, |q| net.rows(&states[q].pat), update)
        }
        Source::Keys(board) => {
            each_row(cells, act, journal, |q| net.key_rows(board.keys(q)), update)
        }
    }
}

#[inline(always)]
fn each_row<'n>(
    cells: &[u16],
    act: &mut [[i16; FEATURES]],
    mut journal: Option<&mut Vec<[i16; FEATURES]>>,
    rows: impl Fn(usize) -> [&'n [i16; FEATURES]; 4],
    mut update: impl FnMut([&'n [i16; FEATURES]; 4], &mut [i16; FEATURES]),
) {
    for &q in cells {
        let q = q as usize;
        if let Some(j) = journal.as_deref_mut() {
            j.push(act[q]);
        }
        update(rows(q), &mut act[q]);
    }
}

/// `pool += new - old`, element-wise (i16 widened to i32).
#[inline]
pub fn pool_replace(pool: &mut [i32; FEATURES], old: &[i16; FEATURES], new: &[i16; FEATURES]) {
    #[cfg(target_arch = "x86_64")]
    {
        x86::pool_replace(pool, old, new)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar::pool_replace(pool, old, new)
    }
}

/// The head's output: `(w2 · clamp((w1 · x) >> 11 + b1, 0, H_MAX) + b2) >> 11` with
/// `x = min(pool >> 5, 32767)`, each shift rounding to nearest (half up).
#[inline]
pub fn head(pool: &[i32; FEATURES], h: &Head) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        x86::head(pool, h)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar::head(pool, h)
    }
}

/// The head's input: the pooled activations scaled down to i16 (`pool` is never negative).
#[inline]
fn head_input(pool: &[i32; FEATURES]) -> [i16; FEATURES] {
    let mut x = [0i16; FEATURES];
    for (x, &p) in x.iter_mut().zip(pool) {
        *x = ((p + 16) >> 5).clamp(0, i16::MAX as i32) as i16;
    }
    x
}

pub mod scalar {
    use super::*;

    pub fn cell_activation(
        rows: [&[i16; FEATURES]; 4],
        bias: &[i16; FEATURES],
        out: &mut [i16; FEATURES],
    ) {
        for j in 0..FEATURES {
            let mut s = bias[j];
            for r in rows {
                s = s.saturating_add(r[j]);
            }
            out[j] = s.clamp(0, ACT_MAX);
        }
    }

    pub fn cell_update(
        rows: [&[i16; FEATURES]; 4],
        bias: &[i16; FEATURES],
        act: &mut [i16; FEATURES],
        pool: &mut [i32; FEATURES],
    ) {
        let mut new = [0; FEATURES];
        cell_activation(rows, bias, &mut new);
        pool_replace(pool, act, &new);
        *act = new;
    }

    pub fn cells_update(
        net: &Network,
        cells: &[u16],
        src: Source,
        act: &mut [[i16; FEATURES]],
        pool: &mut [i32; FEATURES],
        journal: Option<&mut Vec<[i16; FEATURES]>>,
    ) {
        super::each_cell(net, cells, src, act, journal, |rows, act| {
            cell_update(rows, &net.bias0, act, pool)
        });
    }

    pub fn pool_replace(pool: &mut [i32; FEATURES], old: &[i16; FEATURES], new: &[i16; FEATURES]) {
        for j in 0..FEATURES {
            pool[j] += new[j] as i32 - old[j] as i32;
        }
    }

    pub fn head(pool: &[i32; FEATURES], h: &Head) -> i32 {
        let x = head_input(pool);
        let mut out = h.b2;
        for k in 0..HIDDEN {
            let dot: i32 = (0..FEATURES).map(|j| h.w1[k][j] as i32 * x[j] as i32).sum();
            let hk = (((dot + 1024) >> 11) + h.b1[k] as i32).clamp(0, H_MAX as i32);
            out += h.w2[k] as i32 * hk;
        }
        (out + 1024) >> 11
    }
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    use super::*;
    use std::arch::x86_64::*;

    // Why AVX2 by hand: the network updates every cell whose line patterns a move changed
    // and evaluates at most nodes. Measured with the trained network, `bench 9`, two
    // interleaved runs on a quiet 2-core machine: tables alone 659k nodes/s, network with
    // these kernels 506k, with the scalar ones (`WUZI_NO_SIMD=1`; the compiler vectorises
    // them for SSE2 only) 431k. Same search tree either way. Session 33 (16 features, the
    // changed cells of a move updated in one call, `cells_update`): `bench 12`, two
    // interleaved runs: tables 1.29-1.30M nodes/s, network AVX2 1.13-1.20M, scalar
    // 1.00-1.13M (32 features, one call per cell: 1.08-1.11M against 1.40-1.42M).
    const _: () = assert!(FEATURES.is_multiple_of(16) && HIDDEN.is_multiple_of(8));

    /// AVX2 version of [`scalar::cell_update`]; falls back to it without AVX2.
    pub fn cell_update(
        rows: [&[i16; FEATURES]; 4],
        bias: &[i16; FEATURES],
        act: &mut [i16; FEATURES],
        pool: &mut [i32; FEATURES],
    ) {
        if !avx2() {
            return scalar::cell_update(rows, bias, act, pool);
        }
        // SAFETY: AVX2 is present (`avx2()` implies it; checked above); unaligned loads and stores inside the
        // arrays (i16 offsets multiple of 16, i32 offsets multiple of 8, below FEATURES).
        unsafe { cell_update_avx2(rows, bias, act, pool) }
    }

    /// AVX2 version of [`scalar::cells_update`]; falls back to it without AVX2.
    pub fn cells_update(
        net: &Network,
        cells: &[u16],
        src: Source,
        act: &mut [[i16; FEATURES]],
        pool: &mut [i32; FEATURES],
        journal: Option<&mut Vec<[i16; FEATURES]>>,
    ) {
        if !avx2() {
            return scalar::cells_update(net, cells, src, act, pool, journal);
        }
        // SAFETY: AVX2 is present (`avx2()` implies it; checked above); the kernel it inlines
        // loads and stores inside the arrays as `cell_update` does.
        unsafe { cells_update_avx2(net, cells, src, act, pool, journal) }
    }

    #[target_feature(enable = "avx2")]
    unsafe fn cells_update_avx2(
        net: &Network,
        cells: &[u16],
        src: Source,
        act: &mut [[i16; FEATURES]],
        pool: &mut [i32; FEATURES],
        journal: Option<&mut Vec<[i16; FEATURES]>>,
    ) {
        // The closure inherits this function's target features, so the kernel is inlined.
        each_cell(net, cells, src, act, journal, |rows, act| {
            cell_update_avx2(rows, &net.bias0, act, pool)
        });
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn cell_update_avx2(
        rows: [&[i16; FEATURES]; 4],
        bias: &[i16; FEATURES],
        act: &mut [i16; FEATURES],
        pool: &mut [i32; FEATURES],
    ) {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(ACT_MAX);
        for half in (0..FEATURES).step_by(16) {
            let mut s = _mm256_loadu_si256(bias.as_ptr().add(half) as *const __m256i);
            for r in rows {
                let v = _mm256_loadu_si256(r.as_ptr().add(half) as *const __m256i);
                s = _mm256_adds_epi16(s, v);
            }
            s = _mm256_min_epi16(_mm256_max_epi16(s, zero), top);
            let a = act.as_mut_ptr().add(half) as *mut __m256i;
            let d = _mm256_sub_epi16(s, _mm256_loadu_si256(a));
            _mm256_storeu_si256(a, s);
            add_widened(pool, half, d);
        }
    }

    /// `pool[half..half + 16] += d`, the sixteen i16 of `d` widened to i32.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn add_widened(pool: &mut [i32; FEATURES], half: usize, d: __m256i) {
        let parts = [
            _mm256_cvtepi16_epi32(_mm256_castsi256_si128(d)),
            _mm256_cvtepi16_epi32(_mm256_extracti128_si256::<1>(d)),
        ];
        for (q, part) in parts.into_iter().enumerate() {
            let p = pool.as_mut_ptr().add(half + 8 * q) as *mut __m256i;
            _mm256_storeu_si256(p, _mm256_add_epi32(_mm256_loadu_si256(p), part));
        }
    }

    /// AVX2 version of [`scalar::pool_replace`]; falls back to it without AVX2.
    pub fn pool_replace(pool: &mut [i32; FEATURES], old: &[i16; FEATURES], new: &[i16; FEATURES]) {
        if !avx2() {
            return scalar::pool_replace(pool, old, new);
        }
        // SAFETY: AVX2 is present (`avx2()` implies it; checked above); unaligned loads and stores inside the
        // arrays (i16 offsets multiple of 16, i32 offsets multiple of 8, below FEATURES).
        unsafe { pool_replace_avx2(pool, old, new) }
    }

    #[target_feature(enable = "avx2")]
    unsafe fn pool_replace_avx2(
        pool: &mut [i32; FEATURES],
        old: &[i16; FEATURES],
        new: &[i16; FEATURES],
    ) {
        for half in (0..FEATURES).step_by(16) {
            let o = _mm256_loadu_si256(old.as_ptr().add(half) as *const __m256i);
            let n = _mm256_loadu_si256(new.as_ptr().add(half) as *const __m256i);
            // Activations are in 0..=ACT_MAX: the difference fits i16.
            add_widened(pool, half, _mm256_sub_epi16(n, o));
        }
    }

    /// AVX2 version of [`scalar::head`]; falls back to it without AVX2.
    pub fn head(pool: &[i32; FEATURES], h: &Head) -> i32 {
        if !avx2() {
            return scalar::head(pool, h);
        }
        // SAFETY: AVX2 is present (`avx2()` implies it; checked above); unaligned loads inside `x`, `w1` rows,
        // `b1` and `w2` (offsets multiple of 8 or 16, within their lengths).
        unsafe { head_avx2(pool, h) }
    }

    #[target_feature(enable = "avx2")]
    unsafe fn head_avx2(pool: &[i32; FEATURES], h: &Head) -> i32 {
        let x = head_input(pool);
        let xs: [__m256i; FEATURES / 16] =
            std::array::from_fn(|q| _mm256_loadu_si256(x.as_ptr().add(16 * q) as *const __m256i));
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi32(H_MAX as i32);
        let mut out = _mm256_setzero_si256();
        for k0 in (0..HIDDEN).step_by(8) {
            // Eight dot products, each as 8 partial i32 sums, reduced by a tree of hadds.
            let mut acc = [zero; 8];
            for (t, a) in acc.iter_mut().enumerate() {
                let w = &h.w1[k0 + t];
                for (q, &xq) in xs.iter().enumerate() {
                    let wq = _mm256_loadu_si256(w.as_ptr().add(16 * q) as *const __m256i);
                    *a = _mm256_add_epi32(*a, _mm256_madd_epi16(xq, wq));
                }
            }
            let s0 = _mm256_hadd_epi32(acc[0], acc[1]);
            let s1 = _mm256_hadd_epi32(acc[2], acc[3]);
            let s2 = _mm256_hadd_epi32(acc[4], acc[5]);
            let s3 = _mm256_hadd_epi32(acc[6], acc[7]);
            let t0 = _mm256_hadd_epi32(s0, s1);
            let t1 = _mm256_hadd_epi32(s2, s3);
            let dots = _mm256_add_epi32(
                _mm256_permute2x128_si256::<0x20>(t0, t1),
                _mm256_permute2x128_si256::<0x31>(t0, t1),
            );
            let b1 =
                _mm256_cvtepi16_epi32(_mm_loadu_si128(h.b1.as_ptr().add(k0) as *const __m128i));
            let half = _mm256_set1_epi32(1024);
            let hk = _mm256_srai_epi32::<11>(_mm256_add_epi32(dots, half));
            let hk = _mm256_add_epi32(hk, b1);
            let hk = _mm256_min_epi32(_mm256_max_epi32(hk, zero), top);
            let w2 =
                _mm256_cvtepi16_epi32(_mm_loadu_si128(h.w2.as_ptr().add(k0) as *const __m128i));
            out = _mm256_add_epi32(out, _mm256_mullo_epi32(hk, w2));
        }
        let mut lanes = [0i32; 8];
        _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, out);
        (lanes.iter().sum::<i32>() + h.b2 + 1024) >> 11
    }
}
