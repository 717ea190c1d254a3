//! Arbitrary bytes → DLX text → a problem → a search with a node limit.
//!
//! Checks:
//! - `parse` and `read` through a tiny buffer agree (same error, or the
//!   same problem), so line handling does not depend on buffer boundaries;
//! - an error names a line (and column) inside the input;
//! - a parsed file is consistent: names valid and distinct, one line number
//!   per option, the ignored options are exactly those without a primary
//!   item, and printing it as DLX text and parsing that gives it back;
//! - every solution found within 10 000 nodes is an exact cover by the rules,
//!   uses no ignored option, and is found once; when the search completes,
//!   the count equals a brute force over subsets (small problems) and the
//!   other branching rules' counts;
//! - the min-cost search (DLX5, within the same node limit) fails only for
//!   bounds, returns solutions by the rules whose costs are the sums of
//!   their options' costs, by increasing cost, each once; when it and the
//!   count both finish, it returns min(3, count) of them.
#![no_main]

use std::collections::HashSet;
use std::io::BufReader;

use dlx_core::text::{self, DlxFile, ParseError, ReadError, MAX_NAME_LEN};
use dlx_core::{Branching, Item, OptionId, Outcome, Problem, Step};
use dlx_core::cost::{CostError, CostSearch};
use dlx_fuzz::{brute_force_count, check_cover};
use libfuzzer_sys::fuzz_target;

const NODE_LIMIT: u64 = 10_000;

fuzz_target!(|data: &[u8]| {
    let parsed = text::parse(data);
    let capacity = 1 + data.first().map_or(0, |&b| usize::from(b % 8));
    match (
        &parsed,
        text::read(BufReader::with_capacity(capacity, data)),
    ) {
        (Err(a), Err(ReadError::Parse(b))) => assert_eq!(*a, b, "parse and read disagree"),
        (Ok(a), Ok(b)) => assert_same(a, &b).unwrap_or_else(|e| panic!("parse and read: {e}")),
        (a, b) => panic!("parse gave {a:?}, read gave {b:?}"),
    }
    let mut file = match parsed {
        Ok(file) => file,
        Err(e) => return check_error(data, &e),
    };
    check_file(data, &file);
    let printed = print(&file);
    let again = text::parse(printed.as_bytes())
        .unwrap_or_else(|e| panic!("printed file does not parse: {e}\n{printed}"));
    assert_same(&file, &again).unwrap_or_else(|e| panic!("print and parse: {e}\n{printed}"));
    let count = search(&mut file);
    min_cost(&file.problem, count);
});

