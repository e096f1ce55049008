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
//! that the search still finds exactly these. The attack table is filled by the build
//! script (`build.rs`, a plain ray walk), and the build fails if any magic collides.
//! Tables: 107,648 attack words (102,400 rook + 5,248 bishop) and 2 × 64 entries of
//! (mask, magic, offset, shift): 864,256 bytes.

use super::Slider;
use super::reference::{walk_bishop, walk_rook};
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

mod numbers;
pub use numbers::{BISHOP_MAGICS, ROOK_MAGICS};

/// The relevant occupancy of a rook on `sq`: its rays without their last square.
///
/// # Examples
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

/// The attack table, filled by `build.rs` (which fails the build if a magic collides).
#[cfg(not(feature = "tables-at-load"))]
static ATTACKS: [u64; TOTAL_LEN] = super::built_table!("magic_attacks.bin", TOTAL_LEN);

#[cfg(not(feature = "tables-at-load"))]
#[inline]
fn attacks() -> &'static [u64; TOTAL_LEN] {
    &ATTACKS
}

/// With `tables-at-load`, the table is filled by [`fill`] on its first use instead of
/// being shipped: 842 KiB less in the binary (the WebAssembly package's choice), a few
/// milliseconds once.
#[cfg(feature = "tables-at-load")]
mod at_load {
    use core::cell::UnsafeCell;
    use core::sync::atomic::{AtomicU8, Ordering};

    use super::TOTAL_LEN;

    struct Table(UnsafeCell<[u64; TOTAL_LEN]>);

    // SAFETY: the table is written once, by the one thread that moves `STATE` from
    // `EMPTY` to `FILLING`, and read only after `STATE` is `READY` (stored with Release
    // after the writes, loaded with Acquire before the reads); nothing writes it after.
    unsafe impl Sync for Table {}

    static TABLE: Table = Table(UnsafeCell::new([0; TOTAL_LEN]));
    static STATE: AtomicU8 = AtomicU8::new(EMPTY);
    const EMPTY: u8 = 0;
    const FILLING: u8 = 1;
    const READY: u8 = 2;

    #[inline]
    pub fn attacks() -> &'static [u64; TOTAL_LEN] {
        if STATE.load(Ordering::Acquire) != READY {
            fill_once();
        }
        // SAFETY: `STATE` is `READY`, so the table is filled and never written again.
        unsafe { &*TABLE.0.get() }
    }

    #[cold]
    #[inline(never)]
    fn fill_once() {
        let won = STATE.compare_exchange(EMPTY, FILLING, Ordering::Acquire, Ordering::Acquire);
        if won.is_ok() {
            // SAFETY: only the thread that moved `STATE` from `EMPTY` gets here, once, and
            // no thread reads the table before `STATE` is `READY`.
            super::fill(unsafe { &mut *TABLE.0.get() });
            STATE.store(READY, Ordering::Release);
        } else {
            while STATE.load(Ordering::Acquire) != READY {
                core::hint::spin_loop();
            }
        }
    }
}

#[cfg(feature = "tables-at-load")]
use at_load::attacks;

/// Fills the attack table as `build.rs` does: every subset of every square's relevant
/// occupancy, walked ray by ray, stored where its magic index points.
#[cfg(any(test, feature = "tables-at-load"))]
fn fill(table: &mut [u64; TOTAL_LEN]) {
    for (entries, rook) in [(&ROOK_ENTRIES, true), (&BISHOP_ENTRIES, false)] {
        for sq in Square::ALL {
            let e = &entries[sq as usize];
            let mut subset = 0u64;
            loop {
                let index = (subset.wrapping_mul(e.magic) >> e.shift) as usize;
                table[e.offset as usize + index] = if rook {
                    walk_rook(sq, subset)
                } else {
                    walk_bishop(sq, subset)
                };
                subset = subset.wrapping_sub(e.mask) & e.mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
}

#[inline]
fn lookup(e: &Entry, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
    // SAFETY: `shift` is 64 minus the mask's bit count, so `index < 2^bits`, and
    // `build_entries` gave every square exactly `2^bits` slots from `offset` on, their sum
    // being `TOTAL_LEN` (`table_len`). Measured: the bounds check sat on every lookup in
    // the perft profile.
    Bitboard(unsafe { *attacks().get_unchecked(e.offset as usize + index) })
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
/// # Examples
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
    fn the_table_filled_at_load_is_the_built_one() {
        let mut filled = vec![0u64; TOTAL_LEN];
        fill(filled.as_mut_slice().try_into().unwrap());
        assert!(filled.iter().eq(attacks().iter()));
    }

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
