"""A1.10 (Battlefield, movement, Escape Damage, Line of Sight): the hex geometry, case by case."""

from __future__ import annotations

import itertools

import pytest

from engines.core.rng import Rng
from engines.eternia import hexes
from engines.eternia.hexes import (
    DIRECTIONS,
    TerrainRule,
    adjacent,
    closest_corner_pairs,
    distance,
    escape_wounds,
    footprint_fits,
    footprints,
    line_of_sight,
    neighbours,
    push_destinations,
    routes,
    segment_blocked,
    step_cost,
    within,
)

ORIGIN = (0, 0)
BOARD = set(within(ORIGIN, 8))


# --------------------------------------------------------------------------- A1.10 #53 distance
def test_a1_10_53_distance_counts_spaces_not_path_length() -> None:
    assert distance(ORIGIN, ORIGIN) == 0
    assert all(distance(ORIGIN, n) == 1 for n in neighbours(ORIGIN))
    assert distance(ORIGIN, (2, 0)) == 2
    assert distance(ORIGIN, (1, 1)) == 2  # the "diagonal" between two axes is still two spaces
    assert distance(ORIGIN, (3, -1)) == 3
    assert distance((2, -3), (-1, 4)) == 7


def test_a1_10_53_within_n_includes_the_source_itself() -> None:
    assert ORIGIN in within(ORIGIN, 2)
    assert len(within(ORIGIN, 1)) == 7 and len(within(ORIGIN, 2)) == 19 and len(within(ORIGIN, 3)) == 37
    assert all(distance(ORIGIN, h) <= 3 for h in within(ORIGIN, 3))


def test_offset_and_axial_round_trip_and_labels() -> None:
    for col, row in itertools.product(range(12), range(10)):
        assert hexes.axial_to_offset(hexes.offset_to_axial(col, row)) == (col, row)
    assert hexes.label(hexes.offset_to_axial(0, 0)) == "A1"
    assert hexes.label(hexes.offset_to_axial(2, 3)) == "C4"


# --------------------------------------------------------------------------- A1.10 #61 LoS
def test_a5_10_corners_are_integer_and_shared_with_neighbours() -> None:
    # Each edge i of a hex is the edge the neighbour in DIRECTIONS[i] shares with it.
    for i, d in enumerate(DIRECTIONS):
        mine = {hexes.corners(ORIGIN)[i], hexes.corners(ORIGIN)[(i + 1) % 6]}
        assert mine <= set(hexes.corners(d))


def test_a1_10_61_adjacent_hexes_always_see_each_other() -> None:
    # Example A: neighbours touch along an edge; the closest corners coincide, nothing is crossed.
    for n in neighbours(ORIGIN):
        assert adjacent(ORIGIN, n, blocking=set(neighbours(ORIGIN)) - {n})


def test_a1_10_61_two_equally_close_corner_pairs_on_a_straight_row() -> None:
    # Example B: two spaces along a row, "2 edges are closest": either may be used.
    pairs = closest_corner_pairs(ORIGIN, (2, 0))
    assert len(pairs) == 2
    assert line_of_sight(ORIGIN, (2, 0), blocking=set())


def test_a1_10_61_a_blocking_hex_on_the_row_blocks_both_lines() -> None:
    # Examples C and D: Rocks or Ruins between the two models block Line of Sight.
    assert not line_of_sight(ORIGIN, (3, 0), blocking={(1, 0)})
    assert not line_of_sight(ORIGIN, (4, 0), blocking={(2, 0)})
    assert not line_of_sight(ORIGIN, (0, 3), blocking={(0, 2)})


def test_a1_10_61_source_picks_the_clear_one_of_two_closest_lines() -> None:
    # Along a row the two lines run through the upper and lower parts of the row. A blocker
    # beside the row in the row above is touched only at a corner by the upper line: clear.
    assert line_of_sight(ORIGIN, (3, 0), blocking={(1, 1)})
    assert line_of_sight(ORIGIN, (3, 0), blocking={(1, -1), (2, -1)})


def test_a1_10_61_off_axis_line_runs_on_a_seam_and_is_blocked_only_when_both_sides_block() -> None:
    # (0,0) to (1,1): the unique closest-corner line runs exactly along the edge shared by
    # (1,0) and (0,1). One blocker on either side only touches the line (A5-10); both block.
    assert len(closest_corner_pairs(ORIGIN, (1, 1))) == 1
    assert line_of_sight(ORIGIN, (1, 1), blocking={(1, 0)})
    assert line_of_sight(ORIGIN, (1, 1), blocking={(0, 1)})
    assert not line_of_sight(ORIGIN, (1, 1), blocking={(1, 0), (0, 1)})


