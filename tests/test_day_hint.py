"""The Day hint's words agree with its move: facing a bet, the reasons weigh the price against
the chance of the cards against the hands that fit the bets (what the search's deals read),
not only against any cards.

The audit's position (a heads-up session of 4 hands, seed 4, the person following the hint and
greedy opposite): in the final betting round, 12 Risen and 3 Risen against a board of 12 Setting,
5 Setting, 5 Risen, the opponent having raised before the final card and bet after it. Against
any cards the two win 76% of showdowns; against the hands that raise and bet so, about 13.5%,
short of the 14% a call of 2 to win 14 needs. The search folded (its deals read the bets) while
the words said "above the 14% ... needs". (Replayed with every hand greedy could hold, the
hands that make greedy's moves of that hand win it 15% between them: the call and the fold
are a fraction of a chip apart.)
"""

from __future__ import annotations

import random

import numpy as np

from cardtable import load_game
from cardtable.bots import Decision
from cardtable.bots.ismcts import Budget, IsmctsBot, advise
from cardtable.engine.game import State
from cardtable.games.day.actions import CALL, FOLD
from cardtable.games.day.batch import batch_for, first_share
from cardtable.games.day.bots import explain
from cardtable.games.day.reading import bet_reader, read_chance
from cardtable.games.day.state import DayState

AUDIT = ["keep", "keep", "check", "check", "check", "bet 2", "fold",  # hand 1
         "keep", "keep", "bet 2", "raise to 4", "call", "check", "bet 2"]  # hand 2, to seat 0
THREE = ["keep", "keep", "keep", "check", "check", "check", "check", "check", "check",
         "keep", "keep", "keep", "check", "bet 2", "call", "call", "check", "bet 2", "call",
         "call", "keep", "keep", "keep", "check", "bet 2", "raise to 4", "fold", "raise to 6",
         "raise to 8", "call", "bet 2", "raise to 4", "raise to 6", "raise to 8", "call",
         "keep", "keep", "keep", "bet 2", "fold"]  # seed 3, three players, to seat 0


def position(players: int, seed: int, moves: list[str]) -> State:
    game = load_game("day", players, {"hands": 4})
    state = game.new_state(seed)
    for text in moves:
        state.apply(state.actors[0], game.parse_action(text))
    assert state.actors == (0,)
    return state


def test_the_audit_position_says_why_the_hint_folds() -> None:
    state = position(2, 4, AUDIT)
    decision = Decision.at(state, 0, "observation")
    fold, call = explain(decision, FOLD), explain(decision, CALL)
    said = ("against the cards that fit its raise and bet your cards win about 13.5% of "
            "showdowns, short of the 14% a call of 2 to win 14 needs (about 76% of showdowns "
            "against any cards 1 opponent could hold, above it)")
    assert fold == said
    # A call short of its price would say the play-outs chose it (nothing is left to bet after
    # it here, so no later betting is named).
    assert call == f"{said}; the play-outs, which play out the rest of the hand, found calling " \
        "the better of the two"


def test_the_hint_at_the_audit_position_agrees_with_its_reasons() -> None:
    """The hint the server gives there (the search, its budget in play-outs so it is
    reproducible): whichever of fold and call it advises, its reasons are on that side of
    the price. The old words gave only the chance against any cards, "above the 14% a call
    of 2 to win 14 needs", beside a fold."""
    state = position(2, 4, AUDIT)
    bot = IsmctsBot(state.game, seed=1, budget=Budget(iters=3000))
    advice = advise(bot, Decision.at(state, 0, "observation"))
    assert str(advice.action) in ("fold", "call")
    assert advice.reasons is not None
    first = advice.reasons.split(" (")[0]  # the chance the move follows, before any cards'
    if advice.action == FOLD:
        assert "short of the 14% a call of 2 to win 14 needs" in first, advice.words
    else:
        assert "above the 14%" in first or "found calling" in advice.reasons, advice.words


def test_the_read_chance_is_the_showdown_share_of_the_searchs_own_deals() -> None:
    """The chance in the words is what the search's deals make of the showdown: heads-up it
    is counted exactly over the hands the bets weigh; drawn from the search's sampler, the
    showdowns come out the same within their luck."""
    state = position(2, 4, AUDIT)
    decision = Decision.at(state, 0, "observation")
    read = read_chance(decision)
    assert read is not None
    sampler = bet_reader(decision)
    assert sampler is not None
    rng = random.Random(5)
    n = 1500
    low, high = np.empty((2, n), np.intp), np.empty((2, n), np.intp)
    board = state.board  # type: ignore[attr-defined]
    for i in range(n):
        sample = sampler(rng)
        assert isinstance(sample, DayState)
        low[0, i], high[0, i] = sample.hands[0]
        low[1, i], high[1, i] = sample.hands[1]
    o = state.game.options
    batch = batch_for(o["moon_value"], o["kind_scope"], o["full_day_points"])
    keys = batch.keys(board[0], board[1], board[2], [(low[0], high[0]), (low[1], high[1])],
                      [False, False])
    shares = first_share(keys)
    error = float(shares.std()) / np.sqrt(n)
    assert abs(float(shares.mean()) - read) < 4 * error + 1e-9


def test_the_words_read_nothing_hidden() -> None:
    """Two tables the seat cannot tell apart (the opponent's cards and the stock dealt afresh
    from its observation) get the same words."""
    state = position(2, 4, AUDIT)
    other = Decision.at(state, 0, "observation").observe().sample(random.Random(9))
    assert isinstance(other, DayState) and other.hands[1] != state.hands[1]  # type: ignore
    for action in (FOLD, CALL):
        assert explain(Decision.at(state, 0), action) == explain(Decision.at(other, 0), action)


def test_a_fold_above_the_price_before_the_final_card_says_the_play_outs_weighed_the_rest() -> None:
    """Before the final card the price is this bet's alone; when the search folds cards that
    clear it against the bettor's likely hands (it plays out the betting after the final card
    too), the words say so rather than leave "above the price" beside a fold."""
    state = position(3, 3, THREE)
    decision = Decision.at(state, 0, "observation")
    fold = explain(decision, FOLD)
    assert fold is not None
    assert "above the 29% a call of 2 to win 7 needs" in fold.split(" (")[0]
    assert fold.endswith("the play-outs, which play out the rest of the hand (the betting "
                         "after the final card too), found folding the better of the two")
    call = explain(decision, CALL)
    assert call is not None and "play-outs" not in call
