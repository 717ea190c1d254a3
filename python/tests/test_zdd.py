"""The memoised search's diagram (Problem.zdd): counts, solutions and
samples against the brute force of oracle.py; domino tilings against a
transfer matrix and Kasteleyn's formula; counts past 2^64 and 2^128; time
limits, the GIL and the problem left as it was."""

from __future__ import annotations

import gc
import itertools
import threading
import time
from collections import Counter
from decimal import Decimal, getcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlxrs
from oracle import is_solution, solutions
from problems import random_problems


def dominoes(m: int, n: int) -> dlxrs.Problem:
    """Domino tilings of an m x n board: the cells (r, c) are the primary
    items, one option per pair of neighbouring cells."""
    p = dlxrs.Problem([(r, c) for r in range(m) for c in range(n)])
    for r in range(m):
        for c in range(n):
            if c + 1 < n:
                p.add_option([(r, c), (r, c + 1)])
            if r + 1 < m:
                p.add_option([(r, c), (r + 1, c)])
    return p


def tilings_by_profiles(m: int, n: int) -> int:
    """Domino tilings of m x n by a transfer matrix over the column profiles
    (the cells of the next column that the current one already fills), in
    exact integers: a method that shares nothing with exact cover."""
    ways = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}

        def fill(row: int, profile: int, out: int, count: int) -> None:
            if row == m:
                nxt[out] = nxt.get(out, 0) + count
            elif profile >> row & 1:
                fill(row + 1, profile, out, count)
            else:
                fill(row + 1, profile, out | 1 << row, count)  # sticks into the next column
                if row + 1 < m and not profile >> (row + 1) & 1:
                    fill(row + 2, profile, out, count)  # vertical

        for profile, count in ways.items():
            fill(0, profile, 0, count)
        ways = nxt
    return ways.get(0, 0)


def _pi() -> Decimal:
    """pi to the current precision (the decimal module's recipe)."""
    getcontext().prec += 2
    three = Decimal(3)
    lasts, t, s, n, na, d, da = 0, three, 3, 1, 0, 0, 24
    while s != lasts:
        lasts = s
        n, na = n + na, na + 8
        d, da = d + da, da + 32
        t = (t * n) / d
        s += t
    getcontext().prec -= 2
    return +s


def _cos(x: Decimal) -> Decimal:
    """cos(x) to the current precision (the decimal module's recipe)."""
    getcontext().prec += 2
    i, lasts, s, fact, num, sign = 0, 0, 1, 1, 1, 1
    while s != lasts:
        lasts = s
        i += 2
        fact *= i * (i - 1)
        num *= x * x
        sign *= -1
        s += num / fact * sign
    getcontext().prec -= 2
    return +s


