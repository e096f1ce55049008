//! Zobrist keys, generated at compile time by SplitMix64 from a fixed seed.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::piece::Piece;
use crate::square::Square;

/// One SplitMix64 step: the next state and its well-mixed output (also the hashed
/// perft's keys, from a seed of the user's).
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// Per colour, kind and square; kinds 6 and 7 are zeros, so that an index masked to
    /// three bits is always in bounds.
    pieces: [[[u64; 64]; 8]; 2],
    /// Per colour and castling rook square: rights are rook squares, so Chess960 hashes too.
    castling: [[u64; 64]; 2],
    ep_file: [u64; 8],
    black_to_move: u64,
}

const fn build() -> Keys {
    let mut k = Keys {
        pieces: [[[0; 64]; 8]; 2],
        castling: [[0; 64]; 2],
        ep_file: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x5241_5953_4341_4e21; // "RAYSCAN!"
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, key) = splitmix(state);
                state = next;
                k.pieces[c][p][s] = key;
                s += 1;
            }
            p += 1;
        }
        let mut s = 0;
        while s < 64 {
            let (next, key) = splitmix(state);
            state = next;
            k.castling[c][s] = key;
            s += 1;
        }
        c += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (next, key) = splitmix(state);
        state = next;
        k.ep_file[f] = key;
        f += 1;
    }
    k.black_to_move = splitmix(state).1;
    k
}

static KEYS: Keys = build();

/// The castling keys of every set of rooks on one back rank, by the rank's byte: white's
/// on rank 1 (row 0), black's on rank 8 (row 1). A move's lost rights are then two
/// lookups, with no loop and no branch on whether any were lost.
static RIGHTS: [[u64; 256]; 2] = {
    let mut table = [[0; 256]; 2];
    let mut color = 0;
    while color < 2 {
        let mut byte = 0;
        while byte < 256 {
            let mut key = 0;
            let mut file = 0;
            while file < 8 {
                if byte & (1 << file) != 0 {
                    key ^= KEYS.castling[color][color * 56 + file];
                }
                file += 1;
            }
            table[color][byte] = key;
            byte += 1;
        }
        color += 1;
    }
    table
};

#[inline]
pub(crate) fn piece(color: Color, piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[color as usize][piece as usize][sq as usize]
}

/// [`piece`] with the piece as its index (`Piece as usize`, below 6).
#[inline(always)]
pub(crate) fn piece_index(color: usize, piece: usize, sq: Square) -> u64 {
    KEYS.pieces[color & 1][piece & 7][sq as usize]
}

#[inline]
pub(crate) fn castling(color: Color, rook: Square) -> u64 {
    KEYS.castling[color as usize][rook as usize]
}

/// The castling keys of the rooks in `rooks`, which stand on the back ranks (as the
/// castling rooks do): [`castling`] of each, combined.
#[inline(always)]
pub(crate) fn castling_set(rooks: Bitboard) -> u64 {
    debug_assert!((rooks & !(Bitboard::RANK_1 | Bitboard::RANK_8)).is_empty());
    RIGHTS[0][rooks.0 as u8 as usize] ^ RIGHTS[1][(rooks.0 >> 56) as usize]
}

#[inline]
pub(crate) fn ep_file(sq: Square) -> u64 {
    KEYS.ep_file[sq.file() as usize]
}

#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::board::castling_color;

    /// Every set of back-rank rooks, white's and black's together, has the key of its
    /// rooks' keys combined one by one.
    #[test]
    fn castling_set_combines_each_rooks_key() {
        for white in 0..256u64 {
            for black in (0..256u64).step_by(7) {
                let rooks = Bitboard(white | black << 56);
                let one_by_one = rooks
                    .into_iter()
                    .fold(0, |key, rook| key ^ castling(castling_color(rook), rook));
                assert_eq!(castling_set(rooks), one_by_one, "{:#x}", rooks.0);
            }
        }
        assert_ne!(castling_set(Bitboard::from(Square::H1)), 0);
    }
}
