use super::*;
use crate::Kind;
use crate::Outcome;
use std::error::Error;

type E = BuilderError<&'static str>;

/// The problem and its labels as text: each item with its kind and
/// bounds, then each option's labels and colors, all by number. Two
/// builders that render alike build the same problem.
fn render(l: &Labeled<&str, String>) -> String {
    let p = &l.problem;
    let mut out = String::new();
    for i in 0..p.item_count() {
        let item = Item::new(i);
        let bounds = p
            .bounds(item)
            .map_or("secondary".into(), |b| format!("{b:?}"));
        out += &format!("{i}:{} {bounds}\n", l.item_label(item));
    }
    for o in 0..p.option_count() {
        for (label, color) in l.option_labels(OptionId::new(o)) {
            out += &format!("{label}:{} ", color.map_or("", |c| c));
        }
        out += "\n";
    }
    out
}

/// A builder with primary a, b (b with bounds 1..2), secondary x, y,
/// declared interleaved, and two options, one colored.
fn sample() -> Builder<&'static str> {
    let mut b = Builder::new();
    b.secondary("x").unwrap();
    b.primary("a").unwrap();
    b.secondary("y").unwrap();
    b.primary_bounded("b", 1, 2).unwrap();
    b.colored_option([("a", None), ("x", Some("red".into()))])
        .unwrap();
    b.option(["b", "y"]).unwrap();
    b
}

#[test]
fn primary_items_are_numbered_first_in_declaration_order() {
    let l = sample().build().unwrap();
    let p = &l.problem;
    assert_eq!((p.primary_count(), p.secondary_count()), (2, 2));
    let items: Vec<_> = ["a", "b", "x", "y"]
        .map(|s| l.item(s).unwrap().index())
        .into();
    assert_eq!(items, [0, 1, 2, 3]);
    for (i, s) in ["a", "b", "x", "y"].into_iter().enumerate() {
        assert_eq!(*l.item_label(Item::new(i)), s);
    }
    assert_eq!(l.item("z"), None);
    assert_eq!(p.bounds(l.item("a").unwrap()), Some((1, 1)));
    assert_eq!(p.bounds(l.item("b").unwrap()), Some((1, 2)));
    assert_eq!(p.bounds(l.item("x").unwrap()), None);
    assert_eq!(p.kind(), Kind::Multiplicities);
    assert_eq!(
        render(&l),
        "0:a (1, 1)\n1:b (1, 2)\n2:x secondary\n3:y secondary\na: x:red \nb: y: \n"
    );
}

#[test]
fn options_keep_their_ids_items_and_colors() {
    let mut b: Builder<(u8, u8), char> = Builder::default();
    b.primary((0, 0)).unwrap();
    b.secondary((9, 9)).unwrap();
    b.primary((0, 1)).unwrap();
    let o0 = b
        .colored_option([((9, 9), Some('q')), ((0, 1), None)])
        .unwrap();
    let o1 = b.option([(0, 0)]).unwrap();
    let o2 = b
        .colored_option([((0, 0), None), ((9, 9), Some('r'))])
        .unwrap();
    assert_eq!([o0, o1, o2].map(OptionId::index), [0, 1, 2]);
    assert_eq!(b.option_count(), 3);
    let l = b.build().unwrap();
    let p = &l.problem;
    let it = |label| l.item(&label).unwrap();
    assert_eq!(
        p.option_items(o0).collect::<Vec<_>>(),
        [it((9, 9)), it((0, 1))]
    );
    let labels: Vec<_> = l.option_labels(o0).collect();
    assert_eq!(labels, [(&(9, 9), Some(&'q')), (&(0, 1), None)]);
    let labels: Vec<_> = l.option_labels(o2).collect();
    assert_eq!(labels, [(&(0, 0), None), (&(9, 9), Some(&'r'))]);
    // Colors are numbered in the order of their first use.
    assert_eq!(l.color(&'q'), Some(Color::new(0)));
    assert_eq!(l.color(&'r'), Some(Color::new(1)));
    assert_eq!(l.color(&'s'), None);
    assert_eq!(*l.color_label(Color::new(1)), 'r');
    let colors: Vec<_> = p.option_colors(o2).collect();
    assert_eq!(colors, [None, Some(Color::new(1))]);
}

#[test]
fn string_labels_are_looked_up_by_str() {
    let mut b: Builder<String> = Builder::new();
    for i in 0..3 {
        b.primary(format!("p{i}")).unwrap();
    }
    assert!(b.contains("p2") && !b.contains("p3"));
    b.option(["p0".to_string(), "p1".to_string()]).unwrap();
    b.option(["p2".to_string()]).unwrap();
    let mut l = b.build().unwrap();
    assert_eq!(l.item("p1"), Some(Item::new(1)));
    assert_eq!(l.count(), 1);
}

