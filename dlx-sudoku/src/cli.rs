//! The `dlx-sudoku` program: puzzles in, solutions out; puzzles made and
//! rated.
//!
//! The binary is a thin shell: [`Args`] (parsed by clap) become a validated
//! [`Config`], and [`run`] does the work on the streams it is given, so tests
//! drive it without spawning a process.
//!
//! # Example
//!
//! ```
//! use dlx_sudoku::cli::{run, Command, Config, Exit};
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

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use dlx_core::Stats;

use crate::format::{Format, ParseErrorKind, Puzzle, ReadError, Reader, Writer};
use crate::generate::{self, Generated, Generator, Rng, Symmetry};
use crate::rate::{self, Level, Rater, Rating, Unrated};
use crate::solver::{Conflict, Outcome, Solver};
use crate::variant::{Regions, Variant};
use crate::Board;

/// Text shown after the options in `dlx-sudoku --help`.
const AFTER_HELP: &str = "\
Formats (detected from the input unless --format names one):
  line      one puzzle per line: 81 (16, 256, 625) characters, '.' or '0'
            blank; a line 'end' stops the input and later lines are ignored
            (POJ 3074); lines starting with '#' are comments
  grid      n lines of n characters per puzzle, blank line between puzzles
  poj2676   a case count, then 9 lines of 9 digits per case, '0' blank
  hdu1426   9 lines of 9 space-separated cells, '?' blank, blank line between
  spaced    9 lines of 9 space-separated digits, '0' blank
  poj3076   16 lines of 16 letters A-P, '-' blank, blank line between
  leetcode  the JSON board [[\"5\",\"3\",\".\",...],...]
  pretty    a boxed grid for people (output only)
  Values above 9 (16x16, 25x25 boards in line/grid format) are A=10 ... P=25.
  CRLF line ends, tabs, trailing blanks, a UTF-8 byte-order mark and a missing
  final newline are accepted.

Output:
  One record per input puzzle, in input order, in the output format (the
  input's unless --output names another). A puzzle with no solution prints
  'no solution' in its place; a malformed puzzle prints 'invalid puzzle' in
  its place and 'SOURCE:LINE[:COL]: what is wrong (what was expected)' on
  stderr; a puzzle stopped by --max-nodes prints 'search limit reached'.
  Every other puzzle is still solved and printed.
  count: one line per puzzle, the number of solutions ('N+' when --limit
  stopped the count). check: one line per puzzle, 'unique', 'no solution',
  'multiple solutions' or why the puzzle is not valid (clashing clues name
  their row, column or box).
  rate: one line per puzzle, its level and score ('hard 9258.5'), or why it
  cannot be rated ('no solution', 'multiple solutions', 'invalid puzzle',
  'search limit reached').
  --stats writes per-puzzle and total search statistics to stderr. When
  stderr is a terminal and the puzzles come from a file or a pipe, a line
  on stderr shows the puzzles done and the rate; it is silent otherwise.

Variants (solve, count, check, rate and generate):
  --variant x     X-Sudoku: both main diagonals hold every value once too
  --regions FILE  jigsaw: the regions of FILE replace the boxes. FILE is a
                  grid of side rows of side labels, one character per cell
                  (any non-blank character; blanks between labels, blank
                  lines and '#' comment lines are ignored); it must make
                  side regions of side cells each, side 4, 9, 16 or 25.
                  Regions need not be contiguous. A bad file is a usage
                  error naming its line and column. Puzzles of another size
                  than the regions are 'invalid puzzle'.
  Both together make a jigsaw X-Sudoku. The singles pass works on the
  variant's houses. 'pretty' output draws the standard boxes, not regions.

Generate (dlx-sudoku generate [OPTIONS]):
  Writes --count puzzles (default 1), each with exactly one solution, in the
  --output format (default line). A random full grid (random clues completed
  by the solver, then shuffled) loses clues in random order while the puzzle
  stays unique (a count with limit 2 decides). --seed S repeats a run
  exactly (default: from the clock; --stats prints it). --size 4|9|16|25
  (default 9, or the regions' side; 25 takes tens of seconds per puzzle).
  --symmetry none|rotational|mirror: the clue pattern is symmetric under a
  half turn or a left-right mirror. Without --clues the removal runs to the
  end: every clue (every symmetric pair) is then needed. --minimal checks
  that no single clue can go, retrying new grids when one can (with
  symmetry, most first tries can lose a lone clue). --clues K stops at K
  clues; when no puzzle with K clues (minimal, with --minimal) turns up in
  --attempts grids (default 1000 for 4x4 and 9x9, 20 for 16x16, 3 for
  25x25), the closest puzzle is printed anyway and stderr says so.
  Output in poj2676 starts with the case count, like the judge's input.

Rate (dlx-sudoku rate [OPTIONS] [FILE]...):
  The score is the mean work the engine needs to solve a puzzle and prove
  it unique, in dancing-links updates with the singles pass off, over
  --samples random relabellings (default 8: rows, columns, bands, stacks,
  transposition and values permuted, which only changes how the search
  breaks ties), drawn from --seed (default 0; a puzzle's score depends only
  on it and the puzzle). Levels: easy (up to 1500), medium (up to 5000),
  hard (up to 25000), fiendish (up to 100000), extreme (above).
  --summary writes the number of puzzles rated, the mean score and the
  level counts to stderr.

Exit status:
  0  every puzzle was solved (solve), counted (count), is valid and has a
     unique solution (check), was rated (rate) or was generated as asked
     (generate); or the output pipe was closed
  1  some puzzle had no solution, was malformed, hit --max-nodes, or (check,
     rate) is not uniquely solvable; (generate) some puzzle missed --clues or
     --minimal and the closest one was printed
  2  usage error (a bad regions file included), or an input could not be
     read, or the output could not be written, or (generate) the variant
     admits no grid at all";

/// Command-line arguments of `dlx-sudoku`, as clap parses them;
/// [`Args::config`] validates them into a [`Config`].
#[derive(Clone, Debug, Parser)]
#[command(
    name = "dlx-sudoku",
    version,
    about = "Solve, count, check, rate and generate Sudoku puzzles with Dancing Links",
    long_about = "Solve, count, check, rate and generate Sudoku puzzles (4x4 to 25x25; \
                  classic, X-Sudoku and jigsaw) with Dancing Links. \
                  Reads the files given, or standard input, in any of the judge formats \
                  (POJ 3074, POJ 2676, HDU 1426, POJ 3076, LeetCode 37, plain grids) and \
                  writes one result per puzzle in the same format.",
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Sub>,

    #[command(flatten)]
    solve: SolveArgs,
}

/// The subcommands; `solve` is the default.
#[derive(Clone, Debug, Subcommand)]
enum Sub {
    /// Solve each puzzle (the default when no subcommand is given).
    Solve(SolveArgs),
    /// Print the number of solutions of each puzzle.
    Count {
        /// Stop counting at N solutions; the line then reads 'N+'.
        #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Say for each puzzle whether it is well formed, consistent and
    /// uniquely solvable, and why not.
    Check {
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Rate each puzzle's difficulty from the search: a level and the score
    /// (mean dancing-links updates over random relabellings).
    Rate {
        /// Relabellings per puzzle.
        #[arg(long, value_name = "N", default_value_t = rate::DEFAULT_SAMPLES,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
        samples: usize,
        /// Seed of the relabellings.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Puzzles rated, mean score and level counts on stderr at the end.
        #[arg(long)]
        summary: bool,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Generate puzzles with exactly one solution.
    Generate(GenerateArgs),
}

/// Arguments of `generate`.
#[derive(Clone, Debug, clap::Args)]
struct GenerateArgs {
    /// Number of puzzles.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1)]
    count: u64,
    /// Seed: the same seed (and options) gives the same puzzles (default:
    /// from the clock).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Board side: 4, 9, 16 or 25 (default 9, or the regions' side).
    #[arg(long, value_name = "SIDE", value_parser = ["4", "9", "16", "25"])]
    size: Option<String>,
    /// Every clue is needed: removing any one loses uniqueness.
    #[arg(long)]
    minimal: bool,
    /// Symmetry of the clue pattern.
    #[arg(long, value_name = "SYMMETRY", default_value = "none")]
    symmetry: Symmetry,
    /// Target number of clues.
    #[arg(long, value_name = "K")]
    clues: Option<usize>,
    /// Grids to try per puzzle when a goal (--clues, --minimal) is missed
    /// (default: 1000 for 4x4 and 9x9, 20 for 16x16, 3 for 25x25).
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    attempts: Option<usize>,
    /// Output format (default: line).
    #[arg(short, long, value_name = "FORMAT")]
    output: Option<Format>,
    #[command(flatten)]
    variant: VariantArgs,
    /// Seed and per-puzzle statistics (clues, grids tried, time) on stderr.
    #[arg(short, long)]
    stats: bool,
    /// Generate on N threads (0, the default: one per core). The puzzles do
    /// not depend on it.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    threads: usize,
}

/// The variant options.
#[derive(Clone, Debug, clap::Args)]
struct VariantArgs {
    /// Sudoku variant: classic, or x (both main diagonals are houses too).
    #[arg(long, value_name = "VARIANT", default_value = "classic")]
    variant: VariantKind,
    /// Jigsaw: read regions replacing the boxes from FILE (a grid of region
    /// labels; `dlx-sudoku --help` describes it).
    #[arg(long, value_name = "FILE")]
    regions: Option<PathBuf>,
}

/// The values of `--variant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum VariantKind {
    /// Rows, columns and boxes (or regions).
    Classic,
    /// The main diagonals too.
    X,
}

impl VariantArgs {
    /// The variant asked for, with its regions file read.
    fn variant(&self) -> Result<Variant, String> {
        let variant = match &self.regions {
            None => Variant::classic(),
            Some(path) => {
                let text = std::fs::read(path).map_err(|e| {
                    format!(
                        "dlx-sudoku: cannot read the regions file {}: {e}",
                        path.display()
                    )
                })?;
                let regions = Regions::parse(&text)
                    .map_err(|e| format!("dlx-sudoku: {}:{e}", path.display()))?;
                Variant::jigsaw(regions)
            }
        };
        Ok(variant.with_diagonals(self.variant == VariantKind::X))
    }
}

/// Arguments of `solve`.
#[derive(Clone, Debug, clap::Args)]
struct SolveArgs {
    /// Output format (default: the input's format).
    #[arg(short, long, value_name = "FORMAT")]
    output: Option<Format>,
    #[command(flatten)]
    common: CommonArgs,
}

/// Arguments every subcommand takes.
#[derive(Clone, Debug, clap::Args)]
struct CommonArgs {
    /// Puzzle files; '-' or nothing reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Input format (default: detected from the start of each input).
    #[arg(short, long, value_name = "FORMAT")]
    format: Option<Format>,
    /// Stop each puzzle's search after N search nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Per-puzzle and total statistics (nodes, updates, time) on stderr.
    #[arg(short, long)]
    stats: bool,
    /// Solve on N threads (0, the default: one per core). Output stays in
    /// input order.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    variant: VariantArgs,
}

impl Args {
    /// The validated configuration these arguments ask for.
    ///
    /// # Errors
    /// A message when the arguments are inconsistent (an output-only format
    /// given as the input format, a size that the regions contradict) or a
    /// regions file cannot be read or is malformed.
    pub fn config(self) -> Result<Config, String> {
        let (command, common, output) = match self.command {
            None => (Command::Solve, self.solve.common, self.solve.output),
            Some(Sub::Solve(s)) => (Command::Solve, s.common, s.output),
            Some(Sub::Count { limit, common }) => (Command::Count { limit }, common, None),
            Some(Sub::Check { common }) => (Command::Check, common, None),
            Some(Sub::Rate {
                samples,
                seed,
                summary,
                common,
            }) => (
                Command::Rate {
                    samples,
                    seed,
                    summary,
                },
                common,
                None,
            ),
            Some(Sub::Generate(g)) => return g.config(),
        };
        let variant = common.variant.variant()?;
        if let Some(f) = common.format.filter(|f| !f.can_read()) {
            return Err(format!("dlx-sudoku: '{f}' is an output format only"));
        }
        let inputs = if common.files.is_empty() {
            vec![Input::Stdin]
        } else {
            common
                .files
                .into_iter()
                .map(|p| {
                    if p == Path::new("-") {
                        Input::Stdin
                    } else {
                        Input::File(p)
                    }
                })
                .collect()
        };
        Ok(Config {
            command,
            inputs,
            format: common.format,
            output,
            max_nodes: common.max_nodes,
            stats: common.stats,
            threads: common.threads,
            variant,
            progress: io::stderr().is_terminal(),
            interactive: io::stdin().is_terminal(),
        })
    }
}

impl GenerateArgs {
    /// The validated configuration of `generate`.
    fn config(self) -> Result<Config, String> {
        let variant = self.variant.variant()?;
        let side = match (
            self.size.as_deref().map(str::parse::<usize>),
            variant.side(),
        ) {
            (Some(Ok(s)), Some(r)) if s != r => {
                return Err(format!(
                    "dlx-sudoku: --size {s} contradicts the {r}x{r} regions"
                ))
            }
            (Some(Ok(s)), _) => s,
            (Some(Err(_)), _) => unreachable!("clap checks the size"),
            (None, Some(r)) => r,
            (None, None) => 9,
        };
        let order = (2..=5).find(|n| n * n == side).unwrap_or(3);
        if let Some(k) = self.clues.filter(|&k| k > side * side) {
            return Err(format!(
                "dlx-sudoku: --clues {k} is more than the {} cells of a {side}x{side} board",
                side * side
            ));
        }
        let attempts = self.attempts.unwrap_or(match order {
            2 | 3 => 1000,
            4 => 20,
            _ => 3,
        });
        Ok(Config {
            command: Command::Generate(GenerateConfig {
                count: self.count,
                seed: self.seed,
                options: generate::Options {
                    order,
                    symmetry: self.symmetry,
                    minimal: self.minimal,
                    clues: self.clues,
                    attempts,
                },
            }),
            inputs: Vec::new(),
            format: None,
            output: self.output,
            max_nodes: None,
            stats: self.stats,
            threads: self.threads,
            variant,
            progress: false,
            interactive: false,
        })
    }
}

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
    pub options: generate::Options,
}

/// Where input comes from (both programs use this type).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Input {
    /// Standard input (the `stdin` given to `run`), `<stdin>` in messages.
    #[default]
    Stdin,
    /// A file, named by its path in messages.
    File(PathBuf),
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("<stdin>"),
            Input::File(p) => p.display().fmt(f),
        }
    }
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
    /// Write statistics to stderr.
    pub stats: bool,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The houses puzzles are played under.
    pub variant: Variant,
    /// Show a progress line on the terminal (set when stderr is one).
    pub progress: bool,
    /// A person types the puzzles on standard input (set when it is a
    /// terminal): answer each at once, on one thread.
    pub interactive: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            command: Command::Solve,
            inputs: vec![Input::Stdin],
            format: None,
            output: None,
            max_nodes: None,
            stats: false,
            threads: 0,
            variant: Variant::classic(),
            progress: false,
            interactive: false,
        }
    }
}

