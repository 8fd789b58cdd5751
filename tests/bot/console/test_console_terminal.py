"""The terminal player's issues: Ctrl-C, terminals that cannot show every character, pictures, rules."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot import cli
from bot.console.play import Chooser, TerminalGame
from bot.console.rulebook import PHASE_PAGES, phase_page, rules_pages
from engines import registry
from engines.core import Action, GameConfig, Prompt
from engines.core.content import load_rules_pages
from render import registry as render_registry
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET

ROOT = Path(__file__).resolve().parents[3]


#: ``python -m bot.cli``, with Ctrl-C at its default first. A person's shell starts a game that way;
#: the test runner's process may not have it (a non-interactive shell starts background jobs with
#: SIGINT ignored, and an ignored or blocked signal passes to every child), and a game keeps an
#: ignored SIGINT ignored, as it must under ``nohup``: CI started that way saw these games exit 0.
_LAUNCH = (
    "import runpy, signal; "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('bot.cli', run_name='__main__', alter_sys=True)"
)


def _start(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ.update({"PYTHONPATH": str(ROOT), **(env or {})})
    return subprocess.Popen(
        [sys.executable, "-c", _LAUNCH, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=environ,
    )


def _read_until(process: subprocess.Popen[bytes], wanted: bytes, seconds: float = 60) -> bytes:
    """What ``process`` printed, read until ``wanted`` shows up (the test fails after ``seconds``)."""
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen:
        assert time.monotonic() < deadline, f"no {wanted!r} after {seconds} s: {seen[-500:]!r}"
        ready, _, _ = select.select([process.stdout], [], [], 1)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            assert chunk, f"the game ended before {wanted!r}: {seen[-500:]!r}"
            seen += chunk
    return seen


# ---------------------------------------------------------------- Ctrl-C
def test_one_sigint_at_the_prompt_leaves_at_once_with_the_replay_line() -> None:
    """Issue: the first Ctrl-C did nothing and the second printed an asyncio traceback."""
    game = _start("play", "clashofdecks", "--mode", "duel", "--seed", "3")
    shown = _read_until(game, b"\n> ")
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=20)  # one signal is enough: no second one is ever sent
    text = (shown + out).decode()
    assert game.returncode == 130
    assert "Leaving the game after 0 of your moves. Replay it with: tablekeeper play clashofdecks" in text
    assert "--seed 3" in text.rsplit("Replay it with:", 1)[1]
    assert err.decode() == ""  # no traceback, no "Exception closing connection", no loop warnings


@pytest.mark.slow  # a second game in a fresh process; the prompt case above runs by default
def test_sigint_while_piped_moves_are_being_played_leaves_the_same_way() -> None:
    """Issue: with piped input a SIGINT printed the replay line and then a traceback."""
    game = _start("play", "clashofdecks", "--mode", "duel", "--seed", "3")
    assert game.stdin is not None
    # Eight moves: more than it takes to reach move 4, too few to end this 16-move game, so the
    # signal always finds the game still going (with 400 piped moves a loaded machine could let
    # the game run to its end between reading move 4 and sending the signal).
    game.stdin.write(b"1\n" * 8)
    game.stdin.flush()
    shown = _read_until(game, b"--- your move 4 ---")  # the bot and the database are busy now
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=20)
    text = (shown + out).decode()
    assert game.returncode == 130, (text[-800:], err.decode()[-800:])  # what it said, if it did not
    assert "Replay it with: tablekeeper play clashofdecks --mode duel" in text
    assert "Game over" not in text
    assert err.decode() == ""


class _DroppedInterrupt:
    """Sends this process a SIGINT from inside a finaliser, where Python prints and drops what it raises."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # a loop's jumps are where a pending signal's handler runs
            pass


class _ChooserHitByAnInterrupt(Chooser):
    """Picks the first choice; at the second move a Ctrl-C arrives while a finaliser runs."""

    def ask(self, prompt: Prompt, actions: Sequence[Action], table: str, cards: str = "") -> Action:
        self.shown.append(prompt.text)
        if len(self.shown) == 2:
            _DroppedInterrupt()  # dropped at once: its finaliser runs here
        return actions[0]


