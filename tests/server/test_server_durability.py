"""kill -9 at random moments loses no acknowledged action; no message tells a seat a card it may
not know, checked against the full state replayed from the record."""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_kit import Server, auth, fill, open_table, seat_tokens, small_disk, stored_record
from websockets.sync.client import connect

from cardtable.engine.game import game_names, load_game
from cardtable.engine.record import verify

KILLS = {
    "sqlite": int(os.environ.get("CARDTABLE_KILLS", "15")),
    "postgresql": int(os.environ.get("CARDTABLE_KILLS_POSTGRESQL", "8")),
}
"""Kills per database in the test suite. The issue's bar is 50 kills: run it with
CARDTABLE_KILLS=50 (it passed so, 327 s on SQLite, and 50 on PostgreSQL in 237 s, on the loaded
2-core machine); the suite's default keeps CI short while still killing at random moments of a
whole match."""


def test_kill_nine_loses_no_acknowledged_action(db: str, tmp_path: Path) -> None:
    """On SQLite and on PostgreSQL (each kill -9 mid-play, then a restart on the same data)."""
    srv = Server(db, log=tmp_path / "server.log").start()
    kills_wanted = KILLS["sqlite" if db.startswith("sqlite") else "postgresql"]
    rng = random.Random(11)
    acked: dict[int, tuple[int, str]] = {}  # version -> (seat, action), as acknowledged
    kills = 0
    created = open_table(srv, game="daylily", players=2, seats=["human", "human"],
                         options={"rounds": 1}, seed=7)
    table = created["table"]
    tokens = seat_tokens(srv.url, created)
    client = httpx.Client(timeout=5)
    try:
        while True:
            if kills < kills_wanted:  # the next kill comes at a random moment of the play below
                timer = threading.Timer(rng.uniform(0.0, 0.25), srv.kill)
                timer.start()
            try:
                for _ in range(1000):
                    spectator = client.get(f"{srv.url}/api/tables/{table}").json()
                    if spectator["over"]:
                        break
                    seat = spectator["actors"][0]
                    mine = client.get(f"{srv.url}/api/tables/{table}",
                                      headers=auth(tokens[seat])).json()
                    if not mine["legal"]:
                        continue
                    action = rng.choice(mine["legal"])
                    r = client.post(f"{srv.url}/api/tables/{table}/actions",
                                    headers=auth(tokens[seat]),
                                    json={"action": action, "version": mine["version"]})
                    if r.status_code == 200:
                        acked[r.json()["version"]] = (seat, action)
                        assert r.json()["version"] == mine["version"] + 1
                    else:
                        assert r.status_code == 409, r.text
            except (httpx.HTTPError, json.JSONDecodeError, KeyError):
                pass
            if kills < kills_wanted:
                timer.join()
                kills += 1
                srv.kill()
                srv.start()
                # Every acknowledged action is still there, at its version.
                record_so_far = client.get(f"{srv.url}/api/tables/{table}").json()
                assert record_so_far["version"] >= max(acked, default=0)
                continue
            if client.get(f"{srv.url}/api/tables/{table}").json()["over"]:
                break
            if kills >= kills_wanted and len(acked) > 5000:
                raise AssertionError("the match did not end")
        # Two people: neither is given the whole record, which the database keeps.
        assert client.get(f"{srv.url}/api/tables/{table}/record",
                          headers=auth(tokens[0])).json()["format"] == "cardtable-seat/1"
        record = stored_record(srv.db, table)
    finally:
        client.close()
        srv.stop()
    assert kills == kills_wanted
    actions = record["actions"]
    for version, (seat, action) in acked.items():
        assert actions[version - 1] == [seat, action], version
    state, problems = verify(record)
    assert problems == [] and state.is_over and state.scores == record["scores"]


