//! The argument groups several commands take (a position, perft's speed, a slider on a
//! board) and the value parsers behind `--technique`, `--generator` and the like.

use clap::Args;

use rayscan::fen::Placement;
use rayscan::movegen::{Generator, UnsupportedTechnique};
use rayscan::sliders::Technique;
use rayscan::{Bitboard, Position, SliderPiece, Square};

use super::game::setup;
use super::settings::{Settings, hash_table};

/// A position: FEN, moves played from it, and how strictly to read it.
#[derive(Args, Debug)]
pub struct Game {
    /// The position [default: the start position]. Standard FEN, X-FEN or Shredder-FEN; the clocks may be left out.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Moves to play first, UCI (e2e4; castling e1g1 or king-to-rook e1h1) or SAN (e4, Nf3, O-O); in perft a number after them is the depth.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
    /// Treat warnings about unreachable positions as errors.
    #[arg(long)]
    pub strict: bool,
    /// Write castling moves king-to-rook (Chess960 UCI), whatever the position.
    #[arg(long)]
    pub chess960: bool,
}

/// A plain number, which no move is: it ends `--moves`.
fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

impl Game {
    /// The position, after printing its warnings to stderr.
    pub fn position(&self) -> Result<Position, String> {
        if let Some(number) = self.moves.iter().find(|m| is_number(m)) {
            return Err(format!(
                "--moves: {number:?} is a number, not a move (only perft reads a number after its moves, as the depth)"
            ));
        }
        let (pos, warnings) = setup(self.fen.as_deref(), &self.moves, self.strict, self.chess960)?;
        for w in warnings {
            eprintln!("rayscan: warning: {w}");
        }
        Ok(pos)
    }

    /// Perft's depth: `positional`, or the number that ends `--moves`. clap gives every
    /// word after `--moves` to it (it takes any number of moves), so in
    /// `perft --moves e2e4 e7e5 3` the depth arrives as a move and is taken out here.
    pub fn depth(&mut self, positional: Option<u32>) -> Result<u32, String> {
        let Some(at) = self.moves.iter().position(|m| is_number(m)) else {
            return positional.ok_or_else(|| {
                let moves = self.moves.join(" ");
                format!(
                    "the depth is missing: write it after the moves (--moves {moves} 3) or first (perft 3 --moves {moves})"
                )
            });
        };
        let mut rest = self.moves.split_off(at);
        let number = rest.remove(0);
        if let Some(after) = rest.first() {
            let moves = self.moves.iter().chain(&rest).cloned();
            return Err(format!(
                "--moves: {after:?} comes after the depth {number}, and a number ends the moves: write the moves first (--moves {} {number})",
                moves.collect::<Vec<_>>().join(" ")
            ));
        }
        if let Some(depth) = positional {
            return Err(format!(
                "the depth is given twice, {depth} and {number} (a number after the moves is the depth): give it once"
            ));
        }
        number
            .parse()
            .map_err(|_| format!("depth {number}: expected 1 to 64"))
    }
}

/// Threads and hash for perft.
#[derive(Args, Debug, Clone, Copy)]
pub struct Speed {
    /// Worker threads: the tree is split two plies down.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// A shared perft hash table of this many MiB (piecewise generator only).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub hash: Option<u64>,
    /// The seed of the hash table's 128-bit keys: rerun with another to rule out a false hit.
    #[arg(long, value_name = "N", requires = "hash")]
    pub hash_seed: Option<u64>,
}

impl Speed {
    /// The checked settings for `generator` and `technique` (by default the generator's
    /// fastest): the table allocated, the pair accepted.
    pub fn settings(
        self,
        generator: Generator,
        technique: Option<Technique>,
    ) -> Result<Settings, String> {
        let technique = technique.unwrap_or(generator.default_technique());
        if !generator.accepts(technique) {
            return Err(UnsupportedTechnique {
                generator,
                technique,
            }
            .to_string());
        }
        let table = match self.hash {
            None => None,
            Some(_) if generator != Generator::PieceWise => {
                return Err(format!(
                    "--hash works with the piecewise generator, not {generator}"
                ));
            }
            Some(mb) => Some(
                hash_table(
                    mb as usize,
                    self.hash_seed.unwrap_or(rayscan::perft::hash::DEFAULT_SEED),
                )
                .map_err(|e| format!("--{e}"))?,
            ),
        };
        Ok(Settings {
            generator,
            technique,
            threads: self.threads as usize,
            table,
        })
    }
}

