"""Dialogs and focus in a real browser: round summaries come one at a time, in order (those that
end while one is read are folded into the next, so a player out of a session's hands is not
buried under a pile of them), each closed by Escape or its button, the focus then back on the
table; and the lobby, which redraws its list of tables every few seconds, never takes the focus
from a person reading it with the keyboard."""

from __future__ import annotations

import time
from typing import Any

import httpx
from axe_kit import assert_no_violations
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    seat_tokens,
    wait_state,
    web_fixture,  # noqa: F401
)


def new_table(web: Any, **body: Any) -> dict[str, Any]:
    r = httpx.post(web.url + "/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def play_one(web: Any, table: str, token: str) -> bool:
    """The seat's person plays their move from another device (the hint, sent to the API)."""
    auth = {"authorization": f"Bearer {token}"}
    got = httpx.get(f"{web.url}/api/tables/{table}", headers=auth, timeout=10).json()
    if got["over"] or not got["legal"]:
        return False
    hint = httpx.get(f"{web.url}/api/tables/{table}/hint", headers=auth, timeout=10)
    if hint.status_code != 200:
        return False
    httpx.post(f"{web.url}/api/tables/{table}/actions", headers=auth, timeout=10,
               json={"action": hint.json()["action"], "version": got["version"]})
    return True


def test_round_summaries_come_one_at_a_time_and_close_by_escape(browser: Any,
                                                                web: Any) -> None:
    made = new_table(web, game="day", players=3, seed=4, options={"hands": 8},
                     seats=["human", "greedy", "greedy"], table={"think": 0, "window": 30})
    token = seat_tokens(web.url, made)[0]
    assert token
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{made['table']}?token={token}")
        wait_state(page)
        # The person plays on elsewhere while this page is left unread: hands end one after
        # another, and their summaries wait for it.
        most_open = 0
        deadline = time.monotonic() + 90
        results: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            play_one(web, made["table"], token)
            most_open = max(most_open, page.locator("dialog[open]").count())
            results = page.evaluate("() => (window.cardtable.described() || {}).results || []")
            if len(results) >= 4:
                break
        assert len(results) >= 4, results
        page.wait_for_timeout(300)
        most_open = max(most_open, page.locator("dialog[open]").count())
        assert most_open == 1, f"{most_open} summaries open at once"
        # Read in order, one after the other, each closed by Escape.
        seen: list[str] = []
        shown = 0
        assert_no_violations(page, "a round's summary over the table")
        while page.locator("dialog[open]").count():
            assert page.locator("dialog[open]").count() == 1
            dialog = page.locator("dialog[open]")
            assert dialog.get_by_role("button", name="Continue").count() == 1  # and a button
            parts = dialog.locator("h3").all_inner_texts() or [dialog.locator("h2").inner_text()]
            seen += parts
            shown += 1
            page.keyboard.press("Escape")
            page.wait_for_timeout(200)
        titles = [r["title"] for r in results]
        assert seen == titles, (seen, titles)  # every hand, in order
        assert shown < len(seen), (shown, seen)  # folded, not one dialog a hand
        # The last closed, the focus is on the table again, not the page's top.
        assert page.evaluate("() => document.activeElement !== document.body"
                             " && !!document.activeElement.closest('main')")
        watch.check()
    finally:
        ctx.close()


def test_a_match_that_ends_behind_a_summary_shows_its_result_once_the_summary_is_read(
        browser: Any, web: Any) -> None:
    made = new_table(web, game="day", players=3, seed=4, options={"hands": 2},
                     seats=["human", "greedy", "greedy"], table={"think": 0, "window": 30})
    token = seat_tokens(web.url, made)[0]
    assert token
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{made['table']}?token={token}")
        wait_state(page)
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        # The person plays on elsewhere: the first hand's summary opens here, unread, and the
        # second hand ends the match behind it.
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not page.evaluate(
                "() => !!(window.cardtable.state && window.cardtable.state.over)"):
            if not play_one(web, made["table"], token):
                page.wait_for_timeout(50)  # the bots' turns
        page.wait_for_function("() => window.cardtable.state && window.cardtable.state.over")
        page.wait_for_timeout(500)
        # One dialog at a time: the summary keeps the screen and the focus; the end waits.
        assert page.locator("dialog[open]").count() == 1
        assert page.evaluate("() => !!document.activeElement.closest('dialog')")
        page.keyboard.press("Escape")
        # Read and closed: the result comes into view, the focus on Play again (it was left on
        # the table's first control, the result out of sight).
        page.wait_for_function("() => document.activeElement"
                               " && document.activeElement.matches('section.end button.again')",
                               timeout=10_000)
        assert page.locator("dialog[open]").count() == 0
        box = page.evaluate("() => { const r = document.querySelector('section.end h2')"
                            ".getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert box[0] >= 0 and box[1] <= 844, box
        watch.check()
    finally:
        ctx.close()


def test_the_lobby_keeps_the_focus_of_a_keyboard_reader(browser: Any, web: Any) -> None:
    first = new_table(web, game="daylily", players=2, seats=["human", "greedy"],
                      options={"rounds": 1}, table={"think": 0})
    ctx = browser.new_context()
    try:
        watch = Watch(web.url)
        page = watch.attach(ctx.new_page())
        page.goto(web.url + "/")
        link = page.get_by_role("link", name=f"Watch table {first['table']}")
        link.wait_for()
        link.focus()
        # Another table opens: the list is drawn again (every 5 s) with a row more above.
        second = new_table(web, game="daylily", players=2, seats=["human", "greedy"],
                           options={"rounds": 1}, table={"think": 0})
        page.wait_for_selector(f'li.open-table[data-table="{second["table"]}"]',
                               timeout=15_000)
        page.wait_for_timeout(5500)  # and once more, unchanged
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label == f"Watch table {first['table']}", label
        watch.check()
    finally:
        ctx.close()
