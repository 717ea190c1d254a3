//! The naive baseline: the row-major backtracking found in textbooks and in
//! judge submissions.
//!
//! Take the first empty cell in row-major order, try the digits 1 to 9 in
//! turn, check each against its row, column and box by scanning them, and
//! recurse. Nothing is cached and nothing is ordered cleverly: this is the
//! yardstick, and it is kept plain on purpose. Do not optimise it.
//!
//! Its running time varies by orders of magnitude between puzzles (the
//! 17-clue puzzles are hopeless for it), so every search carries a node
//! budget: a count of digits placed, after which it gives up.

use crate::puzzle::Grid;

/// How a naive search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveOutcome {
    /// The search tree was explored to the end (or to the solution limit).
    Done,
    /// The node budget ran out first.
    BudgetExhausted,
}

/// The result of [`count`] and [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaiveResult {
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// Solutions found (at most the limit).
    pub solutions: u64,
    /// Digits placed: the search-tree nodes.
    pub nodes: u64,
    /// Whether the search finished or gave up.
    pub outcome: NaiveOutcome,
}

/// Searches for the first solution, placing at most `budget` digits.
///
/// ```
/// use dlx_benches::naive;
///
/// let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let puzzle = dlx_benches::puzzle::parse_line(line, 1)?;
/// let result = naive::solve(&puzzle, 1_000_000);
/// let solution = result.first.expect("an easy puzzle");
/// assert_eq!(dlx_benches::check::check_solution(&puzzle, &solution), Ok(()));
/// # Ok::<(), dlx_benches::puzzle::PuzzleError>(())
/// ```
pub fn solve(puzzle: &Grid, budget: u64) -> NaiveResult {
    count(puzzle, 1, budget)
}

/// Counts solutions up to `limit`, placing at most `budget` digits.
///
/// The clues are taken as given: like its textbook model, the search does
/// not check them against each other, so a puzzle with clashing clues can
/// yield a grid that breaks the rules. Check answers with
/// [`check_solution`](crate::check::check_solution).
pub fn count(puzzle: &Grid, limit: u64, budget: u64) -> NaiveResult {
    let mut search = Search {
        grid: *puzzle,
        first: None,
        solutions: 0,
        nodes: 0,
        limit,
        budget,
    };
    let outcome = match search.run() {
        Flow::OutOfBudget => NaiveOutcome::BudgetExhausted,
        Flow::Continue | Flow::Stop => NaiveOutcome::Done,
    };
    NaiveResult {
        first: search.first,
        solutions: search.solutions,
        nodes: search.nodes,
        outcome,
    }
}

enum Flow {
    Continue,
    Stop,
    OutOfBudget,
}

struct Search {
    grid: Grid,
    first: Option<Grid>,
    solutions: u64,
    nodes: u64,
    limit: u64,
    budget: u64,
}

impl Search {
    fn run(&mut self) -> Flow {
        let Some(cell) = self.grid.iter().position(|&v| v == 0) else {
            self.solutions += 1;
            if self.first.is_none() {
                self.first = Some(self.grid);
            }
            return if self.solutions >= self.limit {
                Flow::Stop
            } else {
                Flow::Continue
            };
        };
        for digit in 1..=9 {
            if !self.allowed(cell, digit) {
                continue;
            }
            if self.nodes >= self.budget {
                return Flow::OutOfBudget;
            }
            self.nodes += 1;
            self.grid[cell] = digit;
            match self.run() {
                Flow::Continue => {}
                stop => {
                    self.grid[cell] = 0;
                    return stop;
                }
            }
            self.grid[cell] = 0;
        }
        Flow::Continue
    }

    /// Is `digit` absent from the row, the column and the box of `cell`?
    fn allowed(&self, cell: usize, digit: u8) -> bool {
        let (row, col) = (cell / 9, cell % 9);
        for k in 0..9 {
            if self.grid[row * 9 + k] == digit || self.grid[k * 9 + col] == digit {
                return false;
            }
        }
        let (r0, c0) = (row / 3 * 3, col / 3 * 3);
        for r in r0..r0 + 3 {
            for c in c0..c0 + 3 {
                if self.grid[r * 9 + c] == digit {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::puzzle::parse_line;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn solves_and_counts_an_easy_puzzle() {
        let p = parse_line(EASY, 1).unwrap();
        let r = count(&p, 2, 10_000_000);
        assert_eq!(r.outcome, NaiveOutcome::Done);
        assert_eq!(r.solutions, 1);
        assert_eq!(check_solution(&p, &r.first.unwrap()), Ok(()));
    }

    #[test]
    fn counts_up_to_the_limit() {
        let r = count(&[0; 81], 5, 10_000_000);
        assert_eq!((r.solutions, r.outcome), (5, NaiveOutcome::Done));
        assert_eq!(check_solution(&[0; 81], &r.first.unwrap()), Ok(()));
    }

    #[test]
    fn reports_no_solution_and_an_exhausted_budget() {
        // EASY has exactly one solution (see above); a clue that differs
        // from it in a blank cell leaves none.
        let p = parse_line(EASY, 1).unwrap();
        let s = solve(&p, 10_000_000).first.unwrap();
        let blank = p.iter().position(|&v| v == 0).unwrap();
        let mut q = p;
        q[blank] = s[blank] % 9 + 1;
        let r = count(&q, 2, 10_000_000);
        assert_eq!((r.solutions, r.outcome), (0, NaiveOutcome::Done));
        assert_eq!(r.first, None);

        let r = solve(&[0; 81], 10);
        assert_eq!(r.nodes, 10);
        assert_eq!(r.outcome, NaiveOutcome::BudgetExhausted);
        assert_eq!(r.first, None);
    }
}
