"""Time limits (LimitReached, holding what was found) and Ctrl-C
(KeyboardInterrupt within about a second, in a child process that sends
itself SIGINT), for every kind of search."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import dlxrs
from dlxrs import sudoku
from problems import langford, queens

HERE = Path(__file__).resolve().parent

# Langford pairs of 1..17 have no solution, and the search takes minutes
# to find that out: a search that runs until stopped.
ENDLESS = 17


def test_count_time_limit():
    p = queens(20)  # 39 billion solutions
    for threads in (1, 2):
        start = time.monotonic()
        with pytest.raises(dlxrs.LimitReached) as e:
            p.count(time_limit=0.2, threads=threads)
        assert time.monotonic() - start < 2
        assert e.value.solutions > 0 and e.value.nodes > 0


def test_the_gil_is_released_while_searching():
    p = queens(20)
    done = threading.Event()

    def search():
        try:
            p.count(time_limit=0.5)
        except dlxrs.LimitReached:
            pass
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    spins = 0
    while not done.is_set():
        spins += 1  # runs only while the search thread does not hold the GIL
    worker.join()
    assert spins > 100_000


def test_iterator_and_first_solution_time_limits():
    p = langford(ENDLESS)
    it = p.solutions(time_limit=0.2)
    with pytest.raises(dlxrs.LimitReached) as e:
        next(it)
    assert e.value.solutions == 0
    assert list(it) == []
    with pytest.raises(dlxrs.LimitReached):
        p.first_solution(time_limit=0.1)


def test_min_cost_and_sudoku_time_limits():
    p = langford(ENDLESS)
    q = dlxrs.Problem(p.primary_items)
    q.add_options((p.option(i) for i in range(len(p))), costs=[1] * len(p))
    with pytest.raises(dlxrs.LimitReached) as e:
        q.min_cost(time_limit=0.2)
    assert e.value.solutions == []
    with pytest.raises(dlxrs.LimitReached):
        sudoku.count("." * 81, time_limit=0.2)


# A child started by a shell in the background inherits SIGINT ignored, and
# Python then installs no KeyboardInterrupt handler: each child puts the
# default handler back first, as an interactive Python has it.
CHILD = """
import collections, os, signal, sys, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, {here!r})
import dlxrs
from dlxrs import sudoku
from problems import dominoes, langford, queens
p = langford({endless})
# 12,988,816 tilings: a diagram built at once, walked or sampled for long.
tilings = dominoes(8).zdd()
# Solutions found one after another quickly: next() is called from C and
# never waits long enough to look for signals itself.
many = queens(16)
calls = {{
    "count": lambda: p.count(),
    "count2": lambda: p.count(threads=2),
    "next": lambda: next(p.solutions()),
    "min_cost": lambda: dlxrs.Problem.from_options(
        [p.option(i) for i in range(len(p))], costs=[1] * len(p)).min_cost(),
    "sudoku": lambda: sudoku.count("." * 81),
    "cut": lambda: p.cut(100),  # deeper than the tree: the whole search
    "zdd": lambda: p.zdd(),
    "first_solution": lambda: p.first_solution(),
    "count_parts": lambda: p.count_parts(p.cut(2)),
    "count_each_part": lambda: p.count_each_part(p.cut(2), threads=2),
    "list": lambda: list(many.solutions()),
    "list_indices": lambda: list(many.solutions(indices=True, reduce=True)),
    "zdd_walk": lambda: collections.deque(tilings.solutions(), maxlen=0),
    "samples": lambda: tilings.samples(2**20),
    "iter_samples": lambda: collections.deque(tilings.iter_samples(), maxlen=0),
}}
# Ctrl-C comes from outside, as a terminal sends it: a thread of this
# process would need the GIL to send it, and a call that only lets the GIL
# go between draws could keep it waiting for seconds.
import subprocess
subprocess.Popen([sys.executable, "-c",
    "import os, signal, sys, time; time.sleep(0.5); os.kill(int(sys.argv[1]), signal.SIGINT)",
    str(os.getpid())])
start = time.monotonic()
try:
    calls[sys.argv[1]]()
    print("finished")
except KeyboardInterrupt:
    print(f"interrupted {{time.monotonic() - start - 0.5:.3f}}")
# The problem is still usable: searched again, it runs until its limit.
try:
    p.count(time_limit=0.05)
except dlxrs.LimitReached as e:
    print("usable", e.solutions)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself")
@pytest.mark.parametrize(
    "call",
    [
        "count", "count2", "next", "min_cost", "sudoku", "cut", "zdd", "first_solution",
        "count_parts", "count_each_part", "list", "list_indices", "zdd_walk", "samples",
        "iter_samples",
    ],
)
def test_ctrl_c_stops_the_search(call):
    script = CHILD.format(here=str(HERE), endless=ENDLESS)
    out = subprocess.run(
        [sys.executable, "-c", script, call], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    words = out.stdout.split()
    assert words[0] == "interrupted", out.stdout
    assert float(words[1]) < 1.0, f"{call} took {words[1]} s to stop"
    assert words[2:] == ["usable", "0"], out.stdout


RESUME = """
import os, signal, sys, threading
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, {here!r})
from problems import langford
it = langford({endless}).solutions()
for round in range(2):
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        next(it)
    except KeyboardInterrupt:
        print("interrupted", it.found)
threads = len(os.listdir("/proc/self/task"))
it.close()
del it
import time; time.sleep(0.3)
print("threads", threads - len(os.listdir("/proc/self/task")))
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="Linux /proc")
def test_iterator_resumes_after_ctrl_c_and_its_thread_ends():
    script = RESUME.format(here=str(HERE), endless=ENDLESS)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["interrupted 0", "interrupted 0", "threads 1"]
