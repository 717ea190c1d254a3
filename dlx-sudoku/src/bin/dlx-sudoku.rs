//! `dlx-sudoku`: solve, count and check Sudoku puzzles. See
//! `dlx-sudoku --help` and [`dlx_sudoku::programs::dlx_sudoku`].

use std::io::{self, BufReader};
use std::process::ExitCode;

use dlx_sudoku::programs::dlx_sudoku::{run, stdout_lost, Args, STDOUT_LOST};

fn main() -> ExitCode {
    let config = match Args::parse_command_line(std::env::args_os().collect()).config() {
        Ok(c) => c,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if stdout_lost() {
        eprintln!("dlx-sudoku: {STDOUT_LOST}");
        return ExitCode::from(2);
    }
    // Standard input is read on whichever thread is free while the others
    // solve, so it is taken unlocked (`Stdin` can move between threads).
    let stdin = BufReader::with_capacity(64 * 1024, io::stdin());
    // Standard error is shared with the threads that report on long
    // counts, so it is taken unlocked too.
    run(&config, stdin, io::stdout().lock(), io::stderr()).into()
}
