"""No picture ever prints "?" for a glyph the bundled font lacks.

Every string a picture can draw is collected from the drawing code's one text path
(:meth:`Canvas.text`) while whole games are played to their ends, every game that has a
picture, every variant, every view (each seat's and a spectator's board, each seat's panel),
both languages, ending in each way a game can end; and every phrase the rules and the pictures
keep in both languages (move descriptions, card names, statuses, reasons) is checked as well,
so a sentence no playout happened to reach is covered too. Each is checked against the font
files' own character maps (fontTools), not the list the canvas reads.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

import pytest
from fontTools.ttLib import TTFont

import bot.pictures as pictures
import rules
from bot.games.registry import all_specs
from bot.games.spec import GameSpec
from bot.pictures import canvas
from rules.cards.playing import STANDARD_DECK
from rules.cards.tarot import MAJOR_CODES, MINOR_CODES, card_label, card_name
from rules.core import LOCALES, Event, Forfeit, OfferDraw, Resign, Seat, Text

#: Plies of one playout at most (戦列札's staging can go back and forth).
MAX_STEPS = 400
PLAYOUTS = 2
PICTURED = [spec for spec in all_specs() if spec.board_picture is not None]


@cache
def font_characters() -> dict[str, frozenset[str]]:
    """What each bundled font file can draw, read from its character map (the names font
    draws players' names only)."""
    return {
        path.name: frozenset(chr(c) for c in TTFont(path).getBestCmap())
        for path in sorted(canvas.FONT_DIR.glob("*-subset.ttf"))
    }


def missing(strings: Iterable[str]) -> dict[str, str]:
    """Every string with a character some bundled font lacks (line breaks are not drawn)."""
    out: dict[str, str] = {}
    for text in strings:
        for name, have in font_characters().items():
            lacking = {ch for ch in text if ch not in have and ch != "\n"}
            if lacking:
                out[text] = f"{name} lacks {''.join(sorted(lacking))}"
    return out


class Recorder:
    """Collects every line drawn, without drawing it (the playouts draw many pictures)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: set[str] = set()

        def text(self_: canvas.Canvas, xy: canvas.Point, line: str, size: int, **kw: Any) -> float:
            self.lines.add(line)
            return canvas.text_width(line, size, bool(kw.get("bold", False)))

        monkeypatch.setattr(canvas.Canvas, "text", text)
        monkeypatch.setattr(canvas.Canvas, "png", lambda self_, pad=0: b"")
        # Remembered drawings drawn each time instead: their words reach the recorder, and
        # nothing drawn without words is remembered for later pictures.
        monkeypatch.setattr(
            canvas.Canvas,
            "sprite",
            lambda self_, key, corner, extent, draw: draw(self_, corner),
        )


def paint(spec: GameSpec, state: Any, recent: tuple[Event, ...]) -> None:
    """Every picture of ``state``: each seat's and a spectator's board, each seat's panel."""
    rules_ = spec.rules
    assert spec.board_picture is not None
    seats: list[Seat | None] = [None, *range(rules_.seats)]
    for viewer in seats:
        view = rules_.view_for(state, viewer)
        shown = tuple(e for e in recent if e.visible_for(viewer))
        for locale in LOCALES:
            spec.board_picture(view, locale, shown)
            if spec.panel_picture is not None and viewer is not None:
                spec.panel_picture(view, locale)


def playout(spec: GameSpec, settings: dict[str, Any], seed: int, ending: str) -> None:
    """One game from ``seed`` with random legal moves, painted after every action, ended by
    ``ending``: played out, a resignation, a time-out, or a draw offer left standing."""
    rules_ = spec.rules
    pick = random.Random(seed)
    state = rules_.new_game(settings, seed)
    paint(spec, state, ())
    two_player = rules_.seats > 1
    for step in range(MAX_STEPS):
        if rules_.is_over(state):
            break
        seat = rules_.to_act(state)[0]
        action: Any
        if ending == "resign" and step == 6:
            action = Resign()
        elif ending == "timeout" and step == 6:
            seat, action = None, Forfeit(rules_.to_act(state)[0])  # type: ignore[assignment]
        elif ending == "offer" and step == 4 and OfferDraw() in rules_.meta_actions(state, seat):
            action = OfferDraw()
        else:
            action = pick.choice(rules_.legal_actions(state, seat))
        state, events = rules_.apply(state, seat, action)
        paint(spec, state, tuple(events))
        if ending == "offer" and two_player and state.draw_offer is not None:
            break


ENDINGS = ("played", "resign", "timeout", "offer")
CASES = [
    (spec, variant.key, dict(variant.settings), seed, ending)
    for spec in PICTURED
    for variant in spec.variants
    for seed in range(PLAYOUTS)
    for ending in ENDINGS
]


@pytest.mark.slow
def test_every_line_a_played_game_draws_is_in_the_bundled_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = Recorder(monkeypatch)
    for spec, _key, settings, seed, ending in CASES:
        playout(spec, settings, seed, ending)
    assert len(recorder.lines) > 500  # the playouts drew what players see
    assert not missing(recorder.lines)


def _texts(value: object) -> Iterator[Text]:
    """The :class:`Text` phrases in a module-level value (and in its dicts, tuples, lists)."""
    if isinstance(value, Text):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _texts(item)


def phrases() -> list[str]:
    """Every phrase the rules and the pictures keep in both languages, in both."""
    names = [m.name for m in pkgutil.walk_packages(rules.__path__, "rules.")]
    names += [m.name for m in pkgutil.walk_packages(pictures.__path__, "bot.pictures.")]
    out: set[str] = set()
    for name in names:
        module = importlib.import_module(name)
        for value in vars(module).values():
            for text in _texts(value):
                out |= {text.ja, text.en}
        for cls in vars(module).values():
            if isinstance(cls, type) and cls.__module__ == name:
                for value in vars(cls).values():
                    for text in _texts(value):
                        out |= {text.ja, text.en}
    # Every card by its label and name, in both languages.
    out |= {card.label for card in STANDARD_DECK}
    for code in (*MAJOR_CODES, *MINOR_CODES):
        out |= {card_label(code), *(card_name(code, locale) for locale in LOCALES)}
    return sorted(out)


def test_every_phrase_the_rules_and_pictures_keep_is_in_the_bundled_font() -> None:
    found = phrases()
    assert "turned ↻" in found and "旋回した ↻" in found  # the move sentences are among them
    assert not missing(found)


def test_the_check_finds_a_missing_glyph() -> None:
    found = missing(["P1 😀", "ok"])
    assert list(found) == ["P1 😀"] and found["P1 😀"].endswith("lacks 😀")


def test_turned_reads_with_its_arrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move that prompted this test: 武士将棋's turn, drawn in its own words."""
    recorder = Recorder(monkeypatch)
    spec = next(s for s in PICTURED if s.game_type == "bushi")
    state, events = spec.rules.new_game(None, 0), ()
    for code in ("D-F1-L", "D-R2-R", "ROT"):
        state, events = spec.rules.apply(state, state.to_move, spec.rules.parse(code))
    paint(spec, state, tuple(events))
    # The move's sentence is the card's, beside the picture (the picture shows the move by
    # its face before and after); the picture names the move, and the sentence is drawable.
    drawn = "".join(recorder.lines)
    assert "turn clockwise" in drawn and "右に旋回" in drawn
    said = [spec.rules.describe_event(e, loc) for e in events for loc in LOCALES]
    assert any("turned ↻" in line for line in said) and any("旋回した ↻" in line for line in said)
    assert not missing(said)
