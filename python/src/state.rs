//! The game behind a Python `Board`: its positions and moves, and every rule python-chess
//! answers for (FEN, SAN, UCI, legality, the end of the game, repetitions), in plain
//! Rust. `board.rs` puts it behind Python.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use rayscan::san::SanError;
use rayscan::{Bitboard, Color, Piece as Kind, Position, Square};

use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::moves::{Move, Piece, cached, parse_uci};

/// The start position's FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What [`State::pos`] would answer for a board without positions, which cannot be.
static START: std::sync::LazyLock<Position> = std::sync::LazyLock::new(Position::startpos);

/// What a [`Board`] holds: the game so far, and what it keeps for speed.
#[derive(Clone)]
pub(crate) struct State {
    /// The positions of the game, the current one last (never empty): a move played
    /// appends its position, and taking it back drops it, with nothing to copy back.
    positions: Vec<Position>,
    /// The moves played: `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    moves: Vec<rayscan::Move>,
    chess960: bool,
    /// The moves last listed by iterating `legal_moves`, which `push` then takes without
    /// testing them again.
    listed: Listed,
}

/// The legal moves of the last position whose moves were listed: a loop that iterates
/// `legal_moves` and pushes each move pushes moves of that list, and a move found in it
/// needs no legality test (a fifth of a push).
#[derive(Clone)]
struct Listed {
    /// How many positions the board held then, and the position.
    at: Option<(usize, Position)>,
    /// For each origin square, the squares its legal moves go to (as rayscan writes
    /// them: castling onto the rook's square).
    to: [u64; 64],
}

impl Default for Listed {
    fn default() -> Listed {
        Listed {
            at: None,
            to: [0; 64],
        }
    }
}

impl Listed {
    /// Whether `m`, a move of `pos` (the board's `depth`-th position), was listed
    /// there: then it is legal.
    #[inline]
    fn has(&self, depth: usize, pos: &Position, m: rayscan::Move) -> bool {
        matches!(&self.at, Some((d, p)) if *d == depth && p == pos)
            && self.to[m.from() as usize] >> (m.to() as u32) & 1 == 1
    }

    /// Lists `moves`, the legal moves of `pos`, the board's `depth`-th position.
    fn set(&mut self, depth: usize, pos: &Position, moves: &[rayscan::Move]) {
        self.to = [0; 64];
        for m in moves {
            self.to[m.from() as usize] |= 1 << (m.to() as u32);
        }
        self.at = Some((depth, *pos));
    }
}

/// What a repetition compares, as python-chess's transposition key: the pieces, the side
/// to move, the castling rights and the en-passant square only if it can be taken.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Transposition {
    colored: [u64; 12],
    white: bool,
    castling: u64,
    ep: Option<Square>,
}

impl Transposition {
    pub(crate) fn of(pos: &Position) -> Transposition {
        let mut colored = [0; 12];
        for (i, c) in Color::ALL.into_iter().enumerate() {
            for (j, k) in Kind::ALL.into_iter().enumerate() {
                colored[i * 6 + j] = pos.colored(c, k).0;
            }
        }
        Transposition {
            colored,
            white: pos.side_to_move() == Color::White,
            castling: pos.castling().rook_squares().0,
            ep: legal_ep(pos),
        }
    }
}

/// The en-passant square if a legal move takes en passant there.
pub(crate) fn legal_ep(pos: &Position) -> Option<Square> {
    let ep = pos.ep_square()?;
    let mut found = false;
    pos.generate_moves_to(Bitboard::from(ep), |set| {
        found = set.is_en_passant() && !set.is_empty();
        found
    });
    found.then_some(ep)
}

