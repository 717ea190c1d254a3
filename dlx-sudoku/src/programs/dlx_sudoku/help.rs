//! The text `dlx-sudoku --help` shows after the options, and the short
//! version `-h` shows (a screen's worth: the long text is `--help`).
//!
//! The lists of names in them (formats, symmetries, levels) are made from
//! the tables beside their types ([`Named::NAMES`]), filled in where the
//! texts say `{formats}` and the like.

use crate::format::Format;
use crate::generate::Symmetry;
use crate::logic::Technique;
use crate::names::Named;
use crate::rate::Level;

/// `dlx-sudoku --help`'s text after the options.
pub(super) fn after_help() -> String {
    let techniques: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    AFTER_HELP
        .replace("{formats}", &listed::<Format>())
        .replace(
            "{techniques}",
            &wrapped(&format!("{}.", techniques.join(", ")), 2),
        )
}

/// `text` wrapped at 76 columns, each line indented by `indent` blanks,
/// without the final newline.
fn wrapped(text: &str, indent: usize) -> String {
    let mut lines = Vec::new();
    let mut line = " ".repeat(indent);
    for word in text.split(' ') {
        if line.len() + word.len() > 76 && line.len() > indent {
            lines.push(line.trim_end().to_string());
            line = " ".repeat(indent);
        }
        line.push_str(word);
        line.push(' ');
    }
    lines.push(line.trim_end().to_string());
    lines.join("\n")
}

/// `dlx-sudoku -h`'s text after the options.
pub(super) fn after_short_help() -> String {
    AFTER_SHORT_HELP.replace("{format_names}", &Format::names_joined(", "))
}

/// `dlx-sudoku generate --help`'s text after the options.
pub(super) fn generate_help() -> String {
    GENERATE_HELP
        .replace("{symmetries}", &Symmetry::names_joined("|"))
        .replace("{levels}", &Level::names_joined("|"))
}

/// `dlx-sudoku rate --help`'s text after the options: the levels with
/// their scores.
pub(super) fn rate_help() -> String {
    let levels: String = Level::NAMES
        .iter()
        .map(|n| {
            let (low, high) = n.value.range();
            let scores = if high.is_finite() {
                format!("up to {high:.1}")
            } else {
                format!("above {low:.1}")
            };
            format!("    {:<9} {scores:<10} {}\n", n.name, n.about)
        })
        .collect();
    let weights: Vec<String> = Technique::ALL
        .iter()
        .map(|t| format!("{} {:.1}", t.name(), t.weight()))
        .collect();
    RATE_HELP.replace("{level_list}\n", &levels).replace(
        "{weights}",
        &wrapped(&format!("{}.", weights.join(", ")), 2),
    )
}

