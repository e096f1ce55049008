//! What the CLI's test files share: running the binary with a deadline, and failing a
//! test whose outside program is missing.
// Each test file compiles its own copy and uses a part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long one run of a program may take in a test before the test kills it and fails:
/// far beyond the slowest run on a loaded two-core machine, so it never fires on a
/// working build, and a hang fails one test with its command line instead of stalling
/// the whole suite.
pub const DEADLINE: Duration = Duration::from_secs(300);

/// Runs `command` to its end, as `Command::output` does (stdout and stderr captured),
/// with `input` written to its stdin (else stdin is empty), waiting at most `deadline`.
/// Past it, the process is killed and the test fails naming the command.
#[track_caller]
pub fn output_within(command: &mut Command, input: Option<&[u8]>, deadline: Duration) -> Output {
    command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
    if let (Some(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        // A writer of its own: the child's output is read while it reads its input,
        // so neither pipe fills up and blocks the other.
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
    let pid = child.id();
    let (send, done) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(child.wait_with_output());
    });
    match done.recv_timeout(deadline) {
        Ok(out) => out.unwrap_or_else(|e| panic!("{command:?}: {e}")),
        Err(_) => {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            panic!("{command:?} did not finish within {deadline:?}: killed");
        }
    }
}

/// Runs `rayscan args…` and returns what it did.
#[track_caller]
pub fn rayscan(args: &[&str]) -> Output {
    output_within(
        Command::new(env!("CARGO_BIN_EXE_rayscan")).args(args),
        None,
        DEADLINE,
    )
}

/// The stdout of a run that must have succeeded (else its stderr is the failure).
pub fn success_text(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

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
#[track_caller]
pub fn uci_session(cpu: Option<&str>, input: &str) -> String {
    let out = output_within(
        rayscan_command(cpu).arg("uci"),
        Some(input.as_bytes()),
        DEADLINE,
    );
    assert!(
        out.status.success(),
        "uci exits cleanly at the end of input: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Fails a test whose outside program is missing, saying which and how to get it.
/// A test that passed without running would prove nothing, so there is no skipping:
/// `.ci/install-tools` installs every program the tests use (Debian's packages), and a
/// user without them leaves the test out knowingly, with `--skip`.
#[track_caller]
pub fn missing(program: &str, package: &str, test: &str) -> ! {
    panic!(
        "{program} is not installed, and this test needs it: run .ci/install-tools \
         (or apt-get install {package}), or leave the test out with \
         `cargo test --workspace --release -- --skip {test}`"
    )
}

/// The fingerprint `perft --split` gives a split (FNV-1a of "root depth plies"), for
/// test lines that must get past it.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `rayscan serve --port 0`, stopped when dropped.
pub struct Server(Child, u16);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Server {
    /// Starts the server on a free port, read from its first line (waited for with
    /// a deadline).
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rayscan"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, first) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let Ok(line) = first.recv_timeout(DEADLINE) else {
            let _ = child.kill();
            panic!("rayscan serve printed no first line within {DEADLINE:?}");
        };
        let port = line
            .strip_prefix("rayscan: serving on http://127.0.0.1:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        Server(child, port)
    }

    /// The port it serves.
    pub fn port(&self) -> u16 {
        self.1
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.0.id()
    }

    /// A connection that has sent `GET path` and not yet read the answer (the read
    /// waits at most [`DEADLINE`]).
    pub fn send(&self, path: &str) -> TcpStream {
        let mut stream = TcpStream::connect(("127.0.0.1", self.1)).unwrap();
        stream.set_read_timeout(Some(DEADLINE)).unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", self.1);
        stream.write_all(request.as_bytes()).unwrap();
        stream
    }

    /// The status and the body of `GET path`.
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut stream = self.send(path);
        let mut response = String::new();
        stream
            .read_to_string(&mut response)
            .unwrap_or_else(|e| panic!("GET {path}: {e}"));
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }

    /// The status and the body, read as JSON, of `GET path`.
    pub fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.get(path);
        let value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        (status, value)
    }
}

/// Exit code 2, nothing on stdout, and one line `rayscan: error: …` of at most 1,000
/// bytes containing each of `wants`.
pub fn refused(args: &[&str], wants: &[&str]) -> String {
    let out = rayscan(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let shown: String = args.join(" ").chars().take(120).collect();
    let start: String = err.chars().take(300).collect();
    assert_eq!(out.status.code(), Some(2), "{shown}: {start}");
    assert!(out.stdout.is_empty(), "{shown}");
    assert!(
        err.len() <= 1000,
        "{shown}: the error is {} bytes: {start}…",
        err.len()
    );
    assert_eq!(err.lines().count(), 1, "{shown}: {err}");
    assert!(err.starts_with("rayscan: error: "), "{shown}: {err}");
    for want in wants {
        assert!(err.contains(want), "{shown}: {err:?} lacks {want:?}");
    }
    err
}

/// Exit code 2, nothing on stdout, and exactly the one line `rayscan: error: {want}`.
#[track_caller]
pub fn refused_exactly(args: &[&str], want: &str) {
    let out = rayscan(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err, format!("rayscan: error: {want}\n"), "{args:?}");
}

/// With `--json` among `args`: exit code 2, nothing on stdout, and on stderr exactly one
/// line of JSON, `{"error": message}`, whose message contains each of `wants`. Returns
/// the message.
#[track_caller]
pub fn refused_json(args: &[&str], wants: &[&str]) -> String {
    let out = rayscan(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let shown: String = args.join(" ").chars().take(120).collect();
    assert_eq!(out.status.code(), Some(2), "{shown}: {err}");
    assert!(out.stdout.is_empty(), "{shown}");
    assert!(
        err.ends_with('\n') && err.lines().count() == 1,
        "{shown}: {err}"
    );
    let value: serde_json::Value =
        serde_json::from_str(&err).unwrap_or_else(|e| panic!("{shown}: {e}: {err}"));
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("{shown}: {err}"));
    assert_eq!(object.len(), 1, "{shown}: {err}");
    let message = object["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{shown}: {err}"))
        .to_string();
    for want in wants {
        assert!(
            message.contains(want),
            "{shown}: {message:?} lacks {want:?}"
        );
    }
    message
}

/// A file in a temporary folder of its own (named after the test process and the
/// file), removed with the folder when dropped: tests leave nothing behind in the
/// temporary directory. Reads as the file's path (`&file` is a `&str`).
pub struct TempFile(std::path::PathBuf);

impl TempFile {
    /// Writes `text` to a file called `name`.
    pub fn new(name: &str, text: &str) -> TempFile {
        let dir = std::env::temp_dir().join(format!("rayscan-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        TempFile(file)
    }

    /// The file's path.
    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl std::ops::Deref for TempFile {
    type Target = str;
    fn deref(&self) -> &str {
        self.path()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.0.parent().unwrap());
    }
}

/// MemAvailable in MiB, as `rayscan` reads it.
pub fn available_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}
