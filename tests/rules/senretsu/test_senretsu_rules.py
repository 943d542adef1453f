"""One test (or a few) per clause of the spec (shared/specs/senretsu.md), from built positions."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.cards.playing import Card, Colour, colour_deck, parse_card
from rules.core import Event, GameOverError, IllegalActionError, NotYourTurnError, Resign
from rules.senretsu import (
    Casualty,
    DrawCount,
    EndPlacement,
    Place,
    SenretsuRules,
    SenretsuState,
    Side,
    TakeBack,
)
from rules.senretsu.replay import run
from rules.senretsu.state import PendingHits, Staging

R = SenretsuRules()
DATA = Path(__file__).parent / "data"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def position(
    sides: tuple[str, str] = ("DECK", "DECK"),
    hands: tuple[str, str] = ("", ""),
    tops: tuple[str, str] = ("", ""),
    deck_sizes: tuple[int | None, int | None] = (None, None),
    active: int = 0,
    turn: int = 5,
) -> SenretsuState:
    """Seat 0 red, seat 1 black; ``active`` in its place phase of turn ``turn``.

    Each deck starts with ``tops`` and holds the rest of its colour in the standard order;
    ``deck_sizes`` cuts a deck short, the cut cards going to the discard pile (conserved).
    """
    decks, discards = [], []
    for seat, colour in enumerate((Colour.RED, Colour.BLACK)):
        side = Side.parse(sides[seat])
        used = set(side.cards()) | set(cards(hands[seat]))
        top = cards(tops[seat])
        rest = [c for c in colour_deck(colour) if c not in used and c not in top]
        deck = list(top) + rest
        size = deck_sizes[seat]
        cut = deck[size:] if size is not None else []
        decks.append(tuple(deck[: len(deck) - len(cut)]))
        discards.append(tuple(cut))
    state = R.new_game_from_decks({}, [colour_deck(Colour.RED), colour_deck(Colour.BLACK)], 0)
    parsed = (Side.parse(sides[0]), Side.parse(sides[1]))
    return replace(
        state,
        phase="place",
        hands=(cards(hands[0]), cards(hands[1])),
        sides=parsed,
        decks=(decks[0], decks[1]),
        discards=(discards[0], discards[1]),
        active=active,
        turn=turn,
        staging=Staging(parsed[active]),
    )


def attack(attacker: str, defender: str, **kw: object) -> tuple[SenretsuState, list[Event]]:
    """Seat 0 (red, lines ``attacker``) attacks seat 1 (black, lines ``defender``): seat 1 ends
    its place phase and seat 0's turn begins with the attack."""
    state = position((attacker, defender), active=1, **kw)  # type: ignore[arg-type]
    new, events = R.apply(state, 1, EndPlacement())
    return new, list(events)


def strikes(events: list[Event]) -> list[tuple[str, int, str]]:
    return [
        (str(e.data["card"]), int(e.data["target"]), str(e.data["result"]))
        for e in events
        if e.kind == "strike"
    ]


# --- §1 equipment --------------------------------------------------------------------------------


def test_each_colour_deck_is_27_cards_with_one_joker() -> None:
    state = R.new_game({"colours": "red", "first_player": 0}, 7)
    deck0 = state.decks[0] + state.hands[0]
    assert len(deck0) == 27 and sorted(c.code for c in deck0) == sorted(
        c.code for c in colour_deck(Colour.RED)
    )
    assert sum(c.is_joker for c in deck0) == 1
    assert state.colours == (Colour.RED, Colour.BLACK)
    assert sorted(c.code for c in state.decks[1]) == sorted(
        c.code for c in colour_deck(Colour.BLACK)
    )


def test_range_is_the_rank_and_a_joker_keeps_its_declared_range() -> None:
    side = Side.parse("SA S10 SJ SQ SK JB=7 | DECK")
    assert [fc.range for _, fc in side.field_cards()] == [1, 10, 11, 12, 13, 7]