/// A table's names and what each is, one entry a paragraph: the name in a
/// column of its own, the text wrapped at 76 columns beside it.
fn listed<T: Named>() -> String {
    const INDENT: usize = 12;
    let mut text = String::new();
    for n in T::NAMES {
        let mut line = format!("  {:<9} ", n.name);
        for word in n.about.split(' ') {
            if line.len() + word.len() > 76 && line.len() > INDENT {
                text.push_str(line.trim_end());
                text.push('\n');
                line = " ".repeat(INDENT);
            }
            line.push_str(word);
            line.push(' ');
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.pop();
    text
}

/// Text shown after the options in `dlx-sudoku --help`: the formats (listed
/// here only), the output, threads, variants and the exit status.
const AFTER_HELP: &str = "\
Formats (detected from the input unless --format names one; every format is
read and written):
{formats}
  Values above 9 (16x16, 25x25 boards in line/grid/pretty format) are A=10
  ... P=25. CRLF line ends, tabs, trailing blanks, a UTF-8 byte-order mark
  and a missing final newline are accepted. A line longer than 64 KiB is
  an error for its puzzle; one that goes on past 16 MiB ends its input as
  a read error (status 2), so an endless input (/dev/zero) ends at once.

Output:
  One record per input puzzle, in input order, in the output format (the
  input's unless --output names another). A puzzle with no solution prints
  'no solution' in its place; a malformed puzzle prints 'invalid puzzle' in
  its place and 'SOURCE:LINE[:COL]: what is wrong (what was expected)' on
  stderr; a puzzle stopped by --max-nodes or --time-limit prints 'search
  limit reached'. --max-nodes bounds each search; --time-limit bounds the
  wall time of each puzzle's work, all its searches together (generate:
  the whole run). Ctrl-C ends the run at once, as any program (status 130
  in the shell); records not yet written are lost.
  Every other puzzle is still solved and printed.
  solve prints the first solution found; with --unique a puzzle with
  several solutions prints 'multiple solutions' instead. Clashing clues
  print 'no solution' and, on stderr, 'SOURCE:LINE: no solution: ' and the
  clash, as check says it ('row 1 has value 1 twice (r1c1 and r1c2)').
  -o poj3076 writes 16x16 boards only: another size prints 'invalid
  puzzle' and says why on stderr.
  count: one line per puzzle, the number of solutions ('N+' when --limit
  stopped the count). A count that runs longer than 5 seconds writes a line
  on stderr every 5 seconds, piped or not: 'SOURCE:LINE: counting: N
  solutions, M nodes, ~P% of the tree, T s (--limit N stops at N)'. An
  empty 9x9 grid has 6.67e21 solutions: without --limit that count never
  ends.
  check: one line per puzzle, 'unique', 'no solution', 'multiple
  solutions' or why the puzzle is not valid (clashing clues name their
  row, column or box). Deciding uniqueness (check, explain, hint) can take
  minutes on a 25x25 board: past 5 seconds a line on stderr every 5
  seconds, 'SOURCE:LINE: checking for a second solution: M nodes, T s'.
  rate: one line per puzzle, its level, score and what set them ('hard 3.8
  swordfish', 'extreme 6.2 search'), or why it
  cannot be rated ('no solution', 'multiple solutions', 'invalid puzzle',
  'search limit reached'; the number of solutions is decided first, as
  check decides it). A rating that runs longer than 5 seconds writes a
  line on stderr every 5 seconds: 'SOURCE:LINE: rating: relabelling K of
  N, T s'.
  explain: the logical steps that solve each puzzle, one per line, in
  players' words ('r3c5 = 7: naked single', '7 in box 2 only in row 1:
  pointing, removes 7 from r1c7 r1c8'), then 'solved in N steps' or, when
  logic runs out, 'stuck after N steps with K cells open; the search needs
  M more nodes' (or, when --time-limit stops the logic, 'time limit reached
  after N steps', status 1); a blank line between puzzles. Techniques:
{techniques}
  Chains are written in HoDoKu's notation ('r1c1=1 = r1c6=1 - r5c6=1').
  explain --candidates prints the board with its pencil marks before each
  step.
  hint: one line per puzzle, its next logical step (or 'solved', or
  'stuck: ...' as above).
  Several files: their records follow one another, each file in its own
  (detected) format, with nothing between them; one record per puzzle, so
  the n-th record answers the n-th puzzle. -H (--with-filename) prefixes
  every output line with 'SOURCE:LINE: ', the input and the line of the
  puzzle it answers (blank lines between records stay blank).
  --stats writes per-puzzle and total search statistics to stderr. When
  stderr is a terminal and the puzzles come from a file or a pipe, a line
  on stderr shows the puzzles done and the rate; it is silent otherwise.

Threads:
  dlx-sudoku works on one thread per core by default (-j N to change, N at
  most 256: a larger N is a usage error): its output does not depend on
  the thread count. The dlx program counts on one
  thread by default, because there the node and update statistics are
  DLX1's exactly only on one thread (dlx -j 0 uses every core).

Variants (solve, count, check, rate, explain, hint and generate):
  --variant x     X-Sudoku: both main diagonals hold every value once too
  --regions FILE  jigsaw: the regions of FILE replace the boxes. FILE is a
                  grid of side rows of side labels, one character per cell
                  (any non-blank character; blanks between labels, blank
                  lines and '#' comment lines are ignored); it must make
                  side regions of side cells each, side 4, 9, 16 or 25.
                  Regions need not be contiguous. A bad file is a usage
                  error naming its line and column; so is one longer than
                  64 KiB (65536 bytes), which is not read further. Puzzles of another size
                  than the regions are 'invalid puzzle'.
  Both together make a jigsaw X-Sudoku. The singles pass works on the
  variant's houses. 'pretty' output draws the standard boxes, not regions.

Generate and rate: dlx-sudoku generate --help and dlx-sudoku rate --help
  describe them.

Exit status (one rule for every subcommand):
  0  every puzzle got the answer its subcommand gives: solved (solve), a
     count of one or more solutions (count), unique (check), rated
     (rate), explained or hinted (explain, hint: logic running out is an
     answer), generated as asked (generate); or the output pipe was closed
  1  some puzzle could not get it: it was malformed, has no solution (a
     count of 0 included), hit --max-nodes or --time-limit, or has several
     solutions where the subcommand needs exactly one (check, rate,
     explain, hint and solve --unique); (generate) some puzzle missed --clues, --minimal or
     --level and the closest one was printed
  2  usage error (a bad regions file included), or an input could not be
     read, or the output could not be written (standard output closed
     from the start, dlx-sudoku FILE >&-, included), or (generate) the variant
     admits no grid at all";

/// Text shown after the options in `dlx-sudoku -h`: the essentials, and
/// where the rest is.
const AFTER_SHORT_HELP: &str = "\
Formats (detected unless --format names one):
  {format_names}.
--time-limit bounds each puzzle's work (all its searches; for generate,
the whole run).
Exit status: 0 every puzzle got its answer, 1 some puzzle did not
(malformed, no solution, a limit stopped it, several solutions where one
is needed), 2 usage error or unreadable input or unwritable output.
Formats, output, limits, variants, threads and exit status in full:
dlx-sudoku --help.";

