"""Arguments a hostile user gives (issue 37, cases 11 and 12, and what a
pass over every public call found): each refused with a clear exception
that names the argument or the item and the allowed range, never a bare
OverflowError, a wrong answer or a PanicException."""

from __future__ import annotations

import errno
import importlib.metadata
import os
import pickle

import pytest

import dlxrs
from dlxrs import sudoku
from problems import queens

HUGE = [2**64, 2**70, 2**200, -(2**200)]


def small() -> dlxrs.Problem:
    """Two solutions: {ab, c} and {a, bc}."""
    return dlxrs.Problem(["a", "b", "c"], options=[["a", "b"], ["c"], ["b", "c"], ["a"]])


# Case 11: limit=0 is refused everywhere, as the CLI refuses it; 1 is the
# least limit, None none.
LIMITED = {
    "Problem.count": lambda limit: small().count(limit=limit),
    "Problem.solutions": lambda limit: list(small().solutions(limit=limit)),
    "dlxrs.count": lambda limit: dlxrs.count([["a"], ["a"]], limit=limit),
    "dlxrs.count memo": lambda limit: dlxrs.count([["a"], ["a"]], limit=limit, memo=True),
    "dlxrs.covers": lambda limit: list(dlxrs.covers([["a"], ["a"]], limit=limit)),
    "sudoku.count": lambda limit: sudoku.count("." * 16, limit=limit),
}


@pytest.mark.parametrize("call", sorted(LIMITED))
@pytest.mark.parametrize("limit", [0, -1, 2**64, *HUGE])
def test_a_limit_below_1_or_past_2_64_is_a_value_error(call, limit):
    with pytest.raises(ValueError, match=r"limit \(None for no limit\) must be an int from 1 to"):
        LIMITED[call](limit)


@pytest.mark.parametrize("call", sorted(LIMITED))
def test_a_limit_of_1_and_none(call):
    one = LIMITED[call](1)
    assert (one if isinstance(one, int) else len(one)) == 1
    full = LIMITED[call](None)
    assert (full if isinstance(full, int) else len(full)) == {"sudoku.count": 288}.get(call, 2)


# Case 12.
def test_costs_must_be_one_per_option():
    for costs in ([1, 2], [], [1, 2, 3]):
        with pytest.raises(ValueError, match=rf"{len(costs)} costs for 1 options"):
            dlxrs.Problem(["a"], options=[["a"]], costs=costs)
        with pytest.raises(ValueError, match=rf"{len(costs)} costs for 1 options"):
            dlxrs.Problem.from_options([["a"]], costs=costs)
        p = dlxrs.Problem(["a"])
        with pytest.raises(ValueError, match=rf"{len(costs)} costs for 1 options"):
            p.add_options([["a"]], costs=iter(costs))
        assert len(p) == 0  # refused: nothing added
    p = dlxrs.Problem(["a"], options=[["a"], ["a"]], costs=[3, dlxrs.MAX_COST])
    assert [p.cost(0), p.cost(1)] == [3, 2**64 - 2]


@pytest.mark.parametrize("cost", [-1, 2**64 - 1, *HUGE])
def test_a_cost_out_of_range_names_the_range(cost):
    with pytest.raises(ValueError, match=rf"costs\[1\] must be an int from 0 to {2**64 - 2}"):
        dlxrs.Problem(["a"], options=[["a"], ["a"]], costs=[0, cost])
    with pytest.raises(ValueError, match=rf"^cost must be an int from 0 to {2**64 - 2}, got"):
        dlxrs.Problem(["a"]).add_option(["a"], cost=cost)
    with pytest.raises(TypeError, match="cost must be an int, not float"):
        dlxrs.Problem(["a"]).add_option(["a"], cost=1.0)


@pytest.mark.parametrize("lo, hi, which", [(-1, 2, "lower"), (0, 2**70, "upper"), (2**32, 2**32, "lower")])
def test_bounds_out_of_range_name_the_item_and_the_range(lo, hi, which):
    message = rf"the {which} bound of item 'team' must be an int from 0 to 4294967295, got"
    with pytest.raises(ValueError, match=message):
        dlxrs.Problem(["team"], bounds={"team": (lo, hi)})
    p = dlxrs.Problem(["team"])
    with pytest.raises(ValueError, match=message):
        p.set_bounds("team", lo, hi)
    with pytest.raises(ValueError, match=message.replace("team", "new")):
        p.add_primary("new", lo, hi)
    assert p.bounds == {} and p.primary_items == ["team"]  # unchanged
    p.set_bounds("team", 0, 2**32 - 1)
    assert p.bounds == {"team": (0, 2**32 - 1)}


@pytest.mark.parametrize("bounds", [5, (1, 2, 3), "ab", None])
def test_bounds_that_are_no_pair_name_the_item(bounds):
    with pytest.raises(TypeError, match=r"the bounds of item 'a' must be a pair \(lo, hi\)"):
        dlxrs.Problem(["a"], bounds={"a": bounds})
    assert dlxrs.Problem(["a"], bounds={"a": [0, 2]}).bounds == {"a": (0, 2)}


def test_read_dlx_errors_are_those_of_open(tmp_path):
    missing = tmp_path / "nosuch.dlx"
    for path in (str(missing), missing, os.fsencode(missing)):
        with pytest.raises(FileNotFoundError) as ours:
            dlxrs.read_dlx(path)
        with pytest.raises(FileNotFoundError) as theirs:
            open(path)
        assert ours.value.errno == theirs.value.errno == errno.ENOENT
        assert ours.value.strerror == theirs.value.strerror
        assert ours.value.filename == theirs.value.filename == os.fspath(path)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(IsADirectoryError) as e:
        dlxrs.read_dlx(tmp_path)
    assert e.value.filename == str(tmp_path)
    with pytest.raises(ValueError, match="embedded null byte"):
        dlxrs.read_dlx("a\0b")


