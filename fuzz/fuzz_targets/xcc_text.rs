//! Mostly well-formed DLX2/DLX3 text (colors and bounds) → a problem → a
//! search with a node limit.
//!
//! Input layout: byte 0 is the mode. When `mode % 8 == 0` the rest of the
//! input is the text itself (arbitrary bytes). Otherwise the rest drives a
//! generator of DLX2/DLX3 text (missing bytes read as 0):
//!
//! - 1 to 4 primary items `p0..`, 0 to 3 secondary items `s0..`, 1 to 3
//!   colors (`a`, `b`, `c`), 0 to 13 option lines;
//! - one byte per primary item picks its spelling on the item line: plain,
//!   `k|p`, `lo:hi|p` (small numbers, 0 and `lo > hi` included), or one of
//!   a list of malformed bounds;
//! - per option line, a byte is the set of items; per item a byte picks
//!   no color, a color, or (rarely) a malformed color or a color on a
//!   primary item;
//! - when `mode & 0x80`, two more bytes overwrite one byte of the text.
//!
//! Checks:
//! - `parse` and `read` through a small buffer agree;
//! - an error names a line (and column) inside the input, and its message
//!   is non-empty and starts with the line number;
//! - a parsed file is consistent (colors only on secondary items, bounds
//!   only on primary ones) and, printed back as DLX2/DLX3 text with its
//!   bounds and colors, parses to the same problem;
//! - for a small problem (< 40 options, < 200 nodes), every solution found
//!   within the node limit satisfies the rules (each primary item's count
//!   within its bounds; each secondary item in no option, in one without a
//!   color, or in several that all give it one color; no option without a
//!   primary item; no option twice) and is found once; when the search
//!   completes, its count equals a brute force over sets of options (≤ 14
//!   options with a primary item), `count_up_to`, the `solutions`
//!   iterator and `count_with_stats`, and two counts give the same stats;
//!   the early, up-to-one and first rules find the same solutions;
//! - the memoised search (within 1 MiB) refuses exactly the problems with
//!   bounds other than exactly once, and otherwise its diagram lists the
//!   same solutions, each once, under two item choices and a memo of two
//!   entries (or its diagram outgrows the memory, and it says so).
#![no_main]

use std::collections::HashSet;
use std::io::BufReader;

use dlx_core::text::{self, DlxFile, ParseError, ReadError};
use dlx_core::{Branching, Color, Item, Kind, OptionId, Outcome, Problem, Step};
use dlx_core::memo::{Memo, MemoError};
use libfuzzer_sys::fuzz_target;

const NODE_LIMIT: u64 = 20_000;

/// Malformed or unusual bound prefixes for an item on the item line.
const ODD_BOUNDS: [&str; 12] = [
    ":1|",
    "1:|",
    "|",
    "1:2:3|",
    "01|",
    "4294967296|",
    "-1|",
    "0:0|",
    "4294967295|",
    "0:4294967295|",
    "1:",
    "2:1|",
];

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let input = if mode % 8 == 0 {
        rest.to_vec()
    } else {
        generate(mode, rest)
    };
    let parsed = text::parse(&input);
    let capacity = 1 + usize::from(mode >> 4) % 8;
    match (
        &parsed,
        text::read(BufReader::with_capacity(capacity, &input[..])),
    ) {
        (Err(a), Err(ReadError::Parse(b))) => assert_eq!(*a, b, "parse and read disagree"),
        (Ok(a), Ok(b)) => assert_same(a, &b).unwrap_or_else(|e| panic!("parse and read: {e}")),
        (a, b) => panic!("parse gave {a:?}, read gave {b:?}"),
    }
    let mut file = match parsed {
        Ok(file) => file,
        Err(e) => return check_error(&input, &e),
    };
    check_file(&file);
    let printed = print(&file);
    let again = text::parse(printed.as_bytes())
        .unwrap_or_else(|e| panic!("printed file does not parse: {e}\n{printed}"));
    assert_same(&file, &again).unwrap_or_else(|e| panic!("print and parse: {e}\n{printed}"));
    let p = &file.problem;
    let nodes: usize = (0..p.option_count())
        .map(|o| p.option_items(OptionId::new(o)).len())
        .sum();
    if p.option_count() < 40 && nodes < 200 {
        search(&mut file.problem);
    }
});

