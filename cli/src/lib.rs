//! The `rayscan` tool's parts as a library, so the binary, its tests and the fuzz
//! targets (`fuzz/`) call the same UCI loop, parsers and web endpoints in-process.
//! The chess itself lives in the `rayscan` crate; this crate only reads, prints and serves.

pub mod chess;
pub mod cluster;
pub mod diagram;
pub mod explain;
pub mod see;
pub mod uci;
pub mod web;
