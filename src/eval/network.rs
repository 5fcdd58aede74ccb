//! A small neural evaluation trained on Wuzi's games ("mix-lite", after Rapfi's Mix networks).
//!
//! Inputs ([`Inputs`]): for every empty cell and each of the four directions, either the pair
//! of line patterns black and white would make by playing there (`code = black · 12 + white`,
//! 144 codes; the evaluator keeps these patterns incrementally), or the line itself: the
//! contents of the four cells each side ([`line_key`], 2 bits each, 65,536 keys; freestyle
//! only, whose patterns see no further). Each code maps to a vector of `FEATURES` i16
//! features, one table shared by the four directions.
//!
//! Trunk, per empty cell: `a = clamp(bias0 + Σ_dir embed[code], 0, 1024)` (saturating i16).
//! Pooling: `pool = Σ_cells a` (i32), kept incrementally by [`super::accumulator`].
//! Head, one per colour of the side to move:
//! `x = min(pool >> 5, 32767)`, `h = clamp((w1 · x) >> 11 + b1, 0, 512)`,
//! `out = (w2 · h + b2) >> 11`, in evaluation units, each shift rounding to nearest; it is
//! added to the classical score (the network learns what the tables miss).
//!
//! The float model the trainer (`scripts/train_nnue.py`) fits is the same with every scale a
//! power of two: `embed, bias0, a` ×1024, `x = Σ a / 16` ×512, `w1` ×2048, `b1, h` ×512,
//! `w2` ×4 (in evaluation units), `b2` ×2048; the trainer rounds every weight and every
//! intermediate the same way (straight-through), so the float model and the integers agree
//! to within the last rounding. Bounds that keep every sum inside i32 (checked on load):
//! |w1| ≤ 2048 and `x ≤ 32767` give |w1 · x| ≤ FEATURES · 2048 · 32767 < 2^31 − 1024 (for
//! FEATURES ≤ 32). (`x`
//! saturates only when nearly every cell of a 32×32 board is saturated in a feature.)
//!
//! File format (little endian): `WUZINNUE`, u32 version (2), u8 rule (`INFO rule` value),
//! u8 inputs (0 pattern pairs, 1 line keys, 2 shapes), u16 features, u16 hidden, u32 codes (144,
//! 65,536 or 2,730, as the inputs say), u16 board size it is for (0: any; the pool sums over the
//! empty cells, so a network sees a larger board as a different input); then i16
//! `embed[codes][features]`,
//! i16 `bias0[features]`, and per colour (black, white) i16 `w1[hidden][features]`,
//! i16 `b1[hidden]`, i16 `w2[hidden]`, i32 `b2`; then a u32 FNV-1a checksum of everything
//! before it.

use super::binfile;
use super::evaluator::CellState;
use super::pattern::NPATTERNS;
use super::simd;
use super::weights::NSHAPES;
use crate::game::board::Board;
use crate::game::rule::Rule;
use std::sync::{OnceLock, RwLock};

/// Features per cell (32 until session 33: 16 fit the session-33 data as well, validation
/// loss 0.5294 against 0.5302, at half the update cost). The trainer's `--features` must match.
pub const FEATURES: usize = 16;
/// Hidden units of the head.
pub const HIDDEN: usize = 32;
/// Input codes: a (black pattern, white pattern) pair along one line.
pub const NCODES: usize = NPATTERNS * NPATTERNS;
/// Input codes of line-key networks: four cells each side, 2 bits each.
pub const NKEYS: usize = 1 << 16;

/// What a network's table is indexed by, per cell and direction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// The pair of line patterns black and white would make there ([`code`]).
    Patterns,
    /// The line's contents four cells each side ([`line_key`]); freestyle only.
    LineKeys,
    /// No per-cell trunk: each empty cell adds the row of its shape for the side to move
    /// (row `2·shape`) and the row of its shape for the other side (row `2·shape + 1`) to
    /// the pool, which the head reads as usual ([`super::shapenet`]).
    /// The evaluator already keeps every cell's shape, so the network costs no per-cell
    /// state (session 50).
    Shapes,
}

impl Inputs {
    /// Rows of the table.
    pub const fn codes(self) -> usize {
        match self {
            Inputs::Patterns => NCODES,
            Inputs::LineKeys => NKEYS,
            Inputs::Shapes => 2 * NSHAPES,
        }
    }
}

