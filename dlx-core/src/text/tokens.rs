//! The words of a line and what they say: names, colors, bounds, costs.

use super::*;

pub(super) fn err(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
    ParseError { line, column, kind }
}

/// A blank-separated word of a line and its 1-based column.
pub(super) struct Token<'a> {
    pub(super) text: &'a [u8],
    pub(super) column: usize,
}

/// Splits a line at blanks (spaces and tabs).
pub(super) struct Tokens<'a> {
    pub(super) line: &'a [u8],
    pub(super) pos: usize,
    /// Characters before `pos` (kept as the line is walked: counting from
    /// the start for each token made a line of n tokens cost n² steps).
    pub(super) chars: usize,
}

impl<'a> Tokens<'a> {
    pub(super) fn new(line: &'a [u8], line_no: usize) -> Result<Self, ParseError> {
        if let Err(e) = std::str::from_utf8(line) {
            let column = String::from_utf8_lossy(&line[..e.valid_up_to()])
                .chars()
                .count()
                + 1;
            return Err(err(line_no, column, ParseErrorKind::InvalidUtf8));
        }
        Ok(Tokens {
            line,
            pos: 0,
            chars: 0,
        })
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let is_blank = |b: &u8| *b == b' ' || *b == b'\t';
        let rest = &self.line[self.pos..];
        let start = self.pos + rest.iter().position(|b| !is_blank(b))?;
        let len = self.line[start..]
            .iter()
            .position(is_blank)
            .unwrap_or(self.line.len() - start);
        // Columns count characters (the line is valid UTF-8 here); blanks
        // are one byte each.
        let column = self.chars + (start - self.pos) + 1;
        let text = &self.line[start..start + len];
        self.chars = column - 1 + utf8_chars(text);
        self.pos = start + len;
        Some(Token { text, column })
    }
}

/// The number of characters in valid UTF-8 `bytes`: the bytes that do not
/// continue a character.
pub(super) fn utf8_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// The bounds written before an item name on the item line, and the column
/// where they start.
#[derive(Clone, Copy)]
pub(super) struct Bounds {
    pub(super) lo: u32,
    pub(super) hi: u32,
    pub(super) column: usize,
}

/// Splits `lo:hi|name` or `k|name` into the name and its bounds (DLX3).
/// A token without `|` is a name; `lo:name` lacks its upper bound.
pub(super) fn split_bounds<'a>(
    t: Token<'a>,
    line_no: usize,
) -> Result<(Token<'a>, Option<Bounds>), ParseError> {
    let Some(bar) = t.text.iter().position(|&b| b == b'|') else {
        if let Some(colon) = t.text.iter().position(|&b| b == b':') {
            let prefix = &t.text[..colon];
            if !prefix.is_empty() && prefix.iter().all(u8::is_ascii_digit) {
                let text = String::from_utf8_lossy(t.text).into_owned();
                let kind = ParseErrorKind::MissingUpperBound(text);
                return Err(err(line_no, t.column, kind));
            }
        }
        return Ok((t, None));
    };
    let spec = &t.text[..bar];
    let number = |digits: &[u8], column: usize| -> Result<u32, ParseError> {
        let text = String::from_utf8_lossy(digits).into_owned();
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(err(line_no, column, ParseErrorKind::BadBound(text)));
        }
        text.parse()
            .map_err(|_| err(line_no, column, ParseErrorKind::BoundTooLarge(text)))
    };
    // Bounds are ASCII digits (checked), so byte offsets are columns.
    let (lo, hi) = match spec.iter().position(|&b| b == b':') {
        Some(colon) => (
            number(&spec[..colon], t.column)?,
            number(&spec[colon + 1..], t.column + colon + 1)?,
        ),
        None => {
            let k = number(spec, t.column)?;
            (k, k)
        }
    };
    let name = Token {
        text: &t.text[bar + 1..],
        column: t.column + bar + 1,
    };
    if name.text.is_empty() {
        let kind = ParseErrorKind::BadCharacter('|');
        return Err(err(line_no, t.column + bar, kind));
    }
    let bounds = Bounds {
        lo,
        hi,
        column: t.column,
    };
    Ok((name, Some(bounds)))
}

/// Splits `name:c` into the name and its color (DLX2).
pub(super) fn split_color<'a>(
    t: Token<'a>,
    line_no: usize,
) -> Result<(Token<'a>, Option<Color>), ParseError> {
    let Some(colon) = t.text.iter().position(|&b| b == b':') else {
        return Ok((t, None));
    };
    let name = Token {
        text: &t.text[..colon],
        column: t.column,
    };
    let rest = String::from_utf8_lossy(&t.text[colon + 1..]).into_owned();
    let column = t.column + String::from_utf8_lossy(&t.text[..=colon]).chars().count();
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (None, _) => {
            let n = String::from_utf8_lossy(name.text).into_owned();
            Err(err(line_no, column - 1, ParseErrorKind::EmptyColor(n)))
        }
        (Some(c), None) => Ok((name, Some(char_color(c)))),
        (Some(_), Some(_)) => Err(err(line_no, column, ParseErrorKind::LongColor(rest))),
    }
}

/// The value of a cost token `|N` (DLX5).
pub(super) fn read_cost(t: &Token<'_>, line_no: usize) -> Result<u64, ParseError> {
    let digits = &t.text[1..];
    if !digits.first().is_some_and(u8::is_ascii_digit) {
        return Err(err(
            line_no,
            t.column + 1,
            ParseErrorKind::CostWithoutDigits,
        ));
    }
    let mut value = 0u64;
    for (k, &b) in digits.iter().enumerate() {
        if !b.is_ascii_digit() {
            // The token is valid UTF-8; everything before `b` is ASCII.
            let c = std::str::from_utf8(&digits[k..])
                .ok()
                .and_then(|r| r.chars().next())
                .unwrap_or(char::REPLACEMENT_CHARACTER);
            return Err(err(
                line_no,
                t.column + 1 + k,
                ParseErrorKind::BadCostDigit(c),
            ));
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| {
                let text = String::from_utf8_lossy(digits).into_owned();
                err(line_no, t.column, ParseErrorKind::CostTooLarge(text))
            })?;
    }
    Ok(value)
}

/// Checks an item name's characters and length.
pub(super) fn check_name(t: &Token<'_>, line_no: usize) -> Result<String, ParseError> {
    let name = String::from_utf8_lossy(t.text).into_owned();
    for (k, c) in name.chars().enumerate() {
        if !c.is_ascii_graphic() || c == ':' || c == '|' {
            return Err(err(line_no, t.column + k, ParseErrorKind::BadCharacter(c)));
        }
    }
    if t.text.len() > MAX_NAME_LEN {
        return Err(err(line_no, t.column, ParseErrorKind::NameTooLong(name)));
    }
    Ok(name)
}
