"""The table on a phone, as a family plays it: the whole hand and the buttons of the move on the
first screen at every game's table (and at ten seats) with a fifth of it left to the table,
cards that read at arm's length, the hand arranged by sorting and dragging (kept for the
seat), a status bar that shows an outage on a scrolled page, the last move shown where it
happened and the moves since your turn."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from web_kit import (
    Watch,
    browser_fixture,  # noqa: F401
    click_move,
    described,
    dismiss_dialogs,
    my_turn,
    person_and_bots,  # the fixtures are used by name
    state,
    take_turn,
    wait_state,
    wait_version,
    web_fixture,  # noqa: F401
)

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
TABLES: list[tuple[str, int, dict[str, Any], int]] = [  # game, players, options, seed
    ("daylily", 3, {"rounds": 1}, 7),
    ("say-rummy", 3, {"games": 1}, 7),
    ("day", 4, {"hands": 3}, 7),
    # Pot limit, facing a raise (seed 8: the seat calls and checks until a bot makes it 2):
    # fold, call, four sizes of raise and a raise of any size, the most a Day turn offers.
    ("day", 4, {"hands": 1, "limit": "pot"}, 8),
    ("liverpool", 4, {}, 7),
    ("dummy-rummy", 5, {}, 7),
    ("dummy-rummy", 10, {}, 7),
]


def until_my_turn(page: Any, window: bool = True) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        dismiss_dialogs(page)
        s = state(page)
        if my_turn(s) and s is not None and (window or not s["window"]):
            return s
        page.wait_for_timeout(40)
    raise AssertionError("the seat's turn never came")


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    got: list[dict[str, float]] = page.eval_on_selector_all(
        selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })")
    return got


def on_screen(page: Any, box: dict[str, float]) -> bool:
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= h + 0.5 \
        and box["right"] <= w + 0.5


def until_facing_a_raise(page: Any) -> dict[str, Any]:
    """Keep, check and call (the buttons, as a person taps them) until the seat may raise a
    bet made before it: its turn with the most buttons."""
    for _ in range(40):
        s = until_my_turn(page)
        kinds = {m["kind"] for m in described(page)["moves"]}
        if {"call", "raise"} <= kinds:
            return s
        move = next(m for verb in ("call", "check", "keep") for m in s["legal"]
                    if m.split()[0] == verb)
        click_move(page, move)
        wait_version(page, s["version"])
    raise AssertionError("no raise came to answer")


@pytest.mark.parametrize("table", TABLES, ids=[
    f"{t[0]}-{t[1]}{'-' + t[2]['limit'] if 'limit' in t[2] else ''}" for t in TABLES])
def test_the_whole_hand_and_the_moves_are_on_the_first_screen_of_a_phone(
        browser: Any, web: Any, table: tuple[str, int, dict[str, Any], int]) -> None:
    game, players, options, seed = table
    tid, token = person_and_bots(web, game, players, options, seed)
    watch = Watch(web.url)
    for viewport in PHONES:
        ctx = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
        try:
            page = watch.attach(ctx.new_page())
            page.goto(f"{web.url}/t/{tid}?token={token}")
            if "limit" in options:
                until_facing_a_raise(page)
                assert page.locator(".moves .move-row button.move").count() >= 6
                assert page.locator(".moves .amount-control").count() == 1
            else:
                until_my_turn(page)
            page.wait_for_selector(".hand button.card")
            # Scrolled to the foot of the page and back: the hand stays where it is.
            for scroll in ("document.body.scrollHeight", "0"):
                page.evaluate(f"() => window.scrollTo(0, {scroll})")
                cards = boxes(page, ".hand button.card")
                hand = described(page)["board"]["hand"]
                assert len(cards) == len(hand) > 0
                assert all(on_screen(page, b) for b in cards), (viewport, cards)
                moves = boxes(page, ".moves .move-row button, .moves .all-moves summary")
                assert moves and all(on_screen(page, b) for b in moves), (viewport, moves)
                # The moves stand on the hand with no gap for the board to show through.
                [dock_moves], [dock_hand] = boxes(page, ".dock-moves"), boxes(page, ".dock-hand")
                assert dock_moves["bottom"] >= dock_hand["top"], (dock_moves, dock_hand)
                # Between the status bar and the dock, at least a fifth of the screen is left
                # to the table: a hand of seven sound cards and the draw's two buttons left a
                # tenth (170-210 px cards in two rows), a buying window's five lines and three
                # buttons a fifth less 4 px, Daylily's ten named cards (three rows of four on
                # the narrower phone) with the draw's two long buttons on rows of their own
                # less than an eighth, a pot-limit raise of Day (six buttons, then the amount's
                # words, box, slider and Hint on rows of their own) a sixth of a 360x740 one.
                [bar] = boxes(page, ".statusbar")
                left = dock_moves["top"] - bar["bottom"]
                assert left >= viewport["height"] / 5, (viewport, bar, dock_moves)
            # Day's first decision is about the dealer's cards: on a phone's first screen they
            # show whole above the dock, the seats made small (a line or two each) to leave room.
            if game == "day" and viewport["height"] >= 844 and "limit" not in options:
                page.evaluate("() => window.scrollTo(0, 0)")
                [dock] = boxes(page, ".dock-moves")
                piles = boxes(page, ".board .pile")
                assert piles and all(b["top"] >= 0 and b["bottom"] <= dock["top"]
                                     for b in piles), (viewport, piles, dock)
        finally:
            ctx.close()
    watch.check()


def hand_codes(page: Any) -> list[str]:
    got: list[str] = page.eval_on_selector_all(".hand button.card",
                                               "els => els.map(e => e.dataset.card)")
    return got


def test_a_hand_sorted_and_dragged_stays_so_for_the_seat(browser: Any, web: Any) -> None:
    tid, token = person_and_bots(web, "liverpool", 3, {}, 11)
    ctx = browser.new_context(viewport=PHONES[1], is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        until_my_turn(page)
        faces = page.evaluate("() => window.cardtable.faces")
        page.click(".hand-sorts button[data-sort=rank]")
        by_rank = hand_codes(page)
        assert [faces[c]["sort"]["rank"] for c in by_rank] == sorted(
            faces[c]["sort"]["rank"] for c in by_rank)
        page.click(".hand-sorts button[data-sort=suit]")
        by_suit = hand_codes(page)
        assert [faces[c]["sort"]["suit"] for c in by_suit] == sorted(
            faces[c]["sort"]["suit"] for c in by_suit)
        assert by_rank != by_suit
        # A finger drags the first card past the third (pointer events of a touch).
        page.evaluate("""() => {
          const cards = [...document.querySelectorAll('.hand button.card')];
          const a = cards[0].getBoundingClientRect(), b = cards[2].getBoundingClientRect();
          const at = (el, type, x, y) => el.dispatchEvent(new PointerEvent(type, {bubbles: true,
            pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y}));
          at(cards[0], 'pointerdown', a.left + 5, a.top + 5);
          at(cards[0], 'pointermove', a.left + 20, a.top + 8);
          at(cards[0], 'pointermove', b.right - 4, b.top + b.height / 2);
          at(cards[0], 'pointerup', b.right - 4, b.top + b.height / 2);
        }""")
        dragged = hand_codes(page)
        assert dragged == [by_suit[1], by_suit[2], by_suit[0], *by_suit[3:]], (by_suit, dragged)
        assert page.locator(".hand button.card[aria-pressed=true]").count() == 0  # no tap
        assert page.get_attribute(".hand-sorts button[data-sort=mine]", "aria-pressed") == "true"
        # The same seat on this device, after a reload: the same order.
        page.reload()
        page.wait_for_selector(".hand button.card")
        wait_state(page)
        assert hand_codes(page) == dragged
    finally:
        ctx.close()


def test_the_status_bar_shows_an_outage_on_a_scrolled_phone_and_clears_it(
        browser: Any, web: Any) -> None:
    tid, token = person_and_bots(web, "dummy-rummy", 10, {}, 3)
    ctx = browser.new_context(viewport=PHONES[0], is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        s = until_my_turn(page)
        turn = page.inner_text(".statusbar .bar-turn").strip("●")
        assert turn in ("Your move", "Your answer")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        # The server gone: no connection opens, and a move finds nobody to answer.
        page.evaluate("""() => { window.realWS = window.WebSocket; window.realFetch = window.fetch;
          window.WebSocket = class { constructor() { setTimeout(() => this.onclose &&
            this.onclose({code: 1006}), 10); } close() {} };
          window.fetch = () => Promise.reject(new TypeError('offline'));
          window.cardtable.ws.close(); }""")
        page.wait_for_selector(".statusbar .bar-outage")
        page.locator(".moves .move-row button[data-move]").first.evaluate("b => b.click()")
        page.wait_for_function("() => /cannot be reached/.test("
                               "document.querySelector('.message').textContent)")
        for sel in (".statusbar .bar-outage", "#conn"):
            box = boxes(page, sel)[0]
            assert on_screen(page, box), (sel, box)
        assert "cannot be reached" in page.inner_text(".statusbar .bar-outage")
        # Back: the page reconnects by itself, and the outage's words go.
        page.evaluate("() => { window.WebSocket = window.realWS;"
                      " window.fetch = window.realFetch; }")
        page.wait_for_selector("#conn[data-state=online]", timeout=15_000)
        page.wait_for_selector(".statusbar .bar-outage", state="detached")
        assert "cannot be reached" not in (page.text_content(".message") or "")
        assert wait_state(page)["version"] == s["version"]
    finally:
        ctx.close()


def test_your_turn_can_beep_and_buzz_once_turned_on(browser: Any, web: Any) -> None:
    tid, token = person_and_bots(web, "liverpool", 3, {}, 5, think=0.2)
    ctx = browser.new_context(viewport=PHONES[0], is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.add_init_script("navigator.vibrate = (p) => { window.buzzed = (window.buzzed || 0)"
                             " + 1; return true; };")
        page.goto(f"{web.url}/t/{tid}?token={token}")
        s = until_my_turn(page)
        bar = "window.cardtable.status"
        assert page.evaluate(f"() => ({bar}).alerts") == {"sound": False, "vibrate": False}
        page.click(".statusbar [data-alert=sound]")  # the tap that lets the page sound
        page.click(".statusbar [data-alert=vibrate]")
        page.wait_for_function(f"() => ({bar}).audio && ({bar}).audio.state === 'running'")
        beeps = page.evaluate(f"() => ({bar}).beeps")
        buzzes = page.evaluate("() => window.buzzed || 0")
        while my_turn(state(page)):  # play on until the bots have moved and it is ours again
            s = take_turn(page)
        until_my_turn(page)
        assert page.evaluate(f"() => ({bar}).beeps") > beeps
        assert page.evaluate("() => window.buzzed || 0") > buzzes
        page.reload()  # kept in this browser
        wait_state(page)
        assert page.evaluate(f"() => ({bar}).alerts") == {"sound": True, "vibrate": True}
        del s
    finally:
        ctx.close()


def test_the_last_move_shows_where_it_happened_and_since_your_turn(browser: Any,
                                                                    web: Any) -> None:
    tid, token = person_and_bots(web, "liverpool", 3, {}, 5, think=0.3)
    watch = Watch(web.url)
    for motion in ("no-preference", "reduce"):
        ctx = browser.new_context(viewport=PHONES[1], reduced_motion=motion)
        try:
            page = watch.attach(ctx.new_page())
            page.goto(f"{web.url}/t/{tid}?token={token}")
            # Play until the bots have moved in between (a discard at least): its card
            # arrives on the pile with a ring.
            for _ in range(20):
                until_my_turn(page)
                while my_turn(state(page)):
                    take_turn(page)
                s = until_my_turn(page)
                if page.evaluate("() => { const c = window.cardtable; return c.log.slice("
                                 "c.lastMine() + 1).some(l => l.kind === 'discarded'); }"):
                    break
            page.wait_for_selector(".card.arrived")
            played = page.evaluate("() => window.cardtable.motion.played")
            if motion == "reduce":
                assert played == 0
            else:
                assert played > 0
            # The strip says the newest of the moves since your own, as the log has them.
            page.wait_for_function("""() => { const c = window.cardtable;
              const since = c.log.slice(c.lastMine() + 1).map(l => c.cardsNamed(l.text));
              const shown = [...document.querySelectorAll('.since-moves li:not(.since-more)')]
                .map(li => li.textContent);
              return shown.length > 0 && shown.join('|') === since.slice(-shown.length).join('|')
                && shown.at(-1) === since.at(-1); }""")
            assert "Since your turn" in page.inner_text(".since-strip")
            box = boxes(page, ".since-strip")[0]
            assert box["top"] < page.viewport_size["height"]
            del s
        finally:
            ctx.close()
    watch.check()


def test_the_discard_phase_marks_only_discards_and_the_log_counts_on_past_150(
        browser: Any, web: Any) -> None:
    # A match played to its end by stand-ins: hundreds of log lines.
    tid, token = person_and_bots(web, "dummy-rummy", 4,
                                 {"contracts": "1S+1R", "deal_sizes": "11"}, 3)
    auth = {"Authorization": f"Bearer {token}"}
    ctx = browser.new_context(viewport=PHONES[0])
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        s = until_my_turn(page)
        # In the discard phase only the cards that may be discarded are marked playable.
        while not any(m.startswith("discard") for m in s["legal"]):
            s = take_turn(page)
            s = until_my_turn(page)
        board = described(page)["board"]
        marked = set(board["marked"]["cards"])
        shown = page.eval_on_selector_all(".hand button.card.playable",
                                          "els => els.map(e => e.dataset.card)")
        assert set(shown) == marked & set(board["hand"])
        r = httpx.post(f"{web.url}/api/tables/{tid}/leave", headers=auth, timeout=10)
        assert r.status_code == 200, r.text
        page.wait_for_function("() => window.cardtable.state && window.cardtable.state.over",
                               timeout=120_000)
        page.wait_for_function("() => window.cardtable.log.length > 150")
        total = page.evaluate("() => window.cardtable.log.length")
        numbers = page.eval_on_selector_all(".log-lines .log-n",
                                            "els => els.map(e => e.textContent)")
        assert numbers[-1] == f"{total}." and len(numbers) == 150
        # three digits whole: the number's box lies inside the log's
        inside = page.evaluate("""() => { const log = document.querySelector('.log-lines')
          .getBoundingClientRect(); return [...document.querySelectorAll('.log-n')].every(n =>
          n.getBoundingClientRect().left >= log.left && n.scrollWidth <= n.clientWidth + 1); }""")
        assert inside
    finally:
        ctx.close()


# The contrast of each text of the cards in the piles nobody can take from now, against the
# card: its colour (alpha blended over the card) by the WCAG formula.
CONTRASTS = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const out = [];
  for (const pile of document.querySelectorAll('button.pile:disabled')) {
    for (const card of pile.querySelectorAll('.card')) {
      const bg = rgb(getComputedStyle(card).backgroundColor);
      for (const el of card.querySelectorAll('span')) {
        if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        const [r, g, b, a = 1] = rgb(getComputedStyle(el).color);
        const o = Number(getComputedStyle(pile).opacity) * a;
        const fg = [r, g, b].map((c, i) => c * o + bg[i] * (1 - o));
        const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        out.push([el.textContent, (hi + 0.05) / (lo + 0.05)]);
      }
    }
  }
  return out; }"""


