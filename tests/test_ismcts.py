"""The search bot (issue 13): it never cheats, its budgets hold, its names parse everywhere, and
`simulate` rotates seats, reports by bot and stops after K rounds. Kept fast: a few iterations
and short matches."""

from __future__ import annotations

import dataclasses
import json
import random
import time
from typing import Any

import pytest

from cardtable.bots import Decision, bot_names, is_bot_name, make_bot, parse_bot_name
from cardtable.bots.ismcts import IsmctsBot, hint
from cardtable.cli import main
from cardtable.engine.errors import OptionError
from cardtable.engine.game import State, game_names, load_game
from cardtable.sim import SimConfig, play_match, rotated, simulate, standings
from cardtable.sim.stats import MatchOutcome, Tally
from search_checks import searched

GAMES = ["daylily", "say-rummy", "day", "dummy-rummy", "liverpool"]


def position(game_name: str, players: int, seed: int, min_choices: int = 2) -> tuple[State, int]:
    """A match a few random moves in, at a decision with a real choice."""
    game = load_game(game_name, players)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for step in range(400):
        actors = state.actors
        seat = actors[rng.randrange(len(actors))]
        legal = state.legal_actions(seat)
        if step >= 6 and len(legal) >= min_choices:
            return state, seat
        state.apply(seat, legal[rng.randrange(len(legal))])
        assert not state.is_over
    raise AssertionError("no decision with a choice in 400 moves")


@pytest.mark.parametrize("game_name", GAMES)
def test_two_states_a_seat_cannot_tell_apart_give_the_same_decision(game_name: str) -> None:
    """Fairness: the real state and one drawn from the seat's own observation (the same
    observation, other hidden cards) give the same search, move for move, with the same seed."""
    for seed in range(11, 31):  # a decision the search plays out (Say Rummy's draws, say)
        state, seat = position(game_name, 2, seed=seed)
        iterations, _moves = mine = searched(state, seat, "ismcts:iters=12", 3)
        if iterations == 12:
            break
    else:
        raise AssertionError("no searched decision in 20 deals")
    other = state.observe(seat).sample(random.Random(5))
    assert other.view(seat) == state.view(seat)
    hidden_differ = [z.cards for z in state.zones()] != [z.cards for z in other.zones()]
    assert hidden_differ, "the sample should deal the unseen cards differently"
    assert mine == searched(other, seat, "ismcts:iters=12", 3)


def test_every_registered_game_has_the_search_bot() -> None:
    for name in game_names():
        assert "ismcts" in bot_names(name)


def test_iterations_are_reproducible_and_counted() -> None:
    state, seat = position("say-rummy", 2, seed=4)
    picks = set()
    for _ in range(2):
        bot = make_bot("ismcts:iters=9", state.game, 1)
        assert isinstance(bot, IsmctsBot)
        result = bot.search(Decision.at(state, seat, "observation"))
        picks.add((str(result.action), tuple((str(c.action), c.mean) for c in result.choices)))
        assert result.iterations <= 9
    assert len(picks) == 1


def test_time_budget_holds() -> None:
    state, seat = position("daylily", 2, seed=2, min_choices=3)
    bot = make_bot("ismcts:time=0.2", state.game, 1)
    assert isinstance(bot, IsmctsBot)
    began = time.perf_counter()
    result = bot.search(Decision.at(state, seat, "observation"))
    elapsed = time.perf_counter() - began
    assert result.iterations >= 1
    # One play-out may overrun the deadline; a loaded machine gets some slack.
    assert elapsed < 1.5, elapsed
    assert result.action in state.legal_actions(seat)


def test_a_budget_too_short_for_one_sweep_still_compares_the_moves() -> None:
    # A millisecond is less than one play-out of each move: the first sweep is finished
    # anyway, so a hint on a busy machine still says what its move was compared with.
    state, seat = position("daylily", 2, seed=2, min_choices=3)
    bot = make_bot("ismcts:time=0.001", state.game, 1)
    assert isinstance(bot, IsmctsBot)
    result = bot.search(Decision.at(state, seat, "observation"))
    tried = [c for c in result.choices if c.visits]
    assert len(tried) >= 2 and result.iterations >= len(tried), result


def test_the_bot_is_handed_nothing_but_a_decision() -> None:
    state, seat = position("daylily", 2, seed=8)
    bot = make_bot("ismcts:iters=4", state.game, 0)
    decision = Decision.for_bot(state, seat, bot)
    assert decision._observation is not None  # an observation bot gets the sealed observation
    before = state.record()
    action = bot.choose(decision)
    assert action in state.legal_actions(seat)
    assert state.record() == before  # searching changed nothing of the real match


