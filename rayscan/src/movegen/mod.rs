//! Legal move generation: four generators over one position type, each generic over the
//! slider technique.
//!
//! | generator | how | module |
//! |---|---|---|
//! | [`Generator::PieceWise`] | piece by piece: bitscan a piece, look up its attacks | [`generate`] |
//! | [`Generator::DirectionWise`] | all pieces of a kind at once, one target set per direction (16 sets) | [`directionwise`] |
//! | [`Generator::Hybrid`] | pawns direction-wise (as sets), pieces piece-wise | [`generate_hybrid`] |
//! | [`Generator::Staged`] | a move picker: hash move, captures by MVV/LVA, killers, quiet moves | [`picker`] |
//!
//! They share the legality rules, which follow the usual proven structure:
//! - once per node: the checkers of our king and our pinned pieces;
//! - a check mask: everything when not in check, the checker plus the squares between it
//!   and the king in single check, and in double check only king moves;
//! - pinned pieces move only along the line through their king (direction-wise: a piece
//!   pinned along a line moves only in that line's two directions);
//! - king moves are tested with the king removed from the occupancy (so it cannot hide
//!   behind itself from a slider);
//! - en passant is tested by looking at the board after the capture, which catches the
//!   discovered check along the rank when both pawns leave it (at most two moves, so every
//!   generator tests them one by one);
//! - Chess960 castling: king and rook on any files, every square between them and their
//!   destinations empty (but for the two of them), the squares the king crosses safe,
//!   and the king safe on arrival with the rook moved.
//!
//! [`Position::is_legal`] answers for one move by a different route (pseudo-legality by
//! piece rules, then making the move and testing the king), so the test that compares it
//! with the generators compares independent implementations.

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList, UciMove, UciMoveError};
use crate::color::Color;
use crate::masks;
use crate::parse_error::{ParseError, ParseKind};
use crate::piece::Piece;
use crate::position::{CastleSide, Position};
use crate::sliders::{Slider, Technique};
use crate::square::{File, Rank, Square};

pub mod dir_move;
pub mod directionwise;
pub(crate) mod entry;
mod hybrid;
pub mod legal;
mod legality;
pub(crate) mod listing;
mod moveset;
mod pawns;
pub mod picker;
pub(crate) mod piecewise;

pub use directionwise::{DirectionTargets, generate_targets};
pub use entry::{count, generate};
pub use hybrid::generate_hybrid;
pub use legal::LegalMoves;
pub use legality::CheckInfo;
pub use moveset::{MoveSet, MoveSetIter};
#[allow(deprecated)]
pub use picker::perft_staged;
pub use picker::{MovePicker, Stage, StagedHistory};

const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// A way to generate moves, by name: the CLI's `--generator`.
///
/// [`Generator::accepts`] says which slider techniques drive it: the direction-wise
/// generator and the staged picker (built on it) need a ray-wise technique, since they
/// ask for one direction's attacks at a time.
///
/// # Examples
///
/// ```
/// use rayscan::movegen::Generator;
/// use rayscan::sliders::Technique;
/// assert_eq!("hybrid".parse(), Ok(Generator::Hybrid));
/// assert!(Generator::DirectionWise.accepts(Technique::KoggeStone));
/// assert!(!Generator::DirectionWise.accepts(Technique::Magic));
/// assert!(Generator::PieceWise.accepts(Technique::Magic));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Generator {
    /// Piece by piece ([`generate`]).
    PieceWise,
    /// One target set per direction for all pieces of a kind ([`generate_targets`]).
    DirectionWise,
    /// Pawns as sets, pieces one by one ([`generate_hybrid`]).
    Hybrid,
    /// The staged move picker ([`MovePicker`]), fed hash and killer moves.
    Staged,
    /// On a 0x88 mailbox board ([`crate::mailbox::X88`]), with vector attacks.
    Mailbox0x88,
    /// On a 16×12 mailbox board ([`crate::mailbox::Board16x12`]), with vector attacks.
    Mailbox16x12,
    /// On a 15×12 mailbox board ([`crate::mailbox::Board15x12`]), with vector attacks.
    Mailbox15x12,
}

