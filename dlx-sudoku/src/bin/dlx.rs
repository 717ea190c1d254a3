//! `dlx`: count or print the exact covers of a problem in Knuth's DLX text
//! format. All the logic is in [`dlx_sudoku::programs::dlx`]; `dlx --help` tells
//! the rest.

use std::io;
use std::process::ExitCode;

use dlx_sudoku::programs::dlx::{parse_args, run, stdout_lost, STDOUT_LOST};

fn main() -> ExitCode {
    let config = parse_args().config();
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
