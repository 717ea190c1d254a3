//! The engine against the oracle: work split off, parts and cuts, the
//! parallel count, errors that change nothing.

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Without bounds, the parts given away by `split_off` and by `parts`
    /// and what a search keeps partition the oracle's solutions.
    #[test]
    fn split_off_and_parts_partition_the_colored_solutions(
        m in model(5, 3, true, false),
        first in 0u64..12,
        slice in 1u64..5,
    ) {
        let mut p = m.problem();
        let oracle = m.solutions(0);
        let total = oracle.len() as u64;

        // What the search would branch on at the root.
        let branch = p.solver().branch();
        match &branch {
            Branch::Solved => prop_assert_eq!(&oracle, &HashSet::from([0])),
            Branch::DeadEnd(_) => prop_assert!(oracle.is_empty()),
            Branch::On(item, options) => {
                for &o in options {
                    prop_assert!(p.option_items(o).any(|i| i == *item));
                }
                let set = as_set(options);
                for &sol in &oracle {
                    prop_assert_eq!((sol & set).count_ones(), 1, "{:b} and {:?}", sol, branch);
                }
            }
        }

        // One split after `first` nodes: the solutions this search found
        // before and after it, and those of the parts, are the oracle's,
        // each once.
        let mut s = p.solver();
        s.set_node_limit(Some(first));
        let mut mine = rest(&mut s);
        let split = s.split_off();
        s.set_node_limit(None);
        mine.extend(rest(&mut s));
        drop(s);
        let mut sets = m.checked_sets(&mine, 0);
        for part in &split.parts {
            let mut s = p.solver();
            for &o in part {
                s.force(o).unwrap_or_else(|e| panic!("{part:?}: {e}"));
            }
            let theirs = rest(&mut s);
            drop(s);
            for solution in &theirs {
                prop_assert!(solution.starts_with(part));
                prop_assert!(sets.insert(m.check(solution, 0)), "{:?} found twice", solution);
            }
        }
        prop_assert_eq!(&sets, &oracle);

        // Splitting again and again, each part likewise.
        let split = count_by_splitting(&mut p, slice);
        prop_assert_eq!(split.solutions, total);
        prop_assert!((split.shares - 1.0).abs() < 1e-9, "shares add up to {}", split.shares);

        // Cutting the tree at a depth.
        for depth in 0..=3 {
            let mut sets = HashSet::new();
            for part in p.parts(depth) {
                prop_assert!(part.len() <= depth, "{:?} deeper than {}", part, depth);
                let mut s = p.solver();
                for &o in &part {
                    s.force(o).unwrap_or_else(|e| panic!("{part:?}: {e}"));
                }
                let theirs = rest(&mut s);
                drop(s);
                for solution in &theirs {
                    prop_assert!(sets.insert(m.check(solution, 0)), "{:?} found twice", solution);
                }
            }
            prop_assert_eq!(&sets, &oracle, "depth {}", depth);
        }
        prop_assert_eq!(p.count(), total);
    }

    /// Under bounds nothing is split off and `parts` is the whole problem;
    /// the count is still the oracle's.
    #[test]
    fn split_off_gives_nothing_under_bounds(
        m in model(4, 3, true, true),
        slice in 1u64..5,
    ) {
        // A level of Algorithm M is not "one of these options" (its tweaks
        // rule earlier options out below it, a null move chooses none), so
        // nothing is split off; the search itself still counts everything.
        let mut p = m.problem();
        let total = m.solutions(0).len() as u64;
        if p.kind() == Kind::Multiplicities {
            let mut s = p.solver();
            let mut limit = slice;
            loop {
                s.set_node_limit(Some(limit));
                if s.count(None).outcome != Outcome::NodeLimit {
                    break;
                }
                prop_assert!(s.split_off().parts.is_empty());
                limit += slice;
            }
            prop_assert_eq!(s.stats().solutions, total);
            drop(s);
            // For the same reason the tree is cut nowhere: one part, the
            // whole problem.
            for depth in 0..=2 {
                prop_assert_eq!(p.parts(depth), vec![Vec::<OptionId>::new()]);
            }
        }
        prop_assert_eq!(count_by_splitting(&mut p, slice).solutions, total);
    }

    /// `cut` partitions the solutions of every kind of problem, bounds
    /// included: entering each part and listing its solutions gives each of
    /// the oracle's solutions exactly once; a part's choices name the
    /// options it starts with (null moves only under bounds); a part does
    /// not enter a started solver.
    #[test]
    fn the_parts_of_a_cut_partition_the_solutions(
        m in any_model(),
        depth in 0usize..5,
    ) {
        let mut p = m.problem();
        let oracle = m.solutions(0);
        let parts = p.cut(depth);
        let mut found = Vec::new();
        for part in &parts {
            prop_assert!(part.choices().len() <= depth);
            if p.kind() != Kind::Multiplicities {
                prop_assert!(part.choices().iter().all(Option::is_some));
            }
            let mut s = p.solver();
            s.enter(part).expect("a part of this problem");
            let mut mine = Vec::new();
            while s.next_solution() == Step::Found {
                mine.push(s.solution().collect::<Vec<_>>());
            }
            prop_assert_eq!(s.enter(part), Err(ForceError::SearchStarted));
            drop(s);
            // Every solution of the part contains the options it starts with.
            for solution in &mine {
                for o in part.choices().iter().flatten() {
                    prop_assert!(solution.contains(o), "{:?} lacks {:?}", solution, o);
                }
            }
            found.extend(mine);
        }
        prop_assert_eq!(found.len(), oracle.len(), "a solution in two parts");
        prop_assert_eq!(m.checked_sets(&found, 0), oracle);
        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let counted = pool.install(|| {
                dlx_core::parallel::Counter::new().count_cut(&mut p, &parts)
            });
            prop_assert_eq!(counted.stats.solutions, found.len() as u64);
        }
        prop_assert_eq!(p.count(), found.len() as u64);
    }

    /// The parallel count under bounds cuts the tree into paths of moves
    /// and replays each: on 2 and 3 threads (so that small trees are cut
    /// all the way down, and larger ones part-way), the oracle's count and
    /// exactly the sequential search's nodes.
    #[cfg(feature = "parallel")]
    #[test]
    fn the_parallel_count_under_bounds_matches(m in model(4, 3, true, true)) {
        let mut p = m.problem();
        let total = m.solutions(0).len() as u64;
        let sequential = p.count_with_stats();
        prop_assert_eq!(sequential.solutions, total);
        for threads in [2, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let stats = pool.install(|| dlx_core::parallel::count(&mut p));
            prop_assert_eq!(
                (stats.solutions, stats.nodes),
                (sequential.solutions, sequential.nodes),
                "{} threads", threads
            );
        }
        // The problem is intact afterwards.
        prop_assert_eq!(p.count_with_stats(), sequential);
    }

    /// Typed errors at random places while building change nothing: the
    /// problem still has the oracle's solutions.
    #[test]
    fn errors_leave_the_problem_unchanged(
        m in any_model(),
        bad in vec((any::<Index>(), 0..BAD.len(), any::<Index>(), 0..3usize), 0..8),
    ) {
        // The problem is built with failing operations (and counts) at
        // random places among the options; it must end up as `m`.
        let mut p = Problem::new(m.primary, m.secondary);
        if m.bounds_first {
            m.set_bounds(&mut p);
        }
        let n = m.options.len();
        for o in 0..=n {
            for &(at, kind, which, color) in &bad {
                if at.index(n + 1) == o {
                    apply_bad(&mut p, &m, (o, m.bounds_first), BAD[kind], which, color);
                }
            }
            if o < n {
                m.add_option(&mut p, o);
            }
        }
        if !m.bounds_first {
            m.set_bounds(&mut p);
        }
        m.assert_built(&p);
        check_against_oracle(&m, &mut p);
    }
}