@pytest.mark.parametrize("game", game_names())
def test_no_message_tells_a_seat_what_it_may_not_know(game: str, db: str,
                                                      tmp_path: Path) -> None:
    # On SQLite and PostgreSQL: every message is rebuilt from what the store gave back.
    srv = Server(db, log=tmp_path / "server.log").start()
    players = load_game(game).player_counts[0] + 1 if len(load_game(game).player_counts) > 1 \
        else load_game(game).player_counts[0]
    try:
        created = open_table(srv, game=game, players=players, seed=3)
        table = created["table"]
        tokens = seat_tokens(srv.url, created)
        received: list[tuple[int | None, dict[str, Any]]] = []
        base = f"ws://127.0.0.1:{srv.port}/ws/tables/{table}"
        stack = contextlib.ExitStack()
        sockets = [stack.enter_context(connect(f"{base}?token={t}")) for t in tokens]
        spectator = stack.enter_context(connect(base))
        rng = random.Random(5)
        with stack:
            latest = [json.loads(ws.recv(timeout=10)) for ws in sockets]
            for seat, message in enumerate(latest):
                received.append((seat, message))
            for _ in range(60):
                actors = latest[0]["actors"]
                if latest[0]["over"] or not actors:
                    break
                seat = rng.choice(actors)
                r = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(tokens[seat]))
                mine = r.json()
                received.append((seat, mine))
                if not mine["legal"]:
                    continue
                sockets[seat].send(json.dumps({"action": rng.choice(mine["legal"]),
                                               "version": mine["version"]}))
                for s, ws in enumerate(sockets):  # every seat hears of the change
                    while True:
                        message = json.loads(ws.recv(timeout=10))
                        received.append((s, message))
                        if message["type"] == "update":
                            latest[s] = message
                            break
                # the mover's ack follows its update
                received.append((seat, json.loads(sockets[seat].recv(timeout=10))))
            time.sleep(0.1)
            while True:
                try:
                    received.append((None, json.loads(spectator.recv(timeout=0.2))))
                except TimeoutError:
                    break
        # The full state, from the server's private copy: the finished record is not out yet,
        # so the test replays the same seed and the moves every client saw.
        version = latest[0]["version"]
        events = httpx.get(f"{srv.url}/api/tables/{table}").json()
    finally:
        srv.stop()
    from cardtable.server.store import Store  # the test reads the stored actions directly

    store = Store(db)
    try:
        row = store.table_row(table)
        assert row is not None
        record = {"game": row["game"], "players": row["players"],
                  "options": json.loads(row["options"]), "seed": row["seed"],
                  "deals": json.loads(row["deals"]), "actions": store.actions(table)}
    finally:
        store.close()
    assert len(record["actions"]) == version and events["version"] == version
    # The full state, replayed from the stored deals and actions, says exactly what each seat
    # may be told at each version: its own view and its own event stream (whose contents the
    # conformance suite holds to the full state, game by game). The server must route those and
    # nothing else: every message a seat got is compared with them, field by field.
    views, streams = _told(record)
    checked = 0
    for who, message in received:
        if message.get("type") == "ack" or "version" not in message:
            continue
        v = message["version"]
        if "view" in message:
            assert message["view"] == views[v][who], f"{game}: seat {who}'s view at version {v}"
        for event in message.get("events", []):
            assert event in streams[who], f"{game}: seat {who} was told {event}"
        checked += 1
    assert checked >= 3


def _told(record: dict[str, Any]) -> tuple[list[dict[int | None, Any]], dict[int | None, Any]]:
    """Per version, every seat's (and a spectator's) view; and every seat's whole stream."""
    game = load_game(record["game"], record["players"], record["options"])
    state = game.new_state(record.get("seed"), record["deals"])
    seats: list[int | None] = [None, *range(game.players)]
    views = [{s: json.loads(json.dumps(state.view(s))) for s in seats}]
    for seat, text in record["actions"]:
        state.apply(seat, game.parse_action(text))
        views.append({s: json.loads(json.dumps(state.view(s))) for s in seats})
    streams = {s: json.loads(json.dumps(state.events(s))) for s in seats}
    return views, streams


