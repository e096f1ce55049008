//! The argument groups several commands take (a position, perft's speed, a slider on a
//! board) and the value parsers behind `--technique`, `--generator` and the like.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use rayscan::error::Snippet;
use rayscan::movegen::{Generator, UnsupportedTechnique};
use rayscan::perft::LastPly;
use rayscan::position::Placement;
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
    /// Moves to play first, UCI (e2e4; castling e1g1 or king-to-rook e1h1) or SAN (e4, Nf3, O-O).
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
                "--moves: {} is a number, not a move (only perft reads a number after its moves, as the depth)",
                Snippet::new(number)
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
                "--moves: {} comes after the depth {number}, and a number ends the moves: write the moves first (--moves {} {number})",
                Snippet::new(after),
                moves.collect::<Vec<_>>().join(" ")
            ));
        }
        if let Some(depth) = positional {
            return Err(format!(
                "the depth is given twice, {depth} and {number} (a number after the moves is the depth): give it once"
            ));
        }
        parse_depth(&number)
    }
}

/// Threads and hash for perft.
#[derive(Args, Debug, Clone, Copy)]
pub struct Speed {
    /// How the piecewise generator counts its last ply: batch (eight children at a time in the lanes of vector registers) or each (each child on its own, with the technique's attacks) [default: each where --technique is given, so that it computes every slider attack; else batch with AVX2 or AVX-512, else each].
    #[arg(long, value_name = "NAME", value_parser = parse_last_ply)]
    pub last_ply: Option<LastPly>,
    /// Worker threads (1 to 1024): the tree is split two plies down.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = number_parser::<u32>("--threads", 1, rayscan::perft::MAX_THREADS as u64))]
    pub threads: u32,
    /// A shared perft hash table of this many MiB, 0 (none) to 65536 (piecewise generator only).
    #[arg(long, value_name = "MB", allow_negative_numbers = true, value_parser = number_parser::<u64>("--hash", 0, rayscan::perft::MAX_HASH_MB as u64))]
    pub hash: Option<u64>,
    /// The seed of the hash table's 128-bit keys, below 2^64: rerun with another to rule out a false hit.
    #[arg(long, value_name = "N", requires = "hash", allow_negative_numbers = true, value_parser = number_parser::<u64>("--hash-seed", 0, u64::MAX))]
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
        // A technique named alone computes every slider attack: each child counted with it.
        let last_ply = self.last_ply.unwrap_or(match technique {
            Some(_) => LastPly::Each,
            None => LastPly::auto(),
        });
        let technique = technique.unwrap_or(generator.default_technique());
        if self.last_ply.is_some() && generator != Generator::PieceWise {
            return Err(format!(
                "--last-ply works with the piecewise generator, not {generator}"
            ));
        }
        if !generator.accepts(technique) {
            return Err(UnsupportedTechnique {
                generator,
                technique,
            }
            .to_string());
        }
        if let (Some(0), Some(seed)) = (self.hash, self.hash_seed) {
            return Err(format!(
                "--hash-seed {seed}: --hash 0 has no table whose keys it would seed"
            ));
        }
        let table = match self.hash {
            None | Some(0) => None,
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
            last_ply,
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
    /// The occupied squares as a 64-bit number, bit 0 = a1 … bit 63 = h8: hex after 0x (0xff00) or decimal (65280) [default: empty board].
    #[arg(long, value_name = "0xHEX|DECIMAL", value_parser = occupancy_parser(), conflicts_with = "fen", allow_negative_numbers = true)]
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

/// A last ply by name, or an error naming both.
pub fn parse_last_ply(s: &str) -> Result<LastPly, String> {
    s.parse().map_err(|e: rayscan::ParseError| e.to_string())
}

/// A technique by name, or an error listing the names.
pub fn parse_technique(s: &str) -> Result<Technique, String> {
    let technique: Technique = s.parse().map_err(|_| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!(
            "unknown technique {}: expected one of {}",
            Snippet::new(s),
            names.join(", ")
        )
    })?;
    if !technique.is_available() {
        return Err(format!(
            "technique {} needs BMI2, which this CPU does not have{}: use {:?}, the default here",
            Snippet::new(s),
            if super::settings::cpu_override().is_some() {
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
            "unknown generator {}: expected one of {}",
            Snippet::new(s),
            names.join(", ")
        )
    })
}

/// An occupancy: `0x` (or `0X`) and 1 to 16 hex digits, or a decimal number below
/// 2^64. Nothing is guessed: `255` is decimal, `ff` an error.
pub fn parse_occupancy(s: &str) -> Result<Bitboard, String> {
    let expected =
        "expected 0x and 1 to 16 hex digits (0xff00) or a decimal number below 2^64 (65280)";
    let number = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(digits)
            if (1..=16).contains(&digits.len())
                && digits.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            u64::from_str_radix(digits, 16).ok()
        }
        Some(_) => None,
        None if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => s.parse().ok(),
        None => None,
    };
    number.map(Bitboard).ok_or_else(|| expected.to_string())
}

