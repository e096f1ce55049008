//! # rayscan
//!
//! Sliding-piece attack generation, every way the classical literature describes it,
//! each way a tested, benchmarked backend behind one trait ([`sliders::Slider`]).
//!
//! - [`Square`], [`File`], [`Rank`], [`Color`], [`Piece`]: the small value types.
//! - [`Bitboard`]: a set of squares with set operators, iteration and an 8×8 diagram.
//! - [`Direction`], [`Line`], [`KnightDirection`]: the compass rose.
//! - [`masks`]: rays, lines and piece masks on an empty board, by lookup and by calculation.
//! - [`cpu`]: what the CPU can do, detected once; [`sliders::Technique::auto`] picks the
//!   technique by it.
//! - [`sliders`]: the techniques, from the reference walk to PEXT, and [`sliders::Technique`]
//!   to pick one at run time.
//! - [`fen`]: the piece-placement field of a FEN, for occupancies people can read.
//! - [`position`]: a chess position (FEN dialects, copy-make, Zobrist keys).
//! - [`movegen`]: legal move generation four ways (piece-wise, direction-wise, hybrid,
//!   and a staged picker); [`dir_move`]: moves as target square + direction.
//! - [`perft`]: leaf counts of the move tree, for every generator and technique;
//!   [`perft::stats`]: the statistics of the perft tables; `perft::hash` (with `std`): the
//!   hashed perft and its table; `parallel` (with `std`): perft on threads.
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
//! `core::error::Error`, which is `std::error::Error` since Rust 1.81; the default `std`
//! feature is where helpers that need the standard library will live.

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

pub mod bitboard;
pub mod chess_move;
pub mod color;
pub mod cpu;
pub mod dir_move;
pub mod direction;
pub mod error;
pub mod fen;
pub mod mailbox;
pub mod masks;
pub mod movegen;
#[cfg(feature = "std")]
pub mod parallel;
pub mod perft;
pub mod piece;
pub mod position;
pub mod san;
pub mod see;
pub mod sliders;
pub mod square;
#[cfg(feature = "std")]
pub mod suite;

pub use bitboard::Bitboard;
pub use color::Color;
pub use direction::{Direction, KnightDirection, Line};
pub use error::ParseError;
pub use piece::{Piece, SliderPiece};
pub use square::{File, Rank, Square};