def kasteleyn(m: int, n: int) -> int:
    """Kasteleyn's product formula (1961) for the domino tilings of m x n,
    in 60-digit decimals, rounded after checking that the product is an
    integer to 30 digits."""
    getcontext().prec = 60
    pi = _pi()
    product = Decimal(1)
    for j in range(1, (m + 1) // 2 + 1):
        for k in range(1, (n + 1) // 2 + 1):
            a = _cos(pi * j / (m + 1))
            b = _cos(pi * k / (n + 1))
            product *= 4 * a * a + 4 * b * b
    rounded = int(product.to_integral_value())
    assert abs(product - rounded) < Decimal(10) ** -30
    return rounded


def check(chosen: list[list], primary: list) -> None:
    """A solution as labels: every primary item exactly once, no item twice."""
    covered = Counter(item for option in chosen for item in option)
    assert all(covered[item] == 1 for item in primary), chosen
    assert all(n == 1 for n in covered.values()), chosen


@given(random_problems())
def test_plain_against_the_oracle(case):
    p, options, primary, bounds, _ = case
    expected = solutions(options, primary, bounds)
    z = p.zdd()
    assert z.count() == len(expected)
    listed = [frozenset(s) for s in z.solutions(indices=True)]
    assert len(listed) == len(set(listed)) and set(listed) == expected
    # The default form: each option as its labels, as Problem.solutions.
    assert sorted(map(sorted, z.solutions())) == sorted(
        sorted(p.option(o) for o in s) for s in z.solutions(indices=True)
    )
    drawn = z.samples(5, seed=1, indices=True)
    assert len(drawn) == (5 if expected else 0)
    for s in drawn:
        assert frozenset(s) in expected
    assert (z.sample(seed=2) is None) == (not expected)
    for s in z.samples(3, seed=3):
        check(s, primary)


@given(random_problems(colors=True, bounds=True), st.sampled_from(dlxrs.rules()))
def test_other_kinds_answer_or_are_refused(case, rule):
    """Colors and bounds: the oracle's answer, or MemoError with dlx-core's
    message for a kind the memoised search does not take (yet); no special
    case in dlxrs either way."""
    p, options, primary, bounds, _ = case
    expected = solutions(options, primary, bounds)
    try:
        z = p.zdd(rule=rule)
    except dlxrs.MemoError as e:
        assert p.kind != "exact" and str(e)
    else:
        assert z.count() == len(expected)
        assert {frozenset(s) for s in z.solutions(indices=True)} == expected
        for s in z.samples(3, seed=0, indices=True):
            assert is_solution([options[i] for i in s], primary, bounds)
    assert p.count() == len(expected)  # usable either way


def test_dominoes_against_the_formulas():
    assert tilings_by_profiles(4, 4) == kasteleyn(4, 4) == 36
    z = dominoes(8, 8).zdd()
    assert z.count() == tilings_by_profiles(8, 8) == kasteleyn(8, 8) == 12988816
    assert (len(z), z.stats.zdd_nodes) == (2316, 2316)
    assert dominoes(12, 12).zdd().count() == kasteleyn(12, 12) == 53060477521960000
    # Past 2^64 (1.8e19): a Python int, exact.
    big = dominoes(12, 14).zdd().count()
    assert big > 2**64
    assert big == tilings_by_profiles(12, 14) == kasteleyn(12, 14) == 43242613716069407953
    # A memo too small: subproblems searched again, the count still exact.
    z = dominoes(5, 6).zdd(rule="first", max_entries=20)
    assert z.count() == tilings_by_profiles(5, 6) == kasteleyn(5, 6) == 1183
    assert z.stats.entries <= 20 and z.stats.nodes > dominoes(5, 6).zdd().stats.nodes
    # A memory limit: the diagram of 8x8 (2,316 nodes) outgrows half of 64 KiB.
    with pytest.raises(dlxrs.MemoError, match="passed its memory limit"):
        dominoes(8, 8).zdd(max_memory=64 << 10)


def test_counts_past_2_64_and_2_128():
    def independent(n: int) -> dlxrs.Problem:
        # n items, two options for each: 2^n solutions, 2n diagram nodes.
        return dlxrs.Problem(range(n), options=[[i] for i in range(n) for _ in range(2)])

    z = independent(127).zdd()
    assert z.count() == 2**127 and len(z) == 254
    assert len(z.sample(seed=5)) == 127
    # 2^128 and past it: exact Python ints, and samples by the rules.
    for n in (128, 200):
        z = independent(n).zdd()
        assert z.count() == 2**n
        assert f"{2**n} solutions" in repr(z)
        drawn = z.sample(seed=3, indices=True)
        assert sorted(o // 2 for o in drawn) == list(range(n))
        assert len(next(z.solutions())) == n


def test_sampling_is_uniform_and_seeded():
    z = dominoes(4, 4).zdd()
    draws = z.samples(3600, seed=11, indices=True)
    seen = Counter(frozenset(s) for s in draws)
    assert len(seen) == 36
    # Chi-square with 35 degrees of freedom: 66.6 is its 0.1% tail.
    assert sum((k - 100) ** 2 / 100 for k in seen.values()) < 66.6
    assert z.samples(4, seed=11, indices=True) == draws[:4]
    assert z.sample(seed=11, indices=True) == draws[0]
    assert z.samples(0) == []


def test_trivial_diagrams():
    none = dlxrs.Problem(["a", "b"], options=[["a"]]).zdd()
    assert (none.count(), len(none), none.sample(), none.samples(3)) == (0, 0, None, [])
    assert list(none.solutions()) == [] and none.to_text() == "zdd 0 0\n"
    empty = dlxrs.Problem().zdd()
    assert (empty.count(), len(empty), empty.sample(), list(empty.solutions())) == (1, 0, [], [[]])


def test_text_form(tmp_path):
    p = dominoes(4, 5)
    z = p.zdd()
    text = z.to_text()
    head, *lines = text.splitlines()
    assert head.split()[:2] == ["zdd", str(len(z))] and len(lines) == len(z)
    # The count again from the text, in Python ints: children come first.
    below = {0: 0, 1: 1}
    for line in lines:
        node, option, lo, hi = map(int, line.split())
        assert 0 <= option < len(p)
        below[node] = below[lo] + below[hi]
    assert below[int(head.split()[2])] == z.count() == tilings_by_profiles(4, 5)
    z.write(tmp_path / "dom.zdd")
    assert (tmp_path / "dom.zdd").read_text() == text
    with pytest.raises(OSError):
        z.write(tmp_path / "missing" / "dom.zdd")


def test_the_diagram_outlives_its_problem():
    p = dlxrs.Problem(["a", "b"], ["x"], options=[["a", "x"], ["b"], ["a", "b"]])
    z = p.zdd()
    before = sorted(map(sorted, z.solutions()))
    p.add_primary("c")  # no solution now
    p.add_option(["c", "x"])
    assert p.count() == 1
    del p
    gc.collect()
    assert z.count() == 2
    assert sorted(map(sorted, z.solutions())) == before == [[["a", "b"]], [["a", "x"], ["b"]]]


def test_lazy_solutions():
    z = dominoes(8, 8).zdd()
    it = z.solutions()
    first = list(itertools.islice(it, 10))
    assert it.found == 10 and len({frozenset(map(tuple, map(tuple, s))) for s in first}) == 10
    for s in first:
        check(s, [(r, c) for r in range(8) for c in range(8)])
    it.close()
    assert next(it, None) is None
    assert sum(1 for _ in dominoes(4, 6).zdd().solutions(indices=True)) == 281
    # Many iterators dropped unfinished: their walks end.
    before = threading.active_count()
    for _ in range(20):
        next(z.solutions())
    gc.collect()
    assert threading.active_count() == before


def test_settings_and_errors():
    p = dominoes(4, 4)
    for rule in dlxrs.rules():
        assert p.zdd(rule=rule).count() == 36
    none = p.zdd(max_entries=0)
    assert none.count() == 36 and none.stats.entries == 0
    stats = p.zdd().stats
    assert stats._asdict() == {
        "nodes": stats.nodes,
        "hits": stats.hits,
        "entries": stats.entries,
        "zdd_nodes": stats.zdd_nodes,
    }
    assert stats.nodes > 0 and stats.hits > 0 and repr(stats).startswith("ZddStats(nodes=")
    with pytest.raises(ValueError, match="unknown rule"):
        p.zdd(rule="nope")
    with pytest.raises(ValueError, match="time_limit"):
        p.zdd(time_limit=-1)


def test_module_count_with_memo():
    options = [[(r, c), (r, c + 1)] for r in range(6) for c in range(5)]
    options += [[(r, c), (r + 1, c)] for r in range(5) for c in range(6)]
    assert dlxrs.count(options, memo=True) == dlxrs.count(options) == 6728
    assert dlxrs.count(options, memo=True, limit=10) == 10
    with pytest.raises(ValueError, match="one thread"):
        dlxrs.count(options, memo=True, threads=2)


def test_time_limit_and_the_gil():
    p = dominoes(20, 20)  # minutes and gigabytes: it never finishes here
    start = time.monotonic()
    with pytest.raises(dlxrs.LimitReached, match="time limit reached") as e:
        p.zdd(time_limit=0.2)
    assert time.monotonic() - start < 2
    assert e.value.solutions is None
    # The problem is as it was.
    assert len(p.first_solution()) == 200

    done = threading.Event()

    def search():
        with pytest.raises(dlxrs.LimitReached):
            p.zdd(time_limit=0.3)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    spins = 0
    while not done.is_set():
        spins += 1  # runs only while the search does not hold the GIL
    worker.join()
    assert spins > 100_000
