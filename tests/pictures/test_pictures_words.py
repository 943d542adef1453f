"""A picture's sentences are the rules' own: the 戦列札 board says where the game stands and
what the last attack did in the words of the text board, in both languages."""

from __future__ import annotations

import pytest

from bot.pictures import canvas, senretsu
from bot.pictures.samples import SENRETSU, SENRETSU_CASUALTIES, senretsu_position
from rules.core import LOCALES, Locale
from rules.senretsu.render import attack_report, status_lines


def _drawn_text(monkeypatch: pytest.MonkeyPatch, draw: object) -> str:
    """Everything ``draw`` writes, run together without spaces (wrapping drops them)."""
    lines: list[str] = []
    text = canvas.Canvas.text

    def recording(
        self: canvas.Canvas, xy: canvas.Point, line: str, size: int, **kw: object
    ) -> float:
        lines.append(line)
        return text(self, xy, line, size, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(canvas.Canvas, "text", recording)
    assert callable(draw)
    draw()
    return "".join(lines).replace(" ", "")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_attack_reads_as_the_text_board_does(
    monkeypatch: pytest.MonkeyPatch, locale: Locale
) -> None:
    state, recent = senretsu_position(SENRETSU_CASUALTIES)
    view = SENRETSU.view_for(state, None)
    report = attack_report(view, locale)
    assert report is not None and report.strikes and report.notes
    drawn = _drawn_text(monkeypatch, lambda: senretsu.draw_board(view, locale, recent))
    sentences = [report.heading, *report.strikes, *report.notes]
    sentences += status_lines(view, locale, SENRETSU.reason_text)
    for sentence in sentences:
        assert sentence.replace(" ", "") in drawn, sentence
    # The same sentences as the text board's (which wraps and indents them).
    board = "".join(SENRETSU.render(view, locale).split())
    for sentence in report.strikes:
        assert "".join(sentence.split()) in board, sentence
