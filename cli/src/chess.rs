//! The chess commands (`perft`, `suite`, `fen`) and the argument parsers they share.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use rayscan::chess_move::{Move, UciMoveError};
use rayscan::movegen::Generator;
use rayscan::parallel::{perft_parallel, perft_parallel_stats, PerftTable};
use rayscan::perft::stats::PerftStats;
use rayscan::perft::{divide_by, perft_by};
use rayscan::position::Position;
use rayscan::san::SanError;
use rayscan::sliders::Technique;
use rayscan::suite::{parse, SuiteEntry};
use rayscan::{Bitboard, Square};

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
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsJson>,
}

/// The statistics of `perft --stats --json` (and of cluster results): the node count
/// stays beside them, as `nodes`.
#[derive(Serialize, serde::Deserialize, Clone, Copy, Debug)]
#[serde(deny_unknown_fields)]
pub struct StatsJson {
    captures: u64,
    en_passant: u64,
    castles: u64,
    promotions: u64,
    checks: u64,
    discovered_checks: u64,
    double_checks: u64,
    checkmates: u64,
}

impl From<&PerftStats> for StatsJson {
    fn from(s: &PerftStats) -> StatsJson {
        StatsJson {
            captures: s.captures,
            en_passant: s.en_passant,
            castles: s.castles,
            promotions: s.promotions,
            checks: s.checks,
            discovered_checks: s.discovered_checks,
            double_checks: s.double_checks,
            checkmates: s.checkmates,
        }
    }
}

impl StatsJson {
    /// The statistics with their node count.
    pub fn with_nodes(&self, nodes: u64) -> PerftStats {
        PerftStats {
            nodes,
            captures: self.captures,
            en_passant: self.en_passant,
            castles: self.castles,
            promotions: self.promotions,
            checks: self.checks,
            discovered_checks: self.discovered_checks,
            double_checks: self.double_checks,
            checkmates: self.checkmates,
        }
    }
}

/// The lines `perft --stats` prints after `Nodes searched`, in [`PerftStats::fields`]
/// order (nodes left out).
pub const STATS_LABELS: [&str; 8] = [
    "Captures",
    "En passant",
    "Castles",
    "Promotions",
    "Checks",
    "Discovered checks",
    "Double checks",
    "Checkmates",
];

/// How perft runs: generator, technique, threads and hash table (already checked).
pub struct Settings {
    pub generator: Generator,
    pub technique: Technique,
    pub threads: usize,
    pub table: Option<PerftTable>,
}

impl Settings {
    /// Perft of `pos`, reporting root moves to `report`.
    pub fn run(
        &self,
        pos: &Position,
        depth: u32,
        report: impl FnMut(Move, u64),
    ) -> Result<u64, String> {
        let counted = if self.threads > 1 || self.table.is_some() {
            perft_parallel(
                self.generator,
                self.technique,
                pos,
                depth,
                self.threads,
                self.table.as_ref(),
                report,
            )
        } else {
            divide_by(self.generator, self.technique, pos, depth, report)
        };
        counted.map_err(|e| e.to_string())
    }

    /// Perft of `pos`, with the statistics when `stats` is set (else only `nodes` is
    /// filled), reporting root moves to `report`.
    pub fn count(
        &self,
        pos: &Position,
        depth: u32,
        stats: bool,
        mut report: impl FnMut(Move, &PerftStats),
    ) -> Result<PerftStats, String> {
        if !stats {
            let nodes = self.run(pos, depth, |m, n| {
                report(
                    m,
                    &PerftStats {
                        nodes: n,
                        ..PerftStats::default()
                    },
                )
            })?;
            return Ok(PerftStats {
                nodes,
                ..PerftStats::default()
            });
        }
        if self.generator != Generator::PieceWise {
            return Err(format!(
                "--stats works with the piecewise generator, not {}",
                self.generator
            ));
        }
        if self.table.is_some() {
            return Err(
                "--stats cannot be combined with --hash: the table keeps node counts only"
                    .to_string(),
            );
        }
        Ok(perft_parallel_stats(
            self.technique,
            pos,
            depth,
            self.threads,
            report,
        ))
    }
}

