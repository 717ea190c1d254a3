//! First byte → a readable format; the rest → that format's reader.
//!
//! Checks: the records are well-formed (see `read_checked`); the boards
//! read, printed in the same format and read back, come out the same.
#![no_main]

use dlx_fuzz::{read_checked, round_trip, READABLE};
use dlx_sudoku::format::Reader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let format = READABLE[usize::from(pick) % READABLE.len()];
    let reader = Reader::new(text, format);
    assert_eq!(reader.format(), format);
    let boards = read_checked(reader, text).unwrap_or_else(|e| panic!("{format}: {e}"));
    if let Err(e) = round_trip(format, &boards) {
        panic!("{e}");
    }
});
