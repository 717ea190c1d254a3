//! The `dlx` program ([`dlx_sudoku::programs::dlx`]): counting, printing, threads and
//! parts (`cli`), `--min-cost` (`cost_cli`) and `--preprocess`
//! (`preprocess_cli`), through `programs::dlx::run` and as a real process.

mod cli;
mod cost_cli;
mod files_cli;
mod memo_cli;
mod preprocess_cli;
