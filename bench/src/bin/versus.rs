//! rayscan against the Rust peers, side by side in one run: perft with bulk counting,
//! single thread, on the start position (depths 6 and 7), Kiwipete (depth 5) and the Chess
//! Programming Wiki positions 3 to 6. Rounds alternate over the engines so that a noisy
//! neighbour hurts them all alike; each cell is the median over the rounds, and the last
//! rows name the best peer per position and give rayscan's ratio to it.
//!
//! The peers: cozy-chess, shakmaty and chess. Built as users get them (no `RUSTFLAGS`),
//! cozy-chess has its default magic lookups. With the `cozy-pext` feature, which needs
//! BMI2 at compile time (`-C target-cpu=native`), cozy-chess runs twice: with its `pext`
//! feature (a dependency of this crate) and with its magic lookups (a separate build,
//! `bench/cozy-magic`, which this program builds with cargo and drives over a pipe, since
//! cargo enables a dependency's features for all its users in one build).
//!
//! ```text
//! cargo run --release -p rayscan-bench --features measure --bin versus                    # ~15 minutes
//! cargo run --release -p rayscan-bench --features measure --bin versus -- --quick         # one ply less, two minutes
//! cargo run --release -p rayscan-bench --features measure --bin versus -- --filter kiwipete --filter cpw4
//! cargo run --release -p rayscan-bench --features measure --bin versus -- --markdown bench/results/versus.md --svg docs/src/images/versus.svg
//! cargo run --release -p rayscan-bench --features measure --bin versus -- --api          # through the public APIs
//! cargo run --release -p rayscan-bench --features measure --bin versus -- --api --made   # every move made, no bulk counting
//! # every library built for this CPU, cozy-chess with pext too:
//! RUSTFLAGS="-C target-cpu=native" cargo run --release -p rayscan-bench --features cozy-pext \
//!     --target-dir target/native --bin versus
//! ```
//!
//! Every count is checked against the known value before its time is used.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write as _};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::time::Instant;

use clap::Parser;
use rayscan::movegen::Generator;
use rayscan::perft::{LastPly, Method, Perft};
use rayscan::position::Position;
use rayscan::sliders::Technique;

/// rayscan against cozy-chess, shakmaty and chess: perft nodes per second.
#[derive(Parser, Debug)]
struct Args {
    /// Rounds over every engine and position (the median is reported).
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// One ply less everywhere (and no start position depth 7): a quick look.
    #[arg(long)]
    quick: bool,
    /// Also every technique (piece-wise) and every generator, not just the defaults.
    #[arg(long)]
    all: bool,
    /// Only the positions whose name contains this text (case-insensitive; repeatable).
    #[arg(long, value_name = "TEXT")]
    filter: Vec<String>,
    /// Write the table as Markdown to this file.
    #[arg(long, value_name = "FILE")]
    markdown: Option<String>,
    /// Draw the headline comparison as an SVG bar chart to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Only the engines whose name contains this text (case-insensitive; repeatable):
    /// for profiling one of them.
    #[arg(long, value_name = "TEXT")]
    engine: Vec<String>,
    /// Perft through each library's public API instead (`rayscan_bench::api`: list the
    /// moves, copy, make the move), on the start position, Kiwipete, CPW4 and CPW5.
    #[arg(long)]
    api: bool,
    /// With `--api`: every move made, no bulk counting (a leaf is one node), as a search
    /// makes them; one ply less (start position D5, Kiwipete, CPW4 and CPW5 D4).
    #[arg(long, requires = "api")]
    made: bool,
}

