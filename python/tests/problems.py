"""Problems built through the API for the tests: N-queens and Langford
pairs, whose counts are known (OEIS A000170, 2 x A014552)."""

from __future__ import annotations

import dlxrs


def queens(n: int) -> dlxrs.Problem:
    """N-queens: rows and columns primary, diagonals secondary."""
    p = dlxrs.Problem(
        [("r", i) for i in range(n)] + [("c", i) for i in range(n)],
        [("a", d) for d in range(2 * n - 1)] + [("b", d) for d in range(2 * n - 1)],
    )
    p.add_options(
        [("r", r), ("c", c), ("a", r + c), ("b", n - 1 - r + c)]
        for r in range(n)
        for c in range(n)
    )
    return p


def langford(n: int) -> dlxrs.Problem:
    """Langford pairs of 1..n: no solution unless n % 4 is 0 or 3, and
    then a search tree that grows fast with n."""
    p = dlxrs.Problem([i for i in range(1, n + 1)] + [f"s{k}" for k in range(2 * n)])
    for i in range(1, n + 1):
        for j in range(2 * n - i - 1):
            p.add_option([i, f"s{j}", f"s{j + i + 1}"])
    return p
