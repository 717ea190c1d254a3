//! How cell values are spelled: characters in, characters out.

/// The ways the formats spell a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Alphabet {
    /// `1`-`9`, then `A` = 10 … `P` = 25; `.`, `0`, `_` blank.
    Std,
    /// `A` = 1 … `Y` = 25; `-`, `.` blank (POJ 3076).
    Letters,
    /// Blank-separated decimal numbers; `0`, `?`, `.`, `_` blank.
    Numbers,
    /// JSON strings holding a [`Std`](Alphabet::Std) character or a number.
    Json,
}

/// The characters of values 0..=25 in [`Alphabet::Std`] (0 is never
/// printed this way: each format has its own blank).
pub(super) const STD_DIGITS: &[u8; 26] = b"0123456789ABCDEFGHIJKLMNOP";

/// The entry of [`Alphabet::table`] for a byte outside the alphabet: above
/// every board's side.
pub(super) const NOT_A_VALUE: u8 = u8::MAX;

static STD_TABLE: [u8; 256] = table_of(Alphabet::Std);
static LETTERS_TABLE: [u8; 256] = table_of(Alphabet::Letters);
static NUMBERS_TABLE: [u8; 256] = table_of(Alphabet::Numbers);

const fn table_of(alphabet: Alphabet) -> [u8; 256] {
    let mut table = [NOT_A_VALUE; 256];
    let mut b = 0;
    while b < 128 {
        if let Cell::Value(v) = alphabet.char_value(b as u8) {
            table[b] = v as u8;
        }
        b += 1;
    }
    table
}

/// What one character or token stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cell {
    /// An empty cell or a value, possibly larger than the board allows.
    Value(usize),
    /// Not a cell of this alphabet.
    Unknown,
}

impl Alphabet {
    /// [`Alphabet::char_value`] of every byte, with [`NOT_A_VALUE`] for
    /// the bytes that are not in the alphabet (non-ASCII ones included).
    pub(super) fn table(self) -> &'static [u8; 256] {
        match self {
            Alphabet::Std | Alphabet::Json => &STD_TABLE,
            Alphabet::Letters => &LETTERS_TABLE,
            Alphabet::Numbers => &NUMBERS_TABLE,
        }
    }

    /// The value of one ASCII character in a character format.
    #[inline]
    pub(super) const fn char_value(self, b: u8) -> Cell {
        let v = match self {
            Alphabet::Std | Alphabet::Json => match b {
                b'.' | b'0' | b'_' => 0,
                b'1'..=b'9' => b - b'0',
                b'A'..=b'P' => b - b'A' + 10,
                b'a'..=b'p' => b - b'a' + 10,
                _ => return Cell::Unknown,
            },
            Alphabet::Letters => match b {
                b'-' | b'.' => 0,
                b'A'..=b'Y' => b - b'A' + 1,
                b'a'..=b'y' => b - b'a' + 1,
                _ => return Cell::Unknown,
            },
            Alphabet::Numbers => match b {
                b'0' | b'?' | b'.' | b'_' => 0,
                b'1'..=b'9' => b - b'0',
                _ => return Cell::Unknown,
            },
        };
        Cell::Value(v as usize)
    }

    /// The value of a token of the [`Numbers`](Alphabet::Numbers) or
    /// [`Json`](Alphabet::Json) alphabet: one character of the alphabet, or a
    /// decimal number (saturating, so any length is safe).
    pub(super) fn token_value(self, token: &[u8]) -> Cell {
        match token {
            [b] => self.char_value(*b),
            _ if !token.is_empty() && token.iter().all(u8::is_ascii_digit) => {
                Cell::Value(token.iter().fold(0usize, |acc, &d| {
                    acc.saturating_mul(10).saturating_add(usize::from(d - b'0'))
                }))
            }
            _ => Cell::Unknown,
        }
    }

    /// What a cell of a board of side `side` may be, for error messages.
    pub(super) fn expected(self, side: usize) -> &'static str {
        match (self, side) {
            (Alphabet::Std, 4) => "1-4, or '.', '0', '_' for a blank",
            (Alphabet::Std, 16) => "1-9 and A-G, or '.', '0', '_' for a blank",
            (Alphabet::Std, 25) => "1-9 and A-P, or '.', '0', '_' for a blank",
            (Alphabet::Std, _) => "1-9, or '.', '0', '_' for a blank",
            (Alphabet::Letters, 4) => "A-D, or '-', '.' for a blank",
            (Alphabet::Letters, 9) => "A-I, or '-', '.' for a blank",
            (Alphabet::Letters, 25) => "A-Y, or '-', '.' for a blank",
            (Alphabet::Letters, _) => "A-P, or '-', '.' for a blank",
            (Alphabet::Numbers, 4) => "a number from 1 to 4, or '0', '?', '.', '_' for a blank",
            (Alphabet::Numbers, 16) => "a number from 1 to 16, or '0', '?', '.', '_' for a blank",
            (Alphabet::Numbers, 25) => "a number from 1 to 25, or '0', '?', '.', '_' for a blank",
            (Alphabet::Numbers, _) => "a number from 1 to 9, or '0', '?', '.', '_' for a blank",
            (Alphabet::Json, 4) => "a string \"1\"-\"4\", or \".\" for a blank",
            (Alphabet::Json, 16) => "a string \"1\"-\"9\" or \"A\"-\"G\", or \".\" for a blank",
            (Alphabet::Json, 25) => "a string \"1\"-\"9\" or \"A\"-\"P\", or \".\" for a blank",
            (Alphabet::Json, _) => "a string \"1\"-\"9\", or \".\" for a blank",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std_values_cover_one_to_twenty_five() {
        for (v, &c) in STD_DIGITS.iter().enumerate().skip(1) {
            assert_eq!(Alphabet::Std.char_value(c), Cell::Value(v));
            assert_eq!(
                Alphabet::Std.char_value(c.to_ascii_lowercase()),
                Cell::Value(v)
            );
        }
        assert_eq!(Alphabet::Std.char_value(b'Q'), Cell::Unknown);
    }

    #[test]
    fn tables_spell_what_char_value_does() {
        for alphabet in [
            Alphabet::Std,
            Alphabet::Letters,
            Alphabet::Numbers,
            Alphabet::Json,
        ] {
            for b in 0..=255u8 {
                let expected = match alphabet.char_value(b) {
                    Cell::Value(v) if b.is_ascii() => v as u8,
                    _ => NOT_A_VALUE,
                };
                assert_eq!(
                    alphabet.table()[usize::from(b)],
                    expected,
                    "{alphabet:?} {b}"
                );
            }
        }
    }

    #[test]
    fn numbers_saturate() {
        assert_eq!(Alphabet::Numbers.token_value(b"12"), Cell::Value(12));
        assert_eq!(
            Alphabet::Numbers.token_value(&[b'9'; 64]),
            Cell::Value(usize::MAX)
        );
        assert_eq!(Alphabet::Numbers.token_value(b"1a"), Cell::Unknown);
        assert_eq!(Alphabet::Numbers.token_value(b""), Cell::Unknown);
    }
}