/// The line key of a board key (`Board::key`: ten cells, slots −5..−1 and +1..+5): its
/// eight middle cells, −4..−1 then +1..+4, 2 bits each (the freestyle pair table's index).
#[inline(always)]
pub fn line_key(board_key: u32) -> usize {
    ((board_key >> 2) & 0xFFFF) as usize
}
/// Largest cell activation (1.0 in the float model).
pub const ACT_MAX: i16 = 1024;
/// Largest hidden activation (1.0 in the float model).
pub const H_MAX: i16 = 512;
/// Largest |w1| the i32 sums allow (see the module comment).
pub const W1_LIMIT: i16 = 2048;
/// Largest |embed| and |bias0|: four rows and the bias never leave i16.
pub const EMBED_LIMIT: i16 = 4096;

const MAGIC: &[u8; 8] = b"WUZINNUE";
/// Version 2 (session 34) added the inputs byte and widened the code count to u32.
pub const VERSION: u32 = 2;
const HEADER: usize = 8 + 4 + 1 + 1 + 2 + 2 + 4 + 2;
const HEAD_BYTES: usize = 2 * (HIDDEN * FEATURES + 2 * HIDDEN) + 4;

/// Size in bytes of a network file with these inputs.
pub const fn file_bytes(inputs: Inputs) -> usize {
    HEADER + 2 * (inputs.codes() * FEATURES + FEATURES) + 2 * HEAD_BYTES + 4
}

/// The head of one colour to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    pub w1: [[i16; FEATURES]; HIDDEN],
    pub b1: [i16; HIDDEN],
    pub w2: [i16; HIDDEN],
    pub b2: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub rule: Rule,
    pub inputs: Inputs,
    /// The square board size it was trained for and is used on (0: any size).
    pub size: u16,
    /// `inputs.codes()` rows.
    pub embed: Vec<[i16; FEATURES]>,
    pub bias0: [i16; FEATURES],
    /// Indexed by the colour of the side to move (0 black, 1 white).
    pub heads: [Head; 2],
}

/// Where a cell's inputs are read from when the network updates it.
#[derive(Copy, Clone)]
pub enum Source<'a> {
    /// The evaluator's cells, read for their line patterns `[colour][direction]`
    /// (pattern-pair networks).
    Patterns(&'a [CellState]),
    /// The board's line keys (line-key networks).
    Keys(&'a Board),
}

impl<'a> Source<'a> {
    /// Where `net` reads its inputs: the board's keys or the patterns of the evaluator's
    /// `cells`.
    #[inline]
    pub fn of(net: &Network, board: &'a Board, cells: &'a [CellState]) -> Source<'a> {
        match net.inputs {
            Inputs::LineKeys => Source::Keys(board),
            // Shape networks keep no per-cell activations: the patterns are never read.
            Inputs::Patterns | Inputs::Shapes => Source::Patterns(cells),
        }
    }
}

/// The input code of one line: the patterns black and white would make there.
#[inline]
pub fn code(black: u8, white: u8) -> usize {
    black as usize * NPATTERNS + white as usize
}

impl Network {
    /// A network whose output is 0 everywhere (all weights zero): the classical evaluation.
    pub fn zero(rule: Rule) -> Network {
        Network::zero_with(rule, Inputs::Patterns)
    }

    /// [`Network::zero`] with the given inputs.
    pub fn zero_with(rule: Rule, inputs: Inputs) -> Network {
        let head = Head {
            w1: [[0; FEATURES]; HIDDEN],
            b1: [0; HIDDEN],
            w2: [0; HIDDEN],
            b2: 0,
        };
        Network {
            rule,
            inputs,
            size: 0,
            embed: vec![[0; FEATURES]; inputs.codes()],
            bias0: [0; FEATURES],
            heads: [head.clone(), head],
        }
    }

    /// The four embedding rows of a cell with these line patterns (`[colour][direction]`).
    #[inline(always)]
    pub fn rows(&self, pat: &[[u8; 4]; 2]) -> [&[i16; FEATURES]; 4] {
        [0, 1, 2, 3].map(|d| &self.embed[code(pat[0][d], pat[1][d])])
    }

    /// The four embedding rows of a cell with these board keys (one per direction; a
    /// line-key network).
    #[inline(always)]
    pub fn key_rows(&self, keys: &[u32; 4]) -> [&[i16; FEATURES]; 4] {
        [0, 1, 2, 3].map(|d| &self.embed[line_key(keys[d])])
    }

    /// The four embedding rows of cell `i`, its inputs read from `src`.
    #[inline(always)]
    pub fn cell_rows(&self, src: Source, i: usize) -> [&[i16; FEATURES]; 4] {
        match src {
            Source::Patterns(cells) => self.rows(&cells[i].pat),
            Source::Keys(board) => self.key_rows(board.keys(i)),
        }
    }

