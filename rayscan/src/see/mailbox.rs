//! Static exchange evaluation with vector attacks on the mailbox: the swap algorithm of
//! [`super`], the attackers found by walking the piece lists with one vector-table
//! lookup each and a walk back from the target for sliders. Each capture
//! empties its piece's cell, so the walks see the x-rays behind it.

use super::{MAX_SWAPS, first_gain, recapture, recapture_order, resolve};
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::mailbox::board::{EMPTY, decode};
use crate::mailbox::{Layout, Mailbox};
use crate::piece::Piece;
use crate::square::{Rank, Square};

impl<L: Layout> Mailbox<L> {
    /// The least valuable piece of `side` attacking index `to`: (index, kind), in
    /// recapture order (a pawn promoting on arrival counts as a queen).
    fn least_valuable_attacker(
        &self,
        side: Color,
        to: i32,
        promotes: bool,
    ) -> Option<(i32, Piece)> {
        let order = recapture_order(promotes);
        let rank = |p: Piece| order.iter().position(|&q| q == p).unwrap_or(order.len());
        let mut best: Option<(i32, Piece)> = None;
        for &i in self.list(side) {
            let i = i as i32;
            let Some((_, p)) = decode(self.cell(i)) else {
                continue; // taken earlier in this exchange
            };
            if best.is_none_or(|(_, b)| rank(p) < rank(b)) && self.attacks_index(i, to, -1) {
                best = Some((i, p));
            }
        }
        best
    }

    /// The static exchange evaluation of `m` (see [`crate::see`] for the rules).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::mailbox::{Board15x12, Mailbox};
    /// use rayscan::position::Position;
    /// let p = Position::from_fen("6k1/1pp4p/p1pb4/6q1/3P1pRr/2P4P/PP1Br1P1/5RKN w - - 0 1").unwrap().0;
    /// let m = p.parse_uci("f1f4").unwrap();
    /// assert_eq!(Mailbox::<Board15x12>::new(&p).see(m), p.see(m));
    /// ```
    pub fn see(&self, m: Move) -> i32 {
        if m.is_castling() {
            return 0;
        }
        let (from_sq, to_sq) = (m.from(), m.to());
        let (from, to) = (L::index(from_sq), L::index(to_sq));
        let Some((us, mover)) = decode(self.cell(from)) else {
            return 0;
        };
        let mut board = *self;
        board.cells[from as usize] = EMPTY;
        if m.kind() == MoveKind::EnPassant {
            let captured = L::index(Square::from_coords(to_sq.file(), from_sq.rank()));
            board.cells[captured as usize] = EMPTY;
        }
        let victim = decode(self.cell(to)).map(|(_, p)| p);
        let (first, mut on_square) = first_gain(victim, mover, m);
        let mut gain = [0i32; MAX_SWAPS];
        gain[0] = first;
        let promotes = matches!(to_sq.rank(), Rank::First | Rank::Eighth);
        let mut side = !us;
        let mut d = 0;
        while d + 1 < MAX_SWAPS {
            let Some((i, piece)) = board.least_valuable_attacker(side, to, promotes) else {
                break;
            };
            if piece == Piece::King {
                let mut after = board;
                after.cells[i as usize] = EMPTY;
                if after.least_valuable_attacker(!side, to, promotes).is_some() {
                    break;
                }
            }
            d += 1;
            let (bonus, left) = recapture(piece, promotes);
            gain[d] = on_square + bonus - gain[d - 1];
            on_square = left;
            board.cells[i as usize] = EMPTY;
            side = !side;
        }
        resolve(&mut gain, d)
    }
}
