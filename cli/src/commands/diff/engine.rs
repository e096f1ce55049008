//! The engine under test: a child process asked for divides, read with a deadline, and
//! always reaped. Two ways to ask: a UCI engine started once (`go perft`, Stockfish's
//! output), or a perftree script run once per query.
//!
//! The engine is a stranger: whatever it does wrong (exits, says nothing, writes a line
//! neither protocol has, a total that is not the sum of its lines) is an error of one
//! line that names what it said last.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rayscan::error::Snippet;

use crate::shared::lines::{Line, MAX_LINE, read_line, skip_line};

/// How the engine is asked.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Started once; `position …` and `go perft <n>`, answered by `move: count` lines and `Nodes searched: <n>`.
    Uci,
    /// Run once per query as `CMD <depth> "<fen>" "<moves>"`, answered by `move count` lines, a blank line, the total.
    Perftree,
}

/// A position as the engine is told it: the root and the moves from it, in the
/// engine's notation.
pub struct Query<'a> {
    /// The FEN as rayscan read the user's (Shredder-FEN in Chess960), or `None` for the
    /// start position.
    pub fen: Option<&'a str>,
    /// Moves from the root, UCI.
    pub moves: &'a [String],
    /// Whether the position is Chess960 (castling written king-to-rook).
    pub chess960: bool,
}

/// The standard start position, for a perftree script, which is always given a FEN.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What an engine answered to a perft query: its moves with their counts, in its order,
/// and its total (already checked to be their sum).
pub struct Divide {
    pub moves: Vec<(String, u64)>,
    pub total: u64,
}

/// An engine speaking one of the protocols.
pub enum Engine {
    Uci(UciEngine),
    Perftree(PerftreeEngine),
}

impl Engine {
    /// Starts the engine (a UCI engine is started now and greeted; a perftree script
    /// is run at each query). `command` is split as a shell would split it.
    pub fn start(command: &str, protocol: Protocol, timeout: Duration) -> Result<Engine, String> {
        let argv = shell_words::split(command)
            .map_err(|e| format!("--engine: {e} in {}", Snippet::new(command)))?;
        if argv.is_empty() {
            return Err("--engine: the command line is empty".into());
        }
        Ok(match protocol {
            Protocol::Uci => Engine::Uci(UciEngine::start(argv, timeout)?),
            Protocol::Perftree => Engine::Perftree(PerftreeEngine { argv, timeout }),
        })
    }

    /// Whether it is a UCI engine that does not offer `UCI_Chess960`.
    pub fn lacks_chess960(&self) -> bool {
        matches!(self, Engine::Uci(e) if !e.offers_chess960)
    }

    /// The engine's divide of `query` at `depth`.
    pub fn divide(&mut self, query: &Query, depth: u32) -> Result<Divide, String> {
        match self {
            Engine::Uci(e) => e.divide(query, depth),
            Engine::Perftree(e) => e.divide(query, depth),
        }
    }

    /// Ends the engine: `quit` to a UCI engine; the process is reaped either way (also
    /// when an `Engine` is dropped on an error).
    pub fn finish(self) {
        if let Engine::Uci(mut e) = self {
            e.quit();
        }
    }
}

/// The engines running, by process group, for [`kill_all`].
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Kills every engine still running, with whatever it started: for Ctrl-C, which ends
/// rayscan without running its destructors, and which a terminal no longer sends to an
/// engine in a process group of its own.
pub fn kill_all() {
    if let Ok(running) = RUNNING.lock() {
        for &group in running.iter() {
            kill_group(group);
        }
    }
}

