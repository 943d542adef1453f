"""Your mistakes come back (issue 31): each game's home finds the player's value-losing
decisions — a known blunder becomes a card, a best move does not — keeps only what the player
could see, and poses the position again with the right answers among the choices."""

from __future__ import annotations

from typing import Any

import pytest

from rules.bushi.mistakes import MISTAKES as BUSHI
from rules.bushi.puzzles import PUZZLES as BUSHI_PUZZLES
from rules.bushi.solve import solution
from rules.core.mistakes import MAX_CHOICES, Mistake, MistakeFinder, Stopped
from rules.core.puzzle import Puzzle
from rules.senretsu.ai import placement_scores
from rules.senretsu.levels import LEVELS
from rules.senretsu.mistakes import CLEAR_GAP
from rules.senretsu.mistakes import MISTAKES as SENRETSU
from rules.senretsu.puzzles import PUZZLES as SENRETSU_PUZZLES
from rules.yosukou import mistakes as yosukou_mistakes
from rules.yosukou.mistakes import YosukouMistakes
from rules.yosukou.puzzles import PUZZLES as YOSUKOU_PUZZLES


def posed(finder: MistakeFinder, mistake: Mistake, locale: str = "en") -> tuple[str, str]:
    """The question and the explanation of a card, its answers and what was played among the
    answers its menu offers."""
    state = finder.position(mistake.position)
    offered = finder.offered(mistake.kind, state, mistake.seat, mistake.answers, mistake.played)
    assert len(offered) <= MAX_CHOICES
    assert set(mistake.answers) <= set(offered) and mistake.played in offered
    assert mistake.played not in mistake.answers
    return (
        finder.question(mistake.kind, state, mistake.seat, mistake.played, locale),  # type: ignore[arg-type]
        finder.explain(mistake, locale),  # type: ignore[arg-type]
    )


# --- 武士将棋: by the solver ----------------------------------------------------------------


def test_bushi_a_move_that_throws_away_a_win_is_a_card_and_the_fastest_win_is_not() -> None:
    puzzle = BUSHI_PUZZLES.puzzles[0]
    state = puzzle.position(BUSHI.rules)
    scored = solution(state.cube).move_values(state)
    best = max(v.rank for _, v in scored)
    worst = min(scored, key=lambda item: item[1].rank)[0]
    fastest = next(a for a, v in scored if v.rank == best)
    [card] = BUSHI.find([(state, puzzle.seat, worst)], puzzle.seat)
    assert card.ply == 1 and card.played == BUSHI.rules.format(worst)
    assert set(card.answers) == set(puzzle.answers)  # the puzzle's own proven answers
    assert BUSHI.position(card.position) == state  # nothing hidden in 武士将棋
    assert BUSHI.find([(state, puzzle.seat, fastest)], puzzle.seat) == []
    assert BUSHI.find([(state, puzzle.seat, worst)], 1 - puzzle.seat) == []  # not the other's
    for locale in ("ja", "en"):
        question, why = posed(BUSHI, card, locale)
        assert question and why


# --- 戦列札: by the strongest level's scoring of the turn -------------------------------------


def clear_blunder() -> tuple[Any, int, Any, Any]:
    """A puzzle position, its placer, a placement the strongest level scores clearly worst and
    the one it scores best."""
    weights = LEVELS[-1].budget.weights if LEVELS[-1].budget is not None else None
    for puzzle in SENRETSU_PUZZLES.puzzles:
        state = puzzle.position(SENRETSU.rules)
        view = SENRETSU.rules.view_for(state, puzzle.seat)
        scores = placement_scores(view, SENRETSU.rules.legal_actions(state, puzzle.seat), weights)
        best = max(scores, key=lambda a: scores[a])
        worst = min(scores, key=lambda a: scores[a])
        if scores[best] - scores[worst] >= CLEAR_GAP:
            return state, puzzle.seat, worst, best
    raise AssertionError("no puzzle position with a clear blunder")


def test_senretsu_a_clearly_worse_placement_is_a_card_and_the_best_is_not() -> None:
    state, seat, worst, best = clear_blunder()
    [card] = SENRETSU.find([(state, seat, worst)], seat)
    assert card.played == SENRETSU.rules.format(worst)
    assert SENRETSU.rules.format(best) in card.answers
    assert SENRETSU.find([(state, seat, best)], seat) == []
    for locale in ("ja", "en"):
        question, why = posed(SENRETSU, card, locale)
        assert question and why


def test_senretsu_a_card_shows_the_player_s_view_and_never_the_opponent_s_hand() -> None:
    state, seat, worst, _ = clear_blunder()
    [card] = SENRETSU.find([(state, seat, worst)], seat)
    shown = SENRETSU.position(card.position)
    rules = SENRETSU.rules
    assert rules.view_for(shown, seat) == rules.view_for(state, seat)
    opponent = 1 - seat
    hidden = set(state.hands[opponent]) - set(state.revealed[opponent])
    kept = set(shown.hands[opponent]) - set(shown.revealed[opponent])
    # The stand-in hand is drawn from every card the player could not see, not the real one.
    assert kept != hidden or not hidden
    assert shown.decks != state.decks or not any(state.decks)


# --- 易双六: by simulation ------------------------------------------------------------------


def test_yosukou_needs_100_000_games_a_choice_at_p_below_0_001() -> None:
    assert yosukou_mistakes.CONFIRM_GAMES >= 100_000 and yosukou_mistakes.LEVEL <= 0.001
    assert yosukou_mistakes.MISTAKES.confirm_games == yosukou_mistakes.CONFIRM_GAMES


def clearest_move_or_stay() -> Puzzle:
    """The book's MOVE-or-STAY puzzle with the widest gap between the two."""
    return max(
        (p for p in YOSUKOU_PUZZLES.puzzles if p.kind == "move_or_stay"),
        key=lambda p: abs(p.proof["wins"]["move"] - p.proof["wins"]["stay"]) / p.proof["games"],
    )


def test_yosukou_the_clearly_worse_choice_is_a_card_and_the_better_is_not() -> None:
    # The clearest MOVE-or-STAY puzzle; fewer games than the bot's 100 000 keep the test
    # quick, the significance the same.
    finder = YosukouMistakes(confirm_games=4_000, looks=((400, 0.2),))
    puzzle = clearest_move_or_stay()
    [better] = puzzle.answers
    worse = "move" if better == "stay" else "stay"
    state = puzzle.position(finder.rules)
    [card] = finder.find([(state, 0, finder.rules.parse(worse))], 0)
    assert card.answers == (better,) and card.played == worse
    assert card.proof["p"] < 0.001 and card.proof["games"] == 4_000
    assert finder.find([(state, 0, finder.rules.parse(better))], 0) == []
    shown = finder.position(card.position)
    assert finder.rules.view_for(shown, 0) == finder.rules.view_for(state, 0)
    assert shown.talon != state.talon and sorted(shown.talon) == sorted(state.talon)
    for locale in ("ja", "en"):
        question, why = posed(finder, card, locale)
        assert question and "4,000" in why


def test_yosukou_a_stopping_bot_is_not_kept_waiting_for_the_simulations() -> None:
    puzzle = clearest_move_or_stay()
    finder = YosukouMistakes()
    state = puzzle.position(finder.rules)
    with pytest.raises(Stopped):
        finder.find([(state, 0, finder.rules.parse("move"))], 0, stop=lambda: True)
