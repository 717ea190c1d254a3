//! Bytes → a small exact-cover problem built through the `Problem` API →
//! every way of counting it, against a brute force over subsets.
//!
//! Layout: primary items `b0 % 11`, secondary items `b1 % 5`, options
//! `b2 % 15`, part depth `b3 % 4`, node-limit step `1 + b4 % 8`; then per
//! option two bytes of item mask and one byte that rotates the item order
//! (missing bytes read as 0). An empty mask tries an empty option, which
//! must be refused.
//!
//! Checks:
//! - the builder refuses empty options, repeated and unknown items, and is
//!   unchanged after a refusal; `option_items` gives the items back in order;
//! - `count`, `count_with_stats`, each branching rule, the `solutions`
//!   iterator and a search resumed after each node-limit stop all equal the
//!   brute force (options without a primary item left out, as DLX1 does);
//! - every solution is an exact cover by the rules and is listed once;
//! - `first_solution`, `uniqueness` and `count_up_to` agree with the count;
//! - the parts at depth 2 (and at depth `b3 % 4`) are compatible option
//!   sets whose counts, forced, sum to the count;
//! - a search that splits off its untried options after every `step` nodes
//!   (`Solver::split_off`), with each part searched the same way, counts
//!   the same solutions and nodes as one search, and its shares add up to 1.
#![no_main]

use std::collections::HashSet;

