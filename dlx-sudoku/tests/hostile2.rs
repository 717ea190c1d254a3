//! Hostile probes of the second round (the guess counts, the chain
//! lengths of issue 40): edges of public functions that the programs do
//! not reach today but a library user can.

use crate::common::run_bin;

/// `length_bonus` guards its loop ("steps > 200") for huge lengths, but
/// its bound overflows first: `bound * 3 / 2` and `bound * 4 / 3` pass
/// `usize::MAX` after about 120 steps, so a length of 2^63 or more panics
/// in a debug build (and wraps to a wrong bonus in release).
#[test]
fn length_bonus_of_the_largest_lengths_does_not_overflow() {
    for length in [1usize << 62, 1 << 63, usize::MAX - 1, usize::MAX] {
        let b = dlx_sudoku::logic::length_bonus(length);
        assert!(b.is_finite() && b >= 0.0, "{length}: {b}");
        // Monotone in the length, as for small ones.
        assert!(
            b >= dlx_sudoku::logic::length_bonus(1 << 40),
            "{length}: {b}"
        );
    }
}

/// The numbers of a `SOURCE:LINE: nodes=N updates=U guesses=G` line.
fn per_puzzle_stats(stderr: &str) -> Vec<(u64, u64, u64)> {
    let num = |l: &str, key: &str| -> u64 {
        let at = l.find(key).unwrap() + key.len();
        l[at..].split(' ').next().unwrap().parse().unwrap()
    };
    stderr
        .lines()
        .filter(|l| l.starts_with("<stdin>:") && l.contains(" nodes="))
        .map(|l| (num(l, "nodes="), num(l, "updates="), num(l, "guesses=")))
        .collect()
}

/// A puzzle of forum rating 9.1 (dynamic forcing chains): its uniqueness
/// check alone takes hundreds of nodes and dozens of guesses.
const P91: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// `rate --stats` prints `guesses=0` for every puzzle: `Rating` carries
/// nodes and updates only, and `programs/dlx_sudoku/rate.rs` copies just
/// those into the slot, so thousands of search nodes show no guess (the
/// plain `--stats -u` of the same puzzle counts 64).
#[test]
fn rate_stats_count_the_guesses_of_its_searches() {
    let solve = run_bin(&["--stats", "-u", "-j", "1"], format!("{P91}\n").as_bytes());
    let solved = per_puzzle_stats(&solve.stderr);
    assert!(solved[0].2 > 0, "{}", solve.stderr);
    let r = run_bin(
        &["rate", "--stats", "-j", "1"],
        format!("{P91}\n").as_bytes(),
    );
    let rated = per_puzzle_stats(&r.stderr);
    assert_eq!(rated.len(), 1, "{}", r.stderr);
    let (nodes, _, guesses) = rated[0];
    assert!(nodes > 0, "{}", r.stderr);
    assert!(
        guesses > 0,
        "rate searched {nodes} nodes without a guess:\n{}",
        r.stderr
    );
}

/// `rate --stats` on a puzzle stopped by `--max-nodes` (or `--time-limit`)
/// prints `nodes=0 updates=0 guesses=0`: the work of a stopped rating is
/// dropped (`rate.rs` sets the slot's stats only for `Ok`), while `check`
/// and `explain` report the nodes they searched before the limit.
#[test]
fn rate_stats_of_a_stopped_rating_show_the_work_done() {
    let stdin = format!("{P91}\n");
    let check = run_bin(
        &["check", "--stats", "-j", "1", "--max-nodes", "10"],
        stdin.as_bytes(),
    );
    assert!(per_puzzle_stats(&check.stderr)[0].0 > 0, "{}", check.stderr);
    let r = run_bin(
        &["rate", "--stats", "-j", "1", "--max-nodes", "1000"],
        stdin.as_bytes(),
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(String::from_utf8_lossy(&r.stdout).contains("search limit reached"));
    let rated = per_puzzle_stats(&r.stderr);
    assert!(
        rated[0].0 > 0,
        "a stopped rating reports no node:\n{}",
        r.stderr
    );
}

/// Line 10750 of `benches/data/forum_hardest_11_train.txt` (found by
/// `awk 'NR % 100 == 50'`). Since nested chains carry the lengths of the
/// chains nested in them (issue 40), its hardest step, nested forcing
/// chains, rates 12.0: `SEARCH_SCORE` itself, the floor of the search
/// scores (`12 + log10(1 + u/1000)`), so a logic rating is no longer below
/// every search rating (tests/rate.rs asserts `score < SEARCH_SCORE` for a
/// puzzle the techniques solve; the README says SE 1.2 to 11.9).
#[test]
fn a_rating_by_techniques_stays_below_the_search_scores() {
    use dlx_sudoku::rate::{Rater, SEARCH_SCORE};
    use dlx_sudoku::variant::Variant;
    let p = crate::common::board(
        "..............1..2.13.4..5..............536...571...3...57....8.74..5.1.9..4.....",
    );
    let r = Rater::new(&Variant::classic()).rate(&p).unwrap();
    assert!(r.hardest.is_some(), "{r:?}");
    assert!(
        r.score < SEARCH_SCORE,
        "a logic rating at the search scores: {r:?}"
    );
}
