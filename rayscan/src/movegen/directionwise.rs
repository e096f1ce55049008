//! Direction-wise generation: for all pieces of a kind at once, one target set per
//! direction, computed with set-wise fills.
//!
//! The result, [`DirectionTargets`], is sixteen bitboards (eight ray directions, eight
//! knight jumps) that act as an unsorted move list in which every target square has
//! exactly one source square: the nearest piece behind it (see [`super::dir_move`]).
//! Sliders, the king and pawns share the ray sets. Promotions are kept apart (each
//! target there is four moves), and so is castling.
//!
//! Legality is set-wise too:
//! - checkers and pins, one direction at a time: fill from the king outwards; an enemy
//!   slider first in line gives check, our piece first in line with an enemy slider
//!   behind it (filled back towards the king) is pinned;
//! - a piece pinned along a line moves only in that line's two directions, so each
//!   direction's fill starts from the pieces free to move that way, and the pin needs no
//!   further mask;
//! - king danger squares: the enemy's attacks, all fills at once, with our king taken off
//!   the board so that it cannot hide behind itself;
//! - in check the targets are cut to the check mask (the checker and the squares between).
//!
//! ```
//! use rayscan::movegen::generate_targets;
//! use rayscan::position::Position;
//! use rayscan::sliders::KoggeStone;
//! use rayscan::Direction;
//! let p = Position::startpos();
//! let t = generate_targets::<KoggeStone>(&p);
//! assert_eq!(t.count(), 20);
//! // Single and double pawn pushes, both northwards.
//! assert_eq!(t.ray(Direction::North).to_string(), "\
//! . . . . . . . .
//! . . . . . . . .
//! . . . . . . . .
//! . . . . . . . .
//! 1 1 1 1 1 1 1 1
//! 1 1 1 1 1 1 1 1
//! . . . . . . . .
//! . . . . . . . .");
//! ```

use super::dir_move::{DirMove, MoveDirection, nearest_behind};
use super::pawns::{PawnTargets, free_in};
use super::{PROMOTIONS, castling_rooks, en_passant_sources};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::direction::{Direction, KnightDirection};
use crate::masks;
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::RayWise;
use crate::square::Square;

/// The legal moves of a position as target sets per direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectionTargets {
    pub(crate) rays: [Bitboard; 8],
    pub(crate) knights: [Bitboard; 8],
    pub(crate) promotions: [Bitboard; 8],
    pub(crate) castling: Bitboard,
    pub(crate) king: Square,
}

impl DirectionTargets {
    /// No moves (for the king on `king`).
    #[inline]
    pub const fn empty(king: Square) -> DirectionTargets {
        DirectionTargets {
            rays: [Bitboard::EMPTY; 8],
            knights: [Bitboard::EMPTY; 8],
            promotions: [Bitboard::EMPTY; 8],
            castling: Bitboard::EMPTY,
            king,
        }
    }

    /// Targets of non-promoting moves arriving from `dir` (sliders, king, pawns, en passant).
    #[inline]
    pub fn ray(&self, dir: Direction) -> Bitboard {
        self.rays[dir.index()]
    }

    /// Targets of knight moves arriving by jump `k`.
    #[inline]
    pub fn knight(&self, k: KnightDirection) -> Bitboard {
        self.knights[k as usize]
    }

    /// Targets of promotions arriving from `dir`: each is four moves.
    #[inline]
    pub fn promotions(&self, dir: Direction) -> Bitboard {
        self.promotions[dir.index()]
    }

    /// The rooks our king may castle with.
    #[inline]
    pub fn castling(&self) -> Bitboard {
        self.castling
    }

    /// The number of legal moves, by population counts alone: what perft counts at the
    /// last ply without making or even decoding a move.
    #[inline]
    pub fn count(&self) -> u64 {
        let mut n = self.castling.len() as u64;
        for i in 0..8 {
            n += self.rays[i].len() as u64
                + self.knights[i].len() as u64
                + 4 * self.promotions[i].len() as u64;
        }
        n
    }

    /// Whether there is no legal move (mate or stalemate).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }

    fn set(&self, m: DirMove) -> Bitboard {
        if m.is_castling() {
            return self.castling;
        }
        match m.direction() {
            MoveDirection::Ray(d) if m.promotion_piece().is_some() => self.promotions[d.index()],
            MoveDirection::Ray(d) => self.rays[d.index()],
            MoveDirection::Knight(_) if m.promotion_piece().is_some() => Bitboard::EMPTY,
            MoveDirection::Knight(k) => self.knights[k as usize],
        }
    }

