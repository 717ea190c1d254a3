//! Inputs found by fuzzing (`fuzz/`, see `fuzz/README.md`), replayed with
//! the fuzz targets' checks so that `cargo test` keeps what the fuzzers
//! learned. No fuzzing happens here.
//!
//! - `data/fuzz/sudoku_detect/`: text whose format is detected.
//! - `data/fuzz/sudoku_formats/`: a format byte (an index into [`READABLE`],
//!   modulo its length) and then the text.
//! - `data/fuzz/sudoku_solve/`: a byte for the order (bit 0) and solver
//!   configuration, then one byte per cell, decoded by [`decode_board`] as
//!   the target does.
//!
//! - `data/fuzz/bugs/`: minimised inputs of failures the fuzzers found,
//!   each with its own test below (ignored until the bug is fixed).
//!
//! Boards read are printed and read back; solutions are checked by the
//! rules and counts against the plain backtracker of `common`.

use dlx_core::Outcome as CountOutcome;
use dlx_sudoku::format::{detect, Format, ReadError, Reader, Writer};
use dlx_sudoku::{Board, Outcome, Solver, SolverConfig};

use crate::common::{bt_count, check_solution, clues_clash, data, line, BRANCHINGS, READABLE};

/// The node limit of the `sudoku_solve` target.
const NODE_LIMIT: u64 = 10_000;

/// The files of `data/fuzz/<target>/`, sorted by name, with their bytes.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = data("fuzz").join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, bytes)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
}

/// Reads every record of `text` in `format`, checking what the fuzz targets
/// check (no I/O error from a byte slice, at most one record per byte plus
/// one, puzzles in line order, line numbers inside the input, messages that
/// start with their line), and returns the boards.
fn read_checked(name: &str, text: &[u8], reader: Reader<&[u8]>) -> Vec<Board> {
    let lines = text.iter().filter(|&&b| b == b'\n').count() + 1;
    let mut boards = Vec::new();
    let mut records = 0;
    let mut last_line = 0;
    for record in reader {
        records += 1;
        assert!(records <= text.len() + 1, "{name}: too many records");
        match record {
            Ok(puzzle) => {
                assert!(
                    (last_line.max(1)..=lines).contains(&puzzle.line),
                    "{name}: a puzzle at line {} (last {last_line}, {lines} lines)",
                    puzzle.line
                );
                last_line = puzzle.line;
                boards.push(puzzle.board);
            }
            Err(ReadError::Parse(e)) => {
                assert!((1..=lines + 1).contains(&e.line), "{name}: {e}");
                let message = e.to_string();
                assert!(
                    message.starts_with(&e.line.to_string()),
                    "{name}: {message}"
                );
            }
            Err(e) => panic!("{name}: reading a byte slice failed: {e}"),
        }
    }
    boards
}

/// `boards` written in `format` by one [`Writer`] (after a case count for
/// poj2676, as a judge's input has).
fn print(format: Format, boards: &[Board]) -> Vec<u8> {
    let mut out = Vec::new();
    if format == Format::Poj2676 {
        out.extend_from_slice(format!("{}\n", boards.len()).as_bytes());
    }
    let mut writer = Writer::new(format);
    for b in boards {
        writer.board(&mut out, b).expect("writing to a Vec");
    }
    writer.finish(&mut out).expect("writing to a Vec");
    out
}

/// The boards of `reader`, or the first error with the text.
fn read_back(reader: Reader<&[u8]>, text: &[u8]) -> Result<Vec<Board>, String> {
    reader
        .map(|r| r.map(|p| p.board))
        .collect::<Result<Vec<Board>, ReadError>>()
        .map_err(|e| format!("{e}\n{}", String::from_utf8_lossy(text)))
}

/// Prints `boards` in `format` and reads them back in the same format: the
/// same boards, no error.
fn assert_round_trip(name: &str, format: Format, boards: &[Board]) {
    if boards.is_empty() {
        return;
    }
    let out = print(format, boards);
    let back = read_back(Reader::new(&out[..], format), &out)
        .unwrap_or_else(|e| panic!("{name}: {format}: reading back failed: {e}"));
    assert_eq!(back, boards, "{name}: {format}: printed and read back");
}

/// Prints `boards` in `format` and reads them back in the format detected
/// for the printed text: the same boards, no error.
fn detect_round_trip(format: Format, boards: &[Board]) -> Result<(), String> {
    if boards.is_empty() {
        return Ok(());
    }
    let out = print(format, boards);
    let (reader, detected) = Reader::detect(&out[..]).expect("a byte slice");
    let what = format!("printed as {format}, detected as {detected}");
    let back = read_back(reader, &out).map_err(|e| format!("{what}: {e}"))?;
    if back != boards {
        return Err(format!("{what}: other boards came back"));
    }
    Ok(())
}

