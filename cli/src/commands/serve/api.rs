//! The page's JSON endpoints: thin wrappers over the library.

use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

use rayscan::error::Snippet;
use rayscan::movegen::Generator;
use rayscan::perft::LastPly;
use rayscan::position::Placement;
use rayscan::sliders::Technique;
use rayscan::{Position, SliderPiece, Square};
use serde_json::{Value, json};

use crate::commands::explain;
use crate::shared::args::{parse_generator, parse_technique};
use crate::shared::game::{Ending, overview, setup};
use crate::shared::io::{nps, squares, thousands};
use crate::shared::parts::{Halt, Parts};
use crate::shared::settings::Settings;

/// The deepest perft the page runs.
pub const MAX_DEPTH: u32 = 6;

/// The node budget of one count: a count that passes it stops there, with an error that
/// points to `rayscan perft`. The start position's depth 6 (119 million) and Kiwipete's
/// depth 5 (194 million) fit; the slowest generator (staged, about 20 million nodes per
/// second) spends seconds on it, the fastest a tenth of a second.
pub const MAX_NODES: u64 = 250_000_000;

/// How long a count waits on the server for the one before it to end.
pub const WAIT_FOR_TURN: Duration = Duration::from_secs(2);

/// Counts take turns: they run one at a time, each on one thread, so a second deep count
/// cannot take the other core from the page, and queued counts cannot hold every
/// connection. A server has one, shared by its connections; the wait is the owner's to
/// choose ([`WAIT_FOR_TURN`] on the server), so no two servers, or tests, share a turn.
pub struct Turns {
    counting: Mutex<()>,
    wait: Duration,
}

impl Turns {
    /// Turns whose takers wait up to `wait` for the count before them.
    pub const fn new(wait: Duration) -> Turns {
        Turns {
            counting: Mutex::new(()),
            wait,
        }
    }

