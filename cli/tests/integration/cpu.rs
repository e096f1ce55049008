//! The choice of CPU features and technique at run time, every way on one machine: as
//! detected, and with `RAYSCAN_CPU` taking features away (`v3`: no AVX-512, the x86-64-v3
//! copy of the hot paths; `baseline`: no BMI2, the baseline copy; `slow-pext`: BMI2 whose
//! PEXT is microcoded). Each copy runs where the CPU has its features: on an AVX-512
//! machine all three.

use std::process::Output;

use crate::common::{DEADLINE, output_within, rayscan_command, uci_session};

use rayscan::cpu;
use rayscan::sliders::Technique;

fn rayscan(cpu: Option<&str>, args: &[&str]) -> Output {
    output_within(rayscan_command(cpu).args(args), None, DEADLINE)
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The default technique and last ply `techniques --json` names.
fn defaults_in_json(cpu: Option<&str>) -> (String, String) {
    let out = rayscan(cpu, &["techniques", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let default = |list: &str| {
        let defaults: Vec<&serde_json::Value> = v[list]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["default"] == true)
            .collect();
        assert_eq!(defaults.len(), 1, "exactly one default {list}");
        defaults[0]["name"].as_str().unwrap().to_owned()
    };
    (default("techniques"), default("last_ply"))
}

fn default_in_json(cpu: Option<&str>) -> String {
    defaults_in_json(cpu).0
}

const POSITIONS: [(&str, u32); 4] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
    ),
];