def test_a1_10_61_end_hexes_never_block_their_own_line() -> None:
    assert line_of_sight(ORIGIN, (3, 0), blocking={ORIGIN, (3, 0)})


def test_a1_10_61_models_do_not_block_unless_the_caller_says_so() -> None:
    assert line_of_sight(ORIGIN, (4, 0), blocking=set())


def test_a1_10_61_line_of_sight_is_symmetric_on_random_boards() -> None:
    rng = Rng(7)
    cells = sorted(within(ORIGIN, 4))
    for _ in range(150):
        blocking = {rng.choice(cells) for _ in range(rng.randint(1, 8))}
        a, b = rng.choice(cells), rng.choice(cells)
        assert line_of_sight(a, b, blocking) == line_of_sight(b, a, blocking)


def test_a1_10_61_near_filter_agrees_with_checking_every_blocker() -> None:
    # line_of_sight only tests blockers near the two hexes; the result must equal a full check.
    rng = Rng(11)
    cells = sorted(within(ORIGIN, 5))
    for _ in range(300):
        blocking = {rng.choice(cells) for _ in range(rng.randint(1, 12))}
        a, b = rng.choice(cells), rng.choice(cells)
        if a == b:
            continue
        full = any(not segment_blocked(p, q, blocking, ignore={a, b}) for p, q in closest_corner_pairs(a, b))
        assert line_of_sight(a, b, blocking) == full


def test_a1_10_53_neighbours_always_see_each_other_so_adjacency_is_one_space() -> None:
    # line_of_sight and adjacent answer 1 space apart without the corner test; the full test agrees.
    rng = Rng(13)
    cells = sorted(within(ORIGIN, 4))
    for _ in range(300):
        blocking = {rng.choice(cells) for _ in range(rng.randint(1, 14))}
        a = rng.choice(cells)
        b = neighbours(a)[rng.randint(0, 5)]
        full = any(not segment_blocked(p, q, blocking, ignore={a, b}) for p, q in closest_corner_pairs(a, b))
        assert full and line_of_sight(a, b, blocking) and adjacent(a, b, blocking | {a, b})
    assert not adjacent(ORIGIN, (2, 0), set())


def test_a1_10_61_a_wall_between_blocks_everything_behind_it() -> None:
    wall = {(2, r) for r in range(-6, 7)} | {(2 - k, k) for k in range(0)}
    assert not line_of_sight((0, 0), (4, 0), wall)
    assert not line_of_sight((0, 0), (4, -2), wall)
    assert line_of_sight((0, 0), (1, 0), wall)


# --------------------------------------------------------------------------- A1.10 #56 terrain
RULES = {
    "forest": TerrainRule(enter=1),
    "swamp": TerrainRule(enter=1, leave=1),
    "rocks": TerrainRule(passable=False),
    "plant": TerrainRule(wounds_on_enter=1),
}


def test_a1_10_56_forest_costs_one_extra_to_enter() -> None:
    # Book example 1: 2 points to enter the Forest, then 1 more space with the third point.
    terrain = {(1, 0): "forest"}
    assert step_cost(ORIGIN, (1, 0), terrain, RULES) == 2
    assert step_cost((1, 0), (2, 0), terrain, RULES) == 1


def test_a1_10_56_adjacent_overlays_form_one_piece() -> None:
    # Book example 2: crossing between overlays of the same Forest costs nothing extra.
    terrain = {(1, 0): "forest", (2, 0): "forest", (3, 0): "forest"}
    assert step_cost((1, 0), (2, 0), terrain, RULES) == 1
    assert step_cost((2, 0), (3, 0), terrain, RULES) == 1


def test_a1_10_56_leave_cost_is_paid_crossing_the_outer_boundary() -> None:
    terrain = {(1, 0): "swamp", (2, 0): "forest"}
    assert step_cost(ORIGIN, (1, 0), terrain, RULES) == 2
    assert step_cost((1, 0), (2, 0), terrain, RULES) == 3  # leave swamp + enter forest
    assert step_cost((1, 0), ORIGIN, terrain, RULES) == 2


