//! `rayscan diff` against engines the diff did not see coming: a deliberately wrong
//! engine with known bugs (this binary, run with `RAYSCAN_TEST_ENGINE=<bug>`), rayscan's
//! own `uci` and `perftree`, and Debian's Stockfish.
//!
//! Its own runner (`harness = false`): the binary is also the wrong engine, which needs
//! the process's stdin and stdout to itself. Each test runs `rayscan diff` and checks that
//! every planted bug is found at the exact position, naming exactly the moves involved.
//! A filter argument runs the tests whose names contain it:
//!
//! ```text
//! cargo test -p rayscan-cli --release --test diff -- stockfish
//! ```

/// The integration tests' helpers: running a process with a deadline.
#[path = "../integration/common.rs"]
mod common;
mod engine;

use std::path::{Path, PathBuf};
use std::process::Command;

use rayscan::chess_move::MoveKind;
use rayscan::{Piece, Position};

/// The start position, Kiwipete, and the first Chess960 positions of the suites in
/// Shredder-FEN and X-FEN, with their perft counts at depth 3.
const AGREE: [(&str, u64); 4] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        8902,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        97862,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        12189,
    ),
    (
        "rqnkbrnb/1pppp1pp/8/5p2/p1P5/3P1N2/PP2PPPP/RQNKBR1B w KQkq - 0 4",
        19792,
    ),
];

/// Black to move: ...d5 or ...f5 lets the e5 pawn take en passant.
const EP: &str = "rnbqkbnr/ppp1pppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";

/// What `rayscan diff` did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The value of the report line `key: value`.
    fn line(&self, key: &str) -> &str {
        let prefix = format!("{key}: ");
        self.stdout
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("no {key:?} line in {}", self.stdout))
    }

    /// The moves of a report line, `-` for none.
    fn moves(&self, key: &str) -> Vec<String> {
        match self.line(key) {
            "-" => Vec::new(),
            list => list.split(' ').map(String::from).collect(),
        }
    }

    /// Exit 1 with the four lines.
    fn disagreed(&self) -> &Self {
        assert_eq!(self.code, 1, "{}{}", self.stdout, self.stderr);
        for key in ["moves", "fen", "only rayscan", "only engine"] {
            self.line(key);
        }
        self
    }

    /// A generation bug: the lists differ, so no counting hint.
    fn no_hint(&self) -> &Self {
        assert!(!self.stdout.contains("hint:"), "{}", self.stdout);
        self
    }

    /// Exit 2 with one line on stderr containing each of `parts`.
    fn failed_with(&self, parts: &[&str]) {
        assert_eq!(self.code, 2, "{}{}", self.stdout, self.stderr);
        assert_eq!(self.stderr.lines().count(), 1, "{}", self.stderr);
        for part in parts {
            assert!(
                self.stderr.contains(part),
                "{part:?} not in {}",
                self.stderr
            );
        }
    }
}

fn rayscan() -> &'static str {
    env!("CARGO_BIN_EXE_rayscan")
}

/// `path` as one word of a command line.
fn word(path: &str) -> String {
    format!("'{}'", path.replace('\'', r"'\''"))
}

/// The wrong engine with `bug`, as a command line.
fn wrong_engine() -> String {
    word(std::env::current_exe().unwrap().to_str().unwrap())
}

/// `rayscan diff args…` with the wrong engine's bug (when the engine is this binary).
fn diff(bug: &str, args: &[&str]) -> Run {
    diff_env(bug, args, &[])
}

fn diff_env(bug: &str, args: &[&str], env: &[(&str, &Path)]) -> Run {
    let mut command = Command::new(rayscan());
    command
        .arg("diff")
        .args(args)
        .env("RAYSCAN_TEST_ENGINE", bug);
    for (k, v) in env {
        command.env(k, v);
    }
    let out = common::output_within(&mut command, None, common::DEADLINE);
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// `rayscan diff <depth> --fen <fen> --protocol <protocol>` against the wrong engine.
fn diff_fen(bug: &str, depth: &str, fen: &str, protocol: &str) -> Run {
    diff_engine(&wrong_engine(), bug, depth, fen, protocol)
}

/// The same against `engine`, a command line.
fn diff_engine(engine: &str, bug: &str, depth: &str, fen: &str, protocol: &str) -> Run {
    let args = [
        depth,
        "--engine",
        engine,
        "--fen",
        fen,
        "--protocol",
        protocol,
    ];
    diff(bug, &args)
}

/// The root of a run: the position of `fen`.
fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap().0
}

