//! `rayscan`: sliding-piece attacks from the command line.
//!
//! Output is for people by default; `--json` gives machine-readable output. Bad input
//! (a square, piece, hex number, FEN or technique name) exits with code 2 and a one-line
//! error that names it.

use rayscan_cli::chess::{self, overview, parse_generator, parse_technique};
use rayscan_cli::{cluster, diagram, explain, see, uci, web};

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;

use rayscan::fen::Placement;
use rayscan::movegen::{Generator, UnsupportedTechnique};
use rayscan::sliders::Technique;
use rayscan::{Bitboard, SliderPiece, Square};

use diagram::{side_by_side, square_list, Panel};

/// Sliding-piece attack generation, every way the classical literature describes it.
#[derive(Parser, Debug)]
#[command(name = "rayscan", version, about)]
struct Cli {
    /// Machine-readable JSON output instead of text for people.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the slider techniques: name, table bytes, description.
    Techniques,
    /// Show the squares a rook, bishop or queen attacks.
    Attacks {
        #[command(flatten)]
        target: Target,
        /// A technique name (see `rayscan techniques`) or `all` [default: the fastest].
        #[arg(long, value_name = "NAME|all", value_parser = parse_choice)]
        technique: Option<Choice>,
        /// `diagram` for people, `hex`: one line per technique, `<name> 0x<16 hex digits>`.
        #[arg(long, value_enum, default_value_t = Format::Diagram)]
        format: Format,
    },
    /// Walk through a technique step by step, with diagrams.
    Explain {
        #[command(flatten)]
        target: Target,
        /// Any technique (see `rayscan techniques`).
        #[arg(long, value_name = "NAME", default_value = "classical", value_parser = parse_technique)]
        technique: Technique,
    },
    /// Count the leaf nodes of the legal move tree (bulk counting at the last ply).
    Perft {
        /// How many plies deep.
        #[arg(required_unless_present_any = ["job", "merge"])]
        depth: Option<u32>,
        /// Write one JSON job per distinct position this many plies down (with its move paths per root move), instead of counting.
        #[arg(long, value_name = "PLIES", conflicts_with_all = ["job", "merge", "divide"])]
        split: Option<u32>,
        /// Run one job line written by --split; print one JSON result line.
        #[arg(long, value_name = "JSON", conflicts_with_all = ["merge", "divide"])]
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
        /// Also count captures, en passant, castles, promotions, checks, discovered and double checks, and checkmates among the leaves (piecewise generator; not with --hash).
        #[arg(long)]
        stats: bool,
        #[command(flatten)]
        speed: Speed,
    },
    /// Draw a position with the squares the opponent attacks, the pinned pieces and the checkers.
    Show {
        #[command(flatten)]
        game: Game,
    },
    /// Serve the web page on 127.0.0.1: a board, every technique's steps, perft and divide.
    Serve {
        /// The port (0: any free port; the first line printed names it).
        #[arg(long, default_value_t = 8064)]
        port: u16,
    },
    /// Speak UCI on stdin/stdout: uci, isready, ucinewgame, position, go perft, d, setoption, quit.
    Uci,
    /// perftree's script contract: `move count` per root move, a blank line, the total.
    Perftree {
        /// How many plies deep.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// The position.
        fen: String,
        /// Moves to play first, separated by spaces.
        moves: Option<String>,
    },
    /// Perft speed on a fixed set of positions, the way engines' `bench` works.
    Bench {
        /// The slider technique [default: the generator's fastest].
        #[arg(long, value_name = "NAME", value_parser = parse_technique)]
        technique: Option<Technique>,
        /// The move generator.
        #[arg(long, value_name = "NAME", default_value = "piecewise", value_parser = parse_generator)]
        generator: Generator,
        #[command(flatten)]
        speed: Speed,
    },
    /// Check perft suites: lines `FEN ;D1 n ;D2 n …`; exit 1 if any count differs.
    Suite {
        /// The EPD files.
        #[arg(required = true, value_name = "FILE.epd")]
        files: Vec<String>,
        /// Check only depths whose expected count is at most this.
        #[arg(long, value_name = "N", default_value_t = 1_000_000)]
        max_nodes: u64,
        /// A technique name or `all` [default: each generator's fastest].
        #[arg(long, value_name = "NAME|all", value_parser = parse_choice)]
        technique: Option<Choice>,
        /// A move generator (piecewise, directionwise, hybrid, staged) or `all`.
        #[arg(long, value_name = "NAME|all", default_value = "piecewise", value_parser = parse_generator_choice)]
        generator: GeneratorChoice,
        /// Worker threads [default: one per CPU].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        jobs: Option<u32>,
    },
    /// Static exchange evaluation of a move (P=100, N=B=300, R=500, Q=900), or of a SEE suite.
    See {
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
    },
    /// Read a FEN (any dialect), play moves, print the FEN and any warnings.
    Fen {
        #[command(flatten)]
        game: Game,
        /// Castling rights as file letters (Shredder-FEN) even where KQkq would do.
        #[arg(long)]
        shredder: bool,
    },
}

