//! Static exchange evaluation on the position's bitboards: the attackers looked up with
//! a slider technique, again after each capture, so that x-rays come for free.

use super::{MAX_SWAPS, first_gain, recapture, recapture_order, resolve};
use crate::chess_move::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::{Fastest, Slider};
use crate::square::{Rank, Square};

impl Position {
    /// The static exchange evaluation of `m` (fastest technique): what the capture
    /// sequence it starts on its target square wins for the side to move, in centipawns.
    ///
    /// # Examples
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
    /// # Examples
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
