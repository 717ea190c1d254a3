//! What the two programs, `dlx-sudoku` ([`crate::cli`]) and `dlx`
//! ([`crate::xc`]), share on their command lines: where input comes from,
//! how a number of seconds is written, and how many threads `-j` may ask
//! for.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::RangedU64ValueParser;

/// The most threads `-j N` may ask for, in both programs (`-j 0` means one
/// per core, whatever their number). A pool is built with the number asked
/// for, and each thread reserves its stack: 256 is above the hardware
/// threads of today's largest common servers (two 64-core processors with
/// two threads a core) and still starts in milliseconds, while `-j 100000`
/// made thousands of threads and never finished starting them.
pub const MAX_THREADS: usize = 256;

/// Parses the `N` of `-j N`: 0 to [`MAX_THREADS`]; a larger number is a
/// usage error (status 2).
pub(crate) fn threads_parser() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS as u64)
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
/// std opens `/dev/null` read-write in place of a closed standard
/// descriptor, so every write would succeed and the output be lost with
/// status 0. Both programs ask this first and end with status 2 instead. A
/// redirection to `/dev/null` (`> /dev/null`) opens it write-only and is
/// not taken for a closed output; `1<> /dev/null` is (it reads as one).
pub fn stdout_lost() -> bool {
    #[cfg(unix)]
    {
        use rustix::fs::{fcntl_getfl, fstat, FileType, OFlags};
        use std::os::unix::fs::MetadataExt;

        let out = std::io::stdout();
        let (Ok(flags), Ok(stat)) = (fcntl_getfl(&out), fstat(&out)) else {
            // Not even /dev/null: closed after all.
            return true;
        };
        let null = std::fs::metadata("/dev/null").map(|m| m.rdev());
        // `st_rdev` is a u64 on Linux, narrower on some other systems.
        #[allow(clippy::unnecessary_cast)]
        let rdev = stat.st_rdev as u64;
        flags & OFlags::ACCMODE == OFlags::RDWR
            && FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
            && null.is_ok_and(|null| null == rdev)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// The message of a run whose standard output was closed (see
/// [`stdout_lost`]), after the program's name.
pub const STDOUT_LOST: &str = "cannot write the output: standard output is closed";
