//! Standard Algebraic Notation (SAN): moves as people write them (`e4`, `Nf3`, `exd5`,
//! `Rfxf4`, `e8=Q`, `O-O`, `Qh4#`), printed and read against a position.
//!
//! [`Position::san`] (and [`Setup::san`], the same writer on any board) prints a legal
//! move with the least disambiguation that makes it unique
//! (the file if that is enough, else the rank, else both) and a `+` or `#` suffix.
//! [`Position::parse_san`] reads SAN as games and EPD files write it and finds the one
//! legal move it names; text it cannot read, moves that are not legal and moves that
//! more than one piece could make are different [`SanError`]s.
//!
//! Castling is `O-O` when the rook stands on a higher file than the king and `O-O-O`
//! otherwise, in Chess960 too.
//!
//! ```
//! use rayscan::position::Position;
//! let mut p = Position::startpos();
//! for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"] {
//!     let m = p.parse_san(text).unwrap();
//!     assert_eq!(p.san(m).to_string(), text);
//!     p = p.play(m);
//! }
//! ```

use core::fmt;

use crate::chess_move::{Move, MoveKind, MoveList};
use crate::parse_error::Snippet;
use crate::piece::Piece;
use crate::position::illegal::IllegalMove;
use crate::position::{CastleSide, Position};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};

/// A SAN move that could not be used: unreadable text, a move the position does not
/// allow, or a move more than one piece could make.
///
/// # Examples
///
/// ```
/// use rayscan::position::Position;
/// use rayscan::san::SanError;
/// let p = Position::startpos();
/// assert!(matches!(p.parse_san("Zz9"), Err(SanError::Syntax(_))));
/// assert_eq!(
///     p.parse_san("Ke2").unwrap_err().to_string(),
///     "illegal move \"Ke2\": not a legal move in this position"
/// );
/// // After 1. d4 d5 2. Nf3 Nf6, two knights can go to d2.
/// let p = Position::from_fen("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3").unwrap().0;
/// assert_eq!(
///     p.parse_san("Nd2").unwrap_err().to_string(),
///     "ambiguous san move \"Nd2\": more than one knight can move there; add the file or rank it comes from"
/// );
/// assert_eq!(p.parse_san("Nbd2").unwrap().to_string(), "b1d2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanError {
    /// Not SAN: for example empty, lowercase piece letters, a square off the board,
    /// a promotion to a king or of a piece, or trailing text.
    Syntax(Snippet),
    /// Well formed, but no legal move in the position matches (a capture `x` where
    /// there is nothing to take included).
    Illegal(Snippet),
    /// Well formed, but more than one legal move matches: the file or rank the piece
    /// comes from is missing.
    Ambiguous(Snippet),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(t) => write!(
                f,
                "invalid san move {t}: expected a move like \"e4\", \"Nf3\", \"exd5\", \"Rfxf4\", \"e8=Q\" or \"O-O\" (piece letters K, Q, R, B, N in uppercase)"
            ),
            SanError::Illegal(t) => {
                write!(f, "illegal move {t}: not a legal move in this position")
            }
            SanError::Ambiguous(t) => {
                // The text was read once already; read it again for the piece and what it named.
                let (piece, file, rank) = match parse_syntax(t.as_str()) {
                    Some(Syntax::Normal {
                        piece, file, rank, ..
                    }) => (piece.name(), file.is_some(), rank.is_some()),
                    _ => ("piece", false, false),
                };
                let hint = match (file, rank) {
                    (false, false) => "add the file or rank it comes from",
                    (true, _) => "add the rank it comes from too",
                    (false, true) => "add the file it comes from too",
                };
                write!(
                    f,
                    "ambiguous san move {t}: more than one {piece} can move there; {hint}"
                )
            }
        }
    }
}

impl core::error::Error for SanError {}

