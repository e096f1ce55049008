//! `rayscan`: sliding-piece attacks from the command line.
//!
//! Output is for people by default; `--json` gives machine-readable output. Bad input
//! (a square, piece, occupancy number, FEN or technique name) exits with code 2 and a one-line
//! error on stderr that names it: `rayscan: error: …`, or with `--json` on the command
//! line `{"error":"…"}` ([`fail`], the one place errors are printed). This file only
//! parses the command line and dispatches: each subcommand is a module of
//! `rayscan_cli::commands`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use rayscan_cli::commands::{
    attacks, bench, diff, explain, fen, perft, perftree, see, serve, show, suite, techniques, uci,
};
use rayscan_cli::shared::io::{Output, json_line};
use rayscan_cli::shared::settings::check_cpu_override;

/// Chess move generation and perft, built on sliding-piece attacks done every way the classical literature describes them.
#[derive(Parser, Debug)]
#[command(name = "rayscan", version)]
struct Cli {
    /// Machine-readable output: compact JSON, one value per line; an error is {"error": "…"} on stderr. Before the command (`rayscan --json perft 3`) as after it; uci, serve and perftree have none.
    #[arg(long)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

/// A command's arguments and `--json`, for the commands whose output has a JSON form.
#[derive(clap::Args, Debug)]
struct WithJson<T: clap::Args> {
    #[command(flatten)]
    args: T,
    /// Machine-readable output: compact JSON, one value per line; an error is {"error": "…"} on stderr.
    #[arg(long)]
    json: bool,
}

/// A command's arguments, for a command whose output has no JSON form: `--json` after
/// it is read (not listed) so that it is refused in the same words as before it.
#[derive(clap::Args, Debug)]
struct NoJson<T: clap::Args> {
    #[command(flatten)]
    args: T,
    #[arg(long, hide = true)]
    json: bool,
}

/// No arguments besides `--json`.
#[derive(clap::Args, Debug)]
struct NoArgs {}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the slider techniques: name, table bytes, description.
    Techniques(WithJson<NoArgs>),
    /// Show the squares a rook, bishop or queen attacks.
    Attacks(WithJson<attacks::Args>),
    /// Walk through a technique step by step, with diagrams.
    Explain(WithJson<explain::Args>),
    /// Count the leaf nodes of the legal move tree (bulk counting at the last ply).
    Perft(WithJson<perft::Args>),
    /// Draw a position with the squares the opponent attacks, the pinned pieces and the checkers.
    Show(WithJson<show::Args>),
    /// Serve the web page on 127.0.0.1: a board, every technique's steps, perft and divide.
    Serve(NoJson<serve::Args>),
    /// Speak UCI on stdin/stdout: uci, isready, ucinewgame, position, go perft, d, setoption, stop, quit.
    Uci(NoJson<NoArgs>),
    /// perftree's script contract: `move count` per root move, a blank line, the total.
    Perftree(NoJson<perftree::Args>),
    /// Perft speed on a fixed set of positions, the way engines' `bench` works.
    Bench(WithJson<bench::Args>),
    /// Check perft suites: lines `FEN ;D1 n ;D2 n …`; exit 1 if any count differs.
    Suite(WithJson<suite::Args>),
    /// Static exchange evaluation of a move (P=100, N=B=300, R=500, Q=900), or of a SEE suite.
    See(WithJson<see::Args>),
    /// Read a FEN (any dialect), play moves, print the FEN and any warnings.
    Fen(WithJson<fen::Args>),
    /// Find where another engine's perft goes wrong: compare divides and descend to the position whose move lists differ; exit 1 there, 0 if it agrees.
    Diff(WithJson<diff::Args>),
}

