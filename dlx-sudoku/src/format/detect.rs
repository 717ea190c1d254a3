//! Guessing the format from the start of the input.

use super::lines::BOM;
use super::{is_blank, trim, Format, SIDES};

/// How many lines of the sample are looked at, at most.
const MAX_LINES: usize = 64;

/// Guesses the format of an input from its start (a few KiB are plenty),
/// or `None` when the sample is empty or fits no format.
///
/// A last line without its newline is used only when it is the only line
/// (it may be cut). Blank lines and `#` comment lines before the first
/// record are skipped. The rules, on the first line that is left:
///
/// - `[` first: [`Format::Leetcode`]; `+` or `|` first: [`Format::Pretty`];
///   `end`: [`Format::Line`].
/// - Several blank-separated words: [`Format::Hdu1426`] if a `?` appears in
///   the sample, else [`Format::Spaced`].
/// - Only digits, followed by a row whose length differs (or by nothing): a
///   case count, [`Format::Poj2676`].
/// - 81, 256 or 625 characters: [`Format::Line`].
/// - 4, 9, 16 or 25 characters: a grid row. With a `-` in the first grid (or
///   letters past the values of the standard alphabet for its side) and no
///   digit, [`Format::Poj3076`]. Sixteen characters are also a 4×4 puzzle on one
///   line: [`Format::Grid`] only if the first block holds a value larger
///   than 4, else [`Format::Line`].
///
/// ```
/// use dlx_sudoku::format::{detect, Format};
///
/// assert_eq!(detect(b"1\n103000509\n002109400\n"), Some(Format::Poj2676));
/// assert_eq!(detect(b"--A----C-----O-I\n-J--A-B-P-CGF-H-\n"), Some(Format::Poj3076));
/// assert_eq!(detect(b"[[\"5\",\"3\",\".\""), Some(Format::Leetcode));
/// assert_eq!(detect(b""), None);
/// ```
pub fn detect(sample: &[u8]) -> Option<Format> {
    let sample = sample.strip_prefix(BOM).unwrap_or(sample);
    let mut raw: Vec<&[u8]> = sample.split(|&b| b == b'\n').take(MAX_LINES + 1).collect();
    let complete = sample.iter().filter(|&&b| b == b'\n').count();
    if raw.len() > complete && raw.len() > 1 {
        raw.pop(); // a cut (or last) line, when there are others
    }
    let lines: Vec<&[u8]> = raw
        .iter()
        .map(|l| {
            let (s, e) = trim(l);
            &l[s..e]
        })
        .filter(|l| !l.starts_with(b"#"))
        .collect();
    let first_at = lines.iter().position(|l| !l.is_empty())?;
    let first = lines[first_at];
    // The first record's lines, up to a blank line.
    let block: Vec<&[u8]> = lines[first_at..]
        .iter()
        .take_while(|l| !l.is_empty())
        .copied()
        .collect();
    let next = lines[first_at + 1..].iter().find(|l| !l.is_empty());

    if first[0] == b'[' {
        return Some(Format::Leetcode);
    }
    if first[0] == b'+' || first[0] == b'|' {
        return Some(Format::Pretty);
    }
    if first.eq_ignore_ascii_case(b"end") {
        return Some(Format::Line);
    }
    if first.iter().any(|&b| is_blank(b)) {
        return Some(if sample.contains(&b'?') {
            Format::Hdu1426
        } else {
            Format::Spaced
        });
    }
    let len = |l: &[u8]| String::from_utf8_lossy(l).chars().count();
    let n = len(first);
    // A case count is a short number, never a whole puzzle on one line.
    if first.iter().all(u8::is_ascii_digit) && ![16, 81, 256, 625].contains(&n) {
        let count_line = match next {
            Some(row) => {
                let m = len(row);
                SIDES.contains(&m) && m != n
            }
            None => !SIDES.contains(&n) && ![81, 256, 625].contains(&n),
        };
        if count_line {
            return Some(Format::Poj2676);
        }
    }
    if [81, 256, 625].contains(&n) {
        return Some(Format::Line);
    }
    if !SIDES.contains(&n) {
        return None;
    }
    // The rows of the first grid, if it is one: the block's first rows of
    // the first line's length (a 16-character first line may instead be a
    // 4x4 puzzle of the line format, followed by puzzles of other sizes).
    let grid: Vec<&[u8]> = block
        .iter()
        .take(n)
        .take_while(|l| len(l) == n)
        .copied()
        .collect();
    let any = |f: &dyn Fn(u8) -> bool| grid.iter().any(|l| l.iter().any(|&b| f(b)));
    let letters_past_std = match n {
        16 => any(&|b| matches!(b.to_ascii_uppercase(), b'H'..=b'P')),
        25 => any(&|b| matches!(b.to_ascii_uppercase(), b'Q'..=b'Y')),
        // Sides 4 and 9 use digits only: any letter is past them.
        _ => any(&|b| b.is_ascii_alphabetic()),
    };
    // POJ 3076 writes letters only: a digit makes the grid one of digits
    // (whose reader then names the stray letter or '-', not the digit).
    if !any(&|b| b.is_ascii_digit()) && (any(&|b| b == b'-') || letters_past_std) {
        return Some(Format::Poj3076);
    }
    // Sixteen characters: the first row of a 16x16 grid only if the next
    // 15 rows of the block have 16 characters too and hold a value above 4.
    let grid_rows = &block[..block.len().min(16)];
    let rows_differ = grid_rows.iter().any(|l| len(l) != n);
    let big_value = grid_rows.iter().any(|l| {
        l.iter()
            .any(|b| matches!(b.to_ascii_uppercase(), b'5'..=b'9' | b'A'..=b'G'))
    });
    if n == 16 && (rows_differ || !big_value) {
        return Some(Format::Line);
    }
    Some(Format::Grid)
}
