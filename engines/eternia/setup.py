"""Setup (A1.1): seats and sides, Character selection with its restrictions, the Battlefield."""

from __future__ import annotations

from engines.core.errors import SetupError
from engines.core.rng import Rng
from engines.core.types import GameConfig
from engines.eternia.content import Content, content
from engines.eternia.ctx import Ctx, key
from engines.eternia.hexes import offset_to_axial
from engines.eternia.pieces import Character
from engines.eternia.power import CTRL_ORDER
from engines.eternia.rounds import start_round
from engines.eternia.state import AI_SEAT, CTRL, SCHEMA_VERSION, TEAM, EtState, Model, Slot


def parse_ids(text: str, c: Content, seat: int | None) -> list[str]:
    """Character ids from a comma-separated option (names or ids, any case)."""
    out = []
    by_name = {ch.name.casefold(): ch.id for ch in c.characters.values()}
    for raw in (p.strip() for p in text.split(",")):
        if not raw:
            continue
        cid = raw.lower().replace("-", "_").replace(" ", "_")
        cid = cid if cid in c.characters else by_name.get(raw.casefold(), "")
        if not cid:
            known = ", ".join(c.characters)
            raise SetupError(
                f"There is no Character {raw!r} (known: {known}).", option="characters", seat=seat
            )
        out.append(cid)
    return out


def team_seats(config: GameConfig) -> list[int]:
    """The Player Team's seats: every seat but the first in versus, every seat against the AI."""
    return list(range(config.players)) if config.mode == "ai" else list(range(1, config.players))


def allowed(c: Content, ids: list[str], selection: str) -> str:
    """Why a side's Characters break the selection restriction (A1.1 #3), or ""."""
    chars = [c.characters[i] for i in ids]
    if selection == "heroes_vs_villains" and len({ch.alignment for ch in chars}) > 1:
        return "a side may not mix Heroes and Villains"
    if selection == "factions" and len({ch.faction for ch in chars}) > 1:
        return "each side picks from one Faction"
    return ""


def check_seat(config: GameConfig, seat: int) -> None:
    """Refuse a seat's own Character choices (names, counts, duplicates)."""
    c = content()
    ids = parse_ids(str(config.seat_option(seat, "characters", "")), c, seat)
    ctrl = config.mode == "versus" and seat == 0
    if ctrl and ids and len(ids) != 3:
        raise SetupError(
            "The Controller always selects exactly 3 Characters.", option="characters", seat=seat
        )
    if not ctrl and len(ids) > 4:
        raise SetupError("The Player Team has at most 4 Characters.", option="characters", seat=seat)
    if len(set(ids)) != len(ids):
        raise SetupError("Each Character can be chosen once.", option="characters", seat=seat)


def _pick(c: Content, taken: set[str], alignment: str, n: int) -> list[str]:
    pool = [
        ch.id
        for ch in c.characters.values()
        if ch.id not in taken and (not alignment or ch.alignment == alignment)
    ]
    return pool[:n]


def choose_sides(config: GameConfig) -> tuple[dict[int, list[str]], list[str]]:
    """Each team seat's Characters and the Controller's three, filling any left to choose."""
    c = content()
    sc = c.scenarios[str(config.option("scenario"))]
    seats = team_seats(config)
    mine = {s: parse_ids(str(config.seat_option(s, "characters", "")), c, s) for s in seats}
    ctrl_text = (
        str(config.option("ai_characters"))
        if config.mode == "ai"
        else str(config.seat_option(0, "characters", ""))
    )
    ctrl = parse_ids(ctrl_text, c, None if config.mode == "ai" else 0)
    selection = str(config.option("selection"))
    ctrl_align = sc.controller_alignment
    if not ctrl_align and ctrl:
        ctrl_align = c.characters[ctrl[0]].alignment
    team_given = [i for s in seats for i in mine[s]]
    if not ctrl_align:
        ctrl_align = (
            "hero" if team_given and c.characters[team_given[0]].alignment == "villain" else "villain"
        )
    team_align = "hero" if ctrl_align == "villain" else "villain"
    if selection == "free":
        team_align = ""
    taken = set(team_given) | set(ctrl)
    for s in seats:
        if not mine[s]:
            mine[s] = _pick(c, taken, team_align, 1)
            taken |= set(mine[s])
    if not ctrl:
        ctrl = _pick(c, taken, ctrl_align if selection != "free" else "", 3)
        taken |= set(ctrl)
    team = [i for s in seats for i in mine[s]]
    if not 1 <= len(team) <= 4:
        raise SetupError("The Player Team fields 1 to 4 Characters in all.", option="characters")
    if len(ctrl) != 3:
        raise SetupError("The Controller always selects exactly 3 Characters.", option="characters")
    if set(team) & set(ctrl) or len(set(team)) != len(team):
        raise SetupError("A Character can be on the table only once.", option="characters")
    for side, ids in (("Player Team", team), ("Controller", ctrl)):
        why = allowed(c, ids, selection)
        if why:
            raise SetupError(f"The {side}'s Characters break the selection rule: {why}.", option="characters")
    if (
        selection != "free"
        and c.characters[team[0]].alignment == c.characters[ctrl[0]].alignment
        and selection == "heroes_vs_villains"
    ):
        raise SetupError("Heroes vs Villains: the two sides must be opposed.", option="characters")
    if sc.controller_alignment and any(c.characters[i].alignment != sc.controller_alignment for i in ctrl):
        raise SetupError(
            f"{sc.name} is a Set Sides Scenario: the Controller plays {sc.controller_alignment}s.",
            option="scenario",
        )
    return mine, ctrl


