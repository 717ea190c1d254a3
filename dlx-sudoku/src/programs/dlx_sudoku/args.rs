//! The command line of `dlx-sudoku`: clap's view of it ([`Args`]) and its
//! validation into a [`Config`].

use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Parser, Subcommand};
use dlx_core::Branching;

use super::help::{
    after_help, after_short_help, generate_help, rate_help, GENERATE_SHORT_HELP, RATE_SHORT_HELP,
    SEE_MAIN,
};
use super::{Command, Config, GenerateConfig, Input, COUNT_PROGRESS};
use crate::format::Format;
use crate::generate::{self, Symmetry};
use crate::plural::Plural;
use crate::programs::common::{named, parse_seconds, rule_parser, threads_parser};
use crate::rate::{self, Level};
use crate::variant::{Regions, Variant, MAX_REGIONS_BYTES};

/// Command-line arguments of `dlx-sudoku`, as clap parses them;
/// [`Args::config`] validates them into a [`Config`]. Numeric options take
/// negative numbers as values (`allow_negative_numbers`), so that
/// `--time-limit -1` is refused for its value, not as an unknown flag `-1`.
#[derive(Clone, Debug, Parser)]
#[command(
    name = "dlx-sudoku",
    version,
    about = "Solve, count, check, rate, explain and generate Sudoku puzzles with Dancing Links",
    long_about = "Solve, count, check, rate, explain and generate Sudoku puzzles (4x4 to 25x25; \
                  classic, X-Sudoku and jigsaw) with Dancing Links. \
                  Reads the files given, or standard input, in any of the judge formats \
                  (POJ 3074, POJ 2676, HDU 1426, POJ 3076, LeetCode 37, plain grids) and \
                  writes one result per puzzle in the same format.",
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
    #[command(after_help = SEE_MAIN)]
    Solve(SolveArgs),
    /// Print the number of solutions of each puzzle.
    #[command(after_help = SEE_MAIN)]
    Count {
        /// Stop counting at N solutions; the line then reads 'N+'.
        #[arg(allow_negative_numbers = true, short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Say for each puzzle whether it is well formed, consistent and
    /// uniquely solvable, and why not.
    #[command(after_help = SEE_MAIN)]
    Check {
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Rate each puzzle's difficulty as players do: a level, the score and
    /// the hardest technique needed (or search, above every technique).
    #[command(after_help = RATE_SHORT_HELP)]
    Rate {
        /// Relabellings per puzzle that needs search (its score is the
        /// mean work over them).
        #[arg(allow_negative_numbers = true, long, value_name = "N", default_value_t = rate::DEFAULT_SAMPLES,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
        samples: usize,
        /// Seed of the relabellings.
        #[arg(
            allow_negative_numbers = true,
            long,
            value_name = "S",
            default_value_t = 0
        )]
        seed: u64,
        /// Puzzles rated, mean score and level counts on stderr at the end.
        #[arg(long)]
        summary: bool,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Print the logical steps that solve each puzzle, in players' words,
    /// until it is solved or logic runs out.
    #[command(after_help = SEE_MAIN)]
    Explain {
        /// Before each step, the board with its pencil marks (each open
        /// cell's candidates; columns as wide as their widest cell).
        #[arg(long)]
        candidates: bool,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Print the next logical step of each puzzle.
    #[command(after_help = SEE_MAIN)]
    Hint {
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Generate puzzles with exactly one solution.
    #[command(after_help = GENERATE_SHORT_HELP)]
    Generate(GenerateArgs),
}

/// Arguments of `generate`.
#[derive(Clone, Debug, clap::Args)]
struct GenerateArgs {
    /// Number of puzzles.
    #[arg(
        allow_negative_numbers = true,
        short = 'n',
        long,
        value_name = "N",
        default_value_t = 1
    )]
    count: u64,
    /// Seed: the same seed (and options) gives the same puzzles (default:
    /// from the clock).
    #[arg(allow_negative_numbers = true, long, value_name = "S")]
    seed: Option<u64>,
    /// Board side: 4, 9, 16 or 25 (default 9, or the regions' side).
    #[arg(long, value_name = "SIDE", value_parser = ["4", "9", "16", "25"])]
    size: Option<String>,
    /// Every clue is needed: removing any one loses uniqueness.
    #[arg(long)]
    minimal: bool,
    /// Symmetry of the clue pattern.
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = named::<Symmetry>())]
    symmetry: Symmetry,
    /// Target number of clues.
    #[arg(allow_negative_numbers = true, long, value_name = "K")]
    clues: Option<usize>,
    /// Only puzzles that `rate` puts at this level.
    #[arg(long, value_name = "LEVEL", value_parser = named::<Level>())]
    level: Option<Level>,
    /// Grids to try per puzzle when a goal (--clues, --minimal, --level) is
    /// missed (default: 1000 for 4x4 and 9x9, 100 with --level extreme,
    /// 20 for 16x16, 3 for 25x25).
    #[arg(allow_negative_numbers = true, long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    attempts: Option<usize>,
    /// Output format (default: line; the formats: dlx-sudoku --help).
    #[arg(short, long, value_name = "FORMAT", hide_possible_values = true,
          value_parser = named::<Format>())]
    output: Option<Format>,
    #[command(flatten)]
    variant: VariantArgs,
    /// Seed and per-puzzle statistics (clues, grids tried, time) on stderr.
    #[arg(short, long)]
    stats: bool,
    /// Stop the whole run after SECS seconds (a decimal number): puzzles
    /// finished are printed, one under way as far as it got, and the exit
    /// status is 1.
    #[arg(allow_negative_numbers = true, long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Generate on N threads (0, the default: one per core; at most 256).
    /// The puzzles do not depend on it.
    #[arg(allow_negative_numbers = true, short = 'j', long, value_name = "N", default_value_t = 0,
          value_parser = threads_parser())]
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
                let text = read_regions(path).map_err(|e| {
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

/// The first [`MAX_REGIONS_BYTES`] + 1 bytes of the regions file at
/// `path`, enough for [`Regions::parse`] to refuse a longer one (a regions
/// file of `/dev/zero` once took 8 GB).
fn read_regions(path: &Path) -> io::Result<Vec<u8>> {
    let mut text = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_REGIONS_BYTES as u64 + 1)
        .read_to_end(&mut text)?;
    Ok(text)
}

/// Arguments of `solve`.
#[derive(Clone, Debug, clap::Args)]
struct SolveArgs {
    /// Output format (default: the input's; the formats: dlx-sudoku --help).
    #[arg(short, long, value_name = "FORMAT", hide_possible_values = true,
          value_parser = named::<Format>())]
    output: Option<Format>,
    /// Print 'multiple solutions' (and fail) for a puzzle with several
    /// solutions instead of its first one.
    #[arg(short, long)]
    unique: bool,
    #[command(flatten)]
    common: CommonArgs,
}

