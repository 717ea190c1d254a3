//! `explain`, `hint` and the logic behind them. Every step is checked
//! twice, independently of the library: its placement and each of its
//! removals against the puzzle's unique solution (found by the tests'
//! backtracker, or checked by the rules oracle), and its reason against
//! pencil marks the test keeps itself.

use std::collections::BTreeSet;

use dlx_sudoku::logic::{Logic, Step, Technique};
use dlx_sudoku::programs::dlx_sudoku::Exit;
use dlx_sudoku::solver::Unit;
use dlx_sudoku::variant::Variant;
use dlx_sudoku::Board;

use crate::common::{board, bt_count, bt_solve, line, read, run_bin, std_value, workspace};
use crate::variants::{cells, cli, Rules};

mod chains;
mod patterns;

/// Every `step`-th line of a shared puzzle set.
fn sample(set: &str, step: usize) -> Vec<String> {
    let text = String::from_utf8(read(&workspace(&format!("benches/data/{set}.txt")))).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(step)
        .map(str::to_string)
        .collect()
}

/// The cells of a house of the classic board, from the rules alone.
fn house_cells(unit: Unit, order: usize) -> Vec<usize> {
    let side = order * order;
    match unit {
        Unit::Row(r) => (0..side).map(|c| r * side + c).collect(),
        Unit::Column(c) => (0..side).map(|r| r * side + c).collect(),
        Unit::Box(b) => (0..side)
            .map(|k| {
                let (r, c) = (
                    (b / order) * order + k / order,
                    (b % order) * order + k % order,
                );
                r * side + c
            })
            .collect(),
        other => panic!("not a classic house: {other:?}"),
    }
}

/// Pencil marks kept by the test: each open cell's possible values (bit
/// v-1), cleared by placements in the cell's row, column and box and by
/// the steps' removals.
struct Marks {
    order: usize,
    grid: Vec<u8>,
    cand: Vec<u32>,
}

