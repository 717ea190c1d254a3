"""One problem counted in one process, then by dlxrs.dask on a LocalCluster
of 2 single-threaded worker processes: the wall times and their ratio.

    python benches/python/dask_scaling.py [--queens 15] [--depth 3] [--tasks 64]

The distributed time is the whole of count_distributed (the cut, sending
the problem, the tasks, gathering), the cluster already started.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python" / "tests"))

import dlxrs  # noqa: E402
import dlxrs.dask  # noqa: E402
from problems import queens  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queens", type=int, default=15)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--tasks", type=int, default=64)
    args = ap.parse_args()
    from distributed import Client, LocalCluster

    p = queens(args.queens)
    start = time.perf_counter()
    one = p.count()
    single = time.perf_counter() - start
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            result = dlxrs.dask.count_distributed(p, client, depth=args.depth, tasks=args.tasks)
    assert result.total == one, (result.total, one)
    slowest = max(result.parts, key=lambda c: c.seconds)
    busy = sum(c.seconds for c in result.parts)
    print(
        f"{args.queens} queens: {one:,} solutions; one process {single:.2f} s; "
        f"2 Dask workers {result.seconds:.2f} s ({result.seconds / single:.2f}x), "
        f"their parts' times summed {busy:.2f} s; {len(result.parts)} parts in "
        f"{args.tasks} tasks, the largest {slowest.seconds:.2f} s"
    )


if __name__ == "__main__":
    main()
