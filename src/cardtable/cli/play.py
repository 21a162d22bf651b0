"""`cardtable play`: a person plays in the terminal against bots.

With no game named, a short menu asks for the game, the number of players, the opponents,
house rules and the seed; Enter takes a sensible default at each question. Every set-up mistake
(unknown game, bot or option, a seat that does not exist) is found before the first card is
dealt, and the flags before the first question, and reported as one line.

After every move the match is also kept as a *sitting* (the record and who sits where) in the
user's data directory, so ``play --resume`` can go on with a match that was quit or cut off.
"""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.text import Text

from cardtable.bots import Bot, bot_about, bot_names, is_bot_name, make_bot, parse_bot_name
from cardtable.cli.numbers import whole
from cardtable.command import cardtable_command
from cardtable.engine.errors import CardtableError, OptionError, RecordError
from cardtable.engine.game import Game, State, game_class, game_names, load_game
from cardtable.engine.options import parse_option_assignments
from cardtable.engine.record import check_record, read_record_file, read_record_text, replay
from cardtable.engine.text import quoted, whole_number
from cardtable.terminal.fit import console as plain_console
from cardtable.terminal.render import unused_path
from cardtable.terminal.session import (
    PAUSE_ENV,
    RECORDS_ENV,
    PlaySession,
    Reader,
    console_reader,
)

RECORDS_DIR = Path("records")  # under the folder play is started in, unless RECORDS_ENV says
MAX_SEED = 2**63 - 1  # as simulate reads seeds
SEED_RANGE = 1_000_000  # a random seed short enough to read out and type again
DEFAULT_TABLE = 3  # you and two bots: a table that is quick to play and to follow
BOT_SEED_FACTOR = 7919
T = TypeVar("T")


def bot_base(seed: int, version: int = 0) -> int:
    """The seed the bots of a match dealt from ``seed`` start from at ``version``. Seeds of 0 or
    more keep the bots they always had; a negative seed's key lies above every other, because
    ``random.seed`` drops the sign and -11 would otherwise play 11's bots."""
    key = seed if seed >= 0 else (1 << 256) - seed
    return key * BOT_SEED_FACTOR + version * 104_729


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
        "--players", "-p", type=whole(1, 99), metavar="N", help="number of players, you included"
    )
    p.add_argument(
        "--bots", "-b", metavar="NAMES",
        help="bots for the other seats in seat order, comma-separated (e.g. greedy,random); "
        "fewer names than seats repeats the last (default: greedy if the game has it, else random)",
    )
    p.add_argument(
        "--seed", type=whole(-MAX_SEED, MAX_SEED), metavar="S",
        help="seed of the deal (default: random, shown)",
    )
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE",
        help="a rule option, e.g. --option target=50 (repeatable; see 'cardtable rules GAME')",
    )
    p.add_argument(
        "--record", type=Path, metavar="FILE",
        help="where to save the game record (default: records/GAME-SEED.json under the "
        f"current folder, or in the folder the environment variable {RECORDS_ENV} names)",
    )
    p.add_argument("--seat", type=whole(-99, 99), default=0, metavar="K",
                   help="your seat, counted from 0 as scripts pass it (default: 0); the "
                   "terminal counts seats from 1, so --seat 1 is the second seat, 'seat 2'")
    p.add_argument(
        "--resume", nargs="?", const="", default=None, metavar="FILE",
        help="go on with a match that was quit or cut off: the latest one (leave out FILE), "
        "a sitting file, or any game record (then --seat and --bots say who sits where)",
    )
    p.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class Setup:
    """A match ready to start: the game, the seed, who sits where, where the record goes."""

    game: Game
    seed: int
    person: int
    bots: dict[int, Bot]
    record: Path
    bot_names: dict[int, str]
    state: State | None = None
    sitting: Path | None = None


def run(args: argparse.Namespace) -> int:
    console = plain_console(highlight=False)
    bots: list[str] | None = split_bots(args.bots) if args.bots is not None else None
    check_flags(args.players, bots, args.seat)
    read = console_reader(console)
    if args.resume is not None:
        if args.game is not None or args.players is not None or args.option or (
                args.seed is not None):
            raise OptionError("--resume takes the game, players, options and seed from the "
                              "file: leave them out")
        setup = resume(args.resume, args.seat, bots, args.record)
    else:
        name: str | None = args.game
        players: int | None = args.players
        options: list[str] = list(args.option)
        seed: int | None = args.seed
        if name is None:
            try:
                choice = menu(console, read, players, bots, args.seat, options, seed)
            except EOFError:
                console.print("\nNo game started.")
                return 0
            name, players, bots, options, seed = choice
        setup = prepare(name, players, bots, args.seat, options, seed, args.record)
    announce(console, setup)
    if setup.state is not None:
        console.print(Text(f"Resumed after {setup.state.version} moves."), soft_wrap=True)
    session = PlaySession(
        setup.game, setup.seed, setup.person, setup.bots, setup.record, console,
        read=read,
        state=setup.state, pause=pause_wanted(), sitting=setup.sitting or sitting_path(setup),
        sitting_info={"person": setup.person, "record_path": str(setup.record.resolve()),
                      "bots": {str(s): n for s, n in setup.bot_names.items()}},
    )
    return session.run()


