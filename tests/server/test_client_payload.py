"""The page's payload (`/api/tables/ID/client`) carries the game's own description of the table:
each legal move as a structure with a sentence, the board with its prompt, the cards' faces and
the rounds' ends worded, for every registered game alike, from the seat's view only."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_kit import Server, auth, open_table, seat_tokens

from cardtable.engine.game import game_names, load_game
from cardtable.engine.presentation import Presentation
from cardtable.server import client_api


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("payload")
    server = Server(f"sqlite:///{root / 'server.sqlite3'}", log=root / "server.log").start()
    yield server
    server.stop()


def client(srv: Server, table: str, token: str | None, since: int = -1) -> dict[str, Any]:
    r = httpx.get(f"{srv.url}/api/tables/{table}/client", params={"since": since},
                  headers=auth(token), timeout=30)
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def legal_of(srv: Server, table: str, token: str | None) -> tuple[int, list[str]]:
    got = httpx.get(f"{srv.url}/api/tables/{table}", headers=auth(token), timeout=30).json()
    return got["version"], got["legal"]


@pytest.mark.parametrize("game", game_names())
def test_every_legal_move_comes_described_with_the_board(srv: Server, game: str) -> None:
    made = open_table(srv, game=game, players=2, seats=["human", "greedy"], seed=3,
                      table={"think": 0})
    table = made["table"]
    token = seat_tokens(srv.url, made)[0]
    faces = httpx.get(f"{srv.url}/api/games/{game}/cards", timeout=30).json()
    assert faces["game"] == game
    for face in faces["cards"].values():
        assert face["label"] and face["lines"] and isinstance(face["badges"], list)
    for _ in range(40):  # wait for the bot, if it opens
        version, legal = legal_of(srv, table, token)
        if legal:
            break
    got = client(srv, table, token)
    assert got["version"] == version
    # every legal move once, in order; a bet of any size in a range is one template beside them
    assert [m["move"] for m in got["moves"] if "amount" not in m] == legal
    assert all(m["label"] and isinstance(m["cards"], list) for m in got["moves"])
    board = got["board"]
    assert board["prompt"] and board["hand"] is not None
    assert {s["seat"] for s in board["seats"]} == {0, 1}
    assert set(board["hand"]) <= set(faces["cards"]), "a card in hand has no face"
    assert got["presentation"]["round_word"] and got["presentation"]["totals_title"]
    assert "notes" not in got  # the moves' labels say what the notes used to
    assert got["faces"] == faces["cards"]  # the page opening gets its table's faces
    assert "faces" not in client(srv, table, token, since=got["version"])
    # A spectator is asked nothing and holds nothing.
    watching = client(srv, table, None)
    assert watching["moves"] == [] and watching["board"]["hand"] is None


def test_a_round_ended_is_summed_up_in_the_payload(srv: Server) -> None:
    """A person folds at Day until a hand is over: its summary comes worded, one per hand."""
    made = open_table(srv, game="day", players=2, seats=["human", "greedy"], seed=5,
                      table={"think": 0})
    table = made["table"]
    token = seat_tokens(srv.url, made)[0]
    rng = random.Random(1)
    for _ in range(200):
        got = client(srv, table, token)
        if got["results"] or got["over"]:
            break
        version, legal = legal_of(srv, table, token)
        if legal:
            move = "fold" if "fold" in legal else rng.choice(legal)
            httpx.post(f"{srv.url}/api/tables/{table}/actions", headers=auth(token),
                       json={"action": move, "version": version}, timeout=30)
    assert got["results"], "no hand ended"
    first = got["results"][0]
    assert first["title"] and isinstance(first["lines"], list)


def test_a_game_whose_wording_fails_is_shown_in_notation(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """A slip in a game's sentences must not keep anyone from the table: the generic
    presentation stands in."""

    class Broken(Presentation):
        def board(self, view: Any, moves: Any, names: Any) -> Any:
            raise KeyError("phase")

    game = load_game("daylily", 2)
    monkeypatch.setattr(client_api, "presentation_for", lambda g: Broken(g))
    state = game.new_state(seed=1)
    seat = state.actors[0]
    view = state.view(seat)
    actions = list(state.legal_actions(seat))
    got = client_api.described_table(game, view, actions, ["You", "Ann"])
    assert [m["move"] for m in got["moves"]] == [str(a) for a in actions]
    assert [m["label"] for m in got["moves"]] == [str(a) for a in actions]
    assert got["board"]["prompt"] == "Your move: choose one."
