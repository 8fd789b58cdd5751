"""``tablekeeper cards``: the catalogue in the terminal, grouped and aligned, with decks and codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from bot import cli
from bot.console.cards import TEXT_INDENT, WIDTH
from bot.console.columns import width
from engines import registry
from engines.arclash.decks import decode_deck as arclash_decode
from engines.clashofdecks.content import catalog
from engines.clashofdecks.deckcode import decode_deck as cod_decode
from render.core.cardsheet import WIDTH as SHEET_WIDTH
from tests.engines.core.tinygame import RULESET as TINY


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["cards", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _rows(out: str) -> list[str]:
    """The card rows: two-space indent, then a name (text lines are indented further)."""
    return [line for line in out.splitlines() if line.startswith("  ") and not line.startswith("   ")]


@pytest.mark.parametrize("game", ["clashofdecks", "arclash", "hackclad"])
def test_every_card_is_listed_once_under_its_group(capsys: pytest.CaptureFixture[str], game: str) -> None:
    status, out, err = _run(capsys, game)
    assert status == 0 and err == ""
    entries = registry.get(game).catalogue()
    rows = _rows(out.split("\nDecks (")[0])
    assert len(rows) == len(entries)
    for entry, row in zip(entries, rows, strict=True):
        assert row.split("  ")[1].strip() == entry.name
        assert entry.stats in row
    for group in dict.fromkeys(e.group for e in entries):
        count = sum(1 for e in entries if e.group == group)
        assert f"\n{group} ({count})\n" in out


def test_rows_are_aligned_in_columns(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "clashofdecks")
    entries = registry.get("clashofdecks").catalogue()
    starts = {row.index(e.stats) for row, e in zip(_rows(out.split("\nDecks (")[0]), entries, strict=True)}
    assert len(starts) == 1


def test_clash_of_decks_prints_the_four_deck_codes_and_how_to_play_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = _run(capsys, "clashofdecks")
    codes = re.findall(r"CD1-[0-9A-Z]{17}", out)
    assert len(codes) == 4
    assert [cod_decode(catalog(), c) for c in codes] == [list(d.cards) for d in catalog().decks]
    assert "--option format=constructed --seat-option SEAT:deck_code=CODE" in out


def test_arclash_prints_the_starter_codes(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "arclash")
    codes = re.findall(r"ARC1-[A-Z2-7]+", out)
    starters = registry.get("arclash").decks()
    assert len(codes) == len(starters) == 4
    for code, deck in zip(codes, starters, strict=True):
        assert sum(arclash_decode(code).values()) == 30
        assert code == deck.code


def test_search_narrows_the_list_and_names_the_decks_holding_a_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run(capsys, "clashofdecks", "--search", "boom")
    assert status == 0
    assert out.startswith("Clash of Decks: 1 of 68 cards matching 'boom'")
    assert len(_rows(out.split("\nDecks (")[0])) == 1
    assert "Decks (1)" in out and "Ironclad: CD1-0102030405060708O" in out


def test_a_search_with_no_match_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "arclash", "--search", "no card is called this")
    assert status == 0
    assert "0 of 80 cards" in out and "No cards match" in out


def test_deck_lists_only_that_decks_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "arclash", "--deck", "Tidecallers")
    assert status == 0
    assert "in deck Tidecallers" in out
    rows = _rows(out.split("\nDecks (")[0])
    tide = registry.get("arclash").decks()[2]
    assert len(rows) == len(set(tide.card_ids))
    assert all(row.rstrip().endswith("]") and "tide" in row for row in rows)
    assert "2x Shoreline Adept" in out


def test_unknown_game_and_unknown_deck_are_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "chess")
    assert status == 2 and out == ""
    games = ", ".join(registry.slugs())
    assert err.strip() == f"tablekeeper: There is no game 'chess'; choose one of: {games}."
    status, out, err = _run(capsys, "clashofdecks", "--deck", "dragons")
    assert status == 2 and out == ""
    assert "Clash of Decks has no deck 'dragons'; choose one of: ironclad, tidecallers" in err


def test_a_game_without_a_catalogue_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with registry.registered("tiny", TINY):
        status, out, err = _run(capsys, "tiny")
    assert status == 2 and out == ""
    assert "Tiny has no card catalogue yet." in err


def test_climax_cards_in_japanese_line_up_by_terminal_columns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "climax", "--lang", "ja")
    assert status == 0 and err == ""
    ruleset = registry.get("climax")
    entries = ruleset.catalogue("ja")
    rows = _rows(out.split("\nDecks (")[0])
    assert [row.split("  ")[1].strip() for row in rows] == [e.name for e in entries]
    # a Japanese character takes two terminal columns: the stats start in one column all the same
    starts = {width(row[: row.index(e.stats)]) for row, e in zip(rows, entries, strict=True)}
    assert len(starts) == 1
    for group in dict.fromkeys(e.group for e in entries):
        assert f"\n{group} ({sum(1 for e in entries if e.group == group)})\n" in out
    # wrapped lines (card text, deck lists) keep to the page, a closing mark at most over it
    assert all(width(line) <= WIDTH + 2 for line in out.splitlines() if line.startswith(TEXT_INDENT))
    # the card text wraps inside the page, whole, with no space put between Japanese characters
    lines = out.splitlines()
    for entry in entries:
        at = lines.index(rows[entries.index(entry)]) + 1
        block = []
        while at < len(lines) and lines[at].startswith(TEXT_INDENT):
            block.append(lines[at][len(TEXT_INDENT) :])
            at += 1
        assert "".join(block).replace(" ", "") == entry.text.replace(" ", ""), entry.name
        assert all(len(line) > 10 for line in block[:-1])  # broken where the page ends, not before
    # the deck codes are the same in every language
    for deck in ruleset.decks("ja"):
        assert f"{deck.title}: {deck.code}" in out
    assert [d.code for d in ruleset.decks("ja")] == [d.code for d in ruleset.decks("en")]


def test_cards_language_flag_is_checked_and_searches_read_that_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run(capsys, "climax", "--lang", "ja", "--search", "巫女")
    assert status == 0 and out.startswith("Climax: ") and "巫女" in out
    status, out, err = _run(capsys, "climax", "--lang", "fr")
    assert status == 2 and out == "" and err.strip() == "tablekeeper: --lang must be one of en, ja, not 'fr'."
    # a game in English only says so, rather than printing English as if it were Japanese (issue)
    status, out, err = _run(capsys, "clashofdecks", "--lang", "ja")
    assert status == 2 and out == ""
    assert err == "tablekeeper: Clash of Decks is in English only; --lang ja is for climax.\n"


def test_one_card_by_name_prints_its_whole_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "eternia", "He-Man")
    entry = next(e for e in registry.get("eternia").catalogue() if e.id == "char.he_man")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "He-Man  (Masters of the Universe: Clash for Eternia · Heroes · char.he_man)"
    assert lines[1] == f"  {entry.stats}"
    first_paragraph = " ".join(entry.text.split("\n")[0].split())
    assert " ".join(line.strip() for line in lines[3:]).startswith(first_paragraph)
    assert "Choose it by its id he_man:" in out and "--seat-option SEAT:characters=ID,ID" in out
    status, out, _ = _run(capsys, "climax", "提灯の娘")
    assert status == 0 and out.startswith("提灯の娘  (Climax · キャラ · Y01)")


def test_one_card_refusals_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "hackclad", "nope")
    assert (status, out, err) == (2, "", "tablekeeper: HackClad has no card called “nope”.\n")
    status, _, err = _run(capsys, "hackclad", "Tail Whip")
    assert status == 2 and err.startswith("tablekeeper: “Tail Whip” could be Tail Whip · Rosette's cards or")
    status, _, err = _run(capsys, "hackclad", "shot", "--search", "bolt")
    assert status == 2 and "Name one card, or narrow the list" in err


def test_one_card_with_out_writes_its_picture_that_decodes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = _run(capsys, "climax", "提灯の娘", "--out", str(tmp_path))
    path = tmp_path / "climax-Y01-ja.png"
    assert status == 0 and err == "" and out.endswith(f"Wrote the card's picture to {path}.\n")
    with Image.open(path) as picture:
        assert picture.format == "PNG" and picture.width == SHEET_WIDTH
    # an id holding a ":" still makes one file of its own
    status, _, _ = _run(capsys, "hackclad", "Veer Left", "--out", str(tmp_path / "new"))
    assert status == 0 and (tmp_path / "new" / "hackclad-clad_veer_left.png").is_file()
    status, out, err = _run(capsys, "hackclad", "--out", str(tmp_path))
    assert (status, out) == (
        2,
        "",
    ) and err == "tablekeeper: --out writes one card's picture: name the card.\n"
