//! The page's JSON endpoints: thin wrappers over the library.

use std::time::Instant;

use rayscan::error::Snippet;
use rayscan::fen::Placement;
use rayscan::masks;
use rayscan::movegen::Generator;
use rayscan::perft::divide_by;
use rayscan::sliders::Technique;
use rayscan::{Bitboard, Piece, Position, SliderPiece, Square};
use serde_json::{Value, json};

use crate::commands::explain;
use crate::shared::args::{parse_generator, parse_technique};
use crate::shared::game::{Ending, overview, setup};
use crate::shared::io::{nps, squares};

/// The deepest perft the page runs: depth 6 is at most seconds for positions people
/// paste (the start position's 119 million nodes take under a second).
pub const MAX_DEPTH: u32 = 6;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A query string's parameters, percent-decoded.
pub struct Params(Vec<(String, String)>);

impl Params {
    /// Parses `a=1&b=x%20y`; `+` is a space. Refuses bad escapes, text that is not
    /// UTF-8, and a parameter given twice (`depth=3&depth=4`: which one was meant?).
    pub fn parse(query: &str) -> Result<Params, String> {
        let mut out: Vec<(String, String)> = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let (k, v) = (decode(k)?, decode(v)?);
            if out.iter().any(|(seen, _)| *seen == k) {
                return Err(format!(
                    "{}: given more than once; give each parameter once",
                    Snippet::new(&k)
                ));
            }
            out.push((k, v));
        }
        Ok(Params(out))
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some("1" | "true" | "yes" | ""))
    }
}

/// Percent-decoding of one query component.
fn decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = text.get(i + 1..i + 3).unwrap_or("");
                let byte = (hex.len() == 2 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
                    .then(|| u8::from_str_radix(hex, 16).ok())
                    .flatten()
                    .ok_or_else(|| {
                        let bad: String = text[i..].chars().take(3).collect();
                        format!("query: invalid percent escape {bad:?}")
                    })?;
                out.push(byte);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| "query: not UTF-8 text".to_string())
}

/// The FEN parameter, or the start position's.
fn fen_param(p: &Params) -> &str {
    p.get("fen")
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .unwrap_or(STARTPOS)
}

/// A whole legal position from the `fen` parameter. The library's errors name the
/// parameter already: they begin with "fen".
fn position(p: &Params) -> Result<(Position, Vec<String>), String> {
    setup(Some(fen_param(p)), &[], false, false)
}

/// Just the pieces of the `fen` parameter (its first field): enough for attack studies.
fn placement(p: &Params) -> Result<Placement, String> {
    let field = fen_param(p).split_whitespace().next().unwrap_or("");
    field.parse::<Placement>().map_err(|e| e.to_string())
}

/// `GET /api/techniques`: techniques and generators, with the defaults.
pub fn techniques() -> Value {
    let default = Technique::auto();
    json!({
        "default": default.name(),
        "default_reason": rayscan::cpu::pext().reason(),
        "techniques": Technique::ALL.iter().map(|&t| json!({
            "name": t.name(),
            "description": t.description(),
            "table_bytes": t.table_bytes(),
            "ray_wise": t.is_ray_wise(),
            "default": t == default,
            "available": t.is_available(),
        })).collect::<Vec<_>>(),
        "generators": Generator::ALL.iter().map(|g| json!({
            "name": g.name(),
            "default_technique": g.default_technique().name(),
        })).collect::<Vec<_>>(),
        "max_depth": MAX_DEPTH,
    })
}

/// `GET /api/board?fen=F`: the pieces, and for a legal position what the side to move
/// faces and whether the game is over (the flags, and `ending`: the lines `show` prints).
pub fn board(p: &Params) -> Result<Value, String> {
    let pieces = placement(p)?;
    let cells: Vec<String> = Square::ALL
        .iter()
        .map(|&sq| match pieces.piece_at(sq) {
            Some((c, piece)) => piece.fen_char(c).to_string(),
            None => String::new(),
        })
        .collect();
    match position(p) {
        Ok((pos, warnings)) => {
            let (attacked, pinned, checkers) = overview(&pos);
            let chess960 = pos.is_chess960();
            let ending = Ending::of(&pos);
            let mut out = json!({
                "valid": true,
                "fen": pos.to_string(),
                "cells": cells,
                "side": pos.side_to_move().to_string(),
                "warnings": warnings,
                "attacked": squares(attacked),
                "pinned": squares(pinned),
                "checkers": squares(checkers),
                "legal_moves": pos.legal_moves().iter().map(|m| m.uci(chess960).to_string()).collect::<Vec<_>>(),
                "ending": ending.lines(),
            });
            for (name, flag) in ending.flags() {
                out[name] = flag.into();
            }
            Ok(out)
        }
        // The pieces are readable but the position is not legal (no kings, say): the
        // page can still study attacks on it, and says why perft cannot run.
        Err(e) => Ok(json!({ "valid": false, "error": e, "cells": cells })),
    }
}

