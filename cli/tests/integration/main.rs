//! The command-line tool's integration tests, one module per subject, in one test binary
//! (one link and one copy of the generic code they call, instead of six). Most run the
//! `rayscan` binary itself; run one module with a filter:
//!
//! ```text
//! cargo test -p rayscan-cli --release --test integration web::
//! ```

mod common;
/// The malformed-input corpus, shared with the library's tests.
#[path = "../../../rayscan/tests/integration/corpus.rs"]
mod corpus;

mod cli;
mod cluster;
mod cpu;
mod edges;
mod first_hour;
mod jobs;
mod js;
mod malformed;
mod python;
mod serve;
mod uci;
mod web;