def test_colours_and_shuffles_come_from_the_seed() -> None:
    a = R.new_game({}, 42)
    assert a == R.new_game({}, 42)
    assert {R.new_game({}, s).colours for s in range(20)} == {
        (Colour.RED, Colour.BLACK),
        (Colour.BLACK, Colour.RED),
    }
    assert R.new_game({"colours": "black"}, 42).colours == (Colour.BLACK, Colour.RED)


# --- §2 the field --------------------------------------------------------------------------------


def test_at_the_start_each_player_has_only_the_deck_line() -> None:
    state = R.new_game({"first_player": 1}, 3)
    assert state.sides == (Side(), Side())
    assert [s.size for s in state.sides] == [1, 1]
    assert state.sides[0].lines() == (None,)


def test_the_deck_line_never_takes_cards() -> None:
    state = position(("H2 | DECK | D4", "DECK"), hands=("H5", ""))
    with pytest.raises(IllegalActionError) as err:
        R.apply(state, 0, Place(parse_card("H5"), 1))
    assert "deck line" in err.value.text.en
    assert Place(parse_card("H5"), 1) not in R.legal_actions(state, 0)


def test_a_line_that_loses_its_last_card_vanishes_and_the_rest_close_up() -> None:
    new, _ = attack("DECK | H3", "DECK | S5 | S6")
    # ♥3 at i=1 hits j=1, black's line {♠5}: it vanishes, {♠6} closes up to index 1.
    assert str(new.sides[1]) == "DECK | S6"


# --- §3 turn structure ---------------------------------------------------------------------------


def test_turn_is_attack_then_draw_then_place() -> None:
    _, events = attack("DECK | H3", "DECK | S5")
    kinds = [e.kind for e in events if e.visible_to is None]
    assert kinds == ["placed", "turn", "strike", "draw"]


def test_first_players_first_attack_does_nothing_and_they_draw_three() -> None:
    state = R.new_game({"first_player": 0}, 11)
    assert state.turn == 1 and state.active == 0 and state.phase == "place"
    assert len(state.hands[0]) == 3 and len(state.decks[0]) == 24
    assert state.last_attack is not None and state.last_attack.strikes == ()


def test_second_players_first_attack_does_nothing() -> None:
    state = R.new_game({"first_player": 0}, 11)
    new, events = R.apply(state, 0, EndPlacement())
    assert [e.kind for e in events] == ["placed", "turn", "attack_none"]
    assert new.phase == "draw" and R.to_act(new) == (1,)


def test_coin_toss_uses_the_seed() -> None:
    firsts = {R.new_game({"first_player": "coin"}, s).first_player for s in range(16)}
    assert firsts == {0, 1}
    state = R.new_game({"first_player": "coin"}, 5)
    assert state.start == "coin" and state.phase == "place"


@pytest.mark.parametrize(
    "bad",
    [
        {"first_player": 2},
        {"first_player": True},
        {"first_player": 0.0},
        {"first_player": "rock"},
        {"colours": "green"},
        {"decks": 1},
    ],
)
def test_settings_are_validated(bad: dict[str, object]) -> None:
    from rules.core import InvalidSettingsError

    with pytest.raises(InvalidSettingsError):
        R.normalize_settings(bad)


def test_settings_defaults() -> None:
    assert R.normalize_settings(None) == {"first_player": "janken", "colours": "random"}
    assert R.normalize_settings({"first_player": 1, "colours": "black"}) == {
        "first_player": 1,
        "colours": "black",
    }


def test_no_draw_offers_and_resignation_loses() -> None:
    from rules.core import OfferDraw

    state = position()
    assert R.meta_actions(state, 0) == (Resign(),)
    with pytest.raises(IllegalActionError):
        R.apply(state, 0, OfferDraw())
    over = R.apply(state, 1, Resign()).state
    assert over.outcome is not None and over.outcome.winner == 0
    with pytest.raises(GameOverError):
        R.apply(over, 0, EndPlacement())


# --- §4 draw -------------------------------------------------------------------------------------


