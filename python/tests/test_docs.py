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
