"""The app's own emojis: one card face or cube face each, 128×128, drawn by the same code as
the board pictures (a 武士将棋 top face by ``draw_face``, a 戦列札 card by ``draw_card``, a
易双六 major as its board draws one) so a menu's little picture matches the board's big one."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageChops

from bot.pictures.bushi import BLACK, draw_face
from bot.pictures.canvas import INK, Canvas
from bot.pictures.senretsu import CARD_H, CARD_W, draw_card
from bot.pictures.yosukou import MAJOR_FILL
from rules.bushi import CubeReading, Face, FaceType, Facing, Orientation
from rules.bushi.cube import face_type
from rules.cards.playing import STANDARD_DECK

#: Discord shows emojis at most this size; it asks for 128×128 images.
SIZE = 128


def _png(canvas: Canvas) -> bytes:
    """The drawing with its paper made transparent (emojis sit on light and dark themes)."""
    image = canvas.rgb()
    paper = Image.new("RGB", image.size, image.getpixel((0, 0)))
    # Opaque wherever anything was drawn: any channel off the paper's colour.
    drawn = ImageChops.difference(image, paper).convert("L").point(lambda v: 255 if v else 0)
    picture = image.convert("RGBA")
    picture.putalpha(drawn)
    out = io.BytesIO()
    picture.save(out, "PNG", optimize=True)
    return out.getvalue()


def _canvas() -> Canvas:
    return Canvas(SIZE, width=SIZE)


@cache
def bushi_face(kind: str, facing: str) -> bytes:
    """A cube's top as the board draws it: a face of ``kind`` up, the samurai looking
    ``facing`` (from Black's side: ``F`` is up)."""
    reading, face = next(
        (r, f) for r in CubeReading for f in Face if face_type(f, r) is FaceType(kind)
    )
    canvas = _canvas()
    draw_face(canvas, (6, 6), SIZE - 12, Orientation(face, Facing(facing)), reading, BLACK)
    return _png(canvas)


@cache
def senretsu_card(code: str) -> bytes:
    card = next(c for c in STANDARD_DECK if c.code == code)
    scale = (SIZE - 8) / CARD_H
    canvas = _canvas()
    draw_card(canvas, (SIZE - CARD_W * scale) / 2, 4, card, None, "en", scale)
    return _png(canvas)


@cache
def tarot_major(number: int) -> bytes:
    """A major arcanum as the board shows it: its number on the majors' paper."""
    canvas = _canvas()
    canvas.raised((20, 4, SIZE - 20, SIZE - 4), MAJOR_FILL, INK, 12)
    canvas.text((SIZE / 2, SIZE / 2), str(number), 64, bold=True, fill=INK, anchor="mm")
    return _png(canvas)


# By key, as the games' homes name them (``bu_s_T0``, ``sr_SA``, ``ys_m0``).


def bushi_emoji(key: str) -> bytes:
    _, kind, facing = key.split("_")
    return bushi_face(kind, facing)


def senretsu_emoji(key: str) -> bytes:
    return senretsu_card(key.removeprefix("sr_"))


def yosukou_emoji(key: str) -> bytes:
    return tarot_major(int(key.removeprefix("ys_m")))


if __name__ == "__main__":  # a look at them: python -m bot.pictures.emojis out.png
    import sys

    sheet = Image.new("RGBA", (SIZE * 8, SIZE * 2), (200, 200, 200, 255))
    faces = [bushi_face(kind.value, "F") for kind in FaceType]
    faces += [senretsu_card(c.code) for c in STANDARD_DECK[:2]] + [tarot_major(0), tarot_major(21)]
    for i, png in enumerate(faces):
        sheet.paste(Image.open(io.BytesIO(png)), ((i % 8) * SIZE, (i // 8) * SIZE))
    sheet.save(sys.argv[1] if len(sys.argv) > 1 else "emojis.png")
