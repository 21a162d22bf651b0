"""A hint says why in words (issue 13): the search's pick comes with the game's reasons, read
from the seat's own view: the melds a discard keeps and how far the hand is from going out, the
contract a card brings nearer, the cards a word sheds."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from cardtable.bots import Decision, make_bot
from cardtable.bots.ismcts import Choice, Knowledge, SearchResult, describe, hint, knowledge_for
from cardtable.engine.game import Action, State, load_game
from cardtable.games.contract.actions import Discard as ContractDiscard
from cardtable.games.contract.bots import explain as contract_explain
from cardtable.games.daylily.actions import Discard as DaylilyDiscard
from cardtable.games.daylily.actions import DrawDiscard
from cardtable.games.daylily.bots import MELDED_TO_GO_OUT, Planner, Weights, read_view
from cardtable.games.daylily.bots import explain as daylily_explain
from cardtable.games.daylily.cards import code
from cardtable.games.sayrummy.actions import Word
from cardtable.games.sayrummy.bots import explain as say_explain


def greedy_until(game_name: str, players: int, wanted: Callable[[State, int], bool],
                 deals: int = 40) -> tuple[State, int]:
    """The first decision of greedy self-play, over the deals in turn, that ``wanted`` accepts."""
    game = load_game(game_name, players)
    bots = [make_bot("greedy", game, s) for s in range(players)]
    for deal in range(deals):
        state = game.new_state(deal)
        while not state.is_over and state.rounds_played == 0:
            seat = state.actors[0]
            if wanted(state, seat):
                return state, seat
            bot = bots[seat]
            state.apply(seat, bot.choose(Decision.for_bot(state, seat, bot)))
    raise AssertionError("no such decision in greedy self-play")


def daylily_plan(state: State, seat: int) -> tuple[int, list[int]]:
    """The seat's hand and the cards of the complete melds in its greedy plan."""
    seen = read_view(state.view(seat), seat)
    k = MELDED_TO_GO_OUT - seen.melded[seat]
    plan = Planner(seen.hand, seen.live, Weights()).plan(seen.hand, k)
    return seen.hand, [c for meld, missing in plan if not missing for c in meld.cards]


def test_a_daylily_discard_names_the_melds_it_keeps_and_the_distance_to_going_out() -> None:
    def kept_meld_and_a_loose_card(state: State, seat: int) -> bool:
        if state.view(seat)["table"]["phase"] != "play":
            return False
        hand, kept = daylily_plan(state, seat)
        return bool(kept) and hand.bit_count() - len(kept) >= 2

    state, seat = greedy_until("daylily", 2, kept_meld_and_a_loose_card)
    hand, kept = daylily_plan(state, seat)
    decision = Decision.at(state, seat)
    loose = next(c for c in range(45) if hand >> c & 1 and c not in kept)
    words = daylily_explain(decision, DaylilyDiscard(loose))
    assert words is not None
    assert f"the {code(loose)} fits none of the melds you are building" in words
    assert all(code(c) in words for c in kept)
    assert "short of going out" in words or "ready to go out" in words
    inside = daylily_explain(decision, DaylilyDiscard(kept[0]))
    assert inside is not None and "fits none" not in inside


def top_card_plan(state: State, seat: int) -> tuple[int, int, int] | None:
    """At a draw: the hand, the discard top and the card still missing from the first planned
    meld the top would join (0 when the top completes it); None if it joins none."""
    seen = read_view(state.view(seat), seat)
    if seen.phase != "draw" or seen.top < 0:
        return None
    top = 1 << seen.top
    k = MELDED_TO_GO_OUT - seen.melded[seat]
    plan = Planner(seen.hand | top, seen.live, Weights()).plan(seen.hand | top, k)
    fits = [(meld, missing) for meld, missing in plan if meld.mask & top]
    return (seen.hand, seen.top, fits[0][1]) if fits else None


