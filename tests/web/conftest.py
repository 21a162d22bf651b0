"""Fixtures of the browser tests: a real server process with the client mounted, on a real SQLite
file on a loopback port, and Debian's Chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from server_kit import Server

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]
WEB_SERVER = Path(__file__).resolve().parent / "web_server.py"


class WebServer(Server):
    """A server process with the browser client: `web_server.py` builds the server's own app
    and adds the client's routes when the server does not mount them yet."""

    def start(self, timeout: float = 30.0) -> WebServer:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, str(WEB_SERVER), "--port", str(self.port), "--db", self.db,
             "--node", self.node], stdout=out, stderr=out)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the server did not come up")


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    root = tmp_path_factory.mktemp("web")
    srv = WebServer(f"sqlite:///{root / 'server.sqlite3'}", log=root / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()
