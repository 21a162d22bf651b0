"""Crazy Eights in a real browser: the server lists the plug-in's game in its lobby, a person
makes a table of it there, opens its seat and plays the match by clicking, against a bot; no
console errors, no request off the server. cardtable's browser test kit (tests/web/web_kit.py)
gives the server, Chromium and the clicks."""

from __future__ import annotations

import time
from typing import Any

from web_kit import (  # the fixtures are used by name
    Watch,
    all_moves_clickable,
    browser_fixture,  # noqa: F401
    click_move,
    described,
    dismiss_dialogs,
    my_turn,
    state,
    wait_state,
    wait_version,
    web_fixture,  # noqa: F401
)

DESK = {"width": 1280, "height": 900}


def test_the_lobby_offers_the_game_and_a_person_plays_it_by_clicking(browser: Any,
                                                                      web: Any) -> None:
    watch = Watch(web.url)
    context = browser.new_context(viewport=DESK)
    try:
        page = watch.attach(context.new_page())
        page.goto(web.url + "/")
        page.wait_for_selector("#game")
        offered = page.eval_on_selector_all("#game option", "els => els.map(e => e.value)")
        assert "crazy-eights" in offered
        page.select_option("#game", "crazy-eights")
        page.select_option("#players", "2")
        page.select_option("#seat-0", "human")
        bots = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value)")
        page.select_option("#seat-1", "greedy" if "greedy" in bots else "random")
        page.click("details.options summary")
        page.fill("#opt-hands", "1")
        page.click("details.advanced summary")
        page.fill("#seed", "4")
        page.fill("#think", "0")
        page.click("form.create-form button[type=submit]")
        page.wait_for_selector("section.created ul.invites")
        link = page.input_value("ul.invites li:nth-child(1) input.link")
        page.goto(link)
        first = wait_state(page)
        assert first["view"]["game"] == "crazy-eights"
        # The page draws the game's own description: its status line, its areas, its cards.
        board = described(page)["board"]
        page.wait_for_selector("h1.status")
        assert page.inner_text("h1.status") == board["status"]
        assert board["status"].startswith("Crazy Eights · hand 1 of 1 · ")  # hands=1
        assert "The pile" in page.inner_text("section.board")
        hand = first["view"]["zones"]["hand:0"]["cards"]
        drawn = page.eval_on_selector_all(".hand button.card[data-card]",
                                          "els => els.map(e => e.dataset.card)")
        assert sorted(drawn) == sorted(hand)
        moves = 0
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            dismiss_dialogs(page)
            now = state(page)
            if now is not None and now["over"]:
                break
            if not my_turn(now):
                page.wait_for_timeout(50)
                continue
            assert now is not None
            all_moves_clickable(page, now["legal"])
            click_move(page, now["legal"][0])
            wait_version(page, now["version"])
            moves += 1
        s = wait_state(page)
        assert s["over"], "the match did not end"
        assert moves >= 2
        # The log is the game's own words, as every front end shows it.
        page.wait_for_function("() => (document.querySelector('.log-lines') || {}).textContent"
                               "?.includes('played the')")
        assert "starts the discard pile" in (page.text_content(".log-lines") or "")
        watch.check()
    finally:
        context.close()
