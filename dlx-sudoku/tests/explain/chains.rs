//! The checks of chain steps (X-chains to forcing chains), by pencil
//! marks the test keeps itself: every link strong or weak as the rules
//! say, every conclusion drawn from whole cells, whole houses or a
//! contradiction.

use std::collections::BTreeSet;

use dlx_sudoku::logic::{ChainNode, Step, Technique};

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