def test_a_daylily_take_names_the_held_cards_the_top_joins_and_the_card_still_wanted() -> None:
    def joins_a_meld_short_of_a_card(state: State, seat: int) -> bool:
        found = top_card_plan(state, seat)
        return found is not None and found[2] != 0

    state, seat = greedy_until("daylily", 2, joins_a_meld_short_of_a_card)
    found = top_card_plan(state, seat)
    assert found is not None
    hand, top, missing = found
    wanted = missing.bit_length() - 1
    words = daylily_explain(Decision.at(state, seat), DrawDiscard())
    assert words is not None and words.startswith(f"the {code(top)} goes with ")
    held, still = words.split(" towards ", 1)
    named = held.removeprefix(f"the {code(top)} goes with ").split()
    assert named and all(hand >> c & 1 for c in range(45) if code(c) in named)
    assert code(wanted) not in named and still.endswith(f"still wants {code(wanted)}")

    def completes_a_meld(state: State, seat: int) -> bool:
        found = top_card_plan(state, seat)
        return found is not None and found[2] == 0

    state, seat = greedy_until("daylily", 2, completes_a_meld)
    found = top_card_plan(state, seat)
    assert found is not None
    words = daylily_explain(Decision.at(state, seat), DrawDiscard())
    assert words is not None and words.startswith(f"the {code(found[1])} completes ")
    # Drawing blind instead, if the search advises it, keeps the fact and names the weighing.
    from cardtable.games.daylily.actions import DrawStock
    blind = daylily_explain(Decision.at(state, seat), DrawStock())
    assert blind == f"{words}; the play-outs weigh that against an unseen card from the stock"


def test_the_hint_gives_the_games_reasons_with_the_searchs_figures() -> None:
    state, seat = greedy_until(
        "daylily", 2, lambda s, seat: s.view(seat)["table"]["phase"] == "play"
        and len(s.legal_actions(seat)) > 3)
    advice = hint(state, seat, seconds=0.3)
    reasons = daylily_explain(Decision.at(state, seat), advice.action)
    assert reasons is not None
    assert reasons[0].upper() + reasons[1:] in advice.words
    assert "deals" in advice.words  # the search's own figures follow


def test_a_contract_discard_names_the_groups_kept_for_the_contract() -> None:
    def before_going_down(state: State, seat: int) -> bool:
        table = state.view(seat)["table"]
        return (table["phase"] == "play" and not table["down"][seat]
                and any(isinstance(a, ContractDiscard) for a in state.legal_actions(seat)))

    state, seat = greedy_until("dummy-rummy", 2, before_going_down)
    decision = Decision.at(state, seat)
    contract = state.view(seat)["table"]["contract"]
    discard = next(a for a in decision.legal if isinstance(a, ContractDiscard))
    words = contract_explain(decision, discard)
    assert words is not None
    assert f"({contract})" in words
    assert "short of it" in words or "ready to go down" in words


def test_a_contract_discard_once_down_says_what_the_card_would_cost() -> None:
    def down_with_cards(state: State, seat: int) -> bool:
        table = state.view(seat)["table"]
        discards = [a for a in state.legal_actions(seat) if isinstance(a, ContractDiscard)]
        return table["phase"] == "play" and table["down"][seat] and len(discards) >= 2

    state, seat = greedy_until("dummy-rummy", 2, down_with_cards)
    decision = Decision.at(state, seat)
    discard = next(a for a in decision.legal if isinstance(a, ContractDiscard))
    value = state.game.rules.values[discard.card]  # type: ignore[attr-defined]
    words = contract_explain(decision, discard)
    assert words is not None and f"would count {value} against you" in words


def test_a_say_rummy_word_says_how_many_cards_it_sheds() -> None:
    state, seat = greedy_until(
        "say-rummy", 2, lambda s, seat: any(isinstance(a, Word) for a in s.legal_actions(seat)))
    decision = Decision.at(state, seat)
    word = max((a for a in decision.legal if isinstance(a, Word)), key=lambda a: len(a.tokens))
    words = say_explain(decision, word)
    assert words is not None
    n = len(word.tokens)
    assert words.startswith(f"it sheds {n} card{'s' if n != 1 else ''}")