/// Arguments every subcommand takes.
#[derive(Clone, Debug, clap::Args)]
struct CommonArgs {
    /// Puzzle files; '-' or nothing reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Input format (default: detected from the start of each input; the
    /// formats: dlx-sudoku --help).
    #[arg(short, long, value_name = "FORMAT", hide_possible_values = true,
          value_parser = named::<Format>())]
    format: Option<Format>,
    /// Stop each puzzle's search after N search nodes.
    #[arg(allow_negative_numbers = true, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// The rule the search chooses items by: degree (the default) or
    /// another of dlx's (dlx --help lists them); every rule finds the same
    /// solutions, in trees of other sizes.
    #[arg(long, value_name = "NAME", value_parser = rule_parser())]
    rule: Option<Branching>,
    /// Stop the work on each puzzle after SECS seconds (a decimal number,
    /// e.g. 0.5), all its searches together (rate's relabellings, the
    /// uniqueness checks of check, explain and hint) and explain's logic;
    /// the puzzle is then answered 'search limit reached', as with
    /// --max-nodes (explain keeps the steps it found).
    #[arg(allow_negative_numbers = true, long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Per-puzzle and total statistics (nodes, updates, guesses, time) on stderr.
    #[arg(short, long)]
    stats: bool,
    /// Solve on N threads (0, the default: one per core; at most 256).
    /// Output stays in input order.
    #[arg(allow_negative_numbers = true, short = 'j', long, value_name = "N", default_value_t = 0,
          value_parser = threads_parser())]
    threads: usize,
    /// Prefix each output line with the input and line of its puzzle
    /// ('SOURCE:LINE: ').
    #[arg(short = 'H', long)]
    with_filename: bool,
    #[command(flatten)]
    variant: VariantArgs,
}

