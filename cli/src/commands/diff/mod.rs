//! `rayscan diff <depth> --engine "<command line>"`: finds where another engine's move
//! generator goes wrong, by the descent every engine author does by hand. Compare the
//! divides; follow the first root move whose counts differ; one ply down, compare again;
//! stop where the move lists themselves differ (or at depth 1), and name that position
//! and the moves only one side has.
//!
//! Exit 0 when the engine agrees, 1 when it does not, 2 when the engine could not be
//! asked or answered something neither protocol allows.

mod engine;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Duration;

use serde::Serialize;

use rayscan::{Move, Position};

use crate::shared::args::{Game, depth_parser, seconds_parser};
use crate::shared::game::parse_move;
use crate::shared::io::{Output, json_line};
use engine::{Divide, Engine, Protocol, Query};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many plies deep to compare, 1 to 64.
    #[arg(allow_negative_numbers = true, value_parser = depth_parser())]
    depth: u32,
    /// The engine's command line, split into words as a shell would split it (no shell is run).
    #[arg(long, value_name = "COMMAND LINE")]
    engine: String,
    #[command(flatten)]
    game: Game,
    /// How the engine is asked.
    #[arg(long, value_enum, default_value = "uci")]
    protocol: Protocol,
    /// How long the engine may take to answer one query, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "60", allow_negative_numbers = true, value_parser = seconds_parser("--timeout", 0.001, 1e6))]
    timeout: Duration,
}

/// Kills every engine `diff` has running: for Ctrl-C.
pub use engine::kill_all as kill_engines;

/// Where the descent stopped, and why.
#[derive(Serialize)]
struct Report {
    /// Whether the engine agrees at the given depth.
    agree: bool,
    /// rayscan's count at the given depth.
    nodes: u64,
    /// The moves followed from the given position, UCI.
    path: Vec<String>,
    /// The position where the engine goes wrong (Shredder-FEN in Chess960); `null` when
    /// it agrees.
    fen: Option<String>,
    /// Legal moves the engine does not list there.
    only_rayscan: Vec<String>,
    /// Moves the engine lists there that are not legal.
    only_engine: Vec<String>,
    /// Moves the engine lists more than once there.
    duplicated: Vec<String>,
    /// What the lines above cannot say: where the lists agree and a count does not.
    #[serde(skip)]
    hint: Option<String>,
}

impl Report {
    /// The lines for people, after the descent.
    fn text(&self) -> String {
        if self.agree {
            return format!("agree: {} nodes\n", self.nodes);
        }
        let list = |moves: &[String]| match moves {
            [] => "-".to_string(),
            _ => moves.join(" "),
        };
        let mut out = String::new();
        let _ = writeln!(out, "moves: {}", list(&self.path));
        let _ = writeln!(out, "fen: {}", self.fen.as_deref().unwrap_or("-"));
        let _ = writeln!(out, "only rayscan: {}", list(&self.only_rayscan));
        let _ = writeln!(out, "only engine: {}", list(&self.only_engine));
        if !self.duplicated.is_empty() {
            let _ = writeln!(out, "duplicated by engine: {}", list(&self.duplicated));
        }
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "hint: {hint}");
        }
        out
    }
}

/// rayscan's side of a divide: each legal move, its text in the engine's notation, and
/// its count.
type Lines = Vec<(Move, String, u64)>;

/// rayscan's divide of `pos`, and the total.
fn our_divide(pos: &Position, depth: u32) -> Result<(Lines, u64), String> {
    let chess960 = pos.is_chess960();
    let mut moves = Vec::new();
    let total = rayscan::perft::Perft::new(depth)
        .divide(pos, |m, n| moves.push((m, m.uci(chess960).to_string(), n)))
        .map_err(|e| e.to_string())?;
    Ok((moves, total))
}

/// How two divides of one position compare.
struct Comparison {
    only_rayscan: Vec<String>,
    only_engine: Vec<String>,
    duplicated: Vec<String>,
    /// The moves both list once, whose counts differ: (index in ours, engine's count),
    /// in the engine's order.
    differing: Vec<(usize, u64)>,
}

fn compare(ours: &[(Move, String, u64)], theirs: &Divide) -> Comparison {
    let index: HashMap<&str, usize> = ours
        .iter()
        .enumerate()
        .map(|(i, (_, text, _))| (text.as_str(), i))
        .collect();
    let mut times: HashMap<&str, usize> = HashMap::new();
    for (text, _) in &theirs.moves {
        *times.entry(text.as_str()).or_default() += 1;
    }
    let mut c = Comparison {
        only_rayscan: ours
            .iter()
            .filter(|(_, text, _)| !times.contains_key(text.as_str()))
            .map(|(_, text, _)| text.clone())
            .collect(),
        only_engine: Vec::new(),
        duplicated: Vec::new(),
        differing: Vec::new(),
    };
    for (text, count) in &theirs.moves {
        let n = times.get_mut(text.as_str()).expect("counted above");
        if *n == 0 {
            continue; // a duplicate, already named
        }
        let mine = index.get(text.as_str());
        if mine.is_none() {
            c.only_engine.push(text.clone());
        }
        if *n > 1 {
            c.duplicated.push(text.clone());
        } else if let Some(&i) = mine
            && ours[i].2 != *count
        {
            c.differing.push((i, *count));
        }
        *n = 0;
    }
    c
}

