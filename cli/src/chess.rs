//! The chess commands: `perft`, `suite` and `fen`.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use rayscan::chess_move::{Move, UciMoveError};
use rayscan::movegen::Generator;
use rayscan::perft::{divide_by, perft_by};
use rayscan::position::Position;
use rayscan::san::SanError;
use rayscan::sliders::Technique;
use rayscan::suite::{parse, SuiteEntry};

/// A position from `--fen` (or the start position) with `--moves` played, and the
/// warnings about the FEN. Errors are the one-line messages the CLI prints.
pub fn setup(
    fen: Option<&str>,
    moves: &[String],
    strict: bool,
    chess960: bool,
) -> Result<(Position, Vec<String>), String> {
    let (mut pos, warnings) = match fen {
        None => (Position::startpos(), Default::default()),
        Some(text) => Position::from_fen(text).map_err(|e| e.to_string())?,
    };
    let warnings: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    if strict {
        if let Some(w) = warnings.first() {
            return Err(format!("--strict: {w}"));
        }
    }
    if chess960 {
        pos.set_chess960(true);
    }
    for text in moves {
        let m = parse_move(&pos, text).map_err(|e| format!("--moves: {e} (in {pos})"))?;
        pos = pos.play(m);
    }
    Ok((pos, warnings))
}

/// A move as UCI (`e2e4`, `e1g1`, `e7e8q`) or SAN (`e4`, `Nf3`, `O-O`, `e8=Q`): text
/// that reads as UCI is taken as UCI, anything else as SAN.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    match pos.parse_uci(text) {
        Ok(m) => Ok(m),
        Err(e @ UciMoveError::Illegal(_)) => Err(e.to_string()),
        Err(UciMoveError::Syntax(_)) => pos.parse_san(text).map_err(|e| match e {
            SanError::Syntax(t) => format!(
                "invalid move {t}: neither uci (like \"e2e4\", \"e7e8q\") nor san (like \"e4\", \"Nf3\", \"O-O\", \"e8=Q\")"
            ),
            other => other.to_string(),
        }),
    }
}

/// Every legal move `text` can mean: one, or for an ambiguous SAN move (`Nd2` with two
/// knights that can go there) each of them. Errors as [`parse_move`].
pub fn readings(pos: &Position, text: &str) -> Result<Vec<Move>, String> {
    match parse_move(pos, text) {
        Ok(m) => Ok(vec![m]),
        Err(e) => match pos.san_readings(text) {
            Ok(list) if list.len() > 1 => Ok(list.as_slice().to_vec()),
            _ => Err(e),
        },
    }
}

#[derive(Serialize)]
struct PerftJson {
    nodes: u64,
    seconds: f64,
    nps: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<serde_json::Map<String, serde_json::Value>>,
}

/// `rayscan perft`: the output for people or the JSON object. The caller has checked
/// that the generator accepts the technique.
pub fn perft(
    pos: &Position,
    depth: u32,
    generator: Generator,
    technique: Technique,
    divide: bool,
    json: bool,
) -> Result<String, String> {
    let start = Instant::now();
    let chess960 = pos.is_chess960();
    let mut lines = Vec::new();
    let nodes = if divide {
        divide_by(generator, technique, pos, depth, |m, n| {
            lines.push((m.uci(chess960).to_string(), n))
        })
    } else {
        perft_by(generator, technique, pos, depth)
    }
    .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    if json {
        let divide = divide.then(|| {
            lines
                .iter()
                .map(|(m, n)| (m.clone(), serde_json::Value::from(*n)))
                .collect()
        });
        let out = PerftJson {
            nodes,
            seconds,
            nps,
            divide,
        };
        return Ok(serde_json::to_string(&out).expect("plain data serializes") + "\n");
    }
    let mut out = String::new();
    for (m, n) in &lines {
        let _ = writeln!(out, "{m}: {n}");
    }
    if divide {
        out.push('\n');
    }
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = writeln!(out, "Time: {seconds:.3} s");
    let _ = writeln!(out, "Nodes per second: {nps}");
    Ok(out)
}

/// One suite line, read and checked.
struct Case {
    file: String,
    entry: SuiteEntry,
    pos: Position,
}

