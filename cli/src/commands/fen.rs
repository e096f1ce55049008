//! `rayscan fen`: read a FEN (any dialect), play moves, print the FEN and any warnings.

use serde::Serialize;

use crate::shared::args::Game;
use crate::shared::io::json_line;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: Game,
    /// Castling rights as file letters (Shredder-FEN) even where KQkq would do.
    #[arg(long)]
    shredder: bool,
}

#[derive(Serialize)]
struct FenJson {
    fen: String,
    chess960: bool,
    in_check: bool,
    legal_moves: Vec<String>,
}

pub fn run(args: Args, json: bool) -> Result<String, String> {
    let pos = args.game.position()?;
    let fen = pos
        .fen_with(rayscan::position::CastlingNotation::shredder_if(
            args.shredder,
        ))
        .to_string();
    if !json {
        return Ok(fen + "\n");
    }
    Ok(json_line(&FenJson {
        fen,
        chess960: pos.is_chess960(),
        in_check: pos.is_check(),
        legal_moves: pos
            .legal_moves()
            .iter()
            .map(|m| m.uci(pos.is_chess960()).to_string())
            .collect(),
    }))
}
