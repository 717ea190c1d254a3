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


@pytest.mark.parametrize("cls", [_dlxrs.Problem, _dlxrs.Zdd], ids=lambda c: c.__name__)
def test_class_docstrings(cls):
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(cls, cls.__name__, globs={"Problem": _dlxrs.Problem}):
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


def test_readme_zdd_example(monkeypatch):
    """The Python example of the top-level README's memoised search."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    section = (root / "README.md").read_text().split("## Python", 1)[1]
    (example,) = [b for b in re.findall(r"```python\n(.*?)```", section, re.S) if ".zdd(" in b]
    monkeypatch.chdir(root)
    exec(compile(example, "README.md", "exec"), {})
