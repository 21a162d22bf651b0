"""Replays and watching in the browser (issue 43, items 2 and 3): a finished match stepped
through at /replay/ID as a spectator saw it and as a seat did (for whoever holds a seat of the
table), the event stream the terminal's `replay --events` prints, the lobby's lists of what
can be watched and replayed, and a live table watched at /watch/ID; no page shows a card its
viewer was not shown (checked against the engine's own views), and axe finds nothing on them."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
from axe_kit import assert_no_violations
from web_kit import (  # the fixtures are used by name
    Watch,
    browser_fixture,  # noqa: F401
    play_out,
    seat_tokens,
    stored_record,
    web_fixture,  # noqa: F401
)

from cardtable.engine.deals import RECORD_FORMAT
from cardtable.engine.game import State, load_game

PHONE = {"width": 390, "height": 844}
SERVE = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def finished_match(web: Any) -> tuple[str, list[str | None], dict[str, Any]]:
    """A Daylily match of Ann, a greedy bot and Ben played to its end over HTTP (each person
    makes their first legal move); the table, the seats' tokens and its full record, read from
    the server's database (at a table of two people neither is given it)."""
    url = web.url
    body = {"game": "daylily", "players": 3, "seed": 11, "options": {"rounds": 1},
            "seats": [{"name": "Ann"}, "greedy", {"name": "Ben"}], "table": {"think": 0}}
    made = httpx.post(url + "/api/tables", json=body, timeout=30).json()
    table, tokens = made["table"], seat_tokens(url, made)
    play_out(url, table, tokens)
    record = stored_record(web.db, table)
    assert record["format"] == RECORD_FORMAT
    given = httpx.get(f"{url}/api/tables/{table}/record", headers=auth(tokens[0]),
                      timeout=30).json()
    assert given["format"] == "cardtable-seat/1" and "deals" not in given
    return table, tokens, record


def state_at(record: dict[str, Any], version: int) -> State:
    """The match at ``version``, dealt again here by the engine from the full record."""
    game = load_game(record["game"], record["players"], record["options"])
    st = game.new_state(record.get("seed"), record["deals"])
    for seat, text in record["actions"][:version]:
        st.apply(seat, game.parse_action(text))
    return st


def shown(view: dict[str, Any]) -> collections.Counter[str]:
    """Every card a view shows its reader (each zone's cards, and those known in a hand)."""
    out: collections.Counter[str] = collections.Counter()
    for zone in view["zones"].values():
        out.update(zone.get("cards") or [])
        out.update(zone.get("known") or [])
    return out


def hidden_from(view: dict[str, Any], st: State) -> set[str]:
    """The cards at the table that ``view``'s reader was not shown: in some hand, not in the
    view at all (a code also in sight, a second copy, cannot be told apart and is left out)."""
    everything: collections.Counter[str] = collections.Counter()
    for seat in range(st.game.players):
        everything.update(st.view(seat)["zones"][f"hand:{seat}"].get("cards") or [])
    return set(everything - shown(view)) - set(shown(view))


def page_cards(page: Any) -> list[str]:
    got: list[str] = page.eval_on_selector_all("main [data-card]",
                                               "els => els.map(e => e.dataset.card)")
    return got


def assert_shows_only(page: Any, view: dict[str, Any], st: State) -> None:
    cards = page_cards(page)
    assert cards, "the page shows no card at all"
    assert set(cards) <= set(shown(view)), set(cards) - set(shown(view))
    assert not set(cards) & hidden_from(view, st), set(cards) & hidden_from(view, st)


def at(page: Any, version: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.replayAt === '{version}'",
                           timeout=20_000)


