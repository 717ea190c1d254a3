//! The reader of Knuth's DLX text format: every error with its line and
//! column, the leniencies, and the line reader underneath.

use std::io::{self, BufRead, BufReader, Cursor, Read};

use dlx_core::text::{
    self, parse, DlxFile, Line, LineReader, ParseError, ParseErrorKind, ReadError, MAX_LINE_LEN,
    MAX_NAME_LEN,
};
use dlx_core::{Item, OptionId};

use crate::common::check_cover;

fn parse_ok(input: &str) -> DlxFile {
    parse(input.as_bytes()).unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

fn parse_err(input: &[u8]) -> ParseError {
    match parse(input) {
        Ok(f) => panic!(
            "{:?} parsed, with items {:?}",
            String::from_utf8_lossy(input),
            f.item_names
        ),
        Err(e) => e,
    }
}

/// Asserts the error's line, column and kind, and that its message starts
/// with the position.
fn assert_error(input: &[u8], line: usize, column: usize, kind: ParseErrorKind) {
    let e = parse_err(input);
    assert_eq!(
        e,
        ParseError { line, column, kind },
        "input {:?}",
        String::from_utf8_lossy(input)
    );
    let position = if column > 0 {
        format!("{line}:{column}: ")
    } else {
        format!("{line}: ")
    };
    assert!(e.to_string().starts_with(&position), "{e}");
}

/// All solutions, each as its option lines sorted.
fn solution_texts(f: &mut DlxFile) -> Vec<Vec<String>> {
    let all: Vec<Vec<OptionId>> = f.problem.solutions().collect();
    let mut texts: Vec<Vec<String>> = all
        .iter()
        .map(|s| {
            check_cover(&f.problem, s);
            let mut lines: Vec<String> = s.iter().map(|&o| f.option_text(o)).collect();
            lines.sort();
            lines
        })
        .collect();
    texts.sort();
    texts
}

// ------------------------------------------------------------------ errors

#[test]
fn unknown_item() {
    assert_error(
        b"a b c\na b\n  c  d\n",
        3,
        6,
        ParseErrorKind::UnknownItem("d".into()),
    );
    let e = parse_err(b"a b\na zz\n");
    assert!(e.to_string().contains("unknown item 'zz'"), "{e}");
}

#[test]
fn unknown_item_with_a_bad_name_reports_the_bad_character() {
    assert_error(
        b"a b\na c:x\n",
        2,
        3,
        ParseErrorKind::UnknownItem("c".into()),
    );
    assert_error(
        "a b\na c\u{e9}:x\n".as_bytes(),
        2,
        4,
        ParseErrorKind::BadCharacter('\u{e9}'),
    );
    assert_error(
        b"a b\nb abcdefghi\n",
        2,
        3,
        ParseErrorKind::NameTooLong("abcdefghi".into()),
    );
}

#[test]
fn repeated_item_points_at_the_second_occurrence() {
    assert_error(
        b"a b c | x\nb x c x\n",
        2,
        7,
        ParseErrorKind::RepeatedItem("x".into()),
    );
    assert_error(
        b"a b c\n\tb a\tb\n",
        2,
        6,
        ParseErrorKind::RepeatedItem("b".into()),
    );
}

#[test]
fn duplicate_item_name() {
    assert_error(
        b"a b c b\n",
        1,
        7,
        ParseErrorKind::DuplicateItem("b".into()),
    );
    // A name may not be both primary and secondary.
    assert_error(
        b"| comment\na b | c a\n",
        2,
        9,
        ParseErrorKind::DuplicateItem("a".into()),
    );
}

#[test]
fn name_too_long() {
    let ok = "a".repeat(MAX_NAME_LEN);
    let input = format!("{ok} x\n{ok}\n");
    assert_eq!(parse_ok(&input).item_names, [ok.as_str(), "x"]);

    let long = "b".repeat(MAX_NAME_LEN + 1);
    let e = parse_err(format!("x  {long}\n").as_bytes());
    assert_eq!(
        e,
        ParseError {
            line: 1,
            column: 4,
            kind: ParseErrorKind::NameTooLong(long)
        }
    );
    assert!(e.to_string().contains("9 characters long"), "{e}");
}

#[test]
fn bad_characters() {
    assert_error(b"a b:c\n", 1, 4, ParseErrorKind::BadCharacter(':'));
    // DLX3 reads `b|c` as bounds `b` on item `c`.
    assert_error(b"a b|c\n", 1, 3, ParseErrorKind::BadBound("b".into()));
    assert_error(
        "a b\nb\n| comment\na  \u{e9}\n".as_bytes(),
        4,
        4,
        ParseErrorKind::BadCharacter('\u{e9}'),
    );
    // A control character other than a blank.
    assert_error(b"a\x0bb\n", 1, 2, ParseErrorKind::BadCharacter('\x0b'));
    // A color (DLX2's `item:color`) is one character.
    assert_error(
        b"a | x\na x:red\n",
        2,
        5,
        ParseErrorKind::LongColor("red".into()),
    );
}

#[test]
fn colors_and_bounds_are_read() {
    let file = text::parse(b"a 2|b 0:3|c | x y\na x:1 b\nb x:1 y\nc\n").unwrap();
    let p = &file.problem;
    assert_eq!(p.kind(), dlx_core::Kind::Multiplicities);
    let [a, b, c, x] = [0, 1, 2, 3].map(Item::new);
    assert_eq!(p.bounds(a), Some((1, 1)));
    assert_eq!(p.bounds(b), Some((2, 2)));
    assert_eq!(p.bounds(c), Some((0, 3)));
    assert_eq!(p.bounds(x), None);
    assert_eq!(file.item_names, ["a", "b", "c", "x", "y"]);
    assert_eq!(file.option_text(OptionId::new(0)), "a x:1 b");
    assert_eq!(file.option_text(OptionId::new(1)), "b x:1 y");
    // A colored file without bounds is an XCC problem.
    let file = text::parse(b"a b | x\na x:1\nb x:1\n").unwrap();
    assert_eq!(file.problem.kind(), dlx_core::Kind::Colors);
    // And one with neither is DLX1's.
    let file = text::parse(b"a b | x\na x\nb\n").unwrap();
    assert_eq!(file.problem.kind(), dlx_core::Kind::Exact);
}

#[test]
fn color_errors_name_line_and_column() {
    assert_error(
        b"a b\na b:x\n",
        2,
        3,
        ParseErrorKind::ColorOnPrimary("b".into()),
    );
    assert_error(
        b"a | x\na x:\n",
        2,
        4,
        ParseErrorKind::EmptyColor("x".into()),
    );
    assert_error(
        b"a | x\na x:ab\n",
        2,
        5,
        ParseErrorKind::LongColor("ab".into()),
    );
    // The same item twice, even with one color.
    assert_error(
        b"a | x\na x:1 x:1\n",
        2,
        7,
        ParseErrorKind::RepeatedItem("x".into()),
    );
    assert_error(
        b"a | x\na x x:1\n",
        2,
        5,
        ParseErrorKind::RepeatedItem("x".into()),
    );
    // A multi-byte color is one character.
    let file = text::parse("a | x\na x:\u{e9}\n".as_bytes()).unwrap();
    assert_eq!(file.option_text(OptionId::new(0)), "a x:\u{e9}");
}

#[test]
fn bound_errors_name_line_and_column() {
    let lo_hi = |lo, hi| ParseErrorKind::LowerAboveUpper { lo, hi };
    assert_error(b"a 3:2|b\nb\n", 1, 3, lo_hi(3, 2));
    assert_error(b"0|a\na\n", 1, 1, ParseErrorKind::ZeroUpperBound);
    assert_error(b"0:0|a\na\n", 1, 1, ParseErrorKind::ZeroUpperBound);
    assert_error(
        b"a | 2|x\na\n",
        1,
        5,
        ParseErrorKind::BoundsOnSecondary("x".into()),
    );
    assert_error(b"x2|a\na\n", 1, 1, ParseErrorKind::BadBound("x2".into()));
    assert_error(b"1:z|a\na\n", 1, 3, ParseErrorKind::BadBound("z".into()));
    assert_error(
        b"2:a\na\n",
        1,
        1,
        ParseErrorKind::MissingUpperBound("2:a".into()),
    );
    assert_error(
        b"99999999999|a\na\n",
        1,
        1,
        ParseErrorKind::BoundTooLarge("99999999999".into()),
    );
    // Bounds of a billion are fine.
    let file = text::parse(b"1000000000|a\na\n").unwrap();
    assert_eq!(
        file.problem.bounds(Item::new(0)),
        Some((1_000_000_000, 1_000_000_000))
    );
}

#[test]
fn second_divider_in_the_item_line() {
    assert_error(b"a | b | c\n", 1, 7, ParseErrorKind::SecondDivider);
    assert_error(b"a b |\t|\n", 1, 7, ParseErrorKind::SecondDivider);
}

#[test]
fn divider_in_an_option() {
    assert_error(b"a b | x\na | x\n", 2, 3, ParseErrorKind::DividerInOption);
    assert_error(b"a b\na b|\n", 2, 3, ParseErrorKind::DividerInOption);
}

#[test]
fn no_item_line() {
    assert_error(b"", 1, 0, ParseErrorKind::NoItemLine);
    // The error names the last line, where the item line was still
    // missing (line 1 for an empty input).
    assert_error(
        b"| only a comment\n\n   \n|another\n",
        4,
        0,
        ParseErrorKind::NoItemLine,
    );
    assert_error(b"\xEF\xBB\xBF| c", 1, 0, ParseErrorKind::NoItemLine);
    assert_error(b"| only a comment\n", 1, 0, ParseErrorKind::NoItemLine);
}

#[test]
fn an_item_line_cannot_start_with_the_divider() {
    // A line whose first nonblank character is '|' is a comment (as in
    // DLX1), so an item line of secondary items only cannot be written:
    // the next line becomes the item line instead, and an option naming
    // the secondary items is then unknown.
    assert_error(
        b"| x y\nx\ny\n",
        3,
        1,
        ParseErrorKind::UnknownItem("y".into()),
    );
}

#[test]
fn invalid_utf8() {
    assert_error(b"a \xff b\n", 1, 3, ParseErrorKind::InvalidUtf8);
    // Columns count characters, not bytes: the bad byte follows "ab" and
    // a blank.
    assert_error(b"a b\nab \xc3\n", 2, 4, ParseErrorKind::InvalidUtf8);
}

#[test]
fn messages_say_what_was_expected() {
    for (input, words) in [
        (&b"a | b | c\n"[..], "expected one at most"),
        (&b"a b\na |\n"[..], "expected item names only"),
        (&b"a b:c\n"[..], "expected printable ASCII"),
        (&b"a \xff\n"[..], "invalid UTF-8"),
        (&b"a b\na a\n"[..], "appears twice in this option"),
        (&b"a a\n"[..], "declared twice"),
        (&b""[..], "no item line"),
    ] {
        let e = parse_err(input);
        assert!(e.to_string().contains(words), "{e} lacks {words:?}");
    }
}

/// A line of `MAX_LINE_LEN + 1` bytes, produced without holding it in
/// memory.
fn over_long_line() -> impl BufRead {
    BufReader::new(io::repeat(b'a').take(MAX_LINE_LEN as u64 + 1))
}

#[test]
fn line_too_long() {
    let input = Cursor::new(&b"a b\n"[..])
        .chain(over_long_line())
        .chain(Cursor::new(&b"\na\n"[..]));
    match text::read(input) {
        Err(ReadError::Parse(e)) => {
            assert_eq!(
                e,
                ParseError {
                    line: 2,
                    column: 0,
                    kind: ParseErrorKind::LineTooLong
                }
            );
            assert!(e.to_string().starts_with("2: line longer than"), "{e}");
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn read_errors_are_reported_as_io_errors() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "gone"))
        }
    }
    let input = Cursor::new(&b"a b\na\n"[..]).chain(BufReader::new(Failing));
    match text::read(input) {
        Err(ReadError::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
        other => panic!("expected an I/O error, got {other:?}"),
    }
}

