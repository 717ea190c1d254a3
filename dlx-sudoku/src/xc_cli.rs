//! The `dlx` program: solves exact-cover problems written in Knuth's DLX text
//! format (see [`dlx_core::text`]).
//!
//! The binary is a thin shell: [`Args`] (command-line flags, parsed by clap)
//! become a [`Config`], and [`run`] does the work on the streams it is given,
//! so tests drive it without spawning a process.
//!
//! # Example
//!
//! ```
//! use dlx_sudoku::xc_cli::{run, Config, Exit, Input};
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

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use dlx_core::parallel::{Counted, Counter, Progress};
use dlx_core::text::{self, DlxFile, ReadError};
use dlx_core::{Branching, CostSearch, Item, OptionId, Outcome, Stats, Step};

/// Text shown after the options in `dlx --help`.
const AFTER_HELP: &str = "\
Input:
  The first line that is not blank or a comment ('|' first) names the items:
  primary items, then optionally '|' and secondary items. Every later line is
  an option: the names of its items. A solution covers every primary item
  exactly once and every secondary item at most once. An option with no
  primary item can never be chosen; it is ignored with a warning on stderr,
  'SOURCE:LINE: option ignored (no primary items)', as Knuth's DLX1 does.
  Knuth's later formats are read too:
    colors (DLX2)          in an option, 'x:c' gives secondary item x the
                           color c (one character); options may share x if
                           they all give it the same color
    multiplicities (DLX3)  on the item line, 'lo:hi|name' or 'k|name': between
                           lo and hi (or exactly k) chosen options contain the
                           primary item; a solution is a set of options
    costs (DLX5)           in an option, after its first item, '|N' (N decimal
                           digits) adds N to the option's cost; several add
                           up. Only --min-cost reads costs: counting and
                           --print ignore them
  A file with colors is searched as DLX2 does, one with bounds as DLX3 does
  (their node and update counts); --print shows colors as written.
  With bounds, -j N and --split-depth cut the top of DLX3's tree into paths
  of moves (a level's move is an option, or the null move that gives its
  item no more options), each part replayed and counted; --list-parts
  shows a null move as '-'.

Output:
  Without --print, standard output is one line: the number of solutions. When
  --max-nodes or --time-limit stops the search the count is followed by '+'
  (e.g. '1234+'), since more solutions may exist. When --limit stops it the count is printed
  as it is (it equals the limit).
  With --print, standard output holds only the solutions: each is a block of
  its options, one per line, with the item names of the input line in their
  input order, separated by single spaces, listed in the order the search
  chose them; blocks are separated by one blank line. No count follows; ask
  for --stats. No solution means no output.
  Standard error gets warnings, errors and, with --stats, a last line
    solutions=S nodes=N updates=U seconds=T.TTT
  counted as DLX1 (DLX2, DLX3) counts them (nodes: search-tree nodes entered
  plus one per solution; updates: items unlinked plus option nodes hidden;
  seconds: time spent searching, reading the input excluded; with --preprocess,
  nodes and updates of the reduced problem's search, seconds without the
  preprocessing). If --limit stopped the
  search, a line 'dlx: stopped at the limit of N solutions (there may be
  more)' comes just before it.
  With --preprocess, standard error first gets one line
    dlx: preprocessing removed R of N options and I of M items in T.TTT s
  (and, when some primary item can be in no option, a line naming it: then
  there is no solution and the count is 0). The reduced problem has the same
  solutions, printed with the input's options as they are written; --list-parts
  gives input line numbers too, but names parts of the reduced problem's tree:
  workers given --part must all use --preprocess, or none.
  With --min-cost, the first line of standard output is the least total cost
  of a solution (the sum of its options' costs), or 'no solution' when there
  is none. With --best K, standard output is the K least costs, one per
  line, best first; solutions of equal cost count separately, as in Knuth's
  DLX5 'k' (fewer lines when there are fewer solutions). With --print, each
  cost line is followed by the options of one solution of that cost, as
  --print writes them, and blocks are separated by one blank line. The
  search is DLX5's (its node counts; --stats 'solutions' counts the
  solutions that beat the K-th best known when they were found);
  --disjoint-bound prunes more, with the same answers and 'solutions'. If
  --max-nodes or --time-limit stops it, the lines are the best found so far
  (not known to be the least), 'no solution found' if none was, and the
  status is 1. --seed and --rule do not apply to it (DLX5's order is by
  cost).
  Bounds other than 1 (DLX3) are not supported with --min-cost.
  Errors name their place: a malformed input gives 'SOURCE:LINE:COL: message'
  (or 'SOURCE:LINE: message' when it concerns a whole line), SOURCE being the
  file name or '<stdin>'; other errors start with 'dlx: '. A closed output
  pipe (dlx --print FILE | head) ends the program quietly with status 0.
  When standard error is a terminal, a search shows a progress bar there
  (one thread or many, and with --part; not with --min-cost): solutions,
  nodes per second and an estimate of the share of the tree done. Piped or
  redirected, it does not.

