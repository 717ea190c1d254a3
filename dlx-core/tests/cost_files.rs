//! Every file of `tests/data/cost` (copied from the shared min-cost set, in
//! Knuth's DLX5 format): the least cost, the three best costs and the number
//! of optimal solutions must equal `ANSWERS.txt` (each confirmed there by at
//! least two independent methods), and the search-tree nodes must equal
//! those of Knuth's `dlx5`, whose search ours copies. Every solution
//! returned is checked by the rules against the file's own lines, read here
//! without dlx-core: each primary item covered once, colors consistent, and
//! the cost the sum of the option's `|N` tokens.

use std::collections::{HashMap, HashSet};

use dlx_core::cost::{CostSearch, CostedSolution};
use dlx_core::text::{self, ParseErrorKind};
use dlx_core::{OptionId, Outcome};

use crate::common::data_path;

/// One row of `ANSWERS.txt`.
struct Answer {
    file: String,
    /// `None`: no solution.
    min_cost: Option<u64>,
    best3: Vec<u64>,
    optimal_count: usize,
    dlx5_nodes: u64,
}

fn answers() -> Vec<Answer> {
    let table = std::fs::read_to_string(data_path("cost/ANSWERS.txt")).unwrap();
    let rows: Vec<Answer> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 6, "{l}");
            Answer {
                file: f[0].to_string(),
                min_cost: (f[1] != "none").then(|| f[1].parse().unwrap()),
                best3: if f[2] == "-" {
                    Vec::new()
                } else {
                    f[2].split(',').map(|c| c.parse().unwrap()).collect()
                },
                optimal_count: f[3].parse().unwrap(),
                dlx5_nodes: f[4].parse().unwrap(),
            }
        })
        .collect();
    assert_eq!(rows.len(), 45, "ANSWERS.txt lists 45 files");
    rows
}

/// An option line: its items with their colors, and its cost.
type RawOption = (Vec<(String, Option<char>)>, u64);

/// A file's item line and option lines, read by the rules of
/// `data/cost/README.md` with nothing of dlx-core.
struct Raw {
    primary: HashSet<String>,
    /// Each option line (ids follow them, ignored ones included): its
    /// items with their colors, and its cost.
    options: Vec<RawOption>,
}

fn raw(name: &str) -> Raw {
    let input = std::fs::read_to_string(data_path(&format!("cost/{name}"))).unwrap();
    let mut lines = input
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
    let items = lines.next().unwrap();
    let primary = items
        .split('|')
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    let options = lines
        .map(|l| {
            let mut cost = 0u64;
            let mut entries = Vec::new();
            for t in l.split_whitespace() {
                if let Some(n) = t.strip_prefix('|') {
                    cost += n.parse::<u64>().unwrap();
                } else if let Some((name, color)) = t.split_once(':') {
                    entries.push((name.to_string(), color.chars().next()));
                } else {
                    entries.push((t.to_string(), None));
                }
            }
            (entries, cost)
        })
        .collect();
    Raw { primary, options }
}

/// Checks `s` by the rules of `raw`: every primary item once, every
/// secondary item at most once uncolored or always in one color, no
/// option twice, and the cost the sum of the options' costs.
fn check(raw: &Raw, s: &CostedSolution) {
    let mut covered: HashMap<&str, u32> = HashMap::new();
    let mut colors: HashMap<&str, Option<char>> = HashMap::new();
    let mut cost = 0;
    let distinct: HashSet<OptionId> = s.options.iter().copied().collect();
    assert_eq!(distinct.len(), s.options.len(), "an option twice");
    for o in &s.options {
        let (entries, c) = &raw.options[o.index()];
        cost += c;
        for (name, color) in entries {
            if raw.primary.contains(name) {
                *covered.entry(name).or_default() += 1;
            } else if let Some(&before) = colors.get(name.as_str()) {
                assert!(
                    before.is_some() && before == *color,
                    "secondary item {name} clashes"
                );
            } else {
                colors.insert(name, *color);
            }
        }
    }
    assert_eq!(covered.len(), raw.primary.len(), "a primary item uncovered");
    assert!(covered.values().all(|&n| n == 1), "a primary item twice");
    assert_eq!(cost, s.cost, "the cost is not the sum of the options'");
}

