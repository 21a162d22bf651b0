"""Every sound heard, in the browser (issue 44 item 2): a tap on a card whose face has a sound
plays its recording (the audio element's own events observed), and a word laid is spoken by
the server's voice (espeak-ng, which scripts/system-packages.sh installs), the page saying so;
headless Chromium has no voice of its own, so without the server a word is shown in writing and
the page says that instead."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

from web_kit import (
    Watch,
    browser_fixture,  # noqa: F401
    dismiss_dialogs,
    my_turn,
    person_and_bots,  # the fixtures are used by name
    state,
    take_turn,
    web_fixture,  # noqa: F401
)

PHONE = {"width": 360, "height": 740}

# Every media event of the page's audio elements, in order (they do not bubble: captured).
LISTEN = """{ window.heard = [];
  for (const kind of ['play', 'playing', 'loadeddata', 'ended', 'error'])
    document.addEventListener(kind, (e) => { if (e.target instanceof HTMLMediaElement)
      window.heard.push({kind, id: e.target.id, src: e.target.currentSrc || e.target.src,
                         seconds: e.target.duration}); }, true); }"""
"""Run in the page before its own scripts (``add_init_script``), so nothing is missed."""


def until_my_turn(page: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        dismiss_dialogs(page)
        s = state(page)
        if my_turn(s) and s is not None:
            return s
        page.wait_for_timeout(40)
    raise AssertionError("the seat's turn never came")


def heard(page: Any, element: str, kinds: set[str], timeout: float = 15) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout
    got: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        got = [e for e in page.evaluate("() => window.heard") if e["id"] == element]
        if kinds <= {e["kind"] for e in got}:
            return got
        page.wait_for_timeout(50)
    raise AssertionError(f"{element} never sent {kinds}: {got}")


def test_a_tap_on_a_sound_card_plays_its_sound(browser: Any, web: Any) -> None:
    tid, token = person_and_bots(web, "say-rummy", 2, {"games": 1}, 3)
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        page.add_init_script(LISTEN)
        page.goto(f"{web.url}/t/{tid}?token={token}")
        until_my_turn(page)
        page.evaluate("() => { window.heard = []; }")
        faces = page.evaluate("() => window.cardtable.faces")
        card = page.locator(".hand button.card.has-sound").first
        code = card.get_attribute("data-card")
        sound = faces[code]["sound"]
        # The card says it has a sound before it is tapped.
        assert card.locator(".sound-mark").count() == 1
        card.tap()
        events = heard(page, "card-sound", {"play", "playing", "ended"})
        assert events[0]["src"].endswith(
            f"/api/games/say-rummy/cards/{quote(sound)}/sound"), events
        assert max(e["seconds"] for e in events if e["kind"] == "ended") > 0.1
        # Tapped again, the same card: heard again (and put back in the hand).
        page.evaluate("() => { window.heard = []; }")
        card.tap()
        heard(page, "card-sound", {"play", "ended"})
        # The wild card has no sound of its own: it shows no mark.
        assert all("sound" not in f for c, f in faces.items() if c == "*")
        assert page.locator('.hand button.card[data-card="*"] .sound-mark').count() == 0
    finally:
        ctx.close()
    watch.check()


def test_a_word_laid_is_spoken_by_the_servers_voice_and_the_page_says_so(
        browser: Any, web: Any) -> None:
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        page.add_init_script(LISTEN)
        for seed in range(1, 12):
            tid, token = person_and_bots(web, "say-rummy", 2, {"games": 1}, seed)
            page.goto(f"{web.url}/t/{tid}?token={token}")
            until_my_turn(page)
            page.locator(".hand button.card").first.tap()  # a person has touched the page
            # Play on (by the hint) until a word is laid by either seat.
            for _ in range(12):
                got = [e for e in page.evaluate("() => window.heard")
                       if e["id"] == "word-sound"]
                if got or (state(page) or {}).get("over"):
                    break
                until_my_turn(page)
                take_turn(page)
                page.wait_for_timeout(300)
            if page.locator(".speech-note").count():
                break
        events = heard(page, "word-sound", {"play", "ended"})
        assert events[0]["src"].startswith("blob:"), events
        note = page.locator(".speech-note")
        assert note.get_attribute("data-by") == "server"
        assert "server's voice" in note.inner_text()
        said = page.inner_text(".speech-note .spoken-word").strip("“”")
        words = [m["speak"] for a in page.evaluate(
            "() => window.cardtable.described().board.areas")
            for g in a["groups"] for m in g["melds"]]
        assert said in words
    finally:
        ctx.close()
    watch.check()


def test_without_the_servers_voice_a_word_is_shown_in_writing(browser: Any, web: Any) -> None:
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        # The server as it answers without espeak-ng (503), and a browser with no voice.
        page.route("**/speech?**", lambda route: route.fulfill(
            status=503, content_type="application/json",
            body='{"error": "the server cannot speak"}'))
        for seed in range(1, 12):
            tid, token = person_and_bots(web, "say-rummy", 2, {"games": 1}, seed)
            page.goto(f"{web.url}/t/{tid}?token={token}")
            until_my_turn(page)
            for _ in range(12):
                if page.locator(".speech-note[data-by=text]").count() or \
                        (state(page) or {}).get("over"):
                    break
                until_my_turn(page)
                take_turn(page)
                page.wait_for_timeout(300)
            if page.locator(".speech-note[data-by=text]").count():
                break
        note = page.locator(".speech-note")
        assert note.get_attribute("data-by") == "text"
        assert "shown in writing" in note.inner_text()
        assert page.inner_text(".speech-note .spoken-word") != "nothing yet"
    finally:
        ctx.close()
    real = [e for e in watch.errors if "503" not in e]
    assert not real, real
