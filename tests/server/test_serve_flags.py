"""Limit and address flags of `cardtable serve` that make no sense are refused in one sentence
before the server starts. Started anyway, a burst of 0 answers 429 to nearly everything, a
negative rate quietly turns every per-client limit off, and a --url that is no address hands
out seat links and QR codes that open nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from server_kit import SERVE, free_port


@pytest.mark.parametrize(("flags", "said"), [
    (("--burst", "0"), "--burst must be 1 or more requests a client may make at once, not 0"),
    (("--burst", "-5"), "--burst must be 1 or more requests a client may make at once, not -5"),
    (("--burst", "inf"), "--burst must be 1 or more"),
    (("--rate", "-1"), "--rate must be 0 (no per-client limits) or more requests a second, "
                       "not -1"),
    (("--rate", "nan"), "--rate must be 0 (no per-client limits) or more"),
    (("--url", "notaurl"), "--url must be an http:// or https:// address with a host (and "
                           "port), e.g. https://cards.example.org or http://192.168.1.23:8000, "
                           "not 'notaurl'"),
    (("--url", "ftp://cards.example.org"), "--url must be an http:// or https:// address"),
    (("--url", "http://"), "--url must be an http:// or https:// address"),
    (("--url", "http://cards.example.org:99999"), "--url must be an http:// or https://"),
    (("--url", "https://cards.example.org/cards"), "--url takes nothing after the host and "
                                                   "port: the server's pages ask for /api/..."),
])
def test_a_nonsense_limit_or_address_is_refused_before_starting(
        tmp_path: Path, flags: tuple[str, ...], said: str) -> None:
    db = tmp_path / "tables.db"
    done = subprocess.run([sys.executable, "-c", SERVE, "serve", "--port", str(free_port()),
                           "--db", f"sqlite:///{db}", *flags],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "serving on" not in done.stdout
    assert done.stderr.startswith(f"cardtable: {said}"), done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert not db.exists()  # refused before any database was made
