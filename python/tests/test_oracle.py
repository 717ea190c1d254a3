"""Property tests: counts, solutions and least costs against the brute
force of oracle.py, on random small problems (plain, colors, bounds,
costs)."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

import dlxrs
from oracle import cost_of, is_solution, solutions
from problems import random_problems as problems


def found(p: dlxrs.Problem, **kw) -> set[frozenset[int]]:
    """The solutions the iterator gives, checked to have no repeats."""
    out = set()
    for s in p.solutions(indices=True, **kw):
        assert len(set(s)) == len(s), s
        assert frozenset(s) not in out, "a solution given twice"
        out.add(frozenset(s))
    return out


@given(problems())
def test_plain(case):
    p, options, primary, bounds, _ = case
    expected = solutions(options, primary, bounds)
    assert p.count() == len(expected)
    assert found(p) == expected
    assert p.kind == "exact"
    # The default form: each option as its labels.
    by_label = [sorted(map(sorted, s)) for s in p.solutions()]
    by_number = [sorted(sorted(p.option(o)) for o in s) for s in p.solutions(indices=True)]
    assert by_label == by_number


@given(problems(colors=True))
def test_colors(case):
    p, options, primary, bounds, _ = case
    expected = solutions(options, primary, bounds)
    assert p.count() == len(expected)
    assert found(p) == expected
    first = p.first_solution(indices=True)
    assert (first is None) == (not expected)
    if first is not None:
        assert frozenset(first) in expected


@given(problems(colors=True, bounds=True))
def test_bounds(case):
    p, options, primary, bounds, _ = case
    expected = solutions(options, primary, bounds)
    assert p.count() == len(expected)
    assert found(p) == expected


@given(problems(colors=True, bounds=True), st.integers(0, 3), st.sampled_from(dlxrs.rules()))
def test_threads_reduce_parts_rules(case, depth, rule):
    p, options, primary, bounds, _ = case
    n = len(solutions(options, primary, bounds))
    assert p.count(threads=2) == n
    assert p.count(reduce=True) == n
    assert p.count(rule=rule) == n
    assert p.count(limit=1) == min(n, 1)
    parts = p.cut(depth)
    assert sum(p.count_parts([part]) for part in parts) == n
    assert p.count_parts(parts, threads=2) == n
    reduced, original = p.reduce()
    assert sorted(original) == original and len(original) == len(reduced)
    mapped = {frozenset(original[i] for i in s) for s in found(reduced)}
    assert mapped == solutions(options, primary, bounds)
    assert found(p, reduce=True) == mapped


@given(problems(colors=True), st.integers(0, 2**64 - 1))
def test_seeded(case, seed):
    p, options, primary, bounds, _ = case
    assert found(p, seed=seed) == solutions(options, primary, bounds)


@given(problems(colors=True, costs=True), st.integers(1, 4))
def test_min_cost(case, k):
    p, options, primary, bounds, costs = case
    expected = solutions(options, primary, bounds)
    best = p.min_cost(k, indices=True)
    assert [c for c, _ in best] == sorted(cost_of(s, costs) for s in expected)[:k]
    for cost, chosen in best:
        assert is_solution([options[i] for i in chosen], primary, bounds)
        assert cost == cost_of(frozenset(chosen), costs)
    assert [c for c, _ in p.min_cost(k, disjoint_bound=True)] == [c for c, _ in best]
    labeled = p.min_cost(k)
    assert [(c, [p.option(o) for o in s]) for c, s in best] == labeled


@given(problems(colors=True, bounds=True, costs=True))
def test_pickle(case):
    p, options, primary, bounds, costs = case
    q = pickle.loads(pickle.dumps(p))
    assert len(q) == len(p)
    assert [q.option(i) for i in range(len(q))] == [p.option(i) for i in range(len(p))]
    assert [q.cost(i) for i in range(len(q))] == costs
    assert q.bounds == p.bounds
    assert q.count() == len(solutions(options, primary, bounds))