    /// Replaces `act` by the activation of a cell with these rows; the pool takes the
    /// difference.
    #[inline]
    pub fn update(
        &self,
        rows: [&[i16; FEATURES]; 4],
        act: &mut [i16; FEATURES],
        pool: &mut [i32; FEATURES],
    ) {
        simd::cell_update(rows, &self.bias0, act, pool);
    }

    /// The network's score (evaluation units) for the side to move of colour index `stm`,
    /// from the pooled activations.
    #[inline]
    pub fn output(&self, pool: &[i32; FEATURES], stm: usize) -> i32 {
        simd::head(pool, &self.heads[stm])
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(file_bytes(self.inputs));
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.push(self.rule.code());
        b.push(self.inputs as u8);
        for n in [FEATURES, HIDDEN] {
            b.extend_from_slice(&(n as u16).to_le_bytes());
        }
        b.extend_from_slice(&(self.embed.len() as u32).to_le_bytes());
        b.extend_from_slice(&self.size.to_le_bytes());
        fn put(b: &mut Vec<u8>, xs: &[i16]) {
            for &x in xs {
                b.extend_from_slice(&x.to_le_bytes());
            }
        }
        for row in &self.embed {
            put(&mut b, row);
        }
        put(&mut b, &self.bias0);
        for h in &self.heads {
            for row in &h.w1 {
                put(&mut b, row);
            }
            put(&mut b, &h.b1);
            put(&mut b, &h.w2);
            b.extend_from_slice(&h.b2.to_le_bytes());
        }
        binfile::seal(b)
    }

    /// Reads a network file; the error says what is wrong with it.
    pub fn from_bytes(b: &[u8]) -> Result<Network, String> {
        binfile::check_head(b, MAGIC, VERSION, HEADER, "network")?;
        let rule = Rule::from_code(b[12]).ok_or_else(|| format!("unknown rule code {}", b[12]))?;
        let inputs = match b[13] {
            0 => Inputs::Patterns,
            1 => Inputs::LineKeys,
            2 => Inputs::Shapes,
            x => return Err(format!("unknown inputs {x}")),
        };
        if inputs == Inputs::LineKeys && rule != Rule::Freestyle {
            return Err("line-key inputs are for freestyle only".into());
        }
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]) as usize;
        let codes = u32::from_le_bytes([b[18], b[19], b[20], b[21]]) as usize;
        let dims = (u16_at(14), u16_at(16), codes);
        if dims != (FEATURES, HIDDEN, inputs.codes()) {
            return Err(format!(
                "dimensions {}/{}/{}, expected {FEATURES}/{HIDDEN}/{}",
                dims.0,
                dims.1,
                dims.2,
                inputs.codes()
            ));
        }
        binfile::check_body(b, file_bytes(inputs))?;
        let mut r = Reader { b, at: HEADER };
        let mut net = Network::zero_with(rule, inputs);
        net.size = u16_at(22) as u16;
        for row in net.embed.iter_mut() {
            r.i16s(row);
        }
        r.i16s(&mut net.bias0);
        for head in net.heads.iter_mut() {
            for row in head.w1.iter_mut() {
                r.i16s(row);
            }
            r.i16s(&mut head.b1);
            r.i16s(&mut head.w2);
            head.b2 = r.i32();
        }
        net.check_bounds()?;
        Ok(net)
    }

    /// Refuses weights outside the ranges the integer arithmetic was sized for.
    fn check_bounds(&self) -> Result<(), String> {
        let over = |xs: &[i16], lim: i16| xs.iter().any(|&x| x.unsigned_abs() > lim as u16);
        if self.embed.iter().any(|r| over(r, EMBED_LIMIT)) || over(&self.bias0, EMBED_LIMIT) {
            return Err(format!("an input weight exceeds ±{EMBED_LIMIT}"));
        }
        let rows = super::shapenet::ROW_LIMIT;
        if self.inputs == Inputs::Shapes && self.embed.iter().any(|r| over(r, rows)) {
            return Err(format!("a shape row exceeds ±{rows}"));
        }
        if self
            .heads
            .iter()
            .any(|h| h.w1.iter().any(|r| over(r, W1_LIMIT)))
        {
            return Err(format!("a first-layer weight exceeds ±{W1_LIMIT}"));
        }
        Ok(())
    }

    pub fn load(path: &str) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        Network::from_bytes(&bytes).map_err(|e| format!("'{path}': {e}"))
    }

    pub fn save(&self, path: &str) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }
}

