"""An independent audit of finished hands: chips conserved and every pot won by an eligible
player. The property tests and ``benchmarks/day_chips.py`` run it over many random hands.

It reads only the hand summaries a State publishes (``state.results``) and rebuilds nothing
with the code under test except the showdown evaluator, which has its own tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.games.day.cards import parse_cards
from cardtable.games.day.showdown import Evaluator, best_of


def audit_hand(
    result: dict[str, Any], before: Sequence[int], evaluator: Evaluator, rake_percent: int,
    rake_cap: int | None,
) -> list[str]:
    """Problems with one hand's summary, given each seat's stack before the hand."""
    problems: list[str] = []
    where = f"hand {result['hand']}"
    put_in: list[int] = result["put_in"]
    pots: list[dict[str, Any]] = result["pots"]
    folded = set(result["folded"])
    n = len(put_in)
    if sum(p["amount"] for p in pots) != sum(put_in):
        problems.append(f"{where}: pots hold {sum(p['amount'] for p in pots)}, "
                        f"players put in {sum(put_in)}")
    won = [0] * n
    rake = 0
    previous: set[int] | None = None
    for k, pot in enumerate(pots):
        eligible = set(pot["eligible"])
        winner = pot["winner"]
        if winner not in eligible:
            problems.append(f"{where}: pot {k} went to seat {winner}, not eligible {eligible}")
        if eligible & folded:
            problems.append(f"{where}: folded seats {eligible & folded} eligible for pot {k}")
        if previous is not None and not eligible < previous:
            problems.append(f"{where}: side pot {k} is not for fewer players than the one before")
        previous = eligible
        # A seat is eligible exactly when it is still in and put in at least the pot's level.
        level = min(put_in[s] for s in eligible)
        expect = {s for s in range(n) if s not in folded and put_in[s] >= level and put_in[s] > 0}
        if result["showdown"] is not None and expect != eligible:
            problems.append(f"{where}: pot {k} eligible {eligible}, expected {expect}")
        rake += pot["rake"]
        won[winner] += pot["amount"] - pot["rake"]
    if rake != result["rake"]:
        problems.append(f"{where}: pots rake {rake}, hand says {result['rake']}")
    if rake_percent == 0 and rake:
        problems.append(f"{where}: {rake} raked without a rake")
    if rake_cap is not None and rake > rake_cap:
        problems.append(f"{where}: {rake} raked, over the cap of {rake_cap}")
    if rake > sum(put_in) * rake_percent // 100:
        problems.append(f"{where}: {rake} raked, over {rake_percent}% of the pot")
    # Nobody wins from another player more than they themselves put in.
    for s in range(n):
        reach = sum(min(put_in[t], put_in[s]) for t in range(n))
        if won[s] > reach:
            problems.append(f"{where}: seat {s} won {won[s]}, more than it could cover ({reach})")
    for s in range(n):
        if result["stacks"][s] != before[s] - put_in[s] + won[s]:
            problems.append(f"{where}: seat {s} ends with {result['stacks'][s]}, expected "
                            f"{before[s] - put_in[s] + won[s]}")
    if result["showdown"] is not None:
        shown = result["showdown"]
        seats = [e["seat"] for e in shown]
        keys = evaluator.keys(
            parse_cards(", ".join(result["board"])),
            [parse_cards(", ".join(e["cards"])) for e in shown],
            [e["substituted"] for e in shown],
        )
        for k, pot in enumerate(pots):
            if len(pot["eligible"]) < 2:
                continue
            among = [seats.index(s) for s in pot["eligible"]]
            best = {seats[i] for i in best_of(keys, among)}
            if pot["winner"] not in best:
                problems.append(f"{where}: pot {k} went to seat {pot['winner']}, "
                                f"not among the best {best}")
            if len(best) > 1 and set(pot.get("tied", [])) != best:
                problems.append(f"{where}: pot {k} tie among {best} not settled by a draw")
            if pot.get("draws"):
                last = {int(s): evaluator.top[parse_cards(c)[0]] for s, c in
                        pot["draws"][-1].items()}
                if [s for s, v in last.items() if v == max(last.values())] != [pot["winner"]]:
                    problems.append(f"{where}: pot {k} went to seat {pot['winner']}, not to "
                                    f"the one highest draw {pot['draws'][-1]}")
        # One tie-break a showdown: a seat's card in each round of drawing is the same for
        # every pot it decides (so one tie never gives different pots to different players).
        card_of: dict[tuple[int, int], str] = {}
        for k, pot in enumerate(pots):
            for depth, draw in enumerate(pot.get("draws", [])):
                for seat, card in draw.items():
                    if card_of.setdefault((int(seat), depth), card) != card:
                        problems.append(f"{where}: seat {seat} drew {card_of[int(seat), depth]} "
                                        f"and then {card} in round {depth + 1} of one "
                                        f"showdown's draw (pot {k})")
    else:
        live = [s for s in result["seats"] if s not in folded]
        if len(live) != 1:
            problems.append(f"{where}: no showdown but {len(live)} players still in")
    return problems


def audit_session(results: Sequence[dict[str, Any]], start: Sequence[int], evaluator: Evaluator,
                  rake_percent: int, rake_cap: int | None) -> list[str]:
    """Audit every hand of a session in order, from each seat's starting stack."""
    problems: list[str] = []
    before = list(start)
    for result in results:
        problems.extend(audit_hand(result, before, evaluator, rake_percent, rake_cap))
        before = list(result["stacks"])
    return problems


