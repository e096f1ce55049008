//! The search of `search.rs` with the library taken out: how fast its engine code alone
//! runs, and so the most that any move generator could make of it.
//!
//! One search, generic over what it asks of a library (the `Library` trait), is run
//! twice. The first run asks rayscan and records every answer ([`Tape::record`]): each
//! generation's moves, in the generator's order, with their mover and victim; each move
//! made and its child; whether a node without moves is in check. The replay
//! ([`Tape::replay`]) runs the same search, whose engine code is `rayscan_search`'s (the
//! ordering keys, the list and its sort, the evaluation counted from scratch, the
//! alpha-beta and quiescence bodies), and takes the answers from the tape in order
//! instead of asking rayscan: a library that costs nothing but reading its answers from
//! memory, each child copied out as copy-make writes it. cozy-chess's search time over
//! the replay's is then about the largest ratio any library can reach against
//! cozy-chess with this engine (the replay still pays for reading the tape).

use crate::search::{Found, MATE, order_key};
use arrayvec::ArrayVec;
use rayscan::{Bitboard, Move, Position};

/// A generated move as the library hands it to the engine: the move, its mover's kind
/// and its victim's (plus one; 0 for none), as indices.
#[derive(Clone, Copy, Debug)]
struct Answer {
    m: Move,
    mover: u8,
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
    /// Every move made, in the order the search made them.
    played: Vec<Move>,
    /// The child of each.
    children: Vec<Position>,
    /// For each node without a move: whether it is in check.
    checks: Vec<bool>,
}

impl Tape {
    /// Searches each of `fens` to `depth` with rayscan, as `rayscan_search` does,
    /// recording the library's answers; returns the tape and what each search found.
    pub fn record(fens: &[&str], depth: u32) -> (Tape, Vec<Found>) {
        let mut tape = Tape::default();
        let roots: Vec<Position> = fens.iter().map(|f| f.parse().expect("FEN")).collect();
        let found = roots
            .iter()
            .map(|p| run(&mut Recorder(&mut tape), p, depth))
            .collect();
        tape.roots = roots;
        (tape, found)
    }

    /// Searches every root to `depth` again, with the engine's code only, reading the
    /// library's answers from the tape; what each search found.
    ///
    /// # Panics
    /// If the replay leaves the recorded tree: it makes another move than the recorded
    /// search made there, asks for more answers than the tape holds, or leaves some
    /// unread (another depth, or a difference in the engine's code, such as the order).
    pub fn replay(&self, depth: u32) -> Vec<Found> {
        let mut replayer = Replayer {
            tape: self,
            counts: 0,
            answers: 0,
            children: 0,
            checks: 0,
        };
        let found = self
            .roots
            .iter()
            .map(|p| run(&mut replayer, p, depth))
            .collect();
        let read = [
            replayer.counts,
            replayer.answers,
            replayer.children,
            replayer.checks,
        ];
        let recorded = [
            self.counts.len(),
            self.answers.len(),
            self.children.len(),
            self.checks.len(),
        ];
        assert_eq!(read, recorded, "{LEFT}: answers left unread");
        found
    }

    /// How many generations, generated moves and children the tape holds.
    pub fn sizes(&self) -> (usize, usize, usize) {
        (self.counts.len(), self.answers.len(), self.children.len())
    }

    /// How many bytes the tape holds.
    pub fn bytes(&self) -> usize {
        self.counts.len() * size_of::<u16>()
            + self.answers.len() * size_of::<Answer>()
            + self.played.len() * size_of::<Move>()
            + self.children.len() * size_of::<Position>()
            + self.checks.len() * size_of::<bool>()
    }
}

/// What a replay that leaves the recorded tree panics with.
const LEFT: &str = "the replay left the recorded tree";

/// What the search asks of a library: `rayscan_search`'s calls into rayscan.
trait Library {
    /// The moves of `p` (only the captures onto the opponent's pieces, for `captures`).
    fn moves(&mut self, p: &Position, captures: bool) -> &[Answer];
    /// The position after `m`, a move of `p`.
    fn play(&mut self, p: &Position, m: Move) -> Position;
    /// Whether `p`, a position without moves, is in check.
    fn is_check(&mut self, p: &Position) -> bool;
}

/// rayscan asked, every answer written to the tape.
struct Recorder<'t>(&'t mut Tape);