/// The end of every subcommand's help but generate's: where the formats,
/// the output and the exit status are described.
pub(super) const SEE_MAIN: &str = "\
Formats, output and exit status: dlx-sudoku --help.";

/// Text shown after the options in `dlx-sudoku generate -h`.
pub(super) const GENERATE_SHORT_HELP: &str = "\
--time-limit SECS bounds the whole run (status 1; puzzles finished are
printed, the one under way as far as it got). How puzzles are made, the
goals, the progress lines and the exit status: dlx-sudoku generate --help.";

/// Text shown after the options in `dlx-sudoku rate -h`.
pub(super) const RATE_SHORT_HELP: &str = "\
Each line: the level, the score and what set it ('hard 3.8 swordfish').
The techniques' weights, the levels and the score of a puzzle that needs
search: dlx-sudoku rate --help.";

/// Text shown after the options in `dlx-sudoku generate --help`.
const GENERATE_HELP: &str = "\
Generate (dlx-sudoku generate [OPTIONS]):
  Writes --count puzzles (default 1), each with exactly one solution, in the
  --output format (default line). A random full grid (random clues completed
  by the solver, then shuffled) loses clues in random order while the puzzle
  stays unique (a count with limit 2 decides). --seed S repeats a run
  exactly (default: from the clock; --stats prints it). --size 4|9|16|25
  (default 9, or the regions' side; 25 takes tens of seconds per puzzle).
  --symmetry {symmetries}: the clue pattern is symmetric under a
  half turn or a left-right mirror. Without --clues the removal runs to the
  end: every clue (every symmetric pair) is then needed. --minimal checks
  that no single clue can go, retrying new grids when one can (with
  symmetry, most first tries can lose a lone clue). --clues K stops at K
  clues. --level {levels} keeps only puzzles that
  'rate' (with its defaults) puts at that level: a puzzle of another level
  is changed by moves (one clue out, another in, while it stays unique)
  towards it, then a new grid is tried. When no puzzle meets every goal in
  --attempts grids (default 1000 for 4x4 and 9x9, 20 for 16x16, 3 for
  25x25), the closest puzzle is printed anyway, stderr
  says how many grids were tried and what was missed, and the exit status
  is 1. Time per 9x9 puzzle: see the README (hard puzzles, which need
  triples or a swordfish but no wing, are the rarest: about a second).
  Before the first puzzle, a first grid of the variant is searched for
  within a budget (2,000,000 nodes on the empty board, then 20 random
  starts of 200,000: a few seconds): regions that no grid fits (or that
  need more) end the run with a message and status 2.
  --time-limit SECS stops the whole run at SECS seconds (the searches
  too): puzzles finished are printed, one under way as far as it got,
  stderr says how many were finished, and the status is 1. A run longer than 5 seconds writes
  a line on stderr every 5 seconds: 'dlx-sudoku: generate: K of N puzzles
  made, T s'.
  Output in poj2676 starts with the case count, like the judge's input;
  poj3076 output holds 16x16 boards only (--size 16).
  --clues K below 17 on a classic 9x9 board (below 4 on a 4x4 one) is
  refused at once (status 2): no such puzzle has a unique solution (for
  9x9, McGuire, Tugemann and Civario's exhaustive search, 2012).

Formats and exit status: dlx-sudoku --help.";

/// Text shown after the options in `dlx-sudoku rate --help`.
const RATE_HELP: &str = "\
Rate (dlx-sudoku rate [OPTIONS] [FILE]...):
  Each line: the level, the score and what set it, e.g. 'hard 3.8
  swordfish'. The puzzle is solved with explain's techniques, easiest
  first; the score is the weight of the hardest step, on Sudoku
  Explainer's scale (a hidden single in a row or column 1.5; a chain adds
  0.1 for each length bound it passes, as Sudoku Explainer counts):
{weights}
  Levels (their scores, and the hardest techniques in them):
{level_list}
  A puzzle the techniques do not solve is extreme, 'search': its score is
  12 + log10(1 + u/1000), u the mean work the engine needs to solve it and
  prove it unique (dancing-links updates, singles pass off) over --samples
  random relabellings (default 8; rows, columns, bands, stacks,
  transposition and values permuted), drawn from --seed (default 0).
  --summary writes the number of puzzles rated, the mean score and the
  level counts to stderr.

Formats, output and exit status: dlx-sudoku --help.";
