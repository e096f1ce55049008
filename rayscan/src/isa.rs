//! The hot paths compiled three times: as the crate is built, with the features of
//! x86-64-v3 enabled (AVX2, BMI1, BMI2, LZCNT, POPCNT…: [`crate::cpu::FEATURES`]), and
//! with those of x86-64-v4 and AVX-512 VPOPCNTDQ besides ([`crate::cpu::V4_FEATURES`]),
//! chosen once at the top by [`crate::cpu::x86_64_v4`] and [`crate::cpu::x86_64_v3`].
//! A copy the crate's own features already cover is not compiled again: built with
//! `-C target-cpu=native` on Zen 4, all three are the first.
//!
//! `#[target_feature]` applies to one function and to what is inlined into it, not to the
//! functions it calls. So the functions perft *calls* (itself, and the count it keeps out
//! of line) go through an [`Isa`], a type parameter: the [`V3`] copy calls the
//! feature-enabled twins, and the recursion stays inside them. Everything else on the hot
//! path (the traversal, the visitors, the masks, the lookups) is `#[inline(always)]` and
//! compiled into each copy.
//!
//! The top layer of the library: nothing below imports this module. What the layers
//! below need of it they declare themselves, as traits this module implements:
//! - a body reaches the copy it runs in through the trait declared beside it:
//!   [`Isa`] (`perft::copy`), [`StatsCopy`] (`perft::stats`), [`HashedCopy`]
//!   (`perft::hash`), implemented here for [`Baseline`], [`V3`] and [`V4`];
//! - the public API reaches the copy the CPU can run through the entry points declared
//!   beside it: [`Entry`] (`movegen::entry`: the generator's visits), [`PerftEntry`],
//!   [`StatsEntry`] and [`HashedEntry`], implemented here for [`Hot`].

use crate::chess_move::MoveList;
use crate::movegen::entry::{Entry, Hot};
use crate::movegen::listing::OneByOne;
use crate::movegen::piecewise::{Lister, Visitor, count_king, enumerate_position};
use crate::perft::batch::count_children;
use crate::perft::children::Sealed;
use crate::perft::copy::{Isa, PerftEntry};
use crate::perft::fast::perft_body;
#[cfg(feature = "std")]
use crate::perft::hash::{HashedCopy, HashedEntry, PerftTable, hashed_body, lookup};
use crate::perft::stats::{PerftStats, StatsCopy, StatsEntry, stats_body};
use crate::position::{Board, Position};
use crate::side::Side;
use crate::sliders::Slider;
use crate::square::Square;

/// A copy with every body compiled in it: what the entry points in [`hot`] pick among.
#[cfg(feature = "std")]
pub(crate) trait WholeCopy: Isa + StatsCopy + HashedCopy {}
#[cfg(feature = "std")]
impl<K: Isa + StatsCopy + HashedCopy> WholeCopy for K {}
/// A copy with every body compiled in it: what the entry points in [`hot`] pick among.
#[cfg(not(feature = "std"))]
pub(crate) trait WholeCopy: Isa + StatsCopy {}
#[cfg(not(feature = "std"))]
impl<K: Isa + StatsCopy> WholeCopy for K {}

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

/// The x86-64-v4 features enabled, AVX-512 lanes. Chosen only in [`hot`], after
/// [`crate::cpu::x86_64_v4`] returned `true`: that is the invariant that makes its
/// `unsafe` calls sound, and its lanes' ([`crate::simd::Avx512`]).
#[cfg(rayscan_v4_copy)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct V4;

/// Without a third copy (`build.rs` sets `rayscan_v4_copy` only on x86-64 built without
/// all of [`crate::cpu::V4_FEATURES`]): as for [`V3`], the entry points' first branch
/// is then the baseline one.
#[cfg(not(rayscan_v4_copy))]
pub(crate) type V4 = Baseline;