impl Marks {
    fn new(puzzle: &Board) -> Marks {
        let (order, side) = (puzzle.order(), puzzle.side());
        let mut m = Marks {
            order,
            grid: vec![0; side * side],
            cand: vec![(1u32 << side) - 1; side * side],
        };
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                m.place(cell, v);
            }
        }
        m
    }

    fn peers(&self, cell: usize) -> Vec<usize> {
        let side = self.order * self.order;
        let (r, c) = (cell / side, cell % side);
        let b = (r / self.order) * self.order + c / self.order;
        [Unit::Row(r), Unit::Column(c), Unit::Box(b)]
            .into_iter()
            .flat_map(|u| house_cells(u, self.order))
            .collect()
    }

    fn place(&mut self, cell: usize, v: u8) {
        self.grid[cell] = v;
        self.cand[cell] = 0;
        for p in self.peers(cell) {
            self.cand[p] &= !(1 << (v - 1));
        }
    }

    /// Do two different cells share a row, column or box?
    fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers(a).contains(&b)
    }

    /// Every row, column and box.
    fn all_houses(&self) -> Vec<Unit> {
        let side = self.order * self.order;
        (0..side)
            .flat_map(|k| [Unit::Row(k), Unit::Column(k), Unit::Box(k)])
            .collect()
    }

    fn has(&self, cell: usize, v: u8) -> bool {
        self.cand[cell] & (1 << (v - 1)) != 0
    }

    /// The cells of `unit` where `v` can still go.
    fn spots(&self, unit: Unit, v: u8) -> BTreeSet<usize> {
        house_cells(unit, self.order)
            .into_iter()
            .filter(|&c| self.has(c, v))
            .collect()
    }

    /// Checks the reason of `step` against these marks (before the step).
    fn check_reason(&self, step: &Step) {
        let removed: BTreeSet<(usize, u8)> = step.eliminations.iter().copied().collect();
        for &(cell, v) in &removed {
            assert!(
                self.has(cell, v),
                "{step}: {v} was not a candidate of cell {cell}"
            );
        }
        let order = self.order;
        match step.technique {
            Technique::NakedSingle => {
                let (cell, v) = step.placement.expect("a placement");
                assert_eq!(self.cand[cell], 1 << (v - 1), "{step}");
            }
            Technique::HiddenSingle => {
                let (cell, v) = step.placement.expect("a placement");
                assert_eq!(
                    self.spots(step.houses[0], v),
                    BTreeSet::from([cell]),
                    "{step}"
                );
            }
            Technique::Pointing | Technique::Claiming | Technique::LockedCandidates => {
                let v = step.values[0];
                let (a, b) = (step.houses[0], step.houses[1]);
                let (in_a, in_b): (BTreeSet<usize>, BTreeSet<usize>) = (
                    house_cells(a, order).into_iter().collect(),
                    house_cells(b, order).into_iter().collect(),
                );
                assert!(self.spots(a, v).is_subset(&in_b), "{step}");
                for &(cell, w) in &removed {
                    assert!(
                        w == v && in_b.contains(&cell) && !in_a.contains(&cell),
                        "{step}"
                    );
                }
                let kinds = |u: Unit| matches!(u, Unit::Box(_));
                match step.technique {
                    Technique::Pointing => assert!(kinds(a) && !kinds(b), "{step}"),
                    Technique::Claiming => assert!(!kinds(a) && kinds(b), "{step}"),
                    _ => {}
                }
            }
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
                let values: u32 = step.values.iter().fold(0, |m, v| m | 1 << (v - 1));
                assert_eq!(step.cells.len(), step.values.len(), "{step}");
                let house = house_cells(step.houses[0], order);
                for &c in &step.cells {
                    assert!(house.contains(&c), "{step}");
                    assert!(self.grid[c] == 0 && self.cand[c] & !values == 0, "{step}");
                }
                for &(cell, w) in &removed {
                    assert!(
                        house.contains(&cell) && !step.cells.contains(&cell),
                        "{step}"
                    );
                    assert!(values & (1 << (w - 1)) != 0, "{step}");
                }
            }
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
                assert_eq!(step.cells.len(), step.values.len(), "{step}");
                let cells: BTreeSet<usize> = step.cells.iter().copied().collect();
                for &v in &step.values {
                    let spots = self.spots(step.houses[0], v);
                    assert!(!spots.is_empty() && spots.is_subset(&cells), "{step}");
                }
                for &(cell, w) in &removed {
                    assert!(cells.contains(&cell) && !step.values.contains(&w), "{step}");
                }
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let v = step.values[0];
                let n = match step.technique {
                    Technique::XWing => 2,
                    Technique::Swordfish => 3,
                    _ => 4,
                };
                assert_eq!(step.houses.len(), 2 * n, "{step}");
                let cover: BTreeSet<usize> = step.houses[n..]
                    .iter()
                    .flat_map(|&u| house_cells(u, order))
                    .collect();
                let base: BTreeSet<usize> = step.houses[..n]
                    .iter()
                    .flat_map(|&u| house_cells(u, order))
                    .collect();
                for &u in &step.houses[..n] {
                    let spots = self.spots(u, v);
                    assert!((2..=n).contains(&spots.len()), "{step}");
                    assert!(spots.is_subset(&cover), "{step}");
                }
                for &(cell, w) in &removed {
                    assert!(
                        w == v && cover.contains(&cell) && !base.contains(&cell),
                        "{step}"
                    );
                }
            }
            Technique::XYWing | Technique::XYZWing => {
                let bit = |v: u8| 1u32 << (v - 1);
                let (x, y, z) = (step.values[0], step.values[1], step.values[2]);
                let (pivot, a, b) = (step.cells[0], step.cells[1], step.cells[2]);
                let pivot_marks = if step.technique == Technique::XYWing {
                    bit(x) | bit(y)
                } else {
                    bit(x) | bit(y) | bit(z)
                };
                assert!(x != y && y != z && x != z, "{step}");
                assert_eq!(self.cand[pivot], pivot_marks, "{step}");
                assert_eq!(self.cand[a], bit(x) | bit(z), "{step}");
                assert_eq!(self.cand[b], bit(y) | bit(z), "{step}");
                assert!(self.sees(pivot, a) && self.sees(pivot, b), "{step}");
                // Removals see both pincers (and the pivot, for XYZ).
                let must_see: &[usize] = if step.technique == Technique::XYWing {
                    &[a, b]
                } else {
                    &[pivot, a, b]
                };
                for &(cell, w) in &removed {
                    assert_eq!(w, z, "{step}");
                    assert!(must_see.iter().all(|&p| self.sees(cell, p)), "{step}");
                }
            }
            Technique::UniqueRectangle => {
                let side = order * order;
                let pair: u32 = step.values.iter().fold(0, |m, v| m | 1 << (v - 1));
                assert_eq!((step.cells.len(), pair.count_ones()), (4, 2), "{step}");
                let rows: BTreeSet<usize> = step.cells.iter().map(|c| c / side).collect();
                let cols: BTreeSet<usize> = step.cells.iter().map(|c| c % side).collect();
                let boxes: BTreeSet<usize> = step
                    .cells
                    .iter()
                    .map(|c| (c / side / order) * order + c % side / order)
                    .collect();
                assert_eq!((rows.len(), cols.len(), boxes.len()), (2, 2, 2), "{step}");
                let exact = step.cells.iter().filter(|&&c| self.cand[c] == pair).count();
                assert_eq!(exact, 3, "{step}");
                for &(cell, w) in &removed {
                    assert!(
                        step.cells.contains(&cell) && self.cand[cell] != pair,
                        "{step}"
                    );
                    assert!(pair & (1 << (w - 1)) != 0, "{step}");
                }
            }
            Technique::SimpleColouring => {
                let v = step.values[0];
                assert_eq!(step.cells.len(), step.colours.len(), "{step}");
                let colour: std::collections::BTreeMap<usize, bool> = step
                    .cells
                    .iter()
                    .copied()
                    .zip(step.colours.iter().copied())
                    .collect();
                // Conjugate pairs join the chain's cells in alternating
                // colours, and join all of them.
                let mut joined = BTreeSet::from([step.cells[0]]);
                let mut grew = true;
                while grew {
                    grew = false;
                    for u in self.all_houses() {
                        let spots = self.spots(u, v);
                        if spots.len() != 2 {
                            continue;
                        }
                        let s: Vec<usize> = spots.into_iter().collect();
                        if let (Some(&ca), Some(&cb)) = (colour.get(&s[0]), colour.get(&s[1])) {
                            assert_ne!(ca, cb, "{step}: a conjugate pair of one colour");
                            if joined.contains(&s[0]) != joined.contains(&s[1]) {
                                joined.extend([s[0], s[1]]);
                                grew = true;
                            }
                        }
                    }
                }
                assert_eq!(joined.len(), step.cells.len(), "{step}: not one chain");
                let same_colour_seen = |c: bool| {
                    let cells: Vec<usize> =
                        colour.iter().filter(|e| *e.1 == c).map(|e| *e.0).collect();
                    cells
                        .iter()
                        .any(|&a| cells.iter().any(|&b| self.sees(a, b)))
                };
                for &(cell, w) in &removed {
                    assert_eq!(w, v, "{step}");
                    match colour.get(&cell) {
                        // Colour wrap: the cell's colour has two cells that
                        // see each other.
                        Some(&c) => assert!(same_colour_seen(c), "{step}"),
                        // Colour trap: it sees both colours.
                        None => {
                            for c in [false, true] {
                                assert!(
                                    colour.iter().any(|e| *e.1 == c && self.sees(cell, *e.0)),
                                    "{step}"
                                );
                            }
                        }
                    }
                }
            }
            Technique::BugPlusOne => {
                // Every open cell bivalue but the placement's, with three;
                // each value in each house in 0 or 2 cells, but the placed
                // value in the houses of its cell, in 3.
                let (cell, v) = step.placement.expect("a placement");
                assert_eq!(self.cand[cell].count_ones(), 3, "{step}");
                for c in (0..self.cand.len()).filter(|&c| c != cell && self.grid[c] == 0) {
                    assert_eq!(self.cand[c].count_ones(), 2, "{step}");
                }
                for u in self.all_houses() {
                    let here = house_cells(u, order).contains(&cell);
                    for w in 1..=(order * order) as u8 {
                        let n = self.spots(u, w).len();
                        if here && w == v {
                            assert_eq!(n, 3, "{step}");
                        } else {
                            assert!(n == 0 || n == 2, "{step}: {w} in {u:?}");
                        }
                    }
                }
            }
            Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::XChain
            | Technique::XYChain
            | Technique::Aic => self.check_alternating(step, &removed),
            Technique::GroupedAic | Technique::ContinuousNiceLoop => {
                self.check_grouped(step, &removed)
            }
            Technique::AlsXz | Technique::AlsXyWing => self.check_als(step, &removed),
            Technique::ForcingChain
            | Technique::CellForcingChain
            | Technique::UnitForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain => self.check_forcing(step, &removed),
            _ if self.check_pattern(step, &removed) => {}
            other => panic!("a technique the test does not know: {other:?}"),
        }
    }

    fn apply(&mut self, step: &Step) {
        if let Some((cell, v)) = step.placement {
            self.place(cell, v);
        }
        for &(cell, v) in &step.eliminations {
            self.cand[cell] &= !(1 << (v - 1));
        }
    }
}

