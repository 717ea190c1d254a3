//! DLX3's choice on problems with many primary items: the item of least
//! score kept in a tournament tree, so that a node costs the items its
//! moves changed, times the depth of the tree, instead of a scan of every
//! active item.
//!
//! Algorithm M cannot stop its scan early as DLX1's and DLX2's do (at an
//! empty item): the least score, 1, still loses to an item of the same
//! score with a longer list. On a chain of items that must each be covered
//! twice by two one-item options, every node read every active item: 10,000
//! items took 0.44 s, 20,000 items 1.44 s (quadratic; 0.008 and 0.017 s
//! with the tree). From [`TREE_FROM`] primary items on, the search marks
//! each item whose list length, bound or activity it changes (the copy of
//! the loops compiled with `T` = true: [`XccLinks::hide`] and the rest),
//! and the choice first puts the marked items' keys into the tree. The keys
//! order the items exactly as the scan does, so the same item is chosen
//! and every count stays Knuth's. Changes the marks do not see (a forced
//! option, a seed) make the tree invalid: the next choice rebuilds it.

use super::*;

/// The number of primary items from which a bounded search keeps the tree.
/// Every file of Knuth's has fewer and runs the scan's code unchanged
/// (their instructions within 0.6% of the scan's before the tree, none
/// more). Above it the tree pays: a random problem of 1,500 items took 10%
/// fewer instructions, a chain of 1,100 items covered twice 7 times fewer.
pub(crate) const TREE_FROM: u32 = 1024;

#[cfg(test)]
thread_local! {
    /// [`TREE_FROM`] in the unit tests, which lower it to compare the tree
    /// with the scan on small problems.
    pub(crate) static TREE_FROM_IN_TESTS: std::cell::Cell<u32> = const { std::cell::Cell::new(TREE_FROM) };
}

/// The number of primary items from which the tree is kept.
#[cfg(not(test))]
pub(super) fn tree_from() -> u32 {
    TREE_FROM
}

/// The number of primary items from which the tree is kept.
#[cfg(test)]
pub(super) fn tree_from() -> u32 {
    TREE_FROM_IN_TESTS.get()
}

/// The tournament tree of the items' keys (see the module notes).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scores {
    /// Does the search keep the tree (many primary items, under bounds)?
    pub(super) on: bool,
    /// Do the tree and the marks describe the links? False after a
    /// change the tree did not see (a build, a seed, a forced option):
    /// the next choice rebuilds it.
    pub(super) valid: bool,
    /// A min-tree over the primary items' keys: item `k`'s key at `n + k`
    /// (`n` primary items), each entry `i` in `1..n` the least of `2i`
    /// and `2i + 1`, so entry 1 the least of all (every entry from 2 on
    /// has one parent, `i / 2`). Inactive items have the key `u128::MAX`.
    tree: Vec<u128>,
    /// One bit per item (primary or secondary): is it on `marks`?
    marked: Vec<u64>,
    /// The items changed since the last choice, each once.
    marks: Vec<u32>,
}

impl Scores {
    /// Readies the tree for links of `primary` primary items out of
    /// `items`, kept when `on`; it is built at the first choice.
    pub(super) fn build(&mut self, on: bool, primary: u32, items: u32) {
        self.on = on;
        self.valid = false;
        self.tree.clear();
        self.marked.clear();
        self.marks.clear();
        if on {
            self.tree.resize(2 * primary as usize, u128::MAX);
            self.marked.resize((items as usize).div_ceil(64), 0);
            // Each item is on the stack once at most: it never grows.
            self.marks.reserve_exact(items as usize);
        }
    }

    /// Notes that item `c`'s key may have changed.
    #[inline(always)]
    pub(super) fn mark(&mut self, c: u32) {
        let (w, bit) = (c as usize / 64, 1 << (c % 64));
        if self.marked[w] & bit == 0 {
            self.marked[w] |= bit;
            self.marks.push(c);
        }
    }

    /// Sets item `k`'s key to `key` (`n` primary items) and the entries
    /// above it.
    fn set(&mut self, n: usize, k: u32, key: u128) {
        let mut i = n + k as usize;
        self.tree[i] = key;
        while i > 1 {
            let parent = i / 2;
            // Both children exist: `parent` < `n`, so `2 * parent + 1` < `2n`.
            let least = self.tree[2 * parent].min(self.tree[2 * parent + 1]);
            if self.tree[parent] == least {
                break;
            }
            self.tree[parent] = least;
            i = parent;
        }
    }
}

