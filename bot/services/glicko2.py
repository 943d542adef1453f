"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), for puzzle ratings.

A rating carries its deviation (how sure it is) and its volatility (how much it is expected to
wander): a new player's first answers move their rating a lot, a settled one's little, and a
puzzle answered by many players settles the same way — which the earlier model, moving every
answer by 80 to 190 points, never did. Every answer is a rating period of its own (as lichess
rates puzzles), so the player and the puzzle are each rated against the other as they stood.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The Glicko scale's factor to the Glicko-2 one (173.7178 = 400 / ln 10).
SCALE = 400 / math.log(10)
START_RATING = 1500.0
#: A new rating's deviation and volatility (the paper's suggestions).
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: The system constant: how much volatility may change (the paper suggests 0.3 to 1.2;
#: smaller keeps puzzle ratings calm).
TAU = 0.5
#: The smallest deviation kept: without a floor a rating answered for years would stop
#: learning at all. At 45 a settled rating moves at most about 15 points an answer.
MIN_DEVIATION = 45.0
#: The convergence tolerance of the volatility's iteration.
EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Glicko:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(
    player: Glicko,
    results: list[tuple[Glicko, float]],
    *,
    tau: float = TAU,
    min_deviation: float = 0.0,
) -> Glicko:
    """The player's rating after one rating period with ``results`` ((opponent, score): 1 a
    win, 0.5 a draw, 0 a loss), by the paper's steps 2–8. No results: only the deviation
    grows (step 6)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Glicko(player.rating, min(START_DEVIATION, grown), sigma)
    # Step 3–4: the estimated variance and improvement.
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - START_RATING) / SCALE
        phi_j = opponent.deviation / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2)
    # Steps 6–8: the new deviation and rating.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    deviation = min(START_DEVIATION, max(min_deviation, phi_new * SCALE))
    return Glicko(mu_new * SCALE + START_RATING, deviation, sigma_new)


def answer(player: Glicko, puzzle: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """A puzzle answered: the player wins when it is solved, the puzzle when it is not. Each
    is rated against the other as they stood before (one rating period each)."""
    score = 1.0 if solved else 0.0
    return (
        rate(player, [(puzzle, score)], min_deviation=MIN_DEVIATION),
        rate(puzzle, [(player, 1 - score)], min_deviation=MIN_DEVIATION),
    )
