//! The checks of chain steps (X-chains to forcing chains, groups, loops
//! and almost locked sets), by pencil marks the test keeps itself: every
//! link strong or weak as the rules say, every conclusion drawn from whole
//! cells, whole houses or a contradiction, every almost locked set and
//! restricted common counted again.

use std::collections::BTreeSet;

use dlx_sudoku::logic::{ChainNode, Step, Technique};
use dlx_sudoku::solver::Unit;

use super::Marks;

impl Marks {
    /// Are candidates `a` and `b` strongly linked on these marks: the only
    /// two of a cell, or a value's only two places in a house?
    fn strong(&self, a: (usize, u8), b: (usize, u8)) -> bool {
        if !self.has(a.0, a.1) || !self.has(b.0, b.1) || a == b {
            return false;
        }
        if a.0 == b.0 {
            return self.cand[a.0] == (1 << (a.1 - 1)) | (1 << (b.1 - 1));
        }
        a.1 == b.1
            && self
                .all_houses()
                .into_iter()
                .any(|u| self.spots(u, a.1) == BTreeSet::from([a.0, b.0]))
    }

    /// Are candidates `a` and `b` weakly linked: two of one cell, or one
    /// value in two cells that see each other?
    fn weak(&self, a: (usize, u8), b: (usize, u8)) -> bool {
        self.has(a.0, a.1)
            && self.has(b.0, b.1)
            && a != b
            && ((a.0 == b.0) || (a.1 == b.1 && self.sees(a.0, b.0)))
    }

