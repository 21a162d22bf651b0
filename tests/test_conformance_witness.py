"""The conformance witness must catch the leaks it exists for: a checker that never fails would
let every event stream through. Each test plants one leak and expects the witness to name it."""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import State, load_game
from conformance import Report, Witness


class LeakyTable:
    """A table whose stream for ``victim`` is really ``owner``'s: every private card of the
    owner reaches the victim. Everything else is the real table's."""

    def __init__(self, state: State, owner: int, victim: int) -> None:
        self._state = state
        self._owner = owner
        self._victim = victim

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def events(self, seat: int | None, since: int = -1) -> list[dict[str, Any]]:
        return self._state.events(self._owner if seat == self._victim else seat, since)


def test_a_stream_naming_another_seats_hand_is_caught() -> None:
    state = load_game("daylily", 2).new_state(5)
    leaky = LeakyTable(state, owner=0, victim=1)
    report = Report()
    Witness(leaky).check(leaky, report, "deal")  # type: ignore[arg-type]
    assert report.problems
    assert "seat 1's event dealt_hand names" in report.problems[0]


def witnessed_match(seed: int) -> tuple[State, Witness, Report]:
    """A random 3-player Day session played to its end under the witness's eye."""
    state = load_game("day", 3).new_state(seed)
    witness = Witness(state)
    report = Report()
    policy = random.Random(seed)
    while not state.is_over:
        seat = state.actors[0]
        legal = list(state.legal_actions(seat))
        state.apply(seat, legal[int(policy.random() * len(legal))])
        witness.check(state, report, "play")
    return state, witness, report


def test_honest_streams_pass_a_whole_match() -> None:
    state, witness, report = witnessed_match(7)
    witness.check_dealt_hands(state, report, "end")
    assert not report.problems


def test_a_dealt_card_named_before_the_showdown_is_caught() -> None:
    """Day deals no duplicates: seat 1 naming a card of seat 0's first hand early in that hand
    (before the spectators' stream shows it) is a leak even if the card is public later."""
    state, witness, report = witnessed_match(7)
    card = state.deals[0]["hands"][0][0]
    witness.named[1].setdefault(card, []).insert(0, (0, 0))
    witness.check_dealt_hands(state, report, "end")
    assert any("seat 1's stream names" in p and card in p for p in report.problems)
