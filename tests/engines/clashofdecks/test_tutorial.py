"""Clash of Decks' tutorial: a turn's steps come up in the book's order against a summoning script."""

from __future__ import annotations

from engines import registry
from engines.core.lesson import dry_run
from engines.core.tutorial import LEARNER, load

CLASH = registry.get("clashofdecks")


def test_the_assault_steps_come_up_in_the_order_of_a_turn() -> None:
    tutorial = load(CLASH)
    shown = dry_run(CLASH, tutorial).shown
    assert shown["summon"] < shown["assault"] <= shown["home"] < shown["stronghold"] < shown["bastion"]


def test_the_scripted_opponent_summons_on_the_upper_line_whenever_it_can() -> None:
    tutorial = load(CLASH)
    rehearsal = dry_run(CLASH, tutorial)
    state = CLASH.setup(tutorial.config(CLASH), tutorial.header.seed)
    summoned = 0
    for _, seat, key in rehearsal.log:
        if seat != LEARNER:
            upper = [
                a.key
                for a in CLASH.legal_actions(state, seat)
                if a.key.startswith("p.") and a.key.endswith(".u")
            ]
            if upper:
                assert key == upper[0]
                summoned += 1
        state = CLASH.apply(state, seat, key).state
    assert summoned >= 3
