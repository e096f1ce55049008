//! `rayscan uci` driven as a GUI drives it: the input stays open, and the loop answers
//! `isready`, `stop` and `quit` while a count runs. Every wait has a deadline that only
//! a hang reaches: the counts these tests stop (perft 12) would take days.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::common::DEADLINE;

/// `rayscan uci` on pipes, killed when dropped.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rayscan"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// The lines before `want`, each waited for with the deadline.
    #[track_caller]
    fn until(&self, want: &str) -> Vec<String> {
        let mut before = Vec::new();
        loop {
            match self.lines.recv_timeout(DEADLINE) {
                Ok(line) if line == want => return before,
                Ok(line) => before.push(line),
                Err(e) => panic!("no {want:?} within {DEADLINE:?} ({e}) after {before:?}"),
            }
        }
    }

    /// How the process exited, waited for with the deadline (the input left open).
    #[track_caller]
    fn exit(&mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "rayscan uci still running {DEADLINE:?} after quit"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn isready_stop_and_quit_are_answered_while_a_count_runs() {
    for threads in ["1", "2"] {
        let mut uci = Engine::start();
        uci.send(&format!(
            "setoption name Threads value {threads}\ngo perft 12\nisready\n"
        ));
        assert_eq!(uci.until("readyok"), Vec::<String>::new());
        // stop ends the count, with no result: the next count, which waits for it, is the
        // next answer.
        uci.send("stop\nposition startpos moves e2e4\ngo perft 1\n");
        let lines = uci.until("Nodes searched: 20");
        assert_eq!(lines.len(), 21, "{lines:?}");
        // quit ends the program during a count, with the input still open, exit code 0.
        uci.send("go perft 12\nisready\n");
        uci.until("readyok");
        uci.send("quit\n");
        let status = uci.exit();
        assert_eq!(status.code(), Some(0), "{status}");
        assert!(uci.lines.try_iter().all(|l| !l.starts_with("Nodes")));
    }
}
