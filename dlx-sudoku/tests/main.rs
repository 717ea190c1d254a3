//! Integration tests of dlx-sudoku (one test binary, several modules).

mod dlx_cli;
mod formats;
mod common;
mod solver;
