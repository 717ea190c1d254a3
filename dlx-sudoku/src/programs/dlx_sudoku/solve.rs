//! `solve`, `count`, `check`, `explain` and `hint` on one puzzle.

use std::fmt::Write as _;
use std::time::Instant;

use dlx_core::Stats;

use super::slot::{misfit, Record, Slot};
use super::{Command, Config};
use crate::logic::Logic;
use crate::plural::Plural;
use crate::solver::{CountProgress, Outcome, Solver};
use crate::Board;

/// Reports on a long count: the puzzle's line and how far it got.
pub(super) type Report<'a> = dyn Fn(usize, &CountProgress) + Sync + 'a;

/// Solves, counts, checks or explains the puzzle of one slot.
pub(super) fn solve_slot(config: &Config, solver: &mut Solver, slot: &mut Slot, report: &Report) {
    let Some(Ok(puzzle)) = slot.item.as_ref() else {
        slot.record = Record::Message("invalid puzzle");
        slot.ok = false;
        slot.stats = Stats::default();
        return;
    };
    if let Some(misfit) = misfit(&config.variant, &puzzle.board) {
        slot.record = misfit;
        slot.ok = false;
        slot.stats = Stats::default();
        return;
    }
    let side = puzzle.board.side();
    if let Some(format) = config
        .output
        .filter(|f| config.command == Command::Solve && !f.writes(side))
    {
        // POJ 3076's letters stand for the values of a 16x16 board: a
        // 9x9 solution in them would read as another puzzle.
        slot.record = Record::OutputMisfit { side, format };
        slot.ok = false;
        slot.stats = Stats::default();
        return;
    }
    // The clock is read only for --stats (twice a puzzle shows on easy sets).
    let start = config.stats.then(Instant::now);
    let line = puzzle.line;
    let report = |p: &CountProgress| report(line, p);
    let (record, ok) = handle(config, &puzzle.board, solver, &mut slot.board, &report);
    slot.seconds = start.map_or(0.0, |t| t.elapsed().as_secs_f64());
    slot.stats = solver.stats();
    slot.record = record;
    slot.ok = ok;
}

/// Solves, counts, checks or explains one puzzle: the record to print and
/// whether the puzzle got its answer (the exit status rule). A solution
/// goes to `solution`.
fn handle(
    config: &Config,
    board: &Board,
    solver: &mut Solver,
    solution: &mut Board,
    report: &dyn Fn(&CountProgress),
) -> (Record, bool) {
    match config.command {
        Command::Solve if config.unique => solve_unique(config, board, solver, solution),
        Command::Solve => match solver.solve(board, solution) {
            Outcome::Solved => (Record::Solved, true),
            Outcome::NoSolution => (no_solution(config, board), false),
            Outcome::NodeLimit => (Record::Message("search limit reached"), false),
        },
        Command::Count { limit } => {
            let count = match config.count_progress {
                Some(every) => solver.count_with_progress(board, limit, every, report),
                None => solver.count(board, limit),
            };
            let more = count.outcome != dlx_core::Outcome::Complete;
            // A count of 0 is a puzzle without a solution: it fails, as it
            // does in every other subcommand.
            let ok = count.outcome != dlx_core::Outcome::NodeLimit && count.solutions > 0;
            (
                Record::Count {
                    solutions: count.solutions,
                    more,
                },
                ok,
            )
        }
        Command::Check => {
            if let Some(conflict) = config.variant.find_conflict(board) {
                return (Record::Conflict(conflict), false);
            }
            match uniqueness(config, solver, board, report) {
                Ok(()) => (Record::Message("unique"), true),
                Err(message) => (Record::Message(message), false),
            }
        }
        Command::Explain | Command::Hint => explain(config, board, solver, report),
        Command::Rate { .. } | Command::Generate(_) => {
            unreachable!("rate and generate have their own paths")
        }
    }
}