impl Generator {
    /// Every generator, in the order the CLI lists them.
    pub const ALL: [Generator; 7] = [
        Generator::PieceWise,
        Generator::DirectionWise,
        Generator::Hybrid,
        Generator::Staged,
        Generator::Mailbox0x88,
        Generator::Mailbox16x12,
        Generator::Mailbox15x12,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            Generator::PieceWise => "piecewise",
            Generator::DirectionWise => "directionwise",
            Generator::Hybrid => "hybrid",
            Generator::Staged => "staged",
            Generator::Mailbox0x88 => "mailbox-0x88",
            Generator::Mailbox16x12 => "mailbox-16x12",
            Generator::Mailbox15x12 => "mailbox-15x12",
        }
    }

    /// Whether this generator works on a mailbox array rather than on bitboards.
    pub const fn is_mailbox(self) -> bool {
        matches!(
            self,
            Generator::Mailbox0x88 | Generator::Mailbox16x12 | Generator::Mailbox15x12
        )
    }

    /// Whether `technique` can drive this generator. The mailbox generators walk their
    /// own arrays with vector attacks: their technique is `vector`.
    pub const fn accepts(self, technique: Technique) -> bool {
        match self {
            Generator::PieceWise | Generator::Hybrid => true,
            Generator::DirectionWise | Generator::Staged => technique.is_ray_wise(),
            _ => matches!(technique, Technique::Vector),
        }
    }

    /// The technique used when none is named: the fastest one it accepts on this CPU
    /// ([`Technique::auto`] for the generators that take any technique).
    pub fn default_technique(self) -> Technique {
        match self {
            Generator::PieceWise | Generator::Hybrid => Technique::auto(),
            Generator::DirectionWise | Generator::Staged => Technique::KoggeStone,
            _ => Technique::Vector,
        }
    }
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Generator {
    type Err = ParseError;
    /// Reads a name as the CLI lists it.
    fn from_str(s: &str) -> Result<Generator, ParseError> {
        Generator::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| ParseError::new(ParseKind::Generator, s))
    }
}

/// A technique that cannot drive a generator: the direction-wise generator and the
/// staged picker need a ray-wise technique.
///
/// # Examples
///
/// ```
/// use rayscan::movegen::{Generator, UnsupportedTechnique};
/// use rayscan::sliders::Technique;
/// let e = UnsupportedTechnique { generator: Generator::DirectionWise, technique: Technique::Magic };
/// assert!(e.to_string().starts_with("the directionwise generator needs a ray-wise technique, and \"magic\" is not one"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnsupportedTechnique {
    /// The generator asked for.
    pub generator: Generator,
    /// The technique it cannot use.
    pub technique: Technique,
}

impl fmt::Display for UnsupportedTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generator.is_mailbox() {
            return write!(
                f,
                "the {} generator walks its own board with vector attacks: its technique is \"vector\", not \"{}\"",
                self.generator, self.technique
            );
        }
        write!(
            f,
            "the {} generator needs a ray-wise technique, and \"{}\" is not one (ray-wise:",
            self.generator, self.technique
        )?;
        let mut first = true;
        for t in Technique::ALL
            .iter()
            .filter(|t| self.generator.accepts(**t))
        {
            write!(f, "{}{t}", if first { " " } else { ", " })?;
            first = false;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnsupportedTechnique {}

/// What every generator computes once per node: where our king is, who gives check,
/// which of our pieces are pinned, and where the pieces other than the king may go.
pub(crate) struct Node {
    pub(crate) king: Square,
    pub(crate) occupied: Bitboard,
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    /// Not our pieces, and in check the checker or a square between it and the king.
    pub(crate) targets: Bitboard,
}

impl Node {
    #[inline]
    pub(crate) fn new<S: Slider>(pos: &Position) -> Node {
        let us = pos.side_to_move();
        let occupied = pos.occupied();
        let king = pos.king(us);
        let checkers = pos.attackers_to_with::<S>(king, occupied) & pos.color(!us);
        let check_mask = match checkers.first() {
            Some(checker) => masks::between(king, checker).with(checker),
            None => Bitboard::FULL,
        };
        Node {
            king,
            occupied,
            checkers,
            pinned: pinned(pos, us, king, occupied),
            targets: check_mask - pos.color(us),
        }
    }

    #[inline]
    pub(crate) fn double_check(&self) -> bool {
        self.checkers.len() > 1
    }
}

/// Our pieces pinned to our king on `king`.
#[inline]
pub(crate) fn pinned(pos: &Position, us: Color, king: Square, occupied: Bitboard) -> Bitboard {
    let their = pos.color(!us);
    let queens = pos.pieces(Piece::Queen);
    let snipers = ((masks::rook(king) & (pos.pieces(Piece::Rook) | queens))
        | (masks::bishop(king) & (pos.pieces(Piece::Bishop) | queens)))
        & their;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = masks::between(king, sniper) & occupied;
        if blockers.len() == 1 {
            pinned |= blockers & pos.color(us);
        }
    }
    pinned
}