/// TAOCP 7.2.2.1 (5), with the items declared out of order: its one
/// exact cover, read back by labels.
#[test]
fn knuths_example_by_labels() {
    let mut b = Builder::<char>::new();
    for c in "gfedcba".chars() {
        b.primary(c).unwrap();
    }
    for o in ["ce", "adg", "bcf", "adf", "bg", "deg"] {
        b.option(o.chars()).unwrap();
    }
    let mut l = b.build().unwrap();
    assert_eq!(l.problem.kind(), Kind::Exact);
    let solutions: Vec<_> = l
        .solutions()
        .map(|s| {
            let mut s: Vec<String> = s
                .iter()
                .map(|o| o.iter().map(|&(c, _)| *c).collect())
                .collect();
            s.sort();
            s
        })
        .collect();
    assert_eq!(solutions, [["adf", "bg", "ce"]]);
    // The same through the index API: options 0, 3, 4 ("ce", "adf",
    // "bg"), each option's labels in the order given.
    let mut first = l.problem.first_solution().unwrap();
    first.sort();
    assert_eq!(first, [0, 3, 4].map(OptionId::new));
    let labels = l.solution_labels(&first);
    assert_eq!(labels[2], [(&'b', None), (&'g', None)]);
    assert_eq!(labels.iter().map(Vec::len).sum::<usize>(), 7);
}

/// Two words cross at a cell (the example of
/// `Problem::add_colored_option`): only the pair that agrees on the
/// letter is a solution.
#[test]
fn colors_let_options_share_a_secondary_item() {
    let mut b: Builder<&str, char> = Builder::default();
    b.primary("across").unwrap();
    b.primary("down").unwrap();
    b.secondary("cell").unwrap();
    for (word, letter) in [
        ("across", 'a'),
        ("across", 'b'),
        ("down", 'b'),
        ("down", 'c'),
    ] {
        b.colored_option([(word, None), ("cell", Some(letter))])
            .unwrap();
    }
    let mut l = b.build().unwrap();
    assert_eq!(l.problem.kind(), Kind::Colors);
    let all: Vec<_> = l.solutions().collect();
    assert_eq!(all.len(), 1);
    for option in &all[0] {
        assert_eq!(option[1], (&"cell", Some(&'b')));
    }
}

/// k of n players, the team's bounds checked on every solution by the
/// rules: C(5, 2) = 10 teams of two, 5 + 10 + 10 = 25 of one to three.
#[test]
fn bounded_team_counts() {
    for ((lo, hi), expected) in [((2, 2), 10), ((1, 3), 25), ((0, 1), 6)] {
        let mut b = Builder::new();
        b.primary_bounded("team", lo, hi).unwrap();
        for p in ["p0", "p1", "p2", "p3", "p4"] {
            b.secondary(p).unwrap();
            b.option(["team", p]).unwrap();
        }
        let mut l = b.build().unwrap();
        let mut count = 0;
        for s in l.solutions() {
            assert!((lo..=hi).contains(&(s.len() as u32)));
            assert!(s.iter().all(|o| *o[0].0 == "team"));
            count += 1;
        }
        assert_eq!(count, expected, "{lo}:{hi}");
    }
}

#[test]
fn set_bounds_changes_a_declared_primary_item() {
    let mut b = sample();
    b.set_bounds("a", 0, 3).unwrap();
    b.set_bounds("b", 1, 1).unwrap();
    let l = b.build().unwrap();
    assert_eq!(l.problem.bounds(Item::new(0)), Some((0, 3)));
    assert_eq!(l.problem.bounds(Item::new(1)), Some((1, 1)));
}

