//! The piece-placement field of FEN (`rnbqkbnr/pppppppp/8/…`), enough to turn a
//! position people can read into occupancies; public as [`crate::position::Placement`]. The whole FEN
//! (side to move, castling …) is built on top of it, beside it (`position/fen.rs`).

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::parse_error::Snippet;
use crate::piece::Piece;
use crate::square::{File, Rank, Square};

/// Pieces on squares, as read from a FEN's first field.
///
/// # Examples
///
/// ```
/// use rayscan::position::Placement;
/// use rayscan::{Color, Piece, Square};
/// let start: Placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// assert_eq!(start.occupied().len(), 32);
/// assert_eq!(start.piece_at(Square::E1), Some((Color::White, Piece::King)));
/// assert_eq!(start.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    by_color: [Bitboard; 2],
    by_piece: [Bitboard; 6],
}

impl Placement {
    /// The board with no pieces.
    pub const EMPTY: Placement = Placement {
        by_color: [Bitboard::EMPTY; 2],
        by_piece: [Bitboard::EMPTY; 6],
    };

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of pieces of kind `piece`, both colours.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.by_piece[piece as usize]
    }

    /// What stands on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        Some((color, Piece::ALL[kind_on(&self.by_piece, sq)]))
    }

    /// A placement from bitboards by colour and by kind (the layout `Position` keeps too).
    #[inline]
    pub(crate) const fn from_parts(by_color: [Bitboard; 2], by_piece: [Bitboard; 6]) -> Placement {
        Placement { by_color, by_piece }
    }

    /// The bitboards by colour and by kind.
    #[inline]
    pub(crate) const fn parts(&self) -> ([Bitboard; 2], [Bitboard; 6]) {
        (self.by_color, self.by_piece)
    }

    /// Puts `piece` of `color` on `sq`, replacing whatever stood there.
    pub fn set(&mut self, sq: Square, color: Color, piece: Piece) {
        self.clear(sq);
        self.by_color[color as usize].insert(sq);
        self.by_piece[piece as usize].insert(sq);
    }

    /// Empties `sq`.
    pub fn clear(&mut self, sq: Square) {
        for b in self.by_color.iter_mut().chain(self.by_piece.iter_mut()) {
            b.remove(sq);
        }
    }
}

/// The kind (as an index, pawn 0 to king 5) of the piece on `sq` in the six kind sets
/// `by_piece`; `sq` must be occupied (an empty square reads as a pawn). Three bits are
/// read from the sets, with no branch: the kinds whose index has bit 0 set are knights,
/// rooks and kings; bit 1, bishops and rooks; bit 2, queens and kings. An engine asks
/// this for the mover and the victim of every move it orders.
#[inline(always)]
pub(crate) fn kind_on(by_piece: &[Bitboard; 6], sq: Square) -> usize {
    let s = sq as u32;
    let bit = |set: Bitboard, shift: u32| (((set.0 >> s) & 1) << shift) as usize;
    let [_, n, b, r, q, k] = *by_piece;
    bit(n | r | k, 0) | bit(b | r, 1) | bit(q | k, 2)
}

/// What is wrong with a piece-placement field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlacementProblem {
    /// Nothing was given.
    Empty,
    /// A character on a rank that is neither a piece letter, a digit nor `/`.
    UnknownPiece(Rank, char),
    /// A digit on a rank that is no count of empty squares: `0` or `9`.
    BadDigit(Rank, char),
    /// A rank (1–8) describes more than eight squares.
    RankTooLong(Rank),
    /// A rank describes fewer than eight squares.
    RankTooShort(Rank),
    /// Not eight ranks separated by `/`.
    RankCount(usize),
    /// Two digits in a row on a rank (`44`), which FEN writes as one (`8`).
    AdjacentDigits(Rank),
    /// A `~` (the mark of a promoted piece, where a reader takes it) that follows no
    /// piece letter.
    LonePromotedMark(Rank),
}

impl PlacementProblem {
    /// The rank the problem is on, if it is on one.
    pub fn rank(self) -> Option<Rank> {
        match self {
            PlacementProblem::UnknownPiece(r, _)
            | PlacementProblem::BadDigit(r, _)
            | PlacementProblem::RankTooLong(r)
            | PlacementProblem::RankTooShort(r)
            | PlacementProblem::AdjacentDigits(r)
            | PlacementProblem::LonePromotedMark(r) => Some(r),
            PlacementProblem::Empty | PlacementProblem::RankCount(_) => None,
        }
    }
}