impl Library for Recorder<'_> {
    fn moves(&mut self, p: &Position, captures: bool) -> &[Answer] {
        let answers = &mut self.0.answers;
        let before = answers.len();
        let targets = if captures {
            p.color(!p.side_to_move())
        } else {
            Bitboard::FULL
        };
        p.generate_moves_to(targets, |set| {
            for m in set {
                answers.push(Answer {
                    m,
                    mover: set.piece() as u8,
                    victim: p.captured_piece(m).map_or(0, |v| v as u8 + 1),
                });
            }
            false
        });
        self.0.counts.push((answers.len() - before) as u16);
        &answers[before..]
    }

    fn play(&mut self, p: &Position, m: Move) -> Position {
        let child = p.play(m);
        self.0.played.push(m);
        self.0.children.push(child);
        child
    }

    fn is_check(&mut self, p: &Position) -> bool {
        let check = p.is_check();
        self.0.checks.push(check);
        check
    }
}

/// The tape read back, each list where the replay is in it.
struct Replayer<'t> {
    tape: &'t Tape,
    counts: usize,
    answers: usize,
    children: usize,
    checks: usize,
}

impl Library for Replayer<'_> {
    fn moves(&mut self, _: &Position, _: bool) -> &[Answer] {
        let n = usize::from(*self.tape.counts.get(self.counts).expect(LEFT));
        self.counts += 1;
        self.answers += n;
        self.tape
            .answers
            .get(self.answers - n..self.answers)
            .expect(LEFT)
    }

    /// The recorded child, once the move is checked to be the recorded one: so the
    /// engine's keys and sort are checked, and kept. The child is copied out, as
    /// copy-make writes it.
    fn play(&mut self, _: &Position, m: Move) -> Position {
        assert_eq!(self.tape.played.get(self.children), Some(&m), "{LEFT}");
        self.children += 1;
        core::hint::black_box(self.tape.children[self.children - 1])
    }

    fn is_check(&mut self, _: &Position) -> bool {
        self.checks += 1;
        *self.tape.checks.get(self.checks - 1).expect(LEFT)
    }
}

/// The moves of `p`, each with its ordering key, best first: `rayscan_search`'s list.
fn ordered(lib: &mut impl Library, p: &Position, captures: bool) -> ArrayVec<(u32, Move), 256> {
    let mut moves = ArrayVec::new();
    for &Answer { m, mover, victim } in lib.moves(p, captures) {
        let victim = victim.checked_sub(1).map(usize::from);
        let promotion = m.promotion().map(|q| q as usize);
        let key = order_key(
            victim,
            mover.into(),
            m.from() as usize,
            m.to() as usize,
            promotion,
        );
        moves.push((key, m));
    }
    moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
    moves
}

/// `rayscan_search`'s quiescence search, asking `lib`.
fn quiesce(
    lib: &mut impl Library,
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
    for (_, m) in ordered(lib, p, true) {
        let child = lib.play(p, m);
        let score = -quiesce(lib, &child, -beta, -alpha, nodes);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// `rayscan_search`'s search, asking `lib`.
fn search(
    lib: &mut impl Library,
    p: &Position,
    depth: u32,
    ply: i32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    if depth == 0 {
        return quiesce(lib, p, alpha, beta, nodes);
    }
    *nodes += 1;
    let moves = ordered(lib, p, false);
    if moves.is_empty() {
        return if lib.is_check(p) { -(MATE - ply) } else { 0 };
    }
    let mut best = -MATE;
    for (_, m) in moves {
        let child = lib.play(p, m);
        let score = -search(lib, &child, depth - 1, ply + 1, -beta, -alpha, nodes);
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

/// The search of `p` to `depth`, asking `lib`.
fn run(lib: &mut impl Library, p: &Position, depth: u32) -> Found {
    let mut nodes = 0;
    let score = search(lib, p, depth, 0, -MATE, MATE, &mut nodes);
    Found { score, nodes }
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

    /// A replay that leaves the recorded tree is caught, not timed: one deeper, or one
    /// shallower, than the recorded search.
    #[test]
    #[should_panic(expected = "the replay left the recorded tree")]
    fn a_replay_deeper_than_recorded_panics() {
        let (tape, _) = Tape::record(&POSITIONS[..1], 2);
        tape.replay(3);
    }

    #[test]
    #[should_panic(expected = "the replay left the recorded tree")]
    fn a_replay_shallower_than_recorded_panics() {
        let (tape, _) = Tape::record(&POSITIONS[..1], 3);
        tape.replay(2);
    }

    /// The replay checks the order of the moves it makes: a tape whose first two
    /// different made moves are swapped (the same counts, the same children) is caught.
    #[test]
    #[should_panic(expected = "the replay left the recorded tree")]
    fn a_replay_in_another_order_panics() {
        let (mut tape, _) = Tape::record(&POSITIONS[..1], 2);
        let i = (1..tape.played.len())
            .find(|&i| tape.played[i] != tape.played[0])
            .expect("two moves");
        tape.played.swap(0, i);
        tape.replay(2);
    }
}
