//! A board as python-chess lets it stand: any placement of pieces (none, one king,
//! three kings, pawns on the back rank), castling rights that name no rook, an
//! en-passant square with no pawn behind it. rayscan's [`Position`] refuses such boards,
//! so the Python `Board` keeps one of these wherever its position is not a valid one, and
//! answers from it by the rules python-chess documents: what `status()` reports, which
//! moves are pseudo-legal, which are legal (a move that leaves no king of the side to
//! move attacked), what `push` does. It is also the reference the fast path is tested
//! against: on a valid board, both must agree.

use crate::text::Repr;
use rayscan::sliders::{Fastest, Slider};
use rayscan::{Bitboard, Color, Position, Square, masks};

/// Piece types as python-chess numbers them, less one: the index into [`Raw::kinds`].
pub(crate) const PAWN: usize = 0;
pub(crate) const KNIGHT: usize = 1;
pub(crate) const BISHOP: usize = 2;
pub(crate) const ROOK: usize = 3;
pub(crate) const QUEEN: usize = 4;
pub(crate) const KING: usize = 5;

/// The start position's pieces, as FEN's first field.
pub(crate) const STARTING_BOARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The status flags of python-chess (`chess.STATUS_*`).
pub(crate) mod status {
    pub const NO_WHITE_KING: u32 = 1 << 0;
    pub const NO_BLACK_KING: u32 = 1 << 1;
    pub const TOO_MANY_KINGS: u32 = 1 << 2;
    pub const TOO_MANY_WHITE_PAWNS: u32 = 1 << 3;
    pub const TOO_MANY_BLACK_PAWNS: u32 = 1 << 4;
    pub const PAWNS_ON_BACKRANK: u32 = 1 << 5;
    pub const TOO_MANY_WHITE_PIECES: u32 = 1 << 6;
    pub const TOO_MANY_BLACK_PIECES: u32 = 1 << 7;
    pub const BAD_CASTLING_RIGHTS: u32 = 1 << 8;
    pub const INVALID_EP_SQUARE: u32 = 1 << 9;
    pub const OPPOSITE_CHECK: u32 = 1 << 10;
    pub const EMPTY: u32 = 1 << 11;
    pub const TOO_MANY_CHECKERS: u32 = 1 << 15;
    pub const IMPOSSIBLE_CHECK: u32 = 1 << 16;
}

/// A move on a raw board: squares `0..64`, the promotion's piece type (`2..=5`, python-
/// chess's numbers) or 0. Castling is king takes rook; the null move is `0000`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct RawMove {
    pub from: u8,
    pub to: u8,
    pub promotion: u8,
}

impl RawMove {
    pub(crate) const NULL: RawMove = RawMove {
        from: 0,
        to: 0,
        promotion: 0,
    };

    pub(crate) fn new(from: u8, to: u8, promotion: u8) -> RawMove {
        RawMove {
            from,
            to,
            promotion,
        }
    }

    pub(crate) fn is_null(self) -> bool {
        self == RawMove::NULL
    }
}

/// The square of an index known to be below 64.
#[inline]
pub(crate) fn sq(index: u8) -> Square {
    Square::new(index & 63).unwrap_or(Square::A1)
}

#[inline]
fn bit(index: u8) -> u64 {
    1u64 << (index & 63)
}

/// The squares of a mask, highest first (python-chess's `scan_reversed`).
pub(crate) fn high_first(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let s = 63 - mask.leading_zeros() as u8;
        mask &= !bit(s);
        Some(s)
    })
}

fn msb(mask: u64) -> u8 {
    63 - mask.leading_zeros() as u8
}

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

pub(crate) fn rook_attacks(s: u8, occupied: u64) -> u64 {
    Fastest::rook_attacks(sq(s), Bitboard(occupied)).0
}

pub(crate) fn bishop_attacks(s: u8, occupied: u64) -> u64 {
    Fastest::bishop_attacks(sq(s), Bitboard(occupied)).0
}

pub(crate) fn knight_attacks(s: u8) -> u64 {
    masks::knight(sq(s)).0
}

pub(crate) fn king_attacks(s: u8) -> u64 {
    masks::king(sq(s)).0
}

pub(crate) fn pawn_attacks(white: bool, s: u8) -> u64 {
    masks::pawn_attacks(color(white), sq(s)).0
}

pub(crate) fn between(a: u8, b: u8) -> u64 {
    masks::between(sq(a), sq(b)).0
}

/// The whole line through two aligned squares (python-chess's `ray`), or 0.
pub(crate) fn line(a: u8, b: u8) -> u64 {
    masks::line_through(sq(a), sq(b)).0
}

/// Everything a board holds that python-chess's `Board` keeps per position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raw {
    /// Pawns, knights, bishops, rooks, queens, kings (both colours).
    pub kinds: [u64; 6],
    /// Black's pieces, then white's (python-chess's `occupied_co[BLACK]`, `[WHITE]`).
    pub colors: [u64; 2],
    /// Pieces that were promoted (python-chess keeps them for crazyhouse; a standard
    /// game marks them too).
    pub promoted: u64,
    pub turn: bool,
    /// The squares of rooks with a castling right, as set (not cleaned).
    pub castling: u64,
    pub ep: Option<u8>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Default for Raw {
    fn default() -> Raw {
        Raw::EMPTY
    }
}

