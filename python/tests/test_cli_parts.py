"""The scripts for sharing a `dlx` count between workers
(dlx-sudoku/scripts): merge-parts adds the shares and refuses a missing,
repeated, foreign or unfinished one; dlx-part runs a real `dlx` when one is
built (target/release/dlx, or $DLX)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "dlx-sudoku" / "scripts"


def line(part, n=3, count=10, complete=True, sha="abc", depth=2):
    return json.dumps(
        {"file": "f.dlx", "sha256": sha, "depth": depth, "part": part, "parts": n,
         "count": count, "complete": complete, "status": 0 if complete else 1, "seconds": 0.1}
    )


def merge(tmp_path, lines):
    path = tmp_path / "results.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return subprocess.run(
        [sys.executable, str(SCRIPTS / "merge-parts"), str(path)], capture_output=True, text=True
    )


def test_merge_adds_the_shares(tmp_path):
    out = merge(tmp_path, [line(2, count=5), line(0, count=7), line(1, count=0)])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "12"


@pytest.mark.parametrize(
    "lines,reason",
    [
        ([line(0), line(1)], "missing parts of 3: 2"),
        ([line(0), line(1), line(1), line(2)], "part 1 again"),
        ([line(0), line(1), line(2, complete=False)], "part 2 did not finish"),
        ([line(0), line(1), line(2, sha="other")], "another problem or cut"),
        ([line(0), line(1), line(2, depth=3)], "another problem or cut"),
        ([], "no results"),
    ],
)
def test_merge_refuses(tmp_path, lines, reason):
    out = merge(tmp_path, lines)
    assert out.returncode == 1
    assert reason in out.stderr


def dlx_program():
    env = os.environ.get("DLX")
    if env:
        return env
    built = ROOT / "target" / "release" / "dlx"
    return str(built) if built.exists() else shutil.which("dlx")


@pytest.mark.skipif(dlx_program() is None, reason="no dlx program built")
@pytest.mark.skipif(shutil.which("bash") is None, reason="bash")
def test_dlx_part_end_to_end(tmp_path):
    file = DATA / "xc" / "pent6x10_sym.dlx"
    env = dict(os.environ, DLX=dlx_program())
    results = []
    for i in range(3):
        out = subprocess.run(
            ["bash", str(SCRIPTS / "dlx-part"), str(file), "2", str(i), "3"],
            capture_output=True, text=True, env=env, check=True,
        )
        results.append(out.stdout.strip())
        assert json.loads(results[-1])["complete"] is True
    assert merge(tmp_path, results).stdout.strip() == "2339"
    assert merge(tmp_path, results[:2]).returncode == 1
