//! FEN in every dialect people use, read without a mode flag: standard FEN, X-FEN
//! (`KQkq` = the outermost rook, a file letter = an inner rook) and Shredder-FEN
//! (`HAha`), and 4-field EPD positions without the clocks.
//!
//! Two kinds of problem are reported differently. An **error** refuses the position:
//! bad syntax, no king, pawns on the first or last rank, the side not to move in check, an
//! en-passant square on the wrong rank. A **warning** accepts a position that is
//! well defined but unreachable, and says so. Examples are too many checkers, too much
//! material, a castling right without its rook or king, or an en-passant square no pawn
//! can have skipped. The last two are dropped.

use core::fmt;

use super::placement::{Placement, PlacementError, PlacementProblem};
use super::{CastleSide, Position};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::parse_error::Snippet;
use crate::piece::Piece;
use crate::square::{File, Rank, Square};

/// The part of a FEN a problem was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The first field, `rnbqkbnr/…`.
    Placement,
    /// `w` or `b`.
    SideToMove,
    /// `KQkq`, `HAha`, `-` ….
    Castling,
    /// `e3` or `-`.
    EnPassant,
    /// The fifty-move counter.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
    /// The FEN as a whole (wrong number of fields, kings, checks …).
    Position,
}

impl FenField {
    fn name(self) -> &'static str {
        match self {
            FenField::Placement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Position => "position",
        }
    }
}

/// What is wrong, for a [`FenError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenProblem {
    /// The piece-placement field is malformed.
    Placement(PlacementProblem),
    /// Fewer than the four required fields.
    MissingFields(usize),
    /// More than six fields.
    TooManyFields(usize),
    /// Not `w` or `b`.
    BadSide,
    /// A character that is no castling right.
    BadCastling(char),
    /// Two rights for the same colour and side.
    DuplicateCastling(char),
    /// Not a square.
    BadSquare,
    /// An en-passant square not on the rank behind a double-stepped pawn (6th rank with
    /// White to move, 3rd with Black).
    EnPassantRank,
    /// Not a number from 0 to 4294967295 (the clocks are `u32`).
    BadNumber,
    /// A clock below zero.
    NegativeNumber,
    /// A colour has no king.
    NoKing(Color),
    /// A colour has more than one king.
    TooManyKings(Color),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side that just moved is in check.
    OpponentInCheck,
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenProblem::Placement(p) => write!(f, "{p}"),
            FenProblem::MissingFields(n) => {
                write!(
                    f,
                    "{n} fields, expected at least 4 (placement, side, castling, en passant)"
                )
            }
            FenProblem::TooManyFields(n) => write!(f, "{n} fields, expected at most 6"),
            FenProblem::BadSide => f.write_str("expected \"w\" or \"b\""),
            FenProblem::BadCastling(c) => write!(
                f,
                "unknown castling right {c:?}: expected \"-\" or letters from KQkq and A-H/a-h"
            ),
            FenProblem::DuplicateCastling(c) => {
                write!(f, "right {c:?} repeats a side that already has a right")
            }
            FenProblem::BadSquare => f.write_str("expected \"-\" or a square like \"e3\""),
            FenProblem::EnPassantRank => f.write_str(
                "en-passant square must be on rank 6 with white to move, rank 3 with black",
            ),
            FenProblem::BadNumber => write!(f, "expected a number from 0 to {}", u32::MAX),
            FenProblem::NegativeNumber => f.write_str("cannot be negative"),
            FenProblem::NoKing(c) => write!(f, "{c} has no king"),
            FenProblem::TooManyKings(c) => write!(f, "{c} has more than one king"),
            FenProblem::PawnOnBackRank(s) => write!(f, "pawn on {s}, on the first or last rank"),
            FenProblem::OpponentInCheck => f.write_str("the side not to move is in check"),
        }
    }
}

/// A FEN that was refused. The message names the field and quotes the bad text.
///
/// # Examples
///
/// ```
/// use rayscan::position::Position;
/// let err = Position::from_fen("8/8/8/8/8/8/8/K6k x - - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "fen side to move \"x\": expected \"w\" or \"b\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    field: FenField,
    text: Snippet,
    problem: FenProblem,
}

impl FenError {
    pub(crate) fn new(field: FenField, text: &str, problem: FenProblem) -> FenError {
        FenError {
            field,
            text: Snippet::new(text),
            problem,
        }
    }

    /// The error of a placement field that could not be read.
    pub(crate) fn of_placement(e: &PlacementError) -> FenError {
        FenError {
            field: FenField::Placement,
            text: e.text(),
            problem: FenProblem::Placement(e.problem()),
        }
    }