    /// The turn to count, once the count before it has ended; [`Stop::Busy`] after the
    /// wait, [`Stop::Gone`] if the client leaves while it waits.
    fn take(&self, gone: &dyn Fn() -> bool) -> Result<MutexGuard<'_, ()>, Stop> {
        let start = Instant::now();
        loop {
            match self.counting.try_lock() {
                Ok(turn) => return Ok(turn),
                // A count that panicked left nothing half-done: the lock guards no data.
                Err(TryLockError::Poisoned(p)) => return Ok(p.into_inner()),
                Err(TryLockError::WouldBlock) => {}
            }
            if gone() {
                return Err(Stop::Gone);
            }
            if start.elapsed() > self.wait {
                return Err(Stop::Busy);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A query string's parameters, percent-decoded.
pub struct Params(Vec<(String, String)>);

impl Params {
    /// Parses `a=1&b=x%20y`; `+` is a space. Refuses bad escapes, text that is not
    /// UTF-8, and a parameter given twice (`depth=3&depth=4`: which one was meant?).
    /// What the names mean is the endpoint's to check ([`Params::only`]).
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

    /// Refuses a parameter that is not one of `names`, the parameters of `endpoint`:
    /// a misspelt `dvide=true` is an error, not silently left out.
    pub fn only(&self, endpoint: &str, names: &[&str]) -> Result<(), String> {
        match self.0.iter().find(|(k, _)| !names.contains(&k.as_str())) {
            None => Ok(()),
            Some((k, _)) if names.is_empty() => Err(format!(
                "{}: {endpoint} takes no parameters",
                Snippet::new(k)
            )),
            Some((k, _)) => Err(format!(
                "{}: not a parameter of {endpoint} ({})",
                Snippet::new(k),
                names.join(", ")
            )),
        }
    }

    /// A yes-or-no parameter: `true` or `false`, and false when it is not given. Any
    /// other spelling (`1`, `yes`, `TRUE`, empty) is refused rather than guessed.
    fn flag(&self, name: &str) -> Result<bool, String> {
        match self.get(name) {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(other) => Err(format!(
                "{name}: {} is not true or false",
                Snippet::new(other)
            )),
        }
    }
}

/// The parameters each endpoint takes.
pub const PARAMETERS: [(&str, &[&str]); 5] = [
    ("/api/techniques", &[]),
    ("/api/board", &["fen"]),
    ("/api/explain", &["fen", "technique", "square", "piece"]),
    ("/api/play", &["fen", "move"]),
    ("/api/perft", &["fen", "depth", "divide", "generator"]),
];

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
    json!({
        "default": Technique::auto().name(),
        "default_reason": rayscan::sliders::Technique::auto_reason(),
        "techniques": rayscan_explain::techniques(),
        "generators": Generator::ALL.iter().map(|g| json!({
            "name": g.name(),
            "default_technique": g.default_technique().name(),
        })).collect::<Vec<_>>(),
        "max_depth": MAX_DEPTH,
        "max_nodes": MAX_NODES,
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
    let piece = match p.get("piece") {
        None | Some("" | "auto") => None,
        Some(t) => Some(
            t.parse::<SliderPiece>()
                .map_err(|e| format!("piece: {e}"))?,
        ),
    };
    let (walk, view) = rayscan_explain::on_square(technique, square, &pieces, piece);
    let mut out = json!(view);
    out["text"] = explain::text(&walk).into();
    Ok(out)
}

/// `GET /api/play?fen=F&move=M`: the FEN after the legal move M (UCI) in F.
pub fn play(p: &Params) -> Result<Value, String> {
    let m = p.get("move").ok_or("move: missing (like move=e2e4)")?;
    let (pos, _) = setup(Some(fen_param(p)), &[m.to_string()], false, false)?;
    Ok(json!({ "fen": pos.to_string() }))
}

/// Why a count gave no answer: a bad parameter or the budget (`400`), another count
/// still running (`503`), or a client that is gone (no answer at all).
#[derive(Debug)]
pub enum Stop {
    Bad(String),
    Busy,
    Gone,
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Bad(e)
    }
}

impl From<&str> for Stop {
    fn from(e: &str) -> Stop {
        Stop::Bad(e.to_string())
    }
}

/// `GET /api/perft?fen=F&depth=D[&divide=true][&generator=G]`: leaf counts and the time.
/// The count runs in parts ([`Parts`]); between parts it stops if `gone` says the client
/// has closed its connection, or if it has passed [`MAX_NODES`]. Counts take `turns`: a
/// request waits its turn for the one before it, up to the turns' wait.
pub fn perft(p: &Params, turns: &Turns, gone: &(dyn Fn() -> bool + Sync)) -> Result<Value, Stop> {
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
    let divide = p.flag("divide")?;
    let technique = generator.default_technique();
    // The technique named computes every slider attack: each child of the last ply.
    let settings = Settings {
        generator,
        technique,
        last_ply: LastPly::Each,
        threads: 1,
        table: None,
    };
    settings.check(depth)?;
    let chess960 = pos.is_chess960();
    let _turn = turns.take(gone)?;
    let mut roots = Vec::new();
    let start = Instant::now();
    let nodes = Parts::new(&settings, gone)
        .budget(MAX_NODES)
        .divide(&pos, depth, |m, n| {
            roots.push(json!({ "move": m.uci(chess960).to_string(), "nodes": n }));
        })
        .map_err(|halt| match halt {
            Halt::Stopped => Stop::Gone,
            Halt::OverBudget => Stop::Bad(format!(
                "depth {depth}: more than {} nodes, the page's budget for one count: \
                 count it with `rayscan perft {depth} --fen \"{pos}\"`",
                thousands(MAX_NODES)
            )),
        })?;
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
    if divide {
        out["divide"] = Value::Array(roots);
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
        assert_eq!(p.get("flag"), Some(""));
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

    /// A count whose client stays, with turns of its own: no test waits for another's
    /// count, however long that takes on a loaded machine.
    fn count(q: &str) -> Result<Value, String> {
        let turns = Turns::new(Duration::ZERO);
        perft(&params(q), &turns, &|| false).map_err(|stop| match stop {
            Stop::Bad(e) => e,
            other => panic!("{q}: {other:?}"),
        })
    }

    #[test]
    fn a_count_waits_its_turn_then_is_busy_or_gone() {
        let turns = Turns::new(Duration::from_millis(50));
        let held = turns.counting.lock().unwrap();
        let start = Instant::now();
        let busy = perft(&params("depth=1"), &turns, &|| false);
        assert!(matches!(busy, Err(Stop::Busy)), "{busy:?}");
        // It waited its turn first (the wait is the turns' own).
        assert!(start.elapsed() >= Duration::from_millis(50));
        // A client that leaves while it waits gets no answer.
        let gone = perft(&params("depth=1"), &turns, &|| true);
        assert!(matches!(gone, Err(Stop::Gone)), "{gone:?}");
        // A bad request is refused before it waits.
        let bad = perft(&params("depth=0"), &turns, &|| false);
        assert!(matches!(bad, Err(Stop::Bad(_))), "{bad:?}");
        drop(held);
        let v = perft(&params("depth=2"), &turns, &|| false).unwrap();
        assert_eq!(v["nodes"], 400);
    }

    #[test]
    fn a_count_whose_client_leaves_stops_at_its_first_part() {
        let turns = Turns::new(Duration::ZERO);
        let asked = std::sync::atomic::AtomicUsize::new(0);
        let gone = || {
            asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            true
        };
        // Asked once, before the first part (the turn was free: no wait to ask in).
        let stopped = perft(&params("depth=6"), &turns, &gone);
        assert!(matches!(stopped, Err(Stop::Gone)), "{stopped:?}");
        assert_eq!(asked.load(std::sync::atomic::Ordering::Relaxed), 1);
    }

    #[test]
    fn perft_checks_its_depth_and_divides() {
        let v = count("depth=3&divide=true&generator=hybrid").unwrap();
        assert_eq!(v["nodes"], 8902);
        assert_eq!(v["divide"].as_array().unwrap().len(), 20);
        let sum: u64 = v["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["nodes"].as_u64().unwrap())
            .sum();
        assert_eq!(sum, 8902);
        for bad in ["depth=0", "depth=7", "depth=x", "", "depth=2&generator=foo"] {
            assert!(count(bad).is_err(), "{bad}");
        }
        let e = count("depth=1&fen=8/8/8/8/8/8/8/8+w+-+-").unwrap_err();
        assert!(e.starts_with("fen ") && !e.starts_with("fen: "), "{e}");
    }

    #[test]
    fn divide_is_true_or_false_and_nothing_else() {
        assert!(
            count("depth=1&divide=false")
                .unwrap()
                .get("divide")
                .is_none()
        );
        assert!(count("depth=1").unwrap().get("divide").is_none());
        for bad in ["1", "0", "", "yes", "no", "2", "on", "TRUE", "01"] {
            let e = count(&format!("depth=1&divide={bad}")).unwrap_err();
            assert_eq!(e, format!("divide: \"{bad}\" is not true or false"));
        }
    }

    #[test]
    fn counts_in_parts_equal_the_library_and_stop_at_the_budget() {
        // Deeper than a part: the parts add up to the library's count, every generator.
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R+w+KQkq+-+0+1";
        for g in ["piecewise", "staged", "mailbox-0x88"] {
            let v = count(&format!("depth=4&fen={kiwipete}&generator={g}")).unwrap();
            assert_eq!(v["nodes"], 4085603, "{g}");
        }
        let v = count("depth=6").unwrap();
        assert_eq!(v["nodes"], 119060324);
        // Kiwipete's depth 6, 8 billion nodes, stops at 250 million.
        let e = count(&format!("depth=6&fen={kiwipete}")).unwrap_err();
        assert!(
            e.starts_with(
                "depth 6: more than 250,000,000 nodes, the page's budget for one count: \
                 count it with `rayscan perft 6 --fen \"r3k2r/"
            ),
            "{e}"
        );
    }
}
