//! Positions and moves as the commands read them: a FEN with moves played, a move in
//! UCI or SAN, and what the side to move faces.

use rayscan::chess_move::UciMoveError;
use rayscan::san::SanError;
use rayscan::{Bitboard, Color, Move, Position, Square};

/// A position from `fen` (or the start position) with `moves` played, and the warnings
/// about the FEN. Errors are the one-line messages the CLI prints.
pub fn setup(
    fen: Option<&str>,
    moves: &[String],
    strict: bool,
    chess960: bool,
) -> Result<(Position, Vec<String>), String> {
    let (mut pos, warnings) = match fen {
        None => (Position::startpos(), Default::default()),
        Some(text) => Position::from_fen(text).map_err(|e| e.to_string())?,
    };
    if strict && !warnings.is_empty() {
        // Every warning, in one line: `a; b`.
        return Err(format!("--strict: {warnings}"));
    }
    let warnings: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    if chess960 {
        pos.set_chess960(true);
    }
    match play_moves(pos, moves.iter().map(String::as_str)) {
        (pos, None) => Ok((pos, warnings)),
        (at, Some(e)) => Err(format!("--moves: {e} (in {at})")),
    }
}

/// Plays `moves` (UCI or SAN) from `pos` until one cannot be read or is not legal:
/// the position reached, and the error about the move that stopped it, if one did.
pub fn play_moves<'a>(
    mut pos: Position,
    moves: impl IntoIterator<Item = &'a str>,
) -> (Position, Option<String>) {
    for text in moves {
        match parse_move(&pos, text) {
            Ok(m) => pos = pos.play(m),
            Err(e) => return (pos, Some(e)),
        }
    }
    (pos, None)
}

/// A move as UCI (`e2e4`, `e1g1`, `e7e8q`) or SAN (`e4`, `Nf3`, `O-O`, `e8=Q`): text
/// that reads as UCI is taken as UCI, anything else as SAN.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    match pos.parse_uci(text) {
        Ok(m) => Ok(m),
        Err(e @ UciMoveError::Illegal(_)) => Err(e.to_string()),
        Err(UciMoveError::Syntax(_)) => pos.parse_san(text).map_err(|e| match e {
            SanError::Syntax(t) => format!(
                "invalid move {t}: neither uci (like \"e2e4\", \"e7e8q\") nor san (like \"e4\", \"Nf3\", \"O-O\", \"e8=Q\")"
            ),
            SanError::Ambiguous(t) => ambiguous(pos, text, t),
            other => other.to_string(),
        }),
    }
}

/// An ambiguous SAN move, with every reading named in SAN that says where it comes from:
/// `ambiguous san move "Nxd1": it can be Ncxd1 or Nexd1`.
fn ambiguous(pos: &Position, text: &str, quoted: rayscan::error::Snippet) -> String {
    let readings: Vec<String> = pos
        .san_readings(text)
        .map(|list| list.iter().map(|&m| pos.san(m).to_string()).collect())
        .unwrap_or_default();
    match readings.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!(
            "ambiguous san move {quoted}: it can be {} or {last}",
            rest.join(", ")
        ),
        // Not reached: an ambiguous move has two readings or more.
        _ => format!("ambiguous san move {quoted}"),
    }
}

/// Every legal move `text` can mean: one, or for an ambiguous SAN move (`Nd2` with two
/// knights that can go there) each of them. Errors as [`parse_move`].
pub fn readings(pos: &Position, text: &str) -> Result<Vec<Move>, String> {
    match parse_move(pos, text) {
        Ok(m) => Ok(vec![m]),
        Err(e) => match pos.san_readings(text) {
            Ok(list) if list.len() > 1 => Ok(list.as_slice().to_vec()),
            _ => Err(e),
        },
    }
}

/// What the side to move faces: the squares the opponent attacks, its own pinned
/// pieces, and the checkers.
pub fn overview(pos: &Position) -> (Bitboard, Bitboard, Bitboard) {
    let us = pos.side_to_move();
    let attacked: Bitboard = Square::ALL
        .into_iter()
        .filter(|&sq| pos.attackers_to(sq).intersects(pos.color(!us)))
        .collect();
    let info = pos.check_info();
    (attacked, info.pinned(), info.checkers())
}

/// Whether the game is over, as the library decides: `rayscan show` and the web page
/// name it.
#[derive(Clone, Copy, Debug)]
pub struct Ending {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move has no legal move and is not in check.
    pub stalemate: bool,
    /// Neither side has the material to checkmate.
    pub insufficient_material: bool,
    side_to_move: Color,
}

impl Ending {
    pub fn of(pos: &Position) -> Ending {
        Ending {
            checkmate: pos.is_checkmate(),
            stalemate: pos.is_stalemate(),
            insufficient_material: pos.is_insufficient_material(),
            side_to_move: pos.side_to_move(),
        }
    }

    /// The three flags by their JSON names.
    pub fn flags(&self) -> [(&'static str, bool); 3] {
        [
            ("checkmate", self.checkmate),
            ("stalemate", self.stalemate),
            ("insufficient_material", self.insufficient_material),
        ]
    }

    /// One line for each flag that holds, for people: `checkmate: white wins`,
    /// `stalemate: draw`, `insufficient material: draw` (none while the game goes on).
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.checkmate {
            lines.push(format!("checkmate: {} wins", !self.side_to_move));
        }
        if self.stalemate {
            lines.push("stalemate: draw".to_string());
        }
        if self.insufficient_material {
            lines.push("insufficient material: draw".to_string());
        }
        lines
    }
}
