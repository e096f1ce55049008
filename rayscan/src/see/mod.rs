//! Static exchange evaluation: what a capture sequence on one square wins or loses, each
//! side recapturing with its least valuable attacker and free to stop when recapturing
//! would lose.
//!
//! Values: pawn 100, knight and bishop 300, rook 500, queen 900, as in the SEE suite
//! (`../shared/see/see.epd`), whose conventions these are: a promotion (the move's own,
//! or a pawn recapturing on the last rank) adds the new piece's value minus the pawn's,
//! and the promoted piece is what can be taken back; a pawn that would promote counts as
//! the queen it becomes when choosing the least valuable attacker (after knights,
//! bishops and rooks); en passant takes a pawn; castling is worth 0 and a quiet move what
//! it loses; a king takes only when nothing can take back.
//!
//! The swap algorithm: a list of speculative gains, then negamax from its end. X-rays
//! come for free, since the attackers are looked up again after each capture has
//! removed its piece. This module holds the values and the algorithm; two boards find
//! the attackers: the position's bitboards with a slider technique
//! ([`Position::see`](crate::Position::see), in `see/position.rs`), and the mailbox with
//! its vector table ([`Mailbox::see`](crate::mailbox::Mailbox::see), in `see/mailbox.rs`).

use crate::chess_move::{Move, MoveKind};
use crate::piece::Piece;

mod mailbox;
mod position;

/// The exchange value of a piece.
///
/// # Examples
///
/// ```
/// use rayscan::see::value;
/// use rayscan::Piece;
/// assert_eq!(value(Piece::Knight), value(Piece::Bishop));
/// ```
#[inline]
pub const fn value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Knight | Piece::Bishop => 300,
        Piece::Rook => 500,
        Piece::Queen => 900,
        Piece::King => 20_000,
    }
}

/// The order in which attackers recapture: least valuable first, a pawn that promotes on
/// arrival valued as the queen it becomes.
#[inline]
pub(crate) const fn recapture_order(promotes: bool) -> [Piece; 6] {
    if promotes {
        [
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Pawn,
            Piece::Queen,
            Piece::King,
        ]
    } else {
        Piece::ALL
    }
}

/// The gain of recapturing with `piece` and the value it leaves on the square.
#[inline]
pub(crate) fn recapture(piece: Piece, promotes: bool) -> (i32, i32) {
    if piece == Piece::Pawn && promotes {
        let bonus = value(Piece::Queen) - value(Piece::Pawn);
        (bonus, value(Piece::Queen))
    } else {
        (0, value(piece))
    }
}

/// The longest capture sequence: every piece on the board takes once.
pub(crate) const MAX_SWAPS: usize = 66;

/// Negamax over the speculative gains `gain[0..=d]`: each side may stop instead of
/// recapturing.
#[inline]
pub(crate) fn resolve(gain: &mut [i32], mut d: usize) -> i32 {
    while d > 0 {
        let (prev, next) = (
            gain.get(d - 1).copied().unwrap_or(0),
            gain.get(d).copied().unwrap_or(0),
        );
        if let Some(g) = gain.get_mut(d - 1) {
            *g = -(-prev).max(next);
        }
        d -= 1;
    }
    gain.first().copied().unwrap_or(0)
}

/// What the move itself wins before any recapture, and the value of the piece it leaves
/// on the target square.
#[inline]
pub(crate) fn first_gain(victim: Option<Piece>, mover: Piece, m: Move) -> (i32, i32) {
    let taken = match m.kind() {
        MoveKind::EnPassant => value(Piece::Pawn),
        _ => victim.map_or(0, value),
    };
    match m.promotion() {
        Some(p) => (taken + value(p) - value(Piece::Pawn), value(p)),
        None => (taken, value(mover)),
    }
}