def test_a_day_call_or_fold_weighs_the_showdown_against_the_price() -> None:
    """Facing a bet, the Day hint's reasons give the cards' chance at the showdown and the
    share a call needs, the same figures as the game's own hint, and say which side of it the
    cards are on; a bet says how the chance compares with a fair share."""
    from cardtable.games.day.actions import CALL, FOLD, Bet
    from cardtable.games.day.bots import explain as day_explain
    from cardtable.games.day.chance import call_price, seat_chance

    state, seat = greedy_until("day", 2, lambda s, seat: CALL in s.legal_actions(seat))
    decision = Decision.at(state, seat)
    view = decision.view()
    p, _exact, _others = seat_chance(state.game.evaluator, view, seat)  # type: ignore[attr-defined]
    price = call_price(view["table"], seat)
    assert price is not None
    to_call, win, needed = price
    for action in (CALL, FOLD):
        words = day_explain(decision, action)
        assert words is not None
        assert f"about {p:.0%} of showdowns against any cards 1 opponent could hold" in words
        assert f"the {needed:.0%} a call of {to_call} to win {win} needs" in words
        assert ("short of" if p < needed else "above") in words
    state, seat = greedy_until("day", 2, lambda s, seat: any(
        isinstance(a, Bet) for a in s.legal_actions(seat)))
    decision = Decision.at(state, seat)
    bet = next(a for a in decision.legal if isinstance(a, Bet))
    words = day_explain(decision, bet)
    assert words is not None and "a fair share (50%)" in words


def test_every_legal_move_gets_words_or_none() -> None:
    """A hint must never fail: the reasons are asked of every legal move at every decision of
    a round of greedy play with random moves mixed in (every game, two and three players), and
    are a sentence or nothing."""
    for game_name in ("daylily", "dummy-rummy", "liverpool", "say-rummy", "day"):
        for players in (2, 3):
            game = load_game(game_name, players)
            explain = knowledge_for(game).explain
            if explain is None:
                continue
            state = game.new_state(players)
            rng = random.Random(players)
            greedy = [make_bot("greedy", game, s) for s in range(players)]
            for _ in range(300):
                if state.is_over:
                    break
                seat = state.actors[rng.randrange(len(state.actors))]
                decision = Decision.at(state, seat)
                for action in decision.legal[:40]:
                    words = explain(decision, action)
                    assert words is None or (isinstance(words, str) and words)
                if rng.random() < 0.2:
                    action = decision.legal[rng.randrange(len(decision.legal))]
                else:
                    action = greedy[seat].choose(Decision.for_bot(state, seat, greedy[seat]))
                state.apply(seat, action)


def test_figures_that_favour_another_move_are_said_to_be_within_the_luck() -> None:
    """The search keeps a move unless another beats it clearly on the same deals, so the
    runner-up may have the better average: the hint must not leave that unexplained."""
    state, seat = greedy_until(
        "daylily", 2, lambda s, seat: s.view(seat)["table"]["phase"] == "draw"
        and len(s.legal_actions(seat)) == 2)
    decision = Decision.at(state, seat)
    kept, other = decision.legal
    closer = SearchResult(kept, (Choice(kept, 40, -4.2), Choice(other, 40, -2.9)), 80, 0.5)
    words = describe(closer, decision, Knowledge())
    luck = "a difference within the luck of those deals, too small to trust."
    assert "it left you 4.2 points behind the rest of the table on average" in words
    assert f"{other} left you 2.9 behind, {luck}" in words
    clear = SearchResult(kept, (Choice(kept, 40, 3.0), Choice(other, 40, 1.0)), 80, 0.5)
    said = describe(clear, decision, Knowledge())
    assert "it left you 3.0 points ahead of the rest of the table on average" in said
    assert f"the next best, {other}, 1.0 ahead." in said


def test_the_figures_say_ahead_or_behind_not_a_signed_number() -> None:
    """In Say Rummy a total is penalty points, so "-0.8 points" would read as fewer penalties:
    the figures say where the move left the seat against the rest of the table."""
    state, seat = greedy_until(
        "daylily", 2, lambda s, seat: s.view(seat)["table"]["phase"] == "draw"
        and len(s.legal_actions(seat)) == 2)
    decision = Decision.at(state, seat)
    kept, other = decision.legal
    level = SearchResult(kept, (Choice(kept, 40, 0.04), Choice(other, 40, -0.6)), 80, 0.5)
    said = describe(level, decision, Knowledge(unit="cards"))
    assert "it left you level with the rest of the table on average" in said
    assert f"the next best, {other}, 0.6 behind." in said
    assert not re.search(r"[+-]\d", said), said


