"""The server as a real process on a loopback port, on SQLite and on PostgreSQL: play over HTTP
and WebSocket, refusals, restarts, two processes on one database."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_kit import Server, auth, open_table, seat_tokens
from websockets.sync.client import connect

from cardtable.engine.record import verify


def state_of(srv: Server, table: str, token: str | None) -> dict[str, Any]:
    r = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(token), timeout=30)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def move(srv: Server, table: str, token: str | None, action: str,
         version: int) -> httpx.Response:
    return httpx.post(f"{srv.url}/api/tables/{table}/actions", headers=auth(token),
                      json={"action": action, "version": version}, timeout=30)


def play_out(srv: Server, created: dict[str, Any], rng: random.Random,
             seats: list[str | None], limit: int = 5000) -> dict[str, Any]:
    """Clients play every human seat (``seats``: each seat's token) with random legal moves
    until the match is over."""
    table = created["table"]
    tokens = {n: t for n, t in enumerate(seats) if t}
    spectator = state_of(srv, table, None)
    for _ in range(limit):
        if spectator["over"]:
            return spectator
        humans = [s for s in spectator["actors"] if s in tokens]
        if not humans:
            time.sleep(0.01)
            spectator = state_of(srv, table, None)
            continue
        seat = rng.choice(humans)
        mine = state_of(srv, table, tokens[seat])
        if mine["legal"]:
            r = move(srv, table, tokens[seat], rng.choice(mine["legal"]), mine["version"])
            assert r.status_code in (200, 409), r.text
        spectator = state_of(srv, table, None)
    raise AssertionError("the match did not end")


def test_match_played_to_the_end_and_its_record_replays(server: Server, tmp_path: Path) -> None:
    created = open_table(server, game="daylily", players=3,
                         seats=[{"name": "Grandma"}, "greedy", "random"],
                         options={"rounds": 1}, seed=5)
    assert [s["kind"] for s in created["seats"]] == ["human", "greedy", "random"]
    assert created["seats"][0]["invite"] and created["seats"][1]["invite"] is None
    assert all("token" not in s for s in created["seats"])  # the maker holds no seat's token
    table = created["table"]
    r = httpx.get(f"{server.url}/api/tables/{table}/record")
    assert r.status_code == 403 and "over" in r.json()["error"]
    lobby = httpx.get(f"{server.url}/api/tables").json()["tables"]
    assert [t["table"] for t in lobby] == [table]
    # Grandma's seat waits for her: invited, not free for anyone to take.
    assert lobby[0]["game"] == "daylily" and lobby[0]["free"] == []
    assert lobby[0]["invited"] == [0]
    tokens = seat_tokens(server.url, created)
    end = play_out(server, created, random.Random(1), tokens)
    assert end["over"] and end["scores"]
    record = httpx.get(f"{server.url}/api/tables/{table}/record",
                       headers=auth(tokens[0])).json()
    assert record["format"] == "cardtable-record/2"
    state, problems = verify(record)
    assert problems == [] and state.scores == end["scores"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-c",
                           "import sys; from cardtable.cli import main; sys.exit(main())",
                           "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # The record tells the match with the table's names.
    assert record["names"] == ["Grandma", "Greedy bot 2", "Random bot 3"]
    words = subprocess.run([sys.executable, "-c",
                            "import sys; from cardtable.cli import main; sys.exit(main())",
                            "replay", str(path), "--words", "--seat", "0"],
                           capture_output=True, text=True)
    assert words.returncode == 0, words.stderr
    assert "Grandma got " in words.stdout and "Greedy bot 2 got 10 cards" in words.stdout
    assert httpx.get(f"{server.url}/api/tables").json()["tables"] == []


def test_every_bot_name_is_accepted(server: Server) -> None:
    from cardtable.bots import bot_names
    from cardtable.engine.game import game_names

    for game in game_names():
        for bot in bot_names(game):
            r = httpx.post(f"{server.url}/api/tables", json={
                "game": game, "players": 2, "seats": ["human", bot]}, timeout=30)
            assert r.status_code == 201, (game, bot, r.text)
    r = httpx.post(f"{server.url}/api/tables",
                   json={"game": "daylily", "players": 2, "seats": ["human", "oracle"]})
    assert r.status_code == 422 and "oracle" in r.json()["error"]


def test_the_table_names_bots_by_what_they_do(server: Server) -> None:
    r = httpx.post(f"{server.url}/api/tables", json={
        "game": "liverpool", "players": 3, "seats": ["human", "ismcts", "greedy"],
        "table": {"think": 30}}, timeout=30)
    assert r.status_code == 201, r.text
    made = r.json()
    got = httpx.get(f"{server.url}/api/tables/{made['table']}/client",
                    params={"token": seat_tokens(server.url, made)[0]}, timeout=30).json()
    # the search by its job, not by its algorithm's initials or its parameters
    assert got["names"] == ["You", "Search bot 2", "Greedy bot 3"]
    assert [s["title"] for s in got["seats"]] == ["person", "search", "greedy"]
    assert [s["title"] for s in made["seats"]] == ["person", "search", "greedy"]
    listed = httpx.get(f"{server.url}/api/tables", timeout=30).json()["tables"]
    row = next(t for t in listed if t["table"] == made["table"])
    assert [s["title"] for s in row["seats"]] == ["person", "search", "greedy"]
    assert [s["kind"] for s in row["seats"]] == ["human", "ismcts", "greedy"]


def test_refusals_leave_the_table_as_it_was(server: Server) -> None:
    created = open_table(server, game="daylily", players=3, seed=2)
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    before = [state_of(server, table, t) for t in [*tokens, None]]
    actor = before[-1]["actors"][0]
    other = (actor + 1) % 3
    version = before[0]["version"]
    legal = before[actor]["legal"][0]
    cases = [
        (move(server, table, "forged-" + tokens[actor], legal, version), 401),
        (httpx.post(f"{server.url}/api/tables/{table}/actions",
                    json={"action": legal, "version": version}), 401),
        (move(server, table, tokens[other], legal, version), 409),
        (move(server, table, tokens[actor], legal, version - 1), 409),
        (move(server, table, tokens[actor], legal, version + 1), 409),
        (move(server, table, tokens[actor], "discard 99Z", version), 422),
        (move(server, table, tokens[actor], "lay down nothing at all", version), 422),
        (move(server, table, tokens[actor], "x" * 5000, version), 422),
        (move(server, table, tokens[actor], 12, version), 422),  # type: ignore[arg-type]
        (httpx.post(f"{server.url}/api/tables/{table}/actions", headers=auth(tokens[actor]),
                    json={"action": legal, "version": "new"}), 422),
        (httpx.post(f"{server.url}/api/tables/{table}/actions", content=b"{not json",
                    headers={**auth(tokens[actor]), "content-type": "application/json"}), 400),
        (httpx.post(f"{server.url}/api/tables/{table}/actions", headers=auth(tokens[actor]),
                    content=json.dumps({"action": legal, "version": version})), 415),
        (httpx.post(f"{server.url}/api/tables/{table}/actions", headers=auth(tokens[actor]),
                    json=[1, 2]), 422),
        (httpx.post(f"{server.url}/api/tables/{table}/actions", content=b"x" * 100_000,
                    headers={**auth(tokens[actor]), "content-type": "application/json"}), 413),
        (httpx.get(f"{server.url}/api/tables/{table}", headers=auth("nope")), 401),
        (httpx.get(f"{server.url}/api/tables/nosuchtable"), 404),
        (httpx.post(f"{server.url}/api/tables/nosuchtable/actions", headers=auth("x"),
                    json={"action": "pass", "version": 0}), 404),
        (httpx.delete(f"{server.url}/api/tables/{table}"), 405),
        (httpx.get(f"{server.url}/api/nothing"), 404),
        (httpx.post(f"{server.url}/api/tables", json={"game": "chess", "players": 2}), 422),
        (httpx.post(f"{server.url}/api/tables", json={"game": "daylily", "players": 9}), 422),
        (httpx.post(f"{server.url}/api/tables", json={"game": "daylily", "players": 2,
                                                       "options": {"bogus": 1}}), 422),
        (httpx.post(f"{server.url}/api/tables", json={"game": "daylily", "players": 2,
                                                       "seed": "x"}), 422),
        (httpx.post(f"{server.url}/api/tables", content=b"\xff\xfe",
                    headers={"content-type": "application/json"}), 400),
    ]
    for response, status in cases:
        assert response.status_code == status, (response.request.url, response.text)
        body = response.json()
        assert set(body) == {"error"} and body["error"] and "\n" not in body["error"], body
        assert "Traceback" not in response.text
    after = [state_of(server, table, t) for t in [*tokens, None]]
    assert after == before
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={tokens[actor]}") as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "update" and first["version"] == version
        for text in ("garbage", "[]", json.dumps({"action": legal, "version": version + 3}),
                     json.dumps({"action": "discard 99Z", "version": version})):
            ws.send(text)
            reply = json.loads(ws.recv(timeout=10))
            assert reply["type"] == "error" and reply["status"] in (400, 409, 422), reply
    assert [state_of(server, table, t) for t in [*tokens, None]] == before


def test_websocket_moves_and_pushes(server: Server) -> None:
    created = open_table(server, game="daylily", players=2, seats=["human", "random"], seed=9,
                         options={"rounds": 1})
    table, token = created["table"], seat_tokens(server.url, created)[0]
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    with connect(f"{url}?token={token}") as ws, connect(url) as spectator:
        current = json.loads(ws.recv(timeout=10))
        assert json.loads(spectator.recv(timeout=10))["seat"] is None
        acks = 0
        while not current["over"]:
            if current["legal"]:
                ws.send(json.dumps({"action": current["legal"][0],
                                    "version": current["version"]}))
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "ack":
                acks += 1
                continue
            if message["type"] == "error":
                assert message["status"] == 409
                continue
            assert message["type"] == "update"
            assert message["events"] and all(e["version"] > current["version"]
                                             for e in message["events"])
            current = message
        assert acks > 5
        last = None
        while last is None or not last["over"]:
            last = json.loads(spectator.recv(timeout=30))
            if last["type"] == "seats":  # the person's arrival, stored while it connected
                last = None
        assert last["scores"] == current["scores"]


def test_restart_reloads_tables_and_bots_resume(db: str, tmp_path: Path) -> None:
    srv = Server(db, log=tmp_path / "server.log").start()
    try:
        created = open_table(srv, game="daylily", players=2, seats=["human", "greedy"],
                             options={"rounds": 1}, seed=4)
        table, token = created["table"], seat_tokens(srv.url, created)[0]
        rng = random.Random(3)
        for _ in range(6):
            mine = state_of(srv, table, token)
            while not mine["legal"]:
                time.sleep(0.02)
                mine = state_of(srv, table, token)
            assert move(srv, table, token, rng.choice(mine["legal"]), mine["version"]) \
                .status_code == 200
        before = state_of(srv, table, token)
        srv.stop()
        srv.start()
        after = state_of(srv, table, token)
        assert after["version"] >= before["version"]
        assert after["events"][:len(before["events"])] == before["events"]
        end = play_out(srv, created, rng, [token, None])
        assert end["over"]
    finally:
        srv.stop()


def test_leave_and_take_the_seat_back(server: Server) -> None:
    created = open_table(server, game="daylily", players=2, seats=["human", "human"],
                         options={"rounds": 1}, seed=8)
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    r = httpx.post(f"{server.url}/api/tables/{table}/leave", headers=auth(tokens[1]))
    assert r.status_code == 200 and r.json()["away"]
    lobby = httpx.get(f"{server.url}/api/tables").json()["tables"][0]
    assert lobby["seats"][1]["away"]
    # Seat 1's stand-in plays whenever it is seat 1's turn; seat 0 is played here.
    rng = random.Random(2)
    seen_other = 0
    for _ in range(40):
        mine = state_of(server, table, tokens[0])
        if mine["over"]:
            break
        if mine["legal"]:
            move(server, table, tokens[0], rng.choice(mine["legal"]), mine["version"])
        else:
            seen_other += 1
            time.sleep(0.02)
    spectator = state_of(server, table, None)
    assert any(e.get("seat") == 1 and e["version"] > 0 for e in spectator["events"])
    # The same link takes the seat back.
    state_of(server, table, tokens[1])
    lobby = httpx.get(f"{server.url}/api/tables").json()["tables"]
    assert not lobby or not lobby[0]["seats"][1]["away"]


def test_the_page_opened_from_a_seat_link_shows_that_seat_as_taken(server: Server) -> None:
    """The table's page fetches its first drawing before its socket opens: a person opening
    their own link must not see their seat called free, nor one they left called away; a
    page already open that only catches up does not take back a seat its person left."""
    created = open_table(server, game="daylily", players=3, seats=["human", "human", "greedy"],
                         seed=4)
    table = created["table"]

    def seats(token: str | None, since: int = -1) -> list[dict[str, Any]]:
        r = httpx.get(f"{server.url}/api/tables/{table}/client", headers=auth(token),
                      params={"since": since}, timeout=30)
        assert r.status_code == 200, r.text
        return list(r.json()["seats"])

    assert [s["taken"] for s in seats(None)] == [False, False, True]  # a spectator takes none
    r = httpx.post(f"{server.url}/api/tables/{table}/seat",
                   json={"invite": created["seats"][1]["invite"]}, timeout=30)
    tokens = [None, r.json()["token"]]
    assert [s["taken"] for s in seats(tokens[1])] == [False, True, True]
    r = httpx.post(f"{server.url}/api/tables/{table}/leave", headers=auth(tokens[1]), timeout=30)
    assert r.status_code == 200 and seats(None)[1]["away"]
    # Another tab of the seat, still open, catching up after an update: the Leave holds.
    assert seats(tokens[1], since=0)[1]["away"]
    assert not seats(tokens[1])[1]["away"]  # the same link opened again: back at the table


def test_window_and_turn_timers(server: Server) -> None:
    created = open_table(server, game="daylily", players=2, seats=["human", "random"], seed=1,
                         options={"rounds": 1}, table={"think": 0, "turn": 0.2})
    table, token = created["table"], seat_tokens(server.url, created)[0]
    first = state_of(server, table, token)
    # Each of seat 0's turns runs out after 0.2 s and is played for it. Asked again until three
    # moves are in (a loaded machine starts the bot's worker late), never for more than 30 s.
    deadline = time.monotonic() + 30
    later = state_of(server, table, token)
    while later["version"] <= first["version"] + 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        later = state_of(server, table, token)
    assert later["version"] > first["version"] + 2  # the timed-out turns were played for seat 0


def test_two_processes_share_one_postgres_lobby(pg_cluster: Any, tmp_path: Path) -> None:
    if pg_cluster is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    url = pg_cluster.new_database()
    a = Server(url, node="a", log=tmp_path / "a.log").start()
    b = Server(url, node="b", log=tmp_path / "b.log").start()
    try:
        ta = open_table(a, game="daylily", players=2, seats=["human", "random"],
                        options={"rounds": 1}, seed=1)
        tb = open_table(b, game="daylily", players=2, seats=["human", "greedy"],
                        options={"rounds": 1}, seed=2)
        for srv in (a, b):
            lobby = httpx.get(f"{srv.url}/api/tables").json()["tables"]
            servers = {t["table"]: t["server"] for t in lobby}
            assert servers == {ta["table"]: a.url, tb["table"]: b.url}
        # A client that asks the wrong process is sent to the one that plays the table.
        r = httpx.get(f"{a.url}/api/tables/{tb['table']}")
        assert r.status_code == 307 and r.headers["location"].startswith(b.url)
        assert r.json()["server"] == b.url
        seats_a, seats_b = seat_tokens(a.url, ta), seat_tokens(b.url, tb)
        end_a = play_out(a, ta, random.Random(1), seats_a)
        end_b = play_out(b, tb, random.Random(2), seats_b)
        assert end_a["over"] and end_b["over"]
        for table, seats in ((ta["table"], seats_a), (tb["table"], seats_b)):
            record = httpx.get(f"{a.url}/api/tables/{table}/record",
                               headers=auth(seats[0])).json()
            assert verify(record)[1] == []
        # When a process stops cleanly, the other takes its tables over on first use.
        tc = open_table(b, game="daylily", players=2, seats=["human", "random"],
                        options={"rounds": 1}, seed=3)
        b.stop()
        seats_c = seat_tokens(a.url, tc)
        assert state_of(a, tc["table"], seats_c[0])["version"] >= 0
        assert play_out(a, tc, random.Random(3), seats_c)["over"]
    finally:
        a.stop()
        b.stop()


def test_the_hint_is_the_search_with_its_reasons(server: Server) -> None:
    """The hint button asks the search bot (a worker process, within a second) and gets a legal
    move with words saying why; a seat not on move, or no token, gets a clear refusal."""
    created = open_table(server, game="daylily", players=2, seats=["human", "human"], seed=3)
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    spectator = state_of(server, table, None)
    seat = spectator["actors"][0]
    mine = state_of(server, table, tokens[seat])
    r = httpx.get(f"{server.url}/api/tables/{table}/hint", headers=auth(tokens[seat]),
                  timeout=30)
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["bot"] == "ismcts:time=0.8"
    assert hint["action"] in mine["legal"] and hint["version"] == mine["version"]
    assert hint["words"].startswith("Try ") and len(hint["words"]) > len(hint["action"]) + 6
    # Its parts, for a phone that shows the reasons and keeps the figures for a tap: the
    # play-outs' figures close the words, and the game's reasons (when it has some) precede.
    assert hint["figures"].startswith("In ") and hint["words"].endswith(hint["figures"])
    # The runner-up the figures compare with, in notation, for the page to name.
    assert hint["next_best"] in mine["legal"] and hint["next_best"] != hint["action"]
    assert hint["next_best"] in hint["figures"]
    assert hint["reasons"] is None or hint["reasons"] in hint["words"]
    other = tokens[1 - seat]
    r = httpx.get(f"{server.url}/api/tables/{table}/hint", headers=auth(other), timeout=30)
    assert r.status_code == 409 and "not your move" in r.json()["error"]
    r = httpx.get(f"{server.url}/api/tables/{table}/hint", timeout=30)
    assert r.status_code == 401


def test_a_bot_buying_closes_the_window_and_the_other_bots_play_on(server: Server) -> None:
    # Twelve bots, seed 3: at version 10 seat 11 buys the 9♣ while seats 0-3, later in the
    # window, were still to answer. The table asked them anyway, with no moves left to them,
    # and stopped for good.
    made = open_table(server, game="dummy-rummy", players=12, seats=["greedy"] * 12, seed=3)
    table = made["table"]
    deadline = time.monotonic() + 90
    seen = state_of(server, table, None)
    while seen["version"] < 60 and not seen["over"] and time.monotonic() < deadline:
        time.sleep(0.5)
        seen = state_of(server, table, None)
    assert seen["version"] >= 60 or seen["over"], seen["version"]
    buys = [e for e in seen["events"] if e.get("kind") == "bought"]
    assert buys, "the deal's buys are what this test is about"


def test_people_choose_their_names_and_the_table_keeps_them(db: str, tmp_path: Path) -> None:
    """A family names its seats: when the table is made, and later from each person's own
    link. Everyone reads the names in the seat list and the move log; a restart keeps them;
    a name that would make the log ambiguous is refused and changes nothing."""
    srv = Server(db, log=tmp_path / "server.log").start()
    try:
        created = open_table(srv, game="daylily", players=3,
                             seats=[{"kind": "human", "name": "  Grandma   Rose "}, "human",
                                    "greedy"], options={"rounds": 1}, seed=6,
                             table={"think": 0})
        assert [s["name"] for s in created["seats"]] == ["Grandma Rose", "Player 2",
                                                          "Greedy bot 3"]
        table = created["table"]
        tokens = seat_tokens(srv.url, created)[:2]

        def client(token: str | None) -> dict[str, Any]:
            r = httpx.get(f"{srv.url}/api/tables/{table}/client", headers=auth(token),
                          timeout=30)
            assert r.status_code == 200, r.text
            data: dict[str, Any] = r.json()
            return data

        def rename(token: str | None, name: Any) -> httpx.Response:
            return httpx.post(f"{srv.url}/api/tables/{table}/name", headers=auth(token),
                              json={"name": name}, timeout=30)

        assert client(tokens[1])["names"] == ["Grandma Rose", "You", "Greedy bot 3"]
        url = f"ws://127.0.0.1:{srv.port}/ws/tables/{table}"
        with connect(url) as spectator:
            assert json.loads(spectator.recv(timeout=10))["type"] == "update"
            r = rename(tokens[1], "Sam")
            assert r.status_code == 200 and r.json() == {"seat": 1, "name": "Sam",
                                                         "chosen": "Sam"}
            # The others are told the seats changed, without a move being made.
            while json.loads(spectator.recv(timeout=10))["type"] != "seats":
                pass
        refusals = [
            (tokens[0], "sam", "already called 'Sam'"),
            (tokens[0], "Greedy bot 3", "already called 'Greedy bot 3'"),
            (tokens[0], "you", "'You'"),
            (tokens[0], "x" * 21, "at most 20"),
            (tokens[0], "Eve\u202e", "invisible"),
            (tokens[0], 7, "must be text"),
            (None, "Eve", "token"),
        ]
        for token, name, words in refusals:
            r = rename(token, name)
            assert r.status_code in (401, 422) and words in r.json()["error"], (name, r.text)
        assert client(None)["names"] == ["Grandma Rose", "Sam", "Greedy bot 3"]
        bad = httpx.post(f"{srv.url}/api/tables/{table}/name", content=b"[1]", timeout=30,
                         headers={**auth(tokens[0]), "content-type": "application/json"})
        assert bad.status_code == 422 and "name" in bad.json()["error"]
        # Names appear in the move log in words, for every reader: Sam's move as "Sam ..."
        # to Grandma and "You ..." to Sam (Grandma plays first if the deal says so).
        for _ in range(3):
            watched = state_of(srv, table, None)
            for _ in range(500):
                if set(watched["actors"]) & {0, 1}:
                    break
                time.sleep(0.02)
                watched = state_of(srv, table, None)
            seat = min(set(watched["actors"]) & {0, 1})
            mine = state_of(srv, table, tokens[seat])
            assert move(srv, table, tokens[seat], mine["legal"][0],
                        mine["version"]).status_code == 200
            if seat == 1:
                break
        assert any(line["text"].startswith("Sam ") for line in client(tokens[0])["log"])
        assert any(line["text"].startswith("You ") for line in client(tokens[1])["log"])
        lobby = httpx.get(f"{srv.url}/api/tables", timeout=30).json()["tables"]
        row = next(t for t in lobby if t["table"] == table)
        assert [s["name"] for s in row["seats"]] == ["Grandma Rose", "Sam", "Greedy bot 3"]
        # An empty name gives the seat its default back; a restart keeps what was chosen.
        assert rename(tokens[0], "").json()["name"] == "Player 1"
        srv.stop()
        srv.start()
        seats = client(None)["seats"]
        assert [(s["called"], s["chosen"]) for s in seats] == [
            ("Player 1", None), ("Sam", "Sam"), ("Greedy bot 3", None)]
    finally:
        srv.stop()


def test_a_new_table_refuses_names_it_cannot_use(server: Server) -> None:
    cases = [
        (["human", {"kind": "greedy", "name": "Robo"}], "only a person's seat"),
        ([{"name": "Ann"}, {"name": "ann"}], "already called 'Ann'"),
        ([{"name": "Player 2"}, "human"], "already called 'Player 2'"),
        ([{"kind": "human", "nick": "Ann"}, "human"], "unknown field 'nick'"),
        ([{"name": ["Ann"]}, "human"], "must be text"),
    ]
    for seats, words in cases:
        r = httpx.post(f"{server.url}/api/tables", timeout=30,
                       json={"game": "daylily", "players": 2, "seats": seats})
        assert r.status_code == 422 and words in r.json()["error"], (seats, r.text)
    # A seat given as an object without a kind is a person's seat.
    made = open_table(server, game="daylily", players=2, seats=[{"name": "Ann"}, "greedy"])
    assert made["seats"][0]["invite"] and made["seats"][0]["name"] == "Ann"


def test_everyone_sees_who_has_the_table_open(server: Server) -> None:
    """A person whose page closes shows as offline to the others at once (a dropped phone, a
    closed tab), and online again when the page comes back: the others know why they wait."""
    created = open_table(server, game="daylily", players=2, seats=["human", "human"],
                         options={"rounds": 1}, seed=8)
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"

    def online() -> list[bool]:
        seats = httpx.get(f"{server.url}/api/tables/{table}/client", timeout=10).json()["seats"]
        return [s["online"] for s in seats]

    def next_seats(ws: Any) -> None:
        while json.loads(ws.recv(timeout=10))["type"] != "seats":
            pass

    assert online() == [False, False]
    with connect(f"{url}?token={tokens[0]}") as ann:
        assert json.loads(ann.recv(timeout=10))["type"] == "update"
        assert online() == [True, False]
        with connect(f"{url}?token={tokens[1]}") as bob:
            next_seats(ann)  # Bob came
            assert online() == [True, True]
            assert json.loads(bob.recv(timeout=10))["type"] == "update"
        next_seats(ann)  # Bob went
        assert online() == [True, False]
        # A spectator coming and going changes nobody's seat, so it is not announced.
        with connect(url) as spectator:
            spectator.recv(timeout=10)
        assert online() == [True, False]
        with pytest.raises(TimeoutError):
            ann.recv(timeout=0.5)  # nothing moved, nobody came: nothing to tell


def test_the_others_hand_an_absent_persons_seat_to_a_bot(server: Server) -> None:
    """Grandma's phone went flat on her turn and the table has no turn time: the others let the
    stand-in play her seat rather than wait, and her link gives it back. A seat whose person has
    the table open is theirs; nothing else may be handed over, and a refusal changes nothing."""
    created = open_table(server, game="daylily", players=3, seats=["human", "human", "greedy"],
                         seed=8, table={"think": 0})
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"

    def stand_in(token: str | None, body: Any) -> httpx.Response:
        return httpx.post(f"{server.url}/api/tables/{table}/stand-in", headers=auth(token),
                          json=body, timeout=10)

    def seats() -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = httpx.get(f"{server.url}/api/tables/{table}/client",
                                              timeout=10).json()["seats"]
        return got

    with connect(f"{url}?token={tokens[1]}") as grandma:
        assert json.loads(grandma.recv(timeout=10))["type"] == "update"
        before = state_of(server, table, None)["version"]
        refused = [
            (stand_in(None, {"seat": 1}), 401, "your own seat's token"),
            (stand_in(tokens[0], {"seat": 0}), 409, "leave the table"),
            (stand_in(tokens[0], {"seat": 2}), 409, "a bot plays seat 3 already"),
            (stand_in(tokens[0], {"seat": 1}), 409, "has the table open"),
            (stand_in(tokens[0], {"seat": 7}), 422, "a seat number from 0 to 2"),
            (stand_in(tokens[0], {"seat": True}), 422, "a seat number"),
            (stand_in(tokens[0], {"who": 1}), 422, '{"seat": n}'),
        ]
        for r, status, words in refused:
            assert r.status_code == status and words in r.json()["error"], r.text
        assert [s["away"] for s in seats()] == [False, False, False]
        assert state_of(server, table, None)["version"] == before
        assert not any(e.get("seat") == 1 and e["version"] > 0  # she has not moved yet
                       for e in state_of(server, table, None)["events"])
    # Her page is closed now. Ann waits on her no longer.
    for _ in range(100):
        if not seats()[1]["online"]:
            break
        time.sleep(0.05)
    with connect(f"{url}?token={tokens[0]}") as ann:
        assert json.loads(ann.recv(timeout=10))["type"] == "update"
        r = stand_in(tokens[0], {"seat": 1})
        assert r.status_code == 200 and r.json() == {"seat": 1, "away": True,
                                                     "stand_in": "greedy"}
        while json.loads(ann.recv(timeout=10))["type"] != "seats":
            pass  # Ann's page hears of it without a move
        assert seats()[1]["away"]
        assert stand_in(tokens[0], {"seat": 1}).status_code == 409  # already so
    # The stand-in plays seat 1 whenever it is seat 1's turn; Ann plays seat 0 here.
    rng = random.Random(3)
    for _ in range(400):
        mine = state_of(server, table, tokens[0])
        spectator = state_of(server, table, None)
        if mine["over"] or any(e.get("seat") == 1 and e["version"] > 0
                               for e in spectator["events"]):
            break
        if mine["legal"]:
            move(server, table, tokens[0], rng.choice(mine["legal"]), mine["version"])
        else:
            time.sleep(0.02)
    assert any(e.get("seat") == 1 and e["version"] > 0 for e in spectator["events"])
    # Grandma's link gives her the seat back.
    state_of(server, table, tokens[1])
    assert not seats()[1]["away"]


def test_a_seat_is_told_when_its_moves_answer_a_window(server: Server) -> None:
    """A discard for sale asks the others to buy or pass out of turn: the seat's state says
    so (`window`), so a page need not guess from the moves' names; its own turn says not."""
    created = open_table(server, game="dummy-rummy", players=3, seats=["human"] * 3, seed=4,
                         table={"window": 60})
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    rng = random.Random(5)
    seen: set[bool] = set()
    for _ in range(200):
        if seen == {True, False}:
            break
        for seat, token in enumerate(tokens):
            s = state_of(server, table, token)
            if not s["legal"]:
                assert s["window"] is False
                continue
            seen.add(s["window"])
            assert s["window"] == (set(s["legal"]) <= {"buy", "pass"}), (seat, s["legal"])
            move(server, table, token, rng.choice(s["legal"]), s["version"])
            break
    assert seen == {True, False}
    assert state_of(server, table, None)["window"] is False  # a spectator answers nothing


def test_the_answers_are_what_the_openapi_description_says(server: Server) -> None:
    """Programs are written against /openapi.json: a table's creation, a seat's and a
    spectator's state, the end of a match and a refusal must all fit the shapes it states,
    every field it calls required present."""
    from jsonschema import Draft202012Validator  # the dialect OpenAPI 3.1 uses

    doc = httpx.get(f"{server.url}/openapi.json", timeout=30).json()
    assert doc["openapi"].startswith("3.1")
    create = doc["paths"]["/api/tables"]["post"]
    seat_state = doc["paths"]["/api/tables/{table_id}"]["get"]["responses"]["200"]

    def fits(answer: Any, described: dict[str, Any]) -> None:
        schema = described["content"]["application/json"]["schema"]
        Draft202012Validator.check_schema(schema)
        errors = [e.message for e in Draft202012Validator(schema).iter_errors(answer)]
        assert not errors, (errors, answer)

    body = {"game": "daylily", "players": 3, "seed": 4, "options": {"rounds": 1},
            "table": {"think": 0}, "seats": [{"kind": "human", "name": "Ann"}, "human", "greedy"]}
    fits(body, {"content": create["requestBody"]["content"]})
    created = open_table(server, **body)
    fits(created, create["responses"]["201"])
    assert [bool(s["link"]) for s in created["seats"]] == [True, True, False]
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    fits(state_of(server, table, tokens[0]), seat_state)
    fits(state_of(server, table, None), seat_state)
    finished = play_out(server, created, random.Random(4), tokens)
    fits(finished, seat_state)
    r = httpx.post(f"{server.url}/api/tables", json={"game": "chess", "players": 2}, timeout=30)
    assert r.status_code == 422
    fits(r.json(), create["responses"]["422"])