    /// An X-chain, XY-chain or AIC: strong and weak links in turn from an
    /// off candidate to an on one; each removal weakly linked to both
    /// ends, or the placement both ends.
    pub(super) fn check_alternating(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        assert_eq!(step.chains.len(), 1, "{step}");
        let chain = &step.chains[0];
        let n = chain.len();
        assert!(n >= 4 && n % 2 == 0 && n == step.length, "{step}");
        let at = |k: usize| (chain[k].cell, chain[k].value);
        for (k, node) in chain.iter().enumerate().take(n - 1) {
            assert_eq!(node.on, k % 2 == 1, "{step}");
            if k % 2 == 0 {
                assert!(
                    self.strong(at(k), at(k + 1)),
                    "{step}: link {k} is not strong"
                );
            } else {
                assert!(self.weak(at(k), at(k + 1)), "{step}: link {k} is not weak");
            }
        }
        let same_value = chain.iter().all(|c| c.value == chain[0].value);
        match step.technique {
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                assert!(same_value && n == 4, "{step}")
            }
            Technique::XChain => assert!(same_value, "{step}"),
            Technique::XYChain => {
                for k in 0..n - 1 {
                    assert_eq!(chain[k].cell == chain[k + 1].cell, k % 2 == 0, "{step}");
                }
            }
            _ => {}
        }
        let (first, last) = (at(0), at(n - 1));
        if first == last {
            assert_eq!(step.placement, Some(first), "{step}");
        } else {
            assert!(!removed.is_empty(), "{step}");
            for &r in removed {
                assert!(self.weak(r, first) && self.weak(r, last), "{step}: {r:?}");
            }
        }
    }

    /// A forcing chain step: each chain starts from an assumption (on) and
    /// follows links: a candidate turns off from an on one it is weakly
    /// linked to; on from an off one of its cell or of its value in one of
    /// its houses (for the static kinds, strongly linked on these marks).
    /// The assumptions are one candidate (a contradiction, which the step
    /// removes), or all of a cell's candidates, or all of a value's places
    /// in a house, every chain ending on the step's conclusion.
    pub(super) fn check_forcing(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        let t = step.technique;
        let is_static = matches!(
            t,
            Technique::ForcingChain | Technique::CellForcingChain | Technique::UnitForcingChain
        );
        // Dynamic (+) and nested branches also follow other techniques,
        // whose reasons the paths shown do not spell out.
        let linked = !matches!(
            t,
            Technique::DynamicForcingChainPlus | Technique::NestedForcingChain
        );
        assert!(!step.chains.is_empty(), "{step}");
        let node = |c: &ChainNode| (c.cell, c.value);
        for chain in &step.chains {
            assert!(
                chain[0].on && self.has(chain[0].cell, chain[0].value),
                "{step}"
            );
            if !linked {
                continue;
            }
            for w in chain.windows(2) {
                let (a, b) = (node(&w[0]), node(&w[1]));
                match (w[0].on, w[1].on) {
                    (true, false) => assert!(self.weak(a, b), "{step}: {a:?} -> {b:?}"),
                    (false, true) if is_static => {
                        assert!(self.strong(a, b), "{step}: {a:?} => {b:?}")
                    }
                    (false, true) => assert!(
                        a.0 == b.0
                            || (a.1 == b.1
                                && self.sees(a.0, b.0)
                                && self.has(a.0, a.1)
                                && self.has(b.0, b.1)),
                        "{step}: {a:?} => {b:?}"
                    ),
                    _ => panic!("{step}: two links of one kind in a row"),
                }
            }
        }
        let starts: BTreeSet<(usize, u8)> = step.chains.iter().map(|c| node(&c[0])).collect();
        let ends: BTreeSet<(usize, u8, bool)> = step
            .chains
            .iter()
            .map(|c| {
                let e = c[c.len() - 1];
                (e.cell, e.value, e.on)
            })
            .collect();
        // The length, as Sudoku Explainer counts it, covers each chain
        // shown: a dynamic contradiction or a cell's or house's branches
        // count each of their chains whole (the steps they share, once a
        // chain); a static contradiction, the steps of its one branch.
        let shown: Vec<usize> = step.chains.iter().map(Vec::len).collect();
        let covered = if is_static && starts.len() == 1 {
            shown.iter().copied().max().unwrap_or(0)
        } else {
            shown.iter().sum()
        };
        assert!(
            step.length >= covered,
            "{step}: length {} < {shown:?}",
            step.length
        );
        if starts.len() == 1 {
            // A contradiction: the assumption goes.
            let start = *starts.iter().next().unwrap();
            assert_eq!(removed, &BTreeSet::from([start]), "{step}");
            assert!(step.placement.is_none(), "{step}");
            if !linked {
                return;
            }
            let both = ends
                .iter()
                .any(|&(c, v, on)| on && ends.contains(&(c, v, false)));
            let all_off = ends.iter().all(|e| !e.2);
            let cells: BTreeSet<usize> = ends.iter().map(|e| e.0).collect();
            let values: BTreeSet<u8> = ends.iter().map(|e| e.1).collect();
            let emptied_cell = cells.len() == 1 && {
                let c = *cells.iter().next().unwrap();
                values.iter().fold(0u32, |m, v| m | 1 << (v - 1)) == self.cand[c]
            };
            let emptied_house = values.len() == 1 && {
                let v = *values.iter().next().unwrap();
                self.all_houses()
                    .into_iter()
                    .any(|u| self.spots(u, v) == cells)
            };
            assert!(
                both || (all_off && (emptied_cell || emptied_house)),
                "{step}: no contradiction"
            );
            return;
        }
        // The same conclusion from a whole cell or a whole house.
        assert_eq!(ends.len(), 1, "{step}");
        let (c, v, on) = *ends.iter().next().unwrap();
        if on {
            assert_eq!((step.placement, removed.len()), (Some((c, v)), 0), "{step}");
        } else {
            assert_eq!(removed, &BTreeSet::from([(c, v)]), "{step}");
        }
        let cells: BTreeSet<usize> = starts.iter().map(|s| s.0).collect();
        let values: BTreeSet<u8> = starts.iter().map(|s| s.1).collect();
        let whole_cell = cells.len() == 1 && {
            let c = *cells.iter().next().unwrap();
            values.iter().fold(0u32, |m, v| m | 1 << (v - 1)) == self.cand[c]
        };
        let whole_house = values.len() == 1 && {
            let v = *values.iter().next().unwrap();
            self.all_houses()
                .into_iter()
                .any(|u| self.spots(u, v) == cells)
        };
        match t {
            Technique::CellForcingChain => assert!(whole_cell, "{step}"),
            Technique::UnitForcingChain => assert!(whole_house, "{step}"),
            _ => assert!(whole_cell || whole_house, "{step}"),
        }
    }
}

/// A chain node on the test's terms: its cells (one, or a group) and value.
type Node = (Vec<usize>, u8);

