"""The table by keyboard alone, in a real browser: a whole Liverpool deal and a Day hand played
against bots with keys only (Tab, the arrows, Space, Enter, Escape and the games' own letters;
no click anywhere), the focus going to the next useful control after each move, so a move takes
a few key presses rather than a walk from the top of the page; and the lobby, which redraws its
list of tables every few seconds, keeping the focus where it was."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from axe_kit import assert_no_violations
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    described,
    my_turn,
    parsed,
    seat_tokens,
    settled,
    state,
    wait_state,
    wait_version,
    web_fixture,  # noqa: F401
)

from typed_kit import shared_words, typed_form

FOCUSED = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  return {tag: e.tagName, cls: e.className, card: e.dataset.card || null,
          move: e.dataset.move || null, pile: e.dataset.pile || null,
          target: e.dataset.target || null, text: (e.textContent || '').slice(0, 60),
          inHand: !!e.closest('.hand'), inMoves: !!e.closest('.moves')}; }"""


class Keys:
    """A person at the keyboard: every press counted, Tab pressed until the control wanted has
    the focus (never a click)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.presses = 0
        self.tabs = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1
        self.tabs += key == "Tab"

    def focused(self) -> dict[str, Any] | None:
        got: dict[str, Any] | None = self.page.evaluate(FOCUSED)
        return got

    def is_on(self, selector: str) -> bool:
        return bool(self.page.evaluate(
            "s => !!document.activeElement && document.activeElement.matches(s)", selector))

    def tab_to(self, selector: str, limit: int = 80) -> None:
        for _ in range(limit):
            if self.is_on(selector):
                return
            self.press("Tab")
        raise AssertionError(f"Tab never reached {selector}; at {self.focused()}")

    def pick(self, card: str) -> None:
        """Walk the hand with the arrow keys to a card not yet picked, and pick it (Space)."""
        self.tab_to(".hand button.card")
        cards: list[dict[str, Any]] = self.page.eval_on_selector_all(
            ".hand button.card", "els => els.map(e => ({card: e.dataset.card,"
            " picked: e.getAttribute('aria-pressed') === 'true',"
            " on: e === document.activeElement}))")
        at = next(i for i, c in enumerate(cards) if c["on"])
        to = next(i for i, c in enumerate(cards) if c["card"] == card and not c["picked"])
        for _ in range(abs(to - at)):
            self.press("ArrowRight" if to > at else "ArrowLeft")
        assert self.focused()["card"] == card  # type: ignore[index]
        self.press("Space")
        self.page.wait_for_function(
            "c => document.activeElement && document.activeElement.dataset.card === c"
            " && document.activeElement.getAttribute('aria-pressed') === 'true'", arg=card)


def letter_of(page: Any, move: str) -> str | None:
    """The one-letter key the game gives the move, if no other move has it."""
    moves = described(page)["moves"]
    key = next((m.get("key") for m in moves if m["move"] == move), None)
    if not key or len(key) != 1 or sum(m.get("key") == key for m in moves) != 1:
        return None
    return str(key)


def key_move(keys: Keys, move: str) -> None:
    """Make ``move`` with keys alone: its letter, or its pile or button reached by Tab, or its
    cards picked in the hand (then its meld) and its button."""
    page = keys.page
    p = parsed(page, move)
    listed = {m["move"] for m in described(page)["moves"]}
    if move not in listed:  # a bet of a size of its own: the amount box, typed, then Enter
        template = next(m for m in described(page)["moves"] if "amount" in m
                        and move.split()[0] == m["move"].split()[0])
        keys.tab_to(f'input.amount[data-amount="{template["move"]}"]')
        keys.press("Control+a")
        for ch in move.split()[-1]:
            keys.press(ch)
        keys.press("Enter")
        return
    letter = letter_of(page, move)
    if letter:
        keys.press(letter)
        return
    if p["cards"]:
        keys.press("Escape")  # nothing picked to begin with
        for card in p["cards"]:
            keys.pick(card)
        if p.get("target") and page.locator(f'.meld[data-target="{p["target"]}"]').count():
            keys.tab_to(f'.meld[data-target="{p["target"]}"]')
            keys.press("Enter")
            page.wait_for_selector(f'.meld.targeted[data-target="{p["target"]}"]')
        if page.locator(f'.matching button[data-move="{move}"]').count():
            keys.tab_to(f'.matching button[data-move="{move}"]')
            keys.press("Enter")
            return
    elif page.locator(f'button.pile[data-move="{move}"]:not([disabled])').count():
        keys.tab_to(f'button.pile[data-move="{move}"]')
        keys.press("Enter")
        return
    elif page.locator(f'.moves .move-row button[data-move="{move}"]').count():
        keys.tab_to(f'.moves .move-row button[data-move="{move}"]')
        keys.press("Enter")
        return
    if not page.locator(".all-moves[open]").count():  # the list of every move has it
        keys.tab_to(".all-moves summary")
        keys.press("Enter")
    keys.tab_to(f'.all-moves button[data-move="{move}"]')
    keys.press("Enter")


def key_turn(keys: Keys) -> dict[str, Any]:
    """One turn by keys: `h` asks for the hint (the greedy bot), whose move is then made."""
    page = keys.page
    s = wait_state(page)
    settled(page)
    keys.press("h")
    deadline = time.monotonic() + 10
    move = None
    while time.monotonic() < deadline:
        got = state(page)
        if got and got["version"] != s["version"]:
            return got  # a window closed under us
        if got and got["hint"]:
            move = got["hint"]
            break
        page.wait_for_timeout(30)
    assert move is not None and move in s["legal"], (move, s["legal"])
    key_move(keys, move)
    after = wait_version(page, s["version"])
    # The move made, the focus is on the table's next useful control, not the page's top.
    settled(page)
    page.wait_for_timeout(50)
    spot = keys.focused()
    assert spot is not None, f"the focus fell to the page's top after {move!r}"
    if my_turn(state(page)) and not page.locator("dialog[open]").count():
        assert spot["inHand"] or spot["inMoves"] or spot["pile"], (move, spot)
    return after


CASES = {
    # a whole deal of Liverpool's first contract (two sets), buying windows and all
    "liverpool": (3, {"contracts": "2S", "deal_sizes": "12"}, 16),
    # a hand of Day: bets, calls, the showdown
    "day": (3, {"hands": 2, "limit": "pot", "stack": 20}, 4),
}


@pytest.mark.parametrize("game", list(CASES))
def test_a_round_played_with_keys_alone(browser: Any, web: Any, game: str) -> None:
    players, options, seed = CASES[game]
    r = httpx.post(web.url + "/api/tables", timeout=30, json={
        "game": game, "players": players, "seed": seed, "options": options,
        "seats": ["human"] + ["greedy"] * (players - 1), "table": {"think": 0, "window": 30}})
    assert r.status_code == 201, r.text
    made = r.json()
    token = seat_tokens(web.url, made)[0]
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{made['table']}?token={token}")
        wait_state(page)
        keys = Keys(page)
        turns = 0
        checked = False  # axe, once, with cards picked and melds to lay them on
        for _ in range(3000):
            s = state(page)
            results = page.evaluate("() => (window.cardtable.described() || {}).results || []")
            if (s and s["over"]) or len(results) >= 1:
                break
            if page.locator("dialog[open]").count():
                keys.press("Escape")  # a summary closes by Escape
                continue
            if not checked and page.locator(".meld.targetable, .matching").count():
                assert_no_violations(page, f"the {game} table with a move being made")
                checked = True
            if my_turn(s):
                key_turn(keys)
                turns += 1
            else:
                page.wait_for_timeout(30)
        else:
            raise AssertionError("the round never ended")
        assert len(results) >= 1 or state(page)["over"]  # type: ignore[index]
        assert turns >= 2, turns
        assert checked or game == "day"  # Day lays no meld
        tabs = keys.tabs / turns
        print(f"{game}: {turns} moves by keys alone, {keys.presses} presses,"
              f" {keys.tabs} of them Tab ({tabs:.1f} a move)")
        assert tabs <= 5, tabs  # 14-15 Tab presses an action, from the page's top, before
        if page.locator("dialog[open]").count():  # the round's summary, closed by Escape
            keys.press("Escape")
            page.wait_for_function("() => !document.querySelector('dialog[open]')")
        watch.check()
    finally:
        ctx.close()


# Where the focus is, by the part of the table it is in: the order Tab walks them is the page's
# promise (docs/web.md: hand, piles, melds, moves).
REGION = """() => { const e = document.activeElement; if (!e || e === document.body) return 'none';
  for (const [sel, name] of [['.hand', 'hand'], ['.piles', 'piles'], ['.melds', 'melds'],
                             ['.moves', 'moves'], ['.log, .scores', 'side']])
    if (e.closest(sel)) return name;
  return 'other: ' + e.tagName + '.' + e.className; }"""


def test_tab_goes_hand_piles_melds_moves(browser: Any, web: Any) -> None:
    # A Dummy Rummy turn with melds to play on (a joker to swap, test_web_moves's deal), and the
    # discard pile's whole list to open: every part of the table has something to Tab to.
    from test_web_moves import SWAP_OPTIONS, SWAP_SEED, moves_to_a_swap

    moves, legal = moves_to_a_swap(2, 0)
    r = httpx.post(web.url + "/api/tables", timeout=30, json={
        "game": "dummy-rummy", "players": 2, "seed": SWAP_SEED,
        "options": {k: int(v) if k == "jokers" else v for k, v in SWAP_OPTIONS.items()},
        "seats": ["human", "human"], "table": {"think": 0}})
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = seat_tokens(web.url, made)
    for seat, version, move in moves:
        got = httpx.post(f"{web.url}/api/tables/{made['table']}/actions",
                         json={"action": move, "version": version},
                         headers={"authorization": f"Bearer {tokens[seat]}"}, timeout=10)
        assert got.status_code == 200, (move, got.text)
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{made['table']}?token={tokens[0]}")
        s = wait_version(page, moves[-1][1])
        assert my_turn(s) and sorted(s["legal"]) == sorted(legal)
        settled(page)
        keys = Keys(page)
        swap = next(m for m in legal if m.startswith("swap "))
        keys.pick(swap.split()[1])  # a card picked: the melds it can go on are buttons
        settled(page)
        walked = ["hand"]  # from the card just picked, on
        for _ in range(80):
            keys.press("Tab")
            region = page.evaluate(REGION)
            if region == "side":
                break
            if walked[-1] != region:
                walked.append(region)
        shown = [r for r in walked if r in ("hand", "piles", "melds", "moves")]
        assert shown == ["hand", "piles", "melds", "moves"], walked
        # and back: Shift+Tab from the moves walks the same parts the other way, to the hand
        back: list[str] = []
        for _ in range(80):
            keys.press("Shift+Tab")
            region = page.evaluate(REGION)
            if not back or back[-1] != region:
                back.append(region)
            if region == "hand":
                break
        assert [r for r in back if r in ("hand", "piles", "melds", "moves")] == [
            "moves", "melds", "piles", "hand"], back
        watch.check()
    finally:
        ctx.close()


# ---- a move typed by the game's keys --------------------------------------------------------

def test_moves_typed_by_the_games_keys_as_in_the_terminal(browser: Any, web: Any) -> None:
    """Say Rummy: `/` opens a box where a move is typed as the terminal takes it (`w` and the
    sounds of a word, `x` and a card), in any case and, where it does not matter, in any order;
    Enter plays it and the box keeps the focus for the next; a move that is not legal is
    refused in words with the text left to mend; Escape closes the box. Before, only the moves
    with a one-letter key could be played by their key."""
    r = httpx.post(web.url + "/api/tables", timeout=30, json={
        "game": "say-rummy", "players": 2, "seed": 4, "seats": ["human", "greedy"],
        "table": {"think": 0}})
    assert r.status_code == 201, r.text
    made = r.json()
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    sent: list[dict[str, Any]] = []
    token = seat_tokens(web.url, made)[0]
    try:
        page = watch.attach(ctx.new_page())
        page.on("request", lambda q: sent.append(json.loads(q.post_data))
                if q.method == "POST" and q.url.endswith("/actions") else None)
        page.goto(f"{web.url}/t/{made['table']}?token={token}")
        keys = Keys(page)
        several = 0
        asked = False  # a move typed too short to tell which
        for _ in range(12):  # my decisions, each typed
            deadline = time.monotonic() + 30
            s = wait_state(page)
            while not my_turn(s) and not s["over"] and time.monotonic() < deadline:
                page.wait_for_timeout(30)
                s = wait_state(page)
            if s["over"]:
                break
            while page.locator("dialog[open]").count():  # a round's summary: Escape closes it
                keys.press("Escape")
                page.wait_for_timeout(100)
            assert my_turn(s)
            settled(page)
            if not keys.is_on("input.typed-move"):
                keys.press("/")
                page.wait_for_function("() => document.activeElement"
                                       " && document.activeElement.matches('input.typed-move')")
            moves = [m for m in described(page)["moves"] if m.get("key") and "amount" not in m]
            longer = [m for m in moves if len(m["key"].split()) > 1]
            vague = shared_words(longer) if not asked else None
            if vague:  # typed too little: the moves it could be are named, none is made
                page.fill("input.typed-move", vague[0])
                keys.press("Enter")
                page.wait_for_function("() => /could be \\d+ moves/.test("
                                       "document.querySelector('.message').textContent)")
                fitting = len({m["move"] for m in vague[1]})
                assert f"could be {fitting} moves" in (page.text_content(".message") or "")
                assert state(page)["version"] == s["version"]  # type: ignore[index]
                page.fill("input.typed-move", "")
                asked = True
            move = (longer or moves)[0]
            several += move in longer
            page.keyboard.type(typed_form(move))  # the sounds' own letters (ə, ʃ) too
            keys.press("Enter")
            wait_version(page, s["version"])
            # The words go as typed, for the server to read as the terminal does (what they
            # read as: tests/test_typed_moves.py), which played a move of mine on them.
            assert sent[-1]["typed"] == typed_form(move), sent[-1]
            assert keys.is_on("input.typed-move")  # ready for the next
        assert several >= 2 and asked, (several, asked)
        # A word the hand cannot make is refused in words; the text stays to be mended.
        s = wait_state(page)
        while not my_turn(s) and not s["over"]:
            page.wait_for_timeout(30)
            s = wait_state(page)
        assert my_turn(s), s
        while page.locator("dialog[open]").count():
            keys.press("Escape")
            page.wait_for_timeout(100)
        settled(page)
        assert_no_violations(page, "the Say Rummy table with the box of a typed move open")
        page.fill("input.typed-move", "x ZZ")
        keys.press("Enter")
        page.wait_for_function("() => document.querySelector('.message.error')"
                               " && document.querySelector('.message').textContent.length > 10")
        assert page.input_value("input.typed-move") == "x ZZ"
        assert state(page)["version"] == s["version"]  # type: ignore[index]
        keys.press("Escape")
        page.wait_for_function("() => !document.querySelector('input.typed-move')")
        assert not keys.is_on("body")
        watch.check()
    finally:
        ctx.close()
