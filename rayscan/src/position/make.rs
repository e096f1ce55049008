//! Copy-make: [`Position::play`] returns the position after a move, updating the
//! bitboards, castling rights, en passant, clocks and the Zobrist key incrementally.

use super::{Board, Position, zobrist};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::piece::Piece;
use crate::side::{Black, Side, White};
use crate::square::Square;

/// What a move changes: the squares to flip in each set, and the key bits to flip.
#[derive(Default)]
struct Change {
    by_color: [Bitboard; 2],
    by_piece: [Bitboard; 6],
    key: u64,
}

impl Change {
    /// A piece of `color` and kind `piece` appears on or leaves `sq`. Every set is
    /// visited with a constant index, so that the sets stay in registers: indexed by
    /// `piece`, they went through memory, and the final wide read of them waited for
    /// the narrow writes (store forwarding).
    #[inline(always)]
    fn toggle(&mut self, color: Color, piece: Piece, sq: Square) {
        let bit = Bitboard::from(sq);
        for (i, set) in self.by_color.iter_mut().enumerate() {
            if color as usize == i {
                *set ^= bit;
            }
        }
        for (i, set) in self.by_piece.iter_mut().enumerate() {
            if piece as usize == i {
                *set ^= bit;
            }
        }
        self.key ^= zobrist::piece(color, piece, sq);
    }
}

/// A child in the making: [`Position::prepare`] makes what every child of a node
/// shares, [`Lifted::lift`] takes the moving piece off its square, and [`Lifted::land`]
/// puts it down on its target, the finished child.
pub(crate) struct Lifted {
    /// The child but for the moving piece's target (and, before the lift, its origin).
    position: Position,
}

impl Lifted {
    /// Side `C`'s piece of kind `P` lifted off `from`, and the rights that leave with it
    /// lost: a king's, or a castling rook's. The moves of one piece's set share it:
    /// [`Position::for_each_child`] lifts the piece once and lands it on each target.
    #[inline(always)]
    #[allow(non_snake_case)] // a constant in every caller but `play`
    pub(crate) fn lift<C: Side>(&self, from: Square, P: usize) -> Lifted {
        let p = &self.position;
        let b = &p.board;
        let from_bb = Bitboard::from(from);
        let pawn = P == Piece::Pawn as usize;
        // The rights that leave with the piece: its side's for the king, its own for a
        // castling rook, none for the others (no castling rook stands where they do).
        let lost = if P == Piece::King as usize {
            b.castle_rooks & (from_bb | C::BACK_RANK)
        } else if P == Piece::Rook as usize {
            b.castle_rooks & from_bb
        } else {
            Bitboard::EMPTY
        };
        let mut by_color = b.by_color;
        by_color[C::US] &= !from_bb;
        let castling_key = if lost.is_empty() {
            0
        } else {
            zobrist::castling_set(lost)
        };
        Lifted {
            position: Position {
                board: Board {
                    by_color,
                    by_piece: core::array::from_fn(|i| {
                        if i == P % 6 {
                            b.by_piece[i] & !from_bb
                        } else {
                            b.by_piece[i]
                        }
                    }),
                    castle_rooks: b.castle_rooks ^ lost,
                    ep: b.ep,
                },
                halfmove: if pawn { 0 } else { p.halfmove },
                key: p.key ^ zobrist::piece_index(C::US, P, from) ^ castling_key,
                ..*p
            },
        }
    }

    /// The position after the lifted piece lands on `to` as a piece of kind `placed` (its
    /// own, or the promotion's) for side `C`: whatever stood on `to` is taken, a
    /// castling rook taken loses its right. Not for castling or en passant.
    #[inline(always)]
    pub(crate) fn land<C: Side>(&self, to: Square, placed: usize) -> Position {
        let p = &self.position;
        let b = &p.board;
        let to_bb = Bitboard::from(to);
        let captured = b.by_color[C::THEM].contains(to);
        // The captured piece's key, if any: its kind read from three bits. Behind a
        // branch, which most moves skip.
        let victim = if captured {
            zobrist::piece_index(C::THEM, b.kind_on(to), to)
        } else {
            0
        };
        // A castling rook taken on its square loses its right: rare, so a branch, where
        // looking up the key of no rights cost two loads per child.
        let lost = b.castle_rooks & to_bb;
        let castling_key = if lost.is_empty() {
            0
        } else {
            zobrist::castling_set(lost)
        };
        let mut by_color = b.by_color;
        by_color[C::US] |= to_bb;
        by_color[C::THEM] &= !to_bb;
        Position {
            board: Board {
                by_color,
                by_piece: core::array::from_fn(|i| {
                    (b.by_piece[i] & !to_bb)
                        | (to_bb & Bitboard(0u64.wrapping_sub(u64::from(i == placed))))
                }),
                castle_rooks: b.castle_rooks ^ lost,
                ep: b.ep,
            },
            halfmove: if captured { 0 } else { p.halfmove },
            key: p.key ^ zobrist::piece_index(C::US, placed, to) ^ victim ^ castling_key,
            ..*p
        }
    }
}

