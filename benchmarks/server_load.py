"""Load test of `cardtable serve`: many concurrent tables, people played by WebSocket clients at
a brisk human pace, bots in the other seats, and others watching.

    .venv/bin/python benchmarks/server_load.py                      # the issue 45 bar, SQLite
    .venv/bin/python benchmarks/server_load.py --pg-cluster         # the same on PostgreSQL
    .venv/bin/python benchmarks/server_load.py --db postgresql://user@host/db
    .venv/bin/python benchmarks/server_load.py --tables 200 --move-every 1 --watchers 0

By default: 500 Daylily tables, each with one person (a WebSocket client moving 10 s after its
previous move, whenever it may) and one greedy bot, and one spectator connection per table
watching every update (a second phone, the family's laptop): 1,000 WebSocket connections held
at once. Starts its own server process (unless --url names a running one; --pg-cluster starts a
throwaway PostgreSQL cluster for it, as the tests do) and reports the people's moves'
acknowledgement latency as the client measured it (p50/p95/p99/max), errors, the connections held,
and the server's CPU and memory (resident memory of the server process and of each bot worker).
A finished match is replaced by a new table, so the count of tables stays constant. The client is
one asyncio process; it raises its own open-files limit (and so the server's) to hold the
connections.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
from websockets.asyncio.client import ClientConnection, connect

SERVE = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


ACK_TIMEOUT = 10.0
"""A move not acknowledged (nor refused) within this many seconds counts as an error."""


class Totals:
    def __init__(self) -> None:
        self.latencies: list[tuple[float, float]] = []  # (sent at, seconds to the ack)
        self.errors: list[str] = []
        self.refused = 0
        self.tables = 0
        self.matches_over = 0
        self.moves = 0  # every move (people's, bots', timers') seen by the clients
        self.stuck = 0
        self.open = 0  # WebSocket connections open now
        self.open_peak = 0
        self.updates = 0  # update messages received by all connections

    def opened(self) -> None:
        self.open += 1
        self.open_peak = max(self.open_peak, self.open)


async def play_seat(ws_url: str, totals: Totals, stop: float, rng: random.Random,
                    seen: dict[str, int], every: float) -> None:
    """One person: a move `every` seconds after the previous one, whenever the seat may act,
    until the match is over or the run stops. Each acknowledgement's latency is recorded;
    refusals other than 409 (a bot or a timer moved first, which is normal at a table) count as
    errors, and so does silence."""
    # The first move comes at a random point of the first interval, as people sit down at
    # different moments, so the moves of many tables do not arrive in step.
    last_move = time.monotonic() - rng.uniform(0, every)
    async with connect(ws_url, max_size=2**24, open_timeout=60, close_timeout=2,
                       compression=None) as ws:
        totals.opened()
        try:
            await _play(ws, totals, stop, rng, seen, every, last_move)
        finally:
            totals.open -= 1


async def _play(ws: ClientConnection, totals: Totals, stop: float, rng: random.Random,
                seen: dict[str, int], every: float, last_move: float) -> None:
    """The person's loop on an open connection (see `play_seat`)."""
    pending: float | None = None
    latest: dict[str, Any] | None = None
    while True:
        now = time.monotonic()
        if now >= stop:
            return
        may_move = latest is not None and bool(latest["legal"]) and pending is None
        wake = stop
        if may_move:
            wake = min(wake, last_move + every)
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
                    totals.updates += 1
                    latest = message
                    seen["version"] = max(seen["version"], message["version"])
                    if message["over"]:
                        return
                elif kind == "ack":
                    if pending is not None:
                        totals.latencies.append((pending, time.monotonic() - pending))
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
                and now - last_move >= every and now < stop):
            last_move = pending = now
            await ws.send(json.dumps({"action": rng.choice(latest["legal"]),
                                      "version": latest["version"]}))
            latest = dict(latest, legal=[])


