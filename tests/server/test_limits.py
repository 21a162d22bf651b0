"""What one client may ask of the server: limits keyed by its address (behind a trusted proxy,
the address the proxy saw), not by anything it writes, on HTTP and on WebSockets."""

from __future__ import annotations

import contextlib
import json
import socket
from pathlib import Path

import httpx
import pytest
from server_kit import Server, auth, open_table, seat_tokens, serving
from websockets.sync.client import ClientConnection, connect


@pytest.fixture
def sqlite(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def statuses(srv: Server, count: int, headers: list[dict[str, str]]) -> list[int]:
    with httpx.Client(base_url=srv.url, timeout=10) as client:
        return [client.get("/api/games", headers=headers[n % len(headers)]).status_code
                for n in range(count)]


def test_made_up_tokens_do_not_buy_more_requests(sqlite: str, tmp_path: Path) -> None:
    with serving(sqlite, tmp_path, "--rate", "1", "--burst", "10") as srv:
        made_up = [auth(f"made-up-{n}") for n in range(40)]
        seen = statuses(srv, 40, made_up)
        assert seen.count(200) <= 12 and 429 in seen
        r = httpx.get(srv.url + "/api/games", headers=auth("yet-another"))
        assert r.status_code == 429 and r.json() == {"error": "too many requests; slow down"}


def test_a_forwarded_address_is_believed_only_from_a_trusted_proxy(
        sqlite: str, tmp_path: Path) -> None:
    spoofed = [{"X-Forwarded-For": f"198.51.100.{n}"} for n in range(40)]
    with serving(sqlite, tmp_path, "--rate", "1", "--burst", "10") as srv:
        seen = statuses(srv, 40, spoofed)  # no proxy is trusted: the peer is the client
        assert seen.count(200) <= 12
    with serving(sqlite, tmp_path, "--rate", "1", "--burst", "10",
                       "--trusted-proxy", "127.0.0.0/8") as srv:
        one = [{"X-Forwarded-For": "203.0.113.7"}]
        assert statuses(srv, 10, one) == [200] * 10
        assert statuses(srv, 1, one) == [429]
        # What the client wrote left of the address the proxy saw is not believed.
        assert statuses(srv, 1, [{"X-Forwarded-For": "192.0.2.1, 203.0.113.7"}]) == [429]
        # Another client behind the same proxy has a budget of its own, also by `Forwarded`.
        assert statuses(srv, 1, [{"X-Forwarded-For": "203.0.113.8"}]) == [200]
        assert statuses(srv, 1, [{"Forwarded": 'for="[2001:db8::1]:4711";proto=https'}]) \
            == [200]


def test_creating_a_table_costs_more_than_a_read(sqlite: str, tmp_path: Path) -> None:
    with serving(sqlite, tmp_path, "--rate", "1", "--burst", "35") as srv:
        made = [httpx.post(srv.url + "/api/tables", json={"game": "daylily", "players": 2},
                           headers=auth(f"t{n}")).status_code for n in range(5)]
        assert made[:3] == [201, 201, 201] and made[3:] == [429, 429]


def _first(ws: ClientConnection) -> dict[str, object]:
    message: dict[str, object] = json.loads(ws.recv(timeout=10))
    return message


def test_websockets_per_client_are_bounded(sqlite: str, tmp_path: Path) -> None:
    with serving(sqlite, tmp_path, "--rate", "50", "--burst", "500",
                       "--connections-per-client", "3") as srv:
        created = open_table(srv, game="daylily", players=2, seats=["human", "greedy"])
        where = f"ws://127.0.0.1:{srv.port}/ws/tables/{created['table']}"
        held = [connect(where) for _ in range(3)]
        try:
            assert all(_first(ws)["type"] == "update" for ws in held)
            with connect(where) as extra:
                refused = _first(extra)
                assert refused["status"] == 429 and "3 connections" in str(refused["error"])
            held.pop().close()
            with connect(where) as again:
                assert _first(again)["type"] == "update"
        finally:
            for ws in held:
                ws.close()


def test_moves_on_many_sockets_share_one_budget(sqlite: str, tmp_path: Path) -> None:
    with serving(sqlite, tmp_path, "--rate", "1", "--burst", "30") as srv:
        created = open_table(srv, game="daylily", players=2, seats=["human", "human"])
        token = seat_tokens(srv.url, created)[0]
        where = f"ws://127.0.0.1:{srv.port}/ws/tables/{created['table']}?token={token}"
        sockets = [connect(where) for _ in range(4)]
        try:
            for ws in sockets:
                assert _first(ws)["type"] == "update"
            refusals = []
            for ws in sockets:
                for _ in range(10):
                    ws.send(json.dumps({"action": "no-such-move", "version": 0}))
                for _ in range(10):
                    reply = _first(ws)
                    while reply["type"] != "error":
                        reply = _first(ws)
                    refusals.append(reply["status"])
            # 40 messages on one seat's budget of 30: a budget per socket would refuse none.
            assert refusals.count(429) >= 6, refusals
        finally:
            for ws in sockets:
                ws.close()


def test_a_half_sent_body_is_timed_out(sqlite: str, tmp_path: Path) -> None:
    with serving(sqlite, tmp_path, "--body-timeout", "1") as srv:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as raw:
            raw.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                        b'{"game": "daylily", ')
            answer = b""
            with contextlib.suppress(TimeoutError):
                while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):
                    chunk = raw.recv(4096)
                    if not chunk:
                        break
                    answer += chunk
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert b"did not arrive within 1 s" in answer
        # The server is still there for everyone else.
        assert httpx.get(srv.url + "/api/health").status_code == 200