impl Position {
    // `try_play`, which tests the move first, is defined with the legality tests
    // (movegen/legality.rs).

    /// The position after `m`. The move must be legal in this position: one from
    /// [`Position::legal_moves`] or [`Position::parse_uci`], or checked by
    /// [`Position::is_legal`]. Nothing checks it here, for speed: an illegal move never
    /// panics or reads out of bounds, but the result is meaningless (a king that jumps,
    /// a piece that vanishes). Use [`Position::try_play`] for moves from elsewhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::Position;
    /// let p = Position::startpos();
    /// let after = p.play(p.parse_uci("e2e4").unwrap());
    /// assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert_eq!(after.key(), after.compute_key());
    /// ```
    #[must_use]
    #[inline]
    pub fn play(&self, m: Move) -> Position {
        match self.side {
            Color::White => self.play_any::<White>(m),
            Color::Black => self.play_any::<Black>(m),
        }
    }

    /// [`Position::play_piece`] for the piece on the move's square, one of six copies:
    /// each then updates that piece's set, key and rights with constant indices, and
    /// only the pawn's and the king's test for the rare kinds of move. Against one copy
    /// that reads the piece's index and updates all six sets with masks, it does less
    /// work for every move.
    ///
    /// The copy is found by asking each kind's set in turn, a chain of branches, rather
    /// than by the piece's index and a jump table: a list's moves come piece by piece,
    /// and each branch guesses right where the one indirect jump did not. Another side's
    /// piece, or none, on the square finds no mover in the
    /// copy and leaves the position as it is.
    #[inline(always)]
    fn play_any<C: Side>(&self, m: Move) -> Position {
        let [pawns, knights, bishops, rooks, queens, _] = self.board.by_piece;
        let from = m.from();
        if pawns.contains(from) {
            self.play_piece::<C, 0>(m)
        } else if knights.contains(from) {
            self.play_piece::<C, 1>(m)
        } else if bishops.contains(from) {
            self.play_piece::<C, 2>(m)
        } else if rooks.contains(from) {
            self.play_piece::<C, 3>(m)
        } else if queens.contains(from) {
            self.play_piece::<C, 4>(m)
        } else {
            self.play_piece::<C, 5>(m)
        }
    }

    /// [`Position::play`] for side `C` to move and a move of a piece of kind `P` (as its
    /// index, below 6). Its colour's sets and keys are at constant indices. Every move
    /// but castling and en passant takes one path without a branch per piece: the piece
    /// is lifted off `from` ([`Lifted`]), then put down on `to` ([`Lifted::land`]),
    /// which also removes any captured piece.
    ///
    /// `P` is what a [`crate::MoveSet`] names, or what `play` finds on the board: only a
    /// pawn's move may promote or take en passant, only the king's castle. With the
    /// piece a constant, the key's and the sets' updates compile to what perft's
    /// copy-make does for that piece, and only pawns and the king test for the rare
    /// kinds of move. If no such piece of ours stands on the move's square, the position
    /// is returned unchanged.
    #[inline(always)]
    pub(crate) fn play_piece<C: Side, const P: usize>(&self, m: Move) -> Position {
        self.play_kind::<C>(m, P)
    }

