"""What the bot says has one home, ``bot/text`` (one module per area); a game's own words stay
in its home (``bot/games``). Anywhere else a ``Text("…", "…")`` written out is a string that
escaped the home — found here by reading the source (an AST scan), not by running it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from bot.i18n import MESSAGES
from bot.text.away import AWAY_MESSAGES
from bot.text.corner import CORNER_MESSAGES
from bot.text.daily import DAILY_MESSAGES
from bot.text.errors import ERROR_MESSAGES
from bot.text.lessons import LESSON_MESSAGES
from bot.text.mistakes import MISTAKE_MESSAGES
from bot.text.open_challenges import OPEN_CHALLENGE_MESSAGES
from bot.text.pace import PACE_MESSAGES
from bot.text.play import PLAY_MESSAGES
from bot.text.player import PLAYER_MESSAGES
from bot.text.privacy import PRIVACY_MESSAGES
from bot.text.puzzles import PUZZLE_MESSAGES
from bot.text.quiet import QUIET_MESSAGES
from bot.text.server import SERVER_MESSAGES
from bot.text.tournaments import TOURNAMENT_MESSAGES

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
#: Where ``Text`` literals belong: the text home, and each game's home (its own words).
HOMES = (BOT / "text", BOT / "games")
#: Files outside the homes that may still write a ``Text`` literal, each with its reason.
ALLOWED: dict[str, str] = {}


def text_literals(source: str) -> Iterator[int]:
    """The line of each ``Text(...)`` built from a string written right there (a ``Text``
    built from other texts, like a game's help with its title filled in, is not a literal)."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        arguments = [*node.args, *(keyword.value for keyword in node.keywords)]
        if name == "Text" and any(
            isinstance(arg, ast.JoinedStr)
            or (isinstance(arg, ast.Constant) and isinstance(arg.value, str))
            for arg in arguments
        ):
            yield node.lineno


def outside_the_homes() -> Iterator[Path]:
    for path in sorted(BOT.rglob("*.py")):
        if not any(path.is_relative_to(home) for home in HOMES):
            yield path


def test_the_scan_finds_a_literal_and_ignores_a_composed_text() -> None:
    assert list(text_literals('X = Text("はい", "yes")\n')) == [1]
    assert list(text_literals('f(name=core.Text(ja="はい", en=f"{y}"))\n')) == [1]
    assert list(text_literals("X = Text(A.ja.format(g=t.ja), A.en.format(g=t.en))\n")) == []
    assert list(text_literals('Y = TextInput(label="x")\n')) == []


def test_no_text_literal_outside_the_text_home_and_the_game_homes() -> None:
    scanned = list(outside_the_homes())
    assert BOT / "cogs" / "player.py" in scanned and BOT / "i18n.py" in scanned
    strays = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in scanned
        if str(path.relative_to(ROOT)) not in ALLOWED
        for line in text_literals(path.read_text(encoding="utf-8"))
    ]
    assert not strays, "move these into bot/text:\n" + "\n".join(strays)


def test_the_text_home_holds_the_words() -> None:
    home = sorted((BOT / "text").rglob("*.py"))
    assert sum(len(list(text_literals(p.read_text(encoding="utf-8")))) for p in home) > 400


def test_the_text_home_depends_on_nothing_of_the_bot_but_itself() -> None:
    """Every layer (the pictures included) may read its words without pulling in the bot."""
    for path in (BOT / "text").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                top = node.module.split(".")[0]
                assert top in {"__future__", "typing", "rules"} or node.module.startswith(
                    "bot.text"
                ), f"{path.relative_to(ROOT)} imports {node.module}"
            assert not isinstance(node, ast.Import), f"{path.relative_to(ROOT)} imports a module"


def test_every_key_is_in_one_area_only() -> None:
    areas = (
        PLAY_MESSAGES,
        PLAYER_MESSAGES,
        DAILY_MESSAGES,
        SERVER_MESSAGES,
        ERROR_MESSAGES,
        TOURNAMENT_MESSAGES,
        PUZZLE_MESSAGES,
        MISTAKE_MESSAGES,
        LESSON_MESSAGES,
        PRIVACY_MESSAGES,
        CORNER_MESSAGES,
        PACE_MESSAGES,
        AWAY_MESSAGES,
        OPEN_CHALLENGE_MESSAGES,
        QUIET_MESSAGES,
    )
    assert sum(len(area) for area in areas) == len(MESSAGES)  # no key overwritten by another
    assert MESSAGES["challenge.accept"].ja == "受ける"
    assert MESSAGES["tournament.joined"] is TOURNAMENT_MESSAGES["tournament.joined"]
