"""Load test of `cardtable serve`: many concurrent tables, people played by WebSocket clients at
one move a second each, bots in the other seats.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 300
    .venv/bin/python benchmarks/server_load.py --db postgresql://user@host/db

Starts its own server process (unless --url names a running one) and reports moves/s, the
acknowledgement latency of the people's moves (p50/p95/p99), errors, and the server's CPU and
memory. A finished match is replaced by a new table, so the count of tables stays constant.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

SERVE = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.refused = 0
        self.tables = 0
        self.matches_over = 0
        self.versions = 0


async def play_seat(url: str, ws_base: str, table: str, token: str, totals: Totals,
                    stop: float, rng: random.Random) -> int:
    """One person: a move a second whenever the seat may act; the version reached at the end."""
    last_move = 0.0
    version = 0
    async with connect(f"{ws_base}/ws/tables/{table}?token={token}", max_size=2**24) as ws:
        pending: float | None = None
        latest: dict[str, Any] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, 1.0 - (
                    time.monotonic() - last_move)) if latest and latest["legal"] else 5.0)
            except TimeoutError:
                raw = None
            if raw is not None:
                message = json.loads(raw)
                if message["type"] == "update":
                    latest = message
                    version = message["version"]
                elif message["type"] == "ack":
                    if pending is not None:
                        totals.latencies.append(time.monotonic() - pending)
                        pending = None
                elif message["type"] == "error":
                    pending = None
                    if message.get("status") == 409:
                        totals.refused += 1  # a bot or a timer moved first: normal at a table
                    else:
                        totals.errors.append(message.get("error", "?"))
            if latest is None or latest["over"]:
                if latest is not None and latest["over"]:
                    return version
                continue
            if pending is None and latest["legal"] and time.monotonic() - last_move >= 1.0:
                last_move = time.monotonic()
                pending = last_move
                await ws.send(json.dumps({"action": rng.choice(latest["legal"]),
                                          "version": latest["version"]}))
                latest = dict(latest, legal=[])
    return version


async def run_table(client: httpx.AsyncClient, url: str, args: argparse.Namespace,
                    totals: Totals, stop: float, number: int) -> None:
    rng = random.Random(number)
    ws_base = "ws" + url[4:]
    while time.monotonic() < stop:
        seats = ["human"] * args.humans + [args.bot] * (args.players - args.humans)
        try:
            r = await client.post(f"{url}/api/tables", json={
                "game": args.game, "players": args.players, "seats": seats,
                "options": {"rounds": 1} if args.game == "daylily" else {},
                "table": {"think": args.think}})
        except httpx.HTTPError as exc:
            totals.errors.append(f"create: {exc}")
            await asyncio.sleep(1)
            continue
        if r.status_code != 201:
            if r.status_code != 429:
                totals.errors.append(f"create: {r.status_code} {r.text}")
            await asyncio.sleep(1)
            continue
        created = r.json()
        totals.tables += 1
        tokens = [s["token"] for s in created["seats"] if s["token"]]
        try:
            versions = await asyncio.gather(*(play_seat(url, ws_base, created["table"], t,
                                                        totals, stop, rng) for t in tokens))
            totals.versions += max(versions)
            if time.monotonic() < stop:
                totals.matches_over += 1
        except Exception as exc:
            totals.errors.append(f"socket: {type(exc).__name__}: {exc}")


def proc_stats(pid: int) -> tuple[float, int]:
    """CPU seconds used so far and peak resident memory (bytes) of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    peak = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) * 1024
    return cpu, peak


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main_async(args: argparse.Namespace, url: str, pid: int | None) -> dict[str, Any]:
    totals = Totals()
    start = time.monotonic()
    stop = start + args.seconds
    cpu0 = proc_stats(pid)[0] if pid else 0.0
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        tasks = []
        for n in range(args.tables):
            tasks.append(asyncio.create_task(run_table(client, url, args, totals, stop, n)))
            await asyncio.sleep(args.ramp / args.tables)
        await asyncio.gather(*tasks)
    elapsed = time.monotonic() - start
    cpu, peak = proc_stats(pid) if pid else (0.0, 0)
    return {
        "tables": args.tables, "seconds": round(elapsed, 1), "game": args.game,
        "players": args.players, "people_per_table": args.humans,
        "people_moves": len(totals.latencies),
        "people_moves_per_s": round(len(totals.latencies) / elapsed, 1),
        "all_moves_per_s (finished tables)": round(totals.versions / elapsed, 1),
        "ack_ms": {"p50": round(pct(totals.latencies, 0.5) * 1000, 2),
                   "p95": round(pct(totals.latencies, 0.95) * 1000, 2),
                   "p99": round(pct(totals.latencies, 0.99) * 1000, 2),
                   "max": round(max(totals.latencies, default=0) * 1000, 2)},
        "errors": len(totals.errors), "error_samples": totals.errors[:5],
        "stale_refusals (409)": totals.refused,
        "tables_opened": totals.tables, "matches_finished": totals.matches_over,
        "server_cpu_percent": round(100 * (cpu - cpu0) / elapsed, 1) if pid else None,
        "server_peak_rss_mb": round(peak / 2**20, 1) if pid else None,
        "machine": f"{os.cpu_count()} cores, {platform_line()}",
    }


def platform_line() -> str:
    import platform

    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model or platform.processor()}, Python {platform.python_version()}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=300)
    p.add_argument("--ramp", type=float, default=20, help="seconds to open the tables over")
    p.add_argument("--game", default="daylily")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--humans", type=int, default=1, help="people per table (the rest: bots)")
    p.add_argument("--bot", default="greedy")
    p.add_argument("--think", type=float, default=1.0, help="the bots' think delay, seconds")
    p.add_argument("--db", default=None, help="database of the server started here")
    p.add_argument("--url", default=None, help="a running server instead of starting one")
    args = p.parse_args()
    proc = None
    url = args.url
    tmp = None
    if url is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        db = args.db
        if db is None:
            tmp = tempfile.mkdtemp(prefix="cardtable-load-")
            db = f"sqlite:///{tmp}/load.sqlite3"
        proc = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(port),
                                 "--db", db], stdout=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(url + "/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        report = asyncio.run(main_async(args, url, proc.pid if proc else None))
        report["database"] = "postgresql" if (args.db or "").startswith("postgres") else "sqlite"
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
