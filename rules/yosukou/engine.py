"""The rules proper, on a mutable table: setup (§5), the draw (§6), the original rules (§7–§9)
and 略式 (§10).

The frozen game state copies itself into a :class:`Table` for one action and back; the Monte
Carlo simulator keeps one table for a whole game. Both therefore run exactly the same rule code.
Cards are their codes (``S07``, ``A13``); piles are lists, first placed first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from rules.cards.tarot import MINOR_CODES, MINORS
from rules.yosukou.settings import COURT_SCHEMES, INFINITY, YosukouSettings

# --- positions and piles -------------------------------------------------------------------

POSITIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
LOWER: tuple[int, ...] = (1, 2, 3)
UPPER: tuple[int, ...] = (4, 5, 6)

#: The nine piles in the canonical order of the traces.
PILES: tuple[str, ...] = (
    "swords_upper",
    "coins_lower",
    "coins_4",
    "coins_5",
    "coins_6",
    "cups_1",
    "cups_2",
    "cups_3",
    "discarded",
)
SW, CO, D4, D5, D6, H1, H2, H3, DIS = range(9)
PILE_INDEX: dict[str, int] = {name: i for i, name in enumerate(PILES)}
COIN_PILES: frozenset[int] = frozenset((CO, D4, D5, D6))
CUP_PILES: frozenset[int] = frozenset((H1, H2, H3))

FOOL: Final = "A00"
DEATH: Final = "A13"
TALON_END: Final = "END"  # placeholder for the end card in a deal fixed before the start


def fwd(p: int) -> int:
    """Forward 1→2→…→6→1."""
    return p % 6 + 1


def rev(p: int) -> int:
    """Reverse 6→5→…→1→6."""
    return (p - 2) % 6 + 1


def opp(p: int) -> int:
    """The opposite position: 1↔4, 2↔5, 3↔6."""
    return p + 3 if p <= 3 else p - 3


def is_upper(p: int) -> bool:
    return p >= 4


def home_pile(p: int) -> int:
    """The pile beside the major at ``p``: coins for 4–6, cups for 1–3."""
    return p - 2 if p >= 4 else p + 4


def goal_of(start: int) -> tuple[int, int]:
    """Winning positions (§8): 5 or 6 after an upper start, 2 or 5 after a lower one."""
    return (5, 6) if is_upper(start) else (2, 5)


def terminal_of(start: int) -> tuple[str, str]:
    """(end card shuffled into the talon, card put aside as X) for a start (§5.4)."""
    return (FOOL, DEATH) if is_upper(start) else (DEATH, FOOL)


# --- major arcana (§3) ---------------------------------------------------------------------

ATK, DEF, PAIN, JOY, CU_UP, CU_DOWN, WA_UP, WA_DOWN = range(8)
VALUE_KEYS: tuple[str, ...] = (
    "atk",
    "def",
    "pain",
    "joy",
    "cu_up",
    "cu_down",
    "wa_up",
    "wa_down",
)

#: Upright ×1 values: Sw 攻/守, Co 苦/喜, Cu 上流/下流, Wa 上流/下流.
MAJOR_TABLE: dict[int, tuple[int, ...]] = {
    0: (0, 5, 5, 5, 5, 5, 3, 5),
    1: (3, 3, 5, 7, 0, 3, 7, 5),
    2: (0, 5, 7, 3, 7, 5, 3, 3),
    3: (3, 3, 0, 3, 7, 5, 5, 7),
    4: (3, 3, 0, 3, 5, 7, 7, 5),
    5: (5, 0, 7, 3, 3, 3, 7, 5),
    6: (3, 3, 5, 3, 5, 7, 7, 0),
    7: (7, 7, 3, 3, 0, 3, 5, 5),
    8: (5, 5, 0, 3, 7, 7, 3, 3),
    9: (0, 7, 7, 3, 3, 3, 5, 5),
    10: (5, 5, 5, 5, 5, 5, 3, 0),
    11: (5, 5, 5, 5, 0, 3, 5, 5),
    12: (3, 5, 3, 7, 3, 5, 0, 7),
    13: (5, 0, 5, 5, 5, 3, 5, 5),
    14: (5, 5, 7, 3, 3, 7, 0, 3),
    15: (5, 3, 3, 7, 5, 0, 3, 7),
    16: (5, 7, 5, 3, 7, 0, 3, 3),
    17: (5, 3, 5, 7, 3, 3, 7, 0),
    18: (3, 7, 0, 7, 5, 5, 3, 3),
    19: (7, 3, 0, 7, 3, 3, 5, 5),
    20: (5, 0, 7, 3, 3, 5, 3, 7),
    21: (0, 5, 3, 7, 7, 3, 3, 5),
}


@lru_cache(maxsize=512)
def major_values(number: int, upright: bool, multiplier: int | float) -> tuple[int, ...]:
    """The eight effective values: each entry times the multiplier, rounded up, then each
    pair swapped if reversed (the order of the two steps does not matter)."""
    m = Fraction(str(multiplier))
    scaled = [math.ceil(x * m) for x in MAJOR_TABLE[number]]
    if not upright:
        for i in range(0, 8, 2):
            scaled[i], scaled[i + 1] = scaled[i + 1], scaled[i]
    return tuple(scaled)


@dataclass(frozen=True, slots=True)
class BoardMajor:
    """A major on the board and its facing."""

    number: int
    upright: bool

    @property
    def code(self) -> str:
        return f"A{self.number:02d}"

    def dump(self) -> dict[str, Any]:
        return {"card": self.code, "upright": self.upright}

    @classmethod
    def load(cls, raw: Any) -> BoardMajor:
        code = raw["card"]
        if not (isinstance(code, str) and len(code) == 3 and code[0] == "A"):
            raise ValueError(f"not a major: {code!r}")
        upright = raw["upright"]
        if not isinstance(upright, bool):
            raise ValueError("upright must be a boolean")
        return cls(int(code[1:]), upright)


#: Majors that may be dealt: all but (0) and (13).
DEALABLE: tuple[int, ...] = tuple(n for n in range(22) if n not in (0, 13))


# --- setup: the (8)/(11) swap and the solid method's restriction (§5) ----------------------


@dataclass(frozen=True, slots=True)
class Restriction:
    """A solid-method spin that forces the start trigram."""

    side: str  # "field" (坤: upper start, X = (13)) or "force" (乾: lower start, X = (0))
    degree: str  # "whirl" (旋) or "eclipse" (重)

    @property
    def start(self) -> str:
        return "upper" if self.side == "field" else "lower"

    @property
    def purpose(self) -> str:
        return DEATH if self.side == "field" else FOOL

    @property
    def positions(self) -> tuple[int, ...]:
        return UPPER if self.side == "field" else LOWER

    def dump(self) -> dict[str, str]:
        return {"purpose": self.purpose, "degree": self.degree, "start": self.start}

    @classmethod
    def load(cls, raw: Any) -> Restriction:
        side = {"upper": "field", "lower": "force"}[raw["start"]]
        degree = raw["degree"]
        if degree not in ("whirl", "eclipse"):
            raise ValueError("bad degree")
        out = cls(side, degree)
        if raw.get("purpose", out.purpose) != out.purpose:
            raise ValueError("purpose does not match the start")
        return out


def _swapped(card: BoardMajor) -> BoardMajor:
    # The position keeps its facing: a reversed (8) becomes a reversed (11).
    return BoardMajor(11 if card.number == 8 else 8, card.upright)


def swap_8_11(
    dealt: Sequence[BoardMajor], method: str
) -> tuple[tuple[BoardMajor, ...], Restriction | None]:
    """The board after the (8)/(11) swap by ``method``, and the solid method's restriction."""
    bits = sum(1 for c in dealt if c.number % 2 == 1)
    simul = sum(1 for c in dealt if c.number in (8, 11))
    if method == "memorial":
        board = tuple(_swapped(c) if c.number in (8, 11) else c for c in dealt)
        return board, None
    if method == "expansive":
        out: list[BoardMajor] = []
        for c in dealt:
            if c.number == 8:
                swap = bits > 3 or simul == 2 or (bits == 3 and c.upright)
            elif c.number == 11:
                swap = bits < 3 or simul == 2 or (bits == 3 and c.upright)
            else:
                swap = False
            out.append(_swapped(c) if swap else c)
        return tuple(out), None
    if method != "solid":
        raise ValueError(f"unknown swap method {method!r}")
    swap_all = 2 <= bits <= 4
    board = tuple(_swapped(c) if swap_all and c.number in (8, 11) else c for c in dealt)
    odd = [c for c in board if c.number % 2 == 1]
    even = [c for c in board if c.number % 2 == 0]
    restriction = None
    # Spins are read whenever the board has exactly three odd cards after the swap.
    if len(odd) == 3:
        if all(not c.upright for c in board):
            restriction = Restriction("field", "whirl")
        elif all(c.upright for c in board):
            restriction = Restriction("force", "whirl")
        elif all(not c.upright for c in odd) and all(c.upright for c in even):
            restriction = Restriction("field", "eclipse")
        elif all(c.upright for c in odd) and all(not c.upright for c in even):
            restriction = Restriction("force", "eclipse")
    return board, restriction


