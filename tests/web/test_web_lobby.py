"""The lobby and the table screen's other duties in a real browser: joining a free seat from the
list of open tables, watching as a spectator, first paint, keyboard play, a refused move explained
in words, the API the client relies on."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    dismiss_dialogs,
    my_turn,
    play_until_waiting_on,
    seat_tokens,
    settled,
    state,
    take_turn,
    wait_state,
    wait_version,
    web_fixture,  # noqa: F401
)


def open_table(web: Any, **body: Any) -> dict[str, Any]:
    body.setdefault("table", {"think": 0})
    r = httpx.post(web.url + "/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def phone(browser: Any) -> Any:
    """A browser context the size of a phone, touch and all."""
    return browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                               has_touch=True)


def at_seat(page: Any, web: Any, table: str, token: str | None = None) -> dict[str, Any]:
    """Open a table's page as a seat's link (or, without a token, a spectator's) would."""
    page.goto(f"{web.url}/t/{table}" + (f"?token={token}" if token else ""))
    return wait_state(page)


def new_table_form(page: Any, web: Any, game: str, players: int) -> None:
    """The lobby's form for a new table, with the game and the number of players chosen."""
    page.goto(web.url + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#game", game)
    page.select_option("#players", str(players))


def test_games_api_gives_options_bots_and_faces(web: Any) -> None:
    games = httpx.get(web.url + "/api/games", timeout=10).json()["games"]
    by_name = {g["name"]: g for g in games}
    assert {"daylily", "say-rummy", "day", "dummy-rummy", "liverpool"} <= set(by_name)
    rounds = next(o for o in by_name["daylily"]["options"] if o["name"] == "rounds")
    assert rounds["nullable"] and rounds["default"] is None and rounds["doc"]
    assert "greedy" in by_name["daylily"]["bots"]
    about = by_name["liverpool"]["bot_about"]
    assert set(about) == set(by_name["liverpool"]["bots"]) and all(about.values())
    assert "strongest" in about["ismcts"]
    assert by_name["liverpool"]["bot_titles"] == {b: ("search" if b == "ismcts" else b)
                                                  for b in by_name["liverpool"]["bots"]}
    for name in by_name:  # every card of every game has a face to draw, as its game says
        faces = httpx.get(f"{web.url}/api/games/{name}/cards", timeout=10).json()
        assert faces["game"] == name and faces["cards"]
        for face in faces["cards"].values():
            assert face["label"] and face["name"] and face["lines"] and face["tone"]
            assert {line["size"] for line in face["lines"]} <= {"large", "medium", "small"}
    assert httpx.get(web.url + "/api/games/nope/cards", timeout=10).status_code == 404


def test_join_a_free_seat_from_the_lobby_and_watch(browser: Any, web: Any) -> None:
    # Seat 2 is open to anyone: its table's maker said so; the lobby offers it.
    made = open_table(web, game="daylily", players=2,
                      seats=["human", {"kind": "human", "open": True}], options={"rounds": 1})
    watch = Watch(web.url)
    ctx = browser.new_context()
    try:
        page = watch.attach(ctx.new_page())
        page.goto(web.url + "/")
        # whoever sets a table up is told how each bot plays, not just its name
        page.wait_for_selector("#seat-1")
        page.select_option("#seat-1", "ismcts")
        assert "the strongest" in page.text_content("#seat-1-doc")
        # ... and the list calls the search what it does, not by its algorithm's initials
        shown = page.locator("#seat-1 option:checked").inner_text()
        assert shown == "search bot", shown
        page.select_option("#seat-1", "gentle")
        assert "children" in page.text_content("#seat-1-doc")
        row = page.locator(f'li.open-table[data-table="{made["table"]}"]')
        row.wait_for()
        row.locator("button:has-text('Join seat 2')").click()
        page.wait_for_url("**/t/**seat=**")
        s = wait_state(page)
        assert s["seat"] == 1
        # the seat is taken now: the lobby offers it no more, and joining again is refused
        r = httpx.post(f"{web.url}/api/tables/{made['table']}/join", json={"seat": 1}, timeout=10)
        assert r.status_code == 409 and "taken" in r.json()["error"]
        # The tab is closed; back in the lobby, this browser is offered its seat again.
        page.goto(web.url + "/")
        back = page.get_by_role("link", name=f"Back to your seat 2 of table {made['table']}")
        back.click()
        page.wait_for_url("**/t/**seat=**")
        assert wait_state(page)["seat"] == 1
        # a spectator sees the table, no hand and no moves
        spectator = watch.attach(ctx.new_page())
        spectator.goto(f"{web.url}/t/{made['table']}")
        s = wait_state(spectator)
        assert s["seat"] is None and s["legal"] == []
        assert spectator.locator(".hand").count() == 0
        assert "watching" in spectator.text_content(".prompt")
        watch.check()
    finally:
        ctx.close()


def test_first_paint_keyboard_and_a_refusal_in_words(browser: Any, web: Any) -> None:
    made = open_table(web, game="daylily", players=2, seats=["human", "greedy"],
                      options={"rounds": 1}, seed=3)
    tokens = seat_tokens(web.url, made)
    token = tokens[0]
    watch = Watch(web.url)
    ctx = browser.new_context()
    try:
        page = watch.attach(ctx.new_page())
        page.goto(f"{web.url}/t/{made['table']}?token={token}")
        page.wait_for_selector(".table-screen")
        # The page marks its first paint (how soon: benchmarks/web_first_paint.py, not a
        # timed assertion that a busy machine fails).
        painted = float(page.evaluate("() => Number(document.body.dataset.painted)"))
        assert painted > 0, painted
        s = wait_state(page)
        while not my_turn(s):
            page.wait_for_timeout(50)
            s = wait_state(page)
        # keyboard: "s" draws from the stock
        assert s["legal"] == ["draw stock", "draw discard"]
        page.locator("body").press("s")
        s = wait_version(page, s["version"])
        settled(page)
        # a card picked with the keyboard (Tab to it, Space), a meld tried that the rules refuse:
        # two cards no legal move uses together (chosen, not the first two: with those a legal
        # meld may use both, and then the page rightly offers that meld and no "try anyway")
        pair = page.evaluate(
            "() => { const moves = window.cardtable.moves()"
            " .filter((m) => m.cards.length && !m.amount);"
            " const cards = [...document.querySelectorAll('.hand button.card')]"
            " .map((b) => b.dataset.card);"
            " for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {"
            " const [a, b] = [cards[i], cards[j]]; if (a === b) continue;"
            " if (!moves.some((m) => m.cards.includes(a) && m.cards.includes(b))) return [i, j]; }"
            " return null; }")
        assert pair, "every two cards of the hand make a legal move together"
        first = page.locator(".hand button.card").nth(pair[0])
        first.focus()
        page.keyboard.press("Space")
        assert first.get_attribute("aria-pressed") == "true"
        second = page.locator(".hand button.card").nth(pair[1])
        second.click()
        # Both picked, and only they (a click that lands on a card moving under it picks another)
        page.wait_for_function(
            "() => document.querySelectorAll('.hand button.card[aria-pressed=true]').length === 2")
        assert second.get_attribute("aria-pressed") == "true"
        page.click("button.try-move:has-text('Try to meld these 2 cards')")
        page.wait_for_function(
            "() => document.querySelector('.message').textContent.length > 0")
        text = page.text_content(".message")
        assert text and "not allowed" in text
        assert wait_state(page)["version"] == s["version"]  # nothing changed
        # a dropped connection comes back by itself, and play goes on
        page.evaluate("() => window.cardtable.ws.close()")
        page.wait_for_selector("#conn[data-state=offline]")
        page.wait_for_selector("#conn[data-state=online]", timeout=10_000)
        s = take_turn(page)
        # A double tap on the stock draws once, and no stale-move error follows the good move.
        for _ in range(400):
            s = wait_state(page)
            if my_turn(s) and "draw stock" in s["legal"]:
                break
            if my_turn(s):
                s = take_turn(page)
            else:
                page.wait_for_timeout(30)
        settled(page)
        page.evaluate("() => { const b = document.querySelector('button.pile[data-pile=stock]');"
                      " b.click(); b.click(); }")
        after = wait_version(page, s["version"])
        settled(page)
        page.wait_for_timeout(300)
        assert after["version"] == s["version"] + 1 and my_turn(after), after["legal"]
        assert page.text_content(".message") == ""
        # the hand is labelled for screen readers and grouped
        label = page.get_attribute(".hand", "aria-label")
        assert label and "Your hand" in label
        assert page.locator(".hand .hand-group[role=group]").count() >= 1
        watch.check()
    finally:
        ctx.close()


def test_long_flower_names_break_between_syllables_not_at_any_letter(browser: Any,
                                                                       web: Any) -> None:
    # Seed 5 deals seat 0 two Allenhurst cards; the pile shows 2 Manhattan Night.
    made = open_table(web, game="daylily", players=3, seats=["human", "greedy", "greedy"],
                      options={"rounds": 1}, seed=5)
    tokens = seat_tokens(web.url, made)
    faces = httpx.get(web.url + "/api/games/daylily/cards", timeout=10).json()["cards"]
    written = {line["text"] for f in faces.values() for line in f["lines"]}
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{made['table']}?token={tokens[0]}")
        page.wait_for_selector(".hand .card .line.medium")
        shown = page.eval_on_selector_all(".card .line.medium",
                                          "els => els.map(e => e.textContent)")
        assert any("Allen\u00adhurst" in s for s in shown) and "Man\u00adhattan Night" in shown
        for text in shown:
            assert text.replace("\u00ad", "") in written, text
            for word in text.split():
                if len(word.replace("\u00ad", "")) >= 8:
                    left, right = word.split("\u00ad")
                    assert left[-1].lower() not in "aeiouy" and right[0].lower() not in "aeiouy"
                else:
                    assert "\u00ad" not in word
        # A card read aloud is named in full, as its game names it (a flower, its family).
        # (its name is its content, the face shown being hidden from the screen reader)
        labels = page.eval_on_selector_all(
            ".hand .card", "els => els.map(e => e.querySelector('.sr-only').textContent)")
        assert page.locator(".hand .card > .line:not([aria-hidden=true])").count() == 0
        for label, code in zip(labels, page.eval_on_selector_all(
                ".hand .card", "els => els.map(e => e.dataset.card)"), strict=True):
            assert label.removesuffix(" (no move uses it now)") == faces[code]["label"], label
    finally:
        ctx.close()


def test_an_empty_discard_pile_shows_an_empty_place_not_a_card_back(browser: Any,
                                                                    web: Any) -> None:
    # A Daylily round starts with one card turned up; the first player takes it, and the pile
    # is empty until their discard. Drawn as a card back it looked like a face-down card.
    made = open_table(web, game="daylily", players=2, seats=["human", "human"],
                      options={"rounds": 1}, seed=5)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pages = []
        for token in seat_tokens(web.url, made):
            page = ctx.new_page()
            page.goto(f"{web.url}/t/{made['table']}?token={token}")
            pages.append(page)
        first = next(p for p in pages if my_turn(wait_state(p)))
        discard = first.locator("button.pile[data-pile=discard]")
        assert discard.locator(".card").count() == 1
        discard.click()
        for page in pages:  # the player who took it, and the other, who watched
            pile = page.locator("button.pile[data-pile=discard]")
            pile.locator(".empty-pile").wait_for()
            assert pile.locator(".back, .card").count() == 0
            # named in words for a screen reader (its name is its content: no aria-label
            # over different visible text)
            label = pile.locator(".sr-only").inner_text(timeout=1000)
            assert label.startswith("Discard pile: 0 cards")
            assert page.locator("button.pile[data-pile=stock] .back").count() == 1
    finally:
        ctx.close()


def test_say_rummy_moves_name_the_english_word_they_lay(browser: Any, web: Any) -> None:
    made = open_table(web, game="say-rummy", players=2, seats=["human", "greedy"], seed=5)
    tokens = seat_tokens(web.url, made)
    token = tokens[0]
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{made['table']}?token={token}")
        page.click("button.pile[data-move='draw stock']")
        page.wait_for_selector("button.move[data-move^='word ']", state="attached")
        client = httpx.get(f"{web.url}/api/tables/{made['table']}/client",
                           params={"token": token}, timeout=10).json()
        words = [m for m in client["moves"] if m["move"].startswith("word ")]
        assert words and all("“" in m["label"] for m in words)  # the English word, quoted
        for m in words[:5]:  # the button reads the game's sentence, the word in it
            button = page.locator(f"button.move[data-move='{m['move']}']").first
            assert button.text_content() == m["label"]
    finally:
        ctx.close()


@pytest.mark.parametrize(("game", "players"), [("dummy-rummy", 12), ("day", 8)])
def test_a_full_table_on_a_phone_never_scrolls_the_page_sideways(browser: Any, web: Any,
                                                                 game: str, players: int) -> None:
    # Twelve columns of scores are wider than a phone: the sheet scrolls in its own box.
    made = open_table(web, game=game, players=players,
                      seats=["human"] + ["greedy"] * (players - 1), seed=3)
    tokens = seat_tokens(web.url, made)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{made['table']}?token={tokens[0]}")
        page.wait_for_selector("section.scores table.sheet th:nth-child(3)")
        page.wait_for_selector(".hand .card")
        # (a phone widens its layout to fit wide content and zooms out: both stay at 390)
        wide, view = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert wide <= 390 and view == 390, (wide, view)
        sheet, box = page.evaluate("[document.querySelector('table.sheet').scrollWidth, "
                                   "document.querySelector('section.scores').clientWidth]")
        assert sheet > box  # the sheet itself is wider, and scrolls inside its box
    finally:
        ctx.close()


def test_a_deals_end_in_contract_rummy_reads_a_line_a_player(browser: Any, web: Any) -> None:
    # The bots think a little, so the page is open before the first deal ends even on a busy
    # machine (the summary opens for a deal that ends while the page watches).
    made = open_table(web, game="dummy-rummy", players=3, seats=["greedy"] * 3, seed=1,
                      options={"contracts": "1S+1R,2S", "deal_sizes": "11,11"},
                      table={"think": 0.2})
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{web.url}/t/{made['table']}")  # watching: the bots play on their own
        page.wait_for_selector("dialog.result[open]", timeout=120_000)
        title = page.locator("dialog.result[open] h2").inner_text()
        lines = page.locator("dialog.result[open] li").all_inner_texts()
        result = httpx.get(f"{web.url}/api/tables/{made['table']}/client",
                           timeout=10).json()["results"][0]
        # the deal's end as the game words it: who went out, a line a player
        assert title == result["title"] and lines == result["lines"]
        assert len(lines) == 4 and "went out" in lines[0]
        assert all(line.startswith(f"Greedy bot {seat + 1}: ")
                   for seat, line in enumerate(lines[1:]))
    finally:
        ctx.close()


def test_a_family_names_its_seats_and_everyone_reads_the_names(browser: Any, web: Any) -> None:
    """Grandma is named when the table is made in the lobby; the second person names
    themselves from their own link. Each page shows the names in the seat list and in the log,
    the earlier lines too; a name already taken is refused in words and changes nothing."""
    watch = Watch(web.url)
    ctx, other = phone(browser), phone(browser)
    try:
        page = watch.attach(ctx.new_page())
        new_table_form(page, web, "daylily", 3)
        page.select_option("#seat-1", "human")
        page.select_option("#seat-2", "greedy")
        assert page.locator("#name-2").is_hidden()  # a bot is called by how it plays
        # nor may anyone sit at a bot's seat: its "anyone may sit here" is not offered
        assert page.locator("label[for=open-2]").is_hidden()
        assert page.locator("label[for=open-1]").is_visible()
        page.fill("#name-0", "Grandma")
        page.locator("summary", has_text="Seed and timing").click()
        page.fill("#seed", "4")
        page.get_by_role("button", name="Create table").click()
        page.wait_for_selector(".invites")
        assert "Seat 1: Grandma" in page.text_content(".invites")
        links = page.locator("a.button.small", has_text="Sit here")
        second = links.nth(1).get_attribute("href")
        links.nth(0).click()
        wait_state(page)
        assert page.locator(".seat-name").all_inner_texts()[:2] == [
            "You (Grandma)", "Player 2 (invited)"]

        sam = watch.attach(other.new_page())
        sam.goto(second if second.startswith("http") else web.url + second)
        wait_state(sam)
        assert sam.locator(".seat-name").first.inner_text() == "Grandma"
        sam.get_by_role("button", name="Your name").click()
        sam.fill("#my-name", "grandma")
        sam.get_by_role("button", name="Save").click()
        sam.locator(".name-dialog p.error", has_text="already called 'Grandma'").wait_for()
        sam.fill("#my-name", "Sam")
        sam.get_by_role("button", name="Save").click()
        sam.locator(".name-dialog").wait_for(state="detached")
        sam.locator(".seat-name", has_text="You (Sam)").wait_for()
        # Grandma's page hears of it without a move being made, and its log is written anew.
        page.locator(".seat-name", has_text="Sam").wait_for()
        page.locator(".log-lines li", has_text="Sam got 10 cards").wait_for()
        assert "Player 2" not in page.text_content(".log-lines")
        # The tab's title says whose move it is, for a phone with the table in the background.
        for _ in range(100):
            s0, s1 = wait_state(page), wait_state(sam)
            if s0["version"] == s1["version"] and set(s0["actors"]) & {0, 1}:
                break
            page.wait_for_timeout(100)
        on, off = (page, sam) if 0 in s0["actors"] else (sam, page)
        assert on.title().startswith("Your move · Daylily Rummy"), on.title()
        assert off.title() == "Daylily Rummy · cardtable", off.title()
        # Sam's phone closes the page: Grandma sees why the table may wait, and sees Sam back.
        sam.close()
        page.locator(".seat-name", has_text="Sam (offline)").wait_for()
        sam = watch.attach(other.new_page())
        sam.goto(second if second.startswith("http") else web.url + second)
        wait_state(sam)
        page.locator(".seat-name", has_text="Sam (offline)").wait_for(state="detached")
        page.goto(web.url + "/")
        row = page.locator("li.open-table:not(.your-seat)").first
        row.wait_for()
        assert "Grandma" in row.inner_text() and "Sam" in row.inner_text()
        assert "seat 1 (Grandma)" in page.locator("li.your-seat").first.inner_text()
        watch.check()
    finally:
        ctx.close()
        other.close()


def test_leave_the_table_and_come_back_from_the_lobby(browser: Any, web: Any) -> None:
    """A person who must go leaves: the stand-in bot plays their seat (nobody waits on them),
    and "Your seats" in the lobby takes it back. The lobby's turn time reaches the table."""
    watch = Watch(web.url)
    ctx = phone(browser)
    try:
        page = watch.attach(ctx.new_page())
        new_table_form(page, web, "daylily", 2)
        page.select_option("#seat-1", "greedy")
        page.locator("summary", has_text="Seed and timing").click()
        page.fill("#seed", "2")
        page.fill("#think", "0")
        page.fill("#turn", "600")
        page.get_by_role("button", name="Create table").click()
        page.locator("a.button.small", has_text="Sit here").click()
        s = wait_state(page)
        table = page.url.split("/t/")[1].split("?")[0]
        client = httpx.get(f"{web.url}/api/tables/{table}/client", timeout=10).json()
        assert client["settings"]["turn"] == 600
        page.get_by_role("button", name="Leave").click()
        page.locator(".leave-dialog button", has_text="Leave").click()
        page.wait_for_url(web.url + "/")
        seats = next(t for t in httpx.get(f"{web.url}/api/tables", timeout=10).json()["tables"]
                     if t["table"] == table)["seats"]
        assert seats[0]["away"]
        # Away, the seat is played by the stand-in: the match goes on without its person.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            now = httpx.get(f"{web.url}/api/tables/{table}", timeout=10).json()
            if now["version"] > s["version"] + 4:
                break
            time.sleep(0.2)
        assert now["version"] > s["version"] + 4
        page.get_by_role("link", name=f"Back to your seat 1 of table {table}").click()
        page.wait_for_url("**/t/**seat=**")
        assert wait_state(page)["seat"] == 0
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            rows = httpx.get(f"{web.url}/api/tables", timeout=10).json()["tables"]
            row = next((t for t in rows if t["table"] == table), None)
            if row is None or not row["seats"][0]["away"]:
                break
            time.sleep(0.2)
        assert row is None or not row["seats"][0]["away"]
        watch.check()
    finally:
        ctx.close()


def test_a_phone_joins_by_the_qr_code_of_its_seat(browser: Any, tmp_path: Any) -> None:
    """The host made the table on the server's own computer (127.0.0.1), which no phone can
    open: the invitations name the address the server gives out instead, each seat's link is
    shown as a QR code to scan, and the host's own 'Sit here' stays on this page's address
    (where this browser keeps its seats). The server is started with that address as its
    --url, as `serve --host 0.0.0.0` would find it: it draws codes of its own links only."""
    from urllib.parse import parse_qs, urlsplit

    from server_kit import Server, qr_of

    lan = "http://192.168.1.23:8123"  # what a server started with --host 0.0.0.0 would give out
    web = Server(f"sqlite:///{tmp_path / 'qr.sqlite3'}", log=tmp_path / "qr.log",
                 args=("--hint-bot", "greedy", "--url", lan)).start()
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = watch.attach(ctx.new_page())
        new_table_form(page, web, "dummy-rummy", 3)
        page.select_option("#seat-1", "human")
        page.fill("#name-1", "Sam")
        page.get_by_role("button", name="Create table").click()
        page.wait_for_selector(".invites")
        links = page.locator("ul.invites input.link")
        shared = [links.nth(i).input_value() for i in range(links.count())]
        assert [link.startswith(f"{lan}/t/") for link in shared] == [True, True, True]
        sit = page.locator("a.button.small", has_text="Sit here").first.get_attribute("href")
        assert sit.startswith(f"{web.url}/t/")

        page.get_by_role("button", name="Show the link of seat 2 as a QR code").click()
        dialog = page.locator("dialog.qr")
        dialog.get_by_role("heading", name="Seat 2: Sam").wait_for()
        image = dialog.locator("img.qr")
        for _ in range(100):  # drawn, not a broken image
            if image.evaluate("img => img.complete && img.naturalWidth > 0"):
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the QR code was not drawn")
        src = image.get_attribute("src")
        drawn = parse_qs(urlsplit(src).query)["text"][0]
        assert drawn == shared[1] and drawn in dialog.inner_text()
        svg = page.request.get(web.url + src)
        assert svg.ok and svg.body() == qr_of(drawn)
        box = image.bounding_box()
        assert box and box["width"] >= 200 and abs(box["width"] - box["height"]) < 2
        dialog.get_by_role("button", name="Close").click()
        dialog.wait_for(state="detached")

        # The host sits down; Sam has not come yet: the host's table still holds Sam's
        # invitation (unused), and shows it as a code for Sam to scan.
        page.locator("a.button.small", has_text="Sit here").first.click()
        wait_state(page)
        page.get_by_role("button", name="Invite").click()
        links_dialog = page.locator("dialog.links-dialog")
        held = links_dialog.locator("input.link")
        held.first.wait_for()
        assert [held.nth(i).input_value() for i in range(held.count())] == [shared[1]]
        links_dialog.get_by_role("button", name="Show the link of seat 2 as a QR code").click()
        code = page.locator("dialog.qr")
        code.get_by_role("heading", name="Seat 2: Sam").wait_for()
        src = code.locator("img.qr").get_attribute("src")
        assert parse_qs(urlsplit(src).query)["text"][0] == shared[1]
        watch.check()
    finally:
        ctx.close()
        web.stop()


def test_someone_arriving_late_scans_the_table_and_sits_at_a_free_seat(
        browser: Any, web: Any) -> None:
    """The host sat down at once; a cousin arrives later. The table's maker opened seat 2 to
    anyone, so the host's table offers Invite (a QR code of the table's page); the cousin's
    phone opens it, taps Sit here at the free seat, and plays; the host's page stops calling
    the seat free."""
    from urllib.parse import parse_qs, urlsplit

    made = open_table(web, game="say-rummy", players=3,
                      seats=["human", {"kind": "human", "open": True}, "greedy"], seed=6)
    host_seat = httpx.post(f"{web.url}/api/tables/{made['table']}/seat", timeout=10,
                           json={"invite": made["seats"][0]["invite"]}).json()
    table = made["table"]
    watch = Watch(web.url)
    ctx, cousin_ctx = browser.new_context(), phone(browser)
    try:
        host = watch.attach(ctx.new_page())
        at_seat(host, web, table, host_seat["token"])
        assert "Player 2's seat is free" in host.text_content(".invite-row")
        # The host plays until the table waits on the free seat, and is told why it waits.
        play_until_waiting_on(host, 1)
        host.locator(".prompt", has_text="Nobody has taken Player 2's seat yet").wait_for()
        dismiss_dialogs(host)  # a game may have ended meanwhile
        host.get_by_role("button", name="Invite").click()
        dialog = host.locator("dialog.qr")
        dialog.get_by_role("heading", name="Invite to this table").wait_for()
        src = dialog.locator("img.qr").get_attribute("src")
        link = parse_qs(urlsplit(src).query)["text"][0]
        assert link == f"{web.url}/t/{table}"  # the page itself was opened on a reachable address
        assert "Player 2" in dialog.inner_text()
        dialog.get_by_role("button", name="Close").click()

        cousin = watch.attach(cousin_ctx.new_page())
        cousin.goto(link)
        assert wait_state(cousin)["seat"] is None
        assert cousin.get_by_role("button", name="Sit at seat 3").count() == 0  # a bot's seat
        cousin.get_by_role("button", name="Sit at seat 2").click()
        cousin.wait_for_url("**/t/**seat=**")
        for _ in range(200):
            s = state(cousin)
            if s and s["seat"] == 1:
                break
            cousin.wait_for_timeout(50)
        else:
            raise AssertionError("the cousin never sat down")
        cousin.locator(".seat-name", has_text="You").wait_for()
        # The host hears of it: the seat is no longer free and nobody is invited to it.
        host.locator(".invite-row").wait_for(state="detached")
        host.locator(".prompt", has_text="Nobody has taken").wait_for(state="detached")
        assert "(free seat)" not in host.text_content(".seats")
        # The seat's invitation no longer works: the cousin holds the seat now.
        r = httpx.post(f"{web.url}/api/tables/{table}/seat", timeout=10,
                       json={"invite": made["seats"][1]["invite"]})
        assert r.status_code == 410
        watch.check()
    finally:
        ctx.close()
        cousin_ctx.close()


def test_a_big_table_on_a_phone_keeps_the_moves_in_reach(browser: Any, web: Any) -> None:
    """Christmas: eight at a Day table, one of them on a phone. The seats take a line or two
    each, not a screen; and when the person's turn comes while they are scrolled away (up at
    the seats, following the bets), their moves are in view (docked at the foot)."""
    made = open_table(web, game="day", players=8, seats=["human"] + ["greedy"] * 7, seed=8,
                      table={"think": 0.25})
    tokens = seat_tokens(web.url, made)
    watch = Watch(web.url)
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True,
                              has_touch=True)  # a small phone
    try:
        page = watch.attach(ctx.new_page())
        at_seat(page, web, made["table"], tokens[0])
        page.locator(".seats.many").wait_for()
        # Measured in one step: the page is redrawn at every move.
        height = page.evaluate("() => document.querySelector('.seats.many')"
                               ".getBoundingClientRect().height")
        assert height < 300, height  # 667 high; eight seats a card each took about 400

        def moves_in_view() -> bool:
            got: bool = page.evaluate(
                "() => { const r = document.querySelector('.moves').getBoundingClientRect();"
                " return r.top >= 0 && r.top + Math.min(r.height, 160) <= innerHeight; }")
            return got

        turns = 0
        deadline = time.monotonic() + 120
        while turns < 3 and time.monotonic() < deadline:
            dismiss_dialogs(page)  # a hand's showdown
            if not my_turn(state(page)):
                page.wait_for_timeout(50)
                continue
            for _ in range(60):  # a smooth scroll of a few tenths of a second
                if moves_in_view():
                    break
                page.wait_for_timeout(50)
            else:
                raise AssertionError(f"turn {turns}: the moves stayed out of sight")
            settled(page)
            take_turn(page)
            # Up to the seats at the head of the page, to follow the others' bets: seven bots
            # a quarter of a second each before the turn comes round. The moves stay docked
            # at the foot of the screen.
            page.evaluate("window.scrollTo(0, 0)")
            assert moves_in_view(), page.evaluate(
                "() => [document.querySelector('.moves').getBoundingClientRect().top,"
                " innerHeight]")
            turns += 1
        assert turns == 3, "three turns were not played in two minutes"
        watch.check()
    finally:
        ctx.close()


def test_the_table_need_not_wait_on_a_phone_gone_flat(browser: Any, web: Any) -> None:
    """Sam's phone dies mid-game at a table without a turn time. Ann sees Sam offline and lets
    a bot play for Sam; the table plays on; Sam's link gives Sam the seat back."""
    made = open_table(web, game="daylily", players=3, seats=["human", "human", "greedy"],
                      seed=5)
    table = made["table"]
    tokens = seat_tokens(web.url, made)
    watch = Watch(web.url)
    ctx, sam_ctx = browser.new_context(), phone(browser)
    try:
        ann = watch.attach(ctx.new_page())
        at_seat(ann, web, table, tokens[0])
        sam = watch.attach(sam_ctx.new_page())
        at_seat(sam, web, table, tokens[1])
        row = ann.locator(".seats li").nth(1)
        row.locator(".seat-name", has_text="Player 2").wait_for()
        # Sam's page is open: Sam's seat is Sam's (Ann's page hears of it within moments; a
        # loaded machine may take some seconds)
        row.get_by_role("button", name="Let a bot play").wait_for(state="detached",
                                                                  timeout=20_000)
        assert "(offline)" not in row.inner_text() and "(free seat)" not in row.inner_text()
        assert ann.locator(".seats li").nth(2).get_by_role("button").count() == 0  # a bot
        sam.close()  # the phone goes flat
        row.locator(".seat-name", has_text="(offline)").wait_for()
        play_until_waiting_on(ann, 1)  # and Ann is told why the table waits
        ann.locator(".prompt", has_text="Player 2's page is not open").wait_for()
        version = wait_state(ann)["version"]
        row.get_by_role("button", name="Let a bot play for Player 2 until they come back").click()
        row.locator(".seat-name", has_text="(away: a bot plays)").wait_for()
        assert row.get_by_role("button", name="Let a bot play").count() == 0
        # The table plays on: Ann plays her turns, the stand-in Sam's, the bot its own.
        for _ in range(400):
            s = state(ann)
            if s and (s["over"] or s["version"] > version + 12):
                break
            if my_turn(s):
                take_turn(ann)
            else:
                ann.wait_for_timeout(50)
        assert wait_state(ann)["version"] > version + 12
        # Sam charges the phone and opens the link again: the seat is Sam's.
        sam = watch.attach(sam_ctx.new_page())
        at_seat(sam, web, table, tokens[1])
        ann.locator(".seats li").nth(1).locator(".seat-name", has_text="(away").wait_for(
            state="detached")
        watch.check()
    finally:
        ctx.close()
        sam_ctx.close()
