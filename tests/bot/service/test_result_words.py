"""Who won, as every adapter words it: a seat win names the seats, a win by the rules' own
opponent (Eternia's AI Controller, Clash of Decks' AI kingdom) names that opponent, and a draw
still reads as nobody winning."""

from __future__ import annotations

import msgspec
import pytest

from bot.console.narrate import describe_outcome
from bot.discord.embeds import table_embed
from bot.service.delivery import build_public
from engines import registry
from engines.core import GameConfig, Outcome
from engines.core.context import GameOver
from engines.eternia.ctx import Ctx
from engines.eternia.power import finish, score
from engines.eternia.state import CTRL, TEAM, EtState
from tests.bot.service.test_secret_filter import loaded_table

ETERNIA = registry.get("eternia")


def _finished(mode: str, players: int, side: str) -> EtState:
    """An Eternia game ended at once by ``side`` reaching the Scenario's VP target (or a draw)."""
    st = ETERNIA.setup(GameConfig(mode, players), 3)
    ctx = Ctx(st)
    with pytest.raises(GameOver):
        if side == "draw":
            finish(ctx, "draw", "the round limit with VP level at 0 (the Scenario's tie rule)")
        score(ctx, side, 99, "a test")
    return st


def _result_text(mode: str, players: int, st: EtState) -> str:
    """The result embed's description, built by the service and the Discord adapter."""
    public = build_public(loaded_table("eternia", mode, st, players))
    assert public.outcome is not None
    description = table_embed(public).description
    assert description is not None
    return description


def test_eternia_ai_controller_win_names_the_controller_in_the_embed_and_the_console() -> None:
    """Item 4: the AI Controller's win is not worded as "Winners: nobody" (which reads as a draw)."""
    st = _finished("ai", 2, CTRL)
    outcome = ETERNIA.outcome(st)
    assert outcome is not None and outcome.winners == () and outcome.automaton == "the AI Controller"
    text = _result_text("ai", 2, st)
    assert text.startswith("**Won by:** the AI Controller (no player won)")
    assert "nobody" not in text
    console = describe_outcome(outcome, ["Ann", "Bob"])
    assert console.startswith("Game over: The AI Controller won (The Controller reaches")
    assert "no player wins" not in console


def test_eternia_team_win_names_the_winning_seats() -> None:
    """A Player Team win lists its seats, never the automaton."""
    st = _finished("ai", 2, TEAM)
    outcome = ETERNIA.outcome(st)
    assert outcome is not None and outcome.winners == (0, 1) and outcome.automaton == ""
    text = _result_text("ai", 2, st)
    assert text.startswith("**Winners:** <@100> and <@101> **Why:**")
    assert describe_outcome(outcome, ["Ann", "Bob"]).startswith("Game over: Ann and Bob win (")


def test_eternia_versus_controller_seat_win_names_the_seat() -> None:
    """In ``versus`` a person is the Controller: their win names their seat, not an automaton."""
    st = _finished("versus", 2, CTRL)
    outcome = ETERNIA.outcome(st)
    assert outcome is not None and outcome.winners == (0,) and outcome.automaton == ""
    assert _result_text("versus", 2, st).startswith("**Winner:** <@100> **Why:**")


def test_a_real_draw_still_reads_as_nobody_winning() -> None:
    """A draw names no winner at all: neither a seat nor the AI Controller."""
    st = _finished("ai", 1, "draw")
    outcome = ETERNIA.outcome(st)
    assert outcome is not None and outcome.winners == () and outcome.automaton == ""
    assert _result_text("ai", 1, st).startswith("**Winners:** nobody **Why:**")
    assert describe_outcome(outcome, ["Ann"]).startswith("Game over, no player wins: the round limit")


def test_clash_of_decks_solo_loss_names_the_ai_kingdom() -> None:
    """Clash of Decks' solo AI wins when the player's Fort falls: the result says the AI kingdom won."""
    rules = registry.get("clashofdecks")
    st = rules.setup(GameConfig("solo", 1), 1)
    st.phase, st.loser, st.winners = "over", 0, []
    assert not st.kingdoms[0].is_ai
    outcome = rules.outcome(st)
    assert outcome is not None and outcome.winners == () and outcome.automaton == "the AI kingdom"
    assert outcome.who_won(str) == "the AI kingdom"


def test_outcomes_stored_before_the_automaton_field_still_decode() -> None:
    """Old rows (JSON without ``automaton``) decode, with no automaton named."""
    old = {"winners": [], "ranking": [[0]], "reason": "a draw", "scores": {}}
    outcome = msgspec.convert(old, Outcome, strict=False)
    assert outcome.automaton == "" and outcome.who_won(str) == ""
