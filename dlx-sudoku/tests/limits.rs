//! The hostile corpus of issue 28 (`tests/data/hostile/` and inputs made
//! here): each case runs the real program in a child process under an
//! address-space limit and a timeout, and checks the exit status and the
//! start of the message. The timeout only guards against hangs; nothing
//! is timed.

use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

use crate::common::TempFile;

/// The address space each case may use (KiB): far below what the inputs
/// once took (8 GB), above what a run with its threads reserves.
const MEMORY_KIB: u64 = 4 << 20;

fn hostile(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/hostile")
        .join(name);
    p.to_str().expect("UTF-8 path").to_string()
}

fn queens8() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../dlx-core/tests/data/xc/queens8.dlx");
    p.to_str().expect("UTF-8 path").to_string()
}

/// What a case ended with.
struct Ended {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `program` with `args` under the limits; `redirect` is a shell
/// redirection of its standard output (`>&-` closes it).
fn limited(program: &str, args: &[&str], redirect: &str) -> Ended {
    let bin = match program {
        "dlx" => env!("CARGO_BIN_EXE_dlx"),
        _ => env!("CARGO_BIN_EXE_dlx-sudoku"),
    };
    let script = format!("ulimit -v {MEMORY_KIB} && exec \"$0\" \"$@\" {redirect}");
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin)
        .args(args)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{program} {args:?}: {stderr}");
    Ended {
        code: out.status.code().unwrap_or_else(|| {
            panic!("{program} {args:?} killed (a hang or out of memory?): {stderr}")
        }),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
    }
}

