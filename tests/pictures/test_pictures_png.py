"""The PNG writer and the palette canvas: what is written is what was drawn, a canvas given more
colours than a palette holds draws the rest in the nearest it has, and text's shades never
take the entries shapes need."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.pictures import canvas
from bot.pictures.png import write_png


def _decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as opened:
        assert opened.format == "PNG" and opened.mode == "P"
        return opened.convert("RGB")


def test_a_written_picture_decodes_to_what_was_drawn() -> None:
    drawn = canvas.Canvas(300, width=333)  # an odd width: rows are not word-aligned
    drawn.box((10, 10, 200, 120), canvas.PANEL, canvas.INK, 2, 12)
    drawn.text((20, 40), "武士将棋 Bushi", 30, bold=True, fill=canvas.VERMILLION)
    drawn.hatch((210, 10, 320, 120), canvas.BLUE)
    png = drawn.png()
    decoded = _decoded(png)
    height = int(drawn.bottom) + canvas.MARGIN
    assert decoded.size == (333, height)
    expected = drawn.rgb().crop((0, 0, 333, height))
    assert ImageChops.difference(decoded, expected).getbbox() is None


def test_the_top_rows_are_written_and_only_palette_pictures() -> None:
    picture = Image.new("P", (8, 10), (1, 2, 3))
    assert _decoded(write_png(picture, 4)).size == (8, 4)
    assert _decoded(write_png(picture, 99)).size == (8, 10)
    with pytest.raises(ValueError, match="palette"):
        write_png(Image.new("RGB", (4, 4)))


def test_colours_past_the_palette_are_drawn_in_the_nearest() -> None:
    drawn = canvas.Canvas(40, width=300)
    for k in range(300):
        drawn.draw.line(((k, 0), (k, 39)), fill=(k % 256, (k * 7) % 256, 200))
    palette = drawn.image.palette
    assert palette is not None and len(palette.colors) == canvas.PALETTE_SIZE
    # A shade of text now takes the nearest entry too: nothing fails, the text is drawn.
    drawn.text((10, 10), "刀", 24, fill=canvas.INK)
    assert _decoded(drawn.png(pad=0)).size[0] == 300


def test_text_leaves_room_in_the_palette_for_shapes() -> None:
    drawn = canvas.Canvas(400, width=720)
    inks = [(k * 9 % 256, k * 37 % 256, k * 71 % 256) for k in range(20)]
    for ground in (canvas.PAPER, canvas.BLUE):
        drawn.box((0, 0, 720, 360), ground, None, 0, 0)
        for k, ink in enumerate(inks):
            drawn.text((10 + (k % 6) * 110, 10 + (k // 6) * 36), "Sw 6/14", 24, fill=ink)
    palette = drawn.image.palette
    assert palette is not None
    # 40 pairs of ink and ground would take 280 shades: they stop where shapes' room begins.
    assert len(palette.colors) < canvas.PALETTE_SIZE
    drawn.box((10, 380, 100, 395), (1, 2, 3), None, 0, 2)
    assert _decoded(drawn.png(pad=0)).getpixel((50, 388)) == (1, 2, 3)
