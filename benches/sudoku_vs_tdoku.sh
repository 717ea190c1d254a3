#!/usr/bin/env bash
# Sudoku against the solvers of tdoku's harness (kudoku, the exact-cover
# solver, and fsss, a bitboard one), same run, one thread: a Markdown row a
# set. Not part of the build or of CI: tdoku is built apart, in a scratch
# folder (benches/README.md, "Sudoku against kudoku and fsss", says how).
#
#   benches/sudoku_vs_tdoku.sh TDOKU_RUN_BENCHMARK SET...
#
# The harness times each solver inside one process (I/O left out) and looks
# for two solutions, so `dlx-sudoku` runs with `-u` (two solutions looked
# for): whole processes under hyperfine (reading and writing counted), the
# fastest of the runs, divided by the puzzles. Guesses: each solver's own
# count (kudoku counts every option tried at a node of two or more, fsss
# and dlx-sudoku each option but the last); ours under `degree` (the
# default) and `look-ahead`.
set -euo pipefail

harness=${1:?usage: $0 TDOKU_RUN_BENCHMARK SET...}
shift
bin=${DLX_SUDOKU:-target/release/dlx-sudoku}
runs=${RUNS:-10}
json=$(mktemp)
trap 'rm -f "$json"' EXIT

echo "| set | puzzles | kudoku µs | fsss µs | ours µs | kudoku / ours | guesses kudoku | fsss | ours (degree) | ours (look-ahead) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for set in "$@"; do
    n=$(grep -c . "$set")
    # |name   flags| puzzles/sec| usec/puzzle| %no_guess| guesses/puzzle|
    peers=$("$harness" -s kudoku,fsss -r 0 -t "${SECONDS_EACH:-5}" -w 2 "$set" | tr -d ' ')
    field() { echo "$peers" | awk -F'|' -v s="$1" -v f="$2" 'index($2, s) == 1 { print $f }'; }
    hyperfine -N -w 2 -r "$runs" --export-json "$json" "$bin -j 1 -u $set" >/dev/null
    ours=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['min'])" "$json")
    guesses() {
        "$bin" -j 1 -u -s --rule "$1" "$set" 2>&1 >/dev/null | tail -1 |
            sed 's/.*guesses=\([0-9]*\).*/\1/'
    }
    python3 - "$set" "$n" "$ours" "$(field kudoku 4)" "$(field fsss 4)" "$(field kudoku 6)" \
        "$(field fsss 6)" "$(guesses degree)" "$(guesses look-ahead)" <<'EOF'
import os, sys
set_, n, ours, ku, fs, gku, gfs, gdeg, glook = sys.argv[1:]
n = int(n)
us = float(ours) / n * 1e6
print(f"| {os.path.basename(set_)} | {n:,} | {float(ku):.1f} | {float(fs):.1f} | {us:.1f} | "
      f"{float(ku) / us:.2f}× | {float(gku):.1f} | {float(gfs):.1f} | {int(gdeg) / n:.1f} | "
      f"{int(glook) / n:.1f} |")
EOF
done