impl Raw {
    /// No pieces, white to move, move 1.
    pub(crate) const EMPTY: Raw = Raw {
        kinds: [0; 6],
        colors: [0; 2],
        promoted: 0,
        turn: true,
        castling: 0,
        ep: None,
        halfmove: 0,
        fullmove: 1,
    };

    /// The board of a rayscan position (with `promoted` marked).
    pub(crate) fn of(pos: &Position, promoted: u64) -> Raw {
        let mut kinds = [0; 6];
        for (i, k) in rayscan::Piece::ALL.into_iter().enumerate() {
            kinds[i] = pos.pieces(k).0;
        }
        Raw {
            kinds,
            colors: [pos.color(Color::Black).0, pos.color(Color::White).0],
            promoted,
            turn: pos.side_to_move() == Color::White,
            castling: pos.castling().rook_squares().0,
            ep: pos.ep_square().map(|s| s as u8),
            halfmove: pos.halfmove_clock(),
            fullmove: pos.fullmove_number(),
        }
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub(crate) fn ours(&self) -> u64 {
        self.colors[usize::from(self.turn)]
    }

    #[inline]
    pub(crate) fn theirs(&self) -> u64 {
        self.colors[usize::from(!self.turn)]
    }

    /// The piece type index (0 pawn … 5 king) on `s`.
    pub(crate) fn kind_at(&self, s: u8) -> Option<usize> {
        let b = bit(s);
        if self.occupied() & b == 0 {
            return None;
        }
        self.kinds.iter().position(|k| k & b != 0)
    }

    /// The piece on `s`: its type index and whether it is white.
    pub(crate) fn piece_at(&self, s: u8) -> Option<(usize, bool)> {
        self.kind_at(s).map(|k| (k, self.colors[1] & bit(s) != 0))
    }

    /// Takes the piece off `s`: its type index and whether it was promoted.
    pub(crate) fn remove(&mut self, s: u8) -> Option<(usize, bool)> {
        let kind = self.kind_at(s)?;
        let b = bit(s);
        let was_promoted = self.promoted & b != 0;
        self.kinds[kind] &= !b;
        self.colors[0] &= !b;
        self.colors[1] &= !b;
        self.promoted &= !b;
        Some((kind, was_promoted))
    }

    /// Puts a piece on `s`, replacing what stood there.
    pub(crate) fn put(&mut self, s: u8, kind: usize, white: bool, promoted: bool) {
        self.remove(s);
        let b = bit(s);
        self.kinds[kind] |= b;
        self.colors[usize::from(white)] |= b;
        if promoted {
            self.promoted |= b;
        }
    }

    pub(crate) fn rooks_and_queens(&self) -> u64 {
        self.kinds[ROOK] | self.kinds[QUEEN]
    }

    pub(crate) fn bishops_and_queens(&self) -> u64 {
        self.kinds[BISHOP] | self.kinds[QUEEN]
    }

    /// The squares the piece on `s` attacks (0 for an empty square).
    pub(crate) fn attacks_mask(&self, s: u8) -> u64 {
        match self.piece_at(s) {
            None => 0,
            Some((PAWN, white)) => pawn_attacks(white, s),
            Some((KNIGHT, _)) => knight_attacks(s),
            Some((KING, _)) => king_attacks(s),
            Some((kind, _)) => {
                let occ = self.occupied();
                let mut a = 0;
                if kind == ROOK || kind == QUEEN {
                    a |= rook_attacks(s, occ);
                }
                if kind == BISHOP || kind == QUEEN {
                    a |= bishop_attacks(s, occ);
                }
                a
            }
        }
    }

    /// The pieces of `white` (or black) that attack `s` through `occupied`.
    pub(crate) fn attackers_mask(&self, white: bool, s: u8, occupied: u64) -> u64 {
        let attackers = (knight_attacks(s) & self.kinds[KNIGHT])
            | (king_attacks(s) & self.kinds[KING])
            | (rook_attacks(s, occupied) & self.rooks_and_queens())
            | (bishop_attacks(s, occupied) & self.bishops_and_queens())
            | (pawn_attacks(!white, s) & self.kinds[PAWN]);
        attackers & self.colors[usize::from(white)]
    }

    pub(crate) fn is_attacked_by(&self, white: bool, s: u8) -> bool {
        self.attackers_mask(white, s, self.occupied()) != 0
    }

    /// The king of `white` (or black): the highest non-promoted one, as python-chess.
    pub(crate) fn king(&self, white: bool) -> Option<u8> {
        let mask = self.colors[usize::from(white)] & self.kinds[KING] & !self.promoted;
        (mask != 0).then(|| msb(mask))
    }

    /// The pieces giving check to the side to move.
    pub(crate) fn checkers_mask(&self) -> u64 {
        self.king(self.turn)
            .map_or(0, |k| self.attackers_mask(!self.turn, k, self.occupied()))
    }

    /// Whether the side not to move is in check (it could be captured).
    pub(crate) fn was_into_check(&self) -> bool {
        self.king(!self.turn)
            .is_some_and(|k| self.is_attacked_by(self.turn, k))
    }

    /// The line along which the piece on `s` is pinned to the king of `white`, or
    /// every square when it is not pinned.
    pub(crate) fn pin_mask(&self, white: bool, s: u8) -> u64 {
        let Some(king) = self.king(white) else {
            return u64::MAX;
        };
        let through = line(king, s);
        if through == 0 || s == king {
            return u64::MAX;
        }
        let straight = (masks::rank_mask(sq(king)).0 | masks::file_mask(sq(king)).0) & bit(s) != 0;
        let snipers = if straight {
            self.rooks_and_queens()
        } else {
            self.bishops_and_queens()
        } & self.colors[usize::from(!white)]
            & through;
        // The nearest sniper beyond `s`, seen from the king, with nothing else between.
        for sniper in high_first(snipers) {
            let gap = between(sniper, king);
            if gap & bit(s) != 0 && gap & (self.occupied() | bit(s)) == bit(s) {
                return through;
            }
        }
        u64::MAX
    }

    /// python-chess's `clean_castling_rights`: the castling rights that name a rook of
    /// the right colour on its back rank, beside a king on that rank (on e1/e8 with the
    /// rook in a corner, unless `chess960`), one per side of the king. A board with a
    /// move stack keeps its rights as they are (`stacked`).
    pub(crate) fn clean_castling(&self, chess960: bool, stacked: bool) -> u64 {
        if stacked {
            return self.castling;
        }
        let mut clean = 0;
        for white in [true, false] {
            let (backrank, e) = if white { (RANK_1, 4) } else { (RANK_8, 60) };
            let rooks =
                self.castling & self.kinds[ROOK] & self.colors[usize::from(white)] & backrank;
            let kings =
                self.colors[usize::from(white)] & self.kinds[KING] & !self.promoted & backrank;
            if !chess960 {
                if kings & bit(e) != 0 {
                    clean |= rooks & (bit(e - 4) | bit(e + 3));
                }
                continue;
            }
            if kings == 0 || rooks == 0 {
                continue;
            }
            let king = msb(kings);
            let a_side = rooks.trailing_zeros() as u8;
            let h_side = msb(rooks);
            if a_side < king {
                clean |= bit(a_side);
            }
            if h_side > king {
                clean |= bit(h_side);
            }
        }
        clean
    }

    /// The en-passant square if it is one a double step could have left: on the
    /// sixth (third) rank, the pawn that stepped in front of it, the square and the one
    /// behind it empty.
    pub(crate) fn valid_ep(&self) -> Option<u8> {
        let ep = self.ep?;
        let (rank, pawn, start) = if self.turn {
            (5, ep.wrapping_sub(8), ep.wrapping_add(8))
        } else {
            (2, ep.wrapping_add(8), ep.wrapping_sub(8))
        };
        if ep >> 3 != rank || pawn > 63 || start > 63 {
            return None;
        }
        let ok = self.kinds[PAWN] & self.theirs() & bit(pawn) != 0
            && self.occupied() & (bit(ep) | bit(start)) == 0;
        ok.then_some(ep)
    }

    /// python-chess's `status()`: the problems of the position, as `STATUS_*` flags.
    pub(crate) fn status(&self, chess960: bool, stacked: bool) -> u32 {
        use status::*;
        let mut errors = 0;
        let occ = self.occupied();
        if occ == 0 {
            errors |= EMPTY;
        }
        let kings = self.kinds[KING];
        if self.colors[1] & kings == 0 {
            errors |= NO_WHITE_KING;
        }
        if self.colors[0] & kings == 0 {
            errors |= NO_BLACK_KING;
        }
        if (occ & kings).count_ones() > 2 {
            errors |= TOO_MANY_KINGS;
        }
        if self.colors[1].count_ones() > 16 {
            errors |= TOO_MANY_WHITE_PIECES;
        }
        if self.colors[0].count_ones() > 16 {
            errors |= TOO_MANY_BLACK_PIECES;
        }
        if (self.colors[1] & self.kinds[PAWN]).count_ones() > 8 {
            errors |= TOO_MANY_WHITE_PAWNS;
        }
        if (self.colors[0] & self.kinds[PAWN]).count_ones() > 8 {
            errors |= TOO_MANY_BLACK_PAWNS;
        }
        if self.kinds[PAWN] & (RANK_1 | RANK_8) != 0 {
            errors |= PAWNS_ON_BACKRANK;
        }
        if self.castling != self.clean_castling(chess960, stacked) {
            errors |= BAD_CASTLING_RIGHTS;
        }
        let valid_ep = self.valid_ep();
        if self.ep != valid_ep {
            errors |= INVALID_EP_SQUARE;
        }
        if self.was_into_check() {
            errors |= OPPOSITE_CHECK;
        }
        let checkers = self.checkers_mask();
        if checkers != 0 {
            let count = checkers.count_ones();
            if count > 2 {
                errors |= TOO_MANY_CHECKERS;
            }
            let our_kings = kings & self.ours() & !self.promoted;
            if let Some(ep) = valid_ep {
                // The pawn that just stepped twice: before its step, was the king
                // already attacked? Then the check cannot come from that step.
                let to = ep ^ 8;
                let from = ep ^ 24;
                let before = (occ & !bit(to)) | bit(from);
                let attacked_before =
                    high_first(our_kings).any(|k| self.attackers_mask(!self.turn, k, before) != 0);
                if count > 1 || (msb(checkers) != to && attacked_before) {
                    errors |= IMPOSSIBLE_CHECK;
                }
            } else if count > 2
                || (count == 2
                    && line(checkers.trailing_zeros() as u8, msb(checkers)) & our_kings != 0)
            {
                errors |= IMPOSSIBLE_CHECK;
            }
        }
        errors
    }

    /// The castling moves (king takes rook) of the side to move, python-chess's
    /// `generate_castling_moves`: the king on its back rank, a rook with a clean right,
    /// every square the two pieces cross or land on empty but for themselves, and no
    /// square the king stands on, crosses or reaches attacked.
    pub(crate) fn castling_moves(
        &self,
        chess960: bool,
        stacked: bool,
        from_mask: u64,
        to_mask: u64,
        out: &mut Vec<RawMove>,
    ) {
        let backrank = if self.turn { RANK_1 } else { RANK_8 };
        let kings = self.ours() & self.kinds[KING] & !self.promoted & backrank & from_mask;
        if kings == 0 {
            return;
        }
        let king = kings.trailing_zeros() as u8;
        let base = backrank.trailing_zeros() as u8;
        let occ = self.occupied();
        for rook in high_first(self.clean_castling(chess960, stacked) & backrank & to_mask) {
            let a_side = rook < king;
            let (king_to, rook_to) = if a_side {
                (base + 2, base + 3)
            } else {
                (base + 6, base + 5)
            };
            let king_path = between(king, king_to);
            let rook_path = between(rook, rook_to);
            let others = occ ^ bit(king) ^ bit(rook);
            if others & (king_path | rook_path | bit(king_to) | bit(rook_to)) != 0 {
                continue;
            }
            let without_king = occ ^ bit(king);
            let crossed = high_first(king_path | bit(king))
                .any(|s| self.attackers_mask(!self.turn, s, without_king) != 0);
            let landed = occ ^ bit(king) ^ bit(rook) ^ bit(rook_to);
            if crossed || self.attackers_mask(!self.turn, king_to, landed) != 0 {
                continue;
            }
            out.push(RawMove::new(king, rook, 0));
        }
    }

    /// python-chess's pseudo-legal moves from `from_mask` to `to_mask`: every move of
    /// the side to move's pieces by how they move, castling (king takes rook) and en
    /// passant, without asking whether the king is left attacked.
    pub(crate) fn pseudo_legal(
        &self,
        chess960: bool,
        stacked: bool,
        from_mask: u64,
        to_mask: u64,
    ) -> Vec<RawMove> {
        let mut out = Vec::with_capacity(64);
        let ours = self.ours();
        let theirs = self.theirs();
        let occ = self.occupied();
        for from in high_first(ours & !self.kinds[PAWN] & from_mask) {
            for to in high_first(self.attacks_mask(from) & !ours & to_mask) {
                out.push(RawMove::new(from, to, 0));
            }
        }
        if from_mask & self.kinds[KING] != 0 {
            self.castling_moves(chess960, stacked, from_mask, to_mask, &mut out);
        }
        let pawns = self.kinds[PAWN] & ours & from_mask;
        if pawns == 0 {
            return out;
        }
        let last = if self.turn { RANK_8 } else { RANK_1 };
        let push_pawn = |out: &mut Vec<RawMove>, from: u8, to: u8| {
            if bit(to) & last != 0 {
                for p in [5, 4, 3, 2] {
                    out.push(RawMove::new(from, to, p));
                }
            } else {
                out.push(RawMove::new(from, to, 0));
            }
        };
        for from in high_first(pawns) {
            for to in high_first(pawn_attacks(self.turn, from) & theirs & to_mask) {
                push_pawn(&mut out, from, to);
            }
        }
        // Single and double steps, the targets highest first as python-chess lists
        // them.
        // A double step lands on the third or fourth rank (sixth or fifth): from the
        // second rank, and as python-chess has it, from the first.
        let (single, double) = if self.turn {
            let single = (pawns << 8) & !occ;
            (single, (single << 8) & !occ & (0xffff << 16))
        } else {
            let single = (pawns >> 8) & !occ;
            (single, (single >> 8) & !occ & (0xffff << 32))
        };
        for to in high_first(single & to_mask) {
            let from = if self.turn { to - 8 } else { to + 8 };
            push_pawn(&mut out, from, to);
        }
        for to in high_first(double & to_mask) {
            let from = if self.turn { to - 16 } else { to + 16 };
            out.push(RawMove::new(from, to, 0));
        }
        self.pseudo_legal_ep(from_mask, to_mask, &mut out);
        out
    }

    /// The en-passant captures of python-chess's pseudo-legal moves: onto an empty
    /// en-passant square, from the pawns of the side to move on the fifth (fourth)
    /// rank that attack it.
    pub(crate) fn pseudo_legal_ep(&self, from_mask: u64, to_mask: u64, out: &mut Vec<RawMove>) {
        let Some(ep) = self.ep else { return };
        if bit(ep) & to_mask == 0 || bit(ep) & self.occupied() != 0 {
            return;
        }
        let fifth = if self.turn { 0xff << 32 } else { 0xff << 24 };
        let capturers =
            self.kinds[PAWN] & self.ours() & from_mask & pawn_attacks(!self.turn, ep) & fifth;
        for from in high_first(capturers) {
            out.push(RawMove::new(from, ep, 0));
        }
    }

    /// Whether `m` (of the side to move) takes en passant.
    pub(crate) fn is_en_passant(&self, m: RawMove) -> bool {
        let diff = m.to.abs_diff(m.from);
        self.ep == Some(m.to)
            && self.kinds[PAWN] & bit(m.from) != 0
            && (diff == 7 || diff == 9)
            && self.occupied() & bit(m.to) == 0
    }

    /// Whether `m` castles: a king move onto its own rook, or two files or more.
    pub(crate) fn is_castling(&self, m: RawMove) -> bool {
        if self.kinds[KING] & bit(m.from) == 0 {
            return false;
        }
        let files = (m.from & 7).abs_diff(m.to & 7);
        files > 1 || self.kinds[ROOK] & self.ours() & bit(m.to) != 0
    }

    pub(crate) fn is_capture(&self, m: RawMove) -> bool {
        let touched = bit(m.from) ^ bit(m.to);
        touched & self.theirs() != 0 || self.is_en_passant(m)
    }

    pub(crate) fn is_zeroing(&self, m: RawMove) -> bool {
        let touched = bit(m.from) ^ bit(m.to);
        touched & self.kinds[PAWN] != 0 || touched & self.theirs() != 0
    }

    /// The legal moves: the pseudo-legal moves that leave the king of the side to move
    /// (python-chess's: the highest of its kings) unattacked, and in check only those
    /// python-chess considers (that king's steps off the checking lines, and with one
    /// checker, another piece taking it or stepping between); every pseudo-legal move
    /// when the side has no king. Castling was checked for attacks when generated.
    pub(crate) fn legal(
        &self,
        chess960: bool,
        stacked: bool,
        from_mask: u64,
        to_mask: u64,
    ) -> Vec<RawMove> {
        let kings = self.kinds[KING] & self.ours();
        if kings == 0 {
            return self.pseudo_legal(chess960, stacked, from_mask, to_mask);
        }
        let king = msb(kings);
        let checkers = self.attackers_mask(!self.turn, king, self.occupied());
        let mut moves = if checkers == 0 {
            self.pseudo_legal(chess960, stacked, from_mask, to_mask)
        } else {
            self.evasions(king, checkers, chess960, stacked, from_mask, to_mask)
        };
        moves.retain(|&m| self.is_safe(king, m, chess960, stacked));
        moves
    }

    /// The moves that may answer a check to `king` by `checkers`: the king's steps off
    /// the lines of sliding checkers, and with a single checker, the moves of another
    /// piece onto it or between it and the king (en passant too, when the checker is the
    /// pawn that just stepped twice).
    fn evasions(
        &self,
        king: u8,
        checkers: u64,
        chess960: bool,
        stacked: bool,
        from_mask: u64,
        to_mask: u64,
    ) -> Vec<RawMove> {
        let mut out = Vec::new();
        let sliders = checkers & (self.kinds[BISHOP] | self.kinds[ROOK] | self.kinds[QUEEN]);
        let lines = high_first(sliders).fold(0, |acc, c| acc | (line(king, c) & !bit(c)));
        if bit(king) & from_mask != 0 {
            for to in high_first(king_attacks(king) & !self.ours() & !lines & to_mask) {
                out.push(RawMove::new(king, to, 0));
            }
        }
        if checkers.count_ones() == 1 {
            let checker = msb(checkers);
            let target = between(king, checker) | checkers;
            out.extend(self.pseudo_legal(
                chess960,
                stacked,
                !self.kinds[KING] & from_mask,
                target & to_mask,
            ));
            // (No let-chain: the fuzz targets, which compile this file, are edition 2021.)
            if let Some(ep) = self.ep.filter(|&ep| bit(ep) & target == 0) {
                let pushed = if self.turn {
                    ep.wrapping_sub(8)
                } else {
                    ep + 8
                };
                if pushed == checker {
                    self.pseudo_legal_ep(from_mask, to_mask, &mut out);
                }
            }
        }
        out
    }

    /// Whether the pseudo-legal `m` leaves `king` unattacked.
    fn is_safe(&self, king: u8, m: RawMove, chess960: bool, stacked: bool) -> bool {
        if m.from == king && self.is_castling(m) {
            return true;
        }
        let mut after = *self;
        after.play(m, chess960, stacked);
        let king_after = if m.from == king { m.to } else { king };
        after.attackers_mask(!self.turn, king_after, after.occupied()) == 0
    }

    /// Whether the pseudo-legal `m` would leave the side to move in check.
    pub(crate) fn is_into_check(&self, m: RawMove, chess960: bool, stacked: bool) -> bool {
        let Some(king) = self.king(self.turn) else {
            return false;
        };
        let checkers = self.attackers_mask(!self.turn, king, self.occupied());
        if checkers != 0 {
            // Among the evasions python-chess would list.
            return !self
                .legal(chess960, stacked, bit(m.from), bit(m.to))
                .contains(&m);
        }
        !self.is_safe(king, m, chess960, stacked)
    }

    /// python-chess's `push` on this board (the move stack is the caller's): the piece
    /// moved, a capture taken off (en passant too), castling rights lost when a king
    /// or a rook moves or a rook is taken, the en-passant square after a double step,
    /// the clocks. Castling is king takes rook. `m` must move a piece of the side to move
    /// (the caller checks); a null move passes the turn.
    pub(crate) fn play(&mut self, m: RawMove, chess960: bool, stacked: bool) {
        self.castling = self.clean_castling(chess960, stacked);
        let ep = self.ep.take();
        self.halfmove += 1;
        if !self.turn {
            self.fullmove += 1;
        }
        if m.is_null() {
            self.turn = !self.turn;
            return;
        }
        if self.is_zeroing(m) {
            self.halfmove = 0;
        }
        let from_bb = bit(m.from);
        let to_bb = bit(m.to);
        let Some((mut kind, mut promoted)) = self.remove(m.from) else {
            self.turn = !self.turn;
            return;
        };
        let captured = self.kind_at(m.to);
        self.castling &= !from_bb & !to_bb;
        if kind == KING && !promoted {
            self.castling &= if self.turn { !RANK_1 } else { !RANK_8 };
        } else if captured == Some(KING) && self.promoted & to_bb == 0 {
            if self.turn && m.to >> 3 == 7 {
                self.castling &= !RANK_8;
            } else if !self.turn && m.to >> 3 == 0 {
                self.castling &= !RANK_1;
            }
        }
        if kind == PAWN {
            let diff = i16::from(m.to) - i16::from(m.from);
            if diff == 16 && m.from >> 3 == 1 {
                self.ep = Some(m.from + 8);
            } else if diff == -16 && m.from >> 3 == 6 {
                self.ep = Some(m.from - 8);
            } else if Some(m.to) == ep && matches!(diff.abs(), 7 | 9) && captured.is_none() {
                let taken = if self.turn { m.to - 8 } else { m.to + 8 };
                self.remove(taken);
            }
        }
        if m.promotion != 0 {
            promoted = true;
            kind = usize::from(m.promotion - 1);
        }
        let castles = kind == KING && self.ours() & to_bb != 0;
        if castles {
            let a_side = (m.to & 7) < (m.from & 7);
            let base = if self.turn { 0 } else { 56 };
            self.remove(m.to);
            let (king_to, rook_to) = if a_side {
                (base + 2, base + 3)
            } else {
                (base + 6, base + 5)
            };
            self.put(king_to, KING, self.turn, false);
            self.put(rook_to, ROOK, self.turn, false);
        } else {
            self.put(m.to, kind, self.turn, promoted);
        }
        self.turn = !self.turn;
    }

    /// The squares of the pieces of `white` (or black) of `kind`.
    pub(crate) fn pieces(&self, kind: usize, white: bool) -> u64 {
        self.kinds[kind] & self.colors[usize::from(white)]
    }

    /// python-chess's insufficient material for `white` (or black).
    pub(crate) fn has_insufficient_material(&self, white: bool) -> bool {
        let ours = self.colors[usize::from(white)];
        let theirs = self.colors[usize::from(!white)];
        let heavy = self.kinds[PAWN] | self.kinds[ROOK] | self.kinds[QUEEN];
        if ours & heavy != 0 {
            return false;
        }
        if ours & self.kinds[KNIGHT] != 0 {
            return ours.count_ones() <= 2 && theirs & !self.kinds[KING] & !self.kinds[QUEEN] == 0;
        }
        if ours & self.kinds[BISHOP] != 0 {
            let bishops = self.kinds[BISHOP];
            let dark = Bitboard::DARK_SQUARES.0;
            let same_colour = bishops & dark == 0 || bishops & !dark == 0;
            return same_colour && self.kinds[PAWN] == 0 && self.kinds[KNIGHT] == 0;
        }
        true
    }

    /// The board with every bitboard passed through `f` (python-chess's
    /// `apply_transform`), the en-passant square and castling rights with it.
    pub(crate) fn transform(&self, f: impl Fn(u64) -> u64) -> Raw {
        let mut t = *self;
        for k in &mut t.kinds {
            *k = f(*k);
        }
        for c in &mut t.colors {
            *c = f(*c);
        }
        t.promoted = f(t.promoted);
        t.castling = f(t.castling);
        t.ep = t.ep.and_then(|e| {
            let m = f(bit(e));
            (m != 0).then(|| m.trailing_zeros() as u8)
        });
        t
    }

    /// The board seen from the other side: ranks mirrored, colours swapped, the other
    /// side to move (python-chess's `mirror`).
    pub(crate) fn mirror(&self) -> Raw {
        let mut m = self.transform(u64::swap_bytes);
        m.colors.swap(0, 1);
        m.turn = !m.turn;
        m
    }

    /// The piece letters of the board (FEN's first field); `promoted` marks promoted
    /// pieces with `~`.
    pub(crate) fn board_fen(&self, promoted: bool) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let s = rank * 8 + file;
                match self.piece_at(s) {
                    None => empty += 1,
                    Some((kind, white)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let letter = b"pnbrqk"[kind];
                        out.push(char::from(if white {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        }));
                        if promoted && self.promoted & bit(s) != 0 {
                            out.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The whole FEN with castling as Shredder-FEN writes it (the rights as set) and
    /// the en-passant square as set: what reads back into this board exactly
    /// (`promoted` marks promoted pieces with `~`).
    pub(crate) fn exact_fen(&self, promoted: bool) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(promoted),
            if self.turn { "w" } else { "b" },
            self.castling_shredder(self.castling),
            self.ep.map_or("-".to_owned(), square_name),
            self.halfmove,
            self.fullmove
        )
    }

    /// Reads FEN's first field (python-chess's rules: eight rows of eight, no two
    /// digits in a row, `~` after a piece marks it promoted). The error names the
    /// problem and quotes the text.
    pub(crate) fn set_board_fen(&mut self, fen: &str) -> Result<(), String> {
        let fen = fen.trim();
        if fen.contains(' ') {
            return Err(format!(
                "expected position part of fen, got multiple parts: {fen}",
                fen = Repr(&fen)
            ));
        }
        let rows: Vec<&str> = fen.split('/').collect();
        if rows.len() != 8 {
            return Err(format!(
                "expected 8 rows in position part of fen: {fen}",
                fen = Repr(&fen)
            ));
        }
        let mut placed = Raw::EMPTY;
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as u8;
            // Counted wide and saturating: a row of hundreds of letters is refused, never
            // wrapped round to eight.
            let mut file = 0usize;
            let (mut after_digit, mut after_piece) = (false, false);
            for c in row.chars() {
                match c {
                    '1'..='8' => {
                        if after_digit {
                            return Err(format!(
                                "two subsequent digits in position part of fen: {fen}",
                                fen = Repr(&fen)
                            ));
                        }
                        file = file.saturating_add(usize::from(c as u8 - b'0'));
                        (after_digit, after_piece) = (true, false);
                    }
                    '~' => {
                        if !after_piece {
                            return Err(format!(
                                "'~' not after piece in position part of fen: {fen}",
                                fen = Repr(&fen)
                            ));
                        }
                        if let Some(s) = file.checked_sub(1).filter(|f| *f < 8) {
                            placed.promoted |= bit(rank * 8 + s as u8);
                        }
                        (after_digit, after_piece) = (false, false);
                    }
                    _ => {
                        let Some(kind) = "pnbrqk".find(c.to_ascii_lowercase()) else {
                            return Err(format!(
                                "invalid character in position part of fen: {fen}",
                                fen = Repr(&fen)
                            ));
                        };
                        if file < 8 {
                            placed.put(rank * 8 + file as u8, kind, c.is_ascii_uppercase(), false);
                        }
                        file = file.saturating_add(1);
                        (after_digit, after_piece) = (false, true);
                    }
                }
            }
            if file != 8 {
                return Err(format!(
                    "expected 8 columns per row in position part of fen: {fen}",
                    fen = Repr(&fen)
                ));
            }
        }
        self.kinds = placed.kinds;
        self.colors = placed.colors;
        self.promoted = placed.promoted;
        Ok(())
    }

    /// Reads castling text (`KQkq`, `-`, or files as in Shredder-FEN and X-FEN) into
    /// rights: `K`/`Q` name the outermost rook on that side of the king (or the corner
    /// when there is none), a file letter that file's back-rank square.
    pub(crate) fn set_castling_fen(&mut self, text: &str) -> Result<(), String> {
        if text.is_empty() || text == "-" {
            self.castling = 0;
            return Ok(());
        }
        if !castling_syntax(text) {
            return Err(format!("invalid castling fen: {text}", text = Repr(&text)));
        }
        let mut rights = 0;
        for flag in text.chars() {
            let white = flag.is_ascii_uppercase();
            let backrank = if white { RANK_1 } else { RANK_8 };
            let rooks = self.colors[usize::from(white)] & self.kinds[ROOK] & backrank;
            let king = self.king(white);
            match flag.to_ascii_lowercase() {
                'q' => {
                    let lowest = rooks.trailing_zeros() as u8;
                    rights |= match king {
                        Some(k) if rooks != 0 && lowest < k => bit(lowest),
                        _ => FILE_A & backrank,
                    };
                }
                'k' => {
                    rights |= match king {
                        Some(k) if rooks != 0 && msb(rooks) > k => bit(msb(rooks)),
                        _ => (FILE_A << 7) & backrank,
                    };
                }
                f => rights |= (FILE_A << (f as u8 - b'a')) & backrank,
            }
        }
        self.castling = rights;
        Ok(())
    }

    /// The castling field as X-FEN writes it: `K`/`Q` for a rook with no other rook
    /// further out on its side of the king, the file letter otherwise; nothing for a
    /// side without a king; `-` for none.
    pub(crate) fn castling_xfen(&self, clean: u64) -> String {
        let mut out = String::new();
        for white in [true, false] {
            let Some(king) = self.king(white) else {
                continue;
            };
            let backrank = if white { RANK_1 } else { RANK_8 };
            let rooks = self.colors[usize::from(white)] & self.kinds[ROOK] & backrank;
            for rook in high_first(clean & backrank) {
                let file = rook & 7;
                let a_side = file < (king & 7);
                let outer = high_first(rooks & !bit(rook)).any(|o| ((o & 7) < file) == a_side);
                let letter = match (outer, a_side) {
                    (true, _) => char::from(b'a' + file),
                    (false, true) => 'q',
                    (false, false) => 'k',
                };
                out.push(if white {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if out.is_empty() { "-".to_owned() } else { out }
    }

    /// The castling field as Shredder-FEN writes it: the files of the rooks.
    pub(crate) fn castling_shredder(&self, clean: u64) -> String {
        let mut out = String::new();
        for white in [true, false] {
            let backrank = if white { RANK_1 } else { RANK_8 };
            for rook in high_first(clean & backrank) {
                let letter = char::from(b'a' + (rook & 7));
                out.push(if white {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if out.is_empty() { "-".to_owned() } else { out }
    }
}

/// python-chess's castling syntax: `-`, or up to two white flags then up to two black
/// ones (`KQ` or files `A`–`H`, then `kq` or `a`–`h`).
fn castling_syntax(text: &str) -> bool {
    if text == "-" {
        return true;
    }
    let bytes = text.as_bytes();
    let upper = bytes
        .iter()
        .take_while(|b| b"KQABCDEFGH".contains(b))
        .count();
    let lower = bytes[upper..]
        .iter()
        .take_while(|b| b"kqabcdefgh".contains(b))
        .count();
    upper <= 2 && lower <= 2 && upper + lower == bytes.len()
}

/// A FEN read as python-chess reads it: the board and the side to move, castling,
/// en-passant square, clocks (each field after the first optional), or the reason it is
/// not one.
pub(crate) fn parse_fen(fen: &str) -> Result<Raw, String> {
    let mut parts = fen.split_whitespace();
    let Some(board) = parts.next() else {
        return Err("empty fen".to_owned());
    };
    let turn = match parts.next() {
        None | Some("w") => true,
        Some("b") => false,
        Some(_) => {
            return Err(format!(
                "expected 'w' or 'b' for turn part of fen: {fen}",
                fen = Repr(&fen)
            ));
        }
    };
    let castling = parts.next().unwrap_or("-");
    if !castling_syntax(castling) {
        return Err(format!(
            "invalid castling part in fen: {fen}",
            fen = Repr(&fen)
        ));
    }
    let ep =
        match parts.next() {
            None | Some("-") => None,
            Some(name) => Some(parse_square(name).ok_or_else(|| {
                format!("invalid en passant part in fen: {fen}", fen = Repr(&fen))
            })?),
        };
    let halfmove = match parts.next() {
        None => 0,
        Some(text) => match text.parse::<i64>() {
            Err(_) => {
                return Err(format!(
                    "invalid half-move clock in fen: {fen}",
                    fen = Repr(&fen)
                ));
            }
            Ok(n) if n < 0 => {
                return Err(format!(
                    "half-move clock cannot be negative: {fen}",
                    fen = Repr(&fen)
                ));
            }
            Ok(n) => u32::try_from(n).map_err(|_| {
                format!(
                    "half-move clock {n} is too large in fen: {fen}",
                    fen = Repr(&fen)
                )
            })?,
        },
    };
    let fullmove = match parts.next() {
        None => 1,
        Some(text) => match text.parse::<i64>() {
            Err(_) => {
                return Err(format!(
                    "invalid fullmove number in fen: {fen}",
                    fen = Repr(&fen)
                ));
            }
            Ok(n) if n < 0 => {
                return Err(format!(
                    "fullmove number cannot be negative: {fen}",
                    fen = Repr(&fen)
                ));
            }
            Ok(n) => u32::try_from(n.max(1)).map_err(|_| {
                format!(
                    "fullmove number {n} is too large in fen: {fen}",
                    fen = Repr(&fen)
                )
            })?,
        },
    };
    if parts.next().is_some() {
        return Err(format!(
            "fen string has more parts than expected: {fen}",
            fen = Repr(&fen)
        ));
    }
    let mut raw = Raw::EMPTY;
    raw.set_board_fen(board)?;
    raw.turn = turn;
    raw.set_castling_fen(castling)?;
    raw.ep = ep;
    raw.halfmove = halfmove;
    raw.fullmove = fullmove;
    Ok(raw)
}

/// The square of a name such as `e4`.
pub(crate) fn parse_square(name: &str) -> Option<u8> {
    match name.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}

/// The name of a square below 64.
pub(crate) fn square_name(s: u8) -> String {
    let s = s & 63;
    format!(
        "{}{}",
        char::from(b'a' + (s & 7)),
        char::from(b'1' + (s >> 3))
    )
}