def _character(ch: Character, side: str, seat: int, ai: bool, mid: str) -> Model:
    if side == TEAM:
        face_hp, armor, skills = ch.player.hp, ch.player.armor, list(ch.player.skills)
    elif ai:
        face_hp, armor, skills = ch.ai.hp, ch.ai.armor, [ch.ai.attack, ch.ai.skill]
    else:
        face_hp, armor, skills = ch.controller.hp, ch.controller.armor, list(ch.controller.skills)
    return Model(
        id=mid,
        kind="character",
        design=ch.id,
        side=side,
        seat=seat,
        hp=face_hp,
        max_hp=face_hp,
        armor=armor,
        skills=skills,
    )


def _elites(st: EtState, c: Content) -> None:
    """The Elite Minions a side's Skills can spawn, off the Battlefield until then (A1.1 #7).

    Every model of the game exists from the start, so the model count never changes. A Player
    Character's Elites are its own (A5-7: they act after its Activation, outside the 8-Minion limit);
    the Controller's count against the limit and act in the Strategy Activation.
    """
    for m in [m for m in st.models if m.kind == "character"]:
        for sid in sorted(set(m.skills) | _faces(c, m)):
            for e in c.skills[sid].effects:
                if e.do != "spawn_elite" or any(o.design == e.mode and o.owner == m.id for o in st.models):
                    continue
                elite = c.minions[e.mode]
                for i in range(elite.count):
                    st.models.append(
                        Model(
                            id=f"e.{m.design}.{e.mode}.{i + 1}",
                            kind="minion",
                            design=e.mode,
                            side=m.side,
                            seat=m.seat,
                            hp=1,
                            max_hp=1,
                            armor=elite.armor,
                            owner=m.id,
                        )
                    )


def _faces(c: Content, m: Model) -> set[str]:
    """Every Skill-card face a Player Character may unlock."""
    if m.side != TEAM:
        return set()
    p = c.characters[m.design].player
    return {*p.green, *p.yellow, *p.red}


def setup(config: GameConfig, seed: int) -> EtState:
    """Deal a new game (A1.1 #2 steps 1-6)."""
    c = content()
    sc = c.scenarios[str(config.option("scenario"))]
    ai = config.mode == "ai"
    mine, ctrl = choose_sides(config)
    seats = team_seats(config)
    leader_index = min(int(config.option("leader")), len(seats)) - 1
    st = EtState(
        mode=config.mode,
        scenario=sc.id,
        seats=config.players,
        ctrl_seat=AI_SEAT if ai else 0,
        team_seats=seats,
        leader=seats[leader_index],
        ai=ai,
        ai_escalation=int(config.option("ai_escalation")) if ai else 0,
        schema_version=SCHEMA_VERSION,
        rng=seed,
    )
    st.board = sorted(offset_to_axial(col, row) for row in range(sc.rows) for col in range(sc.cols))
    for place in sc.terrain:
        kind = c.terrain[place.kind]
        where = st.tokens if kind.token else st.terrain
        for col, row in place.cells:
            where[key(offset_to_axial(col, row))] = place.kind
    lay = sc.layout(config.mode, sum(len(ids) for ids in mine.values()))
    st.objectives = [offset_to_axial(*cell) for cell in lay.objectives]
    st.team_spawn = [offset_to_axial(*cell) for cell in sc.team_spawn]
    st.ctrl_spawn = [offset_to_axial(*cell) for cell in sc.ctrl_spawn]
    for s in seats:
        for cid in mine[s]:
            st.models.append(_character(c.characters[cid], TEAM, s, False, f"t.{cid}"))
    for cid in ctrl:
        st.models.append(_character(c.characters[cid], CTRL, st.ctrl_seat, ai, f"c.{cid}"))
    for i, m in enumerate(m for m in st.models if m.side == TEAM):
        m.hexes = [st.team_spawn[i % len(st.team_spawn)]]
    for i, m in enumerate(m for m in st.models if m.side == CTRL):
        m.hexes = [st.ctrl_spawn[i % len(st.ctrl_spawn)]]
    minion = str(config.option("minions"))
    if minion == "auto":
        align = c.characters[ctrl[0]].alignment
        minion = next(m.id for m in c.minions.values() if not m.elite and m.alignment == align)
    st.minion_type = minion
    for n in range(c.minions[minion].count):
        st.models.append(
            Model(
                id=f"m.{n + 1}",
                kind="minion",
                design=minion,
                side=CTRL,
                seat=st.ctrl_seat,
                hp=1,
                max_hp=1,
                armor=c.minions[minion].armor,
            )
        )
    for cell, m in zip(lay.minion_cells, (m for m in st.models if m.kind == "minion"), strict=False):
        m.hexes = [offset_to_axial(*cell)]
    _elites(st, c)
    for place in lay.npcs:
        for i, cell in enumerate(place.cells):
            npc = c.npcs[place.kind]
            st.models.append(
                Model(
                    id=f"n.{place.kind}.{i + 1}",
                    kind="npc",
                    design=place.kind,
                    side="npc",
                    seat=AI_SEAT,
                    hexes=[offset_to_axial(*cell)],
                    hp=npc.hp,
                    max_hp=npc.hp,
                    armor=npc.armor,
                )
            )
    st.beacons = {key(offset_to_axial(*cell)): "" for cell in lay.scenario_tokens}
    st.track = [Slot(side=s.side, power=s.power) for s in c.rules.track]
    st.vp = {TEAM: 0, CTRL: 0}
    st.ctrl_skills = {s: 0 for s in CTRL_ORDER}
    rng = Rng(seed)
    if not ai:
        st.strategy_deck = list(c.strategy)
        rng.shuffle(st.strategy_deck)
    st.rng = rng.state
    ctx = Ctx(st)
    start_round(ctx)
    ctx.run()  # writes the generator back into the state
    return st
