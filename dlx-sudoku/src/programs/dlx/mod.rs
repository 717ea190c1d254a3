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
//! use dlx_sudoku::programs::dlx::{run, Config, Exit, Input};
//!
//! // TAOCP 7.2.2.1 (5): a single exact cover, read from "standard input".
//! let input = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
//! let config = Config { print: true, ..Config::default() }; // stdin
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
mod memo;
mod parts;
mod print;
mod progress;
mod read;
mod usage;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use dlx_core::{Branching, Outcome};

/// Where the problem is read from: standard input (the `stdin` given to
/// [`run`], `<stdin>` in messages) or a file. The same type as the Sudoku
/// program's.
pub use crate::programs::common::Input;
/// Was standard output closed at the start (see `dlx --help`, status 2)?
pub use crate::programs::common::{stdout_lost, MAX_THREADS, STDOUT_LOST};
pub use args::Args;
pub use usage::{explain, for_people, parse_args};

/// What one run of `dlx` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The problems' sources, answered one after another.
    pub inputs: Vec<Input>,
    /// Print the solutions instead of their number.
    pub print: bool,
    /// Prefix each option line that `print` writes with its line number in
    /// the input, `LINE: ` (`-n`, as in grep).
    pub line_numbers: bool,
    /// Prefix every output line with `SOURCE:LINE: `, the input and the
    /// line it concerns (`-H`, as in `dlx-sudoku` and grep): an option's
    /// own line, or the item line for a line about the whole problem (a
    /// count, a cost). Messages on stderr then name their input too.
    pub with_filename: bool,
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
    /// ([`dlx_core::cost::CostSearch::disjoint_bound`]).
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
    /// Count by the memoised search instead (`--memo`).
    pub memo: Option<Memo>,
}

/// `--memo` and what goes with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memo {
    /// The item choice (`--rule`), if given: DLX1's otherwise.
    pub rule: Option<Branching>,
    /// Print this many solutions drawn uniformly (`--sample N`).
    pub sample: Option<u64>,
    /// The seed of the draws (`--seed`, default 0).
    pub seed: u64,
    /// Write the diagram here (`--zdd FILE`).
    pub zdd: Option<PathBuf>,
    /// The memory the memo and the diagram may take, in bytes
    /// (`--memo-memory MIB`).
    pub memory: usize,
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

/// How a run ended; [`Exit::code`] is the process exit status. With
/// several inputs, the run ends with the worst of theirs (see
/// [`Exit::max`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Every input got its answer: the search finished or reached the
    /// solution limit; or standard output was closed by its reader
    /// (status 0).
    Success,
    /// The node limit stopped a search (status 1).
    NodeLimit,
    /// The time limit stopped a search (status 1).
    TimeLimit,
    /// A solution was asked for (`--print`, `--min-cost`) and the problem
    /// has none (status 1). A count of 0 is an answer (status 0).
    NoSolution,
    /// An input is malformed, or `--min-cost` cannot take it (status 2).
    BadInput,
    /// An input could not be opened or read, or the output could not be
    /// written (status 2).
    Failure,
}

impl Exit {
    /// The process exit status: 0, 1 or 2 (clap's usage errors are 2 too).
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::NodeLimit | Exit::TimeLimit | Exit::NoSolution => 1,
            Exit::BadInput | Exit::Failure => 2,
        }
    }

    /// The worse of two outcomes: the one of the higher status, the first
    /// one when the statuses are equal.
    ///
    /// ```
    /// use dlx_sudoku::programs::dlx::Exit;
    ///
    /// assert_eq!(Exit::Success.max(Exit::TimeLimit), Exit::TimeLimit);
    /// assert_eq!(Exit::BadInput.max(Exit::NodeLimit), Exit::BadInput);
    /// ```
    pub fn max(self, other: Exit) -> Exit {
        if other.code() > self.code() {
            other
        } else {
            self
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
            inputs: vec![Input::Stdin],
            print: false,
            line_numbers: false,
            with_filename: false,
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
            memo: None,
        }
    }
}

/// Runs `dlx` with `config`: reads each problem in turn (from `stdin` for
/// [`Input::Stdin`]), searches it, and writes results to `stdout` and
/// messages to `stderr`, as `dlx --help` describes. An input that cannot
/// be read or is malformed is reported and the next one is answered; the
/// run ends with the worst [`Exit`] of its inputs. A failed write to
/// `stdout` ends the run at once.
///
/// `stdout` is buffered here; `stderr` is written as it is. Failing to write
/// a message to `stderr` is ignored (there is nowhere else to say so).
pub fn run<R, W, E>(config: &Config, mut stdin: R, mut stdout: W, mut stderr: E) -> Exit
where
    R: BufRead,
    W: Write,
    E: Write,
{
    // The diagram's file is checked before any input is read.
    let target = match memo::ZddTarget::prepare(config, &mut stderr) {
        Ok(target) => target,
        Err(exit) => return exit,
    };
    let mut worst = Exit::Success;
    for input in &config.inputs {
        match one(
            config,
            input,
            target.as_ref(),
            &mut stdin,
            &mut stdout,
            &mut stderr,
        ) {
            Ok(exit) => worst = worst.max(exit),
            // The output is gone (a closed pipe, or a failed write): nothing
            // more can be said.
            Err(exit) => return worst.max(exit),
        }
    }
    worst
}

/// Answers one input: its status, or (`Err`) the status to end the whole
/// run with because the output could not be written.
fn one<R, W, E>(
    config: &Config,
    input: &Input,
    target: Option<&memo::ZddTarget>,
    stdin: R,
    stdout: W,
    mut stderr: E,
) -> Result<Exit, Exit>
where
    R: BufRead,
    W: Write,
    E: Write,
{
    let mut read = match read::problem(config, input, stdin, &mut stderr) {
        Ok(read) => read,
        Err(exit) => return Ok(exit),
    };
    let labels = print::Labels::new(config, input, &read.file);
    if let Some(memo) = &config.memo {
        return memo::count(config, memo, target, &labels, &mut read, stdout, stderr);
    }
    let read::Read {
        mut file, lines, ..
    } = read;
    match config.min_cost {
        Some(k) => cost::min_cost(config, &labels, k, &file, lines.as_deref(), stdout, stderr),
        None => count::count(config, &labels, &mut file, lines.as_deref(), stdout, stderr),
    }
}
