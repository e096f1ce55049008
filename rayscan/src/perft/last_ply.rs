//! How perft counts its last ply, chosen apart from the slider technique: [`LastPly`],
//! and [`Method`], the two together.
//!
//! At the last ply perft counts moves rather than playing them. With [`LastPly::Each`]
//! it counts each child on its own, by population counts of its pieces' targets, the
//! sliders' from the technique: the technique computes every slider attack of the count.
//! With [`LastPly::Batch`] a node two plies above the leaves counts its children eight
//! at a time, one per lane of vector registers, with set-wise fills of its own
//! ([`super::batch`]): the technique computes the attacks of every node perft generates,
//! and the last ply's are the fills'. The fastest perft combines the fastest of each
//! ([`Method::auto`]); a technique named alone counts with [`LastPly::Each`], so that it
//! is the one that computes every attack.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::parse_error::{ParseError, ParseKind};
use crate::sliders::{Slider, Technique, WithSlider};
use crate::square::Square;

/// How perft counts the moves one ply above the leaves.
///
/// # Examples
///
/// ```
/// use rayscan::perft::{LastPly, Perft};
/// use rayscan::position::Position;
/// use rayscan::sliders::Technique;
/// let start = Position::startpos();
/// for last_ply in LastPly::ALL {
///     let perft = Perft::new(4).technique(Technique::Magic).last_ply(last_ply);
///     assert_eq!(perft.count(&start), Ok(197_281));
/// }
/// assert_eq!("batch".parse(), Ok(LastPly::Batch));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LastPly {
    /// The children of a node two plies above the leaves counted eight at a time, one
    /// per lane of vector registers: one AVX-512 register where the CPU has AVX-512, two
    /// AVX2 registers where it has AVX2, plain arrays elsewhere (right, but slower than
    /// [`LastPly::Each`] there).
    Batch,
    /// Each child counted on its own, by population counts, its sliders' moves from the
    /// technique.
    Each,
}

impl LastPly {
    /// Both, in the order `rayscan techniques` lists them.
    pub const ALL: [LastPly; 2] = [LastPly::Batch, LastPly::Each];

    /// The command-line name (`--last-ply NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            LastPly::Batch => "batch",
            LastPly::Each => "each",
        }
    }

    /// One line saying what it does.
    pub const fn description(self) -> &'static str {
        match self {
            LastPly::Batch => {
                "eight children at a time, one per lane of vector registers (AVX-512 or AVX2)"
            }
            LastPly::Each => "each child on its own, its sliders' moves from the technique",
        }
    }

    /// The faster on the CPU the program runs on, what perft uses when none is named:
    /// [`LastPly::Batch`] where the CPU has AVX-512 or AVX2 ([`crate::cpu::x86_64_v4`],
    /// [`crate::cpu::x86_64_v3`]), else [`LastPly::Each`].
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::perft::LastPly;
    /// let expected = if rayscan::cpu::x86_64_v3() { LastPly::Batch } else { LastPly::Each };
    /// assert_eq!(LastPly::auto(), expected);
    /// ```
    #[inline]
    pub fn auto() -> LastPly {
        if crate::cpu::x86_64_v3() {
            LastPly::Batch
        } else {
            LastPly::Each
        }
    }

    /// Why [`LastPly::auto`] chose what it chose, in a few words.
    pub fn auto_reason() -> &'static str {
        if crate::cpu::x86_64_v4() {
            "AVX-512 with VPOPCNTDQ: eight children in one register"
        } else if crate::cpu::x86_64_v3() {
            "AVX2: eight children in two registers"
        } else {
            "no AVX2: the eight lanes would be arrays"
        }
    }
}

impl fmt::Display for LastPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for LastPly {
    type Err = ParseError;
    /// Reads `batch` or `each`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::perft::LastPly;
    /// assert_eq!("each".parse(), Ok(LastPly::Each));
    /// let err = "lanes".parse::<LastPly>().unwrap_err();
    /// assert_eq!(err.to_string(), "invalid last ply \"lanes\": expected batch or each");
    /// ```
    fn from_str(s: &str) -> Result<LastPly, ParseError> {
        LastPly::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseError::new(ParseKind::LastPly, s))
    }
}

/// How the piece-wise perft counts: the slider technique for every node it generates,
/// and how it counts its last ply. A [`Technique`] alone converts into one with
/// [`LastPly::Each`], where the technique computes every slider attack, so the perft
/// functions take either; [`Method::auto`] is the fastest pair.
///
/// # Examples
///
/// ```
/// use rayscan::perft::{LastPly, Method};
/// use rayscan::sliders::Technique;
/// let method = Method::from(Technique::Pext);
/// assert_eq!((method.technique, method.last_ply), (Technique::Pext, LastPly::Each));
/// assert_eq!(Method::auto().technique, Technique::auto());
/// assert_eq!(Method::auto().last_ply, LastPly::auto());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Method {
    /// The slider technique: every slider attack of every node perft generates.
    pub technique: Technique,
    /// How the moves one ply above the leaves are counted.
    pub last_ply: LastPly,
}

impl Method {
    /// The fastest on this CPU: [`Technique::auto`] and [`LastPly::auto`].
    #[inline]
    pub fn auto() -> Method {
        Method {
            technique: Technique::auto(),
            last_ply: LastPly::auto(),
        }
    }

    /// Runs `f` with the technique's type, wrapped in the batched last ply where that
    /// is the last ply ([`Technique::dispatch`]).
    #[inline]
    pub(crate) fn dispatch<F: WithSlider>(self, f: F) -> F::Output {
        match self.last_ply {
            LastPly::Batch => self.technique.dispatch_auto_or_dyn(InBatch(f)),
            LastPly::Each => self.technique.dispatch_auto_or_dyn(f),
        }
    }
}

impl From<Technique> for Method {
    /// The technique for every slider attack: each child counted with it.
    #[inline]
    fn from(technique: Technique) -> Method {
        Method {
            technique,
            last_ply: LastPly::Each,
        }
    }
}

/// Runs its body with [`Batched`] around the technique it is run with.
struct InBatch<F>(F);

impl<F: WithSlider> WithSlider for InBatch<F> {
    type Output = F::Output;
    #[inline(always)]
    fn run<S: Slider>(self) -> F::Output {
        self.0.run::<Batched<S>>()
    }
}

/// Technique `S` for every node, the last ply counted eight children at a time
/// ([`LastPly::Batch`]): `S` itself as a slider, whose [`Slider::lanes_or`] says so to
/// perft and picks the copy of the hot paths with the vector lanes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Batched<S>(PhantomData<S>);

impl<S: Slider> Slider for Batched<S> {
    const NAME: &'static str = S::NAME;
    const DESCRIPTION: &'static str = S::DESCRIPTION;
    const TABLE_BYTES: usize = S::TABLE_BYTES;

    #[inline(always)]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        S::rook_attacks(sq, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        S::bishop_attacks(sq, occupied)
    }

    #[inline(always)]
    fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        S::queen_attacks(sq, occupied)
    }

    #[inline(always)]
    fn count_moves(
        diagonal: Bitboard,
        straight: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> u32 {
        S::count_moves(diagonal, straight, occupied, targets)
    }

    #[inline(always)]
    fn lanes_or<F: WithSlider, G: WithSlider<Output = F::Output>>(
        lanes: F,
        otherwise: G,
    ) -> F::Output {
        let _ = otherwise;
        lanes.run::<Self>()
    }
}
