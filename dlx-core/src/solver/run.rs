//! Running the search: the dispatch to the engine the solver picked.

use super::*;
use crate::engine::exact::{self, Marks};
use crate::engine::levels::Run;

impl Solver<'_> {
    /// [`Solver::run`] on the engine the strategy chose (see
    /// `engine::strategy`): the solver's state is lent to its loop as a [`Run`]
    /// and taken back after.
    pub(super) fn run_any(&mut self, target: u64) -> Step {
        if !self.started {
            let levels = self.p.work.choice.len();
            if self.strategy.start(self.p, levels) {
                // Either links count their updates from 0, the forced
                // options' included.
                self.updates_base = 0;
            }
        }
        self.started = true;
        self.solution_len = None;
        let p = &mut *self.p;
        let mut run = Run {
            choice: &mut p.work.choice,
            stop: &mut p.work.stop,
            level: self.level,
            state: self.state,
            nodes: self.nodes,
            guesses: self.guesses,
            solutions: self.solutions,
            node_limit: self.stop_at,
            forced: !p.work.forced.is_empty(),
            solution_len: None,
            floor: self.floor,
        };
        let plan = self.strategy.plan;
        let step = match self.strategy.links {
            Links::Plain => {
                let marks = Marks {
                    mark: &mut p.work.mark,
                    order: &mut p.work.order,
                    logged: &mut p.work.logged,
                };
                exact::search(&mut p.links, marks, plan, &mut run, target)
            }
            Links::Bounded => p.work.xcc.search_bounds(&mut run, target),
            Links::Lazy => p.work.lazy.search(&mut run, target, plan.early),
            Links::Colored | Links::ColoredByLength => {
                p.work.xcc.search_colors(&mut run, target, plan.early)
            }
        };
        self.level = run.level;
        self.state = run.state;
        self.nodes = run.nodes;
        self.guesses = run.guesses;
        self.solutions = run.solutions;
        self.solution_len = run.solution_len;
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stats and the first solutions of a search of `file`, with the
    /// copy of the search loop compiled for BMI used or not.
    fn search(file: &[u8], branching: Branching, bmi: bool) -> (Stats, Vec<Vec<OptionId>>) {
        let mut problem = crate::text::parse(file).expect("a valid file").problem;
        problem.links.bmi &= bmi;
        let mut solver = problem.solver();
        solver.set_branching(branching);
        let mut first = Vec::new();
        while first.len() < 5 && solver.next_solution() == Step::Found {
            first.push(solver.solution().collect());
        }
        solver.count(None);
        (solver.stats(), first)
    }

    /// Tests run on a processor with the features take the copy compiled
    /// for them; the other copy, compiled from the same code for any
    /// processor, must search the same trees.
    #[test]
    fn both_copies_of_the_search_agree() {
        let files: [&[u8]; 4] = [
            include_bytes!("../../tests/data/xc/dom6x6.dlx"),
            include_bytes!("../../tests/data/xc/langford8.dlx"),
            include_bytes!("../../tests/data/xc/queens8.dlx"),
            include_bytes!("../../tests/data/xc/sudoku_hdu1426.dlx"),
        ];
        let rules = [
            Branching::MinLength,
            Branching::MinLengthUpToOne,
            Branching::ShortFirst,
            Branching::ShortFirstDegree,
            Branching::First,
        ];
        for file in files {
            for rule in rules {
                let plain = search(file, rule, false);
                assert!(plain.0.solutions > 0, "{rule:?}");
                assert_eq!(search(file, rule, true), plain, "{rule:?}");
            }
        }
    }
}
