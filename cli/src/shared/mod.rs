//! What several commands share: argument groups and parsers, positions and moves,
//! perft's settings, board diagrams, and reading and writing.

pub mod args;
pub mod diagram;
pub mod game;
pub mod io;
pub mod settings;
