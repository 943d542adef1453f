"""Every picture reads on a phone: checked from the drawing code's own records of what it drew.

At 360 points wide (a phone) no text is below 11 points and the facts that decide a move are 14
or more; no two lines of text overlap, no arrow crosses a line of text, and no text sits under a
mark (the 易双六 token) or past the picture's edge. For every golden position in both languages.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.pictures import canvas
from bot.pictures.canvas import Box, Canvas, Drawn, Point
from bot.pictures.samples import Sample, samples
from rules.core import LOCALES, Locale

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
    for start, end, thickness in drawn.strokes:
        crossed = [t for t in texts if _crosses(start, end, thickness / 2, t.box)]
        assert not crossed, (start, end, crossed)
    for mark in drawn.marks:
        assert not [t for t in texts if _overlap(mark, t.box)], mark
    outside = [t for t in texts if t.box[0] < 0 or t.box[2] > width or t.box[3] > height]
    assert not outside


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