/// Whether the king of `color` stands on its original square and its rooks on the
/// corners, for every right it has: a standard board needs no Chess960 notation.
fn standard_castling(pos: &Position) -> bool {
    Color::ALL.into_iter().all(|c| {
        let rank = if c == Color::White { 0 } else { 56 };
        let rights = [rayscan::CastleSide::King, rayscan::CastleSide::Queen]
            .map(|side| pos.castling().rook(c, side));
        let king_home = pos.king(c) as usize == rank + 4;
        rights
            .iter()
            .zip([rank + 7, rank])
            .all(|(r, corner)| r.is_none_or(|r| king_home && r as usize == corner))
    })
}

fn illegal(m: Move, pos: &Position) -> PyErr {
    IllegalMoveError::new_err(format!("illegal uci: '{m}' in {pos}"))
}

fn color_of(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

impl State {
    /// The FEN. `shredder` writes castling rights as files (`HAha`); `en_passant` is
    /// `"legal"` (the square only when en passant can be played, the default), `"fen"`
    /// (after every double step) or `"xfen"` (when a pawn stands ready to take).
    pub(crate) fn fen(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        let _ = promoted;
        let ep = match en_passant {
            "legal" => legal_ep(self.pos()),
            "fen" => self.pos().ep_square(),
            "xfen" => self.pos().ep_square().filter(|&ep| {
                let us = self.pos().side_to_move();
                let pawns = self.pos().colored(us, Kind::Pawn);
                !(rayscan::masks::pawn_attacks(!us, ep) & pawns).is_empty()
            }),
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant: {other:?} is not \"legal\", \"fen\" or \"xfen\""
                )));
            }
        };
        let full = self
            .pos()
            .fen_with(rayscan::position::CastlingNotation::shredder_if(shredder))
            .to_string();
        let ep_text = ep.map_or("-".to_owned(), |s| s.to_string());
        // rayscan's FEN has its six fields; the fourth is the en-passant square.
        Ok(map_fields(&full, |i, field| {
            if i == 3 { ep_text.as_str() } else { field }
        }))
    }

    /// The piece placement of the FEN alone.
    pub(crate) fn board_fen(&self) -> String {
        self.pos()
            .to_string()
            .split(' ')
            .next()
            .unwrap_or_default()
            .to_owned()
    }

    /// `True` when white is to move.
    pub(crate) fn turn(&self) -> bool {
        self.pos().side_to_move() == Color::White
    }

    /// Whether castling is written king takes rook (Chess960).
    pub(crate) fn chess960(&self) -> bool {
        self.chess960
    }

    /// The squares of the rooks that keep a castling right, as a bit mask (a1 = bit 0).
    pub(crate) fn castling_rights(&self) -> u64 {
        self.pos().castling().rook_squares().0
    }

    /// The square a pawn skipped with a double step on the last move, or `None`.
    pub(crate) fn ep_square(&self) -> Option<u8> {
        self.pos().ep_square().map(|s| s as u8)
    }

    /// Half-moves since the last capture or pawn move.
    pub(crate) fn halfmove_clock(&self) -> u32 {
        self.pos().halfmove_clock()
    }

    /// The move number, from 1, counted up after black's move.
    pub(crate) fn fullmove_number(&self) -> u32 {
        self.pos().fullmove_number()
    }

    /// The half-moves played since the start of the game (from the move number).
    pub(crate) fn ply(&self) -> u64 {
        2 * (u64::from(self.pos().fullmove_number().max(1)) - 1) + u64::from(!self.turn())
    }

    /// The piece on `square`, or `None`.
    pub(crate) fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        let sq = crate::moves::square(square, "square")?;
        Ok(self.pos().piece_at(sq).map(|(c, k)| Piece::of(c, k)))
    }

    /// The type (1 to 6) of the piece on `square`, or `None`.
    pub(crate) fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        Ok(self.piece_at(square)?.map(|p| p.piece_type))
    }

    /// The colour of the piece on `square`, or `None`.
    pub(crate) fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        Ok(self.piece_at(square)?.map(|p| p.color))
    }

    /// The square of the king of `color`.
    pub(crate) fn king(&self, color: bool) -> Option<u8> {
        Some(self.pos().king(color_of(color)) as u8)
    }

    /// Whether a piece of `color` attacks `square`.
    pub(crate) fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        let sq = crate::moves::square(square, "square")?;
        Ok(!(self.pos().attackers_to(sq) & self.pos().color(color_of(color))).is_empty())
    }

    /// A copy; with `stack=False` (or a number), without its move stack (or with its
    /// last moves only).
    pub(crate) fn copy(&self, stack: Option<Bound<'_, PyAny>>) -> PyResult<State> {
        let played = self.moves.len();
        let keep = match stack {
            None => played,
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                if s.extract::<bool>()? {
                    played
                } else {
                    0
                }
            }
            Some(s) => {
                let n: i64 = s.extract()?;
                usize::try_from(n)
                    .map_err(|_| PyValueError::new_err(format!("stack: {n} is negative")))?
            }
        };
        let from = played - keep.min(played);
        Ok(State {
            positions: self.positions[from..].to_vec(),
            moves: self.moves[from..].to_vec(),
            chess960: self.chess960,
            listed: Listed::default(),
        })
    }

    /// The moves played, oldest first.
    pub(crate) fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        self.moves
            .iter()
            .map(|&m| cached(py, Move::from_rayscan(m, self.chess960)))
            .collect()
    }

    /// Plays `move`, which must be legal here (else `IllegalMoveError`).
    #[inline]
    pub(crate) fn push(&mut self, r#move: Move) -> PyResult<()> {
        let m = self.resolve(r#move)?;
        self.play(m);
        Ok(())
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    #[inline]
    pub(crate) fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        let m = self
            .moves
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.positions.pop();
        cached(py, Move::from_rayscan(m, self.chess960))
    }

    /// The last move (`IndexError` when there is none).
    pub(crate) fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        let &m = self
            .moves
            .last()
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        cached(py, Move::from_rayscan(m, self.chess960))
    }

    /// The legal move of UCI text (`InvalidMoveError`, `IllegalMoveError`).
    pub(crate) fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let m = parse_uci(uci)?;
        if m == Move::NULL {
            // As python-chess: the null move's text is the null move, not looked up.
            return cached(py, m);
        }
        let found = m
            .to_rayscan(self.pos())
            .ok_or_else(|| illegal(m, self.pos()))?;
        cached(py, Move::from_rayscan(found, self.chess960))
    }

    /// Plays the move of UCI text and returns it.
    pub(crate) fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let found = self.resolve(parse_uci(uci)?)?;
        self.play(found);
        cached(py, Move::from_rayscan(found, self.chess960))
    }

    /// The legal move of SAN text (`InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError`).
    pub(crate) fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let m = self.find_san(san)?;
        if m == rayscan::Move::NULL {
            return cached(py, Move::NULL);
        }
        cached(py, Move::from_rayscan(m, self.chess960))
    }

    /// Plays the move of SAN text and returns it.
    pub(crate) fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let m = match self.find_san(san)? {
            rayscan::Move::NULL => self.resolve(Move::NULL)?,
            m => m,
        };
        self.play(m);
        cached(py, Move::from_rayscan(m, self.chess960))
    }

    /// The SAN of a legal move (`IllegalMoveError` otherwise).
    pub(crate) fn san(&self, r#move: Move) -> PyResult<String> {
        if r#move == Move::NULL {
            return Ok("--".to_owned());
        }
        let m = self.legal(r#move)?;
        Ok(self.pos().san(m).to_string())
    }

    /// The UCI text of a move, castling as this board writes it (or as `chess960` says).
    pub(crate) fn uci(&self, r#move: Move, chess960: Option<bool>) -> String {
        let notation = chess960.unwrap_or(self.chess960);
        match r#move.to_rayscan(self.pos()) {
            Some(m) => Move::from_rayscan(m, notation).to_string(),
            None => r#move.to_string(),
        }
    }

    /// Whether `move` is legal here.
    pub(crate) fn is_legal(&self, r#move: Move) -> bool {
        r#move.to_rayscan(self.pos()).is_some()
    }

    /// Whether the legal move `move` captures (en passant included). `False` for a move
    /// that is not legal here.
    pub(crate) fn is_capture(&self, r#move: Move) -> bool {
        self.known(r#move).is_some_and(|m| self.pos().is_capture(m))
    }

    /// Whether the legal move `move` castles.
    pub(crate) fn is_castling(&self, r#move: Move) -> bool {
        self.known(r#move).is_some_and(|m| m.is_castling())
    }

    /// Whether the legal move `move` takes en passant.
    pub(crate) fn is_en_passant(&self, r#move: Move) -> bool {
        self.known(r#move).is_some_and(|m| m.is_en_passant())
    }

    /// Whether the legal move `move` gives check.
    pub(crate) fn gives_check(&self, r#move: Move) -> bool {
        self.known(r#move)
            .is_some_and(|m| self.pos().gives_check(m))
    }

    /// Whether the side to move is in check.
    pub(crate) fn is_check(&self) -> bool {
        self.pos().is_check()
    }

    /// Whether the side to move is checkmated.
    pub(crate) fn is_checkmate(&self) -> bool {
        self.pos().is_checkmate()
    }

    /// Whether the side to move is stalemated.
    pub(crate) fn is_stalemate(&self) -> bool {
        self.pos().is_stalemate()
    }

    /// Whether neither side has the material to mate, by python-chess's rule.
    pub(crate) fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(true) && self.has_insufficient_material(false)
    }

    /// Whether `color` cannot mate by any sequence of legal moves, by material alone
    /// (python-chess's rule).
    /// 75 moves (150 half-moves) without a capture or pawn move, and a move to make.
    pub(crate) fn is_seventyfive_moves(&self) -> bool {
        self.is_halfmoves(150)
    }

    /// 50 moves without a capture or pawn move, and a move to make.
    pub(crate) fn is_fifty_moves(&self) -> bool {
        self.is_halfmoves(100)
    }

    /// The position has occurred five times (in the stack, since the last irreversible
    /// move).
    pub(crate) fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// The position has occurred `count` times.
    pub(crate) fn is_repetition(&self, count: usize) -> bool {
        self.repetitions(count)
    }

    /// Whether the side to move can claim a draw by the fifty-move rule.
    pub(crate) fn can_claim_fifty_moves(&self) -> bool {
        if self.is_halfmoves(100) {
            return true;
        }
        let pos = self.pos();
        pos.halfmove_clock() >= 99
            && pos
                .legal_moves()
                .iter()
                .any(|m| !is_zeroing(pos, m) && reached_halfmoves(&pos.play(m), 100))
    }

    /// Whether the side to move can claim a draw by threefold repetition: now, or with
    /// its next move.
    pub(crate) fn can_claim_threefold_repetition(&self) -> bool {
        let now = Transposition::of(self.pos());
        let mut seen = vec![now];
        for (before, &m) in self.history().rev() {
            if is_irreversible(before, m) {
                break;
            }
            seen.push(Transposition::of(before));
        }
        if seen.iter().filter(|&&t| t == now).count() >= 3 {
            return true;
        }
        self.pos().legal_moves().iter().any(|m| {
            let after = Transposition::of(&self.pos().play(m));
            seen.iter().filter(|&&t| t == after).count() >= 2
        })
    }

    /// Whether a draw can be claimed (fifty moves or threefold repetition).
    pub(crate) fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// Whether the game is over: checkmate, stalemate, insufficient material, 75 moves
    /// or fivefold repetition (and, with `claim_draw`, the draws a player may claim).
    pub(crate) fn is_game_over(&self, claim_draw: bool) -> bool {
        self.termination(claim_draw).is_some()
    }

    /// The board as python-chess prints it: eight rows of pieces and dots.
    pub(crate) fn diagram(&self) -> String {
        let mut rows = Vec::with_capacity(8);
        for rank in (0..8u8).rev() {
            let row: Vec<String> = (0..8u8)
                .map(|file| {
                    match Square::new(rank * 8 + file).and_then(|s| self.pos().piece_at(s)) {
                        Some((c, k)) => Piece::of(c, k).symbol(),
                        None => ".".to_owned(),
                    }
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }

    pub(crate) fn repr(&self) -> PyResult<String> {
        let fen = self.fen(false, "legal", None)?;
        Ok(if self.chess960 {
            format!("Board('{fen}', chess960=True)")
        } else {
            format!("Board('{fen}')")
        })
    }
}

/// python-chess's `_is_halfmoves`: `n` half-moves without a capture or pawn move, and
/// a move to make.
fn reached_halfmoves(pos: &Position, n: u32) -> bool {
    pos.halfmove_clock() >= n && !pos.legal_moves().is_empty()
}

/// `fen` with its whitespace-separated fields passed through `field(index, text)`.
fn map_fields<'a>(fen: &'a str, field: impl Fn(usize, &'a str) -> &'a str) -> String {
    let fields: Vec<&str> = fen
        .split_whitespace()
        .enumerate()
        .map(|(i, text)| field(i, text))
        .collect();
    fields.join(" ")
}

/// rayscan's SAN error as python-chess's kind.
fn san_error(e: SanError, pos: &Position) -> PyErr {
    let message = format!("{e} in {pos}");
    match e {
        SanError::Syntax(_) => InvalidMoveError::new_err(message),
        SanError::Illegal(_) => IllegalMoveError::new_err(message),
        SanError::Ambiguous(_) => AmbiguousMoveError::new_err(message),
    }
}

/// What python-chess's loose SAN reading finds.
enum Loose {
    Found(rayscan::Move),
    Unreadable,
    Illegal,
    Ambiguous,
}

/// python-chess's reading of SAN (its `SAN_REGEX`,
/// `^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z`, and what
/// `parse_san` does with the groups), for the texts rayscan's stricter reader refuses.
fn loose_san(pos: &Position, san: &str) -> Loose {
    let bytes = san.as_bytes();
    let mut end = bytes.len();
    if end > 0 && matches!(bytes[end - 1], b'+' | b'#') {
        end -= 1;
    }
    // The promotion: a letter after the target square, `=` before it optional.
    let mut promotion = None;
    if end > 0 && b"nbrqkNBRQK".contains(&bytes[end - 1]) {
        promotion = Some(bytes[end - 1].to_ascii_lowercase());
        end -= 1;
        if end > 0 && bytes[end - 1] == b'=' {
            end -= 1;
        }
    }
    if end < 2
        || !(b'a'..=b'h').contains(&bytes[end - 2])
        || !(b'1'..=b'8').contains(&bytes[end - 1])
    {
        return Loose::Unreadable;
    }
    let to = (bytes[end - 1] - b'1') * 8 + (bytes[end - 2] - b'a');
    end -= 2;
    if end > 0 && matches!(bytes[end - 1], b'-' | b'x') {
        end -= 1;
    }
    let mut prefix = &bytes[..end];
    let mut piece = None;
    if let Some((&first, rest)) = prefix.split_first()
        && b"NBKRQ".contains(&first)
    {
        piece = Some(first.to_ascii_lowercase());
        prefix = rest;
    }
    let mut file = None;
    if let Some((&first, rest)) = prefix.split_first()
        && (b'a'..=b'h').contains(&first)
    {
        file = Some(first - b'a');
        prefix = rest;
    }
    let mut rank = None;
    if let Some((&first, rest)) = prefix.split_first()
        && (b'1'..=b'8').contains(&first)
    {
        rank = Some(first - b'1');
        prefix = rest;
    }
    if !prefix.is_empty() {
        return Loose::Unreadable;
    }
    // The letters were checked above: never a pawn's.
    let kind_of = |letter: u8| Kind::from_char(char::from(letter));
    let promotion = match promotion.map(kind_of) {
        None => None,
        Some(Some(kind)) => Some(kind),
        Some(None) => return Loose::Unreadable,
    };
    let us = pos.side_to_move();
    let Some(to) = Square::new(to) else {
        return Loose::Unreadable;
    };
    // A fully given origin with no piece letter: that move, whatever the piece
    // (castling as the king's step or onto the rook too). A pawn onto the last rank
    // needs its promotion letter (python-chess: "missing promotion piece type").
    if let (None, Some(f), Some(r)) = (piece, file, rank) {
        let Some(from) = Square::new(r * 8 + f) else {
            return Loose::Unreadable;
        };
        let wanted = Move {
            from_square: from as u8,
            to_square: to as u8,
            promotion: promotion.map(crate::moves::piece_type),
        };
        return wanted.to_rayscan(pos).map_or(Loose::Illegal, Loose::Found);
    }
    let mut from_mask = Bitboard::FULL;
    if let Some(f) = file {
        from_mask &= Bitboard(0x0101_0101_0101_0101 << f);
    }
    if let Some(r) = rank {
        from_mask &= Bitboard(0xff << (8 * r));
    }
    match piece {
        Some(letter) => {
            let Some(kind) = kind_of(letter) else {
                return Loose::Unreadable;
            };
            from_mask &= pos.colored(us, kind);
        }
        None => {
            from_mask &= pos.colored(us, Kind::Pawn);
            // No pawn capture without its file.
            if file.is_none() {
                from_mask &= Bitboard(0x0101_0101_0101_0101 << (to as u8 & 7));
            }
        }
    }
    let mut found = None;
    for m in pos.legal_moves() {
        // Castling's target is our own rook: never a SAN target square.
        if m.is_castling() || m.to() != to || !from_mask.contains(m.from()) {
            continue;
        }
        if m.promotion() != promotion {
            continue;
        }
        if found.is_some() {
            return Loose::Ambiguous;
        }
        found = Some(m);
    }
    found.map_or(Loose::Illegal, Loose::Found)
}

/// Whether `m` (legal in `pos`) resets the fifty-move counter: a pawn move or a capture.
fn is_zeroing(pos: &Position, m: rayscan::Move) -> bool {
    m != rayscan::Move::NULL && (pos.pieces(Kind::Pawn).contains(m.from()) || pos.is_capture(m))
}

/// The position after `m` (the null move too) in `pos`.
fn after(pos: &Position, m: rayscan::Move) -> Position {
    if m == rayscan::Move::NULL {
        pos.play_null()
    } else {
        pos.play(m)
    }
}

/// python-chess's irreversible move: zeroing, or losing a castling right, or played
/// where en passant could have been.
fn is_irreversible(pos: &Position, m: rayscan::Move) -> bool {
    is_zeroing(pos, m)
        || after(pos, m).castling().rook_squares() != pos.castling().rook_squares()
        || legal_ep(pos).is_some()
}

impl State {
    /// The board of a FEN, or `ValueError`.
    pub(crate) fn from_fen(fen: &str, chess960: bool) -> PyResult<State> {
        // python-chess reads move number 0 as 1.
        let read = map_fields(
            fen,
            |i, field| if i == 5 && field == "0" { "1" } else { field },
        );
        let (mut pos, _) =
            Position::from_fen(&read).map_err(|e| PyValueError::new_err(e.to_string()))?;
        if !chess960 && !standard_castling(&pos) {
            return Err(PyValueError::new_err(format!(
                "fen castling {:?}: a Chess960 castling right (king or rook off its standard square); pass chess960=True",
                fen.split_whitespace().nth(2).unwrap_or("")
            )));
        }
        pos.set_chess960(chess960);
        Ok(State {
            positions: vec![pos],
            moves: Vec::new(),
            chess960,
            listed: Listed::default(),
        })
    }

    /// The current position.
    #[inline]
    pub(crate) fn pos(&self) -> &Position {
        // Never empty: made with one position, and `pop` drops one only with a move.
        match self.positions.last() {
            Some(p) => p,
            None => &START,
        }
    }

    /// The current position with `white` (or black) to move and no en-passant square:
    /// its FEN changed and read again, so that rayscan checks it (the side that is not
    /// to move must not be in check).
    pub(crate) fn set_turn(&mut self, white: bool) -> PyResult<()> {
        let fen = self
            .pos()
            .fen_with(rayscan::position::CastlingNotation::Shredder)
            .to_string();
        let side = if white { "w" } else { "b" };
        let changed = map_fields(&fen, |i, field| match i {
            1 => side,
            3 => "-", // an en-passant square belongs to the side that was to move
            _ => field,
        });
        let (mut pos, _) = Position::from_fen(&changed)
            .map_err(|e| PyValueError::new_err(format!("turn: {e}")))?;
        pos.set_chess960(self.chess960);
        if let Some(current) = self.positions.last_mut() {
            *current = pos;
        }
        Ok(())
    }

    /// The first position of the game (of the stack kept) and the moves since, as
    /// Shredder-FEN and UCI text (king takes rook): what a pickle keeps.
    pub(crate) fn game(&self) -> (String, Vec<String>) {
        let root = self.positions.first().unwrap_or(self.pos());
        let moves = self.moves.iter().map(|m| {
            if *m == rayscan::Move::NULL {
                "0000".to_owned()
            } else {
                Move::from_rayscan(*m, true).to_string()
            }
        });
        (
            root.fen_with(rayscan::position::CastlingNotation::Shredder)
                .to_string(),
            moves.collect(),
        )
    }

    /// Lists the legal moves of the current position into `list` (the generator's
    /// order), and remembers them for `push`.
    #[inline]
    pub(crate) fn list_moves(&mut self, list: &mut rayscan::MoveList) {
        let pos = *self.pos();
        rayscan::movegen::generate::<rayscan::sliders::Fastest>(&pos, list);
        self.listed.set(self.positions.len(), &pos, list.as_slice());
    }

    /// The moves played, each with the position it was played in, oldest first.
    fn history(
        &self,
    ) -> impl DoubleEndedIterator<Item = (&Position, &rayscan::Move)> + ExactSizeIterator {
        self.positions.iter().zip(&self.moves)
    }

    #[inline]
    fn play(&mut self, m: rayscan::Move) {
        let next = after(self.pos(), m);
        // The move first: copying `next` right after `play` wrote it waited for its
        // narrow stores (a failed store-to-load forwarding, a quarter of `push`).
        self.moves.push(m);
        self.positions.push(next);
    }

    /// rayscan's move for `push`: a move that iterating `legal_moves` listed here is
    /// taken without a second legality test; another is tested; the null move is
    /// rayscan's null move, refused in check (python-chess would make a position whose
    /// side not to move is in check).
    #[inline]
    fn resolve(&self, r#move: Move) -> PyResult<rayscan::Move> {
        let pos = self.pos();
        if r#move == Move::NULL {
            if pos.is_check() {
                return Err(IllegalMoveError::new_err(format!(
                    "illegal uci: '0000' (a null move) in check in {pos}"
                )));
            }
            return Ok(rayscan::Move::NULL);
        }
        let listed = r#move
            .kind_in(pos)
            .filter(|&m| self.listed.has(self.positions.len(), pos, m));
        match listed {
            Some(m) => Ok(m),
            None => r#move.to_rayscan(pos).ok_or_else(|| illegal(r#move, pos)),
        }
    }

    /// rayscan's move of a Python move, if it is legal here.
    fn known(&self, m: Move) -> Option<rayscan::Move> {
        m.to_rayscan(self.pos())
    }

    fn legal(&self, m: Move) -> PyResult<rayscan::Move> {
        self.known(m).ok_or_else(|| illegal(m, self.pos()))
    }

    /// The move of SAN text, as python-chess reads it: rayscan's SAN reader first, and
    /// where it refuses, python-chess's looser reading (a long move such as `e2e4` or
    /// `Ng1-f3`, a promotion without `=` or in lowercase, an `x` with nothing to take);
    /// `--`, `Z0`, `0000` and `@@@@` are the null move (rayscan's).
    fn find_san(&self, san: &str) -> PyResult<rayscan::Move> {
        if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
            return Ok(rayscan::Move::NULL);
        }
        // python-chess also reads castling written with zeros.
        let text = match san.trim_end_matches(['+', '#']) {
            "0-0" => "O-O",
            "0-0-0" => "O-O-O",
            _ => san,
        };
        let strict = self.pos().parse_san(text);
        match strict {
            Ok(m) => Ok(m),
            Err(e) => match loose_san(self.pos(), san) {
                Loose::Found(m) => Ok(m),
                Loose::Unreadable => Err(san_error(e, self.pos())),
                Loose::Illegal => Err(IllegalMoveError::new_err(format!(
                    "illegal san: {san:?} in {}",
                    self.pos()
                ))),
                Loose::Ambiguous => Err(AmbiguousMoveError::new_err(format!(
                    "ambiguous san: {san:?} in {}",
                    self.pos()
                ))),
            },
        }
    }

    pub(crate) fn has_insufficient_material(&self, white: bool) -> bool {
        let p = self.pos();
        let us = color_of(white);
        let ours = p.color(us);
        let theirs = p.color(!us);
        let heavy = p.pieces(Kind::Pawn) | p.pieces(Kind::Rook) | p.pieces(Kind::Queen);
        if ours.intersects(heavy) {
            return false;
        }
        if ours.intersects(p.pieces(Kind::Knight)) {
            let others = theirs & !p.pieces(Kind::King) & !p.pieces(Kind::Queen);
            return ours.len() <= 2 && others.is_empty();
        }
        if ours.intersects(p.pieces(Kind::Bishop)) {
            let bishops = p.pieces(Kind::Bishop);
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour
                && p.pieces(Kind::Pawn).is_empty()
                && p.pieces(Kind::Knight).is_empty();
        }
        true
    }

    fn is_halfmoves(&self, n: u32) -> bool {
        reached_halfmoves(self.pos(), n)
    }

    /// python-chess's `is_repetition`: the position occurred `count` times, counting
    /// back through the stack until an irreversible move.
    fn repetitions(&self, count: usize) -> bool {
        if count <= 1 {
            return true;
        }
        let occupied = self.pos().occupied();
        let maybe = 1 + self
            .history()
            .filter(|(before, _)| before.occupied() == occupied)
            .count();
        if maybe < count {
            return false;
        }
        let now = Transposition::of(self.pos());
        let mut left = count;
        for (i, (before, &m)) in self.history().enumerate().rev() {
            if left <= 1 {
                return true;
            }
            // Fewer moves left than repetitions still wanted.
            if i + 1 < left - 1 || is_irreversible(before, m) {
                return false;
            }
            if Transposition::of(before) == now {
                left -= 1;
            }
        }
        left <= 1
    }

    /// python-chess's `outcome`: the termination's name and the winner.
    pub(crate) fn termination(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        if self.pos().is_checkmate() {
            return Some(("CHECKMATE", Some(!self.turn())));
        }
        if self.is_insufficient_material() {
            return Some(("INSUFFICIENT_MATERIAL", None));
        }
        if self.pos().legal_moves().is_empty() {
            return Some(("STALEMATE", None));
        }
        if self.is_seventyfive_moves() {
            return Some(("SEVENTYFIVE_MOVES", None));
        }
        if self.is_fivefold_repetition() {
            return Some(("FIVEFOLD_REPETITION", None));
        }
        if claim_draw {
            if self.can_claim_fifty_moves() {
                return Some(("FIFTY_MOVES", None));
            }
            if self.can_claim_threefold_repetition() {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }
}
