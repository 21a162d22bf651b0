"""Bots and hints on a server that strangers reach: a request chooses a bot by name only (never
how long it thinks), hints wait behind every table's bots, and a server stops promptly while
its bots and hints think. Each test starts `cardtable serve` as a real process."""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_kit import SERVE, Server, auth, free_port, open_table, seat_tokens


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'server.sqlite3'}", log=tmp_path / "server.log").start()
    yield srv
    srv.stop()


def lobby_size(srv: Server) -> int:
    return len(httpx.get(f"{srv.url}/api/tables", timeout=30).json()["tables"])


def test_a_bot_with_parameters_is_refused_as_a_seat_and_as_a_stand_in(
        sqlite_server: Server) -> None:
    """`ismcts:time=3600` in one request used to stop every bot on the server for an hour: a
    request chooses from the bots a game offers (what GET /api/games lists), by name alone."""
    srv = sqlite_server
    offered = next(g["bots"] for g in httpx.get(f"{srv.url}/api/games", timeout=30).json()["games"]
                   if g["name"] == "daylily")
    assert "ismcts" in offered and all(":" not in name for name in offered)
    before = lobby_size(srv)
    for body in (
        {"game": "daylily", "players": 2, "seats": ["human", "ismcts:time=3600"]},
        {"game": "daylily", "players": 2, "seats": ["human", {"kind": "ismcts:iters=9999999"}]},
        {"game": "daylily", "players": 2, "seats": ["human", "human"],
         "table": {"stand_in": "ismcts:time=3600"}},
        {"game": "daylily", "players": 2, "seats": ["human", "gentle:turns=50"]},
    ):
        r = httpx.post(f"{srv.url}/api/tables", json=body, timeout=30)
        assert r.status_code == 422, r.text
        error = r.json()["error"]
        # one sentence that names the choices
        assert "server" in error and ", ".join(offered) in error, error
        assert error.count(". ") == 0 and "\n" not in error
    assert lobby_size(srv) == before  # nothing was made
    # The names alone are taken, as seats and as the stand-in.
    made = open_table(srv, game="daylily", players=2, seats=["human", "ismcts"],
                      table={"stand_in": "ismcts", "think": 30})
    assert [s["kind"] for s in made["seats"]] == ["human", "ismcts"]
    assert lobby_size(srv) == before + 1


def test_a_hint_flood_at_one_table_does_not_stall_another_tables_bots(
        sqlite_server: Server) -> None:
    """Sixty hint requests at once used to be thought out one after another in the bots' only
    worker, and an all-bot table elsewhere stood still for 49 s. Now a seat's repeated asks
    share one answer and bots' decisions go before hints: table B plays on throughout."""
    srv = sqlite_server
    bots = open_table(srv, game="daylily", players=2, seats=["greedy", "greedy"],
                      options={"rounds": 50}, table={"think": 0.05})["table"]
    askers = []
    for n in range(3):
        made = open_table(srv, game="daylily", players=2, seats=["human", "human"], seed=n)
        actor = httpx.get(f"{srv.url}/api/tables/{made['table']}", timeout=30).json()["actors"][0]
        askers.append((made["table"], seat_tokens(srv.url, made)[actor]))
    moves: list[tuple[float, int]] = []
    done = threading.Event()

    def watch() -> None:
        with httpx.Client(timeout=30) as client:
            while not done.is_set():
                version = client.get(f"{srv.url}/api/tables/{bots}").json()["version"]
                if not moves or moves[-1][1] != version:
                    moves.append((time.monotonic(), version))
                time.sleep(0.02)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        deadline = time.monotonic() + 60
        while len(moves) < 3:  # B is under way
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.05)
        while httpx.get(f"{srv.url}/api/health", timeout=30).json()["bots"]["up"] < 1:
            assert time.monotonic() < deadline, "the worker did not come up"
            time.sleep(0.05)  # (not a thread standing in for it while it starts)

        def ask(n: int) -> tuple[int, dict[str, Any], int]:
            table, token = askers[n % len(askers)]
            r = httpx.get(f"{srv.url}/api/tables/{table}/hint", headers=auth(token), timeout=120)
            return r.status_code, r.json(), n % len(askers)

        began = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(60) as pool:
            answers = list(pool.map(ask, range(60)))
        ended = time.monotonic()
    finally:
        done.set()
        watcher.join()
    stamps = [began, *(t for t, _ in moves if began <= t <= ended), ended]
    longest = max(b - a for a, b in itertools.pairwise(stamps))
    assert longest < 5.0, f"table B's bots waited {longest:.1f} s during the flood"
    # Every ask is answered: with the hint (one per seat, shared), or a sentence to wait.
    given: dict[int, set[str]] = {}
    for status, body, seat in answers:
        assert status in (200, 429), body
        if status == 200:
            given.setdefault(seat, set()).add(body["action"])
        else:
            assert body["error"].endswith("moment") or "once it has come" in body["error"]
    assert given and all(len(actions) == 1 for actions in given.values())


