//! Bad input at the command line: every malformed FEN of the corpus, every malformed
//! suite file, 10 MB lines, lines that never end, impossible resource requests. Each gets exit code 2 and one
//! line naming what is wrong (the UCI loop's 10 MB line is in cli.rs, beside the other
//! UCI sessions). Ctrl-C stops a long perft with exit code 130.

use crate::common::{DEADLINE, available_mib, output_within, refused_exactly, refused_json};
use crate::corpus;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn rayscan(args: &[&str]) -> Output {
    output_within(
        Command::new(env!("CARGO_BIN_EXE_rayscan"))
            .args(args)
            .current_dir(corpus::dir()),
        None,
        DEADLINE,
    )
}

/// Exit code 2 and exactly one line on stderr, containing `want`.
fn refused(args: &[&str], want: &str) {
    let out = rayscan(args);
    let err = String::from_utf8_lossy(&out.stderr);
    let shown: String = args.join(" ").chars().take(120).collect();
    assert_eq!(out.status.code(), Some(2), "{shown}: {err}");
    assert_eq!(err.lines().count(), 1, "{shown}: {err}");
    assert!(err.contains(want), "{shown}: {err:?} lacks {want:?}");
    assert!(err.len() < 400, "{shown}: the error is {} bytes", err.len());
}

#[test]
fn every_malformed_fen_exits_2_naming_its_field() {
    for case in corpus::records("fens.txt") {
        let [want, fen] = &case[..] else {
            panic!("bad corpus line {case:?}")
        };
        refused(&["fen", "--fen", fen], want);
        refused(&["perft", "1", "--fen", fen], want);
    }
}

#[test]
fn every_suite_file_gets_its_exit_code_and_message() {
    let cases = corpus::records("expected.txt");
    assert!(cases.len() >= 12);
    for case in cases {
        let [file, code, want] = &case[..] else {
            panic!("bad corpus line {case:?}")
        };
        if code == "2" {
            refused(&["suite", file], want);
            continue;
        }
        let out = rayscan(&["suite", file]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(code.parse().unwrap()),
            "{file}: {text}"
        );
        assert!(text.contains(want.as_str()), "{file}: {text}");
    }
}

