//! The guard on perft's work: the instructions perft executes on a fixed set of positions
//! (`src/bin/perft-work.rs`), counted one by one under `ptrace`, in each copy of the hot
//! paths this CPU runs, against the counts recorded in `work.txt`. An instruction count
//! does not drift with a shared machine's load, so a few percent more work fails here.
//!
//! More than [`GROWTH`] over the record fails: perft does more work than it did. Less
//! than [`SHRINK`] of it fails too, asking for the record to be brought down, so that the
//! guard keeps holding at the new level. To record this machine's counts:
//!
//! ```text
//! RAYSCAN_WORK_RECORD=1 cargo test --release -p rayscan-bench --test work
//! ```
//!
//! The counts are of a release build: a debug build's are not compared.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rayscan::cpu;

/// The most a count may exceed its record: its own noise is none, so this only allows
/// for another toolchain's code generation.
const GROWTH: f64 = 1.03;
/// The least a count may fall to, as a share of its record, before the record must be
/// brought down.
const SHRINK: f64 = 0.90;
/// How long one count may take: a single step costs tens of microseconds.
const DEADLINE: Duration = Duration::from_secs(600);

/// `ptrace`'s address and data, where a request takes none (pointer-sized: the call is
/// variadic).
const NULL: *mut libc::c_void = std::ptr::null_mut();

/// The recorded counts: `copy instructions` per line, `#` comments.
fn record_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("work.txt")
}

fn recorded(copy: &str) -> Option<u64> {
    let text = std::fs::read_to_string(record_path()).expect("bench/work.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .find(|(c, _)| *c == copy)
        .map(|(_, n)| n.trim().parse().expect("a count in bench/work.txt"))
}

/// The instructions `perft-work` executes between its two stops, with `RAYSCAN_CPU` set
/// to `cpu`, and the line it prints (method and nodes).
fn count(cpu: &str) -> (u64, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_perft-work"));
    command
        .env("RAYSCAN_CPU", cpu)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    // SAFETY: between fork and exec the child only asks to be traced (async-signal-safe).
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(|| {
            if libc::ptrace(libc::PTRACE_TRACEME, 0, NULL, NULL) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("perft-work starts traced");
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    // Waits for the next stop: the signal that stopped it.
    let next_stop = || -> i32 {
        let mut status = 0;
        // SAFETY: `pid` is our child, `status` a valid place for its status.
        let waited = unsafe { libc::waitpid(pid, &mut status, 0) };
        assert_eq!(waited, pid, "waitpid: {}", std::io::Error::last_os_error());
        assert!(
            libc::WIFSTOPPED(status),
            "perft-work ended before its stops"
        );
        libc::WSTOPSIG(status)
    };
    let resume = |request: libc::c_uint| {
        // SAFETY: `pid` is our stopped, traced child.
        let done = unsafe { libc::ptrace(request, pid, NULL, NULL) };
        assert_eq!(done, 0, "ptrace: {}", std::io::Error::last_os_error());
    };
    // Stopped at the exec, then at the first SIGSTOP: the count begins.
    assert_eq!(next_stop(), libc::SIGTRAP, "perft-work under ptrace");
    resume(libc::PTRACE_CONT);
    assert_eq!(next_stop(), libc::SIGSTOP, "perft-work's first stop");
    let mut steps = 0u64;
    loop {
        resume(libc::PTRACE_SINGLESTEP);
        match next_stop() {
            libc::SIGTRAP => steps += 1,
            libc::SIGSTOP => break,
            other => panic!("perft-work stopped by signal {other} while counted"),
        }
        if steps.is_multiple_of(65_536) && start.elapsed() > DEADLINE {
            // SAFETY: `pid` is our child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("counting {cpu} took more than {DEADLINE:?}");
        }
    }
    resume(libc::PTRACE_CONT);
    let status = child.wait().expect("perft-work's exit");
    assert!(status.success(), "perft-work: {status}");
    let mut line = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut line)
        .expect("perft-work's output");
    (steps, line.trim().to_owned())
}

/// Counts the copy and compares it with its record (or records it).
fn guard(copy: &str, method: &str) {
    if cfg!(debug_assertions) {
        eprintln!("work: a debug build's counts are not compared; run with --release");
        return;
    }
    let (steps, line) = count(copy);
    // The method the copy runs, and the nodes: the count is of right answers.
    assert_eq!(line, format!("{method} 25234"), "{copy}");
    let Some(want) = recorded(copy) else {
        panic!("no count recorded for {copy} in bench/work.txt ({steps} now)");
    };
    if std::env::var_os("RAYSCAN_WORK_RECORD").is_some() {
        // The copies are counted on parallel threads: one writes the file at a time.
        static FILE: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _file = FILE.lock().unwrap_or_else(|e| e.into_inner());
        let text = std::fs::read_to_string(record_path()).unwrap();
        let text = text.replace(&format!("{copy} {want}\n"), &format!("{copy} {steps}\n"));
        std::fs::write(record_path(), text).unwrap();
        eprintln!("work: recorded {copy} {steps} (was {want})");
        return;
    }
    let ratio = steps as f64 / want as f64;
    eprintln!("work: {copy}: {steps} instructions, {ratio:.3} of the {want} recorded");
    assert!(
        ratio <= GROWTH,
        "perft's work grew: the {copy} copy executes {steps} instructions, {:.1}% more than the {want} recorded in bench/work.txt",
        100.0 * (ratio - 1.0)
    );
    assert!(
        ratio >= SHRINK,
        "perft's work fell: the {copy} copy executes {steps} instructions, {:.1}% fewer than the {want} recorded; record the new count (RAYSCAN_WORK_RECORD=1) so that the guard holds there",
        100.0 * (1.0 - ratio)
    );
}

#[test]
fn the_baseline_copy_does_no_more_work() {
    guard("baseline", "magic each");
}

#[test]
fn the_x86_64_v3_copy_does_no_more_work() {
    if cpu::x86_64_v3() {
        let technique = if cpu::pext() == cpu::PextSupport::Fast {
            "pext"
        } else {
            "magic"
        };
        guard("v3", &format!("{technique} batch"));
    }
}

#[test]
fn the_x86_64_v4_copy_does_no_more_work() {
    if cpu::x86_64_v4() {
        guard("v4", "pext batch");
    }
}