/// The count of `perft` with the technique and last ply given, each by default where
/// `None`.
fn nodes(cpu: Option<&str>, fen: &str, depth: u32, method: (Option<&str>, Option<&str>)) -> u64 {
    let depth = depth.to_string();
    let mut args = vec!["perft", depth.as_str(), "--fen", fen, "--json"];
    if let Some(t) = method.0 {
        args.extend(["--technique", t]);
    }
    if let Some(l) = method.1 {
        args.extend(["--last-ply", l]);
    }
    let out = rayscan(cpu, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    v["nodes"].as_u64().unwrap()
}

#[test]
fn the_default_follows_the_cpu() {
    let pext_or_magic = match cpu::pext() {
        cpu::PextSupport::Fast => "pext",
        _ => "magic",
    };
    assert_eq!(default_in_json(None), Technique::auto().name());
    assert_eq!(default_in_json(None), pext_or_magic);
    // The last ply is batched where the CPU has AVX2 or AVX-512, whatever the technique.
    let batch_or_each = if cpu::x86_64_v3() { "batch" } else { "each" };
    assert_eq!(defaults_in_json(None).1, batch_or_each);
    let perft = stdout(&rayscan(None, &["perft", "3", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&perft).unwrap();
    assert_eq!(
        (v["technique"].as_str(), v["last_ply"].as_str()),
        (Some(pext_or_magic), Some(batch_or_each)),
        "{perft}"
    );
    if cpu::x86_64_v4() {
        assert_eq!(
            defaults_in_json(Some("v4")),
            (pext_or_magic.to_owned(), "batch".to_owned())
        );
        let text = stdout(&rayscan(None, &["techniques"]));
        assert!(
            text.ends_with("* default on this CPU: batch (AVX-512 with VPOPCNTDQ: eight children in one register)\n"),
            "{text}"
        );
    }
    if cpu::x86_64_v3() {
        assert_eq!(
            defaults_in_json(Some("v3")),
            (pext_or_magic.to_owned(), "batch".to_owned())
        );
        let text = stdout(&rayscan(Some("v3"), &["techniques"]));
        assert!(
            text.ends_with(
                "* default on this CPU: batch (AVX2: eight children in two registers)\n"
            ),
            "{text}"
        );
    }
    assert_eq!(
        defaults_in_json(Some("baseline")),
        ("magic".to_owned(), "each".to_owned())
    );
    assert_eq!(default_in_json(Some("slow-pext")), "magic");
    let text = stdout(&rayscan(Some("baseline"), &["techniques"]));
    assert!(
        text.contains("* default on this CPU: magic (no BMI2)\n"),
        "{text}"
    );
    assert!(
        text.ends_with("* default on this CPU: each (no AVX2: the eight lanes would be arrays)\n"),
        "{text}"
    );
    assert!(text.contains("(needs BMI2: not on this CPU)"), "{text}");
    if cpu::bmi2() {
        let text = stdout(&rayscan(Some("slow-pext"), &["techniques"]));
        assert!(
            text.contains(
                "* default on this CPU: magic (BMI2, but PEXT is microcoded on AMD before Zen 3)\n"
            ),
            "{text}"
        );
    }
}

#[test]
fn every_copy_of_the_hot_path_counts_the_same() {
    for (fen, depth) in POSITIONS {
        let detected = nodes(None, fen, depth, (None, None));
        for technique in [None, Some("classical"), Some("magic"), Some("lanes")] {
            for last_ply in [None, Some("batch"), Some("each")] {
                let method = (technique, last_ply);
                assert_eq!(
                    nodes(Some("baseline"), fen, depth, method),
                    detected,
                    "{fen} {method:?}"
                );
                if cpu::x86_64_v3() {
                    let n = nodes(Some("v3"), fen, depth, method);
                    assert_eq!(n, detected, "{fen} {method:?}");
                }
                if cpu::x86_64_v4() {
                    let n = nodes(Some("v4"), fen, depth, method);
                    assert_eq!(n, detected, "{fen} {method:?}");
                }
            }
        }
        if cpu::bmi2() {
            for last_ply in [None, Some("batch"), Some("each")] {
                let pext = (Some("pext"), last_ply);
                assert_eq!(nodes(None, fen, depth, pext), detected, "{fen}");
                assert_eq!(nodes(Some("slow-pext"), fen, depth, pext), detected);
            }
        }
    }
}

#[test]
fn a_level_the_cpu_lacks_cannot_be_forced() {
    for (level, has) in [("v4", cpu::x86_64_v4()), ("v3", cpu::x86_64_v3())] {
        let out = rayscan(Some(level), &["perft", "1"]);
        if has {
            assert!(out.status.success(), "{level}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{level}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&format!(
                    "RAYSCAN_CPU: {level}: this CPU has no x86-64-{level}"
                )),
                "{err}"
            );
        }
    }
}

#[test]
fn pext_without_bmi2_is_a_clear_error() {
    let out = rayscan(Some("baseline"), &["perft", "3", "--technique", "pext"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("technique \"pext\" needs BMI2, which this CPU does not have"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let out = rayscan(
        Some("baseline"),
        &["attacks", "rook", "d4", "--technique", "pext"],
    );
    assert_eq!(out.status.code(), Some(2));
    // `all` means every technique this CPU runs.
    let out = rayscan(
        Some("baseline"),
        &[
            "attacks",
            "rook",
            "d4",
            "--technique",
            "all",
            "--format",
            "hex",
        ],
    );
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().count(), Technique::ALL.len() - 1);
    assert!(!stdout(&out).contains("pext"));
}

#[test]
fn uci_offers_the_default_and_refuses_pext_without_bmi2() {
    let out = uci_session(
        Some("baseline"),
        "uci\nsetoption name Technique value pext\nquit\n",
    );
    assert!(
        out.contains("option name Technique type combo default magic"),
        "{out}"
    );
    assert!(!out.contains("var pext"), "{out}");
    assert!(
        out.contains("info string error: setoption Technique: technique \"pext\" needs BMI2"),
        "{out}"
    );
    let out = uci_session(None, "uci\nquit\n");
    let default = format!(
        "option name Technique type combo default {}",
        Technique::auto()
    );
    assert!(out.contains(&default), "{out}");
}

#[test]
fn an_unknown_override_is_an_error() {
    let out = rayscan(Some("haswell"), &["perft", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "RAYSCAN_CPU: unknown value \"haswell\": expected baseline, v3, v4, slow-pext"
        )
    );
}

#[test]
fn a_long_unknown_override_is_quoted_by_its_start() {
    let value = "x".repeat(100_000);
    let out = rayscan(Some(&value), &["perft", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("RAYSCAN_CPU: unknown value \"xxxx"), "{err}");
    assert!(err.len() < 1_000, "{} bytes", err.len());
}