def test_unknown_tables_asked_for_leave_nothing_held(sqlite: str, tmp_path: Path) -> None:
    """Each distinct unknown id once kept a loading lock for ever (13 MB for 48k ids): the
    server's health counts the look-ups in hand, which must be none once all are answered."""
    with serving(sqlite, tmp_path) as srv:
        with httpx.Client(base_url=srv.url, timeout=10) as client:
            for n in range(300):
                r = client.get(f"/api/tables/nosuchtable{n:05d}")
                assert r.status_code == 404 and r.json() == {"error": "there is no such table"}
            client.get("/api/tables/nosuchtable00001/record")
            health = client.get("/api/health").json()
        assert health["loading"] == 0 and health["tables"] == 0


def test_qr_codes_are_drawn_only_for_this_servers_tables(sqlite: str, tmp_path: Path) -> None:
    with serving(sqlite, tmp_path, "--rate", "1", "--burst", "60") as srv:
        created = open_table(srv, game="daylily", players=2, seats=["human", "greedy"])
        watch = created["watch"]
        assert watch.startswith(srv.url + "/t/")

        def qr(text: str) -> httpx.Response:
            return httpx.get(srv.url + "/api/qr", params={"text": text}, timeout=10)

        assert qr(watch).status_code == 200
        elsewhere = qr(watch.replace("127.0.0.1", "evil.example"))
        assert elsewhere.status_code == 400 and "link to this server" in elsewhere.json()["error"]
        unknown = qr(f"{srv.url}/t/nosuchtable")
        assert unknown.status_code == 404, unknown.text
        assert unknown.json() == {"error": "'text' links to no table of this server"}
        # Each code counts as five requests: the budget of 60 less the create's 10 is spent.
        seen = [qr(f"{watch}?n={n}").status_code for n in range(10)]
        assert 429 in seen and seen.count(200) <= 8


def test_an_ipv6_client_is_counted_by_its_64() -> None:
    """One subscriber is given a /64: counted by address, one machine would be 2**64 clients."""
    from cardtable.server.limits import client_address, parse_networks

    def seen(peer: str, headers: tuple[tuple[bytes, bytes], ...] = (), trusted: str = "") -> str:
        scope = {"type": "http", "client": (peer, 5000), "headers": list(headers)}
        return client_address(scope, parse_networks([trusted] if trusted else []))

    assert seen("2001:db8:1:2:aaaa::1") == seen("2001:db8:1:2:bbbb::2") == "2001:db8:1:2::/64"
    assert seen("2001:db8:1:3::1") != seen("2001:db8:1:2::1")
    assert seen("::ffff:192.0.2.9") == "192.0.2.9"
    forwarded = ((b"forwarded", b'for=192.0.2.60;proto=http, for="[2001:db8:5::7]:80"'),)
    assert seen("10.0.0.2", forwarded, "10.0.0.0/8") == "2001:db8:5::/64"
    assert seen("10.0.0.2", forwarded) == "10.0.0.2"  # no proxy trusted: the peer
