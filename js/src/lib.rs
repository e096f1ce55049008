//! rayscan for JavaScript: the WebAssembly half of the `rayscan` npm package.
//!
//! [`game::Game`] holds a chess.js game (its rules are [`rules`], its FEN reading
//! [`fen`], its hash keys [`keys`]); [`explain`] gives the techniques' walkthroughs;
//! js/lib/ is the JavaScript half, the `Chess` class with chess.js's API around a
//! `Game`.

pub mod explain;
pub mod fen;
pub mod game;
pub mod keys;
pub mod rules;

use wasm_bindgen::prelude::*;

/// chess.js's `validateFen` (with `chess960`, castling letters may name rook files): its
/// message, or "" when the FEN passes.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(fen: &str, chess960: bool) -> String {
    match fen::validate(fen, chess960) {
        Ok(()) => String::new(),
        Err(message) => message.to_string(),
    }
}