    /// [`Position::play_piece`] with the piece's kind `P` as a value: constant where
    /// `play_piece` calls it, read from the board where `play` does.
    #[inline(always)]
    #[allow(non_snake_case)] // a constant in every caller but `play`
    fn play_kind<C: Side>(&self, m: Move, P: usize) -> Position {
        let b = &self.board;
        let (from, to) = (m.from(), m.to());
        let mover = b.by_color[C::US] & b.by_piece[P % 6];
        if !mover.contains(from) {
            return *self;
        }
        let rare = P == Piece::Pawn as usize || P == Piece::King as usize;
        let kind = if rare { m.kind_bits() } else { 0 };
        let promotes = kind & Move::PROMOTION_BITS != 0;
        if kind != 0 && !promotes {
            return self.play_rare::<C>(m);
        }
        let placed = if promotes { m.promotion_index() } else { P };
        let mut p = self.lift::<C>(from, P).land::<C>(to, placed);
        if P == Piece::Pawn as usize && to as i32 - from as i32 == 2 * C::UP {
            p.double_step::<C>(from);
        }
        // Only for a legal move: an illegal one makes a meaningless position, never a panic.
        // layering: a debug build's check calls up into the move generators' legality
        // test (a method, not an import): the position alone cannot tell a legal move.
        debug_assert!(
            p.key == p.compute_key() || !self.is_legal(m),
            "incremental key after {m:?}"
        );
        p
    }

    /// In the position after side `C`'s pawn stepped two squares from `from`: the square
    /// it skipped is the en-passant square, and counts in the key only if a pawn of the
    /// side to move (which a double step does not touch) can take there.
    #[inline(always)]
    pub(crate) fn double_step<C: Side>(&mut self, from: Square) {
        let skipped = Square::from_index_masked((from as i32 + C::UP) as u32);
        self.board.ep = Some(skipped);
        if self.ep_capturable_by(!C::COLOR, skipped) {
            self.key ^= zobrist::ep_file(skipped);
        }
    }

    /// What every child of this position (side `C` to move) shares, whatever moves: the
    /// side to move changed, en passant gone, the clocks moved on, the key's part of
    /// these. [`Lifted::lift`] then takes the moving piece off its square.
    #[inline(always)]
    pub(crate) fn prepare<C: Side>(&self) -> Lifted {
        let b = &self.board;
        Lifted {
            position: Position {
                board: Board { ep: None, ..*b },
                side: !C::COLOR,
                // Saturating: a FEN may give a clock near u32::MAX.
                halfmove: self.halfmove.saturating_add(1),
                fullmove: self
                    .fullmove
                    .saturating_add(u32::from(C::COLOR == Color::Black)),
                key: self.key ^ zobrist::black_to_move() ^ self.ep_key(),
                chess960: self.chess960,
            },
        }
    }

    /// The position with side `C`'s piece of kind `P` lifted off `from`:
    /// [`Position::prepare`], then [`Lifted::lift`].
    #[inline(always)]
    #[allow(non_snake_case)] // a constant in every caller but `play`
    pub(crate) fn lift<C: Side>(&self, from: Square, P: usize) -> Lifted {
        self.prepare::<C>().lift::<C>(from, P)
    }

    /// Castling and en passant, out of the common path.
    #[cold]
    #[inline(never)]
    fn play_rare<C: Side>(&self, m: Move) -> Position {
        let us = C::COLOR;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let mut change = Change {
            key: self.ep_key(),
            ..Change::default()
        };
        let mut halfmove = self.halfmove.saturating_add(1);
        let mut touched = Bitboard::from(from).with(to);
        if m.kind() == MoveKind::Castling {
            let side = m.castle_side();
            let rank = from.rank();
            change.toggle(us, Piece::King, from);
            change.toggle(us, Piece::Rook, to);
            change.toggle(us, Piece::King, Square::from_coords(side.king_to(), rank));
            change.toggle(us, Piece::Rook, Square::from_coords(side.rook_to(), rank));
            touched |= C::BACK_RANK;
        } else {
            let captured = Square::from_coords(to.file(), from.rank());
            change.toggle(them, Piece::Pawn, captured);
            change.toggle(us, Piece::Pawn, from);
            change.toggle(us, Piece::Pawn, to);
            halfmove = 0;
        }
        let lost = self.board.castle_rooks & touched;
        change.key ^= zobrist::castling_set(lost);
        let b = &self.board;
        let p = Position {
            board: Board {
                by_color: [
                    b.by_color[0] ^ change.by_color[0],
                    b.by_color[1] ^ change.by_color[1],
                ],
                by_piece: core::array::from_fn(|i| b.by_piece[i] ^ change.by_piece[i]),
                castle_rooks: b.castle_rooks ^ lost,
                ep: None,
            },
            side: them,
            halfmove,
            fullmove: self.fullmove.saturating_add(u32::from(us == Color::Black)),
            key: self.key ^ change.key ^ zobrist::black_to_move(),
            chess960: self.chess960,
        };
        // Only for a legal move: an illegal one makes a meaningless position, never a panic.
        // layering: a debug build's check calls up into the move generators' legality
        // test (a method, not an import): the position alone cannot tell a legal move.
        debug_assert!(
            p.key == p.compute_key() || !self.is_legal(m),
            "incremental key after {m:?}"
        );
        p
    }

