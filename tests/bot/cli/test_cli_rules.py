"""``tablekeeper rules GAME --search WORD``: the pages that mention a word, then the best of them."""

from __future__ import annotations

import pytest

from bot import cli
from engines.core.content import load_rules_pages


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["rules", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_search_lists_the_pages_best_first_then_prints_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "hackclad", "--search", "shard")
    assert status == 0 and err == ""
    pages = load_rules_pages("engines.hackclad")
    head, _, rest = out.partition("\n\n")
    lines = head.splitlines()
    mentions = [i + 1 for i, (t, b) in enumerate(pages) if "shard" in f"{t} {b}".lower()]
    assert lines[0] == f"“shard” in HackClad's rules: {len(mentions)} pages, best match first"
    listed = [int(line.split(".")[0]) for line in lines[1:]]
    assert sorted(listed) == mentions
    assert all("[shard]" in line.lower() for line in lines[1:])
    heading, body = pages[listed[0] - 1]
    assert rest == f"HackClad rules, page {listed[0]} of {len(pages)}: {heading}\n\n{body}\n"


def test_search_reads_every_language_unless_one_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "climax", "--search", "AP")
    listing = out.split("\n\n")[0]
    assert status == 0 and "(English)" in listing and "(Japanese)" in listing
    status, out, _ = _run(capsys, "climax", "--search", "大活躍")
    japanese = load_rules_pages("engines.climax", "ja")
    assert status == 0 and "page 8 of 9: " + japanese[7][0] in out
    status, out, _ = _run(capsys, "climax", "--search", "AP", "--lang", "ja")
    assert "(English)" not in out and "[AP]" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["hackclad", "--search", "xylophone"], "No page of HackClad's rules mentions “xylophone”."),
        (["hackclad", "--search", " "], "Type a word to search for."),
        (["climax", "--search", "AP", "--lang", "fr"], "--lang must be one of en, ja, not 'fr'."),
    ],
)
def test_search_refusals_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    assert _run(capsys, *args) == (2, "", f"tablekeeper: {said}\n")