Exit status:
  0  the search finished, or stopped at --limit, or the output pipe closed
  1  --max-nodes or --time-limit stopped the search (the count is a lower
     bound, the cost may not be the least), or the input is malformed, or
     --min-cost cannot take it (bounds, or costs whose totals overflow 64 bits)
  2  usage error, or the input could not be opened or read, or the output
     could not be written";

/// Command-line arguments of `dlx`, as clap parses them; [`Args::config`]
/// turns them into a [`Config`].
#[derive(Clone, Debug, Parser)]
#[command(
    name = "dlx",
    version,
    about = "Solve an exact-cover problem in Knuth's DLX text format",
    long_about = "Solve an exact-cover problem in Knuth's DLX text format (the input of \
                  Knuth's DLX1, with the colors of DLX2 and the multiplicities of DLX3): \
                  count its solutions, print them, or (with --min-cost) find the cheapest.",
    after_help = AFTER_HELP
)]
pub struct Args {
    /// The problem file; '-' or nothing reads standard input.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// Print every solution (or the first N with --limit) instead of the count.
    #[arg(short, long)]
    print: bool,

    /// Stop after N solutions (N >= 1).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,

    /// Stop the search after N search-tree nodes (N >= 1); the count is then a lower bound and the exit status 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,

    /// Stop the search after SECS seconds (a decimal number, e.g. 2.5; the
    /// time of reading the input is not counted); the count is then a lower
    /// bound and the exit status 1. Works with -j N and --part too.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,

    /// Randomise the search with seed S (0 to 2^64-1): each item's options
    /// are tried in an order drawn from S, and ties between items of equal
    /// length are broken by a ranking drawn from S. The same seed gives the
    /// same solutions in the same order on every machine; counts never
    /// change, node and update counts do. Without it the search is
    /// Knuth's. Not used by -j N (above 1) and --part, which only count.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// The rule that picks the item to branch on: dlx1 (the default:
    /// Knuth's DLX1, DLX2 or DLX3, with their node and update counts), fast
    /// (the fastest on our benchmarks for the kind of problem: today early,
    /// and dlx1 on bounded problems), early
    /// (up-to-one, and an option that leaves some primary item without
    /// options is dropped while it is tried, as Knuth's SSXC1 and SSXCC do:
    /// such a try is not a node; where colored options have many secondary
    /// items, those stay out of the links, and where they differ in length,
    /// each item's options are tried shortest first), up-to-one (the scan stops at an item of
    /// length 1), short (forced moves from a stack, no scan), degree
    /// (short, ties broken by the most conflicts), first (no heuristic: the
    /// leftmost item). On colored problems short and degree scan as
    /// up-to-one does; bounded problems follow DLX3 under every rule. Every
    /// rule finds the same solutions; only dlx1 counts nodes and updates as
    /// Knuth's programs do.
    #[arg(long, value_name = "NAME", default_value = "dlx1", value_parser = parse_rule)]
    rule: Branching,

    /// Find the least total cost of a solution (Knuth's DLX5) instead of
    /// counting: options cost what their '|N' tokens add up to.
    #[arg(long, conflicts_with_all = ["threads", "split_depth", "limit"])]
    min_cost: bool,

