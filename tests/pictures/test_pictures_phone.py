"""Every picture reads on a phone: checked from the drawing code's own records of what it drew.

At 360 points wide (a phone) no text is below 11 points and the facts that decide a move are 14
or more; no two lines of text overlap, no arrow crosses a line of text, and no text sits under a
mark (the 易双六 token) or past the picture's edge. For every golden position in both languages.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.registry import all_specs
from bot.pictures import canvas
from bot.pictures.canvas import Box, Canvas, Drawn, Point
from bot.pictures.samples import Sample, samples
from rules.core import LOCALES, Event, Locale

CASES = [(s, loc) for s in samples() for loc in LOCALES]
IDS = [f"{s.name}-{loc}" for s, loc in CASES]


def _drawn(sample: Sample, locale: Locale) -> tuple[Canvas, tuple[int, int]]:
    with canvas.watching() as canvases:
        png = sample.draw(locale)
    assert len(canvases) == 1
    return canvases[0], Image.open(io.BytesIO(png)).size


def _overlap(a: Box, b: Box, slack: float = 1.0) -> bool:
    return (
        a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]
    )


def _crosses(start: Point, end: Point, half_width: float, box: Box) -> bool:
    """Whether a thick segment touches ``box`` (sampled finely along its length)."""
    (x0, y0), (x1, y1) = start, end
    steps = max(2, int(max(abs(x1 - x0), abs(y1 - y0)) / 2))
    for k in range(steps + 1):
        x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
        if _overlap((x - half_width, y - half_width, x + half_width, y + half_width), box, 0):
            return True
    return False


def _faults(drawn: Canvas, width: float, height: float) -> list[object]:
    """Everything that breaks the phone rules in one picture, as found in its records."""
    faults: list[object] = [t for t in drawn.texts if t.size < 11 / 360 * width]
    faults += [t for t in drawn.texts if t.decisive and t.size < 14 / 360 * width]
    texts = [t for t in drawn.texts if t.box[2] > t.box[0]]
    faults += [
        (a, b) for i, a in enumerate(texts) for b in texts[i + 1 :] if _overlap(a.box, b.box)
    ]
    for start, end, thickness in drawn.strokes:
        faults += [(start, end, t) for t in texts if _crosses(start, end, thickness / 2, t.box)]
    faults += [(mark, t) for mark in drawn.marks for t in texts if _overlap(mark, t.box)]
    faults += [t for t in texts if t.box[0] < 0 or t.box[2] > width or t.box[3] > height]
    return faults


@pytest.mark.parametrize(("sample", "locale"), CASES, ids=IDS)
def test_no_text_is_too_small_on_a_phone(sample: Sample, locale: Locale) -> None:
    drawn, (width, _) = _drawn(sample, locale)
    smallest = min(t.size for t in drawn.texts)
    # 11 points of a 360-point-wide picture, in this picture's pixels.
    assert smallest >= 11 / 360 * width, [t for t in drawn.texts if t.size == smallest]
    decisive = [t for t in drawn.texts if t.decisive]
    assert decisive, "each picture marks the facts that decide a move"
    small = [t for t in decisive if t.size < 14 / 360 * width]
    assert not small, small


@pytest.mark.parametrize(("sample", "locale"), CASES, ids=IDS)
def test_nothing_drawn_overlaps(sample: Sample, locale: Locale) -> None:
    drawn, (width, height) = _drawn(sample, locale)
    texts = [t for t in drawn.texts if t.box[2] > t.box[0]]
    clashes: list[tuple[Drawn, Drawn]] = [
        (a, b) for i, a in enumerate(texts) for b in texts[i + 1 :] if _overlap(a.box, b.box)
    ]
    assert not clashes
    assert not _faults(drawn, width, height)
    if sample.name == "yosukou":
        # The sample's token moved: its arrow was drawn, and checked above.
        assert drawn.strokes and drawn.marks


def test_the_checks_see_a_clash() -> None:
    """The overlap and crossing checks do find what they look for."""
    assert _overlap((0, 0, 10, 10), (5, 5, 20, 20))
    assert not _overlap((0, 0, 10, 10), (10, 0, 20, 10))
    assert _crosses((0, 5), (30, 5), 2, (10, 0, 20, 10))
    assert not _crosses((0, 20), (30, 20), 2, (10, 0, 20, 10))


def test_names_keep_what_the_font_draws() -> None:
    assert canvas.drawable_name("Ваня 🐱", "P1") == "Ваня"
    assert canvas.drawable_name("山田 太郎", "P1") == "山田 太郎"
    assert canvas.drawable_name("🐱🐶", "P2") == "P2"
    assert canvas.drawable_name("a\u200bb\nc", "P1") == "a b c"


#: Names as Discord may give them: long, another script, an emoji the names font lacks.
LONG_NAMES = ("Кира 🌸 with a display name far too long to fit", "山田 太郎")


def _paint_every_view(spec: Any, state: Any, recent: tuple[Event, ...]) -> list[object]:
    rules_ = spec.rules
    faults: list[object] = []
    for viewer in (None, *range(rules_.seats)):
        view = rules_.view_for(state, viewer)
        shown = tuple(e for e in recent if e.visible_for(viewer))
        for locale in LOCALES:
            with canvas.watching() as canvases:
                pngs = [spec.board_picture(view, locale, shown, LONG_NAMES)]
                if spec.panel_picture is not None and viewer is not None:
                    pngs.append(spec.panel_picture(view, locale, LONG_NAMES))
            for drawn, png in zip(canvases, pngs, strict=True):
                width, height = Image.open(io.BytesIO(png)).size
                faults += _faults(drawn, width, height)
    return faults


@pytest.mark.slow
@pytest.mark.parametrize(
    "spec", [s for s in all_specs() if s.board_picture is not None], ids=lambda s: s.game_type
)
def test_played_positions_read_on_a_phone(spec: Any) -> None:
    """Beyond the goldens: random games of every variant, every view, every few moves."""
    for variant in spec.variants:
        pick = random.Random(7)
        state = spec.rules.new_game(dict(variant.settings), 7)
        faults = _paint_every_view(spec, state, ())
        for step in range(60):
            if spec.rules.is_over(state):
                break
            seat = spec.rules.to_act(state)[0]
            action = pick.choice(spec.rules.legal_actions(state, seat))
            state, events = spec.rules.apply(state, seat, action)
            if step % 4 == 0 or spec.rules.is_over(state):
                faults += _paint_every_view(spec, state, tuple(events))
        assert not faults, faults[:5]