/// (name, FEN, depth, expected nodes).
const CASES: [(&str, &str, u32, u64); 7] = [
    (
        "startpos D6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "startpos D7",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        7,
        3_195_901_860,
    ),
    (
        "kiwipete D5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "cpw3 D7",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
    (
        "cpw4 D5",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "cpw5 D5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
    (
        "cpw6 D5",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
    ),
];

/// The counts one ply less, for `--quick`.
const QUICK: [u64; 7] = [
    4_865_609,
    119_060_324,
    4_085_603,
    11_030_083,
    422_333,
    2_103_487,
    3_894_594,
];

type Run = Box<dyn Fn(&str, u32) -> u64>;

struct Engine {
    name: String,
    /// Part of the headline chart.
    headline: bool,
    run: Run,
}

/// rayscan's perft with `generator` and `method`; the piece-wise generator's name says
/// its last ply too.
fn rayscan_engine(generator: Generator, method: Method, headline: bool) -> Engine {
    let name = if generator == Generator::PieceWise {
        format!(
            "rayscan {generator}/{}, last ply {}",
            method.technique, method.last_ply
        )
    } else {
        format!("rayscan {generator}/{}", method.technique)
    };
    Engine {
        name,
        headline,
        run: Box::new(move |fen, depth| {
            let pos = Position::from_fen(fen).expect("a valid FEN").0;
            let perft = Perft::new(depth).generator(generator).method(method);
            perft.count(&pos).expect("an accepted pair")
        }),
    }
}

/// The workspace root (this crate's parent directory).
fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// cozy-chess without `pext`, built by cargo as its own workspace and kept running: each
/// request is a line `DEPTH FEN`, each answer the node count.
struct CozyMagic {
    child: Child,
    io: RefCell<(ChildStdin, BufReader<ChildStdout>)>,
}

impl CozyMagic {
    fn start() -> CozyMagic {
        let root = workspace();
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| root.join("target"), PathBuf::from)
            .join("cozy-magic");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        eprintln!("building cozy-chess without pext (bench/cozy-magic)");
        let status = Command::new(cargo)
            .current_dir(&root) // so that the workspace's .cargo/config.toml applies alike
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(root.join("bench/cozy-magic/Cargo.toml"))
            .arg("--target-dir")
            .arg(&target)
            .status()
            .unwrap_or_else(|e| panic!("cannot run cargo to build bench/cozy-magic: {e}"));
        assert!(status.success(), "building bench/cozy-magic failed");
        let exe = target.join("release").join("cozy-magic");
        let mut child = Command::new(&exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        CozyMagic {
            child,
            io: RefCell::new((stdin, stdout)),
        }
    }

    fn perft(&self, fen: &str, depth: u32) -> u64 {
        let (stdin, stdout) = &mut *self.io.borrow_mut();
        writeln!(stdin, "{depth} {fen}").expect("cozy-magic reads");
        stdin.flush().expect("cozy-magic reads");
        let mut line = String::new();
        stdout.read_line(&mut line).expect("cozy-magic answers");
        line.trim().parse().expect("a node count from cozy-magic")
    }
}

impl Drop for CozyMagic {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The name of this crate's own cozy-chess build.
const COZY: &str = if cfg!(feature = "cozy-pext") {
    "cozy-chess (pext)"
} else {
    "cozy-chess (magic)"
};

/// cozy-chess's magic build beside this crate's, where this crate's has `pext`.
fn cozy_magic() -> Option<CozyMagic> {
    cfg!(feature = "cozy-pext").then(CozyMagic::start)
}

fn peers() -> Vec<Engine> {
    let mut engines = Vec::new();
    if let Some(magic) = cozy_magic() {
        engines.push(Engine {
            name: "cozy-chess (magic)".into(),
            headline: true,
            run: Box::new(move |fen, depth| magic.perft(fen, depth)),
        });
    }
    engines.extend([
        Engine {
            name: COZY.into(),
            headline: true,
            run: Box::new(|fen, depth| {
                let board = cozy_chess::Board::from_fen(fen, false).expect("a valid FEN");
                rayscan_bench::cozy::perft(&board, depth)
            }),
        },
        Engine {
            name: "shakmaty".into(),
            headline: true,
            run: Box::new(|fen, depth| {
                let pos: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                    .expect("a valid FEN")
                    .into_position(shakmaty::CastlingMode::Standard)
                    .expect("a legal position");
                shakmaty::perft(&pos, depth)
            }),
        },
        Engine {
            name: "chess".into(),
            headline: true,
            run: Box::new(|fen, depth| {
                let board = chess::Board::from_str(fen).expect("a valid FEN");
                chess::MoveGen::movegen_perft_test(&board, depth as usize) as u64
            }),
        },
    ]);
    engines
}

/// Perft through the public APIs ([`rayscan_bench::api`]).
fn api_engines() -> Vec<Engine> {
    use rayscan_bench::api;
    let magic = cozy_magic();
    let engine = |name: &str, run: Run| Engine {
        name: name.into(),
        headline: true,
        run,
    };
    let mut engines = vec![
        engine(
            "rayscan API: for m in legal_moves() + play",
            Box::new(|fen, depth| {
                let pos: Position = fen.parse().expect("a valid FEN");
                api::rayscan_list(&pos, depth)
            }),
        ),
        engine(
            "rayscan API: generate_moves callback + play",
            Box::new(|fen, depth| {
                let pos: Position = fen.parse().expect("a valid FEN");
                api::rayscan_callback(&pos, depth)
            }),
        ),
        engine(
            "rayscan API: for_each_child",
            Box::new(|fen, depth| {
                let pos: Position = fen.parse().expect("a valid FEN");
                api::rayscan_children(&pos, depth)
            }),
        ),
        engine(
            "rayscan API: for_each_child, leaves by legal_moves().len()",
            Box::new(|fen, depth| {
                let pos: Position = fen.parse().expect("a valid FEN");
                api::rayscan_children_count(&pos, depth)
            }),
        ),
        engine(
            &format!("{} API: generate_moves callback", COZY),
            Box::new(|fen, depth| {
                let board = cozy_chess::Board::from_fen(fen, false).expect("a valid FEN");
                api::cozy_callback(&board, depth)
            }),
        ),
        engine(
            "cozy-chess API: moves into an array",
            Box::new(|fen, depth| {
                let board = cozy_chess::Board::from_fen(fen, false).expect("a valid FEN");
                api::cozy_list(&board, depth)
            }),
        ),
        engine(
            "shakmaty API: legal_moves + play_unchecked",
            Box::new(|fen, depth| {
                let pos: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                    .expect("a valid FEN")
                    .into_position(shakmaty::CastlingMode::Standard)
                    .expect("a legal position");
                api::shakmaty_list(&pos, depth)
            }),
        ),
        engine(
            "chess API: MoveGen::new_legal + make_move_new",
            Box::new(|fen, depth| {
                let board = chess::Board::from_str(fen).expect("a valid FEN");
                api::chess_list(&board, depth)
            }),
        ),
    ];
    // The same perft (bench/src/cozy.rs) in cozy-chess's build without `pext`, which is
    // the faster of its two builds on some CPUs (Zen 5 among them).
    if let Some(magic) = magic {
        engines.push(engine(
            "cozy-chess (magic) API: generate_moves callback",
            Box::new(move |fen, depth| magic.perft(fen, depth)),
        ));
    }
    engines
}

/// Perft through the public APIs with every move made ([`rayscan_bench::api::made`]).
fn api_made_engines() -> Vec<Engine> {
    use rayscan_bench::api::made;
    let engine = |name: &str, run: Run| Engine {
        name: name.into(),
        headline: true,
        run,
    };
    let rayscan = |fen: &str| -> Position { fen.parse().expect("a valid FEN") };
    let cozy = |fen: &str| cozy_chess::Board::from_fen(fen, false).expect("a valid FEN");
    vec![
        engine(
            "rayscan API: for m in legal_moves() + play",
            Box::new(move |fen, depth| made::rayscan_list(&rayscan(fen), depth)),
        ),
        engine(
            "rayscan API: generate_moves callback + play",
            Box::new(move |fen, depth| made::rayscan_callback(&rayscan(fen), depth)),
        ),
        engine(
            "rayscan API: for_each_child",
            Box::new(move |fen, depth| made::rayscan_children(&rayscan(fen), depth)),
        ),
        engine(
            &format!("{} API: generate_moves callback", COZY),
            Box::new(move |fen, depth| made::cozy_callback(&cozy(fen), depth)),
        ),
        engine(
            "cozy-chess API: moves into an array",
            Box::new(move |fen, depth| made::cozy_list(&cozy(fen), depth)),
        ),
        engine(
            "shakmaty API: legal_moves + play_unchecked",
            Box::new(|fen, depth| {
                let pos: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                    .expect("a valid FEN")
                    .into_position(shakmaty::CastlingMode::Standard)
                    .expect("a legal position");
                made::shakmaty_list(&pos, depth)
            }),
        ),
        engine(
            "chess API: MoveGen::new_legal + make_move_new",
            Box::new(|fen, depth| {
                let board = chess::Board::from_str(fen).expect("a valid FEN");
                made::chess_list(&board, depth)
            }),
        ),
    ]
}

/// The positions of the API table: the start position (depth 6), Kiwipete, CPW4, CPW5.
fn api_case(name: &str) -> bool {
    ["startpos D6", "kiwipete", "cpw4", "cpw5"]
        .iter()
        .any(|c| name.starts_with(c))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let args = Args::parse();
    let mut engines = vec![rayscan_engine(Generator::PieceWise, Method::auto(), true)];
    if args.made {
        engines = api_made_engines();
    } else if args.api {
        engines = api_engines();
    } else if args.all {
        // Every technique computing every slider attack (each child counted with it),
        // then the other generators.
        for technique in Technique::available() {
            let each = Method {
                technique,
                last_ply: LastPly::Each,
            };
            if each != Method::auto() {
                engines.push(rayscan_engine(Generator::PieceWise, each, false));
            }
        }
        for g in Generator::ALL.into_iter().skip(1) {
            engines.push(rayscan_engine(g, g.default_technique().into(), false));
        }
    }
    if !args.api {
        engines.extend(peers());
    }
    engines.retain(|e| {
        let name = e.name.to_lowercase();
        args.engine.is_empty() || args.engine.iter().any(|f| name.contains(&f.to_lowercase()))
    });

    let cases: Vec<(&str, &str, u32, u64)> = CASES
        .iter()
        .zip(QUICK)
        .filter(|((name, ..), _)| !(args.quick && name.starts_with("startpos D7")))
        .filter(|((name, ..), _)| !args.api || api_case(name))
        .filter(|((name, ..), _)| {
            let name = name.to_lowercase();
            args.filter.is_empty() || args.filter.iter().any(|f| name.contains(&f.to_lowercase()))
        })
        .map(|(&(name, fen, depth, nodes), quick)| {
            if args.quick || args.made {
                (name, fen, depth - 1, quick)
            } else {
                (name, fen, depth, nodes)
            }
        })
        .collect();
    // The slow techniques skip the deepest case: it would take them minutes a round.
    let skip = |e: &Engine, name: &str| !e.headline && name.starts_with("startpos D7");

    // nps[engine][case] over the rounds.
    let mut nps = vec![vec![Vec::new(); cases.len()]; engines.len()];
    for round in 1..=args.rounds {
        eprintln!("round {round}/{}", args.rounds);
        for (ci, &(name, fen, depth, expected)) in cases.iter().enumerate() {
            for (ei, engine) in engines.iter().enumerate() {
                if skip(engine, name) {
                    continue;
                }
                let start = Instant::now();
                let nodes = (engine.run)(fen, depth);
                let seconds = start.elapsed().as_secs_f64();
                assert_eq!(nodes, expected, "{} on {name}", engine.name);
                nps[ei][ci].push(nodes as f64 / seconds);
            }
        }
    }
    let table: Vec<Vec<Option<f64>>> = nps
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|v| (!v.is_empty()).then(|| median(v) / 1e6))
                .collect()
        })
        .collect();

    // The peers are the engines not named rayscan; the best one may differ by position.
    let best: Vec<Option<usize>> = (0..cases.len())
        .map(|ci| {
            (0..engines.len())
                .filter(|&e| !engines[e].name.starts_with("rayscan") && table[e][ci].is_some())
                .max_by(|&a, &b| table[a][ci].partial_cmp(&table[b][ci]).expect("rates"))
        })
        .collect();
    let mut md = String::new();
    // "startpos D7", with the depth actually run.
    let labels: Vec<String> = cases
        .iter()
        .map(|(name, _, depth, _)| format!("{} D{depth}", name.split(' ').next().unwrap_or(name)))
        .collect();
    let _ = write!(md, "| engine |");
    for label in &labels {
        let _ = write!(md, " {label} |");
    }
    let _ = writeln!(md);
    let _ = writeln!(md, "|---|{}", "--:|".repeat(cases.len()));
    for (ei, engine) in engines.iter().enumerate() {
        let _ = write!(md, "| {} |", engine.name);
        for cell in &table[ei] {
            let _ = write!(md, " {} |", cell.map_or("-".into(), |m| format!("{m:.0}")));
        }
        let _ = writeln!(md);
    }
    let _ = write!(md, "| best peer |");
    for b in &best {
        let _ = write!(md, " {} |", b.map_or("-", |p| engines[p].name.as_str()));
    }
    let _ = writeln!(md);
    // A ratio row for each headline rayscan row (the API table has four).
    for (ri, engine) in engines.iter().enumerate() {
        if !engine.headline || !engine.name.starts_with("rayscan") {
            continue;
        }
        let label = if args.api {
            format!("**{} / best peer**", engine.name)
        } else {
            "**rayscan / best peer**".to_string()
        };
        let _ = write!(md, "| {label} |");
        for (ci, b) in best.iter().enumerate() {
            let ratio = b.and_then(|p| table[ri][ci].zip(table[p][ci]).map(|(r, p)| r / p));
            let _ = write!(
                md,
                " {} |",
                ratio.map_or("-".into(), |x| format!("**{x:.2}×**"))
            );
        }
        let _ = writeln!(md);
    }
    println!(
        "M nodes/s, single thread, median of {} rounds\n\n{md}",
        args.rounds
    );
    if let Some(file) = &args.markdown {
        std::fs::write(file, &md).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    if let Some(file) = &args.svg {
        let headline: Vec<(String, Vec<Option<f64>>)> = engines
            .iter()
            .zip(&table)
            .filter(|(e, _)| e.headline)
            .map(|(e, row)| (e.name.clone(), row.clone()))
            .collect();
        chart(file, &labels, &headline).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}

/// A grouped bar chart: one group per position, one bar per engine.
fn chart(
    file: &str,
    cases: &[String],
    rows: &[(String, Vec<Option<f64>>)],
) -> Result<(), Box<dyn std::error::Error>> {
    use plotters::prelude::*;
    let most = rows
        .iter()
        .flat_map(|(_, r)| r.iter().flatten())
        .fold(0.0f64, |a, &b| a.max(b));
    // Head room above the bars for the position names and the legend.
    let top = most * 1.45;
    let root = SVGBackend::new(file, (960, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let groups = cases.len() as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "perft, M nodes/s, single thread (higher is better)",
            ("sans-serif", 20),
        )
        .margin(10)
        .x_label_area_size(10)
        .y_label_area_size(50)
        .build_cartesian_2d(0.0..groups, 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("M nodes/s")
        .draw()?;
    chart.draw_series(cases.iter().enumerate().map(|(i, name)| {
        Text::new(
            name.clone(),
            (i as f64 + 0.1, most * 1.12),
            ("sans-serif", 13),
        )
    }))?;
    let width = 0.8 / rows.len() as f64;
    for (ri, (name, row)) in rows.iter().enumerate() {
        let color = Palette99::pick(ri).to_rgba();
        chart
            .draw_series(row.iter().enumerate().filter_map(|(ci, v)| {
                let v = (*v)?;
                let x0 = ci as f64 + 0.1 + ri as f64 * width;
                Some(Rectangle::new(
                    [(x0, 0.0), (x0 + width * 0.9, v)],
                    color.filled(),
                ))
            }))?
            .label(name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
