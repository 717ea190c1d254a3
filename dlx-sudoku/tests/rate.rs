//! `dlx-sudoku rate` and the library's rater: the calibration ordering on
//! the shared sets, the output, and puzzles that cannot be rated.

use std::path::Path;

use dlx_sudoku::generate::{Generator, Options};
use dlx_sudoku::logic::{Logic, Technique};
use dlx_sudoku::programs::dlx_sudoku::Exit;
use dlx_sudoku::rate::{Level, Rater, Unrated, SEARCH_SCORE};
use dlx_sudoku::rng::Rng;
use dlx_sudoku::variant::{Regions, Variant};

use crate::variants::{board, cells, cli, line, Temp, JIGSAW9};

/// Puzzles spread evenly over a shared set: `n` of them, one every
/// len/n lines. (The files are not shuffled: 17clue.txt, for one, starts
/// with a run of near-identical puzzles, so its first lines are not a fair
/// sample.)
fn sample(file: &str, n: usize) -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../benches/data")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let stride = lines.len() / n;
    (0..n).map(|k| cells(lines[k * stride])).collect()
}

#[test]
fn mean_scores_rise_from_easy_sets_to_hard_ones() {
    // 17-clue puzzles are mostly easy for players (the few clues force
    // singles early); uniformly sampled minimal puzzles need more
    // techniques, top1465 mostly search, the forum's hardest the most.
    let sets = [
        "17clue.txt",
        "unbiased_1k.txt",
        "top1465.txt",
        "forum_hardest_1106.txt",
    ];
    let mut rater = Rater::new(&Variant::classic());
    let means: Vec<f64> = sets
        .iter()
        .map(|set| {
            let puzzles = sample(set, 50);
            let total: f64 = puzzles
                .iter()
                .map(|p| {
                    rater
                        .rate(&board(p))
                        .unwrap_or_else(|e| panic!("{set}: {e}"))
                        .score
                })
                .sum();
            total / puzzles.len() as f64
        })
        .collect();
    for k in 1..sets.len() {
        assert!(
            means[k - 1] < means[k],
            "mean score of {} ({:.1}) is not below that of {} ({:.1}); all: {means:?}",
            sets[k - 1],
            means[k - 1],
            sets[k],
            means[k]
        );
    }
}

#[test]
fn the_forums_eleven_plus_list_rates_eleven_or_more() {
    // forum_hardest_11_train is the forum's list of puzzles Sudoku
    // Explainer rates 11.0 or more. Their steps are nested forcing chains,
    // whose length counts the chains nested in them and both chains of
    // each contradiction, as Sudoku Explainer counts them (before it
    // did, these rated 10.1 to 10.7).
    let mut rater = Rater::new(&Variant::classic());
    for p in sample("forum_hardest_11_train.txt", 4) {
        let rating = rater.rate(&board(&p)).expect("rated");
        assert!(rating.score >= 11.0, "{}: {rating:?}", line(&board(&p)));
        assert_eq!(rating.hardest, Some(Technique::NestedForcingChain));
    }
}

#[test]
fn ratings_are_repeatable_and_depend_on_the_seed() {
    let p = board(&cells(
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ));
    let mut a = Rater::new(&Variant::classic());
    let mut b = Rater::new(&Variant::classic());
    let first = a.rate(&p).unwrap();
    assert_eq!(b.rate(&p).unwrap(), first);
    assert_eq!(first.level, Level::of(first.score));
    // Forcing chains solve it: its score is its hardest step's, on SE's
    // scale, whatever the seed.
    assert_eq!(first.level, Level::Extreme);
    let hardest = first.hardest.expect("solved by the techniques");
    assert!(
        first.score >= hardest.weight() && first.score < SEARCH_SCORE,
        "{first:?}"
    );
    b.set_seed(1);
    assert_eq!(b.rate(&p).unwrap().score, first.score);
    // A puzzle the techniques solve without chains has the weight of the
    // hardest one, whatever the seed.
    let easy = board(&cells(
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
    ));
    let r = b.rate(&easy).unwrap();
    let hardest = r.hardest.expect("solved by the techniques");
    assert_eq!(r.score, hardest.weight());
    assert_eq!(a.rate(&easy).unwrap(), r);
}

