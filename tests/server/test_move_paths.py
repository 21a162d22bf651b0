"""A move sent over HTTP and the same move sent over the WebSocket are read one way: each bad
one gets the same status and the same sentence by either road, a stale version is a conflict
(409) and a move the rules refuse is unprocessable (422), and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import httpx
from server_kit import Server, auth, open_table, seat_tokens
from websockets.sync.client import connect

from typed_kit import shared_words


def answer_to(ws: Any) -> dict[str, Any]:
    """The socket's answer to the move it sent (past the news of seats coming and going)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] in ("ack", "error"):
            return message


def test_http_and_websocket_refuse_a_move_alike(server: Server) -> None:
    created = open_table(server, game="daylily", players=2, seed=2)
    table = created["table"]
    tokens = seat_tokens(server.url, created)
    shown = httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()
    actor = shown["actors"][0]
    other = 1 - actor
    mine = httpx.get(f"{server.url}/api/tables/{table}", headers=auth(tokens[actor]),
                     timeout=30).json()
    version = mine["version"]
    card = mine["view"]["zones"][f"hand:{actor}"]["cards"][0]
    draw = mine["legal"][0]

    def body(action: Any, at: Any = version) -> str:
        return json.dumps({"action": action, "version": at})

    def typed(text: Any) -> str:
        return json.dumps({"typed": text, "version": version})

    # (what is sent, by whom, the status both roads must give)
    cases: list[tuple[str, int, int]] = [
        ("{not json", actor, 400),
        ("[1, 2]", actor, 422),
        (body(12), actor, 422),
        (body(draw, "new"), actor, 422),
        (body("discard 99Z"), actor, 422),  # not a move of the game's notation
        (body(f"discard {card}"), actor, 422),  # a move, but the rules say draw first
        (body(draw, version - 1), actor, 409),  # made on a table that has moved on since
        (body(draw, version + 1), actor, 409),
        (body(draw), other, 409),  # not this seat's turn
        (body(draw), -1, 401),  # nobody's seat: a spectator
        # A move typed as a person types it (the browser's typed-move box), read by the server
        (typed("zz"), actor, 422),  # no move of the game: the rules' refusal
        (typed(12), actor, 422),
        (typed("m " * 150), actor, 422),  # longer than any move: refused before it is read
        (typed(draw), other, 409),
        (typed(draw), -1, 401),
    ]
    before = httpx.get(f"{server.url}/api/tables/{table}", headers=auth(tokens[actor]),
                       timeout=30).json()
    socket_url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    sockets = {seat: connect(socket_url + (f"?token={tokens[seat]}" if seat >= 0 else ""))
               for seat in (actor, other, -1)}
    try:
        for ws in sockets.values():
            assert json.loads(ws.recv(timeout=10))["type"] == "update"
        for text, seat, status in cases:
            headers = {"content-type": "application/json",
                       **(auth(tokens[seat]) if seat >= 0 else {})}
            answer = httpx.post(f"{server.url}/api/tables/{table}/actions", content=text,
                                headers=headers, timeout=30)
            sockets[seat].send(text)
            reply = answer_to(sockets[seat])
            assert answer.status_code == status, (text, answer.text)
            assert reply["type"] == "error" and reply["status"] == status, (text, reply)
            assert reply["error"] == answer.json()["error"], (text, reply, answer.text)
            assert reply["version"] == version
    finally:
        for ws in sockets.values():
            ws.close()
    stale = httpx.post(f"{server.url}/api/tables/{table}/actions", headers=auth(tokens[actor]),
                       json={"action": draw, "version": version - 1}, timeout=30).json()
    assert stale["error"] == (f"the table has moved on: your move was made at version "
                              f"{version - 1}, and it is now at version {version}")
    refused = httpx.post(f"{server.url}/api/tables/{table}/actions",
                         headers=auth(tokens[actor]),
                         json={"action": f"discard {card}", "version": version}, timeout=30)
    assert refused.json()["error"] == "draw a card first, from the stock or the discard pile"
    after = httpx.get(f"{server.url}/api/tables/{table}", headers=auth(tokens[actor]),
                      timeout=30).json()
    assert after == before


def test_a_typed_move_plays_the_move_it_means_or_names_the_ones_it_could_be(
        server: Server) -> None:
    """Two tables dealt alike (the same chosen seed, two people): on one the moves go as a
    person typed them by the game's keys, in capitals, on the other in the game's notation; each
    seat sees the same table after every move. Words that fit several moves name them and
    change nothing."""
    def table() -> tuple[str, list[str]]:
        made = open_table(server, game="say-rummy", players=2, seed=4,
                          seats=[{"name": "Ann"}, {"name": "Ben"}])
        return made["table"], [str(t) for t in seat_tokens(server.url, made)]

    (typed_at, typing), (noted_at, noting) = table(), table()

    def get(tid: str, token: str, route: str = "") -> dict[str, Any]:
        got: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{tid}{route}",
                                        params={"since": 0}, headers=auth(token),
                                        timeout=30).json()
        return got

    def post(tid: str, token: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(f"{server.url}/api/tables/{tid}/actions", headers=auth(token),
                          json=body, timeout=30)

    vague_seen = 0
    for _ in range(10):
        seat = get(typed_at, typing[0])["actors"][0]
        mine = get(typed_at, typing[seat], "/client")
        moves = [m for m in mine["moves"] if m.get("key") and "amount" not in m]
        vague = shared_words(moves)
        if vague:
            text, having = vague
            refused = post(typed_at, typing[seat], {"typed": text, "version": mine["version"]})
            assert refused.status_code == 422, refused.text
            assert f"could be {len({m['move'] for m in having})} moves" in \
                refused.json()["error"]
            assert get(typed_at, typing[seat])["version"] == mine["version"]
            vague_seen += 1
        move = max(moves, key=lambda m: len(str(m["key"]).split()))
        done = post(typed_at, typing[seat], {"typed": str(move["key"]).upper(),
                                             "version": mine["version"]})
        assert done.status_code == 200, done.text
        assert post(noted_at, noting[seat], {"action": move["move"],
                                             "version": mine["version"]}).status_code == 200
        for who in (0, 1):
            a, b = get(typed_at, typing[who]), get(noted_at, noting[who])
            assert {k: v for k, v in a.items() if k != "table"} == \
                {k: v for k, v in b.items() if k != "table"}
    assert vague_seen
