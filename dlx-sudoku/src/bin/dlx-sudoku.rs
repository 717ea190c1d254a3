//! `dlx-sudoku`: solve, count and check Sudoku puzzles. See
//! `dlx-sudoku --help` and [`dlx_sudoku::cli`].

use std::io;
use std::process::ExitCode;

use clap::Parser;
use dlx_sudoku::cli::{run, Args};

fn main() -> ExitCode {
    let config = match Args::parse().config() {
        Ok(c) => c,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    run(
        &config,
        io::stdin().lock(),
        io::stdout().lock(),
        io::stderr().lock(),
    )
    .into()
}
