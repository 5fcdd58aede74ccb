//! Logistic regression of the linear evaluation on game results and search scores (Texel
//! tuning): the predicted win probability of the side to move is `σ(features·w / (d·K))`
//! (`d` the table's divisor, `K` its logistic scale), fitted with Adam on the
//! cross-entropy against `λ·result + (1−λ)·σ(score/K)`, with an L2 pull towards the
//! starting table so that rare shapes keep sensible values.
//!
//! The scale is fitted first, to the starting table and the results alone ([`best_scale`]:
//! golden-section search), so that the search scores and the table speak the same units.
//! The threat-table parameters (one count per position, where a shape has dozens) take
//! larger steps ([`FitConfig::group_lr`]). [`fit`] keeps the epoch with the lowest
//! validation loss; validation is by whole games, held out before any fitting.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Sparse rows in one flat store.
#[derive(Clone)]
pub struct Dataset {
    offsets: Vec<u32>,
    idx: Vec<u16>,
    cnt: Vec<f32>,
    /// The fitted target (mixed label), per row.
    pub target: Vec<f32>,
    /// The game result alone (0, 0.5, 1), per row.
    pub result: Vec<f32>,
}

impl Default for Dataset {
    fn default() -> Dataset {
        Dataset::new()
    }
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset {
            offsets: vec![0],
            idx: Vec::new(),
            cnt: Vec::new(),
            target: Vec::new(),
            result: Vec::new(),
        }
    }

    pub fn push(&mut self, feats: &[(u16, u16)], target: f32, result: f32) {
        for &(k, n) in feats {
            self.idx.push(k);
            self.cnt.push(n as f32);
        }
        self.offsets.push(self.idx.len() as u32);
        self.target.push(target);
        self.result.push(result);
    }

    pub fn len(&self) -> usize {
        self.target.len()
    }

    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    #[inline]
    fn row(&self, r: usize) -> (&[u16], &[f32]) {
        let (a, b) = (self.offsets[r] as usize, self.offsets[r + 1] as usize);
        (&self.idx[a..b], &self.cnt[a..b])
    }

    /// `features · w` of row `r`.
    #[inline]
    pub fn dot(&self, r: usize, w: &[f32]) -> f32 {
        let (idx, cnt) = self.row(r);
        idx.iter().zip(cnt).map(|(&k, &n)| w[k as usize] * n).sum()
    }
}

#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn bce(p: f64, y: f64) -> f64 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// How many of the rows have a game result (a row without one has NaN: a position a teacher
/// scored off the game path).
pub fn known_results(data: &Dataset, rows: &[usize]) -> usize {
    rows.iter().filter(|&&r| !data.result[r].is_nan()).count()
}

/// Mean cross-entropy of the rows against the fitted targets, or against the results alone
/// (then over the rows that have one).
pub fn loss(data: &Dataset, rows: &[usize], w: &[f32], scale: f64, results_only: bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for &r in rows {
        let y = if results_only {
            data.result[r]
        } else {
            data.target[r]
        };
        if y.is_nan() {
            continue;
        }
        sum += bce(sigmoid(data.dot(r, w) as f64 / scale), y as f64);
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// The scale (`divisor · K`) at which the table predicts the results best (golden-section
/// search on log scale between 1 and 10^6; rows without a result do not count).
pub fn best_scale(data: &Dataset, rows: &[usize], w: &[f32]) -> f64 {
    let f = |x: f64| loss(data, rows, w, x.exp(), true);
    let (mut a, mut b) = (0.0f64, (1e6f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

#[derive(Clone, Debug)]
pub struct FitConfig {
    pub epochs: usize,
    /// Adam step size, in parameter units.
    pub lr: f64,
    pub batch: usize,
    /// Strength of the pull towards the starting parameters, on the logit scale: the penalty
    /// is `l2/2 · Σ ((w − w₀)/scale)²` per position.
    pub l2: f64,
    pub seed: u64,
    /// `divisor · K`: the evaluation-to-logit scale.
    pub scale: f64,
    /// Parameters from this index on (the threat table, one count per position where a
    /// shape has dozens) take steps `group_lr` times larger.
    pub group_from: usize,
    pub group_lr: f64,
}

/// Per-epoch figures.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train_loss: f64,
    pub valid_loss: f64,
    /// Validation loss against the game results alone.
    pub valid_result_loss: f64,
}

/// Fits `w` (starting values; also the L2 prior) on `train`, reporting after each epoch.
/// Returns the parameters of the epoch with the lowest validation loss.
pub fn fit(
    data: &Dataset,
    train: &[usize],
    valid: &[usize],
    w: &[f32],
    cfg: &FitConfig,
    report: &mut dyn FnMut(&Epoch),
) -> Vec<f32> {
    let n = w.len();
    let prior: Vec<f64> = w.iter().map(|&x| x as f64).collect();
    let mut p: Vec<f64> = prior.clone();
    let mut pf: Vec<f32> = w.to_vec();
    let (mut m, mut v) = (vec![0f64; n], vec![0f64; n]);
    let mut grad = vec![0f64; n];
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut t = 0i32;
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let mut order = train.to_vec();
    let mut best = (f64::INFINITY, pf.clone());
    let l2 = cfg.l2 / (cfg.scale * cfg.scale);
    for epoch in 1..=cfg.epochs {
        order.shuffle(&mut rng);
        for batch in order.chunks(cfg.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &r in batch {
                let z = data.dot(r, &pf) as f64 / cfg.scale;
                let e = (sigmoid(z) - data.target[r] as f64) / cfg.scale;
                let (idx, cnt) = data.row(r);
                for (&k, &c) in idx.iter().zip(cnt) {
                    grad[k as usize] += e * c as f64;
                }
            }
            let inv = 1.0 / batch.len() as f64;
            t += 1;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            for k in 0..n {
                let g = grad[k] * inv + l2 * (p[k] - prior[k]);
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                let lr = if k >= cfg.group_from {
                    cfg.lr * cfg.group_lr
                } else {
                    cfg.lr
                };
                p[k] -= lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
                pf[k] = p[k] as f32;
            }
        }
        let e = Epoch {
            epoch,
            train_loss: loss(data, train, &pf, cfg.scale, false),
            valid_loss: loss(data, valid, &pf, cfg.scale, false),
            valid_result_loss: loss(data, valid, &pf, cfg.scale, true),
        };
        report(&e);
        let score = if valid.is_empty() {
            e.train_loss
        } else {
            e.valid_loss
        };
        if score < best.0 {
            best = (score, pf.clone());
        }
    }
    best.1
}
