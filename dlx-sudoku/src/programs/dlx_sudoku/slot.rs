//! One puzzle's place in the pipeline ([`Slot`]) and its result
//! ([`Record`]): what [`super::batch`] reads into and writes out, and what
//! [`super::solve`] and [`super::rate`] fill in.

use std::io::{self, Write};

use dlx_core::Stats;

use crate::format::{Format, Puzzle, ReadError};
use crate::house::Conflict;
use crate::rate::Rating;
use crate::variant::Variant;
use crate::Board;

/// The result of one puzzle, ready to print.
#[derive(Clone, Debug)]
pub(super) enum Record {
    /// The solution is in the slot's board.
    Solved,
    /// A fixed message in place of the board.
    Message(&'static str),
    /// A number of solutions; `more` when a limit stopped the count.
    Count { solutions: u64, more: bool },
    /// Clashing clues (check, explain, hint: `no solution: ` and the clash;
    /// solve: `no solution`, the clash on stderr).
    Conflict(Conflict),
    /// A difficulty rating (rate).
    Rated(Rating),
    /// Lines of text (explain, hint), without the final newline.
    Text(String),
    /// A board the output format cannot write (`-o poj3076`, not 16x16): `invalid puzzle` in
    /// its place, why on stderr.
    OutputMisfit {
        /// The puzzle's side.
        side: usize,
        /// The output format, which writes another side only.
        format: Format,
    },
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
    pub(super) fn write_line<W: Write>(&self, out: &mut W) -> io::Result<()> {
        match self {
            Record::Solved => Ok(()),
            Record::Message(m) => writeln!(out, "{m}"),
            Record::Count { solutions, more } => {
                writeln!(out, "{solutions}{}", if *more { "+" } else { "" })
            }
            Record::Conflict(c) => writeln!(out, "no solution: {c}"),
            Record::Rated(r) => writeln!(out, "{} {:.1} {}", r.level, r.score, r.reason()),
            Record::Text(t) => writeln!(out, "{t}"),
            Record::Misfit { .. } | Record::OutputMisfit { .. } => {
                writeln!(out, "invalid puzzle")
            }
        }
    }
}

/// Puzzles read (or read errors) and their results, in input order. The
/// buffers are reused from chunk to chunk.
pub(super) struct Slot {
    pub(super) item: Option<Result<Puzzle, ReadError>>,
    pub(super) record: Record,
    /// Did the puzzle get its answer (see the exit status rule)?
    pub(super) ok: bool,
    pub(super) board: Board,
    pub(super) stats: Stats,
    pub(super) seconds: f64,
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

/// [`Record::Misfit`] if `board` is not of the variant's size.
pub(super) fn misfit(variant: &Variant, board: &Board) -> Option<Record> {
    let regions = variant.side()?;
    (board.side() != regions).then_some(Record::Misfit {
        side: board.side(),
        regions,
    })
}