def test_a_ctrl_c_dropped_inside_a_finaliser_still_leaves_at_the_next_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CI once saw a piped game exit 0 after Ctrl-C: the KeyboardInterrupt can land in a ``__del__``."""
    dropped: list[type[BaseException] | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: dropped.append(unraisable.exc_type))
    out = io.StringIO()
    game = TerminalGame(registry.get("clashofdecks"), GameConfig("duel", 2), 3, "easy", None, out)
    # Ctrl-C at its default, as a shell starts a game (the runner's may be ignored: see _LAUNCH)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        status = game.play(_ChooserHitByAnInterrupt(io.StringIO(), io.StringIO()))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGINT, previous)
    assert dropped == [KeyboardInterrupt]  # Python dropped it ("Exception ignored in ... __del__")
    assert status == 130
    leaving = "Leaving the game after 2 of your moves. Replay it with: tablekeeper play clashofdecks"
    assert leaving in out.getvalue()


# ---------------------------------------------------------------- terminals that cannot show everything
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_what_the_terminal_cannot_encode_becomes_a_question_mark(
    monkeypatch: pytest.MonkeyPatch, encoding: str
) -> None:
    """Issue: `cards climax --lang ja` and `play` ended in UnicodeEncodeError on such a terminal."""
    for args, typed in (
        (["cards", "climax", "--lang", "ja"], ""),
        (["play", "climax", "--option", "lang=ja", "--seed", "5"], "keep\nq\n"),
    ):
        raw = io.BytesIO()
        # a terminal's stream: strict about what its encoding cannot hold, as Python opens it
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding=encoding, errors="strict"))
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        assert cli.main(args) == 0
        sys.stdout.flush()
        out = raw.getvalue().decode(encoding)
        assert "??" in out and "Traceback" not in out  # the kana and kanji, each a '?'
    assert "Leaving the game after 1 of your moves." in out


@pytest.mark.slow  # two fresh processes; the test above covers the same streams in this one
@pytest.mark.parametrize(
    "env",
    [
        {"PYTHONIOENCODING": "latin-1"},
        {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
    ],
    ids=["latin-1", "C-locale"],
)
def test_japanese_on_a_terminal_that_cannot_show_it_is_replaced_not_an_error(env: dict[str, str]) -> None:
    """Issue: `cards climax --lang ja` and `play` ended in UnicodeEncodeError."""
    cards = _start("cards", "climax", "--lang", "ja", env=env)
    out, err = cards.communicate(timeout=60)
    assert cards.returncode == 0 and err == b""
    assert out.startswith(b"Climax: ") and b"??" in out  # the kana and kanji, each a '?'
    play = _start("play", "climax", "--option", "lang=ja", "--seed", "5", env=env)
    out, err = play.communicate(b"keep\nq\n", timeout=60)
    assert play.returncode == 0 and err == b""
    assert b"Leaving the game after 1 of your moves." in out and b"??" in out


# ---------------------------------------------------------------- pictures only when asked
def _play(monkeypatch: pytest.MonkeyPatch, lines: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(["play", *args])
    return status, out.getvalue()


def test_play_writes_no_pictures_unless_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue: every game left a temporary folder of boards and hands behind (36 MB for one Climax game)."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.chdir(tmp_path)
    with registry.registered("tiny", RULESET), render_registry.registered("tiny", RENDERER):
        status, out = _play(monkeypatch, "1\n" * 40, "tiny", "--players", "2", "--seed", "11")
    assert status == 0 and "Game over:" in out
    assert sorted(tmp_path.rglob("*")) == [scratch]  # nothing written anywhere
    assert "Pictures" not in out and "images" not in out.lower()


def test_play_with_images_writes_there_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "new" / "pics"
    with registry.registered("tiny", RULESET), render_registry.registered("tiny", RENDERER):
        status, out = _play(monkeypatch, "1\nq\n", "tiny", "--seed", "2", "--images", str(folder))
    assert status == 0
    assert out.count(str(folder)) == 1 and f"Pictures of the table go to {folder}" in out
    written = {p.name for p in folder.iterdir()}  # a board and a hand at each of the two decisions
    assert written == {"0000-board.png", "0000-hand.png", "0001-board.png", "0001-hand.png"}
    assert all((folder / name).read_bytes().startswith(b"\x89PNG") for name in written)


# ---------------------------------------------------------------- rules
def test_rules_prints_the_pages_of_rules_slash_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue: a terminal player could not read the rules; the pages are /rules' own."""
    pages = load_rules_pages("engines.climax", "en")
    assert cli.main(["rules", "climax", "--page", "4"]) == 0
    out = capsys.readouterr().out
    heading, body = pages[3]
    assert out == f"Climax rules, page 4 of {len(pages)}: {heading}\n\n{body}\n"
    assert cli.main(["rules", "climax", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    for heading, body in load_rules_pages("engines.climax", "ja"):
        assert heading in out and body in out
    assert out.startswith("Climax rules, 9 pages:\n   1. 目的\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["clashofdecks", "--lang", "ja"], "Clash of Decks is in English only; --lang ja is for climax."),
        (["arclash", "--page", "99"], "--page must be a number from 1 to 8 or all, not '99'."),
        (["arclash", "--page", "two"], "--page must be a number from 1 to 8 or all, not 'two'."),
        (["nosuch"], "There is no game 'nosuch'"),
    ],
)
def test_rules_refusals_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert cli.main(["rules", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err


def test_h_at_the_prompt_shows_the_rules_page_of_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """Climax opens with the mulligan: 'h' shows the setting-up page, in the table's language."""
    status, out = _play(monkeypatch, "h\nq\n", "climax", "--option", "lang=ja", "--seed", "5")
    assert status == 0
    heading, body = load_rules_pages("engines.climax", "ja")[2]
    assert f"Climax rules, page 3 of 9: {heading}\n\n{body}" in out
    assert "? this help" in out  # 'h' is the rules now; '?' and 'help' still show the help


def test_h_with_a_number_shows_that_page_and_an_unknown_step_lists_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out = _play(monkeypatch, "h 2\nh 40\nq\n", "arclash", "--seed", "1")
    assert status == 0
    heading, body = load_rules_pages("engines.arclash")[1]
    assert f"Arclash rules, page 2 of 8: {heading}\n\n{body}" in out
    assert "There is no rules page '40'; `h N` shows page N (1 to 8)." in out
    game = TerminalGame(registry.get("arclash"), GameConfig("standard", 2), 1, "easy", None, io.StringIO())
    listing = game.rules_for(Prompt(0, "a kind no page explains", "?"))
    assert listing.startswith("Arclash rules, 8 pages:\n   1. Arclash at a glance\n")


def test_every_phase_page_names_a_page_of_its_game() -> None:
    """The mapping from prompt kinds to pages is data: each heading must exist, in every language."""
    for slug, kinds in PHASE_PAGES.items():
        ruleset = registry.get(slug)
        english = [heading for heading, _ in rules_pages(ruleset, "en")]
        assert set(kinds.values()) <= set(english), slug
        for lang in ruleset.languages:  # a translation keeps the pages in the same order
            assert len(rules_pages(ruleset, lang)) == len(english), (slug, lang)
        for kind, heading in kinds.items():
            assert phase_page(ruleset, kind) == english.index(heading)


# ---------------------------------------------------------------- cards: the ids options take
def test_eternia_cards_show_the_ids_the_options_take_and_they_set_up_a_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue: `cards eternia` named 154 cards but none of the ids `characters=` and `scenario=` need."""
    assert cli.main(["cards", "eternia"]) == 0
    out = capsys.readouterr().out
    assert "Choose them by the ids beside their names:" in out
    assert "  --seat-option SEAT:characters=ID,ID: Your Characters" in out
    assert "  --option scenario=ID: The Scenario to play" in out
    heroes = out.split("\nHeroes (6)\n")[1].split("\n\n")[0]
    villains = out.split("\nVillains (6)\n")[1].split("\n\n")[0]
    scenarios = out.split("\nScenarios (4)\n")[1].split("\n\n")[0]

    def ids(block: str) -> list[str]:  # the second column of each entry's first line
        rows = [line for line in block.splitlines() if not line.startswith("      ")]
        return [re.split(r"\s{2,}", row.strip())[1] for row in rows]

    assert ids(heroes)[0] == "he_man" and ids(scenarios)[0] == "crossroads"
    ruleset = registry.get("eternia")
    # the printed ids are the ones the rules accept: a game set up with them is dealt
    for scenario in ids(scenarios):
        config = GameConfig(
            "versus",
            2,
            {"scenario": scenario, "selection": "free"},
            ({"characters": ",".join(ids(villains)[:3])}, {"characters": ",".join(ids(heroes)[:4])}),
        )
        ruleset.setup(ruleset.resolve_config(config), 1)
