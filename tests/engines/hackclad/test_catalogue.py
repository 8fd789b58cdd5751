"""HackClad's catalogue: every skill card, witch, CP action, mission and Clad card once, from the data."""

from __future__ import annotations

from collections import Counter

import pytest

from bot import cli
from engines import registry
from engines.core.catalogue import select
from engines.core.types import CatalogueEntry
from engines.hackclad.catalogue import range_summary
from engines.hackclad.content import content


def _entries() -> dict[str, CatalogueEntry]:
    return {e.id: e for e in registry.get("hackclad").catalogue()}


def test_ids_are_unique_and_every_entry_is_filled() -> None:
    entries = registry.get("hackclad").catalogue()
    assert len({e.id for e in entries}) == len(entries)
    for entry in entries:
        assert entry.name and entry.group and entry.stats and entry.text, entry.id


def test_every_piece_of_content_appears_exactly_once() -> None:
    data = content()
    ids = Counter(e.id for e in registry.get("hackclad").catalogue())
    expected = [
        *data.cards,
        *(f"witch:{w}" for w in data.witch_order),
        *(f"cp:{c}" for c, cp in data.cp.items() if not cp.witch),
        *(f"mission:{m}" for m in data.mission_order),
        *(f"clad:{k}" for k in data.clad_order),
    ]
    assert sorted(ids) == sorted(expected)
    assert set(ids.values()) == {1}
    # the 80 cards of the five witches' decks are 63 designs, every one listed
    assert sum(len(w.basic) + len(w.enhanced) for w in data.witches.values()) == 80
    assert len(data.cards) == 63
    assert len(data.missions) == 18 and len(data.clad) == 15


def test_groups_are_together_in_browsing_order() -> None:
    groups = [e.group for e in registry.get("hackclad").catalogue()]
    order = list(dict.fromkeys(groups))
    assert order == [
        "Shared cards",
        "Rosette's cards",
        "Flare's cards",
        "Luna's cards",
        "Mia's cards",
        "Amelia's cards",
        "Witches",
        "CP actions",
        "Missions",
        "Clad",
    ]
    # each group is one unbroken run
    runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
    assert runs == order


def test_rules_text_is_the_data_text() -> None:
    data = content()
    entries = _entries()
    for cid, card in data.cards.items():
        assert entries[cid].text == card.text
    for mid, mission in data.missions.items():
        assert entries[f"mission:{mid}"].text == mission.text


def test_stats_lines_follow_the_data() -> None:
    entries = _entries()

    def stats(key: str) -> str:
        return entries[key].stats

    # cards.toml: Tempest is attack_magic, atk 4, mp 3, vp 2, a 3x2 block ahead, enhanced for Luna
    assert stats("tempest") == "Attack Magic · ATK 4 · 3 MP · range 1-2 (3 wide) · 2 VP · enhanced"
    assert entries["tempest"].group == "Luna's cards"
    # Rosette holds two Barrage in her basic cards
    assert stats("barrage") == "Attack · ATK 1 · range 1 · Barrage · 1 VP · basic x2"
    # Desperate Measures: atk 7, extra_discard 2
    assert "ATK 7" in stats("desperate_measures") and "extra cost discard 2" in stats("desperate_measures")
    # Explosion pays X MP
    assert "X MP" in stats("explosion")
    assert stats("shot") == "Attack Magic · ATK 1 · 1 MP · range 1-2 · 1 VP · basic, every witch"
    assert stats("aux_mana") == "Support · 4 VP · enhanced, every witch"
    # witches.toml: Mia limits [3, 1, 1]; her innate is Scythe Leap at 3 CP
    assert stats("witch:mia") == "per round: +1 move x3 · +1 MP x1 · -1 DMG x1"
    assert "Scythe Leap (3 CP, own turn)" in entries["witch:mia"].text
    assert "Passive Shield" in entries["witch:flare"].text
    # missions.toml: Invincible 7 VP; Mage scores the MP gauge
    assert stats("mission:invincible") == "7 VP"
    assert stats("mission:mage") == "VP = your MP at the end"
    # clad.toml: Tail Rush is an expert Voltage 2 card replacing Rush, moving 2
    assert stats("clad:tail_rush") == "Voltage 2 · expert, replaces Rush"
    assert entries["clad:tail_rush"].text == (
        "Attacks two spaces behind, then drops a shard on one space behind, then moves two spaces forward."
    )
    assert entries["clad:veer_left"].text == "Moves one space forward, then turns left."


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        (((0, 1),), "range 1"),
        (((0, 2),), "range 2"),
        (((-1, 2), (0, 2), (1, 2), (0, 1)), "range 1 + 2 (3 wide)"),
        (((-1, 1), (0, 1), (1, 1), (0, 2)), "range 1 (3 wide) + 2"),
        (((-1, 2), (1, 2), (0, 1)), "range 1 + 2 (left+right)"),
    ],
)
def test_range_summary(cells: tuple[tuple[int, int], ...], said: str) -> None:
    assert range_summary(cells) == said


def test_search_finds_a_witchs_cards_by_her_name() -> None:
    chosen = select(registry.get("hackclad"), "rosette")
    groups = {e.group for e in chosen.entries}
    assert groups == {"Rosette's cards", "Witches"}
    assert len([e for e in chosen.entries if e.group == "Rosette's cards"]) == 11


def test_the_cli_lists_every_entry(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["cards", "hackclad"]) == 0
    out = capsys.readouterr().out
    entries = registry.get("hackclad").catalogue()
    assert out.startswith(f"HackClad: {len(entries)} cards")
    for entry in entries:
        assert entry.stats in out