/// Files whose three best costs and optimal count take seconds (each takes
/// 0.2 to 1 s at k = 1 alone): they are checked at k = 1 by default, and
/// fully by the ignored test below (`cargo test -p dlx-core --test main --
/// --ignored cost_files`, about 13 s on a loaded 2-core machine).
const SLOW: [&str; 5] = [
    "b02_shifts600.dlx",
    "b04_pairing28.dlx",
    "c01_pent6x10_toprow.dlx",
    "c02_pent5x12_random.dlx",
    "d06_modes11.dlx",
];

/// Checks the file of `a`: its costs as read, the least cost and DLX5's
/// node count at k = 1, and unless `quick`, the three best costs and the
/// number of optimal solutions.
fn check_file(a: &Answer, quick: bool) {
    let bytes = std::fs::read(data_path(&format!("cost/{}", a.file))).unwrap();
    let file = text::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", a.file));
    let raw = raw(&a.file);
    assert_eq!(raw.options.len(), file.problem.option_count(), "{}", a.file);
    for o in 0..file.problem.option_count() {
        let o = OptionId::new(o);
        assert_eq!(file.problem.cost(o), raw.options[o.index()].1, "{}", a.file);
    }

    // k = 1: the least cost, in DLX5's number of nodes.
    let one = CostSearch::new(&file.problem).run().unwrap();
    assert_eq!(one.outcome, Outcome::Complete);
    assert_eq!(one.min_cost(), a.min_cost, "{}: least cost", a.file);
    assert_eq!(one.stats.nodes, a.dlx5_nodes, "{}: nodes", a.file);
    for s in &one.solutions {
        check(&raw, s);
    }
    // The disjoint bound: the same solutions, in no more nodes.
    let pruned = CostSearch::new(&file.problem)
        .disjoint_bound(true)
        .run()
        .unwrap();
    assert_eq!(pruned.solutions, one.solutions, "{}", a.file);
    assert_eq!(pruned.stats.solutions, one.stats.solutions, "{}", a.file);
    assert!(pruned.stats.nodes <= one.stats.nodes, "{}", a.file);
    if quick {
        return;
    }

    // The three best, and at the optimum exactly `optimal_count`: with
    // k = optimal_count + 1 the optimum fills all but the last place.
    let three = CostSearch::new(&file.problem).best(3).run().unwrap();
    assert_eq!(three.costs(), a.best3, "{}: three best", a.file);
    let many = CostSearch::new(&file.problem)
        .best(a.optimal_count + 1)
        .run()
        .unwrap();
    let optimal = many
        .solutions
        .iter()
        .filter(|s| Some(s.cost) == a.min_cost)
        .count();
    assert_eq!(optimal, a.optimal_count, "{}: optimal solutions", a.file);
    for s in three.solutions.iter().chain(&many.solutions) {
        check(&raw, s);
    }
    let mut seen = HashSet::new();
    for s in &many.solutions {
        let mut set = s.options.clone();
        set.sort();
        assert!(seen.insert(set), "{}: a solution twice", a.file);
    }
}

/// Checks the files whose names start with one of `prefixes`.
fn check_files(prefixes: &[&str]) {
    let mut checked = 0;
    for a in answers() {
        if prefixes.iter().any(|p| a.file.starts_with(p)) {
            check_file(&a, SLOW.contains(&a.file.as_str()));
            checked += 1;
        }
    }
    assert!(checked > 0);
}

// Three tests, so that the test threads share the work.

#[test]
fn small_cost_files_have_their_answers() {
    check_files(&["e", "a", "d01", "d02", "d03", "d04"]);
}

#[test]
fn large_cost_files_have_their_answers() {
    check_files(&["b", "c03", "c04", "c05", "d05", "d06"]);
}

