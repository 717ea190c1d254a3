//! What a hostile pass found in `dlx-sudoku` (issue 37): time limits that
//! did not bound the work, messages that blamed the wrong thing, a `-h`
//! longer than a screen. Every case runs the real program; results are
//! checked by the rules, and a time is only ever checked to be within a
//! limit's generous slack.

use crate::common::{run_bin, run_dlx};

/// Lines a short help may take: a terminal's screen.
const SCREEN: usize = 40;

#[test]
fn short_help_fits_a_screen_and_long_help_has_the_rest() {
    for sub in [&[][..], &["generate"], &["rate"], &["count"]] {
        let short = run_bin(&[sub, &["-h"]].concat(), b"").out();
        let long = run_bin(&[sub, &["--help"]].concat(), b"").out();
        let n = short.lines().count();
        assert!(n <= SCREEN, "{sub:?} -h: {n} lines\n{short}");
        assert!(long.lines().count() >= n, "{sub:?}");
        // The short help says where the rest is.
        assert!(short.contains("--help"), "{sub:?} -h:\n{short}");
    }
    let short = run_bin(&["-h"], b"").out();
    assert!(short.contains("Exit status: 0"), "{short}");
    let long = run_bin(&["--help"], b"").out();
    assert!(long.contains("hdu1426   9 lines"), "{long}");
    assert!(!short.contains("hdu1426   9 lines"), "{short}");

    let (code, short, _) = run_dlx(&["-h"], None);
    assert_eq!(code, 0);
    let n = short.lines().count();
    assert!(n <= SCREEN, "dlx -h: {n} lines\n{short}");
    assert!(short.contains("dlx --help"), "{short}");
    let (_, long, _) = run_dlx(&["--help"], None);
    assert!(long.contains("Exit status (with several files"), "{long}");
}

#[test]
fn a_flag_without_its_subcommand_names_the_subcommand() {
    let r = run_bin(&["--limit", "2", "puzzles.txt"], b"");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --limit belongs to `count`: dlx-sudoku count --limit 2 puzzles.txt\n"
    );
    // The wrong subcommand is replaced; a flag of two is named with both.
    let r = run_bin(&["count", "--unique", "-"], b"");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --unique belongs to `solve`: dlx-sudoku solve --unique -\n"
    );
    let r = run_bin(&["--seed=3"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with(
            "error: --seed belongs to `rate` and `generate`: dlx-sudoku rate --seed=3"
        ),
        "{}",
        r.stderr
    );
    let r = run_bin(&["-n", "3"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with("error: -n belongs to `generate`"),
        "{}",
        r.stderr
    );
    // A flag no subcommand takes keeps clap's message.
    let r = run_bin(&["--no-such-flag"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("unexpected argument '--no-such-flag'"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_short_line_with_a_stray_letter_blames_the_letter() {
    // Nine characters, one of them a letter: it was read as a 9x9 grid of
    // POJ 3076 letters, and the '3' was blamed.
    let r = run_bin(&[] as &[&str], b"..3x.....\n");
    assert_eq!((r.code, r.out().as_str()), (1, "invalid puzzle\n"));
    assert!(
        r.stderr.starts_with("<stdin>:1:4: unknown character 'x'"),
        "{}",
        r.stderr
    );
    // Letters alone still make a POJ 3076 grid.
    let r = run_bin(&["check"], b"--A-\n");
    assert!(!r.stderr.contains("unknown character"), "{}", r.stderr);
}