/// A clap value parser whose error is the whole message of its parse function (naming
/// the option or value and what was expected), not clap's "invalid value" around it.
#[derive(Clone)]
pub struct MessageParser<T>(Arc<ParseFn<T>>);

/// What a [`MessageParser`] runs: the text to the value, or the whole message.
type ParseFn<T> = dyn Fn(&str) -> Result<T, String> + Send + Sync;

impl<T> MessageParser<T> {
    fn new(parse: impl Fn(&str) -> Result<T, String> + Send + Sync + 'static) -> Self {
        MessageParser(Arc::new(parse))
    }
}

impl<T: Clone + Send + Sync + 'static> clap::builder::TypedValueParser for MessageParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        (self.0)(&value.to_string_lossy()).map_err(|message| {
            clap::Error::raw(clap::error::ErrorKind::ValueValidation, message + "\n").with_cmd(cmd)
        })
    }
}

/// `--occupied` as clap reads it ([`parse_occupancy`]): the error names the option and
/// quotes the start of the text, `--occupied "ff": expected 0x and …`.
pub fn occupancy_parser() -> MessageParser<Bitboard> {
    MessageParser::new(|text| {
        parse_occupancy(text)
            .map_err(|expected| format!("--occupied {}: {expected}", Snippet::new(text)))
    })
}

/// Perft's depth, 1 to 64, as clap reads it ([`parse_depth`]), in the same words as a
/// depth that ends `--moves`.
pub fn depth_parser() -> MessageParser<u32> {
    MessageParser::new(parse_depth)
}

/// A whole-number option from `min` to `max`, as clap reads it ([`parse_number`]). Give
/// its argument `allow_negative_numbers = true`, so that `-1` is a bad value of the
/// option rather than an unknown flag.
pub fn number_parser<T>(option: &'static str, min: u64, max: u64) -> MessageParser<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    MessageParser::new(move |text| {
        let n = parse_number(option, text, min, max)?;
        T::try_from(n).map_err(|_| format!("{option} {n}: too large here"))
    })
}

/// A whole number from `min` to `max`, or the error naming `option`, quoting the text
/// and giving the range, in the words of a bad depth: `--threads -1: expected a whole
/// number from 1 to 1024`. A range that ends at 2^64 - 1 is said as "below 2^64".
pub fn parse_number(option: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    let range = if max == u64::MAX && min == 0 {
        "a whole number below 2^64".to_string()
    } else {
        format!("a whole number from {min} to {max}")
    };
    let digits = text.strip_prefix('-').unwrap_or(text);
    let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    // Digits only: `+1` is not guessed to be 1.
    if let Some(n) = (numeric && digits.len() == text.len())
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .filter(|n| (min..=max).contains(n))
    {
        return Ok(n);
    }
    // A number is shown as written (it is short), anything else quoted by its start.
    let shown = if numeric && text.len() <= 24 {
        text.to_string()
    } else {
        Snippet::new(text).to_string()
    };
    Err(format!("{option} {shown}: expected {range}"))
}

