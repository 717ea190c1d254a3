"""Sudoku on dlx-sudoku's solver: boards of 4x4 to 25x25.

A puzzle is either a string of side**2 characters, row by row (``.`` or
``0`` for an empty cell, ``1``-``9`` and then ``A``-``P`` for 10-25, as the
``dlx-sudoku`` program's line format; blanks and newlines are ignored), or a
grid: a list of side rows of side ints (0 for an empty cell). `solve`
answers in the puzzle's own form.

>>> from dlxrs import sudoku
>>> puzzle = "1.3." ".4.2" "2.4." ".3.1"
>>> sudoku.solve(puzzle)
'1234341221434321'
>>> sudoku.count("." * 16)
288
"""

from __future__ import annotations

import math
from typing import Sequence, Union, overload

from ._dlxrs import sudoku_count as _count
from ._dlxrs import sudoku_solve as _solve

__all__ = ["Grid", "count", "solve"]

Grid = Sequence[Sequence[int]]
"""A grid: side rows of side ints, 0 for an empty cell."""

_DIGITS = "123456789ABCDEFGHIJKLMNOP"


def _order_of(cells: int) -> int:
    """The box side n of a board of `cells` cells (n**4), or ValueError."""
    side = math.isqrt(cells)
    order = math.isqrt(side)
    if side * side != cells or order * order != side or not 2 <= order <= 5:
        raise ValueError(
            f"a puzzle of {cells} cells (expected 16, 81, 256 or 625: 4x4 to 25x25)"
        )
    return order


def _parse(puzzle: Union[str, Grid]) -> tuple[int, bytes]:
    """The order and the row-major cells of `puzzle`."""
    if isinstance(puzzle, str):
        text = "".join(puzzle.split())
        order = _order_of(len(text))
        side = order * order
        cells = bytearray()
        for i, ch in enumerate(text):
            if ch in ".0":
                cells.append(0)
                continue
            value = _DIGITS.find(ch.upper()) + 1 if ch.isascii() else 0
            if not 1 <= value <= side:
                raise ValueError(
                    f"character {ch!r} at position {i + 1} is no value of a "
                    f"{side}x{side} board (expected '.', '0' or 1-{_DIGITS[side - 1]})"
                )
            cells.append(value)
        return order, bytes(cells)
    if isinstance(puzzle, (bytes, bytearray)) or not hasattr(puzzle, "__iter__"):
        raise TypeError(
            f"a puzzle is a str or a grid (a list of rows of ints), not {type(puzzle).__name__}"
        )
    rows = [list(row) for row in puzzle]
    side = math.isqrt(len(rows))
    if side * side != len(rows) or not 2 <= side <= 5:
        raise ValueError(f"a grid of {len(rows)} rows (expected 4, 9, 16 or 25)")
    order = _order_of(len(rows) ** 2)
    side = order * order
    for r, row in enumerate(rows):
        if len(row) != side:
            raise ValueError(f"row {r} has {len(row)} cells (expected {side})")
    flat = [v for row in rows for v in row]
    for i, v in enumerate(flat):
        if not isinstance(v, int) or not 0 <= v <= side:
            raise ValueError(
                f"cell ({i // side}, {i % side}) holds {v!r} (expected an int 0-{side})"
            )
    return order, bytes(flat)


@overload
def solve(puzzle: str, *, time_limit: float | None = None) -> str | None: ...
@overload
def solve(puzzle: Grid, *, time_limit: float | None = None) -> list[list[int]] | None: ...
def solve(puzzle, *, time_limit=None):
    """The first solution found of `puzzle` (in its form: a string, or a
    list of lists), or None if it has none. A puzzle with several solutions
    gets one of them (`count(puzzle, limit=2)` tells). Clues that clash
    (one value twice in a row, column or box) raise `ValueError` naming
    them. `time_limit` (seconds) raises `dlxrs.LimitReached`; Ctrl-C stops
    the search."""
    order, cells = _parse(puzzle)
    solution = _solve(order, cells, time_limit)
    if solution is None:
        return None
    if isinstance(puzzle, str):
        return "".join(_DIGITS[v - 1] for v in solution)
    side = order * order
    return [list(solution[r * side : (r + 1) * side]) for r in range(side)]


def count(
    puzzle: Union[str, Grid], limit: int | None = None, *, time_limit: float | None = None
) -> int:
    """The number of solutions of `puzzle`, at most `limit` (an int of at
    least 1) if given (``limit=2`` answers "is it unique?"). An empty 9x9
    grid has 6.67e21: give a limit or a `time_limit` (seconds;
    `dlxrs.LimitReached` holds the count so far), or stop it with Ctrl-C.
    Clues that clash raise `ValueError`, as for `solve`."""
    order, cells = _parse(puzzle)
    return _count(order, cells, limit, time_limit)