/// Threads and hash for perft.
#[derive(Args, Debug, Clone, Copy)]
struct Speed {
    /// Worker threads: the tree is split two plies down.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
    /// A shared perft hash table of this many MiB (piecewise generator only).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    hash: Option<u64>,
    /// The seed of the hash table's 128-bit keys: rerun with another to rule out a false hit.
    #[arg(long, value_name = "N", requires = "hash")]
    hash_seed: Option<u64>,
}

impl Speed {
    /// The checked settings: the table allocated, the pair accepted.
    fn settings(
        self,
        generator: Generator,
        technique: Technique,
    ) -> Result<chess::Settings, String> {
        if !generator.accepts(technique) {
            return Err(UnsupportedTechnique {
                generator,
                technique,
            }
            .to_string());
        }
        let table = match self.hash {
            None => None,
            Some(_) if generator != Generator::PieceWise => {
                return Err(format!(
                    "--hash works with the piecewise generator, not {generator}"
                ))
            }
            Some(mb) => Some(
                chess::hash_table(
                    mb as usize,
                    self.hash_seed.unwrap_or(rayscan::perft::hash::DEFAULT_SEED),
                )
                .map_err(|e| format!("--{e}"))?,
            ),
        };
        Ok(chess::Settings {
            generator,
            technique,
            threads: self.threads as usize,
            table,
        })
    }
}

/// A position: FEN, moves played from it, and how strictly to read it.
#[derive(Args, Debug)]
struct Game {
    /// The position [default: the start position]. Standard FEN, X-FEN or Shredder-FEN; the clocks may be left out.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Moves to play first, UCI (e2e4; castling e1g1 or king-to-rook e1h1) or SAN (e4, Nf3, O-O).
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    moves: Vec<String>,
    /// Treat warnings about unreachable positions as errors.
    #[arg(long)]
    strict: bool,
    /// Write castling moves king-to-rook (Chess960 UCI), whatever the position.
    #[arg(long)]
    chess960: bool,
}

impl Game {
    /// The position, after printing its warnings to stderr.
    fn position(&self) -> Result<rayscan::position::Position, String> {
        let (pos, warnings) =
            chess::setup(self.fen.as_deref(), &self.moves, self.strict, self.chess960)?;
        for w in warnings {
            eprintln!("rayscan: warning: {w}");
        }
        Ok(pos)
    }
}

/// The piece, its square and the board.
#[derive(Args, Debug)]
struct Target {
    /// rook, bishop or queen.
    piece: SliderPiece,
    /// The slider's square, like g2.
    square: Square,
    /// The occupied squares as a 64-bit hex number (bit 0 = a1 … bit 63 = h8) [default: empty board].
    #[arg(long, value_name = "0xHEX", value_parser = parse_hex, conflicts_with = "fen")]
    occupied: Option<Bitboard>,
    /// A FEN (or just its piece-placement field) whose pieces are the occupancy.
    #[arg(long, value_name = "FEN", value_parser = parse_fen)]
    fen: Option<Bitboard>,
}

