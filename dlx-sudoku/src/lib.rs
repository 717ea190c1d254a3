//! Sudoku as exact cover (work in progress).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
