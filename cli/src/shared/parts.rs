//! Perft in parts: a count that can stop before its end. The web page's counts stop when
//! their client leaves or when they pass the page's node budget; UCI's `go perft` stops
//! at `stop` and `quit`. The library's perft runs to its end once called, so the plies
//! above the last [`PART`] are walked here, move by move, and each node [`PART`] plies
//! above the leaves is counted by the library in one call (with the settings' generator,
//! technique, last ply and hash table): between two such calls the count asks whether to
//! stop. With a hash table, the walked plies are looked up and stored in it too. Several
//! threads take the positions two plies down from a shared counter, as the library's
//! threaded perft does.

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

use rayscan::{Move, Position};

use crate::shared::settings::Settings;

/// Plies counted in one call to the library, between two looks at whether to stop: at
/// most 218^3, about 10 million leaves (218 is the most moves a position has), so
/// milliseconds for any generator on positions people give, a second at worst.
pub const PART: u32 = 3;

/// Why a count in parts ended before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The caller's `stop` said so.
    Stopped,
    /// The leaves counted so far passed the budget.
    OverBudget,
}

/// A count in parts: the settings it counts with, when to stop, and the leaves so far.
pub struct Parts<'a> {
    settings: &'a Settings,
    stop: &'a (dyn Fn() -> bool + Sync),
    budget: u64,
    /// The leaves the library has counted so far (hash hits above the parts not included:
    /// the budget is about work).
    nodes: AtomicU64,
    /// 0 while counting, else why the count halted (a [`Halt`] + 1), for every thread.
    halted: AtomicU8,
}