    fn set_mut(&mut self, m: DirMove) -> Option<&mut Bitboard> {
        if m.is_castling() {
            return Some(&mut self.castling);
        }
        match m.direction() {
            MoveDirection::Ray(d) if m.promotion_piece().is_some() => {
                self.promotions.get_mut(d.index())
            }
            MoveDirection::Ray(d) => self.rays.get_mut(d.index()),
            MoveDirection::Knight(_) if m.promotion_piece().is_some() => None,
            MoveDirection::Knight(k) => self.knights.get_mut(k as usize),
        }
    }

    /// Whether `m` is among these moves (a promotion: if its target is, for any piece).
    #[inline]
    pub fn contains(&self, m: DirMove) -> bool {
        if m.is_castling() && m.direction() != self.castling_direction(m.target()) {
            return false;
        }
        self.set(m).contains(m.target())
    }

    /// The literature's `testAndResetBit`: removes `m`'s target bit from its direction's
    /// set and says whether it was there. A promotion's bit stands for four moves, so a
    /// staged picker records tried promotions apart instead.
    #[inline]
    pub fn take(&mut self, m: DirMove) -> bool {
        if !self.contains(m) {
            return false;
        }
        match self.set_mut(m) {
            Some(set) => {
                set.remove(m.target());
                true
            }
            None => false,
        }
    }

    /// The next promotion of direction `i`: the lowest target with the piece after
    /// `*piece` (queen, rook, bishop, knight), resetting the target's bit after the knight.
    #[inline]
    pub(crate) fn next_promotion(
        &mut self,
        i: usize,
        piece: &mut usize,
    ) -> Option<(Square, Piece)> {
        let set = self.promotions.get_mut(i)?;
        let to = set.first()?;
        let promoted = PROMOTIONS[*piece & 3];
        *piece += 1;
        if *piece == 4 {
            *piece = 0;
            set.remove(to);
        }
        Some((to, promoted))
    }

    fn castling_direction(&self, rook: Square) -> MoveDirection {
        MoveDirection::Ray(if rook.file() > self.king.file() {
            Direction::East
        } else {
            Direction::West
        })
    }

    /// Every move, target and direction only (no source is looked up).
    #[inline]
    pub fn dir_moves(&self) -> DirMoves {
        DirMoves {
            targets: *self,
            slot: 0,
            piece: 0,
        }
    }

