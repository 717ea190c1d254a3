//! Hostile inputs for the lazy links on colored problems of the shape
//! that `LazyLinks::suits` took in last (options with 8 or more secondary
//! items on average, lists of 16 to 31 options per secondary item), under
//! the rules `early` and `fast`.
//!
//! The colored links' figures come from the same problem with unused
//! secondary items added to its item line: they change no search, but
//! bring the secondary nodes per secondary item under 16, so the colored
//! search runs on the colored links. Both must count the same solutions,
//! nodes and guesses, and list the same solutions as DLX2's rule (`dlx1`).
//! Also: forced options, node limits that stop and resume the search,
//! `split_off`, `cut` and `enter`, and one problem searched several times.

use std::collections::BTreeSet;

use dlx_core::text::{self, DlxFile};
use dlx_core::{Branching, OptionId, Problem, Stats, Step};

use crate::common::Lcg;

/// A random XCC file in the lazy links' new band: `p` primary items,
/// `s` secondary ones, options of 1 to 3 primary items and 7 to `s`
/// secondary ones (a fifth of them uncolored, the rest of `k` colors),
/// items shuffled inside each option (primary ones not first), one
/// planted solution, some options repeated and some with no primary item.
fn band_file(seed: u64) -> String {
    let mut rng = Lcg(seed);
    let p = 5 + rng.index(6);
    let s = 9 + rng.index(5);
    let k = 1 + rng.index(3);
    let n_options = 2 * s + rng.index(s);
    let colors = b"abc";
    let mut options: Vec<Vec<String>> = Vec::new();
    let secondary = |rng: &mut Lcg, planted: Option<&[usize]>| -> Vec<String> {
        let mut all: Vec<usize> = (0..s).collect();
        rng.shuffle(&mut all);
        let n = 7 + rng.index(s - 6);
        all[..n]
            .iter()
            .map(|&x| match planted {
                Some(c) => format!("s{x}:{}", colors[c[x]] as char),
                None if rng.index(5) == 0 => format!("s{x}"),
                None => format!("s{x}:{}", colors[rng.index(k)] as char),
            })
            .collect()
    };
    let planted: Vec<usize> = (0..s).map(|_| rng.index(k)).collect();
    let mut left: Vec<usize> = (0..p).collect();
    rng.shuffle(&mut left);
    while !left.is_empty() {
        let n = (1 + rng.index(3)).min(left.len());
        let part: Vec<usize> = left.drain(..n).collect();
        let mut o: Vec<String> = part.iter().map(|i| format!("p{i}")).collect();
        o.extend(secondary(&mut rng, Some(&planted)));
        rng.shuffle(&mut o);
        options.push(o);
    }
    while options.len() < n_options {
        let r = rng.index(10);
        let o = if r == 0 {
            secondary(&mut rng, None)
        } else if r == 1 {
            let mut o = options[rng.index(options.len())].clone();
            rng.shuffle(&mut o);
            o
        } else {
            let mut prim: Vec<usize> = (0..p).collect();
            rng.shuffle(&mut prim);
            let mut o: Vec<String> = prim[..1 + rng.index(3)]
                .iter()
                .map(|i| format!("p{i}"))
                .collect();
            o.extend(secondary(&mut rng, None));
            rng.shuffle(&mut o);
            o
        };
        options.push(o);
    }
    rng.shuffle(&mut options);
    let mut text = String::new();
    let prim: Vec<String> = (0..p).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..s).map(|i| format!("s{i}")).collect();
    text += &format!("{} | {}\n", prim.join(" "), sec.join(" "));
    for o in options {
        text += &o.join(" ");
        text += "\n";
    }
    text
}

/// (options with a primary item, their secondary nodes, secondary items),
/// as `LazyLinks::suits` counts them.
fn shape(file: &DlxFile) -> (usize, usize, usize) {
    let p = &file.problem;
    let (mut options, mut nodes) = (0, 0);
    for o in (0..p.option_count()).map(OptionId::new) {
        let prim = p.option_items(o).filter(|&i| p.is_primary(i)).count();
        if prim > 0 {
            options += 1;
            nodes += p.option_items(o).count() - prim;
        }
    }
    (options, nodes, p.secondary_count())
}

/// In the new band: 8+ secondary nodes per option, 16 to 31 per
/// secondary item (so only the new rule takes the lazy links).
fn in_new_band(file: &DlxFile) -> bool {
    let (o, n, s) = shape(file);
    o > 0 && n >= 8 * o && n >= 16 * s && n < 32 * s
}

