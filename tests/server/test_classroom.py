"""A class at the tables (issue 44 item 4): `cardtable serve --classroom NAMES` makes a table for
every few children in one go (named seats, gentle bots in the seats left over, the game's
classroom settings), writes one sheet of QR codes with the children's names, and prints the
teacher's secret link; the teacher's view shows every table live (words laid, whose turn, who
is stuck) and no card of any hand, checked against the seats' own views."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from server_kit import Server, auth

CHILDREN = ["Ada", "Ben", "Cleo", "Dev", "Ezra", "Fay", "Gus"]


def teacher_link(log: Path, timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(r"The teacher's page.*?: (\S+#key=\S+)", log.read_text())
        if found:
            return found.group(1)
        time.sleep(0.1)
    raise AssertionError(f"no teacher's link was printed: {log.read_text()}")


def lists_of_text(value: Any) -> list[list[str]]:
    """Every list of strings anywhere in a JSON value."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in lists_of_text(v)]
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            return [value]
        return [x for v in value for x in lists_of_text(v)]
    return []


def keys_of(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


@pytest.fixture(name="made")
def made_fixture(db: str, tmp_path: Path) -> Any:
    names = tmp_path / "class.txt"
    names.write_text("# Class 2B\n" + "\n".join(CHILDREN) + "\n\n", encoding="utf-8")
    sheet = tmp_path / "sheet.html"
    log = tmp_path / "server.log"
    srv = Server(db, log=log, args=("--classroom", str(names), "--per-table", "3",
                                    "--sheet", str(sheet))).start()
    try:
        yield srv, teacher_link(log), sheet
    finally:
        srv.stop()


def test_a_class_gets_its_tables_a_sheet_and_a_teachers_view_without_any_hand(
        made: tuple[Server, str, Path]) -> None:
    srv, link, sheet = made
    parts = urlsplit(link)
    assert parts.path.startswith("/classroom/") and parts.fragment.startswith("key=")
    classroom, key = parts.path.rsplit("/", 1)[1], parts.fragment[len("key="):]
    route = f"{srv.url}/api/classrooms/{classroom}"
    # The teacher's view is the key's holder's only: nobody else learns the class exists.
    for headers in ({}, auth("not-the-key"), auth(key[:-1])):
        r = httpx.get(route, headers=headers, timeout=30)
        assert r.status_code == 404, r.text
    assert httpx.get(f"{route}?token={key}", timeout=30).status_code == 404  # not in a link
    got = httpx.get(route, headers=auth(key), timeout=30).json()
    # Seven children, three a table: 3, 2 and 2, each table of three seats, a gentle bot in
    # each seat left over; every child's name on the sheet, with their seat's code.
    tables = got["tables"]
    assert [sum(s["person"] for s in t["seats"]) for t in tables] == [3, 2, 2]
    assert all(len(t["seats"]) == 3 for t in tables)
    assert [s["name"] for t in tables for s in t["seats"] if s["person"]] == CHILDREN
    assert [s["name"] for t in tables for s in t["seats"] if not s["person"]] == [
        "Gentle bot 3"] * 2
    assert [s["name"] for s in got["sheet"]] == CHILDREN
    page = sheet.read_text()
    assert all(child in page for child in CHILDREN) and page.count("<svg") == len(CHILDREN)
    # The classroom's settings: the game's classroom word list, gentle bots standing in.
    first = httpx.get(f"{srv.url}/api/tables/{tables[0]['table']}/client",
                      params={"since": -1}, timeout=30).json()
    assert first["game"]["options"]["word_list"] == "classroom"
    assert first["settings"]["stand_in"] == "gentle"
    # Nobody has opened their link yet: every child is shown as not there.
    assert all(s["stuck"] == "has not opened their link yet"
               for t in tables for s in t["seats"] if s["person"])

    # Every child but Gus opens their own link (the sheet's), and they play for a while.
    tokens: dict[str, tuple[str, int, str]] = {}
    for entry in got["sheet"]:
        if entry["name"] == "Gus":
            continue
        invite = entry["link"].split("invite=", 1)[1]
        r = httpx.post(f"{srv.url}/api/tables/{entry['table']}/seat",
                       json={"invite": invite}, timeout=30)
        assert r.status_code == 200, r.text
        tokens[entry["name"]] = (entry["table"], r.json()["seat"], r.json()["token"])
    rng = random.Random(4)
    for _ in range(60):
        for table, _seat, token in tokens.values():
            mine = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(token),
                             timeout=30).json()
            if mine["legal"]:
                move = rng.choice([m for m in mine["legal"] if not m.startswith("discard")]
                                  or mine["legal"])
                httpx.post(f"{srv.url}/api/tables/{table}/actions", headers=auth(token),
                           json={"action": move, "version": mine["version"]}, timeout=30)
    time.sleep(1)
    got = httpx.get(route, headers=auth(key), timeout=30).json()
    assert not keys_of(got) & {"hand", "zones", "known", "view", "legal", "token", "key"}
    laid = 0
    for t in got["tables"]:
        # What the teacher sees of a table is what anyone watching it sees: the same words,
        # the same counts, whose turn it is; and no card of any hand.
        watched = httpx.get(f"{srv.url}/api/tables/{t['table']}/client",
                            params={"since": -1}, timeout=30).json()
        if watched["version"] != t["version"]:
            continue  # a bot moved in between
        melds = [m for a in watched["board"]["areas"] for g in a["groups"] for m in g["melds"]]
        assert [w["cards"] for w in t["words"]] == [m["cards"] for m in melds]
        assert [w["note"] for w in t["words"]] == [m["note"] for m in melds]
        laid += len(melds)
        assert sorted(lists_of_text(t)) == sorted([w["cards"] for w in t["words"] if w["cards"]]
                                                  + [s["lines"] for s in t["seats"]
                                                     if s["lines"]] + [t["turn"]] * bool(t["turn"])
                                                  + [t["winners"]] * bool(t["winners"]))
        for name, (table, seat, token) in tokens.items():
            if table != t["table"]:
                continue
            mine = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(token),
                             timeout=30).json()
            if mine["version"] != t["version"]:
                continue
            hand = mine["view"]["zones"][f"hand:{seat}"]["cards"]
            assert hand and hand not in lists_of_text(t), name
            shown = t["seats"][seat]
            assert shown["name"] == name and shown["cards"] == len(hand)
            assert shown["acting"] == (seat in mine["actors"])
            assert t["turn"] == [watched["names"][a] for a in mine["actors"]]
            # A child who opened their link with no page open: the teacher is told.
            assert shown["stuck"] == "their page is closed"
    assert laid > 0, "no word was laid: nothing live was checked"
    gus = next(s for t in got["tables"] for s in t["seats"] if s["name"] == "Gus")
    assert gus["stuck"] == "has not opened their link yet"
    assert json.dumps(got).count(key) == 0


