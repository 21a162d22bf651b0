"""The careful contract-rummy bot: greedy, except that once down it does not feed a seat
still building its contract."""

from __future__ import annotations

import pytest

from cardtable import load_game
from cardtable.bots import make_bot
from cardtable.games.contract.actions import Discard
from cardtable.games.contract.cards import parse_card
from cardtable.games.contract.state import ContractState
from test_contract_bot import SHORT, SHORT_LIVERPOOL, decide, rigged

DOWN = ("QS QH QD", "8S 8H 8D")  # deal 1's two sets, laid in an earlier turn


def seen_taking(state: ContractState, seat: int, text: str) -> None:
    """Make ``seat`` hold the card ``text`` as one everyone saw it take from the pile."""
    card = parse_card(text)
    hand = state.hands[seat]
    if not hand[card]:
        at = state.stock.index(card)
        given = next(c for c in range(53) if hand[c] and c != card)
        hand[given] -= 1
        hand[card] += 1
        state.stock[at] = given
    state.known[seat][card] = 1
    assert not state.invariant_violations()


def test_once_down_it_keeps_back_the_rank_a_builder_was_seen_taking() -> None:
    # The king is the dearest card, so greedy throws it; the other player took a king from the
    # pile and is not down yet, so careful throws a cheap card instead.
    state = rigged("dummy-rummy", "KC 5S 4D", top="7C", phase="play", down=DOWN)
    seen_taking(state, 1, "KD")
    assert decide(make_bot("greedy", state.game, 0), state, 0) == Discard(parse_card("KC"))
    thrown = decide(make_bot("careful", state.game, 0), state, 0)
    assert isinstance(thrown, Discard) and thrown.card != parse_card("KC")


def test_once_down_it_throws_the_rank_the_table_shows_most_of() -> None:
    # Four nines lie in the pile: with the fifth in its hand there are few left for anyone to
    # build a set of nines with. Greedy throws the jack (as dear, and first in its order).
    state = rigged("dummy-rummy", "JC 9H 5S", top="9C 9D 9S 9C", phase="play", down=DOWN)
    assert decide(make_bot("greedy", state.game, 0), state, 0) == Discard(parse_card("JC"))
    assert decide(make_bot("careful", state.game, 0), state, 0) == Discard(parse_card("9H"))


def test_with_everyone_down_it_throws_its_dearest_card_as_greedy_does() -> None:
    state = rigged("dummy-rummy", "KC 5S 4D", top="7C", phase="play", down=DOWN)
    seen_taking(state, 1, "KD")
    state.down[1] = True  # the king it took is now past wanting: nobody is building
    state.down_turn[1] = -4
    for name in ("greedy", "careful"):
        assert decide(make_bot(name, state.game, 0), state, 0) == Discard(parse_card("KC"))


@pytest.mark.parametrize(("name", "options"), [("dummy-rummy", SHORT),
                                               ("liverpool", SHORT_LIVERPOOL)])
def test_until_it_is_down_it_plays_exactly_as_greedy(name: str, options: dict[str, str]) -> None:
    """Only the discards once down differ, so a seat not yet down (and every buy and every
    draw) gets greedy's move: the two bots share everything else."""
    game = load_game(name, 3, dict(options))
    greedy = make_bot("greedy", game, 0)
    compared = differed = 0
    for seed in range(3):
        state = game.new_state(seed)
        assert isinstance(state, ContractState)
        bots = [make_bot("careful", game, s) for s in range(3)]
        while not state.is_over:
            seat = state.actors[0]
            action = decide(bots[seat], state, seat)
            if not state.down[seat] or not isinstance(action, Discard):
                assert action == decide(greedy, state, seat)
                compared += 1
            else:
                differed += action != decide(greedy, state, seat)
            state.apply(seat, action)
    assert compared > 300
    assert differed > 0  # and once down it does throw differently somewhere in three matches