# --- randomness ----------------------------------------------------------------------------

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


def shuffle_in_place(items: list[Any], state: int) -> int:
    """Fisher–Yates with SplitMix64, exactly as :meth:`rules.core.Rng.shuffled`, on a list in
    place; returns the generator's next state. Inlined because the simulator lives on it."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + _GAMMA) & _MASK
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state


# --- compiled settings ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Config:
    """Settings in the form the rules read them."""

    simplified: bool
    terminals: int
    multiplier: int | float
    values: dict[str, int]
    war: bool
    war_limit: int | None  # None: unlimited
    cross_border: str
    co_limit: int | None  # None: unlimited
    greater_equal: bool


def card_values(court: str) -> dict[str, int]:
    """Value of every minor under a court scheme (§2): by rank only, never by suit."""
    courts = COURT_SCHEMES[court]
    return {card.code: card.rank if card.rank <= 10 else courts[card.rank - 11] for card in MINORS}


@lru_cache(maxsize=64)
def compile_settings(settings: YosukouSettings) -> Config:
    def limit(value: int | str) -> int | None:
        return None if value == INFINITY else int(value)

    return Config(
        simplified=settings.simplified,
        terminals=settings.rule_terminals,
        multiplier=settings.rule_major_influence,
        values=card_values(settings.rule_court_card),
        war=settings.war_on,
        war_limit=limit(settings.rule_replacement),
        cross_border=settings.rule_cross_border,
        co_limit=limit(settings.rule_replacement_coins_lower),
        greater_equal=settings.rule_determinant == "greater_equal",
    )


def board_values(board: Sequence[BoardMajor], multiplier: int | float) -> list[tuple[int, ...]]:
    """Effective values indexed by position (index 0 unused)."""
    return [(), *(major_values(c.number, c.upright, multiplier) for c in board)]


# --- the table -----------------------------------------------------------------------------


class ReshuffleMismatch(ValueError):
    """An injected reshuffled talon is not a permutation of the cards being reshuffled."""


class Step:
    """What one draw did. ``calc`` and ``moves`` are filled only when asked to explain."""

    __slots__ = ("calc", "card", "moves", "result", "token", "token_before")

    def __init__(self, card: str, token_before: int) -> None:
        self.card = card
        self.token_before = token_before
        self.token = token_before
        self.result = "stay"
        self.calc: dict[str, Any] | None = None
        self.moves: list[list[str]] | None = None


class Table:
    """One game in progress, mutable. ``stack`` is the talon with its **top at the end**."""

    __slots__ = (
        "cfg",
        "drawn_terminals",
        "holding",
        "over",
        "pending",
        "piles",
        "planned",
        "rng",
        "stack",
        "start",
        "terminal",
        "token",
        "vals",
        "war",
        "war_end",
        "war_to_co",
        "war_total",
    )

    def __init__(
        self,
        cfg: Config,
        vals: list[tuple[int, ...]],
        *,
        start: int,
        token: int,
        stack: list[str],
        piles: list[list[str]] | None = None,
        terminal: str,
        drawn_terminals: int = 0,
        rng: int = 0,
        planned: list[list[str]] | None = None,
    ) -> None:
        self.cfg = cfg
        self.vals = vals
        self.start = start
        self.token = token
        self.stack = stack
        self.piles: list[list[str]] = piles if piles is not None else [[] for _ in PILES]
        self.terminal = terminal
        self.drawn_terminals = drawn_terminals
        self.rng = rng
        self.planned: list[list[str]] = planned if planned is not None else []
        self.pending: str | None = None  # the lower sword awaiting MOVE/STAY
        self.war = False  # 戦乱置換 phase running
        self.war_total = 0
        self.war_to_co = 0
        self.holding: tuple[int, str] | None = None  # (source pile, card) picked in 戦乱置換
        self.war_end: str | None = None  # why the last 戦乱置換 phase ended
        self.over = False

    # --- small helpers ---------------------------------------------------------------------

    def first_max(self, pile: list[str]) -> int:
        """Index of the highest card, the earliest on a tie; -1 if empty (§2)."""
        values = self.cfg.values
        best, best_value = -1, -1
        for i, card in enumerate(pile):
            v = values[card]
            if v > best_value:
                best, best_value = i, v
        return best

    def total(self, pile: list[str]) -> int:
        values = self.cfg.values
        return sum(values[c] for c in pile)

    @property
    def won(self) -> bool:
        return self.token in goal_of(self.start)

    # --- the draw (§6) ---------------------------------------------------------------------

    def draw(self, explain: bool = False) -> Step:
        """Draw the top card and apply it. Ends a running 戦乱置換 phase first."""
        if self.war:
            self.end_war("player_drew")
        card = self.stack.pop()
        step = Step(card, self.token)
        if explain:
            step.moves = []
        if card == self.terminal:
            self._terminal(step)
        elif self.cfg.simplified:
            self._simplified(step, explain)
        else:
            self._original(step, explain)
        step.token = self.token
        return step

    def _terminal(self, step: Step) -> None:
        self.drawn_terminals += 1
        if self.drawn_terminals < self.cfg.terminals:
            discard = self.piles[DIS]
            pool = [*reversed(self.stack), step.card, *discard]
            if self.planned:
                order = self.planned.pop(0)
                if sorted(order) != sorted(pool):
                    raise ReshuffleMismatch("the reshuffled talon is not a permutation")
                pool = list(order)
            else:
                self.rng = shuffle_in_place(pool, self.rng)
            pool.reverse()
            self.stack = pool
            discard.clear()
            step.result = "terminal_reshuffle"
        else:
            self.over = True
            step.result = "terminal_end"

    def _put(self, step: Step, card: str, source: str, pile: int) -> None:
        self.piles[pile].append(card)
        if step.moves is not None:
            step.moves.append([card, source, PILES[pile]])

    def _take(self, step: Step, pile: int, index: int, dest: int) -> str:
        card = self.piles[pile].pop(index)
        self._put(step, card, PILES[pile], dest)
        return card

    # --- the original rules (§7) -----------------------------------------------------------

    def _original(self, step: Step, explain: bool) -> None:
        card = step.card
        suit = card[0]
        s = self.cfg.values[card]
        p = self.token
        A = self.vals
        piles = self.piles
        calc: dict[str, Any] | None = None
        if p >= 4:
            coins = piles[p - 2]
            if suit == "S":
                target = p - 1
                mi = self.first_max(coins)
                mv = self.cfg.values[coins[mi]] if mi >= 0 else 0
                lhs = mv + A[target][DEF]
                rhs = s + A[target][PAIN]
                moves = lhs > rhs
                if explain:
                    calc = _calc(
                        target,
                        lhs,
                        rhs,
                        ">",
                        moves,
                        [
                            _t("max_coins", mv, p, coins[mi] if mi >= 0 else None),
                            _t("def", A[target][DEF], target),
                        ],
                        [_t("card", s, None, card), _t("pain", A[target][PAIN], target)],
                    )
                if moves:
                    self._put(step, card, "talon", SW)
                    self.token = target
                else:
                    self._put(step, card, "talon", DIS)
                    if mi >= 0:
                        self._take(step, p - 2, mi, p - 1 if p < 6 else CO)
            elif suit == "D":
                self._put(step, card, "talon", p - 2)
            elif suit == "H":
                target = fwd(p)
                lhs = s + A[p][CU_UP]
                rhs = A[target][WA_UP]
                moves = lhs > rhs
                if explain:
                    calc = _calc(
                        target,
                        lhs,
                        rhs,
                        ">",
                        moves,
                        [_t("card", s, None, card), _t("cu_up", A[p][CU_UP], p)],
                        [_t("wa_up", A[target][WA_UP], target)],
                    )
                self._put(step, card, "talon", home_pile(opp(p)))
                if moves:
                    self.token = target
            else:  # wand
                target = p - 3
                cups = piles[home_pile(target)]
                ci = self.first_max(cups)
                cv = self.cfg.values[cups[ci]] if ci >= 0 else 0
                lhs = s + A[p][WA_UP] + cv + A[target][CU_DOWN]
                coin_sum = self.total(coins)
                rhs = coin_sum + A[p][JOY]
                moves = ci >= 0 and lhs > rhs
                if explain:
                    calc = _calc(
                        target,
                        lhs,
                        rhs,
                        ">",
                        moves,
                        [
                            _t("card", s, None, card),
                            _t("wa_up", A[p][WA_UP], p),
                            _t("max_cups", cv, target, cups[ci] if ci >= 0 else None),
                            _t("cu_down", A[target][CU_DOWN], target),
                        ],
                        [_t("sum_coins", coin_sum, p), _t("joy", A[p][JOY], p)],
                    )
                    calc["needs_cup"] = True
                    calc["has_cup"] = ci >= 0
                self._put(step, card, "talon", DIS)
                if moves:
                    self._take(step, home_pile(target), ci, DIS)
                    self.token = target
                else:
                    mi = self.first_max(coins)
                    if mi >= 0:
                        self._take(step, p - 2, mi, CO)
        else:
            cups = piles[p + 4]
            if suit == "D":
                target = p + 1
                lhs = s + A[p][PAIN]
                rhs = A[target][JOY]
                moves = lhs > rhs
                if explain:
                    calc = _calc(
                        target,
                        lhs,
                        rhs,
                        ">",
                        moves,
                        [_t("card", s, None, card), _t("pain", A[p][PAIN], p)],
                        [_t("joy", A[target][JOY], target)],
                    )
                if moves:
                    self._put(step, card, "talon", home_pile(opp(p)))
                    self.token = target
                else:
                    self._put(step, card, "talon", CO)
            elif suit == "C":
                target = rev(p)
                base = s + A[p][WA_DOWN]
                floor = A[target][CU_DOWN]
                values = self.cfg.values
                chosen, chosen_value = -1, 0
                lowest, lowest_value = -1, 0
                for i, cup in enumerate(cups):
                    v = values[cup]
                    if lowest < 0 or v < lowest_value:
                        lowest, lowest_value = i, v
                    # The qualifying cup of lowest value, the earliest on a tie.
                    if base > v + floor and (chosen < 0 or v < chosen_value):
                        chosen, chosen_value = i, v
                moves = chosen >= 0
                if explain:
                    shown = chosen if moves else lowest
                    rhs_terms = [_t("cu_down", floor, target)]
                    if shown >= 0:
                        rhs_terms.insert(0, _t("cup", values[cups[shown]], p, cups[shown]))
                    rhs = floor + (values[cups[shown]] if shown >= 0 else 0)
                    calc = _calc(
                        target,
                        base,
                        rhs,
                        ">",
                        moves,
                        [_t("card", s, None, card), _t("wa_down", A[p][WA_DOWN], p)],
                        rhs_terms,
                    )
                    calc["rhs_without_cup"] = floor
                    calc["chosen_cup"] = cups[chosen] if moves else None
                    calc["needs_cup"] = True
                    calc["has_cup"] = bool(cups)
                self._put(step, card, "talon", DIS)
                if moves:
                    self._take(step, p + 4, chosen, DIS)
                    self.token = target
            elif suit == "S":
                target = p + 3
                co = piles[CO]
                sw = piles[SW]
                up_coins = piles[target - 2]
                co_sum = self.total(co)
                sw_sum = self.total(sw)
                up_sum = self.total(up_coins)
                lhs = s + A[p][ATK] + co_sum
                rhs = A[target][DEF] + sw_sum + up_sum
                may_move = lhs > rhs
                if explain:
                    calc = _calc(
                        target,
                        lhs,
                        rhs,
                        ">",
                        may_move,
                        [
                            _t("card", s, None, card),
                            _t("atk", A[p][ATK], p),
                            _t("sum_co", co_sum),
                        ],
                        [
                            _t("def", A[target][DEF], target),
                            _t("sum_sw", sw_sum),
                            _t("sum_coins", up_sum, target),
                        ],
                    )
                if may_move:
                    self.pending = card  # the player chooses MOVE or STAY (§7.3)
                    step.result = "choose"
                else:
                    self._put(step, card, "talon", DIS)
                    ci = self.first_max(cups)
                    if ci >= 0:
                        self._take(step, p + 4, ci, DIS)
            else:  # cup
                self._put(step, card, "talon", p + 4)
        if step.result != "choose":
            step.result = "move" if self.token != p else "stay"
        step.calc = calc

    # --- 略式 (§10) ------------------------------------------------------------------------

    def f_minor(self, q: int) -> tuple[int, int]:
        """(F Minor value, index in q's F-pile or -1 when F Major stands in)."""
        pile = self.piles[home_pile(q)]
        i = self.first_max(pile)
        if i < 0:
            return self.vals[q][PAIN], -1
        return self.cfg.values[pile[i]], i

    def _simplified(self, step: Step, explain: bool) -> None:
        card = step.card
        suit = card[0]
        p = self.token
        calc: dict[str, Any] | None = None
        if suit in ("S", "C"):
            if p >= 4:
                target = p - 1 if suit == "S" else p - 3
            else:
                target = p + 3 if suit == "S" else rev(p)
            calc = self._judge(step, p, target, lower_sword=suit == "S" and p <= 3, explain=explain)
        elif suit == "D":
            if p >= 4:
                self._put(step, card, "talon", p - 2)
            else:
                self._put(step, card, "talon", home_pile(p + 3))
                self.token = p + 1
                calc = {"to": p + 1} if explain else None
        elif p >= 4:
            self._put(step, card, "talon", home_pile(p - 3))
            self.token = fwd(p)
            calc = {"to": fwd(p)} if explain else None
        else:
            self._put(step, card, "talon", p + 4)
        if step.result != "choose":
            step.result = "move" if self.token != p else "stay"
        step.calc = calc

    def _judge(
        self, step: Step, p: int, target: int, *, lower_sword: bool, explain: bool
    ) -> dict[str, Any] | None:
        card = step.card
        s = self.cfg.values[card]
        f_from, i_from = self.f_minor(p)
        f_to, i_to = self.f_minor(target)
        m_to = self.vals[target][ATK]
        lhs = s + f_from
        rhs = m_to + f_to
        wins = lhs >= rhs if self.cfg.greater_equal else lhs > rhs
        calc: dict[str, Any] | None = None
        if explain:
            from_pile = self.piles[home_pile(p)]
            to_pile = self.piles[home_pile(target)]
            calc = _calc(
                target,
                lhs,
                rhs,
                ">=" if self.cfg.greater_equal else ">",
                wins,
                [
                    _t("card", s, None, card),
                    _f_term(p, f_from, from_pile[i_from] if i_from >= 0 else None),
                ],
                [
                    _t("m_major", m_to, target),
                    _f_term(target, f_to, to_pile[i_to] if i_to >= 0 else None),
                ],
            )
            calc["f_minor_from"] = f_from
            calc["f_minor_to"] = f_to
            calc["m_major_to"] = m_to
        if not wins:
            # To wins: the drawn card, then To's F Minor card (if a card stood for it).
            self._put(step, card, "talon", DIS)
            if i_to >= 0:
                self._take(step, home_pile(target), i_to, DIS)
        elif lower_sword:
            self.pending = card
            step.result = "choose"
        else:
            self._put(step, card, "talon", DIS)
            if i_from >= 0:
                self._take(step, home_pile(p), i_from, DIS)
            self.token = target
        return calc

    # --- the lower-sword choice (§7.3, §10) ------------------------------------------------

    def choose(self, move: bool, explain: bool = False) -> Step:
        card = self.pending
        assert card is not None
        self.pending = None
        p = self.token
        step = Step(card, p)
        if explain:
            step.moves = []
        piles = self.piles
        if self.cfg.simplified:
            self._put(step, card, "hand", DIS)
            if move:
                _, i_from = self.f_minor(p)
                if i_from >= 0:
                    self._take(step, home_pile(p), i_from, DIS)
                self.token = p + 3
        elif move:
            # Sw then Co go to the discard pile, each in its own order.
            for pile in (SW, CO):
                while piles[pile]:
                    self._take(step, pile, 0, DIS)
            self._put(step, card, "hand", SW)
            self.token = p + 3
            if self.cfg.war:
                self.war = True
                self.war_total = 0
                self.war_to_co = 0
                self.war_end = None
                if not self.war_sources():
                    self.end_war("no_source")
        else:
            cups = p + 4
            while piles[cups]:
                self._take(step, cups, 0, DIS)
            self._put(step, card, "hand", DIS)
        step.result = "move" if move else "stay"
        step.token = self.token
        return step

    # --- 戦乱置換 (§9) ---------------------------------------------------------------------

    def war_sources(self) -> list[int]:
        """Non-empty source piles in canonical order; Sw only under cross-border ``all``."""
        first = SW if self.cfg.cross_border == "all" else CO
        return [i for i in range(first, DIS) if self.piles[i]]

    def war_destinations(self, source: int) -> list[int]:
        cfg = self.cfg
        if cfg.cross_border == "all":
            allowed = list(range(len(PILES)))
        elif cfg.cross_border == "cups_and_coins":
            allowed = [CO, D4, D5, D6, H1, H2, H3]
        elif source in COIN_PILES:
            allowed = [CO, D4, D5, D6]
        else:
            allowed = [H1, H2, H3]
        if cfg.co_limit is not None and self.war_to_co >= cfg.co_limit:
            allowed = [d for d in allowed if d != CO]
        return allowed

    def war_take(self, source: int, card: str) -> None:
        self.holding = (source, card)

    def war_place(self, dest: int) -> bool:
        """Put the held card at the end of ``dest``; True if it counted."""
        assert self.holding is not None
        source, card = self.holding
        self.holding = None
        self.piles[source].remove(card)
        self.piles[dest].append(card)
        counted = dest != source
        if counted:
            self.war_total += 1
            if dest == CO:
                self.war_to_co += 1
        limit = self.cfg.war_limit
        if limit is not None and self.war_total >= limit:
            self.end_war("limit_reached")
        elif not self.war_sources():
            self.end_war("no_source")
        return counted

    def war_cancel(self) -> None:
        """Cancel at the destination stage: the card goes to the end of its own pile."""
        assert self.holding is not None
        source, card = self.holding
        self.holding = None
        self.piles[source].remove(card)
        self.piles[source].append(card)

    def end_war(self, reason: str) -> None:
        self.war = False
        self.holding = None
        self.war_end = reason


def _t(key: str, value: int, pos: int | None = None, card: str | None = None) -> dict[str, Any]:
    """One term of a comparison: what it is, its value, where it lies, which card it is."""
    term: dict[str, Any] = {"k": key, "v": value}
    if pos is not None:
        term["p"] = pos
    if card is not None:
        term["c"] = card
    return term


def _f_term(pos: int, value: int, card: str | None) -> dict[str, Any]:
    # F Minor is a card when the F-pile has one; otherwise the major's F value stands in.
    return _t("f_minor", value, pos, card) if card is not None else _t("f_major", value, pos)


def _calc(
    target: int,
    lhs: int,
    rhs: int,
    op: str,
    holds: bool,
    lhs_terms: list[dict[str, Any]],
    rhs_terms: list[dict[str, Any]],
) -> dict[str, Any]:
    """The comparison that decided a step, with its live numbers: ``holds`` is whether
    ``lhs op rhs`` is true, i.e. whether the token may move to ``target``."""
    return {
        "to": target,
        "lhs": lhs,
        "rhs": rhs,
        "op": op,
        "holds": holds,
        "lhs_terms": lhs_terms,
        "rhs_terms": rhs_terms,
    }


def new_talon(terminal: str, rng: int) -> tuple[list[str], int]:
    """The 56 minors and the end card, shuffled; top first."""
    talon = [*MINOR_CODES, terminal]
    rng = shuffle_in_place(talon, rng)
    return talon, rng
