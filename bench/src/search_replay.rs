//! The search of `search.rs` with the library taken out: how fast its engine code alone
//! runs, and so the most that any move generator could make of it.
//!
//! A first run records every answer the search asks rayscan for ([`Tape::record`]):
//! each generation's moves, in the generator's order, with their mover, victim and
//! promotion; each child a move makes; whether a node without moves is in check. The
//! replay ([`Tape::replay`]) then runs the same engine code as
//! `rayscan_search`: the ordering keys, the list and its sort, the evaluation counted
//! from scratch, the alpha-beta and quiescence bodies. It takes the answers from the tape
//! in order instead of asking the library: a library that cost nothing but reading its
//! answers from memory. cozy-chess's search time over the replay's is then the largest
//! ratio any library can reach against cozy-chess with this engine.

use crate::search::{Found, MATE, order_key};
use arrayvec::ArrayVec;
use rayscan::{Bitboard, Move, Position};

/// A generated move as the engine reads it: kinds as indices, a victim or promotion
/// stored plus one (0 for none).
#[derive(Clone, Copy, Debug)]
struct Answer {
    mover: u8,
    from: u8,
    to: u8,
    promotion: u8,
    victim: u8,
}

/// Every answer of the library to a run of the search, in the order the search asked.
#[derive(Default)]
pub struct Tape {
    /// The roots searched.
    roots: Vec<Position>,
    /// How many moves each generation gave.
    counts: Vec<u16>,
    /// Every generation's moves, one after the other.
    answers: Vec<Answer>,
    /// Every child made, in the order the search made them.
    children: Vec<Position>,
    /// For each node without a move: whether it is in check.
    checks: Vec<bool>,
}

impl Tape {
    /// Searches each of `fens` to `depth` with rayscan, as `rayscan_search` does,
    /// recording the library's answers; returns the tape and what each search found.
    pub fn record(fens: &[&str], depth: u32) -> (Tape, Vec<Found>) {
        let mut tape = Tape::default();
        let mut found = Vec::new();
        for fen in fens {
            let p: Position = fen.parse().expect("FEN");
            tape.roots.push(p);
            let mut nodes = 0;
            let score = record::search(&p, depth, 0, -MATE, MATE, &mut nodes, &mut tape);
            found.push(Found { score, nodes });
        }
        (tape, found)
    }

    /// Searches every root to `depth` again, with the engine's code only, reading the
    /// library's answers from the tape; what each search found.
    ///
    /// # Panics
    /// If the replay asks for more answers than the tape holds, or leaves some unread:
    /// the replay then did not walk the recorded tree (another depth, or a difference
    /// in the engine's code).
    pub fn replay(&self, depth: u32) -> Vec<Found> {
        let mut at = Cursor::default();
        let found = self
            .roots
            .iter()
            .map(|p| {
                let mut nodes = 0;
                let score = replay::search(self, &mut at, p, depth, 0, -MATE, MATE, &mut nodes);
                Found { score, nodes }
            })
            .collect();
        assert_eq!(at.children, self.children.len(), "a child left unread");
        assert_eq!(at.answers, self.answers.len(), "a move left unread");
        found
    }

    /// How many bytes the tape holds.
    pub fn bytes(&self) -> usize {
        self.answers.len() * size_of::<Answer>()
            + self.children.len() * size_of::<Position>()
            + self.counts.len() * size_of::<u16>()
    }
}

/// The recording search: `rayscan_search`, writing each answer to the tape.
mod record {
    use super::*;

    fn ordered(p: &Position, captures: bool, tape: &mut Tape) -> ArrayVec<(u32, Move), 256> {
        let mut moves = ArrayVec::new();
        let targets = if captures {
            p.color(!p.side_to_move())
        } else {
            Bitboard::FULL
        };
        let before = tape.answers.len();
        p.generate_moves_to(targets, |set| {
            let mover = set.piece() as usize;
            for m in set {
                let victim = p.captured_piece(m).map(|v| v as usize);
                let promotion = m.promotion().map(|q| q as usize);
                tape.answers.push(Answer {
                    mover: mover as u8,
                    from: m.from() as u8,
                    to: m.to() as u8,
                    promotion: promotion.map_or(0, |q| q as u8 + 1),
                    victim: victim.map_or(0, |v| v as u8 + 1),
                });
                let key = order_key(victim, mover, m.from() as usize, m.to() as usize, promotion);
                moves.push((key, m));
            }
            false
        });
        tape.counts.push((tape.answers.len() - before) as u16);
        moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
    }