/// The techniques `explain` uses on a puzzle, by the library, and whether
/// they solve it.
fn explained(p: &[u8]) -> (Vec<(Technique, f64)>, bool) {
    let mut logic = Logic::new(&board(p), &Variant::classic());
    let mut used = Vec::new();
    while let Some(step) = logic.step() {
        used.push((step.technique, step.rating()));
    }
    (used, logic.is_solved())
}

#[test]
fn rate_explain_and_the_levels_agree() {
    let mut rater = Rater::new(&Variant::classic());
    rater.set_samples(2);
    let mut seen = std::collections::BTreeSet::new();
    for set in ["unbiased_1k.txt", "17clue.txt", "top1465.txt"] {
        for p in sample(set, 40) {
            let r = rater.rate(&board(&p)).unwrap();
            let (used, solved) = explained(&p);
            assert_eq!(r.level, Level::of(r.score));
            seen.insert(r.level);
            if !solved {
                // Search: above every technique level.
                assert_eq!((r.level, r.hardest), (Level::Extreme, None), "{p:?}");
                assert!(r.score >= SEARCH_SCORE);
                continue;
            }
            // The score is the hardest step's rating: its technique's
            // weight, and a chain's length bonus.
            let hardest = used
                .iter()
                .map(|u| u.1)
                .max_by(f64::total_cmp)
                .expect("an open cell");
            assert_eq!(r.score, hardest, "{p:?}");
            let (t, rating) = used.iter().find(|u| u.1 == hardest).copied().unwrap();
            assert!(rating >= t.weight() && rating < t.weight() + 2.0, "{t}");
            assert!(r.hardest.is_some_and(|h| h.weight() <= r.score), "{r:?}");
            let singles = used
                .iter()
                .all(|u| matches!(u.0, Technique::NakedSingle | Technique::HiddenSingle));
            assert_eq!(singles, r.level == Level::Easy, "{p:?}: {used:?}");
        }
    }
    assert!(seen.len() >= 4, "{seen:?}");
}

