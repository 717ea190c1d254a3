//! The workspace README's commands, run as written: every line of its `sh`
//! blocks that runs `dlx`, `dlx-sudoku` or `cargo run ... --bin` is run
//! from the repository root by bash (so pipes and redirections work as in
//! a terminal), against the binaries of this build (`cargo run ... --bin
//! NAME --` becomes `NAME`), and must end with its documented status and
//! print something. The lines that cannot run here are skipped by an
//! explicit list, each with its reason.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// README commands not run here, by their start, and why.
const SKIPPED: &[(&str, &str)] = &[
    (
        "cargo test --workspace",
        "runs the whole test suite, this test included",
    ),
    (
        "parallel dlx",
        "needs GNU parallel, not installed everywhere",
    ),
    ("sbatch ", "needs a Slurm cluster and its array job"),
    (
        "dlx-sudoku/scripts/merge-parts part-",
        "merges the JSON lines a Slurm array job wrote (python/tests test the scripts)",
    ),
    (
        "parallel dlx-sudoku/scripts/dlx-part",
        "needs GNU parallel, not installed everywhere (python/tests test the scripts)",
    ),
];

/// README commands whose documented status is 1, by a part of them, and
/// why.
const STATUS_1: &[(&str, &str)] = &[
    (
        "--unique examples/mixed.txt",
        "mixed.txt holds puzzles without exactly one solution",
    ),
    (
        "count --limit 2 examples/mixed.txt",
        "a count of 0 is a puzzle without a solution",
    ),
    (
        "check examples/mixed.txt",
        "check fails every puzzle that is not unique",
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// `line` up to its comment: a `#` at the start or after a blank, outside
/// quotes.
fn strip_comment(line: &str) -> &str {
    let (mut single, mut double) = (false, false);
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && previous.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        previous = c;
    }
    line.trim_end()
}

/// The command lines of the `sh` blocks of `markdown`, without comments
/// and blank lines.
fn commands(markdown: &str) -> Vec<String> {
    let mut inside = false;
    let mut found = Vec::new();
    for line in markdown.lines() {
        if line.starts_with("```") {
            inside = !inside && line.trim() == "```sh";
            continue;
        }
        let command = strip_comment(line.trim());
        if inside && !command.is_empty() {
            found.push(command.to_string());
        }
    }
    found
}

/// Does `command` run a program of the workspace?
fn runs_a_program(command: &str) -> bool {
    command
        .split(|c: char| c.is_whitespace() || c == '|' || c == '&' || c == ';')
        .any(|w| w == "dlx" || w == "dlx-sudoku")
        || (command.starts_with("cargo run") && command.contains("--bin"))
}

/// `cargo run [...] --bin NAME -- ARGS` as `NAME ARGS`; other commands as
/// they are.
fn without_cargo(command: &str) -> String {
    let Some(rest) = command.strip_prefix("cargo run") else {
        return command.to_string();
    };
    let name = rest
        .split_whitespace()
        .skip_while(|&w| w != "--bin")
        .nth(1)
        .expect("cargo run --bin NAME");
    let args = rest.split_once(" -- ").map_or("", |(_, args)| args);
    format!("{name} {args}")
}

#[test]
fn strip_comment_keeps_quoted_hashes() {
    assert_eq!(strip_comment("dlx a.dlx   # 9356"), "dlx a.dlx");
    assert_eq!(strip_comment("# a comment"), "");
    assert_eq!(strip_comment("sed 's/ #x//' f"), "sed 's/ #x//' f");
    assert_eq!(strip_comment("echo a#b"), "echo a#b");
    assert_eq!(
        without_cargo("cargo run --release -p x --bin dlx-sudoku -- a.txt"),
        "dlx-sudoku a.txt"
    );
}

#[test]
fn every_readme_command_runs_as_written() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_dlx"))
        .parent()
        .expect("the binaries' folder");
    assert_eq!(
        Path::new(env!("CARGO_BIN_EXE_dlx-sudoku")).parent(),
        Some(bin_dir)
    );
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let commands = commands(&readme);
    let mut ran = 0;
    for command in &commands {
        if SKIPPED.iter().any(|(start, _)| command.starts_with(start)) {
            continue;
        }
        assert!(
            runs_a_program(command),
            "README command that runs no program of the workspace (list it in SKIPPED, \
             with the reason): {command}"
        );
        // A command may write to a pipe or /dev/null, not a file in the
        // repository.
        let writes = command.match_indices('>').any(|(i, _)| {
            !command[i..].starts_with(">&") && !command[i..].starts_with("> /dev/null")
        });
        assert!(!writes, "README command writes a file: {command}");
        let expected = if STATUS_1.iter().any(|(part, _)| command.contains(part)) {
            1
        } else {
            0
        };
        let out = assert_cmd::Command::new("bash")
            .args(["-o", "pipefail", "-c", &without_cargo(command)])
            .current_dir(&root)
            .env("PATH", &path)
            .timeout(Duration::from_secs(300))
            .output()
            .expect("bash runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(expected),
            "README command: {command}\nstderr:\n{stderr}"
        );
        assert!(
            !out.stdout.is_empty(),
            "README command printed nothing: {command}\nstderr:\n{stderr}"
        );
        ran += 1;
    }
    assert!(ran >= 30, "only {ran} README commands found");
    // No stale entries: each names a command of the README.
    for (part, why) in SKIPPED.iter().chain(STATUS_1) {
        assert!(
            commands.iter().any(|c| c.contains(part)),
            "no README command matches {part:?} ({why})"
        );
    }
}

/// The first column of the markdown table under `heading` in `text`: the
/// names in backticks, in order.
fn table_names(text: &str, heading: &str) -> Vec<String> {
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?} in dlx-sudoku/README.md"));
    text[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .filter_map(|l| l.split('`').nth(1).map(str::to_string))
        .collect()
}

/// The lists in `dlx-sudoku/README.md` are the code's tables, in their
/// order: the rules ([`Branching::TABLE`]), the formats and the levels
/// ([`Named::NAMES`]). A name added to a table and not to the README (or
/// the other way round) fails here.
#[test]
fn the_readme_lists_are_the_tables() {
    use dlx_core::Branching;
    use dlx_sudoku::format::Format;
    use dlx_sudoku::names::Named;
    use dlx_sudoku::rate::Level;

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let text = std::fs::read_to_string(&path).expect("dlx-sudoku/README.md");
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        table_names(&text, "### Item-choice rules"),
        names(&Branching::TABLE.map(|r| r.name))
    );
    let formats: Vec<&str> = Format::NAMES.iter().map(|n| n.name).collect();
    assert_eq!(table_names(&text, "### Formats"), names(&formats));
    let levels: Vec<&str> = Level::NAMES.iter().map(|n| n.name).collect();
    assert_eq!(table_names(&text, "#### Levels"), names(&levels));
}
