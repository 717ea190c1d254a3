//! Counts exact-cover problems with dlx-core and with the C baseline (DLX1's
//! algorithm in C, `-O2`) in one process and prints a Markdown table:
//! `cargo run --release -p dlx-benches --bin compare-engine -- [PROBLEMS...]`.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use dlx_benches::compare_engine::{any_wrong, run, table, Config, DEFAULT_ROUNDS};
use dlx_benches::xc::ENGINE_PROBLEMS;

/// Compare dlx-core with the C baseline on exact-cover problems.
///
/// Each problem is counted in full by each engine, alternately (C first),
/// for the given number of rounds; the table shows median times. Every count
/// is checked: against COUNTS.txt (solutions, and DLX1's nodes and updates
/// for the C baseline) for named problems, and the two engines against each
/// other. Progress and failures go to stderr, the table to stdout.
#[derive(Parser, Debug)]
#[command(
    name = "compare-engine",
    after_help = "Exit status: 0 every count checked, 1 some count failed a check, \
                  2 bad arguments or unreadable data."
)]
struct Args {
    /// Problems: names of files in dlx-core/tests/data/xc without `.dlx`
    /// (queens12, langford11, ...) or paths to DLX files (containing `/` or
    /// ending in `.dlx`). Default: the engine benchmark's eight problems.
    problems: Vec<String>,
    /// Counts per engine per problem.
    #[arg(long, default_value_t = DEFAULT_ROUNDS)]
    rounds: usize,
}

impl Args {
    fn config(self) -> Result<Config, String> {
        if self.rounds == 0 {
            return Err("--rounds must be at least 1".to_string());
        }
        Ok(Config {
            problems: if self.problems.is_empty() {
                ENGINE_PROBLEMS.iter().map(|s| s.to_string()).collect()
            } else {
                self.problems
            },
            rounds: self.rounds,
        })
    }
}

fn main() -> ExitCode {
    let config = match Args::parse().config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("compare-engine: {e}");
            return ExitCode::from(2);
        }
    };
    let runs = match run(&config, &mut io::stderr()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("compare-engine: {e}");
            return ExitCode::from(2);
        }
    };
    let report = format!(
        "{} rounds per engine, median times; updates are DLX1's; ratio = dlx1-c time / dlx-core time.\n\n{}",
        config.rounds,
        table(&runs)
    );
    // A closed pipe (`| head`) is not an error.
    let _ = io::stdout().lock().write_all(report.as_bytes());
    if any_wrong(&runs) {
        eprintln!("compare-engine: SOME COUNTS FAILED (see the !!! lines above)");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
