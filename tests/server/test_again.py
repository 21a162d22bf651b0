""""Play again" at a finished table (issue 43, item 4): the same seats and people, a new deal,
one yes from each person; the next match starts when every person has said yes, the bots come
along, and each person's seat there opens with a token the server derives from their own (so a
restart, or a second tab, finds it again). On SQLite and PostgreSQL: the yeses are stored."""

from __future__ import annotations

import json

import httpx
from server_kit import Server, auth, open_table, play_out, seat_tokens, stored_record
from websockets.sync.client import connect


def again(srv: Server, table: str, token: str | None) -> httpx.Response:
    return httpx.post(f"{srv.url}/api/tables/{table}/again", headers=auth(token), timeout=30)


def test_the_same_people_play_again_once_each_has_said_yes(server: Server) -> None:
    created = open_table(server, game="daylily", players=3, seed=8, options={"rounds": 1},
                         seats=[{"name": "Ann"}, "greedy", {"name": "Ben"}],
                         table={"think": 0, "window": 15})
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    ann, ben = tokens[0], tokens[2]
    assert ann and ben
    r = again(server, table, ann)
    assert r.status_code == 409 and "not over" in r.json()["error"]
    play_out(server.url, table, tokens)
    lobby = httpx.get(f"{server.url}/api/tables", timeout=30).json()
    assert [(f["table"], f["names"]) for f in lobby["finished"]] == [
        (table, ["Ann", "Greedy bot 2", "Ben"])]  # offered to replay
    assert again(server, table, None).status_code == 401  # a spectator has no seat to bring
    ws_url = server.url.replace("http", "ws") + f"/ws/tables/{table}?token={ann}"
    with connect(ws_url) as ann_page:
        json.loads(ann_page.recv(timeout=10))  # the finished table
        first = again(server, table, ann).json()
        assert first == {"seat": 0, "ready": [0], "waiting": [2], "table": None, "token": None}
        assert again(server, table, ann).json() == first  # a second click changes nothing
        told = json.loads(ann_page.recv(timeout=10))
        assert told["type"] == "again" and told["waiting"] == [2]
        client = httpx.get(f"{server.url}/api/tables/{table}/client", params={"since": 0},
                           headers=auth(ben), timeout=30).json()
        assert client["again"] == {"ready": [0], "waiting": [2], "table": None}
        last = again(server, table, ben).json()
        assert last["table"] and last["token"] and last["waiting"] == []
        while told["table"] is None:  # the yeses before Ben's, then the start
            told = json.loads(ann_page.recv(timeout=10))
        assert told["type"] == "again" and told["table"] == last["table"]
    nxt = last["table"]
    ann_next = again(server, table, ann).json()["token"]
    assert ann_next and ann_next != ann
    # The next match: the same seats and names, a new deal the server drew, each person's
    # seat opened by their new token only.
    for token, seat in ((ann_next, 0), (last["token"], 2)):
        r = httpx.get(f"{server.url}/api/tables/{nxt}/client", params={"since": -1},
                      headers=auth(token), timeout=30)
        assert r.status_code == 200 and r.json()["seat"] == seat
    seats = r.json()["seats"]
    assert [(s["kind"], s["called"], s["taken"]) for s in seats] == [
        ("human", "Ann", True), ("greedy", "Greedy bot 2", True), ("human", "Ben", True)]
    assert r.json()["chosen_seed"] is None  # drawn by the server, secret
    assert httpx.get(f"{server.url}/api/tables/{nxt}", headers=auth(ann),
                     timeout=30).status_code == 401  # the old token opens nothing there
    old_deal = stored_record(server.db, table)["deals"][0]
    new_hand = httpx.get(f"{server.url}/api/tables/{nxt}", headers=auth(ann_next),
                         timeout=30).json()["view"]["zones"]["hand:0"]["cards"]
    assert new_hand and old_deal != new_hand
    # A restart keeps the yeses and finds the same next table and token again.
    server.stop()
    server.start()
    again_after = again(server, table, ann).json()
    assert again_after["table"] == nxt and again_after["token"] == ann_next

