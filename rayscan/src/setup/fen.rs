//! FEN for a [`Setup`]: a lenient reader, which takes each field as it is written, and an
//! exact writer, whose text reads back into the same setup.
//!
//! The reader follows python-chess's `Board.set_fen`, the most lenient of the readers
//! people compare with. Every field after the placement may be left out (`w - - 0 1`
//! fill in). The placement may mark promoted pieces with `~`. Castling letters are read
//! against the board: `K` is the outermost rook on the king's side, `Q` on the queen's
//! side, a file letter that file's back-rank square. Where there is no such rook, `K`
//! names the h-file corner. `Q` names the a-file corner, except beside a king with no
//! rook at all on its back rank, where it names nothing. That asymmetry is
//! python-chess's, kept so that both read every FEN alike. The en-passant square may be
//! any square, and a move number of 0 reads as 1.

use core::fmt;
use core::str::FromStr;

use super::Setup;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::{CastlingNotation, FenError, FenField, FenProblem};
use crate::square::{File, Rank, Square};

impl Setup {
    /// Reads a FEN leniently: only its syntax can be wrong. Each field after the
    /// placement is optional (`w`, `-`, `-`, `0`, `1` fill in); see the
    /// [module](crate::setup) for how castling letters are read.
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field and quoting it, for the first field that is not
    /// FEN, in python-chess's order (side, castling, en passant, the clocks, the number
    /// of fields, then the placement): no text at all, more than six fields, a side
    /// other than `w`/`b`, a castling character other than `-`, `KQkq` and the files, a
    /// text that is no square, a clock that is not a number (or is negative), or a
    /// placement that is not eight ranks of eight.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::setup::Setup;
    /// use rayscan::{Bitboard, Color, Square};
    /// // A king alone, castling rights without rooks: read as written.
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").unwrap();
    /// assert_eq!(setup.castling_rights(), Bitboard::from_square(Square::H1) | Bitboard::from_square(Square::H8));
    /// // Fields may be missing.
    /// let setup = Setup::from_fen("8/8/8/8/8/8/8/8").unwrap();
    /// assert_eq!(setup.turn(), Color::White);
    /// assert!(Setup::from_fen("8/8/8/8/8/8/8/8 x").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_whitespace();
        let Some(placement_text) = fields.next() else {
            return Err(FenError::new(
                FenField::Position,
                fen,
                FenProblem::MissingFields(0),
            ));
        };
        let turn = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(text) => {
                return Err(FenError::new(
                    FenField::SideToMove,
                    text,
                    FenProblem::BadSide,
                ));
            }
        };
        let castling_text = fields.next().unwrap_or("-");
        check_castling(castling_text)?;
        let ep_square = match fields.next() {
            None | Some("-") => None,
            Some(text) => Some(
                text.parse::<Square>()
                    .map_err(|_| FenError::new(FenField::EnPassant, text, FenProblem::BadSquare))?,
            ),
        };
        let halfmove_clock = number(fields.next(), FenField::HalfmoveClock)?.unwrap_or(0);
        let fullmove_number = number(fields.next(), FenField::FullmoveNumber)?
            .unwrap_or(1)
            .max(1);
        let extra = fields.count();
        if extra > 0 {
            return Err(FenError::new(
                FenField::Position,
                fen,
                FenProblem::TooManyFields(6 + extra),
            ));
        }
        let mut setup = Setup::empty();
        setup.set_board_fen(placement_text)?;
        setup.turn = turn;
        setup.set_castling_fen(castling_text)?;
        setup.ep_square = ep_square;
        setup.halfmove_clock = halfmove_clock;
        setup.fullmove_number = fullmove_number;
        setup.chess960 = !setup.castling.is_subset(STANDARD_CORNERS) || !standard_kings(&setup);
        Ok(setup)
    }

    /// Replaces the pieces with those of a FEN placement field (its first field alone),
    /// `~` after a piece marking it promoted. The rest of the setup stays.
    ///
    /// # Errors
    ///
    /// [`FenError`] for the placement field, as [`Placement`](crate::position::Placement)'s reader gives it, or for a
    /// `~` that follows no piece.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::setup::Setup;
    /// use rayscan::{Bitboard, Square};
    /// let mut setup = Setup::startpos();
    /// setup.set_board_fen("4k3/8/8/8/8/8/8/Q~3K3").unwrap();
    /// assert_eq!(setup.promoted(), Bitboard::from_square(Square::A1));
    /// assert!(setup.set_board_fen("8/8/8/8/8/8/8/~8").is_err());
    /// ```
    pub fn set_board_fen(&mut self, text: &str) -> Result<(), FenError> {
        let (placement, promoted) =
            crate::position::placement::read(text, true).map_err(|e| FenError::of_placement(&e))?;
        self.placement = placement;
        self.promoted = promoted;
        Ok(())
    }

    /// Replaces the castling rights with those a FEN castling field names on this
    /// board: `-`, or letters from `KQkq` and the files (upper case White's, lower case
    /// Black's), in any number and order. See the [module](crate::setup) for how each
    /// letter is read.
    ///
    /// # Errors
    ///
    /// [`FenError`] quoting the field, for a character that is no castling letter.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::setup::Setup;
    /// use rayscan::{Bitboard, Square};
    /// let mut setup = Setup::from_fen("r3k1r1/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    /// setup.set_castling_fen("Kq").unwrap();
    /// assert_eq!(setup.castling_rights(), Bitboard::from_square(Square::H1) | Bitboard::from_square(Square::A8));
    /// setup.set_castling_fen("HAga").unwrap();
    /// assert_eq!(setup.castling_rights().len(), 4);
    /// assert!(setup.set_castling_fen("KX").is_err());
    /// ```
    pub fn set_castling_fen(&mut self, text: &str) -> Result<(), FenError> {
        check_castling(text)?;
        let mut rights = Bitboard::EMPTY;
        if text != "-" {
            for letter in text.chars() {
                rights |= self.castling_letter(letter);
            }
        }
        self.castling = rights;
        Ok(())
    }

    /// The rights one castling letter names on this board (see the
    /// [module](crate::setup)): one square, or none.
    fn castling_letter(&self, letter: char) -> Bitboard {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = back_rank(color);
        let back = Bitboard::rank(rank);
        let rooks = self.colored(color, crate::piece::Piece::Rook) & back;
        let king = self.king(color);
        let corner = |file| Bitboard::from_square(Square::from_coords(file, rank));
        match letter.to_ascii_lowercase() {
            'q' => match (king, rooks.first()) {
                (Some(_), None) => Bitboard::EMPTY,
                (Some(k), Some(rook)) if rook < k => Bitboard::from_square(rook),
                _ => corner(File::A),
            },
            'k' => match (king, rooks.last()) {
                (Some(k), Some(rook)) if k < rook => Bitboard::from_square(rook),
                _ => corner(File::H),
            },
            f => corner(File::ALL[usize::from(f as u8 - b'a') & 7]),
        }
    }
}

