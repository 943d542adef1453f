"""武士将棋's bot levels: the perfect player, made to blunder now and then.

A level plays one of the solver's best actions, except that with its blunder chance it picks an
action that loses value (a slower win, a draw thrown away, a faster loss) where there is one.
The chance depends on the cube's reading. On the alternate reading a losing move is on offer
almost every turn, and 60 / 30 / 10 % space the levels widely (each scores 80–90 % against the
one below, ``bench.ladder``). On the seed reading one is on offer in a few turns a game and
every slip is a mate in one given or missed, so the same chances left the steps at 67–72 %:
there the beginner never sees a mate in one (for it or against it: it blunders whenever it
can), the novice misses 40 %, the strong level 13 % (chosen on seeds apart from the ladder's).
Among equally good actions in a drawn position every level prefers the one that leaves the
opponent the most ways to go wrong: perfect play never loses value, but against a person who
can slip it is the stronger choice (in self-play it lifts perfect play's score against a
10 % blunderer from 56 % to 78 %). Everything random comes from the ``rng`` handed in, so a
level's choice is a function of the position and that generator. The game hides nothing: a
level sees what both players see.

Every level keeps the dead-draw rule (``rules.bushi.dead_draw``) the same way: it offers the
draw once, on its first turn where it may claim one, and claims it itself only after twenty more
moves each of dead draw — so a person may play on for the bot's mistakes, and every game ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bushi.cube import CubeReading
from rules.bushi.dead_draw import BOT_CLAIMS_AFTER, DEAD_DRAW_RUN
from rules.bushi.game import LEVEL_KEYS, BushiAction, BushiRules, BushiState, Claim
from rules.bushi.solve import CubeAction, Result, Value, solution
from rules.core.outcome import Seat
from rules.core.protocol import OfferDraw
from rules.core.rng import Rng

#: Blunder chances are in thousandths: the generator draws whole numbers.
PER_MILLE = 1000
_RULES = BushiRules()
DRAWN = Value.draw().rank


@dataclass(frozen=True, slots=True)
class BushiLevel:
    """One strength: ``blunder`` thousandths of its actions lose value on purpose where one
    can (``seed_blunder`` on the seed reading of the cube)."""

    key: str
    blunder: int
    seed_blunder: int

    def blunder_for(self, cube: CubeReading) -> int:
        return self.seed_blunder if cube is CubeReading.SEED else self.blunder

    def choose(self, state: BushiState, rng: Rng) -> tuple[BushiAction | OfferDraw, Rng]:
        """An action for the seat to act, and the generator after it: a drop or a move, or —
        in a dead draw — the offer of a draw or the claim of one."""
        if state.may_claim_draw:
            if state.drawn_run >= BOT_CLAIMS_AFTER:
                return Claim(), rng
            # The first of the bot's turns with the claim open (the run grows a ply at a
            # time, so it is at most one ply past the threshold), and no offer on the table.
            if state.drawn_run <= DEAD_DRAW_RUN + 1 and state.draw_offer is None:
                return OfferDraw(), rng
        roll, rng = rng.below(PER_MILLE)
        scored = solution(state.cube).move_values(state)
        top = max(v.rank for _, v in scored)
        worse = [a for a, v in scored if v.rank != top]
        if roll < self.blunder_for(state.cube) and worse:
            return rng.choice(worse)
        best = [a for a, v in scored if v.rank == top]
        if len(best) > 1 and top == DRAWN:
            best = _most_tempting(state, best)
        return rng.choice(best)

    def player(
        self, rules: object, state: BushiState, seat: Seat, rng: Rng
    ) -> tuple[BushiAction | OfferDraw, Rng]:
        """:meth:`choose` in the shape of the service layer's bot players."""
        if seat != state.to_move:
            raise ValueError(f"seat {seat} is not to act")
        return self.choose(state, rng)


def _slip_share(state: BushiState, action: CubeAction) -> float:
    """The share of the opponent's answers to ``action`` that lose."""
    after = _RULES.apply(state, state.to_move, action).state
    if after.outcome is not None:
        return 1.0
    answers = solution(after.cube).move_values(after)
    return sum(1 for _, v in answers if v.result is Result.LOSS) / len(answers)


def _most_tempting(state: BushiState, drawing: list[CubeAction]) -> list[CubeAction]:
    """The drawing actions that leave the opponent the largest share of losing answers."""
    shares = [(_slip_share(state, a), a) for a in drawing]
    most = max(share for share, _ in shares)
    return [a for share, a in shares if share == most]


#: Weakest first; the last is perfect play, today's bot and the default.
LEVELS: tuple[BushiLevel, ...] = (
    BushiLevel("beginner", 600, 1000),
    BushiLevel("novice", 300, 400),
    BushiLevel("strong", 100, 130),
    BushiLevel("perfect", 0, 0),
)
DEFAULT_LEVEL = "perfect"
assert tuple(level.key for level in LEVELS) == LEVEL_KEYS


def level(key: str) -> BushiLevel:
    return next(lv for lv in LEVELS if lv.key == key)
