"""The games' declared bot levels: who plays a game with a given ``level`` setting, that the
bot player a home hands the services sees only its seat's view, and 戦列札's review."""

from __future__ import annotations

import re
from typing import Any

from bot.games.registry import all_specs, spec_for
from rules.core import Rng
from rules.senretsu import SenretsuState
from rules.senretsu.levels import level
from rules.senretsu.review import disagreements
from tests.rules.senretsu.test_senretsu_ai import midgame, scramble_hidden


def test_a_game_is_played_by_the_level_its_settings_name_else_the_default() -> None:
    with_levels = [spec for spec in all_specs() if spec.levels]
    assert {spec.game_type for spec in with_levels} >= {"bushi", "senretsu"}
    for spec in with_levels:
        assert len(spec.levels) >= 3
        default = spec.level(str(spec.default_level))
        assert default is not None and spec.bot_player_for({}) is default.player
        for lv in spec.levels:
            assert spec.bot_player_for({"level": lv.key}) is lv.player
            assert lv.name.ja and lv.name.en and lv.name.ja != lv.name.en


def test_today_s_strength_is_the_default() -> None:
    assert spec_for("bushi").default_level == "perfect"
    assert spec_for("senretsu").default_level == "sharp"


def test_a_game_stored_with_a_retired_senretsu_level_is_played_by_the_default_level() -> None:
    spec = spec_for("senretsu")
    for retired in ("search", "deep"):
        settings = spec.rules.normalize_settings({"level": retired})
        assert spec.level(retired) is None  # no challenge offers it
        sharp = spec.level("sharp")
        assert sharp is not None and spec.bot_player_for(settings) is sharp.player


def test_the_bot_player_of_every_level_decides_from_its_seat_s_view_only() -> None:
    """Through the player the services call with the whole state: states differing only in
    the opponent's hand and both decks' order get the same answer for a seed. (The searching
    levels, time-capped — ``sampling`` and the retired ones — are checked uncapped in the
    rules' tests: under a cap two runs may finish different numbers of samples.)"""
    spec = spec_for("senretsu")
    for seed, phase in ((3, "place"), (8, "place"), (1, "casualties")):
        state = midgame(seed, phase)
        seat = spec.rules.to_act(state)[0]
        scrambled = scramble_hidden(state, seat, seed)
        for chosen in (lv for lv in spec.levels if lv.key != "sampling"):
            a = chosen.player(spec.rules, state, seat, Rng.from_seed(seed))
            b = chosen.player(spec.rules, scrambled, seat, Rng.from_seed(seed))
            assert a == b


def random_vs_search_game(seed: int) -> list[tuple[SenretsuState, int, Any]]:
    """Seat 0 plays at random, seat 1 searches: every (state, seat, action)."""
    rules = spec_for("senretsu").rules
    state = rules.new_game({"first_player": 0}, seed)
    rng = Rng.from_seed(seed)
    players = (level("random"), level("greedy"))
    steps = []
    while state.outcome is None:
        seat = rules.to_act(state)[0]
        action, rng = players[seat].choose(rules.view_for(state, seat), rules, rng)
        steps.append((state, seat, action))
        state = rules.apply(state, seat, action).state
    return steps


def test_the_senretsu_review_says_what_the_bot_would_have_done_in_both_languages() -> None:
    spec = spec_for("senretsu")
    assert spec.reviewer is not None
    steps = random_vs_search_game(5)
    found = disagreements(spec.rules, steps, 0)
    assert 1 <= len(found) <= 3
    assert [d.cost for d in found] == sorted((d.cost for d in found), reverse=True)
    assert all(d.played != d.instead for d in found)
    assert len({d.turn for d in found}) == len(found)  # distinct turns, never one turn twice
    # The strongest level thinks under a time cap: the lines may differ run to run, not their form.
    english = spec.reviewer(spec.rules, steps, 0, "en")
    japanese = spec.reviewer(spec.rules, steps, 0, "ja")
    assert english.startswith("🧭 Where the strongest bot level disagrees with you most:")
    assert 1 <= english.count("the bot would have played") <= 3
    assert 1 <= japanese.count("ボットなら") <= 3
    # Told in the order played, whichever cost most.
    turns = [int(t) for t in re.findall(r"• Turn (\d+):", english)]
    assert turns == sorted(turns) and len(turns) == len(set(turns))