/// How a run ended; [`Exit::code`] is the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Every puzzle was solved, counted, found valid, rated or generated as
    /// asked (status 0).
    Success,
    /// Some puzzle had no solution, was malformed, hit the node limit, is
    /// not uniquely solvable, or (generate) missed a goal (status 1).
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
    fn max(self, other: Exit) -> Exit {
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

/// Totals for `--stats` and `rate --summary`.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    failed: u64,
    stats: Stats,
    seconds: f64,
    /// Puzzles rated, the sum of their scores, and how many of each level.
    rated: u64,
    score_sum: f64,
    levels: [u64; 5],
}

/// The result of one puzzle, ready to print.
#[derive(Clone, Debug)]
enum Record {
    /// The solution is in the slot's board.
    Solved,
    /// A fixed message in place of the board.
    Message(&'static str),
    /// A number of solutions; `more` when a limit stopped the count.
    Count { solutions: u64, more: bool },
    /// Clashing clues (check).
    Conflict(Conflict),
    /// A difficulty rating (rate).
    Rated(Rating),
    /// A puzzle of another size than the variant's regions: `invalid
    /// puzzle` in its place, the sizes on stderr.
    Misfit {
        /// The puzzle's side.
        side: usize,
        /// The regions' side.
        regions: usize,
    },
}

impl Record {
    /// Writes a record that is a line of text (not a board).
    fn write_line<W: Write>(&self, out: &mut W) -> io::Result<()> {
        match self {
            Record::Solved => Ok(()),
            Record::Message(m) => writeln!(out, "{m}"),
            Record::Count { solutions, more } => {
                writeln!(out, "{solutions}{}", if *more { "+" } else { "" })
            }
            Record::Conflict(c) => writeln!(out, "no solution: {c}"),
            Record::Rated(r) => writeln!(out, "{} {:.1}", r.level, r.score),
            Record::Misfit { .. } => writeln!(out, "invalid puzzle"),
        }
    }
}

/// Puzzles read (or read errors) and their results, in input order. The
/// buffers are reused from chunk to chunk.
struct Slot {
    item: Option<Result<Puzzle, ReadError>>,
    record: Record,
    ok: bool,
    board: Board,
    stats: Stats,
    seconds: f64,
}

impl Default for Slot {
    fn default() -> Self {
        Slot {
            item: None,
            record: Record::Message(""),
            ok: true,
            board: Board::empty(3),
            stats: Stats::default(),
            seconds: 0.0,
        }
    }
}

/// Puzzles solved per chunk when several threads work: large enough to
/// share out evenly, small enough to keep memory flat and output flowing.
const CHUNK: usize = 4096;

/// Puzzles in the first chunk; the chunks double from there to [`CHUNK`].
const FIRST_CHUNK: usize = 256;

thread_local! {
    /// Each worker thread's solver, kept between chunks.
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
    /// Each worker thread's rater (`rate`).
    static RATER: std::cell::RefCell<Option<Rater>> = const { std::cell::RefCell::new(None) };
    /// Each worker thread's generator (`generate`).
    static GENERATOR: std::cell::RefCell<Option<Generator>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `dlx-sudoku` with `config`, reading [`Input::Stdin`] from `stdin`,
/// writing results to `stdout` and messages to `stderr`, as
/// `dlx-sudoku --help` describes.
pub fn run<R, W, E>(config: &Config, mut stdin: R, stdout: W, mut stderr: E) -> Exit
where
    R: BufRead + Send,
    W: Write,
    E: Write,
{
    if let Command::Generate(g) = config.command {
        return run_generate(config, &g, stdout, stderr);
    }
    // Answer each puzzle at once when a person is typing them in.
    let interactive = config.interactive && config.inputs.contains(&Input::Stdin);
    let threads = if interactive { 1 } else { config.threads };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot start threads: {e}");
            return Exit::Failure;
        }
    };
    // A person typing puzzles gets each answer at once; otherwise puzzles
    // go in chunks, which on one thread too saves a hand-over per puzzle.
    let chunk = if interactive { 1 } else { CHUNK };
    let mut out = BufWriter::with_capacity(64 * 1024, stdout);
    let mut exit = Exit::Success;
    let mut totals = Totals::default();
    let mut work = Work {
        config,
        pool: &pool,
        chunk,
        interactive,
        pipelined: !interactive && pool.current_num_threads() > 1,
        buffers: Default::default(),
        totals: &mut totals,
        bar: (config.progress && !interactive).then(batch_bar),
        shown: 0.0,
    };
    for input in &config.inputs {
        let result = match input {
            Input::Stdin => process(input, &mut stdin, &mut out, &mut stderr, &mut work),
            Input::File(path) => match File::open(path) {
                Ok(f) => process(
                    input,
                    BufReader::with_capacity(64 * 1024, f),
                    &mut out,
                    &mut stderr,
                    &mut work,
                ),
                Err(e) => {
                    let _ = writeln!(stderr, "dlx-sudoku: cannot open {}: {e}", path.display());
                    Ok(Exit::Failure)
                }
            },
        };
        match result {
            Ok(e) => exit = exit.max(e),
            // The reader of our output has gone (`| head`): stop quietly.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
            Err(e) => {
                let _ = writeln!(stderr, "dlx-sudoku: cannot write the output: {e}");
                return Exit::Failure;
            }
        }
    }
    if let Some(bar) = work.bar.take() {
        bar.finish_and_clear();
    }
    match out.flush() {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot write the output: {e}");
            return Exit::Failure;
        }
    }
    if config.stats {
        let Totals {
            puzzles,
            failed,
            stats,
            seconds,
            ..
        } = totals;
        let _ = writeln!(
            stderr,
            "total: puzzles={puzzles} failed={failed} nodes={} updates={} seconds={seconds:.3}",
            stats.nodes, stats.updates
        );
    }
    if let Command::Rate { summary: true, .. } = config.command {
        let mean = if totals.rated == 0 {
            0.0
        } else {
            totals.score_sum / totals.rated as f64
        };
        let _ = write!(
            stderr,
            "rated: puzzles={} unrated={} mean-score={mean:.1}",
            totals.rated,
            totals.puzzles - totals.rated
        );
        for (level, n) in Level::ALL.iter().zip(totals.levels) {
            let _ = write!(stderr, " {level}={n}");
        }
        let _ = writeln!(stderr);
    }
    exit
}