def test_a_daylily_meld_still_waiting_is_named_by_what_is_held_and_what_it_waits_for() -> None:
    def waits(state: State, seat: int) -> bool:
        if state.view(seat)["table"]["phase"] != "play":
            return False
        seen = read_view(state.view(seat), seat)
        k = MELDED_TO_GO_OUT - seen.melded[seat]
        return any(missing for _, missing in Planner(seen.hand, seen.live, Weights())
                   .plan(seen.hand, k))

    state, seat = greedy_until("daylily", 2, waits)
    seen = read_view(state.view(seat), seat)
    k = MELDED_TO_GO_OUT - seen.melded[seat]
    plan = Planner(seen.hand, seen.live, Weights()).plan(seen.hand, k)
    meld, missing = next((m, x) for m, x in plan if x)
    wanted = missing.bit_length() - 1
    decision = Decision.at(state, seat)
    loose = next(c for c in range(45) if seen.hand >> c & 1
                 and not any(m.mask >> c & 1 for m, _ in plan))
    words = daylily_explain(decision, DaylilyDiscard(loose))
    assert words is not None
    held = " ".join(code(c) for c in meld.cards if c != wanted)
    assert f"{held} towards a {meld.kind} (" in words, words
    assert f"waiting for {code(wanted)}" in words and words.count(code(wanted)) == 1, words


def test_every_draw_buy_keep_and_swap_has_words_whichever_the_search_advises() -> None:
    """The search may advise a move its game's simple judgement would not make (taking a card
    that does not help yet, passing on one that does, keeping in Day): the hint still says in
    words what the move means for the hand. Asked of every such legal move at every decision
    of greedy play with random moves mixed in, in every game, at two and three players."""
    from cardtable.games.contract.actions import Buy, Draw, Pass, Swap, Take
    from cardtable.games.day.actions import Keep
    from cardtable.games.day.actions import Swap as DaySwap
    from cardtable.games.daylily.actions import DrawStock
    from cardtable.games.sayrummy.actions import DrawDiscard as SayDrawDiscard
    from cardtable.games.sayrummy.actions import DrawStock as SayDrawStock

    kinds = (Buy, Draw, Pass, Swap, Take, Keep, DaySwap, DrawDiscard, DrawStock, SayDrawDiscard,
             SayDrawStock)
    for game_name in ("daylily", "dummy-rummy", "liverpool", "say-rummy", "day"):
        for players in (2, 3):
            game = load_game(game_name, players)
            explain = knowledge_for(game).explain
            assert explain is not None
            rng = random.Random(players)
            greedy = [make_bot("greedy", game, s) for s in range(players)]
            asked: set[str] = set()
            for deal in range(3):
                state = game.new_state(deal)
                for _ in range(250):
                    if state.is_over:
                        break
                    seat = state.actors[rng.randrange(len(state.actors))]
                    decision = Decision.at(state, seat)
                    for action in decision.legal:
                        # (a lone legal move is the hint's "your only move")
                        if len(decision.legal) > 1 and isinstance(action, kinds):
                            words = explain(decision, action)
                            assert words, (game_name, players, str(action))
                            asked.add(type(action).__name__)
                    if rng.random() < 0.2:
                        action = decision.legal[rng.randrange(len(decision.legal))]
                    else:
                        action = greedy[seat].choose(Decision.for_bot(state, seat, greedy[seat]))
                    state.apply(seat, action)
            assert asked, game_name  # the game's draws or substitutions came up


def test_a_day_keep_or_swap_weighs_the_chance_each_gives_the_same_way_every_time() -> None:
    """At the substitution the words give keeping's chance at the showdown (the game's own
    hint's count) beside each swap's, and the same cards always give the same figures."""
    from cardtable.games.day.actions import KEEP, Swap
    from cardtable.games.day.bots import explain as day_explain
    from cardtable.games.day.cards import code as day_code
    from cardtable.games.day.chance import seat_chance

    state, seat = greedy_until("day", 3, lambda s, seat: KEEP in s.legal_actions(seat))
    decision = Decision.at(state, seat)
    p, _exact, _others = seat_chance(state.game.evaluator, decision.view(), seat)  # type: ignore[attr-defined]
    keep = day_explain(decision, KEEP)
    assert keep is not None
    assert keep.startswith(f"keeping both cards wins about {p:.0%} of showdowns against any "
                           "cards 2 opponents could hold; swapping the ")
    assert keep.endswith("the lost point counted")
    swaps = [a for a in decision.legal if isinstance(a, Swap)]
    assert len(swaps) == 2
    for swap in swaps:
        words = day_explain(decision, swap)
        assert words is not None and f"from about {p:.0%} to " in words
        # The keep's words name the same chance for this swap as the swap's own words.
        after = words.split(" to ", 1)[1].split("%", 1)[0]
        assert re.search(rf"the {day_code(swap.card)}( would give about | ){after}%", keep), keep
        assert day_explain(decision, swap) == words


