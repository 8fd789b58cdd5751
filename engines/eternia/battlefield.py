"""Battlefield records (A1.10-11, A2): terrain pieces and tokens, NPCs, and Scenarios with their
layouts, as ``terrain.toml`` and ``scenarios.toml`` hold them.

The shapes only: :mod:`engines.eternia.content` loads the files into them and cross-checks them.
"""

from __future__ import annotations

import msgspec

from engines.core.content import NonNegative, Positive


# ----------------------------------------------------------------------------------- terrain
class Terrain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Terrain card (or token rule): movement costs, LoS, penalties (A1.10 #56)."""

    id: str
    name: str
    text: str
    enter: NonNegative = 0
    leave: NonNegative = 0
    passable: bool = True
    blocks_los: bool = False
    penalty_wounds: NonNegative = 0  # a Terrain Penalty: Wounds on entering
    token: bool = False  # placed by effects, one per space (A1.10 #57)
    removable: bool = False  # the fallback Action may clear it (A1.3 #20)


class Npc(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An NPC card: its HP, Armor and what the Scenario makes it do each Round (A1.11 #64)."""

    id: str
    name: str
    hp: Positive
    text: str
    armor: NonNegative = 0
    behaviour: str = "stand"  # stand | flee


class TerrainFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``terrain.toml``: the Terrain cards and the NPC cards."""

    terrain: tuple[Terrain, ...]
    npcs: tuple[Npc, ...] = ()


# ----------------------------------------------------------------------------------- scenarios
class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Something placed on the map: a kind and the offset ``[col, row]`` cells it covers."""

    kind: str
    cells: tuple[tuple[int, int], ...]


class Variant(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A designed change to a Scenario's setup for some team sizes and modes (how it scales).

    A field left out keeps the Scenario's own; the first Variant that fits the game is used.
    """

    team: tuple[Positive, ...]  # the team sizes (Player Characters, 1-4) it is for
    mode: str = ""  # "ai" or "versus"; empty = both
    objectives: tuple[tuple[int, int], ...] | None = None
    minion_cells: tuple[tuple[int, int], ...] | None = None
    scenario_tokens: tuple[tuple[int, int], ...] | None = None
    npcs: tuple[Place, ...] | None = None


class Layout(msgspec.Struct, frozen=True):
    """What a Scenario puts on the Battlefield for one game (its Variant applied)."""

    objectives: tuple[tuple[int, int], ...]
    minion_cells: tuple[tuple[int, int], ...]
    scenario_tokens: tuple[tuple[int, int], ...]
    npcs: tuple[Place, ...]


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Scenario: type, setup, escalation, victory, round limit and tie rule (A1.11, A5-17)."""

    id: str
    name: str
    type: str
    text: str
    cols: Positive
    rows: Positive
    round_limit: Positive
    tie: str  # team | ctrl | draw: who wins when the round limit ends the game level
    vp_target: Positive
    vp_per_ko: NonNegative
    vp_per_objective: NonNegative
    escalation_per_round: NonNegative
    escalation_per_ko: NonNegative
    escalation_track: tuple[NonNegative, NonNegative, NonNegative]
    terrain: tuple[Place, ...]
    team_spawn: tuple[tuple[int, int], ...]
    ctrl_spawn: tuple[tuple[int, int], ...]
    minion_cells: tuple[tuple[int, int], ...]
    objectives: tuple[tuple[int, int], ...] = ()
    controller_alignment: str = ""  # Set Sides: the Controller's side
    npcs: tuple[Place, ...] = ()  # NPC kind and the cells they start on
    scenario_tokens: tuple[tuple[int, int], ...] = ()  # beacons a side claims by Interacting
    vp_per_rescue: NonNegative = 0
    vp_per_npc_ko: NonNegative = 0
    vp_per_beacon: NonNegative = 0
    variants: tuple[Variant, ...] = ()  # designed scaling by team size and mode

    def layout(self, mode: str, team: int) -> Layout:
        """The Objectives, starting Minions, beacons and NPCs for ``mode`` and a team of ``team``."""
        v = next((v for v in self.variants if team in v.team and v.mode in ("", mode)), None)
        if v is None:
            return Layout(self.objectives, self.minion_cells, self.scenario_tokens, self.npcs)
        return Layout(
            self.objectives if v.objectives is None else v.objectives,
            self.minion_cells if v.minion_cells is None else v.minion_cells,
            self.scenario_tokens if v.scenario_tokens is None else v.scenario_tokens,
            self.npcs if v.npcs is None else v.npcs,
        )


class ScenarioFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``scenarios.toml``."""

    scenarios: tuple[Scenario, ...]
