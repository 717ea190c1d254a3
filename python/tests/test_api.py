"""The API's contract: labels, colors, errors with dlx-core's messages,
parts, pickling, first solutions, the module-level helpers."""

from __future__ import annotations

import pickle

import pytest

import dlxrs
from problems import langford, queens


def test_covers_and_count_helpers():
    options = [["a", "b"], ["c"], ["b", "c"], ["a"]]
    assert dlxrs.count(options) == 2
    assert sorted(sorted(s) for s in dlxrs.covers(options)) == [[0, 1], [2, 3]]
    assert len(list(dlxrs.covers(options, limit=1))) == 1
    # A secondary item: covered at most once, or by options of one color.
    assert dlxrs.count([["a", "x"], ["b", "x"]], secondary=["x"]) == 0
    assert dlxrs.count([["a", "x:1"], ["b", "x:1"]], secondary=["x"]) == 1
    assert dlxrs.count([["a", ("x", 1)], ["b", ("x", 2)]], secondary=["x"]) == 0
    # As xcover: primary only, the other labels are secondary ("x:1" colors x).
    assert dlxrs.count([["a", "x:1"], ["b", "x:1"]], primary=["a", "b"]) == 1
    assert dlxrs.count([["a", "x:1"], ["b", "x:2"]], primary=["a", "b"]) == 0
    assert dlxrs.count([["a", "y"], ["b", "y"]], primary=["a", "b"]) == 0
    with pytest.raises(dlxrs.BuildError, match="item 'z' was never declared"):
        dlxrs.count([["a", "z"]], primary=["a"], secondary=["x"])


def test_solutions_as_labels():
    p = dlxrs.Problem(["a", "b", "c"], ["x"])
    p.add_option(["a", "b", ("x", "red")])
    p.add_option(["c", "x:red"])
    p.add_option(["a", "c"])
    p.add_option(["b"])
    sols = sorted(sorted(map(repr, s)) for s in p.solutions())
    assert sols == sorted(
        [sorted(map(repr, [["a", "b", ("x", "red")], ["c", ("x", "red")]])),
         sorted(map(repr, [["a", "c"], ["b"]]))]
    )
    first = p.first_solution()
    assert all(option in [p.option(i) for i in range(4)] for option in first)

def test_known_counts_built_in_python():
    assert queens(8).count() == 92
    assert queens(8).count(threads=2) == 92
    assert langford(7).count() == 52
    assert langford(8).count() == 300


def test_labels_of_any_hashable_type():
    p = dlxrs.Problem([0, ("t", 1), frozenset({2})], ["s"])
    assert p.add_option([0, ("t", 1)]) == 0
    assert p.add_option([frozenset({2}), ("s", "red")]) == 1
    assert p.option(1) == [frozenset({2}), ("s", "red")]
    assert p.option(-1) == p.option(1)
    assert p.count() == 1
    assert p.primary_items == [0, ("t", 1), frozenset({2})]
    with pytest.raises(IndexError, match="option 2 out of range"):
        p.option(2)


def test_a_declared_label_wins_over_the_color_notation():
    p = dlxrs.Problem(["a:b", "a"], ["b"])
    p.add_option(["a:b"])
    p.add_option(["a"])
    assert p.option(0) == ["a:b"]
    assert p.count() == 1


def test_bounds():
    # Two of four players (k of n): C(4, 2) teams.
    p = dlxrs.Problem(["team"], ["Ann", "Bob", "Cid", "Dee"], bounds={"team": (2, 2)})
    for name in ["Ann", "Bob", "Cid", "Dee"]:
        p.add_option(["team", name])
    assert p.kind == "multiplicities"
    assert p.count() == 6
    p.set_bounds("team", 1, 2)
    assert p.bounds == {"team": (1, 2)}
    assert p.count() == 10


def test_builder_messages():
    p = dlxrs.Problem(["a", "b"], ["x"])
    with pytest.raises(dlxrs.BuildError, match=r"item 'a' is declared twice"):
        p.add_primary("a")
    with pytest.raises(dlxrs.BuildError, match=r"item 'zz' was never declared"):
        p.add_option(["a", "zz"])
    with pytest.raises(dlxrs.BuildError, match=r"item 'a' appears twice in one option"):
        p.add_option(["a", "a"])
    with pytest.raises(dlxrs.BuildError, match=r"item 'a' is primary and cannot take a color"):
        p.add_option([("a", "red")])
    with pytest.raises(dlxrs.BuildError, match=r"item 'x' is given an empty color"):
        p.add_option(["a", "x:"])
    with pytest.raises(dlxrs.BuildError, match="at least one item"):
        p.add_option([])
    with pytest.raises(dlxrs.BuildError, match=r"bounds 3:2 of item 'a'"):
        p.set_bounds("a", 3, 2)
    with pytest.raises(dlxrs.BuildError, match=r"item 'x' is secondary and cannot have bounds"):
        p.set_bounds("x", 1, 2)
    with pytest.raises(dlxrs.BuildError, match=r"item 'c' has upper bound 0"):
        p.add_primary("c", 0, 0)
    with pytest.raises(TypeError, match="not a string"):
        p.add_option("ab")
    with pytest.raises(TypeError):
        p.add_option([["unhashable"]])
    # Nothing above changed the problem.
    assert len(p) == 0 and p.primary_items == ["a", "b"] and p.bounds == {}
    p.add_option(["a", "b"])
    assert p.count() == 1