/// Reads little-endian numbers from a checked buffer.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn i16s(&mut self, out: &mut [i16]) {
        for x in out.iter_mut() {
            *x = i16::from_le_bytes([self.b[self.at], self.b[self.at + 1]]);
            self.at += 2;
        }
    }

    fn i32(&mut self) -> i32 {
        let o = self.at;
        self.at += 4;
        i32::from_le_bytes([self.b[o], self.b[o + 1], self.b[o + 2], self.b[o + 3]])
    }
}

/// The network shipped for a rule, if one was trained and measured to gain. None yet: the
/// first freestyle network (198k self-play positions, validation loss 0.527 -> 0.509) scored
/// -29.0 +/- 27.5 Elo against the tables alone at 100 ms/move (600 games) and +12.7 +/- 39.3
/// at 20,000 nodes/move (300 games); its re-trained export (every intermediate rounded as the
/// engine rounds) -54.9 +/- 28.7 at 100 ms (562 games). It costs about a quarter of the
/// nodes per second. Session 33 (16 features, lazy updates: +11 % instructions per node):
/// trained on 367k positions of balanced-opening games, +20.9 +/- 31.3 at 20,000 nodes and
/// -7.8 +/- 22.4 at 100 ms; with 89k self-play positions more, +19.2 +/- 34.6 and
/// -28.7 +/- 20.8 (645 games, SPRT H0). README "Session 33". Session 34, line keys (validation
/// 0.53891 -> 0.53170 on the same data): +15.1 +/- 34.3 at 20,000 nodes; with 9,000 self-play
/// games more, +12.2 +/- 41.2 there and -83.9 +/- 42.1 at 100 ms (gated, stopped); the tables
/// at 100 ms against themselves at 83 ms: +49.8 +/- 27.6, so a network costing 17 % of the
/// nodes needs about +50 per node; a line-key network on balanced-opening games only (`kj`)
/// -37.6 +/- 23.8 at 100 ms (595 games, SPRT H0). README "Session 34". Session 50, a shape
/// network (`Inputs::Shapes`, 2,000 new Rapfi games; held-out loss 0.5344 -> 0.5199): -19.7
/// +/- 18.8 at 20,000 nodes, +11.1 +/- 17.6 with its output halved, and that one -54.1 +/-
/// 28.4 at 100 ms (+30 % instructions per node; README "Session 50"). Use one with
/// `WUZI_NNUE_FILE`.
fn embedded(_rule: Rule) -> Option<&'static [u8]> {
    None
}

struct Registry {
    nets: [Option<&'static Network>; Rule::COUNT],
    error: Option<String>,
}

fn registry() -> &'static RwLock<Registry> {
    static R: OnceLock<RwLock<Registry>> = OnceLock::new();
    R.get_or_init(|| {
        let mut reg = Registry {
            nets: Rule::ALL.map(|r| {
                embedded(r)
                    .and_then(|b| Network::from_bytes(b).ok())
                    .filter(|n| n.rule == r)
                    .map(|n| &*Box::leak(Box::new(n)))
            }),
            error: None,
        };
        match std::env::var_os("WUZI_NNUE_FILE") {
            None => {}
            // Off: every rule evaluates with the classical tables alone.
            Some(v) if v == "none" => reg.nets = [None; Rule::COUNT],
            Some(path) => match Network::load(&path.to_string_lossy()) {
                Ok(n) => {
                    let slot = n.rule.index();
                    reg.nets[slot] = Some(Box::leak(Box::new(n)));
                }
                Err(e) => {
                    log::error!("WUZI_NNUE_FILE refused: {e}; using the built-in evaluation");
                    reg.error = Some(e);
                }
            },
        }
        RwLock::new(reg)
    })
}

/// The network searches of `rule` use now, if any.
pub fn for_rule(rule: Rule) -> Option<&'static Network> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.nets[rule.index()]
}

/// The network of `rule` if it is for a board of this width and height (see
/// [`Network::size`]); a network trained on 15×15 is not used on 20×20.
pub fn for_board(rule: Rule, width: usize, height: usize) -> Option<&'static Network> {
    for_rule(rule).filter(|n| n.size == 0 || (n.size as usize == width && width == height))
}

/// Makes `net` the network of `rule` (or none) for every evaluator created from now on
/// (tools, tests). Each installed network is kept for the life of the process.
pub fn install(rule: Rule, net: Option<Network>) {
    let net = net.map(|n| &*Box::leak(Box::new(n)));
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.nets[rule.index()] = net;
}

/// Why `WUZI_NNUE_FILE` was refused, if it was.
pub fn load_error() -> Option<String> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.error.clone()
}
