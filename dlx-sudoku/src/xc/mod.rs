//! The `dlx` program: solves exact-cover problems written in Knuth's DLX text
//! format (see [`dlx_core::text`]).
//!
//! The binary is a thin shell: [`Args`] (command-line flags, parsed by clap)
//! become a [`Config`], and [`run`] does the work on the streams it is given,
//! so tests drive it without spawning a process.
//!
//! One module per job: `args` (the command line) and `help` (the text
//! after its options), `read` (reading the problem, and `--preprocess`),
//! `count` (counting or listing solutions on one thread, with the limits),
//! `parts` (counting on threads, `--split-depth`, `--part`, `--list-parts`),
//! `cost` (`--min-cost`), `print` (what goes to the output streams) and
//! `progress` (the bar on a terminal).
//!
//! It lives in `dlx-sudoku`, not in `dlx-core`, so that the engine keeps no
//! command-line dependencies and both programs keep one set of conventions
//! (clap, exit statuses, threads, output errors, progress).
//!
//! # Example
//!
//! ```
//! use dlx_sudoku::xc::{run, Config, Exit, Input};
//!
//! // TAOCP 7.2.2.1 (5): a single exact cover, read from "standard input".
//! let input = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
//! let config = Config { input: Input::Stdin, print: true, ..Config::default() };
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let exit = run(&config, input.as_bytes(), &mut out, &mut err);
//! assert_eq!(exit, Exit::Success);
//! assert_eq!(String::from_utf8(out)?, "a d f\nb g\nc e\n");
//! assert!(err.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod args;
mod cost;
mod count;
mod help;
mod parts;
mod print;
mod progress;
mod read;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use dlx_core::{Branching, Outcome};

/// Where the problem is read from: standard input (the `stdin` given to
/// [`run`], `<stdin>` in messages) or a file. The same type as the Sudoku
/// program's.
pub use crate::cli_common::Input;
/// Was standard output closed at the start (see `dlx --help`, status 2)?
pub use crate::cli_common::{stdout_lost, MAX_THREADS, STDOUT_LOST};
pub use args::Args;

/// What one run of `dlx` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The problem's source.
    pub input: Input,
    /// Print the solutions instead of their number.
    pub print: bool,
    /// Stop after this many solutions (`Some(0)` finds none).
    pub limit: Option<u64>,
    /// Stop the search after this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop the search after this long (reading the input not counted).
    pub time_limit: Option<Duration>,
    /// Randomise the search with this seed (see `Solver::set_seed`).
    pub seed: Option<u64>,
    /// The branching rule.
    pub rule: Branching,
    /// Print the search statistics on standard error.
    pub stats: bool,
    /// Search for the `k` least costs instead of counting (`--min-cost`,
    /// `--best K`; `Some(0)` is an error).
    pub min_cost: Option<usize>,
    /// With `min_cost`: add the disjoint-items lower bound
    /// ([`dlx_core::CostSearch::disjoint_bound`]).
    pub disjoint_bound: bool,
    /// Threads for counting (0: one per core; 1: the sequential search; at
    /// most [`MAX_THREADS`], more are taken as that).
    pub threads: usize,
    /// Count parts of the search tree instead of the whole.
    pub split: Option<Split>,
    /// Show a progress bar on the terminal (set when stderr is one).
    pub progress: bool,
    /// Search the problem reduced by [`dlx_core::Problem::reduce`].
    pub preprocess: bool,
}

/// Cutting the search tree into parts (see [`dlx_core::Problem::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The depth of the cut.
    pub depth: usize,
    /// What to do with the parts.
    pub mode: SplitMode,
}

/// What to do with the parts of a [`Split`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitMode {
    /// Print how many parts there are and what they are.
    List,
    /// Count the parts `k` with `k % count == index`.
    Part {
        /// This worker, `0..count`.
        index: usize,
        /// The number of workers.
        count: usize,
    },
}

/// How a run ended; [`Exit::code`] is the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The search finished or reached the solution limit, or standard output
    /// was closed by its reader (status 0).
    Success,
    /// The node limit stopped the search (status 1).
    NodeLimit,
    /// The time limit stopped the search (status 1).
    TimeLimit,
    /// The input is malformed (status 1).
    BadInput,
    /// The input could not be opened or read, or the output could not be
    /// written (status 2).
    Failure,
}

impl Exit {
    /// The process exit status: 0, 1 or 2 (clap's usage errors are 2 too).
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::NodeLimit | Exit::TimeLimit | Exit::BadInput => 1,
            Exit::Failure => 2,
        }
    }

    /// The status of a search that ended with `outcome`.
    fn of(outcome: Outcome) -> Exit {
        match outcome {
            Outcome::NodeLimit => Exit::NodeLimit,
            Outcome::Deadline | Outcome::Cancelled => Exit::TimeLimit,
            Outcome::Complete | Outcome::SolutionLimit => Exit::Success,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            input: Input::Stdin,
            print: false,
            limit: None,
            max_nodes: None,
            time_limit: None,
            seed: None,
            rule: Branching::MinLength,
            stats: false,
            min_cost: None,
            disjoint_bound: false,
            threads: 1,
            split: None,
            progress: false,
            preprocess: false,
        }
    }
}

/// Runs `dlx` with `config`: reads the problem (from `stdin` when the input
/// is [`Input::Stdin`]), searches it, and writes results to `stdout` and
/// messages to `stderr`, as `dlx --help` describes.
///
/// `stdout` is buffered here; `stderr` is written as it is. Failing to write
/// a message to `stderr` is ignored (there is nowhere else to say so).
pub fn run<R, W, E>(config: &Config, stdin: R, stdout: W, mut stderr: E) -> Exit
where
    R: BufRead,
    W: Write,
    E: Write,
{
    let (mut file, lines) = match read::problem(config, stdin, &mut stderr) {
        Ok(read) => read,
        Err(exit) => return exit,
    };
    match config.min_cost {
        Some(k) => cost::min_cost(config, k, &file, lines.as_deref(), stdout, stderr),
        None => count::count(config, &mut file, lines.as_deref(), stdout, stderr),
    }
}
