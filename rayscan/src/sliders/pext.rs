//! `pext`: BMI2 parallel bit extract. `PEXT(occupied, mask)` packs the relevant
//! occupancy bits into a dense index, so the table needs no magic numbers and no
//! multiplication.
//!
//! The carry-rippler enumerates a mask's subsets in increasing order, and PEXT maps them
//! to 0, 1, 2 … in that same order, so the build script (`build.rs`) fills the table
//! without PEXT itself.
//! Tables: 107,648 attack words and 2 × 64 (mask, offset) entries: 863,232 bytes.
//!
//! The type exists on every x86-64 build; the instruction runs only where the CPU has it.
//! [`Pext`] checks ([`crate::cpu::bmi2`], a cached flag, or nothing at all when the crate
//! is compiled with BMI2) and otherwise computes the same index in software, bit by bit:
//! correct everywhere, slow where BMI2 is missing. [`crate::sliders::Technique::dispatch`]
//! hands the hot paths an unchecked twin instead, once BMI2 is known to be present.

use core::arch::x86_64::_pext_u64;

use super::Slider;
use super::magic::{bishop_relevant, rook_relevant};
use crate::bitboard::Bitboard;
use crate::square::Square;

/// BMI2 PEXT lookup (in software where the CPU lacks BMI2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pext;

/// [`Pext`] without the check: the PEXT instruction, always.
///
/// Crate-private so that safe code cannot name it: it is only ever handed out (as the
/// type parameter of a dispatched call) after [`crate::cpu::bmi2`] returned `true`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Hardware;

/// [`Pext`] with the index computed in software: what runs without BMI2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Software;

#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Entry {
    mask: u64,
    offset: u64,
}

const fn build_entries(rook: bool, base: usize) -> [Entry; 64] {
    let mut e = [Entry { mask: 0, offset: 0 }; 64];
    let mut offset = base;
    let mut s = 0;
    while s < 64 {
        let sq = Square::ALL[s];
        let mask = if rook {
            rook_relevant(sq)
        } else {
            bishop_relevant(sq)
        };
        e[s] = Entry {
            mask,
            offset: offset as u64,
        };
        offset += 1 << mask.count_ones();
        s += 1;
    }
    e
}

const ROOK_LEN: usize = 102_400;
const TOTAL_LEN: usize = ROOK_LEN + 5_248;

/// The (mask, offset) entries of rooks and bishops, and the attack table, in one
/// `static`: code compiled in another crate (a caller's monomorphized perft) reaches a
/// `static` of this one through the global offset table, one load per `static`; one
/// `static` for all three costs one such load, which the compiler can keep for the
/// whole loop.
#[repr(C)]
struct Tables {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    /// Filled by `build.rs`: each square's slice in the carry-rippler's order of its
    /// mask's subsets, which is PEXT's order.
    attacks: [u64; TOTAL_LEN],
}

static TABLES: Tables = Tables {
    rook: build_entries(true, 0),
    bishop: build_entries(false, ROOK_LEN),
    attacks: super::built_table!("pext_attacks.bin", TOTAL_LEN),
};

// The slices tile the table exactly, rooks then bishops: the lookups' `SAFETY` rests on it.
const _: () = {
    let rooks = build_entries(true, 0);
    let bishops = build_entries(false, ROOK_LEN);
    assert!(rooks[63].offset as usize + (1 << rooks[63].mask.count_ones()) == ROOK_LEN);
    assert!(bishops[0].offset as usize == ROOK_LEN);
    assert!(bishops[63].offset as usize + (1 << bishops[63].mask.count_ones()) == TOTAL_LEN);
};

