//! [`Dyn`] and [`DynRay`]: a technique chosen at run time, its attacks reached through
//! function pointers, so that code run with every technique is compiled once for all of
//! them instead of once per technique.
//!
//! Monomorphizing perft for each of the fifteen techniques, in each copy of the hot
//! paths, made the run-time dispatchers most of the crate's machine code and most of the
//! time it took to build a program that counts perft. Only the techniques
//! [`Technique::auto`] can pick, `magic` and hardware `pext`, need the speed of code
//! compiled for them. Every other technique (the teaching ones, the reference, PEXT in
//! software) and every generator but the piece-wise one run here: one copy of the tree
//! walk, which calls the technique through a table of its functions
//! ([`Technique::dispatch_auto_or_dyn`], [`Technique::dispatch_dyn`]).
//!
//! The table is the calling thread's, set for the length of one run ([`run`]). A type
//! has no value to carry it: [`Slider`]'s functions take none, and the generators call
//! them deep inside. The table holds each function twice, compiled for baseline x86-64
//! and with the x86-64-v3 features, and the scope picks the copy the CPU can run, as the
//! hot paths pick theirs. A thread started inside a run takes the table with it
//! ([`Current`]).
//!
//! With `std` only: without it there are no thread-locals, and the dispatchers compile
//! each technique's code as [`Technique::dispatch`] does.

use core::cell::Cell;

use super::{RayWise, Reference, Slider, Technique, WithRayWise, WithSlider};
use crate::bitboard::Bitboard;
use crate::direction::{Direction, Line};
use crate::square::Square;

/// One technique's [`Slider`] functions, as pointers.
pub(crate) struct Fns {
    rook: unsafe fn(Square, Bitboard) -> Bitboard,
    bishop: unsafe fn(Square, Bitboard) -> Bitboard,
    queen: unsafe fn(Square, Bitboard) -> Bitboard,
    count_moves: unsafe fn(Bitboard, Bitboard, Bitboard, Bitboard) -> u32,
}

/// One ray-wise technique's functions, its [`RayWise`] ones beside its [`Fns`].
pub(crate) struct RayFns {
    slider: Fns,
    ray: unsafe fn(Direction, Square, Bitboard) -> Bitboard,
    line: unsafe fn(Line, Square, Bitboard) -> Bitboard,
    ray_setwise: unsafe fn(Bitboard, Bitboard, Direction) -> Bitboard,
    rook_setwise: unsafe fn(Bitboard, Bitboard) -> Bitboard,
    bishop_setwise: unsafe fn(Bitboard, Bitboard) -> Bitboard,
}

impl Fns {
    /// `T`'s functions as the crate is compiled.
    const fn baseline<T: Slider>() -> Fns {
        Fns {
            rook: T::rook_attacks,
            bishop: T::bishop_attacks,
            queen: T::queen_attacks,
            count_moves: T::count_moves,
        }
    }
}

impl RayFns {
    const fn baseline<T: RayWise>() -> RayFns {
        RayFns {
            slider: Fns::baseline::<T>(),
            ray: T::ray_attacks,
            line: T::line_attacks,
            ray_setwise: T::ray_attacks_setwise,
            rook_setwise: T::rook_attacks_setwise,
            bishop_setwise: T::bishop_attacks_setwise,
        }
    }
}

/// The functions compiled with the x86-64-v3 features ([`crate::cpu::FEATURES`]), where
/// the crate is not compiled with them already (`build.rs` sets `rayscan_v3_copy`).
/// Each is only called through a table [`fns`] or [`ray_fns`] chose after
/// [`crate::cpu::x86_64_v3`] said the CPU has the features.
#[cfg(rayscan_v3_copy)]
mod v3 {
    use super::*;

    /// Compiles each function of the list with the features, calling `T`'s.
    macro_rules! with_features {
        ($($name:ident<$T:ident: $bound:ident>($($arg:ident: $ty:ty),*) -> $out:ty = $f:ident;)*) => {$(
            #[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
            pub(super) fn $name<$T: $bound>($($arg: $ty),*) -> $out {
                $T::$f($($arg),*)
            }
        )*};
    }

