//! Counted nouns in messages: `1 cell`, `2 cells`.

use std::fmt;

/// `n` and a noun, plural unless `n` is 1: `1 cell`, `0 cells`, `12
/// cells` (the nouns of both programs' messages all take an `s`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plural<'a>(pub u64, pub &'a str);

impl fmt::Display for Plural<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Plural(n, noun) = *self;
        if n == 1 {
            write!(f, "1 {noun}")
        } else {
            write!(f, "{n} {noun}s")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Plural;

    #[test]
    fn plural_takes_an_s_unless_one() {
        assert_eq!(Plural(1, "cell").to_string(), "1 cell");
        assert_eq!(Plural(0, "cell").to_string(), "0 cells");
        assert_eq!(Plural(81, "cell").to_string(), "81 cells");
    }
}
