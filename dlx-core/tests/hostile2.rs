//! Hostile probes of `Stats::guesses` (second round): random problems in
//! Knuth's text format (secondary items, colors, bounds), every rule,
//! paused at every node and split at every pause; the guess count only
//! grows, never passes the nodes (but under `early`, whose dropped tries
//! count), and ends where the unpaused search ends.

use dlx_core::text::parse;
use dlx_core::{Branching, Item, Outcome, Problem, Solver, Stats};

use crate::common::{count_switching, Lcg};

/// A random problem as text: `np` primary items (some bounded when
/// `bounds`), `ns` secondary ones, options of 1 to 4 items, colors on
/// some secondary items when `colors`.
fn random_text(seed: u64) -> String {
    let mut r = Lcg(seed);
    let np = 2 + r.below(9);
    let ns = r.below(5);
    let colors = r.below(2) == 0;
    let bounds = r.below(4) == 0;
    let mut head: Vec<String> = (0..np)
        .map(|i| {
            if bounds && r.below(2) == 0 {
                format!("{}:2|p{i}", r.below(2))
            } else {
                format!("p{i}")
            }
        })
        .collect();
    if ns > 0 {
        head.push("|".into());
        head.extend((0..ns).map(|i| format!("s{i}")));
    }
    let mut text = head.join(" ") + "\n";
    let n_opts = r.below(np * 5);
    for _ in 0..n_opts {
        let mut line = Vec::new();
        let k = 1 + r.below(3);
        let mut used = Vec::new();
        for _ in 0..k {
            let i = r.below(np);
            if !used.contains(&i) {
                used.push(i);
                line.push(format!("p{i}"));
            }
        }
        if ns > 0 && r.below(2) == 0 {
            let s = r.below(ns);
            if colors && r.below(3) > 0 {
                line.push(format!("s{s}:{}", ["a", "b"][r.below(2) as usize]));
            } else {
                line.push(format!("s{s}"));
            }
        }
        text += &line.join(" ");
        text += "\n";
    }
    text
}

fn full(text: &str, rule: Branching) -> Stats {
    let mut f = parse(text.as_bytes()).unwrap();
    let mut s = f.problem.solver();
    s.set_branching(rule);
    assert_eq!(s.count(None).outcome, Outcome::Complete);
    s.stats()
}