impl Setup {
    /// The FEN, castling written as `castling` says (see [`Setup`]'s `Display`, which
    /// writes [`CastlingNotation::Standard`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::CastlingNotation;
    /// use rayscan::setup::Setup;
    /// let start = Setup::startpos();
    /// assert_eq!(start.fen_with(CastlingNotation::Shredder).to_string(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub fn fen_with(&self, castling: CastlingNotation) -> impl core::fmt::Display + '_ {
        Writer {
            setup: self,
            notation: castling,
        }
    }
}

impl FromStr for Setup {
    type Err = FenError;

    /// [`Setup::from_fen`].
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        Setup::from_fen(fen)
    }
}

impl fmt::Display for Setup {
    /// The FEN, exactly as set: X-FEN castling letters ([`CastlingNotation::Standard`]),
    /// `~` after promoted pieces, the en-passant square whatever it is. It reads back
    /// into the same setup ([`Setup::from_fen`]), but for castling rights off the back
    /// ranks, which FEN cannot write, and a move number of 0, which reads as 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_with(CastlingNotation::Standard))
    }
}

/// The corners standard castling uses.
const STANDARD_CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);

/// Whether no colour with a castling right has its king off its e-file square: with
/// rights in the corners only, the standard rules then apply (a FEN whose rights need
/// Chess960's rules reads as Chess960, as a [`Position`](crate::Position)'s does).
fn standard_kings(setup: &Setup) -> bool {
    Color::ALL.into_iter().all(|color| {
        let e = Square::from_coords(File::E, back_rank(color));
        (setup.castling & Bitboard::rank(back_rank(color))).is_empty()
            || setup.king(color).is_none_or(|k| k == e)
    })
}

/// The back rank of `color`.
fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

/// `-` (or nothing), or castling letters only.
fn check_castling(text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    match text
        .chars()
        .find(|c| !matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h'))
    {
        None => Ok(()),
        Some(c) => Err(FenError::new(
            FenField::Castling,
            text,
            FenProblem::BadCastling(c),
        )),
    }
}

/// A clock field: a whole number from 0 to `u32::MAX`, an optional `+` before it.
fn number(text: Option<&str>, field: FenField) -> Result<Option<u32>, FenError> {
    let Some(text) = text else {
        return Ok(None);
    };
    if text.starts_with('-') && text.len() > 1 && text[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::new(field, text, FenProblem::NegativeNumber));
    }
    text.parse::<u32>()
        .map(Some)
        .map_err(|_| FenError::new(field, text, FenProblem::BadNumber))
}

/// Writes a setup's FEN ([`Setup::fen_with`]).
pub(super) struct Writer<'a> {
    pub(super) setup: &'a Setup,
    pub(super) notation: CastlingNotation,
}

impl fmt::Display for Writer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.setup;
        for rank in Rank::ALL.into_iter().rev() {
            let mut gap = 0;
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                let Some((color, piece)) = s.piece_at(sq) else {
                    gap += 1;
                    continue;
                };
                if gap > 0 {
                    write!(f, "{gap}")?;
                    gap = 0;
                }
                write!(f, "{}", piece.fen_char(color))?;
                if s.promoted.contains(sq) {
                    f.write_str("~")?;
                }
            }
            if gap > 0 {
                write!(f, "{gap}")?;
            }
            if rank != Rank::First {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", s.turn.to_char())?;
        let mut any = false;
        for color in Color::ALL {
            let rights = s.castling & Bitboard::rank(back_rank(color));
            for rook in rights.iter().rev() {
                let file = rook.file().to_char();
                // The shortest letter that reads back as this square.
                let letter = match self.notation {
                    CastlingNotation::Shredder => file,
                    CastlingNotation::Standard => ['k', 'q']
                        .into_iter()
                        .find(|&l| {
                            s.castling_letter(cased(l, color)) == Bitboard::from_square(rook)
                        })
                        .unwrap_or(file),
                };
                write!(f, "{}", cased(letter, color))?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        match s.ep_square {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", s.halfmove_clock, s.fullmove_number)
    }
}

/// `letter` in White's upper case or Black's lower case.
fn cased(letter: char, color: Color) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}
