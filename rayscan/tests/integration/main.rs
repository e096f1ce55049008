//! The library's integration tests, one module per subject, in one test binary.
//!
//! One binary rather than one per file: each binary links the library and compiles its own
//! copy of every generic function it calls (the run-time dispatchers compile every
//! technique's perft), so eleven binaries cost eleven copies. Run one module with a filter:
//!
//! ```text
//! cargo test -p rayscan --release --test integration perft::
//! ```

mod common;
mod corpus;

mod api;
mod deprecated;
mod differential;
mod fen;
mod layers;
mod malformed;
mod parallel;
mod perft;
mod polyglot;
mod properties;
mod san;
mod see;
mod setup;
mod stats;
mod techniques;
