//! `rayscan uci`: the subset of UCI a perft user needs, on stdin and stdout.
//!
//! Two threads: this one reads the input and answers at once what must be answered while
//! a count runs (`isready`, `stop`, `quit`); the engine's thread takes every other command
//! in order, `go perft` among them, whose count runs in parts ([`Parts`]) and so can stop.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use rayscan::error::Snippet;
use rayscan::movegen::Generator;
use rayscan::perft::LastPly;
use rayscan::perft::hash::PerftTable;
use rayscan::sliders::Technique;
use rayscan::{Move, Position};

use crate::shared::args::{parse_last_ply, parse_technique};
use crate::shared::diagram::board_letters;
use crate::shared::game::play_moves;
use crate::shared::lines::{Line, MAX_LINE, read_line, skip_line};
use crate::shared::parts::Parts;
use crate::shared::settings::{Settings, hash_table};

/// The largest `Hash` (MiB) the `uci` command lists.
const MAX_HASH_MB: usize = rayscan::perft::MAX_HASH_MB;

/// The text of the commands read and waiting for the engine (behind a count), beyond
/// which reading waits: memory stays bounded whatever the input.
const MAX_QUEUED: usize = 1024 * 1024;

/// `rayscan uci`: the loop on the process's stdin and stdout.
pub fn run() -> Result<(), String> {
    let stdin = std::io::stdin();
    uci(stdin.lock(), std::io::stdout()).map_err(|e| format!("uci: {e}"))
}

/// `position startpos|fen <FEN> [moves …]`, after the word `position`: the new position,
/// whether its FEN needs Chess960 notation by itself, and the error about a move that
/// cannot be played, if one stopped the moves. As in Stockfish, the moves before it
/// stand. An error (`Err`) leaves the position unchanged. With `chess960`
/// (`UCI_Chess960` set), castling moves are read and written king-to-rook whatever the
/// FEN.
fn parse_position(
    args: &[&str],
    chess960: bool,
) -> Result<(Position, bool, Option<String>), String> {
    let (mut pos, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (Position::startpos(), rest),
        Some((&"fen", rest)) => {
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            let (fen, rest) = rest.split_at(end);
            if fen.is_empty() {
                return Err("position fen: the FEN is missing".into());
            }
            let (pos, _) = Position::from_fen(&fen.join(" ")).map_err(|e| e.to_string())?;
            (pos, rest)
        }
        _ => return Err("position: expected \"startpos\" or \"fen <FEN>\"".into()),
    };
    let fen_chess960 = pos.is_chess960();
    pos.set_chess960(chess960 || fen_chess960);
    match rest.split_first() {
        None => Ok((pos, fen_chess960, None)),
        Some((&"moves", moves)) => {
            let (pos, stopped) = play_moves(pos, moves.iter().copied());
            Ok((
                pos,
                fen_chess960,
                stopped.map(|e| format!("{e}; stopped before it, at {pos}")),
            ))
        }
        Some((word, _)) => Err(format!(
            "position: expected \"moves\", found {}",
            Snippet::new(word)
        )),
    }
}

/// The depth of `go perft <depth>`, if `line` is that and the depth is one it counts.
fn count_depth(line: &str) -> Option<u32> {
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["go", "perft", depth] => parse_depth(depth).ok(),
        _ => None,
    }
}

/// A perft depth, 1 to [`rayscan::perft::MAX_DEPTH`], or the error naming it.
fn parse_depth(depth: &str) -> Result<u32, String> {
    depth
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=rayscan::perft::MAX_DEPTH).contains(d))
        .ok_or_else(|| {
            format!(
                "go perft: the depth {} is not a number from 1 to {}",
                Snippet::new(depth),
                rayscan::perft::MAX_DEPTH
            )
        })
}