    /// The field the problem is in.
    pub fn field(&self) -> FenField {
        self.field
    }

    /// What is wrong.
    pub fn problem(&self) -> FenProblem {
        self.problem
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "fen {} {}: {}",
            self.field.name(),
            self.text,
            self.problem
        )
    }
}

impl core::error::Error for FenError {}

/// Something unreachable about an accepted position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Warning {
    /// More pieces give check than any move can produce (3+), or two non-sliders do.
    ImpossibleCheck {
        /// How many pieces give check.
        checkers: u32,
    },
    /// More material than a real game can have (over 8 pawns, over 16 pieces, or more
    /// promoted pieces than missing pawns).
    TooMuchMaterial(Color),
    /// A castling right without a rook of that colour where it points (dropped).
    CastlingWithoutRook(char),
    /// A castling right while the king is not on its first rank (dropped).
    CastlingWithoutKing(char),
    /// An en-passant square no pawn can just have double-stepped past (dropped).
    ImpossibleEnPassant(Square),
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Warning::ImpossibleCheck { checkers } => write!(
                f,
                "{checkers} pieces give check, which no legal move can produce"
            ),
            Warning::TooMuchMaterial(c) => {
                write!(f, "{c} has more material than a real game can have")
            }
            Warning::CastlingWithoutRook(c) => {
                write!(
                    f,
                    "castling right {c:?} has no rook to castle with (dropped)"
                )
            }
            Warning::CastlingWithoutKing(c) => write!(
                f,
                "castling right {c:?} but the king is not on its first rank (dropped)"
            ),
            Warning::ImpossibleEnPassant(s) => write!(
                f,
                "en-passant square {s}: no pawn can just have double-stepped past it (dropped)"
            ),
        }
    }
}

/// The warnings about one position (at most eight; no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Warnings {
    list: [Option<Warning>; 8],
    len: usize,
}

impl Warnings {
    fn push(&mut self, w: Warning) {
        if self.len < self.list.len() {
            self.list[self.len] = Some(w);
            self.len += 1;
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The warnings in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = Warning> + '_ {
        self.list[..self.len].iter().flatten().copied()
    }
}

impl fmt::Display for Warnings {
    /// Each warning's message, in the order they were found, joined with `; ` (nothing
    /// when there is none).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let (_, warnings) = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w Kq - 0 1").unwrap();
    /// assert_eq!(
    ///     warnings.to_string(),
    ///     "castling right 'K' has no rook to castle with (dropped); \
    ///      castling right 'q' has no rook to castle with (dropped)"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, w) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{w}")?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;

    /// Reads a FEN as [`Position::from_fen`] does, dropping its [`Warnings`]: what an
    /// engine wants when the GUI has already checked the text.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
    /// assert_eq!(p.legal_moves().len(), 20);
    /// assert!("8/8/8 w - - 0 1".parse::<Position>().is_err());
    /// ```
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen).map(|(position, _)| position)
    }
}

