"""Contract rummy (Dummy Rummy, Liverpool): single ids for the simple moves, short spellings for
the compound ones.

- ``take``, ``draw``, ``buy``, ``pass``, ``rummy``, ``discard C``: one id each;
- ``lay C on S:I END``: LAY+C, then TARGET(S relative to me, I, END) (END none / low / high);
- ``swap C on S:I``: SWAP+C, then TARGET(S, I, none);
- ``down G1 | G2 | ...``: DOWN, then the cards of each group in the notation's order (a run low
  to high, so a joker's place says what it stands for) with SEP between groups, then END.
Cards are the 53 card ids (52 cards, 52 the joker); decks are merged, so duplicates share an id.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardtable.engine.game import Action, Game, State
from cardtable.games.contract import actions as ca
from cardtable.games.contract.cards import CODES, JOKER
from cardtable.rl.codec import Codec, Deferred, Layout, Obs

NCARDS = JOKER + 1
ENDS = (None, "low", "high")
_CARD = {c: i for i, c in enumerate(CODES)}
PHASES = ("draw", "buy", "play", "rummy")
SIMPLE = (ca.TAKE, ca.DRAW, ca.BUY, ca.PASS, ca.RUMMY)
_SIMPLE_ID: dict[type, int] = {type(a): i for i, a in enumerate(SIMPLE)}
# The first ids of the engine's shared action objects (the simple moves and the discards) by
# identity. They live as long as the module, so no other object can have one of these ids.
_SHARED_FIRST: dict[int, int] = {id(a): i for i, a in enumerate(SIMPLE)}
_SHARED_FIRST.update((id(a), len(SIMPLE) + a.card) for a in ca.DISCARDS)


HISTORY = 8  # rows of the discard history: the cards under the pile's top, nearest first


class ContractCodec(Codec):
    lowest_wins = True
    scale = 100.0

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        rules: Any = getattr(game, "rules")  # noqa: B009 - the contract game's rule set
        n = self.players
        self.melds_max = max(c.sets + c.runs for c in rules.contracts)
        self.deck_size = int(rules.deck_size)
        self.DISCARD = len(SIMPLE)
        self.LAY = self.DISCARD + NCARDS
        self.wholes = (*SIMPLE, *ca.DISCARDS)  # the engine's shared actions
        self.SWAP = self.LAY + NCARDS
        self.TARGET = self.SWAP + NCARDS  # + ((relative owner * melds_max) + index) * 3 + end
        self.DOWN: int = self.TARGET + n * self.melds_max * 3
        self.DCARD = self.DOWN + 1
        self.SEP = self.DCARD + NCARDS
        self.END = self.SEP + 1
        self.action_size = self.END + 1
        self.max_spelling = 2 + self.deck_size + self.melds_max
        self._seat = 0  # spellings name meld owners relative to the seat on move
        lay = Layout(0.0, 1.0)  # 0/1 unless a field says otherwise
        # the most of any one card: a deck's copies, or all the jokers
        most = self._most = float(max(int(rules.decks), int(rules.jokers)))
        self.f_hand = lay.add("hand", NCARDS, "count of each card in my hand (52 = joker) / 2",
                              high=most / 2)
        self.f_pile = lay.add("discard pile", NCARDS, "counts of the cards in the pile / 2",
                              high=most / 2)
        self.f_top = lay.add("discard top", NCARDS, "the pile's top card, one-hot")
        self.f_taken = lay.add("taken", NCARDS, "the card taken from the pile this turn")
        self.f_known = lay.add("known", n * NCARDS,
                               "per other seat (in turn order after me; my row stays 0): cards "
                               "everyone saw it take or buy and still holds", high=most)
        self.meld_row = NCARDS + 3
        self.f_melds = lay.add("melds", n * self.melds_max * self.meld_row,
                               "per seat (me first) and meld number: card counts, set, run, "
                               "jokers in it", high=(*[most] * NCARDS, 1.0, 1.0, most))
        self.f_history = lay.add("discard history", HISTORY * NCARDS,
                                 f"the {HISTORY} cards under the pile's top, one-hot, one row "
                                 "each, the most recent discard first")
        # A hand holds at most the deck; buys, penalties, a total and a turn count are capped
        # (at 20, 20, ten hundreds either way and 1,000 turns) where the env clips the vector.
        self.f_seats = lay.add("seats", n * 7,
                               "per seat: hand size / 10, down, buys made (up to 20), penalties "
                               "(up to 20), match total / 100 (within -10..10), on move, in the "
                               "open window",
                               high=(self.deck_size / 10, 1.0, 20.0, 20.0, 10.0, 1.0, 1.0),
                               low=(0, 0, 0, 0, -10.0, 0, 0))
        self.f_table = lay.add("table", 4 + len(PHASES),
                               "deal / deals, stock size / deck, turn / 100 (up to 10), owed "
                               "jokers (up to the deck's jokers), phase (draw, buy, play, rummy)",
                               high=(1.0, 1.0, 10.0, most, *[1.0] * len(PHASES)))
        self.layout = lay
        self._deals = len(rules.contracts)

    # ---- ids --------------------------------------------------------------------------------
    def spell_for(self, seat: int, action: Action) -> tuple[int, ...]:
        n = self.players
        if isinstance(action, ca.Discard):
            return (self.DISCARD + action.card,)
        if isinstance(action, ca.Lay):
            where = ((action.owner - seat) % n * self.melds_max + action.index) * 3
            return (self.LAY + action.card, self.TARGET + where + ENDS.index(action.end))
        if isinstance(action, ca.Swap):
            where = ((action.owner - seat) % n * self.melds_max + action.index) * 3
            return (self.SWAP + action.card, self.TARGET + where)
        if isinstance(action, ca.Down):
            out = [self.DOWN]
            for k, group in enumerate(action.groups):
                if k:
                    out.append(self.SEP)
                out.extend(self.DCARD + c for c in group)
            out.append(self.END)
            return tuple(out)
        for i, simple in enumerate(SIMPLE):
            if action == simple:
                return (i,)
        raise ValueError(f"{action} is not a contract rummy action")

    def spell(self, action: Action) -> tuple[int, ...]:
        return self.spell_for(self._seat, action)

    def first(self, action: Action) -> int:
        if isinstance(action, ca.Down):
            return self.DOWN
        if isinstance(action, ca.Lay):
            return self.LAY + action.card
        if isinstance(action, ca.Swap):
            return self.SWAP + action.card
        return self.spell_for(self._seat, action)[0]

    def firsts(self, legal: Sequence[Action]) -> list[int]:
        """:meth:`first` of each action: the engine's shared simple moves and discards looked
        up by identity (most of a decision's actions), the others dispatched on their class."""
        get = _SHARED_FIRST.get
        shared = [get(id(a), -1) for a in legal]
        if -1 not in shared:
            return shared
        out: list[int] = []
        for a in legal:
            kind = type(a)
            if kind is ca.Discard:
                out.append(self.DISCARD + a.card)  # type: ignore[attr-defined]
            elif kind is ca.Lay:
                out.append(self.LAY + a.card)  # type: ignore[attr-defined]
            elif kind is ca.Swap:
                out.append(self.SWAP + a.card)  # type: ignore[attr-defined]
            elif kind is ca.Down:
                out.append(self.DOWN)
            else:
                out.append(_SIMPLE_ID[kind] if kind in _SIMPLE_ID else self.first(a))
        return out

    def choices(self, state: State, seat: int) -> tuple[Sequence[Action], Deferred | None]:
        """The lay-downs kept back behind DOWN: a hand that could go down but is kept has
        hundreds of them, and uniform random ids choose DOWN rarely, so listing them at every
        such turn cost the env four times the engine's own random play in Liverpool. The
        engine says whether there is one (one search); they are listed once DOWN is chosen,
        in the engine's order."""
        s: Any = state
        may, others = s.play_choices(seat)
        if not may:
            return others, None
        return others, (self.DOWN, _lay_downs(state, seat))

    def on_move(self, seat: int) -> None:
        self._seat = seat

    def id_name(self, action_id: int) -> str:
        if action_id < self.DISCARD:
            return f"{SIMPLE[action_id]}"
        if action_id < self.LAY:
            return f"discard {CODES[action_id - self.DISCARD]}"
        if action_id < self.SWAP:
            return f"lay {CODES[action_id - self.LAY]}"
        if action_id < self.TARGET:
            return f"swap {CODES[action_id - self.SWAP]}"
        if action_id < self.DOWN:
            t = action_id - self.TARGET
            where, end = divmod(t, 3)
            owner, index = divmod(where, self.melds_max)
            return f"on +{owner}:{index}" + (f" {ENDS[end]}" if ENDS[end] else "")
        if action_id == self.DOWN:
            return "down"
        if action_id < self.SEP:
            return str(CODES[action_id - self.DCARD])
        return "|" if action_id == self.SEP else "end"

    def pending_size(self) -> int:
        return 2 * NCARDS + 1 + 2 * NCARDS + 1

    def pending_bounds(self) -> tuple[list[float], list[float]]:
        """The card being laid or swapped (one-hot), the lay-down flag, its cards counted (at
        most every copy of a card), its groups closed (at most the contract's melds), its last
        card (one-hot)."""
        high = [1.0] * (2 * NCARDS + 1) + [self._most] * NCARDS + [float(self.melds_max)]
        high += [1.0] * NCARDS
        return [0.0] * len(high), high

    def encode_pending(self, prefix: Sequence[int], out: Obs, start: int) -> None:
        """The move under way: the card to lay or swap, or the lay-down so far (its cards
        counted, the groups closed, the last card)."""
        if not prefix:
            return
        first = prefix[0]
        if first < self.TARGET:
            out[start + first - self.LAY] = 1.0
            return
        base = start + 2 * NCARDS
        out[base] = 1.0
        for token in prefix[1:]:
            if token == self.SEP:
                out[base + 1 + NCARDS] += 1.0
            else:
                out[base + 1 + token - self.DCARD] += 1.0
        last = prefix[-1]
        if self.DCARD <= last < self.SEP:
            out[base + 2 + NCARDS + last - self.DCARD] = 1.0

    # ---- observation ------------------------------------------------------------------------
    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        zones = view["zones"]
        table = view["table"]
        n = self.players
        for c in zones[f"hand:{seat}"]["cards"]:
            out[self.f_hand + _CARD[c]] += 0.5
        pile = zones["discard"]["cards"]
        for c in pile:
            out[self.f_pile + _CARD[c]] += 0.5
        if pile:
            out[self.f_top + _CARD[pile[-1]]] = 1.0
        for k, c in enumerate(reversed(pile[-1 - HISTORY:-1])):
            out[self.f_history + k * NCARDS + _CARD[c]] = 1.0
        taken = table.get("taken_from_discard")
        if taken is not None:
            out[self.f_taken + _CARD[taken]] = 1.0
        window = set(table.get("window", ()))
        for s in range(n):
            r = self.relative(seat, s)
            hand = zones[f"hand:{s}"]
            if s != seat:
                for c in hand.get("known", ()):
                    out[self.f_known + r * NCARDS + _CARD[c]] += 1.0
            at = self.f_seats + r * 7
            out[at] = hand["count"] / 10
            out[at + 1] = float(bool(table["down"][s]))
            out[at + 2] = table["buys"][s]
            out[at + 3] = table["penalties"][s] if table.get("penalties") else 0.0
            out[at + 4] = table["scores"][s] / 100
            out[at + 5] = 1.0 if s == table["current"] else 0.0
            out[at + 6] = 1.0 if s in window else 0.0
        kinds = {m["id"]: m for m in table.get("melds", ())}
        row = self.meld_row
        for name, zone in zones.items():
            if not name.startswith("meld:"):
                continue
            _, owner, index = name.split(":")
            i = int(index)
            if i >= self.melds_max:
                continue
            at = self.f_melds + (self.relative(seat, int(owner)) * self.melds_max + i) * row
            for c in zone["cards"]:
                out[at + _CARD[c]] += 1.0
            meld = kinds.get(f"{owner}:{index}")
            if meld is not None:
                out[at + NCARDS] = 1.0 if meld["kind"] == "set" else 0.0
                out[at + NCARDS + 1] = 1.0 if meld["kind"] == "run" else 0.0
                out[at + NCARDS + 2] = len(meld["jokers_stand_for"])
        t = self.f_table
        out[t] = table["deal"] / table["deals"]
        out[t + 1] = zones["stock"]["count"] / self.deck_size
        out[t + 2] = table["turn"] / 100
        out[t + 3] = float(table.get("owed_jokers") or 0)
        phase = table["phase"]
        if phase in PHASES:
            out[t + 4 + PHASES.index(phase)] = 1.0

    def encode_state(self, state: State, seat: int, out: Obs) -> None:
        """:meth:`encode` read from the state's own fields instead of its view (which spells
        every card of every zone and describes every meld's jokers in words): the seat's own
        hand, the pile, what everyone saw the others take, the melds, the public counters. The
        tests hold the two equal.

        Every count up to the melds fits a byte, so they are gathered in one ``bytearray``
        (a hand is one already) and written with one NumPy call; the hand and pile rows are
        halved in place; the numbers after them are packed by one array."""
        s: Any = state
        n = self.players
        rows = self.f_seats
        buf = bytearray(rows)
        hands = s.hands
        buf[:NCARDS] = hands[seat]
        pile = s.discard
        if pile:
            at = self.f_pile
            for c in pile:
                buf[at + c] += 1
            buf[self.f_top + pile[-1]] = 1
            at = self.f_history
            for c in reversed(pile[-1 - HISTORY:-1]):
                buf[at + c] = 1
                at += NCARDS
        if s.taken >= 0:
            buf[self.f_taken + s.taken] = 1
        known = s.known
        melds_max = self.melds_max
        row = self.meld_row
        tail = [0.0] * (n * 7)
        down, buys, penalties, totals = s.down, s.buys, s.penalties, s.totals
        current = s.current
        window = s.pending
        for o in range(n):
            r = o - seat if o >= seat else o - seat + n
            if o != seat and any(known[o]):
                at = self.f_known + r * NCARDS
                buf[at:at + NCARDS] = bytes(known[o])
            for i, tm in enumerate(s.table[o][:melds_max]):
                m = tm.meld
                at = self.f_melds + (r * melds_max + i) * row
                for c in m.cards:
                    buf[at + c] += 1
                if m.kind == "set":
                    buf[at + NCARDS] = 1
                else:
                    buf[at + NCARDS + 1] = 1
                buf[at + NCARDS + 2] = m.cards.count(JOKER)
            at = r * 7
            tail[at] = sum(hands[o]) / 10
            tail[at + 1] = float(bool(down[o]))
            tail[at + 2] = buys[o]
            tail[at + 3] = penalties[o]
            tail[at + 4] = totals[o] / 100
            tail[at + 5] = 1.0 if o == current else 0.0
            tail[at + 6] = 1.0 if o in window else 0.0
        phase = s.phase
        tail += (s.deal_no / self._deals, len(s.stock) / self.deck_size, s.turn / 100,
                 float(s.owed_jokers or 0), *[1.0 if phase == p else 0.0 for p in PHASES])
        out[:rows] = np.frombuffer(buf, np.uint8)
        out[:self.f_top] *= 0.5  # hand and pile rows: counts / 2
        out[rows:rows + len(tail)] = np.frombuffer(array("f", tail), dtype=np.float32)


def _lay_downs(state: State, seat: int) -> Callable[[], list[Action]]:
    """The seat's lay-downs, listed when called (the state must not have changed)."""
    return lambda: [a for a in state.legal_actions(seat) if type(a) is ca.Down]
