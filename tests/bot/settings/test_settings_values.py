"""Settings values: each bad one is refused in a line naming the variable, the value and what is allowed.

Also where values come from (the defaults file, then ``.env``, then the environment) and how a
``.env`` file saved by a Windows editor (a byte-order mark, UTF-16) is read.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import get_args

import pytest
from pydantic import ValidationError

from bot import cli
from bot.settings import Difficulty, Settings, SettingsError, load_settings
from engines.core.driver import DIFFICULTIES


def _refusal(env: dict[str, str], **where: Path | None) -> list[str]:
    with pytest.raises(SettingsError) as error:
        load_settings(env, **{"dotenv_path": None, **where})  # type: ignore[arg-type]
    return error.value.problems


@pytest.mark.parametrize(
    ("variable", "value", "line"),
    [
        (
            "TABLEKEEPER_DISCORD_LOG_LEVEL",
            "LOUD",
            "Setting TABLEKEEPER_DISCORD_LOG_LEVEL is 'LOUD'; it must be one of DEBUG, INFO, WARNING, "
            "ERROR, CRITICAL.",
        ),
        (
            "TABLEKEEPER_TABLES_DEFAULT_DIFFICULTY",
            "insane",
            "Setting TABLEKEEPER_TABLES_DEFAULT_DIFFICULTY is 'insane'; it must be one of easy, normal, "
            "hard.",
        ),
        (
            "TABLEKEEPER_DISCORD_DEV_GUILD_ID",
            "-5",
            "Setting TABLEKEEPER_DISCORD_DEV_GUILD_ID is '-5'; it must be a whole number of 0 or more "
            "(0: commands everywhere; else your test server's id).",
        ),
        (
            "TABLEKEEPER_TABLES_TURN_TIMEOUT_SECONDS",
            "-1",
            "Setting TABLEKEEPER_TABLES_TURN_TIMEOUT_SECONDS is '-1'; it must be a whole number from 0 to "
            "604800 (0: no timer; at most a week).",
        ),
        (
            "TABLEKEEPER_TABLES_REMINDER_FRACTION",
            "1",
            "Setting TABLEKEEPER_TABLES_REMINDER_FRACTION is '1'; it must be a number above 0 and below 1 "
            "(e.g. 0.75).",
        ),
        *(
            (
                "TABLEKEEPER_BOTS_THINK_SECONDS",
                value,
                f"Setting TABLEKEEPER_BOTS_THINK_SECONDS is '{value}'; it must be a number of seconds "
                "above 0 and at most 10 (CPU a bot may search per decision, e.g. 0.5).",
            )
            for value in ("0", "-0.5", "500", "nan")
        ),
        (
            "TABLEKEEPER_TABLES_THREAD_PER_GAME",
            "maybe",
            "Setting TABLEKEEPER_TABLES_THREAD_PER_GAME is 'maybe'; it must be true or false.",
        ),
        (
            "TABLEKEEPER_WORK_STALLED_SECONDS",
            "0.5",
            "Setting TABLEKEEPER_WORK_STALLED_SECONDS is '0.5'; it must be a number of 1 or more.",
        ),
        (
            "TABLEKEEPER_WORK_QUEUE",
            "procrastinate",
            "Setting TABLEKEEPER_WORK_QUEUE is 'procrastinate': that queue lives in PostgreSQL, so "
            "TABLEKEEPER_DATABASE_URL must be a postgresql+asyncpg:// URL, not "
            "'sqlite+aiosqlite:///tablekeeper.db'.",
        ),
    ],
    ids=lambda value: value if value.startswith("TABLEKEEPER_") else "",
)
def test_a_bad_value_is_one_line_naming_the_variable_the_value_and_what_is_allowed(
    variable: str, value: str, line: str
) -> None:
    assert _refusal({variable: value}) == [line]


def test_several_bad_settings_are_a_line_each_on_the_command_line_and_never_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env from the developer's folder
    monkeypatch.setenv("DISCORD_TOKEN", "the-token-value")
    monkeypatch.setenv("TABLEKEEPER_DISCORD_LOG_LEVEL", "LOUD")  # was a logging traceback at start
    monkeypatch.setenv("TABLEKEEPER_DISCORD_DEV_GUILD_ID", "-5")
    monkeypatch.setenv("TABLEKEEPER_TABLES_DEFAUL_DIFFICULTY", "hard")
    assert cli.main(["run"]) == 2  # a bad setting: the status argparse gives a bad command line
    assert capsys.readouterr().err.splitlines() == [
        "tablekeeper: Unknown setting TABLEKEEPER_TABLES_DEFAUL_DIFFICULTY; did you mean "
        "TABLEKEEPER_TABLES_DEFAULT_DIFFICULTY?",
        "tablekeeper: Setting TABLEKEEPER_DISCORD_DEV_GUILD_ID is '-5'; it must be a whole number of 0 or "
        "more (0: commands everywhere; else your test server's id).",
        "tablekeeper: Setting TABLEKEEPER_DISCORD_LOG_LEVEL is 'LOUD'; it must be one of DEBUG, INFO, "
        "WARNING, ERROR, CRITICAL.",
    ]


def test_choices_are_read_whatever_their_case_and_spacing() -> None:
    settings = load_settings(
        {
            "TABLEKEEPER_DISCORD_LOG_LEVEL": "debug",
            "TABLEKEEPER_TABLES_TIMEOUT_ACTION": " Forfeit ",
            "TABLEKEEPER_TABLES_DEFAULT_DIFFICULTY": "HARD",
            "TABLEKEEPER_TABLES_MENTION_ON_TURN": "off",
        },
        dotenv_path=None,
    )
    assert (settings.log_level, settings.timeout_action) == ("DEBUG", "forfeit")
    assert (settings.default_difficulty, settings.mention_on_turn) == ("hard", False)


def test_the_default_difficulty_choices_are_the_levels_every_game_has() -> None:
    assert get_args(Difficulty) == DIFFICULTIES


def test_a_bad_value_in_dotenv_names_the_file_and_one_in_the_defaults_file_names_its_key(
    tmp_path: Path,
) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("TABLEKEEPER_DISCORD_LOG_LEVEL=LOUD\n")
    assert _refusal({}, dotenv_path=dotenv) == [
        f"Setting TABLEKEEPER_DISCORD_LOG_LEVEL (in {dotenv}) is 'LOUD'; it must be one of DEBUG, INFO, "
        "WARNING, ERROR, CRITICAL."
    ]
    assert load_settings({"TABLEKEEPER_DISCORD_LOG_LEVEL": "ERROR"}, dotenv_path=dotenv).log_level == "ERROR"
    defaults = tmp_path / "defaults.toml"
    defaults.write_text('[tables]\ndefault_difficulty = "insane"\n[service]\ncache_size = 0\n')
    assert _refusal({}, defaults_path=defaults) == [
        f"Setting default_difficulty in [tables] of {defaults} is 'insane'; it must be one of easy, "
        "normal, hard.",
        f"Setting cache_size in [service] of {defaults} is 0; it must be a whole number of 1 or more.",
    ]
    defaults.write_text("[tables\n")
    assert _refusal({}, defaults_path=defaults) == [
        f"Cannot read {defaults}: Expected ']' at the end of a table declaration (at line 1, column 8)."
    ]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_dotenv_is_read_in_utf8_with_or_without_a_byte_order_mark_and_in_utf16_by_its_mark(
    encoding: str, tmp_path: Path
) -> None:
    # The token on the first line: a UTF-8 byte-order mark used to hide it ("DISCORD_TOKEN is not
    # set"), and UTF-16 (Notepad's "Unicode") used to end in a traceback.
    dotenv = tmp_path / ".env"
    text = "DISCORD_TOKEN=tøken\nTABLEKEEPER_TABLES_TIMEOUT_ACTION=forfeit\n"
    mark = codecs.BOM_UTF16_BE if encoding == "utf-16-be" else b""  # Python writes no mark for -be
    dotenv.write_bytes(mark + text.encode(encoding))
    settings = load_settings({}, dotenv_path=dotenv)
    assert (settings.discord_token, settings.timeout_action) == ("tøken", "forfeit")


def test_a_dotenv_that_is_not_utf8_is_refused_naming_the_file_and_the_encoding_to_use(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_bytes("DISCORD_TOKEN=x\n".encode("utf-16-le"))  # UTF-16 without its mark
    assert _refusal({}, dotenv_path=dotenv) == [
        f"Cannot read {dotenv}: it looks like UTF-16 without a byte-order mark; save the file as UTF-8."
    ]
    dotenv.write_bytes("TABLEKEEPER_TABLES_TIMEOUT_ACTION=forfait\nDISCORD_TOKEN=é\n".encode("latin-1"))
    assert _refusal({}, dotenv_path=dotenv) == [
        f"Cannot read {dotenv}: byte 56 is not UTF-8 text; save the file as UTF-8."
    ]


def test_a_dotenv_line_that_cannot_be_parsed_is_refused_naming_the_file_and_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # python-dotenv skips such a line with a warning naming no file; the setting on it would be lost
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN=x\nTABLEKEEPER_TABLES_TIMEOUT_ACTION='forfeit\n")
    assert _refusal({}, dotenv_path=dotenv) == [
        f"Cannot read {dotenv}: line 2 is not KEY=VALUE (a quote left open?); each line must be "
        "KEY=VALUE, a # comment, or empty."
    ]
    assert capsys.readouterr().err == ""


def test_the_token_is_never_shown(tmp_path: Path) -> None:
    settings = load_settings({"DISCORD_TOKEN": "  secret-token  "}, dotenv_path=None)
    assert settings.discord_token == "secret-token"
    assert "secret-token" not in repr(settings) and "secret-token" not in str(settings)
    assert load_settings({"DISCORD_TOKEN": " "}, dotenv_path=None).discord_token is None


def test_settings_built_in_code_read_no_environment_but_are_checked_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TABLEKEEPER_SERVICE_CACHE_SIZE", "7")
    monkeypatch.setenv("TABLEKEEPER_NOT_A_SETTING", "1")
    assert Settings().cache_size == 5000
    # the declared defaults and config/defaults.toml agree, so code and a fresh install behave alike
    assert Settings() == load_settings({}, dotenv_path=None)
    with pytest.raises(ValidationError):
        Settings(cache_size=0)
    assert Settings().replace(cache_size=9).cache_size == 9
    with pytest.raises(ValidationError):
        Settings().replace(timeout_action="nap")