impl Args {
    /// Parses `argv` (the program's name first) as clap does, exiting with
    /// clap's message and status 2 on a usage error, except that a flag
    /// given without (or with the wrong) subcommand, `dlx-sudoku --limit 2
    /// FILE`, is answered with the subcommand that takes it and the command
    /// line that would work (clap's own tip, "to pass '--limit' as a value,
    /// use '-- --limit'", misleads there).
    pub fn parse_command_line(argv: Vec<std::ffi::OsString>) -> Args {
        use clap::{CommandFactory, FromArgMatches};
        // The texts people read (the help, the usage errors) are made
        // only when the arguments fail to parse or ask for help: on
        // every other run the plain command parses them (issue 39: the
        // texts made from the tables cost more than the parse).
        let parsed = Args::command()
            .try_get_matches_from(&argv)
            .and_then(|m| Args::from_arg_matches(&m))
            .or_else(|_| {
                Args::for_people()
                    .try_get_matches_from(&argv)
                    .and_then(|m| Args::from_arg_matches(&m))
            });
        match parsed {
            Ok(args) => {
                if let Some(message) = args.subcommand_as_file(&argv) {
                    eprintln!("error: {message}");
                    std::process::exit(2);
                }
                args
            }
            Err(e) => match misplaced(&e, &argv) {
                Some(message) => {
                    eprintln!("error: {message}");
                    std::process::exit(2);
                }
                None => e.exit(),
            },
        }
    }

    /// Without a subcommand, a file named as a subcommand that does not
    /// exist (`dlx-sudoku -j 2 check FILE`: clap takes a subcommand after
    /// an option for a file): the message that puts it first. A file of
    /// that name that exists is read as asked.
    fn subcommand_as_file(&self, argv: &[std::ffi::OsString]) -> Option<String> {
        if self.command.is_some() {
            return None;
        }
        use clap::CommandFactory;
        // The command is made only for a file that is missing anyway.
        let mut missing = self
            .solve
            .common
            .files
            .iter()
            .filter(|f| f.as_os_str() != "-" && !f.exists());
        let command = missing.clone().next().map(|_| Args::command())?;
        let name = missing.find_map(|f| {
            let name = f.to_str()?;
            command.find_subcommand(name).is_some().then_some(name)
        })?;
        let mut rest = Vec::new();
        let mut moved = false;
        for a in argv.iter().skip(1) {
            let a = a.to_string_lossy();
            if !moved && a == name {
                moved = true;
            } else {
                rest.push(a);
            }
        }
        Some(format!(
            "`{name}` is a subcommand, which comes first: dlx-sudoku {name} {}",
            rest.join(" ")
        ))
    }

    /// The command as people see it: its help texts (the lists in them
    /// made from the tables of names) and the short `-h`
    /// ([`short_help`](crate::programs::common::short_help)).
    pub fn for_people() -> clap::Command {
        use clap::CommandFactory;
        let command = Args::command()
            .after_help(after_short_help())
            .after_long_help(after_help())
            .mut_subcommand("rate", |sub| sub.after_long_help(rate_help()))
            .mut_subcommand("generate", |sub| sub.after_long_help(generate_help()));
        crate::programs::common::short_help(command)
    }

