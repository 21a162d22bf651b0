"""Other sites' pages against a server on this computer: DNS rebinding (a site's name pointed at
127.0.0.1, so the browser lets the site read the answers) and cross-site requests (a form or a
text/plain fetch that creates tables, takes seats and makes moves in the visitor's name, a
WebSocket opened from any page). The server answers only to its own names, and changes nothing
for a page that is not its own."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_kit import SERVE, Server, auth, free_port, open_table, seat_tokens
from websockets.sync.client import connect
from websockets.typing import Origin

from cardtable.server.addresses import lan_address
from cardtable.server.origin import Served, check_allowed_host, host_name, served_hosts

EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp_path = tmp_path_factory.mktemp("origin")
    server = Server(f"sqlite:///{tmp_path / 'o.sqlite3'}", log=tmp_path / "o.log",
                    args=("--url", "http://192.168.1.23:8123",
                          "--allowed-host", "cards.example")).start()
    yield server
    server.stop()


def one_sentence(r: httpx.Response, status: int, words: str) -> None:
    assert r.status_code == status, r.text
    assert set(r.json()) == {"error"} and words in r.json()["error"], r.text
    assert "\n" not in r.json()["error"] and "Traceback" not in r.text


def handshake(port: int, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
    """A WebSocket handshake written by hand, so its Host and Origin are exactly these: the
    status of the answer and its body."""
    lines = [f"GET {path} HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade",
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
             *(f"{k}: {v}" for k, v in headers.items())]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += s.recv(4096)
        head, _, body = answer.partition(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        while len(body) < length:
            body += s.recv(4096)
    return int(head.split()[1]), body


def test_a_name_the_server_is_not_known_by_is_refused(srv: Server) -> None:
    """DNS rebinding: evil.example points at 127.0.0.1; the browser sends Host: evil.example."""
    before = httpx.get(f"{srv.url}/api/tables", timeout=10).json()["tables"]
    made = open_table(srv, game="daylily", players=2, seats=["human", "greedy"])
    token = seat_tokens(srv.url, made)[0]
    for host in ("evil.example", f"evil.example:{srv.port}", "EVIL.example.", "127.0.0.1.nip.io",
                 "not a host", "evil.example:port"):
        for path in ("/", f"/t/{made['table']}", "/api/tables", f"/api/tables/{made['table']}"):
            r = httpx.get(srv.url + path, headers={"host": host, **auth(token)}, timeout=10)
            one_sentence(r, 421, "does not answer to the name")
        r = httpx.post(f"{srv.url}/api/tables", headers={"host": host},
                       json={"game": "daylily", "players": 2}, timeout=10)
        one_sentence(r, 421, "--allowed-host")
        status, body = handshake(srv.port, f"/ws/tables/{made['table']}?token={token}",
                                 {"Host": host})
        assert status == 421 and "does not answer" in json.loads(body)["error"]
    assert len(httpx.get(f"{srv.url}/api/tables", timeout=10).json()["tables"]) == len(before) + 1
    # Its own names: the loopback ones (the tests' own http://127.0.0.1:PORT), --url's, and
    # --allowed-host's, with any port.
    for host in (f"127.0.0.1:{srv.port}", f"localhost:{srv.port}", f"[::1]:{srv.port}",
                 "192.168.1.23:8123", "cards.example", "Cards.Example:443"):
        assert httpx.get(f"{srv.url}/api/tables", headers={"host": host},
                         timeout=10).status_code == 200, host
        status, _ = handshake(srv.port, f"/ws/tables/{made['table']}", {"Host": host})
        assert status == 101, host


def test_cross_site_posts_change_nothing(srv: Server) -> None:
    """A page of evil.example sends text/plain POSTs (no preflight needed) with the visitor's
    browser: to make a table, to take a free seat, to move with a token it learnt."""
    made = open_table(srv, game="daylily", players=2, seats=["human", "human"], seed=4)
    table = made["table"]
    seen = httpx.get(f"{srv.url}/api/tables/{table}", timeout=10).json()
    actor = seen["actors"][0]
    token = seat_tokens(srv.url, made)[actor]  # the seat on move: its move would be taken
    legal = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(token),
                      timeout=10).json()["legal"]
    lobby = httpx.get(f"{srv.url}/api/tables", timeout=10).json()
    move = json.dumps({"action": legal[0], "version": seen["version"]})
    tries = [
        ("/api/tables", json.dumps({"game": "daylily", "players": 2}), {}),
        (f"/api/tables/{table}/join", json.dumps({"seat": 1 - actor}), {}),
        (f"/api/tables/{table}/seat", json.dumps({"invite": made["seats"][0]["invite"]}), {}),
        (f"/api/tables/{table}/actions?token={token}", move, {}),
        (f"/api/tables/{table}/actions", move, auth(token)),
        (f"/api/tables/{table}/name", json.dumps({"name": "Mallory"}), auth(token)),
        (f"/api/tables/{table}/leave", "", auth(token)),
    ]
    for path, body, extra in tries:
        for origin in (EVIL, f"http://evil.example:{srv.port}", "null",
                       f"http://127.0.0.1:{free_port()}",  # another program's page here
                       f"http://127.0.0.1:{srv.port}.evil.example"):
            for kind in ("text/plain", "application/x-www-form-urlencoded", "application/json"):
                r = httpx.post(srv.url + path, content=body, timeout=10, headers={
                    "origin": origin, "content-type": kind, **extra})
                one_sentence(r, 403, "from a page of another site")
        # A browser too old to say which page sent it: only JSON, which no other site's page
        # can send without asking first.
        if body:
            r = httpx.post(srv.url + path, content=body, timeout=10,
                           headers={"content-type": "text/plain", **extra})
            one_sentence(r, 415, "Content-Type: application/json")
    after = httpx.get(f"{srv.url}/api/tables", timeout=10).json()["tables"]
    assert len(after) == len(lobby["tables"])  # no table made
    assert [t for t in after if t["table"] == table] == [  # no seat taken, no name, no move
        t for t in lobby["tables"] if t["table"] == table]
    again = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(token), timeout=10).json()
    assert again["version"] == seen["version"]
    client = httpx.get(f"{srv.url}/api/tables/{table}/client", timeout=10).json()
    assert "Mallory" not in client["names"]


def test_the_servers_own_pages_and_programs_are_served(srv: Server) -> None:
    """What the browser client sends (JSON, its own Origin; `leave` with no body) and what a
    program sends (JSON, no Origin) work as before, under every name the server answers to."""
    own = (srv.url, "http://192.168.1.23:8123", "https://cards.example",
           f"http://localhost:{srv.port}")
    hosts = (f"127.0.0.1:{srv.port}", "192.168.1.23:8123", "cards.example",
             f"localhost:{srv.port}")
    for origin, host in zip(own, hosts, strict=True):
        r = httpx.post(f"{srv.url}/api/tables", timeout=30, json={
            "game": "daylily", "players": 2, "seats": ["human", "greedy"],
            "table": {"think": 0}}, headers={"origin": origin, "host": host})
        assert r.status_code == 201, (origin, r.text)
        token = seat_tokens(srv.url, r.json())[0]
        left = httpx.post(f"{srv.url}/api/tables/{r.json()['table']}/leave", timeout=10,
                          headers={"origin": origin, "host": host, **auth(token)})
        assert left.status_code == 200, left.text
    # A page served over HTTPS by a proxy in front, which reaches this process over HTTP.
    assert httpx.post(f"{srv.url}/api/tables", json={"game": "daylily", "players": 2},
                      headers={"origin": f"https://127.0.0.1:{srv.port}"},
                      timeout=10).status_code == 201
    made = open_table(srv, game="daylily", players=2, seats=["human", "greedy"])  # no Origin
    left = httpx.post(f"{srv.url}/api/tables/{made['table']}/leave", timeout=10,
                      headers=auth(seat_tokens(srv.url, made)[0]))  # a program, no body
    assert left.status_code == 200


def test_a_websocket_from_another_sites_page_is_refused(srv: Server) -> None:
    made = open_table(srv, game="daylily", players=2, seats=["human", "greedy"])
    path = f"/ws/tables/{made['table']}?token={seat_tokens(srv.url, made)[0]}"
    for origin in (EVIL, "null", f"http://127.0.0.1:{free_port()}",
                   f"https://evil.example:{srv.port}"):
        status, body = handshake(srv.port, path, {"Host": f"127.0.0.1:{srv.port}",
                                                  "Origin": origin})
        assert status == 403 and "from a page of another site" in json.loads(body)["error"]
    for origin, host in ((srv.url, f"127.0.0.1:{srv.port}"),
                         ("http://192.168.1.23:8123", f"127.0.0.1:{srv.port}"),  # --url's
                         (f"http://localhost:{srv.port}", f"localhost:{srv.port}")):
        status, _ = handshake(srv.port, path, {"Host": host, "Origin": origin})
        assert status == 101, origin
    # A program's WebSocket (no Origin: every browser sends one) plays as before.
    with connect(f"ws://127.0.0.1:{srv.port}{path}") as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "update"
    with connect(f"ws://127.0.0.1:{srv.port}{path}", origin=Origin(srv.url)) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "update"


def test_which_names_a_server_answers_to() -> None:
    loopback = served_hosts("127.0.0.1", "http://127.0.0.1:8000")
    for name in ("127.0.0.1", "localhost", "::1"):
        assert loopback.allows(name)
    for name in ("evil.example", "192.168.1.23", "127.0.0.2", "laptop"):
        assert not loopback.allows(name), name
    # On every interface: the address it gives out, the loopback names, any IP address (no
    # one can rebind a name to it) and this computer's name; still no other site's name.
    every = served_hosts("0.0.0.0", "http://192.168.1.23:8000")
    for name in ("192.168.1.23", "10.0.0.7", "fe80::1", "127.0.0.1", "localhost",
                 socket.gethostname().lower()):
        assert every.allows(name), name
    found = lan_address()
    assert found is None or every.allows(found)
    assert not every.allows("evil.example") and not every.allows("192.168.1.23.nip.io")
    named = served_hosts("192.168.1.23", "https://cards.example", ["cards2.example"])
    assert named.allows("192.168.1.23") and named.allows("cards.example")
    assert named.allows("cards2.example") and not named.allows("localhost")
    assert not named.allows("10.0.0.7")
    assert served_hosts("127.0.0.1", "http://127.0.0.1:8000", ["*"]).allows("anything.example")
    assert host_name("[::1]:8000") == "::1" and host_name("Cards.Example.:80") == "cards.example"
    assert host_name("a b") is None and host_name("x:port") is None
    for good, cleaned in (("Cards.Example", "cards.example"), ("192.168.1.5", "192.168.1.5"),
                          ("fe80::1", "fe80::1"), ("[fe80::1]", "fe80::1"), ("*", "*")):
        assert check_allowed_host(good) == cleaned
    for bad in ("https://cards.example", "cards.example:8000", "cards.example/", "", "a@b"):
        with pytest.raises(ValueError, match="--allowed-host takes a host name"):
            check_allowed_host(bad)
    served = Served("https://cards.example")
    assert served.own("https://cards.example", "127.0.0.1:8000", "http")  # behind a proxy
    assert served.own("http://127.0.0.1:8000", "127.0.0.1:8000", "http")
    assert not served.own("http://127.0.0.1:8000", "127.0.0.1:8000", "https")  # downgraded
    assert not served.own("http://127.0.0.1:8001", "127.0.0.1:8000", "http")
    assert not served.own("null", "127.0.0.1:8000", "http")


def test_a_mistyped_allowed_host_is_named_in_one_sentence(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", SERVE, "serve", "--port", str(free_port()), "--db",
         f"sqlite:///{tmp_path / 'x.sqlite3'}", "--allowed-host", "https://cards.example"],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "serving on" not in done.stdout
    assert done.stderr == ("cardtable: --allowed-host takes a host name or address without a "
                           "scheme or port (cards.example, 192.168.1.23), not "
                           "'https://cards.example'\n")