# ---- names -------------------------------------------------------------------------------------
def test_bot_names_with_parameters_parse() -> None:
    assert parse_bot_name("ISMCTS:time=0.5") == ("ismcts", {"time": "0.5"})
    assert parse_bot_name(" ismcts:iters=20:c=1 ") == ("ismcts", {"iters": "20", "c": "1"})
    game = load_game("daylily", 2)
    bot = make_bot("ismcts:iters=20", game, 0)
    assert isinstance(bot, IsmctsBot)
    assert bot.name == "ismcts:iters=20"
    assert bot.budget.iters == 20 and bot.budget.seconds is None
    timed = make_bot("ismcts:time=0.25", game, 0)
    assert isinstance(timed, IsmctsBot) and timed.budget.seconds == 0.25
    plain = make_bot("ismcts", game, 0)
    assert isinstance(plain, IsmctsBot) and plain.budget.seconds == 0.5


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ismcts:iters=0", "from 1"),
        ("ismcts:iters=x", "whole number"),
        ("ismcts:time=-1", "from 0.001"),
        ("ismcts:time=nan", "finite"),
        ("ismcts:iters=5:time=1", "not both"),
        ("ismcts:depth=3", "'depth'"),
        ("ismcts:iters", "key=value"),
        ("ismcts:iters=1:iters=2", "twice"),
        ("greedy:iters=5", "takes no parameters"),
        ("nobody", "unknown bot"),
    ],
)
def test_bad_bot_names_get_one_sentence(name: str, words: str) -> None:
    game = load_game("daylily", 2)
    with pytest.raises(OptionError, match=words):
        make_bot(name, game, 0)
    assert not is_bot_name(name, "daylily")


def test_names_with_parameters_pass_every_membership_check() -> None:
    """The server checks seat kinds with ``kind in bot_names(game)``: names with parameters
    must pass that check too, and bad ones must not."""
    names = bot_names("say-rummy")
    assert "ismcts:time=0.5" in names
    assert "ismcts:iters=3" in names
    assert "greedy" in names and "random" in names
    assert "ismcts:iters=-3" not in names
    assert "greedy:iters=3" not in names
    assert list(names) == sorted(names)


def test_play_accepts_a_bot_with_parameters(tmp_path: Any) -> None:
    from cardtable.cli.play import prepare

    setup = prepare("daylily", 2, ["ismcts:iters=3"], 0, [], 1, tmp_path / "r.json")
    assert setup.bots[1].name == "ismcts:iters=3"


# ---- simulate: rotation, by_bot, --rounds ------------------------------------------------------
def test_the_line_up_rotates_so_no_bot_keeps_the_first_seat() -> None:
    names = ("a", "b", "c")
    assert rotated(names, 0) == ("a", "b", "c")
    assert rotated(names, 1) == ("c", "a", "b")
    assert rotated(names, 2) == ("b", "c", "a")
    assert rotated(names, 3) == names
    firsts = {rotated(names, k)[0] for k in range(3)}
    assert firsts == set(names)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    try:
        code = main(["simulate", *argv, "--json"])
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_by_bot_counts_every_seat_a_bot_played(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "say-rummy", "--games", "6", "--players", "3",
                    "--bots", "greedy,random", "--option", "games=1", "--seed", "2")
    by_bot = data["by_bot"]
    assert set(by_bot) == {"greedy", "random"}
    assert by_bot["greedy"]["played"] == 6  # one seat of each match
    assert by_bot["random"]["played"] == 12  # two seats of each match
    assert sum(row["won"] for row in by_bot.values()) == sum(data["wins"])
    for row in by_bot.values():
        low, high = row["win_rate_95"]
        assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
    assert data["rotate"] is True
    # Rotation: greedy (listed first) sat at every seat, two matches each.
    report = simulate(SimConfig("say-rummy", 3, ("greedy", "random"), 6, 2, {"games": 1}))
    assert report.tally.by_bot == by_bot


