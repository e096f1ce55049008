//! Bad input at the command line: every malformed FEN of the corpus, every malformed
//! suite file, 10 MB lines, impossible resource requests. Each gets exit code 2 and one
//! line naming what is wrong (the UCI loop's 10 MB line is in cli.rs, beside the other
//! UCI sessions). Ctrl-C stops a long perft with exit code 130.

use crate::corpus;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn rayscan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rayscan"))
        .args(args)
        .current_dir(corpus::dir())
        .output()
        .expect("the binary runs")
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
    refused(
        &["suite", file.to_str().unwrap()],
        "line 1: fen piece placement",
    );
    let see = dir.join("huge-see.epd");
    std::fs::write(&see, corpus::ten_megabyte_fen() + "; e4; 0\n").unwrap();
    refused(&["see", "--suite", see.to_str().unwrap()], "line 1:");
    std::fs::remove_dir_all(&dir).unwrap();
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
    std::thread::sleep(Duration::from_millis(500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "perft still running 10 s after Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty(), "no partial output");
    assert!(String::from_utf8_lossy(&out.stderr).contains("rayscan: interrupted"));
}
