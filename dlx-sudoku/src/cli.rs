//! The `dlx-sudoku` program: puzzles in, solutions out.
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

use crate::format::{Format, Puzzle, ReadError, Reader, Writer};
use crate::solver::{find_conflict, Conflict, Outcome, Solver};
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
  --stats writes per-puzzle and total search statistics to stderr.

Exit status:
  0  every puzzle was solved (solve), counted (count) or is valid and has a
     unique solution (check); or the output pipe was closed
  1  some puzzle had no solution, was malformed, hit --max-nodes, or (check)
     is not uniquely solvable
  2  usage error, or an input could not be read, or the output could not be
     written";

/// Command-line arguments of `dlx-sudoku`, as clap parses them;
/// [`Args::config`] validates them into a [`Config`].
#[derive(Clone, Debug, Parser)]
#[command(
    name = "dlx-sudoku",
    version,
    about = "Solve, count and check Sudoku puzzles with Dancing Links",
    long_about = "Solve, count and check Sudoku puzzles (4x4 to 25x25) with Dancing Links. \
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
}

impl Args {
    /// The validated configuration these arguments ask for.
    ///
    /// # Errors
    /// A message when the arguments are inconsistent (an output-only format
    /// given as the input format).
    pub fn config(self) -> Result<Config, String> {
        let (command, common, output) = match self.command {
            None => (Command::Solve, self.solve.common, self.solve.output),
            Some(Sub::Solve(s)) => (Command::Solve, s.common, s.output),
            Some(Sub::Count { limit, common }) => (Command::Count { limit }, common, None),
            Some(Sub::Check { common }) => (Command::Check, common, None),
        };
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
}

/// Where puzzles come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Input {
    /// Standard input (the `stdin` given to [`run`]), `<stdin>` in messages.
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
    /// Solve, count or check.
    pub command: Command,
    /// The inputs, read one after another.
    pub inputs: Vec<Input>,
    /// The input format; `None` detects it for each input.
    pub format: Option<Format>,
    /// The output format of `solve`; `None` uses each input's format.
    pub output: Option<Format>,
    /// Node limit for each puzzle's search.
    pub max_nodes: Option<u64>,
    /// Write statistics to stderr.
    pub stats: bool,
    /// Worker threads (0: one per core).
    pub threads: usize,
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
        }
    }
}

/// How a run ended; [`Exit::code`] is the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Every puzzle was solved, counted or found valid (status 0).
    Success,
    /// Some puzzle had no solution, was malformed, hit the node limit, or is
    /// not uniquely solvable (status 1).
    PuzzleFailed,
    /// An input could not be read or the output could not be written
    /// (status 2).
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

/// Totals for `--stats`.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    failed: u64,
    stats: Stats,
    seconds: f64,
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
const CHUNK: usize = 2048;

thread_local! {
    /// Each worker thread's solver, kept between chunks.
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
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
    // Answer each puzzle at once when a person is typing them in.
    let interactive = io::stdin().is_terminal() && config.inputs.contains(&Input::Stdin);
    let threads = if interactive { 1 } else { config.threads };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot start threads: {e}");
            return Exit::Failure;
        }
    };
    let chunk = if pool.current_num_threads() == 1 {
        1
    } else {
        CHUNK
    };
    let mut out = BufWriter::with_capacity(64 * 1024, stdout);
    let mut exit = Exit::Success;
    let mut totals = Totals::default();
    let mut work = Work {
        config,
        pool: &pool,
        chunk,
        interactive,
        current: Vec::new(),
        next: Vec::new(),
        totals: &mut totals,
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
        } = totals;
        let _ = writeln!(
            stderr,
            "total: puzzles={puzzles} failed={failed} nodes={} updates={} seconds={seconds:.3}",
            stats.nodes, stats.updates
        );
    }
    exit
}

/// The state shared by all inputs of a run.
struct Work<'a> {
    config: &'a Config,
    pool: &'a rayon::ThreadPool,
    /// Puzzles per chunk (1 on one thread).
    chunk: usize,
    interactive: bool,
    /// The chunk being solved and the one being read.
    current: Vec<Slot>,
    next: Vec<Slot>,
    totals: &'a mut Totals,
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
    let chunk = work.chunk;
    let mut more = fill(&mut reader, &mut work.current, chunk);
    while more {
        let (current, next) = (&mut work.current, &mut work.next);
        more = work.pool.install(|| {
            let (_, more) = rayon::join(
                || solve_chunk(config, current),
                || fill(&mut reader, next, chunk),
            );
            more
        });
        for slot in work.current.iter() {
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
                    t.puzzles += 1;
                }
                Some(Err(e)) => {
                    let _ = writeln!(stderr, "dlx-sudoku: {input}: {e}");
                    exit = Exit::Failure;
                    more = false;
                    break;
                }
                None => continue,
            }
            if !slot.ok {
                t.failed += 1;
                exit = exit.max(Exit::PuzzleFailed);
            }
            match (&slot.record, config.command) {
                (Record::Solved, _) => writer.board(out, &slot.board)?,
                (Record::Message(m), Command::Solve) => writer.message(out, m)?,
                (record, _) => record.write_line(out)?,
            }
            if work.interactive {
                out.flush()?;
            }
        }
        std::mem::swap(&mut work.current, &mut work.next);
    }
    if config.command == Command::Solve {
        writer.finish(out)?;
    }
    Ok(exit)
}

/// Solves every puzzle of a chunk, in parallel when the pool has threads.
fn solve_chunk(config: &Config, slots: &mut [Slot]) {
    let one = |slot: &mut Slot| {
        SOLVER.with(|s| {
            let mut solver = s.borrow_mut();
            solver.set_node_limit(config.max_nodes);
            solve_slot(config, &mut solver, slot);
        })
    };
    if slots.len() == 1 {
        one(&mut slots[0]);
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
    let start = Instant::now();
    let (record, ok) = handle(config.command, &puzzle.board, solver, &mut slot.board);
    slot.seconds = start.elapsed().as_secs_f64();
    slot.stats = solver.stats();
    slot.record = record;
    slot.ok = ok;
}

/// Solves, counts or checks one puzzle: the record to print and whether it
/// counts as a success. A solution goes to `solution`.
fn handle(
    command: Command,
    board: &Board,
    solver: &mut Solver,
    solution: &mut Board,
) -> (Record, bool) {
    match command {
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
            if let Some(conflict) = find_conflict(board) {
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
    }
}
