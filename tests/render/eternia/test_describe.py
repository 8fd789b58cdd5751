"""The text account: names every model and the round, keeps seats as placeholders, stays short."""

from __future__ import annotations

from render.eternia import RENDERER
from tests.render.eternia.scenes import all_states, views


def test_describe_names_every_model_and_the_round() -> None:
    for state in all_states()[::3]:
        for view in views(state)[:2]:
            text = RENDERER.describe(view)
            assert 0 < len(text) <= 1500
            assert f"Round {view.round}/" in text or f"after round {view.round}" in text
            for m in view.models:
                if m.kind == "character":
                    assert m.name in text, (m.name, text)
                else:  # Minions and NPCs are named by type, each on the map by its number
                    base, _, number = m.name.rpartition(" ")
                    assert base in text, (base, text)
                    if m.hexes:
                        assert f"{number} " in text.split(base, 1)[1], (m.name, text)


def test_describe_keeps_player_placeholders() -> None:
    state = all_states()[5]
    text = RENDERER.describe(views(state)[0])
    assert "{P" in text and "Player 1" not in text