def test_a_normal_draw_is_three_cards() -> None:
    new, events = attack("DECK", "DECK", tops=("H5 H6 H7 H8", ""))
    assert new.hands[0] == cards("H5 H6 H7")
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data == {"count": 3, "deck": 24}
    private = next(e for e in events if e.kind == "draw_cards")
    assert private.visible_to == 0 and private.data["cards"] == ["H5", "H6", "H7"]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_second_players_first_draw_is_three_to_six(n: int) -> None:
    state = R.new_game({"first_player": 0}, 9)
    state = R.apply(state, 0, EndPlacement()).state
    assert R.legal_actions(state, 1) == tuple(DrawCount(k) for k in (3, 4, 5, 6))
    new, events = R.apply(state, 1, DrawCount(n))
    assert len(new.hands[1]) == n and len(new.decks[1]) == 27 - n
    assert new.phase == "place" and new.active == 1
    public = [e for e in events if e.visible_to is None]
    assert public == [Event("draw", 1, {"count": n, "deck": 27 - n})]


@pytest.mark.parametrize("n", [2, 7, 0])
def test_first_draw_outside_three_to_six_is_refused(n: int) -> None:
    state = R.apply(R.new_game({"first_player": 0}, 9), 0, EndPlacement()).state
    with pytest.raises(IllegalActionError) as err:
        R.apply(state, 1, DrawCount(n))
    assert "3 to 6" in err.value.text.en


def test_only_the_second_players_first_draw_is_a_choice() -> None:
    state = R.apply(R.new_game({"first_player": 0}, 9), 0, EndPlacement()).state
    state = R.apply(state, 1, DrawCount(6)).state
    state = R.apply(state, 1, EndPlacement()).state
    assert state.turn == 3 and state.phase == "place" and len(state.hands[0]) == 6
    state = R.apply(state, 0, EndPlacement()).state
    assert state.turn == 4 and state.phase == "place" and len(state.hands[1]) == 9


def test_a_draw_that_takes_the_last_card_loses() -> None:
    new, events = attack("DECK", "DECK", deck_sizes=(3, None))
    assert new.outcome is not None and new.outcome.winner == 1
    assert new.outcome.reason == "deck_out"
    assert len(new.hands[0]) == 3 and new.decks[0] == ()
    assert [e.kind for e in events][-2:] == ["deck_out", "game_over"]
    assert events[-2].data == {"cause": "draw"}


def test_a_draw_that_runs_out_draws_what_there_is_then_loses() -> None:
    new, _ = attack("DECK", "DECK", deck_sizes=(2, None))
    assert new.outcome is not None and new.outcome.winner == 1
    assert len(new.hands[0]) == 2 and new.decks[0] == ()


# --- §5 place ------------------------------------------------------------------------------------


def test_first_turn_placement_in_front_of_and_behind_the_deck_line() -> None:
    state = R.new_game_from_decks(
        {}, [("H2", "D4", "H3", *_rest(Colour.RED, "H2 D4 H3")), colour_deck(Colour.BLACK)], 0
    )
    targets = {(a.line, a.new) for a in R.legal_actions(state, 0) if isinstance(a, Place)}
    assert targets == {(0, True), (1, True)}  # new front line, new back line; no other line
    for code in ("p:H2:+0", "p:D4:+2", "p:H3:2"):
        state = R.apply(state, 0, R.parse(code)).state
    assert state.sides[0] == Side()  # still private
    assert state.staging is not None and str(state.staging.side) == "H2 | DECK | D4 H3"
    state = R.apply(state, 0, EndPlacement()).state
    assert str(state.sides[0]) == "H2 | DECK | D4 H3"


def _rest(colour: Colour, used: str) -> list[Card]:
    return [c for c in colour_deck(colour) if c not in cards(used)]


def test_placement_onto_an_existing_line_and_new_lines_at_both_ends() -> None:
    state = position(("H2 | DECK | D4", "DECK"), hands=("H5 H6 H7 H8", ""))
    for action in (
        Place(parse_card("H5"), 0),
        Place(parse_card("H6"), 2),
        Place(parse_card("H7"), 0, new=True),
        Place(parse_card("H8"), 4, new=True),
    ):
        state = R.apply(state, 0, action).state
    assert state.staging is not None
    assert str(state.staging.side) == "H7 | H2 H5 | DECK | D4 H6 | H8"