/// Runs `s` one node more at a time until it ends, checking that its
/// nodes and guesses only grow, and calls `at_pause` with the statistics
/// at each pause; returns the statistics at the end.
fn node_by_node(
    s: &mut Solver<'_>,
    what: &str,
    mut at_pause: impl FnMut(&mut Solver<'_>, Stats),
) -> Stats {
    let mut limit = 0;
    let mut seen = s.stats();
    loop {
        limit += 1;
        s.set_node_limit(Some(limit));
        let outcome = s.count(None).outcome;
        let now = s.stats();
        assert!(
            now.guesses >= seen.guesses && now.nodes >= seen.nodes,
            "{what} at {limit}: {seen:?} then {now:?}"
        );
        seen = now;
        if outcome != Outcome::NodeLimit {
            return seen;
        }
        assert!(limit < 1_000_000, "{what}: runaway, {seen:?}");
        at_pause(s, seen);
    }
}

#[test]
fn guesses_grow_slice_by_slice_and_end_as_one_run_under_every_rule() {
    for seed in 0..400u64 {
        let text = random_text(seed);
        let want = full(&text, Branching::MinLength).solutions;
        for rule in Branching::ALL {
            let one = full(&text, rule);
            assert_eq!(one.solutions, want, "{seed} {rule:?}\n{text}");
            if rule != Branching::Early && rule != Branching::Fast {
                assert!(one.guesses <= one.nodes, "{seed} {rule:?} {one:?}\n{text}");
            }
            if one.nodes > 100_000 {
                continue;
            }
            let mut f = parse(text.as_bytes()).unwrap();
            let mut s = f.problem.solver();
            s.set_branching(rule);
            let what = format!("{seed} {rule:?} (one run {one:?})\n{text}");
            let seen = node_by_node(&mut s, &what, |_, _| {});
            assert_eq!(seen, one, "{seed} {rule:?}: paused at every node\n{text}");
        }
    }
}

#[test]
fn guesses_never_go_down_across_splits_under_every_rule() {
    for seed in 0..400u64 {
        let text = random_text(seed);
        let want = full(&text, Branching::MinLength).solutions;
        for rule in Branching::ALL {
            let mut f = parse(text.as_bytes()).unwrap();
            // Every piece in turn, splitting after every node.
            let mut queue = vec![Vec::new()];
            let mut total = 0;
            let mut guesses = 0;
            while let Some(part) = queue.pop() {
                let mut s = f.problem.solver();
                s.set_branching(rule);
                let mut ok = true;
                for &o in &part {
                    if s.force(o).is_err() {
                        ok = false;
                    }
                }
                assert!(ok, "{seed} {rule:?}: a split-off part cannot be forced");
                let what = format!("{seed} {rule:?}\n{text}");
                let seen = node_by_node(&mut s, &what, |s, seen| {
                    let split = s.split_off();
                    assert_eq!(s.stats(), seen, "{what}: a split changed the stats");
                    queue.extend(split.parts);
                });
                total += seen.solutions;
                guesses += seen.guesses;
            }
            assert_eq!(total, want, "{seed} {rule:?}\n{text}");
            let one = full(&text, rule);
            if rule != Branching::LookAhead {
                assert!(
                    guesses <= one.guesses,
                    "{seed} {rule:?}: pieces {guesses} > one run {}\n{text}",
                    one.guesses
                );
            }
        }
    }
}

/// With every primary item bounded `1:1`, Algorithm M's levels are
/// Algorithm C's (each level covers its item and tries every option in
/// turn), so its guesses, counted as each move is made, must be those
/// Algorithm C counts ahead when a level is entered: two counts by two
/// methods, on random problems with and without colors.
#[test]
fn guesses_under_bounds_of_one_are_algorithm_c_s() {
    let mut compared = 0;
    for seed in 0..400u64 {
        let text = random_text(seed);
        let (head, rest) = text.split_once('\n').unwrap();
        let (primary, secondary) = head.split_once(" | ").unwrap_or((head, ""));
        if primary.contains(':') {
            // Bounds of its own already: not comparable.
            continue;
        }
        let once: Vec<String> = primary.split(' ').map(|p| format!("1:1|{p}")).collect();
        let bounded = match secondary {
            "" => format!("{}\n{rest}", once.join(" ")),
            s => format!("{} | {s}\n{rest}", once.join(" ")),
        };
        let f = parse(bounded.as_bytes()).unwrap();
        assert_eq!(
            f.problem.kind(),
            dlx_core::Kind::Multiplicities,
            "{bounded}"
        );
        let (c, m) = (
            full(&text, Branching::MinLength),
            full(&bounded, Branching::MinLength),
        );
        assert_eq!(
            (m.solutions, m.nodes, m.guesses),
            (c.solutions, c.nodes, c.guesses),
            "{seed}: under bounds {m:?}, colors {c:?}\n{bounded}"
        );
        compared += usize::from(c.guesses > 0);
    }
    assert!(compared >= 100, "only {compared} problems with guesses");
}

/// `n` options of one item bounded `lo:hi`, each holding that item alone:
/// every leaf of Algorithm M's tree is a solution (a set of `lo` to `hi`
/// of the options), and in a tree whose every move enters a node, the
/// moves made beside another one left at their node are the leaves but
/// one. So the guesses are the sum of binomial coefficients `C(n, j)`,
/// `lo <= j <= hi`, less one.
#[test]
fn guesses_under_bounds_are_the_leaves_but_one() {
    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
    for n in 1..=8u64 {
        for hi in 1..=n as u32 + 1 {
            for lo in 0..=hi {
                let mut p = dlx_core::Problem::new(1, 0);
                p.set_bounds(p.primary(0), lo, hi).unwrap();
                for _ in 0..n {
                    p.add_option([p.primary(0)]).unwrap();
                }
                let leaves: u64 = (u64::from(lo)..=u64::from(hi).min(n))
                    .map(|j| binomial(n, j))
                    .sum();
                for rule in Branching::ALL {
                    let mut s = p.solver();
                    s.set_branching(rule);
                    s.count(None);
                    let st = s.stats();
                    assert_eq!(st.solutions, leaves, "n={n} {lo}:{hi} {rule:?}");
                    assert_eq!(
                        st.guesses,
                        leaves.saturating_sub(1),
                        "n={n} {lo}:{hi} {rule:?}: {st:?}"
                    );
                }
            }
        }
    }
}

/// Random problems (colors, bounds, secondary items), the rule switched
/// at every pause of a few nodes: the solutions are the one-rule count's,
/// and the problem's links are left as they were (a fresh `dlx1` count has
/// DLX1's, DLX2's or DLX3's nodes and updates again). The plain and
/// colored searches keep a hide log under some rules and not others, and
/// the colored early rule commits an option's items in another order than
/// Algorithm C (`engine/exact/log.rs`, `engine/xcc/log.rs`).
#[test]
fn rules_switched_at_every_pause_leave_the_links_whole() {
    let patterns: [&[Branching]; 3] = [
        &[Branching::MinLength, Branching::Early],
        &[Branching::ShortFirst, Branching::MinLength, Branching::Fast],
        &Branching::ALL,
    ];
    for seed in 0..300u64 {
        let text = random_text(seed);
        let want = full(&text, Branching::MinLength);
        for (p, pattern) in patterns.iter().enumerate() {
            let mut f = parse(text.as_bytes()).unwrap();
            let mut s = f.problem.solver();
            let found = count_switching(&mut s, pattern, |k| 1 + (k + p) as u64 % 4);
            assert_eq!(found, want.solutions, "{seed} {pattern:?}\n{text}");
            drop(s);
            let mut s = f.problem.solver();
            assert_eq!(s.count(None).outcome, Outcome::Complete);
            let again = s.stats();
            assert_eq!(
                (again.solutions, again.nodes, again.updates),
                (want.solutions, want.nodes, want.updates),
                "{seed} after {pattern:?}\n{text}"
            );
        }
    }
}

/// A copy of the problem taken right after the rule changed mid-search
/// undoes the search as the levels stand after the change. Found by a
/// hostile run: after `Early` (whose levels cover their options' items in
/// orders of their own) the change covered the levels again in the
/// options' order, but the record a copy undoes from still said "in their
/// own orders", and the copy of this problem counted 9 solutions of 32.
/// Every pair of rules, paused after 0 to 5 nodes, on it and on random
/// problems.
#[test]
fn a_copy_taken_right_after_a_change_of_rule_is_whole() {
    let opts: &[&[usize]] = &[
        &[1, 2],
        &[2, 0],
        &[1, 2, 0],
        &[0, 1, 2],
        &[1, 2, 0],
        &[1, 2, 0],
        &[1],
        &[1, 2, 0],
        &[1],
        &[2, 0, 1],
        &[2, 0, 1],
        &[0, 2, 1],
        &[2, 1, 0],
        &[2],
        &[0, 1, 2],
        &[2, 0, 1],
        &[0, 1, 2],
        &[0],
        &[0, 1],
        &[0],
        &[1, 2, 0],
        &[2, 0, 1],
        &[0, 1, 2],
        &[2, 0, 1],
        &[0, 2],
        &[2, 0, 1],
        &[0],
        &[2, 0, 1],
    ];
    let mut found = Problem::new(3, 0);
    for o in opts {
        found.add_option(o.iter().map(|&i| Item::new(i))).unwrap();
    }
    let mut problems = vec![("found".to_string(), found)];
    for seed in 0..40u64 {
        let text = random_text(seed);
        problems.push((text.clone(), parse(text.as_bytes()).unwrap().problem));
    }
    for (name, p) in &mut problems {
        let total = p.count();
        for &from in &Branching::ALL {
            for &to in &Branching::ALL {
                for stop in 0..6 {
                    let mut s = p.solver();
                    s.set_branching(from);
                    s.set_node_limit(Some(stop));
                    let _ = s.next_solution();
                    s.set_branching(to);
                    let mut copy = s.problem().clone();
                    drop(s);
                    assert_eq!(p.count(), total, "{from:?} -> {to:?} at {stop}\n{name}");
                    assert_eq!(
                        copy.count(),
                        total,
                        "copy, {from:?} -> {to:?} at {stop}\n{name}"
                    );
                }
            }
        }
    }
}