impl Marks {
    /// Is `node` a candidate, or a group: two or three cells of one box
    /// and one line, each with the value?
    fn valid_node(&self, (cells, v): &Node) -> bool {
        let in_one = |kind: fn(usize) -> Unit| {
            (0..self.order * self.order).any(|k| {
                let house = super::house_cells(kind(k), self.order);
                cells.iter().all(|c| house.contains(c))
            })
        };
        let sorted = cells.windows(2).all(|w| w[0] < w[1]);
        cells.iter().all(|&c| self.has(c, *v))
            && sorted
            && match cells.len() {
                1 => true,
                2 | 3 => in_one(Unit::Box) && (in_one(Unit::Row) || in_one(Unit::Column)),
                _ => false,
            }
    }

    /// Strong link between nodes: a cell's only two candidates, or the
    /// value's only places in a house, split between the two nodes.
    fn strong_nodes(&self, a: &Node, b: &Node) -> bool {
        if let ([x], [y]) = (&a.0[..], &b.0[..]) {
            if x == y {
                return self.strong((*x, a.1), (*y, b.1));
            }
        }
        let both: BTreeSet<usize> = a.0.iter().chain(&b.0).copied().collect();
        a.1 == b.1
            && both.len() == a.0.len() + b.0.len()
            && self
                .all_houses()
                .into_iter()
                .any(|u| self.spots(u, a.1) == both)
    }

    /// Weak link between nodes: two values of one cell, or one value in
    /// cells of which each of the one's sees each of the other's.
    fn weak_nodes(&self, a: &Node, b: &Node) -> bool {
        if let ([x], [y]) = (&a.0[..], &b.0[..]) {
            if x == y {
                return self.weak((*x, a.1), (*y, b.1));
            }
        }
        a.1 == b.1 && a.0.iter().all(|&x| b.0.iter().all(|&y| self.sees(x, y)))
    }

    /// A grouped AIC or a continuous nice loop: nodes (candidates or
    /// groups) linked strongly and weakly in turn; an AIC's removals
    /// weakly linked to both ends (its placement both ends); a loop's last
    /// node weakly linked to its first, each removal weakly linked to both
    /// ends of one of its links and not on it.
    pub(super) fn check_grouped(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        assert_eq!(step.chains.len(), 1, "{step}");
        let chain = &step.chains[0];
        let n = chain.len();
        let groups = step.groups.first();
        let nodes: Vec<Node> = (0..n)
            .map(|k| match groups {
                Some(g) => {
                    assert_eq!(g[k][0], chain[k].cell, "{step}");
                    (g[k].clone(), chain[k].value)
                }
                None => (vec![chain[k].cell], chain[k].value),
            })
            .collect();
        assert!(n >= 4 && n % 2 == 0, "{step}");
        let cells: usize = nodes.iter().map(|x| x.0.len()).sum();
        assert_eq!(step.length, cells, "{step}");
        for (k, node) in nodes.iter().enumerate() {
            assert!(self.valid_node(node), "{step}: node {k}");
            assert_eq!(chain[k].on, k % 2 == 1, "{step}");
            if k + 1 < n {
                let link = if k % 2 == 0 {
                    self.strong_nodes(node, &nodes[k + 1])
                } else {
                    self.weak_nodes(node, &nodes[k + 1])
                };
                assert!(link, "{step}: link {k}");
            }
        }
        assert!(!removed.is_empty() || step.placement.is_some(), "{step}");
        // The text names each node, a group as `r1c23=5` (`r12c3=5`), and
        // a loop's first node again at its end.
        let side = self.order * self.order;
        let printed: Vec<Node> = step
            .to_string()
            .split_whitespace()
            .map(|w| w.trim_end_matches(','))
            .filter(|w| w.len() > 1 && w.contains('='))
            .map(|w| {
                let (at, v) = w.split_once('=').unwrap();
                let (rows, cols) = at[1..].split_once('c').unwrap();
                let digits = |t: &str| t.bytes().map(|b| usize::from(b - b'1')).collect::<Vec<_>>();
                let mut cells: Vec<usize> = digits(rows)
                    .into_iter()
                    .flat_map(|r| digits(cols).into_iter().map(move |c| r * side + c))
                    .collect();
                cells.sort_unstable();
                (cells, super::value(v))
            })
            .collect();
        let mut expected = nodes.clone();
        if step.technique == Technique::ContinuousNiceLoop {
            expected.push(nodes[0].clone());
        }
        assert_eq!(printed, expected, "{step}");
        let single = |r: (usize, u8)| (vec![r.0], r.1);
        if step.technique == Technique::GroupedAic {
            assert!(nodes.iter().any(|x| x.0.len() > 1), "{step}: no group");
            if let Some(p) = step.placement {
                assert!(nodes[0] == single(p) && nodes[n - 1] == single(p), "{step}");
                return;
            }
            for &r in removed {
                let r = single(r);
                assert!(
                    self.weak_nodes(&r, &nodes[0]) && self.weak_nodes(&r, &nodes[n - 1]),
                    "{step}: {r:?}"
                );
            }
            return;
        }
        assert!(step.placement.is_none(), "{step}");
        assert!(
            self.weak_nodes(&nodes[n - 1], &nodes[0]),
            "{step}: open loop"
        );
        let distinct: BTreeSet<&Node> = nodes.iter().collect();
        assert_eq!(distinct.len(), n, "{step}");
        for &r in removed {
            let r = single(r);
            assert!(!nodes.contains(&r), "{step}: {r:?} is on the loop");
            assert!(
                (0..n).any(|k| {
                    self.weak_nodes(&r, &nodes[k]) && self.weak_nodes(&r, &nodes[(k + 1) % n])
                }),
                "{step}: {r:?}"
            );
        }
    }

