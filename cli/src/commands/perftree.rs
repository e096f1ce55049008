//! `rayscan perftree <depth> "<fen>" ["<moves>"]`: the script contract of the perftree
//! bisection tool: `move count` per root move, a blank line, the total.

use std::fmt::Write as _;

use rayscan::Position;

use crate::shared::args::depth_parser;
use crate::shared::game::play_moves;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many plies deep, 1 to 64.
    #[arg(allow_negative_numbers = true, value_parser = depth_parser())]
    depth: u32,
    /// The position.
    fen: String,
    /// Moves to play first, separated by spaces.
    moves: Option<String>,
}

pub fn run(args: Args) -> Result<String, String> {
    let (pos, _) = Position::from_fen(&args.fen).map_err(|e| e.to_string())?;
    let moves = args.moves.as_deref().unwrap_or("").split_whitespace();
    let pos = match play_moves(pos, moves) {
        (pos, None) => pos,
        (_, Some(e)) => return Err(e),
    };
    let mut out = String::new();
    let chess960 = pos.is_chess960();
    let total = rayscan::perft::Perft::new(args.depth)
        .divide(&pos, |m, n| {
            let _ = writeln!(out, "{} {n}", m.uci(chess960));
        })
        .map_err(|e| e.to_string())?;
    let _ = write!(out, "\n{total}\n");
    Ok(out)
}
