"""What a picture writes: every line its canvases record, pasted remembered drawings included."""

from __future__ import annotations

from collections.abc import Callable

from bot.pictures import canvas


def drawn_lines(draw: Callable[[], object]) -> list[str]:
    """Every line ``draw`` writes, in order (it still draws them)."""
    with canvas.watching() as canvases:
        draw()
    return [drawn.text for made in canvases for drawn in made.texts]
