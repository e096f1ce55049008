//! chess.js's position hash: its Zobrist keys come from xoroshiro128** with a fixed seed,
//! drawn in a fixed order (piece keys for 128 0x88 slots per colour and kind, then eight
//! en-passant files, sixteen castling sets and the side key). The same draws give the
//! same `hash()` strings as chess.js, which its users may have stored.

/// The generator's seed, the 128-bit constant chess.js starts from.
const SEED: u128 = 0xa187_eb39_cdca_ed8f_31c4_b365_b102_e01e;

/// xoroshiro128** over a 128-bit state whose low half is `s0`.
struct Xoroshiro(u128);

impl Xoroshiro {
    fn next(&mut self) -> u64 {
        let mut s0 = self.0 as u64;
        let mut s1 = (self.0 >> 64) as u64;
        let result = s0.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        s1 ^= s0;
        s0 = s0.rotate_left(24) ^ s1 ^ (s1 << 16);
        s1 = s1.rotate_left(37);
        self.0 = (u128::from(s1) << 64) | u128::from(s0);
        result
    }
}

/// The keys, in chess.js's layout: pieces by colour, kind (pawn … king) and square.
pub struct Keys {
    /// `[colour][kind][square]`, the square as a1 = 0 … h8 = 63.
    pub pieces: [[[u64; 64]; 6]; 2],
    /// By file of the en-passant square.
    pub ep: [u64; 8],
    /// By castling set: bit 0 white king side, 1 white queen side, 2 and 3 black's.
    pub castling: [u64; 16],
    /// Black to move.
    pub side: u64,
}

impl Keys {
    fn new() -> Keys {
        let mut rng = Xoroshiro(SEED);
        let mut pieces = [[[0; 64]; 6]; 2];
        for by_kind in &mut pieces {
            for by_square in by_kind.iter_mut() {
                // chess.js draws a key for each of the 128 slots of its 0x88 board, a8 = 0.
                for slot in 0..128 {
                    let key = rng.next();
                    if slot & 0x88 == 0 {
                        let (row, file) = (slot >> 4, slot & 7);
                        by_square[(7 - row) * 8 + file] = key;
                    }
                }
            }
        }
        let ep = core::array::from_fn(|_| rng.next());
        let castling = core::array::from_fn(|_| rng.next());
        let side = rng.next();
        Keys {
            pieces,
            ep,
            castling,
            side,
        }
    }
}

/// The keys, drawn once.
pub fn keys() -> &'static Keys {
    static KEYS: std::sync::OnceLock<Keys> = std::sync::OnceLock::new();
    KEYS.get_or_init(Keys::new)
}