#[test]
fn no_panic_on_arbitrary_bytes() {
    // Every short mix of the interesting bytes either parses or gives an
    // error with a position inside the input.
    let alphabet: &[u8] = b"a| :\n\r\t\xff";
    let mut input = Vec::new();
    for code in 0..alphabet.len().pow(6) {
        input.clear();
        let mut c = code;
        for _ in 0..6 {
            input.push(alphabet[c % alphabet.len()]);
            c /= alphabet.len();
        }
        if let Err(e) = parse(&input) {
            let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
            assert!(e.line >= 1 && e.line <= lines.len() + 1, "{input:?}: {e}");
            if e.column > 0 {
                let chars = String::from_utf8_lossy(lines[e.line - 1]).chars().count();
                assert!(e.column <= chars, "{input:?}: {e}");
            }
        }
    }
}

// --------------------------------------------------------------- leniency

/// A problem with comments, blank lines, tabs, secondary items and an
/// option of secondary items only; the variants below must read the same.
const PLAIN: &str = "\
| a comment before the item line
a b c | x y

| a comment among the options
a x
\tb  c
| indented comments are comments too:
   | like this one
a b y
c y
x y

b c x
";

#[test]
fn the_plain_file() {
    let mut f = parse_ok(PLAIN);
    assert_eq!(f.item_names, ["a", "b", "c", "x", "y"]);
    assert_eq!(
        (f.problem.primary_count(), f.problem.secondary_count()),
        (3, 2)
    );
    assert_eq!(f.problem.option_count(), 6);
    assert_eq!(f.option_lines, [5, 6, 9, 10, 11, 13]);
    assert_eq!(f.ignored_options, [11], "x y has no primary item");
    let texts: Vec<String> = (0..6).map(|o| f.option_text(OptionId::new(o))).collect();
    assert_eq!(texts, ["a x", "b c", "a b y", "c y", "x y", "b c x"]);
    assert_eq!(
        solution_texts(&mut f),
        [vec!["a x", "b c"]],
        "{{a, b, y}} needs c without y, {{b, c, x}} needs a without x"
    );
}

