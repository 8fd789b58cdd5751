"""Playing a whole game in the terminal: the person is seat 1, bots take every other seat."""

from __future__ import annotations

import asyncio
import shlex
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TextIO

from bot.console.narrate import choice_page, describe_outcome, page_count, seat_names
from bot.console.rulebook import contents, phase_page, rules_pages, show_page
from bot.service.app import Services
from bot.service.ratings import RATED_OPTION
from bot.service.tables import TableService
from bot.service.values import Delivery, SeatUpdate, ServiceError
from engines.core import Action, AnyRuleset, GameConfig, Prompt, counted, fill_names
from engines.core.driver import bot_for
from engines.core.lesson import Lesson
from engines.core.record import dump
from engines.core.ruleset import LANGUAGE_OPTION
from render import registry as render_registry

HUMAN = 0
USER = 1  # the person's user id in the terminal's private database
CHANNEL = 1  # the terminal's one "DM channel"
#: the exit status of a game left with Ctrl-C (128 + SIGINT, as shells report it)
INTERRUPTED = 130
HELP = (
    "Type a choice number or its key; n/p turn pages, t shows the table again, "
    "c shows the text of the cards in play and on offer, h the rules of this step (h N: page N), "
    "hint the hard bot's suggestion, ? this help, q quits."
)

#: what ``h`` shows for a prompt: the rules page for its step, or the list of pages
RulesFor = Callable[[Prompt, str], str]


class Quit(Exception):
    """The person asked to stop (q or end of input; Ctrl-C is a ``KeyboardInterrupt``)."""


class HintAsked(Exception):
    """The person typed ``hint``: the game answers through the service, then asks again."""


@dataclass
class Chooser:
    """Reads one decision from a stream, paging long lists and re-asking on bad input."""

    inp: TextIO
    out: TextIO
    page: int = 0
    shown: list[str] = field(default_factory=list)
    cards: str = ""  # the rules text of the cards in view, shown with 'c'
    rules: RulesFor | None = None  # the rules pages, shown with 'h'

    def ask(self, prompt: Prompt, actions: Sequence[Action], table: str, cards: str = "") -> Action:
        """Show the choices and return the one picked; 'q' or end of input raises ``Quit``.

        ``cards`` is the rules text of the cards the table and the choices name ('c' shows it).
        """
        self.cards = cards
        self.page = 0
        self._show(prompt, actions)
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise Quit("end of input")
            picked = self._resolve(line.strip(), actions, table, prompt)
            if picked is not None:
                return picked

    def _show(self, prompt: Prompt, actions: Sequence[Action]) -> None:
        self.out.write(f"\n{prompt.text}\n" + "\n".join(choice_page(actions, self.page)) + "\n")

    def _resolve(self, text: str, actions: Sequence[Action], table: str, prompt: Prompt) -> Action | None:
        lowered = text.lower()
        pages = page_count(actions)
        if not text:
            self.out.write(f"Please choose something. {HELP}\n")
        elif lowered in {"q", "quit", "exit"}:
            raise Quit("quit")
        elif lowered in {"?", "help"}:
            self.out.write(HELP + "\n")
        elif lowered == "hint":
            raise HintAsked
        elif lowered == "h" or lowered.startswith("h "):
            page = lowered[1:].strip()
            self.out.write((self.rules(prompt, page) if self.rules else "No rules pages here.") + "\n")
            self._show(prompt, actions)
        elif lowered in {"t", "table"}:
            self.out.write(table + "\n")
            self._show(prompt, actions)
        elif lowered in {"c", "cards"}:
            self.out.write(
                (getattr(self, "cards", "") or "No card on the table or among your choices.") + "\n"
            )
            self._show(prompt, actions)
        elif lowered in {"n", "next", "p", "prev", "previous"}:
            step = 1 if lowered.startswith("n") else -1
            if 0 <= self.page + step < pages:
                self.page += step
                self._show(prompt, actions)
            else:
                where = "last" if step > 0 else "first"
                self.out.write(f"This is the {where} page ({self.page + 1} of {pages}).\n")
        elif text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            self.out.write(f"There is no choice {number}; pick a number from 1 to {len(actions)}.\n")
        else:
            for action in actions:
                if action.key == text or action.key.lower() == lowered:
                    return action
            self.out.write(f"{text!r} is neither a choice number nor one of the action keys shown. {HELP}\n")
        return None


