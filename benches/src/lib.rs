//! Benchmark support for dlx-core and dlx-sudoku: the Sudoku data sets, an
//! independent checker, the naive baseline, adapters for the peer crates and
//! for our solver, the exact-cover files of the engine benchmark, and the C
//! baseline of that benchmark (DLX1's algorithm in C, [`dlx1c`]).
//!
//! The criterion benchmarks (`benches/engine.rs`, `benches/sudoku.rs`) and
//! the comparison programs (`src/bin/compare.rs`,
//! `src/bin/compare-engine.rs`) are thin shells over this library. See
//! `benches/README.md` for the data sets and the method.
//!
//! ```
//! use dlx_benches::check::check_solution;
//! use dlx_benches::puzzle::PuzzleSet;
//! use dlx_benches::solvers::{Answer, DlxCrate, SudokuSolver};
//!
//! let set = PuzzleSet::named("top1465")?;
//! let puzzle = &set.puzzles[0];
//! let Answer::Solved(grid) = DlxCrate::new().solve(puzzle) else { panic!() };
//! assert_eq!(check_solution(puzzle, &grid), Ok(()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
// `deny`, not `forbid`: `dlx1c` calls the C baseline and allows unsafe code
// in that one module.
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod check;
pub mod compare;
pub mod compare_engine;
pub mod cover;
pub mod dlx1c;
pub mod naive;
pub mod puzzle;
pub mod solvers;
pub mod xc;
pub mod xcc_peer;
