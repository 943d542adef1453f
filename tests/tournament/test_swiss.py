"""Swiss pairings: hand-checked rounds, and the guarantees checked against brute force."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import (
    ByeRecord,
    Colour,
    Entrant,
    GameRecord,
    Outcome,
    Record,
    SwissRound,
    swiss_pairings,
)
from bot.tournament.colours import ColourHistory
from tests.tournament.brute import exists

W, B, D = Outcome.WHITE_WINS, Outcome.BLACK_WINS, Outcome.DRAW


def field(n: int) -> list[Entrant]:
    return [Entrant(player=100 + seed, seed=seed) for seed in range(1, n + 1)]


def games(round_: SwissRound) -> list[tuple[int, int]]:
    return [(p.white, p.black) for p in round_.pairings]


def test_round_one_is_top_half_against_bottom_half_with_alternating_colours() -> None:
    # FIDE Dutch, round 1: 1-5, 6-2, 3-7, 8-4 (the top seed has White on board 1).
    round_ = swiss_pairings(field(8), [], 1)
    assert games(round_) == [(101, 105), (106, 102), (103, 107), (108, 104)]
    assert round_.bye is None


def test_odd_field_the_lowest_seed_has_the_bye_in_round_one() -> None:
    round_ = swiss_pairings(field(7), [], 1)
    assert round_.bye == 107
    assert games(round_) == [(101, 104), (105, 102), (103, 106)]


def test_round_two_pairs_within_score_groups_and_gives_colour_preferences() -> None:
    history: list[Record] = [
        GameRecord(1, 101, 105, W),
        GameRecord(1, 106, 102, B),
        GameRecord(1, 103, 107, W),
        GameRecord(1, 108, 104, B),
    ]
    round_ = swiss_pairings(field(8), history, 2)
    # Winners 101 (W), 102 (B), 103 (W), 104 (B): halves {101, 102} against {103, 104}.
    # 101-103 would both want Black, so 101 meets 104 and 102 meets 103, everybody alternating.
    # Losers 105 (B), 106 (W), 107 (B), 108 (W) likewise: 105-108 and 107-106.
    assert sorted(games(round_)) == sorted([(104, 101), (102, 103), (105, 108), (107, 106)])
    assert [frozenset((p.white, p.black)) for p in round_.pairings][:2] == [
        frozenset((101, 104)),
        frozenset((102, 103)),
    ]


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one() -> None:
    history: list[Record] = [
        GameRecord(1, 101, 104, D),
        GameRecord(1, 105, 102, D),
        GameRecord(1, 103, 106, W),
        ByeRecord(1, 107),
    ]
    round_ = swiss_pairings(field(7), history, 2)
    # 107 already sat out; 106 has 0 points and is next up.
    assert round_.bye == 106


def test_withdrawn_players_are_left_out_but_their_results_stand() -> None:
    history: list[Record] = [GameRecord(1, 101, 103, W), GameRecord(1, 104, 102, B)]
    remaining = [e for e in field(4) if e.player != 104]
    round_ = swiss_pairings(remaining, history, 2)
    assert round_.bye == 103  # lowest ranked of the three
    assert sorted(map(frozenset, games(round_))) == [frozenset((101, 102))]


def test_inputs_are_checked() -> None:
    with pytest.raises(ValueError):
        swiss_pairings([Entrant(1, 1), Entrant(1, 2)], [], 1)
    with pytest.raises(ValueError):
        swiss_pairings(field(2), [GameRecord(3, 101, 102, W)], 2)


def test_same_input_same_output() -> None:
    history = play(field(11), rounds=5, seed=3)
    again = play(field(11), rounds=5, seed=3)
    assert history == again


def play(entrants: list[Entrant], rounds: int, seed: int) -> list[Record]:
    rng = random.Random(seed)
    history: list[Record] = []
    for round_no in range(1, rounds + 1):
        round_ = swiss_pairings(entrants, history, round_no)
        for p in round_.pairings:
            outcome = rng.choice([W, B, D, W, B])
            history.append(GameRecord(round_no, p.white, p.black, outcome))
        if round_.bye is not None:
            history.append(ByeRecord(round_no, round_.bye))
    return history


def colour_histories(history: list[Record]) -> dict[int, ColourHistory]:
    colours: dict[int, list[tuple[int, Colour]]] = {}
    for r in history:
        if isinstance(r, GameRecord) and r.outcome.played:
            colours.setdefault(r.white, []).append((r.round_no, Colour.WHITE))
            colours.setdefault(r.black, []).append((r.round_no, Colour.BLACK))
    return {p: ColourHistory(tuple(c for _, c in sorted(cs))) for p, cs in colours.items()}


def check_guarantees(everyone: list[int], history: list[Record], round_: SwissRound) -> None:
    """Every player seated once; no repeat and the hard limits, whenever brute force can."""
    met = {frozenset((r.white, r.black)) for r in history if isinstance(r, GameRecord)}
    free = {r.player for r in history if isinstance(r, ByeRecord)}
    colours = colour_histories(history)
    odd = len(everyone) % 2 == 1

    seated = [p for g in games(round_) for p in g] + [x for x in [round_.bye] if x is not None]
    assert Counter(seated) == Counter(everyone)
    assert (round_.bye is not None) == odd

    def fresh(a: int, b: int) -> bool:
        return frozenset((a, b)) not in met

    def fresh_and_colour_ok(a: int, b: int) -> bool:
        ha, hb = colours.get(a, ColourHistory()), colours.get(b, ColourHistory())
        colour_ok = any(ha.allows(c) and hb.allows(c.opposite) for c in Colour)
        return fresh(a, b) and colour_ok

    def possible(check: Callable[[int, int], bool], byes: list[int | None]) -> bool:
        return any(exists([p for p in everyone if p != bye], check) for bye in byes)

    byes: list[int | None] = list(everyone) if odd else [None]
    eligible = [b for b in byes if b not in free]
    if possible(fresh, byes):
        assert all(fresh(*g) for g in games(round_)), "a repeat-free pairing existed"
    if possible(fresh_and_colour_ok, eligible):
        assert round_.bye not in free
        for white, black in games(round_):
            assert colours.get(white, ColourHistory()).allows(Colour.WHITE)
            assert colours.get(black, ColourHistory()).allows(Colour.BLACK)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=9),
    rounds=st.integers(min_value=1, max_value=8),
    results=st.lists(st.sampled_from([W, B, D]), min_size=40, max_size=40),
)
def test_guarantees_hold_whenever_brute_force_says_they_could(
    n: int, rounds: int, results: list[Outcome]
) -> None:
    # Up to 8 rounds among up to 9 players: late rounds force repeats or colour compromises.
    entrants = field(n)
    everyone = [e.player for e in entrants]
    history: list[Record] = []
    outcomes = iter(results * 10)
    for round_no in range(1, rounds + 1):
        round_ = swiss_pairings(entrants, history, round_no)
        check_guarantees(everyone, history, round_)
        for p in round_.pairings:
            history.append(GameRecord(round_no, p.white, p.black, next(outcomes)))
        if round_.bye is not None:
            history.append(ByeRecord(round_no, round_.bye))


@settings(max_examples=20, deadline=None)
@given(n=st.integers(min_value=10, max_value=40), seed=st.integers(0, 1000))
def test_short_events_never_repeat_and_keep_colours_within_one(n: int, seed: int) -> None:
    rounds = min(5, n // 2 - 1)
    history = play(field(n), rounds, seed)
    pairs = [frozenset((r.white, r.black)) for r in history if isinstance(r, GameRecord)]
    assert len(pairs) == len(set(pairs))
    for colours in colour_histories(history).values():
        # Hard limits always; the ±1 aim is met by almost everyone (checked in the bench too).
        assert abs(colours.difference) <= 2
        text = "".join(c.value[0] for c in colours.colours)
        assert "www" not in text and "bbb" not in text


def test_two_hundred_players_nine_rounds_stay_within_one() -> None:
    history = play(field(200), 9, seed=1)
    colours = colour_histories(history)
    assert max(abs(c.difference) for c in colours.values()) <= 1
    pairs = [frozenset((r.white, r.black)) for r in history if isinstance(r, GameRecord)]
    assert len(pairs) == len(set(pairs))
