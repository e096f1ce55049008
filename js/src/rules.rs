//! chess.js's rules on a board of its own: the positions chess.js holds (a side in check
//! whose opponent is to move, castling rights whose rook has gone, no king at all after
//! `remove`) and its answers in them, move for move and in its order.
//!
//! rayscan's [`Position`](rayscan::Position) refuses such boards, and its generator lists
//! moves in another order, so the package plays chess.js's rules here: pseudo-legal moves
//! square by square from a8 to h1, each piece's directions in chess.js's order, castling
//! last, and a move legal when the mover's king is not attacked afterwards. Where the
//! rules agree (every position a game reaches), `perft` hands the count to rayscan's
//! generator; `test/chess960.test.js` holds the two equal on the repository's perft suites.

use std::fmt::Write;

use rayscan::sliders::{Magic, Slider};
use rayscan::{Bitboard, Color, Piece, Square, masks};

use crate::keys::keys;

/// chess.js's move flags, as its `BITS`.
pub mod flag {
    pub const NORMAL: u8 = 1;
    pub const CAPTURE: u8 = 2;
    pub const BIG_PAWN: u8 = 4;
    pub const EP_CAPTURE: u8 = 8;
    pub const PROMOTION: u8 = 16;
    pub const KSIDE_CASTLE: u8 = 32;
    pub const QSIDE_CASTLE: u8 = 64;
    pub const NULL_MOVE: u8 = 128;
    /// The letters of `Move.flags`, in chess.js's order of the bits.
    pub const LETTERS: [(u8, char); 8] = [
        (NORMAL, 'n'),
        (CAPTURE, 'c'),
        (BIG_PAWN, 'b'),
        (EP_CAPTURE, 'e'),
        (PROMOTION, 'p'),
        (KSIDE_CASTLE, 'k'),
        (QSIDE_CASTLE, 'q'),
        (NULL_MOVE, '-'),
    ];
}

/// A move as chess.js keeps it: squares, the moving piece, what it takes and becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub from: Square,
    pub to: Square,
    pub piece: Piece,
    pub captured: Option<Piece>,
    pub promotion: Option<Piece>,
    pub flags: u8,
}

impl Mv {
    /// chess.js's null move (`--`): a dummy king move with the null flag.
    pub const NULL: Mv = Mv {
        from: Square::A8,
        to: Square::A8,
        piece: Piece::King,
        captured: None,
        promotion: None,
        flags: flag::NULL_MOVE,
    };

    pub fn is(&self, bits: u8) -> bool {
        self.flags & bits != 0
    }
}

/// Which pieces a generation lists: chess.js's `piece` option, lowercased.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Only {
    /// No option: every piece, and castling.
    All,
    /// An empty string: every piece, but no castling (chess.js's quirk).
    AllButCastling,
    /// One kind (castling too for the king).
    Kind(Piece),
    /// Any other text: nothing.
    Nothing,
}

impl Only {
    /// The option as chess.js reads it: `None` for no option.
    pub fn parse(piece: Option<&str>) -> Only {
        match piece {
            None => Only::All,
            Some("") => Only::AllButCastling,
            Some(text) => match kind_of(text) {
                Some(kind) => Only::Kind(kind),
                None => Only::Nothing,
            },
        }
    }

    fn lists(self, kind: Piece) -> bool {
        match self {
            Only::All | Only::AllButCastling => true,
            Only::Kind(k) => k == kind,
            Only::Nothing => false,
        }
    }

    fn castles(self) -> bool {
        matches!(self, Only::All | Only::Kind(Piece::King))
    }
}

/// A kind from its letter in either case (`"N"` or `"n"`), as chess.js lowercases it.
pub fn kind_of(text: &str) -> Option<Piece> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        // JavaScript's toLowerCase makes the Kelvin sign a `k`.
        (Some('\u{212a}'), None) => Some(Piece::King),
        (Some(c), None) if c.is_ascii() => Piece::from_char(c),
        _ => None,
    }
}

pub fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

const PROMOTIONS: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

