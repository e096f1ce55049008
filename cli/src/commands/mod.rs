//! One module per subcommand, each with its arguments (clap) and its `run`, which
//! returns what to print or the one-line error. `src/main.rs` only parses and dispatches.

pub mod attacks;
pub mod bench;
pub mod diff;
pub mod explain;
pub mod fen;
pub mod perft;
pub mod perftree;
pub mod see;
pub mod serve;
pub mod show;
pub mod suite;
pub mod techniques;
pub mod uci;
