//! The command line of `dlx`: clap's view of it ([`Args`]) and the
//! [`Config`] it asks for.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use dlx_core::Branching;

use super::help::AFTER_SHORT_HELP;
use super::{Config, Input, Memo, Split, SplitMode};
use crate::programs::common::{parse_seconds, rule_parser, threads_parser};

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
    after_help = AFTER_SHORT_HELP
)]
pub struct Args {
    /// The problem files, answered one after another; '-' or nothing reads
    /// standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Print every solution (or the first N with --limit) instead of the count.
    #[arg(short, long)]
    print: bool,

    /// With --print: start each option line with its line number in the
    /// input, 'LINE: ' (as grep -n).
    #[arg(short = 'n', long, requires = "print")]
    line_numbers: bool,

    /// Start every output line with 'SOURCE:LINE: ', the input and the line
    /// it concerns (an option's own line; the item line for a count or a
    /// cost), as dlx-sudoku -H and grep -H -n do. On when several FILEs are
    /// given.
    #[arg(short = 'H', long)]
    with_filename: bool,

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

    /// The rule that picks the item to branch on (dlx1 by default). Every
    /// rule finds the same solutions; only dlx1 counts nodes and updates as
    /// Knuth's programs do. On colored problems short and degree scan as
    /// up-to-one does; bounded problems follow DLX3 under every rule.
    #[arg(long, value_name = "NAME", value_parser = rule_parser())]
    rule: Option<Branching>,

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

    /// Count on N threads (0: one per core; at most 256). Counting only:
    /// not with --print, --limit or --max-nodes. The count is the one-thread
    /// run's; see 'Threads' below for the statistics.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1,
          value_parser = threads_parser(),
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

    /// Count by the memoised search (DXZ): each subproblem, known by the
    /// items left, is searched once and its solutions kept as a node of a
    /// decision diagram; counts are exact up to 2^128. Colors are taken,
    /// multiplicities are not; --rule picks the item choice (dlx1 by
    /// default, and for fast). Fast where the same items are often left
    /// after different choices (tilings); where they rarely are (Sudoku,
    /// queens, Latin squares) a count goes on by the plain search.
    #[arg(long, conflicts_with_all = ["min_cost", "best", "disjoint_bound", "threads", "split_depth", "list_parts", "part", "limit", "max_nodes", "print", "line_numbers"])]
    memo: bool,

    /// With --memo: print N solutions drawn uniformly at random from all
    /// of them (N >= 1; with --seed S for the draws, default 0), a blank
    /// line between two. No solution to draw is status 1, as for --print.
    #[arg(long, value_name = "N", requires = "memo",
          value_parser = clap::value_parser!(u64).range(1..))]
    sample: Option<u64>,

    /// With --memo: write the decision diagram to FILE as text (a line
    /// 'zdd NODES ROOT', then 'ID OPTION LO HI' per node, OPTION the
    /// option's 0-based index in the input, also under --preprocess; node 0
    /// no solution, node 1 the empty one). FILE is checked before the
    /// search (one input only, not an input, a folder that takes it) and
    /// written when the search ends; '-' writes the diagram to standard
    /// output in place of the count.
    #[arg(long, value_name = "FILE", requires = "memo")]
    zdd: Option<PathBuf>,

    /// With --memo: the memory the memo and the decision diagram may take,
    /// in MiB (default 2048): the memo keeps no more subproblems than half
    /// of it holds (the count stays exact), and the search stops with
    /// status 1 when the diagram outgrows the other half.
    #[arg(long, value_name = "MIB", requires = "memo", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    memo_memory: Option<u64>,

    /// Preprocess first, as Knuth's DLX-PRE: remove the options that are in
    /// no solution and the items that constrain nothing, say so in one line
    /// on standard error, then search the reduced problem (same solutions,
    /// printed as the input's options).
    #[arg(long)]
    preprocess: bool,
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
        let with_filename = self.with_filename || self.files.len() > 1;
        let inputs = Input::all(self.files);
        let split = self.split_depth.map(|depth| Split {
            depth,
            mode: match self.part {
                Some((index, count)) => SplitMode::Part { index, count },
                None if self.list_parts => SplitMode::List,
                None => SplitMode::Part { index: 0, count: 1 },
            },
        });
        Config {
            inputs,
            print: self.print,
            line_numbers: self.line_numbers,
            with_filename,
            limit: self.limit,
            max_nodes: self.max_nodes,
            time_limit: self.time_limit,
            seed: self.seed,
            rule: self.rule.unwrap_or(Branching::MinLength),
            stats: self.stats,
            min_cost: self
                .min_cost
                .then(|| usize::try_from(self.best.unwrap_or(1)).unwrap_or(usize::MAX)),
            disjoint_bound: self.disjoint_bound,
            threads: self.threads,
            split,
            progress: io::stderr().is_terminal(),
            preprocess: self.preprocess,
            memo: self.memo.then(|| Memo {
                rule: self.rule,
                sample: self.sample,
                seed: self.seed.unwrap_or(0),
                zdd: self.zdd,
                memory: self
                    .memo_memory
                    .map_or(dlx_core::memo::DEFAULT_MEMO_MEMORY, |mib| {
                        usize::try_from(mib << 20).unwrap_or(usize::MAX)
                    }),
            }),
        }
    }
}