impl Position {
    /// Reads a FEN (standard, X-FEN or Shredder-FEN; the two clock fields optional).
    /// Returns the position and any [`Warnings`], or the [`FenError`] that refuses it.
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field and quoting the text: a syntax error (the wrong number of
    /// fields, a bad rank, piece, side, castling letter, en-passant square or clock), or a
    /// position no game can reach in a way move generation cannot handle (no king or two kings
    /// of a colour, a pawn on the first or last rank, the side not to move in check).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::{Position, Warning};
    /// // Shredder-FEN and X-FEN describe the same Chess960 position.
    /// let (a, _) = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// let (b, _) = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9").unwrap();
    /// assert_eq!(a, b);
    /// assert!(a.is_chess960());
    /// // A castling right without its rook is dropped, with a warning.
    /// let (p, warnings) = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap();
    /// assert!(p.castling().is_empty());
    /// assert_eq!(warnings.iter().next(), Some(Warning::CastlingWithoutRook('K')));
    /// ```
    pub fn from_fen(fen: &str) -> Result<(Position, Warnings), FenError> {
        let mut fields = fen.split_whitespace();
        let count = fen.split_whitespace().count();
        if count < 4 {
            return Err(FenError::new(
                FenField::Position,
                fen,
                FenProblem::MissingFields(count),
            ));
        }
        if count > 6 {
            return Err(FenError::new(
                FenField::Position,
                fen,
                FenProblem::TooManyFields(count),
            ));
        }
        let placement_text = fields.next().unwrap_or("");
        let side_text = fields.next().unwrap_or("");
        let castling_text = fields.next().unwrap_or("");
        let ep_text = fields.next().unwrap_or("");
        let halfmove_text = fields.next();
        let fullmove_text = fields.next();

        let placement: Placement = placement_text
            .parse()
            .map_err(|e: PlacementError| FenError::of_placement(&e))?;
        let mut pos = Position::empty();
        (pos.board.by_color, pos.board.by_piece) = placement.parts();
        // The pieces' part of the key; side, castling and en passant are added as they are read.
        pos.key = pos.compute_key();
        pos.side = match side_text {
            "w" => Color::White,
            "b" => {
                pos.key ^= super::zobrist::black_to_move();
                Color::Black
            }
            _ => {
                return Err(FenError::new(
                    FenField::SideToMove,
                    side_text,
                    FenProblem::BadSide,
                ));
            }
        };
        let number = |text: Option<&str>, field| -> Result<Option<u32>, FenError> {
            match text {
                None => Ok(None),
                Some(t) => t
                    .parse::<u32>()
                    .map(Some)
                    .map_err(|_| FenError::new(field, t, FenProblem::BadNumber)),
            }
        };
        pos.halfmove = number(halfmove_text, FenField::HalfmoveClock)?.unwrap_or(0);
        pos.fullmove = number(fullmove_text, FenField::FullmoveNumber)?.unwrap_or(1);

        // Kings and pawns, before anything that needs a king.
        for color in Color::ALL {
            match pos.colored(color, Piece::King).len() {
                0 => {
                    return Err(FenError::new(
                        FenField::Placement,
                        placement_text,
                        FenProblem::NoKing(color),
                    ));
                }
                1 => {}
                _ => {
                    return Err(FenError::new(
                        FenField::Placement,
                        placement_text,
                        FenProblem::TooManyKings(color),
                    ));
                }
            }
        }
        if let Some(sq) = (pos.pieces(Piece::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).first()
        {
            return Err(FenError::new(
                FenField::Placement,
                placement_text,
                FenProblem::PawnOnBackRank(sq),
            ));
        }

        let mut warnings = Warnings::default();
        pos.read_castling(castling_text, &mut warnings)?;
        pos.read_ep(ep_text, &mut warnings)?;

        // The side that just moved may not be in check.
        let them = !pos.side;
        if !(pos.attackers_to(pos.king(them)) & pos.color(pos.side)).is_empty() {
            return Err(FenError::new(
                FenField::Position,
                fen,
                FenProblem::OpponentInCheck,
            ));
        }
        let checkers = pos.checkers();
        let sliders =
            pos.pieces(Piece::Bishop) | pos.pieces(Piece::Rook) | pos.pieces(Piece::Queen);
        if checkers.len() > 2 || (checkers.len() == 2 && (checkers & sliders).is_empty()) {
            warnings.push(Warning::ImpossibleCheck {
                checkers: checkers.len(),
            });
        }
        for color in Color::ALL {
            let count = |p| pos.colored(color, p).len();
            let pawns = count(Piece::Pawn);
            let promoted = count(Piece::Knight).saturating_sub(2)
                + count(Piece::Bishop).saturating_sub(2)
                + count(Piece::Rook).saturating_sub(2)
                + count(Piece::Queen).saturating_sub(1);
            if pawns > 8 || pos.color(color).len() > 16 || promoted > 8 - pawns.min(8) {
                warnings.push(Warning::TooMuchMaterial(color));
            }
        }
        debug_assert_eq!(pos.key, pos.compute_key());
        Ok((pos, warnings))
    }

    fn read_castling(&mut self, text: &str, warnings: &mut Warnings) -> Result<(), FenError> {
        let err = |problem| FenError::new(FenField::Castling, text, problem);
        if text == "-" {
            return Ok(());
        }
        let mut chess960 = false;
        for c in text.chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let lower = c.to_ascii_lowercase();
            if !c.is_ascii_alphabetic() || !matches!(lower, 'a'..='h' | 'k' | 'q') {
                return Err(err(FenProblem::BadCastling(c)));
            }
            let king = self.king(color);
            let rank = Position::back_rank(color);
            if king.rank() != rank {
                warnings.push(Warning::CastlingWithoutKing(c));
                continue;
            }
            let rooks = self.colored(color, Piece::Rook) & Bitboard::rank(rank);
            let king_file = king.file();
            let rook = match lower {
                'k' => rooks.iter().rev().find(|r| r.file() > king_file),
                'q' => rooks.iter().find(|r| r.file() < king_file),
                f => {
                    let file = File::ALL[(f as u8 - b'a') as usize];
                    let sq = Square::from_coords(file, rank);
                    (rooks.contains(sq) && file != king_file).then_some(sq)
                }
            };
            let Some(rook) = rook else {
                warnings.push(Warning::CastlingWithoutRook(c));
                continue;
            };
            let side = if rook.file() > king_file {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            if self.castling().rook(color, side).is_some() {
                return Err(err(FenProblem::DuplicateCastling(c)));
            }
            if king_file != File::E || !matches!(rook.file(), File::A | File::H) {
                chess960 = true;
            }
            self.add_castling_rook(rook);
        }
        self.chess960 |= chess960;
        Ok(())
    }

    fn read_ep(&mut self, text: &str, warnings: &mut Warnings) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let sq: Square = text
            .parse()
            .map_err(|_| FenError::new(FenField::EnPassant, text, FenProblem::BadSquare))?;
        let (rank, pawn_rank, from_rank) = match self.side {
            Color::White => (Rank::Sixth, Rank::Fifth, Rank::Seventh),
            Color::Black => (Rank::Third, Rank::Fourth, Rank::Second),
        };
        if sq.rank() != rank {
            return Err(FenError::new(
                FenField::EnPassant,
                text,
                FenProblem::EnPassantRank,
            ));
        }
        let pawn = Square::from_coords(sq.file(), pawn_rank);
        let from = Square::from_coords(sq.file(), from_rank);
        let occupied = self.occupied();
        if self.colored(!self.side, Piece::Pawn).contains(pawn)
            && !occupied.contains(sq)
            && !occupied.contains(from)
        {
            self.set_ep(Some(sq));
        } else {
            warnings.push(Warning::ImpossibleEnPassant(sq));
        }
        Ok(())
    }
}

/// How a FEN writes its castling rights ([`Position::fen_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// `KQkq` where a letter names the outermost rook, its file's letter where another
    /// rook stands further out (X-FEN): what `Display` of a [`Position`] writes.
    #[default]
    Standard,
    /// The rooks' file letters always (Shredder-FEN): `HAha`.
    Shredder,
}

