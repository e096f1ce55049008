//! `magic`: fancy magic bitboards, the usual choice of engines.
//!
//! Per square, the *relevant* occupancy (the piece's rays without their last square,
//! whose occupancy never matters) is multiplied by a magic number; the top `n` bits of
//! the product (`n` = number of relevant squares) index that square's slice of one
//! shared attack table. A magic is good when no two occupancies with different attack
//! sets land on the same index.
//!
//! The numbers below were found by [`find_magic`] (random sparse candidates, the
//! xorshift generator seeded with [`SEARCH_SEED`], rook squares a1…h8 then bishop squares);
//! `cargo run -p rayscan --example find_magics` prints them again, and a test checks
//! that the search still finds exactly these. The attack table is filled at compile time
//! by `const fn` (classical ray attacks), and the build fails if any magic collides.
//! Tables: 107,648 attack words (102,400 rook + 5,248 bishop) and 2 × 64 entries of
//! (mask, magic, offset, shift): 864,256 bytes.

use super::classical::attacks_const;
use super::reference::{walk_bishop, walk_rook};
use super::Slider;
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::masks;
use crate::piece::SliderPiece;
use crate::square::Square;

/// Fancy magic bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Magic;

/// The seed of the search that found the shipped magic numbers.
pub const SEARCH_SEED: u64 = 0x1234_5678_9abc_def1;

/// The rook magic numbers, a1 to h8.
pub static ROOK_MAGICS: [u64; 64] = [
    0x0080008040002018,
    0x0040100040002001,
    0x09000d0010200040,
    0x8080080010008004,
    0xa280080002340080,
    0x2500050024000208,
    0x0280010000800200,
    0x1100144380220100,
    0xa92080048c204002,
    0x0802804003200080,
    0x0108802000100089,
    0x8060800800801002,
    0xa002000822000410,
    0x950a001002000824,
    0x1202000408010200,
    0x02950008408a0100,
    0x40a0a18000814000,
    0x0080848020004011,
    0x0800828010002000,
    0x0500420010200a00,
    0x0008818004000802,
    0x0000808004000200,
    0x0000040001020810,
    0x0081120000442081,
    0x0522400180002090,
    0x2800200040401000,
    0x402004a180100481,
    0x0880420200200810,
    0x000a040080800800,
    0x080a000404001020,
    0x0000010400820810,
    0x4000d08200004c09,
    0x0100804000800020,
    0xcc01028026004200,
    0x0081002001004010,
    0x0000800800801000,
    0x0009800401802800,
    0x0002000902000410,
    0x0000180144001022,
    0x00008100c6002884,
    0x1200800040008024,
    0x2000200050044000,
    0x0090882200420010,
    0x6a1810200a020040,
    0x0480040008008080,
    0x0206001108160014,
    0xc010040200010100,
    0x000001018046000c,
    0x00b0400880042080,
    0x0040002010080220,
    0x0020004228110100,
    0x0150000804004140,
    0x0028008004000980,
    0x0801000804000300,
    0x2c80210208900400,
    0x0000040130408200,
    0x4001409100258001,
    0x0005004002883021,
    0x019041e003001019,
    0x8000200900041001,
    0x4021001002040801,
    0x0011000400080201,
    0x1600010210408804,
    0x2010810084003042,
];
/// The bishop magic numbers, a1 to h8.
pub static BISHOP_MAGICS: [u64; 64] = [
    0x0032482800818200,
    0x0819022820450000,
    0x4242108204880008,
    0x8044404080410224,
    0x1407104000080100,
    0x1b01100210004000,
    0x0b0c0888841010c1,
    0x08a0108201104020,
    0x00003888654c0410,
    0x0010220202520a00,
    0x4003048400820001,
    0x1007022082000002,
    0x3c22040420040a18,
    0x3440508820080030,
    0x1204208090082100,
    0x0000930501012000,
    0x0010842002d00100,
    0x0202000404484208,
    0x0008000100410602,
    0x0088000404200800,
    0xa004100202020232,
    0x0004200100a01002,
    0x0201000208020200,
    0x2022010022020200,
    0x80100410100410b0,
    0x3010704848011100,
    0x2000380010048320,
    0x8068080000202120,
    0x0001010080104000,
    0x4808004120806000,
    0x5000821000823008,
    0x0004010000504224,
    0x0088044010040808,
    0x0812022000032814,
    0xa000280800110202,
    0x2882200802010105,
    0x0508082400024100,
    0x8001010200030800,
    0x4001260e00019820,
    0x0c02040308507180,
    0x0880884441009000,
    0x20a84202a0011000,
    0x00010410820c1000,
    0x4000002018000108,
    0x0080091124004a00,
    0x0409010302010700,
    0x0088128802040040,
    0x1801010408801100,
    0x0184010190110800,
    0x0000404208210000,
    0x0000120908880000,
    0x9006180020884020,
    0x900000400488410a,
    0x0410218401020100,
    0x0004d00428008100,
    0x0002021404008400,
    0x0911410150222026,
    0x0300202088041040,
    0x0100a06124122800,
    0x001c042000420200,
    0x0004018208030400,
    0x0044040405080200,
    0x040820200402b680,
    0x0204200411020410,
];

