//! Usage errors that say what the user likely meant: clap's tip for an
//! unknown flag ("to pass '--count' as a value, use '-- --count'") sends
//! a newcomer the wrong way, so it is replaced by one about `dlx`.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches};

use super::Args;
use crate::programs::dlx_sudoku::short_help;

/// The arguments of this process, or the end of it with clap's usage
/// error (status 2), whose tip for an unknown flag is `dlx`'s own. `-h`
/// fits a screen ([`short_help`]); `--help` has every text in full.
pub fn parse_args() -> Args {
    // The texts people read are made only when the arguments fail to
    // parse or ask for help (see `for_people`).
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    Args::command()
        .try_get_matches_from(&argv)
        .and_then(|matches| Args::from_arg_matches(&matches))
        .or_else(|_| {
            for_people()
                .try_get_matches_from(&argv)
                .and_then(|matches| Args::from_arg_matches(&matches))
        })
        .unwrap_or_else(|e| explain(e).exit())
}

/// The command as people see it: the long help's text after the options
/// (its lists made from the tables of names) and the short `-h`
/// ([`short_help`]).
pub fn for_people() -> clap::Command {
    short_help(Args::command().after_long_help(super::help::after_help()))
}

/// `e` with clap's tip for an unknown flag replaced by `dlx`'s own: what
/// the flag was likely meant for (`--count`: `dlx` counts by default;
/// `--format`: Sudoku goes to `dlx-sudoku`), or no tip at all (the usage
/// line and `--help` are said anyway). clap's suggestion of a similar
/// flag stays.
pub fn explain(e: clap::Error) -> clap::Error {
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return e;
    };
    let mut cmd = for_people();
    let mut better = clap::Error::new(ErrorKind::UnknownArgument).with_cmd(&cmd);
    better.insert(ContextKind::InvalidArg, ContextValue::String(arg.clone()));
    if let Some(similar) = e.get(ContextKind::SuggestedArg) {
        better.insert(ContextKind::SuggestedArg, similar.clone());
    }
    if let Some(tip) = hint(arg) {
        better.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    better.insert(
        ContextKind::Usage,
        ContextValue::StyledStr(cmd.render_usage()),
    );
    better
}

/// What a flag that `dlx` does not know was likely meant for.
fn hint(arg: &str) -> Option<&'static str> {
    let name = arg.split('=').next().unwrap_or(arg);
    Some(match name {
        "--count" | "-c" => "dlx counts by default: 'dlx FILE' prints the number of solutions",
        "--solve" | "--all" | "--solutions" | "--list" => {
            "'dlx --print FILE' prints the solutions (--limit N the first N)"
        }
        "--unique" | "--check" => {
            "'dlx --limit 2 FILE' counts at most 2 solutions: 2 means more than one"
        }
        "--format" | "--output" | "--variant" | "--regions" | "--level" | "--clues" => {
            "dlx reads Knuth's DLX text; Sudoku puzzles go to dlx-sudoku (see dlx-sudoku --help)"
        }
        "--timeout" | "--time" => "the flag is --time-limit SECS",
        "--nodes" | "--node-limit" => "the flag is --max-nodes N",
        "--cost" | "--mincost" | "--min_cost" => "the flag is --min-cost",
        _ => return None,
    })
}
