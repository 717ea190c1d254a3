//! The `dlx-sudoku` program: puzzles in, solutions out; puzzles made and
//! rated.
//!
//! The binary is a thin shell: [`Args`] (parsed by clap) become a validated
//! [`Config`], and [`run`] does the work on the streams it is given, so tests
//! drive it without spawning a process.
//!
//! One module per part: `args` (the command line and its validation),
//! `help` (the text after the options), `batch` (reading, solving on the
//! threads and writing in order, for every subcommand that reads puzzles),
//! `solve` (what solve, count, check, explain and hint do with one puzzle),
//! `rate` (the same for rate), `slot` (one puzzle's place in the pipeline
//! and its result, which those three share) and `generate`.
//!
//! # Example
//!
//! ```
//! use dlx_sudoku::programs::dlx_sudoku::{run, Command, Config, Exit};
//!
//! let input = "\
//! .2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
//! end
//! ";
//! let config = Config::default(); // solve, formats detected, stdin
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let exit = run(&config, input.as_bytes(), &mut out, &mut err);
//! assert_eq!(exit, Exit::Success);
//! assert_eq!(
//!     String::from_utf8(out)?,
//!     "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod args;
mod batch;
mod generate;
mod help;
mod rate;
mod slot;
mod solve;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// A `-h` that fits a screen (both programs' parsers use it).
pub use crate::programs::common::short_help;
pub use crate::programs::common::Input;
/// Was standard output closed at the start (see `dlx-sudoku --help`,
/// status 2)?
pub use crate::programs::common::{stdout_lost, MAX_THREADS, STDOUT_LOST};
pub use args::Args;

use dlx_core::Branching;

use crate::format::Format;
use crate::variant::Variant;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Command {
    /// Print the first solution.
    #[default]
    Solve,
    /// Print the number of solutions, up to `limit`.
    Count {
        /// Stop counting at this many solutions.
        limit: Option<u64>,
    },
    /// Print whether the puzzle is valid and uniquely solvable.
    Check,
    /// Print each puzzle's difficulty level and score.
    Rate {
        /// Random relabellings per puzzle.
        samples: usize,
        /// Seed of the relabellings.
        seed: u64,
        /// Print a summary on stderr at the end.
        summary: bool,
    },
    /// Print the logical steps that solve each puzzle, one per line (see
    /// [`crate::logic`]), then whether logic solved it.
    Explain,
    /// Print the next logical step of each puzzle.
    Hint,
    /// Generate puzzles (no input is read).
    Generate(GenerateConfig),
}

/// What `generate` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// Number of puzzles.
    pub count: u64,
    /// Seed of the run; `None` takes one from the clock.
    pub seed: Option<u64>,
    /// Size, symmetry and goals of each puzzle.
    pub options: crate::generate::Options,
}

/// What one run of `dlx-sudoku` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Solve, count, check, rate or generate.
    pub command: Command,
    /// The inputs, read one after another.
    pub inputs: Vec<Input>,
    /// The input format; `None` detects it for each input.
    pub format: Option<Format>,
    /// The output format of `solve` (`None`: each input's format) and of
    /// `generate` (`None`: line).
    pub output: Option<Format>,
    /// Node limit for each puzzle's search.
    pub max_nodes: Option<u64>,
    /// The item-choice rule of the searches (`--rule`; the solver's
    /// default, [`Branching::ShortFirstDegree`]).
    pub rule: Branching,
    /// Time limit for each puzzle's work (all its searches together); for
    /// `generate`, for the whole run.
    pub time_limit: Option<std::time::Duration>,
    /// Write statistics to stderr.
    pub stats: bool,
    /// Worker threads (0: one per core; at most [`MAX_THREADS`], more are taken as that).
    pub threads: usize,
    /// The houses puzzles are played under.
    pub variant: Variant,
    /// Show a progress line on the terminal (set when stderr is one).
    pub progress: bool,
    /// A person types the puzzles on standard input (set when it is a
    /// terminal): answer each at once, on one thread.
    pub interactive: bool,
    /// Prefix each output line with `SOURCE:LINE: `, the input and line of
    /// the puzzle it answers (like `grep -H -n`).
    pub with_filename: bool,
    /// `solve`: a puzzle with several solutions prints `multiple
    /// solutions` in its place (and fails) instead of its first solution.
    pub unique: bool,
    /// `explain`: the board with its pencil marks before each step.
    pub candidates: bool,
    /// `count`: while one puzzle's count runs, a line on stderr this often
    /// (solutions and nodes so far); `check`, `explain`, `hint`: likewise
    /// while uniqueness is decided; `rate`: while a puzzle is rated (the
    /// search under way); `generate`: the puzzles made so far, this often;
    /// `None`: never.
    pub count_progress: Option<Duration>,
}

/// How often a long count reports on stderr by default.
pub const COUNT_PROGRESS: Duration = Duration::from_secs(5);

impl Default for Config {
    fn default() -> Self {
        Config {
            command: Command::Solve,
            inputs: vec![Input::Stdin],
            format: None,
            output: None,
            max_nodes: None,
            rule: Branching::ShortFirstDegree,
            time_limit: None,
            stats: false,
            threads: 0,
            variant: Variant::classic(),
            progress: false,
            interactive: false,
            with_filename: false,
            unique: false,
            candidates: false,
            count_progress: Some(COUNT_PROGRESS),
        }
    }
}

/// How a run ended; [`Exit::code`] is the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Every puzzle got its answer (status 0); see `dlx-sudoku --help`
    /// for the rule.
    Success,
    /// Some puzzle was malformed, had no solution, hit the node limit, has
    /// several solutions where the subcommand needs one (check, rate,
    /// explain, hint, solve --unique), or (generate) missed a goal
    /// (status 1).
    PuzzleFailed,
    /// An input could not be read, the output could not be written, or
    /// (generate) the variant admits no grid (status 2).
    Failure,
}

impl Exit {
    /// The process exit status: 0, 1 or 2 (clap's usage errors are 2 too).
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::PuzzleFailed => 1,
            Exit::Failure => 2,
        }
    }

    /// The worse of two outcomes.
    pub(crate) fn max(self, other: Exit) -> Exit {
        if other.code() > self.code() {
            other
        } else {
            self
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

/// Runs `dlx-sudoku` with `config`, reading [`Input::Stdin`] from `stdin`,
/// writing results to `stdout` and messages to `stderr`, as
/// `dlx-sudoku --help` describes. `stderr` is shared with the threads that
/// report on long counts, hence `Send`.
pub fn run<R, W, E>(config: &Config, stdin: R, stdout: W, stderr: E) -> Exit
where
    R: BufRead + Send,
    W: Write,
    E: Write + Send,
{
    match &config.command {
        Command::Generate(g) => generate::run(config, g, stdout, stderr),
        _ => batch::run(config, stdin, stdout, stderr),
    }
}