/// The band files of seeds `0..n`, with their seeds.
fn band_files(n: u64) -> impl Iterator<Item = (u64, String)> {
    (0..n)
        .map(|seed| (seed, band_file(seed)))
        .filter(|(_, input)| in_new_band(&parse(input)))
}

/// `input` with unused secondary items added: no search changes, and the
/// lazy links no longer suit it.
fn padded(input: &str) -> String {
    let (o, n, s) = shape(&parse(input));
    assert!(o > 0);
    let extra = n / 16 + 1 - s;
    let mut lines = input.lines();
    let first = lines.next().unwrap();
    let mut out = String::from(first);
    if !first.contains('|') {
        out += " |";
    }
    for k in 0..extra {
        out += &format!(" zz{k}");
    }
    out += "\n";
    for l in lines {
        out += l;
        out += "\n";
    }
    let (_, n2, s2) = shape(&parse(&out));
    assert!(n2 < 16 * s2);
    out
}

fn parse(input: &str) -> DlxFile {
    text::parse(input.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{input}"))
}

/// Counts under `rule` with `forced` forced first; the statistics and the
/// solutions as sets of option indices.
fn search(p: &mut Problem, rule: Branching, forced: &[OptionId]) -> (Stats, BTreeSet<Vec<usize>>) {
    let mut s = p.solver();
    s.set_branching(rule);
    for &o in forced {
        s.force(o).unwrap();
    }
    let mut all = s.into_solutions();
    let mut set = BTreeSet::new();
    for sol in all.by_ref() {
        let mut v: Vec<usize> = sol.iter().map(|o| o.index()).collect();
        v.sort_unstable();
        assert!(set.insert(v), "a solution twice");
    }
    let stats = all.solver().stats();
    (stats, set)
}

/// The same search on the lazy links and on the colored links.
fn compare(input: &str, forced: &[OptionId], what: &str) -> u64 {
    let mut lazy = parse(input).problem;
    let mut colored = parse(&padded(input)).problem;
    let (_, reference) = search(&mut lazy, Branching::MinLength, forced);
    for rule in [Branching::Early, Branching::Fast] {
        let (a, sa) = search(&mut lazy, rule, forced);
        let (b, sb) = search(&mut colored, rule, forced);
        assert_eq!(
            (a.solutions, a.nodes, a.guesses),
            (b.solutions, b.nodes, b.guesses),
            "{what} {rule:?}: lazy {a:?} colored {b:?}\n{input}"
        );
        assert_eq!(sa, sb, "{what} {rule:?}: solution sets differ\n{input}");
        assert_eq!(
            sa, reference,
            "{what} {rule:?}: not dlx1's solutions\n{input}"
        );
        assert_eq!(a.solutions, reference.len() as u64);
    }
    reference.len() as u64
}

#[test]
fn random_band_files_agree_with_the_colored_links() {
    let mut band = 0;
    for (seed, input) in band_files(120) {
        band += 1;
        compare(&input, &[], &format!("seed {seed}"));
    }
    assert!(band >= 40, "only {band} files in the band");
}

/// Forcing one option, or two that share colored items with one color,
/// before the lazy search.
#[test]
fn forced_options_on_the_lazy_links() {
    for (seed, input) in band_files(60) {
        let file = parse(&input);
        let p = &file.problem;
        let with_primary: Vec<OptionId> = (0..p.option_count())
            .map(OptionId::new)
            .filter(|&o| p.option_items(o).any(|i| p.is_primary(i)))
            .collect();
        for &o in with_primary.iter().take(6) {
            compare(&input, &[o], &format!("seed {seed} forced {o:?}"));
        }
        // Pairs that agree (force accepts them).
        let mut pairs = 0;
        'outer: for (k, &a) in with_primary.iter().enumerate() {
            for &b in &with_primary[k + 1..] {
                let mut q = parse(&input).problem;
                let mut s = q.solver();
                if s.force(a).is_ok() && s.force(b).is_ok() {
                    compare(&input, &[a, b], &format!("seed {seed} forced {a:?} {b:?}"));
                    pairs += 1;
                    if pairs == 4 {
                        break 'outer;
                    }
                }
            }
        }
    }
}

/// A node limit stops the lazy search; raising it resumes it, to the same
/// total and the same final statistics as one run.
#[test]
fn node_limits_resume_on_the_lazy_links() {
    for (seed, input) in band_files(60) {
        let mut p = parse(&input).problem;
        for rule in [Branching::Early, Branching::Fast] {
            let whole = {
                let mut s = p.solver();
                s.set_branching(rule);
                s.count(None);
                s.stats()
            };
            for step in [1u64, 2, 3, 7] {
                let mut s = p.solver();
                s.set_branching(rule);
                let mut limit = step;
                let mut found = 0;
                loop {
                    s.set_node_limit(Some(limit));
                    match s.next_solution() {
                        Step::Found => found += 1,
                        Step::NodeLimit => limit += step,
                        Step::Exhausted => break,
                        other => panic!("{other:?}"),
                    }
                }
                let st = s.stats();
                assert_eq!(found, whole.solutions, "seed {seed} {rule:?} step {step}");
                assert_eq!(
                    (st.solutions, st.nodes, st.guesses),
                    (whole.solutions, whole.nodes, whole.guesses),
                    "seed {seed} {rule:?} step {step}"
                );
            }
        }
    }
}