/// Explains `puzzle` (one solution) with the library, checking every step;
/// the techniques used, and whether logic solved it.
fn explain_checked(puzzle: &Board) -> (Vec<Technique>, bool) {
    assert_eq!(bt_count(puzzle, 2), 1, "{}", line(puzzle));
    let solution = bt_solve(puzzle).expect("a solution");
    let mut logic = Logic::new(puzzle, &Variant::classic());
    let mut marks = Marks::new(puzzle);
    let mut used = Vec::new();
    while let Some(step) = logic.step() {
        marks.check_reason(&step);
        if let Some((cell, v)) = step.placement {
            assert_eq!(solution.cells()[cell], v, "{step} in {}", line(puzzle));
        }
        for &(cell, v) in &step.eliminations {
            assert_ne!(solution.cells()[cell], v, "{step} in {}", line(puzzle));
        }
        assert!(
            step.placement.is_some() || !step.eliminations.is_empty(),
            "{step} does nothing"
        );
        // The step's line says what it does.
        let (placed, removed) = parse_step(&step.to_string(), puzzle.side());
        assert_eq!(placed, step.placement, "{step}");
        assert_eq!(
            removed.into_iter().collect::<BTreeSet<_>>(),
            step.eliminations.iter().copied().collect::<BTreeSet<_>>(),
            "{step}"
        );
        marks.apply(&step);
        // The library's pencil marks are the test's.
        for cell in 0..marks.cand.len() {
            assert_eq!(
                logic.candidates(cell),
                marks.cand[cell],
                "cell {cell} after {step}"
            );
        }
        used.push(step.technique);
    }
    assert_eq!(logic.board().cells(), &marks.grid[..]);
    (used, logic.is_solved())
}