/// The state shared by all inputs of a run.
struct Work<'a> {
    config: &'a Config,
    pool: &'a rayon::ThreadPool,
    /// Puzzles per chunk (1 when a person types them in).
    chunk: usize,
    interactive: bool,
    /// Solve a chunk while the next is read and the last one written
    /// (several threads, and no person waiting for each answer).
    pipelined: bool,
    /// Reusable chunks of slots: the one being solved, the one being read
    /// and the one being written.
    buffers: [Vec<Slot>; 3],
    totals: &'a mut Totals,
    /// Puzzles done and the rate, on the terminal.
    bar: Option<indicatif::ProgressBar>,
    /// When the rate was last shown, in seconds since the start.
    shown: f64,
}

/// A progress line for a batch of unknown length: puzzles done and the rate.
fn batch_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {elapsed_precise} {human_pos} puzzles {msg}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    bar.set_style(style);
    bar
}

/// Reads up to `n` records into `slots` (reusing them); `false` at the end
/// of the input.
fn fill<R: BufRead>(reader: &mut Reader<R>, slots: &mut Vec<Slot>, n: usize) -> bool {
    slots.truncate(n);
    let mut k = 0;
    while k < n {
        let Some(item) = reader.next() else { break };
        if k == slots.len() {
            slots.push(Slot::default());
        }
        let stop = matches!(item, Err(ReadError::Io(_)));
        slots[k].item = Some(item);
        k += 1;
        if stop {
            break;
        }
    }
    slots.truncate(k);
    k > 0
}

