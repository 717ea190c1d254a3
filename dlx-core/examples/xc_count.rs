//! Counts the solutions of a DLX text file and prints DLX1-style statistics.
//!
//! ```text
//! cargo run --release -p dlx-core --example xc_count -- dlx-core/tests/data/xc/pent6x10.dlx
//! ```
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: xc_count FILE")?;
    let mut file = dlx_core::text::parse(&std::fs::read(&path)?)?;
    let t = Instant::now();
    let stats = file.problem.count_with_stats();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "solutions={} nodes={} updates={} seconds={secs:.3} Mupdates/s={:.1}",
        stats.solutions,
        stats.nodes,
        stats.updates,
        stats.updates as f64 / secs / 1e6
    );
    Ok(())
}
