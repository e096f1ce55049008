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
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::io::Write;

use indicatif::{ProgressBar, ProgressStyle};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use rayscan::perft::stats::PerftStats;
use rayscan::position::CastlingRights;
use rayscan::{Bitboard, Color, MoveKind, Piece, Position, Square};

use super::{STATS_LABELS, StatsJson};
use crate::shared::io::{json_line, thousands};
use crate::shared::lines::read_text;
use crate::shared::settings::Settings;

/// How many paths from one root move reach a job's position.
#[derive(Serialize, Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
struct Paths {
    /// The root move's place in generation order.
    index: usize,
    /// The root move, UCI.
    #[serde(rename = "move")]
    root: String,
    paths: u64,
}

/// What every job and result line of one split carries: the split itself, so that a
/// line can be checked on its own (`Split::check`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Split {
    /// A fingerprint of `root`, `depth` and `plies`.
    run: String,
    /// The position the split was made from.
    root: String,
    /// The perft depth of the whole count.
    depth: u32,
    /// How many plies down the jobs are.
    plies: u32,
    /// How many jobs the split wrote.
    jobs: usize,
}

/// One subtree to count. The first five fields are its [`Split`]'s (serde cannot
/// flatten a struct into one that refuses unknown fields).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Job {
    run: String,
    root: String,
    depth: u32,
    plies: u32,
    jobs: usize,
    id: usize,
    /// The job's position.
    fen: String,
    /// The depth to count below it: `depth - plies`, or more for a line that ended in
    /// mate or stalemate before `plies`.
    left: u32,
    /// Whether to count the perft statistics too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    stats: bool,
    paths: Vec<Paths>,
}

/// One job's count, with its job's split, number, depth left and paths.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Done {
    run: String,
    root: String,
    depth: u32,
    plies: u32,
    jobs: usize,
    id: usize,
    left: u32,
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

/// The split of a job or result line.
macro_rules! split_of {
    ($line:expr) => {
        Split {
            run: $line.run.clone(),
            root: $line.root.clone(),
            depth: $line.depth,
            plies: $line.plies,
            jobs: $line.jobs,
        }
    };
}

impl Split {
    fn new(root: &Position, depth: u32, plies: u32, jobs: usize) -> Split {
        let root = root.to_string();
        Split {
            run: fingerprint(&format!("{root} {depth} {plies}")),
            root,
            depth,
            plies,
            jobs,
        }
    }

    /// Checks a line: its split ([`Split::roots`]), then its job ([`Split::check_job`]).
    fn check(&self, id: usize, left: u32, paths: &[Paths]) -> Result<(), String> {
        let roots = self.roots()?;
        self.check_job(&roots, id, left, paths)
    }

    /// Checks the split on its own: the root is a position, the fingerprint is that of
    /// root, depth and plies, which are in range, and so is the number of jobs. Returns
    /// the root's legal moves as the split wrote them.
    fn roots(&self) -> Result<Vec<String>, String> {
        let (root, _) = Position::from_fen(&self.root).map_err(|e| format!("root: {e}"))?;
        if self.run != fingerprint(&format!("{} {} {}", self.root, self.depth, self.plies)) {
            return Err(format!(
                "run {:?} is not the fingerprint of its root, depth and plies",
                short(&self.run)
            ));
        }
        if !(1..=rayscan::perft::MAX_DEPTH).contains(&self.depth) {
            return Err(format!(
                "depth {}: expected 1 to {}",
                self.depth,
                rayscan::perft::MAX_DEPTH
            ));
        }
        if self.plies == 0 || self.plies >= self.depth {
            return Err(format!(
                "plies {}: a split of depth {} has 1 to {}",
                self.plies,
                self.depth,
                self.depth - 1
            ));
        }
        if !(1..=MAX_JOBS).contains(&self.jobs) {
            return Err(format!(
                "jobs {}: a split writes 1 to {MAX_JOBS}",
                self.jobs
            ));
        }
        let chess960 = root.is_chess960();
        Ok(root
            .legal_moves()
            .iter()
            .map(|m| m.uci(chess960).to_string())
            .collect())
    }