def test_clues_that_clash_are_bad_input():
    for call in (sudoku.solve, sudoku.count):
        with pytest.raises(ValueError, match=r"^clues clash: row 1 has value 1 twice \(r1c1 and r1c2\)$"):
            call("11" + "." * 79)
        column = "5" + "." * 8 + "5" + "." * 71
        with pytest.raises(ValueError, match=r"column 1 has value 5 twice \(r1c1 and r2c1\)"):
            call(column)
        box = "7" + "." * 9 + "7" + "." * 70
        with pytest.raises(ValueError, match=r"box 1 has value 7 twice \(r1c1 and r2c2\)"):
            call(box)
        grid = [[0] * 4 for _ in range(4)]
        grid[0][3] = grid[3][3] = 4
        with pytest.raises(ValueError, match=r"column 4 has value 4 twice \(r1c4 and r4c4\)"):
            call(grid)


@pytest.mark.parametrize("ch", ["x", "a", "é", "ı", "!"])
def test_a_bad_character_is_echoed_as_typed(ch):
    with pytest.raises(ValueError, match=rf"^character '{ch}' at position 1 is no value"):
        sudoku.solve(ch + "." * 80)


def test_a_16x16_takes_letters_of_either_case():
    puzzle = "g" + "." * 255
    assert sudoku.solve(puzzle)[0] == "G"


def test_version_is_the_package_version():
    assert dlxrs.__version__ == importlib.metadata.version("dlxrs")
    assert dlxrs.__version__.count(".") == 2


# What the hostile pass found besides.
@pytest.mark.parametrize("value", [-1, *HUGE])
def test_ints_out_of_range_are_value_errors_naming_the_argument(value):
    p = small()
    calls = {
        "threads": lambda: p.count(threads=value),
        "seed": lambda: p.first_solution(seed=value),
        "depth": lambda: p.cut(value),
        "max_entries": lambda: p.zdd(max_entries=value),
        "max_memory": lambda: p.zdd(max_memory=value),
        "n": lambda: p.zdd().samples(value),
        "index": lambda: dlxrs.Part(0, value, []),
        r"choices\[0\]": lambda: dlxrs.Part(0, 0, [value]),
    }
    for name, call in calls.items():
        with pytest.raises(ValueError, match=name):
            call()
    with pytest.raises(ValueError, match="seed"):
        p.solutions(seed=value)
    with pytest.raises(ValueError, match="seed"):
        p.zdd().sample(seed=value)
    with pytest.raises(dlxrs.CostError, match="k must be an int from 0"):
        p.min_cost(value)
    if value != -1:  # option -1: the last
        with pytest.raises(IndexError, match=f"option {value} out of range"):
            p.option(value)
        with pytest.raises(IndexError, match=f"option {value} out of range"):
            p.cost(value)
    assert p.count() == 2  # unchanged


def test_time_limits_of_any_size():
    p = queens(8)
    # Far in the future: no limit.
    assert p.count(time_limit=2**200) == 92
    assert p.count(time_limit=1e300) == 92
    for bad in (-1, -(2**200), float("nan"), float("inf")):
        with pytest.raises(ValueError, match="time_limit must be a finite number of seconds >= 0"):
            p.count(time_limit=bad)
    with pytest.raises(TypeError, match="time_limit must be a number of seconds, not '3'"):
        p.count(time_limit="3")


def test_samples_are_bounded_and_lazy_past_the_bound():
    z = small().zdd()
    with pytest.raises(ValueError, match=r"n \(for more draws, iterate over iter_samples\(\)\)"):
        z.samples(2**20 + 1)
    draws = z.samples(50, seed=7, indices=True)
    assert z.samples(0) == []
    lazy = z.iter_samples(seed=7, indices=True)
    assert [next(lazy) for _ in range(50)] == draws
    assert list(z.iter_samples(50, seed=7, indices=True)) == draws
    assert all(sorted(d) in ([0, 1], [2, 3]) for d in draws)
    assert list(dlxrs.Problem(["a"]).zdd().iter_samples()) == []  # no solution


def test_part_arguments():
    part = dlxrs.Part(True, 3, [None, 2])
    assert (part.depth, part.index, part.choices) == (1, 3, (None, 2))
    assert pickle.loads(pickle.dumps(part)) == part
    with pytest.raises(TypeError, match=r"choices\[0\] must be an int, not str"):
        dlxrs.Part(0, 0, "ab")


def test_zdd_write_errors_are_those_of_open(tmp_path):
    z = small().zdd()
    path = tmp_path / "no" / "such" / "dir.zdd"
    with pytest.raises(FileNotFoundError) as e:
        z.write(path)
    assert e.value.errno == errno.ENOENT and e.value.filename == str(path)
    z.write(os.fsencode(tmp_path / "z.zdd"))
    assert (tmp_path / "z.zdd").read_text() == z.to_text()


@pytest.mark.parametrize("puzzle", [b"." * 16, 5, None, 1.5])
def test_a_puzzle_of_another_type_is_a_type_error(puzzle):
    with pytest.raises(TypeError, match="a puzzle is a str or a grid"):
        sudoku.solve(puzzle)
    with pytest.raises(TypeError, match="a puzzle is a str or a grid"):
        sudoku.count(puzzle)


def test_a_grid_of_the_wrong_number_of_rows():
    with pytest.raises(ValueError, match=r"a grid of 3 rows \(expected 4, 9, 16 or 25\)"):
        sudoku.solve([[0] * 4] * 3)
    with pytest.raises(ValueError, match=r"a grid of 0 rows"):
        sudoku.solve([])
