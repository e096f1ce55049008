//! The hot paths compiled twice: as the crate is built, and with the features of
//! x86-64-v3 enabled (AVX2, BMI1, BMI2, LZCNT, POPCNT…: [`crate::cpu::FEATURES`]), chosen
//! once at the top by [`crate::cpu::x86_64_v3`].
//!
//! `#[target_feature]` applies to one function and to what is inlined into it, not to the
//! functions it calls. So the functions perft *calls* (itself, and the count it keeps out
//! of line) go through an [`Isa`], a type parameter: the [`V3`] copy calls the
//! feature-enabled twins, and the recursion stays inside them. Everything else on the hot
//! path (the traversal, the visitors, the masks, the lookups) is `#[inline(always)]` and
//! compiled into each copy.

use super::piecewise::{Lister, Visitor, count_king, enumerate_position, perft_body};
use super::side::Side;
use crate::chess_move::MoveList;
#[cfg(feature = "std")]
use crate::perft::hash::{PerftTable, hashed_body, lookup};
use crate::perft::stats::{PerftStats, stats_body};
use crate::position::{Board, Position};
use crate::sliders::Slider;
use crate::square::Square;

/// A set of CPU features the hot paths are compiled for.
pub(crate) trait Isa: Copy + 'static {
    /// Perft below side `C` to move on `b` ([`perft_body`]).
    fn perft_board<S: Slider, C: Side>(b: &Board, depth: u32) -> u64;
    /// The moves of side `C` on `b`, whose king stands on `king`, counted in a function
    /// of its own: perft's last ply for the rare kinds of move.
    fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64;
    /// Runs the visitor over the legal moves of `pos`, and hands it back. By value: held
    /// behind a pointer into the caller's frame, the visitor's state went through memory
    /// at every set (a callback's running count added in memory, one set after another).
    fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V;
    /// Perft statistics below side `C` to move on `b` ([`stats_body`]).
    fn stats_board<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats);
    /// Hashed perft below side `C` to move on `b`, depth ≥ 3 ([`hashed_body`]).
    #[cfg(feature = "std")]
    fn hashed_board<S: Slider, C: Side>(
        b: &Board,
        key: u128,
        depth: u32,
        table: &PerftTable,
    ) -> u64;
}

/// Whatever the crate is compiled with (baseline x86-64 unless `-C target-cpu` says more).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Baseline;

/// The x86-64-v3 features enabled. Chosen only in [`hot`], after
/// [`crate::cpu::x86_64_v3`] returned `true`: that is the invariant that makes its
/// `unsafe` calls sound.
#[cfg(rayscan_v3_copy)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct V3;

/// Without a second copy (`build.rs` sets `rayscan_v3_copy` only on x86-64 built without
/// all of [`crate::cpu::FEATURES`]): elsewhere there is no x86-64-v3, and a crate built
/// with those features (`-C target-cpu=native` on a recent CPU) would compile the same
/// code twice. The entry points' second branch is then the first one again.
#[cfg(not(rayscan_v3_copy))]
pub(crate) type V3 = Baseline;

impl Isa for Baseline {
    #[inline]
    fn perft_board<S: Slider, C: Side>(b: &Board, depth: u32) -> u64 {
        perft_body::<S, C, Self>(b, depth)
    }
    #[inline(never)]
    fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
        count_king::<S, C>(b, king)
    }
    #[inline]
    fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V {
        let mut v = v;
        enumerate_position::<S, V>(pos, &mut v);
        v
    }
    #[inline]
    fn stats_board<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats) {
        stats_body::<S, C, Self>(b, depth, out);
    }
    #[cfg(feature = "std")]
    #[inline]
    fn hashed_board<S: Slider, C: Side>(
        b: &Board,
        key: u128,
        depth: u32,
        table: &PerftTable,
    ) -> u64 {
        hashed_body::<S, C, Self>(b, key, depth, table)
    }
}

