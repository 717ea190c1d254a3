use super::*;

/// Options `(items, cost)` over `primary` primary items.
fn problem(primary: usize, options: &[(&[usize], u64)]) -> Problem {
    let mut p = Problem::new(primary, 0);
    for &(items, cost) in options {
        let o = p
            .add_option(items.iter().map(|&i| crate::Item::new(i)))
            .unwrap();
        p.set_cost(o, cost);
    }
    p
}

#[test]
fn taxes_are_added_back() {
    // a b; {a} 5, {b} 7, {a b} 13: taxes 5 and 7, net costs 0, 0, 1.
    let p = problem(2, &[(&[0], 5), (&[1], 7), (&[0, 1], 13)]);
    let arena = Arena::build(&p).unwrap();
    assert_eq!(arena.total_tax, 12);
    let costs: Vec<u64> = p.best(3).unwrap().iter().map(|s| s.cost).collect();
    assert_eq!(costs, [12, 13]);
}

#[test]
fn lists_are_sorted_stably_by_net_cost() {
    let p = problem(1, &[(&[0], 4), (&[0], 2), (&[0], 4), (&[0], 2)]);
    let arena = Arena::build(&p).unwrap();
    let head = Node(0);
    let mut x = arena.link[head].down;
    let mut order = Vec::new();
    let mut costs = vec![arena.link[head].down_cost];
    while x != head {
        order.push(p.option_of(x).index());
        costs.push(arena.link[x].down_cost);
        x = arena.link[x].down;
    }
    assert_eq!(order, [1, 3, 0, 2]);
    // The item's tax is 2: net costs 0, 0, 2, 2, then the header.
    assert_eq!(costs, [0, 0, 2, 2, INFINITE]);
}

#[test]
fn only_real_totals_past_the_limit_are_an_error() {
    // Two options that must both be chosen: 2^64 - 1 in all.
    let p = problem(2, &[(&[0], u64::MAX / 2 + 1), (&[1], u64::MAX / 2)]);
    let option = OptionId::new(0);
    assert_eq!(p.min_cost(), Err(CostError::Overflow { option }));
    // Alternatives for one item never add up.
    let p = problem(1, &[(&[0], MAX_COST), (&[0], MAX_COST)]);
    assert_eq!(p.min_cost().unwrap().unwrap().cost, MAX_COST);
    assert_eq!(p.best(2).unwrap().len(), 2);
    // {a, c} + {b} and {b, c} + {a}: each 10^19, though the dearest
    // options add up to 2 * 10^19.
    let e19 = 10_000_000_000_000_000_000;
    let p = problem(3, &[(&[0, 2], e19), (&[1, 2], e19), (&[0], 0), (&[1], 0)]);
    assert_eq!(
        p.best(5)
            .unwrap()
            .iter()
            .map(|s| s.cost)
            .collect::<Vec<_>>(),
        [e19, e19]
    );
    // A cheap solution and one past the limit: the one best is fine, the
    // two best are not.
    let p = problem(2, &[(&[0, 1], 5), (&[0], MAX_COST), (&[1], 9)]);
    assert_eq!(p.min_cost().unwrap().unwrap().cost, 5);
    let option = OptionId::new(1);
    assert_eq!(p.best(2), Err(CostError::Overflow { option }));
    // A cost of 2^64 - 1 is refused before the search, with its option.
    let p = problem(2, &[(&[0], 1), (&[1], u64::MAX)]);
    let option = OptionId::new(1);
    assert_eq!(p.min_cost(), Err(CostError::CostTooLarge { option }));
    assert!(CostError::CostTooLarge { option }
        .to_string()
        .contains("option 1"));
    // With the disjoint bound, an item with no option left is a dead end,
    // whatever the budget.
    let p = problem(2, &[(&[0], MAX_COST), (&[1], MAX_COST)]);
    let option = OptionId::new(0);
    let report = CostSearch::new(&p).disjoint_bound(true).run();
    assert_eq!(report, Err(CostError::Overflow { option }));
}

#[test]
fn the_links_are_restored() {
    let mut p = problem(
        4,
        &[
            (&[0, 1], 3),
            (&[2, 3], 1),
            (&[0], 1),
            (&[1, 2], 1),
            (&[3], 2),
            (&[1], 0),
            (&[2], 5),
        ],
    );
    p.add_option([crate::Item::new(0), crate::Item::new(3)])
        .unwrap();
    let mut arena = Arena::build(&p).unwrap();
    let before: Vec<(Node, Node)> = arena.link.data.iter().map(|l| (l.up, l.down)).collect();
    let lens = arena.len.data.clone();
    let mut s = Search::new(&arena, 2, u64::MAX);
    assert_eq!(s.run::<0>(&mut arena), Outcome::Complete);
    assert_eq!(s.heap.len(), 2);
    let after: Vec<(Node, Node)> = arena.link.data.iter().map(|l| (l.up, l.down)).collect();
    assert_eq!(before, after);
    assert_eq!(lens, arena.len.data);
    assert!(arena.active.iter().all(|&w| w == 0b1111));
}
