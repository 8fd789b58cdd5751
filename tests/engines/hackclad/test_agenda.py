"""The engine's continuation is the kit agenda on the state: a pause mid-card is a stored value."""

from __future__ import annotations

import msgspec

from engines.hackclad import RULESET as R
from engines.hackclad.state import SCHEMA_VERSION, HackState
from tests.engines.hackclad.helpers import at, clear_field, hand, my_turn, play, started


def _huginn_paused() -> tuple[HackState, str]:
    """Luna plays Huginn (scry, then +1 MP): the game stops at the scry, half-way through the card."""
    state = started("basic", 2, witches=["luna", "flare"])
    clear_field(state)
    state.witches[0].pos, state.witches[0].mp = at(2, 3), 0
    state.witches[1].pos = at(0, 0)
    state = my_turn(state, 0)
    (card,) = hand(state, 0, "huginn")
    paused, _ = play(state, 0, f"p.{card}")
    return paused, card


def test_a_mid_card_choice_is_pending_on_the_agenda_with_the_rest_of_the_card_queued() -> None:
    paused, card = _huginn_paused()
    ask = paused.agenda.pending
    assert ask is not None and ask.kind == "choice" and ask.handler == "scry" and ask.seat == 0
    assert paused.agenda.waiting
    # Behind the choice: the card's +1 MP, its trip to the discard pile, then Luna's turn goes on.
    queued = paused.agenda.tasks
    assert [t.kind for t in queued] == ["eff", "end_play", "turn"]
    assert queued[0].eff is not None and queued[0].eff.key == "gain_mp"
    assert paused.plays[-1].card == card and paused.witches[0].mp == 0


def test_a_mid_card_pause_survives_encode_and_decode_and_resumes_to_the_same_result() -> None:
    paused, card = _huginn_paused()
    stored = R.decode(R.encode(paused))
    assert stored == paused and stored.agenda.pending == paused.agenda.pending
    assert [type(t) for t in stored.agenda.tasks] == [type(t) for t in paused.agenda.tasks]
    for key in ("top", "bottom"):
        direct = R.apply(paused, 0, key)
        resumed = R.apply(stored, 0, key)
        assert resumed.events == direct.events
        assert R.encode(resumed.state) == R.encode(direct.state)
        after = resumed.state
        ask = after.agenda.pending
        assert after.witches[0].mp == 1 and card in after.witches[0].discard and not after.plays
        assert ask is not None and ask.kind == "turn" and ask.seat == 0 and after.agenda.tasks == []


def test_a_snapshot_stored_before_the_agenda_decodes_with_its_tasks_and_choice_on_the_agenda() -> None:
    paused, _ = _huginn_paused()
    # Schema 2 kept the queue and the choice as two fields of the state, ``tasks`` and ``ask``.
    old = msgspec.to_builtins(paused)
    agenda = old.pop("agenda")
    old.update(schema_version=2, tasks=agenda["tasks"], ask=agenda["pending"])
    upgraded = R.decode(msgspec.msgpack.encode(old))
    assert upgraded == paused and upgraded.schema_version == SCHEMA_VERSION == 3
    assert R.encode(R.apply(upgraded, 0, "bottom").state) == R.encode(R.apply(paused, 0, "bottom").state)