/// Builds DLX2/DLX3 text from the bytes (layout in the header).
fn generate(mode: u8, data: &[u8]) -> Vec<u8> {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0);
    let primary = 1 + usize::from(next() % 4);
    let secondary = usize::from(next() % 4);
    let colors = 1 + next() % 3;
    let options = usize::from(next() % 14);
    let mut text = String::new();
    for i in 0..primary {
        let b = next();
        match b % 8 {
            0..=3 => {}
            4 => text.push_str(&format!("{}|", b / 8 % 4)),
            5 | 6 => text.push_str(&format!("{}:{}|", b / 8 % 3, b / 32 % 4)),
            _ => text.push_str(ODD_BOUNDS[usize::from(b / 8) % ODD_BOUNDS.len()]),
        }
        text.push_str(&format!("p{i} "));
    }
    if secondary > 0 {
        text.push('|');
        for j in 0..secondary {
            text.push_str(&format!(" s{j}"));
        }
    }
    text.push('\n');
    let n = primary + secondary;
    for _ in 0..options {
        let mask = next();
        let rotate = usize::from(next()) % n;
        let mut words = Vec::new();
        for k in (0..n).map(|k| (k + rotate) % n) {
            if mask >> k & 1 == 0 {
                continue;
            }
            let c = next();
            let mut word = if k < primary {
                format!("p{k}")
            } else {
                format!("s{}", k - primary)
            };
            match c {
                255 => word.push_str(":a"),
                254 => word.push(':'),
                253 => word.push_str(":ab"),
                252 => word.push_str(":é"),
                _ if k >= primary && c % 4 != 0 => {
                    word.push(':');
                    word.push(char::from(b'a' + c % colors));
                }
                _ => {}
            }
            words.push(word);
        }
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    let mut text = text.into_bytes();
    if mode & 0x80 != 0 {
        let pos = usize::from(next()) % text.len();
        text[pos] = next();
    }
    text
}

/// The lines of the input as the reader cuts them.
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
    let prefix = if e.column > 0 {
        format!("{}:{}: ", e.line, e.column)
    } else {
        format!("{}: ", e.line)
    };
    assert!(
        message.starts_with(&prefix) && message.len() > prefix.len(),
        "message {message:?} does not name its line"
    );
}

fn check_file(file: &DlxFile) {
    let p = &file.problem;
    assert_eq!(file.item_names.len(), p.item_count());
    assert_eq!(file.option_lines.len(), p.option_count());
    for i in (0..p.item_count()).map(Item::new) {
        match p.bounds(i) {
            Some((lo, hi)) => {
                assert!(p.is_primary(i));
                assert!(hi >= 1 && lo <= hi, "bounds {lo}:{hi}");
            }
            None => assert!(!p.is_primary(i)),
        }
    }
    let mut ignored = Vec::new();
    for (o, &line) in file.option_lines.iter().enumerate() {
        let o = OptionId::new(o);
        let items: Vec<Item> = p.option_items(o).collect();
        let colors: Vec<Option<Color>> = p.option_colors(o).collect();
        assert_eq!(items.len(), colors.len());
        assert!(!items.is_empty(), "option {o} is empty");
        let distinct: HashSet<Item> = items.iter().copied().collect();
        assert_eq!(distinct.len(), items.len(), "option {o} repeats an item");
        for (&i, c) in items.iter().zip(&colors) {
            assert!(i.index() < p.item_count());
            assert!(
                c.is_none() || !p.is_primary(i),
                "option {o}: a color on primary item {i}"
            );
        }
        if !items.iter().any(|&i| p.is_primary(i)) {
            ignored.push(line);
        }
    }
    assert_eq!(file.ignored_options, ignored);
}

/// The file as DLX2/DLX3 text: bounds on the item line, colors in options.
fn print(file: &DlxFile) -> String {
    let p = &file.problem;
    let mut words = Vec::new();
    for (k, name) in file.item_names.iter().enumerate() {
        if k == p.primary_count() {
            words.push("|".to_string());
        }
        match p.bounds(Item::new(k)) {
            Some((1, 1)) | None => words.push(name.clone()),
            Some((lo, hi)) if lo == hi => words.push(format!("{lo}|{name}")),
            Some((lo, hi)) => words.push(format!("{lo}:{hi}|{name}")),
        }
    }
    let mut text = words.join(" ");
    text.push('\n');
    for o in 0..p.option_count() {
        text.push_str(&file.option_text(OptionId::new(o)));
        text.push('\n');
    }
    text
}

