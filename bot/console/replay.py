"""Stepping through a recorded game in the terminal, and writing its pictures to a folder.

The steps are the timeline's (:mod:`engines.core.timeline`), so "step 37 of 212" means here what
it means on Discord. What a step shows follows the secret filter: by default the spectator's
account only (the public narration and the spectator View's text); the seats asked for add
their own private lines (what their events told them alone, and what their View shows beyond the
spectator's). A record is a finished game's whole log, handed only to people allowed to see
every hand, so showing any seat's side of it tells nobody what they may not know.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.console.columns import wrap
from bot.console.narrate import describe_outcome
from bot.service.projection import narration
from engines.core import AnyRuleset, Event, Outcome, fill_names
from engines.core.timeline import Chapter, Timeline
from render.core.renderer import Renderer

#: the pictures :meth:`Replay.write_frames` writes, and replaces when written again
STEP_FILE = re.compile(r"step-\d+(-seat\d+)?\.png")
#: the width narration is wrapped to (board text keeps its own lines)
COLUMNS = 100
HELP = (
    "Enter or n: next step; p: back; f: first; l: last; a number: that step; "
    "r ROUND: the first step of that round or turn (again: the next one so named); "
    "c: the rounds and turns; ? this help; q quits."
)


@dataclass
class Replay:
    """A recorded game ready to be read step by step (see the module docstring).

    ``seats`` are the seats whose private side is shown beside the public one; ``outcome`` is
    the result the record states (a game ended by a forfeit has no result the rules reached).
    """

    ruleset: AnyRuleset
    renderer: Renderer
    timeline: Timeline
    names: tuple[str, ...]
    seats: tuple[int, ...] = ()
    outcome: Outcome | None = None

    def header(self, number: int) -> str:
        """The step's title line: "Step 37 of 212 · Round 3"."""
        chapter = self.timeline.moments[number].chapter or "Start"
        return f"Step {number} of {self.timeline.steps} · {chapter}"

    def page(self, number: int) -> str:
        """Everything step ``number`` shows: title, narration, the table's text, asked-for seats."""
        state, events = self.timeline.step(number)
        spectator = self.ruleset.view(state, None)
        public_text = fill_names(self.renderer.describe(spectator), self.names)
        lines = [self.header(number)]
        lines += _bulleted(narration(events, None, self.names))
        lines.append(public_text)
        shown = set(public_text.splitlines())
        for seat in self.seats:
            own = fill_names(self.renderer.describe(self.ruleset.view(state, seat)), self.names)
            private = [line for line in own.splitlines() if line not in shown]
            told = _bulleted(self._private_lines(events, seat))
            lines.append(f"-- {self.names[seat]} (seat {seat + 1}) alone sees:")
            lines += told + private if told or private else ["   nothing more"]
        if number == self.timeline.steps:
            lines.append(self.ending())
        return "\n".join(lines)

    def _private_lines(self, events: Sequence[Event], seat: int) -> list[str]:
        """What ``seat`` was told by the step's events beyond the public narration, in order."""
        told = []
        for event in events:
            own = event.text_for(seat)
            if own and own != event.text_for(None):
                told.append(fill_names(own, self.names))
        return told

    def ending(self) -> str:
        """What the last step adds: the result, or why the record stops there."""
        outcome = self.timeline.outcome or self.outcome
        if outcome is None:
            return "The record ends here: the game was not finished."
        said = describe_outcome(outcome, self.names)
        if self.timeline.outcome is None:  # a forfeit or a leaving ended it, not the rules
            return f"The game was stopped here. {said}"
        return said

    def write_frames(self, out: Path) -> list[Path]:
        """Write every step's public board (and the asked-for seats' pictures) into ``out``.

        Files are ``step-000.png``, ``step-001.png``... (more digits for longer games) and, for
        each seat shown, ``step-000-seat1.png`` where that seat has a private picture. Step
        pictures an earlier replay left in ``out`` go first, so the folder holds one game's steps.
        """
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("step-*.png"):
            if STEP_FILE.fullmatch(old.name):
                old.unlink()
        digits = max(3, len(str(self.timeline.steps)))
        written: list[Path] = []
        for number in range(self.timeline.steps + 1):
            state, _events = self.timeline.step(number)
            stem = f"step-{number:0{digits}d}"
            board = out / f"{stem}.png"
            board.write_bytes(self.renderer.board(self.ruleset.view(state, None), self.names))
            written.append(board)
            for seat in self.seats:
                image = self.renderer.hand(self.ruleset.view(state, seat), self.names)
                if image is not None:
                    path = out / f"{stem}-seat{seat + 1}.png"
                    path.write_bytes(image)
                    written.append(path)
        return written

    def chapter_list(self) -> str:
        """The rounds or turns with their first steps, for the ``c`` command."""
        return "; ".join(f"{c.label}: step {c.step}" for c in self.timeline.chapters())

    def run(self, inp: TextIO, out: TextIO, start: int = 0) -> int:
        """Show step ``start``, then follow commands read from ``inp`` until q or its end; 0."""
        current = self.timeline.clamp(start)
        out.write(f"{HELP}\n\n{self.page(current)}\n")
        while True:
            out.write("> ")
            out.flush()
            line = inp.readline()
            if not line:  # end of piped input: as q
                out.write("\n")
                return 0
            wanted = self.command(line.strip(), current)
            if wanted is None:
                return 0
            if isinstance(wanted, str):
                out.write(wanted + "\n")
                continue
            current = wanted
            out.write(f"\n{self.page(current)}\n")

    def command(self, text: str, current: int) -> int | str | None:
        """The step ``text`` asks for from ``current``, a line to say instead, or None to quit."""
        lowered = text.lower()
        last = self.timeline.steps
        if lowered in {"q", "quit", "exit"}:
            return None
        if lowered in {"", "n", "next"}:
            return current + 1 if current < last else f"This is the last step ({last}); q quits."
        if lowered in {"p", "prev", "back"}:
            return current - 1 if current > 0 else "This is the first step (0, the deal)."
        if lowered in {"f", "first"}:
            return 0
        if lowered in {"l", "last"}:
            return last
        if lowered in {"?", "h", "help"}:
            return HELP
        if lowered in {"c", "chapters"}:
            return self.chapter_list()
        if lowered.isdigit():
            number = int(lowered)
            return number if number <= last else f"There is no step {number}; the steps go from 0 to {last}."
        if lowered == "r" or lowered.startswith("r "):
            return self._chapter(text[1:].strip(), current)
        return f"{text!r} is not a command here. {HELP}"

    def _chapter(self, wanted: str, current: int) -> int | str:
        """The first step of the round or turn ``wanted`` names ("3", "Round 3", "start")."""
        chapters = self.timeline.chapters()
        found = [c for c in chapters if _names_chapter(c, wanted)]
        if not wanted or not found:
            return f"There is no round or turn {wanted!r} here; c lists them ({self.chapter_list()})."
        # a label some games use again (a second battle's "Round 1"): the next one after here
        later = [c for c in found if c.step > current]
        return (later or found)[0].step


def _names_chapter(chapter: Chapter, wanted: str) -> bool:
    """Whether ``wanted`` ("3", "round 3", "Start") names ``chapter`` ("Round 3")."""
    label = chapter.label.lower()
    wanted = " ".join(wanted.lower().split())
    if wanted.isdigit():
        words = label.split()
        return bool(words) and words[-1] == str(int(wanted))
    return label == wanted


def _bulleted(lines: Sequence[str]) -> list[str]:
    """Narration lines as wrapped bullets."""
    shown: list[str] = []
    for line in lines:
        wrapped = wrap(line, COLUMNS, "    ")
        if wrapped:
            shown.append("  * " + wrapped[0][4:])
            shown += wrapped[1:]
    return shown