    /// Checks a job of this split whose root has the legal moves `roots`: `id < jobs`,
    /// the depth left is one a job of this split can have, and every path names the root
    /// move at its index, once, in order.
    fn check_job(
        &self,
        roots: &[String],
        id: usize,
        left: u32,
        paths: &[Paths],
    ) -> Result<(), String> {
        if id >= self.jobs {
            return Err(format!("job {id} is beyond the {} jobs", self.jobs));
        }
        let lowest = self.depth - self.plies;
        if left < lowest || left >= self.depth {
            return Err(format!(
                "depth left {left}: a job of this split has {lowest} to {}",
                self.depth - 1
            ));
        }
        if paths.is_empty() {
            return Err("no paths: every job lies under a root move".into());
        }
        let mut last = None;
        for p in paths {
            let Some(name) = roots.get(p.index) else {
                return Err(format!(
                    "path index {}: the root has {} legal moves",
                    p.index,
                    roots.len()
                ));
            };
            if *name != p.root {
                return Err(format!(
                    "path {:?}: root move {} is {name}",
                    short(&p.root),
                    p.index
                ));
            }
            if last.is_some_and(|l| l >= p.index) {
                return Err(format!(
                    "path {:?}: root moves must come once each, in order",
                    short(&p.root)
                ));
            }
            if p.paths == 0 {
                return Err(format!("path {:?}: 0 paths", short(&p.root)));
            }
            last = Some(p.index);
        }
        Ok(())
    }
}

/// The start of `text`, for a message.
fn short(text: &str) -> String {
    let mut chars = text.chars();
    let start: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        start + "…"
    } else {
        start
    }
}

/// A position as a job: pieces, side, castling rights, and the en-passant square only
/// if a pawn can legally capture there (as in the records computed this way). Exact,
/// and 80 bytes where the FEN text took about 150 with its allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Identity {
    by_color: [Bitboard; 2],
    by_piece: [Bitboard; 6],
    side: Color,
    castling: CastlingRights,
    ep: Option<Square>,
}

impl Identity {
    fn of(pos: &Position) -> Identity {
        // Only a position with an en-passant square needs its moves generated.
        let ep = pos.ep_square().filter(|_| {
            pos.legal_moves()
                .iter()
                .any(|m| m.kind() == MoveKind::EnPassant)
        });
        Identity {
            by_color: [pos.color(Color::White), pos.color(Color::Black)],
            by_piece: Piece::ALL.map(|p| pos.pieces(p)),
            side: pos.side_to_move(),
            castling: pos.castling(),
            ep,
        }
    }
}

