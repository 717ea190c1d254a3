"""Counting one problem's solutions on a Dask cluster.

The search tree is cut at `depth` levels (`Problem.cut`); the parts are
dealt round-robin into tasks, and each task counts its parts on a worker
(`Problem.count_each_part`) with a copy of the problem (a `Problem`
pickles: its labels, options and costs). The counts add up to the
problem's; each part's count, search nodes, time and worker come back too.

Parts are plain data (`Part`: depth, position, the options chosen), a
worker checks each against its own cut of the problem, and a task only
returns counts: when a worker dies, Dask runs its tasks again elsewhere
(`retries`) and the total is still exact, each part counted once.

The same code runs on any cluster Dask reaches: a scheduler started by
hand (``Client("tcp://host:8786")``), or Slurm through dask-jobqueue::

    from dask_jobqueue import SLURMCluster
    from dask.distributed import Client
    cluster = SLURMCluster(cores=32, processes=32, memory="64GB", walltime="24:00:00")
    cluster.scale(jobs=10)                   # 10 nodes, 320 single-threaded workers
    result = count_distributed(problem, Client(cluster), depth=6)

Each worker needs `dlxrs` installed (the same version).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ._dlxrs import Part, Problem

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = ["DistributedCount", "PartCount", "count_distributed", "count_task"]


@dataclass(frozen=True)
class PartCount:
    """One part's count: its position in the cut, its solutions, its
    search nodes, the seconds it took and the worker that counted it."""

    index: int
    solutions: int
    nodes: int
    seconds: float
    worker: str


@dataclass(frozen=True)
class DistributedCount:
    """The result of `count_distributed`: the total (also `int(result)`),
    every part's count in the order of the cut, the depth of the cut and
    the wall time of the whole."""

    total: int
    parts: list[PartCount] = field(repr=False)
    depth: int
    seconds: float

    def __int__(self) -> int:
        return self.total


def count_task(problem: Problem, parts: list[Part], threads: int = 1) -> list[PartCount]:
    """One task, run on a worker: each of `parts` counted."""
    try:
        from distributed import get_worker

        worker = get_worker().address
    except (ImportError, ValueError):
        worker = "local"
    return [
        PartCount(index, solutions, nodes, seconds, worker)
        for index, solutions, nodes, seconds in problem.count_each_part(parts, threads=threads)
    ]


def count_distributed(
    problem: Problem,
    client: "Client",
    depth: int = 4,
    *,
    tasks: int | None = None,
    threads_per_task: int = 1,
    retries: int = 3,
    **submit: Any,
) -> DistributedCount:
    """The number of solutions of `problem`, counted by the workers of the
    Dask `client`, with each part's count.

    The tree is cut at `depth` levels, here, before anything is sent (the
    cut costs what the search above that depth costs); the parts go into
    `tasks` tasks (by default four per worker thread, at most one per
    part), dealt round-robin so that neighbouring parts, often of similar
    size, go to different tasks. Each task counts on `threads_per_task`
    threads. A task whose worker dies is run again, up to `retries` times.
    Extra keyword arguments go to `client.map` (`resources=`, ...).
    """
    start = time.perf_counter()
    parts = problem.cut(depth)
    if not parts:
        return DistributedCount(0, [], depth, time.perf_counter() - start)
    if tasks is None:
        tasks = 4 * (sum(client.nthreads().values()) or 1)
    tasks = max(1, min(tasks, len(parts)))
    groups = [parts[k::tasks] for k in range(tasks)]
    # One copy of the problem per worker, not one per task.
    [remote] = client.scatter([problem], broadcast=True, hash=False)
    futures = client.map(
        count_task,
        [remote] * tasks,
        groups,
        [threads_per_task] * tasks,
        pure=False,
        retries=retries,
        **submit,
    )
    counted = sorted((p for group in client.gather(futures) for p in group), key=lambda p: p.index)
    if [p.index for p in counted] != [p.index for p in parts]:
        raise RuntimeError("the tasks did not return each part once")  # never expected
    total = sum(p.solutions for p in counted)
    return DistributedCount(total, counted, depth, time.perf_counter() - start)