use dlx_core::{Branching, Outcome};
use dlx_core::{BuildError, Item, OptionId, Problem, Step, Uniqueness};
use dlx_fuzz::{brute_force_count, check_cover};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0);
    let primary = usize::from(next() % 11);
    let secondary = usize::from(next() % 5);
    let options = usize::from(next() % 15);
    let depth = usize::from(next() % 4);
    let step = 1 + u64::from(next() % 8);
    let n = primary + secondary;

    let mut p = Problem::new(primary, secondary);
    assert_eq!(
        (p.primary_count(), p.secondary_count()),
        (primary, secondary)
    );
    let items: Vec<Item> = (0..primary)
        .map(|i| p.primary(i))
        .chain((0..secondary).map(|j| p.secondary(j)))
        .collect();
    let mut built: Vec<Vec<Item>> = Vec::new();
    for _ in 0..options {
        let mask = usize::from(u16::from_le_bytes([next(), next()])) & ((1 << n) - 1);
        let rotate = usize::from(next());
        let mut list: Vec<Item> = (0..n)
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| items[k])
            .collect();
        if list.is_empty() {
            assert_eq!(
                p.add_option(std::iter::empty::<Item>()),
                Err(BuildError::EmptyOption)
            );
            continue;
        }
        let len = list.len();
        list.rotate_left(rotate % len);
        // The builder's refusals leave the problem as it was.
        let before = p.option_count();
        let mut repeated = list.clone();
        repeated.push(list[rotate % len]);
        assert!(matches!(
            p.add_option(repeated),
            Err(BuildError::RepeatedItem { .. })
        ));
        let mut unknown = list.clone();
        unknown.insert(rotate % (len + 1), Item::new(n + rotate % 3));
        assert!(matches!(
            p.add_option(unknown),
            Err(BuildError::UnknownItem { .. })
        ));
        assert_eq!(p.option_count(), before);
        let id = p.add_option(list.iter().copied()).expect("a valid option");
        assert_eq!(id.index(), before);
        built.push(list);
    }
    assert_eq!(p.option_count(), built.len());
    for (o, list) in built.iter().enumerate() {
        assert!(p.option_items(OptionId::new(o)).eq(list.iter().copied()));
    }

    let brute = brute_force_count(&p, 14).expect("small enough for brute force");

    // A search dropped after its first solution leaves the problem intact.
    let first = p.first_solution();
    assert_eq!(first.is_some(), brute > 0);
    if let Some(s) = &first {
        check_cover(&p, s).unwrap_or_else(|e| panic!("first solution {s:?}: {e}"));
    }

    assert_eq!(p.count(), brute, "count vs brute force");
    assert_eq!(p.count_with_stats().solutions, brute);
    assert_eq!(p.count_up_to(1), brute.min(1));
    assert_eq!(p.count_up_to(2), brute.min(2));
    match p.uniqueness() {
        Uniqueness::None => assert_eq!(brute, 0),
        Uniqueness::Unique(s) => {
            assert_eq!(brute, 1);
            check_cover(&p, &s).unwrap_or_else(|e| panic!("unique solution {s:?}: {e}"));
        }
        Uniqueness::Multiple => assert!(brute >= 2),
        Uniqueness::Undecided => panic!("undecided without a node limit"),
    }
    for branching in [
        Branching::MinLength,
        Branching::MinLengthUpToOne,
        Branching::ShortFirst,
        Branching::ShortFirstDegree,
        Branching::First,
    ] {
        let mut s = p.solver();
        s.set_branching(branching);
        let c = s.count(None);
        assert_eq!(
            (c.solutions, c.outcome),
            (brute, Outcome::Complete),
            "{branching:?}"
        );
    }

    let all: Vec<Vec<OptionId>> = p.solutions().collect();
    assert_eq!(all.len() as u64, brute, "solutions()");
    let mut distinct = HashSet::new();
    for s in &all {
        check_cover(&p, s).unwrap_or_else(|e| panic!("solution {s:?}: {e}"));
        let mut key = s.clone();
        key.sort();
        assert!(distinct.insert(key), "solution {s:?} listed twice");
    }

    // Stopped every `step` nodes and resumed: the same solutions.
    {
        let mut s = p.solver();
        let mut found = 0;
        let mut stops = 0u64;
        s.set_node_limit(Some(step));
        loop {
            match s.next_solution() {
                Step::Found => found += 1,
                Step::Exhausted => break,
                Step::NodeLimit => {
                    stops += 1;
                    assert!(stops < 1_000_000, "no progress after a node-limit stop");
                    let nodes = s.stats().nodes;
                    s.set_node_limit(Some(nodes + step));
                }
                Step::Deadline | Step::Cancelled => unreachable!("no deadline or handle is set"),
            }
        }
        assert_eq!(found, brute, "resumed search");
    }

    let mut depths = vec![2];
    if depth != 2 {
        depths.push(depth);
    }
    for depth in depths {
        let parts = p.parts(depth);
        let mut total = 0;
        for part in &parts {
            assert!(part.len() <= depth, "part {part:?} deeper than {depth}");
            let mut s = p.solver();
            for &o in part {
                s.force(o)
                    .unwrap_or_else(|e| panic!("part {part:?} at depth {depth}: {e}"));
            }
            total += s.count(None).solutions;
        }
        assert_eq!(total, brute, "parts at depth {depth}: {parts:?}");
    }

    // Split off after every `step` nodes, every part likewise: the same
    // count and nodes as one search, and the shares add up to the tree.
    {
        let whole = p.count_with_stats();
        let mut queue = vec![(Vec::<OptionId>::new(), 1.0f64)];
        let (mut solutions, mut nodes, mut shares) = (0, 0, 0.0);
        let mut tasks = 0u64;
        while let Some((part, share)) = queue.pop() {
            tasks += 1;
            assert!(tasks < 1_000_000, "splitting does not end");
            let mut s = p.solver();
            for &o in &part {
                s.force(o)
                    .unwrap_or_else(|e| panic!("split-off part {part:?}: {e}"));
            }
            let mut given = 0.0;
            let mut limit = step;
            loop {
                s.set_node_limit(Some(limit));
                if s.count(None).outcome != Outcome::NodeLimit {
                    break;
                }
                let split = s.split_off();
                for q in split.parts {
                    assert!(q.starts_with(&part), "{q:?} does not extend {part:?}");
                    given += share * split.share;
                    queue.push((q, share * split.share));
                }
                limit += step;
            }
            assert!(
                s.split_off().parts.is_empty(),
                "a finished search gives nothing"
            );
            solutions += s.stats().solutions;
            nodes += s.stats().nodes;
            shares += share - given;
        }
        assert_eq!(solutions, brute, "split-off searches");
        assert_eq!(nodes, whole.nodes, "split-off searches: nodes");
        assert!((shares - 1.0).abs() < 1e-9, "shares add up to {shares}");
    }
});
