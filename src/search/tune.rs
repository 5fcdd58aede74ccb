//! The search constants that SPSA may tune (`scripts/spsa.py`), as Rapfi's `TUNE(...)` and
//! Stockfish's `tune.h` expose theirs.
//!
//! Each tunable is read through a function of its name (`tune::rfp_margin()`). In a normal
//! build that function returns the constant of `params.rs` (which says what it does and
//! what it was measured at) and compiles to it: the search and the bench signature are exactly those
//! of the constants. Built with `--features tune`, it returns the value given in the
//! environment, `WUZI_TUNE="rfp_margin=300,lmr_divisor=1.45"` (read once per process; a
//! value outside its range is clamped to it; names not given keep their default), so that
//! a tuner can play games between two settings of one binary. `pbrain-wuzi params` lists
//! the tunables with their ranges and SPSA steps, and says whether the build reads
//! `WUZI_TUNE` and whether the environment's setting parsed.
//!
//! ```sh
//! cargo build --release --features tune --target-dir target/tune
//! target/tune/release/pbrain-wuzi params           # name, value, default, range, step
//! python3 scripts/spsa.py --engine target/tune/release/pbrain-wuzi --iterations 2000 \
//!     --concurrency 2 --turn 100 --openings OPENINGS --seed 1 --out spsa.log
//! ```

use super::params::*;
use std::sync::OnceLock;

/// A tunable search constant: its name (as `WUZI_TUNE` spells it), the constant's value,
/// the range a tuner may move it in, and the size of SPSA's perturbation at the end of a
/// run (Fishtest's `c_end`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunable {
    pub name: &'static str,
    pub default: f64,
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

/// Whether this build reads `WUZI_TUNE` (`--features tune`).
pub const ENABLED: bool = cfg!(feature = "tune");

/// The environment variable a tuning build reads.
pub const ENV: &str = "WUZI_TUNE";

/// How a tuned value (kept as a float) becomes the constant's type.
trait FromTuned {
    fn from_tuned(v: f64) -> Self;
}

impl FromTuned for i32 {
    fn from_tuned(v: f64) -> Self {
        v.round() as i32
    }
}

impl FromTuned for usize {
    fn from_tuned(v: f64) -> Self {
        v.round().max(0.0) as usize
    }
}

impl FromTuned for f64 {
    fn from_tuned(v: f64) -> Self {
        v
    }
}

macro_rules! tunables {
    ($($name:ident: $ty:ty = $default:expr, [$min:expr, $max:expr], $step:expr;)*) => {
        /// Every tunable, in the order of `values()`.
        pub const TUNABLES: &[Tunable] = &[$(Tunable {
            name: stringify!($name),
            default: $default as f64,
            min: $min as f64,
            max: $max as f64,
            step: $step as f64,
        }),*];

        #[allow(non_camel_case_types)]
        enum Index { $($name),* }

        $(
            #[doc = concat!("`", stringify!($default), "` unless a tuning build is given another value.")]
            #[inline(always)]
            pub fn $name() -> $ty {
                if ENABLED {
                    <$ty>::from_tuned(values()[Index::$name as usize])
                } else {
                    $default
                }
            }
        )*
    };
}

// name: type = constant, [min, max], SPSA step at the end of a run.
tunables! {
    rfp_margin: i32 = RFP_MARGIN, [100, 800], 30;
    razor_margin: i32 = RAZOR_MARGIN, [20, 500], 25;
    razor_max_depth: i32 = RAZOR_MAX_DEPTH, [0, 8], 1;
    lmr_divisor: f64 = LMR_DIVISOR, [0.8, 3.5], 0.12;
    lmr_min_moves: usize = LMR_MIN_MOVES, [1, 10], 1;
    root_lmr_min_moves: usize = ROOT_LMR_MIN_MOVES, [1, 16], 1.5;
    lmp_max_depth: i32 = LMP_MAX_DEPTH, [2, 14], 1;
    lmp_base: i32 = LMP_BASE, [0, 16], 1.5;
    history_scale: i32 = HISTORY_SCALE, [4, 160], 8;
    counter_bonus: i32 = COUNTER_BONUS, [0, 1200], 60;
    killer_bonus_first: i32 = KILLER_BONUS[0], [0, 1200], 60;
    killer_bonus_second: i32 = KILLER_BONUS[1], [0, 1200], 60;
    se_min_depth: i32 = SE_MIN_DEPTH, [4, 14], 1;
    se_margin: i32 = SE_MARGIN, [0, 16], 1;
    iir_min_depth: i32 = IIR_MIN_DEPTH, [2, 12], 1;
    aspiration: i32 = ASPIRATION, [10, 300], 12;
    lmr_threat: f64 = LMR_THREAT, [-1.0, 3.0], 0.25;
    lmr_setup: f64 = LMR_SETUP, [-1.0, 3.0], 0.25;
    lmr_continued: f64 = LMR_CONTINUED, [-1.0, 3.0], 0.25;
    lmr_not_improving: f64 = LMR_NOT_IMPROVING, [-1.0, 3.0], 0.25;
    lmr_pv: f64 = LMR_PV, [-2.0, 3.0], 0.25;
    lmr_history: f64 = LMR_HISTORY, [-2.0, 6.0], 0.4;
    lmr_root: f64 = LMR_ROOT, [-1.0, 3.0], 0.25;
    history_prune_depth: i32 = HISTORY_PRUNE_DEPTH, [0, 10], 1;
    history_prune_margin: i32 = HISTORY_PRUNE_MARGIN, [0, 65536], 1500;
}