@pytest.mark.parametrize("index", [1, 2])
def test_a_new_line_between_two_lines_is_refused(index: int) -> None:
    state = position(("H2 | DECK | D4", "DECK"), hands=("H5", ""))
    with pytest.raises(IllegalActionError) as err:
        R.apply(state, 0, Place(parse_card("H5"), index, new=True))
    assert "between two lines" in err.value.text.en
    assert err.value.text.ja


def test_no_such_line_is_refused() -> None:
    state = position(("H2 | DECK", "DECK"), hands=("H5", ""))
    for action in (Place(parse_card("H5"), 5), Place(parse_card("H5"), 5, new=True)):
        with pytest.raises(IllegalActionError):
            R.apply(state, 0, action)


def test_only_cards_in_hand_can_be_placed() -> None:
    state = position(("H2 | DECK", "DECK"), hands=("H5", ""))
    with pytest.raises(IllegalActionError) as err:
        R.apply(state, 0, Place(parse_card("H6"), 0))
    assert "not in your hand" in err.value.text.en
    state = R.apply(state, 0, Place(parse_card("H5"), 0)).state
    with pytest.raises(IllegalActionError):
        R.apply(state, 0, Place(parse_card("H5"), 0, new=True))  # already staged


def test_joker_ranges() -> None:
    state = position(("H2 | DECK", "DECK"), hands=("JR H5", ""))
    joker = parse_card("JR")
    for bad in (None, 0, 100):
        with pytest.raises(IllegalActionError) as err:
            R.apply(state, 0, Place(joker, 0, joker_range=bad))
        assert "1 to 99" in err.value.text.en
    with pytest.raises(IllegalActionError):
        R.apply(state, 0, Place(parse_card("H5"), 0, joker_range=5))
    legal = R.legal_actions(state, 0)
    listed = {a.joker_range for a in legal if isinstance(a, Place) and a.card == joker}
    assert listed == set(range(1, 14))  # a useful subset is listed …
    assert Place(joker, 0, joker_range=99) in legal  # … yet any range 1–99 is legal
    new = R.apply(state, 0, Place(joker, 2, new=True, joker_range=99)).state
    new = R.apply(new, 0, EndPlacement()).state
    assert str(new.sides[0]) == "H2 | DECK | JR=99"


def test_staged_cards_can_be_taken_back_and_placed_again() -> None:
    state = position(("H2 | DECK", "DECK"), hands=("H5 H6", ""))
    h5, h6 = cards("H5 H6")
    state = R.apply(state, 0, Place(h5, 0, new=True)).state
    state = R.apply(state, 0, Place(h6, 0)).state  # joins the new front line
    assert state.staging is not None and str(state.staging.side) == "H5 H6 | H2 | DECK"
    assert TakeBack(h5) in R.legal_actions(state, 0)
    state = R.apply(state, 0, TakeBack(h5)).state
    assert state.staging is not None and str(state.staging.side) == "H6 | H2 | DECK"
    state = R.apply(state, 0, TakeBack(h6)).state
    # The staged line vanished with its last card: never an empty line.
    assert state.staging is not None and str(state.staging.side) == "H2 | DECK"
    state = R.apply(state, 0, Place(h6, 2, new=True)).state
    state = R.apply(state, 0, EndPlacement()).state
    assert str(state.sides[0]) == "H2 | DECK | H6"
    assert state.hands[0] == (h5,)


def test_cards_placed_in_an_earlier_turn_never_move() -> None:
    state = position(("H2 | DECK", "DECK"), hands=("H5", ""))
    with pytest.raises(IllegalActionError) as err:
        R.apply(state, 0, TakeBack(parse_card("H2")))
    assert "placed this turn" in err.value.text.en