def _wait_over(srv: Server, table: str, seconds: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            state: dict[str, Any] = httpx.get(f"{srv.url}/api/tables/{table}", timeout=10).json()
            if state["over"]:
                record: dict[str, Any] = httpx.get(f"{srv.url}/api/tables/{table}/record",
                                                   timeout=10).json()
                return record
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the match")


@pytest.mark.parametrize("seats", [["random", "greedy"], ["greedy", "random", "random"]])
def test_bots_resume_deterministically_after_kill(seats: list[str], db: str,
                                                  tmp_path: Path) -> None:
    """A bot's choice depends on the table's seed, its seat and the version only: a match of bots
    killed (-9) mid-play and reloaded ends exactly as the same match played without a break."""
    game = "daylily"
    srv = Server(db, log=tmp_path / "server.log").start()
    try:
        body = {"game": game, "players": len(seats), "seats": seats, "seed": 21,
                "options": {"rounds": 1}}
        whole = _wait_over(srv, open_table(srv, **body)["table"])
        # The same match, slowed down so that the kill falls in the middle of it.
        table = open_table(srv, **body, table={"think": 0.05})["table"]
        deadline = time.monotonic() + 60
        while httpx.get(f"{srv.url}/api/tables/{table}").json()["version"] < 8:
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.02)
        srv.kill()
        srv.start()
        broken = _wait_over(srv, table)
    finally:
        srv.stop()
    assert len(whole["actions"]) > 10
    assert broken["actions"] == whole["actions"]
    assert broken["scores"] == whole["scores"]


MIXED_KILLS = {
    "sqlite": int(os.environ.get("CARDTABLE_KILLS", "8")),
    "postgresql": int(os.environ.get("CARDTABLE_KILLS_POSTGRESQL", "4")),
}
"""Kills per database in the mixed test; the issue's bar is 50 on each (same variables as
above: CARDTABLE_KILLS=50 CARDTABLE_KILLS_POSTGRESQL=50)."""

Flags = tuple[bool, bool, "str | None"]  # a seat's (taken, away, chosen name)


@dataclass
class Watched:
    """A table as its people were told it is: the moves acknowledged, at their versions, and
    each seat's flags and name as last acknowledged (None: a request about the seat was in
    flight at the kill, so either outcome is right)."""

    id: str
    tokens: list[str | None]
    invites: list[str | None]  # an invitation not yet opened
    seats: list[Flags | None]
    moves: dict[int, tuple[int, str]] = field(default_factory=dict)
    over: bool = False


def _stored_actions(engine: Any, table: str) -> list[tuple[int, str]]:
    import sqlalchemy as sa

    from cardtable.server.store import actions_t

    with engine.connect() as conn:
        rows = conn.execute(sa.select(actions_t.c.version, actions_t.c.seat, actions_t.c.action)
                            .where(actions_t.c.table_id == table)
                            .order_by(actions_t.c.version)).all()
    assert [r.version for r in rows] == list(range(1, len(rows) + 1)), f"{table}: a gap"
    return [(r.seat, r.action) for r in rows]


