//! What a slider technique is: the [`Slider`] trait every technique implements (and
//! [`RayWise`] for those that work ray by ray), and the visitors that run generic code
//! with a technique chosen at run time ([`WithSlider`], [`WithRayWise`]).

use crate::bitboard::Bitboard;
use crate::direction::{Direction, Line};
use crate::piece::SliderPiece;
use crate::square::Square;

/// A way to compute sliding-piece attacks.
///
/// `occupied` is the set of all pieces. Whether it contains the slider's own square
/// does not matter: every technique gives the same answer either way. Attacks include
/// the first blocker of each ray, whatever its colour.
pub trait Slider: Copy + Default + Send + Sync + 'static {
    /// The name used on the command line (`rayscan attacks … --technique NAME`).
    const NAME: &'static str;
    /// One line saying what the technique does.
    const DESCRIPTION: &'static str;
    /// Bytes of lookup tables the technique reads (shared tables included).
    const TABLE_BYTES: usize;

    /// The squares a rook on `sq` attacks.
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a bishop on `sq` attacks.
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a queen on `sq` attacks: rook ∪ bishop.
    #[inline]
    fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::rook_attacks(sq, occupied) | Self::bishop_attacks(sq, occupied)
    }

    /// The attacks of `piece` on `sq`.
    #[inline]
    fn attacks(piece: SliderPiece, sq: Square, occupied: Bitboard) -> Bitboard {
        match piece {
            SliderPiece::Rook => Self::rook_attacks(sq, occupied),
            SliderPiece::Bishop => Self::bishop_attacks(sq, occupied),
            SliderPiece::Queen => Self::queen_attacks(sq, occupied),
        }
    }

    /// How many moves the sliders have to squares of `targets`: for each slider in
    /// `diagonal` its bishop attacks in `targets`, for each in `straight` its rook
    /// attacks, counted and summed (a queen stands in both sets). What perft's last ply
    /// asks of the unpinned sliders, child by child ([`crate::perft::LastPly::Each`]).
    /// Every technique answers piece by piece (this default); [`Lanes`](super::Lanes)
    /// answers for all of them at once, a direction per lane.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::{Classical, Lanes, Slider};
    /// use rayscan::{Bitboard, Square};
    /// let (rooks, bishops) = (Bitboard::from(Square::A1), Bitboard::from(Square::C1));
    /// let occupied = rooks | bishops;
    /// // The rook reaches b1, c1 and the a-file; the bishop both its diagonals.
    /// let n = Classical::count_moves(bishops, rooks, occupied, !Bitboard::EMPTY);
    /// assert_eq!(n, 2 + 7 + 7);
    /// assert_eq!(Lanes::count_moves(bishops, rooks, occupied, !Bitboard::EMPTY), n);
    /// ```
    #[inline]
    fn count_moves(
        diagonal: Bitboard,
        straight: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> u32 {
        let mut n = 0;
        for from in diagonal {
            n += (Self::bishop_attacks(from, occupied) & targets).len();
        }
        for from in straight {
            n += (Self::rook_attacks(from, occupied) & targets).len();
        }
        n
    }

    /// `otherwise.run::<Self>()` (this default) for a technique as it is; `lanes.run::<Self>()`
    /// for one that perft wraps to count its last ply eight children at a time, one per
    /// lane of a vector register ([`crate::perft::LastPly::Batch`]). Perft's hot paths ask
    /// it to choose their copy with the lanes and the batched count; a technique of one's
    /// own keeps this default.
    ///
    /// A choice by type rather than a `const` and an `if`: only the branch taken is
    /// compiled, so what runs only with the lanes (the eight children's count, the
    /// AVX-512 copy of perft) is not compiled for every technique, nor theirs for the
    /// lanes.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::{Lanes, Pext, Slider, WithSlider};
    /// struct Says(&'static str);
    /// impl WithSlider for Says {
    ///     type Output = String;
    ///     fn run<S: Slider>(self) -> String {
    ///         format!("{} {}", S::NAME, self.0)
    ///     }
    /// }
    /// assert_eq!(Pext::lanes_or(Says("in lanes"), Says("alone")), "pext alone");
    /// assert_eq!(Lanes::lanes_or(Says("in lanes"), Says("alone")), "lanes alone");
    /// ```
    #[inline(always)]
    fn lanes_or<F: WithSlider, G: WithSlider<Output = F::Output>>(
        lanes: F,
        otherwise: G,
    ) -> F::Output {
        let _ = lanes;
        otherwise.run::<Self>()
    }
}