def pause_wanted() -> bool:
    """Pause at each round's end for a person at a terminal (piped input: nobody to wait for);
    ``CARDTABLE_PAUSE=1`` or ``0`` decides instead."""
    forced = os.environ.get(PAUSE_ENV)
    if forced is not None and forced.strip():
        return forced.strip() not in ("0", "no", "false")
    try:
        return os.isatty(0) and os.isatty(1)
    except OSError:
        return False


def check_flags(players: int | None, bots: Sequence[str] | None, seat: int) -> None:
    """The flags that need no game to be judged, judged before the menu asks anything."""
    if seat < 0:
        raise OptionError(f"--seat must be 0 or more, not {seat}")
    if players is not None:
        if players < 1:
            raise OptionError(f"--players must be at least 1, not {players}")
        if seat >= players:
            raise OptionError(
                f"--seat must be between 0 and {players - 1} with {players} players")
        if bots is not None and len(bots) > players - 1:
            raise OptionError(f"{len(bots)} bots named but {players} players leave "
                              f"{players - 1} seat{'s' if players != 2 else ''} for bots")
    most = max(max(game_class(g).player_counts) for g in game_names())
    if seat >= most:
        raise OptionError(f"--seat {seat}: no game seats more than {most} players (seats 0 to "
                          f"{most - 1})")
    for name in bots or ():
        if not any(is_bot_name(name, game) for game in game_names()):
            raise OptionError(bot_problem(name))


def bot_problem(name: str) -> str:
    """Why no game can make the bot ``name``: its own bot's words about a bad parameter
    (``ismcts: time must be a number``) when some game has a bot of that base name, else
    that no game has one."""
    try:
        base = parse_bot_name(name)[0]
    except OptionError as exc:
        return str(exc)
    for game in game_names():
        if base in bot_names(game):
            try:
                make_bot(name, load_game(game), 0)
            except OptionError as exc:
                return str(exc)
    return f"unknown bot {name!r} (no game has a bot of that name)"


# ---- resuming -------------------------------------------------------------------------------
def sittings_dir() -> Path:
    """Where unfinished matches wait: the user's data directory (XDG_DATA_HOME on Linux)."""
    from platformdirs import user_data_path

    return user_data_path("cardtable", appauthor=False) / "sittings"


def sitting_path(setup: Setup) -> Path:
    return unused_path(sittings_dir(), f"{setup.game.name}-{setup.seed}")


def sitting_of(record: Path) -> Path | None:
    """The sitting kept for the match whose record is ``record``, if one is: resuming from
    the record goes on in that sitting rather than starting a copy beside it."""
    folder = sittings_dir()
    wanted = str(record.resolve())
    for candidate in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:  # the same reader as --resume FILE: a huge or broken file is skipped, not read
            data = read_record_text(read_record_file(candidate, "a sitting"))
        except RecordError:
            continue
        if isinstance(data, dict) and data.get("record_path") == wanted:
            return candidate
    return None


def latest_sitting() -> Path:
    folder = sittings_dir()
    found = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime) if folder.is_dir() \
        else []
    if not found:
        raise RecordError(f"no unfinished match to resume (none is kept in {folder})")
    return found[-1]


