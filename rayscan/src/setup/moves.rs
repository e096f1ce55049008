//! The moves of a [`Setup`], on any board: pseudo-legal and legal moves, pins,
//! blockers and the en-passant skewer, as the [`setup`](crate::setup#the-rules) module
//! describes them.

use super::Setup;
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::color::Color;
use crate::masks;
use crate::piece::Piece;
use crate::sliders::{Fastest, Slider};
use crate::square::{File, Rank, Square};

/// The squares a move leaves and enters (none for a move that stays, as a null move).
fn touched(m: Move) -> Bitboard {
    Bitboard(Bitboard::from_square(m.from()).0 ^ Bitboard::from_square(m.to()).0)
}

/// The promotions in python-chess's order.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

impl Setup {
    /// The squares the piece on `sq` attacks (none for an empty square).
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        let occupied = self.occupied();
        match self.piece_at(sq) {
            None => Bitboard::EMPTY,
            Some((color, Piece::Pawn)) => masks::pawn_attacks(color, sq),
            Some((_, Piece::Knight)) => masks::knight(sq),
            Some((_, Piece::King)) => masks::king(sq),
            Some((_, Piece::Bishop)) => Fastest::bishop_attacks(sq, occupied),
            Some((_, Piece::Rook)) => Fastest::rook_attacks(sq, occupied),
            Some((_, Piece::Queen)) => Fastest::queen_attacks(sq, occupied),
        }
    }

    /// Every pseudo-legal move, in [python-chess's order](crate::setup#the-rules).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Setup;
    /// // No black king: moves are still listed, by how the pieces move.
    /// let setup = Setup::from_fen("8/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert_eq!(setup.pseudo_legal_moves().len(), 0);
    /// let setup = Setup::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(setup.pseudo_legal_moves().len(), 5);
    /// ```
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.pseudo_legal_into(Bitboard::FULL, Bitboard::FULL, &mut moves);
        moves
    }

    /// The pseudo-legal moves from a square of `from` to a square of `to` (for
    /// castling, the rook's square).
    pub fn pseudo_legal_moves_between(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        self.pseudo_legal_into(from, to, &mut moves);
        moves
    }

    /// Every legal move, in [python-chess's order](crate::setup#the-rules).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Setup;
    /// assert_eq!(Setup::startpos().legal_moves().len(), 20);
    /// // Two white kings: the higher one (e4) is kept off the rook's rank, the other
    /// // moves as it likes.
    /// let setup = Setup::from_fen("4k3/8/8/7r/4K3/8/8/4K3 w - - 0 1").unwrap();
    /// let moves = setup.legal_moves();
    /// assert_eq!(moves.len(), 10);
    /// assert!(moves.iter().all(|m| m.to().rank() != rayscan::Rank::Fifth));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_between(Bitboard::FULL, Bitboard::FULL)
    }

    /// The legal moves from a square of `from` to a square of `to`.
    pub fn legal_moves_between(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        let Some(king) = self.colored(self.turn, Piece::King).last() else {
            self.pseudo_legal_into(from, to, &mut moves);
            return moves;
        };
        let checkers = self.attackers(!self.turn, king, self.occupied());
        let mut candidates = MoveList::new();
        if checkers.is_empty() {
            self.pseudo_legal_into(from, to, &mut candidates);
        } else {
            self.evasions_into(king, checkers, from, to, &mut candidates);
        }
        let blockers = self.slider_blockers(king);
        for &m in candidates.iter() {
            if self.is_safe(king, blockers, m) {
                moves.push(m);
            }
        }
        moves
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Whether the side to move's king is attacked.
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The line (edge to edge) along which the piece on `sq` is pinned to the king of
    /// `color`, or every square when it is not pinned (nor is there a king).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Bitboard, Color, Setup, Square};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/4r3/4N1K1 w - - 0 1").unwrap();
    /// assert_eq!(setup.pin_mask(Color::White, Square::E1), Bitboard::FULL);
    /// let setup = Setup::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(setup.pin_mask(Color::White, Square::E2), Bitboard::file(rayscan::File::E));
    /// ```
    pub fn pin_mask(&self, color: Color, sq: Square) -> Bitboard {
        let Some(king) = self.king(color) else {
            return Bitboard::FULL;
        };
        let straight = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        let diagonal = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        let families = [
            (masks::file_mask(king).without(king), straight),
            (masks::rank_mask(king).without(king), straight),
            (
                (masks::diagonal_mask(king) | masks::anti_diagonal_mask(king)).without(king),
                diagonal,
            ),
        ];
        for (rays, sliders) in families {
            if !rays.contains(sq) {
                continue;
            }
            let snipers = rays & sliders & self.color(!color);
            let occupied = self.occupied().with(sq);
            for sniper in snipers.iter().rev() {
                if masks::between(sniper, king) & occupied == Bitboard::from_square(sq) {
                    return masks::line_through(king, sniper);
                }
            }
            break;
        }
        Bitboard::FULL
    }

    /// Whether `m` takes en passant: a pawn onto the empty en-passant square, one file
    /// aside.
    pub fn is_en_passant(&self, m: Move) -> bool {
        let step = (m.to() as i32 - m.from() as i32).abs();
        self.ep_square == Some(m.to())
            && self.pieces(Piece::Pawn).contains(m.from())
            && matches!(step, 7 | 9)
            && !self.occupied().contains(m.to())
    }

    /// Whether `m` castles: a king onto its own rook, or two files or more.
    pub fn is_castling(&self, m: Move) -> bool {
        if !self.pieces(Piece::King).contains(m.from()) {
            return false;
        }
        let files = (m.from().file() as i32 - m.to().file() as i32).abs();
        files > 1 || self.colored(self.turn, Piece::Rook).contains(m.to())
    }

    /// Whether `m` captures (en passant included, castling never).
    pub fn is_capture(&self, m: Move) -> bool {
        let touched = touched(m);
        touched.intersects(self.color(!self.turn)) || self.is_en_passant(m)
    }

    /// Whether `m` resets the fifty-move clock: a pawn move or a capture.
    pub fn is_zeroing(&self, m: Move) -> bool {
        let touched = touched(m);
        touched.intersects(self.pieces(Piece::Pawn) | self.color(!self.turn))
    }

    /// The pseudo-legal moves from `from` to `to`, appended to `out`.
    fn pseudo_legal_into(&self, from: Bitboard, to: Bitboard, out: &mut MoveList) {
        let ours = self.color(self.turn);
        let theirs = self.color(!self.turn);
        let occupied = self.occupied();
        let pawns = self.pieces(Piece::Pawn);
        for sq in (ours & !pawns & from).iter().rev() {
            for target in (self.attacks_from(sq) & !ours & to).iter().rev() {
                out.push(Move::new(sq, target, MoveKind::Normal));
            }
        }
        if from.intersects(self.pieces(Piece::King)) {
            self.castling_into(from, to, out);
        }
        let pawns = pawns & ours & from;
        if pawns.is_empty() {
            return;
        }
        let last = match self.turn {
            Color::White => Bitboard::RANK_8,
            Color::Black => Bitboard::RANK_1,
        };
        let push = |out: &mut MoveList, a: Square, b: Square| {
            if last.contains(b) {
                for piece in PROMOTIONS {
                    out.push(Move::new(a, b, MoveKind::Promotion(piece)));
                }
            } else {
                out.push(Move::new(a, b, MoveKind::Normal));
            }
        };
        for sq in pawns.iter().rev() {
            for target in (masks::pawn_attacks(self.turn, sq) & theirs & to)
                .iter()
                .rev()
            {
                push(out, sq, target);
            }
        }
        // Single and double steps; a double step lands on the third or fourth rank
        // (sixth or fifth), so a pawn on its first rank steps twice too.
        let (single, double, back) = match self.turn {
            Color::White => {
                let single = Bitboard(pawns.0 << 8) & !occupied;
                let double = Bitboard(single.0 << 8) & !occupied & Bitboard(0xffff << 16);
                (single, double, -1)
            }
            Color::Black => {
                let single = Bitboard(pawns.0 >> 8) & !occupied;
                let double = Bitboard(single.0 >> 8) & !occupied & Bitboard(0xffff << 32);
                (single, double, 1)
            }
        };
        for target in (single & to).iter().rev() {
            if let Some(sq) = target.step(0, back) {
                push(out, sq, target);
            }
        }
        for target in (double & to).iter().rev() {
            if let Some(sq) = target.step(0, 2 * back) {
                out.push(Move::new(sq, target, MoveKind::Normal));
            }
        }
        self.en_passant_into(from, to, out);
    }

    /// The castling moves (king takes rook): the lowest king of the side on its back
    /// rank (not marked promoted), a rook with a clean right, every square the two cross
    /// or land on empty but for themselves, and no square the king stands on, crosses or
    /// reaches attacked.
    fn castling_into(&self, from: Bitboard, to: Bitboard, out: &mut MoveList) {
        let rank = match self.turn {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        };
        let back = Bitboard::rank(rank);
        let kings = self.colored(self.turn, Piece::King) & !self.promoted & back & from;
        let Some(king) = kings.first() else {
            return;
        };
        let occupied = self.occupied();
        let them = !self.turn;
        for rook in (self.clean_castling_rights() & back & to).iter().rev() {
            let (king_to, rook_to) = if rook < king {
                (File::C, File::D)
            } else {
                (File::G, File::F)
            };
            let (king_to, rook_to) = (
                Square::from_coords(king_to, rank),
                Square::from_coords(rook_to, rank),
            );
            let king_path = masks::between(king, king_to);
            let rook_path = masks::between(rook, rook_to);
            let others = occupied.without(king).without(rook);
            let needed = king_path | rook_path | Bitboard::from_square(king_to) | rook_to.into();
            if others.intersects(needed) {
                continue;
            }
            let without_king = occupied.without(king);
            let crossed = (king_path.with(king))
                .iter()
                .any(|sq| !self.attackers(them, sq, without_king).is_empty());
            let landed = occupied.without(king).without(rook).with(rook_to);
            if crossed || !self.attackers(them, king_to, landed).is_empty() {
                continue;
            }
            out.push(Move::new(king, rook, MoveKind::Castling));
        }
    }

    /// The en-passant captures: onto the empty en-passant square, from the side's pawns
    /// on the fifth (fourth) rank that attack it.
    fn en_passant_into(&self, from: Bitboard, to: Bitboard, out: &mut MoveList) {
        let Some(ep) = self.ep_square.filter(|&ep| ep != Square::A1) else {
            return;
        };
        if !to.contains(ep) || self.occupied().contains(ep) {
            return;
        }
        let fifth = match self.turn {
            Color::White => Bitboard::rank(Rank::Fifth),
            Color::Black => Bitboard::rank(Rank::Fourth),
        };
        let capturers = self.colored(self.turn, Piece::Pawn)
            & from
            & masks::pawn_attacks(!self.turn, ep)
            & fifth;
        for sq in capturers.iter().rev() {
            out.push(Move::new(sq, ep, MoveKind::EnPassant));
        }
    }

    /// The moves that may answer a check to `king` by `checkers`: the king's steps off
    /// the lines of sliding checkers, and with a single checker, the other pieces' moves
    /// onto it or between it and the king (en passant too, when the checker is the pawn
    /// that just stepped twice).
    fn evasions_into(
        &self,
        king: Square,
        checkers: Bitboard,
        from: Bitboard,
        to: Bitboard,
        out: &mut MoveList,
    ) {
        let sliders = checkers
            & (self.pieces(Piece::Bishop) | self.pieces(Piece::Rook) | self.pieces(Piece::Queen));
        let mut attacked = Bitboard::EMPTY;
        for checker in sliders.iter().rev() {
            attacked |= masks::line_through(king, checker).without(checker);
        }
        if from.contains(king) {
            let steps = masks::king(king) & !self.color(self.turn) & !attacked & to;
            for target in steps.iter().rev() {
                out.push(Move::new(king, target, MoveKind::Normal));
            }
        }
        let (Some(checker), 1) = (checkers.last(), checkers.len()) else {
            return;
        };
        let target = masks::between(king, checker) | checkers;
        self.pseudo_legal_into(!self.pieces(Piece::King) & from, target & to, out);
        if let Some(ep) = self.ep_square.filter(|&ep| ep != Square::A1)
            && !target.contains(ep)
        {
            let pushed = match self.turn {
                Color::White => ep.step(0, -1),
                Color::Black => ep.step(0, 1),
            };
            if pushed == Some(checker) {
                self.en_passant_into(from, to, out);
            }
        }
    }

    /// The side to move's pieces that alone stand between `king` and an enemy slider.
    fn slider_blockers(&self, king: Square) -> Bitboard {
        let straight = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        let diagonal = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        let snipers = ((masks::rank_mask(king) | masks::file_mask(king)) & straight)
            | ((masks::diagonal_mask(king) | masks::anti_diagonal_mask(king)) & diagonal);
        let mut blockers = Bitboard::EMPTY;
        for sniper in (snipers.without(king) & self.color(!self.turn))
            .iter()
            .rev()
        {
            let between = masks::between(king, sniper) & self.occupied();
            if between.len() == 1 {
                blockers |= between;
            }
        }
        blockers & self.color(self.turn)
    }

    /// Whether the pseudo-legal (or evading) `m` leaves `king` unattacked, as
    /// python-chess decides it: a king's step onto an unattacked square (castling was
    /// checked when generated), en passant along its pin and past the skewer, any other
    /// move by a piece that blocks no slider or moves along the line to its king.
    fn is_safe(&self, king: Square, blockers: Bitboard, m: Move) -> bool {
        if m.from() == king {
            return self.is_castling(m)
                || self
                    .attackers(!self.turn, m.to(), self.occupied())
                    .is_empty();
        }
        if self.is_en_passant(m) {
            return self.pin_mask(self.turn, m.from()).contains(m.to())
                && !self.ep_skewered(king, m.from());
        }
        !blockers.contains(m.from()) || masks::line_through(m.from(), m.to()).contains(king)
    }

    /// Whether taking en passant with `capturer` would bare `king` to a slider along the
    /// rank (or a diagonal) that the two pawns leaving opens.
    fn ep_skewered(&self, king: Square, capturer: Square) -> bool {
        let Some(ep) = self.ep_square else {
            return false;
        };
        let last_double = match self.turn {
            Color::White => ep.step(0, -1),
            Color::Black => ep.step(0, 1),
        };
        let Some(last_double) = last_double else {
            return false;
        };
        let occupied = self
            .occupied()
            .without(last_double)
            .without(capturer)
            .with(ep);
        let theirs = self.color(!self.turn);
        let straight = theirs & (self.pieces(Piece::Rook) | self.pieces(Piece::Queen));
        let diagonal = theirs & (self.pieces(Piece::Bishop) | self.pieces(Piece::Queen));
        let along_rank = Fastest::rook_attacks(king, occupied) & masks::rank_mask(king);
        let along_diagonals = Fastest::bishop_attacks(king, occupied);
        along_rank.intersects(straight) || along_diagonals.intersects(diagonal)
    }

    /// Whether `color` cannot checkmate with what it has, as python-chess judges it:
    /// no pawn, rook or queen, and a lone knight against no more than a king and queens,
    /// or bishops all on one colour with no pawn or knight on the board.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.color(color);
        let theirs = self.color(!color);
        let heavy = self.pieces(Piece::Pawn) | self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        if ours.intersects(heavy) {
            return false;
        }
        if ours.intersects(self.pieces(Piece::Knight)) {
            return ours.len() <= 2
                && (theirs & !self.pieces(Piece::King) & !self.pieces(Piece::Queen)).is_empty();
        }
        if ours.intersects(self.pieces(Piece::Bishop)) {
            let bishops = self.pieces(Piece::Bishop);
            let one_colour = !bishops.intersects(Bitboard::DARK_SQUARES)
                || !bishops.intersects(Bitboard::LIGHT_SQUARES);
            return one_colour
                && self.pieces(Piece::Pawn).is_empty()
                && self.pieces(Piece::Knight).is_empty();
        }
        true
    }

    /// Whether neither side can checkmate ([`Setup::has_insufficient_material`] for both).
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|color| self.has_insufficient_material(color))
    }
}