/// Reads every puzzle of one input and writes its records, solving a chunk
/// on the pool while the next one is read. Returns the input's exit status,
/// or the write error that ends the run.
fn process<R, W, E>(
    input: &Input,
    source: R,
    out: &mut W,
    stderr: &mut E,
    work: &mut Work<'_>,
) -> io::Result<Exit>
where
    R: BufRead + Send,
    W: Write,
    E: Write,
{
    let config = work.config;
    let reader = match config.format {
        Some(f) => Ok(Reader::new(source, f)),
        None => Reader::detect(source).map(|(r, _)| r),
    };
    let mut reader = match reader {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: {input}: read error: {e}");
            return Ok(Exit::Failure);
        }
    };
    let out_format = config.output.unwrap_or(reader.format());
    let mut writer = Writer::new(out_format);
    let mut exit = Exit::Success;
    let pool = work.pool;
    let [mut current, mut next, mut done] = std::mem::take(&mut work.buffers);
    done.clear();
    // The first chunks are small, so that every stage has work soon.
    let mut chunk = work.chunk.min(FIRST_CHUNK);
    let mut more = fill(&mut reader, &mut current, chunk);
    let result = loop {
        if current.is_empty() && done.is_empty() {
            break Ok(());
        }
        let (more_next, written) = if work.pipelined {
            // Solve this chunk and read the next one on the pool while this
            // thread writes the records of the last one: no stage waits
            // for another, so every thread stays busy.
            std::thread::scope(|scope| {
                let solving = scope.spawn(|| {
                    pool.install(|| {
                        rayon::join(
                            || solve_chunk(config, &mut current),
                            || more && fill(&mut reader, &mut next, chunk),
                        )
                        .1
                    })
                });
                let written = emit(input, &done, &mut writer, out, stderr, work);
                let more = solving
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (more, written)
            })
        } else {
            // One thread, or a person typing: each answer before the next
            // puzzle is read.
            pool.install(|| solve_chunk(config, &mut current));
            let written = emit(input, &current, &mut writer, out, stderr, work);
            std::mem::swap(&mut current, &mut done);
            current.clear();
            // Read on only if the answers went out (a person typing should
            // not be asked for another puzzle after a closed pipe).
            let go = matches!(written, Ok(Flow::Go(_)));
            (
                go && more && fill(&mut reader, &mut current, chunk),
                written,
            )
        };
        match written {
            Ok(Flow::Go(e)) => exit = exit.max(e),
            Ok(Flow::Stop) => {
                exit = Exit::Failure;
                break Ok(());
            }
            Err(e) => break Err(e),
        }
        if work.pipelined {
            if !more {
                next.clear();
            }
            // The chunk just solved is written next; the one just read is
            // solved; the written one's slots are reused for reading.
            std::mem::swap(&mut done, &mut current);
            std::mem::swap(&mut current, &mut next);
        } else {
            done.clear();
        }
        more = more_next;
        chunk = (2 * chunk).min(work.chunk);
    };
    work.buffers = [current, next, done];
    result?;
    if config.command == Command::Solve {
        writer.finish(out)?;
    }
    Ok(exit)
}