/// Same items (names, primary count, bounds) and options (items and
/// colors, in order)?
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
    for i in (0..p.item_count()).map(Item::new) {
        if p.bounds(i) != q.bounds(i) {
            return Err(format!(
                "bounds of {i}: {:?} vs {:?}",
                p.bounds(i),
                q.bounds(i)
            ));
        }
    }
    if p.option_count() != q.option_count() {
        return Err(format!(
            "{} vs {} options",
            p.option_count(),
            q.option_count()
        ));
    }
    for o in (0..p.option_count()).map(OptionId::new) {
        if !p.option_items(o).eq(q.option_items(o)) || !p.option_colors(o).eq(q.option_colors(o)) {
            return Err(format!("option {o} differs"));
        }
    }
    // Line numbers differ when one file has blank or comment lines.
    if a.ignored_options.len() != b.ignored_options.len() {
        return Err("different numbers of ignored options".into());
    }
    Ok(())
}

/// How a secondary item is used by the options chosen so far.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Free,
    Uncolored,
    Colored(Color),
}

/// Checks a set of options against the rules of XCC with multiplicities.
fn check_solution(p: &Problem, solution: &[OptionId]) -> Result<(), String> {
    let mut chosen = vec![false; p.option_count()];
    let mut hits = vec![0u64; p.item_count()];
    let mut uses = vec![Use::Free; p.item_count()];
    for &o in solution {
        let Some(seen) = chosen.get_mut(o.index()) else {
            return Err(format!("option {o} is not in the problem"));
        };
        if std::mem::replace(seen, true) {
            return Err(format!("option {o} is chosen twice"));
        }
        if !p.option_items(o).any(|i| p.is_primary(i)) {
            return Err(format!("option {o} has no primary item"));
        }
        for (i, c) in p.option_items(o).zip(p.option_colors(o)) {
            hits[i.index()] += 1;
            if p.is_primary(i) {
                continue;
            }
            uses[i.index()] = match (uses[i.index()], c) {
                (Use::Free, None) => Use::Uncolored,
                (Use::Free, Some(c)) => Use::Colored(c),
                (Use::Colored(a), Some(b)) if a == b => Use::Colored(a),
                _ => return Err(format!("secondary item {i} clashes at option {o}")),
            };
        }
    }
    for i in (0..p.item_count()).map(Item::new) {
        if let Some((lo, hi)) = p.bounds(i) {
            let h = hits[i.index()];
            if h < u64::from(lo) || h > u64::from(hi) {
                return Err(format!("primary item {i} is covered {h} times ({lo}:{hi})"));
            }
        }
    }
    Ok(())
}

/// Counts sets of options that satisfy the rules by including or skipping
/// each option with a primary item in turn. `None` above `max` such options.
fn brute_force(p: &Problem, max: usize) -> Option<u64> {
    let usable: Vec<Vec<(Item, Option<Color>)>> = (0..p.option_count())
        .map(OptionId::new)
        .filter(|&o| p.option_items(o).any(|i| p.is_primary(i)))
        .map(|o| p.option_items(o).zip(p.option_colors(o)).collect())
        .collect();
    if usable.len() > max {
        return None;
    }
    let bounds: Vec<Option<(u32, u32)>> = (0..p.item_count())
        .map(|i| p.bounds(Item::new(i)))
        .collect();
    fn go(
        usable: &[Vec<(Item, Option<Color>)>],
        bounds: &[Option<(u32, u32)>],
        hits: &mut Vec<u32>,
        uses: &mut Vec<(Use, u32)>,
    ) -> u64 {
        let Some((option, rest)) = usable.split_first() else {
            let ok = bounds
                .iter()
                .zip(hits.iter())
                .all(|(b, &h)| b.is_none_or(|(lo, _)| h >= lo));
            return u64::from(ok);
        };
        let mut total = go(rest, bounds, hits, uses);
        let fits = option.iter().all(|&(i, c)| match bounds[i.index()] {
            Some((_, hi)) => hits[i.index()] < hi,
            None => match (uses[i.index()].0, c) {
                (Use::Free, _) => true,
                (Use::Colored(a), Some(b)) => a == b,
                _ => false,
            },
        });
        if fits {
            let (saved_hits, saved_uses) = (hits.clone(), uses.clone());
            for &(i, c) in option {
                hits[i.index()] += 1;
                if bounds[i.index()].is_none() {
                    let u = &mut uses[i.index()];
                    u.0 = c.map_or(Use::Uncolored, Use::Colored);
                    u.1 += 1;
                }
            }
            total += go(rest, bounds, hits, uses);
            *hits = saved_hits;
            *uses = saved_uses;
        }
        total
    }
    let mut hits = vec![0; p.item_count()];
    let mut uses = vec![(Use::Free, 0); p.item_count()];
    Some(go(&usable, &bounds, &mut hits, &mut uses))
}

