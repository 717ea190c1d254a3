//! Helpers shared by the test modules.

use dlx_core::{OptionId, Problem};

/// Checks `solution` by the rules of exact cover: every primary item covered
/// exactly once, every secondary item at most once. Panics with a message
/// naming the item otherwise.
pub fn check_cover(p: &Problem, solution: &[OptionId]) {
    let mut hits = vec![0u32; p.item_count()];
    for &o in solution {
        for item in p.option_items(o) {
            hits[item.index()] += 1;
        }
    }
    for (i, &h) in hits.iter().enumerate() {
        if i < p.primary_count() {
            assert_eq!(h, 1, "primary item {i} covered {h} times in {solution:?}");
        } else {
            assert!(
                h <= 1,
                "secondary item {i} covered {h} times in {solution:?}"
            );
        }
    }
}

/// Path of a file under `tests/data/`.
pub fn data_path(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}
