//! What a newcomer tripped on in `dlx-sudoku` (issue 29): the reason for
//! clashing clues under `solve`, a shorter `--help` that lists the formats
//! once, `-o poj3076` on a board of another size, and counted nouns.

use crate::common::run_bin;

/// A 9x9 puzzle whose first row holds 1 twice (r1c1 and r1c2).
const CLASH: &str =
    "11...............................................................................";

#[test]
fn solve_says_why_clashing_clues_have_no_solution() {
    let input = format!("{CLASH}\n");
    let solve = run_bin(&["solve"], input.as_bytes());
    assert_eq!((solve.code, solve.out().as_str()), (1, "no solution\n"));
    // The reason on stderr is check's, word for word.
    let check = run_bin(&["check"], input.as_bytes());
    let reason = check
        .out()
        .trim_end()
        .strip_prefix("no solution: ")
        .expect("check names the clash")
        .to_string();
    assert_eq!(reason, "row 1 has value 1 twice (r1c1 and r1c2)");
    assert_eq!(solve.stderr, format!("<stdin>:1: no solution: {reason}\n"));
    // --unique too; a puzzle without a clash says nothing on stderr.
    let unique = run_bin(&["--unique"], input.as_bytes());
    assert_eq!(unique.out(), "no solution\n");
    assert_eq!(unique.stderr, solve.stderr);
}

#[test]
fn help_lists_the_formats_once() {
    let help = run_bin(&["--help"], b"").out();
    // Each format's description appears once (the Formats section), not
    // again under --format and --output.
    for line in ["poj2676   a case count", "hdu1426   9 lines"] {
        assert_eq!(help.matches(line).count(), 1, "{line}");
    }
    assert_eq!(help.matches("poj2676").count(), 1, "{help}");
    // 209 lines before; the generate and rate sections went to their
    // own help. (The screenful is `-h`, issue 37.) Explain's techniques,
    // listed from `Technique::ALL`, take 7 lines since issue 40, and 11
    // since its second round (46 techniques); --rule takes 3 (issue 41).
    assert!(help.lines().count() < 205, "{} lines", help.lines().count());
    // Subcommands point there instead of repeating the list.
    for sub in [
        "solve", "count", "check", "explain", "hint", "rate", "generate",
    ] {
        let text = run_bin(&[sub, "--help"], b"").out();
        assert!(!text.contains("hdu1426"), "{sub} --help lists the formats");
        assert!(text.contains("dlx-sudoku --help"), "{sub} --help");
    }
    let generate = run_bin(&["generate", "--help"], b"").out();
    assert!(generate.contains("--attempts grids (default 1000"));
    let rate = run_bin(&["rate", "--help"], b"").out();
    assert!(
        rate.contains("    easy      up to 2.3  singles\n"),
        "{rate}"
    );
}

#[test]
fn poj3076_output_takes_16x16_boards_only() {
    let nine = "\
.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
";
    let r = run_bin(&["-o", "poj3076"], nine.as_bytes());
    assert_eq!((r.code, r.out().as_str()), (1, "invalid puzzle\n"));
    assert_eq!(
        r.stderr,
        "<stdin>:1: the puzzle is 9x9 but -o poj3076 writes 16x16 boards only (choose another --output)\n"
    );
    // A 16x16 board is written in letters, as the judge's.
    let judge = std::fs::read(crate::common::judge("poj3076.in")).unwrap();
    let expected = std::fs::read(crate::common::judge("poj3076.out")).unwrap();
    let r = run_bin(&["-o", "poj3076"], &judge);
    assert_eq!((r.code, r.stdout), (0, expected));
}

#[test]
fn one_is_singular() {
    // A line of one cell.
    let r = run_bin(&["-f", "line"], b"5\n");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains(": 1 cell (expected 81"), "{}", r.stderr);
    // A regions file whose first row has one cell.
    let regions = crate::variants::Temp::new(b"A\n");
    let r = run_bin(&["--regions", regions.path()], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("the first row has 1 cell (expected"),
        "{}",
        r.stderr
    );
}

/// The lists of names in the help texts are the tables' ([`Named::NAMES`],
/// [`Branching::TABLE`]), each name with its line, in the table's order.
#[test]
fn help_texts_list_the_tables() {
    use dlx_core::Branching;
    use dlx_sudoku::format::Format;
    use dlx_sudoku::generate::Symmetry;
    use dlx_sudoku::names::Named;
    use dlx_sudoku::rate::Level;

    // In order: each entry found after the one before it.
    fn in_order(text: &str, entries: impl IntoIterator<Item = String>) {
        let mut rest = text;
        for e in &entries.into_iter().collect::<Vec<_>>() {
            let at = rest
                .find(e)
                .unwrap_or_else(|| panic!("{e:?} missing or out of order in\n{text}"));
            rest = &rest[at + e.len()..];
        }
    }
    let first_words = |about: &'static str| about.split(' ').take(3).collect::<Vec<_>>().join(" ");
    let help = run_bin(&["--help"], b"").out();
    in_order(
        &help,
        Format::NAMES
            .iter()
            .map(|n| format!("  {:<9} {}", n.name, first_words(n.about))),
    );
    let short = run_bin(&["-h"], b"").out();
    assert!(short.contains(&Format::names_joined(", ")), "{short}");
    let generate = run_bin(&["generate", "--help"], b"").out();
    assert!(generate.contains(&format!("--symmetry {}", Symmetry::names_joined("|"))));
    assert!(generate.contains(&format!("--level {} keeps", Level::names_joined("|"))));
    let rate = run_bin(&["rate", "--help"], b"").out();
    in_order(
        &rate,
        Level::NAMES
            .iter()
            .flat_map(|n| [n.name.into(), n.about.into()]),
    );
    let dlx = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
        .arg("--help")
        .output()
        .expect("dlx runs");
    let dlx = String::from_utf8_lossy(&dlx.stdout);
    in_order(
        &dlx,
        Branching::TABLE
            .iter()
            .flat_map(|r| [r.name.into(), first_words(r.about)]),
    );
    // Every name the tables list is accepted where the help offers it.
    for n in Format::NAMES {
        for name in std::iter::once(&n.name).chain(n.aliases) {
            let r = run_bin(&["--format", name, "--output", n.name], b"");
            assert_ne!(r.code, 2, "--format {name}: {}", r.stderr);
        }
    }
}

/// The text after the options of `rate --help` (its levels made from the
/// table, issue 39) fits 80 columns: the level rows were 81 wide, and the
/// paragraph after them began with a line cut short.
#[test]
fn rate_help_fits_80_columns() {
    let help = run_bin(&["rate", "--help"], b"").out();
    let at = help.find("\nRate (").expect("rate's own text");
    for line in help[at..].lines() {
        assert!(line.chars().count() <= 80, "{} columns: {line}", line.len());
    }
    assert!(
        help.contains(
            "  A puzzle the techniques do not solve is extreme, 'search': its score is\n"
        ),
        "{help}"
    );
}