/// What writing a chunk's records ended with.
enum Flow {
    /// Go on; the chunk's exit status.
    Go(Exit),
    /// The input could not be read further: stop it.
    Stop,
}

/// Writes the records of a solved chunk (results to `out`, errors and
/// statistics to `stderr`), adds them to the totals and moves the progress
/// bar.
fn emit<W: Write, E: Write>(
    input: &Input,
    slots: &[Slot],
    writer: &mut Writer,
    out: &mut W,
    stderr: &mut E,
    work: &mut Work<'_>,
) -> io::Result<Flow> {
    let config = work.config;
    let mut exit = Exit::Success;
    for slot in slots {
        let t = &mut *work.totals;
        match slot.item.as_ref() {
            Some(Ok(puzzle)) => {
                t.puzzles += 1;
                t.stats.nodes += slot.stats.nodes;
                t.stats.updates += slot.stats.updates;
                t.stats.solutions += slot.stats.solutions;
                t.seconds += slot.seconds;
                if config.stats {
                    let _ = writeln!(
                        stderr,
                        "{input}:{}: nodes={} updates={} seconds={:.6}",
                        puzzle.line, slot.stats.nodes, slot.stats.updates, slot.seconds
                    );
                }
            }
            Some(Err(ReadError::Parse(e))) => {
                let _ = writeln!(stderr, "{input}:{e}");
                if matches!(
                    e.kind,
                    ParseErrorKind::TooFewCases { .. } | ParseErrorKind::TooManyCases { .. }
                ) {
                    // A POJ 2676 case count that does not match the
                    // cases is wrong about the input, not about a
                    // puzzle: no record stands for it, so every answer
                    // stays in its puzzle's place.
                    exit = exit.max(Exit::PuzzleFailed);
                    continue;
                }
                t.puzzles += 1;
            }
            Some(Err(e)) => {
                let _ = writeln!(stderr, "dlx-sudoku: {input}: {e}");
                return Ok(Flow::Stop);
            }
            None => continue,
        }
        if !slot.ok {
            t.failed += 1;
            exit = exit.max(Exit::PuzzleFailed);
        }
        match &slot.record {
            Record::Rated(r) => {
                t.rated += 1;
                t.score_sum += r.score;
                t.levels[r.level as usize] += 1;
            }
            Record::Misfit { side, regions } => {
                let line = slot
                    .item
                    .as_ref()
                    .and_then(|i| i.as_ref().ok())
                    .map_or(0, |p| p.line);
                let _ = writeln!(
                    stderr,
                    "{input}:{line}: the puzzle is {side}x{side} but the regions are {regions}x{regions}"
                );
            }
            _ => {}
        }
        match (&slot.record, config.command) {
            (Record::Solved, _) => writer.board(out, &slot.board)?,
            (Record::Message(m), Command::Solve) => writer.message(out, m)?,
            (Record::Misfit { .. }, Command::Solve) => writer.message(out, "invalid puzzle")?,
            (record, _) => record.write_line(out)?,
        }
        if work.interactive {
            out.flush()?;
        }
    }
    if let Some(bar) = &work.bar {
        let done = work.totals.puzzles;
        bar.set_position(done);
        // The rate, rounded, now and then (formatting allocates).
        let seconds = bar.elapsed().as_secs_f64();
        if seconds - work.shown >= 0.1 {
            work.shown = seconds;
            bar.set_message(format!("({:.0}/s)", done as f64 / seconds));
        }
    }
    Ok(Flow::Go(exit))
}