#[test]
fn detected_inputs() {
    for (name, text) in inputs("sudoku_detect") {
        let (reader, format) = Reader::detect(&text[..]).expect("a byte slice");
        assert_eq!(format, detect(&text).unwrap_or(Format::Line), "{name}");
        let boards = read_checked(&name, &text, reader);
        assert_round_trip(&name, format, &boards);
        for format in READABLE {
            detect_round_trip(format, &boards).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn format_inputs() {
    for (name, input) in inputs("sudoku_formats") {
        let Some((&pick, text)) = input.split_first() else {
            continue;
        };
        let format = READABLE[usize::from(pick) % READABLE.len()];
        let boards = read_checked(&name, text, Reader::new(text, format));
        assert_round_trip(&name, format, &boards);
    }
}

/// The board the `sudoku_solve` target builds from `data` and the second
/// configuration it picks (`None` for an empty input).
fn decode_board(data: &[u8]) -> Option<(Board, SolverConfig)> {
    let (&first, rest) = data.split_first()?;
    let order = 2 + usize::from(first & 1);
    let side = order * order;
    let cells = (0..side * side)
        .map(|i| rest.get(i).map_or(0, |&b| b % (side as u8 + 1)))
        .collect();
    let board = Board::from_cells(order, cells).expect("cells in range");
    let mut configs = Vec::new();
    for (prune_clues, singles, locked_candidates) in [
        (true, true, true),
        (true, false, false),
        (false, false, false),
        (true, true, false),
    ] {
        for branching in BRANCHINGS {
            configs.push(SolverConfig {
                prune_clues,
                singles,
                locked_candidates,
                branching,
            });
        }
    }
    let config = configs[usize::from(first >> 1) % configs.len()];
    Some((board, config))
}

#[test]
fn solver_inputs() {
    for (name, input) in inputs("sudoku_solve") {
        let Some((puzzle, config)) = decode_board(&input) else {
            continue;
        };
        let name = format!("{name} ({})", line(&puzzle));
        let truth = bt_count(&puzzle, 2);
        let mut solver = Solver::new();
        solver.set_node_limit(Some(NODE_LIMIT));
        let mut solution = Board::empty(2);
        let outcome = solver.solve(&puzzle, &mut solution);
        match outcome {
            Outcome::Solved => {
                check_solution(&puzzle, &solution).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            Outcome::NoSolution => {
                assert_eq!(truth, 0, "{name}: no solution?");
                assert_eq!(solution, puzzle, "{name}: the output board");
            }
            Outcome::NodeLimit => assert_eq!(solution, puzzle, "{name}: the output board"),
        }
        if clues_clash(&puzzle) {
            assert_eq!(outcome, Outcome::NoSolution, "{name}: clashing clues");
        }
        for config in [SolverConfig::default(), config] {
            let mut s = Solver::with_config(config);
            s.set_node_limit(Some(NODE_LIMIT));
            let count = s.count(&puzzle, Some(2));
            if count.outcome != CountOutcome::NodeLimit {
                assert_eq!(count.solutions, truth, "{name}: {config:?}");
            }
        }
    }
}

/// Reads `text` with the format [`Reader::detect`] picks: that format and
/// the boards, or the first error.
fn read_detected(text: &[u8]) -> (Format, Result<Vec<Board>, String>) {
    let (reader, format) = Reader::detect(text).expect("a byte slice");
    let boards = reader
        .map(|r| r.map(|p| p.board).map_err(|e| e.to_string()))
        .collect();
    (format, boards)
}

/// Found by `sudoku_detect` (a solved 9x9 board printed as poj3076 and
/// detected back). The format documentation says a grid with "letters past
/// the values of the standard alphabet for its side" is poj3076, but
/// `detect` applies that only to sides 16 and 25: a 4x4 or 9x9 poj3076 grid
/// without a `-` (a solved board, the output of `--format poj3076`) is
/// taken for a standard grid, whose reader rejects its letters
/// (`1:1: value "A" is too large for a 4x4 board`).
#[test]
fn poj3076_small_solved_grid_is_detected() {
    for name in ["poj3076_full_4x4.txt", "poj3076_full_9x9.txt"] {
        let text = crate::common::read(&data("fuzz/bugs").join(name));
        let (format, boards) = read_detected(&text);
        assert_eq!(format, Format::Poj3076, "{name}");
        let boards = boards.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(boards.len(), 1, "{name}");
        assert!(boards[0].is_full(), "{name}");
    }
    // The fuzz input, minimised: a full 9x9 board (clashing, which the
    // reader does not check) in the line format.
    let text = crate::common::read(&data("fuzz/bugs/detect_min_full_9x9.txt"));
    let boards = read_checked(
        "detect_min_full_9x9",
        &text,
        Reader::new(&text[..], Format::Line),
    );
    assert_eq!(boards.len(), 1);
    detect_round_trip(Format::Poj3076, &boards).unwrap_or_else(|e| panic!("{e}"));
}

/// Found by `sudoku_detect` (a 4x4 board and a 9x9 board printed in the
/// line format and detected back). A first line of 16 characters is taken
/// for a grid row when "the first block holds a value larger than 4"; in
/// the line format the first block is every line up to a blank one, so a
/// later 81-character puzzle with a 5 to 9 in it turns the whole input into
/// a 16x16 grid, which then fails (`2: 81 cells (expected 16)`). A line of
/// another length right after the first cannot be the second row of a grid.
#[test]
fn line_format_starting_with_a_4x4_puzzle_is_detected() {
    let text = crate::common::read(&data("fuzz/bugs/line_4x4_then_9x9.txt"));
    let (format, boards) = read_detected(&text);
    assert_eq!(format, Format::Line);
    let boards = boards.unwrap_or_else(|e| panic!("{e}"));
    let orders: Vec<usize> = boards.iter().map(Board::order).collect();
    assert_eq!(orders, [2, 3]);
    // The fuzz input, minimised: the same shape, read as detected (line).
    let text = crate::common::read(&data("fuzz/bugs/detect_min_4x4_then_9x9.txt"));
    let (format, boards) = read_detected(&text);
    assert_eq!(format, Format::Line);
    let boards = boards.unwrap_or_else(|e| panic!("{e}"));
    detect_round_trip(Format::Line, &boards).unwrap_or_else(|e| panic!("{e}"));
}

/// Found by `sudoku_detect` after D2 was fixed (a 4x4 puzzle and a 25x25
/// one printed in the line format and detected back). The test for letters
/// past the 16x16 alphabet looked at the whole first block, and in the line
/// format the block is every line: the 25x25 puzzle's `H` to `P` made a
/// 16-character first line the start of a poj3076 grid, whose reader then
/// failed (`1:3: unknown character '3'`). Only the first grid's rows count.
#[test]
fn line_format_starting_with_a_4x4_puzzle_before_a_25x25_is_detected() {
    let text = crate::common::read(&data("fuzz/bugs/line_4x4_then_25x25.txt"));
    let (format, boards) = read_detected(&text);
    assert_eq!(format, Format::Line);
    let boards = boards.unwrap_or_else(|e| panic!("{e}"));
    let orders: Vec<usize> = boards.iter().map(Board::order).collect();
    assert_eq!(orders, [2, 5]);
    detect_round_trip(Format::Line, &boards).unwrap_or_else(|e| panic!("{e}"));
    // The minimised fuzz input (the same shape after a malformed first
    // record) is replayed by `detected_inputs`: fuzz-0addaafb899f.txt.
}

/// Found by `sudoku_detect` (a solved 9x9 board and a 4x4 puzzle printed in
/// the line format and detected back). A first line of only digits followed
/// by a line whose length is another board side is taken for a poj2676 case
/// count, even when it is 81 digits long: a solved 9x9 board on one line.
/// The poj2676 reader then rejects it (`1:1: "…" is not a case count`). A
/// count line cannot be 16, 81, 256 or 625 digits long in practice.
#[test]
fn line_format_starting_with_a_solved_9x9_is_detected() {
    let text = crate::common::read(&data("fuzz/bugs/line_solved_9x9_then_4x4.txt"));
    let (format, boards) = read_detected(&text);
    assert_eq!(format, Format::Line);
    let boards = boards.unwrap_or_else(|e| panic!("{e}"));
    let orders: Vec<usize> = boards.iter().map(Board::order).collect();
    assert_eq!(orders, [3, 2]);
    // The fuzz input, minimised: a full (clashing) 9x9 line, then a 4x4.
    let text = crate::common::read(&data("fuzz/bugs/detect_min_solved_9x9_then_4x4.txt"));
    let (format, boards) = read_detected(&text);
    assert_eq!(format, Format::Line);
    let boards = boards.unwrap_or_else(|e| panic!("{e}"));
    detect_round_trip(Format::Line, &boards).unwrap_or_else(|e| panic!("{e}"));
}
