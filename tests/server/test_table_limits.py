"""How many tables, how long: tables per client and in all, matches within a bound, the lobby
in pages, idle tables ended, and a restart that reads no table until it is asked for."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from server_kit import Server, open_table, seat_tokens, serving

from cardtable.server.store import Store

BEHIND_PROXY = ("--trusted-proxy", "127.0.0.1", "--rate", "100", "--burst", "1000")


def create(srv: Server, client: str, **body: Any) -> httpx.Response:
    body.setdefault("game", "daylily")
    body.setdefault("players", 2)
    return httpx.post(srv.url + "/api/tables", json=body, timeout=30,
                      headers={"X-Forwarded-For": client})


def stored_status(db: str, table_id: str) -> tuple[str, int]:
    store = Store(db)
    try:
        row = store.table_row(table_id)
        assert row is not None
        return row["status"], row["version"]
    finally:
        store.close()


def test_tables_are_bounded_per_client_and_in_all(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path, *BEHIND_PROXY, "--tables-per-client", "2",
                 "--max-tables", "3") as srv:
        assert [create(srv, "203.0.113.1").status_code for _ in range(2)] == [201, 201]
        third = create(srv, "203.0.113.1")
        assert third.status_code == 429
        assert "your address has 2 unfinished tables" in third.json()["error"]
        assert create(srv, "203.0.113.2").status_code == 201  # another client: its own count
        full = create(srv, "203.0.113.3")
        assert full.status_code == 503 and "3 unfinished tables" in full.json()["error"]
        assert len(httpx.get(srv.url + "/api/tables").json()["tables"]) == 3


def test_options_that_stretch_a_match_are_refused(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 's.sqlite3'}", tmp_path) as srv:
        for game, options in (("daylily", {"max_rounds": 10**6}),
                              ("day", {"hands": 10**5}),
                              ("say-rummy", {"max_turns": 10**5})):
            r = create(srv, "x", game=game, options=options)
            assert r.status_code == 422, r.text
            assert "longer than the longest any game here runs at its default rules" in \
                r.json()["error"]
        assert create(srv, "x", options={"rounds": 1}).status_code == 201  # shorter is fine
        # A game's own way of playing is no stretching: Day at pot limit and at no limit, at
        # six, for the default hundred hands (refused once, as longer than fixed limit's).
        for limit in ("pot", "no"):
            made = create(srv, "x", game="day", players=6, options={"limit": limit})
            assert made.status_code == 201, made.text


def test_a_match_is_ended_at_the_servers_limit_of_moves(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path, "--max-actions", "30") as srv:
        table = open_table(srv, game="daylily", players=2, seats=["greedy", "greedy"])["table"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            r = httpx.get(f"{srv.url}/api/tables/{table}", timeout=10)
            if r.status_code == 410:
                break
            time.sleep(0.1)
        assert r.status_code == 410 and "ended unfinished" in r.json()["error"]
        assert httpx.get(srv.url + "/api/tables").json()["tables"] == []
    assert stored_status(db, table) == ("ended", 30)


def test_idle_tables_are_ended_and_kept(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path, "--idle-hours", "0.0005") as srv:  # 1.8 seconds
        table = open_table(srv, game="daylily", players=2)["table"]
        assert httpx.get(f"{srv.url}/api/tables/{table}").status_code == 200
        deadline = time.monotonic() + 20
        while httpx.get(srv.url + "/api/tables").json()["tables"] \
                and time.monotonic() < deadline:
            time.sleep(0.2)
        assert httpx.get(srv.url + "/api/tables").json()["tables"] == []
        r = httpx.get(f"{srv.url}/api/tables/{table}")
        assert r.status_code == 410 and "no longer played" in r.json()["error"]
        assert httpx.get(srv.url + "/api/health").json()["tables"] == 0  # out of memory too
    assert stored_status(db, table) == ("ended", 0)


def test_the_lobby_comes_in_pages(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path) as srv:
        with ThreadPoolExecutor(8) as pool:  # opened together, stored in a few commits
            made = list(pool.map(lambda _: open_table(srv, game="daylily", players=2)["table"],
                                 range(54)))
        made.append(open_table(srv, game="daylily", players=2)["table"])
        first = httpx.get(srv.url + "/api/tables").json()
        assert (first["page"], first["pages"], first["total"], first["per_page"]) == \
            (1, 2, 55, 50)
        assert first["tables"][0]["table"] == made[-1]  # newest first
        assert first["next"] == "/api/tables?page=2"
        second = httpx.get(srv.url + first["next"]).json()
        assert len(second["tables"]) == 5 and second["next"] is None
        assert {t["table"] for t in first["tables"] + second["tables"]} == set(made)
        assert set(second) >= {"tables", "games"}
        some = httpx.get(srv.url + "/api/tables", params={"ids": f"{made[0]},{made[3]},nope"})
        assert sorted(t["table"] for t in some.json()["tables"]) == sorted([made[0], made[3]])
        bad = httpx.get(srv.url + "/api/tables", params={"page": "0"})
        assert bad.status_code == 400 and "'page'" in bad.json()["error"]


def test_a_restart_loads_no_table_until_it_is_asked_for(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path) as srv:
        made = [open_table(srv, game="daylily", players=2, seats=["human", "greedy"])
                for _ in range(12)]
        assert httpx.get(srv.url + "/api/health").json()["tables"] == 12
        srv.stop()
        srv.start()
        assert httpx.get(srv.url + "/api/health").json()["tables"] == 0
        assert httpx.get(srv.url + "/api/tables").json()["total"] == 12  # listed all the same
        token = seat_tokens(srv.url, made[0])[0]
        r = httpx.get(f"{srv.url}/api/tables/{made[0]['table']}",
                      headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200 and r.json()["seat"] == 0
        assert httpx.get(srv.url + "/api/health").json()["tables"] == 1