impl Isa for Baseline {
    type Lanes = crate::simd::Compiled;
    #[inline]
    fn perft_board<S: Slider, C: Side>(b: &Board, depth: u32) -> u64 {
        perft_body::<S, C, Self>(b, depth)
    }
    #[inline(never)]
    fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
        count_king::<S, C>(b, king)
    }
    #[inline(never)]
    fn count_children<X: Side>(parent: &Board, king: Square, children: Sealed<'_>) -> u64 {
        count_children::<X, Self::Lanes>(parent, king, children)
    }
    #[inline]
    fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V {
        let mut v = v;
        enumerate_position::<S, V>(pos, &mut v);
        v
    }
}

impl StatsCopy for Baseline {
    #[inline]
    fn stats_board<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats) {
        stats_body::<S, C, Self>(b, depth, out);
    }
}

#[cfg(feature = "std")]
impl HashedCopy for Baseline {
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

/// A copy of the hot paths compiled with the CPU features `$features` (one string, as
/// `#[target_feature]` takes it), for the [`Isa`] `$isa` and its lanes `$lanes`, where
/// `cfg($copy)`: the six functions compiled with the features, in the module `$fns`,
/// and the [`Isa`] impl that calls them. Each call is `unsafe`; `$isa` is only chosen
/// in [`hot`] after [`crate::cpu`] said the CPU has the features, which makes it sound.
macro_rules! feature_copy {
    ($copy:meta, $isa:ident, $lanes:ty, $fns:ident, $features:tt) => {
        #[cfg($copy)]
        mod $fns {
            use super::*;

            #[target_feature(enable = $features)]
            pub(super) fn perft<S: Slider, C: Side>(b: &Board, depth: u32) -> u64 {
                perft_body::<S, C, $isa>(b, depth)
            }

            #[target_feature(enable = $features)]
            #[inline(never)]
            pub(super) fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
                count_king::<S, C>(b, king)
            }

            #[target_feature(enable = $features)]
            #[inline(never)]
            pub(super) fn count_children<X: Side>(
                parent: &Board,
                king: Square,
                children: Sealed<'_>,
            ) -> u64 {
                super::count_children::<X, $lanes>(parent, king, children)
            }

            #[target_feature(enable = $features)]
            pub(super) fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V {
                let mut v = v;
                enumerate_position::<S, V>(pos, &mut v);
                v
            }

            #[target_feature(enable = $features)]
            pub(super) fn stats<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats) {
                stats_body::<S, C, $isa>(b, depth, out);
            }

            #[cfg(feature = "std")]
            #[target_feature(enable = $features)]
            pub(super) fn hashed<S: Slider, C: Side>(
                b: &Board,
                key: u128,
                depth: u32,
                table: &PerftTable,
            ) -> u64 {
                hashed_body::<S, C, $isa>(b, key, depth, table)
            }
        }

        #[cfg($copy)]
        impl Isa for $isa {
            type Lanes = $lanes;
            #[inline(always)]
            fn perft_board<S: Slider, C: Side>(b: &Board, depth: u32) -> u64 {
                // SAFETY: this copy's `Isa` is only chosen (in `hot`) where `crate::cpu`
                // said the CPU has the features its functions are compiled with.
                unsafe { $fns::perft::<S, C>(b, depth) }
            }
            #[inline(always)]
            fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
                // SAFETY: as above.
                unsafe { $fns::count_leaf::<S, C>(b, king) }
            }
            #[inline(always)]
            fn count_children<X: Side>(parent: &Board, king: Square, children: Sealed<'_>) -> u64 {
                // SAFETY: as above.
                unsafe { $fns::count_children::<X>(parent, king, children) }
            }
            #[inline(always)]
            fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V {
                // SAFETY: as above.
                unsafe { $fns::enumerate::<S, V>(pos, v) }
            }
        }

        #[cfg($copy)]
        impl StatsCopy for $isa {
            #[inline(always)]
            fn stats_board<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats) {
                // SAFETY: as above.
                unsafe { $fns::stats::<S, C>(b, depth, out) }
            }
        }

        #[cfg(all($copy, feature = "std"))]
        impl HashedCopy for $isa {
            #[inline(always)]
            fn hashed_board<S: Slider, C: Side>(
                b: &Board,
                key: u128,
                depth: u32,
                table: &PerftTable,
            ) -> u64 {
                // SAFETY: as above.
                unsafe { $fns::hashed::<S, C>(b, key, depth, table) }
            }
        }
    };
}

