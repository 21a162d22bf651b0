"""Fixtures of the server tests: a `cardtable serve` process on a loopback port, on a real SQLite
file or on a throwaway PostgreSQL cluster made with initdb/pg_ctl when they are installed."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_kit import Cluster, Server, pg_bin


@pytest.fixture(scope="session")
def pg_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster | None]:
    if pg_bin() is None or (shutil.which("runuser") is None and os.geteuid() == 0):
        yield None
        return
    # Not under pytest's own temporary folder, which only root may enter.
    root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    cluster = Cluster(root)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    cluster = request.getfixturevalue("pg_cluster")
    if cluster is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    url: str = cluster.new_database()
    return url


@pytest.fixture
def server(db: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(db, log=tmp_path / "server.log").start()
    yield srv
    srv.stop()


