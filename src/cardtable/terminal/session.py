"""The terminal input loop: one person against bots, any registered game.

The loop knows only the engine protocol and a :class:`~cardtable.terminal.render.Renderer`.
The person's screen is drawn from ``state.view(person)`` and the move log from
``state.events(person)``, worded by the game itself, so the terminal says what the server and
the browser say and never works out what happened by comparing views; bots get a Decision as
everywhere else. Whatever happens (the match ends, ``quit``, end of input, Ctrl-C, even a bug
in a bot) the record is saved before the loop returns, so no match is ever lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import sys
import textwrap
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from cardtable.bots import Bot, Decision
from cardtable.bots.ismcts import hint as search_hint
from cardtable.command import cardtable_command
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Action, Game, State
from cardtable.engine.kit import presentation_for
from cardtable.engine.record import save_record
from cardtable.engine.text import quoted, shorten
from cardtable.terminal import renderer_for
from cardtable.terminal.digest import digest_lines, plain_lines
from cardtable.terminal.fit import reflow
from cardtable.terminal.hearing import COMMAND as HEAR_COMMAND
from cardtable.terminal.hearing import Hearing
from cardtable.terminal.interrupts import CTRL_C
from cardtable.terminal.render import Renderer, View
from cardtable.terminal.scoresheet import DEFAULT_MARK, RECENT_ROWS, ScoreSheet, round_summary

Reader = Callable[[str], str]

COMMANDS: tuple[tuple[str, str], ...] = (
    ("help (h, ?)", "the legal moves now, and these commands"),
    ("hint", "advice: one move, the game's reasons for it and what a second's search of the "
             "unseen cards found"),
    ("table (t)", "show the whole table again"),
    ("hand", "show your cards again"),
    ("log", "the whole log since your last turn (log all: the whole match)"),
    ("sheet", "the score sheet: every round so far"),
    ("rules", "the rules summary, the options in play and what they mean here"),
    ("quit (q)", "stop; the unfinished match is saved"),
)
AUTO_PASS_COMMAND = ("auto", "answer offers made out of turn as the game would when you stay "
                     "silent (again: stop)")
QUIT_WORDS = frozenset({"quit", "q", "exit"})
RESERVED = frozenset({"help", "h", "?", "hint", "table", "t", "hand", "log", "sheet", "rules",
                      "auto", HEAR_COMMAND[0], *QUIT_WORDS})  # commands, read before any move's key
QUIET_EVENTS = frozenset({"dealt_hand"})
EXIT_INTERRUPTED = 130
EXIT_SAVE_FAILED = 1
HINT_SECONDS = 0.8  # the search behind `hint`: answered within a second
LOG_BUDGET = 12  # more log lines than this between two turns are folded into a digest
MAX_INPUT = 200  # characters: longer than any move or command of any game
PAUSE_ENV = "CARDTABLE_PAUSE"  # 1 or 0: pause at each round's end, whatever the input is
RECORDS_ENV = "CARDTABLE_RECORDS"  # the folder records go to when --record names no file
PLAIN_INPUT_ENV = "CARDTABLE_PLAIN_INPUT"  # set (to anything but 0): no line editor
SITTING_FORMAT = 1


def printable(text: str) -> str:
    """Lone surrogates (bytes of typed text that were not UTF-8) shown escaped: printing them
    would raise."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def console_reader(console: Console) -> Reader:
    """Read one line after a prompt; raises EOFError when input ends (piped input included).

    At a real terminal the line is read with prompt_toolkit: arrow keys move in the line and
    up and down walk back through what was typed. Piped input, or the environment variable
    ``CARDTABLE_PLAIN_INPUT`` set, reads a plain line instead (tests driving the terminal, and
    screen readers that prefer it)."""
    if _line_editor_wanted():
        try:
            return _editing_reader()
        except Exception:  # an odd terminal gets plain input, never a crash
            pass

    def read(prompt: str) -> str:
        return console.input(Text(prompt, style="bold"))

    return read


def _line_editor_wanted() -> bool:
    if os.environ.get(PLAIN_INPUT_ENV, "0") not in ("", "0"):
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def _editing_reader() -> Reader:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.formatted_text import FormattedText
    from prompt_toolkit.history import InMemoryHistory

    editor: PromptSession[str] = PromptSession(history=InMemoryHistory())

    def read(prompt: str) -> str:
        return editor.prompt(FormattedText([("bold", prompt)]), pre_run=CTRL_C.check_in_editor)

    return read


