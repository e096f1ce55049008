//! The Python package (`python/`), built as its README says (`pip install ./python`) into
//! a virtual environment with its test requirements (pytest, python-chess, NumPy), then
//! its pytest suite: here, so that the README's one test command covers it. The package
//! is a workspace of its own (an extension module links against no libpython, so it
//! cannot be a test binary), and this file is its driver.
//!
//! It needs Python 3.10 or later with `venv` and a reachable package index. Without
//! Python the test fails, saying so (`.ci/install-tools` installs Debian's).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::common::{missing, output_within};

/// Building the extension from clean takes a few minutes on two cores.
const BUILD_DEADLINE: Duration = Duration::from_secs(1200);
/// The pytest suite takes well under a minute.
const TEST_DEADLINE: Duration = Duration::from_secs(900);

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs `command`, which must succeed within `deadline`; fails the test with its output
/// otherwise.
#[track_caller]
fn run(command: &mut Command, deadline: Duration) -> String {
    let shown = format!("{command:?}");
    let out = output_within(command, None, deadline);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{shown} failed:\n{text}");
    text
}

/// A virtual environment with the package and its test requirements installed, made
/// once per target directory (pip installs the package again each time: cargo rebuilds
/// only what changed, in `target/python`).
fn environment() -> PathBuf {
    let python = std::env::var("RAYSCAN_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let usable = Command::new(&python)
        .args(["-c", "import sys, venv; assert sys.version_info >= (3, 10)"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !usable {
        missing("Python 3.10+ with venv", "python3-venv", "python::");
    }
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-venv");
    let pip = venv.join("bin").join("pip");
    if !pip.exists() {
        run(
            Command::new(&python).args(["-m", "venv"]).arg(&venv),
            BUILD_DEADLINE,
        );
    }
    let repo = repository();
    run(
        Command::new(&pip)
            .args([
                "install",
                "--quiet",
                "pytest>=7",
                "chess==1.11.2",
                "numpy>=1.21",
            ])
            .current_dir(&repo),
        BUILD_DEADLINE,
    );
    // The README's command, with cargo's build kept beside the workspace's.
    run(
        Command::new(&pip)
            .args(["install", "--quiet", "./python"])
            .env("CARGO_TARGET_DIR", repo.join("target").join("python"))
            .current_dir(&repo),
        BUILD_DEADLINE,
    );
    venv
}

/// `pip install ./python`, then the package's pytest suite (API, perft, Ctrl-C, batches,
/// random games and boards against python-chess, and python-chess's own tests of its
/// core module, from its sdist, downloaded once per target directory).
#[test]
fn python_package_builds_and_its_pytest_suite_passes() {
    let venv = environment();
    let tests = repository().join("python").join("tests");
    // Run from a folder of its own: python/ holds a rayscan/ folder (the package's
    // Python half) that would shadow the installed package.
    let scratch = std::env::temp_dir().join(format!("rayscan-pytest-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let out = run(
        Command::new(venv.join("bin").join("python"))
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(&tests)
            .env(
                "RAYSCAN_PYCHESS_SDIST",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-chess-sdist"),
            )
            .current_dir(&scratch),
        TEST_DEADLINE,
    );
    let _ = std::fs::remove_dir_all(&scratch);
    let summary = out
        .lines()
        .rev()
        .find(|l| l.contains(" passed"))
        .unwrap_or("");
    assert!(
        summary.contains(" passed") && !summary.contains("failed") && !summary.contains("skipped"),
        "pytest did not pass everything:\n{out}"
    );
    println!("pytest: {summary}");
}