def test_a1_10_56_forest_example_reachable_within_three_points() -> None:
    terrain = {(1, 0): "forest"}
    got = routes(
        ORIGIN,
        3,
        BOARD,
        cost=lambda a, b: step_cost(a, b, terrain, RULES),
        may_enter=lambda h: hexes.passable(h, terrain, RULES),
        may_end=lambda h: True,
    )
    assert got[(1, 0)].cost == 2
    assert got[(2, 0)].cost == 3 and got[(2, 0)].path == ((1, 0), (2, 0))
    assert (3, 0) not in got  # the only 3-space way there runs through the Forest: 4 points


# --------------------------------------------------------------------------- A1.10 #55 moving
def _route(start: hexes.Hex, points: int, allies: set[hexes.Hex], enemies: set[hexes.Hex]) -> dict:
    return routes(
        start,
        points,
        BOARD,
        cost=lambda a, b: 1,
        may_enter=lambda h: h not in enemies,
        may_end=lambda h: h not in allies,
        wounds_leaving=lambda h: escape_wounds(h, enemies, set()),
    )


def test_a1_10_55_move_passes_through_allies_but_never_ends_on_them() -> None:
    allies = {(1, 0)}
    got = _route(ORIGIN, 3, allies, set())
    assert (1, 0) not in got
    assert (2, 0) in got


def test_a1_10_55_move_never_passes_through_enemies() -> None:
    # a ring of enemies around the start: no step is possible at all
    got = _route(ORIGIN, 3, set(), set(neighbours(ORIGIN)))
    assert got == {}


def test_a1_10_55_move_is_at_most_three_spaces() -> None:
    got = _route(ORIGIN, 3, set(), set())
    assert max(distance(ORIGIN, h) for h in got) == 3 and len(got) == 36


def test_a1_10_54_routes_are_single_steps_into_adjacent_spaces() -> None:
    for route in _route(ORIGIN, 3, set(), set()).values():
        prev = ORIGIN
        for h in route.path:
            assert distance(prev, h) == 1
            prev = h


# --------------------------------------------------------------------------- A1.10 #59 escape
def test_a1_10_59_escape_example_1_one_adjacent_enemy_one_wound() -> None:
    assert escape_wounds(ORIGIN, {(1, 0)}, set()) == 1


def test_a1_10_59_escape_example_2_two_adjacent_enemies_two_wounds() -> None:
    assert escape_wounds(ORIGIN, {(1, 0), (0, 1)}, set()) == 2
    assert escape_wounds(ORIGIN, {(2, 0)}, set()) == 0  # not adjacent


def test_a1_10_59_escape_example_3_damage_repeats_for_every_step() -> None:
    # Leave a space next to one robot, then a space next to two: 1 + 2 Wounds.
    enemies = {(-1, 0), (1, -1), (2, -1)}
    assert escape_wounds(ORIGIN, enemies, set()) == 2
    route = _route(ORIGIN, 2, set(), enemies)
    # the safest route away suffers the least: every first step leaves (0,0) for 2 Wounds
    assert min(r.wounds for r in route.values()) == 2


def test_a1_10_59_safest_route_is_chosen_for_a_destination() -> None:
    enemies = {(2, -1)}
    got = _route(ORIGIN, 3, set(), enemies)
    # (2,0) by the straight way leaves (1,0) beside the robot (1 Wound); around by (0,1) and (1,1)
    # it costs 3 points and no Wound: the safest route is taken
    assert got[(2, 0)].wounds == 0 and got[(2, 0)].path == ((0, 1), (1, 1), (2, 0))
    # (3,-1) lies 3 spaces away only through (1,0) or (1,-1) and (2,0)/(2,-2): every way passes
    # beside the robot, yet it is still reachable (more Wounds, fewer points)
    assert got[(3, -1)].wounds >= 1 and got[(3, -1)].cost == 3