impl XccLinks {
    /// The key of primary item `k` by which the choice orders the items,
    /// least first (as [`XccLinks::choose_bounded`] compares them): an item
    /// that cannot reach its lower bound ends the scan where it stands, so
    /// its key is its index, below every other; the others have (score,
    /// s, !len, index or rank). `u128::MAX` for an inactive item.
    #[inline]
    fn key(&self, k: u32) -> u128 {
        if !self.is_active(ItemIx(k)) {
            return u128::MAX;
        }
        let Bounds { bound: b, slack } = self.bounds[ItemIx(k)];
        let s = u64::from(slack.min(b));
        let l = self.len[ItemIx(k)];
        let t = u64::from(l) + s + 1;
        if t <= u64::from(b) {
            return u128::from(k);
        }
        let last = if self.rank.is_empty() {
            k
        } else {
            self.rank[k as usize]
        };
        u128::from(t - u64::from(b)) << 96
            | u128::from(s) << 64
            | u128::from(!l) << 32
            | u128::from(last)
    }

    /// [`XccLinks::choose_bounded`] from the tree: the marked items' keys
    /// first (every key, when the tree is not valid), then the least.
    pub(super) fn choose_tree(&mut self) -> (u32, i64) {
        let chosen = self.choose_from_tree();
        // The unit tests keep the tree on small problems: there every
        // choice is checked against the scan's.
        if cfg!(test) && self.n_primary <= 64 {
            assert_eq!(
                chosen,
                self.choose_bounded(),
                "the tree and the scan disagree"
            );
        }
        chosen
    }

