"""cardtable behind a real reverse proxy, as docs/deploy.md sets one up: Debian's nginx in front of
`cardtable serve` on loopback, a table played through it over HTTP and WebSocket.

The nginx here is a throwaway instance: its own configuration, pid file, logs and temporary folders
in a folder of its own, listening on a free port of 127.0.0.2 (a loopback address other than the
server's, so the server can tell the proxy's connections from a client's). It runs as root or as
a normal user alike, and is stopped when the test ends. Clients connect from other loopback
addresses (127.0.0.3, 127.0.0.4, ...), each a different person's machine, so the tests can show
whose address the server's limits count: the one nginx forwards, never one a client wrote.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_kit import Server
from websockets.asyncio.client import ClientConnection, connect

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PROXY_HOST = "127.0.0.2"

pytestmark = pytest.mark.skipif(
    not os.access(NGINX, os.X_OK), reason="nginx is not installed (apt-get install nginx)")


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def site(listen: str, upstream: str) -> str:
    """The site configuration docs/deploy.md gives for a public host, taken from the page itself
    so that what the page says is what is tested; only what needs a public name is changed: plain
    HTTP on ``listen`` instead of HTTPS on 443 (the TLS lines are nginx's own business, not
    cardtable's), no port-80 redirect, and the server's test port for 8000."""
    text = DEPLOY.read_text()
    start = text.index("`/etc/nginx/sites-available/cardtable`:\n\n```nginx\n")
    start = text.index("\n", text.index("```nginx", start)) + 1
    conf = text[start:text.index("\n```", start)]
    redirect = conf.index("server {\n    listen 80;")
    conf = conf[:redirect] + conf[conf.index("\n}\n", redirect) + 3:]
    changes = [("server 127.0.0.1:8000;", f"server {upstream};"),
               ("listen 443 ssl http2;", f"listen {listen};")]
    for old, new in changes:
        assert conf.count(old) == 1, f"docs/deploy.md's nginx site no longer has {old!r}"
        conf = conf.replace(old, new)
    kept = [line for line in conf.splitlines()
            if not line.strip().startswith(("ssl_", "listen [::]:443"))]
    conf = "\n".join(kept)
    for needed in ("proxy_set_header Upgrade $http_upgrade;",
                   "proxy_set_header Connection $connection_upgrade;",
                   "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
                   "proxy_set_header Host $host;"):
        assert needed in conf, needed
    return conf


class Nginx:
    """One unprivileged nginx: everything it writes is under ``root``."""

    def __init__(self, upstream: str) -> None:
        # Not under pytest's temporary folder, which only root may enter: nginx's workers run as
        # nobody when the tests run as root.
        self.root = Path(tempfile.mkdtemp(prefix="cardtable-nginx-"))
        self.root.chmod(0o755)
        self.port = free_port(PROXY_HOST)
        self.url = f"http://{PROXY_HOST}:{self.port}"
        self.upstream = upstream
        self.proc: subprocess.Popen[bytes] | None = None

    def config(self) -> str:
        root = self.root
        user = ""
        if os.geteuid() == 0:  # the workers drop root's rights, as a packaged nginx's do
            entry = pwd.getpwnam("nobody")
            user = f"user nobody {grp.getgrgid(entry.pw_gid).gr_name};"
        return f"""
{user}
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/error.log info;
events {{
    worker_connections 256;
}}
http {{
    access_log {root}/access.log;
    client_body_temp_path {root}/tmp/body;
    proxy_temp_path {root}/tmp/proxy;
    fastcgi_temp_path {root}/tmp/fastcgi;
    uwsgi_temp_path {root}/tmp/uwsgi;
    scgi_temp_path {root}/tmp/scgi;
{site(f"{PROXY_HOST}:{self.port}", self.upstream)}
}}
"""

    def start(self, timeout: float = 15.0) -> Nginx:
        (self.root / "tmp").mkdir()
        conf = self.root / "nginx.conf"
        conf.write_text(self.config())
        self.proc = subprocess.Popen(
            [NGINX, "-e", str(self.root / "error.log"), "-p", f"{self.root}/", "-c", str(conf),
             "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"nginx exited with {self.proc.returncode}: {err}")
            with contextlib.suppress(OSError), socket.create_connection(
                    (PROXY_HOST, self.port), timeout=1):
                return self
            time.sleep(0.05)
        raise RuntimeError("nginx did not come up")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # fast shutdown: workers end, master exits
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def access_log(self) -> str:
        path = self.root / "access.log"
        return path.read_text() if path.exists() else ""


@contextlib.contextmanager
def behind_nginx(db: str, log: Path, *args: str) -> Iterator[tuple[Server, Nginx]]:
    """A server on 127.0.0.1 whose public address is the proxy's, trusting the proxy's
    forwarded addresses (it connects from 127.0.0.1), and the proxy in front."""
    port = free_port("127.0.0.1")
    proxy = Nginx(f"127.0.0.1:{port}")
    srv = Server(db, port=port, log=log,
                 args=("--url", proxy.url, "--trusted-proxy", "127.0.0.1", *args))
    srv.start()
    try:
        proxy.start()
        yield srv, proxy
    finally:
        proxy.stop()
        srv.stop()


@pytest.fixture
def proxied(db: str, tmp_path: Path) -> Iterator[tuple[Server, Nginx]]:
    with behind_nginx(db, tmp_path / "server.log") as pair:
        yield pair


def client_at(address: str, url: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (any 127.x address is this
    computer's), so that each plays a different person's machine."""
    return httpx.Client(base_url=url, timeout=15,
                        transport=httpx.HTTPTransport(local_address=address))


async def next_of(ws: ClientConnection, kind: str, timeout: float = 15.0) -> dict[str, Any]:
    """The next message of this type on the connection (others are skipped)."""
    async with asyncio.timeout(timeout):
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] == kind:
                return message


