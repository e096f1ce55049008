//! `rayscan suite`: check perft suites (lines `FEN ;D1 n ;D2 n …`) for every chosen
//! generator and technique, on worker threads, with a progress bar on a terminal.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use rayscan::Position;
use rayscan::movegen::{Generator, UnsupportedTechnique};
use rayscan::perft::Perft;
use rayscan::perft::suite::{SuiteEntry, parse};
use rayscan::sliders::Technique;

use crate::shared::args::{Choice, number_parser, parse_generator_choice, parse_technique_choice};
use crate::shared::io::{Output, json_line};
use crate::shared::lines::read_text;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The EPD files.
    #[arg(required = true, value_name = "FILE.epd")]
    files: Vec<String>,
    /// Check only depths whose expected count is at most this (below 2^64).
    #[arg(long, value_name = "N", default_value_t = 1_000_000, allow_negative_numbers = true, value_parser = number_parser::<u64>("--max-nodes", 0, u64::MAX))]
    max_nodes: u64,
    /// A technique name or `all` [default: each generator's fastest].
    #[arg(long, value_name = "NAME|all", value_parser = parse_technique_choice)]
    technique: Option<Choice<Technique>>,
    /// A move generator (piecewise, directionwise, hybrid, staged, mailbox-0x88, mailbox-16x12 or mailbox-15x12) or `all`.
    #[arg(long, value_name = "NAME|all", default_value = "piecewise", value_parser = parse_generator_choice)]
    generator: Choice<Generator>,
    /// Worker threads, 1 to 1024 [default: one per CPU].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = number_parser::<u32>("--jobs", 1, 1024))]
    jobs: Option<u32>,
}

pub fn run(args: Args, json: bool) -> Result<Output, String> {
    let pairs = pairs(args.generator, args.technique)?;
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let (text, passed) = suite(&args.files, args.max_nodes, &pairs, jobs, json)?;
    Ok(Output::checked(text, passed))
}

/// The (generator, technique) pairs a suite run checks; an error when a named pair
/// cannot run, a warning for generators `all` skips.
fn pairs(
    generator: Choice<Generator>,
    technique: Option<Choice<Technique>>,
) -> Result<Vec<(Generator, Technique)>, String> {
    let generators = match generator {
        Choice::All => Generator::ALL.to_vec(),
        Choice::One(g) => vec![g],
    };
    let mut pairs = Vec::new();
    let mut skipped = Vec::new();
    for g in generators {
        match technique {
            None => pairs.push((g, g.default_technique())),
            Some(Choice::All) => pairs.extend(
                Technique::available()
                    .filter(|t| g.accepts(*t))
                    .map(|t| (g, t)),
            ),
            Some(Choice::One(t)) if g.accepts(t) => pairs.push((g, t)),
            Some(Choice::One(t)) => {
                if let Choice::One(_) = generator {
                    return Err(UnsupportedTechnique {
                        generator: g,
                        technique: t,
                    }
                    .to_string());
                }
                skipped.push(g);
            }
        }
    }
    if let (false, Some(Choice::One(t))) = (skipped.is_empty(), technique) {
        eprintln!("rayscan: warning: {}", skipping(&skipped, t));
    }
    Ok(pairs)
}

/// The warning about the generators `--generator all` skips for technique `t`, each
/// with what it needs: the ray-wise generators a ray-wise technique, the mailboxes
/// their own `vector`.
fn skipping(skipped: &[Generator], t: Technique) -> String {
    let (mailboxes, ray_wise): (Vec<Generator>, Vec<Generator>) =
        skipped.iter().partition(|g| g.is_mailbox());
    let names = |list: &[Generator]| {
        let names: Vec<&str> = list.iter().map(|g| g.name()).collect();
        names.join(", ")
    };
    let mut reasons = Vec::new();
    if !ray_wise.is_empty() {
        reasons.push(format!(
            "{} (they need a ray-wise technique, and {:?} is not one)",
            names(&ray_wise),
            t.name()
        ));
    }
    if !mailboxes.is_empty() {
        reasons.push(format!(
            "{} (they walk their own boards with vector only)",
            names(&mailboxes)
        ));
    }
    format!("skipping generators {}", reasons.join(" and "))
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

/// The positions of one suite file's text, or the error naming the file and line.
fn read_cases(file: &str, text: &str) -> Result<Vec<Case>, String> {
    let entries = parse(text).map_err(|e| format!("{file}: {e}"))?;
    if entries.is_empty() {
        return Err(format!(
            "{file}: no positions (expected lines \"FEN ;D1 <count> ;D2 <count> …\")"
        ));
    }
    entries
        .into_iter()
        .map(|entry| {
            let (pos, _) = Position::from_fen(&entry.fen)
                .map_err(|e| format!("{file}: line {}: {e}", entry.line))?;
            Ok(Case {
                file: file.to_owned(),
                entry,
                pos,
            })
        })
        .collect()
}

/// `rayscan suite` on the text of one file named `file`, with the piece-wise generator
/// on one thread: the output and whether every count matched, or the one-line error.
/// For the fuzz target (`fuzz/`).
pub fn check_text(
    file: &str,
    text: &str,
    max_nodes: u64,
    json: bool,
) -> Result<(String, bool), String> {
    let pairs = [(
        Generator::PieceWise,
        Generator::PieceWise.default_technique(),
    )];
    check(read_cases(file, text)?, max_nodes, &pairs, 1, json)
}

/// Reads every file first (any unreadable file, line or FEN is an error, exit 2), then
/// checks. Returns the output and whether everything passed.
fn suite(
    files: &[String],
    max_nodes: u64,
    pairs: &[(Generator, Technique)],
    jobs: usize,
    json: bool,
) -> Result<(String, bool), String> {
    let mut cases = Vec::new();
    for file in files {
        cases.extend(read_cases(file, &read_text(file)?)?);
    }
    check(cases, max_nodes, pairs, jobs, json)
}

/// Checks every case with every pair; the output and whether everything passed.
fn check(
    cases: Vec<Case>,
    max_nodes: u64,
    pairs: &[(Generator, Technique)],
    jobs: usize,
    json: bool,
) -> Result<(String, bool), String> {
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
                let perft = Perft::new(depth).generator(generator).technique(technique);
                let got = perft.count(&case.pos).unwrap_or(0);
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
        return Ok((json_line(&out), failed == 0));
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
