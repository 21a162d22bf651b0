"""Names that pass for someone else's: "Yоu" with a Cyrillic о reads as the reader's own seat,
fullwidth "Ｓａｍ" as Sam, a person called "Greedy bot 2" as a bot. Names are compared by what
they look like (their TR39 confusables skeleton), and bots' names are kept for bots; names
from every script are still welcome."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_kit import Server, auth, open_table, seat_tokens

from cardtable.server.names import BadName, check_free, clean_name, likeness

CYRILLIC_O = "\u043e"
WELCOME = ["Zoë", "Ана", "李雷", "Søren", "Nguyễn Văn An", "محمد", "Δήμητρα", "साक्षी",
           "Ólafur", "José María", "Anne-Marie", "O'Brien", "ちひろ", "Grandma Rose", "Botond",
           "Greedy Gran", "Player One", "Bot", "Sam 2"]


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("names")
    server = Server(f"sqlite:///{tmp / 'n.sqlite3'}", log=tmp / "n.log").start()
    yield server
    server.stop()


def refused(name: str, seat: int, shown: list[str]) -> str:
    with pytest.raises(BadName) as caught:
        check_free(clean_name(name), seat, shown)
    return str(caught.value)


def test_names_that_look_alike_have_one_likeness() -> None:
    assert likeness(f"Y{CYRILLIC_O}u") == likeness("You") == likeness("YOU")
    assert likeness("Ｓａｍ") == likeness("Sam") == likeness("sam") == likeness("S\u0430m")
    assert likeness("PIayer 2") == likeness("Player 2") == likeness("pIayer 2")
    assert likeness("Gr\u0435\u0435dy b0t 2") == likeness("Greedy bot 2")
    assert likeness("Zoë") != likeness("Zoe")  # a mark a reader sees is a different name
    assert len({likeness(name) for name in WELCOME}) == len(WELCOME)


def test_a_lookalike_of_you_another_seat_or_a_bot_is_refused() -> None:
    table = ["Grandma", "Player 2", "Sam", "Greedy bot 4"]
    for you in (f"Y{CYRILLIC_O}u", "ＹＯＵ", "YOU", "y\u043eu"):
        with pytest.raises(BadName, match="'You' is what the log calls each reader's own"):
            clean_name(you)
    for name, words in [
        ("Sam", "seat 3 is already called 'Sam'"),
        ("S\u0430m", "looks like 'Sam', the name of seat 3"),
        ("Ｓａｍ", "looks like 'Sam', the name of seat 3"),
        ("Grаndma", "looks like 'Grandma', the name of seat 1"),
        ("PIayer 2", "looks like 'Player 2', the name of seat 2"),
        ("Greedy bot 4", "seat 4 is already called 'Greedy bot 4'"),
        # bots' names at any seat, of any bot, however written
        ("Greedy bot 2", "looks like the name of a bot's seat"),
        ("Search bot 1", "looks like the name of a bot's seat"),
        ("Random bot 12", "looks like the name of a bot's seat"),
        ("search B0T l", "looks like the name of a bot's seat"),
        ("Gr\u0435\u0435dy bot 7", "looks like the name of a bot's seat"),
        ("Ｃａｒｅｆｕｌ ｂｏｔ ３", "looks like the name of a bot's seat"),
    ]:
        seat = 0 if words.endswith("seat 2") else 1  # never the seat's own name
        assert words in refused(name, seat, table), name
    # A seat whose person has named it still goes back to "Player 3" when they clear the name,
    # so nobody else may take it meanwhile; a seat may keep its own default.
    assert "what seat 3 is called without a name of its own" in refused(
        "Player 3", 0, ["Grandma", "Player 2", "Sam", "Greedy bot 4"])
    check_free("Player 2", 1, table)
    check_free("Player 7", 0, table)  # no such seat


def test_names_from_every_script_are_welcome() -> None:
    table = ["Player 1", "Player 2", "Greedy bot 3"]
    for name in WELCOME:
        assert clean_name(name) == name
        check_free(name, 0, table)


def test_a_person_cannot_pass_for_another_seat_you_or_a_bot(srv: Server) -> None:
    """At the table's making, and when a person in a seat chooses a name."""
    for seats, words in [
        ([{"name": "Sam"}, {"name": "S\u0430m"}, "greedy"], "seat 2: 'Sаm' looks like 'Sam'"),
        ([{"name": f"Y{CYRILLIC_O}u"}, "human", "greedy"], "seat 1: 'You' is what the log"),
        ([{"name": "Greedy bot 2"}, "human", "random"], "seat 1: 'Greedy bot 2' looks like "
                                                        "the name of a bot's seat"),
        ([{"name": "Search bot 1"}, "human", "greedy"], "a bot's seat"),
        ([{"name": "PIayer 2"}, "human", "greedy"], "seat 1: 'PIayer 2' looks like 'Player 2'"),
    ]:
        before = httpx.get(f"{srv.url}/api/tables", timeout=10).json()["tables"]
        r = httpx.post(f"{srv.url}/api/tables", timeout=30, json={
            "game": "daylily", "players": 3, "seats": seats, "table": {"think": 0}})
        assert r.status_code == 422 and words in r.json()["error"], (seats, r.text)
        assert "\n" not in r.json()["error"]
        assert httpx.get(f"{srv.url}/api/tables", timeout=10).json()["tables"] == before

    made = open_table(srv, game="daylily", players=3,
                      seats=[{"name": "Sam"}, "human", "greedy"])
    table, token = made["table"], seat_tokens(srv.url, made)[1]

    def rename(name: Any) -> httpx.Response:
        return httpx.post(f"{srv.url}/api/tables/{table}/name", headers=auth(token),
                          json={"name": name}, timeout=30)

    for name, words in [
        (f"Y{CYRILLIC_O}u", "'You' is what the log calls"),
        ("ＹＯＵ", "'You' is what the log calls"),
        ("Ｓａｍ", "looks like 'Sam', the name of seat 1"),
        ("S\u0430m", "looks like 'Sam', the name of seat 1"),
        ("Greedy bot 3", "already called 'Greedy bot 3'"),
        ("Greedy bot 2", "looks like the name of a bot's seat"),
        ("Search bot 1", "looks like the name of a bot's seat"),
        ("Gr\u0435\u0435dy b0t 9", "looks like the name of a bot's seat"),
        ("PIayer 1", "looks like 'Player 1', what seat 1 is called"),
    ]:
        r = rename(name)
        assert r.status_code == 422 and words in r.json()["error"], (name, r.text)
        assert "\n" not in r.json()["error"]
    names = httpx.get(f"{srv.url}/api/tables/{table}/client", timeout=10).json()["names"]
    assert names == ["Sam", "Player 2", "Greedy bot 3"]
    for name in WELCOME:
        r = rename(name)
        assert r.status_code == 200 and r.json()["name"] == name, (name, r.text)
    made = open_table(srv, game="daylily", players=3,
                      seats=[{"name": n} for n in ("Zoë", "Ана", "李雷")])
    assert [s["name"] for s in made["seats"]] == ["Zoë", "Ана", "李雷"]

