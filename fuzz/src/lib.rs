//! Oracles shared by the fuzz targets: checks by the rules and deliberately
//! naive reference solvers, written without the code under test.
//!
//! Every check returns `Err` with a description instead of panicking, so a
//! target can add the input's context to the message before it fails.

use std::io::BufRead;

use dlx_core::{Item, OptionId, Problem};
use dlx_sudoku::format::{Format, ReadError, Reader, Writer};
use dlx_sudoku::Board;

/// The readable formats, in the order of [`Format::ALL`].
pub const READABLE: [Format; 7] = [
    Format::Line,
    Format::Grid,
    Format::Poj2676,
    Format::Hdu1426,
    Format::Spaced,
    Format::Poj3076,
    Format::Leetcode,
];

// ---------------------------------------------------------------------------
// Exact cover
// ---------------------------------------------------------------------------

/// Checks `solution` against the rules of exact cover: no option twice,
/// every primary item in exactly one chosen option, every secondary item in
/// at most one.
pub fn check_cover(p: &Problem, solution: &[OptionId]) -> Result<(), String> {
    let mut hits = vec![0u32; p.item_count()];
    let mut chosen = vec![false; p.option_count()];
    for &o in solution {
        let Some(seen) = chosen.get_mut(o.index()) else {
            return Err(format!("option {o} is not in the problem"));
        };
        if std::mem::replace(seen, true) {
            return Err(format!("option {o} is chosen twice"));
        }
        for item in p.option_items(o) {
            hits[item.index()] += 1;
        }
    }
    for (i, &h) in hits.iter().enumerate() {
        let primary = p.is_primary(Item::new(i));
        if primary && h != 1 {
            return Err(format!("primary item {i} is covered {h} times"));
        }
        if !primary && h > 1 {
            return Err(format!("secondary item {i} is covered {h} times"));
        }
    }
    Ok(())
}

/// The items of each option of `p` as bit masks (primary, all), or `None`
/// when the problem has more than 64 items.
pub fn option_masks(p: &Problem) -> Option<Vec<(u64, u64)>> {
    if p.item_count() > 64 {
        return None;
    }
    let masks = (0..p.option_count())
        .map(|o| {
            p.option_items(OptionId::new(o))
                .fold((0u64, 0u64), |(prim, all), item| {
                    let bit = 1u64 << item.index();
                    let prim = if p.is_primary(item) { prim | bit } else { prim };
                    (prim, all | bit)
                })
        })
        .collect();
    Some(masks)
}

/// Counts exact covers by trying every set of pairwise disjoint options
/// (include or skip each option in turn): no item choice, no links. Options
/// without a primary item are left out, as DLX1 drops them (Algorithm X
/// only branches on primary items, so it never picks them).
///
/// `None` when the problem is too big for this oracle (more than 64 items
/// or more than `max_options` options that have a primary item).
pub fn brute_force_count(p: &Problem, max_options: usize) -> Option<u64> {
    let masks = option_masks(p)?;
    let usable: Vec<u64> = masks
        .iter()
        .filter(|&&(prim, _)| prim != 0)
        .map(|&(_, all)| all)
        .collect();
    if usable.len() > max_options {
        return None;
    }
    let primary: u64 = (0..p.item_count())
        .filter(|&i| p.is_primary(Item::new(i)))
        .fold(0, |m, i| m | 1 << i);
    fn go(usable: &[u64], used: u64, primary: u64) -> u64 {
        match usable.split_first() {
            None => u64::from(used & primary == primary),
            Some((&o, rest)) => {
                let skip = go(rest, used, primary);
                let take = if o & used == 0 {
                    go(rest, used | o, primary)
                } else {
                    0
                };
                skip + take
            }
        }
    }
    Some(go(&usable, 0, primary))
}

// ---------------------------------------------------------------------------
// Sudoku
// ---------------------------------------------------------------------------

