//! Sudoku as exact cover on [`dlx_core`]: boards of side 4 to 25, every judge
//! format, and the library behind the `dlx-sudoku` and `dlx` programs.
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
pub mod cli;
mod cli_common;
pub mod format;
pub mod generate;
mod house;
pub mod logic;
mod plural;
pub mod rate;
pub mod rng;
mod singles9;
pub mod solver;
pub mod variant;
pub mod xc;

pub use board::{Board, BoardError};
pub use solver::{Outcome, Solver, SolverConfig};