    /// The candidates of `cells` together, if they are an almost locked
    /// set: N open cells of one house with N + 1 candidates.
    fn als(&self, cells: &[usize]) -> Option<u32> {
        let values = cells.iter().fold(0u32, |m, &c| m | self.cand[c]);
        let one_house = self.all_houses().into_iter().any(|u| {
            let house = super::house_cells(u, self.order);
            cells.iter().all(|c| house.contains(c))
        });
        let distinct: BTreeSet<usize> = cells.iter().copied().collect();
        let open = cells.iter().all(|&c| self.grid[c] == 0);
        (one_house
            && open
            && distinct.len() == cells.len()
            && values.count_ones() as usize == cells.len() + 1)
            .then_some(values)
    }

    /// The cells of `set` where `v` can go.
    fn holding(&self, set: &[usize], v: u8) -> Vec<usize> {
        set.iter().copied().filter(|&c| self.has(c, v)).collect()
    }

    /// Is `x` a restricted common of two sets: in both, the sets without
    /// a common cell, each of the one's cells for x seeing each of the
    /// other's?
    fn restricted_common(&self, a: &[usize], b: &[usize], x: u8) -> bool {
        let (xa, xb) = (self.holding(a, x), self.holding(b, x));
        !xa.is_empty()
            && !xb.is_empty()
            && a.iter().all(|c| !b.contains(c))
            && xa.iter().all(|&p| xb.iter().all(|&q| self.sees(p, q)))
    }

    /// ALS-XZ (sets A, B; values x, z) or ALS-XY-wing (sets A, B, pivot C;
    /// values x, y, z): every set almost locked, x (and y) restricted
    /// commons, z in A and B, each removal z in a cell that sees all the
    /// cells of A and B where z can go.
    pub(super) fn check_als(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        let xz = step.technique == Technique::AlsXz;
        let k = if xz { 2 } else { 3 };
        assert_eq!((step.sets.len(), step.values.len()), (k, k), "{step}");
        for set in &step.sets {
            assert!(self.als(set).is_some(), "{step}: {set:?} is not an ALS");
        }
        let (a, b) = (&step.sets[0], &step.sets[1]);
        let z = step.values[k - 1];
        if xz {
            let x = step.values[0];
            assert!(x != z && self.restricted_common(a, b, x), "{step}");
        } else {
            let (x, y, c) = (step.values[0], step.values[1], &step.sets[2]);
            assert!(x != y && z != x && z != y, "{step}");
            assert!(a.iter().all(|p| !b.contains(p)), "{step}");
            assert!(self.restricted_common(a, c, x), "{step}");
            assert!(self.restricted_common(b, c, y), "{step}");
        }
        let zs: Vec<usize> = self
            .holding(a, z)
            .into_iter()
            .chain(self.holding(b, z))
            .collect();
        assert!(
            !self.holding(a, z).is_empty() && !self.holding(b, z).is_empty(),
            "{step}"
        );
        assert!(!removed.is_empty() && step.placement.is_none(), "{step}");
        for &(cell, v) in removed {
            assert_eq!(v, z, "{step}");
            assert!(zs.iter().all(|&p| self.sees(p, cell)), "{step}: {cell}");
        }
    }
}
