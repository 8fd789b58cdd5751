"""Hidden information: twin states differing only in unseen cards look the same to each viewer."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.core.twins import TwinReport, check_twins
from tests.engines.climax.test_fuzz import CONFIGS


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_twins_look_the_same_to_their_viewer(index: int) -> None:
    # Decks, stocks (both seats) and the other hand redealt: views, prompts (public lines) and the
    # viewer's own choices and narration must not change (B5-5, B5-7; prompts never leak by presence).
    report = TwinReport()
    check_twins(RULESET, CONFIGS[index], 7 + index, every=3, report=report)
    assert report.differing > 0 and report.narrations > 0