impl Target {
    fn occupied(&self) -> Bitboard {
        self.occupied.or(self.fen).unwrap_or(Bitboard::EMPTY)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Diagram,
    Hex,
}

#[derive(Clone, Copy, Debug)]
enum Choice {
    All,
    One(Technique),
}

fn parse_choice(s: &str) -> Result<Choice, String> {
    if s == "all" {
        Ok(Choice::All)
    } else {
        parse_technique(s)
            .map(Choice::One)
            .map_err(|e| format!("{e} or all"))
    }
}

#[derive(Clone, Copy, Debug)]
enum GeneratorChoice {
    All,
    One(Generator),
}

fn parse_generator_choice(s: &str) -> Result<GeneratorChoice, String> {
    if s == "all" {
        Ok(GeneratorChoice::All)
    } else {
        parse_generator(s)
            .map(GeneratorChoice::One)
            .map_err(|e| format!("{e} or all"))
    }
}

/// The (generator, technique) pairs a suite run checks; an error when a named pair
/// cannot run, a warning for generators `all` skips.
fn suite_pairs(
    generator: GeneratorChoice,
    technique: Option<Choice>,
) -> Result<Vec<(Generator, Technique)>, String> {
    let generators = match generator {
        GeneratorChoice::All => Generator::ALL.to_vec(),
        GeneratorChoice::One(g) => vec![g],
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
                if let GeneratorChoice::One(_) = generator {
                    return Err(UnsupportedTechnique {
                        generator: g,
                        technique: t,
                    }
                    .to_string());
                }
                skipped.push(g.name());
            }
        }
    }
    if let (false, Some(Choice::One(t))) = (skipped.is_empty(), technique) {
        eprintln!(
            "rayscan: warning: skipping generator {} (needs a ray-wise technique, and {:?} is not one)",
            skipped.join(", "),
            t.name()
        );
    }
    Ok(pairs)
}

/// `rayscan show`: the board, the squares the side not to move attacks, and the pinned
/// pieces and checkers, side by side.
fn show(pos: &rayscan::position::Position, json: bool) -> String {
    use rayscan::Color;
    let us = pos.side_to_move();
    let cells = diagram::board_letters(pos);
    let (attacked, pinned, checkers) = overview(pos);
    if json {
        let list = |b: Bitboard| b.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        return serde_json::json!({
            "fen": pos.to_string(),
            "attacked": list(attacked),
            "pinned": list(pinned),
            "checkers": list(checkers),
        })
        .to_string()
            + "\n";
    }
    let them = if us == Color::White { "black" } else { "white" };
    let mut out = side_by_side(
        &[
            Panel::board(
                format!(
                    "{} to move",
                    if us == Color::White { "white" } else { "black" }
                ),
                cells,
            ),
            Panel::new(format!("{them} attacks"), attacked, None),
            Panel::new("pins, checkers", pinned | checkers, None),
        ],
        &[],
    );
    out.push_str(&format!(
        "\nfen: {pos}\nattacked by {them}: {} squares\npinned: {}\ncheckers: {}\n",
        attacked.len(),
        square_list(pinned),
        square_list(checkers)
    ));
    out
}

fn parse_hex(s: &str) -> Result<Bitboard, String> {
    let digits = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    let valid =
        !digits.is_empty() && digits.len() <= 16 && digits.bytes().all(|b| b.is_ascii_hexdigit());
    if !valid {
        return Err(format!(
            "invalid occupancy {s:?}: expected 1 to 16 hex digits, like 0x00ff00000000ff00"
        ));
    }
    u64::from_str_radix(digits, 16)
        .map(Bitboard)
        .map_err(|e| format!("invalid occupancy {s:?}: {e}"))
}

fn parse_fen(s: &str) -> Result<Bitboard, String> {
    s.parse::<Placement>()
        .map(|p| p.occupied())
        .map_err(|e| format!("{e}"))
}

#[derive(Serialize)]
struct TechniqueJson {
    name: &'static str,
    table_bytes: usize,
    description: &'static str,
    /// The technique used when none is named ([`Technique::auto`]): exactly one.
    default: bool,
    /// Whether this CPU runs it (`pext` needs BMI2).
    available: bool,
}

#[derive(Serialize)]
struct AttacksJson {
    piece: &'static str,
    square: String,
    occupied: String,
    results: Vec<ResultJson>,
}

#[derive(Serialize)]
struct ResultJson {
    technique: &'static str,
    attacks: String,
    squares: Vec<String>,
}

fn hex(b: Bitboard) -> String {
    format!("0x{:016x}", b.0)
}

