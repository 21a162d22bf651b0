"""Runs on Ray give the process pool's numbers exactly: same seeds, same batches, same order.

Ray is a dependency of the test set-up (the dev extra), so these tests run everywhere the suite
does. One local Ray of two CPUs serves the whole module (starting one costs several seconds);
one test lets the command start and stop its own. About 25 s in all on the 2-core machine.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import ray

from cardtable.cli import main

TIMING = ("elapsed_s", "startup_s", "decisions_per_s", "matches_per_s")
SIMULATE = ["simulate", "daylily", "--json", "--option", "target=20", "--games", "24",
            "--players", "3", "--seed", "8"]


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return {k: v for k, v in data.items() if k not in TIMING}


def test_without_an_address_the_command_starts_and_stops_its_own_ray(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if ray.is_initialized():  # another test module's Ray in this worker
        ray.shutdown()
    local = run_json(capsys, [*SIMULATE, "--backend", "ray", "--workers", "2"])
    assert not ray.is_initialized()
    pool = run_json(capsys, [*SIMULATE, "--workers", "2"])
    assert local == pool


def _start() -> None:
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR,
             log_to_driver=False, object_store_memory=100 * 1024 * 1024)


@pytest.fixture(scope="module")
def shared_ray() -> Iterator[None]:
    _start()
    yield
    ray.shutdown()


@pytest.fixture
def local_ray(shared_ray: None) -> None:
    """The module's Ray, started again if a test (run in any order) stopped it."""
    if not ray.is_initialized():
        _start()


@pytest.mark.parametrize(("workers", "batch"), [("1", "5"), ("2", "1"), ("2", "24")])
def test_simulate_on_ray_equals_the_process_pool(
    capsys: pytest.CaptureFixture[str], local_ray: None, workers: str, batch: str
) -> None:
    pool = run_json(capsys, [*SIMULATE, "--workers", "2"])
    on_ray = run_json(capsys, [*SIMULATE, "--backend", "ray", "--workers", workers,
                               "--batch", batch])
    assert on_ray == pool
    assert ray.is_initialized()  # a Ray the command did not start is left running


def test_balance_on_ray_equals_the_process_pool(
    capsys: pytest.CaptureFixture[str], local_ray: None
) -> None:
    argv = ["balance", "daylily", "--json", "--bots", "random", "--games", "12", "--seed", "1",
            "--compare", "target=20,30"]
    serial = run_json(capsys, argv)
    on_ray = run_json(capsys, [*argv, "--backend", "ray", "--workers", "2", "--batch", "5"])
    assert on_ray == serial


def test_an_address_nothing_listens_on_is_refused_in_a_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["simulate", "daylily", "--json", "--backend", "ray", "--address",
                 "127.0.0.1:1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.strip() == "cardtable: cannot reach the Ray cluster at 127.0.0.1:1: " \
                          "Connection refused"