#[test]
fn ten_megabyte_lines_are_refused_briefly() {
    let dir = std::env::temp_dir().join(format!("rayscan-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("huge.epd");
    std::fs::write(&file, corpus::ten_megabyte_fen() + " ;D1 1\n").unwrap();
    let long = "line 1: longer than 256 KiB";
    refused(&["suite", file.to_str().unwrap()], long);
    let see = dir.join("huge-see.epd");
    std::fs::write(&see, corpus::ten_megabyte_fen() + "; e4; 0\n").unwrap();
    refused(&["see", "--suite", see.to_str().unwrap()], long);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `sh -c script` with `rayscan` as `$0`, in an address space of 64 MiB: a reader
/// that held a whole line of the 200 MB fed here would fail its allocation.
fn in_64_mib(script: &str) -> Output {
    output_within(
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 65536 && {script}"))
            .arg(env!("CARGO_BIN_EXE_rayscan")),
        None,
        DEADLINE,
    )
}

#[test]
fn lines_without_end_are_read_in_bounded_memory() {
    // A file of NUL bytes and no newline: one line, refused at its start.
    for args in [
        "suite /dev/zero",
        "perft --merge /dev/zero",
        "see --suite /dev/zero",
    ] {
        let out = in_64_mib(&format!(r#"exec "$0" {args}"#));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert_eq!(
            err,
            "rayscan: error: /dev/zero: line 1: longer than 256 KiB: not a line of text this reads\n",
            "{args}"
        );
    }
    // The UCI loop answers the long line once, skips it, and goes on.
    let out = in_64_mib(
        r#"(printf 'isready\n'; head -c 200000000 /dev/zero; printf '\nisready\n') | "$0" uci"#,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "readyok\ninfo string error: the line is longer than 256 KiB: skipped\nreadyok\n"
    );
}

#[test]
fn impossible_resource_requests_are_refused() {
    refused(&["perft", "65"], "depth 65: expected 1 to 64");
    refused(&["perft", "0"], "depth 0");
    refused(
        &["perft", "1", "--hash", "65537"],
        "--hash 65537: expected a whole number from 0 to 65536",
    );
    match available_mib() {
        Some(free) if free < 65536 => {
            refused(
                &["perft", "1", "--hash", "65536"],
                "MiB of memory available",
            );
        }
        _ => eprintln!("(65536 MiB fits in this machine's memory: that part is not checked)"),
    }
    refused(&["perft", "3", "--split", "3"], "--split 3");
    refused(&["perftree", "65", "startpos"], "65");
    // A job's split is checked before anything runs: here its depth.
    let root = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let run = crate::common::fingerprint(&format!("{root} 1000 1"));
    let job = format!(
        r#"{{"run":"{run}","root":"{root}","depth":1000,"plies":1,"jobs":1,"id":0,"fen":"{root}","left":999,"paths":[{{"index":0,"move":"e1d1","paths":1}}]}}"#
    );
    refused(&["perft", "--job", &job], "depth 1000: expected 1 to 64");
}

#[test]
fn ctrl_c_stops_a_long_perft_with_130() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rayscan"))
        .args(["perft", "10", "--threads", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Ctrl-C before rayscan has set its handler would kill it by the signal (no exit
    // code): wait, with a deadline, until the process catches SIGINT, as its status says.
    // The deadlines here only turn a hang into a failure: each wait ends as soon as
    // what it waits for happens, in milliseconds on an idle machine.
    let deadline = Duration::from_secs(120);
    let start = Instant::now();
    while !catches_sigint(child.id()) {
        if start.elapsed() > deadline {
            let _ = child.kill();
            panic!("rayscan did not set its Ctrl-C handler within {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > deadline {
            let _ = child.kill();
            panic!("perft still running {deadline:?} after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty(), "no partial output");
    assert!(String::from_utf8_lossy(&out.stderr).contains("rayscan: interrupted"));
}

/// Whether process `pid` has a handler for SIGINT: bit 1 (signal 2) of the `SigCgt`
/// mask in `/proc/<pid>/status`.
fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << 1) != 0)
}

#[test]
fn numbers_out_of_range_name_their_option_and_range() {
    let cases: [(&[&str], &str); 14] = [
        (
            &["perft", "3", "--threads", "-1"],
            "--threads -1: expected a whole number from 1 to 1024",
        ),
        (
            &["perft", "3", "--threads", "0"],
            "--threads 0: expected a whole number from 1 to 1024",
        ),
        (
            &["bench", "--threads", "-1"],
            "--threads -1: expected a whole number from 1 to 1024",
        ),
        (
            &["perft", "3", "--hash", "-1"],
            "--hash -1: expected a whole number from 0 to 65536",
        ),
        (
            &["perft", "3", "--hash", "1", "--hash-seed", "-1"],
            "--hash-seed -1: expected a whole number below 2^64",
        ),
        (
            &[
                "perft",
                "3",
                "--hash",
                "1",
                "--hash-seed",
                "18446744073709551616",
            ],
            "--hash-seed 18446744073709551616: expected a whole number below 2^64",
        ),
        (
            &["diff", "2", "--engine", "x", "--timeout", "-1"],
            "--timeout \"-1\": expected a number of seconds from 0.001 to 1000000",
        ),
        (
            &["perft", "3", "--progress-after", "-1"],
            "--progress-after \"-1\": expected a number of seconds from 0 to 1000000",
        ),
        (
            &["serve", "--port", "-1"],
            "--port -1: expected a whole number from 0 to 65535",
        ),
        (
            &["serve", "--port", "70000"],
            "--port 70000: expected a whole number from 0 to 65535",
        ),
        (
            &["suite", "x.epd", "--max-nodes", "-1"],
            "--max-nodes -1: expected a whole number below 2^64",
        ),
        (
            &["suite", "x.epd", "--jobs", "-1"],
            "--jobs -1: expected a whole number from 1 to 1024",
        ),
        (
            &["perft", "3", "--split", "-1"],
            "--split -1: expected a whole number from 1 to 63",
        ),
        (
            &["perft", "3", "--threads", "two"],
            "--threads \"two\": expected a whole number from 1 to 1024",
        ),
    ];
    for (args, want) in cases {
        refused_exactly(args, want);
    }
}

/// Under `--json`, every command's errors, whoever finds them (clap, the command, the
/// library, `RAYSCAN_CPU`'s check), are one line of JSON on stderr, `{"error": …}`, with
/// the message of the text form; stdout stays empty and the exit code 2.
#[test]
fn every_error_is_one_json_line_under_json_with_the_text_form_s_message() {
    let cases: &[(&str, &[&str])] = &[
        ("techniques", &["techniques", "--json", "extra"]),
        ("attacks", &["attacks", "rook", "z9", "--json"]),
        (
            "attacks",
            &["--json", "attacks", "rook", "a1", "--occupied", "ff"],
        ),
        ("attacks", &["attacks", "knight", "a1", "--json"]),
        (
            "explain",
            &["explain", "rook", "a1", "--technique", "nope", "--json"],
        ),
        ("perft", &["perft", "0", "--json"]),
        ("perft", &["--json", "perft", "abc"]),
        ("perft", &["perft", "--json"]),
        ("perft", &["perft", "3", "--fen", "8/8 w", "--json"]),
        ("perft", &["perft", "3", "--moves", "e2e5", "--json"]),
        ("perft", &["perft", "3", "--threads", "0", "--json"]),
        ("perft", &["perft", "3", "--stats", "--hash", "1", "--json"]),
        ("perft", &["perft", "--job", "{", "--json"]),
        ("perft", &["perft", "3", "--nope", "--json"]),
        ("show", &["show", "--fen", "x", "--json"]),
        ("bench", &["bench", "--threads", "0", "--json"]),
        ("suite", &["suite", "/nonexistent/x.epd", "--json"]),
        ("see", &["see", "--move", "e2e5", "--json"]),
        ("fen", &["fen", "--moves", "Nxe5", "--json"]),
        ("fen", &["--json", "fen", "--fen", "8/8/8/8/8/8/8/8 w - -"]),
        ("diff", &["diff", "2", "--engine", "", "--json"]),
        ("diff", &["diff", "0", "--engine", "x", "--json"]),
        (
            "diff",
            &["diff", "2", "--engine", "x", "--timeout", "0", "--json"],
        ),
        ("none", &["--json", "nosuchcommand"]),
    ];
    for (command, args) in cases {
        let shown = args.join(" ");
        let text: Vec<&str> = args.iter().copied().filter(|&a| a != "--json").collect();
        let plain = rayscan(&text);
        let err = String::from_utf8_lossy(&plain.stderr);
        assert_eq!(plain.status.code(), Some(2), "{command}: {shown}: {err}");
        // The text form's message, which the JSON form carries.
        let message = err
            .strip_prefix("rayscan: error: ")
            .and_then(|m| m.strip_suffix('\n'))
            .unwrap_or_else(|| panic!("{command}: {shown}: {err}"));
        assert_eq!(refused_json(args, &[]), message, "{command}: {shown}");
    }
    // `--json` alone names the missing command (where `rayscan` alone prints the help).
    refused_json(&["--json"], &["requires a subcommand"]);
    // RAYSCAN_CPU is checked before the command line is read; under --json, its error
    // is JSON too.
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_rayscan"))
            .args(["techniques", "--json"])
            .env("RAYSCAN_CPU", "haswell"),
        None,
        DEADLINE,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let v: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("RAYSCAN_CPU: unknown value \"haswell\""),
        "{v}"
    );
}

#[test]
fn moves_that_cannot_be_played_name_the_position_and_every_reading() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    refused_exactly(
        &["see", "--move", "e5"],
        &format!("--move: illegal move \"e5\": not a legal move in this position (in {start})"),
    );
    // Knights on c3 and e3 can both take on d1.
    let fen = "8/8/1k6/8/8/2N1N3/2p1p1K1/3n4 w - - 0 1";
    let ambiguous = "ambiguous san move \"Nxd1\": it can be Ncxd1 or Nexd1";
    refused_exactly(
        &["fen", "--fen", fen, "--moves", "Nxd1"],
        &format!("--moves: {ambiguous} (in {fen})"),
    );
    refused_exactly(
        &["see", "--fen", fen, "--move", "Nxd1"],
        &format!("--move: {ambiguous} (in {fen})"),
    );
    let out = crate::common::uci_session(None, &format!("position fen {fen} moves Nxd1\n"));
    assert_eq!(
        out,
        format!("info string error: {ambiguous}; stopped before it, at {fen}\n")
    );
}

#[test]
fn json_on_a_command_without_it_is_refused_alike_before_and_after() {
    for command in [&["uci"][..], &["serve"], &["perftree", "1", "startpos"]] {
        let want = format!("--json: {} has no JSON output", command[0]);
        // As every error under --json, the refusal is one line of JSON.
        for args in [
            [&["--json"][..], command].concat(),
            [command, &["--json"]].concat(),
        ] {
            assert_eq!(refused_json(&args, &[]), want);
        }
    }
    // And the global --json is listed.
    let help = rayscan(&["--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("\n      --json "), "{help}");
}

#[test]
fn the_suite_warning_says_what_each_skipped_generator_needs() {
    let out = rayscan(&[
        "suite",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../rayscan/tests/data/standard.epd"
        ),
        "--generator",
        "all",
        "--technique",
        "magic",
        "--max-nodes",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "rayscan: warning: skipping generators directionwise, staged (they need a ray-wise \
         technique, and \"magic\" is not one) and mailbox-0x88, mailbox-16x12, mailbox-15x12 \
         (they walk their own boards with vector only)\n"
    );
}

#[test]
fn an_empty_rayscan_cpu_is_the_same_as_none() {
    let techniques = |cpu: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_rayscan"));
        command
            .args(["techniques", "--json"])
            .env_remove("RAYSCAN_CPU");
        if let Some(value) = cpu {
            command.env("RAYSCAN_CPU", value);
        }
        let out = output_within(&mut command, None, DEADLINE);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    assert_eq!(techniques(Some("")), techniques(None));
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_rayscan"))
            .arg("techniques")
            .env("RAYSCAN_CPU", "fast"),
        None,
        DEADLINE,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_caption_at_the_right_is_not_cut() {
    let out = rayscan(&["attacks", "rook", "a1", "--technique", "all"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("\noccupied              attacks (reference)\n"),
        "{text}"
    );
}

#[test]
fn uci_takes_stop_ponderhit_and_debug_and_ignores_them() {
    let out = crate::common::uci_session(
        None,
        "stop\nponderhit\ndebug on\ndebug off\nisready\ndebug maybe\n",
    );
    assert_eq!(
        out,
        "readyok\ninfo string error: unknown or malformed command \"debug maybe\"\n"
    );
}