def resume(
    file: str, seat: int, bots: Sequence[str] | None, record: Path | None
) -> Setup:
    """Rebuild a quit or interrupted match from a sitting, or from a plain game record (then
    the person takes ``seat`` and bots as ``--bots`` says). The bots are seeded afresh from the
    match's seed and the move reached, so resuming the same file twice plays on the same way."""
    path = latest_sitting() if not file else Path(file)
    text = read_record_file(path, "a sitting or a game record")
    try:  # the record reader refuses huge numbers and deep nesting in one sentence
        data = read_record_text(text, "its text")
    except RecordError as exc:
        raise RecordError(f"{path} is not a sitting or a game record: {exc}") from None
    sitting: Path | None = None
    named: dict[int, str] = {}
    if isinstance(data, dict) and "sitting" in data:
        sitting = path
        try:
            seat = int(data["person"])
            named = {int(s): str(n) for s, n in dict(data["bots"]).items()}
            record_data = data["record"]
            if record is None:
                record = Path(str(data["record_path"]))
        except (KeyError, TypeError, ValueError):
            raise RecordError(f"{path} is a damaged sitting (who sits where is missing)") from None
    else:
        record_data = data
        sitting = sitting_of(record if record is not None else path)
    check_record(record_data, str(path))
    state = replay(record_data)
    game = state.game
    if state.is_over:
        raise RecordError(f"the match in {path} is finished: see it move by move with "
                          f"{cardtable_command()} replay {path} --step --seat {seat}")
    if not 0 <= seat < game.players:
        raise OptionError(f"--seat must be between 0 and {game.players - 1} with "
                          f"{game.players} players")
    if not named:
        names = list(bots) if bots else [default_bot(game.name)]
        others = [s for s in range(game.players) if s != seat]
        names += [names[-1]] * (len(others) - len(names))
        named = dict(zip(others, names[: len(others)], strict=True))
    seed = record_data.get("seed") or 0  # a record dealt by hand has no seed
    bot_seed = bot_base(seed, state.version)
    try:
        seated = {s: make_bot(n, game, bot_seed + s) for s, n in named.items()}
    except CardtableError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if sorted(seated) != [s for s in range(game.players) if s != seat]:
        raise RecordError(f"{path}: the bots do not fill the seats other than seat {seat}")
    if record is None:
        record = path  # a record resumed goes on in its own file
    check_writable(record)
    return Setup(game, seed, seat, seated, record, named, state, sitting)


# ---- set-up ---------------------------------------------------------------------------------
def split_bots(text: str) -> list[str]:
    names = [part.strip().lower() for part in text.split(",")]
    if not all(names):
        raise OptionError(f"--bots {text!r} has an empty name: write e.g. greedy,random")
    return names


def default_bot(game_name: str) -> str:
    """The strongest generally useful opponent: greedy where the game has one, else random."""
    return "greedy" if "greedy" in bot_names(game_name) else "random"


def default_players(cls: type[Game], bots: Sequence[str] | None, seat: int = 0) -> int:
    """As many players as bots named (plus you), else a table of three (you and two bots)
    where the game allows it, never fewer than ``seat`` needs."""
    if bots and len(bots) + 1 in cls.player_counts:
        return len(bots) + 1
    fitting = [n for n in cls.player_counts if n > seat] or list(cls.player_counts)
    return min(fitting, key=lambda n: (abs(n - DEFAULT_TABLE), n))


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
        players = default_players(cls, bots, seat)
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
    bot_seed = bot_base(seed)
    named = dict(zip(others, names, strict=True))
    seated = {s: make_bot(n, game, bot_seed + s) for s, n in named.items()}
    path = record if record is not None else default_record_path(game.name, seed)
    check_writable(path)
    return Setup(game, seed, seat, seated, path, named)


def records_dir() -> Path:
    """Where records go when ``--record`` names no file: the folder ``CARDTABLE_RECORDS``
    names (``~`` allowed), else ``records`` under the current folder."""
    chosen = os.environ.get(RECORDS_ENV, "").strip()
    return Path(chosen).expanduser() if chosen else RECORDS_DIR


def default_record_path(game_name: str, seed: int) -> Path:
    """``records/GAME-SEED.json`` (or in ``CARDTABLE_RECORDS``), numbered on so that an
    earlier record is never overwritten."""
    return unused_path(records_dir(), f"{game_name}-{seed}")