def test_the_discard_pile_keeps_full_contrast_when_it_cannot_be_taken(browser: Any,
                                                                      web: Any) -> None:
    # Daylily: once the seat has drawn, the discard pile cannot be taken until its discard.
    tid, token = person_and_bots(web, "daylily", 3, {"rounds": 1}, 7)
    ctx = browser.new_context(viewport=PHONES[1])
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        s = until_my_turn(page)
        while not page.locator("button.pile[data-pile=discard]:disabled .card").count():
            s = take_turn(page)
            s = until_my_turn(page)
        got = page.evaluate(CONTRASTS)
        assert got and all(ratio >= 4.5 for _, ratio in got), got
        del s
    finally:
        ctx.close()


def test_a_bet_of_any_size_by_slider_or_box_and_one_button_a_move(browser: Any,
                                                                   web: Any) -> None:
    tid, token = person_and_bots(web, "day", 3, {"limit": "no", "hands": 2, "stack": 20}, 4)
    ctx = browser.new_context(viewport=PHONES[1], is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        for _ in range(30):
            s = until_my_turn(page)
            if page.locator(".amount-control").count():
                break
            take_turn(page)
        control = page.locator(".amount-control").first
        low = int(control.locator("input.amount").get_attribute("min") or 0)
        high = int(control.locator("input.amount").get_attribute("max") or 0)
        assert high > low
        pick = (low + high) // 2
        control.locator("input.amount-slider").fill(str(pick))
        assert control.locator("input.amount").input_value() == str(pick)
        assert on_screen(page, boxes(page, ".amount-control input.amount-slider")[0])
        # No two buttons of the moves make one move.
        made = page.eval_on_selector_all(".moves button[data-move]",
                                         "els => els.map(e => e.dataset.move)")
        moves = {m["move"]: m for m in described(page)["moves"]}
        assert not any(moves[m].get("same_as") in made for m in made if m in moves)
        control.locator("button").click()
        after = wait_state(page)
        page.wait_for_function("v => window.cardtable.state.version > v", arg=s["version"])
        assert str(pick) in page.evaluate("() => window.cardtable.log.at(-1).text") or \
            any(str(pick) in line for line in page.evaluate(
                "() => window.cardtable.log.slice(-4).map(l => l.text)"))
        del after
    finally:
        ctx.close()


def test_a_player_out_of_chips_sees_so(browser: Any, web: Any) -> None:
    # Seed 9: the seat's stand-in (greedy) loses its three chips in the first hands, and the
    # two others play on.
    tid, token = person_and_bots(web, "day", 3, {"limit": "no", "hands": 6, "stack": 3, "ante": 1},
                            9, think=0.4)
    ctx = browser.new_context(viewport=PHONES[1], is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{tid}?token={token}")
        wait_state(page)
        r = httpx.post(f"{web.url}/api/tables/{tid}/leave",
                       headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert r.status_code == 200, r.text
        page.wait_for_selector(".dock .out-state", timeout=60_000)
        assert not (state(page) or {"over": True})["over"]
        assert "You are out" in page.inner_text(".dock .out-state")
        assert on_screen(page, boxes(page, ".dock .out-state")[0])
    finally:
        ctx.close()


def test_the_end_of_the_match_comes_into_view_with_play_again_focused(browser: Any,
                                                                       web: Any) -> None:
    # Say Rummy, two games: the first game's summary opens as a dialog and is read; the
    # second ends the match while the person, scrolled down by the log, plays their last card.
    tid, token = person_and_bots(web, "say-rummy", 3, {"games": 2}, 7)
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=PHONES[0], is_mobile=True, has_touch=True)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{tid}?token={token}")
        deadline = time.monotonic() + 240
        most_open = 0
        while time.monotonic() < deadline:
            most_open = max(most_open, page.locator("dialog[open]").count())
            dismiss_dialogs(page)
            s = state(page)
            if s and s["over"]:
                break
            if my_turn(s):
                page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
                take_turn(page)
            else:
                page.wait_for_timeout(40)
        assert s and s["over"], "the match did not end"
        # The result is brought into view under the bars, Play again focused: the page had
        # stayed scrolled at the hand, the result above the screen and the focus on a card.
        page.wait_for_function("() => document.activeElement"
                               " && document.activeElement.matches('section.end button.again')",
                               timeout=10_000)
        page.wait_for_timeout(300)
        assert page.locator("dialog[open]").count() == 0  # the last game's summary: the box's
        assert most_open <= 1
        [bar], [dock] = boxes(page, ".statusbar"), boxes(page, ".dock-moves")
        for sel in ("section.end h2", "section.end button.again"):
            [box] = boxes(page, sel)
            assert box["top"] >= bar["bottom"] - 0.5 and box["bottom"] <= dock["top"] + 0.5, (
                sel, box, bar, dock)
        winners = page.evaluate("() => window.cardtable.state.winners"
                                ".map(w => window.cardtable.meta.names[w])")
        assert winners and all(w in page.inner_text("section.end h2") for w in winners)
        # The dock and the status bar say who won too; the dock brings the result back to a
        # person who scrolled away from it.
        prompt = page.inner_text(".dock .prompt")
        assert "won" in prompt and all(w in prompt for w in winners), prompt
        assert "won" in page.inner_text(".statusbar .bar-turn")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        page.evaluate("() => document.activeElement.blur()")
        page.click(".dock button.to-end")
        page.wait_for_function("() => { const r = document.querySelector('section.end h2')"
                               ".getBoundingClientRect(); return r.top >= 0"
                               " && r.bottom <= innerHeight; }")
        assert page.evaluate("() => document.activeElement.matches('section.end button.again')")
    finally:
        ctx.close()
    watch.check()