#[test]
fn crlf_bom_tabs_and_no_final_newline_read_the_same() {
    let plain = parse_ok(PLAIN);
    let variants = [
        PLAIN.replace('\n', "\r\n"),
        format!("\u{feff}{PLAIN}"),
        PLAIN.trim_end_matches('\n').to_string(),
        PLAIN.replace(' ', "\t"),
        format!("\u{feff}{}", PLAIN.replace('\n', "\r\n").trim_end()),
    ];
    for input in &variants {
        let mut f = parse_ok(input);
        assert_eq!(f.item_names, plain.item_names, "{input:?}");
        assert_eq!(f.option_lines, plain.option_lines, "{input:?}");
        assert_eq!(f.ignored_options, plain.ignored_options, "{input:?}");
        assert_eq!(solution_texts(&mut f), [vec!["a x", "b c"]], "{input:?}");
    }
}

#[test]
fn columns_are_counted_after_the_byte_order_mark() {
    assert_error(
        "\u{feff}a a\n".as_bytes(),
        1,
        3,
        ParseErrorKind::DuplicateItem("a".into()),
    );
    // Only at the very start: a BOM on a later line is a bad character.
    assert_error(
        "a\n\u{feff}a\n".as_bytes(),
        2,
        1,
        ParseErrorKind::BadCharacter('\u{feff}'),
    );
}

