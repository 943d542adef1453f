"""Random games: invariants, the codec, action codes, and secrecy of hands, decks and staging."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards.playing import STANDARD_DECK, Card, Colour, colour_deck, parse_card
from rules.core import LOCALES, Event, NotYourTurnError
from rules.senretsu import (
    Action,
    Place,
    SenretsuRules,
    SenretsuState,
    TakeBack,
    private_to_mover,
)
from rules.senretsu.view import SenretsuView

R = SenretsuRules()
MAX_STEPS = 3000
SETTINGS: list[dict[str, object]] = [
    {},
    {"first_player": "coin"},
    {"first_player": 0, "colours": "red"},
    {"first_player": 1, "colours": "black"},
]


def pick(state: SenretsuState, rnd: random.Random, uniform: bool) -> tuple[int, Action]:
    """A random legal move: uniform (many cards placed, many fights), or the kind of move first
    (ends and take-backs common). Now and then a joker gets a range the list does not give."""
    seat = rnd.choice(R.to_act(state))
    legal = R.legal_actions(state, seat)
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    action = rnd.choice(legal if uniform else kinds[rnd.choice(list(kinds))])
    if isinstance(action, Place) and action.joker_range is not None and rnd.random() < 0.3:
        action = dataclasses.replace(action, joker_range=rnd.randint(1, 99))
    return seat, action


def play(seed: int) -> Iterator[tuple[SenretsuState, int, Action, SenretsuState, list[Event]]]:
    rnd = random.Random(seed)
    state = R.new_game(SETTINGS[seed % len(SETTINGS)], seed)
    for _ in range(MAX_STEPS):
        if R.is_over(state):
            return
        seat, action = pick(state, rnd, uniform=seed % 3 == 0)
        new, events = R.apply(state, seat, action)
        yield state, seat, action, new, list(events)
        state = new
    raise AssertionError("the game did not end")


# --- invariants ----------------------------------------------------------------------------------


def check_invariants(state: SenretsuState) -> None:
    for seat in (0, 1):
        colour = state.colours[seat]
        places = (
            list(state.decks[seat])
            + list(state.hands[seat])
            + list(state.sides[seat].cards())
            + list(state.discards[seat])
        )
        assert sorted(places, key=STANDARD_DECK.index) == list(colour_deck(colour))
        for line in state.sides[seat].lines():
            assert line is None or len(line) > 0
        assert set(state.revealed[seat]) <= set(state.hands[seat])
    assert state.colours[0] is not state.colours[1]
    if state.staging is not None:
        placer = state.active
        assert placer is not None and state.phase == "place"
        staged = state.staging.staged
        assert set(staged) <= set(state.hands[placer]) and len(set(staged)) == len(staged)
        preview = state.staging.side
        assert sorted(preview.cards(), key=STANDARD_DECK.index) == sorted(
            state.sides[placer].cards() + staged, key=STANDARD_DECK.index
        )
        for line in preview.lines():
            assert line is None or len(line) > 0
        # Committed lines keep their order and their cards in front of and behind the deck.
        committed = [line for line in state.sides[placer].front if line]
        kept = [tuple(fc for fc in line if fc.card not in staged) for line in preview.front]
        assert [line for line in kept if line] == committed
    if state.outcome is None:
        assert state.phase != "casualties" or state.pending
        assert all(len(state.decks[s]) > 0 for s in (0, 1))
    else:
        assert state.outcome.reason in {"deck_out", "resign", "timeout"}


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_end(seed: int) -> None:
    for before, seat, action, after, events in play(seed):
        check_invariants(after)
        assert R.load(json.loads(json.dumps(R.dump(after)))) == after
        code = R.format(action)
        assert code.isascii() and len(code) <= 60 and R.parse(code) == action
        assert events, "every move says what happened"
        for other in (0, 1):
            if other not in R.to_act(before):
                try:
                    R.apply(before, other, action)
                except NotYourTurnError:
                    pass
                else:
                    raise AssertionError("a seat not to act could move")
        if after.outcome is not None:
            assert [e.kind for e in events][-1] == "game_over"
            assert R.to_act(after) == () and R.legal_actions(after, seat) == ()


def test_random_games_per_second_benchmark() -> None:
    """Sanity bound on speed: uniformly random games, legal moves enumerated at each step. In
    CPU seconds: a loaded machine gives the test fewer turns, not a slower rules engine."""
    import time

    started, games = time.process_time(), 0
    for seed in range(20):
        rnd = random.Random(seed)
        state = R.new_game({}, seed)
        while not R.is_over(state):
            seat = rnd.choice(R.to_act(state))
            state = R.apply(state, seat, rnd.choice(R.legal_actions(state, seat))).state
        games += 1
    assert games / (time.process_time() - started) > 5


# --- secrecy -------------------------------------------------------------------------------------


def hidden_from(state: SenretsuState, viewer: int | None) -> set[Card]:
    """Cards ``viewer`` may not know where they are: every deck card, and the hand cards of
    the other seat(s) that were never turned up (staged ones included)."""
    out = set(state.decks[0]) | set(state.decks[1])
    for seat in (0, 1):
        if seat != viewer:
            out |= set(state.hands[seat]) - set(state.revealed[seat])
    return out


def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable in a view, an event's data or a JSON value."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, str):
        for token in re.split(r"[^A-Z0-9]+", value.upper()):
            with contextlib.suppress(ValueError):
                yield parse_card(token)


def labels_in(text: str, hidden: set[Card]) -> set[str]:
    """Hidden cards whose label appears in ``text``. Jokers are checked through the views and
    event data instead: both are labelled ``Jk`` and only their colour tells them apart."""
    return {c.label for c in hidden if not c.is_joker and _label_in(c.label).search(text)}


@functools.cache
def _label_in(label: str) -> re.Pattern[str]:
    """A card's label where it stands alone (``3S`` in ``3S 4H``, not in ``13S``'s tail)."""
    return re.compile(re.escape(label) + r"(?![0-9])")


def check_secrecy(
    before: SenretsuState, seat: int, action: Action, after: SenretsuState, events: list[Event]
) -> None:
    for viewer in (0, 1, None):
        hidden = hidden_from(after, viewer)
        view: SenretsuView = R.view_for(after, viewer)
        assert not set(cards_in(view)) & hidden, (viewer, set(cards_in(view)) & hidden)
        for lang in LOCALES:
            assert not labels_in(R.render(view, lang), hidden)
            assert not labels_in(R.render_hand(view, lang), hidden)
        for event in events:
            if event.visible_for(viewer):
                assert not set(cards_in(event.data)) & hidden, (viewer, event)
                for lang in LOCALES:
                    assert not labels_in(R.describe_event(event, lang), hidden)
        if viewer != seat and not private_to_mover(action):
            assert not set(cards_in(R.format(action))) & hidden_from(before, viewer)
    if isinstance(action, Place | TakeBack):
        # Staging shows nothing to the others: their views do not change at all.
        for viewer in (1 - seat, None):
            assert R.view_for(after, viewer) == R.view_for(before, viewer)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_no_view_render_or_event_leaks_a_hidden_card(seed: int) -> None:
    for before, seat, action, after, events in play(seed):
        check_secrecy(before, seat, action, after, events)


def test_views_show_only_what_the_viewer_may_see() -> None:
    state = R.new_game({"first_player": 0, "colours": "red"}, 5)
    h = state.hands[0]
    action = Place(h[0], 0, new=True, joker_range=4 if h[0].is_joker else None)
    state = R.apply(state, 0, action).state
    mine, theirs, public = (R.view_for(state, v) for v in (0, 1, None))
    assert mine.hand == h[1:] and mine.staged == (h[0],) and mine.preview is not None
    assert theirs.hand == () and theirs.staged == () and theirs.preview is None
    assert public.hand == () and public.preview is None
    assert theirs.hand_sizes == (3, 0) and theirs.deck_sizes == (24, 27)
    assert theirs.sides == public.sides == (state.sides[0], state.sides[1])
    assert not hasattr(theirs, "decks")
    assert Colour.RED is mine.colours[0]
