"""A picture's sentences are the rules' own: the 戦列札 board says where the game stands, and
the defender's hand panel what the last attack did, in the words of the text board, in both
languages (the board's card carries the attack's sentences beside the board's picture)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.pictures import senretsu
from bot.pictures.samples import SENRETSU, SENRETSU_CASUALTIES, senretsu_position
from rules.core import LOCALES, Locale
from rules.senretsu.render import attack_report, status_lines
from tests.pictures.recording import drawn_lines


def _drawn_text(draw: Callable[[], object]) -> str:
    """Everything ``draw`` writes, run together without spaces (wrapping drops them)."""
    return "".join(drawn_lines(draw)).replace(" ", "")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_attack_reads_as_the_text_board_does(locale: Locale) -> None:
    state, recent = senretsu_position(SENRETSU_CASUALTIES)
    view = SENRETSU.view_for(state, None)
    report = attack_report(view, locale)
    assert report is not None and report.strikes and report.notes
    drawn = _drawn_text(lambda: senretsu.draw_board(view, locale, recent))
    for sentence in status_lines(view, locale, SENRETSU.reason_text):
        assert sentence.replace(" ", "") in drawn, sentence
    for sentence in report.strikes:
        assert sentence.replace(" ", "") not in drawn, sentence  # the card's, not the picture's
    defender = SENRETSU.to_act(state)[0]
    hand = SENRETSU.view_for(state, defender)
    drawn = _drawn_text(lambda: senretsu.draw_hand(hand, locale))
    for sentence in [report.heading, *report.strikes, *report.notes]:
        assert sentence.replace(" ", "") in drawn, sentence
    # The same sentences as the text board's (which wraps and indents them).
    board = "".join(SENRETSU.render(view, locale).split())
    for sentence in report.strikes:
        assert "".join(sentence.split()) in board, sentence