/// PEXT in software: the bits of `x` under `mask`, packed from bit 0 up in the mask's order.
#[inline]
pub(crate) fn pext_software(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        if x & mask & mask.wrapping_neg() != 0 {
            out |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    out
}

/// The attack set at the slot `index` of `e`'s slice.
#[inline]
fn slot(e: &Entry, index: u64) -> Bitboard {
    debug_assert!(index < 1 << e.mask.count_ones());
    // SAFETY: `index` is PEXT of the occupancy under `e.mask` (by the instruction or by
    // `pext_software`), so it has at most `popcount(mask)` bits: `index < 2^popcount(mask)`.
    // `build_entries` gave every square exactly that many slots from `offset` on, and the
    // slices tile `TABLES.attacks` exactly (asserted at compile time below the tables). Measured: the
    // bounds check sat on every lookup in the perft profile.
    Bitboard(unsafe { *TABLES.attacks.get_unchecked((e.offset + index) as usize) })
}

/// The lookup with the instruction. Compiled with BMI2 itself, so that a caller compiled
/// without it (a baseline build's generic code) calls this whole lookup, PEXT inlined,
/// rather than PEXT alone; callers compiled with BMI2 inline it.
#[inline]
#[target_feature(enable = "bmi2")]
fn lookup_hardware(e: &Entry, occupied: Bitboard) -> Bitboard {
    slot(e, _pext_u64(occupied.0, e.mask))
}

/// Whether [`Pext`] may run the instruction: a constant when the crate is built with BMI2.
#[inline]
fn hardware() -> bool {
    cfg!(target_feature = "bmi2") || crate::cpu::bmi2()
}

const NAME: &str = "pext";
const DESCRIPTION: &str =
    "BMI2 PEXT(occupied, mask) indexes the attack table directly: no magic, no multiply";
const TABLE_BYTES: usize =
    core::mem::size_of::<[u64; TOTAL_LEN]>() + 2 * core::mem::size_of::<[Entry; 64]>();

impl Slider for Pext {
    const NAME: &'static str = NAME;
    const DESCRIPTION: &'static str = DESCRIPTION;
    const TABLE_BYTES: usize = TABLE_BYTES;

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        if hardware() {
            Hardware::rook_attacks(sq, occupied)
        } else {
            Software::rook_attacks(sq, occupied)
        }
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        if hardware() {
            Hardware::bishop_attacks(sq, occupied)
        } else {
            Software::bishop_attacks(sq, occupied)
        }
    }
}

impl Slider for Hardware {
    const NAME: &'static str = NAME;
    const DESCRIPTION: &'static str = DESCRIPTION;
    const TABLE_BYTES: usize = TABLE_BYTES;

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: `Hardware` is only handed out where `cpu::bmi2()` returned true: the
        // CPU executes PEXT.
        unsafe { lookup_hardware(&TABLES.rook[sq as usize], occupied) }
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: as for the rook.
        unsafe { lookup_hardware(&TABLES.bishop[sq as usize], occupied) }
    }
}

impl Slider for Software {
    const NAME: &'static str = NAME;
    const DESCRIPTION: &'static str = DESCRIPTION;
    const TABLE_BYTES: usize = TABLE_BYTES;

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let e = &TABLES.rook[sq as usize];
        slot(e, pext_software(occupied.0, e.mask))
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let e = &TABLES.bishop[sq as usize];
        slot(e, pext_software(occupied.0, e.mask))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::Reference;

    #[test]
    fn software_pext_matches_the_instruction() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = x.rotate_left(23) & x.rotate_right(11);
            if crate::cpu::bmi2() {
                // SAFETY: `cpu::bmi2()` said the CPU has BMI2.
                assert_eq!(pext_software(x, mask), unsafe { _pext_u64(x, mask) });
            }
        }
        assert_eq!(pext_software(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext_software(0b1011_0110, 0b0101_0101), 0b0110);
    }

    #[test]
    fn software_lookup_is_exhaustively_right() {
        for sq in Square::ALL {
            for (entries, rook) in [(&TABLES.rook, true), (&TABLES.bishop, false)] {
                let mask = entries[sq as usize].mask;
                let mut subset: u64 = 0;
                loop {
                    let occupied = Bitboard(subset);
                    let (got, want) = if rook {
                        (
                            Software::rook_attacks(sq, occupied),
                            Reference::rook_attacks(sq, occupied),
                        )
                    } else {
                        (
                            Software::bishop_attacks(sq, occupied),
                            Reference::bishop_attacks(sq, occupied),
                        )
                    };
                    assert_eq!(got, want, "{sq} {subset:#x}");
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }
}