#[test]
fn every_step_is_sound_and_its_reason_holds() {
    let mut puzzles: Vec<String> = sample("top1465", 25);
    puzzles.extend(sample("unbiased_1k", 50));
    puzzles.extend(sample("17clue", 2500));
    // Puzzles 66 and 81 of top1465 need an XYZ-wing.
    let top = sample("top1465", 1);
    puzzles.extend([top[65].clone(), top[80].clone()]);
    // Puzzle 36 of unbiased_1k and 201 of top1465 need a BUG+1.
    let unbiased = sample("unbiased_1k", 1);
    puzzles.extend([unbiased[35].clone(), top[200].clone()]);
    // Puzzle 36 of top1465 needs a finned jellyfish, 882 a sashimi one
    // (the other patterns show up in the sample).
    puzzles.extend([top[35].clone(), top[881].clone()]);
    let mut used = BTreeSet::new();
    let (mut solved, mut stuck) = (0, 0);
    for p in &puzzles {
        let (techniques, done) = explain_checked(&board(p));
        used.extend(techniques);
        if done {
            solved += 1;
        } else {
            stuck += 1;
        }
    }
    // Small boards too: generated 4x4 puzzles and the POJ 3076 16x16 one.
    let (exit, out, err) = cli(&["generate", "--size", "4", "-n", "20", "--seed", "3"], "");
    assert_eq!(exit, Exit::Success, "{err}");
    for p in out.lines() {
        assert!(explain_checked(&board(p)).1, "{p}");
    }
    let sixteen = crate::common::records(
        &String::from_utf8(read(&crate::common::judge("poj3076.in"))).unwrap(),
        dlx_sudoku::format::Format::Poj3076,
    );
    for r in sixteen {
        if let crate::common::Record::Board(b) = r {
            explain_checked(&b);
        }
    }
    // Every technique is exercised, and logic both finishes puzzles and
    // runs out on others.
    for t in [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle,
        Technique::SimpleColouring,
        Technique::BugPlusOne,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::EmptyRectangle,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::WWing,
        Technique::XChain,
        Technique::XYChain,
        Technique::Aic,
        Technique::ContinuousNiceLoop,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
    ] {
        assert!(used.contains(&t), "{t} never used: {used:?}");
    }
    // Chains and forcing chains solve all but the rarest puzzles.
    assert!(
        solved > 10 && stuck * 100 <= solved,
        "solved {solved}, stuck {stuck}"
    );
}

