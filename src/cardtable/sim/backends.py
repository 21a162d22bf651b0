"""Where the matches of a batch are played: here, in a pool of processes, or on a Ray cluster.

A run is cut into batches of consecutive match numbers. Each batch is played by one worker and
comes back as a small mergeable total; the totals are handed back in batch order whatever order
they finish in. Since every match's seeds depend only on the run's seed and the match's number,
the merged totals are the same for every backend, worker count and batch size: only the timings
differ.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from cardtable.engine.errors import OptionError

T = TypeVar("T")

BACKENDS = ("process", "ray")
MAX_GAMES = 100_000_000
"""The most matches one run may ask for: about a day of a 100-machine cluster. A bigger number
is more likely a typing slip than a study (and would only be stopped by Ctrl-C)."""
MAX_WORKERS = 4096
MAX_BATCH = 1_000_000

BatchTask = Callable[[Any, int, int, "Callable[[int], None] | None"], T]
"""Plays matches ``start..stop-1`` of a run described by a payload, calling the progress
function after each match when one is given (only in this process), and returns their total."""


@dataclass(slots=True)
class Timing:
    """How long the backend took to get going: a local Ray starts its processes first."""

    startup_s: float = 0.0


def batch_size(games: int, workers: int, batch: int | None, plays: int = 1) -> int:
    """Match numbers per batch: the one asked for, or enough batches for every worker to get
    about eight (they stay busy to the end and the progress bar moves), at most 250 matches
    played each. ``plays``: matches played under one match number (a balance run comparing
    three values of an option plays three), so a batch takes as long whatever is compared."""
    if batch is not None:
        return batch
    return max(1, min(250 // max(1, plays), -(-games // (workers * 8))))


def batches(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def check_run(games: int, workers: int | None, backend: str, batch: int | None) -> None:
    """Refuse numbers that cannot make a run, each with one sentence (raises OptionError)."""
    for name, value, high in (("games", games, MAX_GAMES), ("workers", workers, MAX_WORKERS)):
        if name == "workers" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
            raise OptionError(f"the number of {name} must be between 1 and {high:,}, not {value}")
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int)
                              or not 1 <= batch <= MAX_BATCH):
        raise OptionError(f"the batch size must be between 1 and {MAX_BATCH:,}, not {batch}")
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")


@contextmanager
def keep_on_interrupt(total: object) -> Iterator[None]:
    """Attach the total so far to a Ctrl-C that stops a batch played in this process, so the
    run keeps the matches of that batch already finished."""
    try:
        yield
    except KeyboardInterrupt as stop:
        stop.partial = total  # type: ignore[attr-defined]
        raise


def _quiet_worker() -> None:
    # Ctrl-C reaches every process of the terminal's group; the parent alone should answer it
    # (with the results so far), not each worker with a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(job: tuple[BatchTask[T], Any, int, int]) -> tuple[int, T]:
    task, payload, start, stop = job
    return stop - start, task(payload, start, stop, None)


def run_batches(
    task: BatchTask[T],
    payload: Any,
    games: int,
    workers: int | None = 1,
    backend: str = "process",
    address: str | None = None,
    batch: int | None = None,
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[], None] | None = None,
    timing: Timing | None = None,
    plays: int = 1,
) -> Generator[T, None, None]:
    """The totals of every batch of the run, in batch order.

    ``on_start`` runs once the workers exist, just before play begins (a progress display and
    its thread should start only after processes have forked). Stopping the iteration early
    (Ctrl-C) shuts the workers down; the batches already handed back stay valid.

    ``workers=None`` means one process, or with Ray every CPU of the cluster. ``plays``: the
    matches a task plays under each match number (see :func:`batch_size`).
    """
    check_run(games, workers, backend, batch)
    began = time.perf_counter()
    if backend == "ray":
        from cardtable.sim.ray_backend import ray_batches

        yield from ray_batches(task, payload, games, workers, address, batch, progress,
                               on_start, timing, began, plays)
        return
    if address is not None:
        raise OptionError("--address names a Ray cluster: it goes with --backend ray")
    workers = workers or 1
    size = batch_size(games, workers, batch, plays)
    if workers == 1 or games == 1:
        if timing is not None:
            timing.startup_s = time.perf_counter() - began
        if on_start is not None:
            on_start()
        for start, stop in batches(games, size):
            try:
                part = task(payload, start, stop, progress)
            except KeyboardInterrupt as interrupt:
                partial = getattr(interrupt, "partial", None)
                if partial is not None:
                    yield partial  # the batch's finished matches; the interruption follows
                raise
            yield part
        return
    # A generator, not a list: the pool feeds it through a pipe, so even a run of a hundred
    # million matches holds only the batches in flight.
    jobs = ((task, payload, a, b) for a, b in batches(games, size))
    pool = multiprocessing.Pool(min(workers, games), _quiet_worker)
    finished = False
    try:
        if timing is not None:
            timing.startup_s = time.perf_counter() - began
        if on_start is not None:
            on_start()
        for done, part in pool.imap(_call, jobs):  # in order: messages stay in order
            if progress is not None:
                progress(done)
            yield part
        finished = True
    finally:
        if finished:
            # Let the workers leave on their own: a terminated worker forked from a process
            # that also runs Ray would print Ray's SIGTERM report.
            pool.close()
        else:
            pool.terminate()
        pool.join()