    /// With --min-cost: print the K least costs (ties counted separately).
    #[arg(long, value_name = "K", requires = "min_cost",
          value_parser = clap::value_parser!(u64).range(1..))]
    best: Option<u64>,

    /// With --min-cost: prune with a lower bound DLX5 lacks (the cheapest
    /// option left for each of some items no option has two of). The same
    /// answers, often in fewer nodes; the node counts are no longer DLX5's.
    #[arg(long, requires = "min_cost")]
    disjoint_bound: bool,

    /// Print search statistics as the last line of standard error.
    #[arg(short, long)]
    stats: bool,

    /// Count on N threads (0: one per core). Counting only: not with
    /// --print, --limit or --max-nodes. The node count is the one-thread
    /// run's; the update count adds the set-up of each piece of shared work.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1,
          conflicts_with_all = ["print", "limit", "max_nodes"])]
    threads: usize,

    /// Cut the search tree at depth D into parts that can be counted
    /// separately (with --list-parts or --part).
    #[arg(long, value_name = "D", conflicts_with_all = ["print", "limit", "max_nodes"])]
    split_depth: Option<usize>,

    /// With --split-depth: print the number of parts, then one line per
    /// part: the input line numbers of the options it starts with.
    #[arg(long, requires = "split_depth", conflicts_with = "part")]
    list_parts: bool,

    /// With --split-depth: count only the parts k with k % N == I (worker I
    /// of N, 0-based) and print that partial count; the partial counts of
    /// workers 0..N sum to the total.
    #[arg(long, value_name = "I/N", requires = "split_depth", value_parser = parse_part)]
    part: Option<(usize, usize)>,

    /// Preprocess first, as Knuth's DLX-PRE: remove the options that are in
    /// no solution and the items that constrain nothing, say so in one line
    /// on standard error, then search the reduced problem (same solutions,
    /// printed as the input's options).
    #[arg(long)]
    preprocess: bool,
}

/// Parses a rule's name (see [`Branching::name`]).
fn parse_rule(text: &str) -> Result<Branching, String> {
    Branching::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Branching::ALL.iter().map(|r| r.name()).collect();
        format!("expected one of: fast, {}", names.join(", "))
    })
}

/// Parses `I/N` with `I < N`.
fn parse_part(text: &str) -> Result<(usize, usize), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("expected I/N (e.g. 0/4), got '{text}'"))?;
    let i: usize = i
        .trim()
        .parse()
        .map_err(|_| format!("'{i}' is not a worker number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("'{n}' is not a worker count"))?;
    if n == 0 || i >= n {
        return Err(format!("worker {i} of {n}: expected 0 <= I < N"));
    }
    Ok((i, n))
}

impl Args {
    /// The validated configuration these arguments ask for.
    pub fn config(self) -> Config {
        let input = match self.file {
            None => Input::Stdin,
            Some(p) if p == Path::new("-") => Input::Stdin,
            Some(p) => Input::File(p),
        };
        let split = self.split_depth.map(|depth| Split {
            depth,
            mode: match self.part {
                Some((index, count)) => SplitMode::Part { index, count },
                None if self.list_parts => SplitMode::List,
                None => SplitMode::Part { index: 0, count: 1 },
            },
        });
        Config {
            input,
            print: self.print,
            limit: self.limit,
            max_nodes: self.max_nodes,
            time_limit: self.time_limit,
            seed: self.seed,
            rule: self.rule,
            stats: self.stats,
            min_cost: self
                .min_cost
                .then(|| usize::try_from(self.best.unwrap_or(1)).unwrap_or(usize::MAX)),
            disjoint_bound: self.disjoint_bound,
            threads: self.threads,
            split,
            progress: io::stderr().is_terminal(),
            preprocess: self.preprocess,
        }
    }
}

use crate::cli::parse_seconds;
/// Where the problem is read from: standard input (the `stdin` given to
/// [`run`], `<stdin>` in messages) or a file. The same type as the Sudoku
/// program's.
pub use crate::cli::Input;

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
    /// ([`CostSearch::disjoint_bound`]).
    pub disjoint_bound: bool,
    /// Threads for counting (0: one per core; 1: the sequential search).
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

/// Why the problem could not be loaded.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("dlx: cannot open {path}: {error}")]
    Open { path: String, error: io::Error },
    #[error("dlx: {input}: {error}")]
    Read { input: String, error: io::Error },
    /// `ParseError` displays as `LINE:COL: message`.
    #[error("{input}:{error}")]
    Parse {
        input: String,
        error: text::ParseError,
    },
}