@dataclass
class AuditTally:
    """What a batch of audited sessions held: so a report can say what was really tested."""

    sessions: int = 0
    hands: int = 0
    showdowns: int = 0
    all_in_hands: int = 0  # a player put in every chip it had
    side_pot_hands: int = 0  # more than one pot
    draws: int = 0  # pots settled by the tie-breaker draw
    raked_hands: int = 0

    def add_session(self, results: Sequence[dict[str, Any]], start: Sequence[int]) -> None:
        self.sessions += 1
        before = list(start)
        for result in results:
            self.hands += 1
            self.showdowns += result["showdown"] is not None
            put_in = result["put_in"]
            self.all_in_hands += any(
                put_in[s] and put_in[s] == before[s] for s in range(len(put_in))
            )
            self.side_pot_hands += len(result["pots"]) > 1
            self.draws += sum(1 for p in result["pots"] if p.get("draws"))
            self.raked_hands += result["rake"] > 0
            before = list(result["stacks"])


def play_and_audit(game: Any, seed: int, policy_seed: int,
                   tally: AuditTally | None = None) -> tuple[int, list[str]]:
    """Play one session with a random policy and audit it: (hands played, problems).

    The policy picks uniformly among the listed actions, and now and then types a bet or raise
    of any amount in range instead (amounts the list leaves out), so pots are built from odd
    sizes too. Chips and cards are checked after every decision, the hands at the end.
    """
    import random

    from cardtable.games.day.actions import bet, raise_to
    from cardtable.games.day.state import FINAL, FIRST

    state = game.new_state(seed)
    rng = random.Random(policy_seed)
    problems: list[str] = []
    while not state.is_over:
        seat = state.current
        legal = state.legal_actions(seat)
        action = legal[int(rng.random() * len(legal))]
        if state.phase in (FIRST, FINAL) and rng.random() < 0.25 and state._can_raise(seat):
            low, high = state.bet_range(seat)
            top = min(high, state.commit[seat] + state.totals[seat])
            if low <= top:
                amount = rng.randint(low, top)
                typed = bet(amount) if state.current_bet == 0 else raise_to(amount)
                if state.refusal(seat, typed) is not None:
                    problems.append(f"a bet in range was refused: {typed}")
                    break
                action = typed
        state.apply(seat, action)
        found = state.invariant_violations()
        if found:
            problems.extend(found)
            break
    o = game.options
    start = [o["stack"]] * game.players
    problems.extend(audit_session(state.results, start, game.evaluator, o["rake"],
                                  o["rake_cap"]))
    if tally is not None:
        tally.add_session(state.results, start)
    return len(state.results), problems
