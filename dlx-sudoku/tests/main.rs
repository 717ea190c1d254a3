//! Integration tests of dlx-sudoku (one test binary, several modules).

mod common;
mod dlx_program;
mod explain;
mod formats;
mod fuzz_regressions;
mod generate;
mod hostile;
mod hostile2;
mod jobs_at_the_limits;
mod limits;
mod newcomer;
mod rate;
mod readme;
mod solver;
mod sudoku_cli;
mod variants;