impl LoadError {
    fn exit(&self) -> Exit {
        match self {
            LoadError::Open { .. } | LoadError::Read { .. } => Exit::Failure,
            LoadError::Parse { .. } => Exit::BadInput,
        }
    }
}

fn load<R: BufRead>(input: &Input, stdin: R) -> Result<DlxFile, LoadError> {
    let result = match input {
        Input::Stdin => text::read(stdin),
        Input::File(path) => {
            let file = File::open(path).map_err(|error| LoadError::Open {
                path: path.display().to_string(),
                error,
            })?;
            text::read(BufReader::new(file))
        }
    };
    result.map_err(|e| match e {
        ReadError::Parse(error) => LoadError::Parse {
            input: input.to_string(),
            error,
        },
        ReadError::Io(error) => LoadError::Read {
            input: input.to_string(),
            error,
        },
        // `ReadError` is non-exhaustive; a new kind is still a read failure.
        other => LoadError::Read {
            input: input.to_string(),
            error: io::Error::other(other.to_string()),
        },
    })
}

/// Search nodes between two redraws of the progress bar.
const PROGRESS_NODES: u64 = 200_000;

/// Time between two redraws of the progress bar of a count on threads.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Redraws the progress bar: the share of the tree done, solutions, and
/// nodes per second since `start`.
fn show(bar: &indicatif::ProgressBar, done: f64, solutions: u64, nodes: u64, start: Instant) {
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    bar.set_position((done * 1000.0) as u64);
    bar.set_message(format!(
        "{solutions} solutions, {:.1}M nodes/s",
        nodes as f64 / seconds / 1e6
    ));
}

/// A bar on stderr for the share of the tree searched (in thousandths).
fn progress_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(1000);
    let style = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] ~{percent}% of the tree  {msg}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// How the search ended.
struct Finish {
    outcome: Outcome,
    stats: Stats,
    seconds: f64,
}

