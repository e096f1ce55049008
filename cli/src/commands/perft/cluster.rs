//! Perft beyond one machine: `perft --split` writes one JSON job per *distinct* position
//! a few plies down, `perft --job` runs one and prints one JSON result, `perft --merge`
//! weights each result by the number of move paths that reach its position and adds them
//! up, checking that every job is there exactly once. Any batch system (GNU parallel, a
//! Slurm array, Kubernetes jobs) can run the jobs without rayscan knowing about it.
//!
//! Positions are the same when board, side to move, castling rights and en-passant right
//! are (the en-passant square counts only when a capture there is legal), as in the
//! records computed this way. A job carries, for each root move it lies under, how many
//! paths from that move reach it, so the merge still gives every root move's total.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write as _;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use rayscan::perft::stats::PerftStats;
use rayscan::{MoveKind, Position};

use super::{STATS_LABELS, StatsJson};
use crate::shared::io::{json_line, read_text};
use crate::shared::settings::Settings;

/// How many paths from one root move reach a job's position.
#[derive(Serialize, Deserialize, Clone, Debug)]
struct Paths {
    /// The root move's place in generation order.
    index: usize,
    /// The root move, UCI.
    #[serde(rename = "move")]
    root: String,
    paths: u64,
}

/// One subtree to count.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Job {
    /// The split this job belongs to: a fingerprint of the position, depth and plies.
    run: String,
    id: usize,
    jobs: usize,
    fen: String,
    depth: u32,
    /// Whether to count the perft statistics too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    stats: bool,
    paths: Vec<Paths>,
}

/// One job's count.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Done {
    run: String,
    id: usize,
    jobs: usize,
    nodes: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stats: Option<StatsJson>,
    paths: Vec<Paths>,
}

/// FNV-1a: a short, stable fingerprint of the split.
fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The position's identity and the FEN a job carries: placement, side, castling, and the
/// en-passant square only if a pawn can legally capture there; clocks `0 1`.
fn identity(pos: &Position, chess960: bool) -> String {
    let fen = pos.fen(chess960).to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    // Only a position with an en-passant square needs its moves generated.
    let ep_legal = pos.ep_square().is_some()
        && pos
            .legal_moves()
            .iter()
            .any(|m| m.kind() == MoveKind::EnPassant);
    let ep = if ep_legal {
        fields.get(3).copied().unwrap_or("-")
    } else {
        "-"
    };
    format!(
        "{} {} {} {ep} 0 1",
        fields.first().copied().unwrap_or_default(),
        fields.get(1).copied().unwrap_or_default(),
        fields.get(2).copied().unwrap_or_default()
    )
}

/// Adds `more` (sorted by root index) into `into` (sorted by root index).
fn add_paths(into: &mut Vec<(usize, u64)>, more: &[(usize, u64)]) {
    for &(i, n) in more {
        match into.binary_search_by_key(&i, |&(j, _)| j) {
            Ok(at) => into[at].1 += n,
            Err(at) => into.insert(at, (i, n)),
        }
    }
}

/// The most jobs a split writes.
const MAX_JOBS: usize = 50_000_000;

/// `perft <depth> --split <plies>`: the jobs, one JSON line each.
pub fn split(pos: &Position, depth: u32, plies: u32, stats: bool) -> Result<String, String> {
    if plies == 0 || plies >= depth {
        return Err(format!(
            "--split {plies}: expected from 1 to {} plies (less than the depth {depth})",
            depth.saturating_sub(1)
        ));
    }
    let chess960 = pos.is_chess960();
    let roots: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.uci(chess960).to_string())
        .collect();
    // The distinct positions at each ply, with their paths per root move. A line that
    // ends in mate or stalemate before `plies` becomes a job of its own at the depth
    // left (it counts 0 nodes), so that every root move appears in the merge.
    type Node = (Position, Vec<(usize, u64)>);
    type Leaf = (Position, u32, Vec<(usize, u64)>);
    let mut frontier: Vec<Node> = Vec::new();
    let mut ended: Vec<Leaf> = Vec::new();
    let mut seen: HashMap<(String, u32), usize> = HashMap::new();
    for ply in 0..plies {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut next: Vec<Node> = Vec::new();
        let from: Vec<Node> = if ply == 0 {
            vec![(*pos, Vec::new())]
        } else {
            std::mem::take(&mut frontier)
        };
        for (p, paths) in from {
            let moves = p.legal_moves();
            if moves.is_empty() && ply > 0 {
                match seen.entry((identity(&p, chess960), depth - ply)) {
                    Entry::Occupied(e) => add_paths(&mut ended[*e.get()].2, &paths),
                    Entry::Vacant(e) => {
                        e.insert(ended.len());
                        ended.push((p, depth - ply, paths));
                    }
                }
                continue;
            }
            for (i, &m) in moves.iter().enumerate() {
                let child = p.play(m);
                let child_paths = if ply == 0 {
                    vec![(i, 1)]
                } else {
                    paths.clone()
                };
                match index.entry(identity(&child, chess960)) {
                    Entry::Occupied(e) => add_paths(&mut next[*e.get()].1, &child_paths),
                    Entry::Vacant(e) => {
                        e.insert(next.len());
                        next.push((child, child_paths));
                    }
                }
            }
            if next.len() + ended.len() > MAX_JOBS {
                return Err(format!(
                    "--split {plies}: over {MAX_JOBS} jobs after {} plies",
                    ply + 1
                ));
            }
        }
        frontier = next;
    }
    let run = fingerprint(&format!("{pos} {depth} {plies}"));
    let all: Vec<Leaf> = ended
        .into_iter()
        .chain(
            frontier
                .into_iter()
                .map(|(p, paths)| (p, depth - plies, paths)),
        )
        .collect();
    let jobs = all.len();
    let mut out = String::new();
    for (id, (p, d, paths)) in all.into_iter().enumerate() {
        let job = Job {
            run: run.clone(),
            id,
            jobs,
            fen: identity(&p, chess960),
            depth: d,
            stats,
            paths: paths
                .into_iter()
                .map(|(index, paths)| Paths {
                    index,
                    root: roots.get(index).cloned().unwrap_or_default(),
                    paths,
                })
                .collect(),
        };
        out += &json_line(&job);
    }
    Ok(out)
}

