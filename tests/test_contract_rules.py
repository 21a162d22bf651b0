"""Dummy Rummy and Liverpool rule by rule, on tables dealt by hand.

Each test writes a deal (the cards that matter in each hand, the upcard, the stock's next
cards), plays to the position it needs by legal moves (a first round in which seats go down,
deals in which a player goes out at once), plays the moves a player would make through the
public protocol, and checks what the table would notice: who may act, what lands in whose hand,
the score sheet, and the reason given for a refused move. Melds are named by owner and number
(``1:1``: seat 1's second meld), numbered in the order a lay-down's melds are sorted.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, product
from pathlib import Path
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.errors import IllegalAction, NotationError, OptionError
from cardtable.engine.record import load_record, verify
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
    parse_action,
)
from cardtable.games.contract.cards import CODES, JOKER, natural, parse_card, parse_cards
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.rules import EXTENDED_CONTRACTS
from cardtable.games.contract.state import (
    BUY_PHASE,
    DRAW_PHASE,
    OVER,
    PLAY_PHASE,
    RUMMY_PHASE,
    ContractState,
)
from conformance import fingerprint
from dealing import (
    contract_deal,
    contract_game,
    contract_table,
    dealt,
    going_out_deal,
    scripted,
)

FILLERS = ("2C 9D KS", "3D 10C KH", "2D 9C 6D", "3H 10D KC")  # they fit no meld below
ONE_SET = {"contracts": "1S"}  # a contract of three cards: hands as small as three


GOLDEN = Path(__file__).parent / "golden"


def c(text: str) -> int:
    return parse_card(text)


def counts(text: str) -> list[int]:
    hand = [0] * 53
    for card in parse_cards(text):
        hand[card] += 1
    return hand


def held(state: ContractState, seat: int) -> Counter[int]:
    return Counter({card: k for card, k in enumerate(state.hands[seat]) if k})


def seats(first: str, players: int = 3) -> dict[int, str]:
    """Hands for a table: ``first`` for seat 0, filler cards for everyone else."""
    return {0: first} | {s: FILLERS[s] for s in range(1, players)}


def meld_info(state: ContractState, meld: str) -> dict[str, Any]:
    """What everyone is shown of meld ``meld`` ("1:0")."""
    found = {m["id"]: m for m in state.public_info()["melds"]}
    return dict(found[meld])


def actors(state: ContractState) -> tuple[int, ...]:
    """Who may act now (a call, so that checks in sequence are not narrowed by mypy)."""
    return state.actors


def gained(state: ContractState, seat: int) -> Counter[int]:
    """What a seat that was dealt its filler cards holds besides them."""
    return held(state, seat) - Counter(parse_cards(FILLERS[seat]))


def make_game(name: str, players: int, options: dict[str, Any] | None = None) -> ContractGame:
    game = load_game(name, players, options or {})
    assert isinstance(game, ContractGame)
    return game


def act(state: ContractState, seat: int, text: str) -> None:
    state.apply(seat, state.game.parse_action(text))
    assert state.invariant_violations() == []


def play(state: ContractState, *moves: str) -> None:
    """Moves in the notation, each by the player whose turn it is; nobody buys in between."""
    for text in moves:
        act(state, state.current, text)
        while state.phase == BUY_PHASE:
            act(state, state.actors[0], "pass")


def refused(state: ContractState, seat: int, text: str) -> str:
    """The reason ``text`` is refused; the table must be exactly as before."""
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, state.game.parse_action(text))
    assert fingerprint(state) == before
    return str(err.value)


# ---- decks, deals, the first turn ----------------------------------------------------------------

@pytest.mark.parametrize(("name", "players", "decks", "jokers", "size"), [
    ("dummy-rummy", 2, 4, 0, 11), ("dummy-rummy", 12, 4, 0, 11),
    ("liverpool", 3, 2, 4, 12), ("liverpool", 5, 2, 4, 12), ("liverpool", 6, 3, 6, 12),
    ("liverpool", 8, 3, 6, 12),
])
def test_packs_and_first_deal(name: str, players: int, decks: int, jokers: int, size: int) -> None:
    state = make_game(name, players).new_state(7)
    assert (state.rules.decks, state.rules.jokers) == (decks, jokers)
    assert state.sizes == [size] * players
    assert len(state.discard) == 1
    assert len(state.stock) == 52 * decks + jokers - size * players - 1
    assert actors(state) == ((state.dealer + 1) % players,)
    # The upcard is free to the dealer's left: taking it is a move, and it opens no sale.
    assert TAKE in state.legal_actions(state.current)


def test_contracts_and_deal_sizes_of_each_rule_set() -> None:
    dummy = make_game("dummy-rummy", 4).rules
    assert [str(k) for k in dummy.contracts] == [
        "2 sets", "1 set + 1 run", "2 runs", "2 sets + 1 run", "3 sets", "1 set + 2 runs",
        "3 runs"]
    assert dummy.deal_sizes == (11, 11, 11, 11, 11, 11, 12)
    liverpool = make_game("liverpool", 4).rules
    assert [str(k) for k in liverpool.contracts] == [
        "2 sets", "1 set + 1 run", "2 runs", "3 sets", "2 sets + 1 run", "1 set + 2 runs",
        "3 runs"]
    assert liverpool.deal_sizes == (12,) * 7
    # Written with dashes as the rulings write it, or with commas as the other lists are.
    for written in ("10-10-10-10-12-12-12", "10,10,10,10,12,12,12"):
        short = make_game("liverpool", 4, {"deal_sizes": written}).rules
        assert short.deal_sizes == (10, 10, 10, 10, 12, 12, 12)


def test_extended_deals_add_three_contracts_dealt_at_their_minimum_size() -> None:
    rules = make_game("liverpool", 4, {"extended": True}).rules
    assert [str(k) for k in rules.contracts[7:]] == [
        "6 sets", "4 runs", "3 sets + 3 runs (no buying)"]
    assert rules.deal_sizes[7:] == (18, 16, 21) == tuple(k.cards_needed for k in EXTENDED_CONTRACTS)
    # Eight players at 21 cards need more than three decks: the deck count grows by itself.
    big = make_game("liverpool", 8, {"extended": True}).rules
    assert 52 * big.decks + big.jokers >= 8 * 21 + 1
    # ...for the deal that needs it only: five players are dealt deals 1 to 9 from the rulings'
    # two decks and four jokers (deal 8, 18 cards each, leaves 17 in the stock), and only deal
    # 10 (21 each) from three decks and six jokers.
    five = make_game("liverpool", 5, {"extended": True})
    assert five.rules.packs == ((2, 4),) * 9 + ((3, 6),)
    first = five.new_state(3)
    assert isinstance(first, ContractState)
    dealt_cards = sum(first.sizes) + len(first.stock) + len(first.discard)
    assert dealt_cards == 108 and sum(h[JOKER] for h in first.hands) + first.stock.count(JOKER) \
        + first.discard.count(JOKER) == 4
    assert make_game("dummy-rummy", 10, {"extended": True}).rules.packs == ((4, 0),) * 9 + (
        (5, 0),)


def test_a_record_of_the_largest_pack_for_every_deal_still_replays() -> None:
    # cardtable 0.2.0 dealt every deal of an extended game from its largest pack (162 cards at
    # five Liverpool players); its records, and the server's tables saved by it, replay.
    data = load_record(GOLDEN / "liverpool-extended-before-packs.json")
    first = data["deals"][0]
    assert sum(map(len, first["hands"])) + len(first["stock"]) + len(first["up"]) == 162
    state, problems = verify(data)
    assert not problems and state.version == len(data["actions"]) == 40
    assert len(state.record()["deals"][0]["stock"]) == len(first["stock"])


def test_the_free_discard_goes_to_the_next_player_without_a_sale() -> None:
    state = contract_table("liverpool", {0: "5S 9H JD KC", 1: "3C 4C 8D", 2: "6H 7H 8S"},
                           up="QS", options=ONE_SET)
    play(state, "take")
    assert state.phase == PLAY_PHASE and held(state, 0)[c("QS")] == 1 and state.discard == []
    play(state, "discard 5S")
    assert actors(state) == (1,) and state.discard == [c("5S")]
    assert state.legal_actions(1) == [TAKE, DRAW]
    play(state, "take")
    assert held(state, 1)[c("5S")] == 1


def test_a_turn_must_start_by_drawing() -> None:
    state = contract_table("liverpool", seats("5S 9H JD KC"), up="QS", options=ONE_SET)
    assert "first take the discard or draw" in refused(state, 0, "discard 5S")
    assert "nothing is on offer" in refused(state, 0, "buy")
    assert refused(state, 1, "draw") == "it is not seat 1's move"


# ---- buying ----------------------------------------------------------------------------------

def sale_table(name: str, players: int = 4, **options: Any) -> ContractState:
    """Seat 1 is first to play, the QS turned up; everyone holds its three filler cards."""
    hands = {s: FILLERS[s] for s in range(players)}
    return contract_table(name, hands, players=players, first=1, up="QS",
                          draws="7C 8C 9C 10C", options={**ONE_SET, **options})


def test_a_declined_discard_is_for_sale_to_everyone_else_nearest_first() -> None:
    state = sale_table("liverpool")
    act(state, state.current, "draw")
    assert state.phase == BUY_PHASE and actors(state) == (2, 3, 0)
    assert state.legal_actions(3) == [BUY, PASS] and state.legal_actions(1) == []
    act(state, 0, "buy")  # the farthest claims first: seats 2 and 3 still have the say
    assert state.phase == BUY_PHASE and actors(state) == (2, 3)
    act(state, 3, "buy")
    assert state.phase == BUY_PHASE and actors(state) == (2,)
    act(state, 2, "pass")
    # Seat 3 is nearer than seat 0 after the player about to draw: it gets the queen and the
    # price (one stock card); then seat 1 draws its own card.
    assert state.phase == PLAY_PHASE and actors(state) == (1,)
    assert gained(state, 3) == Counter(parse_cards("QS 7C"))
    assert gained(state, 0) == Counter()
    assert gained(state, 1) == Counter([c("8C")])
    assert state.buys == [0, 0, 0, 1] and state.discard == []


def test_the_nearest_claim_settles_the_sale_at_once() -> None:
    state = sale_table("liverpool")
    act(state, state.current, "draw")
    act(state, 2, "buy")
    assert state.phase == PLAY_PHASE and held(state, 2)[c("QS")] == 1


def test_with_claims_first_the_first_claim_wins_me() -> None:
    state = sale_table("liverpool", claims="first")
    act(state, state.current, "draw")
    assert actors(state) == (2, 3, 0)
    act(state, 0, "me")  # "me" is another word for buy
    assert state.phase == PLAY_PHASE
    assert held(state, 0)[c("QS")] == 1 and held(state, 2)[c("QS")] == 0


def test_when_everyone_passes_the_card_stays_and_the_player_draws() -> None:
    state = sale_table("liverpool")
    act(state, state.current, "draw")
    for seat in (2, 3, 0):
        act(state, seat, "pass")
    assert state.phase == PLAY_PHASE and state.discard == [c("QS")]
    assert held(state, 1)[c("7C")] == 1 and state.buys == [0] * 4


def test_dummy_rummy_price_is_two_stock_cards() -> None:
    state = sale_table("dummy-rummy")
    act(state, state.current, "draw")
    act(state, 2, "buy")
    assert gained(state, 2) == Counter(parse_cards("QS 7C 8C"))
    assert held(state, 1)[c("9C")] == 1


def test_buy_price_is_an_option() -> None:
    state = sale_table("liverpool", buy_price=0)
    act(state, state.current, "draw")
    act(state, 2, "buy")
    assert gained(state, 2) == Counter([c("QS")])
    assert held(state, 1)[c("7C")] == 1


def sale(state: ContractState, throws: dict[int, list[str]], buyer: int | None) -> None:
    """A turn from its draw: ``buyer`` buys the card for sale (everyone else offered passes),
    then the player throws the next of its ``throws``."""
    drawer = state.current
    act(state, drawer, "draw")
    while state.phase == BUY_PHASE:
        seat = buyer if buyer in actors(state) else actors(state)[0]
        act(state, seat, "buy" if seat == buyer else "pass")
    act(state, drawer, "discard " + throws[drawer].pop(0))


def test_dummy_rummy_three_monies_a_deal_then_no_more_buying() -> None:
    hands = {0: "2C 9D KS 4H", 1: "3D 10C KH 5C", 2: "2D 9C 6D 4S", 3: "3H 10D KC 5D"}
    state = scripted("dummy-rummy", hands, "QS", "", (), size=12, players=4, first=1,
                     options={"contracts": "2S,1S+1R"})
    throws = {seat: cards.split() for seat, cards in hands.items()}
    for buyer in (2, 3, None, 2, 2, 3, None):  # seven turns from seat 1's
        sale(state, throws, buyer)
    assert state.buys == [0, 0, 3, 2]
    act(state, state.current, "draw")  # seat 0 draws; seat 3 threw the card
    assert actors(state) == (1,)  # seat 2 has spent its three monies
    act(state, 1, "pass")
    play(state, "discard " + throws[0].pop(0))
    act(state, state.current, "draw")  # seat 1 draws; seat 0 threw the card
    assert actors(state) == (3,)
    act(state, 3, "buy")
    assert state.buys == [0, 0, 3, 3]
    play(state, "discard " + throws[1].pop(0))
    act(state, state.current, "draw")
    # Seat 3's monies are gone too, and seat 1 threw the card: only seat 0 may buy.
    assert actors(state) == (0,)


def test_nobody_buys_back_their_own_discard() -> None:
    state = sale_table("dummy-rummy")
    discarder = state.current
    act(state, discarder, "take")
    discard = next(a for a in state.legal_actions(discarder) if str(a).startswith("discard"))
    state.apply(discarder, discard)
    act(state, state.current, "draw")
    assert state.phase == BUY_PHASE and discarder not in actors(state)
    assert len(actors(state)) == 2


def test_monies_come_back_at_the_next_deal() -> None:
    state = scripted("dummy-rummy", {0: "QS QD QC 5H 6H 7H 9H"}, "KS",
                     "4C 4D 10S JC 5C 5D 8H", (), size=7, players=3, first=1,
                     options={"contracts": "1S+1R,2S"})
    act(state, 1, "draw")
    act(state, 2, "buy")  # the KS, and 4C 4D from the stock
    act(state, 1, "discard 10S")
    act(state, 2, "draw")
    act(state, 0, "pass")
    act(state, 2, "discard JC")
    act(state, 0, "draw")
    act(state, 1, "buy")  # the JC, and 5C 5D
    assert state.buys == [0, 1, 1]
    play(state, "down QS QD QC | 5H 6H 7H 8H")
    play(state, "discard 9H")  # out by discarding the last card
    assert state.deal_no == 2 and state.buys == [0, 0, 0]


def test_liverpool_has_no_buy_limit_by_default_but_a_table_may_set_one() -> None:
    state = scripted("liverpool", dict(enumerate(FILLERS)), "QS", "", (), size=12, players=4,
                     first=1, options={"contracts": "2S,1S+1R"})
    throws = {seat: cards.split() for seat, cards in enumerate(FILLERS)}
    for buyer in (2, None, None, 2, 2, None, None, 2):  # eight turns from seat 1's
        sale(state, throws, buyer)
    assert state.buys == [0, 0, 4, 0]  # more than Dummy Rummy's three monies
    act(state, state.current, "draw")
    assert actors(state) == (2, 3)  # seat 0 threw the card
    for limit, buyers in ((1, (1,)), (None, (0, 1))):
        # Seats 2 and 0 each buy once; then seat 2's discard is for sale when seat 3 draws.
        capped = scripted("liverpool", dict(enumerate(FILLERS)), "QS", "7C 8C 9H 10S JC", (),
                          size=12, players=4, first=1,
                          options={"contracts": "2S,1S+1R"} | (
                              {} if limit is None else {"buy_limit": limit}))
        act(capped, 1, "draw")
        act(capped, 2, "buy")
        act(capped, 1, "discard 3D")
        act(capped, 2, "draw")
        act(capped, 0, "buy")
        act(capped, 3, "pass")
        assert capped.buys == [1, 0, 1, 0]
        act(capped, 2, "discard 2D")
        act(capped, 3, "draw")
        assert actors(capped) == buyers  # seat 0 is left out of the sale only at the limit


def test_buy_after_down_false_keeps_players_who_are_down_out_of_the_sale() -> None:
    # Seat 3 went down in the first round; seat 0 threw the card now on top (so it may not
    # buy it back); seat 1 turns it down.
    downs = {3: "JC JD JS | 5H 6H 7H 8H"}
    state = contract_table("liverpool", dict(enumerate(FILLERS)), players=4, first=1,
                           downs=downs, throws={0: "QS"}, options={"buy_after_down": False})
    assert state.down == [False, False, False, True] and state.discard[-1] == c("QS")
    act(state, state.current, "draw")
    assert actors(state) == (2,)
    allowed = contract_table("liverpool", dict(enumerate(FILLERS)), players=4, first=1,
                             downs=downs, throws={0: "QS"})
    act(allowed, allowed.current, "draw")
    assert actors(allowed) == (2, 3)


def at_deal(game: ContractGame, deal_no: int, last: dict[str, Any]) -> ContractState:
    """A match played to deal ``deal_no``, dealt ``last``: in each deal before it the first
    to play was dealt its contract and went out at once."""
    first = (last["dealer"] + 1 - (deal_no - 1)) % game.players
    early = [going_out_deal(game, k, (first + k - 1) % game.players) for k in range(1, deal_no)]
    state = game.new_state(0, deals=[deal for deal, _ in early] + [last])
    for _, moves in early:
        play(state, *moves)
    assert state.deal_no == deal_no and state.phase == DRAW_PHASE
    return state


def test_no_buying_in_deal_ten_of_the_extended_game() -> None:
    game = make_game("liverpool", 3, {"extended": True})
    ten = contract_deal(game, dict(enumerate(FILLERS[:3])), "QS", "7C", first=0,
                        size=game.rules.deal_sizes[9])
    state = at_deal(game, 10, ten)
    assert str(state.contract) == "3 sets + 3 runs (no buying)"
    before = held(state, 0)
    act(state, state.current, "draw")
    assert state.phase == PLAY_PHASE and held(state, 0) - before == Counter([c("7C")])
    nine = at_deal(game, 9, contract_deal(game, {}, "QS", "", first=2,
                                          size=game.rules.deal_sizes[8]))
    assert str(nine.contract) == "4 runs"
    act(nine, nine.current, "draw")
    assert nine.phase == BUY_PHASE


def test_a_contract_written_with_a_bang_bans_buying() -> None:
    state = contract_table("dummy-rummy", {s: FILLERS[s] for s in range(3)}, up="QS",
                           options={"contracts": "2S!"})
    act(state, state.current, "draw")
    assert state.phase == PLAY_PHASE


def test_buying_is_only_in_the_window() -> None:
    state = sale_table("liverpool")
    assert "nothing is on offer" in refused(state, 1, "buy")
    act(state, state.current, "draw")
    assert "up for sale" in refused(state, 2, "discard 2C")
    assert refused(state, 1, "buy") == "it is not seat 1's move"  # not a buyer: the drawer


# ---- going down ------------------------------------------------------------------------------

DEAL2_HAND = "QS QH QD QC 5H 6H 7H 8H 9H 2C"  # a set and a run, with extras


def test_going_down_lays_the_whole_contract_at_minimum_size() -> None:
    state = contract_table("liverpool", seats(DEAL2_HAND), draws="KD")
    play(state, "draw")
    downs = [a for a in state.legal_actions(0) if isinstance(a, Down)]
    assert downs, "the hand holds a set and a run"
    for down in downs:
        sizes = sorted(len(g) for g in down.groups)
        assert sizes == [3, 4]
    assert Down.of([tuple(parse_cards("QS QH QD")), tuple(parse_cards("5H 6H 7H 8H"))]) in downs
    assert Down.of([tuple(parse_cards("QS QH QD")), tuple(parse_cards("6H 7H 8H 9H"))]) in downs
    play(state, "down QS QH QD | 5H 6H 7H 8H")
    assert state.down[0] and [len(tm.meld.cards) for tm in state.table[0]] == [3, 4]
    # The extras go on in the same turn, as lay-offs on the melds just laid down.
    lays = {str(a) for a in state.legal_actions(0) if isinstance(a, Lay)}
    assert lays == {"lay QC on 0:0", "lay 9H on 0:1 high"}
    play(state, "lay QC on 0:0", "lay 9H on 0:1 high", "discard KD")
    assert [len(tm.meld.cards) for tm in state.table[0]] == [4, 5]
    assert state.sizes[0] == 1 and actors(state) == (1,)


def test_a_longer_meld_written_out_is_accepted() -> None:
    state = contract_table("liverpool", seats(DEAL2_HAND), draws="KD")
    play(state, "draw", "down QS QH QD QC | 5H 6H 7H 8H 9H")
    assert [len(tm.meld.cards) for tm in state.table[0]] == [4, 5]


def test_a_longer_meld_is_offered_only_when_no_minimal_lay_down_exists() -> None:
    # A-5 of hearts with two jokers is a run only at five cards: any four of them would hold
    # as many jokers as natural cards.
    state = contract_table("liverpool", seats("QS QH QD AH 2H JK JK 5H KC"), draws="3S")
    play(state, "draw")
    downs = [a for a in state.legal_actions(0) if isinstance(a, Down)]
    assert [str(d) for d in downs] == ["down QD QH QS | AH 2H JK JK 5H"]
    play(state, str(downs[0]))
    run = state.table[0][1].meld
    assert run.kind == "run" and run.ranks == (1, 2, 3, 4, 5)


def oracle_downs(hand: Counter[int], sets: int, runs: int, majority: bool) -> set[Down]:
    """Every lay-down of minimum-size melds, by brute force: all 3-card sets and 4-card runs the
    hand can make (jokers anywhere a majority allows), every choice of them the hand can pay
    for at once, runs of one suit never end to end."""
    set_melds: set[tuple[int, ...]] = set()
    for rank in range(1, 14):
        naturals = [s * 13 + rank - 1 for s in range(4) for _ in range(hand[s * 13 + rank - 1])]
        for j in range(min(hand[JOKER], 3) + 1):
            if 3 - j == 0 or (majority and 3 - j <= j):
                continue
            for combo in combinations(naturals, 3 - j):
                set_melds.add((*sorted(combo), *(JOKER,) * j))
    run_melds: set[tuple[tuple[int, ...], int, int]] = set()
    for suit in range(4):
        for bottom in range(1, 12):
            for jokers in product((False, True), repeat=4):
                group = tuple(JOKER if joker else natural(bottom + i, suit)
                              for i, joker in enumerate(jokers))
                j = sum(jokers)
                if j == 4 or (majority and 4 - j <= j) or not Counter(group) <= hand:
                    continue
                run_melds.add((group, suit, bottom))
    out: set[Down] = set()
    for chosen_sets in combinations_with_replacement(sorted(set_melds), sets):
        for chosen_runs in combinations_with_replacement(sorted(run_melds), runs):
            if any(a[1] == b[1] and abs(a[2] - b[2]) == 4
                   for a, b in combinations(chosen_runs, 2)):
                continue
            groups = [*chosen_sets, *(r[0] for r in chosen_runs)]
            if Counter(card for g in groups for card in g) <= hand:
                out.add(Down.of(groups))
    return out


@pytest.mark.parametrize("majority", [True, False])
def test_the_lay_downs_offered_are_exactly_every_minimal_one(majority: bool) -> None:
    rng = random.Random(8)
    contracts = make_game("liverpool", 3).rules.contracts
    hands = 250 if majority else 80  # jokers anywhere make many more lay-downs to list
    checked = met = 0
    while checked < hands:
        low = rng.randrange(1, 11)  # up to 10: ranks 10 to K and a high ace
        pool = [natural(r, s) for r in range(low, low + 5) for s in range(4)] * 2
        pool += [JOKER] * 4
        hand = Counter(rng.sample(pool, rng.randrange(10, 15)))
        contract = contracts[rng.randrange(7)]
        if sum(hand.values()) <= contract.cards_needed:
            continue  # no deal of the contract is this short, and no hand this short meets it
        # The hand dealt in a one-deal game of this contract, its last card drawn.
        terms = [f"{contract.sets}S"] * bool(contract.sets) + [f"{contract.runs}R"] * bool(
            contract.runs)
        state = dealt("liverpool", " ".join(CODES[x] for x in sorted(hand.elements())),
                      "2C" if low > 2 else "KC", players=3, phase="play",
                      options={"contracts": "+".join(terms), "natural_majority": majority})
        offered = [a for a in state.legal_actions(0) if isinstance(a, Down)]
        expected = oracle_downs(hand, contract.sets, contract.runs, majority)
        if expected:
            assert len(offered) == len(set(offered)), "a lay-down offered twice"
            assert set(offered) == expected, (sorted(hand.elements()), str(contract))
            met += 1
        else:
            # No minimal lay-down: at most the one longer lay-down the search finds.
            assert len(offered) <= 1
            for down in offered:
                assert sum(len(g) for g in down.groups) > contract.cards_needed
        checked += 1
    assert met > hands // 6


@pytest.mark.parametrize(("contract", "text", "why"), [
    ("1S+1R", "down QS QH QD", "contract is a set and a run; these melds are a set"),
    ("1S+1R", "down QS QH 5H | 6H 7H 8H 9H", "5H is not a queen"),
    ("2S", "down QS QH QD | 5H 6H 7H", "a run needs 4 or more cards of one suit"),
    ("2R", "down 5H 6H 7H 8H | 9H 10H JH QH", "would join into one run of hearts"),
    ("1S+1R", "down QS JK JK | 5H 6H 7H 8H", "more natural cards than jokers"),
    ("1S+1R", "down KS KH KD | 5H 6H 7H 8H", "you do not hold KD KH KS"),
    ("1S+1R", "down QS QH QD | 5H 7H 8H 9H", "not in sequence"),
])
def test_wrong_lay_downs_are_refused_with_a_reason(contract: str, text: str, why: str) -> None:
    hand = "QS QH QD 5H 6H 7H 8H 9H 10H JH QH JK JK"
    state = contract_table("liverpool", seats(hand), phase=PLAY_PHASE,
                           options={"contracts": contract})
    assert why in refused(state, 0, text)
    assert not state.down[0]


def test_down_twice_or_before_drawing_is_refused() -> None:
    state = contract_table("liverpool", seats(DEAL2_HAND))
    assert "first take the discard or draw" in refused(state, 0, "down QS QH QD | 5H 6H 7H 8H")
    play(state, "draw", "down QS QH QD | 5H 6H 7H 8H")
    assert "already down" in refused(state, 0, "down QC QC QC | 6H 7H 8H 9H")


def test_penalties_make_a_wrong_lay_down_of_held_cards_cost_fifty() -> None:
    options = {"penalties": True}
    state = contract_table("liverpool", seats(DEAL2_HAND), phase=PLAY_PHASE, options=options)
    before = held(state, 0)
    play(state, "down QS QH QD")  # half a contract: the referee charges 50
    assert state.penalties == [50, 0, 0] and not state.down[0]
    assert held(state, 0) == before and state.table[0] == []
    # Cards the player does not hold are not an attempt at all: refused, no charge.
    assert "do not hold" in refused(state, 0, "down KS KH KD | 5H 6H 7H 8H")
    assert state.penalties == [50, 0, 0]
    # The charge lands on the deal's score sheet.
    play(state, "down QS QH QD | 5H 6H 7H 8H", "lay QC on 0:0", "lay 9H on 0:1 high")
    play(state, "discard 2C")  # the last card: out
    assert state.results[-1]["points"][0] == 50
    assert state.results[-1]["penalties"] == [50, 0, 0]


def test_without_penalties_a_wrong_lay_down_costs_nothing() -> None:
    state = contract_table("liverpool", seats(DEAL2_HAND), phase=PLAY_PHASE)
    assert "contract is a set and a run" in refused(state, 0, "down QS QH QD")
    assert state.penalties == [0, 0, 0]


# ---- laying off ------------------------------------------------------------------------------

# Seat 0 down with a set of fours and the hearts 5-8; seat 1 with the jacks and the spades
# 5-8: the table's melds 0:0, 0:1, 1:0 (the set) and 1:1 (the run).
FOURS_AND_SPADES = {0: "4S 4H 4C | 5H 6H 7H 8H", 1: "JC JH JS | 5S 6S 7S 8S"}


def test_lay_offs_on_own_and_others_melds_once_down() -> None:
    state = contract_table("liverpool", {0: "4D 9S 10S KC 2C", 1: "JD QD KD", 2: FILLERS[2]},
                           downs=FOURS_AND_SPADES, phase=PLAY_PHASE)
    assert held(state, 0) == Counter(parse_cards("4D 9S 10S KC 2C"))
    lays = {str(a) for a in state.legal_actions(0) if isinstance(a, Lay)}
    assert lays == {"lay 4D on 0:0", "lay 9S on 1:1 high"}
    play(state, "lay 4D on 0:0", "lay 9S on 1:1 high")
    assert "lay 10S on 1:1 high" in [str(a) for a in state.legal_actions(0)]
    play(state, "lay 10S on 1:1 high")
    assert str(state.table[1][1].meld) == "5S 6S 7S 8S 9S 10S"
    assert "does not fit" in refused(state, 0, "lay KC on 1:1 high")
    assert "no meld 1:3" in refused(state, 0, "lay KC on 1:3")


def test_lay_off_needs_being_down() -> None:
    state = contract_table("liverpool", seats("9S KC 2C"), downs={1: FOURS_AND_SPADES[1]},
                           phase=PLAY_PHASE)
    assert "must be down" in refused(state, 0, "lay 9S on 1:1 high")
    assert not any(isinstance(a, Lay) for a in state.legal_actions(0))


def test_run_ends_and_set_wording() -> None:
    state = contract_table("liverpool", seats("4S 9S 4H KC"), phase=PLAY_PHASE, downs={
        0: "4C 4D 4S | 10D JD QD KD", 1: FOURS_AND_SPADES[1]})
    assert "say which end" in refused(state, 0, "lay 4S on 1:1")
    assert "does not fit the high end" in refused(state, 0, "lay 4S on 1:1 high")
    assert "a set has no ends" in refused(state, 0, "lay 4H on 0:0 low")
    play(state, "lay 4S on 1:1 low", "lay 4H on 0:0")


def test_an_ace_goes_below_a_two_or_above_a_king_never_round_the_corner() -> None:
    state = contract_table("liverpool", seats("AH AS AD KC"), phase=PLAY_PHASE, downs={
        0: "QC QD QH | JS QS KS JK", 1: "9C 9D 9H | 2H 3H 4H 5H"})
    lays = {str(a) for a in state.legal_actions(0) if isinstance(a, Lay)}
    assert "lay AH on 1:1 low" in lays
    # J Q K + a joker standing for the ace: the spade run is closed at the top.
    assert not any(s.startswith("lay AS") for s in lays)


def test_lay_off_same_turn_false_keeps_the_first_turn_to_own_melds() -> None:
    options = {"lay_off_same_turn": False}
    state = contract_table("liverpool", seats(DEAL2_HAND + " 9S"), downs={
        1: FOURS_AND_SPADES[1]}, phase=PLAY_PHASE, options=options)
    play(state, "down QS QH QD | 5H 6H 7H 8H")
    assert "may add only to your own melds" in refused(state, 0, "lay 9S on 1:1 high")
    assert not any(isinstance(a, Lay) and a.owner == 1 for a in state.legal_actions(0))
    play(state, "lay QC on 0:0", "discard 2C", "draw", "discard 3D", "draw", "discard 2D")
    play(state, "draw", "lay 9S on 1:1 high")
    default = contract_table("liverpool", seats(DEAL2_HAND + " 9S"), downs={
        1: FOURS_AND_SPADES[1]}, phase=PLAY_PHASE)
    play(default, "down QS QH QD | 5H 6H 7H 8H", "lay 9S on 1:1 high")


def test_melds_on_the_table_never_rearrange() -> None:
    # The text's example: a 3C in a set of threes may not move to 4C-7C to let a 2C in.
    state = contract_table("dummy-rummy", seats("2C KD"), phase=PLAY_PHASE, downs={
        0: "3C 3D 3H | 10H JH QH KH", 1: "JD JH JS | 4C 5C 6C 7C"})
    assert [str(tm.meld) for tm in state.table[1]] == ["4C 5C 6C 7C", "JD JH JS"]
    assert not any(isinstance(a, Lay) and a.card == c("2C") for a in state.legal_actions(0))


# ---- jokers ----------------------------------------------------------------------------------

def swap_table(**options: Any) -> ContractState:
    """Seat 0, down with the queens and spades 9-Q, holds the 6H a joker stands for in seat 1's
    run (its meld 1:1)."""
    return contract_table("liverpool", seats("6H 10C KD 2S"), phase=PLAY_PHASE, downs={
        0: "QS QD QC | 9S 10S JS QS", 1: "9C 9D 9S | 5H JK 7H 8H"}, options=options)


def test_a_joker_swapped_from_a_run_must_be_played_before_discarding() -> None:
    state = swap_table()
    assert Swap(c("6H"), 1, 1) in state.legal_actions(0)
    assert meld_info(state, "1:1")["jokers_stand_for"] == ["6H"]
    play(state, "swap 6H on 1:1")
    assert str(state.table[1][1].meld) == "5H 6H 7H 8H"
    assert held(state, 0)[JOKER] == 1 and state.owed_jokers == 1
    assert "play the joker you swapped out" in refused(state, 0, "discard KD")
    legal = state.legal_actions(0)
    assert not any(isinstance(a, Discard) for a in legal)
    assert Lay(JOKER, 0, 0, None) in legal and Lay(JOKER, 1, 1, "high") in legal
    play(state, "lay JK on 0:0", "discard KD")
    assert actors(state) == (1,)


def test_a_swap_names_the_card_the_joker_stands_for() -> None:
    state = swap_table()
    assert "no joker in meld 1:1 stands for 10C" in refused(state, 0, "swap 10C on 1:1")
    assert "runs only" in refused(state, 0, "swap 10C on 0:0")
    # Seat 1 went down with a run whose joker stands for 6H; seat 0, holding it, is not down.
    early = scripted("liverpool", {0: "6H 10C KD 2S", 1: "QS QD QC 5H JK 7H 8H"}, "AD",
                     "AS AC KS", ("draw", "down QS QD QC | 5H JK 7H 8H", "discard AS",
                                  "draw", "discard AC", "draw"),
                     size=11, players=3, first=1, options={"contracts": "1S+1R,2S"})
    assert [str(tm.meld) for tm in early.table[1]][1] == "5H JK(6H) 7H 8H"
    assert early.current == 0 and not early.down[0]
    assert "must be down" in refused(early, 0, "swap 6H on 1:1")


def down_this_turn_with(hearts: str, kept: str) -> ContractState:
    """Seat 0 has gone down this turn with a run of hearts (a joker in the 7H's place) and a
    run of clubs with two jokers to three naturals, at a table that keeps others' melds for
    later turns, and holds ``kept`` and the KD it drew."""
    size = len(hearts.split()) + 5 + len(kept.split())
    return scripted("liverpool", {0: f"{hearts} 5C 6C JK 8C JK {kept}",
                                  1: "5S 6S 7S 8S 9D 10D JD QD"}, "AD", "AS AC KD",
                    ("draw", "down 5S 6S 7S 8S | 9D 10D JD QD", "discard AS",
                     "draw", "discard AC",
                     "draw", f"down {hearts} | 5C 6C JK 8C JK"),
                    size=size, players=3, first=1,
                    options={"contracts": "2R,1S+1R", "lay_off_same_turn": False})


def test_a_swap_whose_joker_would_have_nowhere_to_go_this_turn_is_refused() -> None:
    # Seat 0 went down this turn at a table that keeps others' melds for later turns; its own
    # melds take no joker (a run of thirteen, and a run with two jokers to three naturals).
    # The text allows a swap "so long as that Joker is placed somewhere else before the player
    # concludes their turn": here it could not be, so there is no swap.
    thirteen = "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH"
    state = down_this_turn_with(thirteen, "7H 2C")
    assert [str(tm.meld) for tm in state.table[0]][1] == thirteen.replace("JK", "JK(7H)")
    assert "no meld to go to this turn" in refused(state, 0, "swap 7H on 0:1")
    assert not any(isinstance(a, Swap) for a in state.legal_actions(0))
    play(state, "discard KD")
    assert actors(state) == (1,)


def test_a_swapped_joker_whose_place_a_later_lay_off_took_stays_in_the_hand() -> None:
    # The run of twelve hearts takes the joker back at its king once 7H replaces it; laying
    # the KH off there instead leaves the joker nowhere to go: it stays in the hand (the turn
    # still ends), and it may not be thrown away.
    state = down_this_turn_with("AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH", "7H KH 2C")
    run = next(i for i, tm in enumerate(state.table[0]) if len(tm.meld.cards) == 12)
    play(state, f"swap 7H on 0:{run}")
    assert held(state, 0)[JOKER] == 1 and state.owed_jokers == 1
    assert "play the joker you swapped out" in refused(state, 0, "discard KD")
    play(state, f"lay KH on 0:{run} high")
    assert len(state.table[0][run].meld.cards) == 13
    assert "may not be thrown away" in refused(state, 0, "discard JK")
    assert Discard(JOKER) not in state.legal_actions(0)
    assert Discard(c("KD")) in state.legal_actions(0)
    play(state, "discard KD")
    assert actors(state) == (1,) and held(state, 0)[JOKER] == 1


def test_a_lay_off_that_would_leave_only_the_card_taken_is_refused() -> None:
    # Seat 1, down and holding only the KC its kings take, takes the 7D from the pile. Laying
    # the KC off would leave the 7D alone, which may not go back on the pile this turn ("at no
    # point" says the text): nobody goes out by throwing back the card taken.
    lay_queens = [f"lay {q} on 1:0" for q in ["QS", "QH", "QD", "QC", "QC"]]
    state = scripted("liverpool", {1: "QS QS QH QH QD QD QC QC KS KH KD KC", 2: "2S", 0: "7D"},
                     "9S", "3C 4S 5S",
                     ("draw", "down QS QH QD | KS KH KD", *lay_queens, "discard 3C",
                      "draw", "discard 2S", "draw", "discard 7D", "take"),
                     size=12, players=3, first=1)
    assert held(state, 1) == Counter({c("KC"): 1, c("7D"): 1})
    assert "only the card you took" in refused(state, 1, "lay KC on 1:1")
    assert state.legal_actions(1) == [Discard(c("KC"))]
    assert "may not discard the card you took" in refused(state, 1, "discard 7D")
    # A lay-down that would leave only the card taken is refused the same way, and costs
    # nothing at a referee table: the contract is good, only the moment is not.
    early = scripted("liverpool", {0: "5S 6S 7S 8S 9D 10D JD QD", 1: "3C"}, "2C", "4H",
                     ("draw", "discard 3C", "take"), size=8, players=2, first=1,
                     options={"contracts": "2R", "penalties": True})
    assert held(early, 0)[c("3C")] == 1 and sum(early.hands[0]) == 9
    assert "only the card you took" in refused(early, 0, "down 5S 6S 7S 8S | 9D 10D JD QD")
    assert not any(isinstance(a, Down) for a in early.legal_actions(0))


def test_a_swap_leaving_the_joker_and_the_card_taken_stands_when_the_card_taken_goes_first(
) -> None:
    # Seat 0, down with 5H 6H JK(7H) 8H and the diamonds, holds the 7H and takes the 9H. The
    # swap leaves it the joker and the 9H: laying the joker first would strand the 9H, but the
    # 9H goes on the run (now natural to the 8H) and the joker then after it. The swap keeps
    # its promise, so it is allowed, and the hand empties with the joker.
    def taken(nine: str) -> ContractState:
        return scripted("liverpool", {0: "5H 6H JK 8H 9D 10D JD QD 7H", 1: "3C"}, "2C",
                        f"KS {nine}",
                        ("draw", "down 5H 6H JK 8H | 9D 10D JD QD", "discard KS",
                         "draw", f"discard {nine}", "take"),
                        size=9, players=2, options={"contracts": "2R"})

    state = taken("9H")
    assert held(state, 0) == Counter({c("7H"): 1, c("9H"): 1})
    run = next(i for i, tm in enumerate(state.table[0]) if JOKER in tm.meld.cards)
    assert Swap(c("7H"), 0, run) in state.legal_actions(0)
    play(state, f"swap 7H on 0:{run}")
    assert "only the card you took" in refused(state, 0, f"lay JK on 0:{run} high")
    assert state.legal_actions(0) == [Lay(c("9H"), 0, run, "high")]
    play(state, f"lay 9H on 0:{run} high", f"lay JK on 0:{run} high")
    assert sum(state.hands[0]) == 0 and state.owed_jokers == 0
    # A card taken that no meld takes would be left alone: no swap then.
    stuck = taken("9C")
    assert "no meld to go to this turn" in refused(stuck, 0, f"swap 7H on 0:{run}")
    assert not any(isinstance(a, Swap) for a in stuck.legal_actions(0))


def test_joker_swaps_can_be_switched_off() -> None:
    state = swap_table(joker_swaps=False)
    assert not any(isinstance(a, Swap) for a in state.legal_actions(0))
    assert "not played at this table" in refused(state, 0, "swap 6H on 1:1")


def test_a_meld_keeps_more_natural_cards_than_jokers() -> None:
    # Seat 0's run of spades and seat 1's set of nines hold all the jokers they may.
    downs = {0: "QS QD JK | 2S JK 4S JK 6S", 1: "9C 9D JK | 5H 6H JK 8H"}
    state = contract_table("liverpool", seats("JK JK 2S"), phase=PLAY_PHASE, downs=downs,
                           options={"jokers": 8})
    lays = {str(a) for a in state.legal_actions(0) if isinstance(a, Lay)}
    assert lays == {"lay JK on 1:1 low", "lay JK on 1:1 high"}
    free = contract_table("liverpool", seats("JK JK 2S"), phase=PLAY_PHASE, downs=downs,
                          options={"jokers": 8, "natural_majority": False})
    assert Lay(JOKER, 0, 0, None) in free.legal_actions(0)


def test_each_joker_on_the_table_shows_what_it_stands_for() -> None:
    state = contract_table("liverpool", seats(FILLERS[0]), downs={
        0: "QS QD JK | 2S 3S 4S 5S", 1: "9C 9D 9S | JK 6H 7H 8H"})
    assert meld_info(state, "0:0")["jokers_stand_for"] == ["Q"]
    assert meld_info(state, "1:1")["jokers_stand_for"] == ["5H"]


# ---- calling rummy ----------------------------------------------------------------------------

# Seat 0 down with the queens and the hearts 9-K; seat 1 with the tens and the spades 5-8.
QUEENS_AND_SPADES = {0: "QS QD QC | 9H 10H JH QH KH", 1: "10C 10D 10S | 5S 6S 7S 8S"}


def rummy_table(name: str = "liverpool", **options: Any) -> ContractState:
    """Four players; seat 0, down, has drawn and holds 9S KD 2H; the 3D is under the stock's
    draw, seat 3 having thrown it."""
    return contract_table(name, {0: "9S KD 2H", 1: FILLERS[1], 2: FILLERS[2], 3: FILLERS[3]},
                          players=4, downs=QUEENS_AND_SPADES, throws={3: "3D"},
                          phase=PLAY_PHASE, draws="JC 4C", options=options)


def test_calling_rummy_on_a_playable_discard() -> None:
    state = rummy_table()
    assert held(state, 0) == Counter(parse_cards("9S KD 2H"))
    pile = list(state.discard)
    assert pile[-1] == c("3D")
    play(state, "discard 9S")  # 9S fits seat 1's run
    assert state.phase == RUMMY_PHASE and actors(state) == (1, 2, 3)
    assert state.legal_actions(2) == [RUMMY, PASS]
    act(state, 1, "rummy")  # the nearest caller settles it at once
    # The offender takes the card back and one stock card; the next turn starts.
    assert held(state, 0) == Counter(parse_cards("9S KD 2H JC"))
    assert state.discard == pile
    assert state.phase == DRAW_PHASE and actors(state) == (1,)


def test_a_discard_back_on_top_after_a_rummy_call_is_not_sold_to_its_thrower() -> None:
    # Seat 3 throws the KC; seat 0 draws, throws a playable 9S and is called: the KC is on top
    # again, and when seat 1 turns it down it is for sale to everyone but seat 3.
    state = contract_table("liverpool", {0: "9S KD 2H", 1: FILLERS[1], 2: FILLERS[2],
                                         3: FILLERS[3]}, players=4, first=3,
                           downs=QUEENS_AND_SPADES, draws="JC 4C 5C 6C")
    play(state, "draw", "discard KC")
    play(state, "draw")
    play(state, "discard 9S")
    assert state.phase == RUMMY_PHASE
    act(state, 1, "rummy")
    assert state.discard[-1] == c("KC") and actors(state) == (1,)
    act(state, 1, "draw")
    assert state.phase == BUY_PHASE and actors(state) == (2, 0)


def test_among_rummy_callers_the_nearest_has_it() -> None:
    state = rummy_table()
    play(state, "discard 9S")
    act(state, 3, "rummy")
    assert state.phase == RUMMY_PHASE and actors(state) == (1, 2)  # nearer seats still answer
    act(state, 1, "rummy")
    assert state.phase == DRAW_PHASE and held(state, 0)[c("9S")] == 1


def test_when_nobody_calls_the_discard_stands() -> None:
    state = rummy_table()
    play(state, "discard 9S")
    for seat in (1, 2, 3):
        act(state, seat, "pass")
    assert state.discard[-1] == c("9S") and state.phase == DRAW_PHASE and state.current == 1


def test_no_rummy_window_for_a_dead_discard_a_player_not_down_or_going_out() -> None:
    state = rummy_table()
    play(state, "discard KD")
    assert state.phase == DRAW_PHASE
    up = contract_table("liverpool", seats("9S KD"), downs={1: QUEENS_AND_SPADES[1]},
                        phase=PLAY_PHASE)
    play(up, "discard 9S")  # not down: nothing to call
    assert up.phase == DRAW_PHASE
    out = contract_table("liverpool", {0: "QH 9S", 1: "2D 3C"}, downs=QUEENS_AND_SPADES,
                         phase=PLAY_PHASE)
    play(out, "lay QH on 0:0")
    assert held(out, 0) == Counter([c("9S")])
    play(out, "discard 9S")  # the last card: out, and rummy rules no longer apply
    assert out.results[-1]["out"] == 0 and out.deal_no == 2


def test_no_rummy_on_a_card_the_player_may_not_lay_off_yet() -> None:
    # Going down this turn with lay_off_same_turn=false: the 9S fits only seat 1's run, which
    # seat 0 may not play on before its next turn, so discarding it is no offence.
    state = scripted("liverpool", {0: "QH QD 2H 3H 4H 5H 9S 6C KD",
                                   1: "5S 6S 7S 8S JD JH 2C 9D KS",
                                   2: "2D 9C 6D 3H 10D KC 4S 3C 10C"}, "AD", "JC 4C QC",
                     ("draw", "down JD JH JC | 5S 6S 7S 8S", "discard KS",
                      "draw", "discard 4C",
                      "draw", "down QH QD QC | 2H 3H 4H 5H"),
                     size=9, players=3, first=1,
                     options={"contracts": "1S+1R,2S", "lay_off_same_turn": False})
    assert state.current == 0 and state.down == [True, True, False]
    play(state, "discard 9S")
    assert state.phase == DRAW_PHASE and actors(state) == (1,)


def test_dummy_rummy_has_no_rummy_calls() -> None:
    state = rummy_table("dummy-rummy")
    play(state, "discard 9S")
    assert state.phase == DRAW_PHASE


# ---- going out, floating ----------------------------------------------------------------------

def floating_table(**kw: Any) -> ContractState:
    """Seat 0 went down in the first round and laid off the 8H it drew: its hand is empty (it
    floats in Liverpool). Seat 1 is down, holding the 2D."""
    return contract_table("liverpool", {0: "", 1: "2D"}, downs=QUEENS_AND_SPADES,
                          plays={0: ["lay 8H on 0:1 low"]}, throws={0: "8H"}, **kw)


def test_liverpool_goes_out_only_by_discarding_an_empty_hand_floats() -> None:
    state = contract_table("liverpool", {0: "QH 9S", 1: "2D 3C"}, downs=QUEENS_AND_SPADES,
                           phase=PLAY_PHASE, draws="4C 3D JH")
    play(state, "lay QH on 0:0", "lay 9S on 1:1 high")
    assert state.sizes[0] == 0 and state.deal_no == 1 and actors(state) == (1,)
    play(state, "draw", "discard 4C", "draw", "discard 3D")
    # Floating: the 3D does not fit anything, so it may not be taken (it could not be discarded).
    assert TAKE not in state.legal_actions(0)
    assert "floating" in refused(state, 0, "take")
    play(state, "draw")
    assert held(state, 0) == Counter([c("JH")])
    play(state, "discard JH")
    assert state.results[-1]["out"] == 0 and state.results[-1]["points"][0] == 0


def test_liverpool_with_go_out_play_ends_on_the_last_card_played() -> None:
    state = contract_table("liverpool", {0: "QH 9S", 1: "2D 3C"}, downs=QUEENS_AND_SPADES,
                           phase=PLAY_PHASE, options={"go_out": "play"})
    play(state, "lay QH on 0:0", "lay 9S on 1:1 high")
    assert state.results[-1]["out"] == 0 and state.deal_no == 2


def test_a_floating_player_may_take_a_discard_that_plays() -> None:
    state = contract_table("liverpool", {0: "", 1: FILLERS[1], 2: "QH 2D 9C"}, first=2,
                           downs={0: QUEENS_AND_SPADES[0]}, plays={0: ["lay 8H on 0:1 low"]},
                           throws={0: "8H"}, phase=PLAY_PHASE)
    assert state.sizes[0] == 0
    play(state, "discard QH")
    assert state.legal_actions(0) == [TAKE, DRAW]
    play(state, "take")
    # The queen may not go straight back on the pile: it is laid off, and the hand floats again.
    assert [str(a) for a in state.legal_actions(0)] == ["lay QH on 0:0"]
    play(state, "lay QH on 0:0")
    assert state.sizes[0] == 0 and actors(state) == (1,) and state.deal_no == 1


def test_a_floater_lays_off_a_drawn_card_that_fits_and_goes_out_only_with_one_that_does_not(
) -> None:
    # The ruling: a floater goes out only by discarding a card that fits no meld on the table.
    state = floating_table(draws="9S 4C 3D KH")
    assert state.sizes[0] == 0
    play(state, "draw")
    assert held(state, 0) == Counter([c("9S")])
    assert "you are floating: 9S fits a meld on the table" in refused(state, 0, "discard 9S")
    assert [str(a) for a in state.legal_actions(0)] == ["lay 9S on 1:1 high"]
    play(state, "lay 9S on 1:1 high")
    assert state.sizes[0] == 0 and actors(state) == (1,) and state.deal_no == 1
    play(state, "draw", "discard 4C", "draw", "discard 3D")
    play(state, "draw")  # the KH fits no meld: it is the card to go out with
    assert [str(a) for a in state.legal_actions(0)] == ["discard KH"]
    play(state, "discard KH")
    assert state.results[-1]["out"] == 0 and state.results[-1]["points"][0] == 0


def test_a_floater_who_swaps_a_joker_out_lays_it_off_and_floats_on() -> None:
    # The 6H takes the joker's place in the run; the joker fits the set of queens, so it is
    # laid off, not discarded to go out.
    state = contract_table("liverpool", {0: "", 1: "2D"}, draws="6H", downs={
        0: QUEENS_AND_SPADES[0], 1: "10C 10D 10S | 5H JK 7H 8H"},
        plays={0: ["lay 8H on 0:1 low"]}, throws={0: "8H"})
    play(state, "draw", "swap 6H on 1:1")
    assert "play the joker you swapped out" in refused(state, 0, "discard JK")
    assert all(not isinstance(a, Discard) for a in state.legal_actions(0))
    play(state, "lay JK on 0:0")
    assert state.sizes[0] == 0 and state.deal_no == 1


def test_dummy_rummy_goes_out_by_playing_the_last_card() -> None:
    state = contract_table("dummy-rummy", {0: "QH 9S", 1: "9C 2C",
                                           2: "AS KD 10C 9H 8C 7H 2S 2D 3D"},
                           downs=QUEENS_AND_SPADES, phase=PLAY_PHASE)
    play(state, "lay QH on 0:0", "lay 9S on 1:1 high")
    result = state.results[-1]
    assert result["out"] == 0 and result["reason"] == "went out"
    assert result["points"] == [0, 10 + 5, 15 + 10 + 10 + 10 + 10 + 5 + 5 + 5 + 5]


def test_liverpool_card_values() -> None:
    state = contract_table("liverpool", {0: "QH 9S", 1: "AS KD 10C 9H 8C 7H 2S JK 3S",
                                         2: "2D 9C 6D 3H 4H 5D 6S 7D 8D"},
                           downs={0: QUEENS_AND_SPADES[0]}, phase=PLAY_PHASE)
    play(state, "lay QH on 0:0", "discard 9S")
    assert state.results[-1]["points"] == [0, 15 + 10 + 10 + 5 + 5 + 5 + 5 + 20 + 5, 5 * 9]


def test_card_values_are_an_option() -> None:
    state = contract_table("liverpool", {0: "QH 9S", 1: "AS KD 2C 3C 4C 5C 6C 7C 8S",
                                         2: "JK 8C 9C 10C 8D 9D 10D 2H 3H"},
                           downs={0: QUEENS_AND_SPADES[0]}, phase=PLAY_PHASE,
                           options={"card_values": "A=1,2-10=2,J-K=3,JK=50"})
    play(state, "lay QH on 0:0", "discard 9S")
    assert state.results[-1]["points"] == [0, 1 + 3 + 2 * 7, 50 + 2 * 8]


# ---- taking back a discard -------------------------------------------------------------------

def test_liverpool_forbids_discarding_the_card_just_taken() -> None:
    state = contract_table("liverpool", seats("5S 9H 4D"), up="QS", options=ONE_SET)
    play(state, "take")
    assert "you took from the discard pile" in refused(state, 0, "discard QS")
    assert Discard(c("QS")) not in state.legal_actions(0)
    dummy = contract_table("dummy-rummy", seats("5S 9H 4D"), up="QS", options=ONE_SET)
    play(dummy, "take", "discard QS")
    allowed = contract_table("liverpool", seats("5S 9H 4D"), up="QS",
                             options={**ONE_SET, "return_discard": True})
    play(allowed, "take", "discard QS")


def test_only_the_card_taken_is_kept_back_a_copy_held_before_may_go() -> None:
    # Two decks: the player already holds a QS when taking the other one from the pile. The
    # rule concerns the card taken only, so the QS held before may be discarded.
    state = contract_table("liverpool", seats("5S 9H QS"), up="QS", options=ONE_SET)
    play(state, "take")
    assert held(state, 0)[c("QS")] == 2
    assert Discard(c("QS")) in state.legal_actions(0)
    play(state, "discard QS")
    assert held(state, 0)[c("QS")] == 1 and state.discard[-1] == c("QS")
    # A copy laid off stands for the one taken: the copy left in hand may still go.
    laid = contract_table("liverpool", seats("QS 5S 9H"), downs={0: "QD QH QC | 10D JD QD KD"},
                          throws={2: "QS"})
    assert laid.discard[-1] == c("QS")
    play(laid, "take", "lay QS on 0:0")
    assert held(laid, 0)[c("QS")] == 1 and Discard(c("QS")) in laid.legal_actions(0)
    play(laid, "discard QS")


# ---- the stock ------------------------------------------------------------------------------

# One deck shared by three: sixteen cards each leave three in the stock.
ONE_DECK = {"contracts": "1S", "decks": 1, "jokers": 0, "buy_limit": 0}


def test_an_empty_stock_is_rebuilt_from_the_discards_but_the_top_card() -> None:
    game = contract_game("liverpool", 3, ONE_DECK, 16)
    state = game.new_state(0, deals=[contract_deal(game, {0: FILLERS[0], 1: "4D", 2: "7S"},
                                                   None, "", first=0)])
    play(state, "draw", "discard 2C", "draw", "discard 4D", "draw", "discard 7S")
    assert state.stock == [] and state.discard[-2:] == [c("4D"), c("7S")]
    pile_below = Counter(state.discard[:-1])
    before = held(state, 0)
    play(state, "draw")
    assert state.discard == [c("7S")]
    drawn = held(state, 0) - before
    assert sum(drawn.values()) == 1
    assert Counter(state.stock) + drawn == pile_below


def test_the_deal_ends_when_stock_and_discard_run_out() -> None:
    # One deck, seventeen cards each: no stock at all. Seat 0 takes the QS turned up and lays
    # down every card it holds (it floats); then nobody can draw or take.
    game = contract_game("liverpool", 3, {**ONE_DECK, "contracts": "2S+1R,1S"}, 17)
    run = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    state = game.new_state(0, deals=[contract_deal(
        game, {0: f"{run} JC JD JH JS QC QD QH"}, "QS", "", first=0)])
    assert state.stock == [] and state.legal_actions(0) == [TAKE]
    play(state, "take", f"down JC JD JH JS | QC QD QH QS | {run}")
    assert state.deal_no == 2
    assert state.results[-1]["out"] is None
    assert "ran out" in state.results[-1]["reason"]


def test_max_deal_turns_ends_a_deal_nobody_finishes() -> None:
    # Ten turns of drawing a card and throwing it away: the hands stay as dealt, nobody down.
    draws = ["5S", "5D", "5C", "6S", "6C", "6H", "7S", "7C", "7D", "8S"]
    turns = tuple(move for card in draws for move in ("draw", f"discard {card}"))
    state = scripted("liverpool", {0: "9H 2H 4S 3C 10H KD JS", 1: "3D 10C KH 2C 9D 4H JH",
                                   2: "2D 9C 6D 3H 10D KC 8D"}, "QD", " ".join(draws),
                     turns[:-1], size=7, players=3,
                     options={"contracts": "2S,1S+1R", "max_deal_turns": 10})
    assert state.deal_no == 1 and state.current == 0
    play(state, turns[-1])
    result = state.results[-1]
    assert state.deal_no == 2
    assert result["out"] is None and "10 turns" in result["reason"]
    assert result["points"] == [5 * 4 + 10 * 3, 5 * 4 + 10 * 3, 5 * 5 + 10 * 2]


# ---- deals, the cut, the game ---------------------------------------------------------------

def cut_match(name: str, depth: int | None) -> ContractState:
    """Seat 0 goes out at once in deal 1; deal 2 (seven cards to three players) is cut at
    ``depth`` and seat 1, first to play, holds its contract and a card to throw."""
    game = make_game(name, 3, {"contracts": "1S+1R,1S+1R", "deal_sizes": "7,7"})
    first = contract_deal(game, {0: "QS QD QC 5H 6H 7H 9H"}, "AD", "8H", first=0,
                          cut=None if depth is None else 5)
    second = contract_deal(game, {1: "KS KD KC 2H 3H 4H 9C"}, "AD", "5H", first=1, cut=depth)
    state = game.new_state(0, deals=[first, second])
    play(state, "draw", "down QS QD QC | 5H 6H 7H 8H", "discard 9H")
    return state


@pytest.mark.parametrize(("depth_offset", "bonus"), [(1, True), (0, False), (2, False)])
def test_the_cut_scores_minus_fifty_when_it_is_exactly_the_deal(
    depth_offset: int, bonus: bool
) -> None:
    state = cut_match("liverpool", 3 * 7 + depth_offset)  # deal 2 gives 7 cards to 3 players
    assert state.deal_no == 2 and state.dealer == 0
    cutter = 2  # the dealer's right: the seat before the dealer in turn order
    assert state.cut_bonus == ((cutter, -50) if bonus else None)
    assert state.current == 1
    in_hand = state.hand_value(cutter)
    play(state, "draw", "down KS KD KC | 2H 3H 4H 5H", "discard 9C")
    result = state.results[-1]
    assert result["out"] == 1
    assert result["cut"] == ([cutter, -50] if bonus else None)
    assert result["points"][cutter] == in_hand - (50 if bonus else 0)


def test_dummy_rummy_has_no_cut() -> None:
    state = cut_match("dummy-rummy", None)
    assert state.deal_no == 2 and state.cut_bonus is None
    assert [("cut" in deal) for deal in state.record()["deals"]] == [False, False]
    assert all(("cut" in deal) for deal in cut_match("liverpool", 3 * 7 + 1).record()["deals"])


@pytest.mark.parametrize("name", ["dummy-rummy", "liverpool"])
def test_seven_deals_dealer_passes_left_lowest_total_wins(name: str) -> None:
    game = make_game(name, 4, {"cut": False})
    # In every deal the dealer's left is dealt its contract and goes out at once.
    deals = [going_out_deal(game, k, k % 4) for k in range(1, 8)]
    state = game.new_state(11, deals=[deal for deal, _ in deals])
    dealers = []
    for _, moves in deals:
        dealers.append(state.dealer)
        assert state.sizes == [game.rules.deal_sizes[state.deal_no - 1]] * 4
        play(state, *moves)
    assert state.is_over and state.phase == OVER and actors(state) == ()
    assert [r["deal"] for r in state.results] == list(range(1, 8))
    assert [r["out"] for r in state.results] == [k % 4 for k in range(1, 8)]
    assert dealers == [(dealers[0] + k) % 4 for k in range(7)]
    assert [r["contract"] for r in state.results] == [str(k) for k in game.rules.contracts]
    totals = [sum(r["points"][s] for r in state.results) for s in range(4)]
    assert state.scores == totals
    assert state.winners == [s for s in range(4) if totals[s] == min(totals)]
    assert state.legal_actions(0) == [] and state.rounds_played == 7


def test_ten_deals_with_the_extension() -> None:
    game = make_game("liverpool", 3, {"extended": True})
    deals = [going_out_deal(game, k, k % 3) for k in range(1, 11)]
    state = game.new_state(5, deals=[deal for deal, _ in deals])
    for deal, (_, moves) in enumerate(deals, start=1):
        assert state.deal_no == deal
        assert state.sizes == [game.rules.deal_sizes[deal - 1]] * 3
        play(state, *moves)
    assert state.is_over and len(state.results) == 10


# ---- options ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "players", "options", "message"), [
    ("liverpool", 4, {"contracts": "2S,1X"}, "contracts: '1X' is not like 2S, 1S+1R or 3R+3S!"),
    ("liverpool", 4, {"contracts": "2S,,2R"}, "contracts: an empty deal in the list"),
    ("liverpool", 4, {"deal_sizes": "12,12"}, "deal_sizes lists 2 deals but contracts lists 7"),
    ("liverpool", 4, {"deal_sizes": "10,10,10,a"}, "deal_sizes must be numbers"),
    ("liverpool", 4, {"contracts": "3R", "deal_sizes": "11"},
     "deal 1 gives 11 cards but its contract (3 runs) needs 12"),
    ("liverpool", 5, {"decks": 1}, "1 deck(s) and 2 jokers are too few to deal 12 cards to 5"),
    ("dummy-rummy", 12, {"decks": 2}, "too few to deal 12 cards to 12 players"),
    ("liverpool", 4, {"claims": "loudest"}, "claims must be one of nearest, first"),
    ("liverpool", 4, {"card_values": "A=15,2-7=5"}, "no value given for some ranks"),
    ("liverpool", 4, {"bogus": 1}, "bogus"),
])
def test_bad_options_are_clear_errors(
    name: str, players: int, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError) as err:
        load_game(name, players, options)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_player_counts() -> None:
    with pytest.raises(OptionError):
        load_game("liverpool", 9)
    with pytest.raises(OptionError):
        load_game("dummy-rummy", 13)
    make_game("dummy-rummy", 12).new_state(1)


# ---- notation --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "take", "draw", "buy", "pass", "rummy", "discard 9C", "discard JK", "lay 9H on 2:0 high",
    "lay QD on 1:1", "swap 7H on 1:0", "down QH QS JK | 5H 6H 7H 8H", "down 5H JK 7H 8H",
])
def test_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert parse_action(str(action)) == action


def test_notation_spellings() -> None:
    assert parse_action("me") == BUY and parse_action("D") == DRAW
    assert parse_action("discard th") == Discard(c("10H")) == parse_action("discard 10♥")
    assert parse_action("lay qs on 0:1") == Lay(c("QS"), 0, 1, None)
    assert str(parse_action("down qs jk qh")) == "down QH QS JK"
    # Without its "on", as the terminal's key "l 9H 2:0" writes it.
    assert parse_action("lay 9H 2:0 high") == parse_action("lay 9H on 2:0 high")
    for bad in ("", "jump", "discard", "lay 9H", "lay 9H on 2", "lay 9H on 2:0 middle",
                "swap 7H on 1:0 low", "down", "down 5H 6H |", "discard 1H"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_every_legal_move_round_trips_in_play() -> None:
    rng = random.Random(4)
    for name in ("dummy-rummy", "liverpool"):
        game = make_game(name, 3, {"max_deal_turns": 30})
        state = game.new_state(2)
        seen = 0
        while not state.is_over and seen < 3000:
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            for action in legal:
                assert game.parse_action(str(action)) == action
            state.apply(seat, rng.choice(legal))
            seen += 1


@pytest.mark.parametrize("name", ["dummy-rummy", "liverpool"])
def test_a_random_match_ends_within_the_decision_bound(name: str) -> None:
    game = make_game(name, 4, {"max_deal_turns": 12})
    rng = random.Random(9)
    state = game.new_state(3)
    decisions = 0
    while not state.is_over:
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += 1
        assert decisions <= game.decision_bound()
    assert len(state.results) == 7


# ---- the rules page --------------------------------------------------------------------------

def test_the_rules_page_lists_every_option_with_both_defaults() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "contract-rummy.md").read_text()
    rows = {}
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    dummy = make_game("dummy-rummy", 4).option_specs
    liverpool = make_game("liverpool", 4).option_specs
    assert list(rows) == [spec.name for spec in dummy] == [spec.name for spec in liverpool]
    for d, lp in zip(dummy, liverpool, strict=True):
        assert rows[d.name] == (d.describe_default(), lp.describe_default()), d.name
