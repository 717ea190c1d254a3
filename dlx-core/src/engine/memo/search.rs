//! The memoised search proper: Algorithm X's levels over any links that
//! make [`Moves`], each subproblem looked up by its key before it is
//! searched and remembered with its diagram node after.

use std::time::Instant;

use super::table::Table;
use super::zdd::{ZddBuilder, BOTTOM, TOP};
use super::{Memo, MemoError, MemoStats, Zdd, UNPROFITABLE};
use crate::Cancel;

/// What the memoised search asks of the links it runs on: Algorithm X's
/// moves, as the plain search's [`Levels`](crate::engine::levels::Levels),
/// plus the key of the subproblem the links stand at and the option of a
/// node. Items and nodes are the links' indices.
pub(super) trait Moves {
    /// Words of a key.
    fn key_width(&self) -> usize;
    /// Writes the key of the subproblem the links stand at: everything the
    /// rest of the search depends on, so that equal keys have equal
    /// solutions.
    fn write_key(&self, key: &mut [u64]);
    /// Is every primary item covered?
    fn all_covered(&self) -> bool;
    /// The item to branch on (there is an active primary item).
    fn choose(&mut self) -> u32;
    /// The number of options of item `c`.
    fn len(&self, c: u32) -> u32;
    /// Covers item `c`; returns the first node of its list.
    fn open(&mut self, c: u32) -> u32;
    /// Undoes [`Moves::open`] of item `c`.
    fn close(&mut self, c: u32);
    /// Commits the items of node `x`'s option other than `x`'s own, unless
    /// that leaves some active primary item without options: then it undoes
    /// what it did and returns false (the option is a dead end, as under
    /// the early rule).
    fn commit(&mut self, x: u32) -> bool;
    /// Undoes [`Moves::commit`].
    fn uncommit(&mut self, x: u32);
    /// The node after `x` in its item's list.
    fn down(&self, x: u32) -> u32;
    /// The option of node `x`.
    fn option(&self, x: u32) -> u32;
}

/// One level of the search: the item branched on, the node of the option
/// being tried, the diagram of the options tried before, and the hash of
/// the subproblem's key.
struct Frame {
    item: u32,
    row: u32,
    acc: u32,
    hash: u64,
}

/// The memory a diagram node takes, about: its triple, its entry in the
/// unique table, and its count once the diagram is finished.
const NODE_BYTES: usize = 12 + 5 + 32;

/// Subproblems between two looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 1 << 10;

/// The search: enters a subproblem (answered at once when it is solved,
/// in the memo, or a dead end; else its item is covered and its first
/// option that is not a dead end tried), and on each answer goes back up,
/// adding the option just tried to the diagram of its level and trying
/// the next.
pub(super) fn build<M: Moves>(
    links: &mut M,
    memo: &Memo<'_>,
) -> (Result<Zdd, MemoError>, MemoStats) {
    let width = links.key_width();
    let mut zdd = ZddBuilder::default();
    let mut table = Table::new(
        width,
        memo.max_entries
            .min(Table::room_in(width, memo.max_memory / 2)),
    );
    // The diagram's nodes within the other half (and their numbers within
    // `u32`, the two terminals apart).
    let max_nodes = (memo.max_memory / 2 / NODE_BYTES).min(u32::MAX as usize - 2);
    let mut stack: Vec<Frame> = Vec::new();
    // The key of the subproblem being entered or left. The levels keep
    // only their keys' hashes: a level's key is written again when it is
    // left, the links then standing where they stood when it was entered
    // (a stack of keys would take depth x width words: 450 MB at depth
    // 60,000 on a problem of 60,000 items).
    let mut key: Vec<u64> = vec![0; width];
    let mut stats = MemoStats::default();
    loop {
        // Enter the subproblem the links stand at.
        let mut answer = if links.all_covered() {
            TOP
        } else {
            links.write_key(&mut key);
            let hash = Table::hash(&key);
            if let Some(node) = table.get(hash, &key) {
                stats.hits += 1;
                node
            } else {
                stats.nodes += 1;
                if stats.nodes % CHECK_EVERY == 0 {
                    let n = stats.nodes;
                    let stop = if memo.deadline.is_some_and(|d| Instant::now() >= d) {
                        Some(MemoError::Deadline)
                    } else if memo.cancel.is_some_and(Cancel::is_cancelled) {
                        Some(MemoError::Cancelled)
                    } else if memo.give_up
                        && n >= 1 << 16
                        && n.is_power_of_two()
                        && stats.hits.saturating_mul(UNPROFITABLE) < n
                    {
                        Some(MemoError::Unprofitable {
                            nodes: n,
                            hits: stats.hits,
                        })
                    } else {
                        None
                    };
                    if let Some(e) = stop {
                        unwind(links, &stack);
                        stats.entries = table.len();
                        stats.zdd_nodes = zdd.len();
                        return (Err(e), stats);
                    }
                }
                let item = links.choose();
                let mut row = item;
                if links.len(item) != 0 {
                    row = links.open(item);
                    while row != item && !links.commit(row) {
                        row = links.down(row);
                    }
                    if row == item {
                        links.close(item);
                    }
                }
                if row == item {
                    table.insert(hash, &key, BOTTOM);
                    BOTTOM
                } else {
                    stack.push(Frame {
                        item,
                        row,
                        acc: BOTTOM,
                        hash,
                    });
                    continue;
                }
            }
        };
        // Go back up with the answer until a level has another option.
        loop {
            let Some(f) = stack.last_mut() else {
                stats.entries = table.len();
                stats.zdd_nodes = zdd.len();
                return (Ok(zdd.finish(answer)), stats);
            };
            links.uncommit(f.row);
            f.acc = zdd.node(links.option(f.row), f.acc, answer);
            if zdd.len() > max_nodes {
                // The level's option is undone, its item still covered.
                links.close(f.item);
                stack.pop();
                unwind(links, &stack);
                stats.entries = table.len();
                stats.zdd_nodes = zdd.len();
                return (Err(MemoError::TooLarge { nodes: zdd.len() }), stats);
            }
            f.row = links.down(f.row);
            while f.row != f.item && !links.commit(f.row) {
                f.row = links.down(f.row);
            }
            if f.row != f.item {
                break;
            }
            links.close(f.item);
            let f = stack.pop().expect("a level");
            links.write_key(&mut key);
            table.insert(f.hash, &key, f.acc);
            answer = f.acc;
        }
    }
}

/// Undoes the moves of every level, so that the links are as they were.
fn unwind<M: Moves>(links: &mut M, stack: &[Frame]) {
    for f in stack.iter().rev() {
        links.uncommit(f.row);
        links.close(f.item);
    }
}