#[cfg(rayscan_v3_copy)]
impl Isa for V3 {
    #[inline(always)]
    fn perft_board<S: Slider, C: Side>(b: &Board, depth: u32) -> u64 {
        // SAFETY: `V3` is only chosen where `cpu::x86_64_v3()` said the CPU has the features.
        unsafe { perft_v3::<S, C>(b, depth) }
    }
    #[inline(always)]
    fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
        // SAFETY: as above.
        unsafe { count_leaf_v3::<S, C>(b, king) }
    }
    #[inline(always)]
    fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V {
        // SAFETY: as above.
        unsafe { enumerate_v3::<S, V>(pos, v) }
    }
    #[inline(always)]
    fn stats_board<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats) {
        // SAFETY: as above.
        unsafe { stats_v3::<S, C>(b, depth, out) }
    }
    #[cfg(feature = "std")]
    #[inline(always)]
    fn hashed_board<S: Slider, C: Side>(
        b: &Board,
        key: u128,
        depth: u32,
        table: &PerftTable,
    ) -> u64 {
        // SAFETY: as above.
        unsafe { hashed_v3::<S, C>(b, key, depth, table) }
    }
}

#[cfg(rayscan_v3_copy)]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn perft_v3<S: Slider, C: Side>(b: &Board, depth: u32) -> u64 {
    perft_body::<S, C, V3>(b, depth)
}

#[cfg(rayscan_v3_copy)]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
#[inline(never)]
fn count_leaf_v3<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
    count_king::<S, C>(b, king)
}

#[cfg(rayscan_v3_copy)]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn enumerate_v3<S: Slider, V: Visitor>(pos: &Position, v: V) -> V {
    let mut v = v;
    enumerate_position::<S, V>(pos, &mut v);
    v
}

#[cfg(rayscan_v3_copy)]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn stats_v3<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats) {
    stats_body::<S, C, V3>(b, depth, out);
}

#[cfg(all(rayscan_v3_copy, feature = "std"))]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn hashed_v3<S: Slider, C: Side>(b: &Board, key: u128, depth: u32, table: &PerftTable) -> u64 {
    hashed_body::<S, C, V3>(b, key, depth, table)
}

/// The entry points: each asks [`crate::cpu::x86_64_v3`] once and runs the matching copy.
pub(crate) mod hot {
    use super::*;

    /// Whether to run the [`V3`] copy: only where there is a second copy. Without one
    /// (a crate built for x86-64-v3 or better), asking the CPU at every call made every
    /// caller inline the generator twice, once per branch, for nothing.
    #[inline(always)]
    fn run_v3() -> bool {
        cfg!(rayscan_v3_copy) && crate::cpu::x86_64_v3()
    }
    use crate::color::Color;
    use crate::movegen::piecewise::Counter;
    use crate::movegen::side::{Black, White};

    /// Perft (depth ≥ 1) from `pos` on its board.
    #[inline]
    pub(crate) fn perft<S: Slider>(pos: &Position, depth: u32) -> u64 {
        fn on<S: Slider, K: Isa>(pos: &Position, depth: u32) -> u64 {
            match pos.side_to_move() {
                Color::White => K::perft_board::<S, White>(pos.board(), depth),
                Color::Black => K::perft_board::<S, Black>(pos.board(), depth),
            }
        }
        if run_v3() {
            on::<S, V3>(pos, depth)
        } else {
            on::<S, Baseline>(pos, depth)
        }
    }

