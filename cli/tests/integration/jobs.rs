//! Deep perft's edges through the binary: the size of a split, job and result lines that
//! contradict themselves or the command line, and progress on long runs.

use std::process::Command;
use std::time::Instant;

use serde_json::{Value, json};

use crate::common::{
    DEADLINE, fingerprint, missing, output_within, rayscan, refused, success_text,
};

/// `perft 9 --split 7` has 96 million distinct positions 7 plies down: it must be
/// refused using at most 2 GiB (it used to grow past 7 GB, silent). The limit is the
/// address space, so going past it fails the allocation, not the machine. It takes
/// seconds (9 on a busy two-core machine); the time is printed, and only the deadline of
/// every run bounds it, so that a loaded machine does not fail the test.
#[test]
fn a_split_too_big_is_refused_in_bounded_memory() {
    let start = Instant::now();
    let out = output_within(
        Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -v 2097152 && exec "$0" perft 9 --split 7"#)
            .arg(env!("CARGO_BIN_EXE_rayscan")),
        None,
        DEADLINE,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--split 7: more than 4000000 distinct positions"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    eprintln!("refused in {:?}", start.elapsed());
}

fn job_lines(args: &[&str]) -> Vec<Value> {
    success_text(&rayscan(args))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_depth_that_contradicts_the_job_is_refused() {
    let jobs = job_lines(&["perft", "5", "--split", "2"]);
    let line = jobs[0].to_string();
    assert_eq!(jobs[0]["depth"], 5);
    assert_eq!(jobs[0]["left"], 3);
    refused(
        &["perft", "3", "--job", &line],
        &["--job: the job is part of a depth 5 count, not depth 3"],
    );
    let with = success_text(&rayscan(&["perft", "5", "--job", &line]));
    let without = success_text(&rayscan(&["perft", "--job", &line]));
    assert_eq!(with, without);
    // A job carries its own position.
    let out = rayscan(&[
        "perft",
        "--job",
        &line,
        "--fen",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// Every way a job line can contradict itself or its split, each refused by name.
#[test]
fn forged_job_lines_are_refused() {
    let jobs = job_lines(&["perft", "3", "--split", "1"]);
    let good = jobs[0].clone();
    let forged = |change: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        change(&mut v);
        v.to_string()
    };
    let bad = "--job: not a job of its split: ";
    for (line, needle) in [
        (
            forged(&|v| {
                v["id"] = json!(5);
                v["jobs"] = json!(1);
            }),
            "job 5 is beyond the 1 jobs",
        ),
        (
            forged(&|v| v["paths"][0]["move"] = json!("zz")),
            r#"path "zz": root move 0 is "#,
        ),
        (
            forged(&|v| v["paths"][0]["index"] = json!(20)),
            "path index 20: the root has 20 legal moves",
        ),
        (
            forged(&|v| v["paths"][0]["paths"] = json!(0)),
            r#"path "b1a3": 0 paths"#,
        ),
        (forged(&|v| v["paths"] = json!([])), "no paths"),
        (
            forged(&|v| v["root"] = json!("4k3/8/8/8/8/8/8/4K3 w - - 0 1")),
            &format!(
                r#"run {} is not the fingerprint of its root, depth and plies"#,
                good["run"]
            ),
        ),
        (
            forged(&|v| v["jobs"] = json!(1_000_000_000_000_u64)),
            "jobs 1000000000000: a split writes 1 to 4000000",
        ),
        (forged(&|v| v["left"] = json!(3)), "depth left 3"),
    ] {
        refused(&["perft", "--job", &line], &[&format!("{bad}{needle}")]);
    }
    // Two paths under the same root move, or out of order.
    let root = good["root"].as_str().unwrap();
    let run = fingerprint(&format!("{root} 3 1"));
    assert_eq!(good["run"], run.as_str());
    let twice = forged(&|v| {
        let p = v["paths"][0].clone();
        v["paths"] = json!([p, p]);
    });
    refused(
        &["perft", "--job", &twice],
        &["must come once each, in order"],
    );
    // Found by the `jobs` fuzz target: a field name with a newline made a two-line error.
    refused(
        &["perft", "--job", r#"{"a\nb":1}"#],
        &[r#"unknown field "a\nb", expected one of"#],
    );
}

/// `--merge` checks every result line the same way, naming the file and line.
#[test]
fn merge_refuses_forged_results() {
    let jobs = job_lines(&["perft", "3", "--split", "1"]);
    let results: Vec<Value> = jobs
        .iter()
        .map(|j| {
            let done = success_text(&rayscan(&["perft", "--job", &j.to_string()]));
            serde_json::from_str(&done).unwrap()
        })
        .collect();
    let dir = std::env::temp_dir().join(format!("rayscan-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, lines: &[Value]| {
        let file = dir.join(name);
        let text: String = lines.iter().map(|v| v.to_string() + "\n").collect();
        std::fs::write(&file, text).unwrap();
        file.to_str().unwrap().to_owned()
    };
    let good = write("good.jsonl", &results);
    let merged = success_text(&rayscan(&["perft", "--merge", &good]));
    assert!(merged.ends_with("\nNodes searched: 8902\n"), "{merged}");
    let merged: Value = serde_json::from_str(&success_text(&rayscan(&[
        "perft", "--merge", &good, "--json",
    ])))
    .unwrap();
    assert_eq!(merged["divide"][0], json!({ "move": "b1a3", "nodes": 400 }));

    let mut forged = results.clone();
    forged[3]["paths"][0]["move"] = json!("zz");
    let file = write("zz.jsonl", &forged);
    refused(
        &["perft", "--merge", &file],
        &[&format!(
            "{file}: line 4: not a result of its split: path \"zz\": root move 3 is "
        )],
    );
    let mut forged = results.clone();
    forged[0]["id"] = json!(25);
    let file = write("id.jsonl", &forged);
    refused(
        &["perft", "--merge", &file],
        &[&format!(
            "{file}: line 1: not a result of its split: job 25 is beyond the 20 jobs"
        )],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A long count shows its progress on a terminal's stderr, and never in a pipe or with
/// `--json`. `script` gives the binary a terminal.
#[test]
fn long_counts_show_progress_on_a_terminal_only() {
    let bin = env!("CARGO_BIN_EXE_rayscan");
    // In a pipe: nothing on stderr.
    let out = rayscan(&["perft", "6", "--threads", "2"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    if Command::new("script").arg("--version").output().is_err() {
        missing(
            "script",
            "bsdutils",
            "long_counts_show_progress_on_a_terminal_only",
        );
    }
    let on_terminal = |args: &str| {
        let out = output_within(
            Command::new("script").args(["-qec", &format!("{bin} {args}"), "/dev/null"]),
            None,
            DEADLINE,
        );
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // Kiwipete, depth 6, 8 billion nodes, with the bar asked for at once: no count
    // outlasts the default second on every machine (this one, on two threads, took
    // 1.03 s for the start position's depth 7, then 0.9 s for this).
    let kiwipete = "--fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'";
    for threads in [1, 2] {
        let args = format!("perft 6 {kiwipete} --threads {threads} --progress-after 0");
        let text = on_terminal(&args);
        assert!(text.contains("/48 root moves, "), "{args}: {text}");
        assert!(
            text.contains("Nodes searched: 8031647685"),
            "{args}: {text}"
        );
    }
    // By default a quick count draws no bar: depth 2 takes microseconds, so not even a
    // machine too busy to run it for a second at a time shows one.
    let text = on_terminal(&format!("perft 2 {kiwipete}"));
    assert!(text.contains("Nodes searched: 2039"), "{text}");
    assert!(!text.contains("root moves"), "{text}");
    let text = on_terminal(&format!(
        "perft 6 {kiwipete} --threads 2 --json --progress-after 0"
    ));
    assert!(text.contains("\"nodes\":8031647685"), "{text}");
    assert!(!text.contains("root moves"), "{text}");
}