class PlaySession:
    """One match at the terminal: the person at ``person``, a bot at every other seat."""

    def __init__(
        self,
        game: Game,
        seed: int,
        person: int,
        bots: Mapping[int, Bot],
        record_path: Path,
        console: Console | None = None,
        renderer: Renderer | None = None,
        read: Reader | None = None,
        *,
        state: State | None = None,
        pause: bool = False,
        sitting: Path | None = None,
        sitting_info: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.person = person
        self.bots = dict(bots)
        self.record_path = record_path
        self.console = console or Console(highlight=False)
        self.renderer = renderer or renderer_for(game)
        self.hearing = Hearing(game)
        self.read: Reader = read or console_reader(self.console)
        # Seats are counted from 1 in everything the person reads, as the browser counts
        # them; ``--seat`` and the records keep counting from 0, as scripts pass them.
        self.labels = [
            f"You (seat {s + 1})" if s == person else f"Seat {s + 1} ({self.bots[s].name})"
            for s in range(game.players)
        ]
        self.state: State = game.new_state(seed) if state is None else state
        self.seen = -1 if state is None else state.version  # the last version shown
        self.pending: list[dict[str, Any]] = []  # events not yet shown to the person
        self.pictured = False  # did the last flush draw a picture (a deal, a score sheet)?
        self.since_turn: list[str] = []  # every log line since the person's last turn ended
        self.pause = pause  # wait for Enter at each round's end (a person at a terminal)
        mark = getattr(getattr(self.renderer, "presentation", None), "round_mark", None)
        self.sheet = ScoreSheet(self.labels, person, mark=mark or DEFAULT_MARK)
        for event in self.state.events(person):  # a resumed match: the rounds already scored
            if event["version"] <= self.seen:
                self.sheet.add(event)
        # The sitting: the record plus who sits where, kept current for --resume.
        self.sitting = sitting
        self.sitting_info = dict(sitting_info or {})
        # Out-of-turn offers (a discard for sale, a chance to call rummy) can come at almost
        # every draw; a person may let the table answer them as the game answers for a seat
        # that stays silent (``state.window_answer``). ``auto`` is offered once one has come.
        self.offered = self.state.window_answer(person) is not None
        self.legend_shown = False
        self.auto_pass = False

    def ask(self, prompt: str) -> str:
        """A line from the person; a Ctrl-C pressed since the last one stops the match here
        even if Python dropped its exception (interrupts.py)."""
        CTRL_C.check()
        return self.read(prompt)

    def say(self, text: str, style: str | None = None) -> None:
        """Print plain text (never markup: card codes look like markup tags). At a terminal a
        long line is wrapped between words; elsewhere (a file, a pipe) it stays one line."""
        self.console.print(Text(text, style=style or ""),
                           soft_wrap=not self.console.is_terminal)

    # ---- the match --------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the match ends or the person stops; return the exit status."""
        try:
            with CTRL_C.watching():
                finished = self._play()
        except KeyboardInterrupt:
            self.say("\nInterrupted.")
            return self._save() or EXIT_INTERRUPTED
        except BaseException:
            self._save()  # a bug in a bot or a renderer still must not lose the match
            raise
        if finished:
            view = self.state.view(self.person)
            self.console.print(self.renderer.final(view, self.labels, self.state.winners,
                                                   self.state.scores))
            if self.sheet.rows:
                self.say("Score sheet:", "bold")
                self.console.print(self.sheet.render(winners=self.state.winners))
        return self._save()

    def _play(self) -> bool:
        """Run turns until the match is over (True) or the person quits or input ends (False)."""
        state = self.state
        shown = False  # has the person seen the table since anything else happened?
        turn_over = False  # has the person moved since the others last did?
        self._show_legend()  # before the others' first moves, which it would push off screen
        if not self._flush():
            return False
        while not state.is_over:
            view = state.view(self.person)
            actors = state.actors
            seat = self.person if self.person in actors else actors[0]
            passed = False
            if seat == self.person and self.auto_pass and self._only_window_answers():
                self._pass_for_person()
                passed = True  # shown with the others' moves, in the digest if long
            elif seat == self.person:
                self._save_sitting()  # the bots' moves since the last save, too
                logged = len(self.pending)
                if not self._flush():
                    return False
                view = state.view(self.person)
                if not shown:
                    self._show_table(view, logged)
                    shown = True
                if not self._person_moves(view):
                    return False
                turn_over = True
            else:
                if turn_over:  # the person's turn is over: `log` tells from here on
                    self.since_turn, turn_over = [], False
                self._bot_moves(seat)
                shown = False
            self._collect()
            if (seat == self.person and not passed) or self._round_ended():
                if not self._flush():
                    return False
                if self.pictured:  # a new deal or a score sheet: the table is worth redrawing
                    shown = False
                elif seat == self.person and self.person in state.actors:
                    self.console.print(self.renderer.hand(state.view(self.person), self.labels))
        return self._flush()

    # ---- the move log -----------------------------------------------------------------------
    def _collect(self) -> None:
        """Take the events since the person last looked, to show at the next flush."""
        self.pending.extend(self.state.events(self.person, self.seen))
        self.seen = self.state.version

    def _round_ended(self) -> bool:
        return any(e["kind"] in ("round_scored", "match_over") for e in self.pending)

    def _flush(self) -> bool:
        """Show what the person has not yet seen: each event in the game's own words, or the
        renderer's fuller picture (a round's score sheet); a run of more than LOG_BUDGET lines
        between pictures is folded into one line a player. At a round's end the running score
        sheet follows, and a pause when the person is at a terminal. False: they quit there."""
        self._collect()
        events, self.pending = self.pending, []
        self.pictured = False
        plain: list[dict[str, Any]] = []
        folded: list[str] = []
        for event in events:
            if event["kind"] in QUIET_EVENTS:
                continue  # the table on screen shows the cards; a line would repeat it
            picture = self._picture(event)
            if picture is None and event["kind"] == "round_scored":
                picture = round_summary(event, self.labels)
            if picture is None:
                plain.append(event)
                continue
            folded += self._say_plain(plain)
            plain = []
            self.console.print(picture, soft_wrap=not self.console.is_terminal)
            self.pictured = True
            if self.sheet.add(event) is not None:
                self.console.print(self.sheet.render(recent=RECENT_ROWS))
                if not self.state.is_over and not self._pause():
                    return False
        folded += self._say_plain(plain)
        self.since_turn += folded
        return True

    def _say_plain(self, events: list[dict[str, Any]]) -> list[str]:
        """Print plain log lines (the seats' answers to one offer as one), or their digest when
        they are too many; the lines."""
        lines = plain_lines(events, self._line, self.labels)
        if len(lines) <= LOG_BUDGET:
            for line in lines:
                self.say(line)
            return lines
        self.say(f"Since your last turn ({len(lines)} lines; type log to read them all):",
                 "bold")
        for line in digest_lines(events, self._line, self.labels):
            self._say_hanging(line, 2, 4)  # wrapped, never cut: the end may be a discard
        return lines

    def _line(self, event: Mapping[str, Any]) -> str:
        """The event's log line, cards named as the table shows them (``log_text``: suit
        symbols for card codes)."""
        return self.renderer.log_text(self.game.log_line(event, self.labels))

    def _pause(self) -> bool:
        """Wait for Enter between rounds (at a terminal only: piped input has no one to wait
        for); ``sheet`` shows the whole sheet, ``quit`` stops, ``end`` waits no more (a player
        out of the match watched every remaining hand one Enter at a time). False: the person
        quit."""
        if not self.pause:
            return True
        while True:
            try:
                word = self.sheet.rows[-1].word.lower() if self.sheet.rows else "round"
                answer = self.ask(f"Enter for the next {word} (sheet, log, end, quit): ")
            except EOFError:
                self.say("\nInput ended: stopping.")
                return False
            word = answer.strip().lower()
            if word in QUIT_WORDS:
                return False
            if word == "end":
                self.pause = False
                self.say("No more stops between rounds: you are asked only for your moves.")
                return True
            if word == "sheet":
                self.console.print(self.sheet.render())
            elif word.startswith("log"):
                self._log(word)
            else:
                return True

    def _picture(self, event: dict[str, Any]) -> Any:
        return self.renderer.event(event, self.labels)

    def _only_window_answers(self) -> bool:
        """Whether the person's move now answers an offer made out of turn."""
        offered = self.state.window_answer(self.person) is not None
        self.offered = self.offered or offered
        return offered

    def _pass_for_person(self) -> None:
        """Answer an offer as the game answers for a silent seat (a pass); the log says "You
        passed on ..." in its turn."""
        answer = self.state.window_answer(self.person)
        if answer is not None:
            self.state.apply(self.person, answer)
            self._autosave()

    def _show_table(self, view: View, logged: int) -> None:
        """The whole table, or at a real terminal too small for it and the log just printed
        (a ten-player table runs past 24 lines), the person's hand and a pointer to ``t``."""
        table = self.renderer.table(view, self.labels, self._legal())
        self._show_legend()
        if self.console.is_terminal and logged:
            height = len(self.console.render_lines(table, pad=False))
            room = self.console.size.height - 2 - min(logged, LOG_BUDGET + 2)
            if height > room:
                self.console.print(self.renderer.hand(view, self.labels))
                self.say(f"(the whole table is {height} lines: type t to see it)", "dim")
                return
        self.console.print(table)

    def _sure_to_quit(self) -> bool:
        """Whether a lone ``q`` at the move prompt means it: ``q`` also leaves the pager, and a
        person who pressed it out of habit once found the match stopped (``quit`` and ``exit``
        stop at once; input that ends stops too)."""
        try:
            answer = self.ask("Stop here? The match is kept for play --resume (y to stop, "
                              "Enter to play on): ")
        except EOFError:
            return True
        return answer.strip().lower() in ("y", "yes", "q", *QUIT_WORDS)

    def _show_legend(self) -> None:
        """The options' explanations, once a sitting: they do not change."""
        if self.legend_shown:
            return
        self.legend_shown = True
        view = self.state.view(self.person)
        for line in self.renderer.legend(view, self.labels, self._legal()):
            self.say(line, "dim")

    def _bot_moves(self, seat: int) -> None:
        state = self.state
        bot = self.bots[seat]
        state.apply(seat, bot.choose(Decision.for_bot(state, seat, bot)))

    def _person_moves(self, view: View) -> bool:
        """Read commands until one move is made (True), or the person stops (False)."""
        self._only_window_answers()  # an offer on screen: `auto` is worth listing from now
        prompt = self._fitted(
            f"Your move ({self.renderer.prompt(view, self.labels, self._legal())}): ")
        while True:
            try:
                line = self.ask(prompt)
            except EOFError:
                self.say("\nInput ended: stopping.")
                return False
            command = line.strip()
            word = command.lower()
            if not command:
                continue
            if len(command) > MAX_INPUT:
                self.say(f"That line is {len(command):,} characters long, too long for a move: "
                         f"{quoted(command)} (type help for the legal moves)", "yellow")
                continue
            if word in QUIT_WORDS:
                if word == "q" and not self._sure_to_quit():
                    continue
                return False
            if word in ("log", "log all"):
                self._log(word)
            elif word == "sheet":
                self.console.print(self.sheet.render())
            elif word in ("help", "h", "?") or word.startswith("help "):
                self._help(word[4:].strip())
            elif word == "hint":
                for line in self._hints(view):
                    self.say(line)
            elif word in ("table", "t"):
                self.console.print(self.renderer.table(view, self.labels, self._legal()))
            elif word == "hand":
                self.console.print(self.renderer.hand(view, self.labels))
            elif word == "rules":
                self._rules()
            elif self.hearing.offered and (word == "hear" or word.startswith("hear ")):
                self._hear(command[4:].strip(), view)
            elif word == AUTO_PASS_COMMAND[0] and not self._has_windows():
                self.say("This game makes no offers out of turn (nothing is for sale between "
                         "turns), so there is nothing for auto to pass.")
            elif word == AUTO_PASS_COMMAND[0]:
                if self._toggle_auto_pass() and self._only_window_answers():
                    self._pass_for_person()  # the offer on screen now, too
                    return True
            elif self._try_move(command, view):
                return True

    def _fitted(self, prompt: str) -> str:
        """At a terminal, the question broken between words to fit its width (the line
        editor would cut a word in two); elsewhere one line, as it was asked."""
        if not self.console.is_terminal:
            return prompt
        lines = textwrap.wrap(prompt.rstrip(), max(20, self.console.width - 1))
        return "\n".join(lines) + " "

    def _legal(self) -> list[Action]:
        return list(self.state.legal_actions(self.person))

    def _try_move(self, command: str, view: View) -> bool:
        # Read as the server reads a browser's typed move: the same words, the same move.
        read = self.renderer.typed(command, view, self.labels, self._legal())
        if read.move is None:
            self.say(f"{printable(read.why(command))}.", "yellow")
            return False
        try:
            self.state.apply(self.person, self.game.parse_action(read.move))
        except (CardtableError, ValueError) as exc:  # the rules' refusal, in their words
            self.say(f"{printable(shorten(str(exc)))} (type help for the legal moves)", "yellow")
            return False
        self._autosave()
        return True

    # ---- commands ---------------------------------------------------------------------------
    def _log(self, word: str) -> None:
        """``log``: every line since the person's last turn ended (what a digest folded among
        them); ``log all``: the whole match so far."""
        if word == "log all":
            lines = [self._line(e) for e in self.state.events(self.person, -1)
                     if e["version"] <= self.seen and e["kind"] not in QUIET_EVENTS]
        else:
            lines = self.since_turn
        if not lines:
            self.say("Nothing has happened since your last turn.")
        for line in lines:
            self.say(line)

    def _hints(self, view: View) -> list[str]:
        """``hint``: one move and its reasons. The search (within about a second, from the
        person's sealed observation only; the same seat and version give the same advice)
        keeps the game's own player's move unless a challenger beats it clearly, so its move
        is the hint's; the reasons are the game's words for that move, then what the
        play-outs found. Two lines naming two moves ("Buy the A♥: it completes two sets",
        then "Search: Try pass") left the person to judge between the advisers."""
        advice = search_hint(self.state, self.person, HINT_SECONDS, seed=self.seed)
        return [self.renderer.log_text(f"Hint: {advice.words}".rstrip())]

    def _has_windows(self) -> bool:
        """Whether the game ever asks a seat out of turn (its state answers for a silent seat:
        ``window_answer``); a game that never does has nothing for ``auto`` to pass."""
        return type(self.state).window_answer is not State.window_answer

    def _toggle_auto_pass(self) -> bool:
        """Switch auto-pass; True when it is now on."""
        self.auto_pass = not self.auto_pass
        if self.auto_pass:
            self.say("Auto-pass on: offers made out of turn (a discard for sale) are passed for "
                     "you. Type auto again to answer them yourself.")
        else:
            self.say("Auto-pass off: you will be asked at every offer again.")
        return self.auto_pass

    def _help(self, topic: str = "") -> None:
        """The legal moves and the commands; ``help TOPIC`` goes to a renderer that offers
        ``help_groups`` (a summary of long groups, and pages of them by topic). At a terminal
        a help taller than the screen is shown a screenful at a time, so the first moves do
        not scroll away before they are read."""
        if not self.console.is_terminal:
            self._write_help(topic)
            return
        with self.console.capture() as captured:
            self._write_help(topic)
        self._paged(captured.get().rstrip("\n").split("\n"))

    def _paged(self, lines: list[str]) -> None:
        """Print ``lines`` (already fitted to the width) a screenful at a time: Enter shows
        the next, q (or the end of input) stops."""
        room = max(4, self.console.size.height - 2)  # the pager's question and the prompt
        start = 0
        while True:
            for line in lines[start:start + room]:
                self.console.print(Text.from_ansi(line), soft_wrap=True)
            start += room
            if start >= len(lines):
                return
            left = len(lines) - start
            try:
                answer = self.ask(f"-- {left} more line{'s' if left != 1 else ''}: Enter for "
                                   "more, q to stop -- ")
            except EOFError:
                return
            if answer.strip().lower() in ("q", *QUIT_WORDS):
                return

    def _write_help(self, topic: str) -> None:
        legal = self._legal()
        view = self.state.view(self.person)
        self.say("Legal moves now:", "bold")
        for title, items in self.renderer.help_groups(view, self.labels, legal, topic):
            self.say(f"  {title}:")
            if any("  " in item for item in items):  # a move and its words: one a line
                for item in items:
                    self._say_hanging(item, 4)
                continue
            columns = Columns([Text(item) for item in items], padding=(0, 3))
            self.console.print(Padding(columns, (0, 0, 0, 4)))
        self.say("Commands:", "bold")
        commands = [*COMMANDS, AUTO_PASS_COMMAND] if self.offered or self.auto_pass else COMMANDS
        if self.hearing.offered:
            commands = [*commands[:-1], HEAR_COMMAND, commands[-1]]  # quit stays last
        for what, meaning in commands:
            self._say_hanging(f"{what:<14} {meaning}", 2, 17)
        # A key that is also a command's (t: the table) stays the command's.
        shortcuts = [(what, meaning)
                     for what, meaning in self.renderer.shortcuts(view, self.labels, legal)
                     if what.split()[0].lower() not in RESERVED]
        if shortcuts:
            self.say("Shortcuts:", "bold")
            for what, meaning in shortcuts:
                self._say_hanging(f"{what:<14} {meaning}", 2, 17)

    def _say_hanging(self, text: str, indent: int, rest: int | None = None) -> None:
        """One item of ``help`` or of the digest, indented; at a terminal its words wrap
        between words, the lines after the first indented by ``rest`` (else alike)."""
        if not self.console.is_terminal:
            self.say(" " * indent + text)
            return
        rest = indent if rest is None else rest
        width = max(20, self.console.width - 1)
        for line in textwrap.wrap(text, width, initial_indent=" " * indent,
                                  subsequent_indent=" " * rest, break_long_words=False,
                                  break_on_hyphens=False) or [""]:
            self.console.print(Text(line), soft_wrap=True)

    def _hear(self, what: str, view: View) -> None:
        """``hear``: the cards' sounds or a word on the table, played here."""
        hand = list(view["zones"].get(f"hand:{self.person}", {}).get("cards") or [])
        board = presentation_for(self.game).board(view, [], self.labels)
        try:
            for line in self.hearing.hear(what, hand, board):
                self.say(line)
        except CardtableError as exc:
            self.say(f"{printable(shorten(str(exc)))}", "yellow")

    def _rules(self) -> None:
        """The rules summary (wrapped again between words for this terminal's width), the
        options in play and what they mean at this table."""
        summary = self.game.rules_summary()
        if self.console.is_terminal:
            summary = reflow(summary, max(20, self.console.width - 1))
        for line in summary.split("\n"):
            self.say(line)
        options = ", ".join(
            f"{key}={'none' if value is None else value}"
            for key, value in self.game.options.items()
        )
        self.say(f"Options in play: {options}")
        for line in self.renderer.legend(self.state.view(self.person), self.labels,
                                         self._legal()):
            self._say_hanging(line, 2)

    # ---- the record -------------------------------------------------------------------------
    def _autosave(self) -> None:
        """Keep the files current after each of the person's moves, in case the terminal dies."""
        with contextlib.suppress(OSError):  # reported by the final save, which tries again
            save_record(self.state, self.record_path)
        self._save_sitting()

    def _save_sitting(self) -> OSError | None:
        """Write the sitting (the record, who sits where) for ``play --resume``: to a temporary
        file first, then renamed over the old one, so a crash mid-write never spoils it. A
        finished match has nothing to resume: its sitting is removed. Resuming is a
        convenience (the record is the match), so a failure is returned, not raised: the final
        save says so rather than promise a resume that would find nothing."""
        if self.sitting is None:
            return None
        try:
            if self.state.is_over:
                self.sitting.unlink(missing_ok=True)
                return None
            data = {"sitting": SITTING_FORMAT, **self.sitting_info,
                    "record": self.state.record()}
            self.sitting.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.sitting.with_name(self.sitting.name + ".tmp")
            with tmp.open("w", encoding="utf-8") as out:
                json.dump(data, out)
                out.flush()
                os.fsync(out.fileno())
            tmp.replace(self.sitting)
        except OSError as exc:
            return exc
        return None

    def _save(self) -> int:
        """Save the record and say where; 0 on success, non-zero if it could not be written."""
        finished = self.state.is_over
        unkept = self._save_sitting()
        try:
            path = save_record(self.state, self.record_path)
        except OSError as exc:
            self.say(
                f"Could not save the record to {self.record_path}: {exc.strerror or exc}", "red"
            )
            return EXIT_SAVE_FAILED
        what = "Record" if finished else "Unfinished match record"
        where = "" if path.is_absolute() else (
            f" (in {Path.cwd()}; {RECORDS_ENV}=FOLDER keeps them elsewhere)")
        self.say(f"{what} saved to {path}{where}")
        if not finished and self.sitting is not None:
            if unkept is None:
                self.say(f"To go on with it later: {cardtable_command()} play --resume")
            else:
                # `play --resume` alone would find nothing; the record resumes as well.
                bots = self.sitting_info.get("bots") or {}
                seated = ",".join(str(bots[k]) for k in sorted(bots, key=int))
                again = f"play --resume {shlex.quote(str(path))} --seat {self.person}" + (
                    f" --bots {shlex.quote(seated)}" if seated else "")
                self.say(f"Could not keep the match in {self.sitting.parent} for a plain "
                         f"--resume ({unkept.strerror or unkept}). To go on with it later: "
                         f"{cardtable_command()} {again}", "red")
        return 0
