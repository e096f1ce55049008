//! The `rayscan` tool's parts as a library, so the binary, its tests and the fuzz
//! targets (`fuzz/`) call the same UCI loop, parsers and web endpoints in-process.
//! The chess itself lives in the `rayscan` crate; this crate only reads, prints and serves.
//!
//! [`commands`] has one module per subcommand, with its arguments and its `run`;
//! [`shared`] has what several of them use. `src/main.rs` only parses and dispatches.

pub mod commands;
pub mod shared;