/// The cells of house `h` (rows `0..side`, columns `side..2 side`, boxes
/// `2 side..3 side`) as row-major indices.
fn house(order: usize, h: usize) -> Vec<usize> {
    let side = order * order;
    let (kind, u) = (h / side, h % side);
    (0..side)
        .map(|k| match kind {
            0 => u * side + k,
            1 => k * side + u,
            _ => {
                let (r, c) = (
                    (u / order) * order + k / order,
                    (u % order) * order + k % order,
                );
                r * side + c
            }
        })
        .collect()
}

/// Do two clues share a value in a row, column or box?
pub fn clues_clash(board: &Board) -> bool {
    let order = board.order();
    let side = order * order;
    (0..3 * side).any(|h| {
        let mut seen = 0u64;
        house(order, h).into_iter().any(|i| {
            let v = board.cells()[i];
            if v == 0 {
                return false;
            }
            let bit = 1u64 << v;
            let again = seen & bit != 0;
            seen |= bit;
            again
        })
    })
}

/// Checks `solution` by the rules: same size as `puzzle`, every clue kept,
/// every row, column and box a permutation of `1..=side`.
pub fn check_sudoku(puzzle: &Board, solution: &Board) -> Result<(), String> {
    if puzzle.order() != solution.order() {
        return Err(format!(
            "order {} solved as order {}",
            puzzle.order(),
            solution.order()
        ));
    }
    for (i, (&p, &s)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        if p != 0 && p != s {
            return Err(format!("clue {p} at cell {i} became {s}"));
        }
    }
    let order = puzzle.order();
    let side = order * order;
    let full: u64 = ((1u64 << side) - 1) << 1;
    for h in 0..3 * side {
        let mask = house(order, h)
            .into_iter()
            .fold(0u64, |m, i| m | 1u64 << solution.cells()[i]);
        if mask != full {
            return Err(format!("house {h} is not a permutation of 1..={side}"));
        }
    }
    Ok(())
}

/// Counts solutions up to `limit` by plain backtracking (first empty cell
/// in reading order, values in increasing order, candidates by scanning the
/// row, column and box). `None` when `budget` steps run out first.
pub fn backtrack_count(board: &Board, limit: u64, budget: u64) -> Option<u64> {
    if clues_clash(board) {
        return Some(0);
    }
    let order = board.order();
    let mut cells = board.cells().to_vec();
    let mut steps = 0u64;
    fn allowed(cells: &[u8], order: usize, cell: usize, v: u8) -> bool {
        let side = order * order;
        let (r, c) = (cell / side, cell % side);
        let (br, bc) = (r / order * order, c / order * order);
        (0..side).all(|k| {
            cells[r * side + k] != v
                && cells[k * side + c] != v
                && cells[(br + k / order) * side + bc + k % order] != v
        })
    }
    fn go(cells: &mut [u8], order: usize, limit: u64, steps: &mut u64, budget: u64) -> Option<u64> {
        *steps += 1;
        if *steps > budget {
            return None;
        }
        let side = order * order;
        let Some(cell) = cells.iter().position(|&v| v == 0) else {
            return Some(1);
        };
        let mut found = 0;
        for v in 1..=side as u8 {
            if found >= limit {
                break;
            }
            if allowed(cells, order, cell, v) {
                cells[cell] = v;
                let sub = go(cells, order, limit - found, steps, budget);
                cells[cell] = 0;
                found += sub?;
            }
        }
        Some(found)
    }
    go(&mut cells, order, limit, &mut steps, budget)
}

// ---------------------------------------------------------------------------
// Sudoku text
// ---------------------------------------------------------------------------

