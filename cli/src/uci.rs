//! `rayscan uci` (the subset of UCI a perft user needs) and `rayscan perftree` (the
//! script contract of the perftree bisection tool).

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use rayscan::movegen::Generator;
use rayscan::position::Position;
use rayscan::sliders::Technique;

use crate::chess::{parse_move, Settings};

/// Plays `moves` (UCI or SAN) from `pos`.
fn play_all<'a>(
    mut pos: Position,
    moves: impl Iterator<Item = &'a str>,
) -> Result<Position, String> {
    for text in moves {
        let m = parse_move(&pos, text)?;
        pos = pos.play(m);
    }
    Ok(pos)
}

/// `position startpos|fen <FEN> [moves …]`, after the word `position`.
fn parse_position(args: &[&str]) -> Result<Position, String> {
    let (pos, rest) = match args.split_first() {
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
    match rest.split_first() {
        None => Ok(pos),
        Some((&"moves", moves)) => play_all(pos, moves.iter().copied()),
        Some((word, _)) => Err(format!("position: expected \"moves\", found {word:?}")),
    }
}

/// A board diagram with the FEN and the Zobrist key (`d`).
fn diagram(pos: &Position) -> String {
    let cells = crate::diagram::board_letters(pos);
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

/// The engine's state between commands.
struct Uci {
    pos: Position,
    threads: usize,
    hash_mb: usize,
    technique: Technique,
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
                     option name Hash type spin default 0 min 0 max 65536\n\
                     option name Technique type combo default {} var {}\nuciok\n",
                    env!("CARGO_PKG_VERSION"),
                    Technique::auto(),
                    names.join(" var ")
                ))
            }
            ["isready"] => Ok("readyok\n".into()),
            ["ucinewgame"] => {
                self.pos = Position::startpos();
                Ok(String::new())
            }
            ["position", args @ ..] => {
                self.pos = parse_position(args)?;
                Ok(String::new())
            }
            ["d"] => Ok(diagram(&self.pos)),
            ["go", "perft", depth] => self.perft(depth),
            ["setoption", "name", name, "value", value] => self.set(name, value),
            _ => Err(format!("unknown or malformed command {:?}", line.trim())),
        }
    }

    fn perft(&self, depth: &str) -> Result<String, String> {
        let depth = depth
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=64).contains(d))
            .ok_or_else(|| format!("go perft: the depth {depth:?} is not a number from 1 to 64"))?;
        let table = match self.hash_mb {
            0 => None,
            mb => Some(crate::chess::hash_table(
                mb,
                rayscan::perft::hash::DEFAULT_SEED,
            )?),
        };
        let settings = Settings {
            generator: Generator::PieceWise,
            technique: self.technique,
            threads: self.threads,
            table,
        };
        let mut text = String::new();
        let chess960 = self.pos.is_chess960();
        let nodes = settings.run(&self.pos, depth, |m, n| {
            let _ = writeln!(text, "{}: {n}", m.uci(chess960));
        })?;
        let _ = write!(text, "\nNodes searched: {nodes}\n");
        Ok(text)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<String, String> {
        let number = |max: usize, min: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    format!("setoption {name}: {value:?} is not a number from {min} to {max}")
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "threads" => self.threads = number(1024, 1)?,
            "hash" => self.hash_mb = number(65536, 0)?,
            "technique" => {
                self.technique = crate::chess::parse_technique(value)
                    .map_err(|e| format!("setoption Technique: {e}"))?
            }
            _ => {
                return Err(format!(
                    "setoption: unknown option {name:?} (Threads, Hash, Technique)"
                ))
            }
        }
        Ok(String::new())
    }
}

/// The UCI loop: reads commands until `quit` or the end of input.
pub fn uci(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut state = Uci {
        pos: Position::startpos(),
        threads: 1,
        hash_mb: 0,
        technique: Technique::auto(),
    };
    for line in input.lines() {
        // A line that is not UTF-8 is an error like any other, not the end.
        let line = match line {
            Ok(line) => line,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                writeln!(output, "info string error: the line is not UTF-8")?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if line.trim() == "quit" {
            break;
        }
        match state.answer(&line) {
            Ok(text) => output.write_all(text.as_bytes())?,
            Err(e) => writeln!(output, "info string error: {e}")?,
        }
        output.flush()?;
    }
    Ok(())
}

/// `rayscan perftree <depth> "<fen>" ["<moves>"]`: `move count` per root move, a blank
/// line, the total.
pub fn perftree(depth: u32, fen: &str, moves: Option<&str>) -> Result<String, String> {
    let (pos, _) = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let pos = play_all(pos, moves.unwrap_or("").split_whitespace())?;
    let mut out = String::new();
    let chess960 = pos.is_chess960();
    let total = rayscan::perft::divide_by(
        Generator::PieceWise,
        Technique::auto(),
        &pos,
        depth,
        |m, n| {
            let _ = writeln!(out, "{} {n}", m.uci(chess960));
        },
    )
    .map_err(|e| e.to_string())?;
    let _ = write!(out, "\n{total}\n");
    Ok(out)
}
