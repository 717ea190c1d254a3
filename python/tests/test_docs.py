"""The examples in the docstrings run as written (doctest)."""

from __future__ import annotations

import doctest

import pytest

import dlxrs
import dlxrs.sudoku
from dlxrs import _dlxrs


@pytest.mark.parametrize("module", [dlxrs, dlxrs.sudoku], ids=lambda m: m.__name__)
def test_module_docstrings(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_problem_docstring():
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(_dlxrs.Problem, "Problem", globs={"Problem": _dlxrs.Problem}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_readme_example(monkeypatch, capsys):
    """The first Python example of the top-level README, run from the
    repository's root as written."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    section = (root / "README.md").read_text().split("## Python", 1)[1]
    example = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    monkeypatch.chdir(root)
    exec(compile(example, "README.md", "exec"), {})
    assert capsys.readouterr().out.split("\n")[:4] == ["at to", "to on", "on no", "no on"]