/// The defaults, in the order of [`TUNABLES`].
pub fn defaults() -> Vec<f64> {
    TUNABLES.iter().map(|t| t.default).collect()
}

/// The values a `WUZI_TUNE` setting gives: `name=value` pairs separated by commas (spaces
/// allowed), each value clamped to its range; the others keep their defaults. An unknown
/// name, a value that is not a finite number or a pair without `=` is an error naming it.
pub fn parse(spec: &str) -> Result<Vec<f64>, String> {
    let mut v = defaults();
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| format!("'{item}' is not name=value"))?;
        let (name, value) = (name.trim(), value.trim());
        let k = TUNABLES
            .iter()
            .position(|t| t.name == name)
            .ok_or_else(|| format!("no tunable named '{name}'"))?;
        let x: f64 = value
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| format!("'{value}' is not a number (for {name})"))?;
        v[k] = x.clamp(TUNABLES[k].min, TUNABLES[k].max);
    }
    Ok(v)
}

/// The environment's setting as parsed: its values, or the defaults and the reason it was
/// refused (reported by `pbrain-wuzi params`; the search cannot print).
fn setting() -> &'static (Vec<f64>, Option<String>) {
    static SETTING: OnceLock<(Vec<f64>, Option<String>)> = OnceLock::new();
    SETTING.get_or_init(|| match std::env::var(ENV) {
        Err(_) => (defaults(), None),
        Ok(spec) => match parse(&spec) {
            Ok(v) => (v, None),
            Err(e) => (defaults(), Some(e)),
        },
    })
}

/// The values in force in a tuning build.
fn values() -> &'static [f64] {
    &setting().0
}

/// What `pbrain-wuzi params` prints: whether the build reads `WUZI_TUNE` (and the error if
/// its setting was refused), then one line per tunable, `name value default min max step`.
pub fn describe() -> Vec<String> {
    let mut out = Vec::with_capacity(TUNABLES.len() + 1);
    out.push(match (ENABLED, &setting().1) {
        (false, _) => format!("tune off (a build with --features tune reads {ENV})"),
        (true, None) => format!("tune on ({ENV})"),
        (true, Some(e)) => format!("tune error {e}"),
    });
    let current: Vec<f64> = if ENABLED {
        values().to_vec()
    } else {
        defaults()
    };
    for (t, v) in TUNABLES.iter().zip(current) {
        out.push(format!(
            "{} {} {} {} {} {}",
            t.name, v, t.default, t.min, t.max, t.step
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_distinct() {
        for (k, t) in TUNABLES.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.step > 0.0, "{}", t.name);
            assert!(TUNABLES[..k].iter().all(|u| u.name != t.name), "{}", t.name);
        }
    }

    #[test]
    fn a_setting_changes_only_the_values_it_names_and_is_clamped() {
        let d = defaults();
        let v = parse(" rfp_margin=300 , lmr_divisor = 1.45,aspiration=5000").unwrap();
        let at = |n: &str| TUNABLES.iter().position(|t| t.name == n).unwrap();
        assert_eq!(v[at("rfp_margin")], 300.0);
        assert_eq!(v[at("lmr_divisor")], 1.45);
        assert_eq!(
            v[at("aspiration")],
            300.0,
            "clamped to the top of its range"
        );
        for (k, (a, b)) in v.iter().zip(&d).enumerate() {
            if ![at("rfp_margin"), at("lmr_divisor"), at("aspiration")].contains(&k) {
                assert_eq!(a, b, "{}", TUNABLES[k].name);
            }
        }
        assert_eq!(parse("").unwrap(), d);
    }

    #[test]
    fn a_bad_setting_is_refused_with_its_reason() {
        assert!(parse("no_such=1").unwrap_err().contains("no_such"));
        assert!(parse("rfp_margin").unwrap_err().contains("name=value"));
        assert!(parse("rfp_margin=abc").unwrap_err().contains("abc"));
        assert!(parse("rfp_margin=NaN").is_err());
    }

    #[test]
    fn values_convert_to_the_constants_types() {
        assert_eq!(i32::from_tuned(2.5), 3);
        assert_eq!(i32::from_tuned(-1.4), -1);
        assert_eq!(usize::from_tuned(-3.0), 0);
        assert_eq!(usize::from_tuned(4.6), 5);
        assert_eq!(f64::from_tuned(1.45), 1.45);
    }

    #[test]
    fn a_normal_build_uses_the_constants() {
        if !ENABLED {
            assert_eq!(rfp_margin(), RFP_MARGIN);
            assert_eq!(lmr_divisor(), LMR_DIVISOR);
            assert_eq!(killer_bonus_second(), KILLER_BONUS[1]);
            assert_eq!(aspiration(), ASPIRATION);
        }
    }
}
