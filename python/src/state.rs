//! The game behind a Python `Board`: its positions and moves, and every rule python-chess
//! answers for (FEN, SAN, UCI, legality, the end of the game, repetitions), in plain
//! Rust. `board.rs` puts it behind Python.
//!
//! Each position of the game is a [`Node`]: a rayscan [`Position`] where the board is
//! valid (python-chess's `status()` is `STATUS_VALID`), which answers the calls a game
//! loop makes at rayscan's speed, or a [`Raw`] board where it is not (an empty board, a
//! missing king, castling rights without their rook …), which answers by python-chess's
//! rules. The two agree wherever both apply: `tests/test_core.py` holds them together.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use rayscan::{Color, Position};

use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::moves::{Move, cached, parse_uci};
use crate::raw::{self, KING, PAWN, ROOK, Raw, RawMove, square_name};
use crate::text::Repr;

/// The start position's FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The start position, made once.
static START: std::sync::LazyLock<Position> = std::sync::LazyLock::new(Position::startpos);

/// The current position of a game: rayscan's, where the board is valid, or the raw
/// board.
pub(crate) enum Node<'a> {
    Fast(&'a Position),
    Raw(&'a Raw),
}

/// rayscan's position of a board python-chess calls valid, if rayscan reads it back
/// exactly (its clocks, castling rights and en-passant square as they are).
fn fast_of(raw: &Raw, chess960: bool, stacked: bool) -> Option<Position> {
    use raw::status::*;
    // Problems rayscan's move generation answers for as python-chess's does: too many
    // pieces, and checks no game could reach (but for one given with en passant
    // possible, where python-chess reasons about the double step).
    const TOLERATED: u32 = TOO_MANY_WHITE_PIECES
        | TOO_MANY_BLACK_PIECES
        | TOO_MANY_WHITE_PAWNS
        | TOO_MANY_BLACK_PAWNS
        | TOO_MANY_CHECKERS
        | IMPOSSIBLE_CHECK;
    let status = raw.status(chess960, stacked);
    if status & !TOLERATED != 0
        || (status & (TOO_MANY_CHECKERS | IMPOSSIBLE_CHECK) != 0 && raw.valid_ep().is_some())
        || raw.promoted & raw.kinds[KING] != 0
    {
        return None;
    }
    let (mut pos, _) = Position::from_fen(&raw.exact_fen(false)).ok()?;
    pos.set_chess960(chess960);
    (Raw::of(&pos, raw.promoted) == *raw).then_some(pos)
}

/// What a [`Board`](crate::board::Board) holds: the game so far, and what it keeps for
/// speed.
#[derive(Clone)]
pub(crate) struct State {
    /// The valid positions of the game from its start (none when it started on a board
    /// that is not valid), and the moves between them: `moves[i]` leads from
    /// `positions[i]` to `positions[i + 1]`. A move appends its position and taking it
    /// back drops it, with nothing to copy back.
    positions: Vec<Position>,
    moves: Vec<rayscan::Move>,
    /// The promoted pieces of the first position, and how many promotions `moves`
    /// holds: python-chess marks promoted pieces, rayscan's positions do not.
    root_promoted: u64,
    promotions: usize,
    /// The boards after the valid positions, once a board is not valid (the game goes
    /// on there until its moves are taken back), and the moves into them, as played
    /// (king takes rook) and as python-chess shows them.
    raws: Vec<Raw>,
    raw_moves: Vec<(RawMove, Move)>,
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
    at: Option<(usize, Position)>,
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
    #[inline]
    fn has(&self, depth: usize, pos: &Position, m: rayscan::Move) -> bool {
        matches!(&self.at, Some((d, p)) if *d == depth && p == pos)
            && self.to[m.from() as usize] >> (m.to() as u32) & 1 == 1
    }

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
    kinds: [u64; 6],
    colors: [u64; 2],
    turn: bool,
    castling: u64,
    ep: Option<u8>,
}

/// rayscan's move as a raw move (castling king takes rook).
fn raw_of(m: rayscan::Move) -> RawMove {
    if m == rayscan::Move::NULL {
        return RawMove::NULL;
    }
    RawMove::new(
        m.from() as u8,
        m.to() as u8,
        m.promotion().map_or(0, crate::moves::piece_type),
    )
}

/// The position after `m` (the null move too) in `pos`. Not inlined: made in place of
/// the caller's copy, it left the copy into the game's stack waiting on its stores
/// (a fifth of `push`).
#[inline(never)]
fn after(pos: &Position, m: rayscan::Move) -> Position {
    if m == rayscan::Move::NULL {
        pos.play_null()
    } else {
        pos.play(m)
    }
}

/// The promoted pieces after `m`: a promoted piece moves with its mark, a promotion
/// marks its square, a captured piece loses its mark.
#[inline]
fn promoted_after(promoted: u64, m: rayscan::Move) -> u64 {
    let from = 1u64 << (m.from() as u32);
    let to = 1u64 << (m.to() as u32);
    if m.is_castling() {
        return promoted & !from & !to;
    }
    let carried = promoted & from != 0 || m.promotion().is_some();
    (promoted & !from & !to) | if carried { to } else { 0 }
}

/// rayscan's move as python-chess shows it (the null move `0000`).
#[inline]
fn shown_fast(m: rayscan::Move, chess960: bool) -> Move {
    if m == rayscan::Move::NULL {
        Move::NULL
    } else {
        Move::from_rayscan(m, chess960)
    }
}

/// A Python move as a raw one.
fn raw_move(m: Move) -> RawMove {
    RawMove::new(m.from_square, m.to_square, m.promotion.unwrap_or(0))
}

fn py_move(m: RawMove) -> Move {
    Move {
        from_square: m.from,
        to_square: m.to,
        promotion: (m.promotion != 0).then_some(m.promotion),
        drop: None,
    }
}

const E1: u8 = 4;
const E8: u8 = 60;

/// python-chess's reading of the king's two-square step from e1 (e8) as castling with
/// the corner rook, when no rook stands on the target square: the move king takes rook.
fn to_chess960(raw: &Raw, m: RawMove) -> RawMove {
    let king_home = |s: u8| raw.kinds[KING] & (1 << s) != 0;
    let no_rook = |s: u8| raw.kinds[ROOK] & (1 << s) == 0;
    for e in [E1, E8] {
        if m.from == e && king_home(e) {
            if m.to == e + 2 && no_rook(e + 2) {
                return RawMove::new(e, e + 3, m.promotion);
            }
            if m.to == e - 2 && no_rook(e - 2) {
                return RawMove::new(e, e - 4, m.promotion);
            }
        }
    }
    m
}

/// How python-chess shows a move on a standard board: castling from e1 (e8) with a
/// corner rook as the king's two-square step.
fn from_chess960(raw: &Raw, chess960: bool, m: RawMove) -> Move {
    if !chess960 && m.promotion == 0 {
        for e in [E1, E8] {
            if m.from == e && raw.kinds[KING] & (1 << e) != 0 {
                if m.to == e + 3 {
                    return py_move(RawMove::new(e, e + 2, 0));
                }
                if m.to == e - 4 {
                    return py_move(RawMove::new(e, e - 2, 0));
                }
            }
        }
    }
    py_move(m)
}

impl Transposition {
    pub(crate) fn of(raw: &Raw, chess960: bool, stacked: bool) -> Transposition {
        Transposition {
            kinds: raw.kinds,
            colors: raw.colors,
            turn: raw.turn,
            castling: raw.clean_castling(chess960, stacked),
            ep: legal_ep(raw, chess960, stacked),
        }
    }
}

/// The en-passant square if a legal move takes en passant there.
pub(crate) fn legal_ep(raw: &Raw, chess960: bool, stacked: bool) -> Option<u8> {
    let ep = raw.ep?;
    let mut moves = Vec::new();
    raw.pseudo_legal_ep(u64::MAX, u64::MAX, &mut moves);
    let legal = raw.legal(chess960, stacked, u64::MAX, 1 << ep);
    moves.iter().any(|m| legal.contains(m)).then_some(ep)
}

fn illegal(m: Move, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("illegal uci: '{m}' in {fen}"))
}

