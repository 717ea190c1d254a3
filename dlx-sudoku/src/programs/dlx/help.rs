//! The text after the options in `dlx --help`: the input format, the
//! output, and the exit status. The rules' names in it come from
//! [`Branching::TABLE`].

use dlx_core::Branching;

/// `dlx --help`'s text after the options.
pub(super) fn after_help() -> String {
    let rules = |which: fn(Branching) -> bool| {
        let names: Vec<&str> = Branching::ALL
            .iter()
            .filter(|&&r| which(r))
            .map(|r| r.name())
            .collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    };
    AFTER_HELP
        .replace(
            "{steady_rules}",
            &rules(|r| !r.drops_dead_ends() && !r.looks_ahead()),
        )
        .replace("{early_rules}", &rules(Branching::drops_dead_ends))
        .replace("{look_rules}", &rules(Branching::looks_ahead))
}

/// Text shown after the options in `dlx -h`: the essentials, and where
/// the rest is (a screen's worth: the long text is `dlx --help`).
pub(super) const AFTER_SHORT_HELP: &str = "\
Input: an item line (primary items, then optionally '|' and secondary
items), then one option per line; '|' starts a comment line. Colors
(DLX2), multiplicities (DLX3) and costs (DLX5) are read too.
Exit status: 0 every file got its answer, 1 a limit stopped a search or a
solution asked for does not exist, 2 usage error, unreadable or malformed
input, or unwritable output. The input format, the output, the rules,
threads, parts and exit status in full: dlx --help.";

/// Text shown after the options in `dlx --help`.
const AFTER_HELP: &str = "\
Input:
  The first line that is not blank or a comment ('|' first) names the items:
  primary items, then optionally '|' and secondary items. Every later line is
  an option: the names of its items. A solution covers every primary item
  exactly once and every secondary item at most once. An option with no
  primary item can never be chosen; it is ignored with a warning on stderr,
  'SOURCE:LINE: option ignored (no primary items)', as Knuth's DLX1 does.
  A line longer than 16 MiB (16777216 bytes) is an error, reported as soon
  as the limit is passed (so /dev/zero ends at once).
  Knuth's later formats are read too:
    colors (DLX2)          in an option, 'x:c' gives secondary item x the
                           color c (one character); options may share x if
                           they all give it the same color
    multiplicities (DLX3)  on the item line, 'lo:hi|name' or 'k|name': between
                           lo and hi (or exactly k) chosen options contain the
                           primary item; a solution is a set of options
    costs (DLX5)           in an option, after its first item, '|N' (N decimal
                           digits) adds N to the option's cost; several add
                           up. Only --min-cost reads costs: counting and
                           --print ignore them
  A file with colors is searched as DLX2 does, one with bounds as DLX3 does
  (their node and update counts); --print shows colors as written.
  With bounds, -j N and --split-depth cut the top of DLX3's tree into paths
  of moves (a level's move is an option, or the null move that gives its
  item no more options), each part replayed and counted; --list-parts
  shows a null move as '-'.