/// The value of a step's value text (`7`, `A`).
fn value(text: &str) -> u8 {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        panic!("value {text:?}")
    };
    std_value(c).unwrap_or_else(|| panic!("value {text:?}"))
}

/// The cell of `rRcC` on a board of `side`.
fn cell(text: &str, side: usize) -> usize {
    let (r, c) = text
        .strip_prefix('r')
        .and_then(|t| t.split_once('c'))
        .unwrap_or_else(|| panic!("cell {text:?}"));
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    assert!((1..=side).contains(&r) && (1..=side).contains(&c), "{text}");
    (r - 1) * side + c - 1
}

/// A cell and a value.
type CellValue = (usize, u8);

/// What one printed step says: a placement, and the removals.
fn parse_step(text: &str, side: usize) -> (Option<CellValue>, Vec<CellValue>) {
    let (head, reason) = text.split_once(": ").unwrap_or_else(|| panic!("{text}"));
    let placement = head
        .split_once(" = ")
        .map(|(c, v)| (cell(c, side), value(v)));
    let mut removals = Vec::new();
    if let Some((_, list)) = reason.split_once("removes ") {
        for part in list.split(", ") {
            let (v, cells) = part
                .split_once(" from ")
                .unwrap_or_else(|| panic!("{text}"));
            for c in cells.split(' ') {
                removals.push((cell(c, side), value(v)));
            }
        }
    }
    assert!(placement.is_some() == removals.is_empty(), "{text}");
    (placement, removals)
}

/// Checks the lines of one `explain` record against `solution` (the
/// puzzle's only one) and returns its last line.
fn check_explanation(record: &str, puzzle: &[u8], solution: &[u8]) -> String {
    let side = (1..=25).find(|s| s * s == puzzle.len()).unwrap();
    let lines: Vec<&str> = record.lines().collect();
    let (last, steps) = lines.split_last().expect("a record");
    let mut grid = puzzle.to_vec();
    for step in steps {
        let (placement, removals) = parse_step(step, side);
        if let Some((c, v)) = placement {
            assert_eq!(grid[c], 0, "{step}: the cell is filled");
            assert_eq!(solution[c], v, "{step}");
            grid[c] = v;
        }
        for (c, v) in removals {
            assert_eq!(grid[c], 0, "{step}: removes from a filled cell");
            assert_ne!(solution[c], v, "{step}");
        }
    }
    let open = grid.iter().filter(|&&v| v == 0).count();
    if open == 0 {
        assert_eq!(*last, format!("solved in {}", steps_text(steps.len())));
    } else {
        let cells = if open == 1 { "cell" } else { "cells" };
        let prefix = format!(
            "stuck after {} with {open} {cells} open; the search needs ",
            steps_text(steps.len())
        );
        let rest = last
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{last}"));
        let nodes: u64 = rest.strip_suffix(" more nodes").unwrap().parse().unwrap();
        assert!(nodes > 0, "{last}");
    }
    last.to_string()
}

