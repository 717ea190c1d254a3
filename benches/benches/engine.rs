//! Engine benchmark: count every solution of classic exact-cover problems
//! with dlx-core, against the `dlx` crate and the C baseline `dlx1-c`
//! (Knuth's DLX1 algorithm in C, `-O2`: `src/dlx1c.rs`) on the same files.
//!
//! One group per problem. Throughput is Knuth's DLX1 update count for the
//! problem (`Throughput::Elements(updates)`), so criterion's "elem/s" column
//! reads as updates per second; both engines branch as DLX1 does, so the
//! same figure is a fair unit for both.
//!
//! `cargo bench -p dlx-benches --bench engine -- queens12` runs one problem;
//! `-- dlx-core` only ours; `-- 'queens12/count_all/(dlx-core|dlx1-c)$'`
//! ours against the C baseline on one problem.
//!
//! The group `xcc/<file>` does the same for problems with colors (XCC) and
//! bounds (MCC) from `dlx-core/tests/data/xcc`: dlx-core, and the peer crate
//! `exact-covers` (Algorithm C, colors only: not on the MCC files; its
//! solver is rebuilt for every count, outside the timing, since its `solve`
//! consumes it). Throughput is the updates of Knuth's reference program
//! (DLX2 for XCC, DLX3 for MCC). `cargo bench -p dlx-benches --bench
//! engine -- xcc/` runs only these.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput};
use dlx_benches::dlx1c::Dlx1;
use dlx_benches::xc::{dlx_crate_count, known, load, load_dlx_crate, ENGINE_PROBLEMS};
use dlx_benches::xcc_peer::{known_xcc, load_xcc, ExactCovers, XCC_BENCH_PROBLEMS};

fn engine(c: &mut Criterion) {
    for name in ENGINE_PROBLEMS {
        let known = known(name).unwrap_or_else(|e| panic!("{e}"));
        let mut group = c.benchmark_group(format!("xc/{name}"));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(5));
        group.throughput(Throughput::Elements(known.dlx1_updates));

        // Each problem is loaded and validated lazily, once, on the first
        // call: criterion never calls the closures of filtered-out
        // benchmarks, and validating a count takes seconds for some.
        let mut ours = None;
        group.bench_function("count_all/dlx-core", |b| {
            let file = ours.get_or_insert_with(|| {
                let mut file = load(name).unwrap_or_else(|e| panic!("{e}"));
                let stats = file.problem.count_with_stats();
                assert_eq!(
                    stats.solutions, known.solutions,
                    "{name}: dlx-core miscounts"
                );
                eprintln!(
                    "{name}: {} solutions; dlx-core {} nodes, {} updates \
                     (DLX1: {} nodes, {} updates)",
                    stats.solutions,
                    stats.nodes,
                    stats.updates,
                    known.dlx1_nodes,
                    known.dlx1_updates
                );
                file
            });
            b.iter(|| black_box(black_box(&mut file.problem).count_with_stats()))
        });
        let mut baseline = None;
        group.bench_function("count_all/dlx", |b| {
            let problem = baseline.get_or_insert_with(|| {
                let mut problem = load_dlx_crate(name).unwrap_or_else(|e| panic!("{e}"));
                let (solutions, updates) = dlx_crate_count(&mut problem);
                assert_eq!(
                    solutions, known.solutions,
                    "{name}: the dlx crate miscounts"
                );
                eprintln!("{name}: dlx crate {solutions} solutions, {updates} updates");
                problem
            });
            b.iter(|| black_box(dlx_crate_count(black_box(&mut *problem))))
        });
        let mut dlx1 = None;
        group.bench_function("count_all/dlx1-c", |b| {
            let dlx1 = dlx1.get_or_insert_with(|| {
                let file = load(name).unwrap_or_else(|e| panic!("{e}"));
                let mut c = Dlx1::new(&file.problem).unwrap_or_else(|e| panic!("{name}: {e}"));
                let stats = c.count();
                assert_eq!(
                    (stats.solutions, stats.nodes, stats.updates),
                    (known.solutions, known.dlx1_nodes, known.dlx1_updates),
                    "{name}: dlx1-c differs from DLX1"
                );
                c
            });
            b.iter(|| black_box(black_box(&mut *dlx1).count()))
        });
        group.finish();
    }
}

fn xcc(c: &mut Criterion) {
    for name in XCC_BENCH_PROBLEMS {
        let known = known_xcc(name).unwrap_or_else(|e| panic!("{e}"));
        let mut group = c.benchmark_group(format!("xcc/{name}"));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.throughput(Throughput::Elements(known.updates));

        // Loaded and validated lazily, once, as in `engine`.
        let mut ours = None;
        group.bench_function("count_all/dlx-core", |b| {
            let file = ours.get_or_insert_with(|| {
                let mut file = load_xcc(name).unwrap_or_else(|e| panic!("{e}"));
                let stats = file.problem.count_with_stats();
                assert_eq!(
                    stats.solutions, known.solutions,
                    "{name}: dlx-core miscounts"
                );
                eprintln!(
                    "{name}: {} solutions; dlx-core {} nodes, {} updates ({}: {} nodes, {} updates)",
                    stats.solutions,
                    stats.nodes,
                    stats.updates,
                    known.program,
                    known.nodes,
                    known.updates
                );
                file
            });
            b.iter(|| black_box(black_box(&mut file.problem).count_with_stats()))
        });
        // exact-covers has no multiplicities: MCC files are dlx-core's alone.
        let file = load_xcc(name).unwrap_or_else(|e| panic!("{e}"));
        let Ok(peer) = ExactCovers::from_file(&file) else {
            group.finish();
            continue;
        };
        let mut checked = false;
        group.bench_function("count_all/exact-covers", |b| {
            if !checked {
                assert_eq!(
                    peer.count(),
                    known.solutions,
                    "{name}: exact-covers miscounts"
                );
                checked = true;
            }
            b.iter_batched(
                || peer.solver(),
                |solver| black_box(ExactCovers::count_with(solver)),
                BatchSize::PerIteration,
            )
        });
        group.finish();
    }
}

criterion_group!(benches, engine, xcc);
criterion_main!(benches);
