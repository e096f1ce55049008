//! What the CLI's test files share: running the binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// The `rayscan` binary, with `RAYSCAN_CPU` set to `cpu` if given (otherwise inherited,
/// so the child sees the CPU the test process sees).
pub fn rayscan_command(cpu: Option<&str>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rayscan"));
    if let Some(value) = cpu {
        command.env("RAYSCAN_CPU", value);
    }
    command
}

/// Drives `rayscan uci` through a pipe with `input` and returns its output.
pub fn uci_session(cpu: Option<&str>, input: &str) -> String {
    let mut child = rayscan_command(cpu)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "uci exits cleanly at the end of input"
    );
    String::from_utf8(out.stdout).unwrap()
}
