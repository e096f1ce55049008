//! What keeps a [`Setup`] from being a [`Position`]: each [`Problem`], the set of them a
//! setup has ([`Problems`]), and the error that names them all ([`PositionError`]).
//!
//! The problems are python-chess's status flags, found as its `Board.status()` finds
//! them, so that a package standing on this module answers as python-chess does.

use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign, Not};

use super::Setup;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::masks;
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::{Fastest, Slider};
use crate::square::{File, Rank, Square};

/// One reason a setup is no position a game can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Problem {
    /// No piece at all.
    Empty,
    /// White has no king.
    NoWhiteKing,
    /// Black has no king.
    NoBlackKing,
    /// More than two kings.
    TooManyKings,
    /// More than eight white pawns.
    TooManyWhitePawns,
    /// More than eight black pawns.
    TooManyBlackPawns,
    /// A pawn on the first or the eighth rank.
    PawnsOnBackRank,
    /// More than sixteen white pieces.
    TooManyWhitePieces,
    /// More than sixteen black pieces.
    TooManyBlackPieces,
    /// A castling right without its rook, or without its king where the rules want it
    /// ([`Setup::clean_castling_rights`]).
    BadCastlingRights,
    /// An en-passant square no double step can have left ([`Setup::valid_ep_square`]).
    InvalidEpSquare,
    /// The side not to move is in check.
    OppositeCheck,
    /// More than two pieces give check.
    TooManyCheckers,
    /// A check no move can have given: two pieces on one line with the king, or a check
    /// that was there before the double step the en-passant square says was played.
    ImpossibleCheck,
}

impl Problem {
    /// Every problem, in the order of the enum.
    pub const ALL: [Problem; 14] = [
        Problem::Empty,
        Problem::NoWhiteKing,
        Problem::NoBlackKing,
        Problem::TooManyKings,
        Problem::TooManyWhitePawns,
        Problem::TooManyBlackPawns,
        Problem::PawnsOnBackRank,
        Problem::TooManyWhitePieces,
        Problem::TooManyBlackPieces,
        Problem::BadCastlingRights,
        Problem::InvalidEpSquare,
        Problem::OppositeCheck,
        Problem::TooManyCheckers,
        Problem::ImpossibleCheck,
    ];