fn techniques(json: bool) -> String {
    let default = Technique::auto();
    if json {
        let list: Vec<TechniqueJson> = Technique::ALL
            .iter()
            .map(|&t| TechniqueJson {
                name: t.name(),
                table_bytes: t.table_bytes(),
                description: t.description(),
                default: t == default,
                available: t.is_available(),
            })
            .collect();
        return serde_json::to_string_pretty(&list).expect("plain data serializes") + "\n";
    }
    let width = Technique::ALL
        .iter()
        .map(|t| t.name().len())
        .max()
        .unwrap_or(0);
    let mut text: String = Technique::ALL
        .iter()
        .map(|&t| {
            format!(
                "{} {:<width$}  {:>7} B  {}{}\n",
                if t == default { '*' } else { ' ' },
                t.name(),
                t.table_bytes(),
                t.description(),
                if t.is_available() {
                    ""
                } else {
                    " (needs BMI2: not on this CPU)"
                }
            )
        })
        .collect();
    text += &format!(
        "* default on this CPU: {} ({})\n",
        default.name(),
        rayscan::cpu::pext().reason()
    );
    text
}

fn attacks(target: &Target, choice: Option<Choice>, format: Format, json: bool) -> String {
    let occupied = target.occupied();
    let chosen: Vec<Technique> = match choice.unwrap_or(Choice::One(Technique::auto())) {
        Choice::All => Technique::available().collect(),
        Choice::One(t) => vec![t],
    };
    let results: Vec<(Technique, Bitboard)> = chosen
        .iter()
        .map(|&t| (t, t.attacks(target.piece, target.square, occupied)))
        .collect();
    if json {
        let out = AttacksJson {
            piece: target.piece.name(),
            square: target.square.to_string(),
            occupied: hex(occupied),
            results: results
                .iter()
                .map(|&(t, a)| ResultJson {
                    technique: t.name(),
                    attacks: hex(a),
                    squares: a.iter().map(|s| s.to_string()).collect(),
                })
                .collect(),
        };
        return serde_json::to_string_pretty(&out).expect("plain data serializes") + "\n";
    }
    if format == Format::Hex {
        return results
            .iter()
            .map(|&(t, a)| format!("{} {}\n", t.name(), hex(a)))
            .collect();
    }
    let (first_technique, first) = results[0];
    let mark = Some((
        target.square,
        target.piece.piece().to_char().to_ascii_uppercase(),
    ));
    let mut out = format!(
        "{} on {}, occupied {}\n\n",
        target.piece,
        target.square,
        hex(occupied)
    );
    out += &side_by_side(
        &[
            Panel::new("occupied", occupied, mark),
            Panel::new(format!("attacks ({first_technique})"), first, mark),
        ],
        &["->"],
    );
    out += &format!("\n{} squares: {}\n", first.len(), square_list(first));
    if results.len() > 1 {
        out += "\n";
        let width = results
            .iter()
            .map(|(t, _)| t.name().len())
            .max()
            .unwrap_or(0);
        for &(t, a) in &results {
            let verdict = if a == first { "agrees" } else { "DIFFERS" };
            out += &format!("{:<width$}  {}  {verdict}\n", t.name(), hex(a));
        }
    }
    out
}

