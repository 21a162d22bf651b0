"""The plug-in's tests run against cardtable as installed beside it: the game must be found
through its entry point, never imported into cardtable by a test."""

from __future__ import annotations

import pytest
from cardtable.engine.game import game_names


def pytest_configure(config: pytest.Config) -> None:
    if "crazy-eights" not in game_names():
        raise pytest.UsageError(
            "cardtable does not list crazy-eights: install this package next to cardtable "
            "(pip install --no-deps -e examples/plugin-game) before running its tests")
