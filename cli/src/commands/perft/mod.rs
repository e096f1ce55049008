//! `rayscan perft`: count the leaves of the legal move tree, with Stockfish's wording,
//! optionally per root move (`--divide`) and with statistics (`--stats`); `--split`,
//! `--job` and `--merge` spread one count over many machines (`cluster.rs`).

pub mod cluster;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};

use rayscan::Position;
use rayscan::movegen::Generator;
use rayscan::perft::stats::PerftStats;
use rayscan::sliders::Technique;

use crate::shared::args::{
    Game, Speed, depth_parser, number_parser, parse_generator, parse_technique, seconds_parser,
};
use crate::shared::io::{json_line, nps, thousands};
use crate::shared::settings::Settings;

/// The help of `--moves` in perft, which also reads the depth there.
const MOVES_HELP: &str = "Moves to play first, UCI (e2e4; castling e1g1 or king-to-rook e1h1) or SAN (e4, Nf3, O-O). A number after them is the depth: `perft --moves e2e4 e7e5 3` is `perft 3 --moves e2e4 e7e5`";

#[derive(clap::Args, Debug)]
#[command(mut_arg("moves", |a| a.help(MOVES_HELP)))]
pub struct Args {
    /// How many plies deep, 1 to 64.
    // A negative number is a bad depth, not an unknown flag; 0, 65 and words are refused
    // naming the depth and its range.
    #[arg(
        required_unless_present_any = ["job", "merge", "moves"],
        allow_negative_numbers = true,
        value_parser = depth_parser()
    )]
    depth: Option<u32>,
    /// Write one JSON job per distinct position this many plies down (with its move paths per root move), instead of counting.
    #[arg(long, value_name = "PLIES", conflicts_with_all = ["job", "merge", "divide"], allow_negative_numbers = true, value_parser = number_parser::<u32>("--split", 1, 63))]
    split: Option<u32>,
    /// Run one job line written by --split; print one JSON result line.
    #[arg(long, value_name = "JSON", conflicts_with_all = ["merge", "divide", "fen", "moves"])]
    job: Option<String>,
    /// Weight and add up a file of --job results, checking every job is there exactly once.
    #[arg(long, value_name = "FILE.jsonl", conflicts_with = "divide")]
    merge: Option<String>,
    #[command(flatten)]
    game: Game,
    /// The slider technique [default: the generator's fastest: pext for piecewise and hybrid, kogge-stone for directionwise and staged, vector for the mailboxes].
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    technique: Option<Technique>,
    /// The move generator: piecewise, directionwise, hybrid, staged, mailbox-0x88, mailbox-16x12 or mailbox-15x12.
    #[arg(long, value_name = "NAME", default_value = "piecewise", value_parser = parse_generator)]
    generator: Generator,
    /// First one `move: count` line per root move.
    #[arg(long)]
    divide: bool,
    /// Also count captures, en passant, castles, promotions, checks, discovered and double checks, and checkmates among the leaves (piecewise generator; not with --hash or --last-ply: every leaf is counted on its own).
    #[arg(long, conflicts_with = "last_ply")]
    stats: bool,
    /// Show a progress bar on a terminal (never with --json) once the count has run this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = "1", allow_negative_numbers = true, value_parser = seconds_parser("--progress-after", 0.0, 1e6))]
    progress_after: Duration,
    #[command(flatten)]
    speed: Speed,
}

pub fn run(mut args: Args, json: bool) -> Result<String, String> {
    let settings = args.speed.settings(args.generator, args.technique)?;
    if let Some(file) = &args.merge {
        return cluster::merge(file, json);
    }
    if let Some(line) = &args.job {
        return cluster::job(line, &settings, args.stats, args.depth);
    }
    let depth = args.game.depth(args.depth)?;
    let pos = args.game.position()?;
    if let Some(plies) = args.split {
        // Written as it is made: a split can run to gigabytes.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        cluster::split(&pos, depth, plies, args.stats, &mut out)?;
        return Ok(String::new());
    }
    perft(
        &pos,
        depth,
        &settings,
        args.divide,
        args.stats,
        json,
        args.progress_after,
    )
}

#[derive(Serialize)]
struct PerftJson {
    nodes: u64,
    seconds: f64,
    nps: u64,
    generator: &'static str,
    technique: &'static str,
    /// The piecewise generator's last ply (`batch` or `each`); absent where it does not
    /// apply (another generator, or `--stats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    last_ply: Option<&'static str>,
    /// Root moves in generation order, as `/api/perft` and `--merge` give them.
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsJson>,
}

/// One root move's count in JSON.
#[derive(Serialize)]
struct DivideJson {
    #[serde(rename = "move")]
    root: String,
    nodes: u64,
}

/// The statistics of `perft --stats --json` (and of cluster results): the node count
/// stays beside them, as `nodes`.
#[derive(Serialize, Deserialize, Clone, Copy, Debug)]
#[serde(deny_unknown_fields)]
struct StatsJson {
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
    fn with_nodes(&self, nodes: u64) -> PerftStats {
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
const STATS_LABELS: [&str; 8] = [
    "Captures",
    "En passant",
    "Castles",
    "Promotions",
    "Checks",
    "Discovered checks",
    "Double checks",
    "Checkmates",
];

/// The count: the output for people or the JSON object; for people, a progress bar on
/// a terminal once it has run `progress_after`.
fn perft(
    pos: &Position,
    depth: u32,
    settings: &Settings,
    divide: bool,
    stats: bool,
    json: bool,
    progress_after: Duration,
) -> Result<String, String> {
    let start = Instant::now();
    let chess960 = pos.is_chess960();
    let mut lines = Vec::new();
    let bar = progress(pos);
    let mut so_far = 0u64;
    let counted = settings.count(pos, depth, stats, |m, s| {
        so_far += s.nodes;
        bar.inc(1);
        bar.set_message(thousands(so_far));
        // Shown once the count has taken a while (a second by default): never for the
        // quick ones.
        if !json && bar.is_hidden() && start.elapsed() >= progress_after {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        if divide {
            lines.push((m.uci(chess960).to_string(), s.nodes))
        }
    });
    bar.finish_and_clear();
    let counted = counted?;
    let nodes = counted.nodes;
    let seconds = start.elapsed().as_secs_f64();
    let nps = nps(nodes, seconds);
    if json {
        let divide = divide.then(|| {
            lines
                .iter()
                .map(|(m, n)| DivideJson {
                    root: m.clone(),
                    nodes: *n,
                })
                .collect()
        });
        return Ok(json_line(&PerftJson {
            nodes,
            seconds,
            nps,
            generator: settings.generator.name(),
            technique: settings.technique.name(),
            last_ply: settings.last_ply_of(stats).map(|l| l.name()),
            divide,
            stats: stats.then(|| StatsJson::from(&counted)),
        }));
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

/// A progress bar for a count that may take a while: root moves done, nodes so far,
/// elapsed time and an estimate of what is left. Hidden until `perft` shows it on stderr
/// (after `--progress-after`, a second by default, and never with `--json`); indicatif
/// draws nothing where stderr is not a terminal (pipes, files, tests).
fn progress(pos: &Position) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(pos.legal_moves().len() as u64),
        ProgressDrawTarget::hidden(),
    );
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} root moves, {msg} nodes, {elapsed} (eta {eta})",
        )
        .expect("valid template"),
    );
    bar.set_message("0");
    bar
}