/// What SAN text says, before looking at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Syntax {
    /// `O-O` (king side: the rook on a higher file than the king) or `O-O-O`.
    Castling { king_side: bool },
    /// Any other move.
    Normal {
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        /// `x` was written (or, for a pawn, a source file: pawns name it only to capture).
        capture: bool,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// The most `+ # ! ?` accepted at the end (`Nf3+!?`, `Qh4#!!`).
const MAX_SUFFIX: usize = 3;

fn piece_letter(b: u8) -> Option<Piece> {
    match b {
        b'N' => Some(Piece::Knight),
        b'B' => Some(Piece::Bishop),
        b'R' => Some(Piece::Rook),
        b'Q' => Some(Piece::Queen),
        b'K' => Some(Piece::King),
        _ => None,
    }
}

fn file_of(b: u8) -> Option<File> {
    match b {
        b'a'..=b'h' => File::new(b - b'a'),
        _ => None,
    }
}

fn rank_of(b: u8) -> Option<Rank> {
    match b {
        b'1'..=b'8' => Rank::new(b - b'1'),
        _ => None,
    }
}

/// Reads SAN text without a position.
fn parse_syntax(text: &str) -> Option<Syntax> {
    if !text.is_ascii() {
        return None;
    }
    let mut body = text.as_bytes();
    let mut suffix = 0;
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = body {
        body = rest;
        suffix += 1;
    }
    if suffix > MAX_SUFFIX {
        return None;
    }
    match body {
        b"O-O" | b"0-0" => return Some(Syntax::Castling { king_side: true }),
        b"O-O-O" | b"0-0-0" => return Some(Syntax::Castling { king_side: false }),
        _ => {}
    }
    let (piece, body) = match body {
        [first, rest @ ..] if piece_letter(*first).is_some() => (piece_letter(*first)?, rest),
        _ => (Piece::Pawn, body),
    };
    let (body, promotion) = match body {
        [rest @ .., b'=', p] => (rest, Some(piece_letter(*p).filter(|&p| p != Piece::King)?)),
        [rest @ .., p @ (b'N' | b'B' | b'R' | b'Q')] => (rest, piece_letter(*p)),
        _ => (body, None),
    };
    let (body, to) = match body {
        [rest @ .., f, r] => (rest, Square::from_coords(file_of(*f)?, rank_of(*r)?)),
        _ => return None,
    };
    let (body, capture) = match body {
        [rest @ .., b'x'] => (rest, true),
        _ => (body, false),
    };
    let (file, rank) = match *body {
        [] => (None, None),
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        [c] => match (file_of(c), rank_of(c)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        _ => return None,
    };
    if piece == Piece::Pawn {
        // A pawn names its file exactly when it captures (`exd5`, or `ed5` without the x),
        // and never its rank.
        if rank.is_some() || file == Some(to.file()) || (capture && file.is_none()) {
            return None;
        }
        Some(Syntax::Normal {
            piece,
            file,
            rank,
            capture: file.is_some(),
            to,
            promotion,
        })
    } else if promotion.is_some() {
        None
    } else {
        Some(Syntax::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// What SAN reads of a board, so that one writer and one reader serve a [`Position`]
/// and a [`Setup`] alike: the kind of piece on a square, whether a move takes, the legal
/// moves, and whether a move checks or mates.
trait Board {
    /// The kind of the piece on `sq`.
    fn piece_kind(&self, sq: Square) -> Option<Piece>;
    /// Whether the legal `m` (not castling) takes something.
    fn takes(&self, m: Move) -> bool;
    /// Every legal move.
    fn legal(&self) -> MoveList;
    /// Whether the legal `m` gives check, and whether it mates.
    fn checks(&self, m: Move) -> (bool, bool);
}

impl Board for Position {
    fn piece_kind(&self, sq: Square) -> Option<Piece> {
        self.piece_at(sq).map(|(_, p)| p)
    }

    fn takes(&self, m: Move) -> bool {
        m.kind() == MoveKind::EnPassant || self.color(!self.side_to_move()).contains(m.to())
    }

    fn legal(&self) -> MoveList {
        MoveList::from(self.legal_moves())
    }

    fn checks(&self, m: Move) -> (bool, bool) {
        let after = self.play(m);
        let check = after.is_check();
        (check, check && after.legal_moves().is_empty())
    }
}

impl Board for Setup {
    fn piece_kind(&self, sq: Square) -> Option<Piece> {
        self.piece_at(sq).map(|(_, p)| p)
    }

    fn takes(&self, m: Move) -> bool {
        self.is_capture(m)
    }

    fn legal(&self) -> MoveList {
        self.legal_moves()
    }

    fn checks(&self, m: Move) -> (bool, bool) {
        let mut after = *self;
        after.play(m);
        let check = after.is_check();
        (check, check && !after.has_legal_move())
    }
}

impl Syntax {
    /// Whether the legal move `m` is one this text names.
    fn matches(&self, pos: &impl Board, m: Move) -> bool {
        match *self {
            Syntax::Castling { king_side } => {
                m.is_castling() && (m.castle_side() == CastleSide::King) == king_side
            }
            Syntax::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let from = m.from();
                !m.is_castling()
                    && m.to() == to
                    && m.promotion() == promotion
                    && pos.piece_kind(from) == Some(piece)
                    && file.is_none_or(|f| f == from.file())
                    && rank.is_none_or(|r| r == from.rank())
                    && (!capture || pos.takes(m))
                    // A pawn without a source file pushes along its file.
                    && (piece != Piece::Pawn || file.is_some() || from.file() == to.file())
            }
        }
    }
}

impl Position {
    /// The SAN text of `m`: `e4`, `Nbd2`, `R1a3`, `Qh4xe1`, `exd6` (en passant too),
    /// `e8=Q`, `O-O`, `O-O-O`, with `+` after a check and `#` after a mate. A piece names
    /// the file it comes from if that tells it apart from the others of its kind that can
    /// move to the same square, else the rank, else both.
    ///
    /// The move must be legal in this position: one from [`Position::legal_moves`] or
    /// [`Position::parse_uci`], or checked by [`Position::is_legal`]. Nothing checks it
    /// here; for a move that is not legal the text is nonsense (`e1g1` in the start
    /// position prints `Kg1`), though nothing panics. Use [`Position::try_san`] for moves
    /// from elsewhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::Position;
    /// let p = Position::startpos();
    /// assert_eq!(p.san(p.parse_uci("e2e4").unwrap()).to_string(), "e4");
    /// assert_eq!(p.san(p.parse_uci("g1f3").unwrap()).to_string(), "Nf3");
    /// // Knights on b1 and f3 can both go to d2.
    /// let p = Position::from_fen("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3").unwrap().0;
    /// assert_eq!(p.san(p.parse_uci("b1d2").unwrap()).to_string(), "Nbd2");
    /// // Fool's mate.
    /// let p = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").unwrap().0;
    /// assert_eq!(p.san(p.parse_uci("d8h4").unwrap()).to_string(), "Qh4#");
    /// ```
    pub fn san(&self, m: Move) -> impl fmt::Display + '_ {
        San { pos: self, m }
    }

    /// The SAN text of `m` as [`Position::san`] writes it, or [`IllegalMove`] if `m` is
    /// not legal here: for moves from elsewhere, at the cost of a legality test
    /// ([`Position::is_legal_fast`]).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when `m` is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveKind, Position, Square};
    /// let p = Position::startpos();
    /// let knight = Move::new(Square::G1, Square::F3, MoveKind::Normal);
    /// assert_eq!(p.try_san(knight).unwrap().to_string(), "Nf3");
    /// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
    /// assert_eq!(
    ///     p.try_san(castle).unwrap_err().to_string(),
    ///     "illegal move \"e1g1\": not a legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// ```
    pub fn try_san(&self, m: Move) -> Result<impl fmt::Display + fmt::Debug + '_, IllegalMove> {
        if self.is_legal_fast(m) {
            Ok(San { pos: self, m })
        } else {
            Err(IllegalMove::new(*self, m))
        }
    }

    /// Finds the legal move that SAN `text` names. Accepted besides strict SAN: up to
    /// three of the marks `+ # ! ?` at the end, in any order and not checked against the
    /// position (`Nf3+!?`), castling with zeros (`0-0`, `0-0-0`),
    /// promotions without `=` (`e8Q`), and captures without `x` (`Rff4`, `ed5`); an `x`
    /// that is written must take something. Piece letters are uppercase (`b` is a file).
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not SAN, [`SanError::Illegal`] when no legal move
    /// matches, [`SanError::Ambiguous`] when more than one does.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::Position;
    /// use rayscan::san::SanError;
    /// let p = Position::startpos();
    /// assert_eq!(p.parse_san("Nf3").unwrap().to_string(), "g1f3");
    /// assert_eq!(p.parse_san("e4!?").unwrap().to_string(), "e2e4");
    /// assert!(matches!(p.parse_san("nf3"), Err(SanError::Syntax(_))));
    /// assert!(matches!(p.parse_san("Nxf3"), Err(SanError::Illegal(_))));
    /// assert!(matches!(p.parse_san("O-O"), Err(SanError::Illegal(_))));
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        parse(self, text)
    }
}

impl Position {
    /// Every legal move SAN `text` can mean: one for valid SAN, several when it is
    /// ambiguous (suites written by hand sometimes are: `Nxd1` with knights on c3 and
    /// e3), none when it is illegal. Only unreadable text is an error.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not SAN.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::Position;
    /// let p = Position::from_fen("8/8/1k6/8/8/2N1N3/2p1p1K1/3n4 w - - 0 1").unwrap().0;
    /// assert!(p.parse_san("Nxd1").is_err());
    /// assert_eq!(p.san_readings("Nxd1").unwrap().len(), 2);
    /// ```
    pub fn san_readings(&self, text: &str) -> Result<MoveList, SanError> {
        let syntax = parse_syntax(text).ok_or_else(|| SanError::Syntax(Snippet::new(text)))?;
        let mut readings = MoveList::new();
        for m in self.legal_moves().iter() {
            if syntax.matches(self, m) {
                readings.push(m);
            }
        }
        Ok(readings)
    }
}

/// A move's SAN, written against the board it is played on.
struct San<'a, B> {
    pos: &'a B,
    m: Move,
}