/// Replays a report's path from `root`: every position on the way (root first).
fn along(root: &Position, path: &[String]) -> Vec<Position> {
    let mut line = vec![*root];
    for m in path {
        let at = *line.last().unwrap();
        line.push(at.play(at.parse_uci(m).expect("the path is legal")));
    }
    line
}

/// The moves of `pos` (in its notation) that `keep` selects.
fn moves_where(pos: &Position, keep: impl Fn(rayscan::Move) -> bool) -> Vec<String> {
    let chess960 = pos.is_chess960();
    pos.legal_moves()
        .iter()
        .filter(|m| keep(*m))
        .map(|m| m.uci(chess960).to_string())
        .collect()
}

/// Checks that the report's position is the first on its path where `bug_shows` holds,
/// and that the `fen` line is that position's.
fn found_first(run: &Run, root: &Position, bug_shows: impl Fn(&Position) -> bool) -> Position {
    let line = along(root, &run.moves("moves"));
    let (last, before) = line.split_last().unwrap();
    assert!(bug_shows(last), "the bug does not show at {last}");
    for p in before {
        assert!(!bug_shows(p), "the bug showed earlier, at {p}");
    }
    assert_eq!(
        run.line("fen"),
        last.fen_with(rayscan::position::CastlingNotation::shredder_if(
            last.is_chess960()
        ))
        .to_string()
    );
    *last
}

// ---------------------------------------------------------------- agreement

fn correct_engine_agrees_by_both_protocols() {
    for (fen, nodes) in AGREE {
        for protocol in ["uci", "perftree"] {
            let run = diff_fen("none", "3", fen, protocol);
            assert_eq!(
                run.code, 0,
                "{fen} {protocol}: {}{}",
                run.stdout, run.stderr
            );
            assert_eq!(run.stdout, format!("agree: {nodes} nodes\n"));
        }
    }
}

