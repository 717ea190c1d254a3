//! The lazy links against the colored links (`engine::xcc`), which the
//! oracle tests check against brute force and Knuth's counts. Small
//! random problems do not suit the lazy links, so `ALWAYS` makes every
//! early search of this thread take them.

use std::cell::Cell;
use std::collections::BTreeSet;

use super::LazyLinks;
use crate::seed::Rng;
use crate::{Branching, Color, OptionId, Problem, Step};

thread_local! {
    /// Do the early searches of this thread take the lazy links,
    /// whatever the problem?
    pub(crate) static ALWAYS: Cell<bool> = const { Cell::new(false) };
}

/// A random colored problem: up to 7 primary and 4 secondary items, up
/// to 24 options of one to three primary items and up to three
/// secondary ones, colored (from three colors) or not.
pub(crate) fn random_problem(rng: &mut Rng) -> Problem {
    let (primary, secondary) = (2 + rng.below(6), 1 + rng.below(4));
    let mut p = Problem::new(primary, secondary);
    for _ in 0..4 + rng.below(21) {
        let mut items: Vec<usize> = (0..primary).collect();
        rng.shuffle(&mut items);
        // One option in eight has no primary item: never chosen, but
        // it may be forced.
        let k = if rng.below(8) == 0 {
            0
        } else {
            1 + rng.below(3.min(primary))
        };
        let mut entries: Vec<_> = items[..k].iter().map(|&i| (p.primary(i), None)).collect();
        let mut sec: Vec<usize> = (0..secondary).collect();
        rng.shuffle(&mut sec);
        for &j in &sec[..usize::from(k == 0) + rng.below(secondary.min(3))] {
            let color = rng.below(4);
            entries.push((p.secondary(j), (color > 0).then(|| Color::new(color))));
        }
        rng.shuffle(&mut entries);
        p.add_colored_option(entries).expect("a valid option");
    }
    p
}

/// The solutions of `p` as sets of option indices, found under `rule`
/// with the lazy links or not, and the nodes of the search; the node
/// limit goes up by `step` at a time, and the rule cycles through
/// every rule at each stop when `cycle`.
fn solve(
    p: &mut Problem,
    rule: Branching,
    lazy: bool,
    step: Option<u64>,
    cycle: bool,
) -> (BTreeSet<Vec<usize>>, u64) {
    ALWAYS.with(|a| a.set(lazy));
    let mut s = p.solver();
    s.set_branching(rule);
    let mut found = BTreeSet::new();
    let mut limit = 0;
    let mut k = 0;
    loop {
        if let Some(step) = step {
            limit += step;
            s.set_node_limit(Some(limit));
        }
        match s.next_solution() {
            Step::Found => {
                let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
                o.sort_unstable();
                assert!(found.insert(o), "a solution found twice");
            }
            Step::NodeLimit => {
                let progress = s.progress();
                assert!((0.0..=1.0).contains(&progress), "progress {progress}");
                if cycle {
                    k += 1;
                    s.set_branching(Branching::ALL[k % Branching::ALL.len()]);
                }
            }
            _ => break,
        }
    }
    assert_eq!(s.progress(), 1.0);
    let nodes = s.stats().nodes;
    drop(s);
    ALWAYS.with(|a| a.set(false));
    (found, nodes)
}

#[test]
fn lazy_links_find_the_colored_links_solutions_and_nodes() {
    let mut rng = Rng::new(11);
    for _ in 0..400 {
        let mut p = random_problem(&mut rng);
        let (dlx2, _) = solve(&mut p, Branching::MinLength, false, None, false);
        let (early, nodes) = solve(&mut p, Branching::Early, false, None, false);
        assert_eq!(early, dlx2);
        let (lazy, lazy_nodes) = solve(&mut p, Branching::Early, true, None, false);
        assert_eq!(lazy, dlx2);
        assert_eq!(lazy_nodes, nodes, "the same tree");
        // Paused at every node, at every third with the rule changed.
        assert_eq!(
            solve(&mut p, Branching::Early, true, Some(1), false).0,
            dlx2
        );
        assert_eq!(solve(&mut p, Branching::Early, true, Some(3), true).0, dlx2);
    }
}

#[test]
fn lazy_links_force_and_split_off_as_the_colored_links_do() {
    let mut rng = Rng::new(12);
    for _ in 0..300 {
        let mut p = random_problem(&mut rng);
        let (dlx2, _) = solve(&mut p, Branching::MinLength, false, None, false);
        ALWAYS.with(|a| a.set(true));
        // The parts of a cut, each forced on a solver of its own.
        let mut total = BTreeSet::new();
        for part in p.parts(2) {
            let mut s = p.solver();
            s.set_branching(Branching::Early);
            if part.iter().any(|&o| s.force(o).is_err()) {
                continue;
            }
            while s.next_solution() == Step::Found {
                let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
                o.sort_unstable();
                assert!(total.insert(o), "a solution in two parts");
            }
        }
        assert_eq!(total, dlx2);
        // Each option forced alone, those without a primary item too.
        for o in 0..p.option_count() {
            let forced = |p: &mut Problem, lazy: bool| {
                ALWAYS.with(|a| a.set(lazy));
                let mut s = p.solver();
                s.set_branching(Branching::Early);
                s.force(OptionId::new(o)).ok()?;
                let mut found = BTreeSet::new();
                while s.next_solution() == Step::Found {
                    let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
                    o.sort_unstable();
                    found.insert(o);
                }
                Some((found, s.stats().nodes))
            };
            let lazy = forced(&mut p, true);
            assert_eq!(lazy, forced(&mut p, false), "option {o} forced");
        }
        ALWAYS.with(|a| a.set(true));
        // Work split off a paused search, and the rest of it.
        let mut s = p.solver();
        s.set_branching(Branching::Early);
        s.set_node_limit(Some(2));
        let mut found = BTreeSet::new();
        let mut parts = Vec::new();
        loop {
            match s.next_solution() {
                Step::Found => {
                    found.insert(s.solution().map(OptionId::index).collect::<BTreeSet<_>>());
                }
                Step::NodeLimit => {
                    parts.extend(s.split_off().parts);
                    s.set_node_limit(None);
                }
                _ => break,
            }
        }
        drop(s);
        for part in parts {
            let mut s = p.solver();
            s.set_branching(Branching::Early);
            for &o in &part {
                s.force(o).expect("a part's options agree");
            }
            while s.next_solution() == Step::Found {
                let o = s.solution().map(OptionId::index).collect::<BTreeSet<_>>();
                assert!(found.insert(o), "a solution split off twice");
            }
        }
        let dlx2: BTreeSet<BTreeSet<usize>> =
            dlx2.into_iter().map(|o| o.into_iter().collect()).collect();
        assert_eq!(found, dlx2);
        ALWAYS.with(|a| a.set(false));
    }
}

