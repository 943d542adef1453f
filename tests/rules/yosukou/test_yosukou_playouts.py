"""Random playouts of both variants under every kind of setting, checking the invariants at
each step: card conservation, piles that only grow at their end, the talon, the codec, the
views (never the talon order), the board's size, event text and action codes."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards.tarot import MINOR_CODES
from rules.core.protocol import Event
from rules.core.rng import Rng
from rules.yosukou import Draw, YosukouRules, YosukouState
from rules.yosukou.engine import CO, DEALABLE, DIS, PILES, SW
from rules.yosukou.render import COMPACT_LINES, WIDTH, width

RULES = YosukouRules()
COIN_PILES = {"coins_lower", "coins_4", "coins_5", "coins_6"}
CUP_PILES = {"cups_1", "cups_2", "cups_3"}

common = {
    "rule_terminals": st.integers(1, 3),
    "rule_court_card": st.sampled_from(["K14", "K13a", "K13b", "K10"]),
    "rule_major_influence": st.sampled_from([1, 1.5, 2, 2.5, 3]),
    "rule_swap_8_11": st.sampled_from(["memorial", "expansive", "solid"]),
}
original = st.fixed_dictionaries(
    {
        "variant": st.just("original"),
        **common,
        "rule_replacement": st.sampled_from([0, 1, 3, 5, "infinity"]),
        "rule_cross_border": st.sampled_from(["none", "cups_and_coins", "all"]),
        "rule_replacement_coins_lower": st.sampled_from([0, 1, 2, "infinity"]),
    }
)
simplified = st.fixed_dictionaries(
    {
        "variant": st.just("simplified"),
        **common,
        "rule_determinant": st.sampled_from(["greater", "greater_equal"]),
    }
)


def kept_then_appended(old: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """The cards appended to a pile: ``new`` must be a subsequence of ``old`` followed by
    them (cards leave from anywhere; they only ever arrive at the end)."""
    i = 0
    k = 0
    while k < len(new):
        while i < len(old) and old[i] != new[k]:
            i += 1
        if i == len(old):
            break
        i += 1
        k += 1
    return new[k:]


def check_cards(state: YosukouState) -> None:
    numbers = [c.number for c in state.board]
    assert len(set(numbers)) == 6 and set(numbers) <= set(DEALABLE)
    if state.start is None:
        return
    assert {state.terminal, state.aside} == {"A00", "A13"}
    # 78 - 2: the 20 majors (6 on the board, 14 unused) and the 56 minors are all accounted
    # for; the other two are the end card (in the talon until its last appearance) and X.
    held = [*state.talon, *(c for pile in state.piles for c in pile)]
    if state.pending is not None:
        held.append(state.pending)
    expected = Counter(MINOR_CODES)
    ended = state.outcome is not None and state.outcome.reason != "no_result"
    if not ended:
        expected[str(state.terminal)] += 1
    assert Counter(held) == expected


def check_pile_kinds(state: YosukouState) -> None:
    s = state.settings
    piles = dict(zip(PILES, state.piles, strict=True))
    if s.simplified:
        assert piles["swords_upper"] == () and piles["coins_lower"] == ()
    if s.simplified or not s.war_on:
        assert all(c[0] == "S" for c in piles["swords_upper"])
        assert all(c[0] == "D" for name in COIN_PILES for c in piles[name])
        assert all(c[0] == "H" for name in CUP_PILES for c in piles[name])
    elif s.rule_cross_border != "all":
        assert all(c[0] == "S" for c in piles["swords_upper"])
        assert all(c[0] in "DH" for name in COIN_PILES | CUP_PILES for c in piles[name])


def check_step(before: YosukouState, after: YosukouState, drew: bool) -> None:
    reshuffled = after.drawn_terminals > before.drawn_terminals and after.outcome is None
    for i, name in enumerate(PILES):
        if name == "discarded" and reshuffled:
            assert after.piles[i] == ()
            continue
        if name == "swords_upper" and before.phase == "choose" and not before.settings.simplified:
            continue  # MOVE discards all of Sw and lays the sword: checked in the scenarios
        appended = kept_then_appended(before.piles[i], after.piles[i])
        if i not in (DIS,):
            assert len(appended) <= 1, (name, before.piles[i], after.piles[i])
    if drew:
        if reshuffled:
            pool = [*before.talon[1:], before.talon[0], *before.piles[DIS]]
            assert sorted(after.talon) == sorted(pool)
        else:
            assert after.talon == before.talon[1:]
        assert after.draws == before.draws + 1
    else:
        assert after.talon == before.talon


def check_view(state: YosukouState) -> None:
    view = RULES.view_for(state, 0)
    assert not hasattr(view, "talon")
    assert view.talon_len == (len(state.talon) if state.start is not None else 57)
    if len(state.talon) > 1:
        flipped = dataclasses.replace(state, talon=tuple(reversed(state.talon)))
        assert RULES.view_for(flipped, 0) == view
    for locale in ("ja", "en"):
        text = RULES.render(view, locale)
        assert len(text) + len("```\n\n```") <= 1500
        assert all(width(line, locale) <= WIDTH for line in text.splitlines()), text
        compact = RULES.render_compact(view, locale)
        assert len(compact.splitlines()) <= COMPACT_LINES, compact
        assert len(compact) < 600, compact
        assert all(width(line, locale) <= WIDTH for line in compact.splitlines()), compact


def check_event_text(event: Event) -> None:
    """Every event reads as one line; a draw's sentence has no formula, its detail has."""
    for locale in ("ja", "en"):
        line = RULES.describe_event(event, locale)
        assert line and "\n" not in line
        detail = RULES.explain_event(event, locale)
        if event.kind == "draw":
            assert "atk(" not in line and "def(" not in line and " = " not in line, line
            assert detail is not None and detail != line
            if "lhs_terms" in event.data["calc"]:
                assert " = " in detail or " > " in detail or "<" in detail, detail