def test_placing_is_optional_and_the_hand_has_no_limit() -> None:
    state = position(
        ("DECK", "DECK"), hands=(" ".join(c.code for c in _rest(Colour.RED, "")[:20]), "")
    )
    new = R.apply(state, 0, EndPlacement()).state
    assert len(new.hands[0]) == 20 and new.sides[0] == Side()


def test_the_placed_event_reveals_what_went_where() -> None:
    state = position(("H2 | DECK", "DECK"), hands=("H5 JR H6", ""))
    state = R.apply(state, 0, Place(parse_card("H5"), 0, new=True)).state
    state = R.apply(state, 0, Place(parse_card("JR"), 3, new=True, joker_range=4)).state
    _, events = R.apply(state, 0, EndPlacement())
    placed = events[0]
    assert placed.kind == "placed" and placed.visible_to is None
    assert placed.data == {
        "placements": [{"card": "H5", "line": 0}, {"card": "JR", "line": 3, "range": 4}],
        "hand": 1,
    }


# --- §6 attack -----------------------------------------------------------------------------------


def test_attack_order_rearmost_line_first_then_highest_range() -> None:
    _, events = attack("H2 H9 | DECK | H3 H8 H4", "DECK | S5 S6 S7 S8 | S9 S10 SJ SQ SK")
    assert [s[0] for s in strikes(events)] == ["H8", "H4", "H3", "H9", "H2"]


def test_target_formula_counts_from_each_front() -> None:
    # i=2 r=4 -> j=1; i=2 r=3 -> j=0 (the deck); i=0 r=2 -> j=1.
    _, events = attack("H2 | DECK | D4 H3", "DECK | S5 S6 | S7 S8")
    assert strikes(events) == [("D4", 1, "line"), ("H3", 0, "deck"), ("H2", 1, "line")]


def test_a_card_whose_range_reaches_only_its_own_side_does_not_attack() -> None:
    new, events = attack("H2 | H5 | DECK | HA", "DECK | S5")
    # ♥A at i=3: j=-3; ♥2 at i=0 hits j=1; ♥5 at i=1 hits j=3: beyond.
    assert strikes(events) == [("HA", -3, "own"), ("H5", 3, "beyond"), ("H2", 1, "line")]
    assert str(new.sides[1]) == "DECK"


def test_a_card_never_attacks_a_nearer_line_when_it_overshoots() -> None:
    new, events = attack("DECK | HK", "S2 | DECK | S5")
    assert strikes(events) == [("HK", 11, "beyond")]
    assert str(new.sides[1]) == "S2 | DECK | S5"


def test_a_hit_that_empties_a_line_sends_a_later_attack_elsewhere() -> None:
    # ♥4 (i=2) and ♥3 (i=1) both aim at j=1. ♥4 empties {♠5}; {♠6 ♠7} closes up to j=1, so ♥3
    # hits that line instead.
    new, events = attack("DECK | H3 | H4", "DECK | S5 | S6 S7")
    assert strikes(events) == [("H4", 1, "line"), ("H3", 1, "line")]
    assert [e.data.get("lost") for e in events if e.kind == "strike"] == [["S5"], None]
    assert new.pending == (PendingHits(1, 1),)
    assert str(new.sides[1]) == "DECK | S6 S7"


def test_our_own_worked_example_collapse_and_overshoot() -> None:
    new, events = attack("H2 | DECK | D4 H3", "S2 | CQ | DECK")
    assert strikes(events) == [("D4", 1, "line"), ("H3", 0, "line"), ("H2", 1, "beyond")]
    assert [e.data.get("lost") for e in events if e.kind == "strike"] == [
        ["CQ"],
        ["S2"],
        None,
    ]
    assert str(new.sides[1]) == "DECK"
    assert new.phase == "place" and new.active == 0


