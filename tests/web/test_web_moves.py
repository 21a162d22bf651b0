"""Moves the whole-match tests may never meet, made by clicks in a real browser: a Day bet and
raise of a chosen amount through the amount box (pot and no limit), with amounts outside the
legal range refused in words before they reach the server; and a contract rummy joker swap (the
natural card, then the meld holding the joker, then the swap button), followed by the joker the
swap puts in hand laid off as the rules then demand."""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from web_kit import (  # the fixtures are used by name
    Watch,
    all_moves_clickable,
    browser_fixture,  # noqa: F401
    click_move,
    described,
    dismiss_dialogs,
    my_turn,
    person_and_bots,
    seat_tokens,
    state,
    wait_state,
    wait_version,
    web_fixture,  # noqa: F401
)
from web_kit import settled as settled_page

from cardtable.bots import Decision, make_bot
from cardtable.engine.game import load_game

DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def create_in_lobby(page: Any, web: Any, game: str, seats: list[str],
                    options: dict[str, str | bool], seed: int) -> tuple[str, list[str]]:
    """Create a table in the lobby as a person does; returns the table and each person's
    invitation code, read from the invitation links the lobby shows."""
    page.goto(web.url + "/")
    page.wait_for_selector("#game")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.click("details.options summary")
    for name, value in options.items():
        control = page.locator(f"#opt-{name}")
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    page.click("details.advanced summary")
    page.fill("#seed", str(seed))
    page.fill("#think", "0")
    page.fill("#window", "30")
    page.click("form.create-form button[type=submit]")
    page.wait_for_selector("section.created ul.invites")
    links = page.eval_on_selector_all(
        "ul.invites li:has(a[data-seat]) input.link", "els => els.map(e => e.value)")
    table = urlparse(links[0]).path.rsplit("/", 1)[-1]
    return table, [parse_qs(urlparse(link).query)["invite"][0] for link in links]


def page_token(page: Any) -> str:
    """The token of the seat a page sat down at (kept by the page, never in its address)."""
    wait_state(page)
    token: str = page.evaluate("() => window.cardtable.token")
    return token