def _every_label_search(
    start: hexes.Hex,
    points: int,
    cost: dict[tuple[hexes.Hex, hexes.Hex], int],
    closed: set[hexes.Hex],
    taken: set[hexes.Hex],
    leaving: dict[hexes.Hex, int],
    entering: dict[hexes.Hex, int],
) -> dict[hexes.Hex, tuple[tuple[hexes.Hex, ...], int, int]]:
    """The safest routes as first written: every (hex, points) label is left from, none skipped."""
    best = {(start, 0): (0, ())}
    for spent in range(points + 1):
        for (here, s), (wounds, dirs) in sorted(best.items()):
            if s != spent:
                continue
            for i, d in enumerate(DIRECTIONS):
                there = (here[0] + d[0], here[1] + d[1])
                if there not in BOARD or there == start or there in closed:
                    continue
                total = spent + cost[(here, there)]
                label = (wounds + leaving.get(here, 0) + entering.get(there, 0), (*dirs, i))
                if total <= points and ((there, total) not in best or label < best[(there, total)]):
                    best[(there, total)] = label
    chosen: dict[hexes.Hex, tuple[int, int, tuple[int, ...]]] = {}
    for (h, spent), (wounds, dirs) in best.items():
        if h != start and h not in taken and (h not in chosen or (wounds, spent, dirs) < chosen[h]):
            chosen[h] = (wounds, spent, dirs)
    out = {}
    for h, (wounds, spent, dirs) in chosen.items():
        path, at = [], start
        for i in dirs:
            at = hexes.add(at, DIRECTIONS[i])
            path.append(at)
        out[h] = (tuple(path), spent, wounds)
    return out


def test_a1_10_59_routes_skip_only_labels_that_cannot_matter() -> None:
    # routes leaves no hex from a label that a cheaper, no less safe label already left it from;
    # on random boards (step costs 1-3, Wounds for leaving and entering) every destination gets
    # the very route of the search that leaves every label.
    rng = Rng(59)
    cells = sorted(BOARD)
    for _ in range(120):
        cost = {(a, b): rng.randint(1, 3) for a in cells for b in neighbours(a)}
        closed = {rng.choice(cells) for _ in range(rng.randint(0, 10))}
        taken = {rng.choice(cells) for _ in range(rng.randint(0, 6))}
        leaving = {rng.choice(cells): rng.randint(1, 3) for _ in range(rng.randint(0, 25))}
        entering = {rng.choice(cells): rng.randint(1, 2) for _ in range(rng.randint(0, 10))}
        start, points = rng.choice(cells), rng.randint(1, 6)
        got = routes(
            start,
            points,
            BOARD,
            cost=lambda a, b, cost=cost: cost[(a, b)],  # type: ignore[misc]
            may_enter=lambda h, closed=closed: h not in closed,  # type: ignore[misc]
            may_end=lambda h, taken=taken: h not in taken,  # type: ignore[misc]
            wounds_leaving=lambda h, leaving=leaving: leaving.get(h, 0),  # type: ignore[misc]
            wounds_entering=lambda h, entering=entering: entering.get(h, 0),  # type: ignore[misc]
        )
        want = _every_label_search(start, points, cost, closed, taken, leaving, entering)
        assert {h: (r.path, r.cost, r.wounds) for h, r in got.items()} == want


# --------------------------------------------------------------------------- A1.10 #58 pushes
def test_a1_10_58_push_away_may_not_end_closer() -> None:
    source = (-1, 0)
    got = push_destinations(ORIGIN, source, 2, "away", BOARD, may_enter=lambda h: True)
    assert ORIGIN in got  # staying at the same distance is allowed ("up to")
    assert all(distance(h, source) >= 1 for h in got)
    assert (2, 0) in got and got[(2, 0)] == ((1, 0), (2, 0))


def test_a1_10_58_push_towards_may_not_end_farther() -> None:
    source = (3, 0)
    got = push_destinations(ORIGIN, source, 1, "towards", BOARD, may_enter=lambda h: True)
    assert all(distance(h, source) <= 3 for h in got)
    assert (-1, 0) not in got and (1, 0) in got


def test_a5_8_push_respects_blocked_spaces() -> None:
    got = push_destinations(ORIGIN, (-1, 0), 3, "away", BOARD, may_enter=lambda h: h != (1, 0))
    assert (1, 0) not in got
    assert got[(2, 0)] == ((0, 1), (1, 1), (2, 0))  # around the blocked space, first way in DIRECTIONS order


# --------------------------------------------------------------------------- A1.10 #60 mounted
def test_a1_10_60_mounted_model_has_six_orientations() -> None:
    assert len(footprints(ORIGIN)) == 6
    assert all(distance(a, b) == 1 for a, b in footprints(ORIGIN))


@pytest.mark.parametrize(
    ("terrain", "fits"),
    [({}, True), ({(0, 0): "forest"}, False), ({(0, 0): "forest", (1, 0): "forest"}, True)],
)
def test_a1_10_60_mounted_model_never_half_in_terrain(terrain: dict, fits: bool) -> None:
    assert footprint_fits((ORIGIN, (1, 0)), BOARD, terrain, free=lambda h: True) is fits
