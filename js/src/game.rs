//! A game as chess.js keeps one: the board, the moves played with what chess.js's
//! history keeps of the state before each, and how often each hash has been reached
//! (its repetition count). The JavaScript class `Chess` (js/lib/chess.js) holds one
//! `Game` and asks it everything about positions and moves; headers, comments and PGN
//! text stay in JavaScript.
//!
//! Answers that carry moves are text, one call per answer: a move is the fields of
//! chess.js's `Move` joined by `|` ([`describe`]), moves are lines, and lists of SAN are
//! joined by spaces.

use std::collections::BTreeMap;
use std::fmt::Write;

use rayscan::{Color, Piece, Position, Square};
use wasm_bindgen::prelude::*;

use crate::fen;
use crate::rules::{
    Board, KING_SIDE, Mv, Only, QUEEN_SIDE, Saved, board_order, color_letter, flag,
};

#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    board: Board,
    history: Vec<(Saved, Mv)>,
    counts: BTreeMap<u64, u32>,
    /// The moves of the last listing, for `play_listed`.
    listed: Vec<Mv>,
    /// Scratch space for the full legal list a move's SAN is disambiguated against.
    scratch: Vec<Mv>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// A square from its index (a1 = 0), as the JavaScript side passes it.
fn square(index: u8) -> Result<Square, String> {
    Square::new(index).ok_or_else(|| format!("square index {index} is not on the board"))
}

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

impl Game {
    /// `m`'s fields, played from the current board.
    fn describe(&mut self, m: &Mv) -> String {
        self.scratch.clear();
        self.board.legal(&mut self.scratch, None, Only::All);
        let mut text = String::with_capacity(180);
        describe(&self.board, m, &self.scratch, &mut text);
        text
    }

    fn push(&mut self, m: Mv) {
        self.history.push((Saved::of(&self.board), m));
        self.board = self.board.play(&m);
        *self.counts.entry(self.board.hash).or_insert(0) += 1;
    }

    /// chess.js's answers about its history take every move back and play them again,
    /// which leaves pieces put or removed since where the replay leaves them and moves
    /// the hash by each null move: so does this. `visit` sees each move with the board
    /// it is played from.
    fn replay(&mut self, mut visit: impl FnMut(&mut Board, &Mv)) {
        let history = std::mem::take(&mut self.history);
        for (saved, m) in history.iter().rev() {
            self.board.unplay(saved, m);
        }
        for (_, m) in history {
            visit(&mut self.board, &m);
            self.history.push((Saved::of(&self.board), m));
            self.board = self.board.play(&m);
        }
    }

    /// Describes and plays `m`: chess.js's `move` once it has found its move.
    fn play(&mut self, m: Mv) -> String {
        let text = self.describe(&m);
        if m.is(flag::NULL_MOVE) {
            self.board.null_drift();
        }
        self.push(m);
        text
    }

    fn list(&mut self, square: i32, only: Option<String>) {
        self.listed.clear();
        let square = match square {
            -1 => None,
            i => match u8::try_from(i).ok().and_then(Square::new) {
                Some(sq) => Some(sq),
                None => return,
            },
        };
        self.board
            .legal(&mut self.listed, square, Only::parse(only.as_deref()));
    }
}

/// `m`'s fields, `|`-separated, from `board` with `legal` its full legal list: the FEN
/// before, colour, from, to, piece, captured, promotion, flags, SAN, LAN, the FEN after.
pub fn describe(board: &Board, m: &Mv, legal: &[Mv], out: &mut String) {
    board.write_fen(out, false);
    out.push('|');
    out.push(color_letter(board.turn));
    if m.is(flag::NULL_MOVE) {
        // chess.js's null move is a king's move from a8 to a8.
        out.push_str("|a8|a8|k|||-|--|a8a8|");
    } else {
        let _ = write!(out, "|{}|{}|{}|", m.from, m.to, m.piece.to_char());
        if let Some(c) = m.captured {
            out.push(c.to_char());
        }
        out.push('|');
        if let Some(p) = m.promotion {
            out.push(p.to_char());
        }
        out.push('|');
        for (bit, c) in flag::LETTERS {
            if m.flags & bit != 0 {
                out.push(c);
            }
        }
        out.push('|');
        board.san(m, legal, out);
        let _ = write!(out, "|{}{}", m.from, m.to);
        if let Some(p) = m.promotion {
            out.push(p.to_char());
        }
        out.push('|');
    }
    board.play(m).write_fen(out, false);
}