impl State {
    /// A game from `raw`, with no moves behind it.
    pub(crate) fn new(raw: Raw, chess960: bool) -> State {
        let mut state = State {
            positions: Vec::new(),
            moves: Vec::new(),
            root_promoted: 0,
            promotions: 0,
            raws: Vec::new(),
            raw_moves: Vec::new(),
            chess960,
            listed: Listed::default(),
        };
        state.reset_to(raw);
        state
    }

    /// The board of a FEN (`None`: an empty board), or `ValueError`.
    pub(crate) fn from_fen(fen: Option<&str>, chess960: bool) -> PyResult<State> {
        if fen == Some(STARTING_FEN) {
            // `Board()`: the start position as made once, not read again.
            let mut pos = *START;
            pos.set_chess960(chess960);
            return Ok(State {
                positions: vec![pos],
                moves: Vec::new(),
                root_promoted: 0,
                promotions: 0,
                raws: Vec::new(),
                raw_moves: Vec::new(),
                chess960,
                listed: Listed::default(),
            });
        }
        let raw = match fen {
            None => Raw::EMPTY,
            Some(fen) => raw::parse_fen(fen).map_err(PyValueError::new_err)?,
        };
        Ok(State::new(raw, chess960))
    }

    /// The current position.
    #[inline]
    pub(crate) fn node(&self) -> Node<'_> {
        match (self.raws.last(), self.positions.last()) {
            (Some(r), _) => Node::Raw(r),
            (None, Some(p)) => Node::Fast(p),
            // Never: a game holds a position or a board.
            (None, None) => Node::Raw(&Raw::EMPTY),
        }
    }

    /// The current position as rayscan's, when it is valid.
    #[inline]
    pub(crate) fn fast(&self) -> Option<&Position> {
        if self.raws.is_empty() {
            self.positions.last()
        } else {
            None
        }
    }

    /// The promoted pieces of `positions[i]`.
    fn promoted_at(&self, i: usize) -> u64 {
        if self.root_promoted == 0 && self.promotions == 0 {
            return 0;
        }
        self.moves[..i]
            .iter()
            .fold(self.root_promoted, |p, &m| promoted_after(p, m))
    }

    /// How many positions the game has.
    fn len(&self) -> usize {
        self.positions.len() + self.raws.len()
    }

    /// The board of position `i`.
    fn board_at(&self, i: usize) -> Raw {
        match self.positions.get(i) {
            Some(p) => Raw::of(p, self.promoted_at(i)),
            None => self.raws[i - self.positions.len()],
        }
    }

    /// The move played in position `i` (king takes rook).
    fn move_at(&self, i: usize) -> RawMove {
        match self.moves.get(i) {
            Some(&m) => raw_of(m),
            None => self.raw_moves[i - self.moves.len()].0,
        }
    }

    /// The current board.
    #[inline]
    pub(crate) fn raw(&self) -> Raw {
        self.board_at(self.len() - 1)
    }

    /// Whether moves were played (python-chess trusts the castling rights then).
    #[inline]
    pub(crate) fn stacked(&self) -> bool {
        !self.moves.is_empty() || !self.raw_moves.is_empty()
    }

    /// Replaces the current position (the moves before it stay), as python-chess's
    /// attributes do when set.
    pub(crate) fn set_raw(&mut self, raw: Raw) {
        if !self.stacked() {
            self.reset_to(raw);
            return;
        }
        let stacked = true;
        if self.raws.is_empty() {
            // The last valid position goes; the move into it with it.
            let promoted = self.promoted_at(self.positions.len() - 1);
            if raw.promoted == promoted
                && let Some(pos) = fast_of(&raw, self.chess960, stacked)
                && let Some(last) = self.positions.last_mut()
            {
                *last = pos;
                return;
            }
            self.positions.pop();
            if let Some(m) = self.moves.pop() {
                if m.promotion().is_some() {
                    self.promotions -= 1;
                }
                let before = self.board_at(self.positions.len() - 1);
                let rm = raw_of(m);
                self.raw_moves
                    .push((rm, from_chess960(&before, self.chess960, rm)));
            }
            self.raws.push(raw);
        } else if let Some(last) = self.raws.last_mut() {
            *last = raw;
        }
    }

    /// Sets the board and forgets the moves (python-chess's `set_fen`, `set_piece_at`
    /// … clear the stack).
    pub(crate) fn reset_to(&mut self, raw: Raw) {
        self.positions.clear();
        self.moves.clear();
        self.raws.clear();
        self.raw_moves.clear();
        self.promotions = 0;
        self.root_promoted = raw.promoted;
        self.listed = Listed::default();
        match fast_of(&raw, self.chess960, false) {
            Some(pos) => self.positions.push(pos),
            None => self.raws.push(raw),
        }
    }

    /// Forgets the moves, keeping the current position.
    pub(crate) fn clear_stack(&mut self) {
        let raw = self.raw();
        self.reset_to(raw);
    }

    pub(crate) fn chess960(&self) -> bool {
        self.chess960
    }

    /// Sets the Chess960 flag: castling is written king takes rook, and rights are
    /// checked as Chess960's.
    pub(crate) fn set_chess960(&mut self, on: bool) {
        let raw = self.raw();
        self.chess960 = on;
        for p in &mut self.positions {
            p.set_chess960(on);
        }
        self.set_raw(raw);
    }

    pub(crate) fn turn(&self) -> bool {
        match self.node() {
            Node::Fast(pos) => pos.side_to_move() == Color::White,
            Node::Raw(r) => r.turn,
        }
    }

    /// The half-moves played since the start of the game (from the move number).
    pub(crate) fn ply(&self) -> u64 {
        let (fullmove, turn) = match self.node() {
            Node::Fast(pos) => (pos.fullmove_number(), pos.side_to_move() == Color::White),
            Node::Raw(r) => (r.fullmove, r.turn),
        };
        2 * (u64::from(fullmove.max(1)) - 1) + u64::from(!turn)
    }

    /// The moves played, oldest first.
    pub(crate) fn move_stack(&self) -> Vec<Move> {
        let fast = self.moves.iter().map(|&m| shown_fast(m, self.chess960));
        fast.chain(self.raw_moves.iter().map(|&(_, shown)| shown))
            .collect()
    }

    /// The first position of the game.
    pub(crate) fn root(&self) -> Raw {
        self.board_at(0)
    }

    /// A copy; with `keep` moves of its stack (all of them when `None`).
    pub(crate) fn copy(&self, keep: Option<usize>) -> State {
        let played = self.len() - 1;
        let keep = keep.unwrap_or(played).min(played);
        if keep == played {
            let mut copy = self.clone();
            copy.listed = Listed::default();
            return copy;
        }
        let from = played - keep;
        let mut copy = State::new(self.board_at(from), self.chess960);
        for i in from..played {
            let m = self.move_at(i);
            let before = self.board_at(i);
            let shown = if m.is_null() {
                Move::NULL
            } else {
                from_chess960(&before, self.chess960, m)
            };
            // Legal or pseudo-legal there, as it was here.
            let _ = copy.push(shown);
        }
        copy
    }

    // ---------------------------------------------------------------------------------
    // Moves.

    /// The legal moves from `from_mask` to `to_mask` (the rook's square for castling),
    /// as python-chess shows them.
    pub(crate) fn legal_moves(&self, from_mask: u64, to_mask: u64) -> Vec<Move> {
        match self.node() {
            Node::Fast(pos) => pos
                .legal_moves()
                .iter()
                .filter(|m| from_mask >> (m.from() as u32) & 1 == 1)
                .filter(|m| to_mask >> (m.to() as u32) & 1 == 1)
                .map(|m| Move::from_rayscan(m, self.chess960))
                .collect(),
            Node::Raw(r) => {
                let moves = r.legal(self.chess960, self.stacked(), from_mask, to_mask);
                self.shown(r, &moves)
            }
        }
    }

    /// The legal moves by the raw board's rules, whatever the board.
    pub(crate) fn raw_legal_moves(&self) -> Vec<Move> {
        let r = self.raw();
        let moves = r.legal(self.chess960, self.stacked(), u64::MAX, u64::MAX);
        self.shown(&r, &moves)
    }

    /// The pseudo-legal moves from `from_mask` to `to_mask`.
    pub(crate) fn pseudo_legal_moves(&self, from_mask: u64, to_mask: u64) -> Vec<Move> {
        let r = self.raw();
        let moves = r.pseudo_legal(self.chess960, self.stacked(), from_mask, to_mask);
        self.shown(&r, &moves)
    }

    /// The pseudo-legal en-passant captures.
    pub(crate) fn pseudo_legal_ep(&self, from_mask: u64, to_mask: u64) -> Vec<Move> {
        let r = self.raw();
        let mut moves = Vec::new();
        r.pseudo_legal_ep(from_mask, to_mask, &mut moves);
        self.shown(&r, &moves)
    }

    /// The legal en-passant captures.
    pub(crate) fn legal_ep(&self, from_mask: u64, to_mask: u64) -> Vec<Move> {
        let r = self.raw();
        let mut moves = Vec::new();
        r.pseudo_legal_ep(from_mask, to_mask, &mut moves);
        let (c, s) = (self.chess960, self.stacked());
        moves.retain(|&m| !r.is_into_check(m, c, s));
        self.shown(&r, &moves)
    }

    /// The castling moves whose king is in `from_mask` and rook in `to_mask`.
    pub(crate) fn castling_moves(&self, from_mask: u64, to_mask: u64) -> Vec<Move> {
        let r = self.raw();
        let mut moves = Vec::new();
        r.castling_moves(
            self.chess960,
            self.stacked(),
            from_mask,
            to_mask,
            &mut moves,
        );
        self.shown(&r, &moves)
    }

    fn shown(&self, r: &Raw, moves: &[RawMove]) -> Vec<Move> {
        moves
            .iter()
            .map(|&m| from_chess960(r, self.chess960, m))
            .collect()
    }

    /// How many legal moves there are.
    pub(crate) fn legal_count(&self) -> usize {
        match self.fast() {
            Some(pos) => pos.legal_moves().len(),
            None => self.legal_moves(u64::MAX, u64::MAX).len(),
        }
    }

    /// Lists the legal moves of a valid position into `list` (the generator's order),
    /// and remembers them for `push`; `false` for another board.
    #[inline]
    pub(crate) fn list_moves(&mut self, list: &mut rayscan::MoveList) -> bool {
        let Some(&pos) = self.fast() else {
            return false;
        };
        rayscan::movegen::generate::<rayscan::sliders::Fastest>(&pos, list);
        self.listed.set(self.positions.len(), &pos, list.as_slice());
        true
    }

    /// The move (king takes rook) that a Python move names here.
    fn resolve(&self, r: &Raw, m: Move) -> RawMove {
        to_chess960(r, raw_move(m))
    }

    /// Whether `move` is legal here.
    pub(crate) fn is_legal(&self, m: Move) -> bool {
        if let Some(pos) = self.fast() {
            return m.to_rayscan(pos).is_some();
        }
        if m == Move::NULL {
            return false;
        }
        let r = self.raw();
        let rm = self.resolve(&r, m);
        r.legal(self.chess960, self.stacked(), 1 << rm.from, 1 << rm.to)
            .contains(&rm)
    }

    /// Whether `move` is pseudo-legal here.
    pub(crate) fn is_pseudo_legal(&self, m: Move) -> bool {
        if m == Move::NULL {
            return false;
        }
        let r = self.raw();
        let rm = self.resolve(&r, m);
        r.pseudo_legal(self.chess960, self.stacked(), 1 << rm.from, 1 << rm.to)
            .contains(&rm)
    }

    /// Plays `move`: a legal move, or as python-chess's `push` allows, a pseudo-legal
    /// one (the king left in check) or the null move; anything else raises
    /// `IllegalMoveError` and changes nothing.
    #[inline]
    pub(crate) fn push(&mut self, m: Move) -> PyResult<()> {
        if self.raws.is_empty()
            && let Some(pos) = self.positions.last()
        {
            let depth = self.positions.len();
            let found = match m.kind_in(pos) {
                Some(found) if self.listed.has(depth, pos, found) || pos.is_legal_fast(found) => {
                    Some(found)
                }
                None if m == Move::NULL && !pos.is_check() => Some(rayscan::Move::NULL),
                _ => None,
            };
            if let Some(found) = found {
                let next = after(pos, found);
                // The move first: copying `next` right after `play` wrote it would wait
                // for its narrow stores (a failed store-to-load forwarding).
                self.moves.push(found);
                self.positions.push(next);
                if found.promotion().is_some() {
                    self.promotions += 1;
                }
                return Ok(());
            }
        }
        self.push_raw(m)
    }

    /// `push` by python-chess's rules, on any board: the game goes on in raw boards.
    fn push_raw(&mut self, m: Move) -> PyResult<()> {
        let before = self.raw();
        let rm = self.resolve(&before, m);
        if !rm.is_null() && !self.is_pseudo_legal(m) {
            return Err(illegal(m, &self.fen(false, "legal", None)?));
        }
        let shown = if rm.is_null() {
            Move::NULL
        } else {
            from_chess960(&before, self.chess960, rm)
        };
        let mut after = before;
        after.play(rm, self.chess960, self.stacked());
        self.raw_moves.push((rm, shown));
        self.raws.push(after);
        Ok(())
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    #[inline]
    pub(crate) fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        if let Some((_, shown)) = self.raw_moves.pop() {
            self.raws.pop();
            return cached(py, shown);
        }
        let m = self
            .moves
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.positions.pop();
        if m.promotion().is_some() {
            self.promotions -= 1;
        }
        cached(py, shown_fast(m, self.chess960))
    }

    /// The last move (`IndexError` when there is none).
    pub(crate) fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        if let Some(&(_, shown)) = self.raw_moves.last() {
            return cached(py, shown);
        }
        let &m = self
            .moves
            .last()
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        cached(py, shown_fast(m, self.chess960))
    }

    /// The legal move of UCI text (`InvalidMoveError`, `IllegalMoveError`).
    pub(crate) fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        let m = parse_uci(uci)?;
        if m == Move::NULL {
            return Ok(m);
        }
        let r = self.raw();
        let rm = self.resolve(&r, m);
        let shown = from_chess960(&r, self.chess960, rm);
        if !self.is_legal(m) {
            return Err(illegal(m, &self.fen(false, "legal", None)?));
        }
        Ok(shown)
    }

    /// Plays the move of UCI text and returns it.
    pub(crate) fn push_uci(&mut self, uci: &str) -> PyResult<Move> {
        let m = self.parse_uci(uci)?;
        self.push(m)?;
        Ok(m)
    }

    /// The UCI text of a move, castling as this board writes it (or as `chess960` says).
    pub(crate) fn uci(&self, m: Move, chess960: Option<bool>) -> String {
        let notation = chess960.unwrap_or(self.chess960);
        if m == Move::NULL || m.drop.is_some() {
            return m.to_string();
        }
        let r = self.raw();
        from_chess960(&r, notation, self.resolve(&r, m)).to_string()
    }

    /// The move from `from` to `to` if it is legal (a pawn onto the last rank
    /// promotes to a queen unless told otherwise; the king onto its rook or two
    /// squares castles), as python-chess's `find_move`.
    pub(crate) fn find_move(&self, from: u8, to: u8, promotion: Option<u8>) -> PyResult<Move> {
        let r = self.raw();
        let backranks = raw::RANK_1 | raw::RANK_8;
        let promotion = promotion.or_else(|| {
            (r.kinds[PAWN] & (1 << from) != 0 && backranks & (1 << to) != 0).then_some(5)
        });
        let m = from_chess960(
            &r,
            self.chess960,
            RawMove::new(from, to, promotion.unwrap_or(0)),
        );
        if !self.is_legal(m) {
            return Err(IllegalMoveError::new_err(format!(
                "no matching legal move for {m} ({} -> {}) in {}",
                square_name(from),
                square_name(to),
                self.fen(false, "legal", None)?
            )));
        }
        Ok(m)
    }

    // ---------------------------------------------------------------------------------
    // SAN.

    /// The SAN (or with `long`, the long algebraic notation) of a legal move
    /// (`IllegalMoveError` otherwise).
    pub(crate) fn san(&self, m: Move, long: bool) -> PyResult<String> {
        if m == Move::NULL {
            return Ok("--".to_owned());
        }
        if !long && let Some(pos) = self.fast() {
            let found = m
                .to_rayscan(pos)
                .ok_or_else(|| illegal(m, &pos.to_string()))?;
            return Ok(pos.san(found).to_string());
        }
        if !self.is_legal(m) {
            return Err(illegal(m, &self.fen(false, "legal", None)?));
        }
        let r = self.raw();
        let rm = self.resolve(&r, m);
        let mut text = self.algebraic(&r, rm, long);
        let mut after = r;
        after.play(rm, self.chess960, true);
        // The board after the move, by the raw rules, with the move behind it.
        let child = State {
            positions: Vec::new(),
            moves: Vec::new(),
            root_promoted: r.promoted,
            promotions: 0,
            raws: vec![r, after],
            raw_moves: vec![(rm, m)],
            chess960: self.chess960,
            listed: Listed::default(),
        };
        if child.is_checkmate() {
            text.push('#');
        } else if child.is_check() {
            text.push('+');
        }
        Ok(text)
    }

    /// SAN without its check suffix.
    fn algebraic(&self, r: &Raw, m: RawMove, long: bool) -> String {
        if r.is_castling(m) {
            return if (m.to & 7) < (m.from & 7) {
                "O-O-O"
            } else {
                "O-O"
            }
            .to_owned();
        }
        let kind = r.kind_at(m.from).unwrap_or(PAWN);
        let capture = r.is_capture(m);
        let mut text = String::new();
        if kind != PAWN {
            text.push(char::from(b"PNBRQK"[kind]));
        }
        if long {
            text.push_str(&square_name(m.from));
        } else if kind != PAWN {
            let others = r.pieces(kind, r.turn) & !(1 << m.from);
            let mut from = 0u64;
            for o in r.legal(self.chess960, self.stacked(), others, 1 << m.to) {
                from |= 1 << o.from;
            }
            if from != 0 {
                let same_rank = from & (0xff << (m.from & 56)) != 0;
                let same_file = from & (0x0101_0101_0101_0101 << (m.from & 7)) != 0;
                if same_rank || !same_file {
                    text.push(char::from(b'a' + (m.from & 7)));
                }
                if same_file {
                    text.push(char::from(b'1' + (m.from >> 3)));
                }
            }
        }
        if capture {
            if !long && kind == PAWN {
                text.push(char::from(b'a' + (m.from & 7)));
            }
            text.push('x');
        } else if long {
            text.push('-');
        }
        text.push_str(&square_name(m.to));
        if m.promotion != 0 {
            text.push('=');
            text.push(char::from(b"PNBRQK"[usize::from(m.promotion - 1)]));
        }
        text
    }

    /// The legal move of SAN text (`InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError`), read as python-chess reads it.
    pub(crate) fn parse_san(&self, san: &str) -> PyResult<Move> {
        let kingside = ["O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"];
        let queenside = ["O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"];
        // rayscan's reader answers only for text python-chess's pattern reads (it
        // would take `Qf7##`, which python-chess refuses).
        let readable =
            kingside.contains(&san) || queenside.contains(&san) || SanParts::read(san).is_some();
        if readable
            && let Some(pos) = self.fast()
            && let Ok(m) = pos.parse_san(san)
            && m != rayscan::Move::NULL
        {
            return Ok(Move::from_rayscan(m, self.chess960));
        }
        let fen = || self.fen(false, "legal", None).unwrap_or_default();
        let r = self.raw();
        let (c, s) = (self.chess960, self.stacked());
        let side = if kingside.contains(&san) {
            Some(true)
        } else if queenside.contains(&san) {
            Some(false)
        } else {
            None
        };
        if let Some(king_side) = side {
            let mut moves = Vec::new();
            r.castling_moves(c, s, u64::MAX, u64::MAX, &mut moves);
            let found = moves
                .into_iter()
                .find(|m| ((m.to & 7) > (m.from & 7)) == king_side);
            return match found {
                Some(m) => Ok(from_chess960(&r, c, m)),
                None => Err(IllegalMoveError::new_err(format!(
                    "illegal san: {san} in {}",
                    fen(),
                    san = Repr(&san)
                ))),
            };
        }
        let Some(parts) = SanParts::read(san) else {
            if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
                return Ok(Move::NULL);
            }
            if san.contains(',') {
                return Err(InvalidMoveError::new_err(format!(
                    "unsupported multi-leg move: {san}",
                    san = Repr(&san)
                )));
            }
            return Err(InvalidMoveError::new_err(format!(
                "invalid san: {san}",
                san = Repr(&san)
            )));
        };
        let to_mask = (1u64 << parts.to) & !r.ours();
        let mut from_mask = u64::MAX;
        if let Some(f) = parts.file {
            from_mask &= 0x0101_0101_0101_0101 << f;
        }
        if let Some(rank) = parts.rank {
            from_mask &= 0xff << (8 * rank);
        }
        match (parts.piece, parts.file, parts.rank) {
            (Some(kind), _, _) => from_mask &= r.pieces(kind, r.turn),
            (None, Some(f), Some(rank)) => {
                let m = self.find_move(rank * 8 + f, parts.to, parts.promotion)?;
                if m.promotion == parts.promotion {
                    return Ok(m);
                }
                return Err(IllegalMoveError::new_err(format!(
                    "missing promotion piece type: {san} in {}",
                    fen(),
                    san = Repr(&san)
                )));
            }
            (None, file, _) => {
                from_mask &= r.kinds[PAWN];
                if file.is_none() {
                    from_mask &= 0x0101_0101_0101_0101 << (parts.to & 7);
                }
            }
        }
        let mut found = None;
        for m in r.legal(c, s, from_mask, to_mask) {
            if (m.promotion != 0).then_some(m.promotion) != parts.promotion {
                continue;
            }
            if found.is_some() {
                return Err(AmbiguousMoveError::new_err(format!(
                    "ambiguous san: {san} in {}",
                    fen(),
                    san = Repr(&san)
                )));
            }
            found = Some(m);
        }
        match found {
            Some(m) => Ok(from_chess960(&r, c, m)),
            None => Err(IllegalMoveError::new_err(format!(
                "illegal san: {san} in {}",
                fen(),
                san = Repr(&san)
            ))),
        }
    }

    /// Plays the move of SAN text and returns it.
    pub(crate) fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = self.parse_san(san)?;
        self.push(m)?;
        Ok(m)
    }

    // ---------------------------------------------------------------------------------
    // Move kinds.

    pub(crate) fn is_capture(&self, m: Move) -> bool {
        let r = self.raw();
        r.is_capture(raw_move(m))
    }

    pub(crate) fn is_en_passant(&self, m: Move) -> bool {
        self.raw().is_en_passant(raw_move(m))
    }

    pub(crate) fn is_castling(&self, m: Move) -> bool {
        self.raw().is_castling(raw_move(m))
    }

    pub(crate) fn is_zeroing(&self, m: Move) -> bool {
        self.raw().is_zeroing(raw_move(m))
    }

    /// python-chess's irreversible move: zeroing, or losing a castling right, or played
    /// where en passant could have been.
    pub(crate) fn is_irreversible(&self, m: Move) -> bool {
        let r = self.raw();
        irreversible(&r, raw_move(m), self.chess960, self.stacked())
    }

    /// Whether the move gives check (it must be legal or pseudo-legal).
    pub(crate) fn gives_check(&self, m: Move) -> bool {
        if let Some(pos) = self.fast()
            && let Some(found) = m.to_rayscan(pos)
        {
            return pos.gives_check(found);
        }
        let r = self.raw();
        let rm = self.resolve(&r, m);
        if !rm.is_null() && r.ours() & (1 << rm.from) == 0 {
            return false;
        }
        let mut after = r;
        after.play(rm, self.chess960, true);
        after.checkers_mask() != 0
    }

    pub(crate) fn is_into_check(&self, m: Move) -> bool {
        let r = self.raw();
        let rm = self.resolve(&r, m);
        r.is_into_check(rm, self.chess960, self.stacked())
    }

    pub(crate) fn was_into_check(&self) -> bool {
        self.raw().was_into_check()
    }

    // ---------------------------------------------------------------------------------
    // The end of the game.

    pub(crate) fn is_check(&self) -> bool {
        match self.fast() {
            Some(pos) => pos.is_check(),
            None => self.raw().checkers_mask() != 0,
        }
    }

    pub(crate) fn is_checkmate(&self) -> bool {
        match self.fast() {
            Some(pos) => pos.is_checkmate(),
            None => self.is_check() && self.legal_count() == 0,
        }
    }

    pub(crate) fn is_stalemate(&self) -> bool {
        match self.fast() {
            Some(pos) => pos.is_stalemate(),
            None => !self.is_check() && self.legal_count() == 0,
        }
    }

    pub(crate) fn has_insufficient_material(&self, white: bool) -> bool {
        self.raw().has_insufficient_material(white)
    }

    pub(crate) fn is_insufficient_material(&self) -> bool {
        let r = self.raw();
        r.has_insufficient_material(true) && r.has_insufficient_material(false)
    }

    fn is_halfmoves(&self, n: u32) -> bool {
        self.raw().halfmove >= n && self.legal_count() > 0
    }

    pub(crate) fn is_seventyfive_moves(&self) -> bool {
        self.is_halfmoves(150)
    }

    pub(crate) fn is_fifty_moves(&self) -> bool {
        self.is_halfmoves(100)
    }

    pub(crate) fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Each position of the stack with the move played there, oldest first.
    fn history(&self) -> impl DoubleEndedIterator<Item = (Raw, RawMove)> + ExactSizeIterator + '_ {
        (0..self.len() - 1).map(|i| (self.board_at(i), self.move_at(i)))
    }

    /// python-chess's `is_repetition`: the position occurred `count` times, counting
    /// back through the stack until an irreversible move.
    pub(crate) fn is_repetition(&self, count: usize) -> bool {
        if count <= 1 {
            return true;
        }
        let now = self.raw();
        let occupied = now.occupied();
        let maybe = 1 + self
            .positions
            .iter()
            .map(|p| p.occupied().0)
            .chain(self.raws.iter().map(Raw::occupied))
            .rev()
            .skip(1)
            .filter(|&o| o == occupied)
            .count();
        if maybe < count {
            return false;
        }
        let key = Transposition::of(&now, self.chess960, true);
        let mut left = count;
        for (i, (before, m)) in self.history().enumerate().rev() {
            if left <= 1 {
                return true;
            }
            if i + 1 < left - 1 || irreversible(&before, m, self.chess960, i > 0) {
                return false;
            }
            if Transposition::of(&before, self.chess960, i > 0) == key {
                left -= 1;
            }
        }
        left <= 1
    }

    pub(crate) fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        let r = self.raw();
        if r.halfmove < 99 {
            return false;
        }
        r.legal(self.chess960, self.stacked(), u64::MAX, u64::MAX)
            .into_iter()
            .any(|m| {
                if r.is_zeroing(m) {
                    return false;
                }
                let mut after = r;
                after.play(m, self.chess960, true);
                after.halfmove >= 100
                    && !after
                        .legal(self.chess960, true, u64::MAX, u64::MAX)
                        .is_empty()
            })
    }

    pub(crate) fn can_claim_threefold_repetition(&self) -> bool {
        let now = self.raw();
        let key = Transposition::of(&now, self.chess960, self.stacked());
        let mut seen = vec![key];
        for (i, (before, m)) in self.history().enumerate().rev() {
            if irreversible(&before, m, self.chess960, i > 0) {
                break;
            }
            seen.push(Transposition::of(&before, self.chess960, i > 0));
        }
        if seen.iter().filter(|&&t| t == key).count() >= 3 {
            return true;
        }
        now.legal(self.chess960, self.stacked(), u64::MAX, u64::MAX)
            .into_iter()
            .any(|m| {
                let mut after = now;
                after.play(m, self.chess960, true);
                let t = Transposition::of(&after, self.chess960, true);
                seen.iter().filter(|&&s| s == t).count() >= 2
            })
    }

    pub(crate) fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// python-chess's `outcome`: the termination's name and the winner.
    pub(crate) fn termination(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        if self.is_checkmate() {
            return Some(("CHECKMATE", Some(!self.turn())));
        }
        if self.is_insufficient_material() {
            return Some(("INSUFFICIENT_MATERIAL", None));
        }
        if self.legal_count() == 0 {
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

    // ---------------------------------------------------------------------------------
    // Text.

    /// The FEN. `shredder` writes castling rights as files (`HAha`); `en_passant` is
    /// `"legal"` (the square only when en passant can be played, the default), `"fen"`
    /// (after every double step) or `"xfen"` (when a pawn stands ready to take);
    /// `promoted` marks promoted pieces with `~`.
    pub(crate) fn fen(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        Ok(format!(
            "{} {} {}",
            self.epd_base(shredder, en_passant, promoted)?,
            self.raw().halfmove,
            self.raw().fullmove
        ))
    }

    /// The first four fields of the FEN (EPD's position).
    pub(crate) fn epd_base(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        let r = self.raw();
        let (c, s) = (self.chess960, self.stacked());
        let ep = match en_passant {
            "legal" => legal_ep(&r, c, s),
            "fen" => r.ep,
            "xfen" => {
                let mut moves = Vec::new();
                r.pseudo_legal_ep(u64::MAX, u64::MAX, &mut moves);
                r.ep.filter(|_| !moves.is_empty())
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant: {other} is not 'legal', 'fen' or 'xfen'",
                    other = Repr(&other)
                )));
            }
        };
        let clean = r.clean_castling(c, s);
        let castling = if shredder {
            r.castling_shredder(clean)
        } else {
            r.castling_xfen(clean)
        };
        Ok(format!(
            "{} {} {} {}",
            r.board_fen(promoted.unwrap_or(false)),
            if r.turn { "w" } else { "b" },
            castling,
            ep.map_or("-".to_owned(), square_name)
        ))
    }

    /// The status flags of the current board.
    pub(crate) fn status(&self) -> u32 {
        self.raw().status(self.chess960, self.stacked())
    }

    pub(crate) fn clean_castling_rights(&self) -> u64 {
        self.raw().clean_castling(self.chess960, self.stacked())
    }

    pub(crate) fn has_legal_en_passant(&self) -> bool {
        let r = self.raw();
        legal_ep(&r, self.chess960, self.stacked()).is_some()
    }

    pub(crate) fn has_pseudo_legal_en_passant(&self) -> bool {
        let mut moves = Vec::new();
        self.raw().pseudo_legal_ep(u64::MAX, u64::MAX, &mut moves);
        !moves.is_empty()
    }

    /// The first position of the game (of the stack kept) and the moves since, as
    /// Shredder-FEN with promoted pieces marked and UCI text (king takes rook): what a
    /// pickle keeps.
    pub(crate) fn game(&self) -> (String, Vec<String>) {
        let root = self.board_at(0);
        let fen = root.exact_fen(true);
        let moves = (0..self.len() - 1).map(|i| py_move(self.move_at(i)).to_string());
        (fen, moves.collect())
    }

    /// Equal boards: the pieces, side to move, castling rights, en passant (when it can
    /// be played) and clocks, as python-chess compares them.
    pub(crate) fn same_position(&self, other: &State) -> bool {
        let (a, b) = (self.raw(), other.raw());
        a.halfmove == b.halfmove
            && a.fullmove == b.fullmove
            && Transposition::of(&a, self.chess960, self.stacked())
                == Transposition::of(&b, other.chess960, other.stacked())
    }

    /// The position as rayscan's, for perft: `ValueError` on a board that is not valid.
    pub(crate) fn position(&self) -> PyResult<Position> {
        self.fast().copied().ok_or_else(|| {
            PyValueError::new_err(format!(
                "board {} is not a valid position (status {:#x})",
                Repr(self.fen(false, "fen", None).unwrap_or_default()),
                self.status()
            ))
        })
    }
}

