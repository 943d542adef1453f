"""Japanese text follows Japanese typography: a label takes the full-width colon 「：」 (「手番：」,
「直前：」), never an ASCII ``:`` after Japanese text, and the cryptographic salt is 「ソルト」,
not 「塩」. Scans every ``Text`` written in ``bot/`` and ``rules/`` (the catalogues included),
what a Japanese game log and text board print, and the README and its guides."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import MESSAGES
from bot.text.tournaments import TOURNAMENT_MESSAGES
from rules.yosukou import YosukouRules

ROOT = Path(__file__).resolve().parent.parent
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")


def ascii_colons(ja: str) -> list[str]:
    """Each ASCII colon in ``ja`` with a little context, leaving out the ones that are not
    punctuation: inside a ``{field:spec}``, in `code`, in a URL and in a time like 12:00."""
    text = re.sub(r"`[^`]*`", "`…`", ja)
    text = re.sub(r"\{[^{}]*\}", "{…}", text)
    return [
        text[max(0, m.start() - 8) : m.end() + 8]
        for m in re.finditer(r":", text)
        if text[m.end() : m.end() + 2] != "//"
        and not (
            text[m.start() - 1 : m.start()].isdigit() and text[m.end() : m.end() + 1].isdigit()
        )
    ]


def _literal(node: ast.expr) -> str | None:
    """A string argument as written (an f-string's fields as ``{…}``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    return None


def written_japanese() -> Iterator[tuple[str, str]]:
    """(where, ja) for every ``Text(ja, en)`` / ``Text(ja=…)`` in bot/ and rules/."""
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Text"):
                continue
            ja = (
                node.args[0]
                if node.args
                else next((k.value for k in node.keywords if k.arg == "ja"), None)
            )
            text = None if ja is None else _literal(ja)
            if text is not None:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", text


def test_the_scan_sees_the_catalogues_and_the_rules() -> None:
    found = dict(written_japanese())
    assert len(found) > 400
    assert any(w.startswith("bot/text/") for w in found)
    assert any(w.startswith("rules/yosukou/render.py") for w in found)
    assert ascii_colons("手番: {user}") == ["手番: {…}"]  # what the test is for
    assert ascii_colons("{rate:.0%} `python -m x` https://a 12:00") == []


def test_no_ascii_colon_in_japanese_text() -> None:
    bad = [
        f"{where}: {snippet!r}"
        for where, ja in written_japanese()
        if JAPANESE.search(ja)
        for snippet in ascii_colons(ja)
    ]
    bad += [
        f"{key}: {snippet!r}"
        for catalogue in (MESSAGES, TOURNAMENT_MESSAGES)
        for key, text in catalogue.items()
        for snippet in ascii_colons(text.ja)
    ]
    assert not bad, "\n".join(bad)


def test_the_salt_is_a_salt() -> None:
    salty = [where for where, ja in written_japanese() if "塩" in ja]
    assert not salty
    for page in (ROOT / "README.md", *(ROOT / "docs").glob("*.md")):
        assert "塩" not in page.read_text(encoding="utf-8"), page.name
    assert MESSAGES["log.salt"].ja == "ソルト"


@pytest.mark.parametrize("variant", ["original", "simplified"])
def test_a_japanese_board_puts_no_ascii_colon_after_japanese(variant: str) -> None:
    rules = YosukouRules()
    state = rules.new_game({"variant": variant}, 7)
    for _ in range(12):  # the start, then a few draws: piles, discards, the footer
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.legal_actions(state, seat)[0]).state
        board = rules.render(rules.view_for(state, 0), "ja")
        after_japanese = re.findall(r"[\u3040-\u30ff\u3400-\u9fff）」][ ]?:", board)
        assert not after_japanese, board
