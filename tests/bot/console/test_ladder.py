"""``tablekeeper ladder``: every bot level against every other, seat-balanced and rated."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.console.ladder import Pairing, Played, levels_of, pairings, summarize
from engines import registry
from engines.core import GameConfig


def test_levels_are_the_games_distinct_bots_weakest_first() -> None:
    assert levels_of(registry.get("climax")) == ["easy", "normal", "hard"]
    assert levels_of(registry.get("hackclad")) == ["easy", "normal", "hard"]

    class TwoBots:  # a game with two bots: normal and hard are the same one, listed once
        slug = "two"

        def bots(self) -> dict[str, object]:
            return {"random": object(), "witch": object()}

    assert levels_of(TwoBots()) == ["easy", "normal"]  # type: ignore[arg-type]


def test_every_deal_is_played_from_both_sides_in_a_head_to_head_mode() -> None:
    games = list(pairings("climax", GameConfig("duel", 2), ["easy", "hard"], range(1, 4)))
    assert len(games) == 6
    for seed in range(1, 4):
        sides = sorted(g.levels for g in games if g.seed == seed)
        assert sides == [("easy", "hard"), ("hard", "easy")]


def test_a_mode_against_the_rules_plays_each_level_alone_over_the_same_deals() -> None:
    games = list(pairings("hackclad", GameConfig("solo", 1), ["easy", "normal"], range(1, 3)))
    assert sorted((g.levels, g.seed) for g in games) == [
        (("easy",), 1),
        (("easy",), 2),
        (("normal",), 1),
        (("normal",), 2),
    ]


def _played(levels: tuple[str, str], places: tuple[int, int]) -> Played:
    return Played(
        Pairing("climax", GameConfig("duel", 2), 1, levels), places, (places[0] == 0, places[1] == 0), (0, 0)
    )


def test_head_to_head_counts_wins_from_either_side_and_ties_as_half() -> None:
    games = [
        _played(("easy", "hard"), (1, 0)),  # hard won from the second side
        _played(("hard", "easy"), (0, 1)),  # hard won from the first side
        _played(("hard", "easy"), (1, 0)),  # easy won once
        _played(("easy", "hard"), (0, 0)),  # a tie
    ]
    summary = summarize(registry.get("climax"), GameConfig("duel", 2), ["easy", "hard"], games)
    (h2h,) = summary["head_to_head"]
    assert h2h["levels"] == ["easy", "hard"] and h2h["wins"] == [1, 2] and h2h["ties"] == 1
    assert h2h["share"] == pytest.approx((2 + 0.5) / 4)
    ratings = {row["level"]: row for row in summary["ratings"]}
    assert ratings["hard"]["mu"] > ratings["easy"]["mu"]
    low, high = ratings["hard"]["interval"]
    assert low < ratings["hard"]["rating"] < high


def test_at_four_seats_a_level_beats_the_other_when_its_best_seat_finishes_higher() -> None:
    config = GameConfig("standard", 4)
    games = [
        Played(
            Pairing("arclash", config, 1, ("easy", "hard")),
            (3, 0, 2, 1),
            (False, True, False, False),
            (0, 0, 0, 0),
        ),
        Played(
            Pairing("arclash", config, 1, ("hard", "easy")),
            (1, 2, 0, 3),
            (False, False, True, False),
            (0, 0, 0, 0),
        ),
        Played(
            Pairing("arclash", config, 2, ("easy", "hard")),
            (0, 1, 2, 3),
            (True, False, False, False),
            (0, 0, 0, 0),
        ),
    ]
    summary = summarize(registry.get("arclash"), config, ["easy", "hard"], games)
    (h2h,) = summary["head_to_head"]
    assert h2h["wins"] == [1, 2] and h2h["ties"] == 0


def test_the_command_prints_ratings_and_head_to_head(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "clashofdecks", "--mode", "duel", "--games", "1", "--jobs", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6  # three pairs of levels, one deal each, from both sides
    assert {row["level"] for row in summary["ratings"]} == {"easy", "normal", "hard"}
    assert all(row["games"] == 2 for row in summary["head_to_head"])


def test_the_command_refuses_no_games_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "climax", "--games", "0"]) == 2
    assert capsys.readouterr().err.strip() == "tablekeeper: --games must be at least 1."


def test_the_command_plays_only_the_levels_asked_and_times_their_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ladder", "clashofdecks", "--mode", "duel", "--games", "1", "--jobs", "1"]
    assert main([*argv, "--levels", "normal,easy", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2  # one pair of levels, one deal from both sides
    assert [row["levels"] for row in summary["head_to_head"]] == [["easy", "normal"]]
    thinking = {row["level"]: row for row in summary["thinking"]}
    assert set(thinking) == {"easy", "normal"}
    assert all(row["decisions"] > 0 and 0 <= row["median_ms"] <= row["max_ms"] for row in thinking.values())


def test_the_command_refuses_an_unknown_level_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "climax", "--levels", "normal,expert"]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "tablekeeper: --levels takes some of: easy, normal, hard (comma-separated)."
    )
