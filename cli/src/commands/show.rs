//! `rayscan show`: the board, the squares the side not to move attacks, and the pinned
//! pieces and checkers, side by side; then whether the game is over.

use rayscan::Position;

use crate::shared::args::Game;
use crate::shared::diagram::{Panel, board_letters, side_by_side, square_list};
use crate::shared::game::{Ending, overview};
use crate::shared::io::{json_line, squares};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: Game,
}

pub fn run(args: Args, json: bool) -> Result<String, String> {
    Ok(show(&args.game.position()?, json))
}

fn show(pos: &Position, json: bool) -> String {
    let us = pos.side_to_move();
    let (attacked, pinned, checkers) = overview(pos);
    let ending = Ending::of(pos);
    if json {
        let mut out = serde_json::json!({
            "fen": pos.to_string(),
            "attacked": squares(attacked),
            "pinned": squares(pinned),
            "checkers": squares(checkers),
        });
        for (name, flag) in ending.flags() {
            out[name] = flag.into();
        }
        return json_line(&out);
    }
    let them = !us;
    let mut out = side_by_side(
        &[
            Panel::board(format!("{us} to move"), board_letters(pos)),
            Panel::new(format!("{them} attacks"), attacked, None),
            Panel::new("pins, checkers", pinned | checkers, None),
        ],
        &[],
    );
    out.push_str(&format!(
        "\nfen: {pos}\nattacked by {them}: {} squares\npinned: {}\ncheckers: {}\n",
        attacked.len(),
        square_list(pinned),
        square_list(checkers)
    ));
    for line in ending.lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
