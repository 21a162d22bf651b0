"""The greedy contract-rummy bot: legal, view-only, deterministic, down early, beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import load_game
from cardtable.bots import Bot, Decision, bot_names, make_bot
from cardtable.engine.game import Action, State
from cardtable.games.contract.actions import (
    BUY,
    DRAW,
    PASS,
    RUMMY,
    TAKE,
    Discard,
    Down,
    Lay,
    Swap,
)
from cardtable.games.contract.cards import JOKER, parse_card, parse_cards
from cardtable.games.contract.state import ContractState
from dealing import dealt, scripted

SHORT = {"contracts": "2S,1S+1R", "deal_sizes": "11,11"}
SHORT_LIVERPOOL = {"contracts": "2S,1S+1R", "deal_sizes": "12,12"}
SET_AND_RUN_FIRST = {"contracts": "1S+1R,2S", "deal_sizes": "11,11"}  # SHORT, deals swapped
LIVERPOOL_SET_AND_RUN_FIRST = {"contracts": "1S+1R,2S", "deal_sizes": "12,12"}


class ViewOnly:
    """Stands in for the state inside a Decision: the bot may only ask for a seat's view."""

    def __init__(self, state: State) -> None:
        self._view = state.view

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._view(seat)


def decide(bot: Bot, state: State, seat: int) -> Action:
    legal = state.legal_actions(seat)
    return bot.choose(Decision(seat, legal, state.game, state.view(seat)))


def play(
    name: str, names: list[str], seed: int, options: dict[str, Any]
) -> ContractState:
    """A whole match; every greedy move must be legal, and a rummy call is never missed."""
    game = load_game(name, len(names), dict(options))
    bots = [make_bot(bot, game, seed + s) for s, bot in enumerate(names)]
    state = game.new_state(seed)
    assert isinstance(state, ContractState)
    while not state.is_over:
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        action = decide(bots[seat], state, seat)
        if names[seat] == "greedy":
            assert action in legal, f"seed {seed}: illegal {action}"
            if RUMMY in legal:
                assert action == RUMMY, f"seed {seed}: a free rummy call passed up"
        state.apply(seat, action)
    return state


@pytest.mark.parametrize(
    ("name", "names", "options"),
    [
        ("dummy-rummy", ["greedy", "random", "random"], SHORT),
        ("dummy-rummy", ["random", "greedy", "greedy", "random"], SHORT),
        ("liverpool", ["greedy", "random", "random", "random"], SHORT_LIVERPOOL),
        ("liverpool", ["greedy", "greedy"], SHORT_LIVERPOOL),
        ("liverpool", ["random", "greedy", "greedy"],
         {**SHORT_LIVERPOOL, "lay_off_same_turn": False, "claims": "first", "buy_limit": 1}),
    ],
)
def test_greedy_plays_only_legal_moves_from_its_view(
    name: str, names: list[str], options: dict[str, Any]
) -> None:
    for seed in range(3):
        state = play(name, names, seed, options)
        assert state.is_over
        assert len(state.results) == 2


def test_greedy_is_deterministic_for_a_seed() -> None:
    names = ["greedy", "greedy", "random"]
    first = play("liverpool", names, 41, SHORT_LIVERPOOL)
    second = play("liverpool", names, 41, SHORT_LIVERPOOL)
    assert [str(a) for _, a in first.history] == [str(a) for _, a in second.history]
    assert first.scores == second.scores


@pytest.mark.parametrize(("name", "options"), [("dummy-rummy", SHORT),
                                               ("liverpool", SHORT_LIVERPOOL)])
def test_greedy_beats_random(name: str, options: dict[str, Any]) -> None:
    wins = 0
    for seed in range(12):
        seat = seed % 4
        names = ["random"] * 4
        names[seat] = "greedy"
        state = play(name, names, 500 + seed, options)
        wins += seat in state.winners
    # It won all of 200 such matches in each rule set (benchmarks/contract_bots.py); an equal
    # player would win about 3 of 12.
    assert wins >= 10


def down_in_liverpool(dealt: str, draws: str) -> ContractState:
    """Liverpool, in a deal of a set and a run (played first here): seat 0 went down on its
    first turn with QS QH QD and 5H 6H 7H 8H and threw the 2C; seat 1 threw the 3C; seat 0
    has drawn again and holds what it was dealt besides (``dealt``, the 2C first) and drew."""
    state = scripted("liverpool", {0: "QS QH QD 5H 6H 7H 8H " + dealt, 1: "3C"}, "2D", draws,
                     ("draw", "down QS QH QD | 5H 6H 7H 8H", "discard 2C", "draw",
                      "discard 3C", "draw"), size=7 + len(dealt.split()),
                     options=LIVERPOOL_SET_AND_RUN_FIRST)
    assert state.phase == "play" and state.actors == (0,) and state.down[0]
    return state


