"""A deliberately naive reference: every subset of the options, checked by
the rules. Independent of the engine (no dancing links, no search order),
for problems of up to about 14 options."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations
from typing import Optional

Entry = tuple[Hashable, Optional[str]]  # (item, color or None)


def is_solution(
    chosen: Sequence[Sequence[Entry]],
    primary: Sequence[Hashable],
    bounds: dict[Hashable, tuple[int, int]],
) -> bool:
    """Does the set of options `chosen` satisfy the rules: each primary item
    covered between its bounds (1, 1 by default), each secondary item
    covered at most once or only by options giving it one same color, and
    every option containing a primary item (the search never chooses
    another)?"""
    primary_set = set(primary)
    times: dict[Hashable, int] = {}
    colors: dict[Hashable, list[Optional[str]]] = {}
    for option in chosen:
        if not any(item in primary_set for item, _ in option):
            return False
        for item, color in option:
            if item in primary_set:
                times[item] = times.get(item, 0) + 1
            else:
                colors.setdefault(item, []).append(color)
    for item in primary:
        lo, hi = bounds.get(item, (1, 1))
        if not lo <= times.get(item, 0) <= hi:
            return False
    for given in colors.values():
        if len(given) > 1 and (given[0] is None or any(c != given[0] for c in given)):
            return False
    return True


def solutions(
    options: Sequence[Sequence[Entry]],
    primary: Sequence[Hashable],
    bounds: Optional[dict[Hashable, tuple[int, int]]] = None,
) -> set[frozenset[int]]:
    """Every solution, as a set of option numbers."""
    bounds = bounds or {}
    found = set()
    n = len(options)
    for size in range(n + 1):
        for subset in combinations(range(n), size):
            if is_solution([options[i] for i in subset], primary, bounds):
                found.add(frozenset(subset))
    return found


def cost_of(solution: frozenset[int], costs: Sequence[int]) -> int:
    """A solution's total cost."""
    return sum(costs[i] for i in solution)