/// A piece-placement field that could not be read. The message names the field, quotes
/// the text up to the end of the faulty rank and says what is wrong there.
///
/// # Examples
///
/// ```
/// use rayscan::position::Placement;
/// let err = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR".parse::<Placement>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "fen piece placement \"rnbqkbnr/pppppppp/9…\": rank 6: '9' is more empty squares than a rank has (digits are 1 to 8)"
/// );
/// let err = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBxR".parse::<Placement>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "fen piece placement \"…/8/8/8/PPPPPPPP/RNBQKBxR\": rank 1: unknown piece 'x' (pieces are KQRBNP for white, kqrbnp for black)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacementError {
    text: Snippet,
    problem: PlacementProblem,
}

impl PlacementError {
    /// What is wrong.
    pub fn problem(&self) -> PlacementProblem {
        self.problem
    }

    /// The quoted text: the field up to the end of the faulty rank.
    pub fn text(&self) -> Snippet {
        self.text
    }
}

impl fmt::Display for PlacementProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlacementProblem::Empty => f.write_str("empty"),
            PlacementProblem::UnknownPiece(r, c) => write!(
                f,
                "rank {r}: unknown piece {c:?} (pieces are KQRBNP for white, kqrbnp for black)"
            ),
            PlacementProblem::BadDigit(r, '0') => write!(
                f,
                "rank {r}: '0' is no count of empty squares (digits are 1 to 8)"
            ),
            PlacementProblem::BadDigit(r, c) => write!(
                f,
                "rank {r}: {c:?} is more empty squares than a rank has (digits are 1 to 8)"
            ),
            PlacementProblem::RankTooLong(r) => {
                write!(f, "rank {r} describes more than 8 squares")
            }
            PlacementProblem::RankTooShort(r) => {
                write!(f, "rank {r} describes fewer than 8 squares")
            }
            PlacementProblem::RankCount(1) => f.write_str("1 rank, expected 8 separated by '/'"),
            PlacementProblem::RankCount(n) => {
                write!(f, "{n} ranks, expected 8 separated by '/'")
            }
            PlacementProblem::AdjacentDigits(r) => {
                write!(f, "rank {r}: two digits in a row (write their sum)")
            }
            PlacementProblem::LonePromotedMark(r) => {
                write!(
                    f,
                    "rank {r}: '~' follows no piece (it marks the piece before it promoted)"
                )
            }
        }
    }
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fen piece placement {}: {}", self.text, self.problem)
    }
}

impl core::error::Error for PlacementError {}

impl FromStr for Placement {
    type Err = PlacementError;

    /// Reads the first whitespace-separated field of `s` (so a whole FEN works too; the
    /// other fields are not looked at).
    fn from_str(s: &str) -> Result<Placement, PlacementError> {
        let field = s.split_whitespace().next().unwrap_or("");
        read(field, false).map(|(placement, _)| placement)
    }
}