/// SAN without `=` and a trailing `+`/`#` (chess.js's `strippedSan` of its own SAN).
fn stripped(san: &str) -> String {
    san.replacen('=', "", 1)
        .trim_end_matches(['+', '#'])
        .to_string()
}

#[wasm_bindgen]
impl Game {
    /// The start position.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Game {
        let mut game = Game {
            board: Board::empty(),
            history: Vec::new(),
            counts: BTreeMap::new(),
            listed: Vec::new(),
            scratch: Vec::new(),
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let _ = game.load(start, false, false);
        game
    }

    /// chess.js's `load`: the text it read (fields filled in), or validation's message;
    /// on an error nothing changes.
    pub fn load(
        &mut self,
        fen: &str,
        skip_validation: bool,
        chess960: bool,
    ) -> Result<String, String> {
        let text = fen::completed(fen);
        let board = fen::read(&text, skip_validation, chess960)?;
        self.board = board;
        self.history.clear();
        self.counts.clear();
        self.counts.insert(self.board.hash, 1);
        Ok(text)
    }

    /// chess.js's `clear`: an empty board, no history, no repetitions (Chess960 kept).
    pub fn clear(&mut self) {
        let chess960 = self.board.chess960;
        self.board = Board::empty();
        self.board.chess960 = chess960;
        self.history.clear();
        self.counts.clear();
    }

    pub fn fen(&self, force_ep: bool) -> String {
        self.board.fen(force_ep)
    }

    /// The FEN with Shredder-FEN's castling letters (rook files) in Chess960.
    pub fn shredder_fen(&self, force_ep: bool) -> String {
        let mut out = String::new();
        self.board.write_fen_with(&mut out, force_ep, true);
        out
    }

    pub fn chess960(&self) -> bool {
        self.board.chess960
    }

    pub fn white_to_move(&self) -> bool {
        self.board.turn == Color::White
    }

