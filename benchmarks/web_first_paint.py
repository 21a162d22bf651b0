"""How soon a seat's table is on screen: `cardtable serve` on a loopback port with a throwaway
SQLite file, Debian's Chromium opening a seat's link again and again (bar: first paint under a
second). The page records the moment of its first paint (``document.body.dataset.painted``,
milliseconds since navigation began); the wall time is from ``goto`` to the table's element.

A timing belongs here rather than in a test: on a loaded machine a timed assertion fails for
reasons that are not the page's.

    .venv/bin/python benchmarks/web_first_paint.py --loads 20
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
CARDTABLE = Path(sys.executable).with_name("cardtable")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([str(CARDTABLE), "serve", "--port", str(port), "--db",
                             f"sqlite:///{db}"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not come up within 30 s")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--loads", type=int, default=20, help="page loads to time (default 20)")
    p.add_argument("--game", default="daylily")
    p.add_argument("--players", type=int, default=2)
    args = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(Path(tmp) / "paint.sqlite3")
        try:
            made = httpx.post(url + "/api/tables", timeout=30, json={
                "game": args.game, "players": args.players, "seed": 3,
                "seats": ["human"] + ["greedy"] * (args.players - 1),
                "table": {"think": 0}}).json()
            # The first seat's own token, as its person gets it by opening the invitation.
            sat = httpx.post(f"{url}/api/tables/{made['table']}/seat", timeout=30,
                             json={"invite": made["seats"][0]["invite"]}).json()
            link = f"{url}/t/{made['table']}?token={sat['token']}"
            painted: list[float] = []
            walls: list[float] = []
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM,
                                             args=["--no-sandbox", "--disable-gpu"])
                for n in range(args.loads + 1):
                    page = browser.new_page()
                    began = time.monotonic()
                    page.goto(link)
                    page.wait_for_selector(".table-screen")
                    wall = time.monotonic() - began
                    first = float(page.evaluate("() => Number(document.body.dataset.painted)"))
                    page.close()
                    if n:  # the first load warms the browser and the server's caches
                        painted.append(first)
                        walls.append(wall * 1000)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"{args.game}, {args.players} players, {args.loads} loads of a seat's link "
          f"(load average {os.getloadavg()[0]:.1f}):")
    for name, values in (("first paint", painted), ("goto to table", walls)):
        print(f"  {name}: median {statistics.median(values):.0f} ms, "
              f"max {max(values):.0f} ms")
    bar = statistics.median(painted) < 1000
    print(f"  bar (median first paint under a second): {'met' if bar else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
