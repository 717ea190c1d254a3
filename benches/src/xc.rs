//! The exact-cover problems of the engine benchmark: Knuth-format files in
//! `dlx-core/tests/data/xc` and their known counts from `COUNTS.txt`.

use std::fs;
use std::path::{Path, PathBuf};

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx_core::text::{parse, DlxFile};

/// The problems the engine benchmark counts, fastest last.
pub const ENGINE_PROBLEMS: [&str; 8] = [
    "pent6x10",
    "pent6x10_sym",
    "pent5x12",
    "langford11",
    "langford12",
    "queens12",
    "queens13",
    "dom8x8",
];

/// The directory of the exact-cover files.
pub fn xc_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../dlx-core/tests/data/xc")
}

/// What `COUNTS.txt` records for a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The number of solutions (verified independently; see `COUNTS.txt`).
    pub solutions: u64,
    /// Search nodes of Knuth's DLX1.
    pub dlx1_nodes: u64,
    /// Updates of Knuth's DLX1.
    pub dlx1_updates: u64,
}

/// The counts recorded for `name` (a file name without `.dlx`).
///
/// # Errors
/// A message when `COUNTS.txt` cannot be read or has no usable line for it.
pub fn known(name: &str) -> Result<Known, String> {
    let path = xc_dir().join("COUNTS.txt");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = format!("{name}.dlx");
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.first() != Some(&file.as_str()) {
            continue;
        }
        // file primary secondary options dlx1_opts solutions nodes updates mems ...
        let number = |k: usize| -> Result<u64, String> {
            fields.get(k).and_then(|f| f.parse().ok()).ok_or_else(|| {
                format!(
                    "{}:{}: expected a number in field {}",
                    path.display(),
                    n + 1,
                    k + 1
                )
            })
        };
        return Ok(Known {
            solutions: number(5)?,
            dlx1_nodes: number(6)?,
            dlx1_updates: number(7)?,
        });
    }
    Err(format!("{}: no line for {file}", path.display()))
}

/// The text of `<name>.dlx`.
///
/// # Errors
/// A message naming the file when it cannot be read.
pub fn text(name: &str) -> Result<String, String> {
    let path = xc_dir().join(format!("{name}.dlx"));
    fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// `<name>.dlx` parsed by dlx-core.
///
/// # Errors
/// A message naming the file, line and column of the first problem.
pub fn load(name: &str) -> Result<DlxFile, String> {
    parse(text(name)?.as_bytes()).map_err(|e| format!("{name}.dlx:{e}"))
}

/// `<name>.dlx` parsed by the `dlx` crate's own reader (items in file
/// order), for the baseline.
///
/// # Errors
/// The crate's message when it refuses the file.
pub fn load_dlx_crate(name: &str) -> Result<dlx::x::Problem, String> {
    let spec = dlx::Spec::new(&text(name)?, false).map_err(|e| format!("{name}.dlx: {e}"))?;
    dlx::x::Problem::from_spec(&spec, dlx::OptOrder::Seq).map_err(|e| format!("{name}.dlx: {e}"))
}

/// Counts every solution with the `dlx` crate (leftmost item of minimum
/// length, as DLX1); returns the solutions and the crate's update count.
pub fn dlx_crate_count(problem: &mut dlx::x::Problem) -> (u64, u64) {
    let mut solver = dlx::Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solutions = 0;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    (solutions, solver.get_updates().unsigned_abs() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_files_count_as_recorded_in_both_engines() {
        for name in ["queens8", "langford7", "dom6x6", "pent3x20"] {
            let k = known(name).unwrap();
            let stats = load(name).unwrap().problem.count_with_stats();
            assert_eq!(stats.solutions, k.solutions, "{name}");
            let mut p = load_dlx_crate(name).unwrap();
            assert_eq!(dlx_crate_count(&mut p).0, k.solutions, "{name}");
            // The links are restored: a second count agrees.
            assert_eq!(dlx_crate_count(&mut p).0, k.solutions, "{name}");
        }
    }

    #[test]
    fn every_engine_problem_is_present() {
        for name in ENGINE_PROBLEMS {
            assert!(known(name).unwrap().solutions > 0, "{name}");
            assert!(load(name).is_ok(), "{name}");
        }
        assert!(known("no_such_file").is_err());
    }
}