#[test]
fn a_lone_carriage_return_is_not_a_blank() {
    assert_error(b"a b\ra\n", 1, 4, ParseErrorKind::BadCharacter('\r'));
}

#[test]
fn items_and_no_options() {
    let mut f = parse_ok("| nothing to choose\na b | c\n");
    assert_eq!(f.problem.option_count(), 0);
    assert!(f.option_lines.is_empty());
    assert_eq!(f.problem.count(), 0);
}

#[test]
fn option_ids_follow_the_option_lines() {
    let mut f = parse_ok("a b c\n\nc\n| skip\na b\nb\na\n");
    assert_eq!(f.option_lines, [3, 5, 6, 7]);
    assert!(f.ignored_options.is_empty());
    let all: Vec<Vec<OptionId>> = f.problem.solutions().collect();
    let mut lines: Vec<Vec<usize>> = all
        .iter()
        .map(|s| {
            let mut l: Vec<usize> = s.iter().map(|o| f.option_lines[o.index()]).collect();
            l.sort();
            l
        })
        .collect();
    lines.sort();
    assert_eq!(lines, [vec![3, 5], vec![3, 6, 7]]);
}

// ------------------------------------------------------------ LineReader

fn collect_lines<R: BufRead>(mut reader: LineReader<R>) -> Vec<(usize, Option<String>)> {
    let mut buf = Vec::new();
    let mut out = Vec::new();
    while let Some(line) = reader.next_line(&mut buf).unwrap() {
        let text = match line {
            Line::Text(t) => Some(String::from_utf8(t.to_vec()).unwrap()),
            Line::TooLong => None,
        };
        out.push((reader.line_number(), text));
    }
    out
}

#[test]
fn line_reader_strips_newlines_and_skips_long_lines() {
    let input = b"short\r\nthis line is too long\nok\r\n\n12345678\n123456789\nlast";
    // A tiny buffer makes lines span several reads.
    for capacity in [1, 3, 64] {
        let reader = LineReader::new(BufReader::with_capacity(capacity, &input[..]), 8);
        assert_eq!(reader.line_number(), 0);
        assert_eq!(
            collect_lines(reader),
            [
                (1, Some("short".into())),
                (2, None),
                (3, Some("ok".into())),
                (4, Some(String::new())),
                (5, Some("12345678".into())),
                (6, None),
                (7, Some("last".into())),
            ],
            "capacity {capacity}"
        );
    }
}

