"""Deals written by hand, for tests that set a table up the way a record does.

A test names the cards that matter (some of each hand, the card turned up, the stock's next
cards) and leaves the rest to a fixed shuffle; the game checks the written deal against the one
it would have dealt (same cards, same sizes, the right dealer) and plays from it. Positions
further on are reached by legal moves, never by assigning a state's attributes (which
tests/test_no_rigging.py refuses).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable import load_game
from cardtable.games.contract.cards import CODES, make_deck, parse_card, parse_cards
from cardtable.games.contract.state import ContractState

SHORT = {"contracts": "2S,1S+1R", "deal_sizes": "11,11"}
SET_AND_RUN_FIRST = {"contracts": "1S+1R,2S", "deal_sizes": "11,11"}


def _without(deck: Sequence[str], named: Sequence[str]) -> list[str]:
    """``deck`` in its order, less the first copies of every card ``named``."""
    owed = Counter(named)
    rest = []
    for card in deck:
        if owed[card] > 0:
            owed[card] -= 1
        else:
            rest.append(card)
    missing = +owed
    assert not missing, f"named more often than the pack holds them: {dict(missing)}"
    return rest


def written_deal(
    deck: Sequence[str],
    hands: Mapping[int, Sequence[str]],
    *,
    players: int,
    size: int,
    dealer: int,
    up: str | None = None,
    draws: Sequence[str] = (),
    shuffle: int = 3,
    **extra: Any,
) -> dict[str, Any]:
    """One deal in notation: each seat is dealt the cards ``hands`` names for it and the rest of
    its ``size`` from the pack's other cards (``deck`` less those named, shuffled by
    ``shuffle``); ``up`` is turned up (a shuffled card when None), ``draws`` are the stock's next
    cards, first drawn first, and the other cards lie under them. ``extra`` adds a game's own
    keys (``cut``, ``rebuilds``)."""
    named = [list(hands.get(s, ())) for s in range(players)]
    spare = _without(deck, [*(c for h in named for c in h), *([up] if up else []), *draws])
    random.Random(shuffle).shuffle(spare)
    for s, hand in enumerate(named):
        assert len(hand) <= size, f"seat {s} is named {len(hand)} cards of a {size}-card deal"
        hand.extend(spare.pop() for _ in range(size - len(hand)))
    if up is None:
        up = spare.pop()
    return {"dealer": dealer, "hands": named, "stock": [*draws, *spare[::-1]], "up": [up],
            **extra}


# ---- contract rummy ------------------------------------------------------------------------

def _pass_windows(state: ContractState) -> None:
    """Everyone offered a buy or a rummy call lets it go."""
    while state.phase in ("buy", "rummy"):
        other = state.actors[0]
        answer = state.window_answer(other)
        assert answer is not None
        state.apply(other, answer)


def contract_game(name: str, players: int, options: Mapping[str, Any] | None, size: int
                  ) -> Any:
    """The game with every deal ``size`` cards (the ``deal_sizes`` option)."""
    opts = dict(options if options is not None else SHORT)
    opts.setdefault("contracts", SHORT["contracts"])
    opts["deal_sizes"] = ",".join([str(size)] * len(opts["contracts"].split(",")))
    return load_game(name, players, opts)


def contract_deal(game: Any, hands: Mapping[int, str], up: str | None, draws: str, *,
                  first: int, size: int | None = None, cut: int | None = None,
                  shuffle: int = 3) -> dict[str, Any]:
    """A contract rummy deal: ``hands`` name cards of each seat (the rest shuffled), ``up`` is
    turned up, ``draws`` are the stock's next cards and ``first`` is the dealer's left. Where
    the pack is cut, the cut is ``cut`` deep (5 unless given: never the deal's exact size, so
    never the -50 bonus)."""
    rules = game.rules
    deck = [CODES[c] for c in make_deck(rules.decks, rules.jokers)]
    extra = {"cut": 5 if cut is None else cut} if rules.cut or cut is not None else {}
    canon = {s: [CODES[c] for c in parse_cards(h)] for s, h in hands.items()}
    return written_deal(deck, canon, players=game.players,
                        size=rules.deal_sizes[0] if size is None else size,
                        dealer=(first - 1) % game.players,
                        up=None if up is None else CODES[parse_card(up)],
                        draws=[CODES[c] for c in parse_cards(draws)], shuffle=shuffle, **extra)


def dealt(
    name: str, hand: str, top: str, seat: int = 0, players: int = 2,
    options: Mapping[str, Any] | None = None, phase: str = "draw", first: int | None = None,
) -> ContractState:
    """A first deal written by hand: ``seat`` holds exactly ``hand`` with ``top`` turned up,
    and it is ``seat``'s turn in ``phase`` (the seat ``first`` is to act first when given).

    The deal gives as many cards as that needs (the ``deal_sizes`` option): in the play phase
    the seat was dealt all of ``hand`` but its last card and drew that one from the stock, the
    others letting the turned-up card go by. The other cards are shuffled into hands and
    stock."""
    cards = hand.split()
    size = len(cards) - (phase == "play")
    game = contract_game(name, players, options, size)
    first = seat if first is None else first
    state = game.new_state(7, deals=[contract_deal(
        game, {seat: " ".join(cards[:size])}, top, " ".join(cards[size:]), first=first)])
    assert isinstance(state, ContractState)
    if phase == "play":
        state.apply(seat, game.parse_action("draw"))
        _pass_windows(state)  # nobody buys the turned-up card
    assert state.phase == phase and state.actors == (first,) and state.deal_no == 1
    assert sorted(c for c in range(53) for _ in range(state.hands[seat][c])) == sorted(
        parse_cards(hand))
    assert not state.invariant_violations()
    return state


def scripted(
    name: str, hands: Mapping[int, str], up: str, draws: str, moves: Sequence[str], *,
    size: int, players: int = 2, first: int = 0, options: Mapping[str, Any] | None = None,
) -> ContractState:
    """A first deal written by hand and played to a position by the moves a table makes.

    ``hands`` are dealt cards (a seat not named, or named short, gets cards from the shuffled
    rest, ``size`` in all: the ``deal_sizes`` option); ``up`` is turned up, and the stock's
    next cards are ``draws``, first drawn first. ``moves`` are played in turn, each by the
    seat to act; an out-of-turn window (a buy, a rummy call) is let close by whoever it is
    offered to."""
    game = contract_game(name, players, options, size)
    state = game.new_state(7, deals=[contract_deal(game, hands, up, draws, first=first)])
    assert isinstance(state, ContractState)
    for text in moves:
        _pass_windows(state)
        state.apply(state.actors[0], game.parse_action(text))
    _pass_windows(state)
    assert not state.invariant_violations()
    return state


def _cards_of(move: str) -> list[str]:
    """The cards a lay-down or a lay-off takes from the hand."""
    words = move.replace("|", " ").split()
    if words[0] == "down":
        return words[1:]
    assert words[0] == "lay", f"a setup turn lays down and lays off only, not {move!r}"
    return words[1:2]


def contract_table(
    name: str,
    hands: Mapping[int, str],
    *,
    players: int = 3,
    first: int = 0,
    downs: Mapping[int, str] | None = None,
    plays: Mapping[int, Sequence[str]] | None = None,
    throws: Mapping[int, str] | None = None,
    up: str | None = None,
    draws: str = "",
    phase: str = "draw",
    size: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> ContractState:
    """A first deal played to ``first``'s turn, holding ``hands`` then.

    With ``downs`` (the melds each seat lays down, written as in ``down``), a round is played
    from ``first`` (the dealer's left) round the table first: each seat draws a card, lays down
    its melds, makes its ``plays`` (lay-offs) and throws the card it drew (``throws`` names it;
    a shuffled card otherwise), unless its hand is empty by then and it floats; every sale and
    rummy call is passed. Without ``downs`` the table is the deal itself, ``up`` turned up.
    Then ``draws`` are the stock's next cards; in the ``"play"`` phase, ``first`` has drawn the
    last card named for it. ``hands`` name what each seat holds at that point: a seat named
    short holds shuffled cards besides, up to the deal's size (``size``, or what the seat with
    most cards to be dealt needs, at least the largest contract)."""
    downs = dict(downs or {})
    extra: dict[int, list[str]] = {s: list(p) for s, p in (plays or {}).items()}
    throws = dict(throws or {})
    held = {s: parse_cards(hands.get(s, "")) for s in range(players)}
    final = {s: [CODES[c] for c in cards] for s, cards in held.items()}
    late: list[str] = []  # the card ``first`` draws in the play phase
    if phase == "play":
        late = final[first][-1:]
        final[first] = final[first][:-1]
    order = [(first + k) % players for k in range(players)] if downs else []
    laid = {s: [CODES[parse_card(c)] for m in ([f"down {downs[s]}"] if s in downs else [])
                + extra.get(s, []) for c in _cards_of(m)] for s in range(players)}
    named_throws = {s: CODES[parse_card(t)] for s, t in throws.items()}
    # A seat that lays every card it holds, the one it drew too, floats: it throws nothing.
    floats = {s for s in order if not final[s] and named_throws.get(s) in laid[s]}
    # What each seat is dealt: what it holds then and what it lays (it throws the card it
    # draws, or lays it when it floats).
    dealt_named = {s: final[s] + laid[s] for s in range(players)}
    for s in floats:
        dealt_named[s].remove(named_throws[s])
    opts = dict(options or {})
    opts.setdefault("contracts", SET_AND_RUN_FIRST["contracts"])
    contracts = [k.cards_needed for k in contract_game(name, players, opts, 30).rules.contracts]
    need = max([len(h) for h in dealt_named.values()] + contracts)
    size = need if size is None else size
    game = contract_game(name, players, opts, size)
    deck = [CODES[c] for c in make_deck(game.rules.decks, game.rules.jokers)]
    spare = _without(deck, [*(c for h in dealt_named.values() for c in h), *late,
                            *named_throws.values(),
                            *([CODES[parse_card(up)]] if up else []),
                            *(CODES[c] for c in parse_cards(draws))])
    random.Random(3).shuffle(spare)
    drawn = {s: named_throws[s] if s in named_throws else spare.pop() for s in order}
    hands_text = {s: " ".join(cs) for s, cs in dealt_named.items()}
    deal = contract_deal(game, hands_text, up, " ".join([*(drawn[s] for s in order), *late,
                                                        *(CODES[c] for c in parse_cards(draws))]),
                         first=first, size=size)
    state = game.new_state(7, deals=[deal])
    assert isinstance(state, ContractState)
    for s in order:
        _pass_windows(state)
        assert state.actors == (s,)
        state.apply(s, game.parse_action("draw"))
        _pass_windows(state)
        for move in ([f"down {downs[s]}"] if s in downs else []) + extra.get(s, []):
            state.apply(s, game.parse_action(move))
        if s not in floats:
            state.apply(s, game.parse_action(f"discard {drawn[s]}"))
    _pass_windows(state)
    if phase == "play":
        state.apply(first, game.parse_action("draw"))
        _pass_windows(state)
    assert state.phase == phase and state.actors == (first,) and state.deal_no == 1
    for s in range(players):
        have = Counter({c: k for c, k in enumerate(state.hands[s]) if k})
        assert not Counter(held[s]) - have, f"seat {s} does not hold what was named for it"
    assert not state.invariant_violations()
    return state


def contract_melds(sets: int, runs: int, size: int, decks: int) -> list[list[str]]:
    """A lay-down of ``sets`` sets and ``runs`` runs, ``size`` cards in all: sets of eights and
    up in clubs, diamonds and hearts (more copies as the pack allows), runs from the ace in
    clubs, diamonds, hearts and spades (longer as needed)."""
    assert sets <= 6 and runs <= 4
    melds = [[f"{rank}{suit}" for suit in "CDH"] for rank in ("8", "9", "10", "J", "Q", "K")[:sets]]
    melds += [[f"{rank}{suit}" for rank in ("A", "2", "3", "4")] for suit in "CDHS"[:runs]]
    extra = size - 3 * sets - 4 * runs
    for m in melds[:sets]:
        while extra and len(m) < 4 * decks:
            m.append(f"{m[0][:-1]}{'SCDH'[(len(m) - 3) % 4]}")
            extra -= 1
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    for m in melds[sets:]:
        while extra and len(m) < 13:
            m.append(f"{ranks[len(m)]}{m[0][-1]}")
            extra -= 1
    assert extra == 0, "the pack is too small for a lay-down of that size"
    return melds


def going_out_deal(game: Any, deal_no: int, first: int) -> tuple[dict[str, Any], list[str]]:
    """Deal ``deal_no`` written so that ``first`` (the dealer's left) is dealt its contract
    whole, and the moves that take it out at once: it draws the 7S, goes down with every card
    it was dealt and throws the 7S."""
    contract = game.rules.contracts[deal_no - 1]
    size = game.rules.deal_sizes[deal_no - 1]
    melds = contract_melds(contract.sets, contract.runs, size, game.rules.decks)
    deal = contract_deal(game, {first: " ".join(c for m in melds for c in m)}, None, "7S",
                         first=first, size=size)
    return deal, ["draw", "down " + " | ".join(" ".join(m) for m in melds), "discard 7S"]
