"""The shared animation and result card keep the boards' phone rules: no text under the
smallest size, however long the names in their titles."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import canvas
from bot.pictures.canvas import SMALLEST
from bot.pictures.film import animate, result_card

LONG = "Кира Александровна Верещагина-Долгорукова 🐉 " * 2


def board(height: int = 600) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (720, height), (250, 246, 238)).save(out, "PNG")
    return out.getvalue()


def test_the_film_and_result_card_never_draw_under_the_smallest_size() -> None:
    title = ["武士将棋 #12", f"先手 {LONG} vs 後手 {LONG}", "#12 · 61 moves"]
    with canvas.watching() as canvases:
        animate([board(), board(640)], ["start", "1 / 1"], title, f"{LONG} wins", board())
        result_card(board(), f"武士将棋 #12 — {LONG}", [f"{LONG} wins", "rating 1500 → 1516"])
    texts = [drawn for c in canvases for drawn in c.texts]
    assert texts and min(t.size for t in texts) >= SMALLEST
    # A line too long to fit at that size is cut, not run off the picture.
    assert all(t.box[2] <= c.width for c in canvases for t in c.texts)
