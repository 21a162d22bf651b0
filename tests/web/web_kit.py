"""Helpers and fixtures of the browser tests: a real server process with the client mounted, on
a real SQLite file on a loopback port; Debian's Chromium driven by Playwright (never a downloaded
browser); a person at the table, clicking only. Test modules import the fixtures by name."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from server_kit import Server
from server_kit import play_out as play_out  # for the tests: a table played to its end
from server_kit import seat_tokens as seat_tokens  # for the tests: each seat's token
from server_kit import stored_record as stored_record  # for the tests: a table's whole record

# The state the page has drawn: a version is drawn once the game's description of it is there.
STATE_JS = """() => { const c = window.cardtable; if (!c || !c.state || !c.described()) return null;
  return {version: c.state.version, actors: c.state.actors, legal: c.state.legal,
          over: c.state.over, seat: c.seat, view: c.state.view, hint: c.hint,
          window: c.state.window}; }"""


@dataclass
class Watch:
    """What a page did wrong: console errors, uncaught exceptions, requests off the server."""

    origin: str
    errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> Any:
        page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("request", self._request)
        return page

    def _request(self, request: Any) -> None:
        url: str = request.url
        if not (url.startswith(self.origin) or url.startswith("ws://" + self.origin[7:])
                or url.startswith("data:") or url.startswith("blob:" + self.origin)):
            self.foreign.append(url)

    def check(self) -> None:
        # A refused move answers 4xx on purpose; the browser logs the status, nothing else.
        real = [e for e in self.errors if "status of 4" not in e]
        assert not real, real
        assert not self.foreign, self.foreign


def dismiss_dialogs(page: Any) -> int:
    """Close the round summaries that are open (a person reads them and clicks Continue)."""
    n = 0
    while page.locator("dialog[open]").count():
        page.click("dialog[open] button")
        n += 1
    return n


def click_past_dialogs(page: Any, selector: str, tries: int = 6) -> None:
    """Click ``selector`` as a person would who closes a round's summary that opened just
    before (it opens a moment after the new deal is drawn, and covers the page)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(tries - 1):
        dismiss_dialogs(page)
        try:
            page.click(selector, timeout=4000)
            return
        except PlaywrightTimeout:
            continue
    dismiss_dialogs(page)
    page.click(selector)


def state(page: Any) -> dict[str, Any] | None:
    got: dict[str, Any] | None = page.evaluate(STATE_JS)
    return got


