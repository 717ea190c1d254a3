//! Hostile DLX2/DLX3 inputs (colors and bounds): huge bounds, 100 000
//! colors, 100 000 items, very long lines, and malformed bounds and colors.
//! Each must parse and count to a total derived by hand in its comment, or
//! fail with a [`ParseError`] naming the line, the column and the kind.

use std::collections::HashSet;

use dlx_core::text::{self, char_color, DlxFile, ParseError, ParseErrorKind, MAX_LINE_LEN};
use dlx_core::{Color, Item, Kind, OptionId, Problem};

/// Parses `input`, which must be well formed.
fn parse_ok(input: &str) -> DlxFile {
    text::parse(input.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{}", head(input)))
}

/// Parses `input`, which must be malformed, and checks that the message
/// names the error's line (and column).
fn parse_err(input: &str) -> ParseError {
    let e = match text::parse(input.as_bytes()) {
        Err(e) => e,
        Ok(_) => panic!("parsed, but should not:\n{}", head(input)),
    };
    let message = e.to_string();
    let prefix = if e.column > 0 {
        format!("{}:{}: ", e.line, e.column)
    } else {
        format!("{}: ", e.line)
    };
    assert!(
        message.starts_with(&prefix) && message.len() > prefix.len() + 5,
        "message {message:?}"
    );
    e
}

/// Asserts that `input` fails at `line`, `column` with `kind`.
fn assert_error(input: &str, line: usize, column: usize, kind: ParseErrorKind) {
    let e = parse_err(input);
    assert_eq!(
        (e.line, e.column, &e.kind),
        (line, column, &kind),
        "{input:?} gave {e}"
    );
}

/// The start of a (possibly huge) input, for messages.
fn head(input: &str) -> String {
    input.chars().take(200).collect()
}

/// Checks a solution by the rules of XCC with multiplicities: each primary
/// item's count within its bounds; each secondary item in no option, in one
/// without a color, or in several that give it one color.
fn check_xcc(p: &Problem, solution: &[OptionId]) {
    let distinct: HashSet<&OptionId> = solution.iter().collect();
    assert_eq!(distinct.len(), solution.len(), "an option twice");
    let mut hits = vec![0u64; p.item_count()];
    let mut colors: Vec<Vec<Option<Color>>> = vec![Vec::new(); p.item_count()];
    for &o in solution {
        for (i, c) in p.option_items(o).zip(p.option_colors(o)) {
            hits[i.index()] += 1;
            colors[i.index()].push(c);
        }
    }
    for i in (0..p.item_count()).map(Item::new) {
        let h = hits[i.index()];
        match p.bounds(i) {
            Some((lo, hi)) => assert!(
                u64::from(lo) <= h && h <= u64::from(hi),
                "primary item {i} covered {h} times ({lo}:{hi})"
            ),
            None => {
                let uses = &colors[i.index()];
                let ok = uses.len() <= 1 || {
                    let first = uses[0];
                    first.is_some() && uses.iter().all(|&c| c == first)
                };
                assert!(ok, "secondary item {i} used as {uses:?}");
            }
        }
    }
}

/// Counts the solutions of `input`, checking every one by the rules when
/// there are at most `check` of them; also checks that a second count gives
/// the same statistics.
fn count_checked(input: &str, check: u64) -> u64 {
    let mut file = parse_ok(input);
    let p = &mut file.problem;
    let stats = p.count_with_stats();
    assert_eq!(p.count_with_stats(), stats, "a second count differs");
    if stats.solutions <= check {
        let mut seen = HashSet::new();
        let solutions: Vec<Vec<OptionId>> = p.solutions().collect();
        for mut s in solutions {
            check_xcc(p, &s);
            s.sort();
            assert!(seen.insert(s), "a solution twice");
        }
        assert_eq!(seen.len() as u64, stats.solutions);
    }
    stats.solutions
}

/// `n` options, each the single item `a`.
fn options_a(n: usize) -> String {
    "a\n".repeat(n)
}

// ---------------------------------------------------------------------------
// Colors everywhere
// ---------------------------------------------------------------------------

/// 12 primary items `p0..p11`, 20 secondary items `x0..x19`; for each
/// primary item and each of the colors `A`, `B`, `C` an option with that
/// primary item and every secondary item in that color; and for each
/// primary item an option with it and `x0` uncolored. A solution takes one
/// option per primary item; all its colored uses of `x0` must agree, and an
/// uncolored use of `x0` excludes the other 11 options' uses of `x0` (which
/// every option has): so the solutions are "all `A`", "all `B`", "all `C`".
#[test]
fn a_color_on_every_secondary_item() {
    let (np, ns) = (12, 20);
    let mut input: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    input.push("|".into());
    input.extend((0..ns).map(|j| format!("x{j}")));
    let mut input = input.join(" ") + "\n";
    for i in 0..np {
        for color in ['A', 'B', 'C'] {
            input.push_str(&format!("p{i}"));
            for j in 0..ns {
                input.push_str(&format!(" x{j}:{color}"));
            }
            input.push('\n');
        }
        input.push_str(&format!("x0 p{i}\n"));
    }
    let file = parse_ok(&input);
    assert_eq!(file.problem.kind(), Kind::Colors);
    assert_eq!(file.problem.option_count(), np * 4);
    assert_eq!(count_checked(&input, 10), 3);
}

/// Every secondary item colored, with one primary item: `a x:c y:c` for
/// each of 5 colors, plus `a x:1 y:2` — each option alone is a solution.
#[test]
fn colors_on_one_option_each() {
    let mut input = String::from("a | x y\n");
    for c in ['1', '2', '3', '#', 'q'] {
        input.push_str(&format!("a x:{c} y:{c}\n"));
    }
    input.push_str("a x:1 y:2\n");
    assert_eq!(count_checked(&input, 10), 6);
}

// ---------------------------------------------------------------------------
// Huge bounds
// ---------------------------------------------------------------------------

/// `1000000000|a` needs 10^9 options with `a`: 5 options give no solution.
#[test]
fn exact_bound_of_a_billion() {
    let input = format!("1000000000|a\n{}", options_a(5));
    let file = parse_ok(&input);
    assert_eq!(
        file.problem.bounds(Item::new(0)),
        Some((1_000_000_000, 1_000_000_000))
    );
    assert_eq!(file.problem.kind(), Kind::Multiplicities);
    assert_eq!(count_checked(&input, 0), 0);
    // No options at all: still no solution.
    assert_eq!(count_checked("1000000000|a\n", 0), 0);
    assert_eq!(count_checked("4294967295|a\n", 0), 0);
    assert_eq!(
        count_checked(&format!("4294967295|a\n{}", options_a(3)), 0),
        0
    );
}

/// `0:1000000000|a` with 10 options `a`: every subset of them, the empty
/// one included, is a solution: 2^10 = 1024.
#[test]
fn zero_to_a_billion() {
    let input = format!("0:1000000000|a\n{}", options_a(10));
    assert_eq!(count_checked(&input, 2000), 1024);
    // Up to u32::MAX, 3 options: 2^3.
    let input = format!("0:4294967295|a\n{}", options_a(3));
    assert_eq!(count_checked(&input, 100), 8);
    // No options and lower bound 0: the empty solution.
    assert_eq!(count_checked("0:4294967295|a\n", 10), 1);
}

/// `3:1000000000|a` with 5 options: subsets of at least 3 of them,
/// C(5,3) + C(5,4) + C(5,5) = 10 + 5 + 1 = 16. A second item `b` (exactly
/// once) with 2 options `b` doubles the count: each solution takes one.
#[test]
fn three_to_a_billion() {
    let input = format!("3:1000000000|a\n{}", options_a(5));
    assert_eq!(count_checked(&input, 100), 16);
    let input = format!("3:1000000000|a b\n{}b\nb\n", options_a(5));
    assert_eq!(count_checked(&input, 100), 32);
}

// ---------------------------------------------------------------------------
// 100 000 colors, 100 000 items, long lines
// ---------------------------------------------------------------------------

/// The size of the big inputs. (The reader once counted each token's
/// column from the start of its line, so a line of 100 000 names took 30 s
/// to parse; these tests keep it linear.)
const HUGE: usize = 100_000;

/// A color character for each `k < 100_000`: distinct code points from
/// U+10000 up (valid `char`s, none of them blank, `:` or `|`).
fn color(k: usize) -> char {
    char::from_u32(0x1_0000 + k as u32).unwrap()
}

/// `n` (100 000) primary items `a0..` and one secondary item `x`. Item
/// `ak` has two options: `ak x:<color k>` (`n` distinct colors) and
/// `ak x:Z`. A solution takes one option per item and all of them give `x`
/// one color; two different items have no distinct-color option in
/// common, so the only solution is "all `Z`": count 1.
fn a_hundred_thousand_colors(n: usize) {
    let mut input = String::with_capacity(n * 40);
    for k in 0..n {
        input.push_str(&format!("a{k} "));
    }
    input.push_str("| x\n");
    for k in 0..n {
        input.push_str(&format!("a{k} x:{}\nx:Z a{k}\n", color(k)));
    }
    let mut file = parse_ok(&input);
    let p = &mut file.problem;
    assert_eq!(p.item_count(), n + 1);
    assert_eq!(p.option_count(), 2 * n);
    let colors: HashSet<Option<Color>> = (0..p.option_count())
        .flat_map(|o| p.option_colors(OptionId::new(o)).collect::<Vec<_>>())
        .collect();
    assert_eq!(colors.len(), n + 2, "n colors, Z, and no color (on ak)");
    assert!(colors.contains(&Some(char_color(color(n - 1)))));
    let solution = p.first_solution().expect("the all-Z solution");
    assert_eq!(solution.len(), n);
    check_xcc(p, &solution);
    assert_eq!(p.count(), 1);
}

/// The same `n` (100 000) colors on one secondary item, without the `Z` options:
/// two items can never agree, so no solution (count 0).
fn a_hundred_thousand_colors_no_solution(n: usize) {
    let mut input: String = (0..n).map(|k| format!("a{k} ")).collect();
    input.push_str("| x\n");
    for k in 0..n {
        input.push_str(&format!("a{k} x:{}\n", color(k)));
    }
    let mut file = parse_ok(&input);
    assert_eq!(file.problem.count(), 0);
}

/// An item line with `n` (100 000) primary items and `n` secondary items,
/// and one option line naming all `2n` of them, each secondary one in its
/// own color (about 2 MB for 100 000): count 1. A
/// second option line with all but the last primary item, and a third with
/// just that item, add a second solution.
fn a_hundred_thousand_items_and_a_long_option(n: usize) {
    let primary: Vec<String> = (0..n).map(|k| format!("p{k}")).collect();
    let secondary: Vec<String> = (0..n).map(|k| format!("s{k}:{}", color(k))).collect();
    let names: Vec<String> = (0..n).map(|k| format!("s{k}")).collect();
    let mut input = format!("{} | {}\n", primary.join(" "), names.join(" "));
    input.push_str(&format!("{} {}\n", secondary.join(" "), primary.join(" ")));
    assert_eq!(count_checked(&input, 1), 1);
    input.push_str(&format!("{}\n", primary[..n - 1].join("\t")));
    input.push_str(&format!("p{}\n", n - 1));
    let file = parse_ok(&input);
    assert_eq!(file.problem.option_count(), 3);
    assert_eq!(file.problem.option_items(OptionId::new(0)).len(), 2 * n);
    assert_eq!(count_checked(&input, 2), 2);
}

/// `n` (100 000) items on the item line but an option naming one that is not
/// there: an unknown item, at the right column.
fn a_hundred_thousand_items_and_an_unknown_one(n: usize) {
    let primary: Vec<String> = (0..n).map(|k| format!("p{k}")).collect();
    let input = format!("{}\np0 p{n}\n", primary.join(" "));
    assert_error(&input, 2, 4, ParseErrorKind::UnknownItem(format!("p{n}")));
    // A repeated name far along the item line.
    let last = format!("p{}", n - 1);
    let input = format!("{} {last}\n", primary.join(" "));
    let column = input.len() - last.len();
    assert_error(&input, 1, column, ParseErrorKind::DuplicateItem(last));
}

#[test]
fn huge_colors() {
    a_hundred_thousand_colors(HUGE);
}

#[test]
fn huge_colors_no_solution() {
    a_hundred_thousand_colors_no_solution(HUGE);
}

#[test]
fn huge_items_and_a_long_option() {
    a_hundred_thousand_items_and_a_long_option(HUGE);
}

#[test]
fn huge_items_and_an_unknown_one() {
    a_hundred_thousand_items_and_an_unknown_one(HUGE);
}

/// A line just over [`MAX_LINE_LEN`]: refused as too long, not read.
#[test]
fn an_option_line_too_long() {
    let mut input = String::from("a | x\n");
    input.push_str(&"a ".repeat(MAX_LINE_LEN / 2 + 1));
    input.push('\n');
    assert_error(&input, 2, 0, ParseErrorKind::LineTooLong);
}

/// A long option line of blanks around one colored item is just that item.
#[test]
fn blanks_around_a_colored_item() {
    let pad = " \t".repeat(200_000);
    let input = format!("a | x\n{pad}a{pad}x:é{pad}\na x:é\n");
    assert_eq!(count_checked(&input, 10), 2);
}

// ---------------------------------------------------------------------------
// Bounds syntax
// ---------------------------------------------------------------------------

#[test]
fn bounds_edge_cases() {
    use ParseErrorKind::*;
    assert_error("0:0|a\na\n", 1, 1, ZeroUpperBound);
    assert_error("0|a\na\n", 1, 1, ZeroUpperBound);
    assert_error("b 0:0|a\na\n", 1, 3, ZeroUpperBound);
    assert_error(":1|a\na\n", 1, 1, BadBound(String::new()));
    assert_error("1:|a\na\n", 1, 3, BadBound(String::new()));
    assert_error("1:2:3|a\na\n", 1, 3, BadBound("2:3".into()));
    assert_error(
        "4294967296|a\na\n",
        1,
        1,
        BoundTooLarge("4294967296".into()),
    );
    assert_error(
        "0:99999999999999999999999|a\na\n",
        1,
        3,
        BoundTooLarge("99999999999999999999999".into()),
    );
    assert_error("-1|a\na\n", 1, 1, BadBound("-1".into()));
    assert_error("+1|a\na\n", 1, 1, BadBound("+1".into()));
    assert_error(" 1.5|a\na\n", 1, 2, BadBound("1.5".into()));
    assert_error("2:1|a\na\n", 1, 1, LowerAboveUpper { lo: 2, hi: 1 });
    assert_error(
        "4294967295:1|a\na\n",
        1,
        1,
        LowerAboveUpper {
            lo: u32::MAX,
            hi: 1,
        },
    );
    assert_error("1:a\na\n", 1, 1, MissingUpperBound("1:a".into()));
    assert_error("a | 2|x\na\n", 1, 5, BoundsOnSecondary("x".into()));
    assert_error("a | 0:1|x\na\n", 1, 5, BoundsOnSecondary("x".into()));
    // `|a` after a name: bounds with no number.
    assert_error("b |a\nb\n", 1, 3, BadBound(String::new()));
    // A bound with no name after it.
    assert_error("1|\n", 1, 2, BadCharacter('|'));
    assert_error("a 2:3|\n", 1, 6, BadCharacter('|'));
    // Two bars: the name would contain one.
    assert!(matches!(parse_err("1||a\n").kind, BadCharacter('|')));
    // A bound on a name that is too long.
    assert_error("2|abcdefghi\n", 1, 3, NameTooLong("abcdefghi".into()));
    // A line starting with `|` is a comment, even `|a`: no item line.
    assert_error("|a\n", 1, 0, NoItemLine);
    // The same item twice, with different bounds.
    assert_error("1|a 2|a\na\n", 1, 7, DuplicateItem("a".into()));
}

/// Leading zeros are ordinary decimal numbers (as in DLX3): `01|a` is
/// exactly once, `002:003|a` is 2 to 3.
#[test]
fn bounds_with_leading_zeros() {
    let file = parse_ok("01|a\na\na\n");
    assert_eq!(file.problem.bounds(Item::new(0)), Some((1, 1)));
    assert_eq!(count_checked("01|a\na\na\n", 10), 2);
    let file = parse_ok("002:003|a\na\n");
    assert_eq!(file.problem.bounds(Item::new(0)), Some((2, 3)));
    // 2 or 3 of 4 options: C(4,2) + C(4,3) = 6 + 4.
    assert_eq!(
        count_checked(&format!("002:003|a\n{}", options_a(4)), 20),
        10
    );
}

// ---------------------------------------------------------------------------
// Colors syntax
// ---------------------------------------------------------------------------

#[test]
fn color_edge_cases() {
    use ParseErrorKind::*;
    assert_error("a | x\na x:\n", 2, 4, EmptyColor("x".into()));
    assert_error("a | x\na x:ab\n", 2, 5, LongColor("ab".into()));
    assert_error("a | x\na x:ééé\n", 2, 5, LongColor("ééé".into()));
    // `e` and a combining accent: two characters.
    assert_error("a | x\na x:e\u{301}\n", 2, 5, LongColor("e\u{301}".into()));
    assert_error("a | x\na:1 x\n", 2, 1, ColorOnPrimary("a".into()));
    assert_error("a b | x\nb a:1\n", 2, 3, ColorOnPrimary("a".into()));
    assert_error("a | x\na x:a x:a\n", 2, 7, RepeatedItem("x".into()));
    assert_error("a | x\na x:a x:b\n", 2, 7, RepeatedItem("x".into()));
    assert_error("a | x\na x x:a\n", 2, 5, RepeatedItem("x".into()));
    assert_error("2|a | x\na a\n", 2, 3, RepeatedItem("a".into()));
    // A color may not be `|`: the option would hold a divider.
    assert_error("a | x\na x:|\n", 2, 3, DividerInOption);
    // A colored name that is not declared.
    assert_error("a | x\na y:1\n", 2, 3, UnknownItem("y".into()));
    // An error on a later line is reported there.
    assert_error(
        "a | x\na x:1\n\n| comment\na x:12\n",
        5,
        5,
        LongColor("12".into()),
    );
}

/// `x::` is the color `:` (one character after the first colon, as DLX2
/// reads it): it agrees with another `x::` and clashes with `x:a`.
#[test]
fn colon_as_a_color() {
    let input = "a b | x\na x::\nb x::\nb x:a\n";
    let file = parse_ok(input);
    let colors: Vec<Option<Color>> = file.problem.option_colors(OptionId::new(0)).collect();
    assert_eq!(colors, [None, Some(char_color(':'))]);
    assert_eq!(file.option_text(OptionId::new(0)), "a x::");
    assert_eq!(count_checked(input, 10), 1);
}

/// Colors that look like syntax elsewhere (`#`, `*`, digits) or are not
/// ASCII are ordinary colors; `a` and `A` differ.
#[test]
fn odd_color_characters() {
    // One option for `a` and one for `b`, giving `x` the same color: `#`,
    // `é`, `a` or `A` (`0` and `*` have no partner): 4 solutions.
    let input = "a b | x\na x:#\nb x:#\na x:é\nb x:é\na x:a\nb x:A\na x:0\nb x:*\n\
                 a x:A\nb x:a\n";
    assert_eq!(count_checked(input, 10), 4);
}

/// A bounded problem whose root has 50,000 moves: the parallel count keeps
/// its parts to what rebuilding the links for each is worth (before that
/// rule it took half a minute here), and counts and nodes still equal the
/// sequential search's.
#[cfg(feature = "parallel")]
#[test]
fn a_wide_root_under_bounds_in_parallel() {
    let mut input = String::from("1:1|a 0:2|b\n");
    for _ in 0..50_000 {
        input.push_str("a b\n");
    }
    let mut file = parse_ok(&input);
    let sequential = file.problem.count_with_stats();
    assert_eq!(sequential.solutions, 50_000);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let stats = pool.install(|| dlx_core::parallel::count(&mut file.problem));
    assert_eq!(
        (stats.solutions, stats.nodes),
        (sequential.solutions, sequential.nodes)
    );
}
