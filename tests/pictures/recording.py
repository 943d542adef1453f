"""What a picture writes: every line through the drawing code's one text path."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.pictures import canvas


def drawn_lines(draw: Callable[[], object]) -> list[str]:
    """Every line ``draw`` writes, in order (it still draws them)."""
    lines: list[str] = []
    text = canvas.Canvas.text

    def recording(
        self: canvas.Canvas, xy: canvas.Point, line: str, size: int, **kw: object
    ) -> float:
        lines.append(line)
        return text(self, xy, line, size, **kw)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(canvas.Canvas, "text", recording)
        draw()
    return lines
