//! Counts the XCC/MCC files (colors, bounds) with dlx-core and with the peer
//! crate `exact-covers` (colors only) in one process and prints a Markdown
//! table: `cargo run --release -p dlx-benches --bin compare-xcc`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use dlx_benches::compare_engine::DEFAULT_ROUNDS;
use dlx_benches::xcc_peer::{any_wrong, run, table, Config};

/// Compare dlx-core with `exact-covers` on the XCC/MCC files.
///
/// Every file of dlx-core/tests/data/xcc whose reference time in COUNTS.txt
/// (DLX2 for XCC files, DLX3 for MCC files) exceeds --min-seconds is counted
/// in full by each engine, alternately (dlx-core first), for the given
/// number of rounds; the table shows median times (search only: building
/// the exact-covers solver is not timed). Every count is checked against
/// COUNTS.txt. exact-covers has no multiplicities: files with bounds are
/// counted by dlx-core alone. Progress and failures go to stderr, the table
/// to stdout.
#[derive(Parser, Debug)]
#[command(
    name = "compare-xcc",
    after_help = "Exit status: 0 every count checked, 1 some count failed a check, \
                  2 bad arguments or unreadable data."
)]
struct Args {
    /// Only these files (names without `.dlx`, e.g. latin_n8_g20); default:
    /// every file above --min-seconds.
    files: Vec<String>,
    /// Counts per engine per file.
    #[arg(long, default_value_t = DEFAULT_ROUNDS)]
    rounds: usize,
    /// Select files whose reference time in COUNTS.txt exceeds this.
    #[arg(long, default_value_t = 0.1)]
    min_seconds: f64,
    /// Stop timing exact-covers on a file after one count longer than this
    /// many seconds.
    #[arg(long, default_value_t = 10.0)]
    peer_cap: f64,
}

impl Args {
    fn config(self) -> Result<Config, String> {
        if self.rounds == 0 {
            return Err("--rounds must be at least 1".to_string());
        }
        if !(self.peer_cap.is_finite() && self.peer_cap > 0.0) {
            return Err("--peer-cap must be a positive number of seconds".to_string());
        }
        Ok(Config {
            rounds: self.rounds,
            min_knuth_seconds: self.min_seconds,
            peer_cap: Duration::from_secs_f64(self.peer_cap),
            only: self.files,
        })
    }
}

fn main() -> ExitCode {
    let config = match Args::parse().config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("compare-xcc: {e}");
            return ExitCode::from(2);
        }
    };
    let runs = match run(&config, &mut io::stderr()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("compare-xcc: {e}");
            return ExitCode::from(2);
        }
    };
    let report = format!(
        "{} rounds per engine, median times (search only); knuth s is COUNTS.txt's \
         (whole run, another session: informational); ratio = exact-covers time / \
         dlx-core time.\n\n{}",
        config.rounds,
        table(&runs)
    );
    // A closed pipe (`| head`) is not an error.
    let _ = io::stdout().lock().write_all(report.as_bytes());
    if any_wrong(&runs) {
        eprintln!("compare-xcc: SOME COUNTS FAILED (see the !!! lines above)");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