/// Each rejected call leaves the builder as it was: it renders as a
/// fresh sample, and the color of a rejected option is not recorded.
fn check_rejected(call: impl FnOnce(&mut Builder<&'static str>) -> Result<(), E>, error: E) {
    let mut b = sample();
    assert_eq!(call(&mut b), Err(error.clone()));
    assert!(!error.to_string().is_empty());
    assert_eq!((b.primary_count(), b.secondary_count()), (2, 2));
    assert_eq!(b.option_count(), 2);
    let l = b.build().unwrap();
    assert_eq!(render(&l), render(&sample().build().unwrap()));
    assert_eq!(l.color("blue"), None);
}

#[test]
fn declaring_a_label_twice_is_an_error() {
    let error = E::DuplicateLabel { label: "x" };
    check_rejected(|b| b.primary("x"), error.clone());
    check_rejected(|b| b.secondary("x"), error.clone());
    check_rejected(|b| b.primary_bounded("x", 1, 2), error);
    check_rejected(|b| b.secondary("a"), E::DuplicateLabel { label: "a" });
    // Checked before the bounds.
    check_rejected(
        |b| b.primary_bounded("a", 2, 0),
        E::DuplicateLabel { label: "a" },
    );
}

#[test]
fn unknown_labels_are_errors() {
    let error = E::UnknownLabel { label: "z" };
    check_rejected(|b| b.option(["a", "z"]).map(drop), error.clone());
    check_rejected(
        |b| {
            b.colored_option([("x", Some("blue".into())), ("z", None)])
                .map(drop)
        },
        error.clone(),
    );
    check_rejected(|b| b.set_bounds("z", 1, 2), error);
}

#[test]
fn an_item_repeated_in_an_option_is_an_error() {
    let error = E::RepeatedItem { label: "a" };
    check_rejected(|b| b.option(["a", "x", "a"]).map(drop), error.clone());
    check_rejected(
        |b| {
            b.colored_option([("x", Some("blue".into())), ("x", Some("blue".into()))])
                .map(drop)
        },
        E::RepeatedItem { label: "x" },
    );
    // Items may of course be in several options, and in a next one
    // after a rejected one.
    let mut b = sample();
    assert!(b.option(["a", "a"]).is_err());
    b.option(["a"]).unwrap();
    b.option(["a", "b"]).unwrap();
    assert_eq!(b.option_count(), 4);
}

/// Past `SHORT` entries: the repeat is the last of eleven.
#[test]
fn an_item_repeated_in_a_long_option_is_an_error() {
    let mut b = Builder::new();
    for i in 0..12 {
        b.primary(i).unwrap();
    }
    let long: Vec<u32> = (0..10).chain([3]).collect();
    assert_eq!(b.option(long), Err(BuilderError::RepeatedItem { label: 3 }));
    assert_eq!(b.option_count(), 0);
    b.option(0..12).unwrap();
    b.option((0..12).rev()).unwrap();
    let mut l = b.build().unwrap();
    assert_eq!(l.problem.option_count(), 2);
    assert_eq!(l.count(), 2);
}

#[test]
fn a_color_on_a_primary_item_is_an_error() {
    check_rejected(
        |b| {
            b.colored_option([("x", Some("blue".into())), ("a", Some("blue".into()))])
                .map(drop)
        },
        E::ColorOnPrimary { label: "a" },
    );
}

#[test]
fn an_empty_color_is_an_error() {
    check_rejected(
        |b| {
            b.colored_option([("x", Some("blue".into())), ("y", Some(String::new()))])
                .map(drop)
        },
        E::EmptyColor { label: "y" },
    );
    let mut b: Builder<u8, &str> = Builder::default();
    b.secondary(0).unwrap();
    assert_eq!(
        b.colored_option([(0, Some(""))]),
        Err(BuilderError::EmptyColor { label: 0 })
    );
    // Other color types have no empty value.
    let mut b: Builder<u8, u8> = Builder::default();
    b.secondary(0).unwrap();
    assert!(b.colored_option([(0, Some(0))]).is_ok());
}

#[test]
fn bounds_on_a_secondary_item_are_an_error() {
    check_rejected(
        |b| b.set_bounds("x", 1, 2),
        E::BoundsOnSecondary { label: "x" },
    );
    // Even valid bounds, and checked before their values.
    check_rejected(
        |b| b.set_bounds("y", 1, 1),
        E::BoundsOnSecondary { label: "y" },
    );
    check_rejected(
        |b| b.set_bounds("y", 3, 0),
        E::BoundsOnSecondary { label: "y" },
    );
}

#[test]
fn a_lower_bound_above_the_upper_is_an_error() {
    let error = E::LowerAboveUpper {
        label: "c",
        lo: 3,
        hi: 2,
    };
    check_rejected(|b| b.primary_bounded("c", 3, 2), error);
    let error = E::LowerAboveUpper {
        label: "a",
        lo: 2,
        hi: 1,
    };
    check_rejected(|b| b.set_bounds("a", 2, 1), error);
}

#[test]
fn a_zero_upper_bound_is_an_error() {
    // Zero is checked first, as in `Problem::set_bounds`.
    check_rejected(
        |b| b.primary_bounded("c", 1, 0),
        E::ZeroUpperBound { label: "c" },
    );
    check_rejected(
        |b| b.primary_bounded("c", 0, 0),
        E::ZeroUpperBound { label: "c" },
    );
    check_rejected(
        |b| b.set_bounds("b", 0, 0),
        E::ZeroUpperBound { label: "b" },
    );
}

#[test]
fn an_empty_option_is_an_error() {
    check_rejected(|b| b.option([]).map(drop), E::EmptyOption);
    check_rejected(|b| b.colored_option([]).map(drop), E::EmptyOption);
}

#[test]
fn messages_name_the_label() {
    let e = BuilderError::LowerAboveUpper {
        label: "k",
        lo: 3,
        hi: 2,
    };
    assert_eq!(
        e.to_string(),
        "bounds 3:2 of item \"k\": the lower bound exceeds the upper"
    );
    let e: Box<dyn Error> = Box::new(BuilderError::ColorOnPrimary { label: (1, 2) });
    assert!(e.to_string().contains("(1, 2)"));
}

#[test]
fn an_empty_builder_builds_a_problem_with_one_empty_solution() {
    let mut l = Builder::<u32>::new().build().unwrap();
    assert_eq!(l.problem.item_count(), 0);
    assert_eq!(l.count(), 1);
    assert_eq!(l.solutions().next(), Some(Vec::new()));
}

// ---------------------------------------------------------------------------
// Issue 29: options as two lists, &str colors, payloads, the label search.

/// `option_with_colors(items, colored)` builds the problem that
/// `colored_option` builds with every entry wrapped.
#[test]
fn two_lists_build_what_wrapped_entries_build() {
    let wrapped = sample().build().unwrap();
    let mut b: Builder<&str> = Builder::new();
    b.secondary("x").unwrap();
    b.primary("a").unwrap();
    b.secondary("y").unwrap();
    b.primary_bounded("b", 1, 2).unwrap();
    // A &str color for a builder of String colors.
    b.option_with_colors(["a"], [("x", "red")]).unwrap();
    b.option_with_colors(["b", "y"], [] as [(&str, &str); 0])
        .unwrap();
    assert_eq!(render(&b.build().unwrap()), render(&wrapped));
}

#[test]
fn two_lists_are_checked_as_one_option() {
    let mut b = sample();
    let before = render(&b.clone().build().unwrap());
    // A color on a primary item, an unknown label, an item in both lists:
    // each rejected, nothing recorded.
    assert_eq!(
        b.option_with_colors(["a"], [("b", "red")]),
        Err(BuilderError::ColorOnPrimary { label: "b" })
    );
    assert_eq!(
        b.option_with_colors(["a"], [("z", "red")]),
        Err(BuilderError::UnknownLabel { label: "z" })
    );
    assert_eq!(
        b.option_with_colors(["a", "x"], [("x", "red")]),
        Err(BuilderError::RepeatedItem { label: "x" })
    );
    assert_eq!(
        b.option_with_colors(["a"], [("x", "")]),
        Err(BuilderError::EmptyColor { label: "x" })
    );
    assert_eq!(render(&b.build().unwrap()), before);
}

#[test]
fn str_colors_and_labels() {
    let mut b: Builder<&str, &str> = Builder::default();
    b.primary("across").unwrap();
    b.primary("down").unwrap();
    b.secondary("cell").unwrap();
    for (word, letter) in [("across", "a"), ("across", "b"), ("down", "b")] {
        b.option_with_colors([word], [("cell", letter)]).unwrap();
    }
    let mut l = b.build().unwrap();
    let all: Vec<_> = l.search().collect();
    assert_eq!(all.len(), 1);
    for chosen in &all[0] {
        assert_eq!(chosen.items[1], (&"cell", Some(&"b")));
    }
}

/// Dominoes on a 2x3 board: each option carries its domino; every
/// solution's payloads cover the board once (checked here by the rules,
/// not by the engine), and the search finds the 3 tilings.
#[test]
fn payloads_come_back_with_the_solutions() {
    type Cell = (usize, usize);
    let mut b: Builder<Cell, String, [Cell; 2]> = Builder::default();
    for r in 0..2 {
        for c in 0..3 {
            b.primary((r, c)).unwrap();
        }
    }
    let mut dominoes = Vec::new();
    for r in 0..2 {
        for c in 0..3 {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let other = (r + dr, c + dc);
                if other.0 < 2 && other.1 < 3 {
                    dominoes.push([(r, c), other]);
                }
            }
        }
    }
    // A payload on every option but the first.
    for (k, d) in dominoes.iter().enumerate() {
        let o = b.option(*d).unwrap();
        if k > 0 {
            b.set_payload(o, *d);
        }
    }
    let first = OptionId::new(0);
    let mut l = b.build().unwrap();
    assert_eq!(l.payload(first), None);
    assert_eq!(l.payload(OptionId::new(1)), Some(&dominoes[1]));
    let mut tilings = Vec::new();
    for solution in l.search() {
        let mut covered = [[0; 3]; 2];
        for chosen in &solution {
            let domino = match chosen.payload {
                Some(d) => *d,
                None => {
                    assert_eq!(chosen.option, first);
                    dominoes[0]
                }
            };
            // The payload is the option's own: its items are the domino.
            let items: Vec<Cell> = chosen.items.iter().map(|&(c, _)| *c).collect();
            assert_eq!(items, domino);
            for (r, c) in domino {
                covered[r][c] += 1;
            }
        }
        assert_eq!(covered, [[1; 3]; 2]);
        let mut ids: Vec<usize> = solution.iter().map(|c| c.option.index()).collect();
        ids.sort();
        tilings.push(ids);
    }
    tilings.sort();
    tilings.dedup();
    assert_eq!(tilings.len(), 3);
}

