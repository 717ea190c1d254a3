//! Checking an answer by the rules of Sudoku, trusting no solver.

use crate::puzzle::Grid;

/// Checks that `solution` solves `puzzle`: every cell holds a digit 1-9,
/// every clue of the puzzle is kept, and every row, column and 3×3 box holds
/// each digit exactly once.
///
/// ```
/// use dlx_benches::check::check_solution;
///
/// // A valid grid: cell (r, c) holds (3r + r/3 + c) mod 9 + 1.
/// let mut solution = [0u8; 81];
/// for i in 0..81 {
///     let (r, c) = (i / 9, i % 9);
///     solution[i] = ((3 * r + r / 3 + c) % 9 + 1) as u8;
/// }
/// let mut puzzle = [0u8; 81];
/// puzzle[40] = solution[40];
/// assert_eq!(check_solution(&puzzle, &solution), Ok(()));
///
/// puzzle[40] = solution[40] % 9 + 1; // a clue the solution does not keep
/// assert!(check_solution(&puzzle, &solution).is_err());
/// ```
///
/// # Errors
/// A message naming the first broken rule and where (rows, columns and
/// boxes numbered from 1).
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    for (i, (&clue, &value)) in puzzle.iter().zip(solution).enumerate() {
        let (r, c) = (i / 9 + 1, i % 9 + 1);
        if !(1..=9).contains(&value) {
            return Err(format!("r{r}c{c} holds {value}, not a digit 1-9"));
        }
        if clue != 0 && clue != value {
            return Err(format!("r{r}c{c} holds {value} but the clue is {clue}"));
        }
    }
    // For each kind of unit: the cell holding the k-th member of unit u.
    type Member = fn(usize, usize) -> usize;
    let units: [(&str, Member); 3] = [
        ("row", |unit, k| unit * 9 + k),
        ("column", |unit, k| k * 9 + unit),
        ("box", |unit, k| {
            (unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3
        }),
    ];
    for (kind, cell) in units {
        for unit in 0..9 {
            let mut seen = 0u16;
            for k in 0..9 {
                let value = solution[cell(unit, k)];
                let bit = 1u16 << value;
                if seen & bit != 0 {
                    return Err(format!("{kind} {} holds {value} twice", unit + 1));
                }
                seen |= bit;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> Grid {
        let mut g = [0u8; 81];
        for (i, v) in g.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            *v = ((3 * r + r / 3 + c) % 9 + 1) as u8;
        }
        g
    }

    #[test]
    fn accepts_a_valid_grid_and_its_clues() {
        let s = valid();
        assert_eq!(check_solution(&[0; 81], &s), Ok(()));
        assert_eq!(check_solution(&s, &s), Ok(()));
    }

    #[test]
    fn rejects_each_broken_rule() {
        let s = valid();
        let mut blank = s;
        blank[5] = 0;
        assert!(check_solution(&[0; 81], &blank)
            .unwrap_err()
            .contains("r1c6"));

        let mut big = s;
        big[80] = 10;
        assert!(check_solution(&[0; 81], &big).is_err());

        // Swapping two cells of a row keeps rows but breaks two columns.
        let mut swapped = s;
        swapped.swap(0, 1);
        assert!(check_solution(&[0; 81], &swapped)
            .unwrap_err()
            .starts_with("column"));

        // Swapping two whole rows of different bands keeps rows and columns
        // but breaks boxes.
        let mut rows = s;
        for c in 0..9 {
            rows.swap(c, 27 + c);
        }
        assert!(check_solution(&[0; 81], &rows)
            .unwrap_err()
            .starts_with("box"));

        let mut puzzle = [0u8; 81];
        puzzle[10] = s[10] % 9 + 1;
        assert!(check_solution(&puzzle, &s).unwrap_err().contains("clue"));

        // Every row a permutation but columns all equal.
        let mut rows_only = [0u8; 81];
        for (i, v) in rows_only.iter_mut().enumerate() {
            *v = (i % 9 + 1) as u8;
        }
        assert!(check_solution(&[0; 81], &rows_only).is_err());
    }
}
