"""戦列札's bot levels: legal, reproducible from their generator, and blind to hidden cards."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.senretsu import SenretsuRules, TakeBack
from rules.senretsu.ai import DEFAULT_BUDGET, HAND_SET, TUNED
from rules.senretsu.levels import LEVELS, RETIRED, TODAY, SenretsuLevel, level
from tests.rules.senretsu.test_senretsu_ai import midgame, scramble_hidden

R = SenretsuRules()
#: No time cap: two runs must sample alike.
UNCAPPED = 600.0


def play(
    levels: tuple[SenretsuLevel, SenretsuLevel], seed: int, seconds: float, moves: int = 3000
) -> list[str]:
    """A game between two levels (whole, or its first ``moves`` actions); every action's code
    (each checked legal)."""
    state = R.new_game({"first_player": "coin"}, seed)
    rng = Rng.from_seed(seed)
    codes: list[str] = []
    while state.outcome is None and len(codes) < moves:
        seat = R.to_act(state)[0]
        action, rng = levels[seat].choose(R.view_for(state, seat), R, rng, seconds)
        assert action in R.legal_actions(state, seat)
        codes.append(R.format(action))
        state = R.apply(state, seat, action).state
        assert len(codes) < 3000
    return codes


@pytest.mark.parametrize("keys", [("random", "greedy"), ("greedy", "sharp")])
def test_the_fast_levels_play_legal_games_the_same_for_a_seed(keys: tuple[str, str]) -> None:
    pair = (level(keys[0]), level(keys[1]))
    first = play(pair, 4, UNCAPPED)
    assert first == play(pair, 4, UNCAPPED)
    assert first != play(pair, 5, UNCAPPED)


def test_the_sharp_level_counts_with_the_tuned_weights_and_plays_otherwise() -> None:
    """The same fast model, other weights: it must choose differently somewhere in a game."""
    assert level("sharp").budget is not None and level("sharp").budget.weights == TUNED
    assert level("greedy").budget is not None and level("greedy").budget.weights == HAND_SET
    assert play((level("greedy"), level("greedy")), 4, UNCAPPED) != play(
        (level("greedy"), level("sharp")), 4, UNCAPPED
    )


def test_the_random_level_never_takes_a_card_back() -> None:
    codes = play((level("random"), level("random")), 2, UNCAPPED)
    assert not any(isinstance(R.parse(code), TakeBack) for code in codes)


@pytest.mark.slow
def test_the_searching_levels_play_legal_games_the_same_for_a_seed() -> None:
    # Ten actions reach searched decisions (the first placements);
    # a whole uncapped game of searching took close to a minute.
    pair = (level("deep"), level("search"))  # retired, kept for the ladder
    first = play(pair, 1, UNCAPPED, moves=10)
    assert len(first) == 10 and first == play(pair, 1, UNCAPPED, moves=10)


@pytest.mark.slow
@pytest.mark.parametrize("key", [lv.key for lv in (*LEVELS, *RETIRED)])
@pytest.mark.parametrize(("seed", "phase"), [(3, "place"), (1, "casualties")])
def test_no_level_sees_a_hidden_card(key: str, seed: int, phase: str) -> None:
    """Two states that differ only in cards the seat cannot see (the other hand, both decks'
    order) get the same decision from the same generator."""
    state = midgame(seed, phase)
    seat = R.to_act(state)[0]
    scrambled = scramble_hidden(state, seat, seed)
    chosen = level(key)
    a = chosen.choose(R.view_for(state, seat), R, Rng.from_seed(seed), UNCAPPED)
    b = chosen.choose(R.view_for(scrambled, seat), R, Rng.from_seed(seed), UNCAPPED)
    assert a == b
    assert a[0] in R.legal_actions(state, seat)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "phase"), [(3, "place"), (8, "place")])
def test_the_sampling_level_decides_the_same_whatever_the_opponent_really_holds(
    seed: int, phase: str
) -> None:
    """For a fixed sample seed the information-set search's decision is a function of what
    its seat may know (its hand, the field, the discards): three deals of the hidden cards —
    the opponent's hand and both decks — get one decision."""
    state = midgame(seed, phase)
    seat = R.to_act(state)[0]
    sampling = level("sampling")
    decision = sampling.choose(R.view_for(state, seat), R, Rng.from_seed(seed), UNCAPPED)
    assert decision[0] in R.legal_actions(state, seat)
    hidden = {(state.hands[1 - seat], state.decks)}
    for salt in range(2):
        other = scramble_hidden(state, seat, 100 * seed + salt)
        hidden.add((other.hands[1 - seat], other.decks))
        again = sampling.choose(R.view_for(other, seat), R, Rng.from_seed(seed), UNCAPPED)
        assert again == decision
    assert len(hidden) == 3  # three different deals of what the seat cannot see


def test_the_top_level_plans_whole_turns_and_samples_the_hidden_cards() -> None:
    budget = level("sampling").budget
    assert budget is not None and budget.weights == TUNED
    assert budget.plan_width > 1  # a beam of whole turns, not one card and the next
    # Its best few first cards are played on against sampled deals, each with its planned turn.
    assert budget.samples > 0 and budget.candidates > 1 and budget.plan_once
    assert budget.min_samples > 1  # one or two playouts are noise: the plan decides then
    # Its time cap keeps a decision under a second (p99 measured by bench.ladder).
    assert budget.seconds < 1


@pytest.mark.parametrize("seed", [3, 8])
def test_the_top_level_plays_otherwise_than_sharp(seed: int) -> None:
    """Planning whole turns changes what the tuned model plays somewhere in a game."""
    top, sharp = level("sampling"), level("sharp")
    assert play((top, sharp), seed, UNCAPPED) != play((sharp, sharp), seed, UNCAPPED)


def test_the_levels_are_weakest_first_and_today_s_search_is_kept_retired() -> None:
    assert [lv.key for lv in LEVELS] == ["random", "greedy", "sharp", "sampling"]
    assert level("random").budget is None
    assert level(TODAY).budget == DEFAULT_BUDGET  # the bot before the tuned model, unchanged
    # A game stored with a retired level still loads.
    assert R.normalize_settings({"level": "deep"})["level"] == "deep"
    with pytest.raises(Exception, match="level"):
        R.normalize_settings({"level": "godlike"})
