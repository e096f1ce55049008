//! Moves as *target square and direction*, the encoding of direction-wise generation.
//!
//! In a direction-wise target set every target square has exactly one source: the
//! nearest piece behind it, against the direction (a slider's attacks stop at the first
//! blocker, a king or pawn steps from the adjacent square, a double push passes over an
//! empty square). So a move needs only its target (6 bits) and direction (4 bits: 8 rays
//! and 8 knight jumps), and the source is found when the move is made: intersect the ray
//! behind the target with the occupancy and bitscan the nearest bit (reverse for rays
//! that point up the board, forward for those that point down), or step back one knight
//! jump. Generating is cheap; making pays only for the moves a search tries.
//!
//! ```
//! use rayscan::movegen::dir_move::{DirMove, MoveDirection};
//! use rayscan::position::Position;
//! use rayscan::{Direction, Square};
//! let p = Position::startpos();
//! // "Something moves north to e4": the nearest piece south of e4 is the e2 pawn.
//! let dm = DirMove::new(Square::E4, MoveDirection::Ray(Direction::North));
//! assert_eq!(dm.source(p.occupied()), Some(Square::E2));
//! assert_eq!(dm.to_move(&p).unwrap().to_string(), "e2e4");
//! assert_eq!(DirMove::from_move(p.parse_uci("g1f3").unwrap()).unwrap().direction().to_string(), "nnw");
//! ```

use core::fmt;

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::direction::{Direction, KnightDirection};
use crate::masks;
use crate::piece::Piece;
use crate::position::{CastleSide, Position};
use crate::square::Square;

/// One of the sixteen directions a move arrives from: a ray or a knight jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveDirection {
    /// Along a ray: sliders, the king, pawns.
    Ray(Direction),
    /// A knight's jump.
    Knight(KnightDirection),
}

impl MoveDirection {
    /// The sixteen directions in index order: the rays, then the knight jumps.
    pub const ALL: [MoveDirection; 16] = {
        let mut all = [MoveDirection::Ray(Direction::North); 16];
        let mut i = 0;
        while i < 8 {
            all[i] = MoveDirection::Ray(Direction::ALL[i]);
            all[i + 8] = MoveDirection::Knight(KnightDirection::ALL[i]);
            i += 1;
        }
        all
    };

    /// 0–7 for the rays (north clockwise), 8–15 for the knight jumps.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            MoveDirection::Ray(d) => d as usize,
            MoveDirection::Knight(k) => 8 + k as usize,
        }
    }

    /// The direction from `from` to `to`: the ray they lie on or the knight jump between
    /// them; `None` when they are neither aligned nor a knight's jump apart.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::dir_move::MoveDirection;
    /// use rayscan::{Direction, Square};
    /// assert_eq!(MoveDirection::between(Square::A1, Square::H8), Some(MoveDirection::Ray(Direction::NorthEast)));
    /// assert_eq!(MoveDirection::between(Square::A1, Square::B4), None);
    /// ```
    pub fn between(from: Square, to: Square) -> Option<MoveDirection> {
        if let Some(k) = KnightDirection::ALL
            .into_iter()
            .find(|k| masks_knight_jump(from, *k) == Some(to))
        {
            return Some(MoveDirection::Knight(k));
        }
        Direction::ALL
            .into_iter()
            .find(|&d| masks::ray(d, from).contains(to))
            .map(MoveDirection::Ray)
    }

    /// The short name: a ray's (`n`, `ne` …) or a jump's initials (`nne`, `ene` …).
    pub const fn short_name(self) -> &'static str {
        match self {
            MoveDirection::Ray(d) => d.short_name(),
            MoveDirection::Knight(k) => match k {
                KnightDirection::NorthNorthEast => "nne",
                KnightDirection::EastNorthEast => "ene",
                KnightDirection::EastSouthEast => "ese",
                KnightDirection::SouthSouthEast => "sse",
                KnightDirection::SouthSouthWest => "ssw",
                KnightDirection::WestSouthWest => "wsw",
                KnightDirection::WestNorthWest => "wnw",
                KnightDirection::NorthNorthWest => "nnw",
            },
        }
    }
}