/// Kills the process group `group` (an engine and what it started, such as the perft a
/// wrapper script runs without `exec`).
#[cfg(unix)]
fn kill_group(group: u32) {
    if let Ok(group) = libc::pid_t::try_from(group) {
        // SAFETY: kill(2) with a negative pid signals a process group; it touches no
        // memory of ours, and a group that has gone is an error it returns (ESRCH).
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_: u32) {}

/// Lines read from the engine and not yet taken: enough for any divide; beyond them the
/// reader waits, and so does an engine that floods its output.
const QUEUED_LINES: usize = 4096;

/// A running child: its stdin, its stdout as lines from a reader thread, the last line
/// it wrote on each of stdout and stderr, for the error messages. Killed, with its
/// process group, and reaped when dropped.
struct Process {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The last line the engine wrote (`None` before its first).
    last: Option<String>,
    /// The last line it wrote on stderr (which is read and not shown: rayscan's errors
    /// are one line).
    last_error: Arc<Mutex<Option<String>>>,
    /// Set when stderr has ended.
    stderr_done: Arc<AtomicBool>,
}

/// A line of bytes without its line end, as text.
fn text_line(bytes: &[u8]) -> String {
    let line = String::from_utf8_lossy(bytes);
    line.trim_end_matches(['\n', '\r']).to_string()
}

impl Process {
    /// Starts `argv` with piped stdin, stdout and stderr, in a process group of its own.
    fn spawn(argv: &[String], stdin: bool) -> Result<Process, String> {
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(if stdin { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("--engine: cannot start {}: {e}", Snippet::new(&argv[0])))?;
        if let Ok(mut running) = RUNNING.lock() {
            running.push(child.id());
        }
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, lines) = sync_channel(QUEUED_LINES);
        std::thread::spawn(move || {
            // Lines are read with a bound: an engine printing without end costs one
            // line's memory, and the cut line reads as malformed.
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            while let Ok(line @ (Line::Whole | Line::TooLong)) =
                read_line(&mut reader, &mut bytes, MAX_LINE)
            {
                if send.send(text_line(&bytes)).is_err()
                    || (line == Line::TooLong && skip_line(&mut reader).is_err())
                {
                    break;
                }
            }
        });
        let last_error = Arc::new(Mutex::new(None));
        let stderr = child.stderr.take().expect("stderr is piped");
        let keep = Arc::clone(&last_error);
        let stderr_done = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&stderr_done);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            let mut bytes = Vec::new();
            while matches!(reader.by_ref().take(1 << 16).read_until(b'\n', &mut bytes), Ok(n) if n > 0)
            {
                let line = text_line(&bytes);
                if !line.trim().is_empty()
                    && let Ok(mut last) = keep.lock()
                {
                    *last = Some(line);
                }
                bytes.clear();
            }
            done.store(true, Ordering::Release);
        });
        Ok(Process {
            name: argv[0].clone(),
            stdin: child.stdin.take(),
            child,
            lines,
            last: None,
            last_error,
            stderr_done,
        })
    }

    /// Waits a moment for the end of stderr, once the engine has exited, so that its
    /// last words (a panic's message) are in the error. The end comes as soon as the
    /// reading thread has read them, which on a busy machine can take more than the half
    /// second this used to wait; the whole wait is only for an engine whose stderr a
    /// process it started holds open.
    fn settle_stderr(&self) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while !self.stderr_done.load(Ordering::Acquire) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// `; it said last "…"` (or that it said nothing), and its last line on stderr.
    fn said_last(&self) -> String {
        let mut said = match &self.last {
            Some(line) => format!("; it said last {}", quote(line)),
            None => "; it said nothing".to_string(),
        };
        if let Ok(last) = self.last_error.lock()
            && let Some(line) = last.as_deref()
        {
            said.push_str(&format!(", and on stderr {}", quote(line)));
        }
        said
    }

    /// Writes one line to the engine.
    fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().expect("stdin is piped");
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            // It closed its input: it has exited or is about to; say how.
            return Err(self.gone(&format!("sent {}", quote(line))));
        }
        Ok(())
    }

    /// The engine's next line, or `None` at the end of its output; an error once
    /// `deadline` has passed. `waiting` says for what, for the message.
    fn line(
        &mut self,
        deadline: Instant,
        timeout: Duration,
        waiting: &str,
    ) -> Result<Option<String>, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                self.last = Some(line.clone());
                Ok(Some(line))
            }
            Err(RecvTimeoutError::Disconnected) => Ok(None),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "engine {}: no answer to {waiting} within {} s{}",
                quote(&self.name),
                timeout.as_secs_f64(),
                self.said_last()
            )),
        }
    }

    /// The engine's exit status once it has exited, or `None` if it has not by
    /// `deadline`.
    fn exit_status(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2))
                }
                _ => return None,
            }
        }
    }

    /// Reads lines until one is `answer` (the reply to `asked`), showing each line before
    /// it to `seen`; an error if the engine ends or `deadline` passes first.
    fn answer(
        &mut self,
        asked: &str,
        answer: &str,
        deadline: Instant,
        timeout: Duration,
        mut seen: impl FnMut(&str),
    ) -> Result<(), String> {
        let waiting = quote(asked);
        loop {
            match self.line(deadline, timeout, &waiting)? {
                None => return Err(self.gone(&format!("before {}", quote(answer)))),
                Some(line) if line.trim() == answer => return Ok(()),
                Some(line) => seen(&line),
            }
        }
    }

    /// The error for an engine that stopped talking: how it exited (waiting a moment
    /// for it), and what it said last.
    fn gone(&mut self, waiting: &str) -> String {
        let status = self.exit_status(Instant::now() + Duration::from_secs(2));
        let how = match status {
            Some(s) => {
                self.settle_stderr();
                format!("exited ({s})")
            }
            None => "closed its output".to_string(),
        };
        format!(
            "engine {} {how} {waiting}{}",
            quote(&self.name),
            self.said_last()
        )
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        drop(self.stdin.take());
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Ok(mut running) = RUNNING.lock() {
            running.retain(|&id| id != self.child.id());
        }
    }
}

