//! Staged move picking: the moves of a position in the order a search wants to try them,
//! generated only as far as the search gets.
//!
//! Stages, in order:
//! 1. the **hash move** (from a transposition table): tested with
//!    [`Position::is_legal_with`], never trusted, before anything is generated;
//! 2. **captures**, best first by static exchange evaluation ([`crate::see`]), ties by
//!    MVV/LVA (most valuable victim, least valuable attacker);
//! 3. the **killer moves** (quiet moves that were good in sibling positions), tested like
//!    the hash move;
//! 4. the remaining **quiet moves**.
//!
//! Built on the direction-wise target sets ([`super::DirectionTargets`]): a move that an
//! earlier stage returned has its target bit reset in its direction's set (the
//! literature's `testAndResetBit`), so it does not come again; the quiet stage walks each
//! ray "in one run", testing and resetting the bits that remain. A promotion's bit stands
//! for four moves, so the few promotions tried early are remembered apart.
//!
//! ```
//! use rayscan::movegen::{MovePicker, Stage};
//! use rayscan::position::Position;
//! use rayscan::sliders::KoggeStone;
//! let p = Position::from_fen("4k3/8/8/3q4/4P3/8/8/4K1N1 w - - 0 1").unwrap().0;
//! let hash = p.parse_uci("g1f3").ok();
//! let mut picker = MovePicker::<KoggeStone>::new(&p, hash, [None, None]);
//! assert_eq!(picker.stage(), Stage::HashMove);
//! assert_eq!(picker.next().unwrap().to_string(), "g1f3"); // the hash move, first
//! assert_eq!(picker.next().unwrap().to_string(), "e4d5"); // then the capture
//! assert_eq!(picker.count() + 2, p.legal_moves().len());
//! ```

use core::cmp::Reverse;
use core::marker::PhantomData;

use super::dir_move::{DirMove, nearest_behind};
use super::directionwise::{RayWalk, knight_source};
use super::{CheckInfo, DirectionTargets, PROMOTIONS, generate_targets};
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::direction::{Direction, KnightDirection};
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::RayWise;

/// Which stage the picker's next move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// The hash move, if it is legal.
    HashMove,
    /// Captures (en passant and capturing promotions included), by SEE, then MVV/LVA.
    Captures,
    /// The killer moves that are legal quiet moves here.
    Killers,
    /// Every other move.
    Quiets,
    /// Nothing is left.
    Done,
}

/// The legal moves of a position, stage by stage (see the [module](self) docs). An
/// iterator: every legal move exactly once, whatever hash and killer moves it is given.
pub struct MovePicker<'a, S: RayWise> {
    pos: &'a Position,
    stage: Stage,
    hash: Option<Move>,
    killers: [Option<Move>; 2],
    killer_index: usize,
    info: Option<CheckInfo>,
    targets: DirectionTargets,
    captures: MoveList,
    next_capture: usize,
    /// Promotions returned by the hash and killer stages.
    tried: [Option<Move>; 3],
    walk: RayWalk,
    slot: usize,
    piece: usize,
    technique: PhantomData<S>,
}

impl<'a, S: RayWise> MovePicker<'a, S> {
    /// A picker over `pos`, with an optional hash move and up to two killer moves. They
    /// may be anything, legal here or not.
    pub fn new(pos: &'a Position, hash: Option<Move>, killers: [Option<Move>; 2]) -> Self {
        MovePicker {
            pos,
            stage: Stage::HashMove,
            hash,
            killers,
            killer_index: 0,
            info: None,
            targets: DirectionTargets::empty(pos.king(pos.side_to_move())),
            captures: MoveList::new(),
            next_capture: 0,
            tried: [None; 3],
            walk: RayWalk::new(pos),
            slot: 0,
            piece: 0,
            technique: PhantomData,
        }
    }

