//! The npm package (`js/`), built as its README says (`npm ci && npm run build`), then its
//! `node --test` suite: chess.js's own tests against the package, random games and bad
//! input against chess.js, perft. Here, so that the README's one test command covers
//! it; the package's WebAssembly half is a cargo workspace of its own (built for
//! wasm32-unknown-unknown by `npm run build`), and this file is its driver.
//!
//! It needs Node.js 18 or later with npm and a reachable npm registry; the build adds
//! the Rust target when it is missing, and installs no tool (its wasm-bindgen step is a
//! program of the package's workspace). Without Node the test fails, saying so
//! (`.ci/install-tools` installs Debian's).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::common::{missing, output_within};

/// `npm ci` and a build from clean take about a minute on two cores.
const BUILD_DEADLINE: Duration = Duration::from_secs(1200);
/// The suite takes well under a minute.
const TEST_DEADLINE: Duration = Duration::from_secs(600);

fn package() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("js")
}

/// Runs `command` in js/, which must succeed within `deadline`; fails the test with its
/// output otherwise.
#[track_caller]
fn run(command: &mut Command, deadline: Duration) -> String {
    let shown = format!("{command:?}");
    let out = output_within(command.current_dir(package()), None, deadline);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{shown} failed:\n{text}");
    text
}

/// `npm ci && npm run build`, then `npm test` (`node --test test/`).
#[test]
fn js_package_builds_and_its_node_test_suite_passes() {
    let usable = Command::new("node")
        .args([
            "-e",
            "process.exit(Number(process.versions.node.split('.')[0]) >= 18 ? 0 : 1)",
        ])
        .output()
        .is_ok_and(|o| o.status.success())
        && Command::new("npm")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
    if !usable {
        missing("Node.js 18+ with npm", "nodejs npm", "js::");
    }
    run(
        Command::new("npm").args(["ci", "--no-audit", "--no-fund"]),
        BUILD_DEADLINE,
    );
    run(Command::new("npm").args(["run", "build"]), BUILD_DEADLINE);
    let out = run(Command::new("npm").arg("test"), TEST_DEADLINE);
    let count = |key: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(&format!("# {key} ")))
            .and_then(|n| n.trim().parse::<u32>().ok())
    };
    let (pass, fail) = (count("pass"), count("fail"));
    assert!(
        pass.is_some_and(|n| n > 0) && fail == Some(0) && count("skipped") == Some(0),
        "node --test did not pass everything:\n{out}"
    );
    println!("node --test: {} passed", pass.unwrap_or(0));
}