#[derive(Serialize)]
struct Mismatch {
    file: String,
    line: usize,
    fen: String,
    technique: &'static str,
    generator: &'static str,
    depth: u32,
    expected: u64,
    got: u64,
}

/// What checking one suite position found.
struct CaseResult {
    mismatches: Vec<Mismatch>,
    checked: usize,
    nodes: u64,
}

#[derive(Serialize)]
struct SuiteJson {
    passed: usize,
    failed: usize,
    depths_checked: usize,
    nodes: u64,
    seconds: f64,
    mismatches: Vec<Mismatch>,
}

/// `rayscan suite`: reads every file first (any unreadable file, line or FEN is an
/// error, exit 2), then checks. Returns the output and whether everything passed.
pub fn suite(
    files: &[String],
    max_nodes: u64,
    pairs: &[(Generator, Technique)],
    jobs: usize,
    json: bool,
) -> Result<(String, bool), String> {
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for entry in parse(&text).map_err(|e| format!("{file}: {e}"))? {
            let (pos, _) = Position::from_fen(&entry.fen)
                .map_err(|e| format!("{file}: line {}: {e}", entry.line))?;
            cases.push(Case {
                file: file.clone(),
                entry,
                pos,
            });
        }
    }

    let work: u64 = cases
        .iter()
        .map(|c| {
            c.entry
                .depths_within(max_nodes)
                .map(|(_, n)| n)
                .sum::<u64>()
        })
        .sum::<u64>()
        * pairs.len() as u64;
    let bar = ProgressBar::new(work);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {percent:>3}% {human_pos}/{human_len} nodes, eta {eta}",
        )
        .expect("valid template"),
    );
    let start = Instant::now();
    // Workers take the next case from a shared counter, so one thread never ends up
    // with all the deep positions while the others idle.
    let jobs = jobs.max(1).min(cases.len().max(1));
    let next = AtomicUsize::new(0);
    let check = |case: &Case| {
        let mut mismatches = Vec::new();
        let (mut checked, mut nodes) = (0, 0);
        for &(generator, technique) in pairs {
            for (depth, expected) in case.entry.depths_within(max_nodes) {
                // The pairs were checked when they were chosen.
                let got = perft_by(generator, technique, &case.pos, depth).unwrap_or(0);
                checked += 1;
                nodes += got;
                bar.inc(expected);
                if got != expected {
                    mismatches.push(Mismatch {
                        file: case.file.clone(),
                        line: case.entry.line,
                        fen: case.entry.fen.clone(),
                        technique: technique.name(),
                        generator: generator.name(),
                        depth,
                        expected,
                        got,
                    });
                }
            }
        }
        CaseResult {
            mismatches,
            checked,
            nodes,
        }
    };
    let mut results: Vec<(usize, CaseResult)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(case) = cases.get(i) else { break };
                        done.push((i, check(case)));
                    }
                    done
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("suite worker"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    let results: Vec<_> = results.into_iter().map(|(_, r)| r).collect();
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();

    let passed = results.iter().filter(|r| r.mismatches.is_empty()).count();
    let failed = results.len() - passed;
    let depths_checked = results.iter().map(|r| r.checked).sum();
    let nodes = results.iter().map(|r| r.nodes).sum();
    let mismatches: Vec<Mismatch> = results.into_iter().flat_map(|r| r.mismatches).collect();
    if json {
        let out = SuiteJson {
            passed,
            failed,
            depths_checked,
            nodes,
            seconds,
            mismatches,
        };
        return Ok((
            serde_json::to_string_pretty(&out).expect("plain data serializes") + "\n",
            failed == 0,
        ));
    }
    let mut out = String::new();
    for m in &mismatches {
        let _ = writeln!(
            out,
            "mismatch: {}:{}: {} depth {}: expected {}, got {} ({}, {})",
            m.file, m.line, m.fen, m.depth, m.expected, m.got, m.technique, m.generator
        );
    }
    let _ = writeln!(
        out,
        "{depths_checked} depths checked, {nodes} nodes in {seconds:.2} s"
    );
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    Ok((out, failed == 0))
}