impl fmt::Display for MoveDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

fn masks_knight_jump(from: Square, k: KnightDirection) -> Option<Square> {
    let (df, dr) = k.deltas();
    from.step(df, dr)
}

/// A move as target square (6 bits) and direction (4 bits), plus the promotion piece
/// (3 bits) and a castling flag: what a direction-wise target set holds, one bit each.
/// The source square is found from the board when the move is made ([`DirMove::source`]).
///
/// Castling is *king takes own rook* along the rank, as in [`Move`]: the target is the
/// rook and the direction points from the king towards it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DirMove(u16);

const DIR_SHIFT: u16 = 6;
const PROMO_SHIFT: u16 = 10;
const CASTLE_BIT: u16 = 1 << 13;

impl DirMove {
    /// A move arriving on `target` from `dir`.
    #[inline]
    pub const fn new(target: Square, dir: MoveDirection) -> DirMove {
        DirMove(target as u16 | (dir.index() as u16) << DIR_SHIFT)
    }

    /// A pawn arriving on `target` (on the last rank) from `dir` and promoting to `piece`
    /// (knight, bishop, rook or queen).
    #[inline]
    pub const fn promotion(target: Square, dir: Direction, piece: Piece) -> DirMove {
        DirMove(target as u16 | (dir as u16) << DIR_SHIFT | (piece as u16) << PROMO_SHIFT)
    }

    /// Castling with the rook on `rook`, the king coming from `dir` (east or west).
    #[inline]
    pub const fn castling(rook: Square, dir: Direction) -> DirMove {
        DirMove(rook as u16 | (dir as u16) << DIR_SHIFT | CASTLE_BIT)
    }

    /// The target square (the rook, for castling).
    #[inline]
    pub const fn target(self) -> Square {
        Square::from_index_masked(self.0 as u32)
    }

    /// The direction the move arrives from.
    #[inline]
    pub const fn direction(self) -> MoveDirection {
        MoveDirection::ALL[((self.0 >> DIR_SHIFT) & 15) as usize]
    }