    with_features! {
        rook<T: Slider>(sq: Square, occupied: Bitboard) -> Bitboard = rook_attacks;
        bishop<T: Slider>(sq: Square, occupied: Bitboard) -> Bitboard = bishop_attacks;
        queen<T: Slider>(sq: Square, occupied: Bitboard) -> Bitboard = queen_attacks;
        count_moves<T: Slider>(d: Bitboard, s: Bitboard, o: Bitboard, t: Bitboard) -> u32 = count_moves;
        ray<T: RayWise>(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard = ray_attacks;
        line<T: RayWise>(line: Line, sq: Square, occupied: Bitboard) -> Bitboard = line_attacks;
        ray_setwise<T: RayWise>(s: Bitboard, e: Bitboard, d: Direction) -> Bitboard = ray_attacks_setwise;
        rook_setwise<T: RayWise>(sliders: Bitboard, empty: Bitboard) -> Bitboard = rook_attacks_setwise;
        bishop_setwise<T: RayWise>(sliders: Bitboard, empty: Bitboard) -> Bitboard = bishop_attacks_setwise;
    }

    impl Fns {
        pub(super) const fn v3<T: Slider>() -> Fns {
            Fns {
                rook: rook::<T>,
                bishop: bishop::<T>,
                queen: queen::<T>,
                count_moves: count_moves::<T>,
            }
        }
    }

    impl RayFns {
        pub(super) const fn v3<T: RayWise>() -> RayFns {
            RayFns {
                slider: Fns::v3::<T>(),
                ray: ray::<T>,
                line: line::<T>,
                ray_setwise: ray_setwise::<T>,
                rook_setwise: rook_setwise::<T>,
                bishop_setwise: bishop_setwise::<T>,
            }
        }
    }
}

/// Whether to take the x86-64-v3 functions, where they are compiled: the CPU has the
/// features (as the hot paths' copies are chosen).
#[cfg(rayscan_v3_copy)]
#[inline]
fn use_v3() -> bool {
    crate::cpu::x86_64_v3()
}

/// `T`'s table for this CPU.
pub(crate) fn fns<T: Slider>() -> &'static Fns {
    #[cfg(rayscan_v3_copy)]
    if use_v3() {
        return const { &Fns::v3::<T>() };
    }
    const { &Fns::baseline::<T>() }
}

/// `T`'s ray-wise table for this CPU.
pub(crate) fn ray_fns<T: RayWise>() -> &'static RayFns {
    #[cfg(rayscan_v3_copy)]
    if use_v3() {
        return const { &RayFns::v3::<T>() };
    }
    const { &RayFns::baseline::<T>() }
}

/// What the tables hold outside a run: the reference technique's functions. Nothing
/// reads them there (the tests hold that); if something did, it would count right.
const UNSET: Fns = Fns::baseline::<Reference>();
const UNSET_RAY: RayFns = RayFns::baseline::<Reference>();

std::thread_local! {
    /// The table [`Dyn`] calls on this thread.
    static SLIDER: Cell<&'static Fns> = const { Cell::new(&UNSET) };
    /// The table [`DynRay`] calls on this thread.
    static RAY: Cell<&'static RayFns> = const { Cell::new(&UNSET_RAY) };
}

/// The tables of this thread's runs: what a worker thread started inside a run takes
/// with it ([`Current::enter`]).
#[derive(Clone, Copy)]
pub(crate) struct Current(&'static Fns, &'static RayFns);

impl Current {
    /// This thread's tables.
    pub(crate) fn get() -> Current {
        Current(SLIDER.get(), RAY.get())
    }

    /// Runs `f` with these tables on this thread, and puts the thread's own back after,
    /// also on a panic, so that runs nest.
    pub(crate) fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        struct Restore(Current);
        impl Drop for Restore {
            fn drop(&mut self) {
                SLIDER.set(self.0.0);
                RAY.set(self.0.1);
            }
        }
        let _restore = Restore(Current::get());
        SLIDER.set(self.0);
        RAY.set(self.1);
        f()
    }
}

/// Runs `f` with [`Dyn`] calling `fns` on this thread.
pub(crate) fn run<F: WithSlider>(fns: &'static Fns, f: F) -> F::Output {
    Current(fns, RAY.get()).enter(|| f.run::<Dyn>())
}

