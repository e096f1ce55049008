//! What several commands share: argument groups and parsers, positions and moves,
//! perft's settings, board diagrams, reading lines with a bound, and writing.

pub mod args;
pub mod diagram;
pub mod game;
pub mod io;
pub mod lines;
pub mod settings;
