"""The search's hint on a phone, in a real browser against a server whose Hint button asks the
search: the move and the game's reasons come in a line or two under the moves, the search's
figures wait behind a disclosure, so the moves stay on the screen."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_kit import (  # the fixtures are used by name
    Watch,
    WebServer,
    browser_fixture,  # noqa: F401
    my_turn,
    state,
    wait_state,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from server_kit import open_table, seat_tokens

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", name="searching")
def searching_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    root = tmp_path_factory.mktemp("hint")
    # the search, reproducible and quick
    server = WebServer(f"sqlite:///{root / 'server.sqlite3'}", log=root / "server.log",
                       hint_bot="ismcts:iters=60")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_a_phone_shows_the_hints_reasons_and_keeps_its_figures_behind_a_tap(
        browser: Any, searching: WebServer) -> None:
    created = open_table(searching, game="daylily", players=2, seats=["human", "greedy"],
                         seed=11)
    table, token = created["table"], seat_tokens(searching.url, created)[0]
    watch = Watch(searching.url)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{searching.url}/t/{table}?token={token}")
        wait_state(page)
        for _ in range(200):  # the bot may move first
            if my_turn(state(page)):
                break
            page.wait_for_timeout(50)
        assert my_turn(state(page))
        page.click(".moves button.tool:has-text('Hint')")
        page.wait_for_function(
            "() => (document.querySelector('.message') || {}).textContent?.startsWith('Hint:')"
            " && document.querySelector('details.hint-figures')", timeout=30000)
        message = page.text_content(".message") or ""
        figures = page.locator("details.hint-figures")
        assert "deals of the cards you cannot see" not in message  # the figures wait
        # The reasons name the cards as the page shows them, not by the terminal's codes.
        assert not re.search(r"\b[123][A-Z]{2}\b", message), message
        assert figures.evaluate("d => d.open") is False
        now = state(page)
        assert now is not None and now["hint"] in now["legal"]
        # The moves are still on the phone's screen under the hint.
        move = page.locator(".moves .move-row button[data-move]").first
        box = move.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
        figures.locator("summary").click()
        shown = figures.locator("p").text_content() or ""
        assert shown.startswith("In ") and "deals of the cards you cannot see" in shown
        # The next best move is named as its button is, its cards as the page shows them.
        assert not re.search(r"\b[123][A-Z]{2}\b", shown), shown
        assert "draw stock" not in shown and "draw discard" not in shown, shown
        watch.check()
    finally:
        ctx.close()