/// python-chess's irreversible move on `r`.
fn irreversible(r: &Raw, m: RawMove, chess960: bool, stacked: bool) -> bool {
    if m.is_null() {
        return legal_ep(r, chess960, stacked).is_some();
    }
    let clean = r.clean_castling(chess960, stacked);
    let touched = (1u64 << m.from) ^ (1u64 << m.to);
    let kings = |white: bool| r.kinds[KING] & r.colors[usize::from(white)] & !r.promoted;
    r.is_zeroing(m)
        || touched & clean != 0
        || (clean & raw::RANK_1 != 0 && touched & kings(true) != 0)
        || (clean & raw::RANK_8 != 0 && touched & kings(false) != 0)
        || legal_ep(r, chess960, stacked).is_some()
}

/// Eight rows of pieces and dots.
pub(crate) fn diagram(r: &Raw) -> String {
    let mut rows = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let row: Vec<String> = (0..8u8)
            .map(|file| match r.piece_at(rank * 8 + file) {
                Some((kind, white)) => {
                    let c = char::from(b"pnbrqk"[kind]);
                    if white { c.to_ascii_uppercase() } else { c }.to_string()
                }
                None => ".".to_owned(),
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// The parts of SAN as python-chess's pattern reads them: a piece letter, a file, a
/// rank, `-` or `x`, the target square, a promotion (`=` optional), `+` or `#`.
struct SanParts {
    piece: Option<usize>,
    file: Option<u8>,
    rank: Option<u8>,
    to: u8,
    promotion: Option<u8>,
}

impl SanParts {
    fn read(san: &str) -> Option<SanParts> {
        let bytes = san.as_bytes();
        let mut end = bytes.len();
        if end > 0 && matches!(bytes[end - 1], b'+' | b'#') {
            end -= 1;
        }
        let mut promotion = None;
        if end > 0 && b"nbrqkNBRQK".contains(&bytes[end - 1]) {
            let letter = bytes[end - 1].to_ascii_lowercase();
            promotion = Some(b"pnbrqk".iter().position(|&c| c == letter)? as u8 + 1);
            end -= 1;
            if end > 0 && bytes[end - 1] == b'=' {
                end -= 1;
            }
        }
        if end < 2
            || !(b'a'..=b'h').contains(&bytes[end - 2])
            || !(b'1'..=b'8').contains(&bytes[end - 1])
        {
            return None;
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
            piece = b"PNBRQK".iter().position(|&c| c == first);
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
        prefix.is_empty().then_some(SanParts {
            piece,
            file,
            rank,
            to,
            promotion,
        })
    }
}