/// `rayscan perft`: the output for people or the JSON object.
pub fn perft(
    pos: &Position,
    depth: u32,
    settings: &Settings,
    divide: bool,
    stats: bool,
    json: bool,
) -> Result<String, String> {
    let start = Instant::now();
    let chess960 = pos.is_chess960();
    let mut lines = Vec::new();
    let counted = settings.count(pos, depth, stats, |m, s| {
        if divide {
            lines.push((m.uci(chess960).to_string(), s.nodes))
        }
    })?;
    let nodes = counted.nodes;
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
            stats: stats.then(|| StatsJson::from(&counted)),
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
    if stats {
        for (label, (_, v)) in STATS_LABELS.iter().zip(&counted.fields()[1..]) {
            let _ = writeln!(out, "{label}: {v}");
        }
    }
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
        let text = read_text(file)?;
        let entries = parse(&text).map_err(|e| format!("{file}: {e}"))?;
        if entries.is_empty() {
            return Err(format!(
                "{file}: no positions (expected lines \"FEN ;D1 <count> ;D2 <count> …\")"
            ));
        }
        for entry in entries {
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

/// The positions of `rayscan bench`: (name, FEN, depth, nodes).
const BENCH: [(&str, &str, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "cpw3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "cpw4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "cpw5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "cpw6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

#[derive(Serialize)]
struct BenchLine {
    name: &'static str,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: u64,
}

/// `rayscan bench`: perft of each bench position, then the totals in Stockfish's
/// wording. Returns the output and whether every count was right.
pub fn bench(settings: &Settings, json: bool) -> (String, bool) {
    let mut lines = Vec::new();
    let mut right = true;
    let mut out = String::new();
    for (name, fen, depth, expected) in BENCH {
        let pos = Position::from_fen(fen).expect("the bench FENs are valid").0;
        let start = Instant::now();
        let nodes = settings.run(&pos, depth, |_, _| {}).unwrap_or(0);
        let seconds = start.elapsed().as_secs_f64();
        if nodes != expected {
            right = false;
            let _ = writeln!(
                out,
                "MISMATCH {name} depth {depth}: expected {expected}, got {nodes}"
            );
        }
        lines.push(BenchLine {
            name,
            depth,
            nodes,
            seconds,
            nps: (nodes as f64 / seconds.max(1e-9)) as u64,
        });
    }
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let seconds: f64 = lines.iter().map(|l| l.seconds).sum();
    let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
    if json {
        let v = serde_json::json!({
            "generator": settings.generator.name(),
            "technique": settings.technique.name(),
            "threads": settings.threads,
            "positions": lines,
            "nodes": nodes,
            "seconds": seconds,
            "nps": nps,
            "right": right,
        });
        return (v.to_string() + "\n", right);
    }
    for l in &lines {
        let _ = writeln!(
            out,
            "{:<10} depth {}  {:>11} nodes  {:>7.3} s  {:>6.1} M nodes/s",
            l.name,
            l.depth,
            l.nodes,
            l.seconds,
            l.nps as f64 / 1e6
        );
    }
    let _ = writeln!(out, "===========================");
    let _ = writeln!(
        out,
        "Total time (ms) : {}",
        (seconds * 1000.0).round() as u64
    );
    let _ = writeln!(out, "Nodes searched  : {nodes}");
    let _ = writeln!(out, "Nodes/second    : {nps}");
    (out, right)
}

/// A technique by name, or an error listing the names.
pub fn parse_technique(s: &str) -> Result<Technique, String> {
    let technique: Technique = s.parse().map_err(|_| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!(
            "unknown technique {s:?}: expected one of {}",
            names.join(", ")
        )
    })?;
    if !technique.is_available() {
        return Err(format!(
            "technique {s:?} needs BMI2, which this CPU does not have{}: use {:?}, the default here",
            if std::env::var_os("RAYSCAN_CPU").is_some() {
                " (RAYSCAN_CPU says so)"
            } else {
                ""
            },
            Technique::auto().name()
        ));
    }
    Ok(technique)
}

/// Checks `RAYSCAN_CPU`, which takes CPU features away for testing: a value the
/// library would ignore is an error rather than a silent no-op.
pub fn check_cpu_override() -> Result<(), String> {
    let Some(value) = std::env::var_os("RAYSCAN_CPU") else {
        return Ok(());
    };
    match value.to_str() {
        Some(v) if rayscan::cpu::OVERRIDES.contains(&v) => Ok(()),
        _ => Err(format!(
            "RAYSCAN_CPU: unknown value {value:?}: expected {}",
            rayscan::cpu::OVERRIDES.join(" or ")
        )),
    }
}

/// A generator by name, or an error listing the names.
pub fn parse_generator(s: &str) -> Result<Generator, String> {
    s.parse().map_err(|_| {
        let names: Vec<&str> = Generator::ALL.iter().map(|g| g.name()).collect();
        format!(
            "unknown generator {s:?}: expected one of {}",
            names.join(", ")
        )
    })
}

/// What the side to move faces: the squares the opponent attacks, its own pinned
/// pieces, and the checkers.
pub fn overview(pos: &rayscan::position::Position) -> (Bitboard, Bitboard, Bitboard) {
    let us = pos.side_to_move();
    let attacked: Bitboard = Square::ALL
        .into_iter()
        .filter(|&sq| pos.attackers_to(sq).intersects(pos.color(!us)))
        .collect();
    let info = pos.check_info();
    (attacked, info.pinned(), info.checkers())
}

/// A whole text file. Bytes that are not UTF-8 are an error naming the line, where
/// `read_to_string` would only say the stream is not UTF-8. CRLF line ends are fine:
/// the line readers trim them.
pub fn read_text(file: &str) -> Result<String, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!(
            "{file}: line {line}: not UTF-8 text (byte 0x{:02x})",
            bytes[at]
        )
    })
}

/// Memory the system can give without swapping, in MiB (`MemAvailable` in
/// `/proc/meminfo`); `None` where that is unknown.
fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// A perft hash table of `mb` MiB, refused with a clear error when the machine does not
/// have that much memory available. Checked first because Linux overcommits: the
/// allocation would succeed and the process be killed when the table is filled.
pub fn hash_table(mb: usize, seed: u64) -> Result<PerftTable, String> {
    if let Some(free) = available_mib() {
        if mb > free {
            return Err(format!(
                "hash {mb} MiB: more than the {free} MiB of memory available"
            ));
        }
    }
    PerftTable::with_seed(mb, seed).map_err(|mb| format!("hash {mb} MiB: cannot allocate"))
}
