"""Whatever a program or a mistyped script sends, the server answers in one sentence, never with
a traceback or a 500, and a refused request changes nothing at the table. Hypothesis writes the
requests (JSON values of every shape, the fields each route reads given odd values); the server
is a real process on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_kit import Server, auth, open_table, seat_tokens
from websockets.sync.client import connect

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
ODD = JSON | st.sampled_from(["human", "greedy", "ismcts:iters=x", "daylily", "", "\u202e",
                              "Player 2", "You", "x" * 300, -1, 0, 1, 2, 99, 1e300])
FIELDS = {
    "": ["game", "players", "seats", "options", "seed", "table"],
    "/actions": ["action", "version"],
    "/name": ["name"],
    "/join": ["seat"],
    "/stand-in": ["seat"],
    "/leave": [],
    "/seat": ["invite"],
}


def bodies(route: str) -> st.SearchStrategy[Any]:
    """A whole JSON value, or an object of the route's own fields with odd values."""
    fields = FIELDS[route]
    shaped = st.fixed_dictionaries({}, optional={f: ODD for f in fields}) if fields else JSON
    return JSON | shaped


def answered_in_a_sentence(r: httpx.Response) -> None:
    assert r.status_code < 500, (r.request.url, r.request.content[:200], r.text[:300])
    assert "Traceback" not in r.text
    if r.status_code >= 400:
        body = r.json()
        assert set(body) == {"error"} and body["error"] and "\n" not in body["error"], body


def test_any_json_to_any_route_is_answered_in_a_sentence(server: Server) -> None:
    # No timers: the table moves only when someone moves.
    created = open_table(server, game="dummy-rummy", players=3, seed=8,
                         seats=["human", "human", "greedy"], table={"think": 0, "window": 3600})
    table = created["table"]
    tokens = seat_tokens(server.url, created)[:2]
    for _ in range(500):  # the bot may open the deal; then the table waits on a person
        before = httpx.get(f"{server.url}/api/tables/{table}", headers=auth(tokens[0]),
                           timeout=30).json()
        if before["actors"] and 2 not in before["actors"]:
            break
        time.sleep(0.01)

    @settings(max_examples=60, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(route=st.sampled_from(sorted(FIELDS)), data=st.data(),
           who=st.sampled_from([0, 1, None, "forged"]))
    def one_request(route: str, data: st.DataObject, who: int | str | None) -> None:
        body = data.draw(bodies(route))
        token = tokens[who] if isinstance(who, int) else who
        url = f"{server.url}/api/tables" + (f"/{table}{route}" if route else "")
        if route in ("/leave", "/name", "/join", "/stand-in", "/seat"):
            # these change who sits where: a sound one is welcome, but it would change the
            # table under the others, so they go to a table of their own
            url = url.replace(table, spare)
            token = {0: spare_tokens[0], 1: spare_tokens[1]}.get(who, token)  # type: ignore[arg-type]
        r = httpx.post(url, content=json.dumps(body), timeout=30, headers={
            "content-type": "application/json", **auth(token)})
        answered_in_a_sentence(r)

    spare_made = open_table(server, game="daylily", players=3, seed=9,
                            seats=["human", "human", "greedy"], table={"think": 0})
    spare = spare_made["table"]
    spare_tokens = seat_tokens(server.url, spare_made)[:2]
    one_request()

    # The same over the table's WebSocket: every message gets an answer, an error in words.
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={tokens[0]}") as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "update"

        @settings(max_examples=40, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow,
                                         HealthCheck.function_scoped_fixture])
        @given(body=bodies("/actions"))
        def one_message(body: Any) -> None:
            ws.send(json.dumps(body))
            reply = json.loads(ws.recv(timeout=10))
            while reply["type"] != "error":  # a seat's news may come first
                assert reply["type"] in ("update", "seats"), reply
                reply = json.loads(ws.recv(timeout=10))
            assert 400 <= reply["status"] < 500 and "\n" not in reply["error"], reply

        one_message()
    # No move Hypothesis writes is a legal one here (its actions are odd words), so every one
    # was refused, and the table is exactly as it was.
    after = httpx.get(f"{server.url}/api/tables/{table}", headers=auth(tokens[0]),
                      timeout=30).json()
    assert after == before
    assert httpx.get(f"{server.url}/api/health", timeout=30).status_code == 200


NASTY = st.sampled_from([
    "[" * 5000 + "]" * 5000,  # deeper than Python's stack
    '{"a":' * 900 + "1" + "}" * 900,  # parses in Python, deeper than any route reads
    '{"seat": ' + "7" * 5000 + "}",  # more digits than Python will turn into an int
    '{"version": ' + "9" * 60 + ', "action": "x"}',
    '{"seed": 1e400, "game": "daylily"}',  # a float too large: Infinity
    '{"seat": NaN}', "[Infinity]", "-Infinity",
    '{"name": "\\ud800"}',  # a lone surrogate
    "\xff\xfe{", "",
])
"""Bodies Python's JSON reader chokes on, or takes and hands on as no JSON has them."""


def test_json_that_python_chokes_on_gets_a_sentence_and_changes_nothing(
        server: Server, tmp_path: Any) -> None:
    created = open_table(server, game="daylily", players=3, seed=4,
                         seats=["human", "human", "greedy"], table={"think": 0})
    table = created["table"]
    tokens = seat_tokens(server.url, created)[:2]
    for token in tokens:  # both people are at the table (a move, even refused, is arriving)
        httpx.get(f"{server.url}/api/tables/{table}", headers=auth(token), timeout=30)
    before = httpx.get(f"{server.url}/api/tables/{table}/client", timeout=30).json()
    lobby = len(httpx.get(f"{server.url}/api/tables", timeout=30).json()["tables"])

    @settings(max_examples=80, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(route=st.sampled_from(sorted(r for r in FIELDS if FIELDS[r])), text=NASTY,
           who=st.sampled_from([0, 1, None]))  # every route that reads a body
    def one_request(route: str, text: str, who: int | None) -> None:
        url = f"{server.url}/api/tables" + (f"/{table}{route}" if route else "")
        token = tokens[who] if who is not None else None
        r = httpx.post(url, content=text.encode("utf-8", "surrogatepass"), timeout=30,
                       headers={"content-type": "application/json", **auth(token)})
        answered_in_a_sentence(r)
        assert r.status_code in (400, 401, 413, 422), (route, text[:60], r.text)

    one_request()
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={tokens[0]}") as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "update"

        def reply() -> dict[str, Any]:
            while True:
                message: dict[str, Any] = json.loads(ws.recv(timeout=10))
                if message["type"] == "error":
                    return message

        for text in ["[" * 5000 + "]" * 5000, '{"version": ' + "9" * 5000 + "}", "[NaN]"]:
            ws.send(text)
            message = reply()
            assert message["status"] == 400 and "\n" not in message["error"], message
        ws.send(b'{"action": "pass", "version": 0}')  # a binary frame
        message = reply()
        assert message["status"] == 400 and "binary" in message["error"], message
        ws.send(json.dumps({"action": "nonsense", "version": 0}))  # and it still listens
        assert reply()["status"] in (409, 422)
    # Nothing changed: no seat left, no table made; and the log holds no traceback.
    after = httpx.get(f"{server.url}/api/tables/{table}/client", timeout=30).json()
    assert [(s["taken"], s["away"], s["name"]) for s in after["seats"]] == [
        (s["taken"], s["away"], s["name"]) for s in before["seats"]]
    assert after["version"] == before["version"]
    assert len(httpx.get(f"{server.url}/api/tables", timeout=30).json()["tables"]) == lobby
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "Exception" not in log, log[-3000:]
