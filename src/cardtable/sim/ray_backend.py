"""Playing a run's batches on Ray: a local Ray started for the run, or a cluster's.

Ray is an optional extra (``pip install 'cardtable[ray]'``). The batches are the same as the
process pool's and their totals come back in batch order, so a run gives the same numbers on
Ray as anywhere else. At most two batches per worker are in flight: the cluster never waits
for work, and the driver never holds more than a few totals.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections import deque
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from cardtable.engine.errors import OptionError
from cardtable.sim.backends import BatchTask, Timing, _call, batch_size, batches

T = TypeVar("T")

IN_FLIGHT_PER_WORKER = 2
OBJECT_STORE_BYTES = 200 * 1024 * 1024
"""A local Ray's shared-memory store: the totals it carries are a few kilobytes each, so the
default (30% of the machine's memory) would only reserve room nobody uses."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise OptionError("--backend ray needs Ray: pip install 'cardtable[ray]'") from None
    return ray


def _check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """Refuse, in one sentence and within seconds, a HOST:PORT where nothing listens: Ray
    itself would retry for minutes, logging a warning every second."""
    if address == "auto":
        return
    where = address.split("://", 1)[-1]
    host, sep, port = where.rpartition(":")
    if not sep or not port.isascii() or not port.isdigit() or not host:
        raise OptionError(f"--address is auto, HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise OptionError(f"cannot reach the Ray cluster at {address}: "
                          f"{exc.strerror or exc}") from None


def start_ray(workers: int | None, address: str | None) -> tuple[Any, bool, int]:
    """Ray, ready: connected to ``address`` (``auto``: the cluster this machine belongs to) or
    started here with ``workers`` CPUs. Returns the module, whether this call started it (and
    so must shut it down) and the number of workers to keep busy."""
    ray = _ray()
    started = False
    if address is not None:
        _check_reachable(address)
    if not ray.is_initialized():
        quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
        if address is None:
            ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False,
                     object_store_memory=OBJECT_STORE_BYTES, **quiet)
        else:
            try:
                ray.init(address=address, **quiet)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise OptionError(f"cannot reach the Ray cluster at {address}: {first}") from None
        started = True
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    return ray, started, workers


def ray_batches(
    task: BatchTask[T],
    payload: Any,
    games: int,
    workers: int | None,
    address: str | None,
    batch: int | None,
    progress: Callable[[int], None] | None,
    on_start: Callable[[], None] | None,
    timing: Timing | None,
    began: float,
    plays: int = 1,
) -> Generator[T, None, None]:
    """The totals of every batch, in batch order, played by Ray tasks of one CPU each."""
    ray, started, workers = start_ray(workers, address)
    pending: deque[Any] = deque()
    try:
        remote = ray.remote(num_cpus=1)(_call)
        jobs = batches(games, batch_size(games, workers, batch, plays))
        window = workers * IN_FLIGHT_PER_WORKER

        def fill() -> None:
            while len(pending) < window:
                job = next(jobs, None)
                if job is None:
                    return
                pending.append(remote.remote((task, payload, job[0], job[1])))

        if timing is not None:
            timing.startup_s = time.perf_counter() - began
        if on_start is not None:
            on_start()
        fill()
        while pending:
            try:
                done, part = ray.get(pending[0])  # in batch order: messages stay in order
            except ray.exceptions.TaskCancelledError:
                raise KeyboardInterrupt from None
            except ray.exceptions.RayTaskError as exc:
                # Ctrl-C reaches the tasks of a local Ray too (one process group).
                if isinstance(getattr(exc, "cause", None), KeyboardInterrupt):
                    raise KeyboardInterrupt from None
                raise
            pending.popleft()
            fill()
            if progress is not None:
                progress(done)
            yield part
    finally:
        if started:
            ray.shutdown()  # ends the tasks with the Ray that ran them
        else:
            # Another's Ray: drop the batches still queued and let running ones finish (a
            # forced cancel can crash the driver when a reply crosses it).
            for ref in pending:
                ray.cancel(ref)
