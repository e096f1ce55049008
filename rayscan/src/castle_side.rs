//! Which side of the king a castling rook stands on: a value that a castling move and the
//! castling rights share. Public as [`crate::position::CastleSide`] (and at the root).

use crate::square::File;

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file: the king ends on g, the rook on f (`O-O`).
    King,
    /// Towards the a-file: the king ends on c, the rook on d (`O-O-O`).
    Queen,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The king's file after castling.
    #[inline]
    pub const fn king_to(self) -> File {
        match self {
            CastleSide::King => File::G,
            CastleSide::Queen => File::C,
        }
    }

    /// The rook's file after castling.
    #[inline]
    pub const fn rook_to(self) -> File {
        match self {
            CastleSide::King => File::F,
            CastleSide::Queen => File::D,
        }
    }
}