/// Solves every puzzle of a chunk, in parallel when the pool has threads.
fn solve_chunk(config: &Config, slots: &mut [Slot]) {
    let one = |slot: &mut Slot| {
        if let Command::Rate { samples, seed, .. } = config.command {
            return RATER.with(|r| {
                let mut r = r.borrow_mut();
                let rater = r.get_or_insert_with(|| Rater::new(&config.variant));
                rater.set_variant(&config.variant);
                rater.set_samples(samples);
                rater.set_seed(seed);
                rater.set_node_limit(config.max_nodes);
                rate_slot(config, rater, slot);
            });
        }
        SOLVER.with(|s| {
            let mut solver = s.borrow_mut();
            solver.set_node_limit(config.max_nodes);
            solver.set_variant(&config.variant);
            solve_slot(config, &mut solver, slot);
        })
    };
    if slots.len() == 1 || rayon::current_num_threads() == 1 {
        slots.iter_mut().for_each(one);
    } else {
        use rayon::prelude::*;
        slots.par_iter_mut().for_each(one);
    }
}

/// Solves, counts or checks the puzzle of one slot.
fn solve_slot(config: &Config, solver: &mut Solver, slot: &mut Slot) {
    let Some(Ok(puzzle)) = slot.item.as_ref() else {
        slot.record = Record::Message("invalid puzzle");
        slot.ok = false;
        slot.stats = Stats::default();
        return;
    };
    if let Some(misfit) = misfit(&config.variant, &puzzle.board) {
        slot.record = misfit;
        slot.ok = false;
        slot.stats = Stats::default();
        return;
    }
    // The clock is read only for --stats (twice a puzzle shows on easy sets).
    let start = config.stats.then(Instant::now);
    let (record, ok) = handle(config, &puzzle.board, solver, &mut slot.board);
    slot.seconds = start.map_or(0.0, |t| t.elapsed().as_secs_f64());
    slot.stats = solver.stats();
    slot.record = record;
    slot.ok = ok;
}

