"""What the server says when it refuses a move or a table: one short sentence that is true.
A refusal that quotes back a pasted page of text, or says 'human' is not 'human', tells the
person nothing they can act on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_kit import Server, auth, open_table, seat_tokens


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where = tmp_path_factory.mktemp("refusals")
    server = Server(f"sqlite:///{where / 'server.sqlite3'}", log=where / "server.log").start()
    yield server
    server.stop()


def _move(srv: Server, game: str, action: str) -> httpx.Response:
    """``action`` sent by the seat on move at a new table of people only."""
    created = open_table(srv, game=game, players=3, seats=["human"] * 3)
    tokens = seat_tokens(srv.url, created)
    shown: dict[str, Any] = httpx.get(f"{srv.url}/api/tables/{created['table']}",
                                      timeout=30).json()
    seat = shown["actors"][0]
    return httpx.post(f"{srv.url}/api/tables/{created['table']}/actions",
                      headers=auth(tokens[seat]),
                      json={"action": action, "version": shown["version"]}, timeout=30)


def test_a_huge_action_is_refused_without_being_quoted_back_whole(srv: Server) -> None:
    r = _move(srv, "daylily", "x" * 15_000)
    assert r.status_code == 422
    error = r.json()["error"]
    assert len(error) < 300, len(error)
    assert "is not a move of Daylily" in error and "unknown command" in error


def test_a_day_move_with_a_word_too_many_is_named_over_the_api(srv: Server) -> None:
    r = _move(srv, "day", "keep x")
    assert r.status_code == 422
    assert r.json()["error"] == ("'keep x' is not a move of Day: 'keep' takes nothing after it: "
                                 "write just 'keep' (or 'swap CARD' to swap one)")


@pytest.mark.parametrize(("stand_in", "said"), [
    ("human", "the stand-in bot plays for a person who is away, so it must be one of this "
              "game's bots (gentle, greedy, ismcts, patient, random), not 'human'"),
    ("robot", "the stand-in bot: 'robot' is not a bot of this game (gentle, greedy, ismcts, "
              "patient, random)"),
])
def test_a_stand_in_that_is_no_bot_is_refused_with_what_it_may_be(
        srv: Server, stand_in: str, said: str) -> None:
    r = httpx.post(f"{srv.url}/api/tables", timeout=30,
                   json={"game": "daylily", "players": 2, "table": {"stand_in": stand_in}})
    assert r.status_code == 422
    assert r.json() == {"error": said}