    fn quiesce(p: &Position, mut alpha: i32, beta: i32, nodes: &mut u64, tape: &mut Tape) -> i32 {
        *nodes += 1;
        let stand = crate::search::rayscan_search::evaluate(p);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        for (_, m) in ordered(p, true, tape) {
            let child = p.play(m);
            tape.children.push(child);
            let score = -quiesce(&child, -beta, -alpha, nodes, tape);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    pub(super) fn search(
        p: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        nodes: &mut u64,
        tape: &mut Tape,
    ) -> i32 {
        if depth == 0 {
            return quiesce(p, alpha, beta, nodes, tape);
        }
        *nodes += 1;
        let moves = ordered(p, false, tape);
        if moves.is_empty() {
            tape.checks.push(p.is_check());
            return if p.is_check() { -(MATE - ply) } else { 0 };
        }
        let mut best = -MATE;
        for (_, m) in moves {
            let child = p.play(m);
            tape.children.push(child);
            let score = -search(&child, depth - 1, ply + 1, -beta, -alpha, nodes, tape);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Where the replay is in each of the tape's lists.
#[derive(Default)]
struct Cursor {
    counts: usize,
    answers: usize,
    children: usize,
    checks: usize,
}

/// The replaying search: `rayscan_search`'s engine code, the library's answers read from
/// the tape. A list entry keeps the move's two squares where the search keeps its
/// two-byte `Move`, so the list and its sort move the same bytes.
mod replay {
    use super::*;

    fn ordered(tape: &Tape, at: &mut Cursor) -> ArrayVec<(u32, [u8; 2]), 256> {
        let mut moves = ArrayVec::new();
        let n = usize::from(tape.counts[at.counts]);
        at.counts += 1;
        for a in &tape.answers[at.answers..at.answers + n] {
            let victim = a.victim.checked_sub(1).map(usize::from);
            let promotion = a.promotion.checked_sub(1).map(usize::from);
            let key = order_key(
                victim,
                a.mover.into(),
                a.from.into(),
                a.to.into(),
                promotion,
            );
            moves.push((key, [a.from, a.to]));
        }
        at.answers += n;
        moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
    }

    /// The child of the move `m`: the tape's next. The move is kept alive, so that
    /// building and sorting the list is not optimized away.
    fn play<'t>(tape: &'t Tape, at: &mut Cursor, m: [u8; 2]) -> &'t Position {
        core::hint::black_box(m);
        at.children += 1;
        &tape.children[at.children - 1]
    }

    fn quiesce(
        tape: &Tape,
        at: &mut Cursor,
        p: &Position,
        mut alpha: i32,
        beta: i32,
        nodes: &mut u64,
    ) -> i32 {
        *nodes += 1;
        let stand = crate::search::rayscan_search::evaluate(p);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        for (_, m) in ordered(tape, at) {
            let child = play(tape, at, m);
            let score = -quiesce(tape, at, child, -beta, -alpha, nodes);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    #[allow(clippy::too_many_arguments)] // the search's own five, and the tape's two
    pub(super) fn search(
        tape: &Tape,
        at: &mut Cursor,
        p: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        nodes: &mut u64,
    ) -> i32 {
        if depth == 0 {
            return quiesce(tape, at, p, alpha, beta, nodes);
        }
        *nodes += 1;
        let moves = ordered(tape, at);
        if moves.is_empty() {
            at.checks += 1;
            return if tape.checks[at.checks - 1] {
                -(MATE - ply)
            } else {
                0
            };
        }
        let mut best = -MATE;
        for (_, m) in moves {
            let child = play(tape, at, m);
            let score = -search(tape, at, child, depth - 1, ply + 1, -beta, -alpha, nodes);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{POSITIONS, rayscan_search};

    /// Recording changes nothing, and the replay walks the same tree: the same nodes and
    /// score on every position as the search it was recorded from.
    #[test]
    fn the_replay_walks_the_searched_tree() {
        for depth in 1..=3 {
            let (tape, recorded) = Tape::record(&POSITIONS, depth);
            let searched: Vec<Found> = POSITIONS
                .iter()
                .map(|fen| rayscan_search::run(fen, depth))
                .collect();
            assert_eq!(recorded, searched, "depth {depth}");
            assert_eq!(tape.replay(depth), searched, "depth {depth}");
            assert!(tape.bytes() > 0);
        }
    }

    /// A replay that leaves the recorded tree is caught, not timed.
    #[test]
    #[should_panic]
    fn a_replay_to_another_depth_panics() {
        let (tape, _) = Tape::record(&POSITIONS[..1], 2);
        tape.replay(3);
    }
}
