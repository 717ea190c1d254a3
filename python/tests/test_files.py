"""The repository's counted DLX files (dlx-core/tests/data), read by
read_dlx: solution counts from Knuth's programs and independent counters
(COUNTS.txt), least costs from ANSWERS.txt. Only the files that count in
well under a second are run."""

from __future__ import annotations

import pytest

import dlxrs
from conftest import DATA


def table(path, columns):
    """The rows of a whitespace table, `#` comments left out."""
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split()
            rows.append(dict(zip(columns, fields)))
    return rows


XC = [
    (r["file"], int(r["solutions"]))
    for r in table(DATA / "xc" / "COUNTS.txt", ["file", "p", "s", "o", "k", "solutions", "nodes"])
    if int(r["nodes"]) < 1_100_000
]

XCC = sorted(
    {
        (r["file"], r["solutions"])
        for r in table(
            DATA / "xcc" / "COUNTS.txt",
            ["file", "program", "solutions", "nodes", "updates", "mems", "seconds"],
        )
        if r["solutions"] == "error" or int(r["nodes"]) < 400_000
    }
)

COST = [
    r
    for r in table(
        DATA / "cost" / "ANSWERS.txt",
        ["file", "min_cost", "best3", "optimal", "nodes", "seconds"],
    )
    if r.get("nodes", "x").isdigit() and int(r["nodes"]) < 100_000
]


@pytest.mark.parametrize("name,expected", XC, ids=[x[0] for x in XC])
def test_xc_counts(name, expected):
    p = dlxrs.read_dlx(DATA / "xc" / name)
    assert p.count() == expected


@pytest.mark.parametrize("name,expected", XCC, ids=[x[0] for x in XCC])
def test_xcc_counts(name, expected):
    path = DATA / "xcc" / name
    if expected == "error":
        with pytest.raises(dlxrs.ParseError) as e:
            dlxrs.read_dlx(path)
        assert e.value.line >= 1
        assert str(path) in str(e.value)
    else:
        assert dlxrs.read_dlx(path).count() == int(expected)


@pytest.mark.parametrize("row", COST, ids=[r["file"] for r in COST])
def test_cost_answers(row):
    p = dlxrs.read_dlx(DATA / "cost" / row["file"])
    best = p.min_cost(3, indices=True)
    if row["min_cost"] == "none":
        assert best == []
    else:
        assert [c for c, _ in best] == [int(c) for c in row["best3"].split(",")]
        for cost, options in best:
            assert cost == sum(p.cost(o) for o in options)


def test_pent6x10_sym_on_threads_and_parts():
    p = dlxrs.read_dlx(DATA / "xc" / "pent6x10_sym.dlx")
    assert p.count(threads=2) == 2339
    parts = p.cut(2)
    assert len(parts) > 10
    assert p.count_parts(parts) == 2339


def test_labels_and_colors_of_a_file():
    p = dlxrs.parse_dlx("a b | x y\na x:1\nb x:1 y\na b\n")
    assert p.primary_items == ["a", "b"]
    assert p.secondary_items == ["x", "y"]
    assert p.option(0) == ["a", ("x", "1")]
    assert p.kind == "colors"
    assert sorted(sorted(s) for s in p.solutions(indices=True)) == [[0, 1], [2]]
    assert [["a", "b"]] in list(p.solutions())