    /// Calls `f` with every move as an ordinary [`Move`], sources found ray by ray "in one
    /// run": the farthest target of a direction first (one bitscan for its source), then
    /// stepping back towards the source, taking each target bit still set. The same loop
    /// serves a staged picker whose earlier stages reset some bits.
    pub fn for_each_move(&self, pos: &Position, mut f: impl FnMut(Move)) {
        let mut t = *self;
        let mut walk = RayWalk::new(pos);
        for d in Direction::ALL {
            let set = &mut t.rays[d.index()];
            while let Some(m) = walk.next(set, d) {
                f(m);
            }
            for to in t.promotions[d.index()] {
                if let Some(from) = to.offset(d.opposite()) {
                    for p in PROMOTIONS {
                        f(Move::new(from, to, MoveKind::Promotion(p)));
                    }
                }
            }
        }
        for k in KnightDirection::ALL {
            for to in t.knights[k as usize] {
                if let Some(from) = knight_source(to, k) {
                    f(Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        for rook in t.castling {
            f(Move::new(t.king, rook, MoveKind::Castling));
        }
    }
}

/// The source of a knight target: one jump back.
#[inline]
pub(crate) fn knight_source(to: Square, k: KnightDirection) -> Option<Square> {
    let (df, dr) = k.deltas();
    to.step(-df, -dr)
}

/// The "ray in one run" loop over one direction's set: see
/// [`DirectionTargets::for_each_move`].
pub(crate) struct RayWalk {
    occupied: Bitboard,
    pawns: Bitboard,
    ep: Option<Square>,
    /// The source and the next square to test while walking back from a target.
    state: Option<(Square, Option<Square>)>,
}

impl RayWalk {
    #[inline]
    pub(crate) fn new(pos: &Position) -> RayWalk {
        RayWalk {
            occupied: pos.occupied(),
            pawns: pos.pieces(Piece::Pawn),
            ep: pos.ep_square(),
            state: None,
        }
    }

    #[inline]
    fn make(&self, from: Square, to: Square, d: Direction) -> Move {
        let kind = if self.ep == Some(to) && !d.is_orthogonal() && self.pawns.contains(from) {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        };
        Move::new(from, to, kind)
    }

    /// The next move of `set` (direction `d`), resetting its bit; `None` when the set is
    /// empty. Walks back from the farthest target to the source, testing and resetting
    /// each bit on the way.
    #[inline]
    pub(crate) fn next(&mut self, set: &mut Bitboard, d: Direction) -> Option<Move> {
        // Continue a walk back towards the source.
        while let Some((source, Some(sq))) = self.state {
            if sq == source {
                break;
            }
            self.state = Some((source, sq.offset(d.opposite())));
            if set.contains(sq) {
                set.remove(sq);
                return Some(self.make(source, sq, d));
            }
        }
        self.state = None;
        // The farthest remaining target: the highest bit for rays that point up the board.
        let target = if d.is_positive() {
            set.last()
        } else {
            set.first()
        }?;
        set.remove(target);
        let source = nearest_behind(target, d, self.occupied)?;
        self.state = Some((source, target.offset(d.opposite())));
        Some(self.make(source, target, d))
    }
}

/// The moves of a [`DirectionTargets`] as [`DirMove`]s: rays, knight jumps, promotions
/// (queen, rook, bishop, knight per target), castling.
#[derive(Clone, Debug)]
pub struct DirMoves {
    targets: DirectionTargets,
    slot: usize,
    piece: usize,
}

impl Iterator for DirMoves {
    type Item = DirMove;

    #[inline]
    fn next(&mut self) -> Option<DirMove> {
        loop {
            let t = &mut self.targets;
            match self.slot {
                s @ 0..=7 => {
                    if let Some(to) = t.rays[s].first() {
                        t.rays[s].remove(to);
                        return Some(DirMove::new(to, MoveDirection::Ray(Direction::ALL[s])));
                    }
                }
                s @ 8..=15 => {
                    if let Some(to) = t.knights[s - 8].first() {
                        t.knights[s - 8].remove(to);
                        return Some(DirMove::new(to, MoveDirection::ALL[s]));
                    }
                }
                s @ 16..=23 => {
                    if let Some((to, piece)) = t.next_promotion(s - 16, &mut self.piece) {
                        return Some(DirMove::promotion(to, Direction::ALL[s - 16], piece));
                    }
                }
                24 => {
                    if let Some(rook) = t.castling.first() {
                        t.castling.remove(rook);
                        let MoveDirection::Ray(d) = t.castling_direction(rook) else {
                            continue;
                        };
                        return Some(DirMove::castling(rook, d));
                    }
                }
                _ => return None,
            }
            self.slot += 1;
        }
    }
}

/// Every square the side not to move attacks, with our king (on `king`) off the board.
#[inline]
fn king_danger<S: RayWise>(pos: &Position, king: Square) -> Bitboard {
    let them = !pos.side_to_move();
    let their = pos.color(them);
    let empty = !pos.occupied().without(king);
    let queens = pos.pieces(Piece::Queen);
    let rook_like = their & (pos.pieces(Piece::Rook) | queens);
    let bishop_like = their & (pos.pieces(Piece::Bishop) | queens);
    let pawns = their & pos.pieces(Piece::Pawn);
    let knights = their & pos.pieces(Piece::Knight);
    let pawn_dirs = match them {
        Color::White => [Direction::NorthWest, Direction::NorthEast],
        Color::Black => [Direction::SouthWest, Direction::SouthEast],
    };
    let mut danger =
        masks::king(pos.king(them)) | pawns.shift(pawn_dirs[0]) | pawns.shift(pawn_dirs[1]);
    for k in KnightDirection::ALL {
        danger |= k.shift(knights);
    }
    for d in Direction::ALL {
        let sliders = if d.is_orthogonal() {
            rook_like
        } else {
            bishop_like
        };
        if !sliders.is_empty() {
            danger |= S::ray_attacks_setwise(sliders, empty, d);
        }
    }
    danger
}

/// The legal moves of `pos` as target sets per direction, using technique `S`'s set-wise
/// ray attacks (native for the fills, slider by slider for the others).
pub fn generate_targets<S: RayWise>(pos: &Position) -> DirectionTargets {
    let us = pos.side_to_move();
    let our = pos.color(us);
    let their = pos.color(!us);
    let occupied = our | their;
    let empty = !occupied;
    let king = pos.king(us);
    let king_bb = Bitboard::from(king);
    let queens = pos.pieces(Piece::Queen);
    let rook_like = pos.pieces(Piece::Rook) | queens;
    let bishop_like = pos.pieces(Piece::Bishop) | queens;
    let mut t = DirectionTargets::empty(king);

    // Checks and pins, one direction at a time, from the king outwards.
    let mut checkers = (masks::knight(king) & pos.pieces(Piece::Knight)
        | masks::pawn_attacks(us, king) & pos.pieces(Piece::Pawn))
        & their;
    let mut check_mask = checkers;
    let mut pinned = Bitboard::EMPTY;
    for d in Direction::ALL {
        let snipers = their
            & if d.is_orthogonal() {
                rook_like
            } else {
                bishop_like
            };
        if !masks::ray(d, king).intersects(snipers) {
            continue;
        }
        let from_king = S::ray_attacks_setwise(king_bb, empty, d);
        if from_king.intersects(snipers) {
            checkers |= from_king & snipers;
            check_mask |= from_king;
        } else {
            pinned |= from_king & our & S::ray_attacks_setwise(snipers, empty, d.opposite());
        }
    }

    // King steps onto squares the enemy does not attack.
    let danger = king_danger::<S>(pos, king);
    for d in Direction::ALL {
        t.rays[d.index()] = king_bb.shift(d) - our - danger;
    }
    if checkers.len() > 1 {
        return t;
    }
    let targets = if checkers.is_empty() {
        !our
    } else {
        check_mask - our
    };

    // Sliders: one fill per direction from every slider free to move that way.
    for d in Direction::ALL {
        let like = if d.is_orthogonal() {
            rook_like
        } else {
            bishop_like
        };
        let movers = our & like & free_in(pinned, king, d);
        if !movers.is_empty() {
            t.rays[d.index()] |= S::ray_attacks_setwise(movers, empty, d) & targets;
        }
    }

    // Knights: a pinned knight never moves.
    let knights = (our & pos.pieces(Piece::Knight)) - pinned;
    for k in KnightDirection::ALL {
        t.knights[k as usize] = k.shift(knights) & targets;
    }

    // Pawns: shifts of the pawn set.
    let pawns = PawnTargets::new(
        us,
        our & pos.pieces(Piece::Pawn),
        (pinned, king),
        occupied,
        their,
        targets,
    );
    t.rays[pawns.up.index()] |= pawns.push | pawns.double;
    t.promotions[pawns.up.index()] = pawns.push_promotions;
    for (i, d) in pawns.capture_dirs.into_iter().enumerate() {
        t.rays[d.index()] |= pawns.captures[i];
        t.promotions[d.index()] = pawns.capture_promotions[i];
    }
    if let Some(ep) = pos.ep_square() {
        for from in en_passant_sources::<S>(pos) {
            let d = if ep.file() < from.file() {
                pawns.capture_dirs[0]
            } else {
                pawns.capture_dirs[1]
            };
            t.rays[d.index()].insert(ep);
        }
    }

    if checkers.is_empty() {
        t.castling = castling_rooks::<S>(pos);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::{Classical, KoggeStone};

    fn targets(fen: &str) -> (Position, DirectionTargets) {
        let p = Position::from_fen(fen).unwrap().0;
        let t = generate_targets::<KoggeStone>(&p);
        assert_eq!(t, generate_targets::<Classical>(&p), "{fen}");
        assert_eq!(t.count() as usize, p.legal_moves().len(), "{fen}");
        (p, t)
    }

    #[test]
    fn a_pinned_rook_moves_only_along_its_pin_line() {
        // The e4 rook is pinned along the e-file by the e8 rook.
        let (_, t) = targets("4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1");
        let rook_squares = |d: Direction| {
            t.ray(d) - masks::king(Square::E1) // the king's steps are in the same sets
        };
        assert_eq!(rook_squares(Direction::East), Bitboard::EMPTY);
        assert_eq!(rook_squares(Direction::West), Bitboard::EMPTY);
        assert_eq!(rook_squares(Direction::North).len(), 4); // e5, e6, e7 and e8 (capture)
        assert_eq!(rook_squares(Direction::South).len(), 1); // e3 (e2 is a king step)
    }

    #[test]
    fn double_check_leaves_only_king_steps() {
        let (p, t) = targets("4k3/8/8/8/1b6/6N1/8/r3K3 w - - 0 1");
        assert_eq!(p.checkers().len(), 2);
        for k in KnightDirection::ALL {
            assert!(t.knight(k).is_empty());
        }
        for d in Direction::ALL {
            assert!(t.ray(d).is_subset(masks::king(Square::E1)));
        }
    }

    #[test]
    fn en_passant_exposing_the_king_along_the_rank_is_not_a_target() {
        let (_, t) = targets("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
        assert!(!t.ray(Direction::NorthEast).contains(Square::C6));
        assert!(!t.ray(Direction::NorthWest).contains(Square::C6));
        let (p, t) = targets("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
        assert!(t.ray(Direction::NorthEast).contains(Square::C6));
        let m = t.dir_moves().find(|m| m.target() == Square::C6).unwrap();
        assert_eq!(m.to_move(&p).unwrap().kind(), MoveKind::EnPassant);
    }

    #[test]
    fn promotions_count_four_and_take_resets_single_bits() {
        let (p, mut t) = targets("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(t.promotions(Direction::North).len(), 1);
        assert_eq!(t.promotions(Direction::NorthEast).len(), 1);
        let before = t.count();
        let king_step = DirMove::new(Square::E2, MoveDirection::Ray(Direction::North));
        assert!(t.take(king_step));
        assert!(!t.take(king_step), "taken once");
        assert_eq!(t.count(), before - 1);
        let mut one_run = 0;
        t.for_each_move(&p, |_| one_run += 1);
        assert_eq!(one_run, before - 1);
    }
}
