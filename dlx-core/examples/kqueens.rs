//! Counts the ways to put `k` queens in every row and every column of an
//! `n`×`n` board with at most `d` queens on each diagonal: an exact cover
//! with multiplicities (Knuth's MCC problems, his program DLX3).
//!
//! ```text
//! cargo run --release -p dlx-core --example kqueens             # n = 7, k = 2, d = 2: 19448
//! cargo run --release -p dlx-core --example kqueens -- 8 1      # 92, the 8-queens
//! cargo run --release -p dlx-core --example kqueens -- 8 2 1    # 0, see below
//! cargo run --release -p dlx-core --example kqueens -- 6 3      # 14412
//! cargo run --release -p dlx-core --example kqueens -- 8 2      # 477136 (a few seconds)
//! ```
//!
//! The queens of a row or a column do not attack each other here; the
//! rows and the columns are primary items with bounds `k:k` (exactly `k`
//! chosen options contain each, set by [`Problem::set_bounds`]). The option
//! for a queen at `(r, c)` is its row, its column and its two diagonals, as
//! in the `queens` example, which is the case `k = d = 1`.
//!
//! How the diagonals are items depends on `d` (default `k`):
//! - `d = 1`: secondary items, each in at most one chosen option. For
//!   `k >= 2` there are no solutions at all, by counting: `k·n` queens
//!   would need `k·n` distinct diagonals of one direction, and there are
//!   only `2n - 1`.
//! - `d >= 2`: primary items with bounds `0:d`; the lower bound 0 lets a
//!   diagonal stay empty, the upper bound caps it.
//!
//! The program checks the first board by the rules, checks every board it
//! enumerates when there are few, and compares the count with plain
//! backtracking row by row, which shares nothing with the dancing links.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::Instant;

use dlx_core::{OptionId, Problem};

/// Boards are enumerated and checked one by one up to this many.
const CHECK_ALL: u64 = 100_000;

/// `k` queens per row and column, at most `d` per diagonal, as an MCC
/// problem.
pub struct KQueens {
    /// The problem: items `0..n` are the rows, `n..2n` the columns (both
    /// with bounds `k:k`), then the `2n - 1` diagonals `r + c` and the
    /// `2n - 1` anti-diagonals `r - c + n - 1`: secondary items when
    /// `d = 1`, primary items with bounds `0:d` otherwise.
    pub problem: Problem,
    /// The board size.
    pub n: usize,
    /// Queens per row and per column.
    pub k: usize,
    /// The most queens on a diagonal.
    pub d: usize,
}

impl KQueens {
    /// Builds the problem for an `n`×`n` board, `1 <= k <= n`, `d >= 1`.
    /// The option for square `(r, c)` has id `r * n + c`.
    pub fn new(n: usize, k: usize, d: usize) -> KQueens {
        let diagonals = (2 * n).saturating_sub(1);
        let mut problem = if d == 1 {
            Problem::new(2 * n, 2 * diagonals)
        } else {
            Problem::new(2 * n + 2 * diagonals, 0)
        };
        // Every diagonal item, whichever kind it is.
        let diagonal = |p: &Problem, j: usize| {
            if d == 1 {
                p.secondary(j)
            } else {
                p.primary(2 * n + j)
            }
        };
        for i in 0..2 * n {
            problem
                .set_bounds(problem.primary(i), k as u32, k as u32)
                .expect("a primary item and 1 <= k");
        }
        if d > 1 {
            for j in 0..2 * diagonals {
                problem
                    .set_bounds(diagonal(&problem, j), 0, d as u32)
                    .expect("a primary item and 1 <= d");
            }
        }
        for r in 0..n {
            for c in 0..n {
                let items = [
                    problem.primary(r),
                    problem.primary(n + c),
                    diagonal(&problem, r + c),
                    diagonal(&problem, diagonals + (r + n - 1 - c)),
                ];
                problem
                    .add_option(items)
                    .expect("the four items of a square are distinct and in range");
            }
        }
        KQueens { problem, n, k, d }
    }

    /// The square `(row, column)` of a queen's option.
    pub fn square(&self, o: OptionId) -> (usize, usize) {
        (o.index() / self.n, o.index() % self.n)
    }

    /// The board of a solution: `true` where a queen stands.
    ///
    /// # Panics
    /// If two options put a queen on the same square.
    pub fn board(&self, solution: &[OptionId]) -> Vec<Vec<bool>> {
        let mut board = vec![vec![false; self.n]; self.n];
        for &o in solution {
            let (r, c) = self.square(o);
            assert!(!board[r][c], "two queens on ({r}, {c})");
            board[r][c] = true;
        }
        board
    }