/// `Ok` for a puzzle with exactly one solution, else what to print. A
/// count that runs long is reported on (`config.count_progress`).
pub(super) fn uniqueness(
    config: &Config,
    solver: &mut Solver,
    board: &Board,
    report: &dyn Fn(&CountProgress),
) -> Result<(), &'static str> {
    let count = match config.count_progress {
        Some(every) => solver.count_with_progress(board, Some(2), every, report),
        None => solver.count(board, Some(2)),
    };
    match (count.outcome, count.solutions) {
        (dlx_core::Outcome::NodeLimit, _) => Err("search limit reached"),
        (_, 0) => Err("no solution"),
        (_, 1) => Ok(()),
        _ => Err("multiple solutions"),
    }
}

/// `solve --unique`: the solution of a puzzle with exactly one.
fn solve_unique(
    config: &Config,
    board: &Board,
    solver: &mut Solver,
    solution: &mut Board,
) -> (Record, bool) {
    solution.clone_from(board);
    let mut found = 0;
    let count = solver.for_each_solution(board, |s| {
        found += 1;
        if found == 1 {
            solution.clone_from(s);
        }
        found < 2
    });
    match (count.solutions, count.outcome) {
        (0, dlx_core::Outcome::NodeLimit) | (1, dlx_core::Outcome::NodeLimit) => {
            (Record::Message("search limit reached"), false)
        }
        (0, _) => (no_solution(config, board), false),
        (1, _) => (Record::Solved, true),
        _ => (Record::Message("multiple solutions"), false),
    }
}

/// The record of a puzzle `solve` found no solution for: the clash of its
/// clues if they clash (printed `no solution`, the clash on stderr), else
/// `no solution`.
fn no_solution(config: &Config, board: &Board) -> Record {
    match config.variant.find_conflict(board) {
        Some(conflict) => Record::Conflict(conflict),
        None => Record::Message("no solution"),
    }
}

/// `explain` (every step) and `hint` (the next one) of a puzzle that must
/// have exactly one solution.
fn explain(
    config: &Config,
    board: &Board,
    solver: &mut Solver,
    report: &dyn Fn(&CountProgress),
) -> (Record, bool) {
    if let Some(conflict) = config.variant.find_conflict(board) {
        return (Record::Conflict(conflict), false);
    }
    if let Err(message) = uniqueness(config, solver, board, report) {
        return (Record::Message(message), false);
    }
    let mut logic = Logic::new(board, &config.variant);
    let mut text = String::new();
    let mut steps = 0;
    // --time-limit bounds the logic too (a nested forcing chain can take
    // a second): checked between steps, so it stops one step late at most.
    let deadline = solver.deadline();
    let passed = || deadline.is_some_and(|d| Instant::now() >= d);
    if config.command == Command::Hint {
        if let Some(step) = logic.find() {
            if passed() {
                return (Record::Message("search limit reached"), false);
            }
            return (Record::Text(step.to_string()), true);
        }
    } else {
        while let Some(step) = logic.find() {
            if config.candidates {
                let _ = writeln!(text, "{}", logic.pencil_marks());
            }
            logic.apply(&step);
            steps += 1;
            let _ = writeln!(text, "{step}");
            if config.candidates {
                text.push('\n');
            }
            if passed() && !logic.is_solved() {
                let _ = write!(
                    text,
                    "time limit reached after {}",
                    Plural(steps as u64, "step")
                );
                return (Record::Text(text), false);
            }
        }
    }
    if logic.is_solved() {
        if config.command == Command::Hint {
            text.push_str("solved");
        } else {
            let _ = write!(text, "solved in {}", Plural(steps as u64, "step"));
        }
        return (Record::Text(text), true);
    }
    // Logic ran out: how much search is left.
    let open = Plural(logic.open_cells() as u64, "cell");
    let mut rest = logic.board();
    let reached = solver.solve(&logic.board(), &mut rest);
    let nodes = solver.stats().nodes;
    let search = match reached {
        Outcome::Solved if nodes == 1 => "the search needs 1 more node".to_string(),
        Outcome::Solved => format!("the search needs {nodes} more nodes"),
        _ => format!("the search needs more than {}", Plural(nodes, "node")),
    };
    if config.command == Command::Hint {
        let _ = write!(text, "stuck: no logical step with {open} open; {search}");
    } else {
        let _ = write!(
            text,
            "stuck after {} with {open} open; {search}",
            Plural(steps as u64, "step")
        );
    }
    (Record::Text(text), true)
}