feature_copy!(
    rayscan_v3_copy,
    V3,
    crate::simd::Avx2,
    v3,
    "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt"
);

feature_copy!(
    rayscan_v4_copy,
    V4,
    crate::simd::Avx512,
    v4,
    "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx512vpopcntdq,avx512vbmi2"
);

/// The entry points: each asks [`crate::cpu::x86_64_v4`] or [`crate::cpu::x86_64_v3`]
/// once and runs the matching copy. Which copies a technique has is chosen by its type
/// ([`Slider::lanes_or`], so that no technique compiles a copy it never runs):
/// - a technique with the batched last ply ([`crate::perft::LastPly::Batch`]): the
///   x86-64-v4 copy, whose lanes are an AVX-512 register, the x86-64-v3 copy, whose lanes
///   are two AVX2 registers, and the baseline copy, whose lanes are arrays (right, and
///   never the default there);
/// - every other technique computes on single words, where AVX-512 adds nothing to
///   AVX2: the x86-64-v3 copy, which such a CPU runs, and the baseline copy.
mod hot {
    use super::*;
    use crate::color::Color;
    use crate::side::{Black, White};
    use crate::sliders::{Magic, WithSlider};
    use core::marker::PhantomData;

    /// Whether to run the [`V4`] copy: only where there is such a copy. Without one (a
    /// crate built for x86-64-v4 or better), asking the CPU at every call made every
    /// caller inline the generator twice, once per branch, for nothing.
    #[inline(always)]
    fn run_v4() -> bool {
        cfg!(rayscan_v4_copy) && crate::cpu::x86_64_v4()
    }

    /// Whether to run the [`V3`] copy: only where there is such a copy.
    #[inline(always)]
    fn run_v3() -> bool {
        cfg!(rayscan_v3_copy) && crate::cpu::x86_64_v3()
    }

    /// Something to run on one copy of the hot paths.
    trait Action {
        type Output;
        /// Runs on the copy `K` with the technique `S`.
        fn on<S: Slider, K: WholeCopy>(self) -> Self::Output;
        /// Runs on the baseline copy, where the CPU has no other.
        #[inline(always)]
        fn on_baseline<S: Slider>(self) -> Self::Output
        where
            Self: Sized,
        {
            self.on::<S, Baseline>()
        }
    }

    /// Runs an action on the lanes' copies: x86-64-v4, else x86-64-v3, else baseline.
    #[inline(always)]
    fn lanes_copies<S: Slider, A: Action>(action: A) -> A::Output {
        if run_v4() {
            action.on::<S, V4>()
        } else if run_v3() {
            action.on::<S, V3>()
        } else {
            action.on_baseline::<S>()
        }
    }

    /// Runs an action on every other technique's copies: x86-64-v3, else baseline.
    #[inline(always)]
    fn other_copies<S: Slider, A: Action>(action: A) -> A::Output {
        if run_v3() {
            action.on::<S, V3>()
        } else {
            action.on_baseline::<S>()
        }
    }

    /// Names [`lanes_copies`] for the technique it is run with.
    struct ForLanes<A>(PhantomData<A>);
    /// Names [`other_copies`] for the technique it is run with.
    struct ForOthers<A>(PhantomData<A>);

    impl<A: Action> WithSlider for ForLanes<A> {
        type Output = fn(A) -> A::Output;
        #[inline(always)]
        fn run<S: Slider>(self) -> fn(A) -> A::Output {
            lanes_copies::<S, A>
        }
    }