/// `GET /api/explain?fen=F&technique=T&square=S[&piece=P]`: the walkthrough for the
/// slider on S (a queen if S holds no slider, or P if given) among F's pieces.
pub fn explain(p: &Params) -> Result<Value, String> {
    let pieces = placement(p)?;
    let technique = match p.get("technique") {
        None | Some("") => Technique::auto(),
        Some(t) => parse_technique(t).map_err(|e| format!("technique: {e}"))?,
    };
    let square: Square = p
        .get("square")
        .ok_or("square: missing (like square=e4)")?
        .parse()
        .map_err(|e| format!("square: {e}"))?;
    let on_square = pieces.piece_at(square).and_then(|(_, piece)| match piece {
        Piece::Rook => Some(SliderPiece::Rook),
        Piece::Bishop => Some(SliderPiece::Bishop),
        Piece::Queen => Some(SliderPiece::Queen),
        _ => None,
    });
    let piece = match p.get("piece") {
        None | Some("" | "auto") => on_square.unwrap_or(SliderPiece::Queen),
        Some(t) => t
            .parse::<SliderPiece>()
            .map_err(|e| format!("piece: {e}"))?,
    };
    let occupied = pieces.occupied();
    let req = explain::Request {
        technique,
        piece,
        square,
        occupied,
    };
    let walk = explain::explain(&req);
    let lines = piece
        .directions()
        .iter()
        .fold(Bitboard::EMPTY, |a, &d| a | masks::ray(d, square));
    Ok(json!({
        "technique": technique.name(),
        "description": technique.description(),
        "piece": piece.name(),
        "square": square.to_string(),
        "rays": squares(lines),
        "blockers": squares(lines & occupied),
        "walkthrough": walk.json(),
        "text": walk.text(),
    }))
}

