//! The progress bar on a terminal: the share of the search tree done,
//! solutions, and nodes per second.

use std::time::{Duration, Instant};

/// Search nodes between two redraws of the progress bar.
pub(super) const NODES: u64 = 200_000;

/// Time between two redraws of the progress bar of a count on threads.
pub(super) const EVERY: Duration = Duration::from_millis(100);

/// Redraws the progress bar: the share of the tree done, solutions, and
/// nodes per second since `start`.
pub(super) fn show(
    bar: &indicatif::ProgressBar,
    done: f64,
    solutions: u64,
    nodes: u64,
    start: Instant,
) {
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    bar.set_position((done * 1000.0) as u64);
    bar.set_message(format!(
        "{solutions} solutions, {:.1}M nodes/s",
        nodes as f64 / seconds / 1e6
    ));
}

/// A bar on stderr for the share of the tree searched (in thousandths).
pub(super) fn bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(1000);
    let style = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] ~{percent}% of the tree  {msg}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
