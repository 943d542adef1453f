"""戦列札's pictures say one thing once: a placement tag only on the field, one hand count in a
panel, and a panel choosing casualties shows the lines that were hit; a panel always shows the
field (the decks at janken) and fits one phone screen."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.pictures import canvas, senretsu
from bot.pictures.samples import SENRETSU, SENRETSU_CASUALTIES, SENRETSU_STAGING, senretsu_position
from rules.cards.playing import rank_label
from rules.core import LOCALES, Locale, Rng
from rules.senretsu import SenretsuState
from rules.senretsu.levels import level
from rules.senretsu.render import ranged_label
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


def _height(png: bytes) -> int:
    with Image.open(io.BytesIO(png)) as picture:
        return picture.size[1]


def greedy_positions(games: int) -> list[SenretsuState]:
    """Every position of ``games`` games between two greedy bots (who place many lines)."""
    greedy, found = level("greedy"), []
    for game in range(games):
        state, rng = SENRETSU.new_game({}, 1000 + game), Rng.from_seed(game)
        while not SENRETSU.is_over(state):
            found.append(state)
            seat = SENRETSU.to_act(state)[0]
            action, rng = greedy.choose(SENRETSU.view_for(state, seat), SENRETSU, rng)
            state, _ = SENRETSU.apply(state, seat, action)
    return found


def test_a_hand_panel_fits_one_phone_screen() -> None:
    """At most 730 points tall on a phone 360 wide (issue 31: it ran to 1 123, two screens):
    a long field is drawn as chips side by side, every card of it still there."""
    assert senretsu.PANEL_TALLEST == 1460
    shortened = 0
    for state in greedy_positions(2):
        seat = SENRETSU.to_act(state)[0]
        view = SENRETSU.view_for(state, seat)
        with canvas.watching() as canvases:
            png = senretsu.draw_hand(view, "en", ("alice", "Asobiba"))
        assert _height(png) <= senretsu.PANEL_TALLEST
        [drawn] = canvases  # the drafts given up are not among the pictures sent
        mine = view.preview if view.preview is not None else view.sides[seat]
        sides = (mine, view.sides[1 - seat])
        cards = [fc for side in sides for line in side.lines() for fc in line or ()]
        written = {t.text for t in drawn.texts}
        # Chips write a card whole (♠9); rows of cards write the rank and the suit apart.
        as_chips = any(ranged_label(fc.card, fc.range) in written for fc in cards)
        if sum(side.size for side in sides) * senretsu.ROW_H > senretsu.PANEL_TALLEST * 0.8:
            assert as_chips  # too many lines for rows of cards beside a hand
        if as_chips:
            shortened += 1
            assert all(ranged_label(fc.card, fc.range) in written for fc in cards)
    assert shortened >= 3  # the long fields were met, not only short ones


@pytest.mark.parametrize("locale", LOCALES)
def test_the_janken_panel_shows_the_decks_it_starts_from(locale: Locale) -> None:
    state = SENRETSU.new_game({}, 5)
    lines = drawn_lines(lambda: senretsu.draw_hand(SENRETSU.view_for(state, 0), locale))
    deck = {"en": "deck 27", "ja": "山札 27"}[locale]
    assert lines.count(deck) == 2
    assert {"en": "front", "ja": "前線"}[locale] in lines


@pytest.mark.parametrize("locale", LOCALES)
def test_a_panel_between_its_turns_shows_the_field_now(locale: Locale) -> None:
    state, _ = senretsu_position(SENRETSU_CASUALTIES)
    [waiting] = [seat for seat in (0, 1) if seat not in SENRETSU.to_act(state)]
    view = SENRETSU.view_for(state, waiting)
    assert view.preview is None
    lines = drawn_lines(lambda: senretsu.draw_hand(view, locale))
    assert {"en": "the field now (framed = just placed)", "ja": "いまの盤面（枠は直前の配置）"}[
        locale
    ] in lines
    for side in view.sides:
        for line in side.lines():
            for fc in line or ():
                card = "Jk" if fc.card.is_joker else rank_label(fc.card.rank)
                assert card in lines or ranged_label(fc.card, fc.range) in lines