/// Reads every record and checks what the reader says about the input:
/// no I/O error from a byte slice, at most one record per byte (plus one),
/// puzzles in nondecreasing line order, and every line number inside the
/// input. Returns the boards read.
pub fn read_checked<R: BufRead>(reader: Reader<R>, input: &[u8]) -> Result<Vec<Board>, String> {
    let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
    let mut boards = Vec::new();
    let mut records = 0usize;
    let mut last_line = 0;
    for record in reader {
        records += 1;
        if records > input.len() + 1 {
            return Err(format!(
                "more than {} records from {} bytes",
                records - 1,
                input.len()
            ));
        }
        match record {
            Ok(puzzle) => {
                if puzzle.line == 0 || puzzle.line > lines {
                    return Err(format!(
                        "puzzle at line {} of a {lines}-line input",
                        puzzle.line
                    ));
                }
                if puzzle.line < last_line {
                    return Err(format!(
                        "puzzle at line {} after one at line {last_line}",
                        puzzle.line
                    ));
                }
                last_line = puzzle.line;
                boards.push(puzzle.board);
            }
            Err(ReadError::Parse(e)) => {
                if e.line == 0 || e.line > lines + 1 {
                    return Err(format!("error at line {} of a {lines}-line input", e.line));
                }
                let text = e.to_string();
                if !text.starts_with(&format!("{}", e.line)) || text.len() < 4 {
                    return Err(format!("error message {text:?} does not name its line"));
                }
            }
            Err(e) => return Err(format!("reading a byte slice failed: {e}")),
        }
    }
    Ok(boards)
}

/// `boards` written in `format` by one [`Writer`] (for
/// [`Format::Poj2676`] after the case count a judge's input starts with).
pub fn print(format: Format, boards: &[Board]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    if format == Format::Poj2676 {
        out.extend_from_slice(format!("{}\n", boards.len()).as_bytes());
    }
    let mut writer = Writer::new(format);
    for b in boards {
        writer
            .board(&mut out, b)
            .map_err(|e| format!("write: {e}"))?;
    }
    writer.finish(&mut out).map_err(|e| format!("flush: {e}"))?;
    if writer.records() != boards.len() {
        return Err(format!(
            "writer counted {} records for {} boards",
            writer.records(),
            boards.len()
        ));
    }
    Ok(out)
}

/// Reads `text` back with `reader`: the boards, or the first error.
fn read_back<R: BufRead>(reader: Reader<R>, text: &[u8], what: &str) -> Result<Vec<Board>, String> {
    reader
        .map(|record| record.map(|p| p.board))
        .collect::<Result<Vec<Board>, ReadError>>()
        .map_err(|e| {
            format!(
                "{what}: reading back the printed boards failed: {e}\n{}",
                String::from_utf8_lossy(text)
            )
        })
}

/// Prints `boards` in `format` (see [`print`]) and reads the text back in
/// the same format: the same boards must come out, in order, with no error.
pub fn round_trip(format: Format, boards: &[Board]) -> Result<(), String> {
    if boards.is_empty() {
        return Ok(());
    }
    let out = print(format, boards)?;
    let back = read_back(Reader::new(&out[..], format), &out, format.name())?;
    if back != boards {
        return Err(format!(
            "{format}: {} boards printed, {} read back, or they differ\nprinted:\n{}\nboards: {boards:?}\nback: {back:?}",
            boards.len(),
            back.len(),
            String::from_utf8_lossy(&out)
        ));
    }
    Ok(())
}

/// Prints `boards` in `format` (see [`print`]) and reads the text back in
/// the format [`Reader::detect`] picks for it: whichever format that is,
/// the same boards must come out.
pub fn detect_round_trip(format: Format, boards: &[Board]) -> Result<(), String> {
    if boards.is_empty() {
        return Ok(());
    }
    let out = print(format, boards)?;
    let (reader, detected) = Reader::detect(&out[..]).map_err(|e| e.to_string())?;
    let what = format!("printed as {format}, detected as {detected}");
    let back = read_back(reader, &out, &what)?;
    if back != boards {
        return Err(format!(
            "{what}: {} boards printed, {} read back, or they differ\nprinted:\n{}",
            boards.len(),
            back.len(),
            String::from_utf8_lossy(&out)
        ));
    }
    Ok(())
}
