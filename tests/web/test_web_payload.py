"""One move, one message, one render: two pages at one table each receive exactly one WebSocket
message per move (whoever made it: the page's own seat by its own code, the other seat over
HTTP) and draw the table exactly once for it, asking the server for nothing more."""

from __future__ import annotations

from typing import Any

import httpx
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    seat_tokens,
    settled,
    wait_state,
    web_fixture,  # noqa: F401
)

COUNTS_JS = """() => ({version: window.cardtable.state.version,
  renders: Number(document.body.dataset.renders || 0),
  log: window.cardtable.log.length})"""


class Counted:
    """One page at the table, with the WebSocket messages and the requests it received."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.messages: list[str] = []
        self.requests: list[str] = []
        page.on("websocket", self._socket)
        page.on("request", lambda r: self.requests.append(r.url))

    def _socket(self, ws: Any) -> None:
        if "/ws/tables/" in ws.url:
            ws.on("framereceived", lambda payload: self.messages.append(str(payload)))

    def counts(self) -> dict[str, Any]:
        got: dict[str, Any] = self.page.evaluate(COUNTS_JS)
        return {**got, "messages": len(self.messages), "requests": len(self.requests)}


def test_one_message_and_one_render_per_move_on_each_page(browser: Any, web: Any) -> None:
    r = httpx.post(web.url + "/api/tables", timeout=30, json={
        "game": "daylily", "players": 2, "seed": 5, "table": {"think": 0}})
    assert r.status_code == 201, r.text
    made = r.json()
    table = made["table"]
    tokens = seat_tokens(web.url, made)
    watch = Watch(web.url)
    contexts = [browser.new_context(), browser.new_context()]
    try:
        pages = []
        for ctx, token in zip(contexts, tokens, strict=True):
            page = watch.attach(ctx.new_page())
            counted = Counted(page)
            page.goto(f"{web.url}/t/{table}?token={token}")
            page.wait_for_selector("#conn[data-state=online]")
            wait_state(page)
            pages.append(counted)
        for n, counted in enumerate(pages):  # each page has heard that the other is here
            counted.page.wait_for_function(
                f"() => window.cardtable.meta.seats[{1 - n}].online === true")
            settled(counted.page)
        start = [p.counts() for p in pages]
        version = start[0]["version"]
        assert start[1]["version"] == version
        moves = 8
        own = [0, 0]  # the moves each page made itself
        for made_moves in range(1, moves + 1):
            shown = httpx.get(f"{web.url}/api/tables/{table}", timeout=30).json()
            actor = shown["actors"][0]
            mine = httpx.get(f"{web.url}/api/tables/{table}",
                             headers={"authorization": f"Bearer {tokens[actor]}"},
                             timeout=30).json()
            move = mine["legal"][0]
            if made_moves % 2:  # the page itself makes its seat's move, as its buttons do
                pages[actor].page.evaluate("m => window.cardtable.play(m)", move)
                own[actor] += 1
            else:
                got = httpx.post(f"{web.url}/api/tables/{table}/actions",
                                 headers={"authorization": f"Bearer {tokens[actor]}"},
                                 json={"action": move, "version": version}, timeout=30)
                assert got.status_code == 200, got.text
            version += 1
            for counted, before in zip(pages, start, strict=True):
                counted.page.wait_for_function(
                    f"() => window.cardtable.state.version === {version}")
                settled(counted.page)
                now = counted.counts()
                assert now["messages"] - before["messages"] == made_moves, (now, before)
                assert now["renders"] - before["renders"] == made_moves, (now, before)
                assert now["log"] > before["log"]  # the log's lines came in the message
        for n, (counted, before) in enumerate(zip(pages, start, strict=True)):
            now = counted.counts()
            asked = [u for u in counted.requests[before["requests"]:] if "/api/" in u]
            # The page asked for nothing after a move; only its own moves went out.
            assert all(u.endswith("/actions") for u in asked), asked
            assert len(asked) == own[n], (n, asked)
            assert now["messages"] - before["messages"] == moves
            assert now["renders"] - before["renders"] == moves
        watch.check()
    finally:
        for ctx in contexts:
            ctx.close()