    impl<A: Action> WithSlider for ForOthers<A> {
        type Output = fn(A) -> A::Output;
        #[inline(always)]
        fn run<S: Slider>(self) -> fn(A) -> A::Output {
            other_copies::<S, A>
        }
    }

    /// Runs `action` with technique `S` on the copy the CPU can run. The technique's type
    /// names the function ([`Slider::lanes_or`]); the call is direct once inlined.
    #[inline(always)]
    fn on_copy<S: Slider, A: Action>(action: A) -> A::Output {
        let run = S::lanes_or(ForLanes(PhantomData), ForOthers(PhantomData));
        run(action)
    }

    /// Perft from a position, side to move resolved.
    struct Perft<'a>(&'a Position, u32);

    impl Action for Perft<'_> {
        type Output = u64;
        fn on<S: Slider, K: WholeCopy>(self) -> u64 {
            let Perft(pos, depth) = self;
            match pos.side_to_move() {
                Color::White => K::perft_board::<S, White>(pos.board(), depth),
                Color::Black => K::perft_board::<S, Black>(pos.board(), depth),
            }
        }
    }

    /// Perft (depth ≥ 1) from `pos` on its board.
    #[inline]
    pub(super) fn perft<S: Slider>(pos: &Position, depth: u32) -> u64 {
        on_copy::<S, _>(Perft(pos, depth))
    }

    /// Perft (depth ≥ 1) with the method [`crate::perft::Method::auto`] picks, compiled
    /// only in the copy that runs it: `pext` (where it is fast) or `magic` with the
    /// batched last ply in the x86-64-v4 and x86-64-v3 copies, `magic` with each child
    /// counted alone in the baseline copy. Five perfts, instead of every copy of each
    /// technique and last ply.
    #[inline]
    pub(super) fn perft_auto(pos: &Position, depth: u32) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::cpu::{self, PextSupport};
            use crate::perft::last_ply::Batched;
            use crate::sliders::pext;
            let fast_pext = cpu::pext() == PextSupport::Fast;
            // Where the copy is the crate's own (`V4` or `V3` is `Baseline`), the CPU has
            // its features all the same: the crate was compiled with them.
            if cpu::x86_64_v4() {
                return if fast_pext {
                    Perft(pos, depth).on::<Batched<pext::Hardware>, V4>()
                } else {
                    Perft(pos, depth).on::<Batched<Magic>, V4>()
                };
            }
            if cpu::x86_64_v3() {
                return if fast_pext {
                    Perft(pos, depth).on::<Batched<pext::Hardware>, V3>()
                } else {
                    Perft(pos, depth).on::<Batched<Magic>, V3>()
                };
            }
        }
        Perft(pos, depth).on::<Magic, Baseline>()
    }

    /// A visitor run over the legal moves of a position.
    struct Visit<'a, V>(&'a Position, V);

    impl<V: Visitor> Action for Visit<'_, V> {
        type Output = V;
        /// Inlined: `legal_moves()` and `count` call this at every node of an engine's
        /// search. The perfts' actions are left to the compiler: forced inline, each
        /// caller of perft held the whole baseline perft, and the library with every
        /// dispatcher took a quarter longer to build.
        #[inline(always)]
        fn on<S: Slider, K: WholeCopy>(self) -> V {
            K::enumerate::<S, _>(self.0, self.1)
        }
        /// The baseline copy where another copy runs: called, not inlined beside the
        /// call of the other.
        #[inline(always)]
        fn on_baseline<S: Slider>(self) -> V {
            if cfg!(any(rayscan_v3_copy, rayscan_v4_copy)) {
                baseline_apart::<S, _>(self.0, self.1)
            } else {
                Baseline::enumerate::<S, _>(self.0, self.1)
            }
        }
    }

    /// Runs `visitor` over the legal moves of `pos`, and hands it back.
    #[inline]
    pub(super) fn visit<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V {
        on_copy::<S, _>(Visit(pos, visitor))
    }

    /// Lists the legal moves of `pos` into `list`. Where the CPU has AVX-512 VBMI2, in
    /// a copy with it, whose writer packs each set's moves with a compress
    /// ([`crate::movegen::listing`]): the x86-64-v4 copy, whatever the technique, or
    /// the crate's own where it is compiled with the features. Elsewhere as [`visit`]
    /// runs, one move at a time.
    #[inline]
    pub(super) fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::movegen::listing::Compress;
            if let Some(writer) = Compress::compiled() {
                visit::<S, _>(pos, Lister::new(list, writer));
                return;
            }
            if run_v4() {
                // SAFETY: the CPU has every feature of the x86-64-v4 copy
                // (`crate::cpu::V4_FEATURES`), AVX-512 F, BW and VBMI2 among them.
                let writer = unsafe { Compress::new_unchecked() };
                Visit(pos, Lister::new(list, writer)).on::<S, V4>();
                return;
            }
        }
        visit::<S, _>(pos, Lister::new(list, OneByOne));
    }

    #[inline(never)]
    fn baseline_apart<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V {
        Baseline::enumerate::<S, _>(pos, visitor)
    }

    /// Perft statistics from a position, added to the third field.
    struct Stats<'a, 'o>(&'a Position, u32, &'o mut PerftStats);

    impl Action for Stats<'_, '_> {
        type Output = ();
        fn on<S: Slider, K: WholeCopy>(self) {
            let Stats(pos, depth, out) = self;
            match pos.side_to_move() {
                Color::White => K::stats_board::<S, White>(pos.board(), depth, out),
                Color::Black => K::stats_board::<S, Black>(pos.board(), depth, out),
            }
        }
    }

    /// Perft statistics (depth ≥ 1) of `pos`, added to `out`.
    #[inline]
    pub(super) fn stats<S: Slider>(pos: &Position, depth: u32, out: &mut PerftStats) {
        on_copy::<S, _>(Stats(pos, depth, out));
    }

    /// Hashed perft from a position with its key.
    #[cfg(feature = "std")]
    struct Hashed<'a>(&'a Position, u128, u32, &'a PerftTable);

    #[cfg(feature = "std")]
    impl Action for Hashed<'_> {
        type Output = u64;
        fn on<S: Slider, K: WholeCopy>(self) -> u64 {
            let Hashed(pos, key, depth, t) = self;
            match pos.side_to_move() {
                Color::White => lookup::<S, White, K>(pos.board(), key, depth, t),
                Color::Black => lookup::<S, Black, K>(pos.board(), key, depth, t),
            }
        }
    }

    /// Hashed perft (depth ≥ 2) of `pos`, whose key in `table` is `key`: looked up
    /// first, stored after.
    #[cfg(feature = "std")]
    #[inline]
    pub(super) fn perft_hashed<S: Slider>(
        pos: &Position,
        key: u128,
        depth: u32,
        table: &PerftTable,
    ) -> u64 {
        on_copy::<S, _>(Hashed(pos, key, depth, table))
    }
}