    /// The promotion piece, if any.
    #[inline]
    pub const fn promotion_piece(self) -> Option<Piece> {
        match (self.0 >> PROMO_SHIFT) & 7 {
            1 => Some(Piece::Knight),
            2 => Some(Piece::Bishop),
            3 => Some(Piece::Rook),
            4 => Some(Piece::Queen),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castling(self) -> bool {
        self.0 & CASTLE_BIT != 0
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The source square on a board holding `occupied`: the nearest piece behind the
    /// target against the direction (one bitscan), or one knight jump back. `None` when
    /// there is nothing there.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::dir_move::{DirMove, MoveDirection};
    /// use rayscan::{Bitboard, Direction, Square};
    /// let occupied = Bitboard::from(Square::A1) | Square::C3.into();
    /// let to_h8 = DirMove::new(Square::H8, MoveDirection::Ray(Direction::NorthEast));
    /// assert_eq!(to_h8.source(occupied), Some(Square::C3)); // bitscan reverse of the south-west ray
    /// ```
    #[inline]
    pub fn source(self, occupied: Bitboard) -> Option<Square> {
        let target = self.target();
        match self.direction() {
            MoveDirection::Ray(d) => nearest_behind(target, d, occupied),
            MoveDirection::Knight(k) => {
                let (df, dr) = k.deltas();
                target.step(-df, -dr).filter(|&s| occupied.contains(s))
            }
        }
    }

    /// The ordinary move, with the source found on the board of `pos` and the kind read
    /// from the pieces (a pawn arriving diagonally on the en-passant square captures en
    /// passant). `None` when there is no piece of the side to move at the source. The
    /// result is legal when this came from [`crate::movegen::generate_targets`] for `pos`.
    pub fn to_move(self, pos: &Position) -> Option<Move> {
        let source = self.source(pos.occupied())?;
        let (color, piece) = pos.piece_at(source)?;
        if color != pos.side_to_move() {
            return None;
        }
        let target = self.target();
        let kind = if self.is_castling() {
            MoveKind::Castling
        } else if let Some(p) = self.promotion_piece() {
            MoveKind::Promotion(p)
        } else if piece == Piece::Pawn
            && pos.ep_square() == Some(target)
            && matches!(self.direction(), MoveDirection::Ray(d) if !d.is_orthogonal())
        {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        };
        Some(Move::new(source, target, kind))
    }

    /// The encoding of an ordinary move: its target and the direction from its source;
    /// `None` when the squares are neither aligned nor a knight's jump apart (no legal
    /// move is). For a legal move `m` of `pos`, `from_move(m)?.to_move(pos) == Some(m)`.
    pub fn from_move(m: Move) -> Option<DirMove> {
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castling => {
                let dir = match m.castle_side() {
                    CastleSide::King => Direction::East,
                    CastleSide::Queen => Direction::West,
                };
                Some(DirMove::castling(to, dir))
            }
            MoveKind::Promotion(p) => match MoveDirection::between(from, to)? {
                MoveDirection::Ray(d) => Some(DirMove::promotion(to, d, p)),
                MoveDirection::Knight(_) => None,
            },
            _ => Some(DirMove::new(to, MoveDirection::between(from, to)?)),
        }
    }
}

/// The nearest occupied square behind `target` against `dir`.
#[inline]
pub(crate) fn nearest_behind(target: Square, dir: Direction, occupied: Bitboard) -> Option<Square> {
    let back = dir.opposite();
    let behind = masks::ray(back, target) & occupied;
    if back.is_positive() {
        behind.first()
    } else {
        behind.last()
    }
}

impl fmt::Debug for DirMove {
    /// `e4<n` (arrives on e4 from the north direction); `=q` for a promotion, `(castle)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}<{}", self.target(), self.direction())?;
        if let Some(p) = self.promotion_piece() {
            write!(f, "={}", p.to_char())?;
        }
        if self.is_castling() {
            f.write_str("(castle)")?;
        }
        Ok(())
    }
}

impl Position {
    /// The position after a direction-encoded move: finds the source and plays it. Like
    /// [`Position::play`], the move must be legal here; if there is no piece of ours at
    /// the source, the position is returned unchanged.
    #[must_use]
    pub fn play_dir(&self, m: DirMove) -> Position {
        match m.to_move(self) {
            Some(m) => self.play(m),
            None => *self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        for t in Square::ALL {
            for d in MoveDirection::ALL {
                let m = DirMove::new(t, d);
                assert_eq!((m.target(), m.direction()), (t, d));
                assert_eq!(m.promotion_piece(), None);
                assert!(!m.is_castling());
            }
            for d in Direction::ALL {
                for p in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
                    let m = DirMove::promotion(t, d, p);
                    assert_eq!(m.promotion_piece(), Some(p));
                    assert_eq!(m.direction(), MoveDirection::Ray(d));
                }
                let c = DirMove::castling(t, d);
                assert!(c.is_castling() && c.target() == t);
            }
        }
        for (i, d) in MoveDirection::ALL.into_iter().enumerate() {
            assert_eq!(d.index(), i);
        }
    }

    #[test]
    fn direction_between_every_pair() {
        for from in Square::ALL {
            for to in Square::ALL {
                let expected = Direction::ALL
                    .into_iter()
                    .find(|&d| masks::ray(d, from).contains(to))
                    .map(MoveDirection::Ray)
                    .or_else(|| {
                        masks::knight(from).contains(to).then(|| {
                            let (df, dr) = (
                                to.file() as i8 - from.file() as i8,
                                to.rank() as i8 - from.rank() as i8,
                            );
                            let k = KnightDirection::ALL
                                .into_iter()
                                .find(|k| k.deltas() == (df, dr));
                            MoveDirection::Knight(k.unwrap())
                        })
                    });
                assert_eq!(MoveDirection::between(from, to), expected, "{from}{to}");
            }
        }
    }
}
