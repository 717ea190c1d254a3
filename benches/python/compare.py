"""Counting exact covers from Python: dlxrs against xcover and exact_cover,
and against the dlx program on the same file.

    python benches/python/compare.py [--repeat 3] [--dlx target/release/dlx] [FILE.dlx ...]

Each problem is read from Knuth's DLX text by a small parser below (not
timed) into Python lists of item names; what is timed is what a Python
user does: build the problem from those lists in each package's own form,
then count all its solutions. All three packages run in this one process,
interleaved (package after package, repeat after repeat), on the files each
can express (exact_cover: primary items only); the best of --repeat runs is
reported. The counts must agree with each other and with the repository's
COUNTS.txt. xcover compiles its search with numba on first use: one call on
a tiny problem before timing leaves that compilation out. The dlx program
(--dlx) is timed as a whole process (reading its file included) for the
overhead of the bindings over it.

Not run by CI: xcover and exact_cover are installed for the measurement
only (see benches/README.md for the command and the figures).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = [
    "xc/langford11.dlx",
    "xc/langford12.dlx",
    "xc/queens12.dlx",
    "xc/pent6x10_sym.dlx",
    "xc/pent5x12.dlx",
    "xc/dom8x8_mut.dlx",
    "xcc/wrect_4x4_a6w120.dlx",
    "xcc/edge_r4x5_c5.dlx",
]


def parse(path: Path) -> tuple[list[str], list[str], list[list[str]]]:
    """Primary items, secondary items and options of a DLX1 or DLX2 file
    (colored entries stay "item:color", as both packages take them)."""
    lines = [
        ln.split() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("|")
    ]
    if any(":" in t and not t.endswith(":") for t in lines[0]):
        raise SystemExit(f"{path}: bounds (DLX3) are not compared")
    head, options = lines[0], lines[1:]
    if "|" in head:
        k = head.index("|")
        primary, secondary = head[:k], head[k + 1 :]
    else:
        primary, secondary = head, []
    return primary, secondary, options


def run_dlxrs(primary, secondary, options):
    import dlxrs

    p = dlxrs.Problem(primary, secondary)
    p.add_options(options)
    return p.count()


def run_dlxrs_fast(primary, secondary, options):
    import dlxrs

    p = dlxrs.Problem(primary, secondary)
    p.add_options(options)
    return p.count(rule="fast")


def run_xcover(primary, secondary, options):
    from xcover import covers

    colored = any(":" in item for option in options for item in option)
    return sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=colored))


def run_exact_cover(primary, secondary, options):
    import numpy as np
    import exact_cover

    if secondary:
        return None  # primary items only
    index = {name: i for i, name in enumerate(primary)}
    matrix = np.zeros((len(options), len(primary)), dtype=bool)
    for r, option in enumerate(options):
        for name in option:
            matrix[r, index[name]] = True
    return exact_cover.get_solution_count(matrix)


RUNNERS = {
    "dlxrs": run_dlxrs,
    "dlxrs-fast": run_dlxrs_fast,
    "xcover": run_xcover,
    "exact_cover": run_exact_cover,
}


def known_counts() -> dict[str, int]:
    """The recorded solution counts of the data files, by file name."""
    counts = {}
    data = ROOT / "dlx-core/tests/data"
    for table, column in (("xc/COUNTS.txt", 5), ("xcc/COUNTS.txt", 2)):
        for line in (data / table).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                f = line.split()
                if f[column].isdigit():
                    counts[f[0]] = int(f[column])
    return counts


def time_dlx(program: str, path: Path) -> tuple[int, float]:
    """The dlx program's count of `path` and its whole-process time."""
    start = time.perf_counter()
    out = subprocess.run([program, str(path)], capture_output=True, text=True, check=True)
    return int(out.stdout.strip()), time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--packages", default="dlxrs,dlxrs-fast,xcover,exact_cover")
    ap.add_argument("--dlx", help="the dlx program, to time it on the same files")
    args = ap.parse_args()
    files = [Path(f) for f in args.files] or [ROOT / "dlx-core/tests/data" / f for f in DEFAULT]
    packages = args.packages.split(",")
    if "xcover" in packages:
        run_xcover(["a", "b"], [], [["a"], ["b"], ["a", "b"]])  # numba compiles here
    known = known_counts()
    problems = {path: parse(path) for path in files}
    best: dict[tuple[Path, str], float] = {}
    counts: dict[Path, int] = {}
    for _ in range(args.repeat):
        for path, problem in problems.items():
            runs = [(p, lambda p=p: RUNNERS[p](*problem)) for p in packages]
            if args.dlx:
                runs.append(("dlx", lambda: time_dlx(args.dlx, path)))
            for name, run in runs:
                start = time.perf_counter()
                got = run()
                seconds = time.perf_counter() - start
                if name == "dlx":
                    got, seconds = got
                if got is None:
                    continue
                expected = counts.setdefault(path, known.get(path.name, got))
                if got != expected:
                    sys.exit(f"{name} counts {got} on {path.name}, expected {expected}")
                key = (path, name)
                best[key] = min(best.get(key, seconds), seconds)
    names = packages + (["dlx"] if args.dlx else [])
    head = " | ".join(f"{n} (s)" for n in names)
    ratios = [p for p in ("xcover", "exact_cover") if p in packages] + (["dlx"] if args.dlx else [])
    print(f"| file | solutions | {head} | " + " | ".join(f"dlxrs / {r}" for r in ratios) + " |")
    print("|---|---:|" + "---:|" * (len(names) + len(ratios)))
    for path in files:
        cells = [f"{best[(path, n)]:.3f}" if (path, n) in best else "n/a" for n in names]
        mine = best.get((path, "dlxrs"))
        for r in ratios:
            other = best.get((path, r))
            cells.append(f"{mine / other:.2f}" if mine and other else "n/a")
        print(f"| {path.name} | {counts[path]:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