/// A line quoted for a message, cut after 80 characters.
fn quote(line: &str) -> String {
    let mut chars = line.chars();
    let start: String = chars.by_ref().take(80).collect();
    let more = if chars.next().is_some() { "…" } else { "" };
    // Escaped as Rust escapes a string, but for `'`: shown as the engine wrote it.
    let escaped: Vec<String> = start
        .split('\'')
        .map(|p| p.escape_debug().to_string())
        .collect();
    format!("\"{}{more}\"", escaped.join("'"))
}

/// A UCI engine, started once.
pub struct UciEngine {
    process: Process,
    timeout: Duration,
    /// Whether it offers the `UCI_Chess960` option, and whether it was set.
    offers_chess960: bool,
    chess960_set: bool,
}

impl UciEngine {
    fn start(argv: Vec<String>, timeout: Duration) -> Result<UciEngine, String> {
        let mut process = Process::spawn(&argv, true)?;
        let deadline = Instant::now() + timeout;
        process.send("uci")?;
        let mut offers_chess960 = false;
        process.answer("uci", "uciok", deadline, timeout, |line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            offers_chess960 |= words.starts_with(&["option", "name", "UCI_Chess960"]);
        })?;
        Ok(UciEngine {
            process,
            timeout,
            offers_chess960,
            chess960_set: false,
        })
    }

    /// `isready` until `readyok`, then the position and `go perft`, read up to
    /// `Nodes searched`.
    fn divide(&mut self, query: &Query, depth: u32) -> Result<Divide, String> {
        let deadline = Instant::now() + self.timeout;
        let p = &mut self.process;
        if query.chess960 && self.offers_chess960 && !self.chess960_set {
            p.send("setoption name UCI_Chess960 value true")?;
            self.chess960_set = true;
        }
        p.send("isready")?;
        p.answer("isready", "readyok", deadline, self.timeout, |_| {})?;
        let mut position = match query.fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        if !query.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&query.moves.join(" "));
        }
        p.send(&position)?;
        let go = format!("go perft {depth}");
        p.send(&go)?;
        let waiting = quote(&go);
        let mut moves = Vec::new();
        loop {
            let Some(line) = p.line(deadline, self.timeout, &waiting)? else {
                return Err(p.gone(&format!("before answering {waiting}")));
            };
            let text = line.trim();
            if text.is_empty() || text.starts_with("info") {
                continue;
            }
            let name = &p.name;
            if let Some(total) = text.strip_prefix("Nodes searched:") {
                let total = parse_count(total.trim(), &line, name)?;
                return checked(moves, total, &line, name);
            }
            let (m, count) = text.split_once(':').ok_or_else(|| {
                format!(
                    "engine {}: malformed line {} after {waiting} (expected \"move: count\" or \"Nodes searched: n\")",
                    quote(name),
                    quote(&line)
                )
            })?;
            moves.push((
                read_move(m.trim(), &line, name)?,
                parse_count(count.trim(), &line, name)?,
            ));
        }
    }

    /// `quit`, then a moment for the engine to go before it is killed.
    fn quit(&mut self) {
        let _ = self.process.send("quit");
        drop(self.process.stdin.take());
        self.process
            .exit_status(Instant::now() + Duration::from_millis(500));
    }
}

/// A perftree script, run once per query.
pub struct PerftreeEngine {
    argv: Vec<String>,
    timeout: Duration,
}

