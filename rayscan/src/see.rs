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
//! come for free, since the attackers are looked up again (with the slider technique)
//! after each capture has removed its piece from the occupancy.

use crate::chess_move::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::{Fastest, Slider};
use crate::square::{Rank, Square};

/// The exchange value of a piece.
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

impl Position {
    /// The static exchange evaluation of `m` (fastest technique): what the capture
    /// sequence it starts on its target square wins for the side to move, in centipawns.
    ///
    /// ```
    /// use rayscan::position::Position;
    /// // A rook takes a pawn defended by a rook, backed by a bishop: +100 − 500 + 300.
    /// let p = Position::from_fen("6k1/1pp4p/p1pb4/6q1/3P1pRr/2P4P/PP1Br1P1/5RKN w - - 0 1").unwrap().0;
    /// assert_eq!(p.see(p.parse_uci("f1f4").unwrap()), -100);
    /// ```
    pub fn see(&self, m: Move) -> i32 {
        self.see_with::<Fastest>(m)
    }

    /// Whether the exchange `m` starts is worth at least `threshold`: the form a search
    /// asks ("is this capture good?", "does it lose more than a pawn?").
    ///
    /// ```
    /// use rayscan::position::Position;
    /// let p = Position::from_fen("4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1").unwrap().0;
    /// let dxe5 = p.parse_uci("d4e5").unwrap();
    /// assert!(p.see_ge(dxe5, 0) && !p.see_ge(dxe5, 1)); // pawn for pawn
    /// ```
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.see(m) >= threshold
    }

    /// [`Position::see`] with slider technique `S` for the attackers and x-rays.
    pub fn see_with<S: Slider>(&self, m: Move) -> i32 {
        if m.is_castling() {
            return 0;
        }
        let (from, to) = (m.from(), m.to());
        let Some((us, mover)) = self.piece_at(from) else {
            return 0;
        };
        let mut occupied = self.occupied().without(from);
        if m.kind() == MoveKind::EnPassant {
            occupied.remove(Square::from_coords(to.file(), from.rank()));
        }
        let victim = self.piece_at(to).map(|(_, p)| p);
        let (first, mut on_square) = first_gain(victim, mover, m);
        let mut gain = [0i32; MAX_SWAPS];
        gain[0] = first;
        let promotes = matches!(to.rank(), Rank::First | Rank::Eighth);
        let mut side = !us;
        let mut d = 0;
        while d + 1 < MAX_SWAPS {
            let attackers = self.attackers_to_with::<S>(to, occupied) & occupied;
            let mine = attackers & self.color(side);
            let Some((sq, piece)) = recapture_order(promotes)
                .into_iter()
                .find_map(|p| (mine & self.pieces(p)).first().map(|sq| (sq, p)))
            else {
                break;
            };
            if piece == Piece::King {
                let after = occupied.without(sq);
                let answer = self.attackers_to_with::<S>(to, after) & after & self.color(!side);
                if !answer.is_empty() {
                    break;
                }
            }
            d += 1;
            let (bonus, left) = recapture(piece, promotes);
            gain[d] = on_square + bonus - gain[d - 1];
            on_square = left;
            occupied.remove(sq);
            side = !side;
        }
        resolve(&mut gain, d)
    }
}