def test_by_bot_says_how_many_wins_were_ties() -> None:
    """A drawn match credits both seats; ``tied`` tells those wins apart, here and after two
    tallies of separate ranges are merged (as worker processes do)."""
    first, second = Tally(2), Tally(2)
    first.add(MatchOutcome(10, 1, [5, 5], [0, 1], [], ("ismcts", "greedy")), "m0")
    first.add(MatchOutcome(10, 1, [3, 7], [0], [], ("ismcts", "greedy")), "m1")
    second.add(MatchOutcome(10, 1, [4, 4], [0, 1], [], ("greedy", "ismcts")), "m2")
    first.merge(second)
    row = first.by_bot["ismcts"]
    assert (row["played"], row["won"], row["tied"]) == (3, 3, 2)
    assert first.by_bot["greedy"]["tied"] == 2


def test_by_bot_says_how_often_a_bot_finished_ahead_of_each_other_bot() -> None:
    """At a table of three, one bot against two: each pair of its seat with another bot's seat
    counts once, a winner is ahead of a seat that did not win, the lower total ahead in a
    penalty game and the higher in a points game, an equal total level (half)."""
    tally = Tally(3)
    line_up = ("ismcts", "greedy", "greedy")
    # Penalty game: ismcts went out (0), greedy seats 12 and 30.
    tally.add(MatchOutcome(9, 1, [0, 12, 30], [0], [], line_up), "m0")
    # Greedy at seat 1 went out; ismcts (20) ahead of seat 2 (25), behind seat 1.
    tally.add(MatchOutcome(9, 1, [20, 0, 25], [1], [], line_up), "m1")
    # Level with seat 2 on 8; seat 1 won.
    tally.add(MatchOutcome(9, 1, [8, 0, 8], [1], [], line_up), "m2")
    row = tally.by_bot["ismcts"]["against_others"]
    assert (row["pairs"], row["ahead"], row["level"]) == (6, 3, 1)
    assert row["ahead_rate"] == round(3.5 / 6, 4)
    assert tally.by_bot["ismcts"]["won"] == 1  # one match in three: the win rate
    greedy = tally.by_bot["greedy"]["against_others"]
    assert (greedy["pairs"], greedy["ahead"], greedy["level"]) == (6, 2, 1)
    # A points game (the highest total wins) turns the comparison of totals round; a tie on
    # the totals broken for the winner (Daylily's latest Festival) puts the winner ahead.
    high = Tally(2)
    high.add(MatchOutcome(9, 1, [40, 40], [1], [], ("ismcts", "greedy"), lowest_wins=False), "")
    high.add(MatchOutcome(9, 1, [50, 30], [0], [], ("ismcts", "greedy"), lowest_wins=False), "")
    row = high.by_bot["ismcts"]["against_others"]
    assert (row["pairs"], row["ahead"], row["level"]) == (2, 1, 0)
    # A bot alone at the table has no other bot to finish ahead of.
    alone = Tally(2)
    alone.add(MatchOutcome(9, 1, [3, 4], [0], [], ("greedy", "greedy")), "")
    assert alone.by_bot["greedy"]["against_others"]["ahead_rate"] is None


def test_heads_up_ahead_rate_is_the_win_rate_with_a_tie_as_half(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "say-rummy", "--games", "8", "--bots", "greedy,random",
                    "--option", "games=1", "--seed", "3")
    for row in data["by_bot"].values():
        half = (row["won"] - row["tied"] / 2) / row["played"]
        assert row["against_others"]["ahead_rate"] == pytest.approx(half, abs=1e-4)


def test_fixed_seats_keep_the_old_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "say-rummy", "--games", "4", "--bots", "greedy,random",
                    "--option", "games=1", "--fixed-seats")
    assert data["rotate"] is False
    assert data["wins"][0] == data["by_bot"]["greedy"]["won"]


def test_rounds_ends_every_match_after_k_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "daylily", "--games", "5", "--bots", "greedy,random",
                    "--rounds", "2", "--seed", "4")
    assert data["rounds"] == 10 and data["round_limit"] == 2
    assert data["finished"] == 5 and data["violations"] == 0
    # Daylily's highest total wins: the winners are the seats on the best total after 2 rounds.
    game = load_game("daylily", 2)
    outcome = play_match(game, ("greedy", "random"), seed=4, match=0, rounds=2)
    assert outcome.rounds == 2
    best = max(outcome.scores)
    assert outcome.winners == [s for s, t in enumerate(outcome.scores) if t == best]


def test_rounds_in_a_lowest_wins_game() -> None:
    game = load_game("say-rummy", 2)
    outcome = play_match(game, ("greedy", "random"), seed=1, match=0, rounds=1)
    assert outcome.rounds == 1
    low = min(outcome.scores)
    assert outcome.winners == [s for s, t in enumerate(outcome.scores) if t == low]
    state = game.new_state(1)
    assert standings(state) == [0, 1]  # nobody has scored yet: every seat is level


