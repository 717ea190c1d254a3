"""dlxrs.dask on a local cluster of 2 worker processes, one of which is
killed (SIGKILL) while it counts: the total is still exact."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import dlxrs
from conftest import DATA

distributed = pytest.importorskip("distributed")
dask_mod = pytest.importorskip("dlxrs.dask")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_count_distributed(client):
    p = dlxrs.read_dlx(DATA / "xc" / "pent6x10_sym.dlx")
    result = dask_mod.count_distributed(p, client, depth=2)
    assert result.total == int(result) == 2339
    parts = p.cut(2)
    assert [c.index for c in result.parts] == [q.index for q in parts]
    assert sum(c.solutions for c in result.parts) == 2339
    assert all(c.nodes > 0 and c.seconds >= 0 for c in result.parts)
    assert {c.worker for c in result.parts} <= set(client.scheduler_info()["workers"])


def test_a_worker_killed_mid_run(client):
    # 14 queens: 365,596 solutions (OEIS A000170), a second or two of work
    # in 64 tasks.
    from problems import queens

    p = queens(14)
    expected = 365_596
    result: dict[str, object] = {}

    def run():
        try:
            result["total"] = dask_mod.count_distributed(p, client, depth=3, tasks=64).total
        except BaseException as e:  # noqa: BLE001 - reported below
            result["error"] = e

    runner = threading.Thread(target=run)
    runner.start()
    # Wait until both workers are counting, then kill one of them.
    deadline = time.monotonic() + 30
    victim = None
    while time.monotonic() < deadline and victim is None:
        busy = [w for w, keys in client.processing().items() if keys]
        if len(busy) == 2:
            victim = busy[0]
        else:
            time.sleep(0.01)
    assert victim is not None, "the workers never both started counting"
    pid = client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)
    assert "total" not in result and "error" not in result, "killed after the end"
    runner.join(120)
    assert not runner.is_alive()
    assert "error" not in result, result.get("error")
    assert result["total"] == expected
    # The nanny started a new worker process in the killed one's place.
    client.wait_for_workers(2, timeout=30)
    pids = client.run(os.getpid)
    assert pid not in pids.values()
    # The surviving worker hands its copy of the problem on (it pickles it)
    # while its own count uses it: no "Already borrowed" panic (issue 37).
    logs = [m for w in client.get_worker_logs().values() for _, m in w]
    logs += [m for _, m in client.get_scheduler_logs()]
    assert not [m for m in logs if "Panic" in m or "Already" in m and "borrowed" in m]
