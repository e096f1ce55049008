//! Every error type of the library, in one place for its users. Each is defined with
//! the layer that raises it: [`ParseError`], [`ParseKind`] and [`Snippet`] with the small
//! values they parse (the lowest layer), [`IllegalMove`] with the position. Nothing in
//! the library imports this module; it only gathers.

pub use crate::parse_error::{ParseError, ParseKind, Snippet};
pub use crate::position::illegal::IllegalMove;