def test_a_contract_buy_window_weighs_the_card_against_the_price_of_the_buy() -> None:
    """Passing on a card that brings the contract nearer says what the buy would have cost
    (Liverpool's buy brings one stock card besides); buying a card that does not help says
    so, with how far the contract still is."""
    from cardtable.games.contract.actions import BUY, PASS

    def offer(asked: Action, said: str) -> Callable[[State, int], bool]:
        """A buy window, before going down, whose words for ``asked`` include ``said``."""
        def wanted(state: State, seat: int) -> bool:
            if BUY not in state.legal_actions(seat) or state.view(seat)["table"]["down"][seat]:
                return False
            words = contract_explain(Decision.at(state, seat), asked)
            return words is not None and said in words
        return wanted

    state, seat = greedy_until("liverpool", 3, offer(BUY, "nearer:"))
    words = contract_explain(Decision.at(state, seat), PASS)
    assert words is not None and "brings the contract" in words
    assert words.endswith(("but a buy adds 1 card from the stock as well",
                           "two sets come together soon enough from the cards free to take",
                           "keep it for a card that brings the contract within one card"))

    useless_offer = offer(PASS, "does not bring")
    state, seat = greedy_until("liverpool", 3, useless_offer)
    words = contract_explain(Decision.at(state, seat), BUY)
    assert words is not None and "does not bring the contract" in words
    assert "you stay " in words and "a buy adds 1 card from the stock as well" in words
    assert words.endswith("the play-outs weigh that against letting it go")


def test_a_say_rummy_draw_counts_the_longest_play_with_and_without_the_pile_card() -> None:
    """The draw's words count the cards of the longest play the hand could lay, with the
    pile's top card and without it, as the greedy player counts them; drawing from the stock
    when the top would lengthen it is said to be weighed by the play-outs."""
    from cardtable.games.sayrummy.actions import DrawDiscard as SayTake
    from cardtable.games.sayrummy.actions import DrawStock as SayDraw
    from cardtable.games.sayrummy.bots import GreedySayBot
    from cardtable.games.sayrummy.sounds import NCARDS, parse_card
    from cardtable.games.sayrummy.sounds import code as sound_code

    def longest(state: State, seat: int) -> tuple[int, int, int] | None:
        """(top card, longest play now, longest with the top) at a draw, None elsewhere."""
        if not any(isinstance(a, SayTake) for a in state.legal_actions(seat)):
            return None
        view = state.view(seat)
        bot = GreedySayBot(state.game)
        counts = [0] * NCARDS
        for text in view["zones"][f"hand:{seat}"]["cards"]:
            counts[parse_card(text)] += 1
        top = parse_card(view["zones"]["discard"]["cards"][-1])
        now = bot._longest(counts, view["table"]["words"])
        counts[top] += 1
        return top, now, bot._longest(counts, view["table"]["words"])

    for lengthens in (True, False):
        def wanted(state: State, seat: int, lengthens: bool = lengthens) -> bool:
            found = longest(state, seat)
            return found is not None and (found[2] > found[1]) == lengthens

        state, seat = greedy_until("say-rummy", 2, wanted)
        found = longest(state, seat)
        assert found is not None
        top, now, later = found
        decision = Decision.at(state, seat)
        take = say_explain(decision, SayTake())
        stock = say_explain(decision, SayDraw())
        assert take is not None and stock is not None
        if lengthens:
            grows = (f"your longest play grows from {now} card{'s' if now != 1 else ''} to {later}"
                     if now else f"you could lay {later} cards at once")
            assert take == f"with the {sound_code(top)} {grows}"
            assert stock == f"{take}; the play-outs weigh that against an unseen card from the " \
                "stock"
        else:
            stays = f"the {sound_code(top)} does not lengthen your longest play ({now} card"
            assert stock.startswith(stays) and take.startswith(stays)