impl<'a> Parts<'a> {
    /// A count with `settings` that stops once `stop` returns true (asked between parts).
    pub fn new(settings: &'a Settings, stop: &'a (dyn Fn() -> bool + Sync)) -> Parts<'a> {
        Parts {
            settings,
            stop,
            budget: u64::MAX,
            nodes: AtomicU64::new(0),
            halted: AtomicU8::new(0),
        }
    }

    /// Stops the count once it has counted more than `nodes` leaves.
    pub fn budget(mut self, nodes: u64) -> Parts<'a> {
        self.budget = nodes;
        self
    }

    /// The leaves `depth` plies below `pos`, split by root move: `report(move, count)`
    /// for every legal move in [`Position::legal_moves`] order, once all are counted, and
    /// the total. The settings must have been checked ([`Settings::check`]); `depth` is
    /// at least 1.
    ///
    /// # Errors
    ///
    /// Why the count halted; then nothing is reported.
    pub fn divide(
        &self,
        pos: &Position,
        depth: u32,
        mut report: impl FnMut(Move, u64),
    ) -> Result<u64, Halt> {
        let roots: Vec<Move> = pos.legal_moves().iter().collect();
        let depth = depth.max(1);
        let threads = self.settings.threads.max(1);
        let counts: Vec<u64> = if threads == 1 || depth < 3 {
            roots
                .iter()
                .map(|&m| self.count(&pos.play(m), depth - 1))
                .collect::<Result<_, _>>()?
        } else {
            self.threaded(pos, &roots, depth, threads)?
        };
        let mut total = 0;
        for (&m, n) in roots.iter().zip(counts) {
            report(m, n);
            total += n;
        }
        Ok(total)
    }

    /// Each root move's count, on `threads` threads (this one among them) taking the
    /// positions two plies down (depth ≥ 3) from a shared counter.
    fn threaded(
        &self,
        pos: &Position,
        roots: &[Move],
        depth: u32,
        threads: usize,
    ) -> Result<Vec<u64>, Halt> {
        let mut jobs: Vec<(usize, Position, u32)> = Vec::new();
        for (i, &m) in roots.iter().enumerate() {
            let child = pos.play(m);
            let replies = child.legal_moves();
            if replies.is_empty() {
                jobs.push((i, child, depth - 1));
            } else {
                jobs.extend(replies.iter().map(|r| (i, child.play(r), depth - 2)));
            }
        }
        let sums: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
        let next = AtomicUsize::new(0);
        let work = || {
            while let Some((i, p, d)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                match self.count(p, *d) {
                    Ok(n) => sums[*i].fetch_add(n, Ordering::Relaxed),
                    Err(_) => break,
                };
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads.min(jobs.len()) {
                // Where no thread can be had, the others (this one at least) do its share.
                let _ = std::thread::Builder::new().spawn_scoped(scope, work);
            }
            work();
        });
        if let Some(halt) = self.halted() {
            return Err(halt);
        }
        Ok(sums.into_iter().map(AtomicU64::into_inner).collect())
    }

    /// Why the count has halted, if it has (on any thread).
    fn halted(&self) -> Option<Halt> {
        match self.halted.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(Halt::Stopped),
            _ => Some(Halt::OverBudget),
        }
    }

    /// Halts the count on every thread, for `why` (the first reason stays).
    fn halt(&self, why: Halt) -> Halt {
        let code = match why {
            Halt::Stopped => 1,
            Halt::OverBudget => 2,
        };
        let _ = self
            .halted
            .compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
        self.halted().unwrap_or(why)
    }

    /// The leaves `depth` plies below `pos`: counted by the library in one part when
    /// `depth` is at most [`PART`], else move by move. With a hash table, a subtree of
    /// depth 2 or more is looked up in it first, and stored after.
    fn count(&self, pos: &Position, depth: u32) -> Result<u64, Halt> {
        let table = self.settings.table.as_ref().filter(|_| depth >= 2);
        let key = table.map(|t| t.key(pos));
        if let (Some(t), Some(key)) = (table, key)
            && let Some(n) = t.probe(key, depth)
        {
            return Ok(n);
        }
        let n = if depth > PART {
            let mut total = 0;
            for m in pos.legal_moves() {
                total += self.count(&pos.play(m), depth - 1)?;
            }
            total
        } else {
            self.part(pos, depth)?
        };
        if let (Some(t), Some(key)) = (table, key) {
            t.store(key, depth, n);
        }
        Ok(n)
    }

    /// One part: the leaves `depth` (at most [`PART`]) plies below `pos`, counted by the
    /// library in one call, unless the count is to stop.
    fn part(&self, pos: &Position, depth: u32) -> Result<u64, Halt> {
        if let Some(halt) = self.halted() {
            return Err(halt);
        }
        if (self.stop)() {
            return Err(self.halt(Halt::Stopped));
        }
        let n = match (depth, &self.settings.table) {
            (0, _) => 1,
            // The hashed perft on this thread. `Perft::count` with a table splits the
            // count over threads even for one, and spawns one per call: 0.7 ms a part,
            // 50 times the work of a part (Kiwipete's depth 6 took 75 s, not 1.6 s).
            #[allow(deprecated)]
            (_, Some(table)) => {
                rayscan::perft::hash::perft_hashed_with(self.settings.method(), pos, depth, table)
            }
            _ => self
                .settings
                .perft(depth)
                .threads(1)
                .count(pos)
                .expect("the settings are checked before the count"),
        };
        if self.nodes.fetch_add(n, Ordering::Relaxed).saturating_add(n) > self.budget {
            return Err(self.halt(Halt::OverBudget));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayscan::movegen::Generator;
    use rayscan::perft::LastPly;
    use rayscan::perft::hash::PerftTable;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn settings(generator: Generator, threads: usize, hash: bool) -> Settings {
        Settings {
            generator,
            technique: generator.default_technique(),
            last_ply: LastPly::auto(),
            threads,
            table: hash.then(|| PerftTable::new(4).unwrap()),
        }
    }

    /// The library's divide, root moves sorted by their text.
    fn library(pos: &Position, depth: u32) -> Vec<(String, u64)> {
        let mut roots = Vec::new();
        rayscan::perft::Perft::new(depth)
            .divide(pos, |m, n| roots.push((m.to_string(), n)))
            .unwrap();
        roots.sort();
        roots
    }

    #[test]
    fn parts_add_up_to_the_library_with_threads_and_a_table() {
        let kiwipete: Position = KIWIPETE.parse().unwrap();
        let never = || false;
        for depth in [1, 2, 4] {
            let want = library(&kiwipete, depth);
            for (generator, threads, hash) in [
                (Generator::PieceWise, 1, false),
                (Generator::PieceWise, 2, false),
                (Generator::PieceWise, 1, true),
                (Generator::PieceWise, 3, true),
                (Generator::Staged, 2, false),
            ] {
                let settings = settings(generator, threads, hash);
                settings.check(depth).unwrap();
                let mut got = Vec::new();
                let total = Parts::new(&settings, &never)
                    .divide(&kiwipete, depth, |m, n| got.push((m.to_string(), n)))
                    .unwrap();
                // In the order of the legal moves.
                let order: Vec<String> = kiwipete
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                assert_eq!(
                    got.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>(),
                    order
                );
                got.sort();
                assert_eq!(got, want, "{generator} {threads} {hash} depth {depth}");
                assert_eq!(total, want.iter().map(|(_, n)| n).sum::<u64>());
            }
        }
    }

    #[test]
    fn a_count_stops_when_asked_and_at_its_budget_on_every_thread() {
        let start = Position::startpos();
        for threads in [1, 2] {
            let settings = settings(Generator::PieceWise, threads, false);
            // Stop after three parts: the start position's depth 9 would take hours.
            let asked = AtomicUsize::new(0);
            let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
            let mut reported = 0;
            let halt = Parts::new(&settings, &stop).divide(&start, 9, |_, _| reported += 1);
            assert_eq!(halt, Err(Halt::Stopped));
            assert_eq!(reported, 0, "a halted count reports nothing");
            // The budget: the start position's depth 5 is 4,865,609 leaves.
            let never = || false;
            let parts = Parts::new(&settings, &never).budget(4_865_608);
            assert_eq!(parts.divide(&start, 5, |_, _| {}), Err(Halt::OverBudget));
            let parts = Parts::new(&settings, &never).budget(4_865_609);
            assert_eq!(parts.divide(&start, 5, |_, _| {}), Ok(4_865_609));
        }
    }
}