    /// The legal moves of `pos`, listed.
    #[inline]
    pub(crate) fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
        visit::<S, _>(pos, Lister::new(list));
    }

    /// Runs `visitor` over the legal moves of `pos`, and hands it back.
    #[inline]
    pub(crate) fn visit<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V {
        if run_v3() {
            V3::enumerate::<S, _>(pos, visitor)
        } else if cfg!(rayscan_v3_copy) {
            baseline_apart::<S, _>(pos, visitor)
        } else {
            Baseline::enumerate::<S, _>(pos, visitor)
        }
    }

    /// The baseline copy where the other copy runs: called, not inlined beside the
    /// call of the other.
    #[inline(never)]
    fn baseline_apart<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V {
        Baseline::enumerate::<S, _>(pos, visitor)
    }

    /// Perft statistics (depth ≥ 1) of `pos`, added to `out`.
    #[inline]
    pub(crate) fn stats<S: Slider>(pos: &Position, depth: u32, out: &mut PerftStats) {
        fn on<S: Slider, K: Isa>(pos: &Position, depth: u32, out: &mut PerftStats) {
            match pos.side_to_move() {
                Color::White => K::stats_board::<S, White>(pos.board(), depth, out),
                Color::Black => K::stats_board::<S, Black>(pos.board(), depth, out),
            }
        }
        if run_v3() {
            on::<S, V3>(pos, depth, out);
        } else {
            on::<S, Baseline>(pos, depth, out);
        }
    }

    /// Hashed perft (depth ≥ 2) of `pos`, whose key in `table` is `key`: looked up
    /// first, stored after.
    #[cfg(feature = "std")]
    #[inline]
    pub(crate) fn perft_hashed<S: Slider>(
        pos: &Position,
        key: u128,
        depth: u32,
        table: &PerftTable,
    ) -> u64 {
        fn on<S: Slider, K: Isa>(pos: &Position, key: u128, depth: u32, t: &PerftTable) -> u64 {
            match pos.side_to_move() {
                Color::White => lookup::<S, White, K>(pos.board(), key, depth, t),
                Color::Black => lookup::<S, Black, K>(pos.board(), key, depth, t),
            }
        }
        if run_v3() {
            on::<S, V3>(pos, key, depth, table)
        } else {
            on::<S, Baseline>(pos, key, depth, table)
        }
    }

    /// The number of legal moves of `pos`.
    #[inline]
    pub(crate) fn count<S: Slider>(pos: &Position) -> u64 {
        visit::<S, _>(pos, Counter(0)).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::movegen::side::{Black, White};
    #[cfg(target_arch = "x86_64")]
    use crate::sliders::pext;
    use crate::sliders::{Classical, Magic};

    #[test]
    fn every_copy_is_compiled_with_the_documented_features() {
        let source = include_str!("isa.rs");
        let attribute = format!("enable = \"{}\"", crate::cpu::FEATURES);
        assert_eq!(source.matches(attribute.as_str()).count(), 5);
        // build.rs decides whether the copy is compiled, from its own list of the features.
        let build = include_str!("../../build.rs");
        let list = build.split("const V3_FEATURES").nth(1).unwrap();
        let list: String = list[list.find('=').unwrap()..list.find("];").unwrap()]
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == ',')
            .collect();
        assert_eq!(list.trim_end_matches(','), crate::cpu::FEATURES);
        assert_eq!(
            cfg!(rayscan_v3_copy),
            cfg!(target_arch = "x86_64") && !crate::cpu::COMPILED_WITH_V3
        );
    }

    fn perft_on<S: Slider, K: Isa>(pos: &Position, depth: u32) -> u64 {
        match pos.side_to_move() {
            Color::White => K::perft_board::<S, White>(pos.board(), depth),
            Color::Black => K::perft_board::<S, Black>(pos.board(), depth),
        }
    }

    /// Both copies, run directly (the dispatch picks one), give the counts of an
    /// independent generator, with PEXT in software (baseline) and in hardware.
    #[test]
    fn both_copies_agree() {
        let positions = [
            Position::startpos(),
            Position::from_fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .unwrap()
            .0,
            Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
                .unwrap()
                .0,
        ];
        for pos in &positions {
            for depth in 1..=3 {
                let want = crate::perft::perft_hybrid::<Classical>(pos, depth);
                assert_eq!(perft_on::<Magic, Baseline>(pos, depth), want);
                #[cfg(target_arch = "x86_64")]
                {
                    assert_eq!(perft_on::<pext::Software, Baseline>(pos, depth), want);
                    if crate::cpu::x86_64_v3() {
                        assert_eq!(perft_on::<Magic, V3>(pos, depth), want);
                        assert_eq!(perft_on::<pext::Hardware, V3>(pos, depth), want);
                    }
                }
            }
        }
    }
}
