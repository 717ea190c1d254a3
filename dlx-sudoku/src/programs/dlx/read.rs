//! Reading the problem: the file or standard input, the warnings about
//! options that can never be chosen, and `--preprocess` (Knuth's DLX-PRE).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::time::Instant;

use dlx_core::text::{self, DlxFile, ReadError};
use dlx_core::{Item, OptionId};

use super::{print, Config, Exit, Input};
use crate::plural::Plural;

/// A problem as read, and preprocessed if asked.
pub(super) struct Read {
    /// The problem (reduced under `--preprocess`).
    pub(super) file: DlxFile,
    /// The text of each of its options, when they are to be printed.
    pub(super) lines: Option<Vec<String>>,
    /// Under `--preprocess`, the input's index of each option kept (for
    /// what names options by their index in the input, `--zdd`).
    pub(super) original: Option<Vec<OptionId>>,
}

/// Reads the problem of `input`, warns on `stderr` about the options it
/// ignores, and preprocesses it if `config` asks. Returns the problem with
/// the text of each of its options when they are to be printed, or the
/// status of the input (the error already said).
pub(super) fn problem<R: BufRead, E: Write>(
    config: &Config,
    input: &Input,
    stdin: R,
    stderr: &mut E,
) -> Result<Read, Exit> {
    let mut file = match load(input, stdin) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(stderr, "{e}");
            if let (LoadError::Parse { .. }, Input::File(path)) = (&e, input) {
                if looks_like_sudoku(path) {
                    let _ = writeln!(
                        stderr,
                        "dlx: {input} looks like Sudoku puzzles, not a DLX problem: 'dlx-sudoku {input}' solves them"
                    );
                }
            }
            return Err(e.exit());
        }
    };
    for line in &file.ignored_options {
        let _ = writeln!(stderr, "{input}:{line}: option ignored (no primary items)");
    }
    // The solver borrows the problem for the whole search, so the option
    // lines to print are made beforehand (and before preprocessing, which
    // keeps the text of the options it keeps).
    let sample = config.memo.as_ref().is_some_and(|m| m.sample.is_some());
    let mut lines = (config.print || sample).then(|| print::option_lines(config, input, &file));
    let mut original = None;
    if config.preprocess {
        // Under -H the messages name their input, as the others do.
        let dlx = if config.with_filename {
            format!("dlx: {input}: ")
        } else {
            "dlx: ".to_string()
        };
        let kept;
        (lines, kept) = preprocess(&mut file, lines, &dlx, stderr);
        original = Some(kept);
    }
    Ok(Read {
        file,
        lines,
        original,
    })
}

/// Does the file at `path` start as a Sudoku file does (for a hint when it
/// is not a DLX problem)? A line of 16, 81, 256 or 625 cells (16 also
/// starts a 16x16 grid); or lines of 4, 9 or 25 cells, side by side or
/// apart; or a POJ 2676
/// case count before such lines. Cells are digits, letters, `.` and `?`.
fn looks_like_sudoku(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    let Ok(f) = File::open(path) else {
        return false;
    };
    if f.take(4096).read_to_end(&mut head).is_err() {
        return false;
    }
    let text = String::from_utf8_lossy(&head);
    let cells = |line: &str| -> Option<usize> {
        let cells: String = line.split_whitespace().collect();
        let apart = line.split_whitespace().all(|t| t.chars().count() == 1);
        let side_by_side = !line.trim().contains(char::is_whitespace);
        let ok = cells
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '?');
        (ok && (apart || side_by_side)).then(|| cells.chars().count())
    };
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    // A POJ 2676 case count first.
    if lines
        .peek()
        .is_some_and(|l| l.len() < 9 && l.chars().all(|c| c.is_ascii_digit()))
    {
        lines.next();
    }
    let Some(first) = lines.next().and_then(cells) else {
        return false;
    };
    match first {
        16 | 81 | 256 | 625 => true,
        4 | 9 | 25 => lines.take(3).all(|l| cells(l) == Some(first)),
        _ => false,
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

/// Replaces the problem of `file` by its reduction (`--preprocess`), says
/// on `stderr` what went (each message after `dlx`), and renumbers what is kept of each option (its
/// input line, and its text in `lines`) to the reduced problem's options.
/// Returns the new `lines` and the input's index of each option kept.
fn preprocess<E: Write>(
    file: &mut DlxFile,
    lines: Option<Vec<String>>,
    dlx: &str,
    stderr: &mut E,
) -> (Option<Vec<String>>, Vec<OptionId>) {
    let start = Instant::now();
    let reduction = file.problem.reduce();
    let seconds = start.elapsed().as_secs_f64();
    let (options, items) = (file.problem.option_count(), file.problem.item_count());
    let _ = writeln!(
        stderr,
        "{dlx}preprocessing removed {} of {} and {} of {} in {seconds:.3} s",
        reduction.removed_options().len(),
        Plural(options as u64, "option"),
        reduction.removed_items().len(),
        Plural(items as u64, "item"),
    );
    if let Some(item) = reduction.infeasible() {
        let _ = writeln!(
            stderr,
            "{dlx}preprocessing: item {} cannot be covered, so there is no solution",
            file.item_names[item.index()]
        );
    }
    let kept = reduction.original_options().to_vec();
    file.option_lines = kept.iter().map(|o| file.option_lines[o.index()]).collect();
    let lines = lines.map(|text| kept.iter().map(|o| text[o.index()].clone()).collect());
    let q = reduction.problem();
    file.item_names = (0..q.item_count())
        .map(|i| file.item_names[reduction.original_item(Item::new(i)).index()].clone())
        .collect();
    file.problem = reduction.into_problem();
    (lines, kept)
}