def events_since(web: Any, table: str, token: str | None,
                 version: int) -> list[dict[str, Any]]:
    r = httpx.get(f"{web.url}/api/tables/{table}", params={"since": version},
                  headers={"authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    got: list[dict[str, Any]] = r.json()["events"]
    return got


def wait_log(page: Any, text: str, timeout: float = 10.0) -> None:
    """The move log (fetched in words after each update) comes to hold ``text``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in (page.text_content(".log-lines") or ""):
            return
        page.wait_for_timeout(30)
    log = page.text_content(".log-lines")
    raise AssertionError(f"{text!r} never reached the move log: {log!r}")


# ---- Day: the amount box --------------------------------------------------------------------

def chosen_amount(lo: int, hi: int, listed: set[int]) -> int:
    """A legal amount a few chips above the smallest that the list of moves does not name (so
    only the amount box can make it); the one amount when the range holds no other."""
    for start in (min(lo + 5, hi), lo + 1):
        for n in range(start, hi + 1):
            if n not in listed:
                return n
    return hi


def refused_in_words(page: Any, amount: str, lo: int, hi: int) -> None:
    """An amount outside the legal range (or not a whole number of chips) is explained and sent
    nowhere."""
    before = wait_state(page)["version"]
    page.fill(".amount-control input.amount", amount)
    page.click(".amount-control button")
    page.wait_for_selector(".message.error")
    assert page.text_content(".message") == f"Choose a whole number of chips from {lo} to {hi}."
    page.wait_for_timeout(200)
    after = wait_state(page)
    assert after["version"] == before and my_turn(after)


def stake_by_amount_box(page: Any, web: Any, table: str, token: str, verb: str) -> int:
    """Bet or raise (``verb``) a chosen amount with the amount box and its button; returns it
    once the server acknowledged exactly that move."""
    s = wait_state(page)
    assert my_turn(s)
    all_moves_clickable(page, s["legal"])
    lo, hi = s["view"]["table"]["raise_range"]
    # The box is the move of any size the game offers, its range the rules'.
    template = next((m for m in described(page)["moves"] if "amount" in m), None)
    if template is None:  # a range of one size: the move is a button of its own, no box
        assert lo == hi and page.locator(".amount-control").count() == 0
        click_move(page, f"{verb} {lo}")
        wait_version(page, s["version"])
        return int(lo)
    assert template["kind"] == verb.split()[0]
    assert (template["amount"]["minimum"], template["amount"]["maximum"]) == (lo, hi)
    box = page.locator(".amount-control input.amount")
    assert (box.get_attribute("min"), box.get_attribute("max")) == (str(lo), str(hi))
    assert f"from {lo} to {hi}" in (box.get_attribute("aria-label") or "")
    refused_in_words(page, str(hi + 1), lo, hi)
    refused_in_words(page, str(lo - 1), lo, hi)
    refused_in_words(page, f"{lo}.5", lo, hi)
    listed = {int(m.rsplit(" ", 1)[1]) for m in s["legal"] if m.startswith(verb + " ")}
    amount = chosen_amount(lo, hi, listed)
    if hi - lo > 1:
        assert lo < amount < hi and amount not in listed, (lo, hi, listed, amount)
    # Typed as a person types it; the table redraws midway (here: the log in words catching
    # up, as after every update), and the typed digits and the focus stay in the box.
    box.fill("")
    page.keyboard.type(str(amount)[:1])
    page.evaluate("() => window.cardtable.fetchExtra()")
    page.keyboard.type(str(amount)[1:])
    assert box.input_value() == str(amount)
    assert page.evaluate("() => document.activeElement.matches('.amount-control input.amount')")
    if verb == "bet":
        page.click(".amount-control button")
    else:  # Enter in the box makes the move too, as in any form
        page.keyboard.press("Enter")
    after = wait_version(page, s["version"])
    assert page.text_content(".message") == ""
    seat = s["seat"]
    made = [e for e in events_since(web, table, token, s["version"])
            if e.get("seat") == seat and e["kind"] in ("bet", "raised")]
    if verb == "bet":
        assert [(e["kind"], e["amount"]) for e in made] == [("bet", amount)], made
        wait_log(page, f"bet {amount}.")
    else:
        assert [(e["kind"], e["to"]) for e in made] == [("raised", amount)], made
        wait_log(page, f"raised to {amount}.")
    assert after["view"]["table"]["this_round"][seat] == amount
    return amount


@pytest.mark.parametrize("limit", ["no", "pot"])
def test_day_bet_and_raise_of_a_chosen_amount_by_the_amount_box(
        browser: Any, web: Any, limit: str) -> None:
    watch = Watch(web.url)
    ctx_a = browser.new_context(viewport=DESK)
    ctx_b = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        a = watch.attach(ctx_a.new_page())
        table, invites = create_in_lobby(a, web, "day", ["human", "human"],
                                         {"limit": limit, "hands": "1"}, seed=5)
        a.click("ul.invites a.button[data-seat='0']")
        b = watch.attach(ctx_b.new_page())
        b.goto(f"{web.url}/t/{table}?invite={invites[1]}")
        tokens = [page_token(a), page_token(b)]
        pages = {wait_state(a)["seat"]: a, wait_state(b)["seat"]: b}
        assert set(pages) == {0, 1}

        def to_act() -> tuple[int, Any, dict[str, Any]]:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                for seat, page in pages.items():
                    s = state(page)
                    if my_turn(s):
                        assert s is not None
                        return seat, page, s
                a.wait_for_timeout(30)
            raise AssertionError("nobody's move came")

        # The substitution: both keep their cards (a button each). The heading names the phase
        # as the rules' noun, like the betting rounds after it.
        seat, page, s = to_act()
        assert page.inner_text("h1.status") == described(page)["board"]["status"]
        while "keep" in s["legal"]:
            click_move(page, "keep")
            wait_version(page, s["version"])
            seat, page, s = to_act()
        assert s["view"]["table"]["phase"] == "first betting"
        assert page.inner_text("h1.status") == described(page)["board"]["status"]

        # The first to act opens with a chosen amount; the other raises to a chosen amount.
        opener = seat
        stake_by_amount_box(page, web, table, tokens[seat], "bet")
        seat, page, s = to_act()
        assert seat != opener and any(m.startswith("raise to ") for m in s["legal"])
        stake_by_amount_box(page, web, table, tokens[seat], "raise to")
        seat, page, s = to_act()
        assert seat == opener and "call" in s["legal"]
        # A raise of a chosen size typed by its key, as in the terminal: "/", then "R 12".
        template = next((m for m in described(page)["moves"] if "amount" in m), None)
        assert template is not None or limit == "pot", described(page)["moves"]
        if template is not None:
            low = template["amount"]["minimum"]
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.keyboard.press("/")
            page.wait_for_selector("input.typed-move:focus")
            page.keyboard.type(str(template["key"]).replace("{amount}", str(low)).upper())
            page.keyboard.press("Enter")
            wait_version(page, s["version"])
            made = [e for e in events_since(web, table, tokens[seat], s["version"])
                    if e.get("seat") == seat and e["kind"] == "raised"]
            assert [e["to"] for e in made] == [low], made
        watch.check()
    finally:
        ctx_a.close()
        ctx_b.close()


# ---- Dummy Rummy: a joker swap ---------------------------------------------------------------

# Jokers are not in Dummy Rummy's pack by default: four are added, and swaps turned on. With this
# seed two greedy players reach, by the tenth move, a turn in which the first player (down) may
# swap a natural card for the joker it stands for in a run (found offline; the test replays the
# same moves with the engine to know them).
SWAP_OPTIONS: dict[str, str | bool] = {"contracts": "1S+1R", "deal_sizes": "11", "jokers": "4",
                                       "joker_swaps": True}
SWAP_SEED = 14


def moves_to_a_swap(players: int, seat: int) -> tuple[list[tuple[int, int, str]], list[str]]:
    """The greedy players' moves from the deal until ``seat`` may swap a joker: (seat, version,
    move) each, and the legal moves at that point."""
    game = load_game("dummy-rummy", players, {
        k: (int(v) if k == "jokers" else v) for k, v in SWAP_OPTIONS.items()})
    st = game.new_state(SWAP_SEED)
    bot = make_bot("greedy", game, 0)
    moves: list[tuple[int, int, str]] = []
    for _ in range(200):
        actor = st.actors[0]
        legal = [str(m) for m in st.legal_actions(actor)]
        if actor == seat and any(m.startswith("swap ") for m in legal):
            return moves, legal
        action = bot.choose(Decision.at(st, actor))
        moves.append((actor, st.version, str(action)))
        st.apply(actor, action)
    raise AssertionError(f"seed {SWAP_SEED} no longer leads to a joker swap")


def test_dummy_rummy_joker_swap_by_clicks(browser: Any, web: Any) -> None:
    moves, legal = moves_to_a_swap(2, 0)
    swaps = [m for m in legal if m.startswith("swap ")]
    # the natural card, and a meld of the other player's that holds the joker standing for it
    swap = next((m for m in swaps if m.split()[3].split(":")[0] != "0"), swaps[0])
    _, card, _, target = swap.split()

    watch = Watch(web.url)
    ctx = browser.new_context(viewport=DESK)
    try:
        page = watch.attach(ctx.new_page())
        table, invites = create_in_lobby(page, web, "dummy-rummy", ["human", "human"],
                                         SWAP_OPTIONS, SWAP_SEED)
        page.click("ul.invites a.button[data-seat='0']")
        assert wait_state(page)["seat"] == 0
        other = httpx.post(f"{web.url}/api/tables/{table}/seat", json={"invite": invites[1]},
                           timeout=10)
        tokens = [page_token(page), other.json()["token"]]
        # The moves before the swap go through the API with each seat's token.
        for seat, version, move in moves:
            r = httpx.post(f"{web.url}/api/tables/{table}/actions",
                           json={"action": move, "version": version},
                           headers={"authorization": f"Bearer {tokens[seat]}"}, timeout=10)
            assert r.status_code == 200, (move, r.text)
        s = wait_version(page, moves[-1][1])
        assert my_turn(s) and sorted(s["legal"]) == sorted(legal)
        all_moves_clickable(page, legal)

        # The swap by clicks: the natural card, then the meld with the joker, then the button.
        on = next(m["target"] for m in described(page)["moves"] if m["move"] == swap)
        meld = page.locator(f'.melds [data-target="{on}"]')
        # named for a screen reader by its content (a meld to play on: its face hidden)
        assert "joker" in meld.locator(".sr-only").inner_text()
        page.keyboard.press("Escape")
        page.locator(f'.hand button.card[data-card="{card}"]').first.click()
        offered = page.eval_on_selector_all(".matching button[data-move]",
                                            "els => els.map(e => e.dataset.move)")
        assert set(swaps) <= set(offered), offered  # each meld it could go to is on offer
        meld.click()
        assert meld.get_attribute("aria-pressed") == "true"
        button = page.locator(f'.matching button[data-move="{swap}"]')
        assert button.count() == 1
        label = next(m["label"] for m in described(page)["moves"] if m["move"] == swap)
        assert button.text_content() == label and "joker" in label
        button.click()
        after = wait_version(page, s["version"])
        swapped = [e for e in events_since(web, table, tokens[0], s["version"])
                   if e["kind"] == "joker_swapped"]
        assert [(e["seat"], e["card"], f'{e["owner"]}:{e["index"]}') for e in swapped] == [
            (0, card, target)], swapped
        # The card stands in the run now, the joker is in hand, and it must be played at once.
        shown = page.eval_on_selector_all(f'.melds [data-target="{on}"] [data-card]',
                                          "els => els.map(e => e.dataset.card)")
        assert card in shown and not any(c.startswith("JK") for c in shown), shown
        assert "JK" in after["view"]["zones"]["hand:0"]["cards"]
        # what the rules now demand is the prompt
        assert page.inner_text("p.prompt").startswith(
            "Your move. " + described(page)["board"]["prompt"])
        assert after["legal"] and all(m.startswith("lay JK on ") for m in after["legal"])
        all_moves_clickable(page, after["legal"])
        lay = next((m for m in after["legal"] if m.startswith(f"lay JK on {target}")),
                   after["legal"][0])
        click_move(page, lay)
        done = wait_version(page, after["version"])
        assert "JK" not in done["view"]["zones"]["hand:0"]["cards"]
        # The log names cards as the table shows them, with suit symbols, not typed codes.
        logged = page.locator(".log-lines li").all_text_contents()
        assert any("in place of the joker" in line and re.search(r"\d[♣♦♥♠]|[JQKA][♣♦♥♠]", line)
                   for line in logged), logged
        assert not [line for line in logged if re.search(r"\b(10|[2-9JQKA])[CDHS]\b", line)]
        watch.check()
    finally:
        ctx.close()


def test_a_buying_window_says_who_may_answer_in_plain_words(browser: Any, web: Any) -> None:
    """Liverpool: the person may buy the discard. The line over the piles says so as a sentence
    ("is for sale: you may answer"), not "You" capitalised in mid-sentence."""
    r = httpx.post(web.url + "/api/tables", timeout=30, json={
        "game": "liverpool", "players": 3, "seats": ["human", "greedy", "greedy"], "seed": 3,
        "table": {"think": 0, "window": 600}})
    assert r.status_code == 201, r.text
    made = r.json()
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{made['table']}?token={seat_tokens(web.url, made)[0]}")
        deadline = time.monotonic() + 20
        s = wait_state(page)
        while "buy" not in s["legal"] and time.monotonic() < deadline:
            page.wait_for_timeout(100)
            s = wait_state(page)
        assert "buy" in s["legal"], s["legal"]
        assert s["window"]
        line = page.locator("section.board .facts li", has_text="for sale").inner_text()
        assert re.search(r"for sale: .*\byou\b", line) and "You" not in line, line
        # The dock and the status bar agree: a window is answered ("Your answer"), the dock
        # said "Your move." under a bar saying "Your answer".
        page.wait_for_selector(".statusbar .bar-turn:has-text('Your answer')")
        assert page.inner_text(".dock .prompt strong").strip() == "Your answer."
        # A window is not a turn: the page stays where the person was reading (at a big table
        # one opens at nearly every discard). A turn would have scrolled this phone's page.
        page.wait_for_timeout(800)
        assert page.evaluate("() => window.scrollY") == 0
        watch.check()
    finally:
        ctx.close()


# ---- Say Rummy: the word said last ------------------------------------------------------------

def test_say_rummy_shows_the_last_word_laid_in_writing_when_it_cannot_speak(
        browser: Any, web: Any) -> None:
    """Headless Chromium has no voices: each word laid is spoken by the server's voice
    (espeak-ng) and written under the words as well, the note saying who speaks it
    (tests/web/test_web_sounds.py: without the server's voice, in writing only). A page opened
    after words were laid names the last of them (it once said "none yet" with two words on
    the table), and a word laid while it is open replaces it."""
    made = httpx.post(f"{web.url}/api/tables", json={
        "game": "say-rummy", "players": 2, "seats": ["human", "greedy"], "seed": 7,
        "options": {"games": 1}, "table": {"think": 0}}, timeout=30).json()
    table, token = made["table"], seat_tokens(web.url, made)[0]
    auth = {"authorization": f"Bearer {token}"}

    def play_hinted_until_a_word(since: int) -> str:
        """The person's seat plays the hint until a word is laid or grown; its first spelling."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            said = [e for e in events_since(web, table, token, since)
                    if e["kind"] in ("word_laid", "word_extended") and e.get("words")]
            if said:
                return str(said[-1]["words"][0])
            got = httpx.get(f"{web.url}/api/tables/{table}", headers=auth, timeout=10).json()
            assert not got["over"], "the game ended before a word was laid"
            if got["legal"]:
                hint = httpx.get(f"{web.url}/api/tables/{table}/hint", headers=auth,
                                 timeout=10).json()
                httpx.post(f"{web.url}/api/tables/{table}/actions", headers=auth, timeout=10,
                           json={"action": hint["action"], "version": got["version"]})
            else:
                time.sleep(0.05)
        raise AssertionError("no word was laid")

    last = play_hinted_until_a_word(-1)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{table}?token={token}")
        s = wait_state(page)
        shown = page.locator(".speech-note .spoken-word")
        assert shown.inner_text() == f"“{last}”"
        assert "spoken by the server's voice" in page.inner_text(".speech-note")
        newer = play_hinted_until_a_word(s["version"])
        page.locator(".speech-note .spoken-word", has_text=f"“{newer}”").wait_for(timeout=10_000)
    finally:
        ctx.close()


# ---- the list of every legal move ---------------------------------------------------------------

def until_my_turn(page: Any, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    s = wait_state(page)
    while not my_turn(s) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
        s = wait_state(page)
    assert my_turn(s), s
    return s


def until_listed(page: Any) -> dict[str, Any]:
    """The person's next decision with a list of every move, playing the ones before it (those
    where no move uses a card: every move is its own button, and there is no list)."""
    while True:
        s = until_my_turn(page)
        settled_page(page)
        dismiss_dialogs(page)  # a round's summary, read and closed
        if page.locator(".all-moves").count():
            return s
        assert not any(parsed_cards(page, m) for m in s["legal"]), s["legal"]
        quiet = [m for m in s["legal"] if m.startswith(("pass", "draw"))]  # not a buy
        click_move(page, (quiet or s["legal"])[0])
        wait_version(page, s["version"])


def test_the_list_of_every_legal_move_stays_as_the_person_left_it(browser: Any, web: Any) -> None:
    """Liverpool: a person who opens "All N legal moves" to read them keeps the list open while
    the table is drawn again (a hint asked for, the next decision of the same turn, the next
    turn), and once closed it stays closed. It used to fold itself away at every redraw."""
    tid, token = person_and_bots(web, "liverpool", 3, {}, 5)
    watch = Watch(web.url)
    ctx = browser.new_context(viewport=DESK)
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{tid}?token={token}")
        s = until_listed(page)
        page.click(".all-moves summary")
        assert page.locator(".all-moves[open]").count() == 1
        page.click(".moves button.tool:has-text('Hint')")  # the table is drawn again with it
        page.wait_for_function("() => !!window.cardtable.hint", timeout=30_000)
        settled_page(page)
        assert page.locator(".all-moves[open]").count() == 1, "a hint folded the list away"
        for turn in range(3):  # the next decisions and turns with a list: open each time
            click_move(page, s["legal"][0])
            wait_version(page, s["version"])
            s = until_listed(page)
            assert page.locator(".all-moves[open]").count() == 1, f"folded at decision {turn}"
        page.click(".all-moves summary")  # closed by the person: closed it stays, past the
        click_move(page, s["legal"][0])  # decisions without a list (the draw, offers to buy)
        wait_version(page, s["version"])
        until_listed(page)
        assert page.locator(".all-moves:not([open])").count() == 1
        watch.check()
    finally:
        ctx.close()


def parsed_cards(page: Any, move: str) -> list[str]:
    got: list[str] = page.evaluate("m => window.cardtable.parse(m).cards", move)
    return got