/// The relevant occupancy of a rook on `sq`: its rays without their last square.
///
/// ```
/// use rayscan::sliders::magic;
/// use rayscan::{Bitboard, Square};
/// assert_eq!(Bitboard(magic::rook_relevant(Square::A1)).to_string(), "\
/// . . . . . . . .
/// 1 . . . . . . .
/// 1 . . . . . . .
/// 1 . . . . . . .
/// 1 . . . . . . .
/// 1 . . . . . . .
/// 1 . . . . . . .
/// . 1 1 1 1 1 1 .");
/// ```
pub const fn rook_relevant(sq: Square) -> u64 {
    relevant(sq, &Direction::ROOK)
}

/// The relevant occupancy of a bishop on `sq`: its rays without the border squares.
pub const fn bishop_relevant(sq: Square) -> u64 {
    relevant(sq, &Direction::BISHOP)
}

const fn relevant(sq: Square, dirs: &[Direction; 4]) -> u64 {
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        m |= masks::ray_by_calculation(dirs[i], sq).0 & !dirs[i].edge().0;
        i += 1;
    }
    m
}

/// One square's lookup parameters.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Entry {
    mask: u64,
    magic: u64,
    offset: u32,
    shift: u32,
}

const fn build_entries(magics: &[u64; 64], rook: bool, base: usize) -> [Entry; 64] {
    let mut e = [Entry {
        mask: 0,
        magic: 0,
        offset: 0,
        shift: 0,
    }; 64];
    let mut offset = base;
    let mut s = 0;
    while s < 64 {
        let sq = Square::ALL[s];
        let mask = if rook {
            rook_relevant(sq)
        } else {
            bishop_relevant(sq)
        };
        let bits = mask.count_ones();
        e[s] = Entry {
            mask,
            magic: magics[s],
            offset: offset as u32,
            shift: 64 - bits,
        };
        offset += 1 << bits;
        s += 1;
    }
    e
}

const fn table_len(rook: bool) -> usize {
    let mut n = 0;
    let mut s = 0;
    while s < 64 {
        let mask = if rook {
            rook_relevant(Square::ALL[s])
        } else {
            bishop_relevant(Square::ALL[s])
        };
        n += 1 << mask.count_ones();
        s += 1;
    }
    n
}

const ROOK_LEN: usize = table_len(true);
const TOTAL_LEN: usize = ROOK_LEN + table_len(false);

static ROOK_ENTRIES: [Entry; 64] = build_entries(&ROOK_MAGICS, true, 0);
static BISHOP_ENTRIES: [Entry; 64] = build_entries(&BISHOP_MAGICS, false, ROOK_LEN);

// Evaluated at compile time only (into a `static`): a bad magic number fails the build,
// never a run.
#[allow(clippy::panic)]
const fn fill(
    table: &mut [u64; TOTAL_LEN],
    rays: &[[u64; 64]; 8],
    entries: &[Entry; 64],
    dirs: &[Direction; 4],
) {
    let mut s = 0;
    while s < 64 {
        let e = entries[s];
        let mut subset: u64 = 0;
        loop {
            let attacks = attacks_const(rays, dirs, s, subset);
            let i = e.offset as usize + (subset.wrapping_mul(e.magic) >> e.shift) as usize;
            // Attack sets are never empty, so 0 marks a free slot.
            if table[i] == 0 {
                table[i] = attacks;
            } else if table[i] != attacks {
                panic!(
                    "magic number collision: two occupancies with different attacks share a slot"
                );
            }
            subset = subset.wrapping_sub(e.mask) & e.mask;
            if subset == 0 {
                break;
            }
        }
        s += 1;
    }
}

const fn build_attacks() -> [u64; TOTAL_LEN] {
    let mut table = [0; TOTAL_LEN];
    let rays = masks::build_rays();
    let rook = build_entries(&ROOK_MAGICS, true, 0);
    fill(&mut table, &rays, &rook, &Direction::ROOK);
    let bishop = build_entries(&BISHOP_MAGICS, false, ROOK_LEN);
    fill(&mut table, &rays, &bishop, &Direction::BISHOP);
    table
}