def test_kill_nine_during_mixed_play_loses_no_acknowledged_change(db: str,
                                                                  tmp_path: Path) -> None:
    """Moves, people leaving and coming back, names chosen, absent seats handed to the
    stand-in, free seats taken: kill -9 at random moments, and after every restart each
    change the server acknowledged is there (moves at their versions, in order; every seat's
    taken and away flags; names)."""
    from cardtable.server.store import make_engine

    srv = Server(db, log=tmp_path / "server.log").start()
    kills_wanted = MIXED_KILLS["sqlite" if db.startswith("sqlite") else "postgresql"]
    rng = random.Random(23)
    client = httpx.Client(timeout=5)
    watched: list[Watched] = []
    engine = make_engine(db)
    counter = iter(range(10**9))

    def new_table() -> None:
        # Three people: the first opens their invitation at once, the second later (a join),
        # the third seat is open to anyone and someone takes it from the lobby (a join).
        made = open_table(srv, game="daylily", players=3,
                          seats=["human", "human", {"kind": "human", "open": True}],
                          options={"rounds": 3}, table={"think": 0.05})
        first = seat_tokens(srv.url, {**made, "seats": made["seats"][:1]})[0]
        watched.append(Watched(made["table"], [first, None, None],
                               [None, made["seats"][1]["invite"], None],
                               [(True, False, None), (False, False, None),
                                (False, False, None)]))

    def step(t: Watched) -> None:
        """One thing a person does at table ``t``; what it acknowledged is written down."""
        base = f"{srv.url}/api/tables/{t.id}"
        kind = rng.choices(["move", "leave", "back", "rename", "stand-in", "join"],
                           [6, 1, 1, 1, 1, 1])[0]
        seat = rng.randrange(3)
        if kind == "move":  # someone whose turn it is (a spectator's look changes nothing)
            actors = client.get(base).json()["actors"]
            seat = rng.choice(actors) if actors else seat
        token = t.tokens[seat]
        before = t.seats[seat]
        if token is None and kind != "join":
            return
        t.seats[seat] = None  # until answered
        if kind == "join":
            if token is not None:
                t.seats[seat] = before
                return
            if seat == 2:  # from the lobby
                r = client.post(f"{base}/join", json={"seat": seat})
            elif t.invites[seat] is not None:  # the invitation opened at last
                r = client.post(f"{base}/seat", json={"invite": t.invites[seat]})
                t.invites[seat] = None  # used, whatever the answer (it works once)
            else:
                t.seats[seat] = before
                return
            if r.status_code == 200:
                t.tokens[seat] = r.json()["token"]
                t.seats[seat] = (True, False, before[2] if before else None)
            else:  # taken already (an answer lost to a kill); its token is lost with it
                assert r.status_code in (409, 410), r.text
                t.seats[seat] = before
            return
        if kind in ("move", "back"):  # the person opens their link: they are back
            mine = client.get(base, headers=auth(token)).json()
            assert "error" not in mine, mine
            t.seats[seat] = (True, False, before[2] if before else None)
            t.over = mine["over"]
            if kind == "move" and mine["legal"]:
                r = client.post(f"{base}/actions", headers=auth(token),
                                json={"action": rng.choice(mine["legal"]),
                                      "version": mine["version"]})
                if r.status_code == 200:
                    t.moves[r.json()["version"]] = (seat, json.loads(
                        r.request.content)["action"])
                else:
                    assert r.status_code == 409, r.text
        elif kind == "leave":
            r = client.post(f"{base}/leave", headers=auth(token))
            assert r.status_code == 200, r.text
            t.seats[seat] = (before[0], True, before[2]) if before else None
        elif kind == "rename":
            name = f"P{seat} {next(counter)}"
            r = client.post(f"{base}/name", headers=auth(token), json={"name": name})
            assert r.status_code == 200, r.text
            t.seats[seat] = (before[0], before[1], name) if before else None
        else:  # another person hands this seat to the stand-in
            other = rng.choice([n for n in range(3) if n != seat])
            if t.tokens[other] is None:
                t.seats[seat] = before
                return
            r = client.post(f"{base}/stand-in", headers=auth(t.tokens[other]),
                            json={"seat": seat})
            if r.status_code == 200:
                t.seats[seat] = (before[0], True, before[2]) if before else None
            else:
                assert r.status_code == 409, r.text  # a bot plays it already; or it is over
                t.seats[seat] = before

    def check(t: Watched) -> None:
        """What the restarted server holds is what it acknowledged."""
        stored = _stored_actions(engine, t.id)
        for version, move in t.moves.items():
            assert version <= len(stored) and stored[version - 1] == move, (t.id, version)
        seats = client.get(f"{srv.url}/api/tables/{t.id}/client").json()["seats"]
        now: list[Flags] = [(s["taken"], s["away"], s["chosen"]) for s in seats]
        for n, (expected, found) in enumerate(zip(t.seats, now, strict=True)):
            assert expected is None or expected == found, (t.id, n, expected, found)
        t.seats = list(now)

    kills = changes = 0
    try:
        new_table()
        while kills < kills_wanted:
            if rng.random() < 0.3 or all(t.over for t in watched):
                with contextlib.suppress(httpx.HTTPError, AssertionError):
                    new_table()
            timer = threading.Timer(rng.uniform(0.1, 0.8), srv.kill)
            timer.start()
            with contextlib.suppress(httpx.HTTPError):
                while True:
                    table = rng.choice([t for t in watched if not t.over] or watched)
                    step(table)
                    changes += 1
            timer.join()
            kills += 1
            srv.start(timeout=120)  # a loaded machine restarting PostgreSQL's tables is slow
            for t in watched:
                check(t)
    finally:
        client.close()
        srv.stop()
        engine.dispose()
    assert kills == kills_wanted
    assert sum(len(t.moves) for t in watched) > kills  # it played, and people came and went
    assert any(t.tokens[2] is not None for t in watched)  # a free seat was taken
    assert any(any(s and s[2] for s in t.seats) for t in watched)  # names were chosen


