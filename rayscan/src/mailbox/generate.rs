//! Legal move generation on a mailbox board, source to destination: step along each
//! increment while the square is empty, stop at the first piece or sentinel, capture
//! when that piece is the opponent's. Checks and pins come from the vector tables: a
//! table lookup says whether a piece could attack along a vector at all, and only then
//! is the line walked.

use super::Layout;
use super::board::{EMPTY, Mailbox, attack_flag, code, decode};
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::color::Color;
use crate::piece::Piece;
use crate::position::CastleSide;
use crate::square::{File, Rank, Square};

const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// The eight king (and queen) increments on a board `w` wide.
const fn king_steps(w: i32) -> [i32; 8] {
    [w, -w, 1, -1, w + 1, w - 1, -w + 1, -w - 1]
}

/// The eight knight jumps on a board `w` wide.
const fn knight_jumps(w: i32) -> [i32; 8] {
    [
        2 * w + 1,
        2 * w - 1,
        -2 * w + 1,
        -2 * w - 1,
        w + 2,
        w - 2,
        -w + 2,
        -w - 2,
    ]
}

#[inline]
fn is_slider(piece: Piece) -> bool {
    matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen)
}

impl<L: Layout> Mailbox<L> {
    #[inline]
    fn sq(i: i32) -> Square {
        L::square(i).unwrap_or(Square::A1)
    }

    #[inline]
    fn color_at(&self, i: i32) -> Option<Color> {
        decode(self.cell(i)).map(|(c, _)| c)
    }

    /// Appends every legal move to `list`.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        let us = self.side;
        let them = !us;
        let w = L::WIDTH;
        let king = self.kings[us as usize];

        // Checkers: the vector table rejects most pieces with one lookup.
        let mut checkers = [0i32; 2];
        let mut n_checkers = 0;
        for &i in self.list(them) {
            if self.attacks_index(i as i32, king, -1) {
                if let Some(slot) = checkers.get_mut(n_checkers) {
                    *slot = i as i32;
                }
                n_checkers += 1;
            }
        }

        // Pins: an enemy slider whose vector to our king is one of its lines, with
        // exactly one of our pieces between.
        let mut pins = [(0i32, 0i32); 8];
        let mut n_pins = 0;
        for &s in self.list(them) {
            let s = s as i32;
            let Some((_, p)) = decode(self.cell(s)) else {
                continue;
            };
            if !is_slider(p) || L::vector(king - s).attackers & attack_flag(them, p) == 0 {
                continue;
            }
            let inc = L::vector(s - king).increment as i32;
            let mut sq = king + inc;
            while self.cell(sq) == EMPTY {
                sq += inc;
            }
            if sq == s || self.color_at(sq) != Some(us) {
                continue;
            }
            let pinned = sq;
            sq += inc;
            while self.cell(sq) == EMPTY {
                sq += inc;
            }
            if sq == s
                && let Some(slot) = pins.get_mut(n_pins)
            {
                *slot = (pinned, inc);
                n_pins += 1;
            }
        }
        let pins = &pins[..n_pins];
        // A pinned piece may move only along its pin line.
        let may_go = |i: i32, inc: i32| match pins.iter().find(|p| p.0 == i) {
            Some(&(_, pin)) => inc == pin || inc == -pin,
            None => true,
        };

        // King steps: the king lifted off the board, a captured piece no attacker.
        for step in king_steps(w) {
            let t = king + step;
            let c = self.cell(t);
            if (c == EMPTY || self.color_at(t) == Some(them))
                && !self.attacked_index(t, them, king, t)
            {
                list.push(Move::new(Self::sq(king), Self::sq(t), MoveKind::Normal));
            }
        }
        if n_checkers > 1 {
            return;
        }
        // In check, other pieces must take the checker or step between it and the king:
        // the same increment from the king, and nearer.
        let checker = checkers[0];
        let checker_slides = decode(self.cell(checker)).is_some_and(|(_, p)| is_slider(p));
        let evades = |t: i32| {
            if n_checkers == 0 || t == checker {
                return true;
            }
            let (vt, vc) = (L::vector(t - king), L::vector(checker - king));
            checker_slides
                && vt.increment != 0
                && vt.increment == vc.increment
                && vt.chebyshev < vc.chebyshev
        };