/// A board diagram with the FEN and the Zobrist key (`d`).
fn diagram(pos: &Position) -> String {
    let cells = board_letters(pos);
    let mut out = String::new();
    for rank in (0..8).rev() {
        let _ = write!(out, "{}", rank + 1);
        for c in cells.iter().skip(rank * 8).take(8) {
            let _ = write!(out, " {c}");
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h\n\n");
    let _ = writeln!(out, "Fen: {pos}");
    let _ = writeln!(out, "Key: {:016X}", pos.key());
    out
}

/// The engine's state between commands. Every option is checked when it is set, so
/// `go perft` never fails for an option's sake: a refused value leaves the old one.
struct Uci {
    pos: Position,
    threads: usize,
    hash_mb: usize,
    /// The perft hash table of `hash_mb` MiB (none for 0), allocated at `setoption`
    /// and kept: perft counts do not go stale.
    table: Option<PerftTable>,
    technique: Technique,
    /// Whether `Technique` was set: then, as on the command line, it computes every
    /// slider attack unless `LastPly` says otherwise.
    technique_named: bool,
    /// `LastPly`, where it is set (not `auto`).
    last_ply: Option<LastPly>,
    /// `UCI_Chess960`: castling king-to-rook in every position.
    chess960: bool,
    /// Whether the current position's FEN needs Chess960 notation by itself, so that
    /// `UCI_Chess960` set to false gives the position its own notation back.
    fen_chess960: bool,
}

impl Uci {
    /// The reply to one line, or the error to report as `info string error: …`. A count
    /// (`go perft`) stops when `stop` says so, and then replies nothing.
    fn answer(&mut self, line: &str, stop: &(dyn Fn() -> bool + Sync)) -> Result<String, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => Ok(String::new()),
            ["uci"] => {
                let names: Vec<&str> = Technique::available().map(|t| t.name()).collect();
                Ok(format!(
                    "id name rayscan {}\nid author the rayscan developers\n\
                     option name Threads type spin default 1 min 1 max 1024\n\
                     option name Hash type spin default 0 min 0 max {MAX_HASH_MB}\n\
                     option name Technique type combo default {} var {}\n\
                     option name LastPly type combo default auto var auto var batch var each\n\
                     option name UCI_Chess960 type check default false\nuciok\n",
                    env!("CARGO_PKG_VERSION"),
                    Technique::auto(),
                    names.join(" var "),
                ))
            }
            ["isready"] => Ok("readyok\n".into()),
            // `stop` is taken by the reading thread (it ends a count); the others every
            // engine must take, and they mean nothing here: a count is not a search
            // (nothing to ponder), and there is no debug output.
            ["stop"] | ["ponderhit"] | ["debug", "on" | "off"] => Ok(String::new()),
            ["ucinewgame"] => {
                self.pos = Position::startpos();
                Ok(String::new())
            }
            ["position", args @ ..] => {
                let (pos, fen_chess960, stopped) = parse_position(args, self.chess960)?;
                self.fen_chess960 = fen_chess960;
                self.pos = pos;
                stopped.map_or(Ok(String::new()), Err)
            }
            ["d"] => Ok(diagram(&self.pos)),
            ["go", "perft", depth] => self.perft(depth, stop),
            // Any other `go` (depth, movetime, infinite …) is a search, which rayscan
            // does not do. A GUI waits for `bestmove`, so it gets one at once: the first
            // legal move, or `0000` where there is none, with a line saying why.
            ["go", ..] => Ok(self.no_search()),
            ["setoption", "name", name, "value", value] => self.set(name, value),
            _ => Err(format!(
                "unknown or malformed command {}",
                Snippet::new(line.trim())
            )),
        }
    }

    /// The reply to a `go` that asks for a search: rayscan is a move generator, so it
    /// says so and names the first legal move (UCI's null move `0000` where there is
    /// none), so that a GUI waiting for `bestmove` does not hang.
    fn no_search(&self) -> String {
        let best = self.pos.legal_moves().iter().next().unwrap_or(Move::NULL);
        format!(
            "info string rayscan generates and counts moves (go perft N); it does not \
             search: bestmove is the first legal move\nbestmove {}\n",
            best.uci(self.pos.is_chess960()),
        )
    }

    /// `go perft <depth>`: Stockfish's output, `move: count` per root move, a blank line
    /// and `Nodes searched: N`, all at once when the count ends; nothing if `stop` ends
    /// it first.
    fn perft(&mut self, depth: &str, stop: &(dyn Fn() -> bool + Sync)) -> Result<String, String> {
        let depth = parse_depth(depth)?;
        // The table goes into the settings for the count and comes back after it.
        let settings = Settings {
            generator: Generator::PieceWise,
            technique: self.technique,
            last_ply: self.last_ply.unwrap_or(if self.technique_named {
                LastPly::Each
            } else {
                LastPly::auto()
            }),
            threads: self.threads,
            table: self.table.take(),
        };
        let mut text = String::new();
        let chess960 = self.pos.is_chess960();
        let counted = settings.check(depth).map(|()| {
            Parts::new(&settings, stop).divide(&self.pos, depth, |m, n| {
                let _ = writeln!(text, "{}: {n}", m.uci(chess960));
            })
        });
        self.table = settings.table;
        match counted? {
            Ok(nodes) => {
                let _ = write!(text, "\nNodes searched: {nodes}\n");
                Ok(text)
            }
            // Stopped: no total, which would read as a wrong count.
            Err(_) => Ok(String::new()),
        }
    }

    /// `setoption name <name> value <value>`: the value checked now, against the
    /// option's range and what it needs (Hash: the memory available; Technique: a CPU
    /// that runs it), or refused with the option, the value and why, keeping the old one.
    fn set(&mut self, name: &str, value: &str) -> Result<String, String> {
        let quoted = Snippet::new(value);
        let number = |option: &str, min: usize, max: usize, old: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    format!(
                        "setoption {option}: {quoted} is not a number from {min} to {max} ({option} stays {old})"
                    )
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "threads" => self.threads = number("Threads", 1, 1024, self.threads)?,
            "hash" => {
                let mb = number("Hash", 0, MAX_HASH_MB, self.hash_mb)?;
                // Allocated now, so that a size the machine cannot give is refused
                // here, with the old table kept, rather than at every `go perft`.
                self.table = match mb {
                    0 => None,
                    _ => Some(
                        hash_table(mb, rayscan::perft::hash::DEFAULT_SEED).map_err(|e| {
                            // "hash N MiB: why": the reason, without the size again.
                            let why = e.split_once(": ").map_or(e.as_str(), |(_, why)| why);
                            format!(
                                "setoption Hash: {mb} MiB: {why} (Hash stays {})",
                                self.hash_mb
                            )
                        })?,
                    ),
                };
                self.hash_mb = mb;
            }
            "uci_chess960" => {
                self.chess960 = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(format!(
                            "setoption UCI_Chess960: {quoted} is not true or false (UCI_Chess960 stays {})",
                            self.chess960
                        ));
                    }
                };
                self.pos.set_chess960(self.chess960 || self.fen_chess960);
            }
            "technique" => {
                self.technique = parse_technique(value).map_err(|e| {
                    format!(
                        "setoption Technique: {e} (Technique stays {})",
                        self.technique
                    )
                })?;
                self.technique_named = true;
            }
            "lastply" => self.last_ply = match value {
                "auto" => None,
                _ => Some(parse_last_ply(value).map_err(|_| {
                    format!(
                        "setoption LastPly: {quoted} is not auto, batch or each (LastPly stays {})",
                        self.last_ply.map_or("auto", LastPly::name)
                    )
                })?),
            },
            _ => {
                return Err(format!(
                    "setoption: unknown option {} (Threads, Hash, Technique, LastPly, UCI_Chess960)",
                    Snippet::new(name)
                ));
            }
        }
        Ok(String::new())
    }
}