def held_cards(state: ContractState, seat: int) -> list[int]:
    return sorted(c for c in range(53) for _ in range(state.hands[seat][c]))


def finish_turn(bot: Bot, state: ContractState, seat: int) -> list[Action]:
    """Let the bot play its turn to the end (its discard, or the end of the deal)."""
    done: list[Action] = []
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal and state.actors == (seat,):
        action = decide(bot, state, seat)
        state.apply(seat, action)
        done.append(action)
        if isinstance(action, Discard):
            break
    return done


def test_greedy_goes_down_at_once_leaving_the_cheapest_cards() -> None:
    # Three sets in hand and a contract of two: it goes down with the kings and the nines and
    # keeps the fives (15 points rather than 30).
    state = dealt("dummy-rummy", "KS KH KD 9S 9H 9D 5S 5H 5D 2C 3D", top="7C", phase="play")
    bot = make_bot("greedy", state.game, 0)
    action = decide(bot, state, 0)
    assert isinstance(action, Down)
    assert sorted(c % 13 + 1 for g in action.groups for c in g) == [9, 9, 9, 13, 13, 13]


def test_greedy_takes_the_discard_that_completes_the_contract_and_lays_off() -> None:
    state = dealt("dummy-rummy", "KS KH KD KC 9S 9H 4C 5S 6H 7D JC", top="9D")
    bot = make_bot("greedy", state.game, 0)
    done = finish_turn(bot, state, 0)
    assert done[0] == TAKE
    assert isinstance(done[1], Down)
    assert state.down[0]
    # The fourth king goes on the set of kings; the jack (the dearest card left) is thrown.
    assert [a for a in done if isinstance(a, Lay) and a.card % 13 == 12] != []
    assert sum(isinstance(a, Lay) for a in done) == 1
    assert done[-1] == Discard(parse_card("JC"))


def test_greedy_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    state = dealt("dummy-rummy", "KS KH QD QC 9S 9H 4C 5S 6H 7D JC", top="2D")
    bot = make_bot("greedy", state.game, 0)
    assert decide(bot, state, 0) == DRAW


def test_greedy_discards_its_highest_dead_card_never_a_joker() -> None:
    # Two sets wanted: the pairs of kings and queens are live. The dead cards are AS (15), 10C
    # (10) and small ones; the joker (20) is dearer still but is never thrown.
    state = dealt("liverpool", "KS KH QC QD AS 10C 3C 4D 6H 8S 2D JK", top="7C",
                   options=SHORT_LIVERPOOL, phase="play")
    bot = make_bot("greedy", state.game, 0)
    assert decide(bot, state, 0) == Discard(parse_card("AS"))


def test_greedy_keeps_near_runs_when_the_contract_has_a_run() -> None:
    # A deal of a set and a run (played first here): JH is next to 10H and 9H, so the king of
    # spades is the dearest dead card even though the jack is worth as much.
    state = dealt("dummy-rummy", "9H 10H JH QC QD KS 2C 5D 7S 3C 4D", top="8C", phase="play",
                  options=SET_AND_RUN_FIRST)
    bot = make_bot("greedy", state.game, 0)
    assert decide(bot, state, 0) == Discard(parse_card("KS"))


def test_greedy_buys_a_card_that_helps_and_passes_one_that_does_not() -> None:
    for top, wanted in (("QS", BUY), ("2D", PASS)):
        # The player before the bot declines the discard and draws.
        state = dealt("dummy-rummy", "KS KH KD 8C 9C 10C QC QD 4D 6S AS", top=top, seat=1,
                      first=0)
        state.apply(0, DRAW)
        assert state.phase == "buy" and state.actors == (1,)
        bot = make_bot("greedy", state.game, 1)
        assert decide(bot, state, 1) == wanted


def test_greedy_once_down_goes_out_by_discarding_its_last_card() -> None:
    # Liverpool: going out is by discard only. With 9H and 10H, both of which fit the run on the
    # table, it lays off the nine and discards the ten to go out (laying off both would float).
    state = down_in_liverpool(dealt="2C", draws="9H 4S 10H")
    assert held_cards(state, 0) == sorted(parse_cards("9H 10H"))
    bot = make_bot("greedy", state.game, 0)
    done = finish_turn(bot, state, 0)
    assert [str(a) for a in done] == ["lay 9H on 0:1 high", "discard 10H"]
    assert state.results[-1]["out"] == 0