        let forward = if us == Color::White { w } else { -w };
        for &i in self.list(us) {
            let i = i as i32;
            let Some((_, piece)) = decode(self.cell(i)) else {
                continue;
            };
            let from = Self::sq(i);
            match piece {
                Piece::King => {}
                Piece::Knight => {
                    if pins.iter().any(|p| p.0 == i) {
                        continue;
                    }
                    for jump in knight_jumps(w) {
                        let t = i + jump;
                        let c = self.cell(t);
                        if (c == EMPTY || self.color_at(t) == Some(them)) && evades(t) {
                            list.push(Move::new(from, Self::sq(t), MoveKind::Normal));
                        }
                    }
                }
                Piece::Pawn => self.pawn_moves(list, i, forward, &may_go, &evades),
                _ => {
                    let steps = king_steps(w);
                    let incs = match piece {
                        Piece::Rook => &steps[..4],
                        Piece::Bishop => &steps[4..],
                        _ => &steps[..],
                    };
                    for &inc in incs {
                        if !may_go(i, inc) {
                            continue;
                        }
                        let mut t = i + inc;
                        while self.cell(t) == EMPTY {
                            if evades(t) {
                                list.push(Move::new(from, Self::sq(t), MoveKind::Normal));
                            }
                            t += inc;
                        }
                        if self.color_at(t) == Some(them) && evades(t) {
                            list.push(Move::new(from, Self::sq(t), MoveKind::Normal));
                        }
                    }
                }
            }
        }

        if n_checkers == 0 {
            self.castling_moves(list, king);
        }
    }

    fn pawn_moves(
        &self,
        list: &mut MoveList,
        i: i32,
        forward: i32,
        may_go: &impl Fn(i32, i32) -> bool,
        evades: &impl Fn(i32) -> bool,
    ) {
        let us = self.side;
        let from = Self::sq(i);
        let push = |list: &mut MoveList, t: i32| {
            let to = Self::sq(t);
            if matches!(to.rank(), Rank::First | Rank::Eighth) {
                for p in PROMOTIONS {
                    list.push(Move::new(from, to, MoveKind::Promotion(p)));
                }
            } else {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        };
        let one = i + forward;
        if self.cell(one) == EMPTY && may_go(i, forward) {
            if evades(one) {
                push(list, one);
            }
            let start = if us == Color::White {
                Rank::Second
            } else {
                Rank::Seventh
            };
            let two = one + forward;
            if from.rank() == start && self.cell(two) == EMPTY && evades(two) {
                list.push(Move::new(from, Self::sq(two), MoveKind::Normal));
            }
        }
        for inc in [forward - 1, forward + 1] {
            let t = i + inc;
            if !may_go(i, inc) {
                continue;
            }
            if self.color_at(t) == Some(!us) && evades(t) {
                push(list, t);
            } else if self.ep.is_some_and(|ep| L::index(ep) == t) {
                // En passant: look at the board after the capture.
                let captured = t - forward;
                let mut after = *self;
                after.cells[captured as usize] = EMPTY;
                after.cells[i as usize] = EMPTY;
                after.cells[t as usize] = code(us, Piece::Pawn);
                let king = self.kings[us as usize];
                if !after.attacked_index(king, !us, -1, -1) {
                    list.push(Move::new(from, Self::sq(t), MoveKind::EnPassant));
                }
            }
        }
    }

    /// Chess960 castling rules, as on the bitboards: the squares between king, rook and
    /// their destinations empty (but for the two), the king's path safe, and the king
    /// safe on arrival with the rook moved.
    fn castling_moves(&self, list: &mut MoveList, king: i32) {
        let us = self.side;
        let king_sq = Self::sq(king);
        let rank = king_sq.rank();
        let file_range = |a: File, b: File| (a.min(b) as u8)..=(a.max(b) as u8);
        for side in CastleSide::ALL {
            let Some(rook_sq) = self.castling_rook(us, side) else {
                continue;
            };
            let rook = L::index(rook_sq);
            let (king_to, rook_to) = (side.king_to(), side.rook_to());
            let clear = file_range(king_sq.file(), king_to)
                .chain(file_range(rook_sq.file(), rook_to))
                .filter_map(File::new)
                .map(|f| L::index(Square::from_coords(f, rank)))
                .all(|i| i == king || i == rook || self.cell(i) == EMPTY);
            if !clear {
                continue;
            }
            let safe_path = file_range(king_sq.file(), king_to)
                .filter_map(File::new)
                .map(|f| L::index(Square::from_coords(f, rank)))
                .all(|i| !self.attacked_index(i, !us, -1, -1));
            if !safe_path {
                continue;
            }
            let (k_to, r_to) = (
                L::index(Square::from_coords(king_to, rank)),
                L::index(Square::from_coords(rook_to, rank)),
            );
            let mut after = *self;
            after.cells[king as usize] = EMPTY;
            after.cells[rook as usize] = EMPTY;
            after.cells[k_to as usize] = code(us, Piece::King);
            after.cells[r_to as usize] = code(us, Piece::Rook);
            if !after.attacked_index(k_to, !us, -1, -1) {
                list.push(Move::new(king_sq, rook_sq, MoveKind::Castling));
            }
        }
    }
}
