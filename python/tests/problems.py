"""Problems built through the API for the tests: N-queens and Langford
pairs, whose counts are known (OEIS A000170, 2 x A014552), and random
small problems for the brute-force oracle (a hypothesis strategy)."""

from __future__ import annotations

from hypothesis import strategies as st

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


def dominoes(n: int) -> dlxrs.Problem:
    """Domino tilings of an n x n board (OEIS A004003: 36 for 4, 12988816
    for 8): the memoised search's best case."""
    p = dlxrs.Problem([(r, c) for r in range(n) for c in range(n)])
    p.add_options([(r, c), (r, c + 1)] for r in range(n) for c in range(n - 1))
    p.add_options([(r, c), (r + 1, c)] for r in range(n - 1) for c in range(n))
    return p


COLORS = ["r", "g"]


@st.composite
def random_problems(draw, colors: bool = False, bounds: bool = False, costs: bool = False):
    """(problem, options as (item, color) entries, primary, bounds, costs)."""
    primary = [f"p{i}" for i in range(draw(st.integers(1, 5)))]
    secondary = [f"s{j}" for j in range(draw(st.integers(0, 3)))]
    options = []
    for _ in range(draw(st.integers(0, 11))):
        items = draw(
            st.lists(st.sampled_from(primary + secondary), min_size=1, max_size=4, unique=True)
        )
        options.append(
            [
                (item, draw(st.sampled_from([None, *COLORS])) if colors and item in secondary else None)
                for item in items
            ]
        )
    item_bounds = {}
    if bounds:
        for item in primary:
            if draw(st.booleans()):
                lo = draw(st.integers(0, 2))
                item_bounds[item] = (lo, draw(st.integers(max(lo, 1), 3)))
    option_costs = [draw(st.integers(0, 20)) for _ in options] if costs else [0] * len(options)
    p = dlxrs.Problem(primary, secondary, bounds=item_bounds)
    for entries, cost in zip(options, option_costs):
        # Both spellings of a colored entry.
        spelled = [
            item if color is None else draw(st.sampled_from([(item, color), f"{item}:{color}"]))
            for item, color in entries
        ]
        p.add_option(spelled, cost=cost)
    return p, options, primary, item_bounds, option_costs
