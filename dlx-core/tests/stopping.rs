//! Stopping a search by deadline or cancellation, and resuming it: every way
//! of searching (the solver's steps and counts, the iterator, the parallel
//! count) on every kind of problem (plain, colors, bounds).
//!
//! The counts are checked against Knuth's recorded counts (`COUNTS.txt` of
//! `data/xc` and `data/xcc`) and against the same search run without a stop:
//! a search stopped and resumed any number of times must count the same
//! solutions *and* enter the same nodes as one that never stopped.

use std::thread;
use std::time::{Duration, Instant};

#[cfg(feature = "parallel")]
use dlx_core::parallel::Counter;
use dlx_core::{text, Cancel, Kind, Outcome, Problem, Stats, Step, Uniqueness};

use crate::common::data_path;

/// A problem of each kind, with its solutions and nodes as Knuth's
/// programs count them (the search takes a good part of a second).
const FILES: [(&str, Kind, u64, u64); 3] = [
    ("xc/langford12.dlx", Kind::Exact, 216_288, 2_831_065),
    ("xcc/latin_n8_g20.dlx", Kind::Colors, 107_515, 1_546_234),
    (
        "xcc/rmcc_p20_s10_o100b.dlx",
        Kind::Multiplicities,
        397_774,
        1_861_514,
    ),
];

fn load(rel: &str) -> Problem {
    let bytes = std::fs::read(data_path(rel)).expect("test data");
    let file = text::parse(&bytes).expect("a valid file");
    file.problem
}

/// Each test file, checked to be of the kind expected.
fn problems() -> impl Iterator<Item = (&'static str, Problem, u64, u64)> {
    FILES.into_iter().map(|(rel, kind, solutions, nodes)| {
        let p = load(rel);
        assert_eq!(p.kind(), kind, "{rel}");
        (rel, p, solutions, nodes)
    })
}

#[test]
fn a_deadline_already_past_stops_before_the_first_node() {
    for (rel, mut p, solutions, nodes) in problems() {
        let mut s = p.solver();
        s.set_deadline(Some(Instant::now()));
        assert_eq!(s.next_solution(), Step::Deadline, "{rel}");
        let count = s.count(None);
        assert_eq!(count.outcome, Outcome::Deadline, "{rel}");
        assert_eq!(s.stats(), Stats::default(), "{rel}: nothing searched");
        assert_eq!(s.solution_len(), 0, "{rel}");
        assert_eq!(s.uniqueness(), Uniqueness::Undecided, "{rel}");
        // Removing the deadline resumes the same search, untouched.
        s.set_deadline(None);
        let count = s.count(None);
        assert_eq!(count.outcome, Outcome::Complete, "{rel}");
        assert_eq!(
            (count.solutions, s.stats().nodes),
            (solutions, nodes),
            "{rel}"
        );
        // A finished search reports that it is finished, deadline or not.
        s.set_time_limit(Duration::ZERO);
        assert_eq!(s.next_solution(), Step::Exhausted, "{rel}");
    }
}

#[test]
fn a_search_stopped_by_many_deadlines_counts_as_one_run() {
    for (rel, mut p, solutions, nodes) in problems() {
        let mut s = p.solver();
        let mut stops = 0;
        let count = loop {
            s.set_time_limit(Duration::from_micros(300));
            let count = s.count(None);
            match count.outcome {
                Outcome::Deadline => stops += 1,
                _ => break count,
            }
        };
        assert_eq!(count.outcome, Outcome::Complete, "{rel}");
        assert_eq!(
            (count.solutions, s.stats().nodes),
            (solutions, nodes),
            "{rel}"
        );
        // The searches take tens of milliseconds at least.
        assert!(stops > 0, "{rel}: never stopped");
    }
}

#[test]
fn solutions_found_between_deadlines_are_each_found_once() {
    for (rel, mut p, solutions, _) in problems() {
        let mut s = p.solver();
        let mut found = 0;
        loop {
            s.set_time_limit(Duration::from_micros(200));
            match s.next_solution() {
                Step::Found => {
                    found += 1;
                    assert!(s.solution_len() > 0, "{rel}");
                    if found == 1000 {
                        break;
                    }
                }
                Step::Deadline => {}
                other => panic!("{rel}: {other:?} before 1000 solutions"),
            }
        }
        assert_eq!(s.stats().solutions, 1000, "{rel}");
        assert!(solutions > 1000);
    }
}

#[test]
fn a_cancel_from_another_thread_stops_the_search_and_reset_resumes_it() {
    for (rel, mut p, solutions, nodes) in problems() {
        let cancel = Cancel::new();
        let mut s = p.solver();
        s.set_cancel(Some(cancel.clone()));
        let remote = cancel.clone();
        let canceller = thread::spawn(move || {
            thread::sleep(Duration::from_millis(5));
            remote.cancel();
        });
        // Count in small steps until the other thread's cancel lands.
        let stopped = loop {
            s.set_node_limit(Some(s.stats().nodes + 10_000));
            match s.count(None).outcome {
                Outcome::NodeLimit => {}
                outcome => break outcome,
            }
        };
        canceller.join().expect("the cancelling thread");
        if stopped == Outcome::Complete {
            // The machine was too fast for the other thread: still right.
            assert_eq!(s.stats().solutions, solutions, "{rel}");
            continue;
        }
        assert_eq!(stopped, Outcome::Cancelled, "{rel}");
        // Cancelled stays cancelled until the handle is reset.
        s.set_node_limit(None);
        assert_eq!(s.count(None).outcome, Outcome::Cancelled, "{rel}");
        cancel.reset();
        let count = s.count(None);
        assert_eq!(count.outcome, Outcome::Complete, "{rel}");
        assert_eq!(
            (count.solutions, s.stats().nodes),
            (solutions, nodes),
            "{rel}"
        );
    }
}