#[test]
#[should_panic(expected = "option 2 out of range (2 options)")]
fn a_payload_for_an_option_not_added_panics() {
    let mut b: Builder<&str, String, u8> = Builder::default();
    b.primary("a").unwrap();
    b.option(["a"]).unwrap();
    b.option(["a"]).unwrap();
    b.set_payload(OptionId::new(2), 7);
}

/// 8 queens by labels: every seed yields the 92 solutions (as sets of
/// option ids, the same as the unseeded search's), the same seed in the
/// same order; the limits stop it and say why.
#[test]
fn the_label_search_is_seeded_and_stoppable() {
    let n = 8;
    let mut b: Builder<(char, usize), char, (usize, usize)> = Builder::default();
    for i in 0..n {
        b.primary(('r', i)).unwrap();
        b.primary(('c', i)).unwrap();
    }
    for d in 0..2 * n - 1 {
        b.secondary(('a', d)).unwrap();
        b.secondary(('b', d)).unwrap();
    }
    for r in 0..n {
        for c in 0..n {
            let o = b
                .option([('r', r), ('c', c), ('a', r + c), ('b', n - 1 - r + c)])
                .unwrap();
            b.set_payload(o, (r, c));
        }
    }
    let mut l = b.build().unwrap();
    let run = |l: &mut Labeled<(char, usize), char, (usize, usize)>, seed: Option<u64>| {
        let mut search = l.search();
        if let Some(s) = seed {
            search = search.seed(s).unwrap();
        }
        let all: Vec<Vec<(usize, usize)>> = search
            .by_ref()
            .map(|s| s.iter().map(|c| *c.payload.unwrap()).collect())
            .collect();
        assert_eq!(search.outcome(), Some(Outcome::Complete));
        assert_eq!(search.stats().solutions, 92);
        all
    };
    let sorted = |all: &[Vec<(usize, usize)>]| {
        let mut all: Vec<_> = all
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort();
                s
            })
            .collect();
        all.sort();
        all
    };
    let plain = run(&mut l, None);
    assert_eq!(plain.len(), 92);
    for queens in &plain {
        // Non-attacking, checked by the rules.
        for (i, &(r1, c1)) in queens.iter().enumerate() {
            for &(r2, c2) in &queens[i + 1..] {
                assert!(r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2));
            }
        }
    }
    let mut orders = std::collections::HashSet::new();
    for seed in [1, 2, 3] {
        let seeded = run(&mut l, Some(seed));
        assert_eq!(sorted(&seeded), sorted(&plain), "seed {seed}");
        assert_eq!(run(&mut l, Some(seed)), seeded, "seed {seed} again");
        orders.insert(seeded);
    }
    assert!(orders.len() > 1, "every seed gave the same order");
    // Limits (each search in its own block: it borrows the problem).
    {
        let mut search = l.search().node_limit(3);
        assert!(search.next().is_none());
        assert_eq!(search.outcome(), Some(Outcome::NodeLimit));
    }
    {
        let mut search = l.search().deadline(std::time::Instant::now());
        assert!(search.next().is_none());
        assert_eq!(search.outcome(), Some(Outcome::Deadline));
    }
    // A seed after the search has begun is an error.
    let mut search = l.search();
    assert!(search.next().is_some());
    assert!(search.seed(1).is_err());
}
