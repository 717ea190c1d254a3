//! The checks of the patterns past the wings (finned and sashimi fish,
//! W-wing, empty rectangle, unique rectangles of types 2 to 4), by pencil
//! marks the test keeps itself.

use std::collections::BTreeSet;

use dlx_sudoku::logic::{Step, Technique};
use dlx_sudoku::solver::Unit;

use super::{house_cells, Marks};

impl Marks {
    fn box_of(&self, cell: usize) -> usize {
        let side = self.order * self.order;
        (cell / side / self.order) * self.order + cell % side / self.order
    }

    fn bits(values: &[u8]) -> u32 {
        values.iter().fold(0, |m, v| m | 1 << (v - 1))
    }

    /// The checks of the patterns; false if `step` is of none of them.
    pub(super) fn check_pattern(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) -> bool {
        match step.technique {
            Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::FinnedSwordfish
            | Technique::SashimiSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiJellyfish => self.check_finned(step, removed),
            Technique::WWing => self.check_w_wing(step, removed),
            Technique::EmptyRectangle => self.check_empty_rectangle(step, removed),
            Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4 => self.check_rectangle(step, removed),
            _ => return false,
        }
        true
    }

    /// A fish on the base lines but for fins in one box; each removal in
    /// a cover line, off the base lines, seeing every fin.
    fn check_finned(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        let (n, sashimi) = match step.technique {
            Technique::FinnedXWing => (2, false),
            Technique::SashimiXWing => (2, true),
            Technique::FinnedSwordfish => (3, false),
            Technique::SashimiSwordfish => (3, true),
            Technique::FinnedJellyfish => (4, false),
            _ => (4, true),
        };
        let v = step.values[0];
        assert_eq!(step.houses.len(), 2 * n + 1, "{step}");
        let (base, cover, fin_box) = (
            &step.houses[..n],
            &step.houses[n..2 * n],
            step.houses[2 * n],
        );
        let rows = matches!(base[0], Unit::Row(_));
        for &u in base {
            assert_eq!(matches!(u, Unit::Row(_)), rows, "{step}");
        }
        for &u in cover {
            assert_eq!(matches!(u, Unit::Column(_)), rows, "{step}");
        }
        assert!(matches!(fin_box, Unit::Box(_)), "{step}");
        let cells_of = |us: &[Unit]| -> BTreeSet<usize> {
            us.iter()
                .flat_map(|&u| house_cells(u, self.order))
                .collect()
        };
        let (in_base, in_cover) = (cells_of(base), cells_of(cover));
        let in_box: BTreeSet<usize> = house_cells(fin_box, self.order).into_iter().collect();
        // The fins: the base lines' places for v off the cover, all in the box.
        let fins: BTreeSet<usize> = base
            .iter()
            .flat_map(|&u| self.spots(u, v))
            .filter(|c| !in_cover.contains(c))
            .collect();
        assert!(!fins.is_empty(), "{step}: no fin");
        assert_eq!(fins, step.cells.iter().copied().collect(), "{step}");
        assert!(fins.is_subset(&in_box), "{step}: fins outside the box");
        let mut thin = false;
        for &u in base {
            let body = self.spots(u, v).intersection(&in_cover).count();
            assert!(body >= 1, "{step}: a line without a cell in the cover");
            thin |= body < 2;
        }
        assert_eq!(thin, sashimi, "{step}: sashimi or not");
        assert!(!removed.is_empty(), "{step}");
        for &(cell, w) in removed {
            assert!(
                w == v && in_cover.contains(&cell) && !in_base.contains(&cell),
                "{step}"
            );
            assert!(fins.iter().all(|&f| self.sees(cell, f)), "{step}: {cell}");
        }
    }

