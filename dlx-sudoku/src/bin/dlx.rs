//! `dlx`: count or print the exact covers of a problem in Knuth's DLX text
//! format. All the logic is in [`dlx_sudoku::xc`]; `dlx --help` tells
//! the rest.

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use dlx_sudoku::cli::short_help;
use dlx_sudoku::xc::{run, stdout_lost, Args, STDOUT_LOST};

fn main() -> ExitCode {
    // A `-h` that fits a screen; `--help` has every text in full.
    let matches = short_help(Args::command()).get_matches();
    let config = Args::from_arg_matches(&matches)
        .unwrap_or_else(|e| e.exit())
        .config();
    if stdout_lost() {
        eprintln!("dlx: {STDOUT_LOST}");
        return ExitCode::from(2);
    }
    run(
        &config,
        io::stdin().lock(),
        io::stdout().lock(),
        io::stderr(),
    )
    .into()
}