def test_bad_rounds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:  # a usage error: argparse's exit 2
        main(["simulate", "daylily", "--rounds", "0", "--json"])
    assert refused.value.code == 2
    _out, err = capsys.readouterr()
    assert "--rounds" in err and "from 1 to" in err and len(err.strip().splitlines()) == 1


def test_simulate_runs_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "say-rummy", "--games", "2", "--bots", "ismcts:iters=4,greedy",
                    "--rounds", "1", "--seed", "1")
    assert data["violations"] == 0
    assert data["by_bot"]["ismcts:iters=4"]["played"] == 2


# ---- hints -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_name", ["say-rummy", "dummy-rummy"])
def test_hint_answers_within_a_second_in_words(game_name: str) -> None:
    state, seat = position(game_name, 2, seed=6, min_choices=3)
    began = time.perf_counter()
    advice = hint(state, seat, seconds=0.3)
    assert time.perf_counter() - began < 1.5
    assert advice.action in state.legal_actions(seat)
    assert str(advice.action) in advice.words
    if game_name == "say-rummy":  # a play or discard: the lookahead bot's, not played out
        lookahead = make_bot("lookahead", state.game, 0)
        assert advice.action == lookahead.choose(Decision.at(state, seat, "view"))
        assert "after your" in advice.words and "deals" not in advice.words
    else:
        assert "deals" in advice.words


@pytest.mark.parametrize("game_name", ["dummy-rummy"])
def test_which_card_to_discard_is_searched(game_name: str) -> None:
    """When a discard is all that is left, the search weighs several discards on common deals,
    not only the one the greedy bot would throw (Say Rummy's shortlist once gave that one alone,
    so the bot never searched a discard; since 2026-11-29 Say Rummy's discards are the
    lookahead bot's, unsearched, which measured better)."""
    from cardtable.games.contract.actions import Discard as ContractDiscard
    from cardtable.games.sayrummy.actions import Discard as SayDiscard

    discard_types = (SayDiscard, ContractDiscard)
    game = load_game(game_name, 2)
    greedy = [make_bot("greedy", game, s) for s in range(2)]
    for seed in range(20):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over and state.rounds_played == 0:
            actors = state.actors
            seat = actors[rng.randrange(len(actors))]
            legal = state.legal_actions(seat)
            if len({str(a) for a in legal}) >= 3 and all(isinstance(a, discard_types)
                                                         for a in legal):
                bot = make_bot("ismcts:iters=24", game, 1)
                assert isinstance(bot, IsmctsBot)
                result = bot.search(Decision.at(state, seat, "observation"))
                weighed = [c for c in result.choices if c.visits > 0]
                assert len(weighed) >= 2
                assert all(isinstance(c.action, discard_types) for c in weighed)
                return
            state.apply(seat, greedy[seat].choose(Decision.at(state, seat, "view", legal)))
    raise AssertionError("no decision with discards only in 20 deals")


def test_the_shortlists_rating_bots_go_with_their_games() -> None:
    # A server plays many tables, each with its own Game: the greedy bot kept to rate moves
    # for a game's search shortlist must not keep that game alive once its table is gone
    # (a module-level cache of them did, one per table ever played), nor be written on the
    # Game, which is frozen configuration; tables of one set-up share one rating bot.
    import gc
    import weakref
    from functools import cached_property

    from cardtable.bots import kept_with
    from cardtable.games.contract.bots import GreedyContractBot
    from cardtable.games.sayrummy.bots import GreedySayBot

    for name, kind in (("say-rummy", GreedySayBot), ("dummy-rummy", GreedyContractBot)):
        game = load_game(name, 2)
        state = game.new_state(3)
        bot = make_bot("ismcts:iters=4", game, 0)
        before = dict(vars(game))
        for _ in range(6):
            seat = state.actors[0]
            hint(state, seat, seconds=0.05)  # Say Rummy's hint words keep rating bots too
            state.apply(seat, bot.choose(Decision.at(state, seat)))
        # Nothing but the game's own lazily worked-out configuration (Say Rummy's lexicon).
        added = set(vars(game)) - set(before)
        assert all(isinstance(getattr(type(game), k, None), cached_property) for k in added), (
            name, added)
        kept = kept_with(game, kind)
        assert kept.game is not game, name
        assert kept_with(load_game(name, 2), kind) is kept, name
        assert kept_with(load_game(name, 3), kind) is not kept, name
        gone = weakref.ref(game)
        del game, state, bot
        gc.collect()
        assert gone() is None, name