/// The piece, its square and the board.
#[derive(Args, Debug)]
pub struct Target {
    /// rook, bishop or queen.
    pub piece: SliderPiece,
    /// The slider's square, like g2.
    pub square: Square,
    /// The occupied squares as a 64-bit hex number (bit 0 = a1 … bit 63 = h8) [default: empty board].
    #[arg(long, value_name = "0xHEX", value_parser = parse_hex, conflicts_with = "fen")]
    pub occupied: Option<Bitboard>,
    /// A FEN (or just its piece-placement field) whose pieces are the occupancy.
    #[arg(long, value_name = "FEN", value_parser = parse_fen)]
    pub fen: Option<Bitboard>,
}

impl Target {
    pub fn occupied(&self) -> Bitboard {
        self.occupied.or(self.fen).unwrap_or(Bitboard::EMPTY)
    }
}

/// `all`, or one technique or generator.
#[derive(Clone, Copy, Debug)]
pub enum Choice<T> {
    All,
    One(T),
}

impl<T> Choice<T> {
    fn parse(s: &str, one: fn(&str) -> Result<T, String>) -> Result<Choice<T>, String> {
        if s == "all" {
            Ok(Choice::All)
        } else {
            one(s).map(Choice::One).map_err(|e| format!("{e} or all"))
        }
    }
}

/// A technique name or `all`.
pub fn parse_technique_choice(s: &str) -> Result<Choice<Technique>, String> {
    Choice::parse(s, parse_technique)
}

/// A generator name or `all`.
pub fn parse_generator_choice(s: &str) -> Result<Choice<Generator>, String> {
    Choice::parse(s, parse_generator)
}

/// A technique by name, or an error listing the names.
pub fn parse_technique(s: &str) -> Result<Technique, String> {
    let technique: Technique = s.parse().map_err(|_| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!(
            "unknown technique {s:?}: expected one of {}",
            names.join(", ")
        )
    })?;
    if !technique.is_available() {
        return Err(format!(
            "technique {s:?} needs BMI2, which this CPU does not have{}: use {:?}, the default here",
            if std::env::var_os("RAYSCAN_CPU").is_some() {
                " (RAYSCAN_CPU says so)"
            } else {
                ""
            },
            Technique::auto().name()
        ));
    }
    Ok(technique)
}

/// A generator by name, or an error listing the names.
pub fn parse_generator(s: &str) -> Result<Generator, String> {
    s.parse().map_err(|_| {
        let names: Vec<&str> = Generator::ALL.iter().map(|g| g.name()).collect();
        format!(
            "unknown generator {s:?}: expected one of {}",
            names.join(", ")
        )
    })
}

/// An occupancy as 1 to 16 hex digits, `0x` optional.
pub fn parse_hex(s: &str) -> Result<Bitboard, String> {
    let digits = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    let valid =
        !digits.is_empty() && digits.len() <= 16 && digits.bytes().all(|b| b.is_ascii_hexdigit());
    if !valid {
        return Err(format!(
            "invalid occupancy {s:?}: expected 1 to 16 hex digits, like 0x00ff00000000ff00"
        ));
    }
    u64::from_str_radix(digits, 16)
        .map(Bitboard)
        .map_err(|e| format!("invalid occupancy {s:?}: {e}"))
}

/// The occupancy of a FEN's piece placement.
pub fn parse_fen(s: &str) -> Result<Bitboard, String> {
    s.parse::<Placement>()
        .map(|p| p.occupied())
        .map_err(|e| format!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_parsing() {
        assert_eq!(parse_hex("0xff").unwrap(), Bitboard(0xff));
        assert_eq!(parse_hex("FF00").unwrap(), Bitboard(0xff00));
        assert_eq!(parse_hex("0xffffffffffffffff").unwrap(), Bitboard::FULL);
        for bad in ["", "0x", "0x1ffffffffffffffff", "0xzz", "-1", "0x 1"] {
            assert!(parse_hex(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_number_ends_the_moves_as_the_depth() {
        let game = |moves: &[&str]| Game {
            fen: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            strict: false,
            chess960: false,
        };
        let mut g = game(&["e2e4", "e7e5", "3"]);
        assert_eq!(g.depth(None), Ok(3));
        assert_eq!(g.moves, ["e2e4", "e7e5"]);
        assert_eq!(game(&["e2e4"]).depth(Some(2)), Ok(2));
        let e = game(&["e2e4", "3", "e7e5"]).depth(None).unwrap_err();
        assert!(e.contains("(--moves e2e4 e7e5 3)"), "{e}");
        let e = game(&["e2e4", "4"]).depth(Some(3)).unwrap_err();
        assert!(e.contains("given twice, 3 and 4"), "{e}");
        let e = game(&["e2e4"]).depth(None).unwrap_err();
        assert!(e.contains("(--moves e2e4 3)"), "{e}");
        let e = game(&["e2e4", "3"]).position().unwrap_err();
        assert!(e.contains("\"3\" is a number, not a move"), "{e}");
    }
}
