"""Each game end to end in a real browser: a person creates a table with a bot in the lobby, a
second person joins through the invitation link in another browser context, both play by clicking
only (every legal move is offered as a button at every turn), one reloads mid-game and resumes,
and the match ends with the record to download; no console errors, no request off the server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    described,
    dismiss_dialogs,
    my_turn,
    state,
    take_turn,
    wait_state,
    web_fixture,  # noqa: F401
)

from cardtable.engine.game import load_game

# Small matches: one round each, so the whole file runs in a few minutes.
# Seeds chosen (all seats greedy, simulated) for short matches in which both people move.
CASES = [
    ("daylily", 3, {"rounds": "1"}, 6),
    ("say-rummy", 3, {"games": "2"}, 5),
    ("day", 3, {"hands": "2"}, 4),
    ("liverpool", 3, {"contracts": "2S", "deal_sizes": "12"}, 16),
    ("dummy-rummy", 3, {"contracts": "1S+1R", "deal_sizes": "11"}, 1),
]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


def playable(game: str, players: int, options: dict[str, str]) -> bool:
    try:
        load_game(game, players, {}).new_state(1)
    except Exception:
        return False
    return True


def create_in_lobby(page: Any, game: str, players: int, seats: list[str],
                    options: dict[str, str], seed: int) -> None:
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.click("details.options summary")
    for name, value in options.items():
        page.fill(f"#opt-{name}", value)
    page.click("details.advanced summary")
    page.fill("#seed", str(seed))  # greedy bots and hints are deterministic: so is the match
    page.fill("#think", "0")
    page.fill("#window", "30")
    page.click("form.create-form button[type=submit]")
    page.wait_for_selector("section.created ul.invites")


@pytest.mark.parametrize(("game", "players", "options", "seed"), CASES,
                         ids=[c[0] for c in CASES])
def test_two_people_and_a_bot_play_a_match_by_clicking(
        browser: Any, web: Any, game: str, players: int, options: dict[str, str],
        seed: int) -> None:
    assert playable(game, players, options), f"{game} does not start a match"
    watch = Watch(web.url)
    ctx_a = browser.new_context(viewport=DESK)
    ctx_b = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        a = watch.attach(ctx_a.new_page())
        a.goto(web.url + "/")
        a.wait_for_selector("#game")
        seats = ["human", "human"] + ["greedy"] * (players - 2)
        create_in_lobby(a, game, players, seats, options, seed)
        link_b = a.input_value("ul.invites li:nth-child(2) input.link")
        assert "/t/" in link_b and "invite=" in link_b
        a.click("ul.invites a.button[data-seat='0']")
        b = watch.attach(ctx_b.new_page())
        b.goto(link_b)
        assert (wait_state(a)["seat"], wait_state(b)["seat"]) == (0, 1)
        for page in (a, b):  # each page draws its own seat's board
            board = described(page)["board"]
            page.wait_for_selector("h1.status")
            assert page.inner_text("h1.status") == board["status"]
            shown = page.inner_text("section.board")
            for area in board["areas"]:
                assert area["title"] in shown
            assert "You deals" not in shown and "You's" not in shown  # "you deal", "your"

        moves = {0: 0, 1: 0}
        summaries = 0
        reloaded = False
        for _ in range(2000):
            sa, sb = state(a), state(b)
            if sa and sa["over"] and sb and sb["over"]:
                break
            moved = False
            for page in (a, b):
                summaries += dismiss_dialogs(page)
            for who, page, s in ((0, a, sa), (1, b, sb)):
                if my_turn(s):  # a bet of any size has its box; a fixed size its button
                    amounts = [m for m in described(page)["moves"] if "amount" in m]
                    assert page.locator(".amount-control").count() == len(amounts)
                if my_turn(s):
                    take_turn(page)
                    moves[who] += 1
                    moved = True
            if not reloaded and moves[0] + moves[1] >= 2:
                before = wait_state(a)
                a.reload()
                after = wait_state(a)
                assert after["seat"] == 0
                assert after["version"] >= before["version"]
                hand = a.locator(".hand button.card").count()
                assert hand == len(after["view"]["zones"]["hand:0"].get("cards", []))
                reloaded = True
            if not moved:
                a.wait_for_timeout(40)
        else:
            raise AssertionError("the match did not end")
        assert reloaded and moves[0] and moves[1], moves
        if game == "say-rummy":  # two games: the first one's summary was shown and closed
            assert summaries >= 1

        # The end: winners named, the record to download, play again on offer.
        a.wait_for_selector("section.end")
        assert "Match over" in a.text_content("section.end h2")
        with a.expect_download() as download:
            a.click("section.end button:has-text('Download the record')")
        record = json.loads(Path(download.value.path()).read_text())
        # Two people at the table: each downloads what they saw (the deals hold the other's
        # hands, never shown), the same events the page had.
        assert record["format"] == "cardtable-seat/1" and record["game"] == game
        assert record["seat"] == 0 and "deals" not in record and "seed" not in record
        assert a.locator("section.end button:has-text('Play again')").count() == 1
        assert a.locator(".log-lines li").count() > 5
        if game == "daylily":
            # Play again: one click each. The first yes waits for the other person, in words;
            # the second starts the next match, and both pages go to their own seats there.
            old_table = urlparse(a.url).path
            a.click("section.end button:has-text('Play again')")
            waiting = a.locator("section.end .again-waiting")
            waiting.wait_for()
            assert "You are in." in waiting.inner_text()
            assert "to say yes" in waiting.inner_text()
            assert a.locator("section.end button:has-text('Play again')").count() == 0
            b.wait_for_selector("section.end")
            # The last yes is answered twice (its reply, and the news to every page): the page
            # still asks once and goes once (a second trip cancelled the first as it loaded).
            trips: list[str] = []
            b.on("request", lambda r: trips.append(f"{r.method} {urlparse(r.url).path}")
                 if r.resource_type == "document" or r.url.endswith("/again") else None)
            b.locator("section.end button:has-text('Play again')").click()
            for page, seat in ((a, 0), (b, 1)):
                page.wait_for_url(lambda url: urlparse(url).path != old_table, timeout=20_000)
                after = wait_state(page)
                assert after["seat"] == seat and not after["over"]
            new_table = urlparse(b.url).path
            assert urlparse(a.url).path == new_table  # the same next table
            old_id = old_table.rsplit("/", 1)[-1]
            assert trips == [f"POST /api/tables/{old_id}/again", f"GET {new_table}"], trips
        watch.check()
    finally:
        ctx_a.close()
        ctx_b.close()
