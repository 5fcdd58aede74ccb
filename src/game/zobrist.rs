//! Zobrist keys: one random 64-bit number per (cell content, cell), drawn from a fixed seed
//! so that hashes, and therefore searches and the bench signature, are reproducible. The
//! board's hash is the XOR of the keys of its stones, updated by one XOR per stone.

use super::pos::NCELLS;
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::OnceLock;

pub struct Zobrist {
    /// Indexed by cell value (1 black, 2 white, 3 blocked) then cell index.
    pub cell: [Vec<u64>; 4],
    /// Xored in when white is to move.
    pub side: u64,
}

pub fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(0x005E_ED0F_5A11_CE55);
        let mut table = || (0..NCELLS).map(|_| rng.gen::<u64>()).collect::<Vec<_>>();
        let cell = [vec![0; NCELLS], table(), table(), table()];
        let side = StdRng::seed_from_u64(7).gen();
        Zobrist { cell, side }
    })
}