fn search(p: &mut Problem) {
    let mut seen = HashSet::new();
    let (complete, stats) = {
        let mut s = p.solver();
        s.set_node_limit(Some(NODE_LIMIT));
        let complete = loop {
            match s.next_solution() {
                Step::Found => {
                    let mut solution: Vec<OptionId> = s.solution().collect();
                    assert_eq!(solution.len(), s.solution_len());
                    check_solution(s.problem(), &solution)
                        .unwrap_or_else(|e| panic!("solution {solution:?}: {e}"));
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
        (complete, s.stats())
    };
    let found = seen.len() as u64;
    // A count with the same node limit stops at the same place.
    let limited = {
        let mut s = p.solver();
        s.set_node_limit(Some(NODE_LIMIT));
        s.count(None)
    };
    assert_eq!(limited.solutions, found, "count vs next_solution");
    assert_eq!(limited.outcome == Outcome::Complete, complete);
    if !complete {
        return;
    }
    if let Some(brute) = brute_force(p, 14) {
        assert_eq!(found, brute, "search and brute force disagree");
    }
    // The other rules (the early one backs up inside a commit) find the
    // same sets, each once.
    for rule in [
        Branching::Early,
        Branching::MinLengthUpToOne,
        Branching::First,
    ] {
        let mut s = p.solver();
        s.set_branching(rule);
        s.set_node_limit(Some(10 * NODE_LIMIT));
        let mut mine = HashSet::new();
        let step = loop {
            match s.next_solution() {
                Step::Found => {
                    let mut solution: Vec<OptionId> = s.solution().collect();
                    solution.sort();
                    assert!(mine.insert(solution), "{rule:?}: a solution found twice");
                }
                other => break other,
            }
        };
        if step == Step::Exhausted {
            assert_eq!(mine, seen, "{rule:?} and the default rule disagree");
        }
    }
    memo(p, &seen);
    assert_eq!(p.count_up_to(found), found);
    assert_eq!(p.count_up_to(found + 1), found);
    if found > 0 {
        assert_eq!(p.count_up_to(1), 1);
    }
    let mut listed = HashSet::new();
    for solution in p.solutions() {
        let mut solution = solution;
        solution.sort();
        assert!(listed.insert(solution), "the iterator repeats a solution");
    }
    assert_eq!(listed, seen, "the iterator and next_solution disagree");
    let first = p.count_with_stats();
    let second = p.count_with_stats();
    assert_eq!(first, second, "two counts give different stats");
    assert_eq!(first, stats, "count_with_stats and next_solution differ");
}

/// The memoised search against the solutions `seen` of a complete search.
fn memo(p: &mut Problem, seen: &HashSet<Vec<OptionId>>) {
    let exactly_once = (0..p.primary_count()).all(|i| p.bounds(p.primary(i)) == Some((1, 1)));
    for memo in [
        Memo::new(),
        Memo::new().branching(Branching::First).max_entries(2),
    ] {
        let zdd = match p.zdd_with(&memo.max_memory(1 << 20)) {
            Ok((zdd, _)) => zdd,
            Err(MemoError::Kind(Kind::Multiplicities)) => {
                assert!(!exactly_once, "exactly-once bounds refused");
                return;
            }
            Err(MemoError::TooLarge { .. }) => continue,
            Err(e) => panic!("memo: {e}"),
        };
        assert!(exactly_once, "bounds taken by the memo");
        assert_eq!(zdd.count(), Ok(seen.len() as u128), "memo count");
        let mut listed = HashSet::new();
        for mut s in zdd.solutions() {
            check_solution(p, &s).unwrap_or_else(|e| panic!("memo solution {s:?}: {e}"));
            s.sort();
            assert!(listed.insert(s), "the diagram lists a solution twice");
        }
        assert_eq!(&listed, seen, "the memo and the search disagree");
    }
}