async def watch_table(ws_url: str, totals: Totals, stop: float) -> None:
    """A spectator: reads every update until the match is over or the run stops."""
    async with connect(ws_url, max_size=2**24, open_timeout=60, close_timeout=2,
                       compression=None) as ws:
        totals.opened()
        try:
            while (left := stop - time.monotonic()) > 0:
                try:
                    async with asyncio.timeout(left):
                        message = json.loads(await ws.recv())
                except TimeoutError:
                    return
                if message["type"] == "update":
                    totals.updates += 1
                    if message["over"]:
                        return
        finally:
            totals.open -= 1


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
        tokens = []
        try:  # each person opens their invitation: the seat's own token
            for seat in created["seats"]:
                if seat["invite"]:
                    sat = await client.post(f"{url}/api/tables/{created['table']}/seat",
                                            json={"invite": seat["invite"]})
                    sat.raise_for_status()
                    tokens.append(sat.json()["token"])
        except httpx.HTTPError as exc:
            totals.errors.append(f"seat: {type(exc).__name__}: {exc}")
            continue
        seen = {"version": 0}
        table_ws = f"{ws_base}/ws/tables/{created['table']}"
        try:
            await asyncio.gather(
                *(play_seat(f"{table_ws}?token={t}", totals, stop, rng, seen, args.move_every)
                  for t in tokens),
                *(watch_table(table_ws, totals, stop) for _ in range(args.watchers)))
            if time.monotonic() < stop:
                totals.matches_over += 1
        except Exception as exc:
            totals.errors.append(f"socket: {type(exc).__name__}: {exc}")
        totals.moves += seen["version"]


def processes(pid: int) -> list[psutil.Process]:
    """The server process and its descendants (its bot workers)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def role(proc: psutil.Process) -> str:
    """What a process of the server's tree is there for."""
    try:
        line = " ".join(proc.cmdline())
    except psutil.Error:
        return "gone"
    if "resource_tracker" in line:
        return "multiprocessing's resource tracker"
    if "multiprocessing" in line or "spawn_main" in line or "forkserver" in line:
        return "bot worker"
    return "server" if "serve" in line else proc.name()


def proc_stats(pid: int) -> tuple[float, list[tuple[str, int]], int]:
    """CPU seconds used so far by the server and its workers; the resident memory (bytes) of
    each with its role, the server first; and the sum of their peaks (VmHWM, Linux)."""
    cpu, rss, peak = 0.0, [], 0
    for proc in processes(pid):
        try:
            times = proc.cpu_times()
            cpu += times.user + times.system
            rss.append((role(proc), proc.memory_info().rss))
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak += int(line.split()[1]) * 1024
        except psutil.Error:
            continue
    return cpu, rss, peak


async def sample_memory(pid: int, peak: list[int], stop: float) -> None:
    """The highest total resident memory of the server and its workers, sampled every 2 s."""
    while time.monotonic() < stop:
        peak[0] = max(peak[0], sum(r for _role, r in proc_stats(pid)[1]))
        await asyncio.sleep(2)