/// `split_off` in the middle of a lazy search, and `cut`/`enter`: the
/// parts add up to the whole count.
#[test]
fn split_off_and_cut_on_the_lazy_links() {
    for (seed, input) in band_files(60) {
        let mut p = parse(&input).problem;
        let total = p.count();
        for rule in [Branching::Early, Branching::Fast] {
            for after in [0u64, 1, 3] {
                let mut s = p.solver();
                s.set_branching(rule);
                let mut mine = 0;
                let mut exhausted = false;
                for _ in 0..after {
                    match s.next_solution() {
                        Step::Found => mine += 1,
                        _ => {
                            exhausted = true;
                            break;
                        }
                    }
                }
                if exhausted {
                    continue;
                }
                let split = s.split_off();
                // `count` reports the solver's solutions so far, the ones
                // found before the split included.
                mine = mine.max(s.count(None).solutions);
                drop(s);
                let mut theirs = 0;
                for part in &split.parts {
                    let mut s = p.solver();
                    s.set_branching(rule);
                    for &o in part {
                        s.force(o).unwrap();
                    }
                    theirs += s.count(None).solutions;
                }
                assert_eq!(mine + theirs, total, "seed {seed} {rule:?} after {after}");
            }
            for depth in [1, 2, 3] {
                let parts = p.cut(depth);
                let mut sum = 0;
                for part in &parts {
                    let mut s = p.solver();
                    s.set_branching(rule);
                    s.enter(part).unwrap();
                    sum += s.count(None).solutions;
                }
                assert_eq!(sum, total, "seed {seed} {rule:?} depth {depth}");
            }
        }
    }
}

/// One problem searched again and again, under other rules in between:
/// the lazy links are built afresh each time.
#[test]
fn one_problem_searched_many_times() {
    for (seed, input) in band_files(40) {
        let mut p = parse(&input).problem;
        let first = search(&mut p, Branching::Early, &[]);
        for rule in [
            Branching::MinLength,
            Branching::Fast,
            Branching::ShortFirst,
            Branching::Early,
            Branching::First,
            Branching::Early,
        ] {
            let again = search(&mut p, rule, &[]);
            assert_eq!(again.1, first.1, "seed {seed} {rule:?}");
            if matches!(rule, Branching::Early | Branching::Fast) {
                assert_eq!(
                    (again.0.nodes, again.0.guesses, again.0.updates),
                    (first.0.nodes, first.0.guesses, first.0.updates),
                    "seed {seed} {rule:?}"
                );
            }
        }
    }
}

/// The rule changed in the middle of a lazy search (after a solution,
/// or after a node limit stopped it): the search stays on the lazy links
/// and still lists every solution once.
#[test]
fn rule_changed_during_a_lazy_search() {
    let others = [
        Branching::MinLength,
        Branching::MinLengthUpToOne,
        Branching::ShortFirst,
        Branching::ShortFirstDegree,
        Branching::First,
        Branching::LookAhead,
        Branching::Fast,
    ];
    for (seed, input) in band_files(60) {
        let mut p = parse(&input).problem;
        let (_, reference) = search(&mut p, Branching::MinLength, &[]);
        for (k, &other) in others.iter().enumerate() {
            for limit in [None, Some(1 + k as u64)] {
                let mut s = p.solver();
                s.set_branching(Branching::Early);
                s.set_node_limit(limit);
                let mut set = BTreeSet::new();
                let mut changed = false;
                loop {
                    match s.next_solution() {
                        Step::Found => {
                            let mut v: Vec<usize> = s.solution().map(|o| o.index()).collect();
                            v.sort_unstable();
                            assert!(set.insert(v), "seed {seed} {other:?}: a solution twice");
                        }
                        Step::NodeLimit => s.set_node_limit(None),
                        Step::Exhausted => break,
                        step => panic!("{step:?}"),
                    }
                    if !changed {
                        s.set_branching(other);
                        changed = true;
                    }
                }
                assert_eq!(
                    set, reference,
                    "seed {seed} early then {other:?} ({limit:?})"
                );
            }
        }
    }
}
