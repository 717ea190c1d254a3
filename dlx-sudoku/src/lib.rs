//! Sudoku as exact cover on [`dlx_core`]: boards of side 4 to 25, every judge
//! format, and the library behind the `dlx-sudoku` and `dlx` programs.
//!
//! The programs themselves live in [`programs`], behind the `cli` feature
//! (on by default): a library user who turns default features off builds
//! the Sudoku library on `dlx-core` alone, without clap, indicatif,
//! rustix or tempfile.
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
pub mod format;
pub mod generate;
mod house;
pub mod logic;
pub mod names;
mod plural;
#[cfg(feature = "cli")]
pub mod programs;
pub mod rate;
pub mod rng;
mod singles9;
pub mod solver;
pub mod variant;

pub use board::{Board, BoardError};
pub use solver::{Outcome, Solver, SolverConfig};