    /// What the problem is, in words.
    pub const fn describe(self) -> &'static str {
        match self {
            Problem::Empty => "the board is empty",
            Problem::NoWhiteKing => "white has no king",
            Problem::NoBlackKing => "black has no king",
            Problem::TooManyKings => "more than two kings",
            Problem::TooManyWhitePawns => "more than 8 white pawns",
            Problem::TooManyBlackPawns => "more than 8 black pawns",
            Problem::PawnsOnBackRank => "a pawn on the first or last rank",
            Problem::TooManyWhitePieces => "more than 16 white pieces",
            Problem::TooManyBlackPieces => "more than 16 black pieces",
            Problem::BadCastlingRights => "a castling right without its rook or king",
            Problem::InvalidEpSquare => "an en-passant square no double step can have left",
            Problem::OppositeCheck => "the side not to move is in check",
            Problem::TooManyCheckers => "more than two pieces give check",
            Problem::ImpossibleCheck => "a check no move can have given",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A set of [`Problem`]s.
///
/// # Examples
///
/// ```
/// use rayscan::setup::{Problem, Problems, Setup};
/// let setup = Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
/// let problems = setup.problems();
/// assert!(problems.contains(Problem::Empty));
/// assert_eq!(problems.to_string(), "the board is empty, white has no king, black has no king");
/// assert!(Setup::startpos().problems().is_empty());
/// assert_eq!(Problems::from(Problem::Empty) | Problem::NoWhiteKing, problems & !Problem::NoBlackKing);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Problems(u16);

impl Problems {
    /// No problem.
    pub const NONE: Problems = Problems(0);

    /// The problems move generation cannot stand: no king or more than one of a colour
    /// (so also an empty board), a pawn on a back rank, the side not to move in check.
    /// The others a [`Position`] can be made despite ([`Position::from_setup`]).
    pub const FATAL: Problems = Problems(
        1 << Problem::Empty as u16
            | 1 << Problem::NoWhiteKing as u16
            | 1 << Problem::NoBlackKing as u16
            | 1 << Problem::TooManyKings as u16
            | 1 << Problem::PawnsOnBackRank as u16
            | 1 << Problem::OppositeCheck as u16,
    );

    /// Every problem.
    pub const ALL: Problems = Problems((1 << Problem::ALL.len()) - 1);

    /// Whether `problem` is in the set.
    #[inline]
    pub const fn contains(self, problem: Problem) -> bool {
        self.0 & (1 << problem as u16) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many problems.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Adds `problem`.
    #[inline]
    pub fn insert(&mut self, problem: Problem) {
        self.0 |= 1 << problem as u16;
    }

    /// Takes `problem` out.
    #[inline]
    pub fn remove(&mut self, problem: Problem) {
        self.0 &= !(1 << problem as u16);
    }

    /// The problems, in the order of [`Problem::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Problem> {
        Problem::ALL.into_iter().filter(move |p| self.contains(*p))
    }
}

impl From<Problem> for Problems {
    fn from(problem: Problem) -> Problems {
        Problems(1 << problem as u16)
    }
}

impl<P: Into<Problems>> BitOr<P> for Problems {
    type Output = Problems;
    fn bitor(self, other: P) -> Problems {
        Problems(self.0 | other.into().0)
    }
}

impl<P: Into<Problems>> BitOrAssign<P> for Problems {
    fn bitor_assign(&mut self, other: P) {
        self.0 |= other.into().0;
    }
}

impl<P: Into<Problems>> BitAnd<P> for Problems {
    type Output = Problems;
    fn bitand(self, other: P) -> Problems {
        Problems(self.0 & other.into().0)
    }
}

impl Not for Problems {
    type Output = Problems;
    fn not(self) -> Problems {
        Problems(!self.0 & Problems::ALL.0)
    }
}

impl<P: Into<Problems>> BitOr<P> for Problem {
    type Output = Problems;
    fn bitor(self, other: P) -> Problems {
        Problems::from(self) | other
    }
}

impl Not for Problem {
    type Output = Problems;
    fn not(self) -> Problems {
        !Problems::from(self)
    }
}

impl FromIterator<Problem> for Problems {
    fn from_iter<I: IntoIterator<Item = Problem>>(iter: I) -> Problems {
        let mut set = Problems::NONE;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl fmt::Display for Problems {
    /// The problems' descriptions joined with `, ` (nothing for none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(p.describe())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Setup {
    /// The pieces of `by` that attack `sq`, with `occupied` as the board's occupancy
    /// (the pieces themselves stay where they are).
    pub fn attackers(&self, by: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let queens = self.pieces(Piece::Queen);
        let attackers = (masks::pawn_attacks(!by, sq) & self.pieces(Piece::Pawn))
            | (masks::knight(sq) & self.pieces(Piece::Knight))
            | (masks::king(sq) & self.pieces(Piece::King))
            | (Fastest::bishop_attacks(sq, occupied) & (self.pieces(Piece::Bishop) | queens))
            | (Fastest::rook_attacks(sq, occupied) & (self.pieces(Piece::Rook) | queens));
        attackers & self.color(by)
    }

    /// The pieces giving check to the side to move's king (none without a king).
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.turn) {
            Some(king) => self.attackers(!self.turn, king, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// The castling rights the rules can use: each names a rook of its colour on its
    /// back rank, beside its king there (not marked promoted). With the standard rules
    /// the king stands on the e-file and the rook in a corner; with Chess960's, only the
    /// outermost rook on each side of the king keeps its right.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::setup::Setup;
    /// use rayscan::{Bitboard, Square};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1").unwrap();
    /// assert_eq!(setup.clean_castling_rights(), Bitboard::from_square(Square::A1));
    /// ```
    pub fn clean_castling_rights(&self) -> Bitboard {
        let mut clean = Bitboard::EMPTY;
        for color in Color::ALL {
            let back = Bitboard::rank(back_rank(color));
            let rooks = self.castling & self.colored(color, Piece::Rook) & back;
            let kings = self.colored(color, Piece::King) & !self.promoted & back;
            if !self.chess960 {
                let e = Square::from_coords(File::E, back_rank(color));
                if kings.contains(e) {
                    clean |= rooks & (Bitboard::FILE_A | Bitboard::FILE_H);
                }
                continue;
            }
            let (Some(king), Some(a_side), Some(h_side)) =
                (kings.last(), rooks.first(), rooks.last())
            else {
                continue;
            };
            if a_side < king {
                clean.insert(a_side);
            }
            if h_side > king {
                clean.insert(h_side);
            }
        }
        clean
    }

    /// The en-passant square if a double step can have left it: on the sixth rank with
    /// White to move (the third with Black), a pawn of the side that moved in front of
    /// it, the square and the one behind it empty.
    pub fn valid_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let (rank, pawn, start) = match self.turn {
            Color::White => (Rank::Sixth, ep.step(0, -1), ep.step(0, 1)),
            Color::Black => (Rank::Third, ep.step(0, 1), ep.step(0, -1)),
        };
        let (Some(pawn), Some(start)) = (pawn, start) else {
            return None;
        };
        let ok = ep.rank() == rank
            && self.colored(!self.turn, Piece::Pawn).contains(pawn)
            && !self.occupied().contains(ep)
            && !self.occupied().contains(start);
        ok.then_some(ep)
    }

    /// Every problem of the setup, as python-chess's `Board.status()` finds them.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::setup::{Problem, Setup};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1").unwrap();
    /// let problems = setup.problems();
    /// assert!(problems.contains(Problem::BadCastlingRights));
    /// assert!(problems.contains(Problem::InvalidEpSquare));
    /// assert_eq!(problems.len(), 2);
    /// ```
    pub fn problems(&self) -> Problems {
        let mut found = Problems::NONE;
        let occupied = self.occupied();
        if occupied.is_empty() {
            found.insert(Problem::Empty);
        }
        let kings = self.pieces(Piece::King);
        let (white, black) = (self.color(Color::White), self.color(Color::Black));
        let count = |set: Bitboard, limit, problem| {
            if set.len() > limit {
                Problems::from(problem)
            } else {
                Problems::NONE
            }
        };
        if (white & kings).is_empty() {
            found.insert(Problem::NoWhiteKing);
        }
        if (black & kings).is_empty() {
            found.insert(Problem::NoBlackKing);
        }
        found |= count(kings, 2, Problem::TooManyKings);
        found |= count(white, 16, Problem::TooManyWhitePieces);
        found |= count(black, 16, Problem::TooManyBlackPieces);
        let pawns = self.pieces(Piece::Pawn);
        found |= count(white & pawns, 8, Problem::TooManyWhitePawns);
        found |= count(black & pawns, 8, Problem::TooManyBlackPawns);
        if pawns.intersects(Bitboard::RANK_1 | Bitboard::RANK_8) {
            found.insert(Problem::PawnsOnBackRank);
        }
        if self.castling != self.clean_castling_rights() {
            found.insert(Problem::BadCastlingRights);
        }
        let valid_ep = self.valid_ep_square();
        if self.ep_square != valid_ep {
            found.insert(Problem::InvalidEpSquare);
        }
        if let Some(king) = self.king(!self.turn)
            && !self.attackers(self.turn, king, occupied).is_empty()
        {
            found.insert(Problem::OppositeCheck);
        }
        found | self.check_problems(valid_ep)
    }

    /// Too many checkers, and checks no move can have given.
    fn check_problems(&self, valid_ep: Option<Square>) -> Problems {
        let checkers = self.checkers();
        let mut found = Problems::NONE;
        let (Some(first), Some(last)) = (checkers.first(), checkers.last()) else {
            return found;
        };
        if checkers.len() > 2 {
            found.insert(Problem::TooManyCheckers);
        }
        let our_kings = self.colored(self.turn, Piece::King) & !self.promoted;
        let impossible = match valid_ep.zip(pawn_step(valid_ep, self.turn)) {
            Some((_, (from, to))) => {
                // Before the double step, was the king attacked already? Then the check
                // is not the step's.
                let before = self.occupied().without(to).with(from);
                let attacked_before = our_kings
                    .iter()
                    .rev()
                    .any(|k| !self.attackers(!self.turn, k, before).is_empty());
                checkers.len() > 1 || (last != to && attacked_before)
            }
            None => {
                checkers.len() > 2
                    || (checkers.len() == 2
                        && masks::line_through(first, last).intersects(our_kings))
            }
        };
        if impossible {
            found.insert(Problem::ImpossibleCheck);
        }
        found
    }
}

/// The squares a double step that left `ep` came from and went to.
fn pawn_step(ep: Option<Square>, turn: Color) -> Option<(Square, Square)> {
    let ep = ep?;
    let dir = match turn {
        Color::White => 1,
        Color::Black => -1,
    };
    Some((ep.step(0, dir)?, ep.step(0, -dir)?))
}

/// The back rank of `color`.
fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

/// A setup that is no position, and every problem that keeps it from being one.
///
/// # Examples
///
/// ```
/// use rayscan::setup::{PositionError, Setup};
/// use rayscan::Position;
/// let setup = Setup::from_fen("8/8/8/8/8/8/8/4K2P w - - 0 1").unwrap();
/// let err: PositionError = Position::try_from(setup).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "position \"8/8/8/8/8/8/8/4K2P w - - 0 1\": black has no king, a pawn on the first or last rank"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionError {
    setup: Setup,
    problems: Problems,
}

impl PositionError {
    /// Every problem that refused the setup.
    pub fn problems(&self) -> Problems {
        self.problems
    }

    /// The setup that was refused.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position \"{}\": {}", self.setup, self.problems)
    }
}

impl core::error::Error for PositionError {}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// The position of a setup with no problem at all ([`Setup::problems`]); see
    /// [`Position::from_setup`] to let some pass.
    ///
    /// # Errors
    ///
    /// [`PositionError`] with every problem the setup has.
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, Problems::NONE)
    }
}