/// Reads a piece-placement field, and with `promoted_marks` the `~` after a piece that
/// marks it promoted (the second set). A rank's characters are read to its end before
/// its length is judged, so the first bad character is what an error names, as
/// python-chess reports it.
pub(crate) fn read(
    field: &str,
    promoted_marks: bool,
) -> Result<(Placement, Bitboard), PlacementError> {
    let whole = |problem| PlacementError {
        text: Snippet::new(field),
        problem,
    };
    if field.is_empty() {
        return Err(whole(PlacementProblem::Empty));
    }
    let ranks = field.split('/').count();
    if ranks != 8 {
        return Err(whole(PlacementProblem::RankCount(ranks)));
    }
    let mut placement = Placement::EMPTY;
    let mut promoted = Bitboard::EMPTY;
    let mut rank_end = 0;
    for (row, text) in field.split('/').enumerate() {
        rank_end += text.len() + usize::from(row > 0);
        // Quote the field up to the end of this rank, where the fault is.
        let err = |problem| PlacementError {
            text: Snippet::ending_at(field, rank_end),
            problem,
        };
        let rank = Rank::ALL[7 - row];
        // Counted wide and saturating: a rank of hundreds of letters is refused, never
        // wrapped round to eight.
        let mut file = 0usize;
        let (mut after_digit, mut after_piece) = (false, false);
        for c in text.chars() {
            match c {
                '1'..='8' => {
                    if after_digit {
                        return Err(err(PlacementProblem::AdjacentDigits(rank)));
                    }
                    file = file.saturating_add(usize::from(c as u8 - b'0'));
                    (after_digit, after_piece) = (true, false);
                }
                '0' | '9' => return Err(err(PlacementProblem::BadDigit(rank, c))),
                '~' if promoted_marks => {
                    if !after_piece {
                        return Err(err(PlacementProblem::LonePromotedMark(rank)));
                    }
                    if let Some(f) = file.checked_sub(1).and_then(|f| File::ALL.get(f)) {
                        promoted.insert(Square::from_coords(*f, rank));
                    }
                    (after_digit, after_piece) = (false, false);
                }
                _ => {
                    let (color, piece) = Piece::from_fen_char(c)
                        .ok_or(err(PlacementProblem::UnknownPiece(rank, c)))?;
                    if let Some(f) = File::ALL.get(file) {
                        placement.set(Square::from_coords(*f, rank), color, piece);
                    }
                    file = file.saturating_add(1);
                    (after_digit, after_piece) = (false, true);
                }
            }
        }
        if file > 8 {
            return Err(err(PlacementProblem::RankTooLong(rank)));
        }
        if file < 8 {
            return Err(err(PlacementProblem::RankTooShort(rank)));
        }
    }
    Ok((placement, promoted))
}

impl fmt::Display for Placement {
    /// The FEN piece-placement field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut gap = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    None => gap += 1,
                    Some((color, piece)) => {
                        if gap > 0 {
                            write!(f, "{gap}")?;
                            gap = 0;
                        }
                        write!(f, "{}", piece.fen_char(color))?;
                    }
                }
            }
            if gap > 0 {
                write!(f, "{gap}")?;
            }
            if rank != Rank::First {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn round_trips() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
            "8/8/8/8/8/8/8/8",
            "7k/8/8/8/8/8/8/K7",
        ] {
            let p: Placement = fen.parse().unwrap();
            assert_eq!(p.to_string(), fen);
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("", PlacementProblem::Empty),
            ("8/8/8/8/8/8/8", PlacementProblem::RankCount(7)),
            ("8/8/8/8/8/8/8/8/8", PlacementProblem::RankCount(9)),
            (
                "8/8/8/8/8/8/8/7",
                PlacementProblem::RankTooShort(Rank::First),
            ),
            (
                "9/8/8/8/8/8/8/8",
                PlacementProblem::BadDigit(Rank::Eighth, '9'),
            ),
            (
                "8p/8/8/8/8/8/8/8",
                PlacementProblem::RankTooLong(Rank::Eighth),
            ),
            (
                "7pp/8/8/8/8/8/8/8",
                PlacementProblem::RankTooLong(Rank::Eighth),
            ),
            (
                "44/8/8/8/8/8/8/8",
                PlacementProblem::AdjacentDigits(Rank::Eighth),
            ),
            (
                "8/8/8/8/8/8/8/x7",
                PlacementProblem::UnknownPiece(Rank::First, 'x'),
            ),
            (
                "8/8/8/8/8/8/8/0pppppppp",
                PlacementProblem::BadDigit(Rank::First, '0'),
            ),
            (
                "8/8/8/8/8/8/8/é7",
                PlacementProblem::UnknownPiece(Rank::First, 'é'),
            ),
        ];
        for (text, problem) in cases {
            let e = text.parse::<Placement>().unwrap_err();
            assert_eq!(e.problem(), problem, "{text}");
            assert!(e.to_string().starts_with("fen piece placement"));
        }
    }

    #[test]
    fn set_and_clear() {
        let mut p = Placement::EMPTY;
        p.set(Square::E4, Color::Black, Piece::Queen);
        p.set(Square::E4, Color::White, Piece::Knight);
        assert_eq!(p.piece_at(Square::E4), Some((Color::White, Piece::Knight)));
        assert_eq!(p.color(Color::Black), Bitboard::EMPTY);
        p.clear(Square::E4);
        assert_eq!(p, Placement::EMPTY);
    }
}