// chess.js's direction lists (its 0x88 offsets) as (file, rank) steps, in its order.
const KNIGHT: [(i8, i8); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];
const BISHOP: [(i8, i8); 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
const ROOK: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const QUEEN: [(i8, i8); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
];

/// The squares in chess.js's order: a8 … h8, a7 … h1.
pub fn board_order() -> impl Iterator<Item = Square> {
    (0..8u8)
        .rev()
        .flat_map(|rank| (0..8u8).map(move |file| Square::ALL[(rank * 8 + file) as usize]))
}

/// The index of the king's side and of the queen's side in [`Board::rooks`].
pub const KING_SIDE: usize = 0;
pub const QUEEN_SIDE: usize = 1;
/// The castling bit of each side.
pub const SIDE_BITS: [u8; 2] = [flag::KSIDE_CASTLE, flag::QSIDE_CASTLE];

/// The rooks' corners, where standard chess (and chess.js) keeps them.
const CORNERS: [[Option<Square>; 2]; 2] = [
    [Some(Square::H1), Some(Square::A1)],
    [Some(Square::H8), Some(Square::A8)],
];

/// What chess.js's history keeps of the state before a move, besides the move.
#[derive(Clone, Copy, Debug)]
pub struct Saved {
    kings: [Option<Square>; 2],
    turn: Color,
    castling: [u8; 2],
    rooks: [[Option<Square>; 2]; 2],
    ep: Option<Square>,
    half_moves: f64,
    move_number: f64,
}

impl Saved {
    pub fn of(board: &Board) -> Saved {
        Saved {
            kings: board.kings,
            turn: board.turn,
            castling: board.castling,
            rooks: board.rooks,
            ep: board.ep,
            half_moves: board.half_moves,
            move_number: board.move_number,
        }
    }
}

/// A board with chess.js's state: pieces, side, castling flags per colour, the
/// en-passant square as chess.js keeps it, the clocks as JavaScript numbers, the kings
/// as chess.js tracks them, and its incrementally kept hash.
#[derive(Clone, Debug)]
pub struct Board {
    squares: [Option<(Color, Piece)>; 64],
    colors: [Bitboard; 2],
    kinds: [Bitboard; 6],
    pub kings: [Option<Square>; 2],
    pub turn: Color,
    /// chess.js's castling bits per colour ([`flag::KSIDE_CASTLE`], [`flag::QSIDE_CASTLE`]).
    pub castling: [u8; 2],
    /// Chess960's rules: castling with the rooks of `rooks`, king to the g or c file.
    pub chess960: bool,
    /// Each castling right's rook, by colour and side ([`KING_SIDE`], [`QUEEN_SIDE`]):
    /// the corners in standard chess (where chess.js looks for them), the rook the FEN
    /// named in Chess960.
    pub rooks: [[Option<Square>; 2]; 2],
    pub ep: Option<Square>,
    pub half_moves: f64,
    pub move_number: f64,
    pub hash: u64,
}

impl Board {
    /// An empty board, White to move, move 1 (chess.js's `clear`).
    pub fn empty() -> Board {
        let mut board = Board {
            squares: [None; 64],
            colors: [Bitboard(0); 2],
            kinds: [Bitboard(0); 6],
            kings: [None; 2],
            turn: Color::White,
            castling: [0; 2],
            chess960: false,
            rooks: CORNERS,
            ep: None,
            half_moves: 0.0,
            move_number: 1.0,
            hash: 0,
        };
        board.hash = board.compute_hash();
        board
    }

    pub fn at(&self, sq: Square) -> Option<(Color, Piece)> {
        self.squares[sq.index()]
    }

    pub fn color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    pub fn kind(&self, kind: Piece) -> Bitboard {
        self.kinds[kind as usize]
    }

    fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    fn piece_key(sq: Square, piece: Option<(Color, Piece)>) -> u64 {
        piece.map_or(0, |(c, k)| keys().pieces[c.index()][k as usize][sq.index()])
    }

    fn ep_key(&self) -> u64 {
        self.ep.map_or(0, |sq| keys().ep[sq.file() as usize])
    }

    fn castling_key(&self) -> u64 {
        let index = (self.castling[0] >> 5) | (self.castling[1] >> 3);
        keys().castling[usize::from(index & 15)]
    }

    /// The hash of the state from scratch, as chess.js computes it on `load`.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for sq in Square::ALL {
            hash ^= Board::piece_key(sq, self.at(sq));
        }
        hash ^= self.ep_key() ^ self.castling_key();
        if self.turn == Color::Black {
            hash ^= keys().side;
        }
        hash
    }

    /// Sets a square, keeping the sets and the hash (chess.js's `_set`; not the kings).
    fn set(&mut self, sq: Square, piece: Option<(Color, Piece)>) {
        self.hash ^= Board::piece_key(sq, self.at(sq));
        if let Some((c, k)) = self.at(sq) {
            self.colors[c.index()].remove(sq);
            self.kinds[k as usize].remove(sq);
        }
        self.squares[sq.index()] = piece;
        if let Some((c, k)) = piece {
            self.colors[c.index()].insert(sq);
            self.kinds[k as usize].insert(sq);
        }
        self.hash ^= Board::piece_key(sq, piece);
    }

    /// chess.js's `_put`: false (and nothing changed) for a second king of a colour.
    pub fn put(&mut self, sq: Square, color: Color, kind: Piece) -> bool {
        if kind == Piece::King && self.kings[color.index()].is_some_and(|s| s != sq) {
            return false;
        }
        if let Some((c, Piece::King)) = self.at(sq) {
            self.kings[c.index()] = None;
        }
        self.set(sq, Some((color, kind)));
        if kind == Piece::King {
            self.kings[color.index()] = Some(sq);
        }
        true
    }

    /// chess.js's `remove` without its header bookkeeping: the piece that was there.
    /// On no square (a name chess.js does not know) it still updates the castling
    /// rights and the en-passant square, as chess.js does.
    pub fn remove(&mut self, sq: Option<Square>) -> Option<(Color, Piece)> {
        let piece = sq.and_then(|sq| self.at(sq));
        if let Some(sq) = sq {
            self.set(sq, None);
        }
        if let Some((c, Piece::King)) = piece {
            self.kings[c.index()] = None;
        }
        self.update_castling_rights();
        self.update_ep_square();
        piece
    }

    /// After `put`: chess.js's `_updateCastlingRights` and `_updateEnPassantSquare`.
    pub fn after_put(&mut self) {
        self.update_castling_rights();
        self.update_ep_square();
    }

    /// Drops each castling right whose king or rook is not on its square (e1/e8 and the
    /// corner), keeping the hash.
    pub fn update_castling_rights(&mut self) {
        self.hash ^= self.castling_key();
        if self.chess960 {
            for color in Color::ALL {
                for side in [KING_SIDE, QUEEN_SIDE] {
                    if !self.castles_with(color, side, self.rooks[color.index()][side]) {
                        self.castling[color.index()] &= !SIDE_BITS[side];
                    }
                }
            }
            self.hash ^= self.castling_key();
            return;
        }
        for color in Color::ALL {
            let back = if color == Color::White { 0 } else { 56 };
            let is = |i: usize, kind| self.squares[back + i] == Some((color, kind));
            let king = is(4, Piece::King);
            let mut rights = self.castling[color.index()];
            if !king || !is(0, Piece::Rook) {
                rights &= !flag::QSIDE_CASTLE;
            }
            if !king || !is(7, Piece::Rook) {
                rights &= !flag::KSIDE_CASTLE;
            }
            self.castling[color.index()] = rights;
        }
        self.hash ^= self.castling_key();
    }

    /// Whether `rook` can carry `color`'s Chess960 castling right on `side`: the king on
    /// its back rank and a rook of its colour beside it on that side.
    pub fn castles_with(&self, color: Color, side: usize, rook: Option<Square>) -> bool {
        let back = if color == Color::White { 0 } else { 7 };
        let (Some(king), Some(rook)) = (self.kings[color.index()], rook) else {
            return false;
        };
        king.index() >> 3 == back
            && rook.index() >> 3 == back
            && self.at(rook) == Some((color, Piece::Rook))
            && (rook.file() > king.file()) == (side == KING_SIDE)
    }

    /// chess.js 1.4's `_updateEnPassantSquare` compares an empty square with `null`
    /// where its board holds `undefined`, so it always drops the square: so does this.
    fn update_ep_square(&mut self) {
        if self.ep.is_some() {
            self.hash ^= self.ep_key();
            self.ep = None;
        }
    }

    /// Whether a piece of `by` attacks `sq` (chess.js's `_attacked`).
    pub fn attacked(&self, by: Color, sq: Square) -> bool {
        !self.attackers(by, sq).is_empty()
    }

    /// The pieces of `by` that attack `sq`.
    pub fn attackers(&self, by: Color, sq: Square) -> Bitboard {
        let occupied = self.occupied();
        let rooks = self.kind(Piece::Rook) | self.kind(Piece::Queen);
        let bishops = self.kind(Piece::Bishop) | self.kind(Piece::Queen);
        let them = match by {
            Color::White => Color::Black,
            Color::Black => Color::White,
        };
        let attackers = (masks::knight(sq) & self.kind(Piece::Knight))
            | (masks::king(sq) & self.kind(Piece::King))
            | (masks::pawn_attacks(them, sq) & self.kind(Piece::Pawn))
            | (Magic::rook_attacks(sq, occupied) & rooks)
            | (Magic::bishop_attacks(sq, occupied) & bishops);
        attackers & self.color(by)
    }

    /// Whether `color`'s king, where chess.js last put it, is attacked (false with none).
    pub fn king_attacked(&self, color: Color) -> bool {
        self.kings[color.index()].is_some_and(|sq| self.attacked(!color, sq))
    }

    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    fn add(
        moves: &mut Vec<Mv>,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        flags: u8,
    ) {
        let rank = to.index() >> 3;
        if piece == Piece::Pawn && (rank == 0 || rank == 7) {
            for promotion in PROMOTIONS {
                moves.push(Mv {
                    from,
                    to,
                    piece,
                    captured,
                    promotion: Some(promotion),
                    flags: flags | flag::PROMOTION,
                });
            }
        } else {
            moves.push(Mv {
                from,
                to,
                piece,
                captured,
                promotion: None,
                flags,
            });
        }
    }

    /// chess.js's pseudo-legal moves, in its order, of the pieces `only` names on
    /// `square` (all squares for `None`).
    pub fn pseudo_legal(&self, moves: &mut Vec<Mv>, square: Option<Square>, only: Only) {
        let us = self.turn;
        let them = !us;
        let mut from_squares = |from: Square| {
            let Some((color, kind)) = self.at(from) else {
                return;
            };
            if color != us || !only.lists(kind) {
                return;
            }
            if kind == Piece::Pawn {
                let dr = if us == Color::White { 1 } else { -1 };
                // chess.js pushes without looking whether the square is on the board; a
                // pawn on its last rank (put there by `put`) has no push here.
                if let Some(to) = from.step(0, dr)
                    && self.at(to).is_none()
                {
                    Board::add(moves, from, to, kind, None, flag::NORMAL);
                    let second = if us == Color::White { 1 } else { 6 };
                    if from.index() >> 3 == second
                        && let Some(to) = from.step(0, 2 * dr)
                        && self.at(to).is_none()
                    {
                        Board::add(moves, from, to, kind, None, flag::BIG_PAWN);
                    }
                }
                let captures = if us == Color::White {
                    [(-1, 1), (1, 1)]
                } else {
                    [(1, -1), (-1, -1)]
                };
                for (df, dr) in captures {
                    let Some(to) = from.step(df, dr) else {
                        continue;
                    };
                    match self.at(to) {
                        Some((c, taken)) if c == them => {
                            Board::add(moves, from, to, kind, Some(taken), flag::CAPTURE);
                        }
                        _ if Some(to) == self.ep => {
                            let taken = Some(Piece::Pawn);
                            Board::add(moves, from, to, kind, taken, flag::EP_CAPTURE);
                        }
                        _ => {}
                    }
                }
                return;
            }
            let (steps, slides): (&[(i8, i8)], bool) = match kind {
                Piece::Knight => (&KNIGHT, false),
                Piece::Bishop => (&BISHOP, true),
                Piece::Rook => (&ROOK, true),
                Piece::Queen => (&QUEEN, true),
                _ => (&QUEEN, false),
            };
            for &(df, dr) in steps {
                let mut to = from;
                while let Some(next) = to.step(df, dr) {
                    to = next;
                    match self.at(to) {
                        None => Board::add(moves, from, to, kind, None, flag::NORMAL),
                        Some((c, _)) if c == us => break,
                        Some((_, taken)) => {
                            Board::add(moves, from, to, kind, Some(taken), flag::CAPTURE);
                            break;
                        }
                    }
                    if !slides {
                        break;
                    }
                }
            }
        };
        match square {
            Some(sq) => from_squares(sq),
            None => board_order().for_each(from_squares),
        }
        let king = self.kings[us.index()];
        if only.castles() && king.is_some() && (square.is_none() || square == king) {
            self.castles(moves);
        }
    }

    /// chess.js's castling: from wherever its king is, two squares along the rank, with
    /// the squares between empty and the king's three squares not attacked; the rook is
    /// whatever stands beyond (nothing, off the board). Castling that chess.js would send
    /// off the board (king side from the g or h file, queen side from the a or b file)
    /// is left out.
    fn castles(&self, moves: &mut Vec<Mv>) {
        let us = self.turn;
        let Some(king) = self.kings[us.index()] else {
            return;
        };
        if self.chess960 {
            return self.castles960(moves, king);
        }
        let empty = |df: i8| king.step(df, 0).is_none_or(|sq| self.at(sq).is_none());
        let safe = |df: i8| king.step(df, 0).is_some_and(|sq| !self.attacked(!us, sq));
        let rights = self.castling[us.index()];
        if rights & flag::KSIDE_CASTLE != 0
            && let Some(to) = king.step(2, 0)
            && empty(1)
            && empty(2)
            && safe(0)
            && safe(1)
            && safe(2)
        {
            Board::add(moves, king, to, Piece::King, None, flag::KSIDE_CASTLE);
        }
        if rights & flag::QSIDE_CASTLE != 0
            && let Some(to) = king.step(-2, 0)
            && empty(-1)
            && empty(-2)
            && empty(-3)
            && safe(0)
            && safe(-1)
            && safe(-2)
        {
            Board::add(moves, king, to, Piece::King, None, flag::QSIDE_CASTLE);
        }
    }

    /// Chess960 castling: the king to the g (c) file and the rook to the f (d) file, every
    /// square both cross empty but for the two of them, the king's squares not attacked.
    /// The move goes from the king to its destination (the same square when it stays).
    fn castles960(&self, moves: &mut Vec<Mv>, king: Square) {
        let us = self.turn;
        let rank = king.index() & !7;
        for (side, king_file, rook_file) in [(KING_SIDE, 6, 5), (QUEEN_SIDE, 2, 3)] {
            let rook = self.rooks[us.index()][side];
            if self.castling[us.index()] & SIDE_BITS[side] == 0
                || !self.castles_with(us, side, rook)
            {
                continue;
            }
            let Some(rook) = rook else { continue };
            let king_to = Square::ALL[rank + king_file];
            let rook_to = Square::ALL[rank + rook_file];
            let span = |a: Square, b: Square| masks::between(a, b).with(b);
            let crossed = (span(king, king_to) | span(rook, rook_to))
                .without(king)
                .without(rook);
            if crossed.intersects(self.occupied()) {
                continue;
            }
            if span(king, king_to)
                .with(king)
                .iter()
                .any(|sq| self.attacked(!us, sq))
            {
                continue;
            }
            Board::add(moves, king, king_to, Piece::King, None, SIDE_BITS[side]);
        }
    }

    /// chess.js's legal moves: the pseudo-legal ones after which the mover's king is not
    /// attacked; all of them when the mover has no king.
    pub fn legal(&self, moves: &mut Vec<Mv>, square: Option<Square>, only: Only) {
        let start = moves.len();
        self.pseudo_legal(moves, square, only);
        let us = self.turn;
        if self.kings[us.index()].is_none() {
            return;
        }
        let mut kept = start;
        for i in start..moves.len() {
            let m = moves[i];
            if !self.play(&m).king_attacked(us) {
                moves[kept] = m;
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_legal(&mut moves, None, Only::All);
        let us = self.turn;
        match self.kings[us.index()] {
            None => !moves.is_empty(),
            Some(_) => moves.iter().any(|m| !self.play(m).king_attacked(us)),
        }
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// The board after `m`, by chess.js's `_makeMove`, hash included.
    pub fn play(&self, m: &Mv) -> Board {
        let mut b = self.clone();
        let us = self.turn;
        let them = !us;
        if m.is(flag::NULL_MOVE) {
            // chess.js moves neither the hash's side key nor its en-passant key here.
            if us == Color::Black {
                b.move_number += 1.0;
            }
            b.half_moves += 1.0;
            b.turn = them;
            b.ep = None;
            return b;
        }
        b.hash ^= b.ep_key() ^ b.castling_key();
        if b.chess960 && m.is(flag::KSIDE_CASTLE | flag::QSIDE_CASTLE) {
            let side = if m.is(flag::KSIDE_CASTLE) {
                KING_SIDE
            } else {
                QUEEN_SIDE
            };
            b.castle960(us, side, m.from, m.to, false);
            b.castling[us.index()] = 0;
            b.kings[us.index()] = Some(m.to);
            b.hash ^= b.castling_key();
            b.ep = None;
            b.half_moves += 1.0;
            if us == Color::Black {
                b.move_number += 1.0;
            }
            b.turn = them;
            b.hash ^= keys().side;
            return b;
        }
        let moving = b.at(m.from);
        b.set(m.from, None);
        b.set(m.to, moving);
        if m.is(flag::EP_CAPTURE) {
            let dr = if us == Color::Black { 1 } else { -1 };
            if let Some(taken) = m.to.step(0, dr) {
                b.set(taken, None);
            }
        }
        if let Some(promotion) = m.promotion {
            b.set(m.to, Some((us, promotion)));
        }
        if matches!(b.at(m.to), Some((_, Piece::King))) {
            b.kings[us.index()] = Some(m.to);
            let rook = if m.is(flag::KSIDE_CASTLE) {
                Some((1, -1))
            } else if m.is(flag::QSIDE_CASTLE) {
                Some((-2, 1))
            } else {
                None
            };
            if let Some((from, to)) = rook
                && let (Some(from), Some(to)) = (m.to.step(from, 0), m.to.step(to, 0))
            {
                let rook = b.at(from);
                b.set(from, None);
                b.set(to, rook);
            }
            b.castling[us.index()] = 0;
        }
        // chess.js looks at a1 before h1; rights of both sides never share a rook.
        let corners = |color: Color| {
            let rooks = b.rooks[color.index()];
            [
                (rooks[QUEEN_SIDE], flag::QSIDE_CASTLE),
                (rooks[KING_SIDE], flag::KSIDE_CASTLE),
            ]
        };
        if let Some(&(_, bit)) = corners(us)
            .iter()
            .find(|&&(sq, bit)| Some(m.from) == sq && b.castling[us.index()] & bit != 0)
        {
            b.castling[us.index()] ^= bit;
        }
        if let Some(&(_, bit)) = corners(them)
            .iter()
            .find(|&&(sq, bit)| Some(m.to) == sq && b.castling[them.index()] & bit != 0)
        {
            b.castling[them.index()] ^= bit;
        }
        b.hash ^= b.castling_key();
        b.ep = None;
        if m.is(flag::BIG_PAWN) {
            let pawn = Some((them, Piece::Pawn));
            let beside = |df| m.to.step(df, 0).is_some_and(|sq| b.at(sq) == pawn);
            if beside(-1) || beside(1) {
                let dr = if us == Color::Black { 1 } else { -1 };
                b.ep = m.to.step(0, dr);
                b.hash ^= b.ep_key();
            }
        }
        if m.piece == Piece::Pawn || m.is(flag::CAPTURE | flag::EP_CAPTURE) {
            b.half_moves = 0.0;
        } else {
            b.half_moves += 1.0;
        }
        if us == Color::Black {
            b.move_number += 1.0;
        }
        b.turn = them;
        b.hash ^= keys().side;
        b
    }

    /// Moves king and rook for Chess960 castling on `side` (the king from `king` to
    /// `king_to`, the rook from its square to the f or d file), or back with `back`.
    fn castle960(&mut self, us: Color, side: usize, king: Square, king_to: Square, back: bool) {
        let Some(rook) = self.rooks[us.index()][side] else {
            return;
        };
        let rook_to = Square::ALL[(king.index() & !7) + if side == KING_SIDE { 5 } else { 3 }];
        let (from, to) = if back {
            ([king_to, rook_to], [king, rook])
        } else {
            ([king, rook], [king_to, rook_to])
        };
        self.set(from[0], None);
        self.set(from[1], None);
        self.set(to[0], Some((us, Piece::King)));
        self.set(to[1], Some((us, Piece::Rook)));
    }

    /// What chess.js's hash undergoes when it describes a null move from this board: its
    /// `Move` plays the move and takes it back, and taking back a null move xors in the
    /// en-passant key and the side key, which playing it never xored out.
    pub fn null_drift(&mut self) {
        self.hash ^= self.ep_key() ^ keys().side;
    }

    /// chess.js's `_movePiece`: whatever stands on `to` is replaced, its key left in
    /// the hash (as chess.js leaves it).
    fn move_piece(&mut self, from: Square, to: Square) {
        let (piece, replaced) = (self.at(from), self.at(to));
        self.set(from, None);
        self.set(to, piece);
        self.hash ^= Board::piece_key(to, replaced);
    }

    /// Takes `m` back on this board, chess.js's `_undoMove`: the state before it
    /// restored from `saved`, the move reversed on the board as it is now (pieces put or
    /// removed since stay), the hash moved as chess.js moves it.
    pub fn unplay(&mut self, saved: &Saved, m: &Mv) {
        self.hash ^= self.ep_key() ^ self.castling_key();
        self.kings = saved.kings;
        self.rooks = saved.rooks;
        self.turn = saved.turn;
        self.castling = saved.castling;
        self.ep = saved.ep;
        self.half_moves = saved.half_moves;
        self.move_number = saved.move_number;
        self.hash ^= self.ep_key() ^ self.castling_key() ^ keys().side;
        if m.is(flag::NULL_MOVE) {
            return;
        }
        let us = self.turn;
        if self.chess960 && m.is(flag::KSIDE_CASTLE | flag::QSIDE_CASTLE) {
            let side = if m.is(flag::KSIDE_CASTLE) {
                KING_SIDE
            } else {
                QUEEN_SIDE
            };
            self.castle960(us, side, m.from, m.to, true);
            return;
        }
        self.move_piece(m.to, m.from);
        self.set(m.from, Some((us, m.piece)));
        if let Some(captured) = m.captured {
            if m.is(flag::EP_CAPTURE) {
                let dr = if us == Color::Black { 1 } else { -1 };
                if let Some(sq) = m.to.step(0, dr) {
                    self.set(sq, Some((!us, Piece::Pawn)));
                }
            } else {
                self.set(m.to, Some((!us, captured)));
            }
        }
        let rook = if m.is(flag::KSIDE_CASTLE) {
            Some((-1, 1))
        } else if m.is(flag::QSIDE_CASTLE) {
            Some((1, -2))
        } else {
            None
        };
        if let Some((from, to)) = rook
            && let (Some(from), Some(to)) = (m.to.step(from, 0), m.to.step(to, 0))
        {
            self.move_piece(from, to);
        }
    }

    /// The en-passant square as chess.js's `fen()` writes it: only when a pawn of the
    /// side to move can take there without leaving its king attacked.
    fn ep_for_fen(&self) -> Option<Square> {
        let ep = self.ep?;
        let us = self.turn;
        let dr = if us == Color::White { -1 } else { 1 };
        let pawn_rank = ep.step(0, dr)?;
        [1, -1].into_iter().find_map(|df| {
            let from = pawn_rank.step(df, 0)?;
            if self.at(from) != Some((us, Piece::Pawn)) {
                return None;
            }
            let capture = Mv {
                from,
                to: ep,
                piece: Piece::Pawn,
                captured: Some(Piece::Pawn),
                promotion: None,
                flags: flag::EP_CAPTURE,
            };
            (!self.play(&capture).king_attacked(us)).then_some(ep)
        })
    }

    /// chess.js's FEN: the en-passant square only when a capture there is legal, unless
    /// `force_ep`.
    pub fn fen(&self, force_ep: bool) -> String {
        let mut fen = String::with_capacity(90);
        self.write_fen(&mut fen, force_ep);
        fen
    }

    pub fn write_fen(&self, out: &mut String, force_ep: bool) {
        self.write_fen_with(out, force_ep, false);
    }

    /// A castling right's letter: `K`/`Q` (lowercase for Black), or in Chess960 the
    /// rook's file where another rook stands further out on that side (X-FEN), or
    /// always with `shredder` (Shredder-FEN).
    fn castling_letter(&self, color: Color, side: usize, shredder: bool) -> char {
        let case = |c: char| {
            if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            }
        };
        let rook = self.rooks[color.index()][side];
        let outermost = rook.is_some_and(|rook| {
            let beyond = self.colored(color, Piece::Rook).iter().filter(|sq| {
                sq.rank() == rook.rank()
                    && if side == KING_SIDE {
                        sq.file() > rook.file()
                    } else {
                        sq.file() < rook.file()
                    }
            });
            beyond.count() == 0
        });
        match rook {
            Some(rook) if self.chess960 && (shredder || !outermost) => case(file_letter(rook)),
            _ => case(if side == KING_SIDE { 'k' } else { 'q' }),
        }
    }

    fn colored(&self, color: Color, kind: Piece) -> Bitboard {
        self.color(color) & self.kind(kind)
    }

    /// The FEN, with Shredder-FEN's castling letters when `shredder` (Chess960).
    pub fn write_fen_with(&self, out: &mut String, force_ep: bool, shredder: bool) {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.squares[rank * 8 + file] {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let c = kind.to_char();
                        out.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(color_letter(self.turn));
        out.push(' ');
        let before = out.len();
        for color in Color::ALL {
            for side in [KING_SIDE, QUEEN_SIDE] {
                if self.castling[color.index()] & SIDE_BITS[side] != 0 {
                    out.push(self.castling_letter(color, side, shredder));
                }
            }
        }
        if out.len() == before {
            out.push('-');
        }
        out.push(' ');
        match if force_ep { self.ep } else { self.ep_for_fen() } {
            Some(sq) => {
                let _ = write!(out, "{sq}");
            }
            None => out.push('-'),
        }
        out.push(' ');
        write_number(out, self.half_moves);
        out.push(' ');
        write_number(out, self.move_number);
    }

    /// chess.js's SAN of `m`, disambiguated against `moves` (the list chess.js hands its
    /// `_moveToSan`), with `+` or `#`.
    pub fn san(&self, m: &Mv, moves: &[Mv], out: &mut String) {
        if m.is(flag::NULL_MOVE) {
            out.push_str("--");
            return;
        }
        if m.is(flag::KSIDE_CASTLE) {
            out.push_str("O-O");
        } else if m.is(flag::QSIDE_CASTLE) {
            out.push_str("O-O-O");
        } else {
            if m.piece != Piece::Pawn {
                out.push(m.piece.to_char().to_ascii_uppercase());
                disambiguate(m, moves, out);
            }
            if m.is(flag::CAPTURE | flag::EP_CAPTURE) {
                if m.piece == Piece::Pawn {
                    out.push(file_letter(m.from));
                }
                out.push('x');
            }
            let _ = write!(out, "{}", m.to);
            if let Some(p) = m.promotion {
                out.push('=');
                out.push(p.to_char().to_ascii_uppercase());
            }
        }
        let after = self.play(m);
        if after.is_check() {
            out.push(if after.has_legal_move() { '+' } else { '#' });
        }
    }

    /// Leaf count by chess.js's `perft`: pseudo-legal moves that leave the mover's king
    /// unattacked, `plies` deep (at least one).
    pub fn perft(&self, plies: u32) -> u64 {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_legal(&mut moves, None, Only::All);
        let us = self.turn;
        let mut nodes = 0;
        for m in &moves {
            let after = self.play(m);
            if after.king_attacked(us) {
                continue;
            }
            nodes += if plies > 1 { after.perft(plies - 1) } else { 1 };
        }
        nodes
    }
}

fn file_letter(sq: Square) -> char {
    char::from(b'a' + sq.file() as u8)
}

/// chess.js's disambiguator: the from-square when another such piece shares both its
/// file and its rank with it, else the rank when one shares its file, else the file.
fn disambiguate(m: &Mv, moves: &[Mv], out: &mut String) {
    let (mut ambiguities, mut same_rank, mut same_file) = (0, 0, 0);
    for other in moves {
        if other.piece == m.piece && other.from != m.from && other.to == m.to {
            ambiguities += 1;
            same_rank += usize::from(other.from.rank() == m.from.rank());
            same_file += usize::from(other.from.file() == m.from.file());
        }
    }
    if ambiguities > 0 {
        if same_rank > 0 && same_file > 0 {
            let _ = write!(out, "{}", m.from);
        } else if same_file > 0 {
            out.push(char::from(b'1' + m.from.rank() as u8));
        } else {
            out.push(file_letter(m.from));
        }
    }
}

/// A JavaScript number as `String(n)` writes it, for the integers `parseInt` gives
/// (and what `++` makes of them).
pub fn write_number(out: &mut String, n: f64) {
    if n.is_nan() {
        out.push_str("NaN");
    } else if n.is_infinite() {
        out.push_str(if n > 0.0 { "Infinity" } else { "-Infinity" });
    } else if n.abs() < 1e21 {
        let _ = write!(out, "{:.0}", if n == 0.0 { 0.0 } else { n });
    } else {
        // `1e+21`: Rust writes the same shortest digits, without the `+`.
        let text = format!("{n:e}");
        out.push_str(&text.replacen('e', if n.abs() >= 1.0 { "e+" } else { "e" }, 1));
    }
}

/// JavaScript's `parseInt(text, 10)`: leading whitespace, a sign, the longest run of
/// digits; NaN without one.
pub fn parse_int(text: &str) -> f64 {
    let text = text.trim_start_matches(is_js_space);
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return f64::NAN;
    }
    let value: f64 = rest[..digits].parse().unwrap_or(f64::NAN);
    if negative { -value } else { value }
}

/// The characters of JavaScript's `\s`.
pub fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `text.split(/\s+/)`.
pub fn split_js_space(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        match rest.find(is_js_space) {
            None => {
                tokens.push(rest);
                return tokens;
            }
            Some(i) => {
                tokens.push(&rest[..i]);
                rest = rest[i..].trim_start_matches(is_js_space);
            }
        }
    }
}
