"""A window's clock as the people at the table read it (issue 43, item 2), in Chromium: the
timer stands still, and says so on the phone's status bar and why beside the moves, until
every person has opened their seat; then it counts down; and it says in the game's words what
happens when it runs out, to the seat whose window it is and to the others waiting on it.

Liverpool, Ann, Ben and Cy: Ann turns the discard down, Cy passes on it, and it is Ben's to buy
before he has opened his link.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    wait_state,
    web_fixture,  # noqa: F401
)

PHONE = {"width": 390, "height": 844}
WINDOW = 30  # seconds: long enough that the test reads it before it runs out


def exchange(url: str, table: str, invite: str) -> str:
    r = httpx.post(f"{url}/api/tables/{table}/seat", json={"invite": invite}, timeout=30)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def act(url: str, table: str, token: str, action: str, version: int) -> int:
    r = httpx.post(f"{url}/api/tables/{table}/actions", json={"action": action,
                   "version": version}, headers={"Authorization": f"Bearer {token}"},
                   timeout=30)
    assert r.status_code == 200, r.text
    got: int = r.json()["version"]
    return got


def bar_time(page: Any, pattern: str, timeout: float = 20.0) -> str:
    """The status bar's time words once they match ``pattern``."""
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        found = page.locator("#statusbar .bar-time")
        text = found.inner_text() if found.count() else ""
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"the status bar said {text!r}, not {pattern!r}")


def test_the_timer_waits_for_everyone_and_says_what_happens(browser: Any, web: Any) -> None:
    body = {"game": "liverpool", "players": 3, "seed": 5,
            "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}],
            "table": {"think": 0, "window": WINDOW}}
    created = httpx.post(web.url + "/api/tables", json=body, timeout=30).json()
    table = created["table"]
    invites = [s["invite"] for s in created["seats"]]
    watch = Watch(web.url)
    ann_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ben_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ann = watch.attach(ann_ctx.new_page())
        ann.goto(f"{web.url}/t/{table}?invite={invites[0]}")
        wait_state(ann)
        cy = exchange(web.url, table, invites[2])
        token = ann.evaluate("() => window.cardtable.token")
        v = act(web.url, table, token, "draw", 0)  # Ann turns the discard down
        v = act(web.url, table, cy, "pass", v)
        ann.wait_for_function("v => window.cardtable.state && window.cardtable.state.version >= v",
                              arg=v)
        # Ben has not opened his seat: the clock stands still, and Ann is told why and what
        # the end of the window will do.
        assert re.fullmatch(r"\d+ s left · clock stopped", bar_time(ann, "clock stopped"))
        first = ann.locator("#statusbar .bar-time").inner_text()
        held = ann.locator("section.moves .time-left").inner_text()
        assert "s left for Ben to answer" in held
        assert "The clock starts once everyone has opened their seat: waiting for Ben" in held
        assert re.search(r"If nobody buys the .+, it stays on the pile and you draw from the "
                         r"stock\.", held), held
        ann.wait_for_timeout(2500)
        assert ann.locator("#statusbar .bar-time").inner_text() == first  # not counting

        ben = watch.attach(ben_ctx.new_page())
        ben.goto(f"{web.url}/t/{table}?invite={invites[1]}")
        assert wait_state(ben)["seat"] == 1
        bar_time(ben, r"^\d+ s left$")  # counting
        beside = ben.locator("section.moves .time-left").inner_text()
        assert "s left to answer" in beside and "stopped" not in beside
        # two sentences, not "...to answer If you do not..."
        assert re.search(r"\d+ s left to answer\. If you do not answer in time, you pass\.",
                         beside), beside
        # Ann's page hears the clock has started: it counts down, no longer held.
        bar_time(ann, r"^\d+ s left$")
        assert "waiting for Ben" not in ann.locator("section.moves .time-left").inner_text()
        watch.check()
    finally:
        ann_ctx.close()
        ben_ctx.close()
