//! `serde` support (feature `serde`): every value as the text a person and a chess tool
//! read, never as internal bits.
//!
//! | type | as | read back by |
//! |------|----|--------------|
//! | [`Square`] | `"e4"` | `Square::from_str` |
//! | [`Piece`] | `"knight"` | `Piece::from_str` (a name or a FEN letter) |
//! | [`Color`] | `"white"` | `Color::from_str` (`white`/`black` or `w`/`b`) |
//! | [`Move`] | UCI text, `"e2e4"`, `"e7e8q"`, castling as `"e1g1"` | not read back: see below |
//! | [`UciMove`] | the same text | `UciMove::from_str` |
//! | [`Position`] | its FEN | [`Position::from_fen`], refused if invalid, warnings dropped |
//!
//! A move's text alone does not say whether it castles or captures en passant; only the
//! position does. So text is read back as a [`UciMove`], and [`UciMove::to_move`] turns
//! it into the legal move of a position: a [`Move`] read without its position could
//! castle as a plain king move and corrupt the position it is played in.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use rayscan::{Position, Square};
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Entry { position: Position, target: Square }
//! let entry = Entry { position: Position::startpos(), target: Square::E4 };
//! let json = serde_json::to_string(&entry).unwrap();
//! assert_eq!(json, r#"{"position":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","target":"e4"}"#);
//! assert_eq!(serde_json::from_str::<Entry>(&json).unwrap(), entry);
//! assert!(serde_json::from_str::<Entry>(r#"{"position":"8/8 w - -","target":"e4"}"#).is_err());
//! # }
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::chess_move::{Move, UciMove};
use crate::color::Color;
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;

/// Reads any `FromStr` value from a string, naming what was expected.
struct TextVisitor<T>(&'static str, PhantomData<T>);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

fn from_text<'de, D: Deserializer<'de>, T: FromStr>(
    deserializer: D,
    expecting: &'static str,
) -> Result<T, D::Error>
where
    T::Err: fmt::Display,
{
    deserializer.deserialize_str(TextVisitor(expecting, PhantomData))
}

macro_rules! as_text {
    ($type:ty, $expecting:literal) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                from_text(deserializer, $expecting)
            }
        }
    };
}

as_text!(Square, "a square such as \"e4\"");
as_text!(Piece, "a piece name such as \"knight\" or a FEN letter");
as_text!(Color, "\"white\" or \"black\"");
as_text!(UciMove, "a UCI move such as \"e2e4\" or \"e7e8q\"");

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
as_text!(Position, "a FEN string");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_move::MoveKind;

    #[test]
    fn every_square_piece_and_color_round_trips() {
        for sq in Square::ALL {
            let json = serde_json::to_string(&sq).unwrap();
            assert_eq!(json, format!("\"{sq}\""));
            assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), sq);
        }
        for piece in Piece::ALL {
            let json = serde_json::to_string(&piece).unwrap();
            assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), piece);
        }
        for color in [Color::White, Color::Black] {
            let json = serde_json::to_string(&color).unwrap();
            assert_eq!(serde_json::from_str::<Color>(&json).unwrap(), color);
        }
        assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
        assert!(serde_json::from_str::<Square>("17").is_err());
    }

    #[test]
    fn moves_round_trip_as_uci_text_and_resolve_in_their_position() {
        let p = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap()
        .0;
        for m in p.legal_moves() {
            let json = serde_json::to_string(&m).unwrap();
            assert_eq!(json, format!("\"{m}\""));
            let back: UciMove = serde_json::from_str(&json).unwrap();
            assert_eq!(back.to_move(&p).unwrap(), m);
        }
        let promotion = Move::new(Square::B7, Square::A8, MoveKind::Promotion(Piece::Knight));
        let json = serde_json::to_string(&promotion).unwrap();
        assert_eq!(json, "\"b7a8n\"");
        let text = serde_json::from_str::<UciMove>(&json).unwrap();
        assert_eq!(text.promotion(), Some(Piece::Knight));
        assert!(serde_json::from_str::<UciMove>("\"e1g1x\"").is_err());
    }

    #[test]
    fn positions_are_fen_strings_validated_when_read() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        for fen in fens {
            let p = Position::from_fen(fen).unwrap().0;
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{p}\""));
            assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
        }
        let err = serde_json::from_str::<Position>("\"8/8/8/8/8/8/8/8 w - - 0 1\"").unwrap_err();
        assert!(err.to_string().contains("white has no king"), "{err}");
        let err = serde_json::from_str::<Position>("42").unwrap_err();
        assert!(err.to_string().contains("a FEN string"), "{err}");
    }
}
