"""sog simulate on a Dask cluster: the same results as in one process, Ctrl-C cancels, a
scheduler that cannot be reached is one error line (a LocalCluster of two one-thread workers)."""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from sog.cli.main import main
from sog.simulate import GameSpec, run_games

distributed = pytest.importorskip("distributed")

SPEC = GameSpec("enemy-in-sight", {"british": "random", "french": "random"}, level="basic", max_turns=4)
ARGS = ["enemy-in-sight", "--games", "20", "--seed", "11", "--rules", "basic", "--max-turns", "4",
        "--bots", "british=random", "--bots", "french=random", "--quiet"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local


def test_dask_runs_give_the_results_of_one_process(cluster, tmp_path):
    local, dask = tmp_path / "local.json", tmp_path / "dask.json"
    assert CliRunner().invoke(main, ["simulate", *ARGS, "--workers", "1", "--json", str(local)]).exit_code == 0
    result = CliRunner().invoke(main, ["simulate", *ARGS, "--executor", "dask", "--address", cluster.scheduler_address,
                                       "--json", str(dask)])
    assert result.exit_code == 0, result.output
    assert "2 Dask worker thread(s)" in result.output
    assert dask.read_text() == local.read_text()
    assert [g["index"] for g in json.loads(dask.read_text())["games"]] == list(range(20))


def test_batches_in_flight_are_bounded_and_results_sorted(cluster):
    from sog.simulate import _batches
    from sog.simulate_dask import run_on_dask

    class Counting:  # the client, counting batches submitted
        def __init__(self, client):
            self.client, self.submitted = client, 0

        def __getattr__(self, name):
            return getattr(self.client, name)

        def submit(self, *args, **kwargs):
            self.submitted += 1
            return self.client.submit(*args, **kwargs)

    taken, in_flight = [], []
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        counting = Counting(client)

        def take(result):
            taken.append(result)
            in_flight.append(counting.submitted - len(taken) + 1)

        run_on_dask(SPEC, _batches(3, range(9), 1), counting, take, per_thread=1)
        assert run_games(SPEC, 9, 3, executor="dask", client=client) == run_games(SPEC, 9, 3, 1)
    assert max(in_flight) <= 2 and counting.submitted == 9  # one batch per worker thread
    assert sorted(r.index for r in taken) == list(range(9))


def test_an_interrupt_on_dask_keeps_what_finished_and_cancels_the_rest(cluster):
    heard = []

    def stop_after_two(result):
        heard.append(result)
        if len(heard) == 2:
            raise KeyboardInterrupt

    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        with pytest.raises(KeyboardInterrupt) as caught:
            run_games(SPEC, 40, 1, on_result=stop_after_two, executor="dask", client=client)
        assert len(caught.value.results) == 2
        deadline = time.monotonic() + 20
        while cluster.scheduler.tasks and time.monotonic() < deadline:  # cancelled: the scheduler forgets them
            time.sleep(0.05)
        assert not cluster.scheduler.tasks


def test_an_unreachable_scheduler_is_one_error_line_exit_2(tmp_path, monkeypatch):
    monkeypatch.setattr("sog.simulate_dask.CONNECT_TIMEOUT", 0.5)
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["simulate", *ARGS, "--executor", "dask", "--address", "tcp://127.0.0.1:9", "--json", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")
    assert not out.exists()
