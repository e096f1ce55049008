//! The defects a new user hit in their first hour, one test each, through the binary.
