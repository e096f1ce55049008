//! `rayscan uci`: the subset of UCI a perft user needs, on stdin and stdout.

use std::fmt::Write as _;
use std::io::{BufRead, Write};

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
use crate::shared::settings::{Settings, hash_table};

/// The largest `Hash` (MiB) the `uci` command lists.
const MAX_HASH_MB: usize = rayscan::perft::MAX_HASH_MB;

/// `rayscan uci`: the loop on the process's stdin and stdout.
pub fn run() -> Result<(), String> {
    let stdin = std::io::stdin();
    uci(stdin.lock(), std::io::stdout().lock()).map_err(|e| format!("uci: {e}"))
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
    /// The reply to one line, or the error to report as `info string error: …`.
    fn answer(&mut self, line: &str) -> Result<String, String> {
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
            // Commands every engine must take, which mean nothing here: a count is not
            // a search (nothing to stop or ponder), and there is no debug output.
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
            ["go", "perft", depth] => self.perft(depth),
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

    fn perft(&mut self, depth: &str) -> Result<String, String> {
        let depth = depth
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=rayscan::perft::MAX_DEPTH).contains(d))
            .ok_or_else(|| {
                format!(
                    "go perft: the depth {} is not a number from 1 to {}",
                    Snippet::new(depth),
                    rayscan::perft::MAX_DEPTH
                )
            })?;
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
        let counted = settings.run(&self.pos, depth, |m, n| {
            let _ = writeln!(text, "{}: {n}", m.uci(chess960));
        });
        self.table = settings.table;
        let nodes = counted?;
        let _ = write!(text, "\nNodes searched: {nodes}\n");
        Ok(text)
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

/// The UCI loop: reads commands until `quit` or the end of input. A line is read with
/// a bound ([`MAX_LINE`]): a longer one gets one error and is skipped, so endless input
/// without a newline costs no more memory than one line.
pub fn uci(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
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
    let mut buf = Vec::new();
    loop {
        let line = match read_line(&mut input, &mut buf, MAX_LINE)? {
            Line::End => break,
            Line::TooLong => {
                skip_line(&mut input)?;
                writeln!(
                    output,
                    "info string error: the line is longer than {} KiB: skipped",
                    MAX_LINE / 1024
                )?;
                output.flush()?;
                continue;
            }
            Line::Whole => match std::str::from_utf8(&buf) {
                Ok(line) => line,
                // A line that is not UTF-8 is an error like any other, not the end.
                Err(_) => {
                    writeln!(output, "info string error: the line is not UTF-8")?;
                    output.flush()?;
                    continue;
                }
            },
        };
        if line.trim() == "quit" {
            break;
        }
        match state.answer(line) {
            Ok(text) => output.write_all(text.as_bytes())?,
            Err(e) => writeln!(output, "info string error: {e}")?,
        }
        output.flush()?;
    }
    Ok(())
}