/// What the reading thread hands the engine's, in the order read.
enum Item {
    /// A command, with the number of `go` commands read up to it (its own included).
    Line(String, u64),
    /// A line that could not be read as one: the error to report.
    Error(String),
    /// `quit`: the counts before it are stopped, the other commands answered, then the
    /// loop ends.
    Quit,
    /// The end of the input: the loop ends once the commands before it are done.
    End,
}

impl Item {
    /// Whether it is a count: `go perft` with a depth it takes.
    fn is_count(&self) -> bool {
        matches!(self, Item::Line(line, _) if count_depth(line).is_some())
    }

    /// The bytes it holds, for [`MAX_QUEUED`].
    fn bytes(&self) -> usize {
        match self {
            Item::Line(text, _) | Item::Error(text) => text.len(),
            Item::Quit | Item::End => 0,
        }
    }
}

/// What the engine's thread is doing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Busy {
    /// Waiting for a command.
    Idle,
    /// Answering a command other than a count.
    Command,
    /// Counting (`go perft`): `isready` is answered at once meanwhile.
    Counting,
}

/// The commands waiting for the engine's thread, and what it does.
struct Queue {
    items: VecDeque<Item>,
    /// The bytes the items hold.
    bytes: usize,
    busy: Busy,
    /// Set when the engine's thread has ended (its output failed, or it panicked): the
    /// reading thread stops.
    ended: bool,
}

