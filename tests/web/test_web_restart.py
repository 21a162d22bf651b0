"""The computer serving the table stops mid-game (killed, as by a power cut or a crash) and is
started again. The phones keep their pages open: they must say what is happening, refuse a move
in words while the server is away, find it again by themselves, and play on with nothing lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_kit import (  # the fixtures are used by name
    Watch,
    WebServer,
    browser_fixture,  # noqa: F401
    click_move,
    my_turn,
    settled,
    state,
    take_turn,
    wait_state,
)


@pytest.fixture(name="laptop")
def laptop_fixture(tmp_path: Any) -> Iterator[WebServer]:
    """A server of this test's own, on a SQLite file that outlives the process."""
    server = WebServer(f"sqlite:///{tmp_path / 'family.sqlite3'}", log=tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def play_until(pages: list[Any], version: int) -> dict[str, Any]:
    """Let whoever's turn it is play (by the Hint, in clicks) until the table passes
    ``version``; the bot plays its own turns on the server."""
    for _ in range(600):
        for page in pages:
            s = state(page)
            if s and (s["over"] or s["version"] > version):
                return s
            if my_turn(s):
                take_turn(page)
        pages[0].wait_for_timeout(30)
    raise AssertionError(f"the table never passed version {version}")


def hand(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(".hand button.card",
                                                 "els => els.map(e => e.dataset.card)")
    return sorted(cards)


def test_the_pages_find_a_restarted_server_and_play_on(browser: Any, laptop: WebServer) -> None:
    r = httpx.post(laptop.url + "/api/tables", timeout=30, json={
        "game": "daylily", "players": 3, "seed": 11,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Sam"}, "greedy"],
        "table": {"think": 0}})
    assert r.status_code == 201, r.text
    made = r.json()
    watch = Watch(laptop.url)
    desk = browser.new_context()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True)
    try:
        pages = []
        for ctx, seat in ((desk, made["seats"][0]), (phone, made["seats"][1])):
            page = watch.attach(ctx.new_page())
            page.goto(f"{laptop.url}/t/{made['table']}?invite={seat['invite']}")
            page.wait_for_selector("#conn[data-state=online]")
            pages.append(page)
        ann, sam = pages
        s = play_until(pages, wait_state(ann)["version"] + 8)
        assert not s["over"]
        for _ in range(400):  # until a person is to move (the bot takes no time)
            if any(my_turn(state(p)) for p in pages):
                break
            ann.wait_for_timeout(30)
        for page in pages:
            settled(page)
        before = {"version": wait_state(ann)["version"], "ann": hand(ann), "sam": hand(sam)}

        laptop.kill()  # no goodbye: the process is simply gone
        for page in pages:
            page.wait_for_selector("#conn[data-state=offline]")
            assert "Reconnecting" in (page.text_content("#conn") or "")
        # A move tried meanwhile is refused in words, and the page keeps the table as it was.
        mover = next(p for p in pages if my_turn(state(p)))
        click_move(mover, wait_state(mover)["legal"][0])
        mover.wait_for_function(
            "() => document.querySelector('.message').textContent.startsWith("
            "'The move was not made: the server cannot be reached')")
        assert wait_state(mover)["version"] == before["version"]

        laptop.start()  # the same port, the same file
        for page in pages:
            page.wait_for_selector("#conn[data-state=online]", timeout=15_000)
            settled(page)
        assert wait_state(ann)["version"] == before["version"]
        assert hand(ann) == before["ann"] and hand(sam) == before["sam"]
        assert "Sam" in (ann.text_content(".seats") or "")
        # Play goes on, the bot's turns too: the server took the table up again from its file.
        after = play_until(pages, before["version"] + 8)
        assert after["version"] > before["version"] + 8
        # What the browser logged while the server was away is the failed connections only.
        watch.errors = [e for e in watch.errors
                        if "ERR_CONNECTION_REFUSED" not in e and "WebSocket" not in e]
        watch.check()
    finally:
        desk.close()
        phone.close()
