//! Counts Langford pairings: arrangements of `1 1 2 2 … n n` in which the two
//! copies of each `k` have exactly `k` numbers between them, such as
//! `2 3 1 2 1 3` for n = 3.
//!
//! ```text
//! cargo run --release -p dlx-core --example langford         # n = 7: 52
//! cargo run --release -p dlx-core --example langford -- 8    # 300
//! ```
//!
//! Solutions exist only when n ≡ 0 or 3 (mod 4); each arrangement and its
//! reversal are counted separately. As an exact-cover problem (TAOCP
//! 7.2.2.1) the items are the values `1..=n` and the `2n` positions, all
//! primary; the option "put `k` at positions `i` and `i + k + 1`" covers `k`
//! and those two positions.

use std::process::ExitCode;

use dlx_core::{OptionId, Problem};

/// Langford pairing as an exact-cover problem.
pub struct Langford {
    /// The problem: items `0..n` are the values `1..=n`, items
    /// `n..3n` the positions `0..2n`.
    pub problem: Problem,
    /// The largest value.
    pub n: usize,
    /// For each option, its value `k` and first position `i` (the second is
    /// `i + k + 1`).
    pub placements: Vec<(usize, usize)>,
}

impl Langford {
    /// Builds the problem for the values `1..=n`.
    pub fn new(n: usize) -> Langford {
        let mut problem = Problem::new(3 * n, 0);
        let mut placements = Vec::new();
        for k in 1..=n {
            for i in 0..(2 * n).saturating_sub(k + 1) {
                let items = [
                    problem.primary(k - 1),
                    problem.primary(n + i),
                    problem.primary(n + i + k + 1),
                ];
                problem
                    .add_option(items)
                    .expect("a value and two distinct positions");
                placements.push((k, i));
            }
        }
        Langford {
            problem,
            n,
            placements,
        }
    }

    /// A solution as the sequence of `2n` values.
    pub fn sequence(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut seq = vec![0; 2 * self.n];
        for &o in solution {
            let (k, i) = self.placements[o.index()];
            seq[i] = k;
            seq[i + k + 1] = k;
        }
        seq
    }
}

fn main() -> ExitCode {
    let n = match std::env::args().nth(1) {
        None => 7,
        Some(arg) => match arg.parse::<usize>() {
            Ok(n) if (1..=24).contains(&n) => n,
            _ => {
                eprintln!("usage: langford [N]   (N from 1 to 24, default 7); got {arg:?}");
                return ExitCode::from(2);
            }
        },
    };
    let mut langford = Langford::new(n);
    if let Some(first) = langford.problem.first_solution() {
        let seq = langford.sequence(&first);
        let words: Vec<String> = seq.iter().map(usize::to_string).collect();
        println!("{}", words.join(" "));
    }
    println!(
        "Langford pairings for n = {n}: {} solutions",
        langford.problem.count()
    );
    ExitCode::SUCCESS
}
