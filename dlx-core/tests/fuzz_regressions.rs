//! Inputs found by fuzzing (`fuzz/`, see `fuzz/README.md`), replayed with
//! the fuzz targets' checks so that `cargo test` keeps what the fuzzers
//! learned. No fuzzing happens here.
//!
//! - `data/fuzz/dlx_text/`: inputs of the `dlx_text` target, DLX text (most
//!   of it malformed in some way).
//! - `data/fuzz/xc_matrix/`: inputs of the `xc_matrix` target, bytes that
//!   [`decode_matrix`] turns into a small problem exactly as the target does.
//!
//! Solutions are checked by the rules ([`check_cover`]) and counts against
//! a brute force over subsets, never against the engine's own output.

use std::collections::HashSet;
use std::io::BufReader;

use dlx_core::text::{self, DlxFile, ReadError};
use dlx_core::{Item, OptionId, Outcome, Problem, Step};

use crate::common::{check_cover, count_by_splitting, data_path, BRANCHINGS};

/// The node limit of the `dlx_text` target.
const NODE_LIMIT: u64 = 10_000;

/// The files of `data/fuzz/<target>/`, sorted by name, with their bytes.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = data_path("fuzz").join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, bytes)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
}

/// Counts exact covers by including or skipping each option in turn (no
/// item choice, no links), leaving out options without a primary item as
/// DLX1 does. `None` above 64 items or 16 usable options.
fn brute_force_count(p: &Problem) -> Option<u64> {
    if p.item_count() > 64 {
        return None;
    }
    let mut usable = Vec::new();
    for o in (0..p.option_count()).map(OptionId::new) {
        if p.option_items(o).any(|i| p.is_primary(i)) {
            usable.push(p.option_items(o).fold(0u64, |m, i| m | 1 << i.index()));
        }
    }
    if usable.len() > 16 {
        return None;
    }
    let primary = (0..p.item_count())
        .filter(|&i| p.is_primary(Item::new(i)))
        .fold(0u64, |m, i| m | 1 << i);
    fn go(usable: &[u64], used: u64, primary: u64) -> u64 {
        match usable.split_first() {
            None => u64::from(used & primary == primary),
            Some((&o, rest)) => {
                let take = if o & used == 0 {
                    go(rest, used | o, primary)
                } else {
                    0
                };
                go(rest, used, primary) + take
            }
        }
    }
    Some(go(&usable, 0, primary))
}

/// Same item names, primary count and options (items in order)?
fn assert_same_file(a: &DlxFile, b: &DlxFile, what: &str) {
    assert_eq!(a.item_names, b.item_names, "{what}: item names");
    assert_eq!(
        a.problem.primary_count(),
        b.problem.primary_count(),
        "{what}: primary items"
    );
    assert_eq!(
        a.problem.option_count(),
        b.problem.option_count(),
        "{what}: options"
    );
    for o in (0..a.problem.option_count()).map(OptionId::new) {
        assert!(
            a.problem.option_items(o).eq(b.problem.option_items(o)),
            "{what}: option {o}"
        );
    }
}

/// The file as DLX text: the item line, then one line per option.
fn print(file: &DlxFile) -> String {
    let (primary, secondary) = file.item_names.split_at(file.problem.primary_count());
    let mut text = primary.join(" ");
    if !secondary.is_empty() {
        text.push_str(" | ");
        text.push_str(&secondary.join(" "));
    }
    text.push('\n');
    for o in 0..file.problem.option_count() {
        text.push_str(&file.option_text(OptionId::new(o)));
        text.push('\n');
    }
    text
}

