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
        if let Err(e) = detect_round_trip(format, &boards) {
            panic!("{e}");
        }
    }
});
