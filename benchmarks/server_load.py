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
import contextlib
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


ACK_TIMEOUT = 10.0
"""A move not acknowledged (nor refused) within this many seconds counts as an error."""


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.refused = 0
        self.tables = 0
        self.matches_over = 0
        self.moves = 0  # every move (people's, bots', timers') seen by the clients
        self.stuck = 0


async def play_seat(ws_url: str, totals: Totals, stop: float, rng: random.Random,
                    seen: dict[str, int]) -> None:
    """One person: a move a second whenever the seat may act, until the match is over or the
    run stops. Each acknowledgement's latency is recorded; refusals other than 409 (a bot or a
    timer moved first, which is normal at a table) count as errors, and so does silence."""
    last_move = -1e9
    pending: float | None = None
    latest: dict[str, Any] | None = None
    async with connect(ws_url, max_size=2**24, open_timeout=30, close_timeout=2,
                       compression=None) as ws:
        while True:
            now = time.monotonic()
            if now >= stop:
                return
            may_move = latest is not None and bool(latest["legal"]) and pending is None
            wake = stop
            if may_move:
                wake = min(wake, last_move + 1.0)
            if pending is not None:
                wake = min(wake, pending + ACK_TIMEOUT)
            if wake > now:
                try:
                    async with asyncio.timeout(wake - now):
                        raw = await ws.recv()
                except TimeoutError:
                    raw = None
                if raw is not None:
                    message = json.loads(raw)
                    kind = message["type"]
                    if kind == "update":
                        latest = message
                        seen["version"] = max(seen["version"], message["version"])
                        if message["over"]:
                            return
                    elif kind == "ack":
                        if pending is not None:
                            totals.latencies.append(time.monotonic() - pending)
                            pending = None
                    elif kind == "error":
                        pending = None
                        if message.get("status") == 409:
                            totals.refused += 1
                        else:
                            totals.errors.append(f"{message.get('status')}: "
                                                 f"{message.get('error', '?')}")
                    continue  # look again at what may be done now
            now = time.monotonic()
            if pending is not None and now - pending >= ACK_TIMEOUT:
                totals.errors.append(f"no answer to a move within {ACK_TIMEOUT:g} s")
                pending = None
            if (latest is not None and latest["legal"] and pending is None
                    and now - last_move >= 1.0 and now < stop):
                last_move = pending = now
                await ws.send(json.dumps({"action": rng.choice(latest["legal"]),
                                          "version": latest["version"]}))
                latest = dict(latest, legal=[])


async def run_table(client: httpx.AsyncClient, url: str, args: argparse.Namespace,
                    totals: Totals, stop: float, number: int) -> None:
    """One table slot: open a table, play its people until the match ends, open the next."""
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
            totals.errors.append(f"create: {type(exc).__name__}: {exc}")
            await asyncio.sleep(1)
            continue
        if r.status_code != 201:
            totals.errors.append(f"create: {r.status_code} {r.text}")
            await asyncio.sleep(1)
            continue
        created = r.json()
        totals.tables += 1
        tokens = [s["token"] for s in created["seats"] if s["token"]]
        seen = {"version": 0}
        try:
            await asyncio.gather(*(play_seat(f"{ws_base}/ws/tables/{created['table']}?token={t}",
                                             totals, stop, rng, seen) for t in tokens))
            if time.monotonic() < stop:
                totals.matches_over += 1
        except Exception as exc:
            totals.errors.append(f"socket: {type(exc).__name__}: {exc}")
        totals.moves += seen["version"]


def tree(pid: int) -> list[int]:
    """The process and its descendants (the server's bot workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def proc_stats(pid: int) -> tuple[float, int, int]:
    """CPU seconds used so far, resident and peak resident memory (bytes) of a process and its
    children, from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    cpu, rss, peak = 0.0, 0, 0
    for p in tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{p}/status").read_text().splitlines()
        except OSError:
            continue
        cpu += (int(fields[11]) + int(fields[12])) / ticks
        for line in status:
            if line.startswith("VmHWM:"):
                peak += int(line.split()[1]) * 1024
            elif line.startswith("VmRSS:"):
                rss += int(line.split()[1]) * 1024
    return cpu, rss, peak


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
    load0 = os.getloadavg()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        tasks = []
        for n in range(args.tables):
            tasks.append(asyncio.create_task(run_table(client, url, args, totals, stop, n)))
            await asyncio.sleep(args.ramp / args.tables)
        # Every task ends by itself at `stop`; one that does not is counted and cancelled.
        _done, late = await asyncio.wait(tasks, timeout=max(1.0, stop - time.monotonic()) + 30)
        for task in late:
            task.cancel()
        totals.stuck = len(late)
        if late:
            totals.errors.append(f"{len(late)} table clients had not stopped 30 s after the end")
        try:
            server_side = (await client.get(f"{url}/api/health")).json().get("ack_ms")
        except (httpx.HTTPError, ValueError):
            server_side = None
    elapsed = time.monotonic() - start
    cpu, rss, peak = proc_stats(pid) if pid else (0.0, 0, 0)
    lat = totals.latencies
    return {
        "tables": args.tables, "seconds": round(elapsed, 1), "game": args.game,
        "players": args.players, "people_per_table": args.humans, "bot": args.bot,
        "think_s": args.think,
        "people_moves_acknowledged": len(lat),
        "people_moves_per_s": round(len(lat) / elapsed, 1),
        "all_moves_per_s": round(totals.moves / elapsed, 1),
        "ack_ms": {"p50": round(pct(lat, 0.5) * 1000, 1),
                   "p95": round(pct(lat, 0.95) * 1000, 1),
                   "p99": round(pct(lat, 0.99) * 1000, 1),
                   "max": round(max(lat, default=0) * 1000, 1)},
        "server_side_ack_ms_last_10000_moves": server_side,
        "errors": len(totals.errors), "error_samples": totals.errors[:5],
        "stale_refusals_409": totals.refused,
        "tables_opened": totals.tables, "matches_finished": totals.matches_over,
        "server_cpu_percent": round(100 * (cpu - cpu0) / elapsed, 1) if pid else None,
        "server_rss_mb_at_end": round(rss / 2**20, 1) if pid else None,
        "server_peak_rss_mb": round(peak / 2**20, 1) if pid else None,
        "load_average_before_after": [round(load0[0], 2), round(os.getloadavg()[0], 2)],
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
    p.add_argument("--bot-workers", default=None, help="--bot-workers of the server started here")
    p.add_argument("--out", default=None, help="also write the report (JSON) to this file")
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
        cmd = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db,
               "--rate", "0"]
        if args.bot_workers is not None:
            cmd += ["--bot-workers", str(args.bot_workers)]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(url + "/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        with contextlib.suppress(ImportError):
            import uvloop

            asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        report = asyncio.run(main_async(args, url, proc.pid if proc else None))
        report["database"] = "postgresql" if (args.db or "").startswith("postgres") else "sqlite"
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
