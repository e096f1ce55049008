//! # rayscan
//!
//! Sliding-piece attack generation, every way the classical literature describes it,
//! each way a tested, benchmarked backend behind one trait ([`sliders::Slider`]); and on
//! top of it, positions, legal move generation and perft.
//!
//! What engine code needs every day is at the root: [`Position`], [`Move`], [`LegalMoves`],
//! [`MoveSet`], [`MoveList`],
//! [`MoveKind`], [`Bitboard`], [`Square`], [`File`], [`Rank`], [`Piece`], [`Color`].
//!
//! ```
//! use rayscan::{Move, MoveKind, Position, Square};
//!
//! let position: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//!     .parse()
//!     .unwrap();
//! let mut captures = 0;
//! for m in position.legal_moves() {
//!     let child = position.play(m);
//!     captures += usize::from(child.occupied().len() < position.occupied().len());
//!     assert!(!child.is_checkmate());
//! }
//! assert_eq!(captures, 8);
//! // A move from elsewhere (a killer, a hash move): test it before playing it.
//! let killer = Move::new(Square::E5, Square::F7, MoveKind::Normal);
//! assert!(position.is_legal_fast(killer));
//! assert_eq!(position.perft(3), 97_862);
//! ```
//!
//! The modules, layer by layer from the ground up (each imports only from its own layer
//! and those below; the book's layout chapter draws them):
//! - values: [`square`] (squares, files and ranks, a1 = 0 … h8 = 63), [`bitboard`] (a
//!   set of squares with set operators, iteration and an 8×8 diagram), [`direction`]
//!   (the compass rose, knight jumps and the four lines), [`color`], [`piece`] (piece
//!   kinds, and the sliding ones), [`chess_move`] (moves of 16 bits, the move list, UCI
//!   text), and [`cpu`]: what the CPU can do, detected once;
//!   [`sliders::Technique::auto`] picks by it.
//! - [`masks`]: rays, lines and piece masks on an empty board, by lookup and by
//!   calculation; [`sliders`]: the attack techniques, one file each, and
//!   [`sliders::Technique`] to pick one at run time.
//! - [`position`]: a chess position (FEN dialects, Chess960, copy-make, Zobrist and
//!   Polyglot keys, null moves, game end, and [`position::Placement`], the FEN's
//!   piece-placement field alone, for occupancies people can read).
//! - [`movegen`]: legal move generation four ways (piece-wise, direction-wise, hybrid, a
//!   staged picker) and legality tests for moves from elsewhere, with
//!   [`movegen::dir_move`], moves as target square + direction for the direction-wise
//!   generator; [`san`]: standard
//!   algebraic notation, read and written; [`see`]: static exchange evaluation, on the
//!   bitboards and on the mailboxes; [`mailbox`]: the 0x88, 16×12 and 15×12 boards with
//!   vector tables and their move generator.
//! - [`perft`]: leaf counts of the move tree, all through [`perft::Perft`]: every
//!   generator and technique, divide, the statistics of the perft tables, and with
//!   `std` threads, the hash table and perft suites in EPD ([`perft::suite`]).
//! - the CPU dispatch (private): the hot paths compiled for baseline x86-64, x86-64-v3
//!   and x86-64-v4, one copy chosen at run time.
//! - [`error`]: the errors shared across the library (the small values' parse errors,
//!   [`IllegalMove`]); `serde_impls` (feature `serde`): squares, pieces, colours, moves
//!   and positions as text.
//!
//! ```
//! use rayscan::sliders::{Slider, Technique};
//! use rayscan::{Bitboard, Square};
//!
//! let occupied = Bitboard::from(Square::D6) | Square::F4.into();
//! for technique in Technique::ALL {
//!     assert_eq!(technique.rook_attacks(Square::D4, occupied).len(), 10);
//! }
//! ```
//!
//! The library is `no_std` and never allocates. Its error types implement
//! `core::error::Error`, which is `std::error::Error` since Rust 1.81. The default `std`
//! feature adds threads, the hashed perft and the suite runner; `serde` is optional.
//! `precompile` changes no API: it compiles the run-time dispatchers (every technique's
//! hot path) in this crate once, rather than in each crate that calls them (see
//! [`perft`]).

#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
// Input never reaches a panic: parsers return errors, and the few remaining panics
// (constant inputs, compile-time table checks) carry an `allow` saying why.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

#[cfg(all(feature = "std", not(test)))]
extern crate std;

// The modules layer by layer, lowest first: a module imports only from its own layer and
// those below (tests/integration/layers.rs holds the rule; docs/src/layout.md draws it).

// Values: squares, sets, directions, pieces, moves; the CPU's features and the lanes.
pub mod bitboard;
mod castle_side;
pub mod chess_move;
pub mod color;
pub mod cpu;
pub mod direction;
mod parse_error;
pub mod piece;
pub(crate) mod side;
mod simd;
pub mod square;

// Empty-board masks and the slider techniques.
pub mod masks;
pub mod sliders;

// The position: placement, FEN, copy-make, keys; and the setup, any board FEN can
// write, which becomes a position when nothing stands in the way.
pub mod position;
pub mod setup;

// The move generators, and what reads moves: SAN, SEE, the mailbox boards.
pub mod mailbox;
pub mod movegen;
pub mod san;
pub mod see;

// Perft, its hash table and statistics; threads and suites.
pub mod perft;

// The CPU dispatch: the hot paths compiled per CPU level, one chosen at run time.
mod isa;

// The crate's faces: the shared error types gathered, the FEN's first field, serde.
pub mod error;
#[cfg(feature = "serde")]
pub mod serde_impls;

// Old paths of what moved, kept so that code written against them still builds.

/// The piece-placement field of FEN, now [`position::Placement`].
#[deprecated(
    since = "0.2.0",
    note = "use `rayscan::position::{Placement, PlacementError, PlacementProblem}`"
)]
pub mod fen {
    pub use crate::position::{Placement, PlacementError, PlacementProblem};
}

/// Moves as target square and direction, now [`movegen::dir_move`].
#[deprecated(since = "0.2.0", note = "use `rayscan::movegen::dir_move`")]
pub mod dir_move {
    pub use crate::movegen::dir_move::*;
}

/// Perft suites, now [`perft::suite`].
#[cfg(feature = "std")]
#[deprecated(since = "0.2.0", note = "use `rayscan::perft::suite`")]
pub mod suite {
    pub use crate::perft::suite::*;
}

/// Perft on threads, now [`perft::Perft::threads`]; the table is
/// [`perft::hash::PerftTable`].
#[cfg(feature = "std")]
#[deprecated(
    since = "0.2.0",
    note = "use `rayscan::perft::Perft` with `threads` and `hash`, and `rayscan::perft::hash::PerftTable`"
)]
pub mod parallel {
    #[allow(deprecated)]
    pub use crate::perft::deprecated::{perft_parallel, perft_parallel_stats};
    pub use crate::perft::hash::PerftTable;
}

pub use bitboard::Bitboard;
pub use chess_move::{Move, MoveKind, MoveList, UciMove};
pub use color::Color;
pub use direction::{Direction, KnightDirection, Line};
pub use error::{IllegalMove, ParseError};
pub use movegen::LegalMoves;
pub use movegen::MoveSet;
pub use piece::{Piece, SliderPiece};
pub use position::{CastleSide, Position};
pub use setup::Setup;
pub use square::{File, Rank, Square};

// The crate's README (what crates.io shows) is tested like any doc comment.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
