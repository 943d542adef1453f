"""武士将棋's review tells the game's story (issue 31 item 5): after a win by mate it names the
bot's slip first, it names every turning point of either side, and it says when a resignation
gave up a position that was not lost — in both languages."""

from __future__ import annotations

from typing import Any

from bot.games.bushi import review
from rules.bushi import BushiRules, BushiState
from rules.bushi.levels import level
from rules.bushi.review import resignation, slips
from rules.core import Resign, Rng
from tests.rules.bushi.test_bushi_dead_draw import careful_action

R = BushiRules()
PLAYER = 1  # White; the bot is Black


def careful_game(bot: str, seed: int) -> list[tuple[BushiState, int | None, Any]]:
    """The careful player (White) against a bot level, to the end."""
    state, rng = R.new_game({}, seed), Rng.from_seed(seed)
    steps: list[tuple[BushiState, int | None, Any]] = []
    while state.outcome is None:
        seat = state.to_move
        if seat == PLAYER:
            action: Any
            action, rng = careful_action(state, rng)
        else:
            action, rng = level(bot).choose(state, rng)
        steps.append((state, seat, action))
        state = R.apply(state, seat, action).state
    return steps


def test_a_win_by_mate_names_the_bot_s_slip_first() -> None:
    for seed in range(40):
        steps = careful_game("beginner", seed)
        last = R.apply(steps[-1][0], steps[-1][1], steps[-1][2]).state
        if last.outcome is not None and last.outcome.winner == PLAYER:
            break
    else:
        raise AssertionError("the careful player never mated the beginner")
    found = slips(steps)
    assert found and found[0].seat != PLAYER
    english, japanese = review(R, steps, PLAYER, "en"), review(R, steps, PLAYER, "ja")
    assert f"The first to slip was the bot, on move {found[0].ply}." in english
    assert english.count("• Move") == min(len(found), 8)
    assert "Every move you made" not in english and "neither side" not in english
    assert f"先に最善を外したのはボット（{found[0].ply}手目）" in japanese
    assert "win in 1 for you" in english


def test_resigning_a_drawn_position_is_named() -> None:
    steps = careful_game("perfect", 1)[:13]
    state = R.apply(steps[-1][0], steps[-1][1], steps[-1][2]).state
    assert state.to_move == PLAYER
    steps.append((state, PLAYER, Resign()))
    resigned = resignation(steps)
    assert resigned is not None and resigned.value.result.value == "draw"
    english, japanese = review(R, steps, PLAYER, "en"), review(R, steps, PLAYER, "ja")
    assert "neither side ever lost value" in english
    assert f"You resigned after move {state.ply} in a position that was a draw for you" in english
    assert f"{state.ply}手目のあとで投了しましたが" in japanese and "引き分け" in japanese
