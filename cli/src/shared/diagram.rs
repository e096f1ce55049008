//! Bitboard diagrams for people: the literature's 8×8 grids, with the slider's square
//! marked by its letter, placed side by side with operators between them.

use rayscan::position::Position;
use rayscan::{Bitboard, Square};

/// The board as letters, a1 first: FEN's letters (uppercase for white), `.` for empty.
pub fn board_letters(pos: &Position) -> [char; 64] {
    let mut cells = ['.'; 64];
    for (cell, sq) in cells.iter_mut().zip(Square::ALL) {
        if let Some((color, piece)) = pos.piece_at(sq) {
            *cell = piece.fen_char(color);
        }
    }
    cells
}

/// A diagram with a caption above it.
pub struct Panel {
    pub caption: String,
    pub set: Bitboard,
    /// The slider's square and letter, drawn instead of `1`/`.`.
    pub mark: Option<(Square, char)>,
    /// A whole board of letters (a1 first), drawn instead of the set.
    pub cells: Option<[char; 64]>,
}

impl Panel {
    pub fn new(caption: impl Into<String>, set: Bitboard, mark: Option<(Square, char)>) -> Panel {
        Panel {
            caption: caption.into(),
            set,
            mark,
            cells: None,
        }
    }

    /// A board of letters (`.` for an empty square), a1 first.
    pub fn board(caption: impl Into<String>, cells: [char; 64]) -> Panel {
        Panel {
            caption: caption.into(),
            set: Bitboard::EMPTY,
            mark: None,
            cells: Some(cells),
        }
    }

    fn rows(&self) -> Vec<String> {
        (0..8)
            .rev()
            .map(|rank| {
                (0..8)
                    .map(|file| {
                        let sq = Square::ALL[rank * 8 + file];
                        if let Some(cells) = &self.cells {
                            return cells[rank * 8 + file].to_string();
                        }
                        match self.mark {
                            Some((m, c)) if m == sq => c,
                            _ if self.set.contains(sq) => '1',
                            _ => '.',
                        }
                        .to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}

/// Panels side by side; `ops[i]` stands between panel `i` and `i + 1`, on the middle row.
pub fn side_by_side(panels: &[Panel], ops: &[&str]) -> String {
    const WIDTH: usize = 15;
    let rows: Vec<Vec<String>> = panels.iter().map(Panel::rows).collect();
    let gap = |i: usize, row: usize| {
        let op = ops.get(i).copied().unwrap_or("");
        if row == 4 && !op.is_empty() {
            format!("  {op:^3}  ")
        } else {
            " ".repeat(7)
        }
    };
    let mut out = String::new();
    let mut caption = String::new();
    for (i, p) in panels.iter().enumerate() {
        // A caption runs into the gap after its panel, and the last one is never cut:
        // nothing is to its right (`attacks (classical-branchless)`).
        if i + 1 < panels.len() {
            let c: String = p.caption.chars().take(WIDTH + 6).collect();
            caption.push_str(&format!("{c:<0$}", WIDTH + 7));
        } else {
            caption.push_str(&p.caption);
        }
    }
    out.push_str(caption.trim_end());
    out.push('\n');
    for row in 0..8 {
        let mut line = String::new();
        for (i, r) in rows.iter().enumerate() {
            line.push_str(&r[row]);
            if i + 1 < rows.len() {
                line.push_str(&gap(i, row));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The squares of a set, in index order: `{a8, c6}`.
pub use rayscan_explain::square_list;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panels_line_up() {
        let text = side_by_side(
            &[
                Panel::new("occupied", Bitboard::RANK_8, Some((Square::A1, 'R'))),
                Panel::new("attacks", Bitboard::FILE_A, None),
            ],
            &["->"],
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[1], "1 1 1 1 1 1 1 1       1 . . . . . . .");
        assert_eq!(lines[5], ". . . . . . . .  ->   1 . . . . . . .");
        assert_eq!(lines[8], "R . . . . . . .       1 . . . . . . .");
        // Captions: the last one whole, one before it up to the next one's column.
        let text = side_by_side(
            &[
                Panel::new("occupied by every piece", Bitboard::EMPTY, None),
                Panel::new("attacks (classical-branchless)", Bitboard::EMPTY, None),
            ],
            &["->"],
        );
        assert_eq!(
            text.lines().next().unwrap(),
            "occupied by every pie attacks (classical-branchless)"
        );
        assert_eq!(square_list(Bitboard::FILE_A & Bitboard::RANK_1), "{a1}");
    }
}
