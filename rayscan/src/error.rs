//! The errors shared across the library, in one place for its users: [`ParseError`],
//! [`ParseKind`] and [`Snippet`], defined with the small values they parse (the lowest
//! layer), and [`IllegalMove`], defined with the position. The other error types are
//! public beside what raises them (`FenError` in [`crate::position`], `SanError` in
//! [`crate::san`], `UciMoveError` in [`crate::chess_move`] …). Nothing in the library
//! imports this module; it only gathers.

pub use crate::parse_error::{ParseError, ParseKind, Snippet};
pub use crate::position::illegal::IllegalMove;