/// Runs `f` with [`DynRay`] calling `fns` on this thread.
pub(crate) fn run_ray_wise<F: WithRayWise>(fns: &'static RayFns, f: F) -> F::Output {
    Current(SLIDER.get(), fns).enter(|| f.run::<DynRay>())
}

/// The technique of the table set by [`run`], as a [`Slider`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Dyn;

/// The technique of the table set by [`run_ray_wise`], as a [`RayWise`] slider.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DynRay;

/// Calls a function of the thread's table.
macro_rules! call {
    ($key:ident . $($field:ident).+ ($($arg:expr),*)) => {{
        let f = $key.get().$($field).+;
        // SAFETY: the table holds the x86-64-v3 functions only where `use_v3` said the
        // CPU has their features; the others are safe functions.
        unsafe { f($($arg),*) }
    }};
}

/// The [`Slider`] impl of a type that calls the table in the thread-local `$key` (its
/// field `$via` where the table holds one).
macro_rules! slider_through {
    ($ty:ty, $description:literal, $key:ident $(. $via:ident)?) => {
        impl Slider for $ty {
            const NAME: &'static str = "dyn";
            const DESCRIPTION: &'static str = $description;
            const TABLE_BYTES: usize = 0;

            #[inline(always)]
            fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
                call!($key $(.$via)? .rook(sq, occupied))
            }
            #[inline(always)]
            fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
                call!($key $(.$via)? .bishop(sq, occupied))
            }
            #[inline(always)]
            fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
                call!($key $(.$via)? .queen(sq, occupied))
            }
            #[inline(always)]
            fn count_moves(d: Bitboard, s: Bitboard, occupied: Bitboard, t: Bitboard) -> u32 {
                call!($key $(.$via)? .count_moves(d, s, occupied, t))
            }
        }
    };
}

slider_through!(
    Dyn,
    "a technique chosen at run time, through its functions",
    SLIDER
);
slider_through!(
    DynRay,
    "a ray-wise technique chosen at run time, through its functions",
    RAY.slider
);

impl RayWise for DynRay {
    #[inline(always)]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        call!(RAY.ray(dir, sq, occupied))
    }
    #[inline(always)]
    fn line_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
        call!(RAY.line(line, sq, occupied))
    }
    #[inline(always)]
    fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        call!(RAY.ray_setwise(sliders, empty, dir))
    }
    #[inline(always)]
    fn rook_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
        call!(RAY.rook_setwise(sliders, empty))
    }
    #[inline(always)]
    fn bishop_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
        call!(RAY.bishop_setwise(sliders, empty))
    }
}

/// A technique's table, as [`Technique::dispatch`] names its type.
struct FnsOf;

impl WithSlider for FnsOf {
    type Output = &'static Fns;
    fn run<S: Slider>(self) -> &'static Fns {
        fns::<S>()
    }
}

/// A ray-wise technique's table.
struct RayFnsOf;

impl WithRayWise for RayFnsOf {
    type Output = &'static RayFns;
    fn run<S: RayWise>(self) -> &'static RayFns {
        ray_fns::<S>()
    }
}

/// Runs `f` with [`Dyn`], on `technique`'s table.
pub(crate) fn dispatch<F: WithSlider>(technique: Technique, f: F) -> F::Output {
    run(technique.dispatch(FnsOf), f)
}

