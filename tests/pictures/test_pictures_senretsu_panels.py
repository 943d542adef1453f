"""戦列札's pictures say one thing once: a placement tag only on the field, one hand count in a
panel, and a panel choosing casualties shows the lines that were hit."""

from __future__ import annotations

import pytest

from bot.pictures import senretsu
from bot.pictures.samples import SENRETSU, SENRETSU_CASUALTIES, SENRETSU_STAGING, senretsu_position
from rules.cards.playing import rank_label
from rules.core import LOCALES, Locale
from tests.pictures.recording import drawn_lines

PLACED = {"en": "placed", "ja": "配置"}
HAND = {"en": "hand {n}", "ja": "手札 {n}"}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_placed_card_already_lost_has_no_tag_in_the_discards(locale: Locale) -> None:
    state, recent = senretsu_position(SENRETSU_STAGING)
    view = SENRETSU.view_for(state, None)
    previous = view.previous_turn
    assert previous is not None and len(previous.placed) == 4
    lost = [p.card for p in previous.placed if p.card in view.discards[previous.seat]]
    assert [card.label for card in lost] == ["♣4"]  # placed in turn 2, lost in turn 3
    lines = drawn_lines(lambda: senretsu.draw_board(view, locale, recent))
    # One tag per placed card still on the field, none for the one in the discard pile.
    assert lines.count(PLACED[locale]) == 3
    assert "♣4" in lines  # the discard chip itself is there


@pytest.mark.parametrize("locale", LOCALES)
def test_the_preview_counts_the_hand_as_the_panel_does(locale: Locale) -> None:
    state, _ = senretsu_position(SENRETSU_STAGING)
    seat = SENRETSU.to_act(state)[0]
    view = SENRETSU.view_for(state, seat)
    assert view.staged and view.hand_sizes[seat] == len(view.hand) + len(view.staged)
    lines = drawn_lines(lambda: senretsu.draw_hand(view, locale))
    mine = HAND[locale].format(n=len(view.hand))
    committed = HAND[locale].format(n=view.hand_sizes[seat])
    assert lines.count(mine) >= 2  # the panel's count and the placer's bar in the preview
    assert committed not in lines


@pytest.mark.parametrize("locale", LOCALES)
def test_the_casualty_panel_shows_the_line_that_was_hit(locale: Locale) -> None:
    state, _ = senretsu_position(SENRETSU_CASUALTIES)
    [seat] = SENRETSU.to_act(state)
    view = SENRETSU.view_for(state, seat)
    assert view.phase == "casualties" and seat == view.defender
    [owed] = view.pending
    lines = drawn_lines(lambda: senretsu.draw_hand(view, locale))
    tag = {"en": f"L{owed.line + 1}", "ja": f"{owed.line + 1}列"}[locale]
    badge = {"en": f"lose ×{owed.count}", "ja": f"犠牲 ×{owed.count}"}[locale]
    assert tag in lines and badge in lines
    hit = view.sides[seat].line(owed.line)
    assert hit is not None
    hand = {rank_label(card.rank) for card in view.hand}
    for fc in hit:  # the cards of the hit line, to choose from (none of them in the hand)
        assert rank_label(fc.card.rank) not in hand and rank_label(fc.card.rank) in lines
    joined = "".join(lines)
    assert {"en": "must still lose", "ja": "失う（選択待ち）"}[locale] in joined
