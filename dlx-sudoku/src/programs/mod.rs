//! The two programs, one module each, named as their binaries:
//! [`dlx_sudoku`] (puzzles in, solutions out; puzzles made and rated) and
//! [`dlx`] (exact-cover problems in Knuth's text formats, on `dlx-core`
//! alone), with what their command lines share in `common`.
//!
//! Each binary in `src/bin/` is a thin shell over its module's `run`, so
//! tests drive the programs without spawning a process. Only this module
//! needs the command-line crates (clap, indicatif, rustix, tempfile); it is
//! built with the `cli` feature, which the binaries require.

mod common;
pub mod dlx;
pub mod dlx_sudoku;