#[test]
fn pentomino_cost_files_have_their_least_costs() {
    check_files(&["c01", "c02"]);
}

/// The three best costs and the optimal count of the [`SLOW`] files.
#[test]
#[ignore = "about 13 s; run with --ignored"]
fn the_slow_cost_files_have_their_answers() {
    for a in answers() {
        if SLOW.contains(&a.file.as_str()) {
            check_file(&a, false);
        }
    }
}

/// The error `input` gives: line, column and kind, and a message that
/// starts with the place.
fn assert_error(input: &str, line: usize, column: usize, kind: ParseErrorKind) {
    let e = match text::parse(input.as_bytes()) {
        Err(e) => e,
        Ok(_) => panic!("{input:?} parsed, but should not"),
    };
    assert_eq!(
        (e.line, e.column, &e.kind),
        (line, column, &kind),
        "{input:?}: {e}"
    );
    assert!(
        e.to_string().starts_with(&format!("{line}:{column}: ")),
        "{e}"
    );
}

/// Malformed cost tokens, as DLX5 rejects them, and costs past `u64`:
/// the place of the first character that is wrong.
#[test]
fn malformed_costs_are_errors_with_their_place() {
    use ParseErrorKind::*;
    assert_error("a b\na |-1\n", 2, 4, CostWithoutDigits);
    // A lone '|' is the divider of the item line, out of place.
    assert_error("a b\na | 3\n", 2, 3, DividerInOption);
    assert_error("a b\na b |\n", 2, 5, DividerInOption);
    assert_error("a b\na |é\n", 2, 4, CostWithoutDigits);
    assert_error("a b\na |3|4\n", 2, 5, BadCostDigit('|'));
    assert_error("a b\n\ta  |1x b\n", 2, 7, BadCostDigit('x'));
    assert_error("a b\na |12é\n", 2, 6, BadCostDigit('é'));
    assert_error("a | x\na x:1 |1:\n", 2, 9, BadCostDigit(':'));
    let max = dlx_core::cost::MAX_COST;
    assert_error(
        "a b\na |18446744073709551616\n",
        2,
        3,
        CostTooLarge("18446744073709551616".into()),
    );
    // 2^64 - 1 fits in a u64 but is past the largest cost the min-cost
    // search takes: the reader and the search agree on 2^64 - 2.
    assert_error(
        "a b\na |18446744073709551615\n",
        2,
        3,
        CostTooLarge("18446744073709551615".into()),
    );
    // The sum of the tokens, at the token that takes it past the limit.
    assert_error(
        &format!("a b\na |{max} b |0 |1\n"),
        2,
        30,
        CostTooLarge("18446744073709551615".into()),
    );
    // Not a cost token: '|' inside a name, as before.
    assert_error("a b\na|3 b\n", 2, 1, DividerInOption);
    assert_error("a b\na b|3\n", 2, 3, DividerInOption);
}

/// What reads: the largest cost, leading zeros, tokens between items, a
/// line that starts with a token (a comment), and costs on an option with
/// no primary item (kept, never chosen).
#[test]
fn costs_read_as_dlx5_reads_them() {
    let max = dlx_core::cost::MAX_COST;
    let input = format!("a b | x\na |{max}\n|7 a b\nb |007 x:c |0 |3\nx |5\n");
    let file = text::parse(input.as_bytes()).unwrap();
    let p = &file.problem;
    assert_eq!(p.option_count(), 3);
    let costs: Vec<u64> = (0..3).map(|o| p.cost(OptionId::new(o))).collect();
    assert_eq!(costs, [max, 10, 5]);
    assert_eq!(file.option_lines, [2, 4, 5]);
    assert_eq!(file.ignored_options, [5]);
    assert_eq!(file.option_text(OptionId::new(1)), "b x:c");
    // The one solution costs 2^64 - 1 + 10, past the largest total.
    let option = OptionId::new(0);
    assert_eq!(
        p.min_cost(),
        Err(dlx_core::cost::CostError::Overflow { option })
    );
}
