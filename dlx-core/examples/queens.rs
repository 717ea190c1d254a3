//! Counts the ways to place `n` non-attacking queens on an `n`×`n` board.
//!
//! ```text
//! cargo run --release -p dlx-core --example queens          # n = 8: 92
//! cargo run --release -p dlx-core --example queens -- 12    # 14200
//! ```
//!
//! As an exact-cover problem (TAOCP 7.2.2.1): every row and every column
//! holds exactly one queen, so rows and columns are *primary* items; every
//! diagonal holds at most one, so the diagonals are *secondary* items. The
//! option for a queen at `(r, c)` is its row, its column and its two
//! diagonals.

use std::process::ExitCode;

use dlx_core::{OptionId, Problem};

/// N-queens as an exact-cover problem.
pub struct Queens {
    /// The problem: items are the rows, the columns (primary), then the
    /// `2n - 1` diagonals `r + c` and the `2n - 1` anti-diagonals
    /// `r - c + n - 1` (secondary).
    pub problem: Problem,
    /// The board size.
    pub n: usize,
}

impl Queens {
    /// Builds the problem for an `n`×`n` board. The option for square
    /// `(r, c)` has id `r * n + c`.
    pub fn new(n: usize) -> Queens {
        let diagonals = (2 * n).saturating_sub(1);
        let mut problem = Problem::new(2 * n, 2 * diagonals);
        for r in 0..n {
            for c in 0..n {
                let items = [
                    problem.primary(r),
                    problem.primary(n + c),
                    problem.secondary(r + c),
                    problem.secondary(diagonals + (r + n - 1 - c)),
                ];
                problem
                    .add_option(items)
                    .expect("the four items of a square are distinct and in range");
            }
        }
        Queens { problem, n }
    }

    /// The square `(row, column)` of a queen's option.
    pub fn square(&self, o: OptionId) -> (usize, usize) {
        (o.index() / self.n, o.index() % self.n)
    }

    /// A solution drawn as `n` lines of `.` and `Q`.
    pub fn render(&self, solution: &[OptionId]) -> String {
        let mut board = vec![vec!['.'; self.n]; self.n];
        for &o in solution {
            let (r, c) = self.square(o);
            board[r][c] = 'Q';
        }
        board
            .into_iter()
            .map(|row| row.into_iter().collect::<String>() + "\n")
            .collect()
    }
}

fn main() -> ExitCode {
    let n = match std::env::args().nth(1) {
        None => 8,
        Some(arg) => match arg.parse::<usize>() {
            Ok(n) if (1..=32).contains(&n) => n,
            _ => {
                eprintln!("usage: queens [N]   (N from 1 to 32, default 8); got {arg:?}");
                return ExitCode::from(2);
            }
        },
    };
    let mut queens = Queens::new(n);
    if let Some(first) = queens.problem.first_solution() {
        print!("{}", queens.render(&first));
    }
    println!("{n}-queens: {} solutions", queens.problem.count());
    ExitCode::SUCCESS
}
