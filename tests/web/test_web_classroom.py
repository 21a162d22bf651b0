"""The teacher's page of a class in Chromium (issue 44 item 4): every table live, the children's
names and whose turn it is, the sheet of QR codes to print, and no card of any hand; the key
leaves the address bar at once, and the page without it shows nothing."""

from __future__ import annotations

import time
from typing import Any

import httpx
from axe_kit import assert_no_violations
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    dismiss_dialogs,
    my_turn,
    state,
    take_turn,
    web_fixture,  # noqa: F401
)

CHILDREN = ["Ada", "Ben", "Cleo", "Dev", "Ezra"]


def versions(page: Any) -> dict[str, int]:
    got: dict[str, int] = page.eval_on_selector_all(
        ".class-table[data-version]",
        "els => Object.fromEntries(els.map(e => [e.dataset.table, Number(e.dataset.version)]))")
    return got


def test_the_teachers_page_watches_every_table_live_and_shows_no_hand(
        browser: Any, web: Any) -> None:
    r = httpx.post(f"{web.url}/api/classrooms", json={"names": CHILDREN, "per_table": 3},
                   timeout=30)
    assert r.status_code == 201, r.text
    made = r.json()
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 1024, "height": 900})
    try:
        teacher = watch.attach(ctx.new_page())
        teacher.goto(made["teacher"])
        teacher.wait_for_selector(".class-table h2")
        assert "key=" not in teacher.url  # the key is not left in sight or in the history
        assert teacher.locator(".class-table").count() == len(made["tables"]) == 2
        text = teacher.inner_text(".class-tables")
        assert all(child in text for child in CHILDREN)
        assert "to play" in text
        # Nothing of any hand: no card drawn at all, only counts and the words laid.
        assert teacher.locator(".card, .hand, button.card").count() == 0
        # The sheet: each child's name over their own code, every code drawn.
        figures = teacher.locator(".qr-card")
        assert figures.count() == len(CHILDREN)
        teacher.wait_for_function("() => [...document.querySelectorAll('.qr-card img')]"
                                  ".every(i => i.complete && i.naturalWidth > 0)")
        assert [f.split(" · ")[0] for f in teacher.locator(".qr-card figcaption")
                .all_inner_texts()] == CHILDREN
        assert_no_violations(teacher, "the teacher's page")

        # Ada opens her seat from the sheet and plays, the others of her table not come yet
        # (she lets a bot play for them): the teacher's page follows, by itself.
        mine = next(t for t in made["tables"] if any(s["name"] == "Ada" for s in t["seats"]))
        table = mine["table"]
        ada = next(s for s in mine["seats"] if s["name"] == "Ada")
        got = httpx.post(f"{web.url}/api/tables/{table}/seat",
                         json={"invite": ada["invite"]}, timeout=30).json()
        for s in mine["seats"]:
            if s["name"] != "Ada":
                r = httpx.post(f"{web.url}/api/tables/{table}/stand-in",
                               headers={"authorization": f"Bearer {got['token']}"},
                               json={"seat": s["seat"]}, timeout=30)
                assert r.status_code == 200, r.text
        child = watch.attach(ctx.new_page())
        child.goto(f"{web.url}/t/{table}?token={got['token']}")
        played = 0
        deadline = time.monotonic() + 60
        while played < 3 and time.monotonic() < deadline:
            dismiss_dialogs(child)
            if my_turn(state(child)):
                take_turn(child)
                played += 1
            else:
                child.wait_for_timeout(50)
        assert played == 3
        now = (state(child) or {})["version"]
        teacher.wait_for_function(
            "([t, v]) => { const e = document.querySelector(`.class-table[data-table='${t}']`);"
            " return e && Number(e.dataset.version) >= v; }", arg=[table, now], timeout=15_000)
        # Still no hand: Ada's cards are on her page only.
        hand = child.eval_on_selector_all(".hand button.card", "els => els.map(e => e.title)")
        assert hand
        assert teacher.locator(".card").count() == 0
        shown = teacher.inner_text(f".class-table[data-table='{table}']")
        assert all(label not in shown for label in hand)
        # The same page without the key (another browser, a link passed on): nothing.
        other = browser.new_context()
        try:
            stranger = other.new_page()
            stranger.goto(made["teacher"].split("#", 1)[0])
            stranger.wait_for_selector(".problem h1")
            assert stranger.locator(".class-table, .qr-card").count() == 0
            r = httpx.get(f"{web.url}/api/classrooms/{made['classroom']}", timeout=30)
            assert r.status_code == 404
        finally:
            other.close()
    finally:
        ctx.close()
    watch.check()