@contextmanager
def interrupts_stop_at_once() -> Iterator[Callable[[], bool]]:
    """While inside, Ctrl-C raises ``KeyboardInterrupt`` at once, wherever the game is; yields
    whether it was pressed.

    ``asyncio.run`` puts its own SIGINT handler in place when it finds Python's default one: the
    first Ctrl-C then only cancels the main task, which does not wake a prompt blocked reading
    the terminal (nothing seems to happen), and the second, raised in the middle of that
    cancellation, breaks the database clean-up into a traceback. With a handler of our own in
    place asyncio leaves SIGINT alone. Further Ctrl-Cs are ignored while the first one is being
    handled, so the clean-up always runs to its end. A SIGINT that was ignored (a game started
    with ``nohup``) stays ignored, and threads other than the main one cannot set handlers.

    Raised "wherever the game is" can be inside a finaliser (a ``__del__`` the garbage collector
    runs), where Python prints the exception and drops it; the game would then play on, deaf to
    further Ctrl-Cs. So the press is also remembered: the game asks at each move and at the end
    of input (``TerminalGame.leave_if_interrupted``) and raises it again there.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield lambda: False
        return
    interrupted = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal interrupted
        if not interrupted:
            interrupted = True
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield lambda: interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


@dataclass
class TerminalGame:
    """One game in the terminal, played through the session service on an in-memory database.

    Why through the service: the terminal then deals, applies, runs the bots, records the moves
    and filters secrets exactly as a Discord table does, so playing here exercises sessions too.
    Pictures of the table are written only when ``images`` names a folder: a game draws a board
    and a hand at every decision, tens of megabytes that nobody asked for otherwise.
    """

    ruleset: AnyRuleset
    config: GameConfig
    seed: int
    difficulty: str
    images: Path | None
    out: TextIO
    #: where the finished game's record goes, for ``tablekeeper replay`` (None: nowhere)
    save: Path | None = None
    written: list[Path] = field(default_factory=list)
    #: the services the game is played through, while it runs (hooks such as :meth:`lesson` read them)
    services: Services | None = field(default=None, init=False, repr=False)
    #: whether Ctrl-C was pressed, while :meth:`play` runs
    interrupted: Callable[[], bool] = field(default=lambda: False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        bot = bot_for(self.ruleset, self.difficulty)
        label = f"{self.difficulty} bot" if self.difficulty in {"easy", "normal", "hard"} else bot.name
        self.names = seat_names(self.config.players, HUMAN, label)
        # card names on the table are in the table's language: look them up in the same one
        self.lang = self.ruleset.language(str(self.config.options.get(LANGUAGE_OPTION, "en")))
        self.catalogue = self.ruleset.catalogue(self.lang)
        # The person's own decisions, not the game's move number: that counts the bots' hidden
        # moves too, and would tell the person about them.
        self.decisions = 0
        self.table_id = 0  # the in-memory table, once dealt
        self.finished = False

    def card_texts(self, table: str, actions: Sequence[Action]) -> str:
        """The rules text of every catalogue card named on the table or among the choices."""
        seen = table + "\n" + "\n".join(a.label for a in actions)
        found = [e for e in self.catalogue if e.name and e.name in seen]
        return "\n".join(f"{e.name} ({e.stats}): {e.text}" for e in found)

    def rules_for(self, prompt: Prompt, page: str = "") -> str:
        """What ``h`` shows: the rules page of this step (``page``: that page), else the page list."""
        try:
            pages = rules_pages(self.ruleset, self.lang)
        except ValueError as exc:  # SetupError: this game has no rules summary
            return str(exc)
        hint = f"`h N` shows page N (1 to {len(pages)})."
        if page:
            if not page.isdigit() or not 1 <= int(page) <= len(pages):
                return f"There is no rules page {page!r}; {hint}"
            return show_page(self.ruleset, pages, int(page) - 1)
        index = phase_page(self.ruleset, prompt.kind)
        if index is None or index >= len(pages):
            return f"{self.ruleset.title} rules, {len(pages)} pages:\n{contents(pages)}\n{hint}"
        return show_page(self.ruleset, pages, index) + f"\n\n({hint})"

    def replay_command(self) -> str:
        """The command that deals this very game again: game, mode, seats, options and seed."""
        parts = ["tablekeeper", "play", self.ruleset.slug, "--mode", self.config.mode]
        parts += ["--players", str(self.config.players)]
        for name, value in sorted(self.config.options.items()):
            parts += ["--option", f"{name}={value}"]
        for seat, chosen in enumerate(self.config.seat_options, start=1):
            for name, value in sorted(chosen.items()):
                parts += ["--seat-option", f"{seat}:{name}={value}"]
        parts += ["--difficulty", self.difficulty, "--seed", str(self.seed)]
        return shlex.join(parts)

    def write_images(self, delivery: Delivery, mine: SeatUpdate) -> list[Path]:
        """Write the public board and the person's private image of this delivery (if asked to)."""
        if self.images is None:
            return []
        seq = self.decisions
        self.images.mkdir(parents=True, exist_ok=True)
        paths = [self.images / f"{seq:04d}-board.png"]
        paths[0].write_bytes(delivery.public.board_png)
        if mine.image is not None:
            paths.append(self.images / f"{seq:04d}-hand.png")
            paths[1].write_bytes(mine.image)
        self.written.extend(paths)
        return paths

    def say(self, lines: Sequence[str]) -> None:
        """Print narration lines."""
        for line in lines:
            self.out.write(f"  * {line}\n")

    def opening(self) -> None:
        """The table as dealt, before any bot moves: setup, who goes first, the first turn.

        Dealing a game yields no events, so narration alone would begin at the first bot's move,
        part-way through the first turn. The game's own account of the dealt table opens the log
        instead: the deal is fixed by the seed, so it is dealt here again to be described. When
        the person is the only one asked first, their first move shows that same table at once,
        so it is not printed twice.
        """
        dealt = self.ruleset.setup(self.ruleset.resolve_config(self.config), self.seed)
        if any(seat != HUMAN for seat in self.ruleset.prompts(dealt)):
            describe = render_registry.get(self.ruleset.slug).describe
            table = fill_names(describe(self.ruleset.view(dealt, HUMAN)), self.names)
            self.out.write(f"\n--- the game begins ---\n{table}\n")

    async def lesson(self) -> Lesson | None:
        """What a tutorial tells the person at this point (None: an ordinary game tells nothing)."""
        return None

    def leave(self) -> None:
        """Say how far the person got and how to deal this game again."""
        self.out.write(
            f"\nLeaving the game after {self.decisions} of your moves. "
            f"Replay it with: {self.replay_command()}\n"
        )
        self.out.flush()

    def play(self, chooser: Chooser) -> int:
        """Play to the end; returns the exit status: 0 for a finished or left game, 130 for Ctrl-C."""
        chooser.rules = self.rules_for
        try:
            with interrupts_stop_at_once() as self.interrupted:
                return asyncio.run(self._play(chooser))
        except KeyboardInterrupt:
            # asyncio.run has closed the database by now: the task's clean-up ran before it returned
            self.leave()
            return INTERRUPTED

    async def _play(self, chooser: Chooser) -> int:
        services = self.services = await Services.in_memory()
        try:
            status = await self._session(services.tables, chooser)
            if self.save is not None:
                await self._save(services, self.save)
            return status
        finally:
            await services.close()

    async def _save(self, services: Services, path: Path) -> None:
        """Write the game's record to ``path`` if it was played to its end; say what happened."""
        if not self.finished:
            self.out.write("No record saved: the game was left before its end.\n")
            return
        try:
            record = await services.replays.record(self.table_id, USER)
        except ServiceError as exc:
            self.out.write(f"No record saved: {exc.message}\n")
            return
        path.write_bytes(dump(record))
        self.out.write(f"Record saved; step through it with: tablekeeper replay {shlex.quote(str(path))}\n")

    async def _open(self, tables: TableService) -> Delivery:
        seats = self.config.seat_options
        return await tables.open_solo(
            USER,
            CHANNEL,
            self.ruleset.slug,
            self.config.mode,
            self.difficulty,
            # nothing played here counts (the database goes at exit): unrated, so hints are on
            {**self.config.options, RATED_OPTION: False},
            players=self.config.players,
            seat_options=dict(seats[0]) if seats else None,
            seed=self.seed,
            names=self.names,
            bot_options=[dict(chosen) for chosen in seats[1:]],
        )

    async def _session(self, tables: TableService, chooser: Chooser) -> int:
        mode = self.ruleset.mode(self.config.mode)
        where = f"Pictures of the table go to {self.images}\n" if self.images is not None else ""
        self.out.write(
            f"{self.ruleset.title}, {mode.title}: {counted(self.config.players, 'player')}, "
            f"seed {self.seed}. You are {self.names[HUMAN]}.\n{where}{HELP}\n"
        )
        self.opening()
        delivery = await self._open(tables)
        self.table_id = delivery.table.id
        try:
            while True:
                mine = _seat_update(delivery)
                taught = await self.lesson()
                if taught is not None and taught.note:
                    self.out.write(f"  ~ {taught.note}\n")
                self.say(mine.narration)
                if delivery.outcome is not None or mine.prompt is None:
                    break
                self.write_images(delivery, mine)
                self.out.write(f"\n--- your move {self.decisions + 1} ---\n{mine.text}\n")
                for text in taught.explains if taught is not None else ():
                    self.out.write(f"\n>> {text}\n")
                self.leave_if_interrupted()
                action = await self._choose(chooser, mine)
                try:
                    delivery = await tables.act(delivery.table.id, USER, mine.token, action.key, HUMAN)
                except ServiceError as exc:  # a listed choice is legal; say so plainly if not
                    self.out.write(f"Refused: {exc.message}\n")
                    delivery = await tables.current(delivery.table.id)
                    continue
                self.decisions += 1
        except (Quit, EOFError):
            self.leave_if_interrupted()  # input that ended after a Ctrl-C still leaves as Ctrl-C does
            self.leave()
            return 0
        self.write_images(delivery, mine)
        self.out.write(f"\n{mine.text}\n")
        if delivery.outcome is not None:
            self.out.write(describe_outcome(delivery.outcome, self.names) + "\n")
            self.finished = True
        return 0

    def leave_if_interrupted(self) -> None:
        """Raise again a Ctrl-C whose ``KeyboardInterrupt`` a finaliser dropped (see the context above)."""
        if self.interrupted():
            raise KeyboardInterrupt

    async def _choose(self, chooser: Chooser, mine: SeatUpdate) -> Action:
        """The person's choice; ``hint`` on the way is answered by the service and asked again."""
        assert mine.prompt is not None
        while True:
            try:
                return chooser.ask(
                    mine.prompt, mine.actions, mine.text, self.card_texts(mine.text, mine.actions)
                )
            except HintAsked:
                self.out.write(await self._hint(mine) + "\n")

    async def _hint(self, mine: SeatUpdate) -> str:
        """The hard bot's suggestion for the person's decision, or the one line saying why not."""
        assert self.services is not None  # set by the play loop while the game runs
        try:
            hint = await self.services.hints.hint(self.table_id, USER, HUMAN, mine.token)
        except ServiceError as exc:
            return exc.message
        return f"Hint: {hint.label} — {hint.reason}"


def _seat_update(delivery: Delivery) -> SeatUpdate:
    """The person's own part of a delivery."""
    return next(update for update in delivery.seats if update.seat == HUMAN)