def test_greedy_never_throws_a_joker_it_could_lay_off() -> None:
    state = down_in_liverpool(dealt="2C JK", draws="KC 4S 4D")
    assert held_cards(state, 0) == sorted(parse_cards("JK KC 4D"))
    bot = make_bot("greedy", state.game, 0)
    done = finish_turn(bot, state, 0)
    assert isinstance(done[0], Lay) and done[0].card == JOKER
    assert done[-1] == Discard(parse_card("KC"))


def test_greedy_is_offered_by_name_for_both_rule_sets() -> None:
    assert "greedy" in bot_names("dummy-rummy")
    assert "greedy" in bot_names("liverpool")


def test_greedy_copes_with_a_hand_of_jokers() -> None:
    # Ten jokers and one natural: no meld can be started without more natural cards, however
    # many wild cards come, so the hand is judged a whole contract away; a second five is a
    # start, so it takes it. Then it throws the other five rather than a joker (the card it
    # took may not go back this turn).
    options = {**SHORT_LIVERPOOL, "jokers": 12}
    state = dealt("liverpool", "JK JK JK JK JK JK JK JK JK JK 5H", top="5D", options=options)
    bot = make_bot("greedy", state.game, 0)
    assert decide(bot, state, 0) == TAKE
    state.apply(0, TAKE)
    assert decide(bot, state, 0) == Discard(parse_card("5H"))


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("dummy-rummy", 3, {}),
        ("liverpool", 4, SHORT_LIVERPOOL),
        ("liverpool", 3, {**SHORT_LIVERPOOL, "claims": "first", "buy_limit": 1}),
    ],
)
def test_a_sampled_state_is_read_as_the_view_reads_it(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """The search's play-outs read their sampled states straight (``play_sample``), skipping the
    view; at every decision of every seat that must read what the view shows and make the very
    move greedy (or careful) makes from the view, or the search would be modelling some other
    player."""
    from cardtable.games.contract.bots import GreedyContractBot, read_sample, read_view

    game = load_game(name, players, dict(options))
    bot = make_bot("greedy", game, 0)
    careful = make_bot("careful", game, 0)  # the search's own play-outs in these games
    assert isinstance(bot, GreedyContractBot) and isinstance(careful, GreedyContractBot)
    rng = random.Random(name)
    checked = 0
    for seed in range(2):
        state = game.new_state(seed)
        assert isinstance(state, ContractState)
        while not state.is_over:
            for seat in state.actors:
                legal = state.legal_actions(seat)
                assert read_sample(state, seat) == read_view(state.view(seat), seat)
                assert bot.play_sample(state, seat, legal) == decide(bot, state, seat)
                assert careful.play_sample(state, seat, legal) == decide(careful, state, seat)
                checked += 1
            seat = state.actors[rng.randrange(len(state.actors))]
            legal = state.legal_actions(seat)
            mover = decide(bot, state, seat) if rng.random() < 0.8 else rng.choice(legal)
            state.apply(seat, mover)
    assert checked > 200


def test_a_clone_that_changes_its_table_is_read_with_its_own_table() -> None:
    """The search reads the table once per ``table_stamp``: a sample that goes down or lays off
    must be read with its new melds, and the state it came from (read first) with the old."""
    from cardtable.games.contract.bots import read_sample, read_view

    game = load_game("liverpool", 3, dict(SHORT_LIVERPOOL))
    bot = make_bot("greedy", game, 0)
    rng = random.Random(7)
    changed = 0
    state = game.new_state(3)
    assert isinstance(state, ContractState)
    while not state.is_over and changed < 6:
        seat = state.actors[rng.randrange(len(state.actors))]
        legal = state.legal_actions(seat)
        tabled = [a for a in legal if isinstance(a, Down | Lay | Swap)]
        if tabled:
            assert read_sample(state, seat) == read_view(state.view(seat), seat)
            sample = Decision.at(state, seat, "observation", legal).observe().sample(rng)
            assert isinstance(sample, ContractState)
            sample.apply(seat, tabled[0])
            changed += 1
            assert sample.table != state.table
            for s in range(3):
                assert read_sample(sample, s) == read_view(sample.view(s), s)
                assert read_sample(state, s) == read_view(state.view(s), s)
        state.apply(seat, decide(bot, state, seat))
    assert changed == 6
