//! Compares every Sudoku solver on the data sets in one process and prints
//! Markdown tables: `cargo run --release -p dlx-benches --bin compare -- [SETS...]`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use dlx_benches::compare::{
    any_wrong, default_solvers, detail_table, run, summary_table, Config, DEFAULT_SEED,
};
use dlx_benches::puzzle::SET_NAMES;
use dlx_benches::solvers::NAIVE_BUDGET;

/// Compare Sudoku solvers on the shipped data sets.
///
/// Each set is shuffled with a fixed seed; each solver gets the same order
/// and a time cap per set, and stops after the puzzle that crosses it. Every
/// answer is checked by the rules of Sudoku. Progress and failures go to
/// stderr, the tables to stdout.
#[derive(Parser, Debug)]
#[command(
    name = "compare",
    after_help = "Exit status: 0 all answers checked, 1 some answer failed the check \
                  (or a solver claimed no solution), 2 bad arguments or unreadable data."
)]
struct Args {
    /// Data sets: names in benches/data without `.txt` (unbiased_1k, 17clue,
    /// top1465, forum_hardest_1106, forum_hardest_11_train) or paths to
    /// files of 81-character lines. Default: all five.
    sets: Vec<String>,
    /// Solving time per solver per set, in seconds.
    #[arg(long, default_value_t = 10.0)]
    cap_seconds: f64,
    /// Comma-separated solvers to run, in table order (the first of ours is
    /// the one ratios are taken against). Default: all.
    #[arg(long, value_delimiter = ',')]
    solvers: Vec<String>,
    /// Seed of the puzzle-order shuffle.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Node budget per puzzle of the solvers without a branching heuristic
    /// (naive, ours-first); they give up on a puzzle after it.
    #[arg(long, default_value_t = NAIVE_BUDGET)]
    naive_budget: u64,
    /// Runs of each solver on each set. The solvers take turns, a round of
    /// all of them after another, and the tables show each one's median
    /// round (wrong answers of every round included): steadier figures on
    /// a shared machine than one run, where a set takes a fraction of a
    /// second.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
    rounds: u64,
}

impl Args {
    fn config(self) -> Result<Config, String> {
        if !(self.cap_seconds.is_finite() && self.cap_seconds > 0.0) {
            return Err(format!(
                "--cap-seconds must be a positive number, got {}",
                self.cap_seconds
            ));
        }
        Ok(Config {
            sets: if self.sets.is_empty() {
                SET_NAMES.iter().map(|s| s.to_string()).collect()
            } else {
                self.sets
            },
            cap: Duration::from_secs_f64(self.cap_seconds),
            solvers: if self.solvers.is_empty() {
                default_solvers(self.naive_budget)
            } else {
                self.solvers
            },
            seed: self.seed,
            naive_budget: self.naive_budget,
            rounds: self.rounds as usize,
        })
    }
}

fn main() -> ExitCode {
    let config = match Args::parse().config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("compare: {e}");
            return ExitCode::from(2);
        }
    };
    let sets = match run(&config, &mut io::stderr()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("compare: {e}");
            return ExitCode::from(2);
        }
    };
    let failed_claims = sets.iter().flat_map(|s| &s.runs).any(|r| r.no_solution > 0);
    let mut out = io::stdout().lock();
    let report = format!(
        "Seed {:#x}, cap {} s per solver per set{}; puzzles/s counts checked answers only.{}\n\n{}\n{}",
        config.seed,
        config.cap.as_secs_f64(),
        if config.rounds > 1 {
            format!(", median of {} rounds (solvers taking turns)", config.rounds)
        } else {
            String::new()
        },
        if cfg!(feature = "ours") {
            ""
        } else {
            " Built without the `ours` feature: no ratios."
        },
        summary_table(&sets),
        detail_table(&sets)
    );
    // A closed pipe (`| head`) is not an error.
    let _ = out.write_all(report.as_bytes());
    if any_wrong(&sets) || failed_claims {
        eprintln!("compare: SOME ANSWERS FAILED (see the !!! lines above)");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
