"""Cards a child reads (issue 44 item 3): at a Say Rummy table on a 360 px phone the cards lead,
by default, with the spellings a child reads, large (at least 14 px, the largest text on the
card), the sound's symbol small in the corner and an example word under them; the option
``card_face=sound`` gives today's face, the symbol first. A sound card's ♪ never covers its
corner, on the narrower cards of a 390 px phone too."""

from __future__ import annotations

from typing import Any

from test_web_sounds import PHONE, until_my_turn
from web_kit import (
    Watch,
    browser_fixture,  # noqa: F401
    person_and_bots,  # the fixtures are used by name
    web_fixture,  # noqa: F401
)

# Per card of the hand: its lines' texts and sizes in px, top to bottom, and the corner's.
READ = """els => els.map(e => { const px = (l) => parseFloat(getComputedStyle(l).fontSize);
  const corner = e.querySelector('.corner-rank');
  return {card: e.dataset.card, right: e.getBoundingClientRect().right,
    lines: [...e.querySelectorAll('.face-body .line')].map(l =>
      ({text: l.textContent.replace(/\u00ad/g, ''), px: px(l)})),
    corner: corner ? corner.textContent : null, cornerPx: corner ? px(corner) : 0}; })"""


def hand_cards(browser: Any, web: Any, options: dict[str, Any]
               ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    tid, token = person_and_bots(web, "say-rummy", 2, {"games": 1, **options}, 5)
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{tid}?token={token}")
        until_my_turn(page)
        page.wait_for_selector(".hand button.card")
        cards: list[dict[str, Any]] = page.eval_on_selector_all(".hand button.card", READ)
        faces: dict[str, Any] = page.evaluate("() => window.cardtable.faces")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        ctx.close()
    watch.check()
    return cards, faces


def test_cards_lead_with_the_spellings_a_child_reads_by_default(browser: Any,
                                                                web: Any) -> None:
    cards, faces = hand_cards(browser, web, {})
    sound_cards = [c for c in cards if faces[c["card"]].get("sound")]
    assert sound_cards
    for c in sound_cards:
        data = faces[c["card"]]["data"]
        first, *rest = c["lines"]
        assert first["text"].split(" · ") == data["spellings"], c
        assert first["px"] >= 14 and all(first["px"] >= r["px"] for r in rest), c
        assert first["px"] > c["cornerPx"], c  # the sound's symbol is the small one
        assert c["corner"] == (data.get("as") or data["ipa"]) or c["corner"] == "★", c
        assert any(data["example"] in r["text"] for r in rest), c  # an example word
        assert c["right"] <= PHONE["width"]


def test_the_sound_first_face_is_an_option(browser: Any, web: Any) -> None:
    cards, faces = hand_cards(browser, web, {"card_face": "sound"})
    for c in [c for c in cards if faces[c["card"]].get("sound") and c["card"] != "*"]:
        data = faces[c["card"]]["data"]
        first, second, *_ = c["lines"]
        assert first["text"] == f"/{data['ipa']}/", c
        assert second["text"].split(" · ") == data["spellings"] and second["px"] >= 14, c


# Per sound card of the hand: how far its ♪ runs into the corner's index (px, 0: clear of it),
# and whether it lies inside the card.
NOTE = """els => els.map(e => { const m = e.querySelector('.sound-mark').getBoundingClientRect();
  const c = e.getBoundingClientRect();
  const over = [...e.querySelectorAll('.corner-rank, .corner-mark')].map(k => {
    const r = k.getBoundingClientRect();
    const x = Math.min(r.right, m.right) - Math.max(r.left, m.left);
    const y = Math.min(r.bottom, m.bottom) - Math.max(r.top, m.top);
    return x > 0 && y > 0 ? x : 0; });
  return {card: e.dataset.card, over: Math.max(0, ...over),
    inside: m.left >= c.left && m.right <= c.right && m.top >= c.top && m.bottom <= c.bottom}; })"""


def test_the_sound_mark_never_covers_the_corner(browser: Any, web: Any) -> None:
    # Seed 10 deals Ann /aʊ/, whose corner "aʊ AW" is the widest: on a 390 px phone (five
    # cards a row, narrower than the 360 px phone's four) its ♪ covered the W by 3.5 px.
    tid, token = person_and_bots(web, "say-rummy", 3, {"games": 1}, 10)
    watch = Watch(web.url)
    for viewport in ({"width": 390, "height": 844}, PHONE, {"width": 1280, "height": 900}):
        ctx = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 600,
                                  has_touch=viewport["width"] < 600)
        try:
            page = watch.attach(ctx.new_page())
            page.goto(f"{web.url}/t/{tid}?token={token}")
            page.wait_for_selector(".hand button.card.has-sound .sound-mark")
            notes = page.eval_on_selector_all(".hand button.card.has-sound", NOTE)
            assert "aʊ" in [n["card"] for n in notes], notes
            assert all(n["over"] == 0 and n["inside"] for n in notes), (viewport, notes)
        finally:
            ctx.close()
    watch.check()