fn run(cli: Cli) -> Result<(String, ExitCode), String> {
    let ok = |text: String| Ok((text, ExitCode::SUCCESS));
    match cli.command {
        Command::Techniques => ok(techniques(cli.json)),
        Command::Attacks {
            target,
            technique,
            format,
        } => ok(attacks(&target, technique, format, cli.json)),
        Command::Perft {
            depth,
            split,
            job,
            merge,
            game,
            technique,
            generator,
            divide,
            stats,
            speed,
        } => {
            let technique = technique.unwrap_or(generator.default_technique());
            let settings = speed.settings(generator, technique)?;
            if let Some(file) = merge {
                return ok(cluster::merge(&file, cli.json)?);
            }
            if let Some(line) = job {
                return ok(cluster::job(&line, &settings, stats)?);
            }
            let depth = depth.unwrap_or_default();
            if !(1..=64).contains(&depth) {
                return Err(format!("depth {depth}: expected 1 to 64"));
            }
            let pos = game.position()?;
            if let Some(plies) = split {
                return ok(cluster::split(&pos, depth, plies, stats)?);
            }
            chess::perft(&pos, depth, &settings, divide, stats, cli.json)
                .map(|text| (text, ExitCode::SUCCESS))
        }
        Command::Show { game } => {
            let pos = game.position()?;
            ok(show(&pos, cli.json))
        }
        Command::Serve { port } => {
            web::serve(port)?;
            ok(String::new())
        }
        Command::Uci => {
            let stdin = std::io::stdin();
            uci::uci(stdin.lock(), std::io::stdout().lock()).map_err(|e| format!("uci: {e}"))?;
            ok(String::new())
        }
        Command::Perftree { depth, fen, moves } => {
            ok(uci::perftree(depth, &fen, moves.as_deref())?)
        }
        Command::Bench {
            technique,
            generator,
            speed,
        } => {
            let technique = technique.unwrap_or(generator.default_technique());
            let settings = speed.settings(generator, technique)?;
            let (text, right) = chess::bench(&settings, cli.json);
            Ok((
                text,
                if right {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                },
            ))
        }
        Command::Suite {
            files,
            max_nodes,
            technique,
            generator,
            jobs,
        } => {
            let pairs = suite_pairs(generator, technique)?;
            let jobs = jobs.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |j| j as usize,
            );
            let (text, passed) = chess::suite(&files, max_nodes, &pairs, jobs, cli.json)?;
            Ok((
                text,
                if passed {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                },
            ))
        }
        Command::See { game, mv, suite } => {
            if let Some(file) = suite {
                let (text, passed) = see::suite(&file, cli.json)?;
                let code = if passed {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                };
                return Ok((text, code));
            }
            let pos = game.position()?;
            let text = mv.unwrap_or_default();
            let m = chess::parse_move(&pos, &text).map_err(|e| format!("--move: {e}"))?;
            ok(see::one(&pos, m, cli.json))
        }
        Command::Fen { game, shredder } => {
            let pos = game.position()?;
            let fen = pos.fen(shredder).to_string();
            if cli.json {
                #[derive(Serialize)]
                struct FenJson {
                    fen: String,
                    chess960: bool,
                    in_check: bool,
                    legal_moves: Vec<String>,
                }
                let out = FenJson {
                    fen,
                    chess960: pos.is_chess960(),
                    in_check: pos.in_check(),
                    legal_moves: pos
                        .legal_moves()
                        .iter()
                        .map(|m| m.uci(pos.is_chess960()).to_string())
                        .collect(),
                };
                return ok(
                    serde_json::to_string_pretty(&out).expect("plain data serializes") + "\n",
                );
            }
            ok(fen + "\n")
        }
        Command::Explain { target, technique } => {
            let req = explain::Request {
                technique,
                piece: target.piece,
                square: target.square,
                occupied: target.occupied(),
            };
            let walk = explain::explain(&req);
            let text = walk.text();
            if cli.json {
                #[derive(Serialize)]
                struct ExplainJson<'a> {
                    technique: &'static str,
                    piece: &'static str,
                    square: String,
                    occupied: String,
                    attacks: String,
                    #[serde(flatten)]
                    walkthrough: explain::WalkthroughJson,
                    text: &'a str,
                }
                let out = ExplainJson {
                    technique: technique.name(),
                    piece: req.piece.name(),
                    square: req.square.to_string(),
                    occupied: hex(req.occupied),
                    attacks: hex(technique.attacks(req.piece, req.square, req.occupied)),
                    walkthrough: walk.json(),
                    text: &text,
                };
                return ok(
                    serde_json::to_string_pretty(&out).expect("plain data serializes") + "\n",
                );
            }
            ok(text)
        }
    }
}

fn main() -> ExitCode {
    // Ctrl-C ends any command at once, with one line and the shell's code for SIGINT
    // (130), after a newline so a progress bar is not left half-drawn. Nothing rayscan
    // does holds state that needs saving: output is written only when complete.
    let _ = ctrlc::set_handler(|| {
        eprintln!("\nrayscan: interrupted");
        std::process::exit(130);
    });
    if let Err(e) = chess::check_cpu_override() {
        eprintln!("rayscan: error: {e}");
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            // One line, naming what is wrong: clap's first paragraph, without its usage hints.
            let rendered = e.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let line = message.join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            eprintln!("rayscan: error: {line}");
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok((text, code)) => {
            // A closed pipe (`rayscan perft 9 --split 4 | head`) is the reader's choice,
            // not an error worth a panic.
            use std::io::Write as _;
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            code
        }
        Err(message) => {
            eprintln!("rayscan: error: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_parsing() {
        assert_eq!(parse_hex("0xff").unwrap(), Bitboard(0xff));
        assert_eq!(parse_hex("FF00").unwrap(), Bitboard(0xff00));
        assert_eq!(parse_hex("0xffffffffffffffff").unwrap(), Bitboard::FULL);
        for bad in ["", "0x", "0x1ffffffffffffffff", "0xzz", "-1", "0x 1"] {
            assert!(parse_hex(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