/// [`Record::Misfit`] if `board` is not of the variant's size.
fn misfit(variant: &Variant, board: &Board) -> Option<Record> {
    let regions = variant.side()?;
    (board.side() != regions).then_some(Record::Misfit {
        side: board.side(),
        regions,
    })
}

/// Rates the puzzle of one slot.
fn rate_slot(config: &Config, rater: &mut Rater, slot: &mut Slot) {
    slot.stats = Stats::default();
    slot.seconds = 0.0;
    let Some(Ok(puzzle)) = slot.item.as_ref() else {
        slot.record = Record::Message("invalid puzzle");
        slot.ok = false;
        return;
    };
    if let Some(misfit) = misfit(&config.variant, &puzzle.board) {
        slot.record = misfit;
        slot.ok = false;
        return;
    }
    if let Some(conflict) = config.variant.find_conflict(&puzzle.board) {
        slot.record = Record::Conflict(conflict);
        slot.ok = false;
        return;
    }
    let start = Instant::now();
    let rated = rater.rate(&puzzle.board);
    slot.seconds = start.elapsed().as_secs_f64();
    (slot.record, slot.ok) = match rated {
        Ok(r) => {
            slot.stats.nodes = r.nodes;
            slot.stats.updates = r.updates;
            (Record::Rated(r), true)
        }
        Err(Unrated::NoSolution) => (Record::Message("no solution"), false),
        Err(Unrated::Multiple) => (Record::Message("multiple solutions"), false),
        Err(_) => (Record::Message("search limit reached"), false),
    };
}