#[test]
fn cancellation_wins_over_a_deadline_and_over_nothing_else() {
    let (_, mut p, solutions, _) = problems().next().expect("a file");
    let cancel = Cancel::new();
    cancel.cancel();
    let mut s = p.solver();
    s.set_deadline(Some(Instant::now()));
    s.set_cancel(Some(cancel.clone()));
    assert_eq!(s.next_solution(), Step::Cancelled);
    // Watching no handle any more, the deadline stops it.
    s.set_cancel(None);
    assert_eq!(s.next_solution(), Step::Deadline);
    // A node limit reached first is reported as such.
    s.set_deadline(Some(Instant::now() + Duration::from_secs(3600)));
    s.set_node_limit(Some(10));
    assert_eq!(s.count(None).outcome, Outcome::NodeLimit);
    assert_eq!(s.stats().nodes, 10);
    s.set_node_limit(None);
    assert_eq!(s.count(None).solutions, solutions);
}

#[test]
fn the_iterator_tells_why_it_ended_and_resumes() {
    for (rel, mut p, solutions, _) in problems() {
        let mut all = p.solutions();
        assert_eq!(all.outcome(), None, "{rel}");
        all.solver_mut().set_time_limit(Duration::ZERO);
        assert_eq!(all.next(), None, "{rel}");
        assert_eq!(all.outcome(), Some(Outcome::Deadline), "{rel}");
        all.solver_mut().set_deadline(None);
        all.solver_mut().set_node_limit(Some(1000));
        let before = all.by_ref().count() as u64;
        assert_eq!(all.outcome(), Some(Outcome::NodeLimit), "{rel}");
        assert!(before < solutions, "{rel}");
        all.solver_mut().set_node_limit(None);
        let after = all.by_ref().count() as u64;
        assert_eq!(all.outcome(), Some(Outcome::Complete), "{rel}");
        assert_eq!(before + after, solutions, "{rel}");
    }
}

#[cfg(feature = "parallel")]
#[test]
fn a_parallel_count_stops_at_its_deadline_or_cancel() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    for (rel, mut p, solutions, nodes) in problems() {
        pool.install(|| {
            let counted = Counter::new().count(&mut p);
            assert_eq!(counted.outcome, Outcome::Complete, "{rel}");
            assert_eq!(
                (counted.stats.solutions, counted.stats.nodes),
                (solutions, nodes)
            );

            let past = Counter::new().deadline(Instant::now()).count(&mut p);
            assert_eq!(past.outcome, Outcome::Deadline, "{rel}");
            assert_eq!(past.stats, Stats::default(), "{rel}");

            let cancel = Cancel::new();
            cancel.cancel();
            let cancelled = Counter::new().cancel(&cancel).count(&mut p);
            assert_eq!(cancelled.outcome, Outcome::Cancelled, "{rel}");
            assert_eq!(cancelled.stats, Stats::default(), "{rel}");

            // Stopped part-way, the count is a lower bound.
            let short = Counter::new()
                .time_limit(Duration::from_millis(2))
                .count(&mut p);
            assert!(short.stats.solutions <= solutions, "{rel}");
            match short.outcome {
                Outcome::Deadline => assert!(short.stats.nodes < nodes, "{rel}"),
                Outcome::Complete => assert_eq!(short.stats.solutions, solutions, "{rel}"),
                other => panic!("{rel}: {other:?}"),
            }
            // The problem is left whole for the next search.
            assert_eq!(p.count(), solutions, "{rel}");
        });
    }
}

#[test]
fn a_least_cost_search_stops_at_its_deadline_or_cancel() {
    let bytes = std::fs::read(data_path("cost/c03_langford11_weighted.dlx")).expect("test data");
    let p = text::parse(&bytes).expect("a valid file").problem;
    let full = dlx_core::cost::CostSearch::new(&p)
        .run()
        .expect("no bounds");
    assert_eq!(
        (full.outcome, full.min_cost()),
        (Outcome::Complete, Some(361))
    );

    let past = dlx_core::cost::CostSearch::new(&p)
        .deadline(Some(Instant::now()))
        .run()
        .expect("no bounds");
    assert_eq!(past.outcome, Outcome::Deadline);
    assert!(past.solutions.is_empty());
    assert_eq!(past.stats.nodes, 0);

    let cancel = Cancel::new();
    cancel.cancel();
    let cancelled = dlx_core::cost::CostSearch::new(&p)
        .cancel(Some(cancel))
        .run()
        .expect("no bounds");
    assert_eq!(cancelled.outcome, Outcome::Cancelled);
    assert!(cancelled.solutions.is_empty());

    // A generous deadline changes nothing.
    let timed = dlx_core::cost::CostSearch::new(&p)
        .time_limit(Duration::from_secs(3600))
        .run()
        .expect("no bounds");
    assert_eq!(timed.outcome, Outcome::Complete);
    assert_eq!(timed.min_cost(), Some(361));
    assert_eq!(timed.stats, full.stats);
}
