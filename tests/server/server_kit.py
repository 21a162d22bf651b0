"""Helpers of the server tests: a `cardtable serve` process on a loopback port, on a real
SQLite file or on a throwaway PostgreSQL cluster made with initdb/pg_ctl when they are installed."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

SERVE = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One `cardtable serve` process; start, kill -9 and restart it on the same port."""

    def __init__(self, db: str, port: int | None = None, node: str | None = None,
                 log: Path | None = None, args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.args = args  # more `cardtable serve` flags
        self.port = port or free_port()
        self.node = node or f"test:{self.port}"
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> Server:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--port", str(self.port), "--db", self.db,
             "--node", self.node, "--rate", "0", *self.args],
            stdout=out, stderr=out)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the server did not come up")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def serving(db: str, tmp_path: Path, *args: str) -> Iterator[Server]:
    """A server started with more `serve` flags (``args``) for one test, stopped after it."""
    srv = Server(db, log=tmp_path / "server.log", args=args).start()
    try:
        yield srv
    finally:
        srv.stop()


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A throwaway PostgreSQL cluster, run as a non-root user when the tests run as root."""

    def __init__(self, root: Path) -> None:
        bindir = pg_bin()
        assert bindir is not None
        self.bin = bindir
        self.root = root
        self.data = root / "data"
        self.port = free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                with contextlib.suppress(KeyError):
                    pwd.getpwnam(name)
                    self.user = name
                    break
            entry = pwd.getpwnam(self.user or "nobody")
            root.chmod(0o755)
            os.chown(root, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       cwd="/")

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "cardtable",
                  "--auth=trust", "-E", "UTF8", "--no-sync")
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", opts, "-w",
                  "-l", str(self.root / "log"), "start")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def new_database(self) -> str:
        import psycopg

        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(f"postgresql://cardtable@127.0.0.1:{self.port}/postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://cardtable@127.0.0.1:{self.port}/{name}"


def open_table(srv: Server, **body: Any) -> dict[str, Any]:
    body.setdefault("table", {"think": 0})
    r = httpx.post(srv.url + "/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def qr_of(link: str) -> bytes:
    """The QR code of ``link`` as segno itself draws it with the server's settings: what the
    QR route must answer, drawn here without the server's code."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m", micro=False).save(
        out, kind="svg", border=4, xmldecl=False, omitsize=True, dark="#000", light="#fff",
        title="Scan to open the table")
    return out.getvalue()


def seat_tokens(url: str, created: dict[str, Any]) -> list[str | None]:
    """Each seat's own token, as its person gets it by opening their invitation link: every
    person's seat's invitation exchanged (``POST /api/tables/{id}/seat``), None for a bot's
    seat. ``url`` is the server's address, ``created`` the answer of ``POST /api/tables``.
    Each invitation works once: call this once per table (the tests act as every invitee)."""
    tokens: list[str | None] = []
    for seat in created["seats"]:
        if not seat.get("invite"):
            tokens.append(None)
            continue
        r = httpx.post(f"{url}/api/tables/{created['table']}/seat",
                       json={"invite": seat["invite"]}, timeout=30)
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == seat["seat"]
        tokens.append(r.json()["token"])
    return tokens


def stored_record(db: str, table: str) -> dict[str, Any]:
    """The whole record of a finished table as the server keeps it in its database: what a test
    checks a match against where no seat is given it (a table of several people)."""
    from cardtable.server.store import Store

    store = Store(db)
    try:
        row = store.table_row(table)
        assert row is not None and row["record"], f"table {table} has no record"
        record: dict[str, Any] = json.loads(row["record"])
        return record
    finally:
        store.close()


def play_out(url: str, table: str, tokens: list[str | None], within: float = 120) -> None:
    """Play a table to its end over HTTP, each person making their first legal move in turn
    (the bots play themselves); AssertionError if it is not over ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        spectator = httpx.get(f"{url}/api/tables/{table}", timeout=30).json()
        if spectator["over"]:
            return
        seat = next((s for s in spectator["actors"] if tokens[s]), None)
        if seat is None:
            time.sleep(0.02)
            continue
        mine = httpx.get(f"{url}/api/tables/{table}", headers=auth(tokens[seat]),
                         timeout=30).json()
        if mine["legal"]:
            httpx.post(f"{url}/api/tables/{table}/actions", headers=auth(tokens[seat]),
                       json={"action": mine["legal"][0], "version": mine["version"]},
                       timeout=30)
    raise AssertionError("the match did not end")


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "16m") -> Any:
    """A file system of its own at ``folder`` (a tmpfs of ``size``), to fill up or make
    read-only for real; the test is skipped where this process may not mount one (not root)."""
    import pytest

    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
            capture_output=True).returncode != 0:
        pytest.skip("mounting a small file system needs root (mount -t tmpfs)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system holding ``folder`` to its last byte; the filler's path."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 65536)
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0")
    finally:
        os.close(fd)
    return filler