def test_a_classroom_is_refused_in_one_sentence(db: str, tmp_path: Path) -> None:
    srv = Server(db, log=tmp_path / "server.log").start()
    try:
        for body, words in (
                ({"names": []}, "'names' must list"),
                ({"names": ["Ann", "ann"]}, "listed twice"),
                ({"names": ["Ann", "Bo"], "per_table": 5}, "'per_table' must be 2, 3 or 4"),
                ({"names": ["Ann", "Bo"], "game": "daylily"}, "has no classroom mode")):
            r = httpx.post(f"{srv.url}/api/classrooms", json=body, timeout=30)
            assert r.status_code == 422 and words in r.json()["error"], (body, r.text)
        # Made over the API, by a lobby or a program: the key comes once, in the answer.
        r = httpx.post(f"{srv.url}/api/classrooms", json={"names": "Ann\nBo\nCy\nDi\nEd"},
                       timeout=30)
        assert r.status_code == 201, r.text
        made = r.json()
        assert [len(t["seats"]) for t in made["tables"]] == [3, 2]
        assert made["teacher"].endswith(f"/classroom/{made['classroom']}#key={made['key']}")
        r = httpx.get(f"{srv.url}/api/classrooms/{made['classroom']}",
                      headers=auth(made["key"]), timeout=30)
        assert r.status_code == 200 and "key" not in r.json()
    finally:
        srv.stop()
