"""A guided first game in the terminal: ``tablekeeper learn GAME``.

The game is an ordinary terminal game (:class:`~bot.console.play.TerminalGame`: the same service,
play loop and choices read from the input, so piped input works) dealt from the tutorial's deal,
against the tutorial's scripted opponent, unrated. Before each choice the explanations first due
there stand above it; after a move the strongest bot would have played otherwise, one gentle
line says what else was possible.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from bot.console.narrate import seat_names
from bot.console.play import CHANNEL, HUMAN, USER, TerminalGame
from bot.service.tables import TableService
from bot.service.tutorials import tutorial_level
from bot.service.values import Delivery
from engines.core import AnyRuleset
from engines.core.lesson import Lesson
from engines.core.tutorial import load

#: what the learner's opponent is called
TUTOR = {"en": "tutor", "ja": "チューター"}


@dataclass
class LearnGame(TerminalGame):
    """A tutorial played in the terminal (see the module docstring)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.names = seat_names(self.config.players, HUMAN, TUTOR.get(self.lang, TUTOR["en"]))

    async def _open(self, tables: TableService) -> Delivery:
        """Deal the tutorial through the service's tutorials (unrated, the script as opponent)."""
        assert self.services is not None  # set by the play loop before it opens the table
        begun = await self.services.tutorials.begin(
            USER, CHANNEL, self.ruleset.slug, names=self.names, lang=self.lang
        )
        return begun.delivery

    async def lesson(self) -> Lesson | None:
        """The explanations due now and the note on the person's last move."""
        if self.services is None or not self.table_id:
            return None
        return await self.services.tutorials.lesson(self.table_id, USER)

    def leave(self) -> None:
        """Say how far the person got and how to begin the tutorial again."""
        self.out.write(
            f"\nLeaving the tutorial after {self.decisions} of your moves. "
            f"Begin it again with: tablekeeper learn {self.ruleset.slug}"
            f"{' --lang ' + self.lang if self.lang != self.ruleset.languages[0] else ''}\n"
        )
        self.out.flush()


def learn_game(ruleset: AnyRuleset, lang: str | None, out: TextIO) -> LearnGame:
    """The game's tutorial, ready to play in the terminal, in ``lang`` where the game has it."""
    tutorial = load(ruleset)
    config = tutorial.config(ruleset, lang)
    game = LearnGame(
        ruleset,
        config,
        tutorial.header.seed,
        tutorial_level(ruleset.slug),
        None,
        out,
        None,
    )
    out.write(f"{tutorial.title(game.lang)}\n")
    return game