/// What the two threads share: the queue, the output, and how far `stop` reaches.
struct Shared<W> {
    queue: Mutex<Queue>,
    /// Signalled when the queue or the engine's state changes.
    changed: Condvar,
    output: Mutex<W>,
    /// Counts of the `go` commands up to this one (numbered from 1 as read) are stopped.
    stop_upto: AtomicU64,
}

impl<W: Write> Shared<W> {
    fn queue(&self) -> MutexGuard<'_, Queue> {
        // Nothing is left half-done under the lock: a panic elsewhere does not spoil it.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `text` whole and flushes it, so no other answer lands inside it.
    fn say(&self, text: &str) -> std::io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        let mut out = self.output.lock().unwrap_or_else(|e| e.into_inner());
        out.write_all(text.as_bytes())?;
        out.flush()
    }

    /// Hands `item` to the engine's thread, waiting while the queue is full; false if
    /// that thread has ended.
    fn push(&self, item: Item) -> bool {
        let mut queue = self.queue();
        while queue.bytes > MAX_QUEUED && !queue.ended {
            queue = self.changed.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
        if queue.ended {
            return false;
        }
        queue.bytes += item.bytes();
        queue.items.push_back(item);
        self.changed.notify_all();
        true
    }

    /// `isready`: `readyok` at once when nothing waits before it but counts (which may
    /// take hours), else in its turn, after the other commands before it: `readyok` says
    /// that they are done. While the engine's thread answers such a command (they take
    /// milliseconds), this waits to see which. False if the engine's thread has ended.
    fn ready(&self, gos: u64) -> std::io::Result<bool> {
        let mut queue = self.queue();
        loop {
            if queue.ended {
                return Ok(false);
            }
            let counts_only = queue.items.iter().all(Item::is_count);
            match queue.busy {
                Busy::Counting if counts_only => break,
                Busy::Idle if queue.items.is_empty() => break,
                Busy::Counting => {
                    drop(queue);
                    return Ok(self.push(Item::Line("isready".into(), gos)));
                }
                Busy::Idle | Busy::Command => {
                    queue = self.changed.wait(queue).unwrap_or_else(|e| e.into_inner());
                }
            }
        }
        self.say("readyok\n")?;
        Ok(true)
    }

    /// The engine's thread: takes the commands in order and answers them, until `quit`
    /// or the end of the input.
    fn engine(&self, state: &mut Uci) -> std::io::Result<()> {
        loop {
            let item = {
                let mut queue = self.queue();
                queue.busy = Busy::Idle;
                self.changed.notify_all();
                let item = loop {
                    if let Some(item) = queue.items.pop_front() {
                        break item;
                    }
                    queue = self.changed.wait(queue).unwrap_or_else(|e| e.into_inner());
                };
                queue.bytes -= item.bytes();
                queue.busy = Busy::Command;
                self.changed.notify_all();
                item
            };
            let (line, go) = match item {
                Item::Quit | Item::End => return Ok(()),
                Item::Error(e) => {
                    self.say(&format!("info string error: {e}\n"))?;
                    continue;
                }
                Item::Line(line, go) => (line, go),
            };
            if count_depth(&line).is_some() {
                self.queue().busy = Busy::Counting;
                self.changed.notify_all();
            }
            let stop_upto = &self.stop_upto;
            let stop = || stop_upto.load(Ordering::Relaxed) >= go;
            match state.answer(&line, &stop) {
                Ok(text) => self.say(&text)?,
                Err(e) => self.say(&format!("info string error: {e}\n"))?,
            }
        }
    }
}

