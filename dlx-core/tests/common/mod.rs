//! Helpers shared by the test modules.

use dlx_core::{Branching, OptionId, Outcome, Problem, Solver};

/// Every branching rule.
pub const BRANCHINGS: [Branching; 8] = Branching::ALL;

/// Checks `solution` by the rules of exact cover: every primary item covered
/// exactly once, every secondary item at most once. Panics with a message
/// naming the item otherwise.
pub fn check_cover(p: &Problem, solution: &[OptionId]) {
    let mut hits = vec![0u32; p.item_count()];
    for &o in solution {
        for item in p.option_items(o) {
            hits[item.index()] += 1;
        }
    }
    for (i, &h) in hits.iter().enumerate() {
        if i < p.primary_count() {
            assert_eq!(h, 1, "primary item {i} covered {h} times in {solution:?}");
        } else {
            assert!(
                h <= 1,
                "secondary item {i} covered {h} times in {solution:?}"
            );
        }
    }
}

/// Path of a file under `tests/data/`.
pub fn data_path(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// What [`count_by_splitting`] adds up.
pub struct Split {
    pub solutions: u64,
    pub nodes: u64,
    /// The shares of the tree the pieces searched themselves.
    pub shares: f64,
}

/// Searches `problem` in slices of `slice` nodes, splitting off work after
/// every slice onto a queue, and each part likewise (a sequential model of
/// `parallel::count`); adds up what all the pieces found. Checks that every
/// part extends the forced options of the search it came from and that a
/// finished search gives nothing away.
pub fn count_by_splitting(problem: &mut Problem, slice: u64) -> Split {
    count_by_splitting_with(problem, slice, Branching::MinLength)
}

/// [`count_by_splitting`], every piece searched under `rule`.
pub fn count_by_splitting_with(problem: &mut Problem, slice: u64, rule: Branching) -> Split {
    let mut queue = vec![(Vec::<OptionId>::new(), 1.0f64)];
    let mut total = Split {
        solutions: 0,
        nodes: 0,
        shares: 0.0,
    };
    while let Some((part, share)) = queue.pop() {
        let mut s = problem.solver();
        s.set_branching(rule);
        for &o in &part {
            s.force(o).unwrap_or_else(|e| panic!("{part:?}: {e}"));
        }
        let mut given = 0.0;
        let mut limit = slice;
        let mut seen = s.stats();
        loop {
            s.set_node_limit(Some(limit));
            let outcome = s.count(None).outcome;
            // Every statistic only grows, slice by slice and across a
            // split (a threaded count adds the differences).
            let now = s.stats();
            assert!(
                now.solutions >= seen.solutions
                    && now.nodes >= seen.nodes
                    && now.updates >= seen.updates
                    && now.guesses >= seen.guesses,
                "{part:?}: {seen:?} then {now:?}"
            );
            seen = now;
            if outcome != Outcome::NodeLimit {
                break;
            }
            let split = s.split_off();
            assert_eq!(s.stats(), seen, "{part:?}: a split leaves the statistics");
            if !split.parts.is_empty() {
                assert!(
                    split.share > 0.0 && split.share < 1.0,
                    "a share of the tree"
                );
            }
            for p in split.parts {
                assert!(p.len() > part.len(), "a split-off part is deeper");
                assert!(p.starts_with(&part), "{p:?} extends {part:?}");
                given += share * split.share;
                queue.push((p, share * split.share));
            }
            limit += slice;
        }
        assert!(
            s.split_off().parts.is_empty(),
            "a finished search gives nothing"
        );
        total.solutions += s.stats().solutions;
        total.nodes += s.stats().nodes;
        total.shares += share - given;
    }
    total
}

/// A tiny deterministic generator for the random probes (no dependency
/// on the crate's own).
pub struct Lcg(pub u64);

impl Lcg {
    /// The next 31 bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// An index below `n`.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// Shuffles `v` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.index(i + 1));
        }
    }
}

/// Counts all the solutions with `s`, pausing every `period(k)` nodes
/// (`k` the pause's number) and switching at each pause to the next rule
/// of `pattern`, round and round; returns the solutions found.
pub fn count_switching(
    s: &mut Solver<'_>,
    pattern: &[Branching],
    period: impl Fn(usize) -> u64,
) -> u64 {
    for k in 0.. {
        s.set_branching(pattern[k % pattern.len()]);
        s.set_node_limit(Some(s.stats().nodes + period(k)));
        if s.count(None).outcome == Outcome::Complete {
            break;
        }
    }
    s.stats().solutions
}
