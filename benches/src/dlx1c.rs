//! A same-run C baseline for the engine benchmark: Knuth's DLX1 algorithm
//! (Algorithm X on dancing links, TAOCP 7.2.2.1) written in C in DLX1's own
//! style and compiled with `-O2` (`c/dlx1.c`, built by `build.rs`).
//!
//! The speed target of the engine is stated against DLX1 built with
//! `gcc -O2`; this is that program's algorithm and data layout, written anew
//! from the algorithm, so the comparison runs in one process on one machine.
//! It counts solutions, search nodes and updates exactly as DLX1 does, and
//! the tests below check all three against DLX1's own figures in
//! `COUNTS.txt`.
//!
//! The problem is handed over as flat arrays built from a
//! [`Problem`], so parsing is no part of the baseline; building the links
//! happens once, in [`Dlx1::new`], and [`Dlx1::count`] only searches.
//!
//! ```
//! use dlx_benches::dlx1c;
//! use dlx_benches::xc::{known, load};
//!
//! let file = load("queens8")?;
//! let stats = dlx1c::count(&file.problem)?;
//! let k = known("queens8")?;
//! assert_eq!((stats.solutions, stats.nodes, stats.updates), (92, k.dlx1_nodes, k.dlx1_updates));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The crate denies unsafe code; this module is the one exception, because
// calling C needs `unsafe`. Every call is wrapped in a safe method whose
// invariants (a live, exclusively borrowed handle; arrays that outlive the
// call) are stated at the call.
#![allow(unsafe_code)]

use std::error::Error;
use std::fmt;
use std::ptr::NonNull;

use dlx_core::{OptionId, Problem, Stats};

/// The C side's `struct dlx1_stats`.
#[repr(C)]
#[derive(Default)]
struct RawStats {
    solutions: u64,
    nodes: u64,
    updates: u64,
}

/// The C side's opaque `struct dlx1`.
#[repr(C)]
struct RawDlx1 {
    _private: [u8; 0],
}

/// `DLX1_NO_MEMORY` in `c/dlx1.h`.
const NO_MEMORY: i32 = 2;

unsafe extern "C" {
    fn dlx1_new(
        items: i32,
        primary: i32,
        options: i32,
        sizes: *const i32,
        item_index: *const i32,
        error: *mut i32,
    ) -> *mut RawDlx1;
    fn dlx1_count(d: *mut RawDlx1, out: *mut RawStats);
    fn dlx1_options(d: *const RawDlx1) -> i32;
    fn dlx1_free(d: *mut RawDlx1);
}

/// Why the C baseline could not take a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dlx1Error {
    /// The problem has more items, options or nodes than the C code's
    /// `int` indices can address.
    TooLarge,
    /// The C code refused the arrays (an item out of range or repeated, an
    /// empty option); a [`Problem`] never has these, so this is a bug.
    Invalid,
    /// `calloc` failed.
    OutOfMemory,
}

impl fmt::Display for Dlx1Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dlx1Error::TooLarge => "the problem is too large for the C baseline's int indices",
            Dlx1Error::Invalid => "the C baseline refused the problem's arrays",
            Dlx1Error::OutOfMemory => "the C baseline ran out of memory",
        })
    }
}

impl Error for Dlx1Error {}

/// A problem held as DLX1's links by the C baseline, ready to count.
#[derive(Debug)]
pub struct Dlx1 {
    /// Returned non-null by `dlx1_new`, freed only in `Drop`.
    raw: NonNull<RawDlx1>,
}

impl Dlx1 {
    /// Builds DLX1's links for `problem`: the same items in the same order,
    /// the options in order, minus those that have no primary item (DLX1
    /// drops them).
    ///
    /// # Errors
    /// [`Dlx1Error`] if the problem does not fit in `int` indices or memory
    /// runs out.
    pub fn new(problem: &Problem) -> Result<Dlx1, Dlx1Error> {
        let small = |n: usize| i32::try_from(n).map_err(|_| Dlx1Error::TooLarge);
        let options = problem.option_count();
        let mut sizes = Vec::with_capacity(options);
        let mut item_index = Vec::new();
        for k in 0..options {
            let items = problem.option_items(OptionId::new(k));
            sizes.push(small(items.len())?);
            for item in items {
                item_index.push(small(item.index())?);
            }
        }
        let mut error = 0;
        // SAFETY: `sizes` holds `options` entries and `item_index` their
        // sum; both live until the call returns and the C code only reads
        // them during it. `error` is a valid place for one i32.
        let raw = unsafe {
            dlx1_new(
                small(problem.item_count())?,
                small(problem.primary_count())?,
                small(options)?,
                sizes.as_ptr(),
                item_index.as_ptr(),
                &mut error,
            )
        };
        match NonNull::new(raw) {
            Some(raw) => Ok(Dlx1 { raw }),
            None if error == NO_MEMORY => Err(Dlx1Error::OutOfMemory),
            // The C code also refuses more than `int` nodes in all.
            None => Err(Dlx1Error::Invalid),
        }
    }

    /// The options kept: those with at least one primary item.
    pub fn option_count(&self) -> usize {
        // SAFETY: `raw` is live (see the field); the call only reads it.
        let n = unsafe { dlx1_options(self.raw.as_ptr()) };
        usize::try_from(n).unwrap_or(0)
    }