    /// Checks a solution by the rules, on the board rather than the items:
    /// `k` queens in each row and column, at most `d` on each diagonal.
    ///
    /// # Panics
    /// If a rule is broken.
    pub fn check(&self, solution: &[OptionId]) {
        let board = self.board(solution);
        let n = self.n;
        let queens: Vec<(usize, usize)> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| board[r][c])
            .collect();
        for i in 0..n {
            let in_row = queens.iter().filter(|&&(r, _)| r == i).count();
            let in_col = queens.iter().filter(|&&(_, c)| c == i).count();
            assert_eq!(in_row, self.k, "row {i} has {in_row} queens");
            assert_eq!(in_col, self.k, "column {i} has {in_col} queens");
        }
        for &(r, c) in &queens {
            // The queens on the two diagonals through (r, c), itself included.
            let down = queens.iter().filter(|&&(r2, c2)| r2 + c == r + c2).count();
            let up = queens.iter().filter(|&&(r2, c2)| r2 + c2 == r + c).count();
            assert!(
                down <= self.d,
                "{down} queens on a diagonal through ({r}, {c})"
            );
            assert!(up <= self.d, "{up} queens on a diagonal through ({r}, {c})");
        }
    }

    /// A solution drawn as `n` lines of `.` and `Q`.
    pub fn render(&self, solution: &[OptionId]) -> String {
        self.board(solution)
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|q| if q { 'Q' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }
}

/// Counts the boards by backtracking row by row: each row takes a set of
/// `k` columns whose columns and diagonals still have room.
pub fn count_by_backtracking(n: usize, k: usize, d: usize) -> u64 {
    struct Search {
        n: usize,
        k: usize,
        d: usize,
        /// Queens so far in each column, diagonal `r + c` and anti-diagonal
        /// `r - c + n - 1`.
        column: Vec<usize>,
        diagonal: Vec<usize>,
        anti: Vec<usize>,
    }
    impl Search {
        /// Places the queens of row `r` from column `from` on, `left` to go.
        fn row(&mut self, r: usize, from: usize, left: usize) -> u64 {
            if r == self.n {
                return 1;
            }
            if left == 0 {
                // Every column must get its k queens in the rows that remain.
                let rows_left = self.n - r - 1;
                if self.column.iter().any(|&q| q + rows_left < self.k) {
                    return 0;
                }
                return self.row(r + 1, 0, self.k);
            }
            let mut count = 0;
            for c in from..=self.n - left {
                let (g, a) = (r + c, r + self.n - 1 - c);
                if self.column[c] == self.k || self.diagonal[g] == self.d || self.anti[a] == self.d
                {
                    continue;
                }
                self.column[c] += 1;
                self.diagonal[g] += 1;
                self.anti[a] += 1;
                count += self.row(r, c + 1, left - 1);
                self.column[c] -= 1;
                self.diagonal[g] -= 1;
                self.anti[a] -= 1;
            }
            count
        }
    }
    let mut search = Search {
        n,
        k,
        d,
        column: vec![0; n],
        diagonal: vec![0; 2 * n],
        anti: vec![0; 2 * n],
    };
    search.row(0, 0, k)
}

/// Reads `[N [K [D]]]` (defaults 7, 2 and K).
fn parse_args(args: &[String]) -> Result<(usize, usize, usize), String> {
    if args.len() > 3 {
        return Err("too many arguments".to_string());
    }
    let number = |i: usize| match args.get(i) {
        None => Ok(None),
        Some(arg) => arg
            .parse::<usize>()
            .map(Some)
            .map_err(|_| format!("expected a number, got {arg:?}")),
    };
    let n = number(0)?.unwrap_or(7);
    let k = number(1)?.unwrap_or(2);
    let d = number(2)?.unwrap_or(k);
    if !(1..=32).contains(&n) || !(1..=n).contains(&k) || !(1..=n).contains(&d) {
        return Err(format!(
            "need 1 <= N <= 32, 1 <= K <= N, 1 <= D <= N; got {n}, {k}, {d}"
        ));
    }
    Ok((n, k, d))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (n, k, d) = match parse_args(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("kqueens: {message}");
            eprintln!("usage: kqueens [N [K [D]]]   (default 7 2 K; N <= 32)");
            return ExitCode::from(2);
        }
    };
    let mut queens = KQueens::new(n, k, d);
    if let Some(first) = queens.problem.first_solution() {
        queens.check(&first);
        print!("{}", queens.render(&first));
    }
    let start = Instant::now();
    let stats = queens.problem.count_with_stats();
    let dlx_time = start.elapsed();
    println!(
        "{n}x{n} board, {k} queens per row and column, at most {d} per diagonal: \
         {} solutions ({:?} search: {} nodes, {} updates, {dlx_time:.2?})",
        stats.solutions,
        queens.problem.kind(),
        stats.nodes,
        stats.updates
    );
    if stats.solutions <= CHECK_ALL {
        let all: Vec<Vec<OptionId>> = queens.problem.solutions().collect();
        assert_eq!(all.len() as u64, stats.solutions);
        all.iter().for_each(|s| queens.check(s));
        let distinct: HashSet<Vec<Vec<bool>>> = all.iter().map(|s| queens.board(s)).collect();
        assert_eq!(distinct.len(), all.len(), "a board was found twice");
        println!(
            "checked all {} boards by the rules, all distinct",
            all.len()
        );
    }
    let start = Instant::now();
    let oracle = count_by_backtracking(n, k, d);
    assert_eq!(stats.solutions, oracle, "plain backtracking disagrees");
    println!("plain backtracking agrees ({:.2?})", start.elapsed());
    ExitCode::SUCCESS
}