@pytest.mark.parametrize("game_name", ["daylily", "dummy-rummy", "liverpool"])
def test_greedy_plays_below_the_root(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A Daylily declaration leaves the declarer on move. A tree below the root tried that
    # seat's other discards after it and charged them to the declaration, so the search came
    # to prefer discarding and won under one round in five against greedy. Below the root the
    # greedy bot now plays every move, so no tree is grown there (the contract rummies too:
    # a turn there is several moves of one seat).
    from cardtable.bots.ismcts import knowledge_for

    game = load_game(game_name, 2)
    assert knowledge_for(game).tree is False

    def no_tree(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the search grew a tree below the root")

    monkeypatch.setattr(IsmctsBot, "_descend", no_tree)
    for seed in range(3):
        state, seat = position(game_name, 2, seed, min_choices=3)
        bot = make_bot("ismcts:iters=12", game, seed)
        assert isinstance(bot, IsmctsBot)
        result = bot.search(Decision.at(state, seat, "observation"))
        assert result.iterations == 12
        assert len([c for c in result.choices if c.visits]) >= 2


@pytest.mark.parametrize("game_name", ["dummy-rummy", "liverpool"])
def test_contract_play_outs_read_their_samples_without_views(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Writing a view out and parsing it back was three fifths of a contract search; the greedy
    # bot reads its sampled states straight (play_sample), which the contract bot's tests hold
    # to the very moves it makes from views. Once the decision is built, no view is needed.
    from cardtable.games.contract.state import ContractState

    state, seat = position(game_name, 2, seed=4, min_choices=3)
    decision = Decision.at(state, seat, "observation")
    bot = make_bot("ismcts:iters=24", state.game, 1)
    assert isinstance(bot, IsmctsBot)

    def no_view(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a play-out wrote out a view")

    monkeypatch.setattr(ContractState, "view", no_view)
    monkeypatch.setattr(ContractState, "zones", no_view)
    result = bot.search(decision)
    assert result.iterations == 24
    assert len([c for c in result.choices if c.visits]) >= 2


def test_a_win_bonus_rewards_the_seat_that_leads_the_totals() -> None:
    """``win_bonus`` (a knob for benchmarks, off in every game) adds to each seat's margin the
    bonus for leading the totals at a play-out's end, less the others' mean share of it; a
    shared lead shares it. Without it the reward is the margin alone."""
    from dataclasses import replace

    from cardtable.bots.ismcts import Budget, knowledge_for

    game = load_game("dummy-rummy", 3)

    class Ended:  # a penalty game's totals at a play-out's end
        lowest_wins = True
        is_over = False

        def __init__(self, scores: list[int]) -> None:
            self.scores = scores

    plain = IsmctsBot(game, 1, Budget(iters=1), knowledge_for(game))
    bonus = IsmctsBot(game, 1, Budget(iters=1), replace(knowledge_for(game), win_bonus=30.0))
    start = [10, 20, 30]
    end = Ended([10, 45, 60])  # seat 0 went out this round; the others took 25 and 30
    margins = plain._values(end, start, False)  # type: ignore[arg-type]
    assert margins == [27.5, -10.0, -17.5]  # each seat's gain less the others' mean gain
    assert bonus._values(end, start, False) == [  # type: ignore[arg-type]
        27.5 + 30, -10.0 - 15, -17.5 - 15]
    level = Ended([40, 40, 60])  # seats 0 and 1 share the lowest total
    shared = bonus._values(level, start, False)  # type: ignore[arg-type]
    plain_level = plain._values(level, start, False)  # type: ignore[arg-type]
    assert [s - p for s, p in zip(shared, plain_level, strict=True)] == [7.5, 7.5, -15.0]


def test_the_searching_seat_and_the_others_can_play_out_with_different_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``opponent_rollout`` plays the other seats' play-out moves (the searcher's own seat keeps
    ``rollout``), so a stronger policy for oneself need not be assumed of the opponents. Left
    unset, every seat plays ``rollout`` and the search is move for move what it was."""
    from dataclasses import replace

    import cardtable.bots.ismcts as ismcts
    from cardtable.bots.ismcts import Budget, knowledge_for

    game = load_game("daylily", 3)
    state, seat = position("daylily", 3, seed=5, min_choices=3)
    decision = Decision.at(state, seat, "observation")
    made: list[str] = []

    def recording(name: str, *args: Any) -> Any:
        made.append(name)
        return make_bot(name, *args)

    monkeypatch.setattr(ismcts, "make_bot", recording)
    mixed = IsmctsBot(game, 2, Budget(iters=8),
                      replace(knowledge_for(game), rollout="patient", opponent_rollout="greedy"))
    made.clear()
    mixed.search(decision)
    assert made == ["greedy" if s != seat else "patient" for s in range(3)]

    unset = IsmctsBot(game, 2, Budget(iters=8),
                      replace(knowledge_for(game), rollout="greedy", opponent_rollout=None))
    same = IsmctsBot(game, 2, Budget(iters=8),
                     replace(knowledge_for(game), rollout="greedy", opponent_rollout="greedy"))
    assert unset.search(decision).choices == same.search(decision).choices


@pytest.mark.parametrize(("game_name", "players", "leader"),
                         [("daylily", 2, "patient"), ("say-rummy", 3, "lookahead"),
                          ("dummy-rummy", 2, "careful"), ("liverpool", 3, "careful")])
def test_the_search_falls_back_on_the_move_of_the_bot_it_follows(
    game_name: str, players: int, leader: str
) -> None:
    """The search keeps one bot's move unless a challenger beats it, and that bot is stronger
    than greedy: Daylily's play-out bot ``patient``, the contract rummies' ``careful``, and Say
    Rummy's advisor ``lookahead`` (too slow to play out, it leads from the seat's own view while
    greedy plays the play-outs).
    Where it and greedy differ, a search too short to overturn anything plays its move."""
    game = load_game(game_name, players)
    greedy, follows = make_bot("greedy", game, 0), make_bot(leader, game, 0)
    differed = 0
    for deal in range(40):
        state = game.new_state(deal)
        while state.rounds_played == 0 and differed < 3:
            seat = state.actors[0]
            view = Decision.at(state, seat, "view")
            mine, theirs = follows.choose(view), greedy.choose(view)
            if str(mine) != str(theirs):
                search = make_bot("ismcts:iters=2", game, deal)
                assert str(search.choose(Decision.at(state, seat, "observation"))) == str(mine)
                differed += 1
            state.apply(seat, theirs)
        if differed == 3:
            return
    raise AssertionError(f"{leader} and greedy never differed in 40 deals")


def test_an_advisor_that_searches_is_refused() -> None:
    from dataclasses import replace

    from cardtable.bots.ismcts import Budget, knowledge_for

    game = load_game("say-rummy", 2)
    with pytest.raises(OptionError, match="must not search itself"):
        IsmctsBot(game, 1, Budget(iters=1), replace(knowledge_for(game), advisor="ismcts"))


def test_play_out_bots_that_read_different_views_are_refused() -> None:
    from dataclasses import replace

    from cardtable.bots.ismcts import Budget, knowledge_for

    game = load_game("daylily", 2)
    with pytest.raises(OptionError, match="must read the same view"):
        IsmctsBot(game, 1, Budget(iters=1),
                  replace(knowledge_for(game), rollout="greedy", opponent_rollout="random"))


@pytest.mark.parametrize(("margin", "kept"), [(1.0, False), (2.0, True)])
def test_a_challenger_replaces_the_policy_move_only_by_margin_standard_errors(
    margin: float, kept: bool
) -> None:
    """A root move that beat the play-out bot's own move on the common deals by 1.3 standard
    errors replaces it at ``margin=1`` and not at ``margin=2`` (Daylily's setting), where the
    search keeps `patient`'s move unless the play-outs say clearly otherwise."""
    from cardtable.bots.ismcts import knowledge_for

    game = load_game("daylily", 2)
    state = game.new_state(1)
    seat = state.actors[0]
    policy_move, challenger = state.legal_actions(seat)[:2]
    knowledge = dataclasses.replace(knowledge_for(game), margin=margin)
    bot = IsmctsBot(game, 0, knowledge=knowledge)
    rewards = {
        str(policy_move): [0.0] * 8,
        str(challenger): [3.0, -1.0] * 4,  # mean 1, standard error 0.76
    }
    picked = bot._pick([policy_move, challenger], rewards, policy_move, sweeps=4)
    assert picked is (policy_move if kept else challenger)
    assert knowledge_for(game).margin == 2.0