    /// The stage the next move will come from.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    fn check_info(&mut self) -> CheckInfo {
        *self.info.get_or_insert_with(|| self.pos.check_info())
    }

    fn remember(&mut self, m: Move) {
        if let Some(slot) = self.tried.iter_mut().find(|t| t.is_none()) {
            *slot = Some(m);
        }
    }

    fn was_tried(&self, m: Move) -> bool {
        self.tried.contains(&Some(m))
    }

    /// Marks a move returned before generation as taken: its bit is reset, or a promotion
    /// is remembered. Says whether it was there to take.
    fn take(&mut self, m: Move) -> bool {
        if m.promotion().is_some() {
            if self.was_tried(m) {
                return false;
            }
            self.remember(m);
            return true;
        }
        DirMove::from_move(m).is_some_and(|dm| self.targets.take(dm))
    }

    /// Generates the target sets, takes out the hash move and collects the captures.
    fn generate(&mut self) {
        self.targets = generate_targets::<S>(self.pos);
        if let Some(h) = self.hash {
            let taken = self.take(h);
            debug_assert!(taken, "a legal hash move is generated");
        }
        let pos = self.pos;
        let their = pos.color(!pos.side_to_move());
        let occupied = pos.occupied();
        let ep = pos.ep_square();
        let pawns = pos.pieces(Piece::Pawn);
        let t = &mut self.targets;
        for d in Direction::ALL {
            let i = d.index();
            for to in t.rays[i] & their {
                if let Some(from) = nearest_behind(to, d, occupied) {
                    self.captures.push(Move::new(from, to, MoveKind::Normal));
                }
            }
            t.rays[i] -= their;
            if let Some(ep) = ep.filter(|&e| t.rays[i].contains(e) && !d.is_orthogonal())
                && let Some(from) = nearest_behind(ep, d, occupied).filter(|&f| pawns.contains(f))
            {
                self.captures.push(Move::new(from, ep, MoveKind::EnPassant));
                t.rays[i].remove(ep);
            }
            for to in t.promotions[i] & their {
                if let Some(from) = to.offset(d.opposite()) {
                    for p in PROMOTIONS {
                        let m = Move::new(from, to, MoveKind::Promotion(p));
                        if !self.tried.contains(&Some(m)) {
                            self.captures.push(m);
                        }
                    }
                }
            }
            t.promotions[i] -= their;
        }
        for k in KnightDirection::ALL {
            let i = k as usize;
            for to in t.knights[i] & their {
                if let Some(from) = knight_source(to, k) {
                    self.captures.push(Move::new(from, to, MoveKind::Normal));
                }
            }
            t.knights[i] -= their;
        }
        self.captures
            .as_mut_slice()
            .sort_unstable_by_key(|&m| Reverse((pos.see_with::<S>(m), mvv_lva(pos, m))));
    }

    /// Whether killer `k` is to be returned now: a legal quiet move, not returned before.
    fn accept_killer(&mut self, k: Move) -> bool {
        if self.hash == Some(k) {
            return false;
        }
        let info = self.check_info();
        if !self.pos.is_legal_with(k, &info) {
            return false;
        }
        let their = self.pos.color(!self.pos.side_to_move());
        if k.kind() == MoveKind::EnPassant || their.contains(k.to()) {
            return false; // a capture: the capture stage had it
        }
        self.take(k)
    }

    /// The next quiet move: rays in one run, knight jumps, promotions, castling.
    fn next_quiet(&mut self) -> Option<Move> {
        loop {
            let t = &mut self.targets;
            match self.slot {
                s @ 0..=7 => {
                    if let Some(m) = self.walk.next(&mut t.rays[s], Direction::ALL[s]) {
                        return Some(m);
                    }
                }
                s @ 8..=15 => {
                    let k = KnightDirection::ALL[s - 8];
                    if let Some(to) = t.knights[s - 8].first() {
                        t.knights[s - 8].remove(to);
                        if let Some(from) = knight_source(to, k) {
                            return Some(Move::new(from, to, MoveKind::Normal));
                        }
                        continue;
                    }
                }
                s @ 16..=23 => {
                    let d = Direction::ALL[s - 16];
                    if let Some((to, piece)) = t.next_promotion(s - 16, &mut self.piece) {
                        let Some(from) = to.offset(d.opposite()) else {
                            continue;
                        };
                        let m = Move::new(from, to, MoveKind::Promotion(piece));
                        if !self.was_tried(m) {
                            return Some(m);
                        }
                        continue;
                    }
                }
                24 => {
                    if let Some(rook) = t.castling.first() {
                        t.castling.remove(rook);
                        return Some(Move::new(t.king, rook, MoveKind::Castling));
                    }
                }
                _ => return None,
            }
            self.slot += 1;
        }
    }
}

/// Most valuable victim first, then least valuable attacker, then the better promotion:
/// the tie-break between captures of equal SEE.
#[inline]
fn mvv_lva(pos: &Position, m: Move) -> u16 {
    let victim = match m.kind() {
        MoveKind::EnPassant => Piece::Pawn,
        _ => pos.piece_at(m.to()).map_or(Piece::Pawn, |(_, p)| p),
    };
    let attacker = pos.piece_at(m.from()).map_or(Piece::King, |(_, p)| p);
    let promotion = m.promotion().map_or(0, |p| p as u16);
    ((victim as u16) * 8 + (5 - attacker as u16)) * 8 + promotion
}

