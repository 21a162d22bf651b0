"""How long one table's bots wait while another table floods the server with hint requests.

    .venv/bin/python benchmarks/hint_flood.py                  # 60 hints at once, one seat
    .venv/bin/python benchmarks/hint_flood.py --hints 60 --seats 2

Starts its own `cardtable serve` (SQLite in a temporary folder). Table B is all bots (greedy,
no think time), so each of its moves is a bot decision of a few milliseconds: the gap between
two of its moves is how long its decision waited for a worker. Table A is people only; at A,
``--hints`` hint requests are sent at once (spread over ``--seats`` seats on move). The report
is the longest gap between B's moves before the flood and while it lasts, and how the hints
were answered (200, 429 ...) and how long they took.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import describe

SERVE = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def watch_moves(client: httpx.AsyncClient, url: str, table: str, stop: asyncio.Event,
                      stamps: list[float]) -> None:
    """The times at which B's version was seen to change (polled every 20 ms)."""
    seen = -1
    while not stop.is_set():
        r = await client.get(f"{url}/api/tables/{table}")
        data = r.json()
        if data["version"] != seen:
            seen = data["version"]
            stamps.append(time.monotonic())
        if data["over"]:
            break
        await asyncio.sleep(0.02)


def longest_gap(stamps: list[float], start: float, end: float) -> float:
    inside = [t for t in stamps if start <= t <= end]
    points = [start, *inside, end]
    return max(b - a for a, b in itertools.pairwise(points))


async def run(url: str, hints: int, seats: int) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=300) as client:
        r = await client.post(f"{url}/api/tables", json={
            "game": "daylily", "players": 2, "seats": ["greedy", "greedy"],
            "options": {"rounds": 50}, "table": {"think": 0}})
        bots = r.json()["table"]
        people = []
        for _ in range(seats):
            r = await client.post(f"{url}/api/tables", json={
                "game": "daylily", "players": 2, "seats": ["human", "human"]})
            made = r.json()
            state = (await client.get(f"{url}/api/tables/{made['table']}")).json()
            actor = made["seats"][state["actors"][0]]  # that person opens their invitation
            sat = await client.post(f"{url}/api/tables/{made['table']}/seat",
                                    json={"invite": actor["invite"]})
            people.append((made["table"], sat.json()["token"]))
        stop = asyncio.Event()
        stamps: list[float] = []
        watcher = asyncio.ensure_future(watch_moves(client, url, bots, stop, stamps))
        await asyncio.sleep(3.0)  # the bots' own pace, and the workers warm
        calm_end = time.monotonic()
        calm = longest_gap(stamps, calm_end - 2.0, calm_end)

        async def ask(n: int) -> tuple[int, float]:
            table, token = people[n % seats]
            began = time.monotonic()
            r = await client.get(f"{url}/api/tables/{table}/hint",
                                 headers={"Authorization": f"Bearer {token}"})
            return r.status_code, time.monotonic() - began

        flood_start = time.monotonic()
        answers = await asyncio.gather(*(ask(n) for n in range(hints)))
        flood_end = time.monotonic()
        await asyncio.sleep(0.5)
        stop.set()
        await watcher
    statuses = collections.Counter(status for status, _ in answers)
    took = sorted(seconds for _, seconds in answers)
    return {"hints": hints, "seats": seats,
            "flood_seconds": round(flood_end - flood_start, 2),
            "hint_status": dict(statuses),
            "hint_seconds": {"min": round(took[0], 2), "max": round(took[-1], 2)},
            "bot_longest_wait_calm_s": round(calm, 2),
            "bot_longest_wait_during_flood_s": round(
                longest_gap(stamps, flood_start, flood_end), 2),
            "bot_moves_during_flood": sum(flood_start <= t <= flood_end for t in stamps)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=60)
    parser.add_argument("--seats", type=int, default=1,
                        help="people's tables the hints are asked at (one seat on move each)")
    parser.add_argument("--serve-args", default="", help="more `cardtable serve` flags")
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as root:
        cmd = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--rate", "0",
               "--db", f"sqlite:///{Path(root) / 'flood.sqlite3'}", *args.serve_args.split()]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=os.environ.copy())
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not come up")
                time.sleep(0.05)
            result = asyncio.run(run(url, args.hints, args.seats))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    result["machine"] = describe()
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
