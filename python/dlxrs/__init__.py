"""Dancing Links exact cover for Python, on the Rust engine dlx-core.

Knuth's Algorithm X as his programs DLX1 (exact cover), DLX2 (colors),
DLX3 (multiplicities) and DLX5 (minimum cost) run it, node for node, with
items and options named by any hashable labels:

>>> import dlxrs
>>> dlxrs.count([["a", "b"], ["c"], ["b", "c"], ["a"]])
2
>>> sorted(sorted(s) for s in dlxrs.covers([["a", "b"], ["c"], ["b", "c"], ["a"]]))
[[0, 1], [2, 3]]
>>> p = dlxrs.Problem(["a", "b", "c"], options=[["a", "b"], ["c"], ["b", "c"], ["a"]])
>>> sorted(sorted(option) for option in p.first_solution())
[['a', 'b'], ['c']]

`Problem` builds a problem item by item and option by option (colors,
bounds, costs) and searches it: `count`, the lazy `solutions`,
`first_solution`, `min_cost`, `reduce`, `cut` and `count_parts`; `zdd`
builds the decision diagram of every solution by a memoised search, for
exact counts past any enumeration and uniform samples:

>>> dominoes = dlxrs.Problem([(r, c) for r in range(8) for c in range(8)])
>>> dominoes.add_options([(r, c), (r, c + 1)] for r in range(8) for c in range(7))
>>> dominoes.add_options([(r, c), (r + 1, c)] for r in range(7) for c in range(8))
>>> dominoes.zdd().count()
12988816

`read_dlx` reads Knuth's text format. Searches release the GIL, stop at a
`time_limit` (`LimitReached`) and on Ctrl-C. `dlxrs.sudoku` solves and
counts Sudoku; `dlxrs.dask` counts a problem's parts on a Dask cluster.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from ._dlxrs import (
    MAX_BEST,
    MAX_COST,
    BuildError,
    CostError,
    DlxError,
    LimitReached,
    MemoError,
    ParseError,
    Part,
    Problem,
    Solutions,
    Zdd,
    ZddSamples,
    ZddSolutions,
    ZddStats,
    __version__,
    parse_dlx,
    read_dlx,
    rules,
)
from . import sudoku

__all__ = [
    "MAX_BEST",
    "MAX_COST",
    "BuildError",
    "CostError",
    "DlxError",
    "LimitReached",
    "MemoError",
    "ParseError",
    "Part",
    "Problem",
    "Solutions",
    "Zdd",
    "ZddSamples",
    "ZddSolutions",
    "ZddStats",
    "__version__",
    "count",
    "covers",
    "parse_dlx",
    "read_dlx",
    "rules",
    "sudoku",
]


def covers(
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
) -> Iterator[list[int]]:
    """The exact covers of `options`, lazily: each a list of option numbers
    (positions in `options`), in the order the search chose them, as
    xcover's `covers` gives them.

    Items are the labels the options name (any hashable values). With
    neither `primary` nor `secondary`, all are primary (covered exactly
    once); with `secondary` only, the others are primary; with `primary`
    only, the others are secondary (covered at most once, or by options
    that give them one color: ``"label:color"``, or ``(label, color)``).
    `limit` stops after that many covers; `time_limit` (seconds) raises
    `LimitReached`.
    """
    problem = Problem.from_options(options, primary, secondary)
    return problem.solutions(limit=limit, time_limit=time_limit, indices=True)


def count(
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    *,
    limit: int | None = None,
    threads: int = 1,
    time_limit: float | None = None,
    memo: bool = False,
) -> int:
    """The number of exact covers of `options` (items as for `covers`), at
    most `limit` (an int of at least 1) if given; on `threads` threads (0:
    every core).

    `memo=True` counts by the memoised search instead (`Problem.zdd`, one
    thread): exact past 2^64 (up to 2^128), and fast where the same items
    are often left after different choices (tilings), slow where they
    seldom are (queens). Its `LimitReached` holds `solutions=None`.

    >>> count([["a", "b"], ["c"], ["b", "c"], ["a"]], memo=True)
    2
    """
    problem = Problem.from_options(options, primary, secondary)
    if memo:
        if threads != 1:
            raise ValueError("memo=True counts on one thread (threads=1)")
        if limit is not None and (not isinstance(limit, int) or not 1 <= limit < 2**64):
            raise ValueError(
                f"limit (None for no limit) must be an int from 1 to {2**64 - 1}, got {limit!r}"
            )
        n = problem.zdd(time_limit=time_limit).count()
        return n if limit is None else min(n, limit)
    return problem.count(limit=limit, threads=threads, time_limit=time_limit)