Output:
  Without --print, standard output is one line: the number of solutions. When
  --max-nodes or --time-limit stops the search the count is followed by '+'
  (e.g. '1234+'), since more solutions may exist. When --limit stops it the count is printed
  as it is (it equals the limit).
  With --print, standard output holds only the solutions: each is a block of
  its options, one per line, with the item names of the input line in their
  input order, separated by single spaces, listed in the order the search
  chose them; blocks are separated by one blank line. No count follows; ask
  for --stats. No solution means no output (and status 1). -n starts each
  option line with its line number in the input ('12: a d g'), so options
  with the same items can be told apart.
  Several files are answered one after another, each as it would be alone;
  a file that cannot be read or is malformed is reported on stderr and the
  next one answered. With several files, or -H, every output line starts
  with 'SOURCE:LINE: ' (as dlx-sudoku -H and grep -H -n): the file
  ('<stdin>' for standard input) and the line the output line is about,
  an option's own line, or the item line for a count or a cost line.
  Blank lines between solutions stay blank, so
  sed 's/^[^:]*:[0-9]*: //' gives back the plain output; messages on
  stderr name their file too, and the --stats line starts with 'SOURCE: '.
  Standard error gets warnings, errors and, with --stats, a last line
    solutions=S nodes=N updates=U guesses=G seconds=T.TTT
  counted as DLX1 (DLX2, DLX3) counts them (nodes: search-tree nodes entered
  plus one per solution; updates: items unlinked plus option nodes hidden;
  guesses: options tried while another of their item was left to try, as
  Sudoku solvers count them (under multiplicities, an option or the move
  that leaves the item's count as it is), 0 under costs;
  seconds: time spent searching, reading the input excluded; with --preprocess,
  nodes and updates of the reduced problem's search, seconds without the
  preprocessing). If --limit stopped the
  search, a line 'dlx: stopped at the limit of N solutions (there may be
  more)' comes just before it.
  With --preprocess, standard error first gets one line
    dlx: preprocessing removed R of N options and I of M items in T.TTT s
  (and, when some primary item can be in no option, a line naming it: then
  there is no solution and the count is 0). The reduced problem has the same
  solutions, printed with the input's options as they are written; --list-parts
  gives input line numbers too, but names parts of the reduced problem's tree:
  workers given --part must all use --preprocess, or none.
  With --min-cost, the first line of standard output is the least total cost
  of a solution (the sum of its options' costs), or 'no solution' when there
  is none. With --best K, standard output is the K least costs, one per
  line, best first; solutions of equal cost count separately, as in Knuth's
  DLX5 'k' (fewer lines when there are fewer solutions). With --print, each
  cost line is followed by the options of one solution of that cost, as
  --print writes them, each followed by its own cost as the input writes
  costs ('a b |3'; the cost line above is their sum), and blocks are
  separated by one blank line. The
  search is DLX5's (its node counts; --stats 'solutions' counts the
  solutions that beat the K-th best known when they were found);
  --disjoint-bound prunes more, with the same answers and 'solutions'. If
  --max-nodes or --time-limit stops it, the lines are the best found so far
  (not known to be the least), 'no solution found' if none was, and the
  status is 1; 'no solution' (the search finished) is status 1 too. --seed and --rule do not apply to it (DLX5's order is by
  cost).
  Bounds other than 1 (DLX3) are not supported with --min-cost.
  Errors name their place: a malformed input gives 'SOURCE:LINE:COL: message'
  (or 'SOURCE:LINE: message' when it concerns a whole line), SOURCE being the
  file name or '<stdin>'; other errors start with 'dlx: '. A closed output
  pipe (dlx --print FILE | head) ends the program quietly with status 0;
  standard output closed from the start (dlx FILE >&-) is status 2.
  When standard error is a terminal, a search shows a progress bar there
  (one thread or many, and with --part; not with --min-cost): solutions,
  nodes per second and an estimate of the share of the tree done. Piped or
  redirected, it does not.

Threads:
  -j N counts on N threads (0: one per core; at most 256, a larger N is a
  usage error). The solution count is always the one-thread run's. So is
  the node count under the rules {steady_rules},
  and on bounded problems. Under {early_rules} (early on problems without
  bounds) it may be a little larger and vary from run to run: an option
  that would leave an item without options is dropped there without a
  node, but one handed to another thread as its starting point is entered
  and counted there, and which options are handed over depends on timing.
  Under {look_rules} it may differ and vary too: each piece of shared work
  looks ahead from its own start. The update count adds the set-up of each
  piece of shared work, so it varies too; the guess count is each piece's
  own (the options handed over are not guesses of the thread that gave
  them), so it is lower than one thread's and varies.

Exit status (with several files, the worst of theirs):
  0  every file got its answer: the search finished (a count of 0 is an
     answer), or stopped at --limit; or the output pipe closed
  1  some file could not get it: --max-nodes or --time-limit stopped the
     search (the count is a lower bound, the cost may not be the least),
     or a solution was asked for (--print, --min-cost) and there is none
  2  usage error, or an input could not be opened or read, or is
     malformed, or --min-cost cannot take it (bounds, or costs whose
     totals overflow 64 bits), or the output could not be written";
