"""`cardtable play`: a person plays in the terminal against bots.

With no game named, a short menu asks for the game, the number of players and the opponents.
Every set-up mistake (unknown game, bot or option, a seat that does not exist) is found before
the first card is dealt and reported as one line.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.text import Text

from cardtable.bots import Bot, bot_names, make_bot
from cardtable.engine.errors import OptionError, RecordError
from cardtable.engine.game import Game, game_class, game_names, load_game
from cardtable.engine.options import parse_option_assignments
from cardtable.terminal.session import PlaySession, Reader, console_reader

RECORDS_DIR = Path("records")
SEED_RANGE = 1_000_000  # a random seed short enough to read out and type again
T = TypeVar("T")


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description=(
            "Play in the terminal against bots. Leave out GAME for a menu. Type 'help' during "
            "play for the legal moves. The game record is saved when the match ends, and also "
            "if you quit early."
        ),
    )
    p.add_argument(
        "game", nargs="?", metavar="GAME", help="the game to play (leave out for a menu)"
    )
    p.add_argument(
        "--players", "-p", type=int, metavar="N", help="number of players, you included"
    )
    p.add_argument(
        "--bots", "-b", metavar="NAMES",
        help="bots for the other seats in seat order, comma-separated (e.g. greedy,random); "
        "fewer names than seats repeats the last (default: greedy if the game has it, else random)",
    )
    p.add_argument(
        "--seed", type=int, metavar="S", help="seed of the deal (default: random, shown)"
    )
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE",
        help="a rule option, e.g. --option target=50 (repeatable; see 'cardtable rules GAME')",
    )
    p.add_argument(
        "--record", type=Path, metavar="FILE",
        help="where to save the game record (default: records/GAME-SEED.json)",
    )
    p.add_argument("--seat", type=int, default=0, metavar="K", help="your seat (default: 0)")
    p.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class Setup:
    """A match ready to start: the game, the seed, who sits where, where the record goes."""

    game: Game
    seed: int
    person: int
    bots: dict[int, Bot]
    record: Path


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    read = console_reader(console)
    name: str | None = args.game
    players: int | None = args.players
    bots: list[str] | None = split_bots(args.bots) if args.bots is not None else None
    if name is None:
        try:
            name, players, bots = menu(console, read, players, bots, args.seat)
        except EOFError:
            console.print("\nNo game started.")
            return 0
    setup = prepare(name, players, bots, args.seat, args.option, args.seed, args.record)
    announce(console, setup)
    session = PlaySession(
        setup.game, setup.seed, setup.person, setup.bots, setup.record, console, read=read
    )
    return session.run()


# ---- set-up ---------------------------------------------------------------------------------
def split_bots(text: str) -> list[str]:
    names = [part.strip().lower() for part in text.split(",")]
    if not all(names):
        raise OptionError(f"--bots {text!r} has an empty name: write e.g. greedy,random")
    return names


def default_bot(game_name: str) -> str:
    """The strongest generally useful opponent: greedy where the game has one, else random."""
    return "greedy" if "greedy" in bot_names(game_name) else "random"


def default_players(cls: type[Game], bots: Sequence[str] | None) -> int:
    if bots and len(bots) + 1 in cls.player_counts:
        return len(bots) + 1
    return max(cls.player_counts)


def prepare(
    name: str,
    players: int | None,
    bots: Sequence[str] | None,
    seat: int,
    option_items: list[str],
    seed: int | None,
    record: Path | None,
) -> Setup:
    """Check everything the command line asked for and build the match, or raise one error."""
    cls = game_class(name)
    options = parse_option_assignments(cls.option_specs, option_items)
    if players is None:
        players = default_players(cls, bots)
    game = load_game(cls.name, players, options)
    if not 0 <= seat < players:
        raise OptionError(f"--seat must be between 0 and {players - 1} with {players} players")
    names = list(bots) if bots else [default_bot(game.name)]
    others = [s for s in range(players) if s != seat]
    if len(names) > len(others):
        raise OptionError(
            f"{len(names)} bots named but {players} players leave {len(others)} seat"
            f"{'s' if len(others) != 1 else ''} for bots"
        )
    names += [names[-1]] * (len(others) - len(names))
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") % SEED_RANGE
    bot_seed = seed * 7919
    seated = {s: make_bot(n, game, bot_seed + s) for s, n in zip(others, names, strict=True)}
    path = record if record is not None else default_record_path(game.name, seed)
    check_writable(path)
    return Setup(game, seed, seat, seated, path)


def default_record_path(game_name: str, seed: int) -> Path:
    """``records/GAME-SEED.json``, numbered on so that an earlier record is never overwritten."""
    path = RECORDS_DIR / f"{game_name}-{seed}.json"
    number = 2
    while path.exists():
        path = RECORDS_DIR / f"{game_name}-{seed}-{number}.json"
        number += 1
    return path


def check_writable(path: Path) -> None:
    """Fail before the deal, not after an hour's play, if the record cannot be written."""
    if path.is_dir():
        raise RecordError(f"--record {path} is a directory: name a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordError(f"cannot create {path.parent} for the record: {exc.strerror}") from None
    probe = path.with_name(path.name + ".probe")
    try:
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise RecordError(f"cannot write the record {path}: {exc.strerror or exc}") from None


def announce(console: Console, setup: Setup) -> None:
    game = setup.game
    bots = ",".join(setup.bots[s].name for s in sorted(setup.bots))
    again = f"cardtable play {game.name} --players {game.players} --bots {bots}"
    if setup.person:
        again += f" --seat {setup.person}"
    again += f" --seed {setup.seed}"
    for spec in game.option_specs:
        if game.options[spec.name] != spec.default:
            value = game.options[spec.name]
            again += f" --option {spec.name}={'none' if value is None else value}"
    seats = f"{game.title}, {game.players} players; you are seat {setup.person}."
    console.print(Text(seats, "bold"))
    console.print(Text(f"Seed {setup.seed}. To deal this match again: {again}"), soft_wrap=True)
    console.print(Text("Type help for the legal moves, hint for advice, quit to stop."))


# ---- the menu -------------------------------------------------------------------------------
def menu(
    console: Console,
    read: Reader,
    players: int | None,
    bots: list[str] | None,
    seat: int,
) -> tuple[str, int, list[str]]:
    """Ask for what the command line left open: game, players, opponents (EOFError: give up)."""
    games = [game_class(n) for n in game_names()]
    console.print(Text("Games:", "bold"))
    for i, cls in enumerate(games, start=1):
        span = f"{min(cls.player_counts)}-{max(cls.player_counts)}"
        console.print(Text(f"  {i}. {cls.name:<12} {cls.title} ({span} players)"))
    cls = ask(console, read, "Game", games, lambda c: c.name, games[0])
    if players is None:
        counts = [str(c) for c in cls.player_counts]
        default = str(default_players(cls, bots))
        players = int(
            ask(console, read, f"Players ({', '.join(counts)})", counts, str, default)
        )
    if bots is None:
        available = bot_names(cls.name)
        default_name = default_bot(cls.name)
        console.print(Text(f"Opponents (bots: {', '.join(available)}):", "bold"))
        bots = [
            ask(console, read, f"  Seat {s}", available, str, default_name)
            for s in range(players)
            if s != seat
        ]
    return cls.name, players, bots


def ask(
    console: Console,
    read: Reader,
    question: str,
    choices: Sequence[T],
    label: Callable[[T], str],
    default: T,
) -> T:
    """One menu question: a number from the list or a name; Enter takes the default."""
    while True:
        answer = read(f"{question} [{label(default)}]: ").strip().lower()
        if not answer:
            return default
        for choice in choices:  # names first: a player count is both a name and a number
            if label(choice).lower() == answer:
                return choice
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        names = ", ".join(label(c) for c in choices)
        console.print(Text(f"{answer!r} is not one of: {names}", "yellow"))