@pytest.mark.parametrize("top", ["SA", "S2", "S3", "JB"])
def test_a_deck_hit_turning_up_a_low_card_or_joker_goes_to_the_hand(top: str) -> None:
    new, events = attack("DECK | H2", "DECK", tops=("", top))
    hit = next(e for e in events if e.kind == "strike")
    assert hit.data["turned"] == top and hit.data["to_hand"] is True and hit.visible_to is None
    assert new.hands[1] == cards(top) and new.revealed[1] == cards(top)
    assert len(new.decks[1]) == 26 and parse_card(top) not in new.discards[1]


@pytest.mark.parametrize("top", ["S4", "S10", "SK"])
def test_a_deck_hit_turning_up_four_or_more_is_discarded(top: str) -> None:
    new, _ = attack("DECK | H2", "DECK", tops=("", top))
    assert new.hands[1] == () and new.discards[1] == cards(top) and len(new.decks[1]) == 26


def test_a_deck_hit_that_empties_the_deck_ends_the_game_at_once() -> None:
    # At i=1: ♥9 overshoots, ♥3 hits {♠9 ♠8} (j=1), ♥2 the deck (j=0), whose last card goes.
    new, events = attack("DECK | H9 H3 H2", "DECK | S9 S8", deck_sizes=(None, 1))
    assert new.outcome is not None and new.outcome.winner == 0
    assert strikes(events) == [("H9", 7, "beyond"), ("H3", 1, "line"), ("H2", 0, "deck")]
    assert [e.kind for e in events][-2:] == ["deck_out", "game_over"]
    assert events[-2].data == {"cause": "hit"}
    # The hit on {♠9 ♠8} is never resolved: the pending choice lapses.
    assert new.pending == () and str(new.sides[1]) == "DECK | S9 S8"


def test_the_rest_of_the_attack_lapses_after_the_deck_runs_out() -> None:
    new, events = attack("DECK | H2 | H4 H3", "DECK | S5", deck_sizes=(None, 1))
    assert strikes(events) == [("H4", 1, "line"), ("H3", 0, "deck")]
    assert str(new.sides[1]) == "DECK"  # ♠5's line went before the deck did


def test_defender_chooses_casualties_when_ranges_differ() -> None:
    new, events = attack("DECK | H3", "DECK | S2 S9")
    assert new.phase == "casualties" and R.to_act(new) == (1,)
    assert new.pending == (PendingHits(1, 1),)
    assert events[-1] == Event("casualties_pending", 1, {"lines": [[1, 1]]})
    assert R.legal_actions(new, 1) == (Casualty(parse_card("S2")), Casualty(parse_card("S9")))
    with pytest.raises(NotYourTurnError):
        R.apply(new, 0, EndPlacement())
    with pytest.raises(IllegalActionError):
        R.apply(new, 1, Casualty(parse_card("S5")))
    after, chosen = R.apply(new, 1, Casualty(parse_card("S9")))
    assert str(after.sides[1]) == "DECK | S2"
    assert after.discards[1] == cards("S9")
    # The attacker's draw and place phases follow the choice.
    assert after.phase == "place" and after.active == 0 and len(after.hands[0]) == 3
    assert [e.kind for e in chosen] == ["casualty", "draw", "draw_cards"]
    assert after.last_attack is not None and after.last_attack.casualties == cards("S9")


def test_no_choice_when_all_ranges_are_equal_earliest_placed_goes() -> None:
    new, events = attack("DECK | H3", "DECK | S5 C5 JB=5")
    assert new.phase == "place" and new.pending == ()
    assert str(new.sides[1]) == "DECK | C5 JB=5"
    auto = [e for e in events if e.kind == "casualty"]
    assert auto == [Event("casualty", 1, {"card": "S5", "line": 1, "auto": True})]


def test_hits_are_counted_per_line_and_the_choice_covers_them_all() -> None:
    new, _ = attack("DECK | H2 | H4 H3", "DECK | S2 S9 SK")
    # ♥4 i=2 -> j=1; ♥3 i=2 -> j=0 (deck); ♥2 i=1 -> j=0 (deck).
    assert new.pending == (PendingHits(1, 1),)
    new, _ = attack("DECK | H3 H2 | H4", "DECK | S2 S9 SK")
    # ♥4 i=2 -> j=1; ♥3 i=1 -> j=1; ♥2 i=1 -> j=0 (deck).
    assert new.pending == (PendingHits(1, 2),)
    after = R.apply(new, 1, Casualty(parse_card("SK"))).state
    assert after.phase == "casualties" and after.pending == (PendingHits(1, 1),)
    after = R.apply(after, 1, Casualty(parse_card("S2"))).state
    assert after.phase == "place" and str(after.sides[1]) == "DECK | S9"