static ATTACKS: [u64; TOTAL_LEN] = build_attacks();

#[inline]
fn lookup(e: &Entry, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
    // SAFETY: `shift` is 64 minus the mask's bit count, so `index < 2^bits`, and
    // `build_entries` gave every square exactly `2^bits` slots from `offset` on, their sum
    // being `TOTAL_LEN` (`table_len`). Measured: the bounds check sat on every lookup in
    // the perft profile.
    Bitboard(unsafe { *ATTACKS.get_unchecked(e.offset as usize + index) })
}

impl Slider for Magic {
    const NAME: &'static str = "magic";
    const DESCRIPTION: &'static str =
        "fancy magic bitboards: (occupied & mask) * magic >> shift indexes a shared attack table";
    const TABLE_BYTES: usize =
        core::mem::size_of::<[u64; TOTAL_LEN]>() + 2 * core::mem::size_of::<[Entry; 64]>();

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        lookup(&ROOK_ENTRIES[sq as usize], occupied)
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        lookup(&BISHOP_ENTRIES[sq as usize], occupied)
    }
}

/// Searches a magic number for `piece` (rook or bishop) on `sq`: random sparse
/// candidates from the xorshift state `seed` until one maps every relevant occupancy to
/// a slot without a destructive collision. `None` for the queen, which has no magics of
/// its own (it is rook ∪ bishop). Takes milliseconds per square.
///
/// ```
/// use rayscan::sliders::magic;
/// use rayscan::{SliderPiece, Square};
/// let mut seed = 42;
/// let m = magic::find_magic(SliderPiece::Bishop, Square::C1, &mut seed).unwrap();
/// assert!(magic::is_magic(SliderPiece::Bishop, Square::C1, m));
/// ```
pub fn find_magic(piece: SliderPiece, sq: Square, seed: &mut u64) -> Option<u64> {
    let rook = match piece {
        SliderPiece::Rook => true,
        SliderPiece::Bishop => false,
        SliderPiece::Queen => return None,
    };
    let mut random = || {
        *seed ^= *seed >> 12;
        *seed ^= *seed << 25;
        *seed ^= *seed >> 27;
        seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mask = if rook {
        rook_relevant(sq)
    } else {
        bishop_relevant(sq)
    };
    loop {
        let candidate = random() & random() & random();
        // Cheap pre-filter: a useful magic spreads the mask over the top byte.
        if (mask.wrapping_mul(candidate) & 0xff00_0000_0000_0000).count_ones() < 6 {
            continue;
        }
        if is_magic(piece, sq, candidate) {
            return Some(candidate);
        }
    }
}

/// Whether `magic` indexes `piece` on `sq` without a destructive collision (rook or
/// bishop; `false` for the queen).
pub fn is_magic(piece: SliderPiece, sq: Square, magic: u64) -> bool {
    let (mask, walk): (u64, fn(Square, u64) -> u64) = match piece {
        SliderPiece::Rook => (rook_relevant(sq), walk_rook),
        SliderPiece::Bishop => (bishop_relevant(sq), walk_bishop),
        SliderPiece::Queen => return false,
    };
    let shift = 64 - mask.count_ones();
    let mut used = [0u64; 4096];
    for subset in Bitboard(mask).subsets() {
        let attacks = walk(sq, subset.0);
        let slot = &mut used[(subset.0.wrapping_mul(magic) >> shift) as usize];
        if *slot == 0 {
            *slot = attacks;
        } else if *slot != attacks {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        assert_eq!(ROOK_LEN, 102_400);
        assert_eq!(TOTAL_LEN, 107_648);
        assert_eq!(Magic::TABLE_BYTES, 864_256);
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "a random search over millions of candidates: hours under Miri"
    )]
    fn shipped_magics_are_what_the_search_finds() {
        let mut seed = SEARCH_SEED;
        for (piece, magics) in [
            (SliderPiece::Rook, &ROOK_MAGICS),
            (SliderPiece::Bishop, &BISHOP_MAGICS),
        ] {
            for sq in Square::ALL {
                assert_eq!(find_magic(piece, sq, &mut seed), Some(magics[sq as usize]));
            }
        }
    }

    #[test]
    fn a_bad_magic_is_refused() {
        assert!(!is_magic(SliderPiece::Rook, Square::A1, 1));
        assert!(!is_magic(SliderPiece::Queen, Square::A1, ROOK_MAGICS[0]));
        assert_eq!(find_magic(SliderPiece::Queen, Square::A1, &mut 1), None);
    }
}