async def play_through(proxy: Nginx, table: str, tokens: list[str], moves: int) -> list[int]:
    """Both people at the table over WebSockets opened through the proxy: whoever is on move
    sends a legal move; the mover gets the update and the ack, the other the update pushed. The
    versions each saw, in order."""
    ws_base = "ws" + proxy.url[len("http"):]
    versions: list[int] = []
    sockets = [await connect(f"{ws_base}/ws/tables/{table}?token={t}", open_timeout=15)
               for t in tokens]
    try:
        latest = [await next_of(ws, "update") for ws in sockets]
        assert [u["seat"] for u in latest] == [0, 1]
        assert latest[0]["version"] == latest[1]["version"]
        for _ in range(moves):
            mover = next(seat for seat in (0, 1) if latest[seat]["legal"])
            other = 1 - mover
            version = latest[mover]["version"]
            await sockets[mover].send(json.dumps(
                {"action": latest[mover]["legal"][0], "version": version}))
            latest[mover] = await next_of(sockets[mover], "update")
            ack = await next_of(sockets[mover], "ack")
            assert ack["version"] == version + 1 == latest[mover]["version"]
            latest[other] = await next_of(sockets[other], "update")  # pushed through nginx
            assert latest[other]["version"] == version + 1
            versions.append(version + 1)
    finally:
        for ws in sockets:
            await ws.close()
    return versions


def test_a_table_is_played_through_nginx_over_http_and_websocket(
        proxied: tuple[Server, Nginx]) -> None:
    _srv, proxy = proxied
    with httpx.Client(base_url=proxy.url, timeout=15) as client:
        r = client.post("/api/tables", json={"game": "daylily", "players": 2,
                                             "seats": ["human", "human"],
                                             "table": {"think": 0}})
        assert r.status_code == 201, r.text
        created = r.json()
        table = created["table"]
        # The links name the proxy, the address people reach: never the server's own port.
        assert created["watch"] == f"{proxy.url}/t/{table}"
        for seat in created["seats"]:
            assert seat["link"].startswith(f"{proxy.url}/t/{table}?invite=")
        tokens = []
        for seat in created["seats"]:  # each person opens their invitation through the proxy
            r = client.post(f"/api/tables/{table}/seat", json={"invite": seat["invite"]})
            assert r.status_code == 200 and r.json()["seat"] == seat["seat"], r.text
            tokens.append(r.json()["token"])
        for seat, token in enumerate(tokens):  # and their seat's own token opens it
            r = client.get(f"/api/tables/{table}", params={"token": token})
            assert r.status_code == 200 and r.json()["seat"] == seat, r.text
        page = client.get(f"/t/{table}", params={"token": tokens[0]})
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]

        versions = asyncio.run(play_through(proxy, table, tokens, moves=6))
        assert versions == list(range(versions[0], versions[0] + 6))

        # What the proxy carried is what the server stored: a spectator sees the same version.
        r = client.get(f"/api/tables/{table}")
        assert r.status_code == 200 and r.json()["version"] == versions[-1]
        lobby = client.get("/api/tables").json()["tables"]
        assert [t["version"] for t in lobby if t["table"] == table] == [versions[-1]]
    log = proxy.access_log()
    assert "POST /api/tables HTTP/1.1\" 201" in log
    assert log.count(f"GET /ws/tables/{table}?token=") == 2 and "\" 101 " in log