def test_a_leave_or_an_arrival_answered_is_stored_though_the_server_dies_at_once(
        db: str, tmp_path: Path) -> None:
    """The answer to a leave, a hand-over to the stand-in or an arrival comes only once it is
    stored: a server killed the moment it answered still has it after the restart (they were
    answered first and written after, and a kill in between lost most of them)."""
    srv = Server(db, log=tmp_path / "server.log").start()
    try:
        made = open_table(srv, game="daylily", players=3, seats=["human", "human", "greedy"],
                          options={"rounds": 1}, table={"think": 30})
        table, tokens = made["table"], seat_tokens(srv.url, made)[:2]
        base = f"{srv.url}/api/tables/{table}"

        def flags() -> list[tuple[bool, bool]]:
            seats = httpx.get(f"{base}/client", timeout=30).json()["seats"]
            return [(s["taken"], s["away"]) for s in seats[:2]]

        for round_ in range(2):
            assert httpx.get(base, headers=auth(tokens[0]), timeout=30).status_code == 200
            srv.kill()  # at once: the arrival was answered
            srv.start()
            assert flags()[0] == (True, False), round_
            r = httpx.post(f"{base}/leave", headers=auth(tokens[0]), timeout=30)
            assert r.status_code == 200, r.text
            srv.kill()
            srv.start()
            assert flags()[0] == (True, True), round_
            r = httpx.post(f"{base}/stand-in", headers=auth(tokens[0]), json={"seat": 1},
                           timeout=30)
            assert r.status_code == 200, r.text
            srv.kill()
            srv.start()
            assert flags()[1][1] is True, round_
            httpx.get(base, headers=auth(tokens[1]), timeout=30)  # back for the next round
    finally:
        srv.stop()


def test_the_wal_stays_bounded_and_a_full_disk_heals_when_space_returns(tmp_path: Path) -> None:
    """SQLite, on a small file system of its own (a tmpfs; a filled disk for real, which
    SQLite's own page limit would not be: it refuses pages in the database but never the
    log's growth, which is what filled disks). All-bot tables write as fast as they can: the
    write-ahead log stays near its limit (it grew without end: 140 MB in 20 s). Then the disk
    fills: moves are refused in a sentence; and once space returns they are taken again, and
    the bots play on."""
    from cardtable.server.store import WAL_LIMIT

    with small_disk(tmp_path / "disk", "48m") as disk:
        srv = Server(f"sqlite:///{disk / 'tables.db'}", log=tmp_path / "server.log").start()
        wal = disk / "tables.db-wal"
        largest = 0
        try:
            made = open_table(srv, game="daylily", players=2, seats=["human", "human"],
                              options={"rounds": 50})
            table, tokens = made["table"], seat_tokens(srv.url, made)
            for _ in range(8):
                open_table(srv, game="daylily", players=2, seats=["random", "random"],
                           options={"rounds": 50})

            def played() -> int:
                tables = httpx.get(f"{srv.url}/api/tables", timeout=30).json()["tables"]
                return sum(t["version"] for t in tables)

            def move() -> httpx.Response:
                state = httpx.get(f"{srv.url}/api/tables/{table}", timeout=30).json()
                seat = state["actors"][0]
                mine = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(tokens[seat]),
                                 timeout=30).json()
                return httpx.post(f"{srv.url}/api/tables/{table}/actions",
                                  headers=auth(tokens[seat]), timeout=30,
                                  json={"action": mine["legal"][0], "version": mine["version"]})

            while played() < 4000:  # some 20 MB of log without checkpoints that restart it
                with contextlib.suppress(OSError):
                    largest = max(largest, wal.stat().st_size)
                time.sleep(0.01)
            assert largest <= 1.5 * WAL_LIMIT, f"the log grew to {largest / 1e6:.1f} MB"

            filler = fill(disk)
            deadline = time.monotonic() + 60
            while (r := move()).status_code == 200:
                assert time.monotonic() < deadline, "moves were still stored on a full disk"
            assert r.status_code == 503 and "disk is full" in r.json()["error"], r.text
            filler.unlink()
            deadline = time.monotonic() + 60
            while (r := move()).status_code != 200:
                assert r.status_code == 503, r.text
                assert time.monotonic() < deadline, f"still refused with space back: {r.text}"
                time.sleep(0.2)
            before = played()
            deadline = time.monotonic() + 60
            while played() < before + 100:  # and the bots play on
                assert time.monotonic() < deadline, "the bots stopped"
                time.sleep(0.1)
        finally:
            srv.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()