def test_argument_errors():
    p = queens(4)
    with pytest.raises(ValueError, match=r'unknown rule "nope" \(expected one of: dlx1, '):
        p.count(rule="nope")
    with pytest.raises(ValueError, match="time_limit"):
        p.count(time_limit=-1)
    with pytest.raises(ValueError, match="time_limit"):
        p.count(time_limit=float("nan"))
    with pytest.raises(ValueError, match="one thread"):
        p.count(limit=3, threads=2)
    with pytest.raises(ValueError, match="at most 256"):
        p.count(threads=1000)


def test_parse_errors():
    with pytest.raises(dlxrs.ParseError) as e:
        dlxrs.parse_dlx("a b\na c\n")
    assert e.value.line == 2
    assert str(e.value).startswith("<string>:2")
    with pytest.raises(FileNotFoundError):
        dlxrs.read_dlx("/nonexistent/file.dlx")


def test_min_cost():
    p = dlxrs.Problem(["a", "b", "c"])
    for items, cost in [(["a", "b"], 1), (["c"], 9), (["a"], 3), (["b", "c"], 4)]:
        p.add_option(items, cost=cost)
    [(cost, options)] = p.min_cost(indices=True)
    assert cost == 7 and sorted(options) == [2, 3]  # {a} + {b, c}
    assert sorted(p.min_cost()[0][1]) == [["a"], ["b", "c"]]
    assert [c for c, _ in p.min_cost(3)] == [7, 10]
    with pytest.raises(dlxrs.CostError, match="0 best"):
        p.min_cost(0)
    q = dlxrs.Problem(["a"], bounds={"a": (1, 2)})
    q.add_option(["a"])
    with pytest.raises(dlxrs.CostError, match="bounds"):
        q.min_cost()


def test_first_solution_and_seeds():
    p = queens(8)
    first = p.first_solution(indices=True)
    assert first is not None and len(first) == 8
    seeded = {tuple(sorted(p.first_solution(seed=s, indices=True))) for s in range(12)}
    assert len(seeded) > 1, "different seeds pick different solutions"
    assert p.first_solution(seed=3) == p.first_solution(seed=3)
    assert langford(5).first_solution() is None


def test_solutions_iterator():
    p = queens(6)
    it = p.solutions(indices=True)
    assert iter(it) is it
    sols = list(it)
    assert len(sols) == 4 and it.found == 4
    assert next(it, "end") == "end"
    it = p.solutions(limit=2)
    assert len(list(it)) == 2
    it = p.solutions()
    next(it)
    it.close()
    assert list(it) == []
    # The iterator searches a copy: a later option does not change it.
    it = p.solutions()
    p.add_option([("r", 0)])
    assert len(list(it)) == 4
    assert p.count() == 4


def test_reduce():
    # Knuth's example in DLX-PRE.
    p = dlxrs.Problem(["a", "b", "c", "d", "e"], ["f", "g"])
    for option in ["c e f", "a d g", "b c f", "a d", "b g", "d e g"]:
        p.add_option(option.split())
    reduced, original = p.reduce()
    assert original == [0, 3, 4]
    # e goes with c and d with a (the same options), f and g constrain nothing.
    assert [reduced.option(i) for i in range(len(reduced))] == [["c"], ["a"], ["b"]]
    assert reduced.primary_items == ["a", "b", "c"] and reduced.secondary_items == []
    assert sorted(original[o] for o in reduced.first_solution(indices=True)) == [0, 3, 4]


def test_parts_pickle_and_refuse_strangers():
    p = queens(6)
    parts = p.cut(2)
    assert [part.index for part in parts] == list(range(len(parts)))
    assert all(part.depth == 2 and len(part.choices) <= 2 for part in parts)
    again = pickle.loads(pickle.dumps(parts))
    assert again == parts and hash(again[0]) == hash(parts[0])
    assert repr(parts[0]).startswith("Part(depth=2, index=0, choices=(")
    copy = pickle.loads(pickle.dumps(p))
    assert sum(copy.count_parts([x]) for x in again) == 4
    with pytest.raises(ValueError, match="listed twice"):
        p.count_parts([parts[0], parts[0]])
    with pytest.raises(ValueError, match="does not match|not in this problem"):
        queens(7).count_parts(parts)
    with pytest.raises(ValueError, match="not in this problem's cut"):
        p.count_parts([dlxrs.Part(2, 10_000, [0, 1])])
    with pytest.raises(ValueError, match="depths"):
        p.count_parts([dlxrs.Part(2, 0, []), dlxrs.Part(3, 1, [])])