/// `GET /api/perft?fen=F&depth=D[&divide=1][&generator=G]`: leaf counts and the time.
pub fn perft(p: &Params) -> Result<Value, String> {
    let (pos, _) = position(p)?;
    let depth_text = p.get("depth").ok_or("depth: missing (like depth=4)")?;
    let depth: u32 = depth_text
        .parse()
        .ok()
        .filter(|d| (1..=MAX_DEPTH).contains(d))
        .ok_or_else(|| {
            format!(
                "depth: {} is not a whole number from 1 to {MAX_DEPTH}",
                Snippet::new(depth_text)
            )
        })?;
    let generator = match p.get("generator") {
        None | Some("") => Generator::PieceWise,
        Some(g) => parse_generator(g).map_err(|e| format!("generator: {e}"))?,
    };
    let technique = generator.default_technique();
    let chess960 = pos.is_chess960();
    let mut divide = Vec::new();
    let start = Instant::now();
    let nodes = divide_by(generator, technique, &pos, depth, |m, n| {
        divide.push(json!({ "move": m.uci(chess960).to_string(), "nodes": n }));
    })
    .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let mut out = json!({
        "fen": pos.to_string(),
        "depth": depth,
        "generator": generator.name(),
        "technique": technique.name(),
        "nodes": nodes,
        "milliseconds": (seconds * 1000.0).round() as u64,
        "nodes_per_second": nps(nodes, seconds),
    });
    if p.flag("divide") {
        out["divide"] = Value::Array(divide);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(q: &str) -> Params {
        Params::parse(q).unwrap()
    }

    #[test]
    fn decodes_queries() {
        let p = params("fen=8%2F8+w&x=%C3%A9&flag");
        assert_eq!(p.get("fen"), Some("8/8 w"));
        assert_eq!(p.get("x"), Some("é"));
        assert!(p.flag("flag"));
        for bad in ["a=%", "a=%4", "a=%zz", "a=%ff", "a=%C3"] {
            assert!(Params::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn refuses_a_parameter_given_twice() {
        for (query, name) in [
            ("depth=3&depth=4", "\"depth\""),
            ("fen=8/8&depth=3&fen=8/8", "\"fen\""),
            ("divide&divide=1", "\"divide\""),
            // The same name once escaped is the same name.
            ("depth=3&%64epth=3", "\"depth\""),
        ] {
            let e = Params::parse(query)
                .err()
                .unwrap_or_else(|| panic!("{query}"));
            assert_eq!(
                e,
                format!("{name}: given more than once; give each parameter once"),
                "{query}"
            );
        }
        assert!(Params::parse("depth=3&divide=1&fen=").is_ok());
    }

    #[test]
    fn explain_uses_the_slider_on_the_square() {
        let p = params("square=d1&technique=garvin32");
        let v = explain(&p).unwrap();
        assert_eq!(v["piece"], "queen");
        assert_eq!(v["blockers"].as_array().unwrap().len(), 12);
        assert_eq!(v["walkthrough"]["squares"].as_array().unwrap().len(), 5);
        let v = explain(&params("square=e4&fen=8/8/8/8/4N3/8/8/8&piece=rook")).unwrap();
        assert_eq!(v["piece"], "rook");
        assert_eq!(v["walkthrough"]["squares"].as_array().unwrap().len(), 14);
        for (q, needle) in [
            ("technique=classical", "square: missing"),
            ("square=e9", "square"),
            ("square=e4&technique=nope", "technique"),
            ("square=e4&piece=knight", "piece"),
            ("square=e4&fen=9/8/8/8/8/8/8/8", "fen"),
        ] {
            let e = explain(&params(q)).unwrap_err();
            assert!(e.contains(needle), "{q}: {e}");
        }
    }

    #[test]
    fn board_reads_illegal_positions_for_study() {
        let v = board(&params("fen=8/8/8/3q4/8/8/8/8+w+-+-")).unwrap();
        assert_eq!(v["valid"], false);
        // The library's error names the parameter: no "fen: " before it.
        let e = v["error"].as_str().unwrap();
        assert!(e.starts_with("fen ") && !e.starts_with("fen: "), "{e}");
        assert_eq!(v["cells"][35], "q");
        let v = board(&params("")).unwrap();
        assert_eq!(v["valid"], true);
        assert_eq!(v["legal_moves"].as_array().unwrap().len(), 20);
    }

    #[test]
    fn board_names_checkmate_stalemate_and_insufficient_material() {
        let cases = [
            // Fool's mate: white to move, mated.
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR+w+KQkq+-+1+3",
                [true, false, false],
                vec!["checkmate: black wins"],
            ),
            (
                "7k/5Q2/6K1/8/8/8/8/8+b+-+-+0+1",
                [false, true, false],
                vec!["stalemate: draw"],
            ),
            (
                "8/8/4k3/8/8/3NK3/8/8+w+-+-+0+1",
                [false, false, true],
                vec!["insufficient material: draw"],
            ),
            ("", [false, false, false], vec![]),
        ];
        for (fen, [checkmate, stalemate, insufficient], ending) in cases {
            let v = board(&params(&format!("fen={fen}"))).unwrap();
            assert_eq!(v["checkmate"], checkmate, "{fen}");
            assert_eq!(v["stalemate"], stalemate, "{fen}");
            assert_eq!(v["insufficient_material"], insufficient, "{fen}");
            assert_eq!(v["ending"], json!(ending), "{fen}");
        }
    }

    #[test]
    fn perft_checks_its_depth_and_divides() {
        let v = perft(&params("depth=3&divide=1&generator=hybrid")).unwrap();
        assert_eq!(v["nodes"], 8902);
        assert_eq!(v["divide"].as_array().unwrap().len(), 20);
        for bad in ["depth=0", "depth=7", "depth=x", "", "depth=2&generator=foo"] {
            assert!(perft(&params(bad)).is_err(), "{bad}");
        }
        let e = perft(&params("depth=1&fen=8/8/8/8/8/8/8/8+w+-+-")).unwrap_err();
        assert!(e.starts_with("fen ") && !e.starts_with("fen: "), "{e}");
    }
}
