//! Hostile probes of the second round (the guess counts, the chain
//! lengths of issue 40): edges of public functions that the programs do
//! not reach today but a library user can.

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
        assert!(b >= dlx_sudoku::logic::length_bonus(1 << 40), "{length}: {b}");
    }
}