/// The checks of the `dlx_text` fuzz target on one input.
fn replay_dlx_text(name: &str, input: &[u8]) {
    let parsed = text::parse(input);
    // Every small buffer size, not just the one the target picks.
    for capacity in 1..=8 {
        match (
            &parsed,
            text::read(BufReader::with_capacity(capacity, input)),
        ) {
            (Err(a), Err(ReadError::Parse(b))) => assert_eq!(*a, b, "{name}: buffer {capacity}"),
            (Ok(a), Ok(b)) => assert_same_file(a, &b, &format!("{name}: buffer {capacity}")),
            (a, b) => panic!("{name}: buffer {capacity}: parse gave {a:?}, read gave {b:?}"),
        }
    }
    let line_count = input.split(|&b| b == b'\n').count();
    let mut file = match parsed {
        Err(e) => {
            assert!(e.line >= 1 && e.line <= line_count + 1, "{name}: {e}");
            let message = e.to_string();
            assert!(
                message.starts_with(&format!("{}:", e.line)),
                "{name}: {message}"
            );
            return;
        }
        Ok(file) => file,
    };
    assert_eq!(file.item_names.len(), file.problem.item_count(), "{name}");
    assert_eq!(
        file.option_lines.len(),
        file.problem.option_count(),
        "{name}"
    );
    let printed = print(&file);
    let again = text::parse(printed.as_bytes())
        .unwrap_or_else(|e| panic!("{name}: the printed file does not parse: {e}\n{printed}"));
    assert_same_file(&file, &again, &format!("{name}: printed and parsed"));

    let p = &mut file.problem;
    let mut seen = HashSet::new();
    let complete = {
        let mut s = p.solver();
        s.set_node_limit(Some(NODE_LIMIT));
        loop {
            match s.next_solution() {
                Step::Found => {
                    let mut solution: Vec<OptionId> = s.solution().collect();
                    check_cover(s.problem(), &solution);
                    solution.sort();
                    assert!(seen.insert(solution), "{name}: a solution found twice");
                }
                Step::Exhausted => break true,
                Step::NodeLimit => break false,
                Step::Deadline | Step::Cancelled => panic!("{name}: no deadline or handle was set"),
            }
        }
    };
    if complete {
        if let Some(brute) = brute_force_count(p) {
            assert_eq!(seen.len() as u64, brute, "{name}: search vs brute force");
        }
    }
}

#[test]
fn dlx_text_inputs() {
    for (name, input) in inputs("dlx_text") {
        replay_dlx_text(&name, &input);
    }
}

/// Builds the problem the `xc_matrix` fuzz target builds from `data`
/// (layout in `fuzz/fuzz_targets/xc_matrix.rs`): the problem, and the part
/// depth and node-limit step the input asks for.
fn decode_matrix(data: &[u8]) -> (Problem, usize, u64) {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0);
    let primary = usize::from(next() % 11);
    let secondary = usize::from(next() % 5);
    let options = usize::from(next() % 15);
    let depth = usize::from(next() % 4);
    let step = 1 + u64::from(next() % 8);
    let n = primary + secondary;
    let mut p = Problem::new(primary, secondary);
    for _ in 0..options {
        let mask = usize::from(u16::from_le_bytes([next(), next()])) & ((1 << n) - 1);
        let rotate = usize::from(next());
        let mut items: Vec<Item> = (0..n)
            .filter(|k| mask >> k & 1 == 1)
            .map(Item::new)
            .collect();
        if items.is_empty() {
            continue;
        }
        let len = items.len();
        items.rotate_left(rotate % len);
        p.add_option(items).expect("a valid option");
    }
    (p, depth, step)
}

#[test]
fn xc_matrix_inputs() {
    for (name, input) in inputs("xc_matrix") {
        let (mut p, depth, step) = decode_matrix(&input);
        let brute = brute_force_count(&p).expect("a small problem");
        assert_eq!(p.count(), brute, "{name}: count vs brute force");
        for branching in BRANCHINGS {
            let mut s = p.solver();
            s.set_branching(branching);
            let c = s.count(None);
            assert_eq!(
                (c.solutions, c.outcome),
                (brute, Outcome::Complete),
                "{name}"
            );
        }
        let solutions: Vec<Vec<OptionId>> = p.solutions().collect();
        assert_eq!(solutions.len() as u64, brute, "{name}: solutions()");
        for s in &solutions {
            check_cover(&p, s);
        }
        for depth in [2, depth] {
            let mut total = 0;
            for part in p.parts(depth) {
                let mut s = p.solver();
                for &o in &part {
                    s.force(o)
                        .unwrap_or_else(|e| panic!("{name}: {part:?}: {e}"));
                }
                total += s.count(None).solutions;
            }
            assert_eq!(total, brute, "{name}: parts at depth {depth}");
        }
        // Split off after every `step` nodes, every part likewise.
        let whole = p.count_with_stats();
        let split = count_by_splitting(&mut p, step);
        assert_eq!(split.solutions, brute, "{name}: split-off searches");
        assert_eq!(split.nodes, whole.nodes, "{name}: split-off nodes");
        assert!(
            (split.shares - 1.0).abs() < 1e-9,
            "{name}: shares {}",
            split.shares
        );
    }
}