impl<S: RayWise> Iterator for MovePicker<'_, S> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::Captures;
                    if let Some(h) = self.hash {
                        let info = self.check_info();
                        if self.pos.is_legal_with(h, &info) {
                            self.generate();
                            return Some(h);
                        }
                        self.hash = None;
                    }
                    self.generate();
                }
                Stage::Captures => {
                    if let Some(&m) = self.captures.as_slice().get(self.next_capture) {
                        self.next_capture += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Killers;
                }
                Stage::Killers => {
                    let Some(&killer) = self.killers.get(self.killer_index) else {
                        self.stage = Stage::Quiets;
                        continue;
                    };
                    self.killer_index += 1;
                    if let Some(k) = killer
                        && self.accept_killer(k)
                    {
                        return Some(k);
                    }
                }
                Stage::Quiets => match self.next_quiet() {
                    Some(m) => return Some(m),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

/// Moves a search would try again: a one-slot-per-entry table of the last move played
/// from each position (indexed by the Zobrist key, never verified, so entries from other
/// positions come back as garbage) and two killers per ply. What perft's staged generator feeds
/// the picker, so that perft checks every stage.
pub struct StagedHistory {
    table: [Move; 4096],
    killers: [[Option<Move>; 2]; 128],
}

impl StagedHistory {
    /// An empty history.
    pub fn new() -> StagedHistory {
        StagedHistory {
            table: [Move::NULL; 4096],
            killers: [[None; 2]; 128],
        }
    }
}

impl Default for StagedHistory {
    fn default() -> Self {
        StagedHistory::new()
    }
}

/// Perft through the staged picker: every node's moves come from a [`MovePicker`] given
/// the history's hash move and killers, and the last ply is counted by running the picker
/// to the end (no bulk counting), so each stage's moves are counted exactly.
#[deprecated(
    since = "0.2.0",
    note = "use `perft::Perft::new(depth).generator(Generator::Staged).technique(..)`"
)]
pub fn perft_staged<S: RayWise>(
    pos: &Position,
    depth: u32,
    ply: usize,
    history: &mut StagedHistory,
) -> u64 {
    staged::<S>(pos, depth, ply, history)
}

/// Perft through the staged picker ([`MovePicker`]), the history given.
pub(crate) fn staged<S: RayWise>(
    pos: &Position,
    depth: u32,
    ply: usize,
    history: &mut StagedHistory,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let slot = (pos.key() as usize) & 4095;
    let hash = history
        .table
        .get(slot)
        .copied()
        .filter(|&m| m != Move::NULL);
    let killers = history.killers.get(ply).copied().unwrap_or([None; 2]);
    let picker = MovePicker::<S>::new(pos, hash, killers);
    if depth == 1 {
        return picker.count() as u64;
    }
    let their = pos.color(!pos.side_to_move());
    let mut nodes = 0;
    for m in picker {
        nodes += staged::<S>(&pos.play(m), depth - 1, ply + 1, history);
        if let Some(entry) = history.table.get_mut(slot) {
            *entry = m;
        }
        let quiet = !their.contains(m.to()) && m.kind() != MoveKind::EnPassant;
        if let Some(k) = history.killers.get_mut(ply).filter(|_| quiet)
            && k[0] != Some(m)
        {
            *k = [Some(m), k[0]];
        }
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::KoggeStone;
    use crate::square::Square;

    fn pick(fen: &str, hash: Option<Move>, killers: [Option<Move>; 2]) -> Vec<Move> {
        let p = Position::from_fen(fen).unwrap().0;
        let moves: Vec<Move> = MovePicker::<KoggeStone>::new(&p, hash, killers).collect();
        let mut sorted = moves.clone();
        sorted.sort();
        let mut legal = p.legal_moves().iter().collect::<Vec<_>>();
        legal.sort();
        assert_eq!(sorted, legal, "{fen}");
        moves
    }

    #[test]
    fn garbage_hash_and_killers_are_never_returned() {
        let garbage = Move::new(Square::A1, Square::H8, MoveKind::Promotion(Piece::Queen));
        let elsewhere = Move::new(Square::E7, Square::E5, MoveKind::Normal);
        let moves = pick(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Some(garbage),
            [Some(elsewhere), Some(garbage)],
        );
        assert_eq!(moves.len(), 20);
    }

    #[test]
    fn a_promotion_as_hash_and_killer_comes_once() {
        let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        let under = Move::new(Square::B7, Square::B8, MoveKind::Promotion(Piece::Knight));
        let moves = pick(fen, Some(under), [Some(under), None]);
        assert_eq!(moves[0], under);
        assert_eq!(moves.iter().filter(|&&m| m == under).count(), 1);
    }

    #[test]
    fn captures_come_most_valuable_victim_first() {
        // The d4 pawn can take the queen on e5 or the knight on c5; the rook on d1 can
        // take nothing.
        let moves = pick("4k3/8/8/2n1q3/3P4/8/4P3/3RK3 w - - 0 1", None, [None; 2]);
        assert_eq!(moves[0].to_string(), "d4e5");
        assert_eq!(moves[1].to_string(), "d4c5");
    }

    #[test]
    fn a_legal_killer_comes_after_the_captures() {
        let fen = "4k3/8/8/2n1q3/3P4/8/4P3/3RK3 w - - 0 1";
        let killer = Move::new(Square::D1, Square::D3, MoveKind::Normal);
        let moves = pick(fen, None, [Some(killer), Some(killer)]);
        assert_eq!(moves[2], killer);
        assert_eq!(moves.iter().filter(|&&m| m == killer).count(), 1);
    }
}
