//! Bad input at the command line: every malformed FEN of the corpus, every malformed
//! suite file, 10 MB lines, lines that never end, impossible resource requests. Each gets exit code 2 and one
//! line naming what is wrong (the UCI loop's 10 MB line is in cli.rs, beside the other
//! UCI sessions). Ctrl-C stops a long perft with exit code 130.

use crate::common::{DEADLINE, output_within};
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
        &["perft", "1", "--hash", "1000000"],
        "MiB of memory available",
    );
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
    let start = Instant::now();
    while !catches_sigint(child.id()) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "rayscan did not set its Ctrl-C handler within 30 s"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("perft still running 10 s after Ctrl-C");
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
