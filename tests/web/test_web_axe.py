"""axe-core finds no problem on the lobby nor on a table of each of the five games, on a desktop
and on a phone: colour contrast (the rule ``color-contrast`` included), headings, names that
match what a button says, tables with headed columns, scrollable boxes a keyboard can reach."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from axe_kit import assert_no_violations
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    my_turn,
    seat_tokens,
    state,
    wait_state,
    web_fixture,  # noqa: F401
)

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
# A person at seat 1 with bots around them: the page as its person sees it.
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "daylily": (3, {"rounds": 1}),
    "say-rummy": (3, {"games": 1}),
    "day": (4, {"hands": 2}),
    "liverpool": (4, {}),
    "dummy-rummy": (10, {}),
}


@pytest.fixture(scope="module")
def tables(web: Any) -> dict[str, tuple[str, str]]:
    """Each game's table and its person's token, made once for the module."""
    out = {}
    for game, (players, options) in TABLES.items():
        body = {"game": game, "players": players, "seed": 7, "options": options,
                "seats": ["human"] + ["greedy"] * (players - 1),
                "table": {"think": 0.3, "window": 30}}
        r = httpx.post(web.url + "/api/tables", json=body, timeout=30)
        assert r.status_code == 201, r.text
        made = r.json()
        token = seat_tokens(web.url, made)[0]
        assert token
        out[game] = (made["table"], token)
    return out


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_has_no_accessibility_problem(browser: Any, web: Any, size: str) -> None:
    ctx = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone")
    try:
        watch = Watch(web.url)
        page = watch.attach(ctx.new_page())
        page.goto(web.url + "/")
        page.wait_for_selector("#open-h")
        page.click("details.options summary")  # what is folded is checked open too
        page.click("details.advanced summary")
        assert_no_violations(page, f"the lobby ({size})")
        watch.check()
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(TABLES))
def test_a_table_has_no_accessibility_problem(browser: Any, web: Any,
                                              tables: dict[str, tuple[str, str]],
                                              game: str, size: str) -> None:
    table, token = tables[game]
    ctx = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone")
    try:
        watch = Watch(web.url)
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{table}?token={token}")
        wait_state(page)
        deadline = time.monotonic() + 15  # the person's own turn: the moves are on screen
        while not my_turn(state(page)) and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        page.wait_for_selector(".moves")
        page.evaluate("() => document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
        assert_no_violations(page, f"the {game} table ({size})")
        watch.check()
    finally:
        ctx.close()
