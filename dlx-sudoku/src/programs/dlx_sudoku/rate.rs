//! `rate` on one puzzle.

use std::time::Instant;

use dlx_core::Stats;

use super::slot::{misfit, Record, Slot};
use super::solve::uniqueness;
use super::Config;
use crate::rate::{RateProgress, Rater, Unrated};
use crate::solver::{CountProgress, Solver};

/// Reports on a long rating: the puzzle's line and how far it got.
pub(super) type Report<'a> = dyn Fn(usize, &RateProgress) + Sync + 'a;

/// Rates the puzzle of one slot. Whether it has one solution is decided
/// first by `solver`, as `check` decides it (the rater's own search, with
/// the singles pass off, can take far longer to find a second solution).
pub(super) fn rate_slot(
    config: &Config,
    solver: &mut Solver,
    rater: &mut Rater,
    slot: &mut Slot,
    report: &Report,
) {
    slot.stats = Stats::default();
    slot.seconds = 0.0;
    let Some(Ok(puzzle)) = slot.item.as_ref() else {
        slot.record = Record::Message("invalid puzzle");
        slot.ok = false;
        return;
    };
    if let Some(misfit) = misfit(&config.variant, &puzzle.board) {
        slot.record = misfit;
        slot.ok = false;
        return;
    }
    if let Some(conflict) = config.variant.find_conflict(&puzzle.board) {
        slot.record = Record::Conflict(conflict);
        slot.ok = false;
        return;
    }
    let start = Instant::now();
    let line = puzzle.line;
    let samples = rater.samples();
    let checking = |p: &CountProgress| {
        let search = RateProgress {
            search: 0,
            samples,
            elapsed: p.elapsed,
        };
        report(line, &search)
    };
    let unique = uniqueness(config, solver, &puzzle.board, &checking);
    // The uniqueness check's work counts, as `check`'s does.
    slot.stats += solver.stats();
    if let Err(message) = unique {
        slot.seconds = start.elapsed().as_secs_f64();
        slot.record = Record::Message(message);
        slot.ok = false;
        return;
    }
    let rated = match config.count_progress {
        Some(every) => rater.rate_with_progress(&puzzle.board, every, |p| report(line, p)),
        None => rater.rate(&puzzle.board),
    };
    slot.seconds = start.elapsed().as_secs_f64();
    // The rater's searches, rated or not (a stopped rating did work too).
    slot.stats += rater.work();
    (slot.record, slot.ok) = match rated {
        Ok(r) => (Record::Rated(r), true),
        Err(Unrated::NoSolution) => (Record::Message("no solution"), false),
        Err(Unrated::Multiple) => (Record::Message("multiple solutions"), false),
        Err(_) => (Record::Message("search limit reached"), false),
    };
}