    /// The validated configuration these arguments ask for.
    ///
    /// # Errors
    /// A message when the arguments are inconsistent (a size that the
    /// regions contradict) or a regions file cannot be read or is
    /// malformed.
    pub fn config(self) -> Result<Config, String> {
        let mut unique = false;
        let mut candidates = false;
        let (command, common, output) = match self.command {
            None => {
                unique = self.solve.unique;
                (Command::Solve, self.solve.common, self.solve.output)
            }
            Some(Sub::Solve(s)) => {
                unique = s.unique;
                (Command::Solve, s.common, s.output)
            }
            Some(Sub::Explain {
                candidates: marks,
                common,
            }) => {
                candidates = marks;
                (Command::Explain, common, None)
            }
            Some(Sub::Hint { common }) => (Command::Hint, common, None),
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
        let inputs = Input::all(common.files);
        Ok(Config {
            command,
            inputs,
            format: common.format,
            output,
            max_nodes: common.max_nodes,
            rule: common.rule.unwrap_or(Branching::ShortFirstDegree),
            time_limit: common.time_limit,
            stats: common.stats,
            threads: common.threads,
            variant,
            progress: io::stderr().is_terminal(),
            interactive: io::stdin().is_terminal(),
            with_filename: common.with_filename,
            unique,
            candidates,
            count_progress: Some(COUNT_PROGRESS),
        })
    }
}

/// For an unknown flag that another subcommand takes: which one takes it,
/// and the command line with that subcommand first (in place of the one
/// given, if any). A subcommand written after an option (`dlx-sudoku -j 2
/// count --limit 2`) is taken as a file; it is moved to the front.
fn misplaced(e: &clap::Error, argv: &[std::ffi::OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(flag)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let flag = flag.split('=').next().unwrap_or(flag);
    let takes = |a: &clap::Arg| match flag.strip_prefix("--") {
        Some(long) => a.get_long() == Some(long),
        None => {
            flag.len() == 2 && a.get_short().map(String::from) == flag.get(1..).map(String::from)
        }
    };
    let command = Args::for_people();
    let words: Vec<String> = argv
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .take_while(|a| a != "--")
        .collect();
    let at = words
        .iter()
        .position(|a| command.find_subcommand(a).is_some());
    let given = at.map(|i| words[i].as_str());
    let owners: Vec<&str> = command
        .get_subcommands()
        .filter(|sub| sub.get_arguments().any(takes))
        .map(|sub| sub.get_name())
        .collect();
    let (owners, why) = match given {
        // Written, but after an option: clap took it for a file.
        Some(g) if owners.contains(&g) && at != Some(0) => (vec![g], ", which comes first"),
        _ => (
            owners.into_iter().filter(|&o| Some(o) != given).collect(),
            "",
        ),
    };
    let first = owners.first()?;
    let rest: Vec<&str> = argv
        .iter()
        .skip(1)
        .enumerate()
        .filter(|&(i, _)| Some(i) != at)
        .filter_map(|(_, a)| a.to_str())
        .collect();
    let names: Vec<String> = owners.iter().map(|o| format!("`{o}`")).collect();
    Some(format!(
        "{flag} belongs to {}{why}: dlx-sudoku {first} {}",
        names.join(" and "),
        rest.join(" ")
    ))
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
                "dlx-sudoku: --clues {k} is more than the {} of a {side}x{side} board",
                Plural((side * side) as u64, "cell")
            ));
        }
        // The fewest clues a classic puzzle with one solution can have: 4
        // on 4x4; 17 on 9x9 (McGuire, Tugemann and Civario's exhaustive
        // search for a 16-clue puzzle, 2012). Diagonals and regions change
        // the bound, and no other is known, so only classic boards are
        // refused.
        let fewest = match side {
            4 => 4,
            9 => 17,
            _ => 0,
        };
        let classic =
            self.variant.regions.is_none() && self.variant.variant == VariantKind::Classic;
        if let Some(k) = self.clues.filter(|&k| classic && k < fewest) {
            return Err(format!(
                "dlx-sudoku: --clues {k}: no {side}x{side} puzzle with fewer than {fewest} clues \
                 has exactly one solution (ask for {fewest} or more)"
            ));
        }
        if let Some((format, only)) = self
            .output
            .and_then(|f| Some(f).zip(f.only_side()))
            .filter(|(f, _)| !f.writes(side))
        {
            return Err(format!(
                "dlx-sudoku: --output {format} writes {only}x{only} boards only, not {side}x{side} \
                 (add --size {only}, or choose another format)"
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
                    level: self.level,
                },
            }),
            inputs: Vec::new(),
            format: None,
            output: self.output,
            max_nodes: None,
            rule: Branching::ShortFirstDegree,
            time_limit: self.time_limit,
            stats: self.stats,
            threads: self.threads,
            variant,
            progress: false,
            interactive: false,
            with_filename: false,
            unique: false,
            candidates: false,
            count_progress: Some(COUNT_PROGRESS),
        })
    }
}
