//! What the two programs, `dlx-sudoku` ([`crate::programs::dlx_sudoku`]) and `dlx`
//! ([`crate::programs::dlx`]), share on their command lines: where input comes from,
//! how a number of seconds is written, and how many threads `-j` may ask
//! for.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use dlx_core::Branching;

use crate::names::Named;

/// The most threads `-j N` may ask for, in both programs (`-j 0` means one
/// per core, whatever their number).
pub use dlx_core::parallel::MAX_THREADS;

/// Parses the `N` of `-j N`: 0 to [`MAX_THREADS`]; a larger number is a
/// usage error (status 2).
pub(crate) fn threads_parser() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS as u64)
}

/// The value parser of a value named in a table ([`Named::NAMES`]): the
/// names and aliases it accepts, and the help line of each, come from the
/// table.
pub(crate) fn named<T: Named + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::NAMES.iter().map(|n| {
        PossibleValue::new(n.name)
            .aliases(n.aliases.iter().copied())
            .help(n.about)
    });
    // The parser passes only the names and aliases of the table on.
    PossibleValuesParser::new(values).map(|name| T::from_name(&name).expect("a name of the table"))
}

/// The value parser of `--rule`, from [`Branching::TABLE`] as [`named`]
/// does for the tables of this crate.
pub(crate) fn rule_parser() -> impl TypedValueParser<Value = Branching> {
    let values = Branching::TABLE
        .iter()
        .map(|r| PossibleValue::new(r.name).help(r.about));
    PossibleValuesParser::new(values)
        .map(|name| Branching::from_name(&name).expect("a name of the table"))
}

/// A pool of `threads` threads (0: one per core), at most [`MAX_THREADS`]
/// whatever a library caller's `Config` asks for.
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.min(MAX_THREADS))
        .build()
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

impl Input {
    /// The inputs the command line names: `-` is standard input, and no
    /// file at all means standard input alone.
    pub(crate) fn all(files: Vec<PathBuf>) -> Vec<Input> {
        if files.is_empty() {
            return vec![Input::Stdin];
        }
        files
            .into_iter()
            .map(|p| {
                if p == std::path::Path::new("-") {
                    Input::Stdin
                } else {
                    Input::File(p)
                }
            })
            .collect()
    }
}

/// Parses a non-negative number of seconds (`--time-limit` of both
/// programs).
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("{text}: expected a number of seconds from 0 to about 10^19"))
}

/// Was standard output closed when the program started (`prog >&-`)?
///
/// std opens `/dev/null` in place of a closed standard descriptor before
/// `main`, so every write would succeed and the output be lost with status
/// 0. Both programs ask this first and end with status 2 instead. Once
/// `main` runs, a closed descriptor can no longer be told from a
/// `/dev/null` opened read-write (as Python's `subprocess.DEVNULL` does),
/// so on Linux the descriptor is looked at before std's start-up code, by
/// a function in the executable's `.init_array`; elsewhere this says
/// `false`.
pub fn stdout_lost() -> bool {
    #[cfg(target_os = "linux")]
    {
        early::stdout_closed()
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// The look at standard output before `main` (see [`stdout_lost`]): the
/// crate's only unsafe code, two lines that name a descriptor number
/// without owning it.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod early {
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Was descriptor 1 closed when the process started?
    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Runs before std's start-up code (which would open `/dev/null` on
    /// descriptor 1 if it is closed): asks the kernel whether descriptor 1
    /// is open. It touches nothing of std but an atomic.
    extern "C" fn look() {
        // SAFETY: descriptor 1 is only asked about with fcntl(F_GETFD),
        // never read, written, owned or closed; a closed one gives EBADF.
        let fd = unsafe { rustix::fd::BorrowedFd::borrow_raw(1) };
        CLOSED.store(rustix::io::fcntl_getfd(fd).is_err(), Ordering::Relaxed);
    }

    /// The loader calls the functions of `.init_array` before `main`.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK: extern "C" fn() = look;

    pub(super) fn stdout_closed() -> bool {
        // Naming LOOK keeps it (and so its `.init_array` entry) in every
        // program that asks.
        std::hint::black_box(&LOOK);
        CLOSED.load(Ordering::Relaxed)
    }
}

/// The message of a run whose standard output was closed (see
/// [`stdout_lost`]), after the program's name.
pub const STDOUT_LOST: &str = "cannot write the output: standard output is closed";

/// The widest a help line of `-h` should be, past the option's name.
const SHORT_HELP: usize = 50;

/// `command` with a `-h` that fits a screen: each argument's help and each
/// subcommand's summary cut to its first clause, the whole kept for
/// `--help` (clap shows `help` for `-h`, `long_help` for `--help`). The
/// texts are written once, in full; both programs parse with this.
pub fn short_help(command: clap::Command) -> clap::Command {
    let shorten_arg = |a: clap::Arg| {
        let Some(help) = a.get_help().map(ToString::to_string) else {
            return a;
        };
        let short = first_clause(&help);
        if short == help {
            return a;
        }
        let long = a.get_long_help().map_or(help, ToString::to_string);
        a.help(short).long_help(long)
    };
    command.mut_args(shorten_arg).mut_subcommands(|sub| {
        let sub = sub.mut_args(shorten_arg);
        let Some(about) = sub.get_about().map(ToString::to_string) else {
            return sub;
        };
        let short = first_clause(&about);
        if short == about {
            return sub;
        }
        let long = sub.get_long_about().map_or(about, ToString::to_string);
        sub.about(short).long_about(long)
    })
}

/// The start of `text` up to its first clause's end (`; `, ` (`, `. `
/// past the first few words), at most [`SHORT_HELP`] characters (cut at a
/// word), and never inside parentheses.
fn first_clause(text: &str) -> String {
    let end = ["; ", " (", ". ", ", the "]
        .iter()
        .filter_map(|stop| text.match_indices(stop).map(|(i, _)| i).find(|&i| i >= 28))
        .min()
        .unwrap_or(text.len());
    let mut short = text[..end].trim_end_matches('.').to_string();
    let long = short.chars().count() > SHORT_HELP;
    if long {
        let cut: String = short.chars().take(SHORT_HELP).collect();
        short.truncate(cut.rfind(' ').unwrap_or(cut.len()));
    }
    // An opened parenthesis that the cut leaves open: cut before it.
    let mut depth = 0i32;
    let mut open_at = None;
    for (i, c) in short.char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    open_at = Some(i);
                }
                depth += 1;
            }
            ')' => depth -= 1,
            _ => {}
        }
    }
    if depth > 0 {
        if let Some(i) = open_at {
            short.truncate(i);
        }
    }
    let short = short
        .trim_end()
        .trim_end_matches([',', ';', ':'])
        .to_string();
    if long && short.len() < text.len() {
        format!("{short}...")
    } else {
        short
    }
}