    /// The SAN of the legal moves on `square` (-1 for all) of the pieces `only` names,
    /// disambiguated against that same list as chess.js does, space-separated.
    pub fn sans(&mut self, square: i32, only: Option<String>) -> String {
        self.list(square, only);
        let mut out = String::with_capacity(self.listed.len() * 6);
        for (i, m) in self.listed.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.board.san(m, &self.listed, &mut out);
        }
        out
    }

    /// The same moves, each described in full on a line.
    pub fn verbose(&mut self, square: i32, only: Option<String>) -> String {
        self.list(square, only);
        self.scratch.clear();
        self.board.legal(&mut self.scratch, None, Only::All);
        let mut out = String::with_capacity(self.listed.len() * 180);
        for (i, m) in self.listed.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            describe(&self.board, m, &self.scratch, &mut out);
        }
        out
    }

    /// How many moves the last listing (`sans`, `verbose`, `candidates`) found.
    pub fn listed_len(&self) -> usize {
        self.listed.len()
    }

    /// Plays the listed move whose SAN, stripped, is `clean` (chess.js's strict reading
    /// of SAN); "" when none is.
    pub fn play_san(&mut self, clean: &str, only: Option<String>) -> String {
        self.list(-1, only);
        let mut san = String::with_capacity(8);
        let found = self.listed.iter().position(|m| {
            san.clear();
            self.board.san(m, &self.listed, &mut san);
            stripped(&san) == clean
        });
        match found {
            Some(i) => self.play(self.listed[i]),
            None => String::new(),
        }
    }

    /// The legal moves of the pieces `only` names, for chess.js's permissive reading:
    /// a line per move of from, to, piece, promotion and stripped SAN, space-separated.
    pub fn candidates(&mut self, only: Option<String>) -> String {
        self.list(-1, only);
        let mut out = String::new();
        let mut san = String::new();
        for m in &self.listed {
            san.clear();
            self.board.san(m, &self.listed, &mut san);
            let promotion = m
                .promotion
                .map_or(String::new(), |p| p.to_char().to_string());
            let _ = writeln!(
                out,
                "{} {} {} {} {}",
                m.from,
                m.to,
                m.piece.to_char(),
                promotion,
                stripped(&san)
            );
        }
        out
    }

    /// Plays the `index`th move of the last listing.
    pub fn play_listed(&mut self, index: usize) -> Result<String, String> {
        let m = *self
            .listed
            .get(index)
            .ok_or_else(|| format!("move index {index} is not in the last listing"))?;
        Ok(self.play(m))
    }

    /// Plays the first legal move from `from` to `to` that is no promotion or promotes
    /// to exactly `promotion` (chess.js's reading of a move object); "" when none.
    pub fn play_from_to(&mut self, from: u8, to: u8, promotion: Option<String>) -> String {
        let (Ok(from), Ok(to)) = (square(from), square(to)) else {
            return String::new();
        };
        self.list(-1, None);
        // In Chess960 the king may also castle by taking its own rook (UCI's spelling).
        let rook_of = |m: &Mv| {
            let side = if m.is(flag::KSIDE_CASTLE) {
                KING_SIDE
            } else {
                QUEEN_SIDE
            };
            self.board.rooks[self.board.turn.index()][side]
        };
        let castles_to = |m: &Mv| {
            self.board.chess960
                && m.is(flag::KSIDE_CASTLE | flag::QSIDE_CASTLE)
                && rook_of(m) == Some(to)
        };
        let promotes = |m: &Mv| {
            m.promotion.is_none_or(|p| {
                let text = promotion.as_deref().unwrap_or("");
                text.len() == 1 && text.starts_with(p.to_char())
            })
        };
        let listed = || self.listed.iter().copied();
        let found = listed()
            .find(|m| m.from == from && m.to == to && promotes(m))
            .or_else(|| listed().find(|m| m.from == from && castles_to(m)));
        found.map_or(String::new(), |m| self.play(m))
    }

    /// chess.js's null move (`--`), refused in check with chess.js's message.
    pub fn play_null(&mut self) -> Result<String, String> {
        if self.board.is_check() {
            return Err("Null move not allowed when in check".to_string());
        }
        Ok(self.play(Mv::NULL))
    }

    /// Takes back the last move: its description from the board before it, or "".
    pub fn undo(&mut self) -> String {
        let Some((saved, m)) = self.history.pop() else {
            return String::new();
        };
        let hash = self.board.hash;
        self.board.unplay(&saved, &m);
        match self.counts.get_mut(&hash) {
            Some(1) | None => {
                self.counts.remove(&hash);
            }
            Some(n) => *n -= 1,
        }
        let text = self.describe(&m);
        if m.is(flag::NULL_MOVE) {
            self.board.null_drift();
        }
        text
    }

    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The moves played, by a replay: SAN space-separated, or (verbose) one
    /// description per line.
    pub fn history(&mut self, verbose: bool) -> String {
        let mut out = String::new();
        let mut legal = Vec::with_capacity(64);
        self.replay(|board, m| {
            if !out.is_empty() {
                out.push(if verbose { '\n' } else { ' ' });
            }
            legal.clear();
            board.legal(&mut legal, None, Only::All);
            if verbose {
                describe(board, m, &legal, &mut out);
                if m.is(flag::NULL_MOVE) {
                    board.null_drift();
                }
            } else {
                board.san(m, &legal, &mut out);
            }
        });
        out
    }

    /// For PGN, by a replay: a `fen|san` line per move, the FEN before it.
    pub fn plies(&mut self) -> String {
        let mut out = String::new();
        let mut legal = Vec::with_capacity(64);
        self.replay(|board, m| {
            legal.clear();
            board.legal(&mut legal, None, Only::All);
            board.write_fen(&mut out, false);
            out.push('|');
            board.san(m, &legal, &mut out);
            out.push('\n');
        });
        out
    }

    /// The FEN of each position of the game, from the start, one per line, by a replay.
    pub fn fens(&mut self) -> String {
        let mut out = String::new();
        self.replay(|board, _| {
            board.write_fen(&mut out, false);
            out.push('\n');
        });
        self.board.write_fen(&mut out, false);
        out
    }

    /// A copy of the whole game, to put back when a PGN fails halfway.
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// The piece on `sq` as colour × 8 + kind (pawn 0 … king 5), or -1.
    pub fn get(&self, sq: u8) -> i32 {
        match square(sq).ok().and_then(|sq| self.board.at(sq)) {
            Some((c, k)) => c.index() as i32 * 8 + k as i32,
            None => -1,
        }
    }

    /// The board from a8 to h1, a letter per square as FEN writes pieces, `.` for empty.
    pub fn squares(&self) -> String {
        board_order()
            .map(|sq| match self.board.at(sq) {
                Some((Color::White, k)) => k.to_char().to_ascii_uppercase(),
                Some((Color::Black, k)) => k.to_char(),
                None => '.',
            })
            .collect()
    }

    /// chess.js's `put` of a validated kind and colour: false for a second king.
    pub fn put(&mut self, kind: u8, white: bool, sq: u8) -> bool {
        let (Ok(sq), Some(&kind)) = (square(sq), Piece::ALL.get(usize::from(kind))) else {
            return false;
        };
        if !self.board.put(sq, color(white), kind) {
            return false;
        }
        self.board.after_put();
        true
    }

    /// chess.js's `remove`: what stood there (as `get`); 255 for a name that is no square.
    pub fn remove(&mut self, sq: u8) -> i32 {
        match self.board.remove(square(sq).ok()) {
            Some((c, k)) => c.index() as i32 * 8 + k as i32,
            None => -1,
        }
    }

    /// The squares of `white`'s (or Black's) pieces attacking `sq`, in chess.js's order.
    pub fn attackers(&self, sq: u8, white: bool) -> String {
        let Ok(sq) = square(sq) else {
            return String::new();
        };
        let attackers = self.board.attackers(color(white), sq);
        let mut out = String::new();
        for from in board_order().filter(|&s| attackers.contains(s)) {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{from}");
        }
        out
    }

    pub fn is_attacked(&self, sq: u8, white: bool) -> bool {
        square(sq).is_ok_and(|sq| self.board.attacked(color(white), sq))
    }

    pub fn is_check(&self) -> bool {
        self.board.is_check()
    }

    pub fn is_checkmate(&self) -> bool {
        self.board.is_checkmate()
    }

    pub fn is_stalemate(&self) -> bool {
        self.board.is_stalemate()
    }

    /// chess.js's insufficient material: two pieces; three with one bishop or one knight;
    /// or kings and bishops all on one colour of square (pieces counted, kings assumed).
    pub fn is_insufficient_material(&self) -> bool {
        let mut count = 0;
        let (mut bishops, mut knights, mut light, mut dark) = (0, 0, 0, 0);
        for sq in Square::ALL {
            let Some((_, kind)) = self.board.at(sq) else {
                continue;
            };
            count += 1;
            match kind {
                Piece::Knight => knights += 1,
                Piece::Bishop => {
                    bishops += 1;
                    if (sq.file() as usize + sq.rank() as usize) % 2 == 1 {
                        light += 1;
                    } else {
                        dark += 1;
                    }
                }
                _ => {}
            }
        }
        count == 2
            || (count == 3 && (bishops == 1 || knights == 1))
            || (count == bishops + 2 && (light == 0 || dark == 0))
    }

    /// The repetition counts, a `hash count` line (hash in hexadecimal) per position.
    pub fn position_counts(&self) -> String {
        let mut out = String::new();
        for (hash, count) in &self.counts {
            let _ = writeln!(out, "{hash:x} {count}");
        }
        out
    }

    pub fn is_threefold_repetition(&self) -> bool {
        self.counts.get(&self.board.hash).is_some_and(|&n| n >= 3)
    }

    pub fn half_moves(&self) -> f64 {
        self.board.half_moves
    }

    pub fn move_number(&self) -> f64 {
        self.board.move_number
    }

    /// chess.js's `hash()`: the hash in hexadecimal, no leading zeros.
    pub fn hash(&self) -> String {
        format!("{:x}", self.board.hash)
    }

    /// `white`'s castling bits (chess.js's 32 king side, 64 queen side).
    pub fn castling(&self, white: bool) -> u8 {
        self.board.castling[color(white).index()]
    }

    /// chess.js's `setCastlingRights` before its answer: sets or clears the bits asked
    /// for (-1: leave), then drops those whose king or rook is missing. Like chess.js, the
    /// hash keeps the key of the rights before the call.
    pub fn set_castling(&mut self, white: bool, king: i32, queen: i32) {
        let index = color(white).index();
        for (wish, bit) in [(king, flag::KSIDE_CASTLE), (queen, flag::QSIDE_CASTLE)] {
            match wish {
                1 => self.board.castling[index] |= bit,
                0 => self.board.castling[index] &= !bit,
                _ => {}
            }
        }
        // chess.js sets the bits without the hash, then xors out the key of the rights it
        // set and in the key of those it kept: so does `update_castling_rights`.
        self.board.update_castling_rights();
    }

    /// Leaf nodes `depth` plies down (chess.js counts one ply for any depth below 2),
    /// by rayscan's generator where chess.js's rules are the usual ones, else by them.
    pub fn perft(&self, depth: u32) -> f64 {
        count(&self.board, depth)
    }

    /// Leaf nodes by chess.js's rules alone, never rayscan's generator: for the tests
    /// that hold the two equal.
    pub fn perft_rules(&self, depth: u32) -> f64 {
        self.board.perft(depth.max(1)) as f64
    }

    /// Each legal move's SAN and leaf count `depth - 1` plies below it (chess.js's
    /// order), as `san count` lines.
    pub fn divide(&mut self, depth: u32) -> String {
        self.list(-1, None);
        let mut out = String::new();
        for m in &self.listed {
            let count = if depth > 1 {
                count(&self.board.play(m), depth - 1)
            } else {
                1.0
            };
            self.board.san(m, &self.listed, &mut out);
            let _ = writeln!(out, " {count}");
        }
        out
    }
}

/// Leaf nodes `depth` plies down (at least one), by rayscan's generator where chess.js's
/// rules and rayscan's agree on the board, else by chess.js's rules.
pub fn count(board: &Board, depth: u32) -> f64 {
    let depth = depth.max(1);
    match as_position(board) {
        Some(position) => position.perft(depth) as f64,
        None => board.perft(depth) as f64,
    }
}

/// The board as a rayscan position when chess.js's rules and rayscan's agree on it: one
/// king each, the side not to move not in check, every castling right with its king and
/// rook on their squares, an en-passant square where a pawn has just passed.
pub fn as_position(board: &Board) -> Option<Position> {
    if board.kings.iter().any(Option::is_none) {
        return None;
    }
    let mut kept = board.clone();
    kept.update_castling_rights();
    if kept.castling != board.castling {
        return None;
    }
    let mut fen = String::with_capacity(90);
    board.write_fen_with(&mut fen, true, true);
    let (mut position, warnings) = Position::from_fen(&fen).ok()?;
    position.set_chess960(board.chess960);
    warnings.is_empty().then_some(position)
}