def test_once_the_rest_of_a_choice_cannot_matter_it_is_automatic() -> None:
    new, _ = attack("DECK | H3 H2 | H4", "DECK | S5 C5 S9")
    assert new.pending == (PendingHits(1, 2),)
    after, events = R.apply(new, 1, Casualty(parse_card("S9")))
    assert [e.data for e in events if e.kind == "casualty"] == [
        {"card": "S9", "line": 1, "auto": False},
        {"card": "S5", "line": 1, "auto": True},
    ]
    assert after.phase == "place" and str(after.sides[1]) == "DECK | C5"


def test_a_line_whose_hits_reach_its_size_vanishes_at_that_hit() -> None:
    new, events = attack("DECK | H3 H2 | H4", "DECK | S2 S9 | S5")
    # ♥4 i=2 and ♥3 i=1 hit j=1 twice: {♠2 ♠9} goes at the second hit; ♥2 then hits j=0.
    assert strikes(events) == [("H4", 1, "line"), ("H3", 1, "line"), ("H2", 0, "deck")]
    assert str(new.sides[1]) == "DECK | S5" and new.pending == ()


def test_timeout_on_a_casualty_choice_loses_the_highest_range_earliest_placed() -> None:
    new, _ = attack("DECK | H3", "DECK | S2 S9 C9")
    assert R.timeout_actions(new) == ((1, Casualty(parse_card("S9"))),)
    new, _ = attack("DECK | H3 | H4", "DECK | S2 S9 C9")  # two hits on line 1
    assert new.pending == (PendingHits(1, 2),)
    assert R.timeout_actions(new) == (
        (1, Casualty(parse_card("S9"))),
        (1, Casualty(parse_card("C9"))),
    )
    assert R.timeout_actions(position()) == ()


# --- §7 end --------------------------------------------------------------------------------------


def test_game_over_text() -> None:
    _, events = attack("DECK", "DECK", deck_sizes=(3, None))
    assert R.describe_event(events[-1], "en") == "Player 2 wins (deck out)."
    assert R.describe_event(events[-1], "ja") == "プレイヤー2の勝ち（山札切れ）。"


# --- §9 the seed's walkthrough -------------------------------------------------------------------


def test_the_seeds_walkthrough() -> None:
    data = json.loads((DATA / "walkthrough.json").read_text(encoding="utf-8"))
    out = run(data)
    assert out["error"] is None and out["outcome"] is None
    state = R.load(out["state"])
    assert str(state.sides[0]) == "H2 | DECK | D4 H3 JR=4"
    assert str(state.sides[1]) == "DECK | C4 S3 CK"
    assert state.discards == (cards("D5 HQ"), cards("S8 S2 S9"))
    turn3 = [e for e in out["events"] if e["index"] == 10 and e["kind"] == "strike"]
    assert [(e["data"]["card"], e["data"]["target"]) for e in turn3] == [
        ("D4", 1),
        ("H3", 0),
        ("H2", 1),
    ]
    assert turn3[2]["data"]["lost"] == ["S2", "S9"]
    turn4 = [e for e in out["events"] if e["index"] == 13 and e["kind"] == "strike"]
    # Black's ♣4 (i=1) hits red's rearmost line (j=2), ♠3 (i=1) red's deck (j=1).
    assert [(e["data"]["card"], e["data"]["target"], e["data"]["result"]) for e in turn4] == [
        ("CK", 11, "beyond"),
        ("C4", 2, "line"),
        ("S3", 1, "deck"),
    ]
    assert turn4[2]["data"]["turned"] == "D5"
