//! Integration tests of dlx-sudoku (one test binary, several modules).

mod common;
mod dlx_cli;
mod dlx_cost_cli;
mod dlx_preprocess_cli;
mod explain;
mod formats;
mod fuzz_regressions;
mod generate;
mod hostile;
mod rate;
mod solver;
mod sudoku_cli;
mod variants;