impl<B: Board> San<'_, B> {
    fn write_move(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (pos, m) = (self.pos, self.m);
        if m.is_castling() {
            return f.write_str(match m.castle_side() {
                CastleSide::King => "O-O",
                CastleSide::Queen => "O-O-O",
            });
        }
        let (from, to) = (m.from(), m.to());
        let piece = pos.piece_kind(from).unwrap_or(Piece::Pawn);
        let capture = pos.takes(m);
        if piece == Piece::Pawn {
            if capture {
                write!(f, "{}x", from.file())?;
            }
        } else {
            write!(f, "{}", piece.to_char().to_ascii_uppercase())?;
            self.write_disambiguation(f, piece)?;
            if capture {
                f.write_str("x")?;
            }
        }
        write!(f, "{to}")?;
        if let Some(p) = m.promotion() {
            write!(f, "={}", p.to_char().to_ascii_uppercase())?;
        }
        Ok(())
    }

    /// The file, rank or square of `from` that tells the move apart from the other
    /// legal moves of a `piece` to the same square (a king's too: a setup may have two).
    fn write_disambiguation(&self, f: &mut fmt::Formatter<'_>, piece: Piece) -> fmt::Result {
        let (pos, m) = (self.pos, self.m);
        let from = m.from();
        let (mut others, mut same_file, mut same_rank) = (false, false, false);
        for other in pos.legal().iter() {
            let o = other.from();
            if o != from
                && other.to() == m.to()
                && !other.is_castling()
                && pos.piece_kind(o) == Some(piece)
            {
                others = true;
                same_file |= o.file() == from.file();
                same_rank |= o.rank() == from.rank();
            }
        }
        match (others, same_file, same_rank) {
            (false, _, _) => Ok(()),
            (true, false, _) => write!(f, "{}", from.file()),
            (true, true, false) => write!(f, "{}", from.rank()),
            (true, true, true) => write!(f, "{from}"),
        }
    }
}