    /// Counts every solution and returns DLX1's statistics. The links are
    /// restored when the search ends, so counts can be repeated.
    pub fn count(&mut self) -> Stats {
        let mut out = RawStats::default();
        // SAFETY: `raw` is live and `&mut self` makes this the only access to
        // it while the C code dances on (and then restores) its links;
        // `out` is a valid `struct dlx1_stats`.
        unsafe { dlx1_count(self.raw.as_ptr(), &mut out) };
        Stats {
            nodes: out.nodes,
            updates: out.updates,
            solutions: out.solutions,
            // The C program does not count them.
            guesses: 0,
        }
    }
}

impl Drop for Dlx1 {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `dlx1_new` and is freed only here, once.
        unsafe { dlx1_free(self.raw.as_ptr()) }
    }
}

/// Counts every solution of `problem` with the C baseline (building its
/// links first) and returns DLX1's statistics.
///
/// # Errors
/// As [`Dlx1::new`].
pub fn count(problem: &Problem) -> Result<Stats, Dlx1Error> {
    Ok(Dlx1::new(problem)?.count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{known, load, xc_dir};
    use dlx_core::seed::SplitMix64;

    /// Every file of `COUNTS.txt` with the options DLX1 kept (the table's
    /// `dlx1_opts` column).
    fn counted_files() -> Vec<(String, usize)> {
        let text = std::fs::read_to_string(xc_dir().join("COUNTS.txt")).unwrap();
        let files: Vec<(String, usize)> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let fields: Vec<&str> = l.split_whitespace().collect();
                let name = fields[0].strip_suffix(".dlx").unwrap().to_string();
                (name, fields[4].parse().unwrap())
            })
            .collect();
        assert!(files.len() >= 30, "COUNTS.txt lists {} files", files.len());
        files
    }

    /// The C counter's solutions, nodes, updates and kept options equal
    /// DLX1's figures in `COUNTS.txt` for every file with at most
    /// `max_nodes` DLX1 nodes; returns how many files were checked.
    fn check_against_dlx1(max_nodes: u64) -> usize {
        let mut checked = 0;
        for (name, dlx1_opts) in counted_files() {
            let k = known(&name).unwrap();
            if k.dlx1_nodes > max_nodes {
                continue;
            }
            let file = load(&name).unwrap();
            let mut c = Dlx1::new(&file.problem).unwrap();
            assert_eq!(c.option_count(), dlx1_opts, "{name}: options kept");
            let stats = c.count();
            assert_eq!(
                (stats.solutions, stats.nodes, stats.updates),
                (k.solutions, k.dlx1_nodes, k.dlx1_updates),
                "{name}: (solutions, nodes, updates) differ from DLX1's"
            );
            if k.dlx1_nodes <= 100_000 {
                // The links were restored: a second count is the same.
                assert_eq!(c.count(), stats, "{name}: second count");
            }
            checked += 1;
        }
        checked
    }

    #[test]
    fn counts_as_dlx1_on_every_file_up_to_5m_nodes() {
        // Every file but dom8x8 (50 million nodes); the pentomino boxes take
        // a few seconds in all.
        assert!(check_against_dlx1(5_000_000) >= 29);
    }

    #[test]
    #[ignore = "dom8x8 alone is 50 million nodes: run with --ignored"]
    fn counts_as_dlx1_on_every_file() {
        assert_eq!(check_against_dlx1(u64::MAX), counted_files().len());
    }

    #[test]
    fn agrees_with_dlx_core_on_random_small_problems() {
        // Random problems with secondary items and options that have none
        // of the primary ones: dlx-core branches as DLX1 does, so the two
        // must agree on every statistic, not only the count.
        let mut rng = SplitMix64::new(0xd1c1);
        let mut with_solutions = 0;
        for _ in 0..500 {
            let primary = 1 + rng.below(6) as usize;
            let secondary = rng.below(4) as usize;
            let mut p = Problem::new(primary, secondary);
            let n = primary + secondary;
            for _ in 0..rng.below(14) {
                let items: Vec<_> = (0..n)
                    .filter(|_| rng.below(3) == 0)
                    .map(|i| {
                        if i < primary {
                            p.primary(i)
                        } else {
                            p.secondary(i - primary)
                        }
                    })
                    .collect();
                if !items.is_empty() {
                    p.add_option(items).unwrap();
                }
            }
            let c = count(&p).unwrap();
            let d = p.count_with_stats();
            // The C program counts no guesses.
            assert_eq!(
                (c.solutions, c.nodes, c.updates),
                (d.solutions, d.nodes, d.updates),
                "{p:?}"
            );
            with_solutions += usize::from(c.solutions > 0);
        }
        assert!(with_solutions > 20, "only {with_solutions} had solutions");
    }

    #[test]
    fn a_problem_without_primary_items_has_the_empty_solution() {
        let mut p = Problem::new(0, 2);
        p.add_option([p.secondary(0)]).unwrap();
        let mut c = Dlx1::new(&p).unwrap();
        assert_eq!(c.option_count(), 0);
        assert_eq!(c.count().solutions, 1);
        assert_eq!(c.count().solutions, p.count());
    }
}
