"""The canvas's shortcuts (remembered text and boxes, a palette from the start) draw what
Pillow draws.

Text is rendered once per (text, size, weight, anchor) and stamped in the canvas's palette,
its anti-aliasing in :data:`canvas.SHADES` steps; small boxes are drawn once as masks and their
colours pasted through them. Boxes may not change a pixel, text only its edges' shades by less
than half a step, and no picture may depend on what was drawn before.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.pictures import bushi, canvas
from bot.pictures.samples import samples
from rules.bushi import CubeReading, Facing, Orientation
from rules.bushi.cube import Face
from rules.core import LOCALES

ANCHORS = ("la", "lm", "mm", "rm", "ls")
#: Half a shade's step between paper and vermillion, per channel, rounded up.
_HALF_STEP = (
    max(abs(a - b) for a, b in zip(canvas.PAPER, canvas.VERMILLION, strict=True))
    // (2 * canvas.SHADES)
    + 1
)


def _inked(image: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of the pixels off the paper."""
    return ImageChops.difference(image, Image.new("RGB", image.size, canvas.PAPER)).getbbox()


def _pillow_text(xy: tuple[int, int], text: str, size: int, bold: bool, anchor: str) -> Image.Image:
    image = Image.new("RGB", (400, 120), canvas.PAPER)
    face = canvas.font(size, bold)
    ImageDraw.Draw(image).text(
        xy, canvas.printable(text), fill=canvas.VERMILLION, font=face, anchor=anchor
    )
    return image


@pytest.mark.parametrize("anchor", ANCHORS)
@pytest.mark.parametrize(
    ("text", "size", "bold"), [("♠12 Sw 3/4", 18, True), ("開始位置 Wg", 23, False)]
)
def test_stamped_text_is_pillows_text(text: str, size: int, bold: bool, anchor: str) -> None:
    for xy in ((200, 60), (37, 41)):
        drawn = canvas.Canvas(120, width=400)
        width = drawn.text(xy, text, size, bold=bold, fill=canvas.VERMILLION, anchor=anchor)
        expected = _pillow_text(xy, text, size, bold, anchor)
        difference = ImageChops.difference(drawn.rgb(), expected)
        # Every pixel the text covers, and only those, in the nearest of the shades.
        assert (
            difference.getbbox() is None
            or max(difference.getextrema()[c][1] for c in range(3)) <= _HALF_STEP
        )
        assert _inked(drawn.rgb()) == _inked(expected)
        assert width == canvas.font(size, bold).getlength(text)


@pytest.mark.parametrize(
    "rect",
    [
        (10, 10, 70.4, 33.25),  # a chip: fractional right edge
        (12.6, 8.5, 90.2, 32.5),  # a badge: a pill (its ends are half circles)
        (30.4, 20.6, 60.4, 50.6),  # a square that becomes a circle, drawn where it lies
        (5, 5, 300, 100),  # too big to stamp
    ],
)
@pytest.mark.parametrize("radius", [6, 12, 40])
def test_stamped_boxes_are_pillows_boxes(
    rect: tuple[float, float, float, float], radius: float
) -> None:
    for fill, outline in ((canvas.PANEL, canvas.RULE), (None, canvas.INK), (canvas.BLUE, None)):
        drawn = canvas.Canvas(120, width=320)
        drawn.box(rect, fill, outline, 2, radius)
        expected = Image.new("RGB", (320, 120), canvas.PAPER)
        ImageDraw.Draw(expected).rounded_rectangle(
            rect, radius, fill=fill, outline=outline, width=2
        )
        assert ImageChops.difference(drawn.rgb(), expected).getbbox() is None, (fill, outline)


def test_a_picture_is_the_same_drawn_first_or_after_others() -> None:
    sample = next(s for s in samples() if s.name == "yosukou")
    for locale in LOCALES:
        canvas.clear_caches()
        cold = sample.draw(locale)
        for other in samples():
            other.draw(locale)
        assert sample.draw(locale) == cold


@pytest.mark.parametrize("corner", [(40, 86), (290.0, 437.35)])
def test_a_sprite_draws_what_drawing_directly_draws(corner: tuple[float, float]) -> None:
    orientation = Orientation(Face.F1, Facing.R)
    args = (132, orientation, CubeReading.SEED, bushi.WHITE, True)
    direct, pasted, again = (canvas.Canvas(700, width=500) for _ in range(3))
    bushi._draw_face(direct, corner, *args)
    bushi.draw_face(pasted, corner, *args)
    bushi.draw_face(again, corner, *args)  # from the remembered sprite
    for drawn in (pasted, again):
        assert ImageChops.difference(drawn.rgb(), direct.rgb()).getbbox() is None
        assert drawn.texts == direct.texts and drawn.strokes == direct.strokes
        assert drawn.bottom == direct.bottom