/// A job line as `--split` writes it, or a result line as `--job` writes it; otherwise
/// what is wrong with it, for a person: not JSON, not an object, or which field is
/// missing, unknown or of the wrong type, with the JSON library's detail after a colon.
/// `what` names the line: "a job line as written by `rayscan perft --split`".
fn read_line<T: DeserializeOwned>(line: &str, what: &str) -> Result<T, String> {
    // The JSON library quotes the values it refuses: a 10 MB string stays out.
    let wrong = |problem: String| {
        let mut chars = problem.chars();
        let short: String = chars.by_ref().take(200).collect();
        let cut = if chars.next().is_some() { "…" } else { "" };
        format!("not {what}: {short}{cut}")
    };
    let value: Value =
        serde_json::from_str(line.trim()).map_err(|e| wrong(format!("it is not JSON: {e}")))?;
    let Value::Object(fields) = &value else {
        let kind = match value {
            Value::Array(_) => "a list",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            _ => "a single value",
        };
        return Err(wrong(format!("it is {kind}, not a JSON object")));
    };
    let read = |fields: &serde_json::Map<String, Value>| {
        serde_json::from_value::<T>(Value::Object(fields.clone())).map_err(|e| e.to_string())
    };
    let detail = match read(fields) {
        Ok(t) => return Ok(t),
        Err(detail) => detail,
    };
    // serde names a missing or an unknown field in backquotes, but not the field whose
    // value is wrong: that is the first one (serde stops there) whose removal changes
    // the error.
    let quoted = |prefix: &str| {
        let rest = detail.strip_prefix(prefix)?;
        rest.split('`').next()
    };
    if let Some(name) = quoted("missing field `") {
        return Err(wrong(format!("the field {name:?} is missing")));
    }
    if quoted("unknown field `").is_some() {
        return Err(wrong(detail.replace('`', "\"")));
    }
    let culprit = fields.keys().find(|&name| {
        let mut rest = fields.clone();
        rest.remove(name);
        read(&rest).err().as_ref() != Some(&detail)
    });
    let how = if detail.starts_with("invalid type") {
        "has the wrong type"
    } else {
        "has a wrong value"
    };
    Err(wrong(match culprit {
        Some(name) => format!("the field {name:?} {how}: {detail}"),
        None => detail,
    }))
}

/// `perft --job '<json>'`: the job's count as one JSON line. `stats` asks for the
/// statistics even where the job does not.
pub fn job(line: &str, settings: &Settings, stats: bool) -> Result<String, String> {
    let job: Job = read_line(line, "a job line as written by `rayscan perft --split`")
        .map_err(|e| format!("--job: {e}"))?;
    let (pos, _) = Position::from_fen(&job.fen).map_err(|e| format!("--job: {e}"))?;
    if !(1..=rayscan::perft::MAX_DEPTH).contains(&job.depth) {
        return Err(format!(
            "--job: depth {}: expected 1 to {}",
            job.depth,
            rayscan::perft::MAX_DEPTH
        ));
    }
    let stats = stats || job.stats;
    let counted = settings.count(&pos, job.depth, stats, |_, _| {})?;
    let done = Done {
        run: job.run,
        id: job.id,
        jobs: job.jobs,
        nodes: counted.nodes,
        stats: stats.then(|| StatsJson::from(&counted)),
        paths: job.paths,
    };
    Ok(json_line(&done))
}