/// Implements [`Slider`] for a [`RayWise`] technique: a rook's attacks are the lines of
/// its file and rank, a bishop's those of its two diagonals ([`RayWise::line_attacks`]).
/// So each ray-wise technique writes its rays once, and nothing else.
macro_rules! ray_wise_slider {
    ($ty:ty, name: $name:expr, description: $description:expr, table_bytes: $bytes:expr $(,)?) => {
        impl $crate::sliders::Slider for $ty {
            const NAME: &'static str = $name;
            const DESCRIPTION: &'static str = $description;
            const TABLE_BYTES: usize = $bytes;

            #[inline]
            fn rook_attacks(
                sq: $crate::square::Square,
                occupied: $crate::bitboard::Bitboard,
            ) -> $crate::bitboard::Bitboard {
                use $crate::direction::Line;
                use $crate::sliders::RayWise;
                <$ty>::line_attacks(Line::File, sq, occupied)
                    | <$ty>::line_attacks(Line::Rank, sq, occupied)
            }

            #[inline]
            fn bishop_attacks(
                sq: $crate::square::Square,
                occupied: $crate::bitboard::Bitboard,
            ) -> $crate::bitboard::Bitboard {
                use $crate::direction::Line;
                use $crate::sliders::RayWise;
                <$ty>::line_attacks(Line::Diagonal, sq, occupied)
                    | <$ty>::line_attacks(Line::AntiDiagonal, sq, occupied)
            }
        }
    };
}
pub(crate) use ray_wise_slider;

/// A technique that works ray by ray, so it can answer for one ray or one line.
///
/// On an empty board the getters return the [`crate::masks`]: `ray_attacks(dir, sq,
/// Bitboard::EMPTY) == masks::ray(dir, sq)`.
pub trait RayWise: Slider {
    /// The squares attacked along `dir` from `sq`, up to and including the first blocker.
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares attacked along `line` through `sq`: the union of its two opposite rays.
    #[inline]
    fn line_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
        Self::ray_attacks(line.positive(), sq, occupied)
            | Self::ray_attacks(line.negative(), sq, occupied)
    }

    /// The attacks along `dir` of every slider in `sliders` at once, through `empty`
    /// squares: what direction-wise move generation asks for. The set-wise fills
    /// ([`Dumb7Fill`](super::Dumb7Fill), [`KoggeStone`](super::KoggeStone)) answer in one go whatever the number of sliders;
    /// every other technique answers slider by slider (this default), so any ray-wise
    /// technique can drive direction-wise generation.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::{Classical, KoggeStone, RayWise};
    /// use rayscan::{Bitboard, Direction, Square};
    /// let rooks = Bitboard::from(Square::A1) | Square::H1.into();
    /// let empty = !(rooks | Square::D1.into());
    /// let east = KoggeStone::ray_attacks_setwise(rooks, empty, Direction::East);
    /// assert_eq!(east, [Square::B1, Square::C1, Square::D1].into_iter().collect());
    /// assert_eq!(Classical::ray_attacks_setwise(rooks, empty, Direction::East), east);
    /// ```
    #[inline]
    fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        let occupied = !empty;
        sliders.iter().fold(Bitboard::EMPTY, |acc, sq| {
            acc | Self::ray_attacks(dir, sq, occupied)
        })
    }

    /// The rook attacks of every slider in `sliders` (the union), through `empty`
    /// squares: [`RayWise::ray_attacks_setwise`] in the four straight directions.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::{KoggeStone, RayWise};
    /// use rayscan::{Bitboard, Square};
    /// let rooks = Bitboard::from(Square::A1) | Square::H8.into();
    /// let empty = !rooks;
    /// assert_eq!(KoggeStone::rook_attacks_setwise(rooks, empty).len(), 26);
    /// ```
    #[inline]
    fn rook_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
        Direction::ROOK.iter().fold(Bitboard::EMPTY, |acc, &d| {
            acc | Self::ray_attacks_setwise(sliders, empty, d)
        })
    }

    /// The bishop attacks of every slider in `sliders` (the union), through `empty`
    /// squares: [`RayWise::ray_attacks_setwise`] in the four diagonal directions.
    #[inline]
    fn bishop_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
        Direction::BISHOP.iter().fold(Bitboard::EMPTY, |acc, &d| {
            acc | Self::ray_attacks_setwise(sliders, empty, d)
        })
    }
}

/// Something to run with a technique chosen at run time: [`Technique::dispatch`](super::Technique::dispatch) calls
/// [`WithSlider::run`] with the technique's type, so the body is monomorphized per technique.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::{Slider, Technique, WithSlider};
/// use rayscan::{Bitboard, Square};
///
/// struct RookOnD4;
/// impl WithSlider for RookOnD4 {
///     type Output = u32;
///     fn run<S: Slider>(self) -> u32 {
///         S::rook_attacks(Square::D4, Bitboard::EMPTY).len()
///     }
/// }
/// assert_eq!(Technique::KoggeStone.dispatch(RookOnD4), 14);
/// ```
pub trait WithSlider {
    /// What the run returns.
    type Output;
    /// The body, generic over the technique.
    fn run<S: Slider>(self) -> Self::Output;
}

/// Like [`WithSlider`], for code that needs a [`RayWise`] technique.
pub trait WithRayWise {
    /// What the run returns.
    type Output;
    /// The body, generic over the ray-wise technique.
    fn run<S: RayWise>(self) -> Self::Output;
}
