"""One Problem (and one iterator) shared by threads (issue 37, case 5):
reads, pickling, searches and changes while a search runs in another
thread; never `PanicException` ("Already borrowed"), never a deadlock."""

from __future__ import annotations

import pickle
import threading
import time

import pytest

import dlxrs
from problems import dominoes, langford, queens

# 8x8 domino tilings: a plain count takes a second or more, the memoised
# search a millisecond.
TILINGS_8 = 12988816


def run_in_thread(work):
    """Starts `work` on a thread; returns the thread and a list that gets
    its result, or the exception it raised (any BaseException)."""
    out = []

    def body():
        try:
            out.append(work())
        except BaseException as e:  # noqa: BLE001 - PanicException is one
            out.append(e)

    t = threading.Thread(target=body)
    t.start()
    return t, out


def check_queens_solution(solution, n):
    """A solution of n-queens (each option as its labels) by the rules."""
    rows = [dict(option)["r"] for option in solution]
    cols = [dict(option)["c"] for option in solution]
    assert sorted(rows) == list(range(n)) and sorted(cols) == list(range(n))
    assert len({r + c for r, c in zip(rows, cols)}) == n
    assert len({r - c for r, c in zip(rows, cols)}) == n


def test_reads_pickling_and_searches_while_a_count_runs():
    p = dominoes(8)
    counting, result = run_in_thread(p.count)
    for _ in range(3):
        # Each read answers while the count runs; none raises.
        assert repr(p) == "Problem(<64 primary items, 0 secondary, 112 options>)"
        assert len(p.primary_items) == 64 and p.secondary_items == [] and len(p) == 112
        assert p.bounds == {} and p.kind == "exact" and p.option(0) == [(0, 0), (0, 1)]
        copy = pickle.loads(pickle.dumps(p))
        assert len(copy) == 112
        assert p.zdd().count() == TILINGS_8
        first = next(p.solutions())
        cells = sorted(cell for option in first for cell in option)
        assert cells == [(r, c) for r in range(8) for c in range(8)]
        assert p.count(limit=7) == 7
        assert p.first_solution(indices=True) is not None
    # The rounds took milliseconds, the count takes over a second.
    assert counting.is_alive()
    counting.join()
    assert result == [TILINGS_8]


def test_four_threads_share_one_problem():
    p = queens(9)
    errors = []
    results = {"count": [], "solutions": [], "pickle": [], "added": []}
    barrier = threading.Barrier(4)

    def counts():
        barrier.wait()
        for _ in range(20):
            results["count"].append(p.count(threads=1 + len(results["count"]) % 2))

    def solutions():
        barrier.wait()
        for _ in range(20):
            for s in p.solutions(limit=5):
                results["solutions"].append(s)

    def pickles():
        barrier.wait()
        for _ in range(50):
            copy = pickle.loads(pickle.dumps(p))
            results["pickle"].append(len(copy))

    def adds():
        barrier.wait()
        for i in range(30):
            # Each option repeats one already there: every solution that uses
            # the original gets a twin, so counts only grow.
            results["added"].append(p.add_option(p.option(i)))

    threads = []
    for work in (counts, solutions, pickles, adds):
        t, out = run_in_thread(work)
        threads.append((t, out))
    for t, out in threads:
        t.join()
        errors.extend(x for x in out if isinstance(x, BaseException))
    assert errors == []
    assert results["added"] == list(range(81, 111))
    assert all(c >= 352 for c in results["count"])  # 9-queens: 352
    assert all(81 <= n <= 111 for n in results["pickle"])
    for s in results["solutions"]:
        check_queens_solution(s, 9)
    # The same problem built at once counts the same.
    q = queens(9)
    q.add_options([q.option(i) for i in range(30)])
    assert p.count() == q.count()


def test_a_change_during_a_search_is_for_the_next_one():
    p = dominoes(8)
    counting, result = run_in_thread(p.count)
    # An item and an option that covers it alone: the tilings stay the same,
    # and the count (of the problem as it was when it started) is right.
    p.add_primary("extra")
    assert p.add_option(["extra"]) == 112
    counting.join()
    assert result == [TILINGS_8]
    assert p.count() == TILINGS_8 and len(p) == 113


def test_pickling_a_problem_whose_parts_are_being_counted():
    # What a Dask worker does: pickle a Problem its own count holds.
    p = dominoes(8)
    parts = p.cut(2)
    counting, result = run_in_thread(lambda: p.count_each_part(parts))
    copies = []
    while counting.is_alive():
        copies.append(pickle.loads(pickle.dumps(p)))
        if len(copies) == 5:
            break
    counting.join()
    assert sum(row[1] for row in result[0]) == TILINGS_8
    assert all(c.zdd().count() == TILINGS_8 for c in copies)


def test_an_iterator_shared_by_two_threads():
    it = langford(17).solutions()  # searches for minutes
    waiting, result = run_in_thread(lambda: next(it, "stopped"))
    time.sleep(0.5)  # the thread is inside next() by now
    with pytest.raises(ValueError, match="already running next"):
        next(it)
    it.close()  # the other thread's next() ends
    waiting.join(10)
    assert not waiting.is_alive()
    assert result == ["stopped"]
    assert list(it) == []


def test_a_label_that_calls_back_into_its_problem():
    p = dlxrs.Problem(["a"])

    class Sneaky:
        """A label whose hash counts the problem it is being added to."""

        def __hash__(self):
            p.count()
            return 1

        def __eq__(self, other):
            return self is other

    with pytest.raises(RuntimeError, match="from inside one of its own calls"):
        p.add_primary(Sneaky())
    # Refused, and unchanged.
    assert p.primary_items == ["a"]
    p.add_option(["a"])
    assert p.count() == 1


def test_a_slow_label_holds_up_no_other_thread_forever():
    # While one thread adds a label whose hash sleeps (releasing the GIL
    # with the problem's lock held), another reads the problem: it waits
    # for the lock without holding the GIL, so neither waits forever.
    p = dlxrs.Problem(["a"])
    entered = threading.Event()

    class Slow:
        def __hash__(self):
            entered.set()
            time.sleep(0.3)
            return 7

        def __eq__(self, other):
            return self is other

    label = Slow()
    adding, added = run_in_thread(lambda: p.add_primary(label))
    assert entered.wait(5)
    assert repr(p) == "Problem(<2 primary items, 0 secondary, 0 options>)"
    adding.join(5)
    assert added == [None] and p.primary_items == ["a", label]