/// Totals of one root move (or of all), wide enough for any depth that finishes.
#[derive(Default, Clone, Copy)]
struct Sum([u128; 9]);

impl Sum {
    fn add(&mut self, s: &PerftStats, weight: u64) {
        for (acc, (_, v)) in self.0.iter_mut().zip(s.fields()) {
            *acc += u128::from(v) * u128::from(weight);
        }
    }
}

/// `perft --merge results.jsonl`: root-move totals and the total, like `--divide`, once
/// every job of one split is present exactly once; the statistics too if the results
/// carry them.
pub fn merge(file: &str, json: bool) -> Result<String, String> {
    let text = read_text(file)?;
    let mut run: Option<(String, usize)> = None;
    let mut seen: Vec<bool> = Vec::new();
    let mut roots: Vec<(String, Sum)> = Vec::new();
    let mut total = Sum::default();
    let mut with_stats: Option<bool> = None;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |what: String| format!("{file}: line {}: {what}", n + 1);
        let done: Done =
            read_line(line, "a result line as written by `rayscan perft --job`").map_err(at)?;
        match &run {
            None => {
                seen = vec![false; done.jobs];
                run = Some((done.run.clone(), done.jobs));
            }
            Some((r, jobs)) if *r != done.run || *jobs != done.jobs => {
                return Err(at(format!(
                    "job {} belongs to another split (run {}, {} jobs; the file began with run {r}, {jobs} jobs)",
                    done.id, done.run, done.jobs
                )));
            }
            Some(_) => {}
        }
        let slot = seen
            .get_mut(done.id)
            .ok_or_else(|| at(format!("job {} is beyond the {} jobs", done.id, done.jobs)))?;
        if *slot {
            return Err(at(format!("job {} appears twice", done.id)));
        }
        *slot = true;
        match (with_stats, done.stats.is_some()) {
            (None, has) => with_stats = Some(has),
            (Some(a), b) if a != b => {
                return Err(at(format!(
                    "job {} {} statistics and the jobs before it {}: run every job with --stats or none",
                    done.id,
                    if b { "has" } else { "has no" },
                    if a { "do" } else { "do not" }
                )));
            }
            _ => {}
        }
        let counted = done.stats.as_ref().map_or(
            PerftStats {
                nodes: done.nodes,
                ..PerftStats::default()
            },
            |s| s.with_nodes(done.nodes),
        );
        for p in &done.paths {
            if roots.len() <= p.index {
                if p.index > 1024 {
                    return Err(at(format!("root move index {} is out of range", p.index)));
                }
                roots.resize(p.index + 1, (String::new(), Sum::default()));
            }
            let (name, sum) = &mut roots[p.index];
            if name.is_empty() {
                name.clone_from(&p.root);
            }
            sum.add(&counted, p.paths);
            total.add(&counted, p.paths);
        }
    }
    let Some((_, jobs)) = run else {
        return Err(format!("{file}: no results"));
    };
    let missing: Vec<usize> = (0..jobs).filter(|&i| !seen[i]).collect();
    if let Some(first) = missing.first() {
        return Err(format!(
            "{file}: {} of {jobs} jobs are missing (the first is job {first})",
            missing.len()
        ));
    }
    let stats = with_stats.unwrap_or(false);
    let names = PerftStats::default().fields().map(|(name, _)| name);
    if json {
        let divide: serde_json::Map<String, serde_json::Value> = roots
            .iter()
            .filter(|(name, _)| !name.is_empty())
            .map(|(name, sum)| (name.clone(), big(sum.0[0])))
            .collect();
        let mut out = serde_json::json!({ "nodes": big(total.0[0]), "divide": divide });
        if stats {
            let s: serde_json::Map<String, serde_json::Value> = names
                .iter()
                .zip(total.0)
                .skip(1)
                .map(|(name, v)| ((*name).to_string(), big(v)))
                .collect();
            out["stats"] = s.into();
        }
        return Ok(out.to_string() + "\n");
    }
    let mut out = String::new();
    for (name, sum) in roots.iter().filter(|(name, _)| !name.is_empty()) {
        let _ = writeln!(out, "{name}: {}", sum.0[0]);
    }
    let _ = write!(out, "\nNodes searched: {}\n", total.0[0]);
    if stats {
        for (label, v) in STATS_LABELS.iter().zip(&total.0[1..]) {
            let _ = writeln!(out, "{label}: {v}");
        }
    }
    Ok(out)
}

/// A count as a JSON number: an integer when it fits in 64 bits (every perft that
/// finishes today), else its digits as a string.
fn big(v: u128) -> serde_json::Value {
    u64::try_from(v).map_or_else(|_| v.to_string().into(), serde_json::Value::from)
}