/// The UCI loop: reads commands until `quit` or the end of input. A line is read with
/// a bound ([`MAX_LINE`]): a longer one gets one error and is skipped, so endless input
/// without a newline costs no more memory than one line.
///
/// The commands are answered in order by a thread of their own, while this one goes on
/// reading, so that a count (`go perft`) does not stop the loop from hearing:
///
/// - `isready` gets `readyok` at once, while a count runs too (after any other command
///   waiting behind the count, in its turn: `readyok` says that all before it is done);
/// - `stop` ends the counts asked for before it, running or waiting, which print
///   nothing;
/// - `quit` stops them too, and ends the loop once the other commands before it are
///   answered; the end of the input ends it once everything before it is done, counts
///   included.
///
/// Every other command waits for the count before it, so a script's answers come in the
/// order it asked; commands waiting hold at most `MAX_QUEUED` bytes, past which the
/// reading waits too.
pub fn uci(mut input: impl BufRead, output: impl Write + Send) -> std::io::Result<()> {
    let mut state = Uci {
        pos: Position::startpos(),
        threads: 1,
        hash_mb: 0,
        table: None,
        technique: Technique::auto(),
        technique_named: false,
        last_ply: None,
        chess960: false,
        fen_chess960: false,
    };
    let shared = Shared {
        queue: Mutex::new(Queue {
            items: VecDeque::new(),
            bytes: 0,
            busy: Busy::Idle,
            ended: false,
        }),
        changed: Condvar::new(),
        output: Mutex::new(output),
        stop_upto: AtomicU64::new(0),
    };
    std::thread::scope(|scope| {
        let engine = scope.spawn(|| {
            /// Tells the reading thread that the engine's has ended, however it ends.
            struct Ended<'a, W: Write>(&'a Shared<W>);
            impl<W: Write> Drop for Ended<'_, W> {
                fn drop(&mut self) {
                    self.0.queue().ended = true;
                    self.0.changed.notify_all();
                }
            }
            let _ended = Ended(&shared);
            shared.engine(&mut state)
        });
        let read = read_commands(&mut input, &shared);
        if read.is_err() {
            // The input failed: the engine's thread ends after what was read.
            shared.stop_upto.store(u64::MAX, Ordering::Relaxed);
            shared.push(Item::Quit);
        }
        let answered = match engine.join() {
            Ok(answered) => answered,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        read.and(answered)
    })
}

