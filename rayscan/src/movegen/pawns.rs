//! Pawn moves as sets: every pawn at once, by shifting the pawn set one direction at a
//! time. Shared by the direction-wise and the hybrid generators. En passant is apart
//! (see [`super::en_passant_sources`]).

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::direction::Direction;
use crate::masks;
use crate::square::Square;

/// The pieces that may move in `dir`: everything but the pieces pinned along another line
/// (a piece pinned along a line may still move in that line's two directions).
#[inline]
pub(crate) fn free_in(pinned: Bitboard, king: Square, dir: Direction) -> Bitboard {
    !(pinned - masks::line(dir.line(), king))
}

/// The targets of every pawn of one side, per direction, split by what they are.
pub(crate) struct PawnTargets {
    /// The push direction: north for white.
    pub(crate) up: Direction,
    /// Single pushes that do not promote.
    pub(crate) push: Bitboard,
    /// Double pushes.
    pub(crate) double: Bitboard,
    /// Single pushes onto the last rank.
    pub(crate) push_promotions: Bitboard,
    /// The two capture directions (towards the a-file first).
    pub(crate) capture_dirs: [Direction; 2],
    /// Captures that do not promote, per capture direction.
    pub(crate) captures: [Bitboard; 2],
    /// Captures onto the last rank, per capture direction.
    pub(crate) capture_promotions: [Bitboard; 2],
}

impl PawnTargets {
    /// The targets of `pawns` of colour `us`, with `pinned` pieces pinned to `king`,
    /// onto `targets` (not our pieces; the check mask in check).
    #[inline]
    pub(crate) fn new(
        us: Color,
        pawns: Bitboard,
        (pinned, king): (Bitboard, Square),
        occupied: Bitboard,
        their: Bitboard,
        targets: Bitboard,
    ) -> PawnTargets {
        let (up, capture_dirs, third_rank) = match us {
            Color::White => (
                Direction::North,
                [Direction::NorthWest, Direction::NorthEast],
                Bitboard::RANK_1
                    .shift(Direction::North)
                    .shift(Direction::North),
            ),
            Color::Black => (
                Direction::South,
                [Direction::SouthWest, Direction::SouthEast],
                Bitboard::RANK_8
                    .shift(Direction::South)
                    .shift(Direction::South),
            ),
        };
        let last_rank = Bitboard::RANK_1 | Bitboard::RANK_8;
        let empty = !occupied;
        let single = (pawns & free_in(pinned, king, up)).shift(up) & empty;
        let double = (single & third_rank).shift(up) & empty & targets;
        let single = single & targets;
        let capture = |d: Direction| (pawns & free_in(pinned, king, d)).shift(d) & their & targets;
        let [west, east] = capture_dirs.map(capture);
        PawnTargets {
            up,
            push: single - last_rank,
            double,
            push_promotions: single & last_rank,
            capture_dirs,
            captures: [west - last_rank, east - last_rank],
            capture_promotions: [west & last_rank, east & last_rank],
        }
    }
}

/// The square `steps` steps back from `to` against `dir`: the source of a set-wise target.
/// Only called for targets made by shifting a source that far in `dir`, so it stays on
/// the board.
#[inline]
pub(crate) fn behind(to: Square, dir: Direction, steps: i8) -> Square {
    Square::from_index_masked((to as i32 - (dir.offset() * steps) as i32) as u32)
}