fn rayscan_agrees_with_itself_through_uci_and_perftree() {
    for (fen, nodes) in AGREE {
        for (protocol, engine) in [
            ("uci", format!("{} uci", word(rayscan()))),
            ("perftree", format!("{} perftree", word(rayscan()))),
        ] {
            let run = diff_engine(&engine, "none", "3", fen, protocol);
            assert_eq!(
                run.code, 0,
                "{fen} {protocol}: {}{}",
                run.stdout, run.stderr
            );
            assert_eq!(run.stdout, format!("agree: {nodes} nodes\n"));
        }
    }
    // Moves given in SAN reach the engine in UCI; --chess960 makes castling king-to-rook.
    let run = diff(
        "none",
        &[
            "2",
            "--engine",
            &format!("{} uci", word(rayscan())),
            "--moves",
            "e4",
            "e5",
            "Nf3",
            "Nc6",
            "Bc4",
            "Nf6",
            "--chess960",
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}

fn agreement_as_json() {
    let run = diff("none", &["2", "--engine", &wrong_engine(), "--json"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        "{\"agree\":true,\"nodes\":400,\"path\":[],\"fen\":null,\"only_rayscan\":[],\"only_engine\":[],\"duplicated\":[]}\n"
    );
}

// ---------------------------------------------------------------- planted bugs

fn missing_en_passant_is_found_where_it_first_matters() {
    let fen = EP;
    let root = position(fen);
    for protocol in ["uci", "perftree"] {
        let run = diff_fen("no-en-passant", "3", fen, protocol);
        run.disagreed().no_hint();
        let is_ep = |m: rayscan::Move| m.kind() == MoveKind::EnPassant;
        let at = found_first(&run, &root, |p| !moves_where(p, is_ep).is_empty());
        assert_eq!(run.moves("only rayscan"), moves_where(&at, is_ep));
        assert!(run.moves("only engine").is_empty());
        assert_eq!(run.moves("moves").len(), 1, "{}", run.stdout);
        // The descent line: the move followed, both counts.
        let first = run.stdout.lines().next().unwrap();
        assert!(
            first.starts_with(&format!("depth 3: {}: rayscan ", run.moves("moves")[0])),
            "{first}"
        );
    }
}

fn descent_follows_the_engine_order_and_json_names_the_same() {
    // The engine lists its moves in reverse: the descent follows its first differing
    // move, and still ends at the first position on that path where en passant is legal.
    // ...d5 and ...f5 both let the e5 pawn take en passant.
    let fen = "rnbqkbnr/pppp1ppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let root = position(fen);
    let run = diff_fen("reversed-no-en-passant", "3", fen, "uci");
    run.disagreed().no_hint();
    let is_ep = |m: rayscan::Move| m.kind() == MoveKind::EnPassant;
    let at = found_first(&run, &root, |p| !moves_where(p, is_ep).is_empty());
    assert_eq!(run.moves("only rayscan"), moves_where(&at, is_ep));
    let forward = diff_fen("no-en-passant", "3", fen, "uci");
    assert_ne!(
        run.line("moves"),
        forward.line("moves"),
        "the other end of the list"
    );
    // The JSON object says the same, field by field.
    let json = diff(
        "reversed-no-en-passant",
        &["3", "--engine", &wrong_engine(), "--fen", fen, "--json"],
    );
    assert_eq!(json.code, 1);
    let quoted = |v: Vec<String>| {
        v.iter()
            .map(|m| format!("\"{m}\""))
            .collect::<Vec<_>>()
            .join(",")
    };
    let nodes = root.perft(3);
    assert_eq!(
        json.stdout,
        format!(
            "{{\"agree\":false,\"nodes\":{nodes},\"path\":[{}],\"fen\":\"{}\",\"only_rayscan\":[{}],\"only_engine\":[],\"duplicated\":[]}}\n",
            quoted(run.moves("moves")),
            run.line("fen"),
            quoted(run.moves("only rayscan"))
        )
    );
}

fn illegal_king_step_is_named_at_the_root() {
    // The black pawn on d3 attacks e2 (and c2): Ke2 is not legal.
    let fen = "4k3/8/8/8/8/3p4/8/4K3 w - - 0 1";
    let run = diff_fen("king-into-pawn-attack", "2", fen, "uci");
    run.disagreed().no_hint();
    assert_eq!(run.line("moves"), "-");
    assert_eq!(run.line("fen"), fen);
    assert_eq!(run.line("only rayscan"), "-");
    assert_eq!(run.line("only engine"), "e1e2");
    assert!(!run.stdout.contains("depth "), "no descent: {}", run.stdout);
}

fn duplicated_promotion_is_found_two_plies_down() {
    let fen = "8/7k/P7/8/8/8/8/K7 w - - 0 1";
    let root = position(fen);
    let run = diff_fen("duplicate-queen-promotion", "3", fen, "uci");
    run.disagreed().no_hint();
    let queen = |m: rayscan::Move| m.promotion() == Some(Piece::Queen);
    let at = found_first(&run, &root, |p| !moves_where(p, queen).is_empty());
    assert_eq!(run.moves("moves").len(), 2, "{}", run.stdout);
    assert_eq!(run.moves("duplicated by engine"), moves_where(&at, queen));
    assert!(run.moves("only rayscan").is_empty() && run.moves("only engine").is_empty());
    assert_eq!(
        run.stdout
            .lines()
            .filter(|l| l.starts_with("depth "))
            .count(),
        2
    );
    let json = diff(
        "duplicate-queen-promotion",
        &["3", "--engine", &wrong_engine(), "--fen", fen, "--json"],
    );
    assert!(
        json.stdout.ends_with(&format!(
            "\"only_rayscan\":[],\"only_engine\":[],\"duplicated\":[\"{}\"]}}\n",
            run.line("duplicated by engine")
        )),
        "{}",
        json.stdout
    );
}

fn miscounted_leaf_gets_the_counting_hint() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let root = position(fen);
    let run = diff_fen("castling-counts-two", "2", fen, "uci");
    run.disagreed();
    // At depth 1, one move down: castling at the root was counted right at depth 2.
    let castles = |m: rayscan::Move| m.is_castling();
    let path = run.moves("moves");
    assert_eq!(path.len(), 1, "{}", run.stdout);
    let at = *along(&root, &path).last().unwrap();
    assert_eq!(run.line("fen"), at.to_string());
    assert!(run.moves("only rayscan").is_empty() && run.moves("only engine").is_empty());
    let hint = run.line("hint");
    let named: Vec<String> = moves_where(&at, castles)
        .iter()
        .map(|m| format!("{m} as 2"))
        .collect();
    assert!(
        hint.contains(&format!("the engine counts {}, not 1", named.join(", "))),
        "{hint}"
    );
    // JSON: the same position, no moves only one side has.
    let run = diff(
        "castling-counts-two",
        &["2", "--engine", &wrong_engine(), "--fen", fen, "--json"],
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.starts_with("{\"agree\":false,\"nodes\":"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("\"only_rayscan\":[],\"only_engine\":[],\"duplicated\":[]")
    );
}

fn bulk_count_bug_is_traced_one_ply_up() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let root = position(fen);
    let run = diff_fen("bulk-count-in-check", "2", fen, "uci");
    run.disagreed();
    let at = found_first(&run, &root, |p| p.is_check());
    let followed = &run.moves("moves")[0];
    let hint = run.line("hint");
    let n = at.legal_moves().len();
    assert!(
        hint.contains(&format!(
            "counted {followed} as {}, and here its total is {n}",
            n + 1
        )),
        "{hint}"
    );
}

fn chess960_castling_bug_is_found_in_both_fen_dialects() {
    // The white king on g1 castles with the h1 rook by moving the rook alone.
    for fen in [
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1",
    ] {
        for protocol in ["uci", "perftree"] {
            let run = diff_fen("chess960-king-stays", "2", fen, protocol);
            run.disagreed().no_hint();
            assert_eq!(run.line("moves"), "-");
            assert_eq!(run.line("fen"), "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
            assert_eq!(run.line("only rayscan"), "g1h1");
            assert_eq!(run.line("only engine"), "-");
        }
    }
    // Found one ply down: black's moves agree, and after each, white lacks g1h1.
    let fen = "1r4kr/8/8/8/8/8/8/1R4KR b HB - 0 1";
    let root = position(fen);
    let run = diff_fen("chess960-king-stays", "2", fen, "uci");
    run.disagreed().no_hint();
    assert_eq!(run.moves("moves").len(), 1, "{}", run.stdout);
    let king_stays = |m: rayscan::Move| m.is_castling() && m.king_destination() == m.from();
    let at = found_first(&run, &root, |p| !moves_where(p, king_stays).is_empty());
    assert_eq!(run.moves("only rayscan"), moves_where(&at, king_stays));
    assert_eq!(run.moves("only rayscan"), ["g1h1"]);
}

// ---------------------------------------------------------------- a stranger's failures

/// Whether the process whose pid the engine wrote to `file` (removed here) is gone within
/// `GONE_WITHIN`: ended, or a zombie. Once rayscan has exited, that is what a test can
/// see: that the engine was killed. It is not gone at the same instant: a killed
/// grandchild is reaped by init, some time after rayscan exits, so one look right after
/// rayscan exits fails at random on a busy machine. The test waits, with a deadline.
fn engine_gone(file: &Path) -> bool {
    let pid = std::fs::read_to_string(file).expect("the engine wrote its pid");
    let _ = std::fs::remove_file(file);
    let stat = format!("/proc/{}/stat", pid.trim());
    let start = std::time::Instant::now();
    loop {
        let gone = match std::fs::read_to_string(&stat) {
            Err(_) => true,
            // A zombie waiting for its parent (or init) to reap it is gone too. The
            // state follows the command name in parentheses.
            Ok(stat) => {
                stat.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().next())
                    == Some("Z")
            }
        };
        if gone {
            return true;
        }
        if start.elapsed() > GONE_WITHIN {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// How long a killed engine may take to be gone: the kill is at once, but on a loaded
/// machine its reaping can wait for the scheduler. Only a deadline: the wait ends as soon
/// as the engine is gone.
const GONE_WITHIN: std::time::Duration = std::time::Duration::from_secs(120);

/// `--timeout` for the engines that hang or never say `uciok`: the tests wait it out, so
/// it is short, but it must cover what comes before the hang on a loaded machine (the
/// engine started, its pid file written, `uci` and `isready` answered), which takes
/// milliseconds when idle. At 0.5 s that was a bet on the scheduler: on a busy machine the
/// error could name an earlier line than the one the engine says last, or find no pid file.
const HANG_TIMEOUT: &str = "5";

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("rayscan-diff-test-{}-{name}", std::process::id()))
}

fn engine_failures_exit_2_naming_what_it_said() {
    let e = wrong_engine();
    let pid = temp_file("crash");
    let run = diff_env(
        "crash-after-a-move",
        &["3", "--engine", &e, "--fen", EP],
        &[("RAYSCAN_TEST_ENGINE_PID", &pid)],
    );
    run.failed_with(&[
        "exited (exit status: 3)",
        "it said last \"readyok\", and on stderr \"wrong-engine: crashing on purpose\"",
    ]);
    assert!(
        run.stdout.starts_with("depth 3: "),
        "the descent so far: {}",
        run.stdout
    );
    assert!(engine_gone(&pid));

    let pid = temp_file("hang");
    let run = diff_env(
        "hang",
        &["2", "--engine", &e, "--timeout", HANG_TIMEOUT],
        &[("RAYSCAN_TEST_ENGINE_PID", &pid)],
    );
    run.failed_with(&[
        &format!("no answer to \"go perft 2\" within {HANG_TIMEOUT} s"),
        "it said last \"readyok\"",
    ]);
    assert!(engine_gone(&pid), "the hanging engine was killed");

    // The engine's first line, as it lists the moves in rayscan's order.
    let first = Position::startpos().legal_moves().iter().next().unwrap();
    // Every error about what the engine said names the engine, by its program.
    let program = std::env::current_exe().unwrap();
    diff("malformed", &["1", "--engine", &e]).failed_with(&[
        &format!(
            "engine \"{}\": malformed line \"{} 1\"",
            program.display(),
            first.uci(false)
        ),
        "expected \"move: count\"",
    ]);
    diff("bad-total", &["1", "--engine", &e]).failed_with(&[&format!(
        "engine \"{}\": the total in \"Nodes searched: 21\" is not the sum of its moves' counts, 20",
        program.display()
    )]);
    diff("unknown-move", &["1", "--engine", &e])
        .failed_with(&["unknown move \"O-O\" in the line \"O-O: 1\""]);
    diff(
        "unknown-move",
        &["1", "--engine", &e, "--protocol", "perftree"],
    )
    .failed_with(&["unknown move \"O-O\" in the line \"O-O 1\""]);
    diff(
        "crash-after-a-move",
        &["3", "--engine", &e, "--fen", EP, "--protocol", "perftree"],
    )
    .failed_with(&["exited (exit status: 3) at depth 2"]);

    // perftree: a wrong total, a malformed line, and silence, from a script that runs
    // the engine as its child (no exec): the whole process group is killed.
    let perftree = |bug: &str, extra: &[&str]| {
        let args = [&["1", "--engine", &e, "--protocol", "perftree"][..], extra].concat();
        diff(bug, &args)
    };
    perftree("bad-total", &[])
        .failed_with(&["the total in \"21\" is not the sum of its moves' counts, 20"]);
    perftree("malformed", &[]).failed_with(&[&format!(
        "malformed line \"{}:1\" at depth 1",
        first.uci(false)
    )]);
    let pid = temp_file("hang-perftree");
    let wrapper = format!("sh -c '{} \"$@\"; exit 0' wrapper", e.replace('\'', ""));
    let run = diff_env(
        "hang",
        &[
            "1",
            "--engine",
            &wrapper,
            "--protocol",
            "perftree",
            "--timeout",
            HANG_TIMEOUT,
        ],
        &[("RAYSCAN_TEST_ENGINE_PID", &pid)],
    );
    run.failed_with(&[
        &format!("no answer to depth 1 within {HANG_TIMEOUT} s"),
        "it said nothing",
    ]);
    // rayscan has exited: the engine, a grandchild, must not be running.
    assert!(engine_gone(&pid), "the script's engine was killed with it");

    // An answer of 200 MB without a newline: read to the bound, in an address space of
    // 64 MiB (for rayscan and the engine, each), and reported as the malformed line it
    // is, cut short.
    let out = common::output_within(
        Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -v 65536 && exec "$0" diff 1 --engine "$1""#)
            .arg(rayscan())
            .arg(&e)
            .env("RAYSCAN_TEST_ENGINE", "endless-line"),
        None,
        common::DEADLINE,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("malformed line \"xxxxxxxx"), "{err}");

    // UCI: no uciok.
    diff(
        "no-uciok",
        &["1", "--engine", &e, "--timeout", HANG_TIMEOUT],
    )
    .failed_with(&[
        &format!("no answer to \"uci\" within {HANG_TIMEOUT} s"),
        "it said last \"option name UCI_Chess960 type check default false\"",
    ]);
}

fn bad_arguments_exit_2() {
    let e = wrong_engine();
    for t in ["1e19", "1e-300", "0"] {
        diff("none", &["2", "--engine", &e, "--timeout", t])
            .failed_with(&["--timeout", "from 0.001 to 1000000"]);
    }
    diff(
        "none",
        &["2", "--engine", &e, "--protocol", "perftree", "--chess960"],
    )
    .failed_with(&["--chess960: a perftree script cannot be told"]);
    diff("none", &["2", "--engine", ""]).failed_with(&["--engine: the command line is empty"]);
    // Quoted as typed: no backslash before the quote.
    diff("none", &["2", "--engine", "engine 'open"])
        .failed_with(&["--engine: missing closing quote in \"engine 'open\""]);
    diff("none", &["2", "--engine", "/nonexistent/engine"])
        .failed_with(&["cannot start \"/nonexistent/engine\""]);
    diff("none", &["0", "--engine", &e]).failed_with(&["depth"]);
    diff("none", &["2", "--engine", &e, "--fen", "8/8/8 w - -"]).failed_with(&["fen"]);
    diff("none", &["2", "--engine", &e, "--moves", "e2e5"]).failed_with(&["--moves", "e2e5"]);
    diff("none", &["2", "--engine", &e, "--protocol", "xboard"]).failed_with(&["--protocol"]);
}

// ---------------------------------------------------------------- Stockfish

/// Debian's Stockfish (`.ci/install-tools` installs it); the test fails without it.
fn stockfish() -> String {
    for path in ["/usr/games/stockfish", "/usr/bin/stockfish"] {
        if Path::new(path).exists() {
            return path.to_string();
        }
    }
    common::missing("stockfish", "stockfish", "stockfish")
}

fn stockfish_agrees_on_the_suites_first_positions() {
    let sf = stockfish();
    for (fen, nodes) in AGREE {
        let run = diff("none", &["3", "--engine", &sf, "--fen", fen]);
        assert_eq!(run.code, 0, "{fen}: {}{}", run.stdout, run.stderr);
        assert_eq!(run.stdout, format!("agree: {nodes} nodes\n"));
    }
    let run = diff("none", &["3", "--engine", &sf]);
    assert_eq!(run.stdout, "agree: 8902 nodes\n", "{}", run.stderr);
    // Chess960 notation forced on the start position, castling given in SAN.
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"];
    let run = diff(
        "none",
        &[&["2", "--engine", &sf, "--chess960", "--moves"][..], &moves].concat(),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let mut pos = Position::startpos();
    pos.set_chess960(true);
    for m in moves {
        pos = pos.play(pos.parse_san(m).unwrap());
    }
    let nodes = pos.perft(2);
    assert_eq!(run.stdout, format!("agree: {nodes} nodes\n"));
    // A FEN rayscan corrects (a castling right with no rook: dropped, with a warning) is
    // sent as corrected, so both count the same position.
    let run = diff(
        "none",
        &[
            "3",
            "--engine",
            &sf,
            "--fen",
            "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("warning"), "{}", run.stderr);
}

fn an_engine_without_uci_chess960_is_warned_about() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let run = diff_fen("no-chess960-option", "2", fen, "uci");
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("warning: the engine does not offer UCI_Chess960"),
        "{}",
        run.stderr
    );
    let run = diff_fen("none", "2", fen, "uci");
    assert_eq!(run.stderr, "", "an engine that offers it: no warning");
}

// ---------------------------------------------------------------- the runner

const TESTS: &[(&str, fn())] = &[
    (
        "correct_engine_agrees_by_both_protocols",
        correct_engine_agrees_by_both_protocols,
    ),
    (
        "rayscan_agrees_with_itself_through_uci_and_perftree",
        rayscan_agrees_with_itself_through_uci_and_perftree,
    ),
    ("agreement_as_json", agreement_as_json),
    (
        "missing_en_passant_is_found_where_it_first_matters",
        missing_en_passant_is_found_where_it_first_matters,
    ),
    (
        "illegal_king_step_is_named_at_the_root",
        illegal_king_step_is_named_at_the_root,
    ),
    (
        "duplicated_promotion_is_found_two_plies_down",
        duplicated_promotion_is_found_two_plies_down,
    ),
    (
        "miscounted_leaf_gets_the_counting_hint",
        miscounted_leaf_gets_the_counting_hint,
    ),
    (
        "bulk_count_bug_is_traced_one_ply_up",
        bulk_count_bug_is_traced_one_ply_up,
    ),
    (
        "chess960_castling_bug_is_found_in_both_fen_dialects",
        chess960_castling_bug_is_found_in_both_fen_dialects,
    ),
    (
        "engine_failures_exit_2_naming_what_it_said",
        engine_failures_exit_2_naming_what_it_said,
    ),
    ("bad_arguments_exit_2", bad_arguments_exit_2),
    (
        "stockfish_agrees_on_the_suites_first_positions",
        stockfish_agrees_on_the_suites_first_positions,
    ),
    (
        "an_engine_without_uci_chess960_is_warned_about",
        an_engine_without_uci_chess960_is_warned_about,
    ),
    (
        "descent_follows_the_engine_order_and_json_names_the_same",
        descent_follows_the_engine_order_and_json_names_the_same,
    ),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Ok(bug) = std::env::var("RAYSCAN_TEST_ENGINE") {
        engine::main(engine::Bug::from_name(&bug), &args);
    }
    // libtest's arguments, as far as they apply: filters (with `--exact`), `--skip`,
    // `--list`; its other flags are accepted and ignored, with their values.
    let (mut filters, mut skips) = (Vec::new(), Vec::new());
    let (mut exact, mut list) = (false, false);
    let mut words = args.iter();
    while let Some(a) = words.next() {
        match a.as_str() {
            "--exact" => exact = true,
            "--list" => list = true,
            "--skip" => skips.extend(words.next()),
            "--test-threads" | "--format" | "--color" | "--logfile" | "-Z" => {
                words.next();
            }
            flag if flag.starts_with('-') => {}
            filter => filters.push(filter),
        }
    }
    let matches = |name: &str, f: &str| if exact { name == f } else { name.contains(f) };
    let chosen: Vec<_> = TESTS
        .iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| matches(name, f)))
        .filter(|(name, _)| !skips.iter().any(|s| matches(name, s)))
        .collect();
    if list {
        for (name, _) in &chosen {
            println!("{name}: test");
        }
        return;
    }
    println!("\nrunning {} tests", chosen.len());
    // Two at a time: each runs processes of its own.
    let failed = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((name, test)) = chosen.get(i) else {
                        break;
                    };
                    let ok = std::panic::catch_unwind(test).is_ok();
                    println!("test {name} ... {}", if ok { "ok" } else { "FAILED" });
                    if !ok {
                        failed.lock().unwrap().push(*name);
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    println!(
        "\ntest result: {}. {} passed; {} failed\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        chosen.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        std::process::exit(101);
    }
}