/// Solves, counts or checks one puzzle: the record to print and whether it
/// counts as a success. A solution goes to `solution`.
fn handle(
    config: &Config,
    board: &Board,
    solver: &mut Solver,
    solution: &mut Board,
) -> (Record, bool) {
    match config.command {
        Command::Solve => match solver.solve(board, solution) {
            Outcome::Solved => (Record::Solved, true),
            Outcome::NoSolution => (Record::Message("no solution"), false),
            Outcome::NodeLimit => (Record::Message("search limit reached"), false),
        },
        Command::Count { limit } => {
            let count = solver.count(board, limit);
            let more = count.outcome != dlx_core::Outcome::Complete;
            let ok = count.outcome != dlx_core::Outcome::NodeLimit;
            (
                Record::Count {
                    solutions: count.solutions,
                    more,
                },
                ok,
            )
        }
        Command::Check => {
            if let Some(conflict) = config.variant.find_conflict(board) {
                return (Record::Conflict(conflict), false);
            }
            let count = solver.count(board, Some(2));
            let message = match (count.outcome, count.solutions) {
                (dlx_core::Outcome::NodeLimit, _) => "search limit reached",
                (_, 0) => "no solution",
                (_, 1) => return (Record::Message("unique"), true),
                _ => "multiple solutions",
            };
            (Record::Message(message), false)
        }
        Command::Rate { .. } | Command::Generate(_) => {
            unreachable!("rate and generate have their own paths")
        }
    }
}

/// Runs `generate`: makes the puzzles in chunks on the pool and writes
/// them in order.
fn run_generate<W: Write, E: Write>(
    config: &Config,
    g: &GenerateConfig,
    stdout: W,
    mut stderr: E,
) -> Exit {
    let seed = g.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    if config.stats {
        let _ = writeln!(stderr, "seed={seed}");
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot start threads: {e}");
            return Exit::Failure;
        }
    };
    let chunk = 4 * pool.current_num_threads() as u64;
    let mut out = BufWriter::new(stdout);
    let mut writer = Writer::new(config.output.unwrap_or(Format::Line));
    let mut exit = Exit::Success;
    let result = (|| -> io::Result<Exit> {
        if writer.format() == Format::Poj2676 {
            // The case count that the format's readers expect first.
            writeln!(out, "{}", g.count)?;
        }
        let mut first = 0;
        while first < g.count {
            let end = g.count.min(first + chunk);
            let made: Vec<(Result<Generated, generate::GenerateError>, f64)> = pool.install(|| {
                use rayon::prelude::*;
                (first..end)
                    .into_par_iter()
                    .map(|i| generate_one(config, g, seed, i))
                    .collect()
            });
            for (i, (result, seconds)) in (first..).zip(made) {
                let p = match result {
                    Ok(p) => p,
                    Err(e) => {
                        let _ = writeln!(stderr, "dlx-sudoku: generate: {e}");
                        return Ok(Exit::Failure);
                    }
                };
                if !p.goal_met {
                    exit = Exit::PuzzleFailed;
                    let _ = writeln!(
                        stderr,
                        "dlx-sudoku: puzzle {}: {}",
                        i + 1,
                        shortfall(&g.options, &p)
                    );
                }
                if config.stats {
                    let _ = writeln!(
                        stderr,
                        "puzzle {}: clues={} grids={} seconds={seconds:.6}",
                        i + 1,
                        p.puzzle.clue_count(),
                        p.attempts
                    );
                }
                writer.board(&mut out, &p.puzzle)?;
            }
            out.flush()?;
            first = end;
        }
        writer.finish(&mut out)?;
        out.flush()?;
        Ok(exit)
    })();
    match result {
        Ok(exit) => exit,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot write the output: {e}");
            Exit::Failure
        }
    }
}

/// Generates puzzle `index` of a run on this thread's generator; also the
/// seconds it took.
fn generate_one(
    config: &Config,
    g: &GenerateConfig,
    seed: u64,
    index: u64,
) -> (Result<Generated, generate::GenerateError>, f64) {
    GENERATOR.with(|cell| {
        let mut cell = cell.borrow_mut();
        let stale = cell
            .as_ref()
            .is_none_or(|gen| gen.variant() != &config.variant);
        if stale {
            *cell = Some(Generator::new(&config.variant));
        }
        let generator = cell.as_mut().expect("just made");
        let start = Instant::now();
        let result = generator.generate(&g.options, &mut Rng::stream(seed, index));
        (result, start.elapsed().as_secs_f64())
    })
}

/// What a generated puzzle missed, for stderr.
fn shortfall(options: &generate::Options, p: &Generated) -> String {
    let clues = p.puzzle.clue_count();
    let mut missed = Vec::new();
    if let Some(k) = options.clues.filter(|&k| k != clues) {
        missed.push(format!("{k} clues"));
    }
    if options.minimal && p.minimal != Some(true) {
        missed.push("a minimal puzzle".to_string());
    }
    format!(
        "no {} found in {} grids; printing the closest: {clues} clues{}",
        missed.join(" and "),
        p.attempts,
        match p.minimal {
            Some(true) => ", minimal",
            Some(false) => ", not minimal",
            None => "",
        }
    )
}
