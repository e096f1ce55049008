//! What several integration tests share: a small deterministic generator, the test data
//! directory, and shakmaty (a dev-dependency) reading a FEN the way rayscan does.

// Each test binary uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Marsaglia's xorshift64: deterministic, no dependency.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A file under `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The text of a file under `tests/data/`.
pub fn data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// shakmaty's position for a FEN rayscan accepts (unreachable ones included).
// shakmaty's error type is large; that is its business, not something to box here.
#[allow(clippy::result_large_err)]
pub fn theirs(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap_or_else(|e| panic!("shakmaty cannot read {fen}: {e}"))
        .into_position(CastlingMode::Chess960)
        // Some suite positions are unreachable; rayscan accepts them with a warning.
        .or_else(|e| e.ignore_impossible_check())
        .or_else(|e| e.ignore_too_much_material())
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"))
}

/// The placement field of a board given as FEN letters, a1 first (`None` for empty),
/// printed by the library's `Placement`, whose round trip the FEN tests check.
pub fn placement(cells: &[Option<char>]) -> String {
    let mut p = rayscan::position::Placement::EMPTY;
    for (sq, cell) in rayscan::Square::ALL.into_iter().zip(cells) {
        if let Some(c) = *cell {
            let (color, piece) = rayscan::Piece::from_fen_char(c)
                .unwrap_or_else(|| panic!("{c:?} is no piece letter"));
            p.set(sq, color, piece);
        }
    }
    p.to_string()
}

/// The perft suites under `tests/data/`: standard, Chess960 in X-FEN and Shredder-FEN,
/// and the random reachable positions of both.
pub const SUITES: [&str; 5] = [
    "standard.epd",
    "xfen960.epd",
    "fischer960.epd",
    "random-std.epd",
    "random960.epd",
];

/// The FEN of every position in the perft suites under `tests/data/`.
pub fn suite_fens() -> Vec<String> {
    let mut fens = Vec::new();
    for name in SUITES {
        let entries = rayscan::perft::suite::parse(&data(name)).unwrap();
        fens.extend(entries.into_iter().map(|e| e.fen));
    }
    fens
}

/// Every move a position could be asked about: from × to × kind (28,672; a `Move` is
/// built only through `Move::new`).
pub fn every_candidate() -> Vec<rayscan::chess_move::Move> {
    use rayscan::chess_move::{Move, MoveKind};
    let mut all = Vec::new();
    for from in rayscan::Square::ALL {
        for to in rayscan::Square::ALL {
            for kind in MoveKind::ALL {
                all.push(Move::new(from, to, kind));
            }
        }
    }
    all
}