def check_writable(path: Path, flag: str = "--record", what: str = "the record",
                   error: type[CardtableError] = RecordError) -> None:
    """Fail before the deal (or a balance run), not after an hour of it, if ``what`` cannot
    be written at ``path``; its folder is made if need be."""
    if path.is_dir():
        raise error(f"{flag} {path} is a directory: name a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise error(f"cannot create {path.parent} for {what}: {exc.strerror}") from None
    probe = path.with_name(path.name + ".probe")
    try:
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise error(f"cannot write {what} {path}: {exc.strerror or exc}") from None


def announce(console: Console, setup: Setup) -> None:
    game = setup.game
    bots = ",".join(setup.bot_names[s] for s in sorted(setup.bot_names))
    again = f"{cardtable_command()} play {game.name} --players {game.players} --bots {bots}"
    if setup.person:
        again += f" --seat {setup.person}"
    again += f" --seed {setup.seed}"
    for spec in game.option_specs:
        if game.options[spec.name] != spec.default:
            value = game.options[spec.name]
            again += f" --option {spec.name}={'none' if value is None else value}"
    flag = f" (--seat {setup.person})" if setup.person else ""
    seats = f"{game.title}, {game.players} players; you are seat {setup.person + 1}{flag}."
    console.print(Text(seats, "bold"))
    console.print(Text(f"Seed {setup.seed}. To deal this match again:"))
    # One line whatever the width (the terminal folds it): a command wrapped between words
    # was copied as two lines, the second starting "--seed".
    console.print(Text(f"  {again}"), soft_wrap=True)
    console.print(Text("Type help for the legal moves, hint for advice, quit to stop."))


# ---- the menu -------------------------------------------------------------------------------
MenuChoice = tuple[str, int, list[str], list[str], int | None]


def menu(
    console: Console,
    read: Reader,
    players: int | None,
    bots: list[str] | None,
    seat: int,
    options: list[str] | None = None,
    seed: int | None = None,
) -> MenuChoice:
    """Ask for what the command line left open: game, players, opponents, house rules and the
    seed; Enter takes the default shown in brackets (EOFError: the person gave up)."""
    games = [game_class(n) for n in game_names()]
    games = [c for c in games if max(c.player_counts) > seat] or games
    console.print(Text("Games:", "bold"))
    for i, cls in enumerate(games, start=1):
        span = f"{min(cls.player_counts)}-{max(cls.player_counts)}"
        console.print(Text(f"  {i}. {cls.name:<12} {cls.title} ({span} players)"))
    cls = ask(console, read, "Game", games, lambda c: c.name, games[0])
    if players is None:
        counts = [str(c) for c in cls.player_counts if c > seat]
        default = str(default_players(cls, bots, seat))
        players = int(
            ask(console, read, f"Players ({', '.join(counts)})", counts, str, default)
        )
    if bots is None:
        bots = ask_bots(console, read, cls.name, players - 1)
    options = list(options or [])
    if not options and cls.option_specs:
        options = ask_options(console, read, cls)
    if seed is None:
        seed = ask_seed(console, read)
    return cls.name, players, bots, options, seed


def ask_bots(console: Console, read: Reader, game: str, seats: int) -> list[str]:
    """One bot for every seat, or a comma-separated line-up, each listed with how it plays
    (``gentle`` is the children's, ``ismcts`` the strongest)."""
    available = bot_names(game)
    default_name = default_bot(game)
    console.print(Text("Opponents:", "bold"))
    width = max(map(len, available))
    for i, name in enumerate(available, 1):
        about = bot_about(game, name)
        console.print(Text(f"  {i}. {name:<{width}}  {about}".rstrip()))
    while True:
        answer = read(f"Bots for the {seats} other seat{'s' if seats != 1 else ''} "
                      f"[{default_name}]: ").strip().lower()
        if not answer:
            return [default_name]
        try:
            names = split_bots(answer)
        except OptionError as exc:
            console.print(Text(str(exc), "yellow"))
            continue
        names = [available[int(n) - 1] if n.isdigit() and 1 <= int(n) <= len(available)
                 else n for n in names]
        bad = [n for n in names if n not in available]
        if bad:
            console.print(Text(f"{quoted(bad[0])} is not one of: {', '.join(available)}",
                               "yellow"))
        elif len(names) > seats:
            console.print(Text(f"{len(names)} bots named for {seats} seats", "yellow"))
        else:
            return names


def ask_options(console: Console, read: Reader, cls: type[Game]) -> list[str]:
    """House rules as ``name=value`` pairs; ``?`` lists every option with its default."""
    while True:
        answer = read("House rules (name=value ..., ? lists them) [standard rules]: ").strip()
        if not answer:
            return []
        if answer in ("?", "help", "list"):
            for spec in cls.option_specs:
                line = f"{spec.name}={spec.describe_default()}: {spec.doc}"
                for part in textwrap.wrap(line, 78, initial_indent="  ",
                                          subsequent_indent="      "):
                    console.print(Text(part), soft_wrap=True)
            continue
        items = [part for part in answer.replace(",", " ").split() if part]
        try:
            parse_option_assignments(cls.option_specs, items)
        except OptionError as exc:
            console.print(Text(str(exc), "yellow"))
            continue
        return items


def ask_seed(console: Console, read: Reader) -> int | None:
    """The seed of the deal: a number deals a match again; Enter picks one at random."""
    while True:
        answer = read("Seed [random]: ").strip()
        if not answer:
            return None
        seed = whole_number(answer, signed=True, max_digits=18)
        if seed is not None:
            return seed
        console.print(Text(f"{quoted(answer)} is not a seed: type a whole number, or "
                           "Enter for a random one", "yellow"))


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
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        names = ", ".join(label(c) for c in choices)
        console.print(Text(f"{quoted(answer)} is not one of: {names}", "yellow"))