/// Appends a pawn move, as four promotions when it reaches the last rank.
#[inline]
pub(crate) fn push_pawn_moves(list: &mut MoveList, from: Square, to: Square) {
    if matches!(to.rank(), Rank::First | Rank::Eighth) {
        for p in PROMOTIONS {
            list.push(Move::new(from, to, MoveKind::Promotion(p)));
        }
    } else {
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

/// The pawns that may capture en passant: each is tested by looking at the board after
/// the capture, with the captured pawn gone from the board and from the attackers.
#[inline]
pub(crate) fn en_passant_sources<S: Slider>(pos: &Position) -> Bitboard {
    let Some(ep) = pos.ep_square() else {
        return Bitboard::EMPTY;
    };
    let us = pos.side_to_move();
    let them = !us;
    let king = pos.king(us);
    let occupied = pos.occupied();
    let captured = Square::from_coords(
        ep.file(),
        match us {
            Color::White => Rank::Fifth,
            Color::Black => Rank::Fourth,
        },
    );
    let mut sources = Bitboard::EMPTY;
    for from in masks::pawn_attacks(them, ep) & pos.colored(us, Piece::Pawn) {
        let after = occupied.without(from).without(captured).with(ep);
        let attackers = pos.attackers_to_with::<S>(king, after) & pos.color(them);
        if attackers.without(captured).is_empty() {
            sources.insert(from);
        }
    }
    sources
}

/// Appends the legal castling moves (the caller has checked that we are not in check).
#[inline]
pub(crate) fn castling_moves<S: Slider>(pos: &Position, list: &mut MoveList) {
    for rook in castling_rooks::<S>(pos) {
        list.push(Move::new(
            pos.king(pos.side_to_move()),
            rook,
            MoveKind::Castling,
        ));
    }
}

/// The castling rooks our king may castle with now (the caller has checked that we are
/// not in check).
#[inline]
pub(crate) fn castling_rooks<S: Slider>(pos: &Position) -> Bitboard {
    let us = pos.side_to_move();
    let king = pos.king(us);
    let mut rooks = Bitboard::EMPTY;
    for side in CastleSide::ALL {
        if let Some(rook) = pos.castling().rook(us, side)
            && castling_is_legal::<S>(pos, us, king, rook, side, pos.occupied())
        {
            rooks.insert(rook);
        }
    }
    rooks
}

pub(crate) fn castling_is_legal<S: Slider>(
    pos: &Position,
    us: Color,
    king: Square,
    rook: Square,
    side: CastleSide,
    occupied: Bitboard,
) -> bool {
    let rank = king.rank();
    let king_to = Square::from_coords(side.king_to(), rank);
    let rook_to = Square::from_coords(side.rook_to(), rank);
    // Spans of files on the back rank, by arithmetic: this runs at nearly every node of
    // an opening's tree, and the between-table lookups showed in the profile.
    let span = |a: File, b: File| {
        let (lo, hi) = (a.min(b) as u32, a.max(b) as u32);
        Bitboard(((2u64 << hi) - (1u64 << lo)) << (8 * rank as u32))
    };
    let king_path = span(king.file(), side.king_to()).without(king);
    let must_be_empty = (king_path | span(rook.file(), side.rook_to()))
        .without(king)
        .without(rook);
    if occupied.intersects(must_be_empty) {
        return false;
    }
    // The squares the king crosses, in the position as it is (not in check was checked).
    let their = pos.color(!us);
    let attacked =
        |sq: Square, occupied: Bitboard| pos.attackers_to_with::<S>(sq, occupied).intersects(their);
    for sq in king_path {
        if attacked(sq, occupied) {
            return false;
        }
    }
    // On arrival, with the rook moved: a Chess960 rook may have been shielding the king.
    let after = occupied
        .without(king)
        .without(rook)
        .with(king_to)
        .with(rook_to);
    !attacked(king_to, after)
}

impl Position {
    /// Whether the side to move is checkmated: in check with no legal move.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
    /// assert!(mate.is_checkmate());
    /// assert!(!Position::startpos().is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move is stalemated: not in check, and no legal move.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    /// assert!(stalemate.is_stalemate());
    /// assert!(!stalemate.is_checkmate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether `m` (legal here) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        self.play(m).is_check()
    }

    /// Reads a UCI move and finds it among the legal moves. Castling is accepted both as
    /// king-to-rook (`e1h1`, Chess960 style) and, in standard chess, as the king's
    /// two-square step (`e1g1`). Syntax errors and illegal moves are different errors.
    ///
    /// # Errors
    ///
    /// [`UciMoveError::Syntax`] for text that is not a UCI move, [`UciMoveError::Illegal`] for
    /// a move that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::Position;
    /// use rayscan::chess_move::UciMoveError;
    /// let p = Position::startpos();
    /// assert_eq!(p.parse_uci("g1f3").unwrap().to_string(), "g1f3");
    /// assert!(matches!(p.parse_uci("e2e4x"), Err(UciMoveError::Syntax(_))));
    /// assert!(matches!(p.parse_uci("e1g1"), Err(UciMoveError::Illegal(_))));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciMoveError> {
        text.parse::<UciMove>()?.to_move(self)
    }
}