def workers_of(pid: int) -> set[int]:
    """The server's worker processes (not multiprocessing's resource tracker)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmdline:
                found.add(int(child))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_sigterm_while_bots_and_hints_think_exits_promptly(tmp_path: Path) -> None:
    """The workers are killed mid-thought: a server whose bots and a 30-second hint are
    thinking stops within a few seconds of SIGTERM (it used to wait for the decisions in hand:
    six tables of `ismcts:time=3600` kept it up for an hour)."""
    srv = Server(f"sqlite:///{tmp_path / 'server.sqlite3'}", log=tmp_path / "server.log",
                 args=("--bot-workers", "1", "--bot-time", "30",
                       "--hint-bot", "ismcts:time=30")).start()
    try:
        open_table(srv, game="liverpool", players=3, seats=["ismcts"] * 3, seed=1,
                   table={"think": 0.3})
        made = open_table(srv, game="daylily", players=2, seats=["human", "human"], seed=5)
        actor = httpx.get(f"{srv.url}/api/tables/{made['table']}", timeout=30).json()["actors"][0]
        token = seat_tokens(srv.url, made)[actor]

        def ask() -> None:
            with contextlib.suppress(httpx.HTTPError):  # the server stops mid-hint
                httpx.get(f"{srv.url}/api/tables/{made['table']}/hint", headers=auth(token),
                          timeout=60)

        asker = threading.Thread(target=ask)
        asker.start()
        assert srv.proc is not None
        deadline = time.monotonic() + 30
        while httpx.get(f"{srv.url}/api/health", timeout=30).json()["bots"]["up"] < 1:
            assert time.monotonic() < deadline, "no worker came up"
            time.sleep(0.1)
        time.sleep(2.0)  # the worker busy with the bots' decisions and the long hint
        workers = workers_of(srv.proc.pid)
        assert workers and all(alive(w) for w in workers)
        stopped = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        srv.proc.wait(timeout=30)
        took = time.monotonic() - stopped
        asker.join(timeout=30)
    finally:
        srv.stop()
    assert took < 10.0, f"the server took {took:.1f} s to stop"
    assert not any(alive(w) for w in workers)


def test_a_hung_worker_is_replaced_and_the_table_plays_on(tmp_path: Path) -> None:
    """A worker that stops answering (here: stopped with SIGSTOP) held its table for ever; now
    its decision is given up after 15 + 5 x --bot-time seconds, the worker is killed, the table
    plays a random legal move, and a new worker thinks for the moves after."""
    srv = Server(f"sqlite:///{tmp_path / 'server.sqlite3'}", log=tmp_path / "server.log",
                 args=("--bot-workers", "1", "--bot-time", "0.1",
                       "--hint-bot", "greedy")).start()
    try:
        table = open_table(srv, game="daylily", players=2, seats=["greedy", "greedy"],
                           options={"rounds": 50}, table={"think": 0.05})["table"]
        assert srv.proc is not None

        def version() -> int:
            got: int = httpx.get(f"{srv.url}/api/tables/{table}", timeout=30).json()["version"]
            return got

        deadline = time.monotonic() + 60
        while version() < 3 or not workers_of(srv.proc.pid):
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.05)
        while httpx.get(f"{srv.url}/api/health", timeout=30).json()["bots"]["up"] < 1:
            assert time.monotonic() < deadline, "the worker did not come up"
            time.sleep(0.05)  # (until it is, decisions are thought out in a thread)
        hung, = workers_of(srv.proc.pid)
        os.kill(hung, signal.SIGSTOP)
        time.sleep(1.0)
        stuck = version()
        deadline = time.monotonic() + 15.5 + 20
        while version() < stuck + 3:  # the given-up move, then the new worker's
            assert time.monotonic() < deadline, "the table stayed stuck behind a hung worker"
            time.sleep(0.2)
        assert not alive(hung)
        assert workers_of(srv.proc.pid) - {hung}
        assert "no answer within" in (tmp_path / "server.log").read_text()
    finally:
        srv.stop()


def test_a_stored_bot_with_parameters_thinks_within_the_limits_after_a_restart(
        tmp_path: Path) -> None:
    """A table stored before names were checked keeps its `ismcts:time=3600` seats; restarted,
    the server plays them, each decision cut to --bot-time (uncut, not one move would come
    for an hour, and six such tables held SIGTERM and every restart)."""
    import sqlite3

    path = tmp_path / "server.sqlite3"
    srv = Server(f"sqlite:///{path}", log=tmp_path / "server.log",
                 args=("--bot-time", "0.2", "--hint-bot", "greedy")).start()
    try:
        table = open_table(srv, game="daylily", players=2, seats=["ismcts", "ismcts"],
                           options={"rounds": 50}, table={"think": 30})["table"]
        srv.stop()
        with sqlite3.connect(path) as conn:  # what an earlier version let a request store
            conn.execute("UPDATE seats SET kind = 'ismcts:time=3600' WHERE table_id = ?",
                         (table,))
            conn.execute("UPDATE tables SET settings = ? WHERE id = ?", (
                '{"think": 0, "window": 20, "turn": null, "stand_in": "ismcts:time=3600"}',
                table))
        srv.start()
        deadline = time.monotonic() + 30
        while (state := httpx.get(f"{srv.url}/api/tables/{table}", timeout=30).json()
               )["version"] < 6:
            assert time.monotonic() < deadline, "the stored search bots did not play"
            time.sleep(0.1)
        assert [s["kind"] for s in httpx.get(f"{srv.url}/api/tables/{table}/client",
                                             timeout=30).json()["seats"]] == [
            "ismcts:time=3600"] * 2
        assert not state["over"]
        began = time.monotonic()
    finally:
        srv.stop()
    assert time.monotonic() - began < 10.0  # and it stops at once


def test_a_hint_bot_beyond_the_bot_limits_is_refused_before_serving(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    for args, sentence in (
        (("--hint-bot", "ismcts:time=5"), "more than --bot-time 1 allows"),
        (("--hint-bot", "ismcts:iters=900", "--bot-iters", "500"),
         "more than --bot-iters 500 allows"),
        (("--bot-time", "0"), "--bot-time must be from 0.01 to 600 seconds"),
        (("--bot-iters", "0"), "--bot-iters must be from 1 to 10000000"),
    ):
        done = subprocess.run([sys.executable, "-c", SERVE, "serve", "--port", str(free_port()),
                               "--db", db, *args], capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and "serving on" not in done.stdout
        assert sentence in done.stderr and done.stderr.count("\n") == 1, done.stderr