impl Position {
    /// The position of `setup`, letting the problems in `allowed` pass: castling rights
    /// without their rook or king are dropped ([`Setup::clean_castling_rights`]), an
    /// en-passant square no double step left is dropped, and the others stay as they
    /// are. The [fatal](Problems::FATAL) problems never pass. A position knows no
    /// promoted pieces: the setup's marks are dropped before its problems are found.
    ///
    /// # Errors
    ///
    /// [`PositionError`] with every problem the setup has, when one is fatal or not in
    /// `allowed`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::setup::{Problem, Problems, Setup};
    /// use rayscan::Position;
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").unwrap();
    /// assert!(Position::try_from(setup).is_err());
    /// let position = Position::from_setup(setup, Problem::BadCastlingRights.into()).unwrap();
    /// assert_eq!(position.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// assert!(Position::from_setup(Setup::from_fen("8/8/8/8/8/8/8/8").unwrap(), Problems::ALL).is_err());
    /// ```
    pub fn from_setup(setup: Setup, allowed: Problems) -> Result<Position, PositionError> {
        // A position has no promoted pieces: its kings are kings, marked or not.
        let mut plain = setup;
        plain.promoted = Bitboard::EMPTY;
        let problems = plain.problems();
        if !(problems & (Problems::FATAL | !allowed)).is_empty() {
            return Err(PositionError { setup, problems });
        }
        Ok(Position::from_parts(
            plain.placement(),
            plain.turn(),
            plain.clean_castling_rights(),
            plain.valid_ep_square(),
            (plain.halfmove_clock(), plain.fullmove_number()),
            plain.is_chess960(),
        ))
    }
}