/// The FEN a job carries: placement, side, castling, and the en-passant square only if
/// a pawn can legally capture there; clocks `0 1`.
fn job_fen(pos: &Position, id: &Identity, chess960: bool) -> String {
    let fen = pos
        .fen_with(rayscan::position::CastlingNotation::shredder_if(chess960))
        .to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let ep = if id.ep.is_some() {
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

/// A fast hasher for [`Identity`] (FxHash's mixing): the default SipHash took a third of
/// a split's time, and nothing here comes from an adversary.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The distinct positions of one ply, in little memory: a 64-bit hash of the identity
/// points to the first position with that hash, and the rare other identity with the
/// same hash goes to a small exact map. 16 bytes a position, where a map of identities
/// took 80 (measured on `perft 9 --split 7`, refused: 1.8 GB at most before, 1.0 GB now).
#[derive(Default)]
struct Index {
    by_hash: HashMap<u64, u32, BuildHasherDefault<Mix>>,
    collisions: HashMap<Identity, u32, BuildHasherDefault<Mix>>,
}

impl Index {
    /// The place of `id` among the positions indexed so far, where `at(i)` is the
    /// identity of the position at place `i`; or, for a new one, `None` after giving it
    /// the place `next`.
    fn place(&mut self, id: &Identity, next: u32, at: impl Fn(u32) -> Identity) -> Option<u32> {
        let mut hasher = Mix::default();
        id.hash(&mut hasher);
        match self.by_hash.entry(hasher.finish()) {
            Entry::Vacant(e) => {
                e.insert(next);
                None
            }
            Entry::Occupied(e) if at(*e.get()) == *id => Some(*e.get()),
            Entry::Occupied(_) => match self.collisions.entry(*id) {
                Entry::Occupied(e) => Some(*e.get()),
                Entry::Vacant(e) => {
                    e.insert(next);
                    None
                }
            },
        }
    }
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

/// The most jobs a split writes. Every distinct position of the deepest ply is held in
/// memory (about 200 bytes with its paths and its place in the index), so the bound
/// keeps a split within about 1 GB; it is reached, and the split refused, within seconds.
const MAX_JOBS: usize = 4_000_000;

/// `perft <depth> --split <plies>`: the jobs, one JSON line each, written to `out` as
/// they are made.
pub fn split(
    pos: &Position,
    depth: u32,
    plies: u32,
    stats: bool,
    out: &mut impl Write,
) -> Result<(), String> {
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
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} splitting: {msg} ({elapsed})")
            .expect("valid template"),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    // The distinct positions at each ply, with their paths per root move. A line that
    // ends in mate or stalemate before `plies` becomes a job of its own at the depth
    // left (it counts 0 nodes), so that every root move appears in the merge.
    type Node = (Position, Vec<(usize, u64)>);
    type Leaf = (Position, u32, Vec<(usize, u64)>);
    let mut frontier: Vec<Node> = vec![(*pos, Vec::new())];
    let mut ended: Vec<Leaf> = Vec::new();
    let mut seen = Index::default();
    for ply in 0..plies {
        let mut index = Index::default();
        let mut next: Vec<Node> = Vec::new();
        for (done, (p, paths)) in std::mem::take(&mut frontier).into_iter().enumerate() {
            let moves = p.legal_moves();
            if moves.is_empty() && ply > 0 {
                let at = |i: u32| Identity::of(&ended[i as usize].0);
                match seen.place(&Identity::of(&p), ended.len() as u32, at) {
                    Some(i) => add_paths(&mut ended[i as usize].2, &paths),
                    None => ended.push((p, depth - ply, paths)),
                }
                continue;
            }
            for (i, m) in moves.iter().enumerate() {
                let child = p.play(m);
                let child_paths = if ply == 0 {
                    vec![(i, 1)]
                } else {
                    paths.clone()
                };
                let at = |i: u32| Identity::of(&next[i as usize].0);
                match index.place(&Identity::of(&child), next.len() as u32, at) {
                    Some(i) => add_paths(&mut next[i as usize].1, &child_paths),
                    None => {
                        next.push((child, child_paths));
                        if next.len() + ended.len() > MAX_JOBS {
                            bar.finish_and_clear();
                            return Err(format!(
                                "--split {plies}: more than {MAX_JOBS} distinct positions {} plies down, the most a split writes: split fewer plies",
                                ply + 1
                            ));
                        }
                    }
                }
            }
            if done % 4096 == 0 {
                bar.set_message(format!(
                    "ply {} of {plies}, {} distinct positions",
                    ply + 1,
                    thousands(next.len() as u64)
                ));
            }
        }
        frontier = next;
    }
    bar.finish_and_clear();
    let all = ended.into_iter().chain(
        frontier
            .into_iter()
            .map(|(p, paths)| (p, depth - plies, paths)),
    );
    let jobs = all.size_hint().0;
    let split = Split::new(pos, depth, plies, jobs);
    let written = all.enumerate().try_for_each(|(id, (p, left, paths))| {
        let job = Job {
            run: split.run.clone(),
            root: split.root.clone(),
            depth,
            plies,
            jobs,
            id,
            fen: job_fen(&p, &Identity::of(&p), chess960),
            left,
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
        out.write_all(json_line(&job).as_bytes())
    });
    // A closed pipe (`--split 4 | head`) is the reader's choice.
    match written.and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("--split: {e}")),
        _ => Ok(()),
    }
}

/// The most bytes of the JSON library's detail that an error about a line quotes.
const DETAIL_BYTES: usize = 200;

/// A job line as `--split` writes it, or a result line as `--job` writes it; otherwise
/// what is wrong with it, for a person: not JSON, not an object, or which field is
/// missing, unknown or of the wrong type, with the JSON library's detail after a colon.
/// `what` names the line: "a job line as written by `rayscan perft --split`".
fn read_line<T: DeserializeOwned>(line: &str, what: &str) -> Result<T, String> {
    // The JSON library quotes the values it refuses: a 10 MB string stays out.
    // Control characters (a newline in a field name) are escaped: one line. The cut
    // counts the bytes written, escapes included: a field name of 200 DEL characters,
    // each written as `\u{7f}`, made a message of over 1,000 bytes (found by fuzzing).
    let wrong = |problem: String| {
        let mut short = String::new();
        let mut cut = "";
        for c in problem.chars() {
            let shown = if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            };
            if short.len() + shown.len() > DETAIL_BYTES {
                cut = "…";
                break;
            }
            short.push_str(&shown);
        }
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

/// A job line, read and checked against itself and its split; with the job's position.
fn read_job(line: &str) -> Result<(Job, Position), String> {
    let job: Job = read_line(line, "a job line as written by `rayscan perft --split`")
        .map_err(|e| format!("--job: {e}"))?;
    split_of!(job)
        .check(job.id, job.left, &job.paths)
        .map_err(|e| format!("--job: not a job of its split: {e}"))?;
    let (pos, _) = Position::from_fen(&job.fen).map_err(|e| format!("--job: {e}"))?;
    Ok((job, pos))
}

/// What `perft --job` checks before it counts, for the fuzz target (`fuzz/`): the
/// job's position and the depth to count below it, or the one-line error.
pub fn check_job(line: &str) -> Result<(Position, u32), String> {
    read_job(line).map(|(job, pos)| (pos, job.left))
}

/// `perft --job '<json>'`: the job's count as one JSON line. `stats` asks for the
/// statistics even where the job does not.
pub fn job(
    line: &str,
    settings: &Settings,
    stats: bool,
    depth: Option<u32>,
) -> Result<String, String> {
    let (job, pos) = read_job(line)?;
    if let Some(d) = depth.filter(|&d| d != job.depth) {
        return Err(format!(
            "--job: the job is part of a depth {} count, not depth {d}: leave the depth out, or give {}",
            job.depth, job.depth
        ));
    }
    let stats = stats || job.stats;
    let counted = settings.count(&pos, job.left, stats, |_, _| {})?;
    let done = Done {
        run: job.run,
        root: job.root,
        depth: job.depth,
        plies: job.plies,
        jobs: job.jobs,
        id: job.id,
        left: job.left,
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
/// carry them. Every line is checked against its split (`Split::check_job`), and all
/// lines must come from one split.
pub fn merge(file: &str, json: bool) -> Result<String, String> {
    merge_text(&read_text(file)?, file, json)
}

/// [`merge`] of the text of `file` (named in messages).
pub fn merge_text(text: &str, file: &str, json: bool) -> Result<String, String> {
    // The split of the first line, its root moves, and which jobs were seen.
    let mut first: Option<(Split, Vec<String>, Vec<bool>)> = None;
    let mut roots: Vec<Sum> = Vec::new();
    let mut total = Sum::default();
    let mut with_stats: Option<bool> = None;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |what: String| format!("{file}: line {}: {what}", n + 1);
        let done: Done =
            read_line(line, "a result line as written by `rayscan perft --job`").map_err(at)?;
        let split = split_of!(done);
        let (expected, names, seen) = match &mut first {
            Some(f) => f,
            None => {
                let names = split
                    .roots()
                    .map_err(|e| at(format!("not a result of its split: {e}")))?;
                roots = vec![Sum::default(); names.len()];
                let seen = vec![false; split.jobs];
                first.insert((split.clone(), names, seen))
            }
        };
        if split != *expected {
            return Err(at(format!(
                "job {} belongs to another split (run {}, {} jobs; the file began with run {}, {} jobs)",
                done.id,
                short(&split.run),
                split.jobs,
                short(&expected.run),
                expected.jobs
            )));
        }
        expected
            .check_job(names, done.id, done.left, &done.paths)
            .map_err(|e| at(format!("not a result of its split: {e}")))?;
        if std::mem::replace(&mut seen[done.id], true) {
            return Err(at(format!("job {} appears twice", done.id)));
        }
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
            roots[p.index].add(&counted, p.paths);
            total.add(&counted, p.paths);
        }
    }
    let Some((split, names, seen)) = first else {
        return Err(format!("{file}: no results"));
    };
    let missing: Vec<usize> = (0..split.jobs).filter(|&i| !seen[i]).collect();
    if let Some(first) = missing.first() {
        return Err(format!(
            "{file}: {} of {} jobs are missing (the first is job {first})",
            missing.len(),
            split.jobs
        ));
    }
    let stats = with_stats.unwrap_or(false);
    let labels = PerftStats::default().fields().map(|(name, _)| name);
    if json {
        let divide: Vec<Value> = names
            .iter()
            .zip(&roots)
            .map(|(name, sum)| serde_json::json!({ "move": name, "nodes": big(sum.0[0]) }))
            .collect();
        let mut out = serde_json::json!({ "nodes": big(total.0[0]), "divide": divide });
        if stats {
            let s: serde_json::Map<String, Value> = labels
                .iter()
                .zip(total.0)
                .skip(1)
                .map(|(name, v)| ((*name).to_string(), big(v)))
                .collect();
            out["stats"] = s.into();
        }
        return Ok(json_line(&out));
    }
    let mut out = String::new();
    for (name, sum) in names.iter().zip(&roots) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The error about a job line whose one field has the name `name`.
    fn unknown_field_error(name: &str) -> String {
        let line = serde_json::json!({ name: 1 }).to_string();
        check_job(&line).expect_err("a job line without its fields")
    }

    #[test]
    fn a_bad_line_is_quoted_on_one_short_line_whatever_its_characters() {
        let prefix = "--job: not a job line as written by `rayscan perft --split`: ";
        // Escaped control characters take six bytes each: the cut counts what is written.
        for name in ["\u{7f}".repeat(300), "\n".repeat(300), "é".repeat(300)] {
            let e = unknown_field_error(&name);
            assert_eq!(e.lines().count(), 1, "{e}");
            let detail = e.strip_prefix(prefix).expect(&e);
            let detail = detail.strip_suffix('…').expect(&e);
            assert!(detail.len() <= DETAIL_BYTES, "{} bytes: {e}", detail.len());
            assert!(
                detail.len() > DETAIL_BYTES - 10,
                "{} bytes: {e}",
                detail.len()
            );
            assert!(detail.starts_with("unknown field \""), "{e}");
        }
        let e = unknown_field_error("\u{7f}\n");
        assert!(e.contains(r#"unknown field "\u{7f}\n""#), "{e}");
        assert!(!e.ends_with('…'), "{e}");
    }
}