fn run(cli: Cli) -> Result<Output, String> {
    // `--json` before the command counts only for a command that offers it.
    let json = |c: bool| cli.json || c;
    let refuse = |name: &str, after: bool| -> Result<(), String> {
        if cli.json || after {
            return Err(format!("--json: {name} has no JSON output"));
        }
        Ok(())
    };
    match cli.command {
        Command::Techniques(a) => Ok(techniques::run(json(a.json)).into()),
        Command::Attacks(a) => Ok(attacks::run(a.args, json(a.json)).into()),
        Command::Explain(a) => Ok(explain::run(a.args, json(a.json)).into()),
        Command::Perft(a) => perft::run(a.args, json(a.json)).map(Output::from),
        Command::Show(a) => show::run(a.args, json(a.json)).map(Output::from),
        Command::Serve(a) => {
            refuse("serve", a.json)?;
            serve::run(a.args).map(|()| String::new().into())
        }
        Command::Uci(a) => {
            refuse("uci", a.json)?;
            uci::run().map(|()| String::new().into())
        }
        Command::Perftree(a) => {
            refuse("perftree", a.json)?;
            perftree::run(a.args).map(Output::from)
        }
        Command::Bench(a) => bench::run(a.args, json(a.json)),
        Command::Suite(a) => suite::run(a.args, json(a.json)),
        Command::See(a) => see::run(a.args, json(a.json)),
        Command::Fen(a) => fen::run(a.args, json(a.json)).map(Output::from),
        Command::Diff(a) => diff::run(a.args, json(a.json)),
    }
}

/// clap's error as one line, naming what is wrong: its first paragraph, without its
/// usage hints. A value it quotes is cut to its start, as the FEN errors quote theirs:
/// an argument of megabytes is not echoed.
fn one_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let rendered = e.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut line = message.join(" ");
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
        if let Some(ContextValue::String(value)) = e.get(kind)
            && value.chars().count() > 40
        {
            let start: String = value.chars().take(40).collect();
            line = line.replacen(value.as_str(), &format!("{start}…"), 1);
        }
    }
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}

/// Whether `--json` is on the command line (before a `--`, after which words are values):
/// then errors are JSON too, whichever word is wrong and whoever finds it (clap, the
/// command, `RAYSCAN_CPU`'s check), and whatever the command (the refusal of `--json` by
/// `uci`, `serve` and `perftree` included).
fn json_asked(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    args.into_iter()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// The error as printed on stderr: `rayscan: error: {message}`, or with `json` one line
/// of JSON, `{"error":"{message}"}` (the same message). Either way stdout stays empty
/// and the exit code is 2.
fn error_line(message: &str, json: bool) -> String {
    if json {
        json_line(&serde_json::json!({ "error": message }))
    } else {
        format!("rayscan: error: {message}\n")
    }
}

/// Prints the error ([`error_line`]) and gives the exit code for it, 2.
fn fail(message: &str, json: bool) -> ExitCode {
    eprint!("{}", error_line(message, json));
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // Ctrl-C ends any command at once, with one line and the shell's code for SIGINT
    // (130), after a newline so a progress bar is not left half-drawn. Nothing rayscan
    // does holds state that needs saving: output is written only when complete. The
    // engines `diff` runs, each in a process group of its own, are killed first.
    let _ = ctrlc::set_handler(|| {
        diff::kill_engines();
        eprintln!("\nrayscan: interrupted");
        std::process::exit(130);
    });
    let json = json_asked(std::env::args_os());
    if let Err(e) = check_cpu_override() {
        return fail(&e, json);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    return ExitCode::SUCCESS;
                }
                // `rayscan` alone: the help, and the code of an error. (With `--json`
                // there is a word, so clap names the missing command instead.)
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    return ExitCode::from(2);
                }
                _ => return fail(&one_line(&e), json),
            }
        }
    };
    match run(cli) {
        Ok(Output { text, passed }) => {
            // A closed pipe (`rayscan perft 9 --split 4 | head`) is the reader's choice,
            // not an error worth a panic.
            use std::io::Write as _;
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            if passed {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(message) => fail(&message, json),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn json_is_asked_by_the_word_before_any_double_dash() {
        let asked = |args: &[&str]| json_asked(args.iter().map(std::ffi::OsString::from));
        assert!(asked(&["rayscan", "--json", "perft", "3"]));
        assert!(asked(&["rayscan", "perft", "x", "--json"]));
        assert!(!asked(&["rayscan", "perft", "3"]));
        // The program's own name, a value after `--`, or another word containing it: no.
        assert!(!asked(&["--json", "perft"]));
        assert!(!asked(&["rayscan", "perft", "--", "--json"]));
        assert!(!asked(&["rayscan", "perft", "--jsonx"]));
    }

    #[test]
    fn an_error_line_is_text_or_one_json_object_with_the_same_message() {
        let message = "fen: \"x\" is not a \\ FEN\tat all";
        assert_eq!(
            error_line(message, false),
            format!("rayscan: error: {message}\n")
        );
        let json = error_line(message, true);
        assert!(json.ends_with('\n') && json.lines().count() == 1, "{json}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v, serde_json::json!({ "error": message }));
    }
}