/// A depth from 1 to [`rayscan::perft::MAX_DEPTH`], or the error naming the text.
pub fn parse_depth(text: &str) -> Result<u32, String> {
    const MAX: u32 = rayscan::perft::MAX_DEPTH;
    match text.parse::<i128>() {
        Ok(d) if (1..=i128::from(MAX)).contains(&d) => Ok(d as u32),
        Ok(_) => Err(format!("depth {text}: expected 1 to {MAX}")),
        Err(_) => Err(format!(
            "depth {}: expected a number from 1 to {MAX}",
            Snippet::new(text)
        )),
    }
}

/// A number of seconds from `min` to `max` (`0.5`, `2`), or the error naming `option`
/// and quoting the text: `diff --timeout`, `perft --progress-after`.
pub fn parse_seconds(option: &str, text: &str, min: f64, max: f64) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (min..=max).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            format!(
                "{option} {}: expected a number of seconds from {min} to {max}",
                Snippet::new(text)
            )
        })
}

/// An option in seconds, as clap reads it ([`parse_seconds`]); give its argument
/// `allow_negative_numbers = true`.
pub fn seconds_parser(option: &'static str, min: f64, max: f64) -> MessageParser<Duration> {
    MessageParser::new(move |text| parse_seconds(option, text, min, max))
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
    fn occupancy_is_hex_after_0x_and_decimal_otherwise() {
        assert_eq!(parse_occupancy("0xff").unwrap(), Bitboard(0xff));
        assert_eq!(parse_occupancy("0XFF00").unwrap(), Bitboard(0xff00));
        assert_eq!(parse_occupancy("255").unwrap(), Bitboard(255));
        assert_eq!(parse_occupancy("0").unwrap(), Bitboard::EMPTY);
        assert_eq!(parse_occupancy("0x0").unwrap(), Bitboard::EMPTY);
        assert_eq!(
            parse_occupancy("0xffffffffffffffff").unwrap(),
            Bitboard::FULL
        );
        assert_eq!(
            parse_occupancy("18446744073709551615").unwrap(),
            Bitboard::FULL
        );
        for bad in [
            "",
            "0x",
            "0x1ffffffffffffffff",
            "0x00000000000000000",
            "18446744073709551616",
            "0xzz",
            "ff",
            "FF00",
            "-1",
            "+1",
            "0x 1",
            " 1",
            "1_000",
            "0b101",
            "0x+f",
        ] {
            let e = parse_occupancy(bad).unwrap_err();
            assert!(
                e.starts_with("expected 0x and 1 to 16 hex digits"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn depth_is_1_to_64_and_named_when_it_is_not() {
        assert_eq!(parse_depth("1"), Ok(1));
        assert_eq!(parse_depth("64"), Ok(64));
        assert_eq!(parse_depth("0"), Err("depth 0: expected 1 to 64".into()));
        assert_eq!(parse_depth("-1"), Err("depth -1: expected 1 to 64".into()));
        assert_eq!(
            parse_depth("abc"),
            Err("depth \"abc\": expected a number from 1 to 64".into())
        );
        let long = parse_depth(&"9".repeat(1000)).unwrap_err();
        assert!(long.len() < 80, "{long}");
    }

    #[test]
    fn numbers_name_their_option_and_range() {
        assert_eq!(parse_number("--threads", "2", 1, 1024), Ok(2));
        for (text, shown) in [
            ("-1", "-1"),
            ("0", "0"),
            ("1025", "1025"),
            ("abc", "\"abc\""),
            ("", "\"\""),
            ("1.5", "\"1.5\""),
            ("+1", "\"+1\""),
        ] {
            assert_eq!(
                parse_number("--threads", text, 1, 1024),
                Err(format!(
                    "--threads {shown}: expected a whole number from 1 to 1024"
                ))
            );
        }
        assert_eq!(
            parse_number("--hash-seed", "18446744073709551615", 0, u64::MAX),
            Ok(u64::MAX)
        );
        assert_eq!(
            parse_number("--hash-seed", "18446744073709551616", 0, u64::MAX),
            Err("--hash-seed 18446744073709551616: expected a whole number below 2^64".into())
        );
        let long = parse_number("--port", &"9".repeat(1000), 0, 65535).unwrap_err();
        assert!(long.len() < 80, "{long}");
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