// Text resolved against a position's legal moves: defined here, with them, so that the
// move values stay below the position.
impl UciMove {
    /// The legal move of `position` that this text names, or
    /// [`UciMoveError::Illegal`]. Castling is accepted as king-to-rook (`e1h1`) in every
    /// position, and as the king's two-square step (`e1g1`) in standard chess.
    ///
    /// # Errors
    ///
    /// [`UciMoveError::Illegal`] when no legal move of `position` matches.
    pub fn to_move(self, position: &Position) -> Result<Move, UciMoveError> {
        let (from, to, promotion) = (self.from(), self.to(), self.promotion());
        let standard = !position.is_chess960();
        let found = position.legal_moves().iter().find(|m| {
            m.from() == from
                && m.promotion() == promotion
                && (m.to() == to
                    || (m.is_castling()
                        && standard
                        && m.king_destination() == to
                        && from.file() == File::E))
        });
        found.ok_or_else(|| UciMoveError::Illegal(self.snippet()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generator_error_lists_every_generator() {
        let e = "nope".parse::<Generator>().unwrap_err();
        let message = e.to_string();
        for g in Generator::ALL {
            assert!(message.contains(g.name()), "{message} lacks {}", g.name());
        }
    }

    fn fen(f: &str) -> Position {
        Position::from_fen(f).unwrap().0
    }

    #[test]
    fn start_position_has_twenty_moves() {
        assert_eq!(Position::startpos().legal_moves().len(), 20);
    }

    #[test]
    fn en_passant_discovered_check_along_the_rank_is_refused() {
        // White king a5, black rook h5: exd6 would expose the king along the fifth rank.
        let p = fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
        assert!(p.parse_uci("b5c6").is_err());
        let q = fen("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
        assert!(q.parse_uci("b5c6").is_ok());
    }

    #[test]
    fn chess960_castling_shielded_by_its_own_rook_is_refused() {
        // King c1, rook b1, enemy rook a1: castling queen side would leave c1 attacked.
        let p = fen("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
        assert!(p.castling().rook(Color::White, CastleSide::Queen).is_some());
        assert!(!p.legal_moves().iter().any(|m| m.is_castling()));
    }

    #[test]
    fn uci_castling_notation() {
        let mut p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let m = p.parse_uci("e1g1").unwrap();
        assert!(m.is_castling());
        assert_eq!(p.parse_uci("e1h1").unwrap(), m);
        assert_eq!(m.uci(false).to_string(), "e1g1");
        p.set_chess960(true);
        assert!(p.parse_uci("e1g1").is_err());
        assert_eq!(m.uci(true).to_string(), "e1h1");
    }
}
