"""Settings every test shares, loaded as a pytest plugin (``-p private_data`` in pyproject.toml)
rather than as a top-level conftest.py, which mypy would take for a second module named
``conftest`` beside tests/server/conftest.py."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`cardtable play` keeps unfinished matches in the user's data directory (XDG_DATA_HOME on
    Linux): a test's matches go to a directory of its own, never the real one."""
    data: Path = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
