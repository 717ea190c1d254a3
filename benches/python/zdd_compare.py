"""Memoised counting (issue 32): `dlx --memo` against the plain `dlx` and
against xcover's `covers_zdd(..., use_memo_cache=True)`, with the memo's
figures (subproblems, hits, diagram nodes) for each file.

    python benches/python/zdd_compare.py [--repeat 3] [--dlx target/release/dlx] [--no-xcover]

`dlx` is timed as a whole process (reading its file included), best of
--repeat; so is `dlx --memo`, whose `--stats` line gives the memo's figures.
xcover runs in this process after one call on a tiny problem (numba's
compile left out); its time includes turning the option lists into its
arrays and consuming the generator of diagram nodes, from which the script
counts the solutions itself. Every count is checked: against the plain
search, or for the domino boards too large for it against a transfer-matrix
count computed here. A wrong count is reported, not timed over.

Domino boards m x n are generated into a temporary folder: the cells as
primary items, one option per pair of neighbouring cells.

Not run by CI: xcover is installed for the measurement only (see
benches/README.md).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from compare import parse  # noqa: E402

DATA = ROOT / "dlx-core/tests/data"
FILES = [
    "xc/dom8x8.dlx",
    "xc/pent6x10_sym.dlx",
    "xc/pent3x20.dlx",
    "xc/langford12.dlx",
    "xc/queens12.dlx",
    "xcc/wrect_4x4_a6w120.dlx",
    "xcc/wrect_5x5_a5w120.dlx",
    "xcc/edge_r4x5_c5.dlx",
    "xcc/latin_n7_g12.dlx",
]
BOARDS = [(12, 12), (14, 14), (16, 16)]


def domino_file(folder: Path, m: int, n: int) -> Path:
    cells = [f"{r}_{c}" for r in range(m) for c in range(n)]
    lines = [" ".join(cells)]
    for r in range(m):
        for c in range(n):
            if c + 1 < n:
                lines.append(f"{r}_{c} {r}_{c + 1}")
            if r + 1 < m:
                lines.append(f"{r}_{c} {r + 1}_{c}")
    path = folder / f"dom{m}x{n}.dlx"
    path.write_text("\n".join(lines) + "\n")
    return path


def tilings(m: int, n: int) -> int:
    """Domino tilings of an m x n board by a broken-profile transfer matrix
    (cell by cell, row-major; bit k of the profile: the cell k places ahead
    is already covered)."""
    ways = {0: 1}
    for r in range(m):
        for c in range(n):
            nxt: dict[int, int] = {}
            for profile, w in ways.items():
                if profile & 1:
                    key = profile >> 1
                    nxt[key] = nxt.get(key, 0) + w
                    continue
                if c + 1 < n and not profile & 2:  # horizontal
                    key = (profile | 2) >> 1
                    nxt[key] = nxt.get(key, 0) + w
                if r + 1 < m:  # vertical
                    key = (profile | (1 << n)) >> 1
                    nxt[key] = nxt.get(key, 0) + w
            ways = nxt
    return ways.get(0, 0)


def run_dlx(program: str, args: list[str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    out = subprocess.run([program, *args], capture_output=True, text=True, check=True)
    return int(out.stdout.strip()), out.stderr, time.perf_counter() - start


def xcover_count(problem) -> tuple[int, int]:
    """xcover's diagram of the problem: its solution count and nodes."""
    from xcover import covers_zdd

    primary, secondary, options = problem
    colored = any(":" in item for option in options for item in option)
    count = {0: 0, 1: 1}
    last = 0
    for index, _option, lo, hi in covers_zdd(
        options, primary=primary, secondary=secondary, colored=colored, use_memo_cache=True
    ):
        count[index] = count[lo] + count[hi]
        last = index
    return (count[last] if last else 0), len(count) - 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dlx", default=str(ROOT / "target/release/dlx"))
    ap.add_argument("--no-xcover", action="store_true")
    args = ap.parse_args()
    if not args.no_xcover:
        from xcover import covers_zdd

        list(covers_zdd([["a"], ["b"], ["a", "b"]], primary=["a", "b"], use_memo_cache=True))
        list(
            covers_zdd(
                [["a", "x:1"]], primary=["a"], secondary=["x"], colored=True, use_memo_cache=True
            )
        )
    folder = Path(tempfile.mkdtemp())
    files = [DATA / f for f in FILES] + [domino_file(folder, m, n) for m, n in BOARDS]
    rows = []
    for path in files:
        board = re.fullmatch(r"dom(\d+)x(\d+)", path.stem)
        big = board is not None and int(board.group(1)) > 8
        best: dict[str, float] = {}
        stats = ""
        want = tilings(int(board.group(1)), int(board.group(2))) if big else None
        xcover = ""
        for _ in range(args.repeat):
            if not big:
                got, _, t = run_dlx(args.dlx, [str(path)])
                want = got if want is None else want
                best["plain"] = min(best.get("plain", t), t)
            got, err, t = run_dlx(args.dlx, ["--memo", "--stats", str(path)])
            if got != want:
                sys.exit(f"dlx --memo counts {got} on {path.name}, expected {want}")
            best["memo"] = min(best.get("memo", t), t)
            stats = err
            if not args.no_xcover and not big:
                start = time.perf_counter()
                count, nodes = xcover_count(parse(path))
                t = time.perf_counter() - start
                if count != want:
                    xcover = f"wrong count {count:,}"
                else:
                    best["xcover"] = min(best.get("xcover", t), t)
                    xcover = f"{nodes:,} nodes"
        fields = dict(re.findall(r"(\S+)=(\S+)", stats.splitlines()[-1]))
        fell_back = re.search(r"met (\d+) of (\d+) subproblems again: counting", stats)
        if fell_back:
            fields = {"memo-hits": fell_back.group(1), "nodes": fell_back.group(2) + " (gave up)"}
        rows.append((path.stem, want, best, fields, fell_back, xcover))
        print(f"{path.stem}: done", file=sys.stderr, flush=True)

    def s(best, k):
        return f"{best[k]:.3f}" if k in best else "-"

    print(
        "| file | solutions | `dlx` (s) | `dlx --memo` (s) | subproblems | memo hits "
        "| diagram nodes | xcover `covers_zdd` memo (s) | xcover's diagram | memo / xcover |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for name, want, best, f, fell_back, xcover in rows:
        memo = s(best, "memo") + (" (plain)" if fell_back else "")
        ratio = f"{best['memo'] / best['xcover']:.3f}" if "xcover" in best else "-"
        print(
            f"| {name} | {want:,} | {s(best, 'plain')} | {memo} | {f.get('nodes', '-')} "
            f"| {f.get('memo-hits', '-')} | {f.get('zdd-nodes', '-')} | {s(best, 'xcover')} "
            f"| {xcover or '-'} | {ratio} |"
        )


if __name__ == "__main__":
    main()
