//! `rate` on one puzzle.

use std::time::Instant;

use dlx_core::Stats;

use super::slot::{misfit, Record, Slot};
use super::Config;
use crate::rate::{Rater, Unrated};

/// Rates the puzzle of one slot.
pub(super) fn rate_slot(config: &Config, rater: &mut Rater, slot: &mut Slot) {
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
    let rated = rater.rate(&puzzle.board);
    slot.seconds = start.elapsed().as_secs_f64();
    (slot.record, slot.ok) = match rated {
        Ok(r) => {
            slot.stats.nodes = r.nodes;
            slot.stats.updates = r.updates;
            (Record::Rated(r), true)
        }
        Err(Unrated::NoSolution) => (Record::Message("no solution"), false),
        Err(Unrated::Multiple) => (Record::Message("multiple solutions"), false),
        Err(_) => (Record::Message("search limit reached"), false),
    };
}