    /// Two bivalue cells {x, y} apart, a strong link on x with one end
    /// seeing each; the removals of y see both cells.
    fn check_w_wing(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        let (x, y) = (step.values[0], step.values[1]);
        let [a, b, p, q] = step.cells[..] else {
            panic!("{step}: four cells")
        };
        let pair = Self::bits(&[x, y]);
        assert!(
            x != y && self.cand[a] == pair && self.cand[b] == pair,
            "{step}"
        );
        assert!(!self.sees(a, b), "{step}: the cells see each other");
        assert_eq!(
            self.spots(step.houses[0], x),
            BTreeSet::from([p, q]),
            "{step}"
        );
        assert!(self.sees(p, a) && self.sees(q, b), "{step}");
        assert!(!removed.is_empty(), "{step}");
        for &(cell, w) in removed {
            assert!(w == y && self.sees(cell, a) && self.sees(cell, b), "{step}");
        }
    }

    /// A box's places for v in one row and one column (not in one line
    /// only), a strong link in a line crossing one of them outside the
    /// box; the removal where the link's far end's line meets the other.
    fn check_empty_rectangle(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        let side = self.order * self.order;
        let v = step.values[0];
        let [bx, Unit::Row(r), Unit::Column(c), line] = step.houses[..] else {
            panic!("{step}: box, row, column, line")
        };
        let [p, q] = step.cells[..] else {
            panic!("{step}: two cells")
        };
        let spots = self.spots(bx, v);
        assert!(matches!(bx, Unit::Box(_)), "{step}");
        assert!(
            spots.iter().all(|&x| x / side == r || x % side == c),
            "{step}"
        );
        assert!(
            spots.iter().any(|&x| x / side != r),
            "{step}: all in the row"
        );
        assert!(
            spots.iter().any(|&x| x % side != c),
            "{step}: all in the column"
        );
        assert_eq!(self.spots(line, v), BTreeSet::from([p, q]), "{step}");
        let in_box = house_cells(bx, self.order);
        let target = match line {
            Unit::Column(_) => {
                assert_eq!(p / side, r, "{step}");
                (q / side) * side + c
            }
            Unit::Row(_) => {
                assert_eq!(p % side, c, "{step}");
                r * side + q % side
            }
            other => panic!("{step}: link in {other:?}"),
        };
        assert!(!in_box.contains(&p) && !in_box.contains(&target), "{step}");
        assert_eq!(removed, &BTreeSet::from([(target, v)]), "{step}");
    }