/// Runs `f` with [`DynRay`], on `technique`'s table if it works ray by ray.
pub(crate) fn dispatch_ray_wise<F: WithRayWise>(technique: Technique, f: F) -> Option<F::Output> {
    let fns = technique.dispatch_ray_wise(RayFnsOf)?;
    Some(run_ray_wise(fns, f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::Perft;
    use crate::position::Position;

    /// A technique that sees no rook moves: its perft differs from every right one, so
    /// a count that comes out right did not run it.
    #[derive(Clone, Copy, Debug, Default)]
    struct Blind;

    impl Slider for Blind {
        const NAME: &'static str = "blind";
        const DESCRIPTION: &'static str = "no rook moves";
        const TABLE_BYTES: usize = 0;
        fn rook_attacks(_: Square, _: Bitboard) -> Bitboard {
            Bitboard::EMPTY
        }
        fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
            Reference::bishop_attacks(sq, occupied)
        }
    }

    /// Perft on two threads with the slider type it is run with.
    struct OnTwoThreads<'a>(&'a Position);

    impl WithSlider for OnTwoThreads<'_> {
        type Output = u64;
        fn run<S: Slider>(self) -> u64 {
            Perft::new(3).threads(2).count_slider::<S>(self.0).unwrap()
        }
    }

    fn kiwipete() -> Position {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
            .parse()
            .unwrap()
    }

    #[test]
    fn a_run_calls_its_table_on_every_thread_it_starts() {
        let pos = kiwipete();
        // The threads split the tree two plies down with the library's own moves, and
        // count the rest with the slider type: compiled for `Blind`, and run on its table.
        let blind = OnTwoThreads(&pos).run::<Blind>();
        assert_ne!(blind, 97_862);
        assert_eq!(run(fns::<Blind>(), OnTwoThreads(&pos)), blind);
        assert_eq!(run(fns::<Reference>(), OnTwoThreads(&pos)), 97_862);
    }

    #[test]
    fn runs_nest_and_put_the_threads_tables_back() {
        struct Inner;
        impl WithSlider for Inner {
            type Output = (u32, u32);
            fn run<S: Slider>(self) -> (u32, u32) {
                let outer = S::rook_attacks(Square::D4, Bitboard::EMPTY).len();
                let inner = run(fns::<Reference>(), Rooks);
                (outer, inner)
            }
        }
        struct Rooks;
        impl WithSlider for Rooks {
            type Output = u32;
            fn run<S: Slider>(self) -> u32 {
                S::rook_attacks(Square::D4, Bitboard::EMPTY).len()
            }
        }
        let before = Current::get();
        assert_eq!(run(fns::<Blind>(), Inner), (0, 14));
        let after = Current::get();
        assert!(core::ptr::eq(before.0, after.0) && core::ptr::eq(before.1, after.1));
        // A panic inside a run puts the tables back too.
        let panicked = std::panic::catch_unwind(|| {
            struct Panics;
            impl WithSlider for Panics {
                type Output = ();
                fn run<S: Slider>(self) {
                    panic!("inside a run");
                }
            }
            run(fns::<Blind>(), Panics)
        });
        assert!(panicked.is_err());
        assert!(core::ptr::eq(Current::get().0, before.0));
    }

    #[test]
    fn every_technique_s_table_gives_its_attacks() {
        let occupied = Bitboard(0xbdfd_0600_0040_ffdf);
        for &t in Technique::ALL.iter().filter(|t| t.is_available()) {
            let want = (
                t.rook_attacks(Square::G2, occupied),
                t.bishop_attacks(Square::C5, occupied),
            );
            let got = dispatch(t, Attacks(occupied));
            assert_eq!(got, want, "{t}");
            if t.is_ray_wise() {
                assert_eq!(
                    dispatch_ray_wise(t, RayAttacks(occupied)),
                    Some(want),
                    "{t}"
                );
            } else {
                assert!(dispatch_ray_wise(t, RayAttacks(occupied)).is_none(), "{t}");
            }
        }
    }

    struct Attacks(Bitboard);
    impl WithSlider for Attacks {
        type Output = (Bitboard, Bitboard);
        fn run<S: Slider>(self) -> (Bitboard, Bitboard) {
            (
                S::rook_attacks(Square::G2, self.0),
                S::bishop_attacks(Square::C5, self.0),
            )
        }
    }
    struct RayAttacks(Bitboard);
    impl WithRayWise for RayAttacks {
        type Output = (Bitboard, Bitboard);
        fn run<S: RayWise>(self) -> (Bitboard, Bitboard) {
            (
                S::line_attacks(Line::File, Square::G2, self.0)
                    | S::line_attacks(Line::Rank, Square::G2, self.0),
                S::bishop_attacks(Square::C5, self.0),
            )
        }
    }

    #[test]
    fn the_v3_functions_are_compiled_with_the_documented_features() {
        let source = include_str!("dynamic.rs");
        let attribute = format!(
            concat!("#[target_", "feature(enable = \"{}\")]"),
            crate::cpu::FEATURES
        );
        // Split, so that the test's own line is not counted.
        assert_eq!(source.matches(attribute.as_str()).count(), 1);
        assert_eq!(source.matches(concat!("#[target_", "feature(")).count(), 1);
    }
}
