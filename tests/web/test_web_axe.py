"""axe-core finds no problem on the lobby nor on a table of each of the five games, on a desktop
and on a phone: colour contrast (the rule ``color-contrast`` included), headings, names that
match what a button says, tables with headed columns, scrollable boxes a keyboard can reach.
And what axe does not check: a screen reader is told, once, that it is your move, and reads the
players and the hand as words."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from axe_kit import assert_no_violations
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    my_turn,
    person_and_bots,
    seat_tokens,
    state,
    take_turn,
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


# What a screen reader says without being asked: each live region's text (polite or assertive,
# a status, an alert, a log) every time it is set, as a reader hears it.
HEARD = """() => { window.heard = [];
  const live = '[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]';
  new MutationObserver((records) => { const seen = new Set();
    for (const r of records) {
      const at = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const el = at && at.closest(live);
      if (!el || seen.has(el)) continue;
      seen.add(el);
      const text = el.textContent.trim();
      if (text) window.heard.push(text);
    } }).observe(document, {subtree: true, childList: true, characterData: true}); }"""


def turns_heard(page: Any) -> list[str]:
    got: list[str] = page.evaluate(
        "() => window.heard.filter(t => /^Your (move|answer)\\b/.test(t))")
    return got


def test_a_screen_reader_hears_once_that_it_is_your_move(browser: Any, web: Any) -> None:
    tid, token = person_and_bots(web, "say-rummy", 3, {"games": 1}, 7, think=0.2)
    ctx = browser.new_context(viewport=SIZES["desktop"])
    try:
        watch = Watch(web.url)
        page = watch.attach(ctx.new_page())
        page.add_init_script(f"({HEARD})()")
        page.goto(f"{web.url}/t/{tid}?token={token}")
        deadline = time.monotonic() + 20
        while not my_turn(state(page)) and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        # Told politely, with what the turn asks ("Your move. Draw: take the stock or...").
        page.wait_for_function("() => window.heard.some(t => /^Your move/.test(t))",
                               timeout=10_000)
        said = page.locator(".statusbar [aria-live=polite]")
        assert said.count() == 1 and said.inner_text().startswith("Your move")
        # The table drawn again and again in the same turn (a card picked and put back, a hint
        # asked for): nothing more is said of the turn.
        card = page.locator(".hand button.card").first
        card.click()
        card.click()
        page.keyboard.press("h")
        page.wait_for_function("() => window.cardtable.hint")
        page.wait_for_timeout(300)
        assert len(turns_heard(page)) == 1, turns_heard(page)
        # The turn played (a draw, then a discard: one turn of several moves), the bots' turns,
        # and the seat's turn again: said once more.
        while my_turn(state(page)):
            take_turn(page)
        deadline = time.monotonic() + 30
        while not my_turn(state(page)) and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert my_turn(state(page))
        page.wait_for_timeout(300)
        assert len(turns_heard(page)) == 2, turns_heard(page)
        watch.check()
    finally:
        ctx.close()


def test_a_screen_reader_reads_the_players_and_the_hand_in_words(browser: Any, web: Any) -> None:
    tid, token = person_and_bots(web, "say-rummy", 3, {"games": 1}, 7, think=0.2)
    ctx = browser.new_context(viewport=SIZES["phone"], is_mobile=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        wait_state(page)
        page.wait_for_selector(".seats .turn-mark")
        names = page.evaluate("() => window.cardtable.meta.names")
        # Each player as a screen reader says them: "Greedy bot 2, 7 cards · penalty total 0",
        # not "Greedy bot 27 cards"; the seat to act "…, to act, …" without the dot's name.
        items = [" ".join(line.split(":", 1)[-1].split()).replace(" ,", ",")
                 for line in page.locator("ol.seats").aria_snapshot().splitlines()
                 if line.strip().startswith(("- listitem", "- text"))]
        spoken = " | ".join(items)
        for name in names:
            assert re.search(re.escape(name) + r"(?: \([^)]*\))?, (to act, )?\d+ cards", spoken), (
                name, spoken)
        assert "to act" in spoken and "●" not in spoken, spoken
        # The hand's region says its count once: "Your hand (7 cards)", not "..., 7 cards".
        hand = page.locator("section.hand").aria_snapshot().splitlines()[0]
        assert len(re.findall(r"\d+ cards?", hand)) == 1, hand
    finally:
        ctx.close()
