//! The engine against the oracle: counts, the memo's diagram, deadlines,
//! seeds, node limits, every rule on threads, forced options.

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Colors, no bounds (Algorithm C).
    #[test]
    fn colored_problems_match_the_oracle(m in model(5, 3, true, false)) {
        check_against_oracle(&m, &mut m.problem());
    }

    /// The memoised search's diagram of a colored problem (its key holds
    /// the colors given to secondary items): its count, and the solutions
    /// it enumerates, checked by the rules, each once; with a memo of any
    /// size and under two item choices. Bounds other than exactly once are
    /// refused, and the problem is left as it was either way.
    #[test]
    fn the_memo_diagram_of_colored_problems_matches_the_oracle(
        // Up to 24 secondary items: keys whose states straddle two words.
        m in prop_oneof![
            model(5, 3, true, false),
            model(4, 3, true, true),
            model(3, 24, true, false),
        ],
    ) {
        let oracle = m.solutions(0);
        let mut p = m.problem();
        for memo in [
            Memo::new(),
            Memo::new().max_entries(2),
            Memo::new().branching(Branching::First),
        ] {
            match p.zdd_with(&memo) {
                Ok((zdd, stats)) => {
                    prop_assert!(m.bounds.iter().all(|&b| b == (1, 1)), "bounds {:?}", m.bounds);
                    prop_assert_eq!(zdd.count(), Ok(oracle.len() as u128));
                    prop_assert_eq!(stats.zdd_nodes, zdd.len());
                    let all: Vec<Vec<OptionId>> = zdd.solutions().collect();
                    prop_assert_eq!(m.checked_sets(&all, 0), oracle.clone());
                }
                Err(e) => {
                    prop_assert_eq!(e, MemoError::Kind(Kind::Multiplicities));
                    prop_assert!(m.bounds.iter().any(|&b| b != (1, 1)));
                }
            }
        }
        prop_assert_eq!(p.count(), oracle.len() as u64);
    }

    /// Bounds, no colors (Algorithm M).
    #[test]
    fn bounded_problems_match_the_oracle(m in model(4, 3, false, true)) {
        check_against_oracle(&m, &mut m.problem());
    }

    /// Bounds and colors (Algorithm M).
    #[test]
    fn bounded_colored_problems_match_the_oracle(m in model(4, 3, true, true)) {
        check_against_oracle(&m, &mut m.problem());
    }

    /// Built with `add_colored_option` but no color and no bound: the plain
    /// search.
    #[test]
    fn uncolored_problems_built_with_colored_options_match_the_oracle(
        m in model(5, 3, false, false),
    ) {
        prop_assert_eq!(m.kind(), Kind::Exact);
        check_against_oracle(&m, &mut m.problem());
    }

    /// A deadline already past, or a cancelled handle, stops every kind of
    /// search before its first node; once lifted, the same search finds
    /// the oracle's solutions with an unstopped search's statistics.
    #[test]
    fn a_past_deadline_or_a_cancel_stops_at_once_and_lifting_it_resumes(
        m in any_model(),
        cancel in any::<bool>(),
    ) {
        let mut p = m.problem();
        let full_stats = p.count_with_stats();
        let handle = dlx_core::Cancel::new();
        let mut s = p.solver();
        if cancel {
            handle.cancel();
            s.set_cancel(Some(handle.clone()));
        } else {
            s.set_deadline(Some(std::time::Instant::now()));
        }
        let stopped = if cancel { Outcome::Cancelled } else { Outcome::Deadline };
        prop_assert_eq!(s.count(None).outcome, stopped);
        prop_assert_eq!(s.stats(), dlx_core::Stats::default());
        handle.reset();
        s.set_deadline(None);
        let mut found = Vec::new();
        while s.next_solution() == Step::Found {
            found.push(s.solution().collect::<Vec<_>>());
        }
        prop_assert_eq!(s.stats(), full_stats);
        drop(s);
        prop_assert_eq!(m.checked_sets(&found, 0), m.solutions(0));
    }

    /// A seed reorders the search but never changes its solutions: the
    /// oracle's, each once, in an order and with statistics that the seed
    /// alone decides; the next unseeded search is DLX1's (DLX2's, DLX3's)
    /// again.
    #[test]
    fn a_seed_changes_the_order_but_not_the_solutions(
        m in any_model(),
        seed in any::<u64>(),
        branching in proptest::sample::select(BRANCHINGS.to_vec()),
    ) {
        let mut p = m.problem();
        let plain_stats = p.count_with_stats();
        let plain: Vec<Vec<OptionId>> = p.solutions().collect();
        let run = |p: &mut Problem| {
            let mut s = p.solver();
            s.set_branching(branching);
            s.set_seed(seed).expect("nothing forced");
            let mut found = Vec::new();
            while s.next_solution() == Step::Found {
                prop_assert_eq!(s.solution_len(), s.solution().count());
                found.push(s.solution().collect::<Vec<_>>());
            }
            Ok((found, s.stats()))
        };
        let (found, stats) = run(&mut p)?;
        prop_assert_eq!(stats.solutions, plain_stats.solutions);
        prop_assert_eq!(m.checked_sets(&found, 0), m.solutions(0));
        // The same seed, the same run, on the problem or a copy of it.
        prop_assert_eq!(run(&mut p)?, (found.clone(), stats));
        prop_assert_eq!(run(&mut p.clone())?, (found, stats));
        // Unseeded again: the first search's order and statistics.
        prop_assert_eq!(p.count_with_stats(), plain_stats);
        prop_assert_eq!(p.solutions().collect::<Vec<_>>(), plain);
    }

    /// A search stopped every few nodes and resumed finds the oracle's
    /// solutions in the order of an unlimited search, with the same
    /// statistics.
    #[test]
    fn a_node_limit_pauses_the_search_and_raising_it_resumes(
        m in any_model(),
        first in 0u64..30,
        step in 1u64..6,
    ) {
        let mut p = m.problem();
        let full_stats = p.count_with_stats();
        let full: Vec<Vec<OptionId>> = p.solutions().collect();
        prop_assert_eq!(full.len(), m.solutions(0).len());

        let mut s = p.solver();
        let mut limit = first;
        s.set_node_limit(Some(limit));
        let mut found = Vec::new();
        let mut stops = 0;
        loop {
            match s.next_solution() {
                Step::Found => found.push(s.solution().collect::<Vec<_>>()),
                Step::NodeLimit => {
                    stops += 1;
                    prop_assert!(s.stats().nodes >= limit);
                    prop_assert!(limit < full_stats.nodes, "stopped though the limit suffices");
                    limit += step;
                    s.set_node_limit(Some(limit));
                }
                Step::Exhausted => break,
                Step::Deadline | Step::Cancelled => prop_assert!(false, "no deadline or handle was set"),
            }
        }
        // The same solutions in the same order, and the same work done.
        prop_assert_eq!(&found, &full);
        prop_assert_eq!(s.stats(), full_stats);
        if first == 0 {
            prop_assert!(stops > 0, "a limit of 0 stops at the root");
        }
        drop(s);

        // Counting: a lower bound at the limit, the total once it is lifted.
        let mut s = p.solver();
        s.set_node_limit(Some(first));
        let partial = s.count(None);
        match partial.outcome {
            Outcome::NodeLimit => {
                prop_assert!(first < full_stats.nodes);
                prop_assert!(partial.solutions <= full_stats.solutions);
            }
            Outcome::Complete => prop_assert_eq!(partial.solutions, full_stats.solutions),
            Outcome::SolutionLimit => prop_assert!(false, "no solution limit was set"),
            Outcome::Deadline | Outcome::Cancelled => prop_assert!(false, "no deadline or handle was set"),
        }
        s.set_node_limit(None);
        let complete = s.count(None);
        prop_assert_eq!(complete.outcome, Outcome::Complete);
        prop_assert_eq!(complete.solutions, full_stats.solutions);
        prop_assert_eq!(s.stats(), full_stats);
        drop(s);

        // A search dropped midway leaves the problem as it was.
        {
            let mut s = p.solver();
            s.set_node_limit(Some(first));
            let _ = s.next_solution();
        }
        prop_assert_eq!(p.count_with_stats(), full_stats);
        prop_assert_eq!(p.solutions().collect::<Vec<_>>(), full);
    }

    /// Under every rule (the early one included, which backs up inside a
    /// commit on colored problems), a search paused by node limits and
    /// resumed finds what the unlimited one finds, in its order and with
    /// its statistics; searching in slices and splitting off the rest, the
    /// pieces add up to the oracle's count; so do the parts of a cut
    /// entered under the rule, and the parallel count under it.
    #[test]
    fn every_rule_pauses_splits_and_counts_in_parallel(
        m in any_model(),
        branching in proptest::sample::select(BRANCHINGS.to_vec()),
        step in 1u64..5,
        slice in 1u64..12,
        depth in 1usize..3,
    ) {
        let mut p = m.problem();
        let total = m.solutions(0).len() as u64;
        let mut s = p.solver();
        s.set_branching(branching);
        let mut full = Vec::new();
        while s.next_solution() == Step::Found {
            full.push(s.solution().collect::<Vec<_>>());
        }
        let full_stats = s.stats();
        drop(s);
        prop_assert_eq!(full.len() as u64, total);

        let mut s = p.solver();
        s.set_branching(branching);
        let mut limit = step;
        s.set_node_limit(Some(limit));
        let mut found = Vec::new();
        loop {
            match s.next_solution() {
                Step::Found => found.push(s.solution().collect::<Vec<_>>()),
                Step::NodeLimit => {
                    limit += step;
                    s.set_node_limit(Some(limit));
                }
                Step::Exhausted => break,
                other => prop_assert!(false, "{:?}", other),
            }
        }
        prop_assert_eq!(&found, &full, "{:?}", branching);
        prop_assert_eq!(s.stats(), full_stats, "{:?}", branching);
        drop(s);

        prop_assert_eq!(count_by_splitting_with(&mut p, slice, branching).solutions, total);

        let mut in_parts = 0;
        for part in p.cut(depth) {
            let mut s = p.solver();
            s.set_branching(branching);
            s.enter(&part).expect("a part of this problem");
            in_parts += s.count(None).solutions;
        }
        prop_assert_eq!(in_parts, total, "{:?}", branching);

        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let counted = pool.install(|| {
                dlx_core::parallel::Counter::new().branching(branching).count(&mut p)
            });
            prop_assert_eq!(counted.stats.solutions, total, "{:?}", branching);
        }
    }

    /// Forcing a random list of options: the oracle counts the solutions
    /// that contain the accepted ones (which may lack a primary item),
    /// under each rule set before or after the forcing (the early rule
    /// builds the colored links again when it starts, and commits the
    /// forced options again on them).
    #[test]
    fn forced_options_match_the_oracle(
        m in any_model(),
        picks in vec(any::<Index>(), 0..5),
        branching in proptest::sample::select(BRANCHINGS.to_vec()),
        rule_first in any::<bool>(),
    ) {
        let mut p = m.problem();
        let mut s = p.solver();
        if rule_first {
            s.set_branching(branching);
        }

        // Force the picks in order; each must succeed unless it breaks an
        // upper bound or the color rule together with those accepted before
        // it, or was accepted before (then the first such item, in the
        // option's order, is named).
        let mut accepted = Vec::new();
        let mut forced: OptionSet = 0;
        for o in pick(&m, &picks) {
            let result = s.force(OptionId::new(o));
            match m.force_conflict(forced, o) {
                None => {
                    prop_assert_eq!(result, Ok(()), "forcing {}", o);
                    forced |= 1 << o;
                    accepted.push(OptionId::new(o));
                }
                Some(item) => prop_assert_eq!(
                    result,
                    Err(ForceError::Conflict { option: OptionId::new(o), item }),
                    "forcing {}", o
                ),
            }
        }

        if !rule_first {
            s.set_branching(branching);
        }
        let all = rest(&mut s);
        let stats = s.stats();
        drop(s);

        for solution in &all {
            prop_assert_eq!(&solution[..accepted.len()], &accepted[..], "forced options come first");
        }
        let oracle = m.solutions(forced);
        prop_assert_eq!(m.checked_sets(&all, forced), oracle.clone());
        prop_assert_eq!(stats.solutions, oracle.len() as u64);

        // Counting under the same forcing agrees.
        let mut s = p.solver();
        s.set_branching(branching);
        for &o in &accepted {
            s.force(o).unwrap();
        }
        prop_assert_eq!(s.count(None).solutions, oracle.len() as u64);
        drop(s);

        // Dropping the solver undid the forcing.
        prop_assert_eq!(p.count(), m.solutions(0).len() as u64);
    }
}