    /// Four corners in two rows, columns and boxes (each box two corners
    /// of one line), the floor (first two) only {a, b}, the roof more;
    /// then each type's own reason.
    fn check_rectangle(&self, step: &Step, removed: &BTreeSet<(usize, u8)>) {
        let side = self.order * self.order;
        let corners = &step.cells[..4];
        let pair = Self::bits(&step.values[..2]);
        let rows: BTreeSet<usize> = corners.iter().map(|c| c / side).collect();
        let cols: BTreeSet<usize> = corners.iter().map(|c| c % side).collect();
        let boxes: BTreeSet<usize> = corners.iter().map(|&c| self.box_of(c)).collect();
        assert_eq!((rows.len(), cols.len(), boxes.len()), (2, 2, 2), "{step}");
        for (i, &a) in corners.iter().enumerate() {
            for &b in &corners[i + 1..] {
                if self.box_of(a) == self.box_of(b) {
                    assert!(a / side == b / side || a % side == b % side, "{step}");
                }
            }
        }
        let (f1, f2, t1, t2) = (corners[0], corners[1], corners[2], corners[3]);
        assert!(
            self.cand[f1] == pair && self.cand[f2] == pair,
            "{step}: floor"
        );
        assert!(f1 / side == f2 / side || f1 % side == f2 % side, "{step}");
        for t in [t1, t2] {
            assert!(
                self.cand[t] & pair == pair && self.cand[t] != pair,
                "{step}: roof"
            );
        }
        assert!(!removed.is_empty(), "{step}");
        match step.technique {
            Technique::UniqueRectangle2 => {
                let z = step.values[2];
                assert_eq!(self.cand[t1], pair | 1 << (z - 1), "{step}");
                assert_eq!(self.cand[t2], self.cand[t1], "{step}");
                for &(cell, w) in removed {
                    assert!(
                        w == z && self.sees(cell, t1) && self.sees(cell, t2),
                        "{step}"
                    );
                }
            }
            Technique::UniqueRectangle4 => {
                let house = house_cells(step.houses[0], self.order);
                let roof = BTreeSet::from([t1, t2]);
                let kept: Vec<u8> = step.values[..2]
                    .iter()
                    .copied()
                    .filter(|&v| self.spots(step.houses[0], v) == roof)
                    .collect();
                assert!(house.contains(&t1) && house.contains(&t2), "{step}");
                assert!(!kept.is_empty(), "{step}: no strong link");
                let gone: BTreeSet<u8> = removed.iter().map(|e| e.1).collect();
                assert_eq!(gone.len(), 1, "{step}");
                let w = *gone.iter().next().unwrap();
                assert!(kept.iter().any(|&k| k != w), "{step}");
                for &(cell, _) in removed {
                    assert!(roof.contains(&cell), "{step}");
                }
            }
            _ => {
                let house = house_cells(step.houses[0], self.order);
                let union = Self::bits(&step.values[2..]);
                let subset = &step.cells[4..];
                let extra = (self.cand[t1] | self.cand[t2]) & !pair;
                assert!(extra != 0 && extra & !union == 0, "{step}");
                assert_eq!(union.count_ones() as usize, subset.len() + 1, "{step}");
                for &c in [t1, t2].iter().chain(subset) {
                    assert!(house.contains(&c), "{step}");
                }
                for &c in subset {
                    assert!(self.cand[c] != 0 && self.cand[c] & !union == 0, "{step}");
                }
                for &(cell, w) in removed {
                    assert!(union & (1 << (w - 1)) != 0, "{step}");
                    assert!(house.contains(&cell) && ![t1, t2].contains(&cell), "{step}");
                    assert!(!subset.contains(&cell), "{step}");
                }
            }
        }
    }
}

#[test]
fn without_uniqueness_no_unique_rectangle_is_used() {
    // Puzzles 12, 39 and 197 of top1465 use a unique rectangle of type 4,
    // 2 and 3; logic made without uniqueness must do without them (and
    // without type 1 and BUG+1), every step still sound.
    use dlx_sudoku::logic::Logic;
    use dlx_sudoku::variant::Variant;
    let uniqueness = |t: Technique| {
        matches!(
            t,
            Technique::UniqueRectangle
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::BugPlusOne
        )
    };
    let top = super::sample("top1465", 1);
    for (i, t) in [
        (11, Technique::UniqueRectangle4),
        (38, Technique::UniqueRectangle2),
        (196, Technique::UniqueRectangle3),
    ] {
        let puzzle = crate::common::board(&top[i]);
        let solution = crate::common::bt_solve(&puzzle).expect("a solution");
        let mut with = Logic::new(&puzzle, &Variant::classic());
        let mut used = BTreeSet::new();
        while let Some(step) = with.step() {
            used.insert(step.technique);
        }
        assert!(used.contains(&t), "puzzle {i}: {used:?}");
        let mut without = Logic::new(&puzzle, &Variant::classic()).without_uniqueness();
        let mut marks = Marks::new(&puzzle);
        while let Some(step) = without.step() {
            assert!(!uniqueness(step.technique), "puzzle {i}: {step}");
            marks.check_reason(&step);
            if let Some((cell, v)) = step.placement {
                assert_eq!(solution.cells()[cell], v, "{step}");
            }
            for &(cell, v) in &step.eliminations {
                assert_ne!(solution.cells()[cell], v, "{step}");
            }
            marks.apply(&step);
        }
    }
}
