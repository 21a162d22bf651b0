"""Inviting people at the table: the address seat links name, and a link as a QR code to scan.

A family at Christmas: one laptop runs the server, everyone else joins from a phone. A link
naming 0.0.0.0 or 127.0.0.1 opens nothing on a phone, so the server gives out an address the
phones can reach, and draws each seat's link as a QR code.
"""

from __future__ import annotations

from pathlib import Path

import httpx
from server_kit import Server, open_table, qr_of

from cardtable.server.addresses import is_loopback, reachable_url, welcome


def test_a_server_on_every_interface_gives_out_an_address_a_phone_can_open() -> None:
    url = reachable_url("0.0.0.0", 8000)
    assert "0.0.0.0" not in url and url.endswith(":8000")
    assert reachable_url("", 80) == reachable_url("0.0.0.0", 80)
    assert reachable_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert reachable_url("::1", 8000) == "http://[::1]:8000"
    assert reachable_url("192.168.1.23", 8000) == "http://192.168.1.23:8000"
    for host in ("127.0.0.1", "127.3.2.1", "localhost", "::1", "[::1]", "game.localhost"):
        assert is_loopback(host), host
    for host in ("192.168.1.23", "10.0.0.5", "cardtable.example", "::"):
        assert not is_loopback(host), host
    assert "--host 0.0.0.0" in welcome("http://127.0.0.1:8000")
    assert welcome("http://192.168.1.23:8000").startswith(
        "People on your network open http://192.168.1.23:8000/")


def test_the_server_says_who_can_reach_it(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'a.sqlite3'}", log=tmp_path / "a.log").start()
    try:
        assert httpx.get(f"{srv.url}/api/server", timeout=10).json() == {"url": srv.url}
    finally:
        srv.stop()
    said = (tmp_path / "a.log").read_text()
    assert f"cardtable serving on {srv.url}" in said
    assert "Only this computer can reach it" in said and "--host 0.0.0.0" in said


def test_seat_links_name_the_servers_address_and_draw_as_qr_codes(tmp_path: Path) -> None:
    lan = "http://192.168.1.23:8123"  # what --url says; the server itself stays on 127.0.0.1
    srv = Server(f"sqlite:///{tmp_path / 'b.sqlite3'}", log=tmp_path / "b.log",
                 args=("--url", lan)).start()
    try:
        assert httpx.get(f"{srv.url}/api/server", timeout=10).json() == {"url": lan}
        created = open_table(srv, game="daylily", players=2, seats=["human", "greedy"],
                             seed=3)
        link = f"{lan}/t/{created['table']}?invite={created['seats'][0]['invite']}"
        assert created["seats"][0]["url"] == f"{lan}/api/tables/{created['table']}/seat"
        # A script that made the table sends each person their seat's invitation link: the
        # page, which exchanges it for the seat's own token.
        assert created["seats"][0]["link"] == link
        assert created["seats"][1]["link"] is None  # the bot's
        assert created["watch"] == f"{lan}/t/{created['table']}"
        page = httpx.get(link.replace(lan, srv.url), timeout=10)
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        r = httpx.get(f"{srv.url}/api/qr", params={"text": link}, timeout=10)
        assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
        assert r.content == qr_of(link)  # exactly this link, nothing added or cut
        assert r.content.startswith(b"<svg") and b'fill="#fff"' in r.content  # a white ground
        refused = {
            "": "'text' must be the table link",
            "ftp://192.168.1.23/t/x": "must be a web address",
            "http://192.168.1.23:8123/api/tables": "must be a link to a table",
            f"{lan}/t/{'x' * 600}": "characters long",
        }
        for text, sentence in refused.items():
            r = httpx.get(f"{srv.url}/api/qr", params={"text": text}, timeout=10)
            assert r.status_code == 400 and sentence in r.json()["error"], (text, r.text)
        assert httpx.get(f"{srv.url}/api/qr", timeout=10).status_code == 400
    finally:
        srv.stop()
    assert f"People on your network open {lan}/" in (tmp_path / "b.log").read_text()