def lobby_until_refused(client: httpx.Client, headers: list[dict[str, str]]) -> list[int]:
    """Read the lobby (one request's cost) until the server says 429, at most 40 times."""
    seen: list[int] = []
    for n in range(40):
        seen.append(client.get("/api/tables", headers=headers[n % len(headers)]).status_code)
        if seen[-1] == 429:
            break
    return seen


async def socket_answer(url: str, address: str) -> dict[str, Any]:
    """The first message a WebSocket opened from ``address`` gets (an update, or the refusal)."""
    async with connect(url, local_addr=(address, 0), open_timeout=15) as ws:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 15))
        return message


def test_the_limits_count_the_address_nginx_forwards_and_no_forged_one(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'limits.sqlite3'}"
    # Twelve requests in a minute per client, one WebSocket open per client address.
    with behind_nginx(db, tmp_path / "server.log", "--rate", "0.2", "--burst", "12",
                      "--connections-per-client", "1") as (srv, proxy):
        with client_at("127.0.0.9", srv.url) as maker:  # someone on the server's own machine
            r = maker.post("/api/tables", json={"game": "daylily", "players": 2,
                                                "seats": ["human", "human"]})
            assert r.status_code == 201, r.text
        table = r.json()["table"]
        ws_url = f"ws{proxy.url[len('http'):]}/ws/tables/{table}"

        async def sockets() -> list[dict[str, Any]]:
            # Two people behind the proxy, whose connections all reach the server from nginx's
            # 127.0.0.1: each may hold one WebSocket, so each is counted by its own address.
            async with connect(ws_url, local_addr=("127.0.0.3", 0), open_timeout=15) as first:
                held = await next_of(first, "update")
                again = await socket_answer(ws_url, "127.0.0.3")
                other = await socket_answer(ws_url, "127.0.0.4")
                return [held, again, other]

        held, again, other = asyncio.run(sockets())
        assert held["version"] == 0 and other["type"] == "update"
        assert again["type"] == "error" and again["status"] == 429
        assert "holds 1 connections already" in again["error"]

        with client_at("127.0.0.3", proxy.url) as alice, \
                client_at("127.0.0.4", proxy.url) as bob, \
                client_at("127.0.0.5", srv.url) as mallory, \
                client_at("127.0.0.1", srv.url) as trusted:
            # Alice, through the proxy, spends her own budget...
            seen = lobby_until_refused(alice, [{}])
            assert seen[-1] == 429 and set(seen[:-1]) == {200} and 5 <= len(seen) <= 13
            # ... and a forged X-Forwarded-For buys her nothing: nginx appends the address it
            # saw, and the server believes only the address its trusted proxy added.
            forged = [{"X-Forwarded-For": f"198.51.100.{n}"} for n in range(5)]
            assert [alice.get("/api/tables", headers=h).status_code for h in forged] == [429] * 5
            # Bob behind the same proxy has a budget of his own.
            assert bob.get("/api/tables").status_code == 200
            # Mallory, straight at the server from an address it does not trust, claims to be
            # Bob: she is counted as herself, and Bob's budget is untouched.
            as_bob = [{"X-Forwarded-For": "127.0.0.4"}]
            seen = lobby_until_refused(mallory, as_bob)
            assert seen[-1] == 429 and set(seen[:-1]) == {200}
            assert bob.get("/api/tables").status_code == 200
            # From the trusted proxy's address the same header is believed: it names Alice,
            # whose budget is spent, and a newcomer, whose is not.
            assert trusted.get("/api/tables",
                               headers={"X-Forwarded-For": "127.0.0.3"}).status_code == 429
            assert trusted.get("/api/tables",
                               headers={"X-Forwarded-For": "127.0.0.8"}).status_code == 200
