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
# fastest of the runs, divided by the puzzles. The harness and our runs
# alternate for ROUNDS rounds (default 3; SECONDS_EACH seconds of the
# harness, RUNS of ours each), and each solver's fastest round counts.
# Guesses: each solver's own count (kudoku counts every option tried at a
# node of two or more, fsss and dlx-sudoku each option but the last); ours
# under `degree` (the default) and `look-ahead`.
set -euo pipefail

harness=${1:?usage: $0 TDOKU_RUN_BENCHMARK SET...}
shift
bin=${DLX_SUDOKU:-target/release/dlx-sudoku}
runs=${RUNS:-5}
json=$(mktemp)
trap 'rm -f "$json"' EXIT

echo "| set | puzzles | kudoku µs | fsss µs | ours µs | kudoku / ours | guesses kudoku | fsss | ours (degree) | ours (look-ahead) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for set in "$@"; do
    n=$(grep -c . "$set")
    # The host's speed drifts by 10-20% over minutes, so the peers and ours
    # take turns: ROUNDS rounds of the harness, then RUNS of our process,
    # and each solver's fastest round counts.
    ku=inf fs=inf gku=0 gfs=0 ours=inf
    for _ in $(seq "${ROUNDS:-3}"); do
        # |name   flags| puzzles/sec| usec/puzzle| %no_guess| guesses/puzzle|
        peers=$("$harness" -s kudoku,fsss -r 0 -t "${SECONDS_EACH:-5}" -w 1 "$set" | tr -d ' ')
        field() { echo "$peers" | awk -F'|' -v s="$1" -v f="$2" 'index($2, s) == 1 { print $f }'; }
        ku=$(python3 -c "import sys; print(min(float(sys.argv[1]), float(sys.argv[2])))" "$ku" "$(field kudoku 4)")
        fs=$(python3 -c "import sys; print(min(float(sys.argv[1]), float(sys.argv[2])))" "$fs" "$(field fsss 4)")
        gku=$(field kudoku 6) gfs=$(field fsss 6)
        hyperfine -N -w 1 -r "$runs" --export-json "$json" "$bin -j 1 -u $set" >/dev/null
        ours=$(python3 -c "import json,sys; print(min(float(sys.argv[2]), json.load(open(sys.argv[1]))['results'][0]['min']))" "$json" "$ours")
    done
    guesses() {
        "$bin" -j 1 -u -s --rule "$1" "$set" 2>&1 >/dev/null | tail -1 |
            sed 's/.*guesses=\([0-9]*\).*/\1/'
    }
    python3 - "$set" "$n" "$ours" "$ku" "$fs" "$gku" "$gfs" "$(guesses degree)" "$(guesses look-ahead)" <<'PY'
import os, sys
set_, n, ours, ku, fs, gku, gfs, gdeg, glook = sys.argv[1:]
n = int(n)
us = float(ours) / n * 1e6
print(f"| {os.path.basename(set_)} | {n:,} | {float(ku):.1f} | {float(fs):.1f} | {us:.1f} | "
      f"{float(ku) / us:.2f}× | {float(gku):.1f} | {float(gfs):.1f} | {int(gdeg) / n:.1f} | "
      f"{int(glook) / n:.1f} |")
PY
done
