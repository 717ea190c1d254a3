//! Arbitrary bytes → format detection → every record.
//!
//! Checks: detection on a reader agrees with `detect` on the same bytes; the
//! records are well-formed (see `read_checked`); the boards read, printed in
//! the detected format and read back, come out the same; printed in each
//! readable format and read back in the format detected for that text, they
//! come out the same too.
#![no_main]

use dlx_fuzz::{detect_round_trip, read_checked, round_trip, READABLE};
use dlx_sudoku::format::{detect, Format, Reader};
use dlx_sudoku::Board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A byte slice's `fill_buf` is the whole slice.
    let (reader, format) = Reader::detect(data).expect("a byte slice cannot fail");
    assert_eq!(format, detect(data).unwrap_or(Format::Line));
    assert!(
        format.can_read(),
        "detected the output-only format {format}"
    );
    let boards = read_checked(reader, data).unwrap_or_else(|e| panic!("{format}: {e}"));
    if let Err(e) = round_trip(format, &boards) {
        panic!("{e}");
    }
    for format in READABLE {
        if known_detect_bug(format, &boards) {
            continue;
        }
        if let Err(e) = detect_round_trip(format, &boards) {
            panic!("{e}");
        }
    }
});

/// Printed texts that `detect` is known to get wrong (found by this target;
/// see the ignored tests in `dlx-sudoku/tests/fuzz_regressions.rs`),
/// skipped so the fuzzer can look for other failures. Delete each case
/// when its bug is fixed.
fn known_detect_bug(format: Format, boards: &[Board]) -> bool {
    let Some(first) = boards.first() else {
        return false;
    };
    match format {
        // poj3076_small_solved_grid_is_detected: a 4x4 or 9x9 first grid
        // without a blank ('-') is taken for a standard grid.
        Format::Poj3076 => first.order() <= 3 && first.is_full(),
        // line_format_starting_with_a_4x4_puzzle_is_detected: a 4x4 first
        // puzzle followed by a larger one is taken for a 16x16 grid.
        Format::Line => {
            let other_order = boards.iter().any(|b| b.order() != first.order());
            // ... and line_format_starting_with_a_solved_9x9_is_detected: an
            // 81-digit first line followed by a 16-character one is taken
            // for a poj2676 case count.
            other_order && (first.order() == 2 || (first.order() == 3 && first.is_full()))
        }
        _ => false,
    }
}