def test_a_finished_match_replays_as_each_viewer_saw_it(browser: Any, web: Any,
                                                         tmp_path: Path) -> None:
    table, tokens, record = finished_match(web)
    versions = len(record["actions"])
    # The event stream is the terminal's: `cardtable replay --events --seat spectator`.
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    printed = subprocess.run([sys.executable, "-c", SERVE, "replay", str(path), "--events",
                              "--seat", "spectator"], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    steps = httpx.get(f"{web.url}/api/tables/{table}/replay", timeout=30).json()
    assert steps["events"] == [json.loads(line) for line in printed]
    assert steps["versions"] == versions and steps["seats_open"] is False
    # A seat's view is its players' only: asked for without a token, refused in a sentence.
    r = httpx.get(f"{web.url}/api/tables/{table}/replay/3", params={"seat": 0}, timeout=30)
    assert r.status_code == 403 and "spectator" in r.json()["error"]

    ctx = browser.new_context(viewport=PHONE, is_mobile=True)
    try:
        watch = Watch(web.url)
        page = watch.attach(ctx.new_page())
        # The lobby lists the finished match, to replay.
        page.goto(web.url + "/")
        page.wait_for_selector(f'.finished-table[data-table="{table}"] a:has-text("Replay")')
        page.click(f'.finished-table[data-table="{table}"] a:has-text("Replay")')
        page.wait_for_url(f"**/replay/{table}")
        at(page, 0)
        assert "as a spectator saw it" in (page.text_content("h1") or "")
        assert page.locator(".hand").count() == 0  # no seat's hand for a spectator
        assert_shows_only(page, state_at(record, 0).view(None), state_at(record, 0))
        # Step by step with the keys, a round with Page Down (one round: the end), back home.
        page.keyboard.press("ArrowRight")
        at(page, 1)
        page.keyboard.press("ArrowRight")
        at(page, 2)
        middle = versions // 2
        page.goto(f"{web.url}/replay/{table}?at={middle}")
        at(page, middle)
        st = state_at(record, middle)
        assert_shows_only(page, st.view(None), st)
        page.keyboard.press("PageDown")
        at(page, versions)
        st = state_at(record, versions)
        assert_shows_only(page, st.view(None), st)
        assert_no_violations(page, "a replay page on a phone")
        # A stranger's link to Ann's view says it is for the players, and offers the other.
        page.goto(f"{web.url}/replay/{table}?seat=0&at=3")
        page.wait_for_selector(".problem .error")
        assert "spectator" in (page.text_content(".problem .error") or "")
        # Ann's browser (her seat's token kept, as the table's page keeps it) sees her hand.
        page.goto(web.url + "/")
        page.evaluate("([t, token]) => localStorage.setItem('cardtable.tables', JSON.stringify("
                      "{[t]: [{seat: 0, token, mine: true, game: 'daylily', at: Date.now()}]}))",
                      [table, tokens[0]])
        for seat in (0, 1):  # her own view, and the greedy bot's (a bot's cards are no one's)
            page.goto(f"{web.url}/replay/{table}?seat={seat}&at={middle}")
            at(page, middle)
            st = state_at(record, middle)
            view = st.view(seat)
            hand = page.eval_on_selector_all(".hand [data-card]",
                                             "els => els.map(e => e.dataset.card)")
            assert sorted(hand) == sorted(view["zones"][f"hand:{seat}"]["cards"])
            assert_shows_only(page, view, st)
        # A spectator, Ann and the bot: Ben's view is his only, even after the end (a hand
        # he never showed stays his), and her link to it is refused in a sentence.
        assert page.eval_on_selector_all("#replay-seat option", "els => els.map(e => e.value)") \
            == ["spectator", "0", "1"]
        page.goto(f"{web.url}/replay/{table}?seat=2&at={middle}")
        page.wait_for_selector(".problem .error")
        assert "theirs only" in (page.text_content(".problem .error") or "")
        # A contract rummy's seat line, whose own words give the count, says it once ("12
        # cards · not down", not "12 cards · 12 cards · not down"); the buttons to the ends
        # are in a font the page has (no ⏮, drawn as a box by Debian's DejaVu).
        body = {"game": "liverpool", "players": 2, "seed": 2, "seats": ["greedy", "greedy"],
                "options": {"contracts": "2S", "deal_sizes": "10"}, "table": {"think": 0}}
        made = httpx.post(web.url + "/api/tables", json=body, timeout=30).json()
        play_out(web.url, made["table"], seat_tokens(web.url, made))
        page.goto(f"{web.url}/replay/{made['table']}?at=4")
        at(page, 4)
        infos = page.eval_on_selector_all(".replay .seat-info",
                                          "els => els.map(e => e.textContent)")
        assert infos and all(len(i.split(" · ")) == len(set(i.split(" · "))) for i in infos), infos
        ends = page.eval_on_selector_all(".replay-controls button",
                                         "els => els.map(e => e.textContent)")
        assert not any(ch in "⏮⏭" for label in ends for ch in label), ends
        watch.check()
    finally:
        ctx.close()


def test_a_live_table_is_watched_by_its_link_with_no_hidden_card(browser: Any,
                                                                 web: Any) -> None:
    body = {"game": "daylily", "players": 2, "seed": 4, "options": {"rounds": 1},
            "seats": [{"name": "Cy"}, "greedy"], "table": {"think": 0.2}}
    made = httpx.post(web.url + "/api/tables", json=body, timeout=30).json()
    table, token = made["table"], seat_tokens(web.url, made)[0]
    ctx = browser.new_context(viewport=PHONE, is_mobile=True)
    try:
        watch = Watch(web.url)
        page = watch.attach(ctx.new_page())
        page.goto(web.url + "/")
        link = page.locator(f'.open-table[data-table="{table}"] a:has-text("Watch")')
        link.wait_for()
        assert link.get_attribute("href") == f"/watch/{table}"
        # Cy's token in this browser: the watch link still opens no seat.
        page.evaluate("([t, token]) => localStorage.setItem('cardtable.tables', JSON.stringify("
                      "{[t]: [{seat: 0, token, mine: true, game: 'daylily', at: Date.now()}]}))",
                      [table, token])
        link.click()
        page.wait_for_function("() => window.cardtable && window.cardtable.described &&"
                               " window.cardtable.described()", timeout=20_000)
        assert page.evaluate("() => window.cardtable.seat") is None
        assert page.locator(".hand").count() == 0
        spectator = httpx.get(f"{web.url}/api/tables/{table}", timeout=30).json()
        version = page.evaluate("() => window.cardtable.state.version")
        assert version == spectator["version"]
        full = httpx.get(f"{web.url}/api/tables/{table}", headers=auth(token), timeout=30).json()
        cards = page_cards(page)
        assert cards and set(cards) <= set(shown(spectator["view"]))
        mine = set(full["view"]["zones"]["hand:0"]["cards"]) - set(shown(spectator["view"]))
        assert mine and not set(cards) & mine  # Cy's hand is on the table's page, not here
        assert_no_violations(page, "a spectator's page on a phone")
        watch.check()
    finally:
        ctx.close()