    /// [`XccLinks::choose_tree`], unchecked.
    fn choose_from_tree(&mut self) -> (u32, i64) {
        let n = self.n_primary as usize;
        if !self.scores.valid {
            for k in 0..n {
                self.scores.tree[n + k] = self.key(k as u32);
            }
            for i in (1..n).rev() {
                let t = &self.scores.tree;
                self.scores.tree[i] = t[2 * i].min(t[2 * i + 1]);
            }
            while let Some(c) = self.scores.marks.pop() {
                self.scores.marked[c as usize / 64] = 0;
            }
            self.scores.valid = true;
        } else {
            while let Some(c) = self.scores.marks.pop() {
                self.scores.marked[c as usize / 64] &= !(1 << (c % 64));
                if c < self.n_primary {
                    let key = self.key(c);
                    self.scores.set(n, c, key);
                }
            }
        }
        // Entry 1: the root, or with one item its leaf.
        let best = self.scores.tree.get(1).copied().unwrap_or(u128::MAX);
        if best == u128::MAX {
            return (0, INFINITY);
        }
        if best >> 96 == 0 {
            // An item short of its lower bound: its score is 0 or less.
            let k = best as u32;
            let Bounds { bound: b, slack } = self.bounds[ItemIx(k)];
            let t = u64::from(self.len[ItemIx(k)]) + u64::from(slack.min(b)) + 1;
            return (k, t as i64 - i64::from(b));
        }
        let last = best as u32;
        let item = if self.rank.is_empty() {
            last
        } else {
            self.ranked_item[last as usize]
        };
        (item, (best >> 96) as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::TREE_FROM_IN_TESTS;
    use crate::index::{Color, Item};
    use crate::seed::Rng;
    use crate::{text, Kind, OptionId, Problem, Stats, Step};

    /// `f` with the tree kept from `from` primary items on. The links of
    /// `p` are built again by the next solver (a search that ended leaves
    /// them to the next one, tree or not).
    fn tree_from<T>(p: &mut Problem, from: u32, f: impl FnOnce(&mut Problem) -> T) -> T {
        p.work.xcc_ready = false;
        let before = TREE_FROM_IN_TESTS.replace(from);
        let out = f(p);
        TREE_FROM_IN_TESTS.set(before);
        out
    }

    /// The solutions of `p` in the order found, as option indices, and the
    /// statistics, under `seed` with the options `forced` forced (`None`
    /// when forcing fails).
    fn search(
        p: &mut Problem,
        seed: Option<u64>,
        forced: &[usize],
    ) -> Option<(Vec<Vec<usize>>, Stats)> {
        let mut s = p.solver();
        if let Some(seed) = seed {
            s.set_seed(seed).unwrap();
        }
        for &o in forced {
            s.force(OptionId::new(o)).ok()?;
        }
        let mut found = Vec::new();
        while s.next_solution() == Step::Found {
            found.push(s.solution().map(OptionId::index).collect());
        }
        Some((found, s.stats()))
    }

    /// A random small problem under bounds, with secondary items, colors,
    /// lower bounds 0 and bounds lo < hi.
    fn random_bounded(rng: &mut Rng) -> Problem {
        let primary = 1 + rng.below(7);
        let secondary = rng.below(3);
        let mut p = Problem::new(primary, secondary);
        for i in 0..primary {
            let lo = rng.below(3) as u32;
            let hi = lo + rng.below(3) as u32;
            p.set_bounds(p.primary(i), lo, hi.max(1)).unwrap();
        }
        for _ in 0..rng.below(16) {
            let mut items: Vec<(Item, Option<Color>)> = Vec::new();
            for i in 0..primary + secondary {
                if rng.below(3) == 0 {
                    let item = if i < primary {
                        p.primary(i)
                    } else {
                        p.secondary(i - primary)
                    };
                    let color =
                        (i >= primary && rng.below(2) == 0).then(|| Color::new(rng.below(2)));
                    items.push((item, color));
                }
            }
            if !items.is_empty() {
                p.add_colored_option(items).unwrap();
            }
        }
        p
    }

    #[test]
    fn the_tree_chooses_as_the_scan_on_random_problems() {
        let mut rng = Rng::new(37);
        let mut solutions = 0;
        for round in 0..1500 {
            let mut p = random_bounded(&mut rng);
            assert_eq!(p.kind(), Kind::Multiplicities);
            let n = p.option_count();
            let forced: Vec<usize> = if n > 0 && round % 3 == 0 {
                vec![rng.below(n)]
            } else {
                Vec::new()
            };
            for seed in [None, Some(round as u64)] {
                let scan = tree_from(&mut p, u32::MAX, |p| search(p, seed, &forced));
                let tree = tree_from(&mut p, 0, |p| search(p, seed, &forced));
                assert_eq!(
                    tree, scan,
                    "round {round}, seed {seed:?}, forced {forced:?}"
                );
                solutions += scan.map_or(0, |s| s.0.len());
            }
            for depth in 0..4 {
                let scan = tree_from(&mut p, u32::MAX, |p| p.cut(depth));
                let tree = tree_from(&mut p, 0, |p| p.cut(depth));
                assert_eq!(tree, scan, "round {round}, depth {depth}");
                let by_parts: Vec<_> = tree_from(&mut p, 0, |p| {
                    tree.iter()
                        .map(|part| {
                            p.work.xcc_ready = false;
                            let mut s = p.solver();
                            s.enter(part).unwrap();
                            let count = s.count(None);
                            (count.solutions, s.stats())
                        })
                        .collect()
                });
                let expected: Vec<_> = tree_from(&mut p, u32::MAX, |p| {
                    scan.iter()
                        .map(|part| {
                            p.work.xcc_ready = false;
                            let mut s = p.solver();
                            s.enter(part).unwrap();
                            let count = s.count(None);
                            (count.solutions, s.stats())
                        })
                        .collect()
                });
                assert_eq!(by_parts, expected, "round {round}, depth {depth}");
            }
        }
        assert!(solutions > 3000, "{solutions}");
    }

    #[test]
    fn knuths_bounded_files_count_dlx3s_numbers_with_the_tree() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xcc");
        let counts = std::fs::read_to_string(dir.join("COUNTS.txt")).unwrap();
        let mut files = 0;
        for row in counts.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = row.split_whitespace().collect();
            if f.len() < 5 || f[1] != "dlx3" || f[2] == "error" {
                continue;
            }
            let expected: [u64; 3] = [f[2], f[3], f[4]].map(|x| x.parse().unwrap());
            if expected[1] > 2_000_000 {
                continue;
            }
            let mut file = text::parse(&std::fs::read(dir.join(f[0])).unwrap()).unwrap();
            if file.problem.kind() != Kind::Multiplicities {
                continue;
            }
            let (found, stats) = tree_from(&mut file.problem, 0, |p| search(p, None, &[])).unwrap();
            assert_eq!(
                [found.len() as u64, stats.nodes, stats.updates],
                expected,
                "{}",
                f[0]
            );
            files += 1;
        }
        assert!(files >= 20, "{files} files");
    }
}