/// The reading thread's part of [`uci`]: reads lines and hands them on, until `quit`,
/// the end of the input, or the end of the engine's thread.
fn read_commands<W: Write>(input: &mut impl BufRead, shared: &Shared<W>) -> std::io::Result<()> {
    let mut buf = Vec::new();
    // The `go` commands read so far: `stop` reaches those.
    let mut gos = 0;
    loop {
        let item = match read_line(input, &mut buf, MAX_LINE)? {
            Line::End => Item::End,
            Line::TooLong => {
                skip_line(input)?;
                Item::Error(format!(
                    "the line is longer than {} KiB: skipped",
                    MAX_LINE / 1024
                ))
            }
            Line::Whole => match std::str::from_utf8(&buf) {
                // A line that is not UTF-8 is an error like any other, not the end.
                Err(_) => Item::Error("the line is not UTF-8".into()),
                Ok(line) => {
                    let mut words = line.split_whitespace();
                    let first = words.next();
                    let alone = words.next().is_none();
                    match first {
                        Some("quit") if alone => {
                            shared.stop_upto.store(u64::MAX, Ordering::Relaxed);
                            Item::Quit
                        }
                        Some("stop") if alone => {
                            shared.stop_upto.fetch_max(gos, Ordering::Relaxed);
                            continue;
                        }
                        Some("isready") if alone => {
                            if shared.ready(gos)? {
                                continue;
                            }
                            return Ok(());
                        }
                        Some("go") => {
                            gos += 1;
                            Item::Line(line.to_string(), gos)
                        }
                        _ => Item::Line(line.to_string(), gos),
                    }
                }
            },
        };
        let last = matches!(item, Item::Quit | Item::End);
        if !shared.push(item) || last {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::io::{BufReader, PipeWriter};
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::time::Duration;

    /// How long a test waits for an answer: only so that a hang fails the test instead of
    /// stalling the run. Every answer waited for comes in milliseconds on an idle machine,
    /// and no count it depends on could end within it (perft 12 takes days).
    const DEADLINE: Duration = Duration::from_secs(120);

    /// The loop's output as lines, sent on as each is complete.
    struct Lines(Vec<u8>, Sender<String>);

    impl Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.extend_from_slice(bytes);
            while let Some(end) = self.0.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.0.drain(..=end).collect();
                let _ = self
                    .1
                    .send(String::from_utf8_lossy(&line[..end]).into_owned());
            }
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The loop on a pipe that stays open until the test closes it, as a GUI's does.
    struct Session {
        input: Option<PipeWriter>,
        lines: Receiver<String>,
        ended: Receiver<std::io::Result<()>>,
    }

    impl Session {
        fn start() -> Session {
            let (reader, writer) = std::io::pipe().unwrap();
            let (send, lines) = channel();
            let (done, ended) = channel();
            std::thread::spawn(move || {
                let _ = done.send(uci(BufReader::new(reader), Lines(Vec::new(), send)));
            });
            Session {
                input: Some(writer),
                lines,
                ended,
            }
        }

        fn send(&mut self, text: &str) {
            self.input
                .as_mut()
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
        }

        /// The lines up to `want` (not included), waiting for each with the deadline.
        #[track_caller]
        fn until(&self, want: &str) -> Vec<String> {
            let mut before = Vec::new();
            loop {
                match self.lines.recv_timeout(DEADLINE) {
                    Ok(line) if line == want => return before,
                    Ok(line) => before.push(line),
                    Err(e) => panic!("no {want:?} within {DEADLINE:?} ({e}) after {before:?}"),
                }
            }
        }

        /// Closes the input, or leaves it open: the loop must end either way, within the
        /// deadline; the lines it wrote last.
        #[track_caller]
        fn end(mut self, close: bool) -> Vec<String> {
            if close {
                drop(self.input.take());
            }
            let ended = self.ended.recv_timeout(DEADLINE);
            assert!(
                matches!(ended, Ok(Ok(()))),
                "the loop did not end well within {DEADLINE:?}: {ended:?}"
            );
            self.lines.try_iter().collect()
        }
    }

    #[test]
    fn isready_is_answered_and_stop_ends_the_count_while_it_runs() {
        for threads in [1, 2] {
            let mut uci = Session::start();
            uci.send(&format!(
                "setoption name Threads value {threads}\nsetoption name Hash value 1\ngo perft 12\nisready\n"
            ));
            assert_eq!(uci.until("readyok"), Vec::<String>::new());
            // The next count waits for the first: its answer is the first's end.
            uci.send("stop\ngo perft 1\n");
            let lines = uci.until("Nodes searched: 20");
            assert_eq!(lines.len(), 21, "{lines:?}");
            assert!(
                lines.iter().all(|l| l.ends_with(": 1") || l.is_empty()),
                "{lines:?}"
            );
            assert!(uci.end(true).is_empty());
        }
    }

    #[test]
    fn isready_waits_only_for_the_commands_behind_a_count() {
        let mut uci = Session::start();
        // Counts alone before it: at once.
        uci.send("go perft 12\ngo perft 12\nisready\n");
        assert_eq!(uci.until("readyok"), Vec::<String>::new());
        // Behind another command, in its turn: after the diagram, once stop has ended the
        // counts the diagram waits for.
        uci.send("d\nisready\nstop\n");
        let lines = uci.until("readyok");
        assert!(lines.iter().any(|l| l.starts_with("Fen: ")), "{lines:?}");
        assert!(uci.end(true).is_empty());
    }

    #[test]
    fn stop_ends_the_counts_asked_for_before_it_and_no_later_one() {
        let mut uci = Session::start();
        uci.send("go perft 12\nposition startpos moves e2e4\ngo perft 12\nstop\ngo perft 2\n");
        let lines = uci.until("Nodes searched: 600");
        assert_eq!(
            lines.len(),
            21,
            "the stopped counts print nothing: {lines:?}"
        );
        assert!(uci.end(true).is_empty());
    }

    #[test]
    fn quit_ends_the_loop_during_a_count_with_the_input_open() {
        let mut uci = Session::start();
        uci.send("go perft 12\nisready\n");
        uci.until("readyok");
        uci.send("quit\nisready\n");
        assert!(uci.end(false).is_empty(), "nothing after quit is read");
        // The answers before quit are given, but a count's.
        let mut uci = Session::start();
        uci.send("go perft 12\nd\nquit\n");
        let rest = uci.end(false);
        assert!(rest.iter().any(|l| l.starts_with("Fen: ")), "{rest:?}");
        assert!(!rest.iter().any(|l| l.starts_with("Nodes")), "{rest:?}");
    }

    #[test]
    fn the_end_of_the_input_waits_for_the_count_and_answers_in_order() {
        let mut uci = Session::start();
        uci.send("go perft 4\nd\nisready\n");
        let rest = uci.end(true);
        let at = |prefix: &str| rest.iter().position(|l| l.starts_with(prefix)).unwrap();
        assert!(at("Nodes searched: 197281") < at("Fen: "), "{rest:?}");
        assert_eq!(rest.last().map(String::as_str), Some("readyok"), "{rest:?}");
    }
}
