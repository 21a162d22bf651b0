"""Where bots and hints think: a few worker processes shared fairly by every table.

A server faces strangers, so thinking is bounded three ways. *What* thinks: a request names a
bot from the list a game offers (``greedy``, ``ismcts``), never a bot with parameters
(``ismcts:time=3600``), and whatever thinks is held to the operator's :class:`BotLimits`
(seconds and play-outs a decision), stored tables and the hint bot included. *Where*: in worker
processes of their own (``--bot-workers``), or threads of their own when there are none; never
in the event loop or its default thread pool. *In what order*: one queue in front of the
workers gives a table's bot decisions precedence over hints, and within each, takes tables in
turn, so one table (or one seat asking for hints again and again) cannot hold up another
table's bots; a seat has at most one hint thought out at a time, and hints wait in a bounded
line. A worker that overruns its decision by far is killed and replaced (the table plays a
random legal move, seeded as the bot would have been), and closing the thinkers kills the
workers, so a server stops promptly even while its bots think.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from cardtable.bots import Decision, Needs, RandomBot, bot_names, make_bot
from cardtable.engine.game import Game

log = logging.getLogger("cardtable.server")

HINT_BOT = "ismcts:time=0.8"
"""The bot behind the hint button: the search, answered within a second."""

HINT_WAIT = 30.0
"""Seconds a hint may wait for a worker (bots' decisions go first) before it is given up."""

BOT_TIME = 1.0
"""Seconds a search may think for one decision unless the operator says otherwise
(``--bot-time``): the search's own default is half a second, the hint's 0.8 s."""

BOT_ITERS = 5000
"""Play-outs a search may run for one decision (``--bot-iters``): some hundreds fit in a
second on a laptop, so this binds only a faster machine or an iteration-counted bot."""

STARTUP = 60.0
"""Seconds a new worker process may take to import the games and bots."""


class Busy(Exception):
    """A hint the thinkers turn down now (HTTP 429 or 503), with one sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The operator's bounds on one decision (``serve --bot-time``, ``--bot-iters``): a search
    thinks at most ``time`` seconds and plays out at most ``iters`` deals, whatever its name
    asks for. Bots that do not search are quick by construction and are bounded by
    :attr:`hung` alone."""

    time: float = BOT_TIME
    iters: int = BOT_ITERS

    @property
    def hung(self) -> float:
        """Seconds after which a decision still unanswered means a hung worker: far beyond
        the limit, since a worker's first decision of a game also loads it (a game's word list
        can take seconds)."""
        return 15.0 + 5.0 * self.time

    def over(self, kind: str, game: Game) -> str | None:
        """Why the bot ``kind`` would think longer than these limits allow, or None."""
        from cardtable.bots.ismcts import Budget

        budget = getattr(make_bot(kind, game, 0), "budget", None)
        if not isinstance(budget, Budget):
            return None
        if budget.seconds is not None and budget.seconds > self.time:
            return f"{kind} thinks {budget.seconds:g} s a decision, more than --bot-time " \
                   f"{self.time:g} allows"
        if budget.iters is not None and budget.iters > self.iters:
            return f"{kind} plays out {budget.iters} deals a decision, more than --bot-iters " \
                   f"{self.iters} allows"
        return None


def offered(game: str) -> list[str]:
    """The bots a request may seat or name as stand-in for ``game``: the plain names the game
    lists (what ``GET /api/games`` shows), never a name with parameters, which would let a
    stranger choose how long the server thinks."""
    return list(bot_names(game))


def check_offered(kind: object, game: str, what: str, *, person: bool = True) -> str:
    """``kind`` if the game offers that bot; otherwise Refused-worthy ValueError, one sentence
    (``what`` says where it was asked for: "seat 2", "the stand-in"). ``person`` says whether
    'human' would have been taken there (a seat) or not (the stand-in, which plays for a
    person who is away), so the sentence names only what may be asked for."""
    names = offered(game)
    if isinstance(kind, str) and kind in names:
        return kind
    listed = ", ".join(names)
    if not person and isinstance(kind, str) and kind.strip().lower() == "human":
        raise ValueError(f"{what} plays for a person who is away, so it must be one of this "
                         f"game's bots ({listed}), not {kind[:60]!r}")
    if isinstance(kind, str) and ":" in kind and kind.split(":", 1)[0].strip().lower() in names:
        raise ValueError(f"{what}: bots are chosen by name alone ({listed}); how long "
                         f"{kind.split(':', 1)[0].strip()!r} thinks is the server's to set, "
                         f"so {kind[:60]!r} is refused")
    if not person:
        raise ValueError(f"{what}: {str(kind)[:60]!r} is not a bot of this game ({listed})")
    raise ValueError(f"{what}: {str(kind)[:60]!r} is neither 'human' nor a bot of this game "
                     f"({listed})")


def bot_seed(table_seed: int | None, seat: int, version: int) -> int:
    """The seed of the bot deciding for ``seat`` at ``version``: a function of the table's seed,
    the seat and the version only, so a table replayed after a restart makes the same choices."""
    digest = hashlib.blake2b(f"{table_seed}/{seat}/{version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def bounded_bot(kind: str, game: Game, seed: int, limits: BotLimits) -> Any:
    """The bot ``kind`` with its search budget cut to ``limits`` (a stored table may name
    ``ismcts:time=3600`` from before names were checked; the hint bot obeys them too)."""
    from cardtable.bots.ismcts import Budget

    bot: Any = make_bot(kind, game, seed)
    budget = getattr(bot, "budget", None)
    if isinstance(budget, Budget):
        seconds = limits.time if budget.seconds is None else min(budget.seconds, limits.time)
        iters = limits.iters if budget.iters is None else min(budget.iters, limits.iters)
        bot.budget = Budget(iters=iters, seconds=seconds)
    return bot


def bot_choice(kind: str, game: Game, seed: int, decision: Decision,
               limits: BotLimits | None = None) -> str:
    """One bot decision, made by a fresh bot seeded for it (in a worker): the choice depends on
    the decision and the seed alone, never on earlier decisions."""
    try:
        return str(bounded_bot(kind, game, seed, limits or BotLimits()).choose(decision))
    except Exception:  # a failing bot must not stall the table: a random legal move instead
        log.exception("bot %s failed; playing a random legal move", kind)
        return str(RandomBot(game, seed).choose(decision))


def hint_choice(kind: str, game: Game, seed: int, decision: Decision,
                limits: BotLimits | None = None) -> dict[str, Any]:
    """A hint for the seat of ``decision``: the move and, from the search, why in words (all
    of it, and its parts: the game's reasons and the play-outs' figures). Runs where bots
    think (a worker process), on the seat's sealed decision only."""
    from cardtable.bots.ismcts import IsmctsBot, advise

    bot = bounded_bot(kind, game, seed, limits or BotLimits())
    if isinstance(bot, IsmctsBot):
        advice = advise(bot, decision)
        choices = advice.result.choices
        # The runner-up the figures compare with, in notation, so a page can name it as its
        # own buttons do.
        next_best = str(choices[1].action) if len(choices) > 1 else None
        return {"action": str(advice.action), "words": advice.words,
                "reasons": advice.reasons, "figures": advice.figures, "next_best": next_best}
    action = str(bot.choose(decision))
    return {"action": action, "words": f"Try {action}: the {kind} bot's move.",
            "reasons": None, "figures": "", "next_best": None}


JOBS: dict[str, Callable[..., Any]] = {"choose": bot_choice, "hint": hint_choice}


class Failed(Exception):
    """A decision no worker answered: it overran :attr:`BotLimits.hung`, or its worker died."""


@dataclass(eq=False)
class Job:
    """One decision waiting for a worker: ``lane`` is its table, ``hint`` its class."""

    name: str
    args: tuple[Any, ...]
    lane: str
    hint: bool
    future: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


class Line:
    """The jobs waiting for a worker: bots' decisions before hints, and within each, the tables
    in turn (a table with many jobs waiting gets one, then every other table gets one)."""

    def __init__(self) -> None:
        self._lanes: dict[bool, collections.OrderedDict[str, collections.deque[Job]]] = {
            False: collections.OrderedDict(), True: collections.OrderedDict()}
        self._waiting = asyncio.Event()

    def put(self, job: Job) -> None:
        lanes = self._lanes[job.hint]
        lanes.setdefault(job.lane, collections.deque()).append(job)
        self._waiting.set()

    def size(self) -> int:
        """Jobs waiting, bots' and hints'."""
        return sum(len(q) for lanes in self._lanes.values() for q in lanes.values())

    def hints(self) -> int:
        """Hints waiting (not yet handed to a worker)."""
        return sum(len(q) for q in self._lanes[True].values())

    async def take(self) -> Job:
        while True:
            for hint in (False, True):
                lanes = self._lanes[hint]
                while lanes:
                    lane, queue = lanes.popitem(last=False)
                    job = queue.popleft()
                    if queue:
                        lanes[lane] = queue  # to the back: every other table comes first
                    if not job.future.done():  # a waiter gone (its table closed): skipped
                        return job
            self._waiting.clear()
            await self._waiting.wait()


class Threads(Executor):
    """A fixed number of daemon threads of the thinkers' own: unlike the event loop's default
    pool (or any ThreadPoolExecutor, whose threads the interpreter waits for at exit), a thought
    in hand never keeps a stopping server up."""

    def __init__(self, size: int) -> None:
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = \
            queue.SimpleQueue()
        self._size = size
        for n in range(size):
            threading.Thread(target=self._run, name=f"cardtable-think-{n}", daemon=True).start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._jobs.put((future, lambda: fn(*args, **kwargs)))
        return future

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            future, call = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call())
            except BaseException as exc:
                future.set_exception(exc)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for _ in range(self._size):
            self._jobs.put(None)


class Worker:
    """One worker process and the pipe to it, used by one slot's thread at a time."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        here, there = ctx.Pipe()
        self.started = ctx.Event()  # set by the worker once it has imported the games
        self.process = ctx.Process(target=_work, args=(there, os.getpid(), self.started),
                                   daemon=True, name="cardtable-thinker")
        self.process.start()
        there.close()
        self.conn: Connection = here
        self.born = time.monotonic()

    def up(self) -> bool:
        """Whether the worker has imported the games and bots and waits for work."""
        return self.started.is_set()

    def ask(self, name: str, args: tuple[Any, ...], limit: float) -> Any:
        """Run one job; Failed if the worker died or did not answer within ``limit``."""
        try:
            if not self.started.wait(STARTUP):
                raise Failed("the worker did not start")
            self.conn.send((name, args))
            if not self.conn.poll(limit):
                raise Failed(f"no answer within {limit:g} s")
            ok, value = self.conn.recv()
        except (EOFError, OSError) as exc:
            raise Failed(f"the worker died ({exc or type(exc).__name__})") from None
        if not ok:
            raise Failed(str(value))
        return value

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()


class Thinkers:
    """The worker slots (``workers`` processes, or as many threads of their own when
    ``workers`` is 0), the :class:`Line` in front of them and the hints being thought out.
    Slots start at the first decision, or when a table plans one (a server without bots starts
    no processes)."""

    def __init__(self, workers: int | None = None, limits: BotLimits | None = None) -> None:
        self.workers = max(1, (os.cpu_count() or 2) - 1) if workers is None else workers
        self.limits = limits or BotLimits()
        self.slots = self.workers if self.workers > 0 else max(1, (os.cpu_count() or 2) - 1)
        self.hint_room = max(8, 4 * self.slots)
        """Hints that may wait at once; more are refused (429) until the line shortens."""
        self._line: Line | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._threads: Threads | None = None
        self._workers: list[Worker | None] = []
        self._starting = threading.Lock()
        self._needs: dict[tuple[str, str], Needs] = {}
        self._hints: collections.OrderedDict[tuple[str, int], tuple[int, asyncio.Future[Any]]] \
            = collections.OrderedDict()
        self._closed = False

    def start(self) -> None:
        """Start the slots (at once; each starts its worker process with its first job)."""
        if self._line is not None or self._closed:
            return
        self._line = Line()
        # Our own threads, as many as slots: each waits on its worker's pipe (or, with no
        # processes, thinks); none of the event loop's default pool is ever used.
        self._threads = Threads(self.slots)
        self._workers = [None] * self.slots
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._slot(n)) for n in range(self.slots)]
        if self.workers > 0:
            for n in range(self.slots):  # spawned now, so they import while the table waits
                self._threads.submit(self._worker, n)

    def health(self) -> dict[str, Any]:
        """For ``GET /api/health``: the worker processes up (of ``workers``) and the jobs
        waiting in the line, an operator's first sign that the bots cannot keep up."""
        line = self._line
        hints = line.hints() if line is not None else 0
        return {"workers": self.workers,
                "up": sum(1 for w in self._workers if w is not None and w.up()),
                "waiting": (line.size() - hints) if line is not None else 0,
                "hints_waiting": hints}

    def needs(self, kind: str, game: Game) -> Needs:
        key = (game.name, kind)
        if key not in self._needs:
            self._needs[key] = getattr(make_bot(kind, game, 0), "needs", "observation")
        return self._needs[key]

    async def choose(self, kind: str, game: Game, seed: int, decision: Decision,
                     table: str = "") -> str:
        """The bot ``kind``'s move for ``decision``, thought out in a worker in ``table``'s
        turn; a random legal move (seeded alike) if no worker answers in time."""
        try:
            return str(await self._submit("choose", (kind, game, seed, decision, self.limits),
                                          table, hint=False))
        except Failed as exc:
            log.warning("bot %s at table %s: %s; playing a random legal move", kind, table, exc)
            return str(RandomBot(game, seed).choose(decision))

    async def hint(self, kind: str, game: Game, seed: int, decision: Decision,
                   table: str = "", version: int = 0) -> dict[str, Any]:
        """The move ``kind`` advises for ``decision``, and why in words. A seat asking again
        while its hint is thought out is given the same answer (at the same version) or Busy;
        so is any seat when the line of hints is full."""
        key = (table, decision.seat)
        held = self._hints.get(key)
        if held is not None:
            at, future = held
            if not future.done():
                if at == version:  # the same question: the same answer, thought out once
                    return await self._hint_answer(asyncio.shield(future))
                raise Busy(429, "your last hint is still being thought out; ask again "
                                "once it has come")
            if at == version and not future.cancelled() and future.exception() is None:
                answer: dict[str, Any] = future.result()
                return answer
        if self._line is not None and self._line.hints() >= self.hint_room:
            raise Busy(429, "the server is thinking for many tables; ask for the hint "
                            "again in a moment")
        job = self._job("hint", (kind, game, seed, decision, self.limits), table, hint=True)
        self._hints[key] = (version, job.future)
        self._hints.move_to_end(key)
        while len(self._hints) > 10_000:  # the oldest answers kept for repeats go first
            self._hints.popitem(last=False)
        return await self._hint_answer(asyncio.shield(job.future), job)

    async def _hint_answer(self, future: asyncio.Future[Any], job: Job | None = None
                           ) -> dict[str, Any]:
        try:
            answer: dict[str, Any] = await asyncio.wait_for(
                future, HINT_WAIT + self.limits.hung)
        except TimeoutError:
            if job is not None:
                job.future.cancel()  # still in the line: it is skipped
            raise Busy(503, "the bots are busy; ask for the hint again in a moment") from None
        except Failed:
            raise Busy(503, "the hint could not be thought out in time; ask again") from None
        return answer

    def _job(self, name: str, args: tuple[Any, ...], lane: str, hint: bool) -> Job:
        self.start()
        if self._line is None:
            raise Failed("the server is stopping")
        job = Job(name, args, lane, hint)
        job.future.add_done_callback(_retrieve)
        self._line.put(job)
        return job

    async def _submit(self, name: str, args: tuple[Any, ...], lane: str, hint: bool) -> Any:
        job = self._job(name, args, lane, hint)
        try:
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            job.future.cancel()  # the table gave up (it closed): the line skips it
            raise

    async def _slot(self, n: int) -> None:
        """One slot: take the next job in the line and have it thought out, for ever."""
        assert self._line is not None and self._threads is not None
        loop = asyncio.get_running_loop()
        line, threads = self._line, self._threads
        while True:
            job = await line.take()
            try:
                value = await loop.run_in_executor(threads, self._think, n, job)
            except Exception as exc:
                if not job.future.done():
                    job.future.set_exception(exc if isinstance(exc, Failed) else Failed(str(exc)))
            else:
                if not job.future.done():
                    job.future.set_result(value)
            finally:  # the slot stopped (the server is stopping): its job is not answered
                if not job.future.done():
                    job.future.set_exception(Failed("the server is stopping"))

    def _worker(self, n: int) -> Worker | None:
        """Slot ``n``'s worker process, started if it has none (None once closed)."""
        with self._starting:
            if self._closed:
                return None
            worker = self._workers[n]
            if worker is None:
                worker = self._workers[n] = Worker()
            return worker

    def _think(self, n: int, job: Job) -> Any:
        """In slot ``n``'s thread: hand the job to its worker and wait. Think here instead when
        the server has no worker processes, or while the slot's worker is still starting (a
        second or so, at a server's first bot move or after a worker was replaced): the
        limits bound that thought too. A worker that overruns or dies is replaced."""
        if self.workers <= 0:
            return JOBS[job.name](*job.args)
        worker = self._worker(n)
        if worker is None:
            raise Failed("the server is stopping")
        if not worker.up():
            if time.monotonic() - worker.born > STARTUP:  # it never came up: another one
                log.warning("bot worker %d did not start; starting a new one", n)
                self._drop(n, worker)
            return JOBS[job.name](*job.args)
        try:
            return worker.ask(job.name, job.args, self.limits.hung)
        except Failed:
            self._drop(n, worker)
            if not self._closed:
                log.warning("bot worker %d failed; starting a new one", n)
            raise

    def _drop(self, n: int, worker: Worker) -> None:
        worker.kill()
        with self._starting:
            if self._workers and self._workers[n] is worker:
                self._workers[n] = None

    def close(self) -> None:
        """Stop at once: waiting jobs are dropped and the worker processes killed, even in the
        middle of a decision (a server must stop promptly)."""
        with self._starting:
            self._closed = True
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        self._line = None
        for worker in self._workers:
            if worker is not None:
                worker.kill()
        self._workers = []
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


def _retrieve(future: asyncio.Future[Any]) -> None:
    """Mark a job's outcome as seen (its waiter may have gone away)."""
    if not future.cancelled():
        future.exception()


def _work(conn: Connection, parent: int, started: Any) -> None:
    """A worker process: import the games and bots, say so, then answer jobs one at a time
    until the pipe closes (or the server is gone: a server killed with -9 cannot stop it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
    import cardtable.engine.game

    for game in cardtable.engine.game.game_names():  # every game's bots, before they are asked
        bot_names(game)
    started.set()
    while True:
        try:
            name, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, JOBS[name](*args))
        except Exception as exc:
            answer = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


__all__ = ["HINT_BOT", "BotLimits", "Busy", "Failed", "Thinkers", "bot_choice", "bot_seed",
           "check_offered", "hint_choice", "offered"]
