//! What the two programs, `dlx-sudoku` ([`crate::cli`]) and `dlx`
//! ([`crate::xc`]), share on their command lines: where input comes from,
//! and how a number of seconds is written.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

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