def wait_state(page: Any, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = state(page)
        if s is not None:
            return s
        page.wait_for_timeout(50)
    raise AssertionError("the table never showed")


def my_turn(s: dict[str, Any] | None) -> bool:
    return bool(s and not s["over"] and s["seat"] is not None and s["seat"] in s["actors"]
                and s["legal"])


def all_moves_clickable(page: Any, legal: list[str]) -> None:
    """Every legal move is a button in the list of all moves (and nothing else is); a move the
    game says is the same as another (an all-in that is a call) is that one's button. When no
    legal move uses a card, every one is a button of its own and the list is not shown."""
    same = page.evaluate("() => Object.fromEntries(window.cardtable.moves()"
                         ".filter(m => m.same_as).map(m => [m.move, m.same_as]))")
    distinct = [m for m in legal if same.get(m) not in legal]
    amounts = page.evaluate("() => window.cardtable.moves().filter(m => m.amount)"
                            ".map(m => m.move)")
    if not page.locator(".all-moves").count():
        assert not any(parsed(page, m)["cards"] for m in distinct), legal
        shown = page.eval_on_selector_all(".moves > .move-row:not(.tools) button[data-move]",
                                          "els => els.map(e => e.dataset.move)")
        listed = [m for m in distinct if m not in amounts]
        assert sorted(shown) == sorted(listed), (shown, legal)
        return
    shown = page.eval_on_selector_all(".all-moves button[data-move]",
                                      "els => els.map(e => e.dataset.move)")
    assert sorted(shown) == sorted(distinct), (shown, legal)


def described(page: Any) -> dict[str, Any]:
    """The game's description of the version on the page's screen (moves, board, results),
    once it has come (the page draws a version when its description is there)."""
    handle = page.wait_for_function(
        "() => { const c = window.cardtable; const d = c && c.described && c.described();"
        " return d && {moves: d.moves, board: d.board, results: d.results,"
        " presentation: d.presentation}; }", timeout=20_000)
    got: dict[str, Any] = handle.json_value()
    return got


def parsed(page: Any, move: str) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate("m => window.cardtable.parse(m)", move)
    return got


def click_move(page: Any, move: str) -> None:
    """Make ``move`` the way a person would: a pile, a button, or its cards (and its meld)
    then the button that names the move (a move that is the same as another, that one's)."""
    same = page.evaluate("m => (window.cardtable.moves().find(x => x.move === m) || {}).same_as",
                         move)
    if same and same in (state(page) or {}).get("legal", []):
        move = same
    p = parsed(page, move)
    if not p["cards"]:
        pile = page.locator(f'button.pile[data-move="{move}"]:not([disabled])')
        if pile.count():  # a pile that makes the move (the stock drawn from)
            pile.click()
        else:
            page.click(f'.moves .move-row button[data-move="{move}"]')
        return
    page.keyboard.press("Escape")  # start from nothing picked
    for card in p["cards"]:
        page.locator(f'.hand button.card[data-card="{card}"][aria-pressed="false"]').first.click()
    if p.get("target") and page.locator(f'.meld[data-target="{p["target"]}"]').count():
        page.click(f'.meld[data-target="{p["target"]}"]')  # the meld it goes on
    button = page.locator(f'.matching button[data-move="{move}"]')
    if button.count():
        button.first.click()
    else:  # beyond the first dozen shown: the list of all moves has it
        if not page.locator(".all-moves[open]").count():  # it stays as the person left it
            page.click(".all-moves summary")
        page.click(f'.all-moves button[data-move="{move}"]')


def take_turn(page: Any, use_hint: bool = True) -> dict[str, Any]:
    """One move of this page's seat, chosen by the Hint button (the greedy bot), made by clicks;
    returns the state after the server acknowledged it."""
    s = wait_state(page)
    assert my_turn(s)
    all_moves_clickable(page, s["legal"])
    if s["window"]:  # an out-of-turn window: buttons with the time left
        page.wait_for_selector(".time-left")
        assert "s left" in (page.text_content(".time-left") or "")
        for move in s["legal"]:
            assert page.locator(f'.moves .move-row button[data-move="{move}"]').count()
    version = s["version"]
    click_past_dialogs(page, ".moves button.tool:has-text('Hint')")
    deadline = time.monotonic() + 30  # the hint waits behind the bots' turns on a busy machine
    move = None
    while time.monotonic() < deadline:
        got = state(page)
        if got and got["version"] != version:
            return got  # a window closed under us: the table moved on
        if got and got["hint"]:
            move = got["hint"]
            break
        page.wait_for_timeout(30)
    assert move is not None, "no hint came"
    assert move in s["legal"], (move, s["legal"])
    click_move(page, move)
    return wait_version(page, version)


def play_until_waiting_on(page: Any, seat: int) -> dict[str, Any]:
    """Play this page's turns (by the Hint) until the table waits on ``seat`` alone."""
    for _ in range(400):
        s = state(page)
        if s and s["actors"] == [seat]:
            return s
        if my_turn(s):
            take_turn(page)
        else:
            page.wait_for_timeout(30)
    raise AssertionError(f"the table never came to wait on seat {seat}")


def wait_version(page: Any, version: int, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = state(page)
        if s and s["version"] > version:
            return s
        page.wait_for_timeout(30)
    message = page.text_content(".message")
    raise AssertionError(f"the move at version {version} was not taken: {message!r}")


def settled(page: Any, timeout: float = 20.0) -> None:
    """Wait until the page has drawn everything it knows: after an update it fetches the log's
    new lines and draws the screen again, and a key pressed on a button in between can reach
    the button being replaced (a busy machine widens that moment)."""
    page.wait_for_function(
        "() => { const c = window.cardtable; return c && c.state && !c.pendingExtra"
        " && c.logSince >= c.state.version; }", timeout=timeout * 1000)


def dump(s: dict[str, Any] | None) -> str:
    return json.dumps(s, ensure_ascii=False)[:2000]


CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]


class WebServer(Server):
    """`cardtable serve` as a person starts it (it serves the browser client too), with the
    greedy bot behind the Hint button: the tests play whole matches by the hint, and greedy's is
    instant and the same every run (the search's, the server's default, is timed: tests/server
    checks it)."""

    def __init__(self, db: str, port: int | None = None, log: Path | None = None,
                 hint_bot: str = "greedy") -> None:
        super().__init__(db, port=port, log=log, args=("--hint-bot", hint_bot))


# One server and one browser for the whole session, shared by every test module that imports
# these fixtures (each import would otherwise be a fixture of its own, started twice).
_SHARED: dict[str, Any] = {}


def _stop_shared() -> None:
    for key in ("browser", "playwright", "server"):
        thing = _SHARED.pop(key, None)
        if thing is None:
            continue
        with contextlib.suppress(Exception):
            thing.close() if key == "browser" else thing.stop()


@pytest.fixture(scope="session", name="web")
def web_fixture(tmp_path_factory: pytest.TempPathFactory) -> WebServer:
    if "server" not in _SHARED:
        root = tmp_path_factory.mktemp("web")
        _SHARED["server"] = WebServer(f"sqlite:///{root / 'server.sqlite3'}",
                                      log=root / "server.log").start()
        atexit.register(_stop_shared)
    srv: WebServer = _SHARED["server"]
    return srv


@pytest.fixture(scope="session", name="browser")
def browser_fixture() -> Any:
    # Never skipped: `make test` installs Chromium (scripts/system-packages.sh) and Playwright.
    assert Path(CHROMIUM).exists() and shutil.which(CHROMIUM), (
        "Chromium is not installed: run scripts/system-packages.sh (apt-get install chromium)")
    if "browser" not in _SHARED:
        import playwright.sync_api as playwright_api

        _SHARED["playwright"] = playwright_api.sync_playwright().start()
        _SHARED["browser"] = _SHARED["playwright"].chromium.launch(
            executable_path=CHROMIUM, args=ARGS, headless=True)
        atexit.register(_stop_shared)
    return _SHARED["browser"]


def person_and_bots(web: Any, game: str, players: int, options: dict[str, Any], seed: int,
                    think: float = 0) -> tuple[str, str]:
    """A table of Ann (seat 0, a person) and greedy bots in the other seats: its id and Ann's
    seat token."""
    import httpx

    body = {"game": game, "players": players, "options": options, "seed": seed,
            "seats": [{"kind": "human", "name": "Ann"}, *["greedy"] * (players - 1)],
            "table": {"think": think}}
    r = httpx.post(web.url + "/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    made = r.json()
    token = seat_tokens(web.url, made)[0]
    assert token
    return str(made["table"]), token
