//! `rayscan see`: static exchange evaluation of one move, or of every line of a SEE suite
//! (`FEN; SAN move; expected value; comment`), on the bitboards and on every mailbox
//! board.

use std::fmt::Write as _;

use serde::Serialize;

use rayscan::error::Snippet;
use rayscan::mailbox::{Board15x12, Board16x12, Layout, Mailbox, X88};
use rayscan::{Move, Position};

use crate::shared::args::Game;
use crate::shared::game::{parse_move, readings};
use crate::shared::io::{Output, json_line};
use crate::shared::lines::read_text;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: Game,
    /// The move, UCI or SAN (`Rfxf4`, `f1f4`).
    #[arg(
        long = "move",
        value_name = "MOVE",
        required_unless_present = "suite",
        conflicts_with = "suite"
    )]
    mv: Option<String>,
    /// A SEE suite: lines `FEN; SAN move; expected value; comment`. Exit 1 if any line fails.
    #[arg(long, value_name = "FILE.epd")]
    suite: Option<String>,
}

pub fn run(args: Args, json: bool) -> Result<Output, String> {
    if let Some(file) = &args.suite {
        let (text, passed) = suite(file, json)?;
        return Ok(Output::checked(text, passed));
    }
    let pos = args.game.position()?;
    let text = args.mv.as_deref().unwrap_or_default();
    // The position is named, as for `--moves`: the move is wrong there, not everywhere.
    let m = parse_move(&pos, text).map_err(|e| format!("--move: {e} (in {pos})"))?;
    Ok(one(&pos, m, json).into())
}

/// Every implementation's value of `m`: (name, value).
fn values(pos: &Position, m: Move) -> [(&'static str, i32); 4] {
    fn on<L: Layout>(pos: &Position, m: Move) -> i32 {
        Mailbox::<L>::new(pos).see(m)
    }
    [
        ("bitboards", pos.see(m)),
        ("mailbox-0x88", on::<X88>(pos, m)),
        ("mailbox-16x12", on::<Board16x12>(pos, m)),
        ("mailbox-15x12", on::<Board15x12>(pos, m)),
    ]
}

/// `rayscan see --move`: the value, or `{"see": n}`.
fn one(pos: &Position, m: Move, json: bool) -> String {
    let see = pos.see(m);
    if json {
        return json_line(&serde_json::json!({ "see": see }));
    }
    format!("{see}\n")
}

#[derive(Serialize)]
struct Mismatch {
    line: usize,
    fen: String,
    mv: String,
    board: &'static str,
    expected: i32,
    got: i32,
}

/// `rayscan see --suite`: every line read first (an unreadable line is an error, exit 2),
/// then checked. A move whose SAN is ambiguous is checked in every reading. Returns the
/// output and whether every line passed.
fn suite(file: &str, json: bool) -> Result<(String, bool), String> {
    let text = read_text(file)?;
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        let at = |what: String| format!("{file}: line {line_no}: {what}");
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [fen, mv, expected, ..] = fields[..] else {
            return Err(at(
                "expected \"FEN; move; value\" separated by semicolons".to_string()
            ));
        };
        let expected: i32 = expected.parse().map_err(|_| {
            at(format!(
                "the expected value {} is not a whole number",
                Snippet::new(expected)
            ))
        })?;
        let (pos, _) = Position::from_fen(fen).map_err(|e| at(e.to_string()))?;
        let readings = readings(&pos, mv).map_err(at)?;
        cases.push((
            line_no,
            fen.to_string(),
            mv.to_string(),
            pos,
            readings,
            expected,
        ));
    }
    if cases.is_empty() {
        return Err(format!(
            "{file}: no positions (expected lines \"FEN; move; value\")"
        ));
    }
    let mut mismatches = Vec::new();
    let mut failed = 0;
    for (line, fen, mv, pos, readings, expected) in &cases {
        let before = mismatches.len();
        for &m in readings {
            for (board, got) in values(pos, m) {
                if got != *expected {
                    mismatches.push(Mismatch {
                        line: *line,
                        fen: fen.clone(),
                        mv: format!("{mv} ({m})"),
                        board,
                        expected: *expected,
                        got,
                    });
                }
            }
        }
        failed += usize::from(mismatches.len() > before);
    }
    let passed = cases.len() - failed;
    if json {
        let out = serde_json::json!({
            "passed": passed,
            "failed": failed,
            "mismatches": mismatches,
        });
        return Ok((json_line(&out), failed == 0));
    }
    let mut out = String::new();
    for m in &mismatches {
        let _ = writeln!(
            out,
            "mismatch: {file}:{}: {}; {}: expected {}, got {} ({})",
            m.line, m.fen, m.mv, m.expected, m.got, m.board
        );
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    Ok((out, failed == 0))
}