def check_codec(state: YosukouState) -> None:
    raw = json.loads(json.dumps(RULES.dump(state), ensure_ascii=False))
    assert RULES.load(raw) == state


@settings(max_examples=60, deadline=None)
@given(
    rule_settings=st.one_of(original, simplified),
    seed=st.integers(0, 2**64 - 1),
    policy=st.integers(0, 2**64 - 1),
)
@pytest.mark.slow
def test_random_playouts_keep_the_invariants(
    rule_settings: dict[str, Any], seed: int, policy: int
) -> None:
    state = RULES.new_game(rule_settings, seed)
    rng = Rng.from_seed(policy)
    limit = 57 * state.settings.rule_terminals
    check_cards(state)
    check_codec(state)
    check_view(state)
    while state.outcome is None:
        actions = RULES.legal_actions(state, 0)
        assert actions
        for action in actions:
            code = RULES.format_action(action)
            assert code.isascii() and len(code) <= 60 and RULES.parse(code) == action
        roll, rng = rng.below(4)
        # In 戦乱置換 draw a quarter of the time, or random moves could go on for long.
        if state.phase == "war" and state.holding is None and roll == 0:
            action = Draw()
        else:
            action, rng = rng.choice(actions)
        new, events = RULES.apply(state, 0, action)
        assert new is not state
        for event in events:
            check_event_text(event)
            json.dumps(dict(event.data))
        if state.start is not None:
            check_step(state, new, isinstance(action, Draw))
        state = new
        check_cards(state)
        check_pile_kinds(state)
        check_codec(state)
        check_view(state)
        assert state.token is None or 1 <= state.token <= 6
        assert state.draws <= limit
    assert RULES.legal_actions(state, 0) == ()
    if state.outcome.reason != "no_result":
        assert state.drawn_terminals == state.settings.rule_terminals
        goal = (5, 6) if state.start is not None and state.start >= 4 else (2, 5)
        assert (state.outcome.points[0] == 1.0) == (state.token in goal)
    assert state.piles[SW] == () or not state.settings.simplified
    assert state.piles[CO] == () or not state.settings.simplified


@pytest.mark.parametrize("seed", range(8))
def test_seeded_playouts_keep_the_compact_board_short(seed: int) -> None:
    """A few whole games, quick enough for every run: every view's compact board stays within
    its bounds in both languages, and every draw reads as a sentence without its formula."""
    rule_settings: dict[str, Any] = (
        {"variant": "simplified", "rule_court_card": "K10"}
        if seed % 2
        else {"rule_replacement": 3, "rule_cross_border": "all", "rule_terminals": 2}
    )
    state = RULES.new_game(rule_settings, seed)
    rng = Rng.from_seed(seed + 100)
    check_view(state)
    while state.outcome is None:
        actions = RULES.legal_actions(state, 0)
        roll, rng = rng.below(4)
        if state.phase == "war" and state.holding is None and roll == 0:
            action: Any = Draw()
        else:
            action, rng = rng.choice(actions)
        state, events = RULES.apply(state, 0, action)
        for event in events:
            check_event_text(event)
        check_view(state)
