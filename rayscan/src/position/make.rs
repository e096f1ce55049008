//! Copy-make: [`Position::play`] returns the position after a move, updating the
//! bitboards, castling rights, en passant, clocks and the Zobrist key incrementally.

use super::{Board, Position, zobrist};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::error::IllegalMove;
use crate::movegen::side::{Black, Side, White};
use crate::piece::Piece;
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

impl Position {
    /// The position after `m`, or [`IllegalMove`] if `m` is not legal here: [`Position::play`]
    /// for moves from elsewhere (a hash move, a killer, a move read without this
    /// position), at the cost of a legality test ([`Position::is_legal_fast`]).
    ///
    /// ```
    /// use rayscan::{Move, Position};
    /// let p = Position::startpos();
    /// let e4: Move = "e2e4".parse().unwrap();
    /// assert_eq!(p.try_play(e4), Ok(p.play(e4)));
    /// // The king cannot castle through its own knight and bishop.
    /// let castle: Move = "e1g1".parse().unwrap();
    /// let err = p.try_play(castle).unwrap_err();
    /// assert!(err.to_string().starts_with("illegal move \"e1g1\": not a legal move in rnbqkbnr/"));
    /// ```
    pub fn try_play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal_fast(m) {
            Ok(self.play(m))
        } else {
            Err(IllegalMove::new(*self, m))
        }
    }

    /// The position after `m`. The move must be legal in this position: one from
    /// [`Position::legal_moves`] or [`Position::parse_uci`], or checked by
    /// [`Position::is_legal`]. Nothing checks it here, for speed: an illegal move never
    /// panics or reads out of bounds, but the result is meaningless (a king that jumps,
    /// a piece that vanishes). Use [`Position::try_play`] for moves from elsewhere.
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

    /// [`Position::play_piece`] for the piece on the move's square, one branch to one of
    /// six copies: each then updates that piece's set, key and rights with constant
    /// indices, and only the pawn's and the king's test for the rare kinds of move.
    /// Against one copy that reads the piece's index and updates all six sets with
    /// masks, perft written with `legal_moves()` and `play` ran 11% faster (Kiwipete
    /// d5 with every move made, 46 to 51 M nodes/s on Zen 3). Another side's piece, or
    /// none, on the square finds no mover in the copy and leaves the position as it is.
    #[inline(always)]
    fn play_any<C: Side>(&self, m: Move) -> Position {
        match self.board.index_at(m.from()) {
            0 => self.play_piece::<C, 0>(m),
            1 => self.play_piece::<C, 1>(m),
            2 => self.play_piece::<C, 2>(m),
            3 => self.play_piece::<C, 3>(m),
            4 => self.play_piece::<C, 4>(m),
            _ => self.play_piece::<C, 5>(m),
        }
    }

    /// [`Position::play`] for side `C` to move and a move of a piece of kind `P` (as its
    /// index, below 6). Its colour's sets and keys are at constant indices. Every move
    /// but castling and en passant takes one path without a branch per piece: the piece
    /// sets lose `from` and `to` and the placed piece's set gains `to`, which also
    /// removes any captured piece.
    ///
    /// `P` is what a [`crate::MoveSet`] names, or what `play` finds on the board: only a
    /// pawn's move may promote or take en passant, only the king's castle. With the
    /// piece a constant, the key's and the sets' updates compile to what perft's
    /// copy-make does for that piece, and only pawns and the king test for the rare
    /// kinds of move. If no such piece of ours stands on the move's square, the position
    /// is returned unchanged.
    #[inline(always)]
    pub(crate) fn play_piece<C: Side, const P: usize>(&self, m: Move) -> Position {
        let b = &self.board;
        let (from, to) = (m.from(), m.to());
        let us = b.by_color[C::US];
        let them = b.by_color[C::THEM];
        let mover = us & b.by_piece[P % 6];
        if !mover.contains(from) {
            return *self;
        }
        let rare = P == Piece::Pawn as usize || P == Piece::King as usize;
        let kind = if rare { m.kind_bits() } else { 0 };
        let promotes = kind & Move::PROMOTION_BITS != 0;
        if kind != 0 && !promotes {
            return self.play_rare::<C>(m);
        }
        let from_bb = Bitboard::from(from);
        let to_bb = Bitboard::from(to);
        let piece = P;
        let placed = if promotes { m.promotion_index() } else { piece };
        let captured = them.contains(to);

        // The key: the piece leaves `from`, the placed piece lands on `to`, whatever
        // stood there (if theirs) leaves it; the side changes.
        let victim = zobrist::piece_index(C::THEM, b.index_at(to), to);
        let mut key = self.key
            ^ zobrist::black_to_move()
            ^ zobrist::piece_index(C::US, piece, from)
            ^ zobrist::piece_index(C::US, placed, to)
            ^ (victim & 0u64.wrapping_sub(u64::from(captured)))
            ^ self.ep_key();

        let mut ep = None;
        if piece == Piece::Pawn as usize && to as i32 - from as i32 == 2 * C::UP {
            let skipped = Square::from_index_masked((from as i32 + C::UP) as u32);
            ep = Some(skipped);
            // The key counts the square only if a pawn of the side to move next (theirs,
            // which a double step does not touch) can take.
            if self.ep_capturable_by(!C::COLOR, skipped) {
                key ^= zobrist::ep_file(skipped);
            }
        }

        // Castling rights: lost when the king moves, or a castling rook moves or is taken.
        let king = Bitboard(0u64.wrapping_sub(u64::from(piece == Piece::King as usize)));
        let lost = b.castle_rooks & (from_bb | to_bb | (C::BACK_RANK & king));
        key ^= zobrist::castling_set(lost);

        let cleared = !(from_bb | to_bb);
        let reset = piece == Piece::Pawn as usize || captured;
        let mut by_color = b.by_color;
        by_color[C::US] = (us & !from_bb) | to_bb;
        by_color[C::THEM] = them & !to_bb;
        let p = Position {
            board: Board {
                by_color,
                by_piece: core::array::from_fn(|i| {
                    (b.by_piece[i] & cleared)
                        | (to_bb & Bitboard(0u64.wrapping_sub(u64::from(i == placed))))
                }),
                castle_rooks: b.castle_rooks ^ lost,
                ep,
            },
            side: !C::COLOR,
            halfmove: if reset { 0 } else { self.halfmove + 1 },
            fullmove: self.fullmove + u32::from(C::COLOR == Color::Black),
            key,
            chess960: self.chess960,
        };
        // Only for a legal move: an illegal one makes a meaningless position, never a panic.
        debug_assert!(
            p.key == p.compute_key() || !self.is_legal(m),
            "incremental key after {m:?}"
        );
        p
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
        let mut halfmove = self.halfmove + 1;
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
            fullmove: self.fullmove + u32::from(us == Color::Black),
            key: self.key ^ change.key ^ zobrist::black_to_move(),
            chess960: self.chess960,
        };
        // Only for a legal move: an illegal one makes a meaningless position, never a panic.
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
        p.halfmove += 1;
        if self.side == Color::Black {
            p.fullmove += 1;
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
            for from in p.color(p.side_to_move()) {
                for to in Square::ALL {
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