pub fn run(args: Args, json: bool) -> Result<Output, String> {
    let root = args.game.position()?;
    let chess960 = root.is_chess960();
    let start = match &args.game.fen {
        None => Position::startpos(),
        Some(fen) => Position::from_fen(fen).map_err(|e| e.to_string())?.0,
    };
    if chess960 && !start.is_chess960() && args.protocol == Protocol::Perftree {
        return Err(
            "--chess960: a perftree script cannot be told to write castling king-to-rook in a position whose FEN does not need it; give a Chess960 FEN, or use --protocol uci"
                .into(),
        );
    }
    // The given moves again, in the engine's notation (they may have been SAN); the
    // descent's path follows them.
    let mut moves = Vec::new();
    let mut at = start;
    at.set_chess960(chess960);
    for text in &args.game.moves {
        let m = parse_move(&at, text)?;
        moves.push(m.uci(chess960).to_string());
        at = at.play(m);
    }
    let given = moves.len();
    // The FEN as rayscan read it (a castling right without its rook dropped, say, with a
    // warning): both sides count the same position. Shredder-FEN in Chess960.
    let fen = args.game.fen.as_ref().map(|_| {
        start
            .fen_with(rayscan::position::CastlingNotation::shredder_if(chess960))
            .to_string()
    });

    let mut engine = Engine::start(&args.engine, args.protocol, args.timeout)?;
    if chess960 && engine.lacks_chess960() {
        eprintln!(
            "rayscan: warning: the engine does not offer UCI_Chess960; castling is written king-to-rook all the same"
        );
    }
    let mut stdout = std::io::stdout().lock();
    let mut pos = root;
    // rayscan's count at the given depth: the first divide's total.
    let mut root_nodes = None;
    // The move followed into `pos`, with the engine's count for it one ply up.
    let mut followed: Option<(String, u64)> = None;
    let mut depth = args.depth;
    let report = loop {
        let (ours, total) = our_divide(&pos, depth)?;
        let nodes = *root_nodes.get_or_insert(total);
        let query = Query {
            fen: fen.as_deref(),
            moves: &moves,
            chess960,
        };
        let theirs = engine.divide(&query, depth)?;
        let c = compare(&ours, &theirs);
        let differ_here =
            !(c.only_rayscan.is_empty() && c.only_engine.is_empty() && c.duplicated.is_empty());
        let mut report = Report {
            agree: false,
            nodes,
            path: moves[given..].to_vec(),
            fen: Some(
                pos.fen_with(rayscan::position::CastlingNotation::shredder_if(chess960))
                    .to_string(),
            ),
            only_rayscan: c.only_rayscan,
            only_engine: c.only_engine,
            duplicated: c.duplicated,
            hint: None,
        };
        if differ_here {
            break report;
        }
        let Some(&(i, count)) = c.differing.first() else {
            match followed {
                // The root agrees.
                None => {
                    break Report {
                        agree: true,
                        fen: None,
                        ..report
                    };
                }
                // One ply up the engine counted this position otherwise.
                Some((m, count)) => {
                    report.hint = Some(format!(
                        "the moves and counts agree here, but one ply up the engine counted {m} as {count}, and here its total is {}: a counting bug (bulk counting, a hash table) rather than a generation bug",
                        theirs.total
                    ));
                    break report;
                }
            }
        };
        if depth == 1 {
            let wrong: Vec<String> = c
                .differing
                .iter()
                .map(|&(i, n)| format!("{} as {n}", ours[i].1))
                .collect();
            report.hint = Some(format!(
                "the move lists agree, but at depth 1 the engine counts {}, not 1: a counting bug rather than a generation bug",
                wrong.join(", ")
            ));
            break report;
        }
        let (m, text, mine) = &ours[i];
        if !json {
            let _ = writeln!(
                stdout,
                "depth {depth}: {text}: rayscan {mine}, engine {count}"
            );
            let _ = stdout.flush();
        }
        moves.push(text.clone());
        followed = Some((text.clone(), count));
        pos = pos.play(*m);
        depth -= 1;
    };
    engine.finish();
    let text = if json {
        json_line(&report)
    } else {
        report.text()
    };
    Ok(Output::checked(text, report.agree))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn divide(moves: &[(&str, u64)]) -> Divide {
        Divide {
            moves: moves.iter().map(|(m, n)| (m.to_string(), *n)).collect(),
            total: moves.iter().map(|(_, n)| n).sum(),
        }
    }

    fn ours(moves: &[(&str, u64)]) -> Lines {
        let any = Position::startpos().legal_moves().iter().next().unwrap();
        moves
            .iter()
            .map(|(m, n)| (any, m.to_string(), *n))
            .collect()
    }

    #[test]
    fn comparison_names_missing_extra_duplicated_and_differing_moves() {
        let ours = ours(&[("a2a3", 1), ("b2b3", 2), ("c2c3", 3), ("d2d3", 4)]);
        let theirs = divide(&[
            ("d2d3", 5),
            ("b2b3", 2),
            ("h7h8", 1),
            ("c2c3", 3),
            ("c2c3", 3),
        ]);
        let c = compare(&ours, &theirs);
        assert_eq!(c.only_rayscan, ["a2a3"]);
        assert_eq!(c.only_engine, ["h7h8"]);
        assert_eq!(c.duplicated, ["c2c3"]);
        assert_eq!(c.differing, [(3, 5)]);
    }

    #[test]
    fn timeouts_are_positive_seconds() {
        let parse = |t| crate::shared::args::parse_seconds("--timeout", t, 0.001, 1e6);
        assert_eq!(parse("1.5").unwrap(), Duration::from_millis(1500));
        for bad in [
            "0", "-1", "x", "inf", "NaN", "1e30", "1e19", "1e-300", "1e7",
        ] {
            let e = parse(bad).unwrap_err();
            assert_eq!(
                e,
                format!("--timeout \"{bad}\": expected a number of seconds from 0.001 to 1000000")
            );
        }
    }
}
