use super::*;
use crate::seed::Rng;

/// The nodes of each item's list, top to bottom.
fn lists(x: &XccLinks) -> Vec<Vec<Node>> {
    (0..x.n_items)
        .map(|c| {
            let head = Node(c);
            let mut nodes = Vec::new();
            let mut rr = x.link[head].down;
            while rr != head {
                assert_eq!(x.link[x.link[rr].down].up, rr, "a broken link");
                nodes.push(rr);
                rr = x.link[rr].down;
            }
            nodes
        })
        .collect()
}

/// The solutions of `p` with the options `forced` forced, under
/// `rule`, as sorted option indices; `None` when forcing fails.
fn forced_solutions(
    p: &mut crate::Problem,
    rule: crate::Branching,
    forced: &[usize],
) -> Option<std::collections::BTreeSet<Vec<usize>>> {
    let mut s = p.solver();
    s.set_branching(rule);
    for &o in forced {
        s.force(crate::OptionId::new(o)).ok()?;
    }
    let mut found = std::collections::BTreeSet::new();
    while s.next_solution() == crate::Step::Found {
        let mut o: Vec<usize> = s.solution().map(crate::OptionId::index).collect();
        o.sort_unstable();
        assert!(found.insert(o), "a solution found twice");
    }
    Some(found)
}

/// The early rule builds the links again in order of length when it
/// starts, and forces the forced options again: every pair of options
/// forced (options without a primary item too, which purify without
/// being in a list) finds what DLX2's rule on the links in order finds.
#[test]
fn options_forced_in_pairs_are_forced_again_in_order_of_length() {
    let mut rng = Rng::new(23);
    let mut mixed = 0;
    for _ in 0..150 {
        let mut p = crate::engine::lazy::tests::random_problem(&mut rng);
        p.prepare_xcc(p.primary_count() + 1);
        mixed += usize::from(p.work.xcc.mixed_lengths());
        let n = p.option_count();
        for a in 0..n {
            for b in 0..n {
                let pair = [a, b];
                assert_eq!(
                    forced_solutions(&mut p, crate::Branching::Early, &pair),
                    forced_solutions(&mut p, crate::Branching::MinLength, &pair),
                    "options {a} and {b} forced"
                );
            }
        }
    }
    assert!(mixed >= 100, "{mixed} problems of mixed lengths");
}

#[test]
fn lists_in_order_of_length_keep_their_nodes_shortest_first() {
    let mut rng = Rng::new(19);
    for _ in 0..300 {
        let mut p = crate::engine::lazy::tests::random_problem(&mut rng);
        p.prepare_xcc(p.primary_count() + 1);
        let (before, lengths) = (lists(&p.work.xcc), p.work.xcc.len.data.clone());
        p.work.xcc.order_by_length();
        let after = lists(&p.work.xcc);
        assert_eq!(p.work.xcc.len.data, lengths);
        for (b, a) in before.iter().zip(&after) {
            let mut sorted = b.clone();
            sorted.sort_by_key(|&x| {
                let [first, end] = p.work.xcc.spans[x];
                (end - first, x)
            });
            assert_eq!(a, &sorted);
        }
    }
}