    /// The position after a null move, for null-move pruning: the other side to move,
    /// en passant cleared, the clocks advanced as for a move, the key updated.
    ///
    /// The side to move must not be in check (a null move would leave its king in check,
    /// and the result would not be a position of chess); a search tests
    /// [`Position::is_check`] before it tries one. Nothing panics if it is, but the result
    /// is meaningless.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
    /// let null = p.play_null();
    /// assert_eq!(null.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    /// assert_eq!(null.key(), null.compute_key());
    /// ```
    #[must_use]
    pub fn play_null(&self) -> Position {
        let mut p = *self;
        p.set_ep(None);
        p.halfmove = p.halfmove.saturating_add(1);
        if self.side == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = !self.side;
        p.key ^= super::zobrist::black_to_move();
        debug_assert_eq!(p.key, p.compute_key(), "incremental key after a null move");
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The null move's position is the FEN with the side swapped, no en passant and the
    /// clocks moved on, read from scratch: same board, side, rights, clocks and key.
    #[test]
    fn null_move_equals_the_position_with_the_side_changed() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkb1r/pp1p1ppp/2p5/4P3/2B5/8/PPP1NnPP/RNBQK2R w KQkq - 0 6",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "k7/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
        ];
        for fen in fens {
            let p = Position::from_fen(fen).unwrap().0;
            assert!(!p.is_check(), "{fen}");
            let null = p.play_null();
            let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
            fields[1] = if fields[1] == "w" { "b" } else { "w" }.into();
            fields[3] = "-".into();
            fields[4] = (fields[4].parse::<u32>().unwrap() + 1).to_string();
            if p.side_to_move() == Color::Black {
                fields[5] = (fields[5].parse::<u32>().unwrap() + 1).to_string();
            }
            let expected = Position::from_fen(&fields.join(" ")).unwrap().0;
            assert_eq!(null, expected, "{fen}");
            assert_eq!(null.key(), expected.key(), "{fen}");
            assert_eq!(null.play_null().side_to_move(), p.side_to_move());
            assert_ne!(null.key(), p.key());
            // The generators see the other side's moves.
            assert_eq!(null.legal_moves().len(), expected.legal_moves().len());
        }
    }

    /// `try_play` and `try_san` accept exactly the legal moves: every generated move
    /// plays as `play` does, and every other from-to pair of the side's pieces (each
    /// kind) is refused, the error naming the move and the position.
    #[test]
    fn try_play_and_try_san_accept_exactly_the_legal_moves() {
        use crate::chess_move::MoveKind;
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "k7/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
            "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1",
        ];
        for fen in fens {
            let p = Position::from_fen(fen).unwrap().0;
            let legal = p.legal_moves();
            for m in legal.iter() {
                assert_eq!(p.try_play(m), Ok(p.play(m)), "{m} in {fen}");
                assert_eq!(p.try_san(m).unwrap().to_string(), p.san(m).to_string());
            }
            // Under Miri, every fifth target square (13, spread over the files and ranks):
            // all 64 took about 48 minutes.
            let targets = Square::ALL
                .into_iter()
                .step_by(if cfg!(miri) { 5 } else { 1 });
            for from in p.color(p.side_to_move()) {
                for to in targets.clone() {
                    for kind in MoveKind::ALL {
                        let m = Move::new(from, to, kind);
                        if legal.iter().any(|l| l == m) {
                            continue;
                        }
                        let e = p.try_play(m).unwrap_err();
                        assert_eq!((e.played(), e.position()), (m, &p));
                        assert!(p.try_san(m).is_err(), "{m:?} in {fen}");
                        let text = e.to_string();
                        assert!(
                            text.starts_with("illegal move \"") && text.ends_with(fen),
                            "{text}"
                        );
                    }
                }
            }
        }
        // What the unchecked `san` makes of such a move: nonsense.
        let start = Position::startpos();
        let castle = Move::new(Square::E1, Square::G1, MoveKind::Normal);
        assert!(start.san(castle).to_string().starts_with("Kg1"));
        assert!(start.try_san(castle).is_err());
    }
}