async def py_spy(pid: int, out: str, begin: float, end: float) -> None:
    """Sample the server (and its bot workers) with py-spy from ``begin`` to ``end``; raw
    folded stacks with idle threads left out, one line per stack and its sample count."""
    await asyncio.sleep(max(0.0, begin - time.monotonic()))
    seconds = max(1, int(end - time.monotonic()))
    beside = Path(sys.executable).parent / "py-spy"  # installed in this venv
    exe = str(beside) if beside.exists() else (shutil.which("py-spy") or "py-spy")
    proc = await asyncio.create_subprocess_exec(
        exe, "record", "--pid", str(pid), "--subprocesses", "--format", "raw",
        "--nonblocking", "--rate", "100", "--duration", str(seconds), "--output", out,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    await proc.wait()


def summary(latencies: list[float]) -> dict[str, float | int]:
    return {"moves": len(latencies),
            "p50": round(pct(latencies, 0.5) * 1000, 1),
            "p95": round(pct(latencies, 0.95) * 1000, 1),
            "p99": round(pct(latencies, 0.99) * 1000, 1),
            "max": round(max(latencies, default=0) * 1000, 1)}


def cpu_pressure() -> float | None:
    """Microseconds that some runnable task waited for a CPU since boot (Linux PSI): how much
    the machine's other work held this run back."""
    try:
        for line in Path("/proc/pressure/cpu").read_text().splitlines():
            if line.startswith("some"):
                return float(line.rsplit("total=", 1)[1])
    except (OSError, IndexError, ValueError):
        pass
    return None


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
    pressure0 = cpu_pressure()
    limits = httpx.Limits(max_connections=50)
    sampled = [0]
    sampler = asyncio.create_task(sample_memory(pid, sampled, stop)) if pid else None
    profiler = None
    if args.py_spy and pid:
        # Profile once every table is open, until the end: where the server's time goes.
        profiler = asyncio.create_task(py_spy(pid, args.py_spy, start + args.ramp, stop))
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
    if sampler is not None:
        sampler.cancel()
    if profiler is not None:
        await profiler
    elapsed = time.monotonic() - start
    cpu, rss, peak = proc_stats(pid) if pid else (0.0, [], 0)
    ramped = start + args.ramp
    lat = [seconds for sent, seconds in totals.latencies if sent >= ramped]
    ramp_lat = [seconds for sent, seconds in totals.latencies if sent < ramped]
    mb = 2**20
    pressure = None if pressure0 is None else cpu_pressure()
    if pressure is not None and pressure0 is not None:
        pressure = round(100 * (pressure - pressure0) / 1e6 / elapsed, 1)
    return {
        "tables": args.tables, "seconds": round(elapsed, 1), "game": args.game,
        "players": args.players, "people_per_table": args.humans, "bot": args.bot,
        "think_s": args.think, "person_moves_every_s": args.move_every,
        "watchers_per_table": args.watchers,
        "websockets_open_peak": totals.open_peak, "updates_received": totals.updates,
        "people_moves_acknowledged": len(totals.latencies),
        "people_moves_per_s": round(len(totals.latencies) / elapsed, 1),
        "all_moves_per_s": round(totals.moves / elapsed, 1),
        "ack_ms": summary(lat),  # moves sent once every table was open
        "ack_ms_during_ramp": summary(ramp_lat),  # while tables were still being opened
        "server_side_ack_ms_last_10000_moves": server_side,
        "errors": len(totals.errors), "error_samples": totals.errors[:5],
        "stale_refusals_409": totals.refused,
        "tables_opened": totals.tables, "matches_finished": totals.matches_over,
        "server_cpu_percent": round(100 * (cpu - cpu0) / elapsed, 1) if pid else None,
        "server_rss_mb_at_end": round(rss[0][1] / mb, 1) if rss else None,
        "children_rss_mb_at_end": [[name, round(r / mb, 1)] for name, r in rss[1:]],
        "server_and_children_rss_mb_at_end": round(sum(r for _n, r in rss) / mb, 1),
        "server_and_children_rss_mb_peak_sampled": round(sampled[0] / mb, 1) if pid else None,
        "server_and_children_peak_rss_mb_sum_of_peaks": round(peak / mb, 1) if pid else None,
        "load_average_before_after": [round(load0[0], 2), round(os.getloadavg()[0], 2)],
        "cpu_pressure_some_percent": pressure,
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


def raise_open_files(wanted: int) -> None:
    """Every WebSocket is a file descriptor on each side (and the server started here inherits
    this limit): raise the soft limit towards the hard one, which needs no privilege."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        if new < wanted:
            print(f"server_load: only {new} open files allowed (hard limit); {wanted} wanted",
                  file=sys.stderr)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--seconds", type=float, default=180)
    p.add_argument("--ramp", type=float, default=30, help="seconds to open the tables over")
    p.add_argument("--move-every", type=float, default=10.0,
                   help="seconds between a person's moves (default 10)")
    p.add_argument("--watchers", type=int, default=1,
                   help="spectator connections per table (default 1)")
    p.add_argument("--game", default="daylily")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--humans", type=int, default=1, help="people per table (the rest: bots)")
    p.add_argument("--bot", default="greedy")
    p.add_argument("--think", type=float, default=1.0, help="the bots' think delay, seconds")
    p.add_argument("--db", default=None, help="database of the server started here")
    p.add_argument("--pg-cluster", action="store_true",
                   help="serve on a throwaway PostgreSQL cluster started here (initdb, pg_ctl)")
    p.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                   help="one more flag for the server started here (repeatable)")
    p.add_argument("--url", default=None, help="a running server instead of starting one")
    p.add_argument("--bot-workers", default=None, help="--bot-workers of the server started here")
    p.add_argument("--py-spy", default=None, metavar="FILE",
                   help="profile the server started here with py-spy (pip install py-spy) once "
                        "every table is open, folded stacks to FILE")
    p.add_argument("--out", default=None, help="also write the report (JSON) to this file")
    args = p.parse_args()
    raise_open_files(4 * args.tables * (args.humans + args.watchers) + 256)
    proc = None
    url = args.url
    tmp = None
    cluster = None
    if args.pg_cluster:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
        from server_kit import Cluster

        cluster = Cluster(Path(tempfile.mkdtemp(prefix="cardtable-load-pg-")))
        cluster.start()
        args.db = cluster.new_database()
    if url is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        db = args.db
        if db is None:
            tmp = tempfile.mkdtemp(prefix="cardtable-load-")
            db = f"sqlite:///{tmp}/load.sqlite3"
        cmd = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db,
               "--rate", "0", *args.serve_arg]
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
        if cluster is not None:
            cluster.stop()
            shutil.rmtree(cluster.root, ignore_errors=True)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