#[test]
fn explain_through_the_program() {
    let mut puzzles = sample("top1465", 150);
    puzzles.extend(sample("unbiased_1k", 200));
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let r = run_bin(&["explain"], input.as_bytes());
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let out = r.out();
    let records: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(records.len(), puzzles.len());
    let (mut solved, mut stuck) = (0, 0);
    for (record, p) in records.iter().zip(&puzzles) {
        let puzzle = board(p);
        let solution = bt_solve(&puzzle).expect("solvable");
        let last = check_explanation(record, puzzle.cells(), solution.cells());
        if last.starts_with("solved") {
            solved += 1;
        } else {
            stuck += 1;
        }
    }
    // Chains and forcing chains solve every one of these.
    assert_eq!((solved, stuck), (puzzles.len(), 0));
    // They are not tried past 9x9: the POJ 3076 16x16 puzzle gets stuck.
    let judge = crate::common::judge("poj3076.in");
    let r = run_bin(&["explain", judge.to_str().unwrap()], b"");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let last = r.out().lines().last().unwrap_or_default().to_string();
    assert!(
        last.starts_with("stuck after ") && last.ends_with(" more nodes"),
        "{last}"
    );

    // hint is the first line of explain, one line per puzzle.
    let r = run_bin(&["hint"], input.as_bytes());
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let hints: Vec<String> = r.out().lines().map(str::to_string).collect();
    assert_eq!(hints.len(), puzzles.len());
    for (hint, record) in hints.iter().zip(&records) {
        let first = record.lines().next().unwrap();
        if first.starts_with("stuck after 0 steps") {
            assert!(hint.starts_with("stuck: no logical step"), "{hint}");
        } else {
            assert_eq!(hint, first);
        }
    }
}

#[test]
fn explain_on_every_size_and_variant() {
    // 4x4 and 9x9 puzzles, an X-Sudoku and a jigsaw, made by the program,
    // checked unique and solved by the rules oracle (16x16 boards are
    // explained in `every_step_is_sound_and_its_reason_holds`).
    let jigsaw = crate::variants::Temp::new(crate::variants::JIGSAW9.as_bytes());
    let runs: [(&[&str], &[&str], Rules); 4] = [
        (&["--size", "4"], &[], Rules::classic(2)),
        (&["--size", "9"], &[], Rules::classic(3)),
        (&[], &["--variant", "x"], Rules::x(3)),
        (
            &[],
            &["--regions", jigsaw.path()],
            Rules::jigsaw(crate::variants::JIGSAW9, false),
        ),
    ];
    for (size, variant, rules) in runs {
        let generate = [&["generate", "-n", "3", "--seed", "11"][..], size, variant].concat();
        let (exit, out, err) = cli(&generate, "");
        assert_eq!(exit, Exit::Success, "{err}");
        let (exit, solutions, err) = cli(&[&["solve"][..], variant].concat(), &out);
        assert_eq!(exit, Exit::Success, "{err}");
        let (exit, explained, err) = cli(&[&["explain"][..], variant].concat(), &out);
        assert_eq!(exit, Exit::Success, "{generate:?}: {err}");
        let records: Vec<&str> = explained.trim_end().split("\n\n").collect();
        assert_eq!(records.len(), 3);
        for ((record, p), s) in records.iter().zip(out.lines()).zip(solutions.lines()) {
            let (puzzle, solution) = (cells(p), cells(s));
            assert_eq!(rules.count(&puzzle, 2), 1, "{p}");
            rules.check_solution(&puzzle, &solution).unwrap();
            check_explanation(record, &puzzle, &solution);
        }
    }
}