impl CastlingNotation {
    /// [`CastlingNotation::Shredder`] if `shredder`, else [`CastlingNotation::Standard`]:
    /// for a flag read from a command line or a caller.
    #[inline]
    pub const fn shredder_if(shredder: bool) -> CastlingNotation {
        if shredder {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::Standard
        }
    }
}

/// Prints a position as FEN (see [`Position::fen_with`]).
struct Display<'a> {
    position: &'a Position,
    shredder: bool,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.position;
        let placement = Placement::from_parts(p.board.by_color, p.board.by_piece);
        write!(f, "{placement} {} ", p.side.to_char())?;
        let castling = p.castling();
        if castling.is_empty() {
            f.write_str("-")?;
        }
        for color in Color::ALL {
            let rooks = p.colored(color, Piece::Rook) & Bitboard::rank(Position::back_rank(color));
            for side in CastleSide::ALL {
                let Some(rook) = castling.rook(color, side) else {
                    continue;
                };
                // KQ name the outermost rook; a letter is needed when another rook is further out.
                let outermost = match side {
                    CastleSide::King => rooks.last() == Some(rook),
                    CastleSide::Queen => rooks.first() == Some(rook),
                };
                let c = if outermost && !self.shredder {
                    match side {
                        CastleSide::King => 'k',
                        CastleSide::Queen => 'q',
                    }
                } else {
                    rook.file().to_char()
                };
                let c = if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                };
                write!(f, "{c}")?;
            }
        }
        match p.board.ep {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", p.halfmove, p.fullmove)
    }
}
impl Position {
    /// A display of the FEN with its castling rights written as `castling` says.
    /// `to_string()` of a position is the same with [`CastlingNotation::Standard`].
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::{CastlingNotation, Position};
    /// let (p, _) = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(p.fen_with(CastlingNotation::Shredder).to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    /// assert_eq!(p.fen_with(CastlingNotation::Standard).to_string(), p.to_string());
    /// ```
    pub fn fen_with(&self, castling: CastlingNotation) -> impl fmt::Display + '_ {
        Display {
            position: self,
            shredder: castling == CastlingNotation::Shredder,
        }
    }

    /// A display of the FEN; `shredder` forces file letters for castling rights. Kept for
    /// old callers: [`Position::fen_with`] names the notation.
    #[deprecated(
        note = "an unnamed flag: use `to_string()`, or `fen_with(CastlingNotation::Shredder)`"
    )]
    pub fn fen(&self, shredder: bool) -> impl fmt::Display + '_ {
        self.fen_with(CastlingNotation::shredder_if(shredder))
    }
}

impl fmt::Display for Position {
    /// The FEN, with `KQkq` where unambiguous and file letters where not.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_with(CastlingNotation::Standard))
    }
}