/// Searches `file`, writing each solution to `out` when `lines` (the text of
/// every option) is given.
fn search<W: Write>(
    config: &Config,
    file: &mut DlxFile,
    lines: Option<&[String]>,
    out: &mut W,
) -> io::Result<Finish> {
    let start = Instant::now();
    let deadline = config.time_limit.and_then(|t| start.checked_add(t));
    if config.split.is_some() || config.threads != 1 {
        let counted = count_in_parts(config, deadline, file, out)?;
        return Ok(Finish {
            outcome: counted.outcome,
            stats: counted.stats,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let mut solver = file.problem.solver();
    solver.set_branching(config.rule);
    solver.set_node_limit(config.max_nodes);
    solver.set_deadline(deadline);
    if let Some(seed) = config.seed {
        // Nothing is forced and nothing searched yet, so it cannot fail.
        solver.set_seed(seed).map_err(io::Error::other)?;
    }
    let limit = config.limit.unwrap_or(u64::MAX);
    let max_nodes = config.max_nodes.unwrap_or(u64::MAX);
    let bar = config.progress.then(progress_bar);
    if lines.is_none() && bar.is_none() {
        // A plain count runs the search loop to the end without stopping at
        // each solution (dom8x8: 13 million stops, 6% of its time).
        let outcome = solver.count(config.limit).outcome;
        return Ok(Finish {
            outcome,
            stats: solver.stats(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let mut found = 0u64;
    let outcome = loop {
        if found >= limit {
            break Outcome::SolutionLimit;
        }
        if let Some(bar) = &bar {
            // Stop every PROGRESS_NODES nodes to redraw (the search resumes
            // where it stopped).
            let nodes = solver.stats().nodes;
            solver.set_node_limit(Some(max_nodes.min(nodes.saturating_add(PROGRESS_NODES))));
            show(bar, solver.progress(), found, nodes, start);
        }
        match solver.next_solution() {
            Step::Found => {
                if let Some(lines) = lines {
                    if found > 0 {
                        out.write_all(b"\n")?;
                    }
                    for o in solver.solution() {
                        out.write_all(lines[o.index()].as_bytes())?;
                        out.write_all(b"\n")?;
                    }
                }
                found += 1;
            }
            Step::Exhausted => break Outcome::Complete,
            Step::NodeLimit if bar.is_some() && solver.stats().nodes < max_nodes => {}
            Step::NodeLimit => break Outcome::NodeLimit,
            Step::Deadline => break Outcome::Deadline,
            Step::Cancelled => break Outcome::Cancelled,
        }
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(Finish {
        outcome,
        stats: solver.stats(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Counts with several threads, or only some parts of the tree (see
/// [`Split`]); lists the parts for [`SplitMode::List`].
fn count_in_parts<W: Write>(
    config: &Config,
    deadline: Option<Instant>,
    file: &mut DlxFile,
    out: &mut W,
) -> io::Result<Counted> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(io::Error::other)?;
    let mine = match config.split {
        None => None,
        Some(split) => {
            let parts = file.problem.cut(split.depth);
            match split.mode {
                SplitMode::List => {
                    writeln!(out, "{}", parts.len())?;
                    for part in &parts {
                        let lines: Vec<String> = part
                            .choices()
                            .iter()
                            .map(|c| match c {
                                Some(o) => file.option_lines[o.index()].to_string(),
                                None => "-".to_string(),
                            })
                            .collect();
                        writeln!(out, "{}", lines.join(" "))?;
                    }
                    return Ok(Counter::new().count_parts(&mut file.problem, &[]));
                }
                SplitMode::Part { index, count } => Some(
                    parts
                        .into_iter()
                        .skip(index)
                        .step_by(count)
                        .collect::<Vec<_>>(),
                ),
            }
        }
    };
    let bar = config.progress.then(progress_bar);
    let start = Instant::now();
    let every = if bar.is_some() {
        PROGRESS_EVERY
    } else {
        Duration::MAX
    };
    let report = |p: &Progress| {
        if let Some(bar) = &bar {
            show(bar, p.done, p.solutions, p.nodes, start);
        }
    };
    let mut counter = Counter::new()
        .branching(config.rule)
        .progress(every, &report);
    if let Some(t) = deadline {
        counter = counter.deadline(t);
    }
    let counted = pool.install(|| match &mine {
        None => counter.count(&mut file.problem),
        Some(parts) => counter.count_cut(&mut file.problem, parts),
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(counted)
}

/// Replaces the problem of `file` by its reduction (`--preprocess`), says
/// on `stderr` what went, and renumbers what is kept of each option (its
/// input line, and its text in `lines`) to the reduced problem's options.
fn preprocess<E: Write>(
    file: &mut DlxFile,
    lines: Option<Vec<String>>,
    stderr: &mut E,
) -> Option<Vec<String>> {
    let start = Instant::now();
    let reduction = file.problem.reduce();
    let seconds = start.elapsed().as_secs_f64();
    let (options, items) = (file.problem.option_count(), file.problem.item_count());
    let _ = writeln!(
        stderr,
        "dlx: preprocessing removed {} of {options} options and {} of {items} items in {seconds:.3} s",
        reduction.removed_options().len(),
        reduction.removed_items().len(),
    );
    if let Some(item) = reduction.infeasible() {
        let _ = writeln!(
            stderr,
            "dlx: preprocessing: item {} cannot be covered, so there is no solution",
            file.item_names[item.index()]
        );
    }
    let kept = reduction.original_options();
    file.option_lines = kept.iter().map(|o| file.option_lines[o.index()]).collect();
    let lines = lines.map(|text| kept.iter().map(|o| text[o.index()].clone()).collect());
    let q = reduction.problem();
    file.item_names = (0..q.item_count())
        .map(|i| file.item_names[reduction.original_item(Item::new(i)).index()].clone())
        .collect();
    file.problem = reduction.into_problem();
    lines
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
    let mut file = match load(&config.input, stdin) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(stderr, "{e}");
            return e.exit();
        }
    };
    for line in &file.ignored_options {
        let _ = writeln!(
            stderr,
            "{}:{line}: option ignored (no primary items)",
            config.input
        );
    }
    // The solver borrows the problem for the whole search, so the option
    // lines to print are made beforehand (and before preprocessing, which
    // keeps the text of the options it keeps).
    let mut lines: Option<Vec<String>> = config.print.then(|| {
        (0..file.problem.option_count())
            .map(|i| file.option_text(OptionId::new(i)))
            .collect()
    });
    if config.preprocess {
        lines = preprocess(&mut file, lines, &mut stderr);
    }
    if let Some(k) = config.min_cost {
        return min_cost(config, k, &file, lines.as_deref(), stdout, stderr);
    }
    let mut out = BufWriter::new(stdout);
    let written = search(config, &mut file, lines.as_deref(), &mut out).and_then(|finish| {
        let listed = matches!(
            config.split,
            Some(Split {
                mode: SplitMode::List,
                ..
            })
        );
        if !config.print && !listed {
            let more = match finish.outcome {
                Outcome::NodeLimit | Outcome::Deadline | Outcome::Cancelled => "+",
                Outcome::Complete | Outcome::SolutionLimit => "",
            };
            writeln!(out, "{}{more}", finish.stats.solutions)?;
        }
        out.flush()?;
        Ok(finish)
    });
    let finish = match written {
        Ok(finish) => finish,
        // The reader has gone (`dlx --print | head`): nothing more to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
        Err(e) => {
            let _ = writeln!(stderr, "dlx: cannot write the output: {e}");
            return Exit::Failure;
        }
    };
    let Stats {
        nodes,
        updates,
        solutions,
    } = finish.stats;
    match finish.outcome {
        Outcome::NodeLimit => {
            let _ = writeln!(stderr, "dlx: search limit reached after {nodes} nodes");
        }
        Outcome::Deadline => {
            let _ = writeln!(stderr, "dlx: time limit reached after {nodes} nodes");
        }
        _ => {}
    }
    if config.stats {
        if finish.outcome == Outcome::SolutionLimit {
            let _ = writeln!(
                stderr,
                "dlx: stopped at the limit of {solutions} solutions (there may be more)"
            );
        }
        let _ = writeln!(
            stderr,
            "solutions={solutions} nodes={nodes} updates={updates} seconds={:.3}",
            finish.seconds
        );
    }
    match finish.outcome {
        Outcome::NodeLimit => Exit::NodeLimit,
        Outcome::Deadline | Outcome::Cancelled => Exit::TimeLimit,
        Outcome::Complete | Outcome::SolutionLimit => Exit::Success,
    }
}

/// The min-cost search of `--min-cost`: the `k` least costs, and with
/// `--print` a solution of each.
fn min_cost<W: Write, E: Write>(
    config: &Config,
    k: usize,
    file: &DlxFile,
    lines: Option<&[String]>,
    stdout: W,
    mut stderr: E,
) -> Exit {
    let start = Instant::now();
    let report = match CostSearch::new(&file.problem)
        .best(k)
        .node_limit(config.max_nodes)
        .deadline(config.time_limit.and_then(|t| start.checked_add(t)))
        .disjoint_bound(config.disjoint_bound)
        .run()
    {
        Ok(report) => report,
        Err(e) => {
            let _ = writeln!(stderr, "dlx: {}: {e}", config.input);
            return Exit::BadInput;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let stopped = matches!(
        report.outcome,
        Outcome::NodeLimit | Outcome::Deadline | Outcome::Cancelled
    );
    let mut out = BufWriter::new(stdout);
    let written = (|| -> io::Result<()> {
        if report.solutions.is_empty() {
            let none = if stopped {
                "no solution found"
            } else {
                "no solution"
            };
            writeln!(out, "{none}")?;
        }
        for (i, solution) in report.solutions.iter().enumerate() {
            if config.print && i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{}", solution.cost)?;
            if let Some(lines) = lines {
                for &o in &solution.options {
                    writeln!(out, "{}", lines[o.index()])?;
                }
            }
        }
        out.flush()
    })();
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
        Err(e) => {
            let _ = writeln!(stderr, "dlx: cannot write the output: {e}");
            return Exit::Failure;
        }
    }
    let Stats {
        nodes,
        updates,
        solutions,
    } = report.stats;
    if stopped {
        let limit = if report.outcome == Outcome::NodeLimit {
            "search"
        } else {
            "time"
        };
        let _ = writeln!(
            stderr,
            "dlx: {limit} limit reached after {nodes} nodes (the costs found may not be the least)"
        );
    }
    if config.stats {
        let _ = writeln!(
            stderr,
            "solutions={solutions} nodes={nodes} updates={updates} seconds={seconds:.3}"
        );
    }
    match report.outcome {
        Outcome::NodeLimit => Exit::NodeLimit,
        Outcome::Deadline | Outcome::Cancelled => Exit::TimeLimit,
        Outcome::Complete | Outcome::SolutionLimit => Exit::Success,
    }
}
