//! What several commands share: argument groups and parsers, positions and moves,
//! perft's settings and its count in parts (which can stop), board diagrams, reading
//! lines with a bound, and writing.

pub mod args;
pub mod diagram;
pub mod game;
pub mod io;
pub mod lines;
pub mod parts;
pub mod settings;