#[test]
fn explain_and_hint_need_one_solution() {
    const MULTI: &str =
        "712.6.3.8.6.2....4..851.6..924..6.375.6...2....3...9.....97......................";
    const CLASH: &str =
        "7.7..............................................................................";
    const UNSOLVABLE: &str =
        ".2..5.6.8...7..4.....1.3....6..4....1......5........1.7..3.5.........2......8....";
    let good = sample("unbiased_1k", 1000).remove(0);
    let solved = line(&bt_solve(&board(&good)).unwrap());
    let input = format!("{MULTI}\n{CLASH}\n12.\n{UNSOLVABLE}\n{solved}\n{good}\n");
    let r = run_bin(&["hint"], input.as_bytes());
    assert_eq!(r.code, 1);
    let out = r.out();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "multiple solutions",
            "no solution: row 1 has value 7 twice (r1c1 and r1c3)",
            "invalid puzzle",
            "no solution",
            "solved",
        ]
    );
    assert_eq!(lines.len(), 6);
    assert!(r.stderr.starts_with("<stdin>:3: 3 cells"), "{}", r.stderr);
    let r = run_bin(&["explain"], input.as_bytes());
    assert_eq!(r.code, 1);
    let out = r.out();
    let records: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(
        records[..5],
        lines[..4]
            .iter()
            .copied()
            .chain(["solved in 0 steps"])
            .collect::<Vec<_>>()[..]
    );
    // Only the good puzzle: status 0.
    let r = run_bin(&["hint"], format!("{good}\n").as_bytes());
    assert_eq!(r.code, 0);
}

/// "1 step", "N steps", as `explain` counts its steps.
fn steps_text(n: usize) -> String {
    if n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}

#[test]
fn candidates_show_the_pencil_marks_before_each_step() {
    // The test's own pencil marks, replayed from the steps as printed,
    // must be the board printed before each step.
    for p in sample("top1465", 300)
        .iter()
        .chain(&sample("unbiased_1k", 250))
    {
        let puzzle = board(p);
        let r = run_bin(&["explain", "--candidates"], format!("{p}\n").as_bytes());
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
        let out = r.out();
        let mut lines = out.lines();
        let mut marks = Marks::new(&puzzle);
        let mut steps = 0;
        loop {
            let first = lines.next().expect("a board or the end");
            if first.starts_with("solved in") || first.starts_with("stuck after") {
                assert!(first.contains(&format!("{steps} step")), "{first}");
                break;
            }
            // 9 rows and 2 rules between bands.
            let mut rows = vec![first];
            rows.extend(lines.by_ref().take(10));
            let cells: Vec<&str> = rows
                .iter()
                .filter(|l| !l.starts_with('-'))
                .flat_map(|l| l.split_whitespace().filter(|t| *t != "|"))
                .collect();
            assert_eq!(cells.len(), 81, "{rows:?}");
            for (cell, text) in cells.iter().enumerate() {
                let expected: String = match marks.grid[cell] {
                    0 => (1..=9u8)
                        .filter(|&v| marks.has(cell, v))
                        .map(|v| char::from(b'0' + v))
                        .collect(),
                    v => char::from(b'0' + v).to_string(),
                };
                assert_eq!(*text, expected, "cell {cell} before step {}", steps + 1);
            }
            assert_eq!(lines.next(), Some(""), "a blank line after the board");
            let step = lines.next().expect("a step");
            let (placement, removals) = parse_step(step, 9);
            if let Some((cell, v)) = placement {
                marks.place(cell, v);
            }
            for (cell, v) in removals {
                marks.cand[cell] &= !(1 << (v - 1));
            }
            assert_eq!(lines.next(), Some(""), "a blank line after the step");
            steps += 1;
        }
    }
}
