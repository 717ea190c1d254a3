//! TEMPORARY: generates tests/data/cases/counts.txt (removed afterwards).

use crate::common::*;
use dlx_sudoku::Board;

fn with(b: &Board, f: impl FnOnce(&mut Vec<u8>)) -> Board {
    let mut cells = b.cells().to_vec();
    f(&mut cells);
    Board::from_cells(b.order(), cells).unwrap()
}

#[test]
#[ignore]
fn generate_counts() {
    let mut rng = Rng::new(20261121);
    let mut out = String::new();
    let files = [
        "benches/data/17clue.txt",
        "benches/data/forum_hardest_1106.txt",
        "benches/data/top1465.txt",
        "benches/data/unbiased_1k.txt",
    ];
    let mut bases = Vec::new();
    for f in files {
        let l = first_line(f);
        let b = board(&l);
        let n = bt_count(&b, u64::MAX);
        out.push_str(&format!("# first line of {f}\n{l}:{n}\n"));
        bases.push(b);
    }
    let p3 = board("712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23");
    bases.push(p3.clone());
    out.push_str("# multiple solutions: clues removed\n");
    let mut multi = 0;
    let mut tries = 0;
    while multi < 14 && tries < 2000 {
        tries += 1;
        let b = &bases[tries % bases.len()];
        let k = 1 + rng.below(6) as usize;
        let clues: Vec<usize> = (0..81).filter(|&i| b.cells()[i] != 0).collect();
        let p = with(b, |c| {
            for _ in 0..k {
                let i = clues[rng.below(clues.len() as u64) as usize];
                c[i] = 0;
            }
        });
        let n = bt_count(&p, 5001);
        if (2..=3000).contains(&n) {
            out.push_str(&format!("{}:{n}\n", line(&p)));
            multi += 1;
        }
    }
    out.push_str("# no solution, clues consistent\n");
    let mut zero = 0;
    let mut tries = 0;
    while zero < 6 && tries < 2000 {
        tries += 1;
        let b = &bases[tries % bases.len()];
        let clues: Vec<usize> = (0..81).filter(|&i| b.cells()[i] != 0).collect();
        let i = clues[rng.below(clues.len() as u64) as usize];
        let v = 1 + rng.below(9) as u8;
        let p = with(b, |c| c[i] = v);
        if clues_clash(&p) || p == *b {
            continue;
        }
        let n = bt_count(&p, u64::MAX);
        if n == 0 {
            out.push_str(&format!("{}:{n}\n", line(&p)));
            zero += 1;
        }
    }
    out.push_str("# clashing clues: a row, a column, a box\n");
    let sol = bt_solve(&p3).unwrap();
    let _ = sol;
    for kind in 0..3 {
        let b = &bases[kind];
        'found: for i in 0..81 {
            if b.cells()[i] != 0 {
                continue;
            }
            for j in 0..81 {
                let v = b.cells()[j];
                if v == 0 {
                    continue;
                }
                let (ri, ci, bi) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
                let (rj, cj, bj) = (j / 9, j % 9, (j / 27) * 3 + (j % 9) / 3);
                let same = [ri == rj, ci == cj, bi == bj];
                if same.iter().filter(|&&s| s).count() == 1 && same[kind] {
                    let p = with(b, |c| c[i] = v);
                    out.push_str(&format!("{}:{}\n", line(&p), bt_count(&p, u64::MAX)));
                    break 'found;
                }
            }
        }
    }
    println!("{out}");
}