#[test]
fn levels_follow_the_documented_bounds() {
    let cases = [
        (0.0, Level::Easy),
        (2.3, Level::Easy),
        (2.6, Level::Medium),
        (3.4, Level::Medium),
        (3.6, Level::Hard),
        (4.0, Level::Hard),
        (4.2, Level::Fiendish),
        (4.6, Level::Fiendish),
        (SEARCH_SCORE, Level::Extreme),
    ];
    for (score, level) in cases {
        assert_eq!(Level::of(score), level, "{score}");
    }
    // Each technique's weight falls in the level the docs give it.
    let levels = [
        (Technique::HiddenSingle, Level::Easy),
        (Technique::NakedSingle, Level::Easy),
        (Technique::Pointing, Level::Medium),
        (Technique::Claiming, Level::Medium),
        (Technique::NakedPair, Level::Medium),
        (Technique::XWing, Level::Medium),
        (Technique::HiddenPair, Level::Medium),
        (Technique::NakedTriple, Level::Hard),
        (Technique::Swordfish, Level::Hard),
        (Technique::HiddenTriple, Level::Hard),
        (Technique::XYWing, Level::Fiendish),
        (Technique::XYZWing, Level::Fiendish),
        (Technique::UniqueRectangle, Level::Fiendish),
        (Technique::UniqueRectangle2, Level::Fiendish),
        (Technique::UniqueRectangle3, Level::Fiendish),
        (Technique::UniqueRectangle4, Level::Fiendish),
        (Technique::EmptyRectangle, Level::Extreme),
        (Technique::FinnedXWing, Level::Extreme),
        (Technique::SashimiJellyfish, Level::Extreme),
        (Technique::WWing, Level::Extreme),
        (Technique::SimpleColouring, Level::Fiendish),
        (Technique::Jellyfish, Level::Extreme),
        (Technique::Skyscraper, Level::Extreme),
        (Technique::XChain, Level::Extreme),
        (Technique::Aic, Level::Extreme),
        (Technique::DynamicForcingChain, Level::Extreme),
        (Technique::NestedForcingChain, Level::Extreme),
    ];
    // Every technique's weight is below the search score, and they are
    // listed by weight.
    for pair in Technique::ALL.windows(2) {
        // (Naked singles come first though hidden ones weigh less.)
        let singles = pair[0] == Technique::NakedSingle;
        assert!(singles || pair[0].weight() <= pair[1].weight(), "{pair:?}");
    }
    assert!(Technique::ALL.iter().all(|t| t.weight() < SEARCH_SCORE));
    assert_eq!(dlx_sudoku::logic::length_bonus(4), 0.0);
    assert_eq!(dlx_sudoku::logic::length_bonus(6), 0.0);
    assert_eq!(dlx_sudoku::logic::length_bonus(7), 0.1);
    assert_eq!(dlx_sudoku::logic::length_bonus(10), 0.2);
    assert_eq!(dlx_sudoku::logic::length_bonus(11), 0.3);
    for (t, level) in levels {
        assert_eq!(Level::of(t.weight()), level, "{t}");
    }
    // The levels are listed easiest first, and each range follows the last.
    for pair in Level::ALL.windows(2) {
        assert!(pair[0] < pair[1]);
        assert_eq!(pair[0].range().1, pair[1].range().0);
    }
}