impl PerftreeEngine {
    /// `CMD <depth> "<fen>" "<moves>"`: lines `move count`, a blank line, the total.
    fn divide(&mut self, query: &Query, depth: u32) -> Result<Divide, String> {
        let mut argv = self.argv.clone();
        argv.push(depth.to_string());
        argv.push(query.fen.unwrap_or(START_FEN).to_string());
        argv.push(query.moves.join(" "));
        let deadline = Instant::now() + self.timeout;
        let mut p = Process::spawn(&argv, false)?;
        let waiting = format!("depth {depth}");
        let mut lines = Vec::new();
        while let Some(line) = p.line(deadline, self.timeout, &waiting)? {
            lines.push(line);
        }
        // The end of its output: it should exit now.
        let Some(status) = p.exit_status(deadline) else {
            return Err(format!(
                "engine {}: did not exit within {} s after its output{}",
                quote(&p.name),
                self.timeout.as_secs_f64(),
                p.said_last()
            ));
        };
        if !status.success() {
            p.settle_stderr();
            return Err(format!(
                "engine {} exited ({status}) at {waiting}{}",
                quote(&p.name),
                p.said_last()
            ));
        }
        let name = &p.name;
        let mut moves = Vec::new();
        let mut lines = lines.iter();
        for line in lines.by_ref() {
            let text = line.trim();
            if text.is_empty() {
                break;
            }
            let (m, count) = text.split_once(' ').ok_or_else(|| {
                format!(
                    "engine {}: malformed line {} at {waiting} (expected \"move count\", a blank line, the total)",
                    quote(name),
                    quote(line)
                )
            })?;
            moves.push((
                read_move(m, line, name)?,
                parse_count(count.trim(), line, name)?,
            ));
        }
        let mut rest = lines.filter(|l| !l.trim().is_empty());
        let Some(total_line) = rest.next() else {
            return Err(format!(
                "engine {}: no total after the moves at {waiting}{}",
                quote(name),
                p.said_last()
            ));
        };
        if let Some(extra) = rest.next() {
            return Err(format!(
                "engine {}: malformed line {} after the total at {waiting}",
                quote(name),
                quote(extra)
            ));
        }
        let total = parse_count(total_line.trim(), total_line, name)?;
        checked(moves, total, total_line, name)
    }
}

/// The divide, once its total is seen to be the sum of its lines. Errors name the
/// engine (`name`, its program) as every error about what it said does.
fn checked(
    moves: Vec<(String, u64)>,
    total: u64,
    line: &str,
    name: &str,
) -> Result<Divide, String> {
    let sum = moves.iter().try_fold(0u64, |s, (_, n)| s.checked_add(*n));
    if sum != Some(total) {
        let sum = sum.map_or("more than 2^64".to_string(), |s| s.to_string());
        return Err(format!(
            "engine {}: the total in {} is not the sum of its moves' counts, {sum}",
            quote(name),
            quote(line)
        ));
    }
    Ok(Divide { moves, total })
}

/// A count in an engine's line.
fn parse_count(text: &str, line: &str, name: &str) -> Result<u64, String> {
    text.parse().map_err(|_| {
        format!(
            "engine {}: malformed count {} in the line {}",
            quote(name),
            Snippet::new(text),
            quote(line)
        )
    })
}

/// A move in an engine's line: UCI syntax (`e2e4`, `e7e8q`), or an error naming it.
/// Whether it is legal is for the comparison to say.
fn read_move(text: &str, line: &str, name: &str) -> Result<String, String> {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    let ok = (b.len() == 4 || b.len() == 5)
        && square(b[0], b[1])
        && square(b[2], b[3])
        && (b.len() == 4 || b"nbrq".contains(&b[4]));
    if ok {
        Ok(text.to_string())
    } else {
        Err(format!(
            "engine {}: unknown move {} in the line {}",
            quote(name),
            Snippet::new(text),
            quote(line)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_read_as_uci_syntax_only() {
        assert!(read_move("e2e4", "", "./engine").is_ok());
        assert!(read_move("e7e8q", "", "./engine").is_ok());
        for bad in ["e2e9", "e7e8k", "e2", "O-O", "e2e4e5", "i1a1"] {
            let e = read_move(bad, "x", "./engine").unwrap_err();
            assert!(e.starts_with("engine \"./engine\": unknown move"), "{e}");
        }
    }

    #[test]
    fn a_total_must_be_the_sum() {
        let moves = vec![("e2e4".to_string(), 2), ("d2d4".to_string(), 3)];
        assert_eq!(checked(moves.clone(), 5, "", "e").unwrap().total, 5);
        let e = checked(moves, 6, "Nodes searched: 6", "e").err().unwrap();
        assert!(
            e.contains("\"Nodes searched: 6\"") && e.contains(", 5"),
            "{e}"
        );
    }

    #[test]
    fn a_command_line_is_split_as_a_shell_would() {
        let e = Engine::start("", Protocol::Uci, Duration::from_secs(1))
            .err()
            .unwrap();
        assert_eq!(e, "--engine: the command line is empty");
        let e = Engine::start("engine 'open", Protocol::Uci, Duration::from_secs(1))
            .err()
            .unwrap();
        assert!(e.starts_with("--engine: "), "{e}");
        let e = Engine::start(
            "/nonexistent/engine --x",
            Protocol::Uci,
            Duration::from_secs(1),
        )
        .err()
        .unwrap();
        assert!(
            e.starts_with("--engine: cannot start \"/nonexistent/engine\""),
            "{e}"
        );
    }
}
