//! `rayscan`: sliding-piece attacks from the command line.
//!
//! Output is for people by default; `--json` gives machine-readable output. Bad input
//! (a square, piece, hex number, FEN or technique name) exits with code 2 and a one-line
//! error that names it. This file only parses the command line and dispatches: each
//! subcommand is a module of `rayscan_cli::commands`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use rayscan_cli::commands::{
    attacks, bench, explain, fen, perft, perftree, see, serve, show, suite, techniques, uci,
};
use rayscan_cli::shared::io::Output;
use rayscan_cli::shared::settings::check_cpu_override;

/// Sliding-piece attack generation, every way the classical literature describes it.
#[derive(Parser, Debug)]
#[command(name = "rayscan", version, about)]
struct Cli {
    /// Machine-readable JSON output instead of text for people.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the slider techniques: name, table bytes, description.
    Techniques,
    /// Show the squares a rook, bishop or queen attacks.
    Attacks(attacks::Args),
    /// Walk through a technique step by step, with diagrams.
    Explain(explain::Args),
    /// Count the leaf nodes of the legal move tree (bulk counting at the last ply).
    Perft(perft::Args),
    /// Draw a position with the squares the opponent attacks, the pinned pieces and the checkers.
    Show(show::Args),
    /// Serve the web page on 127.0.0.1: a board, every technique's steps, perft and divide.
    Serve(serve::Args),
    /// Speak UCI on stdin/stdout: uci, isready, ucinewgame, position, go perft, d, setoption, quit.
    Uci,
    /// perftree's script contract: `move count` per root move, a blank line, the total.
    Perftree(perftree::Args),
    /// Perft speed on a fixed set of positions, the way engines' `bench` works.
    Bench(bench::Args),
    /// Check perft suites: lines `FEN ;D1 n ;D2 n …`; exit 1 if any count differs.
    Suite(suite::Args),
    /// Static exchange evaluation of a move (P=100, N=B=300, R=500, Q=900), or of a SEE suite.
    See(see::Args),
    /// Read a FEN (any dialect), play moves, print the FEN and any warnings.
    Fen(fen::Args),
}

fn run(cli: Cli) -> Result<Output, String> {
    let json = cli.json;
    match cli.command {
        Command::Techniques => Ok(techniques::run(json).into()),
        Command::Attacks(args) => Ok(attacks::run(args, json).into()),
        Command::Explain(args) => Ok(explain::run(args, json).into()),
        Command::Perft(args) => perft::run(args, json).map(Output::from),
        Command::Show(args) => show::run(args, json).map(Output::from),
        Command::Serve(args) => serve::run(args).map(|()| String::new().into()),
        Command::Uci => uci::run().map(|()| String::new().into()),
        Command::Perftree(args) => perftree::run(args).map(Output::from),
        Command::Bench(args) => bench::run(args, json),
        Command::Suite(args) => suite::run(args, json),
        Command::See(args) => see::run(args, json),
        Command::Fen(args) => fen::run(args, json).map(Output::from),
    }
}

fn main() -> ExitCode {
    // Ctrl-C ends any command at once, with one line and the shell's code for SIGINT
    // (130), after a newline so a progress bar is not left half-drawn. Nothing rayscan
    // does holds state that needs saving: output is written only when complete.
    let _ = ctrlc::set_handler(|| {
        eprintln!("\nrayscan: interrupted");
        std::process::exit(130);
    });
    if let Err(e) = check_cpu_override() {
        eprintln!("rayscan: error: {e}");
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            // One line, naming what is wrong: clap's first paragraph, without its usage hints.
            let rendered = e.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let line = message.join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            eprintln!("rayscan: error: {line}");
            return ExitCode::from(2);
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
        Err(message) => {
            eprintln!("rayscan: error: {message}");
            ExitCode::from(2)
        }
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
}