#[test]
fn the_program_prints_a_level_and_a_score_per_puzzle() {
    let good = sample("top1465.txt", 5);
    let mut input: String = good.iter().map(|p| line(&board(p)) + "\n").collect();
    // Multiple solutions (one clue), no solution (a clash), malformed.
    input.push_str(&format!("5{}\n", ".".repeat(80)));
    input.push_str(&format!("55{}\n", ".".repeat(79)));
    input.push_str("123\n");
    let (exit, out, err) = cli(&["rate", "--summary"], &input);
    assert_eq!(exit, Exit::PuzzleFailed);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    let mut sum = 0.0;
    for l in &lines[..5] {
        let mut words = l.splitn(3, ' ');
        let (level, score, reason) = (
            words.next().unwrap(),
            words.next().unwrap(),
            words.next().unwrap(),
        );
        let score: f64 = score.parse().unwrap();
        assert_eq!(level, Level::of(score).name(), "{l}");
        // The technique that set the level, or search.
        if score >= SEARCH_SCORE {
            assert_eq!(reason, "search", "{l}");
        } else {
            // The technique's weight, plus a chain's length bonus.
            let weight = Technique::ALL
                .iter()
                .find(|t| t.name() == reason)
                .map(|t| t.weight())
                .unwrap_or_else(|| panic!("{l}"));
            assert!(score >= weight && score < weight + 2.0, "{l}");
        }
        sum += score;
    }
    assert_eq!(lines[5], "multiple solutions");
    assert_eq!(
        lines[6],
        "no solution: row 1 has value 5 twice (r1c1 and r1c2)"
    );
    assert_eq!(lines[7], "invalid puzzle");
    // The summary on stderr, after the malformed line's message.
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("rated: puzzles=5 unrated=3 mean-score="),
        "{err}"
    );
    let mean: f64 = summary
        .split_whitespace()
        .find_map(|w| w.strip_prefix("mean-score="))
        .unwrap()
        .parse()
        .unwrap();
    assert!((mean - sum / 5.0).abs() < 0.1, "{mean} vs {}", sum / 5.0);
    let counted: u64 = Level::ALL
        .iter()
        .map(|l| {
            let key = format!("{}=", l.name());
            summary
                .split_whitespace()
                .find_map(|w| w.strip_prefix(key.as_str()))
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(counted, 5);
    // All five can be rated: status 0.
    let only_good: String = input.lines().take(5).map(|l| format!("{l}\n")).collect();
    let (exit, _, _) = cli(&["rate", "--samples", "2", "--seed", "9"], &only_good);
    assert_eq!(exit, Exit::Success);
}

#[test]
fn a_node_limit_stops_rating() {
    let hard = sample("forum_hardest_1106.txt", 1);
    let mut rater = Rater::new(&Variant::classic());
    rater.set_node_limit(Some(10));
    assert_eq!(rater.rate(&board(&hard[0])), Err(Unrated::NodeLimit));
    let (exit, out, _) = cli(
        &["rate", "--max-nodes", "10"],
        &(line(&board(&hard[0])) + "\n"),
    );
    assert_eq!(
        (exit, out.as_str()),
        (Exit::PuzzleFailed, "search limit reached\n")
    );
}

#[test]
fn a_time_limit_stops_the_logic_too() {
    // The forum's hardest puzzles need nested forcing chains: their logic
    // takes far longer than their search (a fraction of a second against
    // a millisecond or less), so a limit of 2 ms stops the logic, checked
    // between steps (before the fix, a full rating came out).
    let hard = sample("forum_hardest_1106.txt", 3);
    let input: String = hard.iter().map(|p| line(&board(p)) + "\n").collect();
    let (exit, out, _) = cli(&["rate", "--time-limit", "0.002", "-j", "1"], &input);
    assert_eq!(
        (exit, out.as_str()),
        (
            Exit::PuzzleFailed,
            "search limit reached\n".repeat(3).as_str()
        )
    );
    let mut rater = Rater::new(&Variant::classic());
    rater.set_time_limit(Some(std::time::Duration::from_millis(2)));
    for p in &hard {
        assert_eq!(rater.rate(&board(p)), Err(Unrated::NodeLimit));
    }
    // Without a limit the same puzzles are rated.
    rater.set_time_limit(None);
    assert!(rater.rate(&board(&hard[0])).is_ok());
}

#[test]
fn variants_are_rated_under_their_own_rules() {
    // An X-Sudoku puzzle is usually not unique as a classic one: it is
    // rated with --variant x, and unrated without.
    let mut g = Generator::new(&Variant::x());
    let x = g
        .generate(&Options::default(), &mut Rng::new(4))
        .unwrap()
        .puzzle;
    let input = line(&x) + "\n";
    let (exit, out, err) = cli(&["rate", "--variant", "x"], &input);
    assert_eq!(exit, Exit::Success, "{err}");
    let mut words = out.split_whitespace();
    let (level, score) = (words.next().unwrap(), words.next().unwrap());
    assert_eq!(level, Level::of(score.parse().unwrap()).name());
    let mut classic = Rater::new(&Variant::classic());
    if crate::variants::Rules::classic(3).count(x.cells(), 2) > 1 {
        assert_eq!(classic.rate(&x), Err(Unrated::Multiple));
    }

    // A jigsaw puzzle, rated with its regions (which the relabellings move
    // along with the cells).
    let regions = Variant::jigsaw(Regions::parse(JIGSAW9.as_bytes()).unwrap());
    let mut g = Generator::new(&regions);
    let j = g
        .generate(&Options::default(), &mut Rng::new(4))
        .unwrap()
        .puzzle;
    let file = Temp::new(JIGSAW9.as_bytes());
    let (exit, out, err) = cli(&["rate", "--regions", file.path()], &(line(&j) + "\n"));
    assert_eq!(exit, Exit::Success, "{err}");
    let mut rater = Rater::new(&regions);
    let r = rater.rate(&j).unwrap();
    assert_eq!(out, format!("{} {:.1} {}\n", r.level, r.score, r.reason()));
}
