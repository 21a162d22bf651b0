"""Screenshots of the lobby and of each game's table on a desktop (1366x900) and two phones
(390x844, 360x740), into
docs/screenshots/ (run: .venv/bin/python tests/web/make_screenshots.py). A real server process
and Debian's Chromium, as in the browser tests; the person's seat plays the hint for a few
moves first, so the table is seen mid-game, on the person's turn."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_kit import ARGS, CHROMIUM, WebServer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from server_kit import seat_tokens

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screenshots"
SIZES: dict[str, Any] = {"phone": {"width": 390, "height": 844},
                         "phone-small": {"width": 360, "height": 740},
                         "desktop": {"width": 1366, "height": 900}}
TABLES: list[tuple[str, int, dict[str, Any], int]] = [
    # game, players, options, moves the person makes before the picture
    ("daylily", 3, {"rounds": 1}, 9),
    ("say-rummy", 3, {"games": 1}, 2),
    ("day", 4, {"hands": 3}, 2),
    ("liverpool", 4, {}, 14),
    ("dummy-rummy", 5, {}, 14),
    ("dummy-rummy", 10, {}, 6),  # ten seats: the hand still on the first screen
]


def advance(url: str, table: str, token: str | None, moves: int) -> None:
    """The person's seat plays ``moves`` hinted moves; stops on the person's turn."""
    auth = {"Authorization": f"Bearer {token}"}
    made = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        got = httpx.get(f"{url}/api/tables/{table}", headers=auth, timeout=10).json()
        if got["over"]:
            return
        if got["legal"]:
            if made >= moves and got["legal"] != ["pass", "buy"] and "rummy" not in got["legal"]:
                return
            hint = httpx.get(f"{url}/api/tables/{table}/hint", headers=auth, timeout=10)
            if hint.status_code == 200:
                httpx.post(f"{url}/api/tables/{table}/actions", headers=auth, timeout=10,
                           json={"action": hint.json()["action"], "version": got["version"]})
                made += 1
                continue
        time.sleep(0.05)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--only", default=None, help="one game")
    p.add_argument("--full", action="store_true",
                   help="the whole page, not the first screen as a person sees it")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        srv = WebServer(f"sqlite:///{tmp}/shots.sqlite3", log=Path(tmp) / "log").start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for size, viewport in SIZES.items():
                    page = browser.new_page(viewport=viewport)
                    page.goto(srv.url + "/")
                    page.wait_for_selector("#game")
                    page.click("details.options summary")
                    page.screenshot(path=str(args.out / f"lobby-{size}.png"), full_page=True)
                    page.close()
                tables = TABLES
                if args.only and args.only not in {t[0] for t in TABLES}:
                    tables = [(args.only, 2, {}, 3)]  # any other game installed: two players
                for game, players, options, moves in tables:
                    if args.only and game != args.only:
                        continue
                    body = {"game": game, "players": players, "options": options, "seed": 7,
                            "seats": [{"kind": "human", "name": "Ann"},
                                      *["greedy"] * (players - 1)],
                            "table": {"think": 0}}
                    r = httpx.post(srv.url + "/api/tables", json=body, timeout=30)
                    if r.status_code != 201:
                        print(f"{game}: {r.text}", file=sys.stderr)
                        continue
                    made = r.json()
                    token = seat_tokens(srv.url, made)[0]
                    advance(srv.url, made["table"], token, moves)
                    for size, viewport in SIZES.items():
                        page = browser.new_page(viewport=viewport, reduced_motion="reduce",
                                                is_mobile=size != "desktop",
                                                has_touch=size != "desktop")
                        page.goto(f"{srv.url}/t/{made['table']}?token={token}")
                        page.wait_for_selector(".table-screen")
                        page.wait_for_timeout(600)
                        name = game if players <= 5 else f"{game}-{players}"
                        path = args.out / f"{name}-{size}.png"
                        # The first screen, as a person sees it (the hand and moves docked at
                        # its foot); --full for the whole page.
                        page.screenshot(path=str(path), full_page=args.full)
                        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                        page.close()
                browser.close()
        finally:
            srv.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
