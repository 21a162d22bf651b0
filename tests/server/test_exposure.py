"""`cardtable serve --host 0.0.0.0` says what it exposes: every interface and its addresses, that
the lobby and every table's spectator view are open to whoever reaches the port, and that the
internet wants a proxy with HTTPS in front."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_kit import Server

from cardtable.cli.exposure import exposure, interface_addresses
from cardtable.server.addresses import lan_address


def test_listening_beyond_this_computer_names_every_address_it_answers_on() -> None:
    said = exposure("0.0.0.0", 8000, [("wlan0", "192.168.1.23"), ("lo", "127.0.0.1"),
                                      ("docker0", "172.17.0.1")])
    assert said[0] == ("Listening on every interface (0.0.0.0), port 8000: 127.0.0.1 (lo), "
                       "172.17.0.1 (docker0), 192.168.1.23 (wlan0).")
    assert "can open the lobby and watch any table (its spectator view)" in said[1]
    assert "port 8000" in said[1]
    assert "reverse proxy with HTTPS" in said[2] and "docs/deploy.md" in said[2]
    named = exposure("192.168.1.23", 8080, [("wlan0", "192.168.1.23")])
    assert named[0] == "Listening on 192.168.1.23, port 8080: 192.168.1.23 (wlan0)."
    assert len(named) == 3
    # This computer only: nothing is exposed, nothing more is said.
    for host in ("127.0.0.1", "::1", "localhost"):
        assert exposure(host, 8000, [("lo", "127.0.0.1")]) == []


def test_the_interfaces_listed_are_this_computers() -> None:
    found = interface_addresses("0.0.0.0")
    assert ("127.0.0.1" in [address for _interface, address in found])
    assert all(":" not in address for _interface, address in found)  # an IPv4 socket
    lan = lan_address()
    if lan is not None:
        assert lan in [address for _interface, address in found]
    assert interface_addresses("127.0.0.1")[0][1] == "127.0.0.1"


def test_serve_on_every_interface_says_what_it_exposes(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'a.sqlite3'}", log=tmp_path / "a.log",
                 args=("--host", "0.0.0.0")).start()
    try:
        url = httpx.get(f"{srv.url}/api/server", timeout=10).json()["url"]
    finally:
        srv.stop()
    said = (tmp_path / "a.log").read_text().splitlines()
    # The lines the family reads stay first, as they were.
    assert said[0].startswith(f"cardtable serving on {url} (node ")
    assert said[1].startswith(f"People on your network open {url}/")
    exposed = next(line for line in said if line.startswith("Listening on every interface"))
    assert f"(0.0.0.0), port {srv.port}: 127.0.0.1 (lo" in exposed
    host = url.split("//")[1].rsplit(":", 1)[0]
    assert host in exposed
    text = "\n".join(said)
    assert "can open the lobby and watch any table (its spectator view)" in text
    assert "reverse proxy with HTTPS" in text