impl<B: Board> fmt::Debug for San<'_, B> {
    /// The SAN text, as `Display` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<B: Board> fmt::Display for San<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_move(f)?;
        match self.pos.checks(self.m) {
            (true, true) => f.write_str("#"),
            (true, false) => f.write_str("+"),
            (false, _) => Ok(()),
        }
    }
}

/// The one legal move of `pos` that SAN `text` names.
fn parse(pos: &impl Board, text: &str) -> Result<Move, SanError> {
    let syntax = parse_syntax(text).ok_or_else(|| SanError::Syntax(Snippet::new(text)))?;
    let moves = pos.legal();
    let mut matching = moves.iter().filter(|&&m| syntax.matches(pos, m));
    match (matching.next(), matching.next()) {
        (Some(&m), None) => Ok(m),
        (None, _) => Err(SanError::Illegal(Snippet::new(text))),
        (Some(_), Some(_)) => Err(SanError::Ambiguous(Snippet::new(text))),
    }
}

impl Setup {
    /// The SAN text of `m`, a legal move of the setup, as [`Position::san`] writes it
    /// (and python-chess: a piece, kings included, names where it comes from only when
    /// another of its kind can move to the same square).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveKind, Setup, Square};
    /// // Two white kings can both step to d2.
    /// let setup = Setup::from_fen("7k/8/8/8/8/8/8/2K1K3 w - - 0 1").unwrap();
    /// let m = Move::new(Square::C1, Square::D2, MoveKind::Normal);
    /// assert_eq!(setup.san(m).to_string(), "Kcd2");
    /// ```
    pub fn san(&self, m: Move) -> impl fmt::Display + '_ {
        San { pos: self, m }
    }

    /// Finds the legal move that SAN `text` names, read as [`Position::parse_san`]
    /// reads it.
    ///
    /// # Errors
    ///
    /// [`SanError`]: text that is not SAN, no legal move that matches, or more than one.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Setup;
    /// let setup = Setup::from_fen("7k/8/8/8/8/8/8/2K1K3 w - - 0 1").unwrap();
    /// assert_eq!(setup.parse_san("Ked2").unwrap().to_string(), "e1d2");
    /// assert!(setup.parse_san("Kd2").is_err());
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        parse(self, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(f: &str) -> Position {
        Position::from_fen(f).unwrap().0
    }

    fn san(p: &Position, uci: &str) -> String {
        p.san(p.parse_uci(uci).unwrap()).to_string()
    }

    fn uci(p: &Position, text: &str) -> String {
        match p.parse_san(text) {
            Ok(m) => m.uci(p.is_chess960()).to_string(),
            Err(e) => panic!("{text} in {p}: {e}"),
        }
    }

    #[test]
    fn syntax_reads_every_part() {
        assert_eq!(
            parse_syntax("Nb1xd2+!?"),
            Some(Syntax::Normal {
                piece: Piece::Knight,
                file: Some(File::B),
                rank: Some(Rank::First),
                capture: true,
                to: Square::D2,
                promotion: None,
            })
        );
        assert_eq!(
            parse_syntax("exd8=Q#"),
            Some(Syntax::Normal {
                piece: Piece::Pawn,
                file: Some(File::E),
                rank: None,
                capture: true,
                to: Square::D8,
                promotion: Some(Piece::Queen),
            })
        );
        assert_eq!(parse_syntax("e8N"), parse_syntax("e8=N"));
        assert_eq!(parse_syntax("ed5"), parse_syntax("exd5"));
        assert_eq!(
            parse_syntax("R1a3").map(|s| matches!(
                s,
                Syntax::Normal {
                    rank: Some(Rank::First),
                    file: None,
                    ..
                }
            )),
            Some(true)
        );
        assert_eq!(
            parse_syntax("0-0-0+"),
            Some(Syntax::Castling { king_side: false })
        );
        assert_eq!(
            parse_syntax("O-O"),
            Some(Syntax::Castling { king_side: true })
        );
    }

    #[test]
    fn syntax_refuses_what_is_not_san() {
        for bad in [
            "", "e9", "i4", "Qxx4", "nf3", "E4", "e4 ", " e4", "Nf3+!?+", "e8=K", "e8=P", "e8=",
            "Ne8=Q", "Ke8Q", "e2e4", "xd5", "exe5", "e4xd5", "2d4", "Nf", "N", "x", "O-O-O-O",
            "o-o", "0-O", "Nb1d2d3", "Né3", "e4é", "Nf3 e.p.", "+", "Nxf3x", "Nabd2",
        ] {
            assert_eq!(parse_syntax(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn prints_and_reads_the_opening() {
        let mut p = Position::startpos();
        let game = [
            "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "Bf4", "e6", "h3",
            "Bxf3", "Qxf3", "Bb4", "Be2", "Nd7", "a3", "O-O-O", "axb4", "Qxa1+", "Kd2", "Qxh1",
        ];
        for text in game {
            let m = p.parse_san(text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.san(m).to_string(), text);
            p = p.play(m);
        }
    }

    #[test]
    fn disambiguates_by_file_then_rank_then_square() {
        // Rooks a1 and h1: the file; rooks a1 and a5: the rank.
        let p = fen("4k3/8/8/R7/8/8/8/R3K2R w - - 0 1");
        assert_eq!(san(&p, "a1a3"), "R1a3");
        assert_eq!(san(&p, "a5a3"), "R5a3");
        // The king stands between a1 and h1, so neither needs its file.
        assert_eq!(san(&p, "a1d1"), "Rd1");
        assert_eq!(san(&p, "h1f1"), "Rf1");
        assert_eq!(san(&p, "a1b1"), "Rb1");
        // Queens on a1, a3 and c1 can all reach b2: a1 shares a file and a rank.
        let p = fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
        assert_eq!(san(&p, "a1b2"), "Qa1b2");
        assert_eq!(san(&p, "a3b2"), "Q3b2");
        assert_eq!(san(&p, "c1b2"), "Qcb2");
        assert_eq!(uci(&p, "Qa1b2"), "a1b2");
        assert_eq!(uci(&p, "Qcb2"), "c1b2");
        assert!(matches!(p.parse_san("Qab2"), Err(SanError::Ambiguous(_))));
        assert!(matches!(p.parse_san("Q1b2"), Err(SanError::Ambiguous(_))));
        assert!(matches!(p.parse_san("Qb2"), Err(SanError::Ambiguous(_))));
    }

    #[test]
    fn a_pinned_piece_needs_no_disambiguation() {
        // The c3 knight is pinned by the bishop on a5, so only the g1 knight goes to e2.
        let p = fen("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
        assert_eq!(san(&p, "g1e2"), "Ne2");
        assert_eq!(uci(&p, "Ne2"), "g1e2");
    }

    #[test]
    fn pawns_en_passant_and_promotion() {
        let p = fen("1n2k3/2P5/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(san(&p, "e5d6"), "exd6");
        assert_eq!(uci(&p, "exd6"), "e5d6");
        assert_eq!(uci(&p, "ed6"), "e5d6");
        assert_eq!(san(&p, "c7c8q"), "c8=Q+");
        assert_eq!(san(&p, "c7b8n"), "cxb8=N");
        assert_eq!(uci(&p, "c8Q"), "c7c8q");
        assert_eq!(uci(&p, "cxb8=R"), "c7b8r");
        assert_eq!(uci(&p, "cb8R"), "c7b8r");
        // The promotion piece is not optional; a push is not a capture.
        assert!(matches!(p.parse_san("c8"), Err(SanError::Illegal(_))));
        assert!(matches!(p.parse_san("cxc8=Q"), Err(SanError::Syntax(_))));
        assert!(matches!(p.parse_san("e6=Q"), Err(SanError::Illegal(_))));
        assert!(matches!(p.parse_san("b8=Q"), Err(SanError::Illegal(_))));
    }

    #[test]
    fn castling_standard_and_chess960() {
        let p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(san(&p, "e1g1"), "O-O");
        assert_eq!(san(&p, "e1c1"), "O-O-O");
        assert_eq!(uci(&p, "0-0"), "e1g1");
        assert_eq!(uci(&p, "O-O-O"), "e1c1");
        // Chess960: king b1, rooks a1 and h1; O-O with the rook on a higher file.
        let p = fen("3k4/8/8/8/8/8/8/RK5R w HA - 0 1");
        assert!(p.is_chess960());
        assert_eq!(uci(&p, "O-O"), "b1h1");
        assert_eq!(uci(&p, "O-O-O"), "b1a1");
        assert_eq!(san(&p, "b1h1"), "O-O");
        assert_eq!(san(&p, "b1a1"), "O-O-O+");
        // King f1, rook g1: the king goes onto the rook's square.
        let p = fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
        assert_eq!(uci(&p, "O-O"), "f1g1");
        assert_eq!(san(&p, "f1g1"), "O-O");
        assert_eq!(san(&p, "f1e1"), "Ke1");
        // The king may not "take" its own rook by a king move text.
        assert_eq!(uci(&p, "Kg2"), "f1g2");
        assert!(matches!(p.parse_san("Kg1"), Err(SanError::Illegal(_))));
        assert!(matches!(p.parse_san("Kxg1"), Err(SanError::Illegal(_))));
    }

    #[test]
    fn check_and_mate_suffixes() {
        let p = fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
        assert_eq!(san(&p, "d8h4"), "Qh4#");
        assert_eq!(uci(&p, "Qh4#"), "d8h4");
        assert_eq!(uci(&p, "Qh4"), "d8h4");
        assert_eq!(uci(&p, "Qh4+"), "d8h4");
        let p = Position::startpos();
        let p = p.play(p.parse_san("e4").unwrap());
        let p = p.play(p.parse_san("f5").unwrap());
        assert_eq!(san(&p, "d1h5"), "Qh5+");
        assert_eq!(uci(&p, "Qh5+!!"), "d1h5");
    }

    #[test]
    fn capture_x_is_optional_but_must_capture() {
        let p = fen("6k1/1pp4p/p1pb4/6q1/3P1pRr/2P4P/PP1Br1P1/5RKN w - - 0 1");
        assert_eq!(uci(&p, "Rfxf4"), "f1f4");
        assert_eq!(uci(&p, "Rff4"), "f1f4");
        assert_eq!(san(&p, "f1f4"), "Rfxf4");
        assert_eq!(san(&p, "f1f2"), "Rf2");
        assert!(matches!(p.parse_san("Rxf2"), Err(SanError::Illegal(_))));
        assert!(matches!(p.parse_san("Rxf4"), Err(SanError::Ambiguous(_))));
    }

    #[test]
    fn messages() {
        let p = fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
        let message = |text: &str| p.parse_san(text).unwrap_err().to_string();
        assert_eq!(
            message("Qb2"),
            "ambiguous san move \"Qb2\": more than one queen can move there; add the file or rank it comes from"
        );
        assert_eq!(
            message("Qab2"),
            "ambiguous san move \"Qab2\": more than one queen can move there; add the rank it comes from too"
        );
        assert_eq!(
            message("Q1b2"),
            "ambiguous san move \"Q1b2\": more than one queen can move there; add the file it comes from too"
        );
        assert_eq!(
            message("Ke3"),
            "illegal move \"Ke3\": not a legal move in this position"
        );
        assert!(
            message("Zz9").starts_with("invalid san move \"Zz9\": expected a move like \"e4\"")
        );
        let long = format!("Q{}4", "x".repeat(40));
        let expected = format!("invalid san move \"{}…\": expected", &long[..24]);
        assert!(message(&long).starts_with(&expected), "{}", message(&long));
    }
}