#[test]
fn stamps_that_wrap_around_clear_the_marks() {
    let mut marks = [1, u32::MAX, 7];
    assert_eq!(super::next_stamp(6, &mut marks), 7);
    assert_eq!(marks, [1, u32::MAX, 7]);
    assert_eq!(super::next_stamp(u32::MAX, &mut marks), 1);
    assert_eq!(marks, [0, 0, 0]);
}

/// A random word rectangle: `rows` × `cols` cells (secondary, colored
/// by letters of a three-letter alphabet), a slot per row and column
/// (primary) and random words for each. A cell's options are then all
/// the options of its row's slot and all of its column's, each with
/// the cell at one place: the lists the lazy links walk.
fn random_rectangle(rng: &mut Rng) -> Problem {
    let (rows, cols) = (2 + rng.below(2), 2 + rng.below(3));
    let mut p = Problem::new(rows + cols, rows * cols);
    let letter = |rng: &mut Rng| Some(Color::new(rng.below(3)));
    for r in 0..rows {
        for _ in 0..2 + rng.below(12) {
            let mut entries = vec![(p.primary(r), None)];
            for c in 0..cols {
                entries.push((p.secondary(r * cols + c), letter(rng)));
            }
            p.add_colored_option(entries).expect("a valid option");
        }
    }
    for c in 0..cols {
        for _ in 0..2 + rng.below(12) {
            let mut entries = vec![(p.primary(rows + c), None)];
            for r in 0..rows {
                entries.push((p.secondary(r * cols + c), letter(rng)));
            }
            p.add_colored_option(entries).expect("a valid option");
        }
    }
    p
}

#[test]
fn lazy_links_walk_the_lists_of_word_rectangles() {
    let mut rng = Rng::new(13);
    for _ in 0..300 {
        let mut p = random_rectangle(&mut rng);
        let (dlx2, _) = solve(&mut p, Branching::MinLength, false, None, false);
        let (early, nodes) = solve(&mut p, Branching::Early, false, None, false);
        assert_eq!(early, dlx2);
        let (lazy, lazy_nodes) = solve(&mut p, Branching::Early, true, None, false);
        assert_eq!(lazy, dlx2);
        assert_eq!(lazy_nodes, nodes, "the same tree");
        assert_eq!(solve(&mut p, Branching::Early, true, Some(2), true).0, dlx2);
    }
}

/// The node layout of [`XccLinks::build`](crate::engine::xcc::XccLinks::build)
/// for `n_items` items and these options: the headers, a spacer, then each
/// option's items and a spacer.
fn layout(n_items: u32, options: &[Vec<u32>]) -> Vec<crate::engine::arena::ItemIx> {
    use crate::engine::arena::{ItemIx, SPACER};
    let mut items: Vec<ItemIx> = (0..n_items).map(ItemIx).collect();
    items.push(SPACER);
    for option in options {
        items.extend(option.iter().map(|&i| ItemIx(i)));
        items.push(SPACER);
    }
    items
}

/// Options of one primary item (of `primary`) and `k` secondary items
/// each (of `secondary`, taken in turn), `n` of them.
fn shaped(primary: u32, secondary: u32, k: u32, n: u32) -> Vec<Vec<u32>> {
    (0..n)
        .map(|o| {
            let mut option = vec![o % primary];
            option.extend((0..k).map(|j| primary + (o * k + j) % secondary));
            option
        })
        .collect()
}

#[test]
fn the_lazy_links_are_taken_for_long_lists_or_long_options() {
    let suits = |primary, secondary, k, n| {
        let items = layout(primary + secondary, &shaped(primary, secondary, k, n));
        LazyLinks::suits(primary, &items)
    };
    // Edge matching's shape: 3 secondary items an option, lists of 36.
    assert!(suits(10, 20, 3, 240));
    // Lists of 24: too short for options of 3 or 4 (Graeco-Latin squares).
    assert!(!suits(10, 20, 4, 120));
    // Options of 11 (tetrominoes with adjacency colors): lists of 22 do.
    assert!(suits(10, 50, 11, 100));
    // But not lists of 12.
    assert!(!suits(10, 50, 11, 54));
    // Fewer than 3 secondary items an option: never.
    assert!(!suits(10, 4, 2, 200));
}