/// Checks the status and that stderr starts with `start`.
fn expect(program: &str, args: &[&str], redirect: &str, code: i32, start: &str) -> Ended {
    let e = limited(program, args, redirect);
    assert_eq!(e.code, code, "{program} {args:?}: {}", e.stderr);
    // generate's progress line every 5 s (a loaded machine is slow) comes
    // before the message.
    let message: String = e
        .stderr
        .lines()
        .filter(|l| !l.ends_with("(--time-limit SECS stops the run)"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        message.starts_with(start),
        "{program} {args:?}: {}",
        e.stderr
    );
    e
}

#[test]
fn thread_counts_above_256_are_usage_errors() {
    let one = hostile("one.txt");
    let q = queens8();
    let usage = "error: invalid value '100000' for '--threads <N>': 100000 is not in 0..=256";
    expect("dlx", &["-j", "100000", &q], "", 2, usage);
    expect("dlx-sudoku", &["-j", "100000", &one], "", 2, usage);
    expect("dlx-sudoku", &["generate", "-j", "100000"], "", 2, usage);
    // 256 is taken (and works on any number of cores).
    let e = expect("dlx", &["-j", "256", &q], "", 0, "");
    assert_eq!(e.stdout, "92\n");
}

#[test]
fn regions_files_are_read_to_64_kib() {
    let one = hostile("one.txt");
    expect(
        "dlx-sudoku",
        &["--regions", "/dev/zero", &one],
        "",
        2,
        "dlx-sudoku: /dev/zero:1:65537: the file is longer than 65536 bytes",
    );
    let long = TempFile::new("regions", &vec![b'a'; 1 << 20]);
    let start = format!("dlx-sudoku: {}:1:65537: the file is longer", long.arg());
    expect(
        "dlx-sudoku",
        &["--regions", &long.arg(), &one],
        "",
        2,
        &start,
    );
}

#[test]
fn long_tokens_are_quoted_short() {
    let token = "x".repeat(10 << 20);
    for (text, start) in [
        (format!("a | c\na {token}\n"), ":2:3: item name 'xxx"),
        (format!("a | c\na c:{token}\n"), ":2:5: color 'xxx"),
        (
            format!("a | c\na |{}\n", "9".repeat(10 << 20)),
            ":2:3: cost 999",
        ),
        (
            format!("{}:1|a | c\na\n", "9".repeat(10 << 20)),
            ":1:1: bound 999",
        ),
    ] {
        let file = TempFile::new("token", text.as_bytes());
        let e = expect("dlx", &["--min-cost", &file.arg()], "", 2, &file.arg());
        assert!(
            e.stderr[file.arg().len()..].starts_with(start),
            "{}",
            e.stderr
        );
        assert!(e.stderr.len() < 300, "{} bytes", e.stderr.len());
    }
}

#[test]
fn endless_lines_end_the_run() {
    expect(
        "dlx",
        &["/dev/zero"],
        "",
        2,
        "/dev/zero:1: line longer than 16777216 bytes",
    );
    expect(
        "dlx-sudoku",
        &["/dev/zero"],
        "",
        2,
        "dlx-sudoku: /dev/zero: read error: line 1 goes on past",
    );
}

/// 12 independent items with 8 options each: 8^12 (69 billion) solutions,
/// and as many parts in a cut at depth 12.
fn independent() -> TempFile {
    let items: Vec<String> = (0..12).map(|i| format!("i{i}")).collect();
    let mut text = items.join(" ") + "\n";
    for item in &items {
        for _ in 0..8 {
            text += item;
            text += "\n";
        }
    }
    TempFile::new("indep.dlx", text.as_bytes())
}

#[test]
fn parts_stream_within_the_time_limit() {
    // The cut once collected every part before counting (12.9 GB); the
    // parts now stream, a batch at a time, and the time limit stops both
    // the cut and the count.
    let file = independent();
    let path = file.path().to_str().expect("UTF-8 path");
    for part in ["0/1", "3/1000"] {
        let e = limited(
            "dlx",
            &[
                "--split-depth",
                "12",
                "--part",
                part,
                "--time-limit",
                "1",
                path,
            ],
            "",
        );
        assert_eq!(e.code, 1, "--part {part}: {}", e.stderr);
        assert!(e.stdout.ends_with("+\n"), "--part {part}: {}", e.stdout);
    }
    let e = limited(
        "dlx",
        &[
            "--split-depth",
            "12",
            "--list-parts",
            "--time-limit",
            "1",
            path,
        ],
        "",
    );
    assert_eq!(e.code, 1, "{}", e.stderr);
    assert_eq!(e.stdout, "", "the number of parts is not known");
}

#[test]
fn closed_standard_output_is_status_2() {
    let one = hostile("one.txt");
    let q = queens8();
    let closed = "cannot write the output: standard output is closed";
    expect("dlx", &[&q], ">&-", 2, &format!("dlx: {closed}"));
    expect(
        "dlx-sudoku",
        &[&one],
        ">&-",
        2,
        &format!("dlx-sudoku: {closed}"),
    );
    // A full device too; /dev/null is written to as ever.
    expect(
        "dlx",
        &[&q],
        ">/dev/full",
        2,
        "dlx: cannot write the output: ",
    );
    expect("dlx", &[&q], ">/dev/null", 0, "");
    expect("dlx-sudoku", &[&one], ">/dev/null", 0, "");
    // /dev/null opened read-write, as Python's subprocess.DEVNULL opens
    // it, is not a closed output.
    expect("dlx", &[&q], "1<>/dev/null", 0, "");
    expect("dlx-sudoku", &[&one], "1<>/dev/null", 0, "");
}

#[test]
fn unknown_rule_lists_each_rule_once() {
    let e = expect(
        "dlx",
        &["--rule", "bogus", &queens8()],
        "",
        2,
        "error: invalid value 'bogus'",
    );
    // The possible values are the rules' table, in its order, once each.
    let names: Vec<&str> = dlx_core::Branching::ALL.iter().map(|r| r.name()).collect();
    let listed = format!("[possible values: {}]\n", names.join(", "));
    assert!(e.stderr.contains(&listed), "{}", e.stderr);
}

#[test]
fn generate_stops_on_regions_no_grid_fits() {
    let regions = hostile("unfillable.regions");
    expect(
        "dlx-sudoku",
        &["generate", "--seed", "1", "--regions", &regions],
        "",
        2,
        "dlx-sudoku: generate: no grid found for the jigsaw rules within the search limits",
    );
}

#[test]
fn generate_stops_at_its_time_limit() {
    // Minimal 25x25 puzzles take many seconds each (hundreds of clues to
    // try): the limit stops the first.
    let e = expect(
        "dlx-sudoku",
        &[
            "generate",
            "--seed",
            "1",
            "--size",
            "25",
            "--minimal",
            "-n",
            "3",
            "-j",
            "1",
            "--time-limit",
            "0.5",
        ],
        "",
        1,
        "dlx-sudoku: puzzle 1: time limit reached; printing the puzzle reached: ",
    );
    assert!(
        // The one printed is unfinished: none of the 3 was made (issue 37).
        e.stderr
            .contains("time limit reached after 0 of 3 puzzles (and 1 unfinished"),
        "{}",
        e.stderr
    );
    assert_eq!(e.stdout.lines().count(), 1, "{}", e.stdout);
    // A time limit of 0 starts nothing.
    let e = expect(
        "dlx-sudoku",
        &["generate", "--seed", "1", "--time-limit", "0"],
        "",
        1,
        "dlx-sudoku: generate: time limit reached after 0 of 1 puzzle",
    );
    assert_eq!(e.stdout, "");
}

#[test]
fn the_memo_stays_within_its_memory() {
    // A chain of 20,000 items (keys of 313 words), whose diagram of 40,000
    // nodes fits: with 64 MiB the memo keeps what half of it holds and the
    // search ends; with 1 MiB the diagram outgrows its half (status 1).
    // Either way within the address-space limit.
    let n = 20_000;
    let mut text: String = (0..n).map(|k| format!("i{k} ")).collect();
    text.push('\n');
    for k in 0..n - 1 {
        text.push_str(&format!("i{k} i{}\n", k + 1));
    }
    for k in 0..n {
        text.push_str(&format!("i{k}\n"));
    }
    let file = TempFile::new("chain.dlx", text.as_bytes());
    let path = file.path().to_str().expect("UTF-8 path");
    let e = limited("dlx", &["--memo", "--memo-memory", "64", path], "");
    assert_eq!(e.code, 0, "{}", e.stderr);
    // The count is the Fibonacci number F(n+1), exact (4,180 digits):
    // here by additions in base 10^18.
    let base = 1_000_000_000_000_000_000u64;
    let (mut a, mut b) = (vec![1u64], vec![1u64]);
    for _ in 0..n {
        let mut c = Vec::with_capacity(b.len() + 1);
        let mut carry = 0;
        for (i, limb) in b.iter().enumerate() {
            let d = a.get(i).unwrap_or(&0) + limb + carry;
            c.push(d % base);
            carry = d / base;
        }
        if carry > 0 {
            c.push(carry);
        }
        (a, b) = (b, c);
    }
    let mut want = a.last().unwrap().to_string();
    for limb in a.iter().rev().skip(1) {
        want.push_str(&format!("{limb:018}"));
    }
    assert_eq!(e.stdout, format!("{want}\n"));
    let e = limited("dlx", &["--memo", "--memo-memory", "1", path], "");
    assert_eq!(e.code, 1, "{}", e.stderr);
    assert!(e.stderr.contains("passed its memory limit"), "{}", e.stderr);
}

#[test]
fn a_long_chain_under_bounds_is_searched_within_a_wide_time_limit() {
    // Issue 37, case 10: 300,000 items that must each be covered twice,
    // each by two one-item options. DLX3's choice read every active item
    // at every node (20,000 items took 1.4 s, quadratic: about 80 s here);
    // its tree makes the run linear, a second or so. The limit (30 s) only
    // tells the two apart; the counts are those of the formula: a level per
    // option, and one for the solution; an update per option tweaked.
    let n = 300_000;
    let mut text: String = (0..n).map(|k| format!("2|i{k} ")).collect();
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{k}\ni{k}\n"));
    }
    let file = TempFile::new("twice.dlx", text.as_bytes());
    let path = file.path().to_str().expect("UTF-8 path");
    let stats = format!("solutions=1 nodes={} updates={}", 2 * n + 1, 2 * n);
    let e = limited("dlx", &["-s", "--time-limit", "30", path], "");
    assert_eq!(e.code, 0, "{}", e.stderr);
    assert_eq!(e.stdout, "1\n");
    assert!(e.stderr.starts_with(&stats), "{}", e.stderr);
    // Cut deep: the cut chose by the same scan at every node it walked.
    let depth = 100_000;
    let e = limited(
        "dlx",
        &[
            "-s",
            "--time-limit",
            "30",
            "--split-depth",
            &depth.to_string(),
            "--part",
            "0/1",
            path,
        ],
        "",
    );
    assert_eq!(e.code, 0, "{}", e.stderr);
    assert_eq!(e.stdout, "1\n");
    // The part's own nodes: those below the cut.
    let stats = format!("solutions=1 nodes={} updates={}", 2 * n + 1 - depth, 2 * n);
    assert!(e.stderr.starts_with(&stats), "{}", e.stderr);
}

#[test]
fn a_count_on_threads_under_bounds_stops_at_its_time_limit_while_cutting() {
    // A count on threads cuts a bounded problem's tree into paths, each
    // built afresh: on 300,000 items with bounds 0:2 (3^300000 solutions)
    // the cut went on past a limit of 1 s (6 to 14 s on a loaded machine).
    // It now stops within one build of the limit; the search time on the
    // statistics line (reading the input excluded) stays within 4 times
    // the limit.
    let n = 300_000;
    let mut text: String = (0..n).map(|k| format!("0:2|i{k} ")).collect();
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{k}\ni{k}\n"));
    }
    let file = TempFile::new("zero_to_two.dlx", text.as_bytes());
    let path = file.path().to_str().expect("UTF-8 path");
    let e = limited("dlx", &["-s", "-j", "2", "--time-limit", "1", path], "");
    assert_eq!(e.code, 1, "{}", e.stderr);
    assert!(e.stdout.ends_with("+\n"), "{}", e.stdout);
    let seconds: f64 = e
        .stderr
        .lines()
        .last()
        .and_then(|l| l.split("seconds=").nth(1))
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| panic!("no seconds on the statistics line: {}", e.stderr));
    assert!(seconds < 4.0, "{}", e.stderr);
}
