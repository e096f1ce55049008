//! `rayscan bench`: perft speed on a fixed set of positions, the way engines' `bench`
//! command works, every count checked.

use std::fmt::Write as _;
use std::time::Instant;

use serde::Serialize;

use rayscan::Position;
use rayscan::movegen::Generator;
use rayscan::sliders::Technique;

use crate::shared::args::{Speed, parse_generator, parse_technique};
use crate::shared::io::{Output, json_line};
use crate::shared::settings::Settings;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The slider technique [default: the generator's fastest].
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    technique: Option<Technique>,
    /// The move generator.
    #[arg(long, value_name = "NAME", default_value = "piecewise", value_parser = parse_generator)]
    generator: Generator,
    #[command(flatten)]
    speed: Speed,
}

pub fn run(args: Args, json: bool) -> Result<Output, String> {
    let settings = args.speed.settings(args.generator, args.technique)?;
    let (text, right) = bench(&settings, json);
    Ok(Output::checked(text, right))
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

/// Perft of each bench position, then the totals in Stockfish's wording. Returns the
/// output and whether every count was right.
fn bench(settings: &Settings, json: bool) -> (String, bool) {
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
            "last_ply": settings.last_ply_of(false).map(|l| l.name()),
            "threads": settings.threads,
            "positions": lines,
            "nodes": nodes,
            "seconds": seconds,
            "nps": nps,
            "right": right,
        });
        return (json_line(&v), right);
    }
    let _ = writeln!(
        out,
        "{} generator, technique {}{}",
        settings.generator.name(),
        settings.technique.name(),
        settings
            .last_ply_of(false)
            .map_or(String::new(), |l| format!(", last ply {l}"))
    );
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
