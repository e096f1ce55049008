//! Perft beyond one machine: `perft --split` writes one JSON job per subtree,
//! `perft --job` runs one and prints one JSON result, `perft --merge` adds the results
//! and checks that every job is there exactly once. Any batch system (GNU parallel, a
//! Slurm array, Kubernetes jobs) can run the jobs without rayscan knowing about it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use rayscan::position::Position;

use crate::chess::Settings;

/// One subtree to count.
#[derive(Serialize, Deserialize)]
struct Job {
    /// The split this job belongs to: a fingerprint of the position, depth and plies.
    run: String,
    id: usize,
    jobs: usize,
    /// The root move this subtree lies under, for the per-move totals.
    root: String,
    fen: String,
    depth: u32,
}

/// One job's count.
#[derive(Serialize, Deserialize)]
struct Done {
    run: String,
    id: usize,
    jobs: usize,
    root: String,
    nodes: u64,
}

/// FNV-1a: a short, stable fingerprint of the split.
fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `perft <depth> --split <plies>`: the jobs, one JSON line each.
pub fn split(pos: &Position, depth: u32, plies: u32) -> Result<String, String> {
    if plies == 0 || plies >= depth {
        return Err(format!(
            "--split {plies}: expected from 1 to {} plies (less than the depth {depth})",
            depth.saturating_sub(1)
        ));
    }
    let chess960 = pos.is_chess960();
    // (root move, position after `plies` plies). A line that ends in mate or stalemate
    // before that has no leaves at the full depth, so it needs no job, as in perft.
    let mut leaves: Vec<(String, Position, u32)> = Vec::new();
    let mut frontier: Vec<(String, Position)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m.uci(chess960).to_string(), pos.play(m)))
        .collect();
    for ply in 1..plies {
        let mut next = Vec::new();
        for (root, p) in frontier {
            let moves = p.legal_moves();
            next.extend(moves.iter().map(|&m| (root.clone(), p.play(m))));
        }
        frontier = next;
        if frontier.len() > 50_000_000 {
            return Err(format!(
                "--split {plies}: over 50 million jobs after {ply} plies"
            ));
        }
    }
    leaves.extend(frontier.into_iter().map(|(r, p)| (r, p, depth - plies)));
    let run = fingerprint(&format!("{pos} {depth} {plies}"));
    let jobs = leaves.len();
    let mut out = String::new();
    for (id, (root, p, d)) in leaves.into_iter().enumerate() {
        let job = Job {
            run: run.clone(),
            id,
            jobs,
            root,
            fen: p.fen(chess960).to_string(),
            depth: d,
        };
        let _ = writeln!(out, "{}", serde_json::to_string(&job).expect("plain data"));
    }
    Ok(out)
}

/// `perft --job '<json>'`: the job's count as one JSON line.
pub fn job(line: &str, settings: &Settings) -> Result<String, String> {
    let job: Job = serde_json::from_str(line.trim()).map_err(|e| format!("--job: {e}"))?;
    let (pos, _) = Position::from_fen(&job.fen).map_err(|e| format!("--job: {e}"))?;
    if !(1..=rayscan::perft::MAX_DEPTH).contains(&job.depth) {
        return Err(format!(
            "--job: depth {}: expected 1 to {}",
            job.depth,
            rayscan::perft::MAX_DEPTH
        ));
    }
    let nodes = settings.run(&pos, job.depth, |_, _| {})?;
    let done = Done {
        run: job.run,
        id: job.id,
        jobs: job.jobs,
        root: job.root,
        nodes,
    };
    Ok(serde_json::to_string(&done).expect("plain data") + "\n")
}

/// `perft --merge results.jsonl`: root-move totals and the total, like `--divide`, once
/// every job of one split is present exactly once.
pub fn merge(file: &str) -> Result<String, String> {
    let text = crate::chess::read_text(file)?;
    let mut run: Option<(String, usize)> = None;
    let mut seen: Vec<bool> = Vec::new();
    let mut roots: BTreeMap<String, u64> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    let mut total = 0u64;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |what: String| format!("{file}: line {}: {what}", n + 1);
        let done: Done = serde_json::from_str(line.trim()).map_err(|e| at(e.to_string()))?;
        match &run {
            None => {
                seen = vec![false; done.jobs];
                run = Some((done.run.clone(), done.jobs));
            }
            Some((r, jobs)) if *r != done.run || *jobs != done.jobs => {
                return Err(at(format!(
                    "job {} belongs to another split (run {}, {} jobs; the file began with run {r}, {jobs} jobs)",
                    done.id, done.run, done.jobs
                )))
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
        if !roots.contains_key(&done.root) {
            order.push(done.root.clone());
        }
        *roots.entry(done.root).or_default() += done.nodes;
        total += done.nodes;
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
    let mut out = String::new();
    for root in &order {
        let _ = writeln!(out, "{root}: {}", roots[root]);
    }
    let _ = write!(out, "\nNodes searched: {total}\n");
    Ok(out)
}
