"""The move log addresses its reader: the games name the reader's seat "You", and a log line
says "you" in mid-sentence ("dealt by you", "for sale to you and Ann"), "You" where a sentence
starts. Every front end prints its log through ``Game.log_line``."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.engine import load_game
from cardtable.engine.text import second_person

MID_SENTENCE_YOU = re.compile(r"(?<![.!?])\sYou\b")


def test_second_person_lowers_you_only_in_mid_sentence() -> None:
    assert second_person("You drew a card.") == "You drew a card."
    assert second_person("Deal 4 is dealt by You; the JH starts") == \
        "Deal 4 is dealt by you; the JH starts"
    assert second_person("Player 1, Player 3 and You anted 1 each") == \
        "Player 1, Player 3 and you anted 1 each"
    assert second_person("Rummy, called by You (seat 0)! You took") == \
        "Rummy, called by you (seat 0)! You took"
    assert second_person("The match is over: You won (Ann 3, You 5).") == \
        "The match is over: you won (Ann 3, you 5)."
    assert second_person("Youssef drew. Your turn.") == "Youssef drew. Your turn."


@pytest.mark.parametrize(("name", "players"), [("daylily", 3), ("say-rummy", 3), ("day", 4),
                                               ("dummy-rummy", 4), ("liverpool", 4)])
def test_a_whole_match_log_reads_you_in_mid_sentence(name: str, players: int) -> None:
    game = load_game(name, players)
    state = game.new_state(5)
    rng = random.Random(5)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    names = ["You", *(f"Player {s + 1}" for s in range(1, players))]
    lines = [game.log_line(e, names) for e in state.events(0)]
    assert any(line.startswith("You ") for line in lines)
    if name != "daylily":  # (in this Daylily match seat 0 never deals nor wins)
        assert any(re.search(r"[a-z,:;] you\b", line) for line in lines), name
    wrong = [line for line in lines if MID_SENTENCE_YOU.search(line)]
    assert not wrong, wrong[:3]