#[test]
fn line_reader_at_the_end() {
    assert!(collect_lines(LineReader::new(&b""[..], 8)).is_empty());
    assert_eq!(
        collect_lines(LineReader::new(&b"\n"[..], 8)),
        [(1, Some(String::new()))]
    );
    assert_eq!(
        collect_lines(LineReader::new(&b"a\r"[..], 8)),
        [(1, Some("a".into()))],
        "a last line's CR is stripped too"
    );
    let mut reader = LineReader::new(&b"x\n"[..], 8);
    let mut buf = Vec::new();
    assert_eq!(reader.next_line(&mut buf).unwrap(), Some(Line::Text(b"x")));
    assert_eq!(reader.next_line(&mut buf).unwrap(), None);
    assert_eq!(
        reader.next_line(&mut buf).unwrap(),
        None,
        "stays at the end"
    );
    assert_eq!(reader.line_number(), 1);
}

#[test]
fn line_reader_skips_an_over_long_line_without_holding_it() {
    let input = Cursor::new(&b"first\n"[..])
        .chain(over_long_line())
        .chain(Cursor::new(&b"\nnext\n"[..]));
    let mut reader = LineReader::new(input, 100);
    let mut buf = Vec::new();
    assert_eq!(
        reader.next_line(&mut buf).unwrap(),
        Some(Line::Text(b"first"))
    );
    assert_eq!(reader.next_line(&mut buf).unwrap(), Some(Line::TooLong));
    assert!(buf.capacity() <= 2 * 100, "{}", buf.capacity());
    assert_eq!(
        reader.next_line(&mut buf).unwrap(),
        Some(Line::Text(b"next"))
    );
    assert_eq!(reader.line_number(), 3);
}

/// A long token is quoted as its first 40 characters, `…` and its length,
/// not whole (a token can be as long as a line, 16 MiB).
#[test]
fn long_tokens_are_quoted_short() {
    let long = "x".repeat(100_000);
    let digits = "9".repeat(100_000);
    for (input, start) in [
        (format!("a | c\na c:{long}\n"), "2:5: color 'xxxx"),
        (format!("a | c\na |{digits}\n"), "2:3: cost 9999"),
        (format!("{digits}:3|a | c\na\n"), "1:1: bound 9999"),
        (format!("a | c\n{long}\n"), "2:1: item name 'xxxx"),
    ] {
        let e = parse_err(input.as_bytes()).to_string();
        assert!(e.starts_with(start), "{e}");
        assert!(e.contains("… (100000 characters)"), "{e}");
        assert!(e.len() < 250, "{} bytes: {e}", e.len());
    }
    // Up to 40 characters, the token is quoted whole, as before.
    let e = parse_err(b"a b\na zzz\n").to_string();
    assert_eq!(e, "2:3: unknown item 'zzz' (not in the item line)");
}

/// An endless line (`/dev/zero`) is reported as soon as it passes the
/// limit: neither `read` nor `LineReader` waits for its end.
#[test]
fn endless_line_is_reported_at_the_limit() {
    let endless = Cursor::new(&b"a b\n"[..]).chain(io::repeat(b'a'));
    match text::read(BufReader::new(endless)) {
        Err(ReadError::Parse(e)) => assert_eq!((e.line, e.kind), (2, ParseErrorKind::LineTooLong)),
        other => panic!("expected a parse error, got {other:?}"),
    }
    let mut lines = LineReader::new(BufReader::new(io::repeat(b'a')), 10);
    let mut buf = Vec::new();
    assert_eq!(lines.next_line(&mut buf).unwrap(), Some(Line::TooLong));
    assert!(!lines.skip_rest(1000).unwrap());
    // A long line that ends is skipped, and the next one read.
    let input = format!("{}\nnext\n", "a".repeat(100));
    let mut lines = LineReader::new(input.as_bytes(), 10);
    assert_eq!(lines.next_line(&mut buf).unwrap(), Some(Line::TooLong));
    assert_eq!(
        lines.next_line(&mut buf).unwrap(),
        Some(Line::Text(b"next"))
    );
    assert_eq!(lines.line_number(), 2);
}