impl Entry for Hot {
    #[inline]
    fn visit<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V {
        hot::visit::<S, V>(pos, visitor)
    }
    #[inline]
    fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
        hot::generate::<S>(pos, list);
    }
}

impl PerftEntry for Hot {
    #[inline]
    fn perft<S: Slider>(pos: &Position, depth: u32) -> u64 {
        hot::perft::<S>(pos, depth)
    }
    #[inline]
    fn perft_auto(pos: &Position, depth: u32) -> u64 {
        hot::perft_auto(pos, depth)
    }
}

impl StatsEntry for Hot {
    #[inline]
    fn stats<S: Slider>(pos: &Position, depth: u32, out: &mut PerftStats) {
        hot::stats::<S>(pos, depth, out);
    }
}

#[cfg(feature = "std")]
impl HashedEntry for Hot {
    #[inline]
    fn perft_hashed<S: Slider>(pos: &Position, key: u128, depth: u32, table: &PerftTable) -> u64 {
        hot::perft_hashed::<S>(pos, key, depth, table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::perft::last_ply::Batched;
    use crate::side::{Black, White};
    #[cfg(target_arch = "x86_64")]
    use crate::sliders::pext;
    use crate::sliders::{Classical, Lanes, Magic};

    #[test]
    fn every_copy_is_compiled_with_the_documented_features() {
        let source = include_str!("isa.rs");
        // Each copy's list stands once, in its `feature_copy!`, which enables it on all
        // six functions of the copy.
        let v3 = format!("v3,\n    \"{}\"\n);", crate::cpu::FEATURES);
        let v4 = format!("v4,\n    \"{}\"\n);", crate::cpu::V4_FEATURES);
        assert_eq!(source.matches(v3.as_str()).count(), 1);
        assert_eq!(source.matches(v4.as_str()).count(), 1);
        assert_eq!(
            source
                // Split, so that this line is not one of them.
                .matches(concat!("#[target_feature(enable = ", "$features)]"))
                .count(),
            6
        );
        assert!(crate::cpu::V4_FEATURES.starts_with(crate::cpu::FEATURES));
        // build.rs decides whether each copy is compiled, from its own lists.
        let build = include_str!("../build.rs");
        let list = |name: &str| -> String {
            let list = build.split(name).nth(1).unwrap();
            list[list.find('=').unwrap()..list.find("];").unwrap()]
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == ',')
                .collect::<String>()
                .trim_end_matches(',')
                .to_string()
        };
        assert_eq!(list("const V3_FEATURES"), crate::cpu::FEATURES);
        let v4_list = format!("{},{}", list("const V3_FEATURES"), list("const V4_EXTRA"));
        assert_eq!(v4_list, crate::cpu::V4_FEATURES);
        assert_eq!(
            cfg!(rayscan_v3_copy),
            cfg!(target_arch = "x86_64") && !crate::cpu::COMPILED_WITH_V3
        );
        assert_eq!(
            cfg!(rayscan_v4_copy),
            cfg!(target_arch = "x86_64") && !crate::cpu::COMPILED_WITH_V4
        );
    }

    fn perft_on<S: Slider, K: Isa>(pos: &Position, depth: u32) -> u64 {
        match pos.side_to_move() {
            Color::White => K::perft_board::<S, White>(pos.board(), depth),
            Color::Black => K::perft_board::<S, Black>(pos.board(), depth),
        }
    }

    /// Every copy a technique has ([`hot`]), run directly (the dispatch picks one), gives
    /// the counts of an independent generator: PEXT in software (baseline) and in
    /// hardware, the lanes technique, and the batched last ply in arrays (baseline), in
    /// AVX2 registers (v3) and in an AVX-512 register (v4).
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
                let want = crate::perft::count::hybrid::<Classical>(pos, depth);
                assert_eq!(perft_on::<Magic, Baseline>(pos, depth), want);
                assert_eq!(perft_on::<Lanes, Baseline>(pos, depth), want);
                assert_eq!(perft_on::<Batched<Magic>, Baseline>(pos, depth), want);
                #[cfg(target_arch = "x86_64")]
                {
                    assert_eq!(perft_on::<pext::Software, Baseline>(pos, depth), want);
                    if crate::cpu::x86_64_v3() {
                        assert_eq!(perft_on::<Magic, V3>(pos, depth), want);
                        assert_eq!(perft_on::<pext::Hardware, V3>(pos, depth), want);
                        assert_eq!(perft_on::<Batched<pext::Hardware>, V3>(pos, depth), want);
                    }
                    if crate::cpu::x86_64_v4() {
                        assert_eq!(perft_on::<Batched<Lanes>, V4>(pos, depth), want);
                        assert_eq!(perft_on::<Batched<pext::Hardware>, V4>(pos, depth), want);
                    }
                }
            }
        }
    }
}