/// The lines of the input as `LineReader` cuts them.
fn lines(data: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if data.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

fn check_error(data: &[u8], e: &ParseError) {
    let lines = lines(data);
    assert!(
        e.line >= 1 && e.line <= lines.len() + 1,
        "error at line {} of {}: {e}",
        e.line,
        lines.len()
    );
    if e.column > 0 {
        let line = lines.get(e.line - 1).copied().unwrap_or_default();
        let chars = String::from_utf8_lossy(line).chars().count();
        assert!(
            e.column <= chars + 1,
            "column {} of a {chars}-character line: {e}",
            e.column
        );
    }
    let message = e.to_string();
    assert!(
        message.starts_with(&format!("{}:", e.line)) && message.len() > 4,
        "message {message:?} does not name its line"
    );
}

fn check_file(data: &[u8], file: &DlxFile) {
    let p = &file.problem;
    assert_eq!(file.item_names.len(), p.item_count());
    assert!(p.primary_count() >= 1, "an item line has a primary item");
    let mut names = HashSet::new();
    for name in &file.item_names {
        assert!(
            !name.is_empty() && name.len() <= MAX_NAME_LEN,
            "name {name:?}"
        );
        assert!(
            name.chars()
                .all(|c| c.is_ascii_graphic() && c != ':' && c != '|'),
            "name {name:?}"
        );
        assert!(names.insert(name), "name {name:?} twice");
    }
    let line_count = lines(data).len();
    assert_eq!(file.option_lines.len(), p.option_count());
    assert!(file.option_lines.windows(2).all(|w| w[0] < w[1]));
    assert!(file.option_lines.iter().all(|&l| l >= 2 && l <= line_count));
    let mut ignored = Vec::new();
    for (o, &line) in file.option_lines.iter().enumerate() {
        let items: Vec<Item> = p.option_items(OptionId::new(o)).collect();
        assert!(!items.is_empty(), "option {o} is empty");
        let distinct: HashSet<Item> = items.iter().copied().collect();
        assert_eq!(distinct.len(), items.len(), "option {o} repeats an item");
        assert!(items.iter().all(|i| i.index() < p.item_count()));
        if !items.iter().any(|&i| p.is_primary(i)) {
            ignored.push(line);
        }
    }
    assert_eq!(file.ignored_options, ignored);
}

/// The file as DLX text: the item line, then one line per option.
fn print(file: &DlxFile) -> String {
    let p = &file.problem;
    let (primary, secondary) = file.item_names.split_at(p.primary_count());
    let mut text = primary.join(" ");
    if !secondary.is_empty() {
        text.push_str(" | ");
        text.push_str(&secondary.join(" "));
    }
    text.push('\n');
    for o in 0..p.option_count() {
        text.push_str(&file.option_text(OptionId::new(o)));
        text.push('\n');
    }
    text
}

/// Same items (names, primary count) and options (item lists, in order)?
fn assert_same(a: &DlxFile, b: &DlxFile) -> Result<(), String> {
    let (p, q) = (&a.problem, &b.problem);
    if a.item_names != b.item_names || p.primary_count() != q.primary_count() {
        return Err(format!(
            "items {:?} ({} primary) vs {:?} ({} primary)",
            a.item_names,
            p.primary_count(),
            b.item_names,
            q.primary_count()
        ));
    }
    if p.option_count() != q.option_count() {
        return Err(format!(
            "{} vs {} options",
            p.option_count(),
            q.option_count()
        ));
    }
    for o in (0..p.option_count()).map(OptionId::new) {
        if !p.option_items(o).eq(q.option_items(o)) {
            return Err(format!("option {o} differs"));
        }
    }
    if a.ignored_options.len() != b.ignored_options.len() {
        return Err("different numbers of ignored options".into());
    }
    Ok(())
}

/// Searches every solution within the node limit, checking each; returns
/// the count when the search finished.
fn search(file: &mut DlxFile) -> Option<u64> {
    let p = &mut file.problem;
    if p.kind() != dlx_core::Kind::Exact {
        // Colors and bounds have their own rules and their own target
        // (xcc_text); the checks here are exact cover's.
        return None;
    }
    let mut seen = HashSet::new();
    let complete = {
        let mut s = p.solver();
        s.set_node_limit(Some(NODE_LIMIT));
        let complete = loop {
            match s.next_solution() {
                Step::Found => {
                    let mut solution: Vec<OptionId> = s.solution().collect();
                    assert_eq!(solution.len(), s.solution_len());
                    let problem = s.problem();
                    check_cover(problem, &solution)
                        .unwrap_or_else(|e| panic!("solution {solution:?}: {e}"));
                    assert!(
                        solution
                            .iter()
                            .all(|&o| problem.option_items(o).any(|i| problem.is_primary(i))),
                        "solution {solution:?} uses an option without a primary item"
                    );
                    solution.sort();
                    assert!(seen.insert(solution), "a solution found twice");
                }
                Step::Exhausted => break true,
                Step::NodeLimit => break false,
                Step::Deadline | Step::Cancelled => unreachable!("no deadline or handle is set"),
            }
        };
        assert_eq!(s.stats().solutions, seen.len() as u64);
        assert!(complete || s.stats().nodes >= NODE_LIMIT);
        complete
    };
    let found = seen.len() as u64;
    if !complete {
        return None;
    }
    if let Some(brute) = brute_force_count(p, 16) {
        assert_eq!(found, brute, "search and brute force disagree");
    }
    for branching in Branching::ALL {
        let count = counted(p, branching, None);
        if count.outcome == Outcome::Complete {
            assert_eq!(count.solutions, found, "{branching:?}");
        }
    }
    // A seed never changes the count.
    let count = counted(p, Branching::MinLength, Some(found ^ 0x5eed));
    if count.outcome == Outcome::Complete {
        assert_eq!(count.solutions, found, "seeded");
    }
    Some(found)
}

/// The three cheapest solutions within the node limit (see the checks at
/// the top); `count` is the number of solutions, if known.
fn min_cost(p: &Problem, count: Option<u64>) {
    let bounded = (0..p.primary_count()).any(|i| p.bounds(p.primary(i)) != Some((1, 1)));
    let report = match CostSearch::new(p)
        .best(3)
        .node_limit(Some(NODE_LIMIT))
        .run()
    {
        Ok(report) => report,
        Err(CostError::Multiplicities) if bounded => return,
        Err(CostError::Overflow { option }) => {
            // Said only of a real solution: there is one, and its dearest
            // option is an option of the problem.
            assert_ne!(count, Some(0), "an overflow without a solution");
            assert!(option.index() < p.option_count());
            return;
        }
        Err(e) => panic!("min-cost search: {e}"),
    };
    assert!(!bounded, "bounds accepted by the min-cost search");
    let mut seen = HashSet::new();
    for s in &report.solutions {
        check_colored(p, &s.options);
        let total: u128 = s.options.iter().map(|&o| u128::from(p.cost(o))).sum();
        assert_eq!(total, u128::from(s.cost), "cost of {:?}", s.options);
        let mut set = s.options.clone();
        set.sort();
        assert!(seen.insert(set), "a cheapest solution twice");
    }
    assert!(report.solutions.windows(2).all(|w| w[0].cost <= w[1].cost));
    if let (Outcome::Complete, Some(count)) = (report.outcome, count) {
        assert_eq!(report.solutions.len() as u64, count.min(3));
    }
}

fn counted(p: &mut Problem, branching: Branching, seed: Option<u64>) -> dlx_core::Count {
    let mut s = p.solver();
    s.set_branching(branching);
    if let Some(seed) = seed {
        s.set_seed(seed).expect("nothing forced");
    }
    s.set_node_limit(Some(NODE_LIMIT));
    s.count(None)
}

/// Checks a solution by the rules of colors (DLX2): every primary item
/// once, every secondary item in one option without a color or in options
/// that all give it one color, every option with a primary item, none twice.
fn check_colored(p: &Problem, solution: &[OptionId]) {
    let mut hits = vec![0u32; p.item_count()];
    let mut colors = vec![None; p.item_count()];
    let mut chosen = HashSet::new();
    for &o in solution {
        assert!(chosen.insert(o), "option {o} twice in {solution:?}");
        assert!(
            p.option_items(o).any(|i| p.is_primary(i)),
            "option {o} has no primary item"
        );
        for (item, color) in p.option_items(o).zip(p.option_colors(o)) {
            let i = item.index();
            hits[i] += 1;
            if hits[i] > 1 {
                let shared = color.is_some() && colors[i] == color && !p.is_primary(item);
                assert!(shared, "item {i} clashes in {solution:?}");
            }
            colors[i] = color;
        }
    }
    for i in 0..p.primary_count() {
        assert_eq!(hits[i], 1, "primary item {i} in {solution:?}");
    }
}
