"""Every sound heard (issue 44): each sound card's recording is served and decodes to real
audio, and a word laid at a table is spoken by the server with espeak-ng (which
scripts/system-packages.sh installs), so a class hears it where the browser has no voice."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from server_kit import Server, auth, open_table

from cardtable.games.sayrummy.sounds import SOUNDS


def decoded(data: bytes, kind: str) -> tuple[float, float]:
    """(seconds, RMS amplitude) of audio, decoded by sox."""
    done = subprocess.run(["sox", "-t", kind, "-", "-n", "stat"], input=data,
                          capture_output=True, check=True)
    text = done.stderr.decode()
    seconds = float(re.search(r"Length \(seconds\):\s+([\d.]+)", text).group(1))  # type: ignore[union-attr]
    rms = float(re.search(r"RMS\s+amplitude:\s+([\d.]+)", text).group(1))  # type: ignore[union-attr]
    return seconds, rms


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    assert shutil.which("sox") and shutil.which("espeak-ng"), \
        "scripts/system-packages.sh installs sox and espeak-ng"
    root = tmp_path_factory.mktemp("sounds")
    server = Server(f"sqlite:///{root / 'server.sqlite3'}", log=root / "server.log").start()
    yield server
    server.stop()


def test_every_sound_card_is_heard(srv: Server) -> None:
    lengths = []
    for sound in SOUNDS:
        r = httpx.get(f"{srv.url}/api/games/say-rummy/cards/{quote(sound.ipa)}/sound",
                      timeout=30)
        assert r.status_code == 200, (sound.ipa, r.text)
        assert r.headers["content-type"] == "audio/ogg"
        seconds, rms = decoded(r.content, "ogg")
        assert seconds > 0.1 and rms > 0.01, sound.ipa
        lengths.append(seconds)
    assert max(lengths) < 1.5  # short recordings, not words or sentences
    for card, status in (("*", 404), ("xq", 404)):
        r = httpx.get(f"{srv.url}/api/games/say-rummy/cards/{quote(card)}/sound", timeout=30)
        assert r.status_code == status and len(r.json()["error"].splitlines()) == 1
    # a game whose cards have no sounds says so in one sentence
    r = httpx.get(f"{srv.url}/api/games/daylily/cards/x/sound", timeout=30)
    assert r.status_code == 404 and "no sounds" in r.json()["error"]


def test_a_word_laid_is_spoken_by_the_server(srv: Server) -> None:
    # The bot moves first and the table then waits for the person: the board holds still.
    melds: list[dict[str, Any]] = []
    for seed in range(20):
        made = open_table(srv, game="say-rummy", players=2, seats=["greedy", "human"],
                          seed=seed, table={"think": 0})
        table = made["table"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            got = httpx.get(f"{srv.url}/api/tables/{table}/client", params={"since": -1},
                            timeout=30).json()
            if got["version"] >= 3:  # drawn, laid or not, discarded
                break
            time.sleep(0.1)
        melds = [m for a in got["board"]["areas"] for g in a["groups"] for m in g["melds"]]
        if melds:
            break
    assert melds, "the bots laid no word"
    assert got["speech"]["by"] == "server"
    assert got["speech"]["card_sound"] == "/api/games/say-rummy/cards/{card}/sound"
    first = melds[0]
    r = httpx.get(f"{srv.url}/api/tables/{table}/speech", params={"meld": first["id"]},
                  headers=auth(None), timeout=30)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "audio/wav"
    seconds, rms = decoded(r.content, "wav")
    assert seconds > 0.2 and rms > 0.01
    assert r.headers["x-spoken-text"] == quote(first["speak"])
    r = httpx.get(f"{srv.url}/api/tables/{table}/speech", params={"meld": "word:999"},
                  timeout=30)
    assert r.status_code == 404 and len(r.json()["error"].splitlines()) == 1
    r = httpx.get(f"{srv.url}/api/tables/{table}/speech", timeout=30)
    assert r.status_code == 422
