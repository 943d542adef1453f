"""No picture a seat receives shows a card it may not know.

Pictures are drawn from views only; here the hidden parts of real positions (the other hand,
both decks' order, the other player's staging) are replaced by different cards, and every
picture a viewer gets must stay pixel for pixel the same.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from bot.pictures import senretsu
from bot.pictures.samples import SENRETSU_STAGING, senretsu_position
from rules.core import Seat
from rules.senretsu import Place, SenretsuRules, SenretsuState

R = SenretsuRules()


def positions(seed: int, steps: int = 48) -> Iterator[SenretsuState]:
    """Positions of a random game, every few actions, staging ones included."""
    rnd = random.Random(seed)
    state = R.new_game({"first_player": seed % 2}, seed)
    for step in range(steps):
        if R.is_over(state):
            return
        seat = rnd.choice(R.to_act(state))
        legal = R.legal_actions(state, seat)
        places = [a for a in legal if isinstance(a, Place)]
        # Place often, so lines grow and staging is common.
        action = rnd.choice(places if places and rnd.random() < 0.7 else legal)
        state = R.apply(state, seat, action).state
        if step % 6 == 0:
            yield state


def disguised(state: SenretsuState, viewer: Seat | None) -> SenretsuState:
    """``state`` with everything ``viewer`` may not know changed: each deck reversed, and the
    other seats' unrevealed hand cards swapped with cards from their deck; their staging
    dropped."""
    hands, decks = list(state.hands), list(state.decks)
    for seat in (0, 1):
        deck = list(reversed(decks[seat]))
        if seat != viewer:
            hand = list(hands[seat])
            for k, card in enumerate(hand):
                if card not in state.revealed[seat] and deck:
                    hand[k] = deck.pop(0)
                    deck.append(card)
            hands[seat] = tuple(hand)
        decks[seat] = tuple(deck)
    staging = state.staging if state.active == viewer else None
    return dataclasses.replace(
        state,
        hands=(hands[0], hands[1]),
        decks=(decks[0], decks[1]),
        staging=staging,
    )


def pictures_for(state: SenretsuState, viewer: Seat | None) -> tuple[bytes, ...]:
    view = R.view_for(state, viewer)
    out = (senretsu.draw_board(view, "en"),)
    if viewer is not None:
        out += (senretsu.draw_hand(view, "en"),)
    return out


@pytest.mark.slow
def test_hidden_cards_change_no_picture() -> None:
    checked = 0
    for seed in (1, 2):
        for state in positions(seed):
            for viewer in (None, 0, 1):
                other = disguised(state, viewer)
                assert other != state or not state.decks[0]
                assert pictures_for(other, viewer) == pictures_for(state, viewer)
                checked += 1
    assert checked > 15


def test_hidden_cards_change_no_sentence_of_the_last_turns() -> None:
    """The text board and panels, with the opponent's last turn and this turn's attack in
    sentences, say the same whatever the hidden cards are."""
    told = 0
    for seed in (3, 4):
        for state in positions(seed, 60):
            for viewer in (None, 0, 1):
                other = disguised(state, viewer)
                view, seen = R.view_for(state, viewer), R.view_for(other, viewer)
                for locale in ("en", "ja"):
                    assert R.render(seen, locale) == R.render(view, locale)
                    assert R.render_hand(seen, locale) == R.render_hand(view, locale)
                told += state.previous_turn is not None
    assert told > 10


def test_the_staging_players_panel_shows_their_staged_cards_and_no_one_elses() -> None:
    state, _ = senretsu_position(SENRETSU_STAGING)
    placer = state.active
    assert placer is not None and state.staging is not None and state.staging.staged
    other = 1 - placer
    # The placer's own panel differs from one without staging: it shows what they staged …
    unstaged = dataclasses.replace(state, staging=dataclasses.replace(state.staging, staged=()))
    assert senretsu.draw_hand(R.view_for(state, placer), "en") != senretsu.draw_hand(
        R.view_for(unstaged, placer), "en"
    )
    # … and the other seat's pictures and the public board do not change with it.
    for viewer in (other, None):
        assert pictures_for(state, viewer) == pictures_for(unstaged, viewer)
        board = senretsu.draw_board(R.view_for(state, viewer), "en")
        assert board == senretsu.draw_board(R.view_for(state, None), "en")
