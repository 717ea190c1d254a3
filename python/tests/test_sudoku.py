"""dlxrs.sudoku: solutions checked by the rules, counts, forms, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlxrs import sudoku

EXAMPLES = Path(__file__).resolve().parents[2] / "dlx-sudoku" / "examples"


def check(puzzle: str, solution: str) -> None:
    """Every row, column and box a permutation of 1-9; clues kept."""
    assert len(solution) == 81
    grid = [[int(solution[9 * r + c]) for c in range(9)] for r in range(9)]
    digits = set(range(1, 10))
    for i in range(9):
        assert set(grid[i]) == digits
        assert {grid[r][i] for r in range(9)} == digits
        br, bc = 3 * (i // 3), 3 * (i % 3)
        assert {grid[br + r][bc + c] for r in range(3) for c in range(3)} == digits
    for p, s in zip(puzzle, solution):
        assert p in ".0" or p == s


def puzzles() -> list[str]:
    lines = (EXAMPLES / "poj3074.txt").read_text().split()
    return [line for line in lines if len(line) == 81]


def test_solve_examples():
    found = puzzles()
    assert found, "the example file has puzzles"
    for puzzle in found:
        solution = sudoku.solve(puzzle)
        check(puzzle, solution)
        assert sudoku.count(puzzle, limit=2) == 1


def test_forms_and_counts():
    assert sudoku.count("." * 16) == 288
    assert sudoku.count("0" * 81, limit=1000) == 1000
    grid = [[0] * 4 for _ in range(4)]
    grid[0][0] = 1
    solved = sudoku.solve(grid)
    assert isinstance(solved, list) and solved[0][0] == 1
    assert sorted(map(sorted, solved)) == [[1, 2, 3, 4]] * 4
    # No solution, though no two clues clash (clues that clash raise).
    no_solution = "12.." "...." "..3." "..4."
    assert sudoku.solve(no_solution) is None
    assert sudoku.count(no_solution) == 0
    big = sudoku.solve("." * 256)
    assert len(big) == 256 and set(big[:16]) == set("123456789ABCDEFG")


def test_errors():
    with pytest.raises(ValueError, match="80 cells"):
        sudoku.solve("." * 80)
    with pytest.raises(ValueError, match="character 'A' at position 1"):
        sudoku.solve("A" + "." * 80)
    with pytest.raises(ValueError, match="row 1 has 3 cells"):
        sudoku.solve([[0] * 4, [0] * 3, [0] * 4, [0] * 4])
    with pytest.raises(ValueError, match=r"cell \(0, 0\) holds 5"):
        sudoku.solve([[5, 0, 0, 0]] + [[0] * 4] * 3)
