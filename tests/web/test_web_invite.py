"""An invitation link in a real browser: it opens its seat once, the page keeps the seat's own
token and shows no code in its address, and the same link opened anywhere else is refused in
one sentence. A deal whoever made the table chose is said so on the table."""

from __future__ import annotations

from typing import Any

import httpx
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    wait_state,
    web_fixture,  # noqa: F401
)


def test_an_invitation_link_opens_its_seat_once(browser: Any, web: Any) -> None:
    made = httpx.post(f"{web.url}/api/tables", timeout=30, json={
        "game": "daylily", "players": 2, "seats": ["human", "human"],
        "table": {"think": 0}}).json()
    table, invite = made["table"], made["seats"][1]["invite"]
    link = made["seats"][1]["link"]
    assert link == f"{web.url}/t/{table}?invite={invite}"
    watch = Watch(web.url)
    sam_ctx, other_ctx = browser.new_context(), browser.new_context()
    try:
        sam = watch.attach(sam_ctx.new_page())
        sam.goto(link)
        assert wait_state(sam)["seat"] == 1
        # The code is gone from the address bar (and so from the history it was replaced in).
        assert invite not in sam.url and "invite=" not in sam.url, sam.url
        assert sam.url == f"{web.url}/t/{table}?seat=1"
        token = sam.evaluate("() => window.cardtable.token")
        assert token and token not in sam.url and token != invite
        assert not sam.locator(".chosen-seed").count()  # a drawn deal: nothing to tell
        sam.reload()  # the seat is this browser's: its token is kept where the page keeps seats
        assert wait_state(sam)["seat"] == 1
        # The same link opened again in this browser opens the seat it gave.
        sam.goto(link)
        assert wait_state(sam)["seat"] == 1 and "invite=" not in sam.url

        # Whoever else holds the link (the table's maker, a forwarded message) gets nothing.
        other = watch.attach(other_ctx.new_page())
        other.goto(link)
        refused = other.locator(".invitation-refused p.error")
        refused.wait_for()
        assert refused.inner_text() == ("This invitation has been used already: the seat "
                                        "belongs to whoever opened the link first.")
        assert other.evaluate("() => window.cardtable === undefined")
        assert "invite=" not in other.url
        watch.check()
    finally:
        sam_ctx.close()
        other_ctx.close()


def test_a_chosen_deal_is_told_on_the_table(browser: Any, web: Any) -> None:
    made = httpx.post(f"{web.url}/api/tables", timeout=30, json={
        "game": "daylily", "players": 2, "seats": ["human", "greedy"], "seed": 12,
        "table": {"think": 0}}).json()
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(made["seats"][0]["link"])
        wait_state(page)
        note = page.locator(".chosen-seed")
        note.wait_for()
        assert note.inner_text() == ("This deal was chosen by whoever made the table "
                                     "(seed 12).")
        watcher = ctx.new_page()
        watcher.goto(made["watch"])
        wait_state(watcher)
        watcher.locator(".chosen-seed", has_text="seed 12").wait_for()
    finally:
        ctx.close()
