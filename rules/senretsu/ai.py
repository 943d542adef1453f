"""An opponent for 戦列札 that sees only its own view.

``choose_action(view, rules, rng, budget)`` returns one legal action for the view's seat and the
next generator. It never touches the full state: hidden cards (its own deck order, the other's
hand and deck) are *sampled* from what the view allows (:func:`determinize`), and its actions
come from the legal actions of such a sampled state, which agree with the real ones because
legality depends only on what the mover sees.

How it plays, phase by phase:

- **janken**: a uniformly random pick.
- **first draw** (second player, 3–6): :data:`FIRST_DRAW_CHOICE`, chosen by self-play.
- **casualties**: the loss that leaves its lines the most threatening.
- **place**: one card at a time (so the bot can show each step); it never takes a card back, so
  a placement phase always ends. A *fast model* scores ending the phase and every placement
  (and, for each placement, the best second card to follow it): it plays the opponent's next
  attack on the new lines (fully known: their field is public), then our following attack
  against their lines behind 0–2 new front lines (their likely answer), and counts the endgame
  exactly (whose deck runs out first). What it counts, and how much, is :class:`Weights`: the
  hand-set :data:`HAND_SET`, or :data:`TUNED` by self-play. The best few candidates then go to
  a determinized Monte Carlo check: for sampled hidden hands and decks, each candidate is
  played on with both sides using the fast model (the opponent with its sampled hand) until our
  next place phase, and the averages decide. :class:`Budget` sets the samples and a time cap; decisions are reproducible
  from ``rng`` when the cap is not reached.
  With :attr:`Budget.plan_width` the ranking looks at whole turns instead of pairs: a beam of
  part-placed turns is grown a card at a time to the end of the hand (:func:`_planned`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards.playing import colour_deck
from rules.core.outcome import Seat
from rules.core.protocol import GameRules
from rules.core.rng import Rng
from rules.senretsu.actions import (
    Action,
    Casualty,
    DrawCount,
    EndPlacement,
    Janken,
    Place,
)
from rules.senretsu.state import (
    DRAW_COUNT,
    JANKEN_HANDS,
    JankenHand,
    SenretsuState,
    Side,
    Staging,
)
from rules.senretsu.view import SenretsuView

#: Any rules of 戦列札 (the AI needs only the protocol: legal actions, apply, to act).
Rules = GameRules[SenretsuState, Action, SenretsuView]

#: The second player's first draw (3–6). Drawing 6 gives cards early but runs the deck out a
#: turn sooner; in self-play of the fast model over 120 deals the second player won 74% of the
#: games drawing 6 and 22% drawing 3.
FIRST_DRAW_CHOICE = 6


@dataclass(frozen=True, slots=True)
class Weights:
    """What the fast model counts, and how much: a placement's score adds these up."""

    #: An expected hit on the opponent's deck next turn.
    out: float = 1.0
    #: A hit on our deck in the opponent's next attack (certain, so a little more).
    into: float = 1.1
    #: A hit on our deck in the opponent's attack after that.
    into_later: float = 0.45
    #: An opponent field card killed.
    kill: float = 0.12
    #: One of our field cards killed.
    loss: float = 0.12
    #: A card kept in hand: hidden and still free to go anywhere.
    hand: float = 0.2
    #: How likely the opponent, holding two cards or more, answers with 0, 1 or 2 new front
    #: lines before our next attack.
    shifts: tuple[float, float, float] = (0.45, 0.35, 0.2)
    #: The range of the stand-in card of each such new front line (0: it never attacks).
    stand_in: int = 0


#: Today's weights (set by hand): the ``greedy`` and ``search`` levels count with these.
HAND_SET = Weights()
#: Tuned by self-play of the fast model against itself with :data:`HAND_SET` (200 games a
#: setting, seats swapped per deal, deals apart from the ladder's): field cards are worth far
#: more than the hand-set model thought — a card killed is a card that will not hit a deck for
#: turns to come — and a card held back is worth nothing by itself (kills 0.12 → 0.8 scored
#: about 75 % against it, and no hand bonus about 80 %).
TUNED = Weights(kill=0.8, loss=0.8, hand=0.0)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking one decision may take."""

    #: Determinizations sampled for the Monte Carlo check of the best candidates.
    samples: int = 8
    #: Candidates (after the heuristic ranking) checked by Monte Carlo.
    candidates: int = 3
    #: A time cap in seconds: no playout step starts that might end past it; samples finished
    #: by then decide (the fast model alone if none). Set it high for reproducible decisions.
    seconds: float = 0.3
    #: Whether the fast model also looks at pairs of placements.
    pairs: bool = True
    #: Whether the playouts' own choices look at pairs too (slower, stronger).
    playout_pairs: bool = True
    #: Fewer samples finished by the cap than this and the fast model alone decides: one or
    #: two playouts are noise, and trusting them plays worse than the model.
    min_samples: int = 1
    #: What the fast model counts (in the ranking and in the playouts).
    weights: Weights = HAND_SET
    #: Whether each candidate's rest of the turn is planned once, from the view, and replayed
    #: in every sample (our own choices depend only on what we see, so they are the same in
    #: every deal): the samples' time then goes to the opponent's answer alone.
    plan_once: bool = False
    #: With more than 0, the ranking looks past pairs: a beam of this many part-placed turns is
    #: grown a card at a time to the end of the hand, and each first card is credited with the
    #: best whole turn that starts with it.
    plan_width: int = 0
    #: Samples beyond :attr:`samples` taken while the best two candidates' averages are within
    #: :attr:`close` of each other (and the time cap allows): a close call gets more of the cap.
    more_samples: int = 0
    close: float = 0.0
    #: How much the playouts' leaf counts the decks in draws of three rather than in cards
    #: (:func:`deck_value`; 0: in cards).
    leaf_draws: float = 0.0


DEFAULT_BUDGET = Budget()
#: The share of the time cap kept for what follows the last step (choosing among the samples,
#: handing the answer back) and for a step slower than any before it.
RESERVE = 0.05
#: The fast model alone: no sampling.
HEURISTIC_ONLY = Budget(samples=0, candidates=1)

# --- a fast model of the field ---------------------------------------------------------------
#: One side as lists of ranges front to back; ``None`` is the deck line.
SimSide = list[list[int] | None]

WIN = 1000.0
GAP = 1.0


def sim_side(side: Side) -> SimSide:
    return [None if line is None else [fc.range for fc in line] for line in side.lines()]


def sim_attack(att: SimSide, target: SimSide) -> tuple[int, int, SimSide]:
    """Deck hits, cards killed, and the defender's lines after one attack phase.

    Casualties of lines that survive are taken highest range first (the default choice).
    """
    return _attack(_by_range(att), _by_range(target))


def _by_range(side: SimSide) -> SimSide:
    return [None if line is None else sorted(line) for line in side]


def _attack(
    att: Sequence[Sequence[int] | None], target: Sequence[Sequence[int] | None]
) -> tuple[int, int, SimSide]:
    """:func:`sim_attack` for lines already sorted by range (the memo's keys are), without
    sorting them again: the searching levels call it hundreds of thousands of times."""
    lines: SimSide = [None if line is None else list(line) for line in target]
    hits = [0] * len(lines)
    deck_hits = kills = 0
    for i in range(len(att) - 1, -1, -1):
        line = att[i]
        if line is None:
            continue
        for r in reversed(line):
            j = r - i - 1
            if j < 0:
                break  # the rest of the line has less range still
            if j >= len(lines):
                continue
            cards = lines[j]
            if cards is None:
                deck_hits += 1
                continue
            hits[j] += 1
            if hits[j] == len(cards):
                kills += len(cards)
                del lines[j], hits[j]
    for j, cards in enumerate(lines):
        if cards is not None and hits[j]:
            del cards[len(cards) - hits[j] :]
            kills += hits[j]
    return deck_hits, kills, lines


def deck_value(d: int, draws: float) -> float:
    """A deck of ``d`` cards counted ``draws`` parts in draws of three (``d`` itself at 0).

    A deck of ``d`` survives ``(d - 1) // 3`` more draws, so a hit taking 7 to 6 costs a draw
    and one taking 6 to 5 none: wholly in draws (1) a deck is worth ``d - (d - 1) % 3`` cards,
    the hit from 7 to 6 three of them and the next two nothing."""
    return d - draws * ((d - 1) % 3) if d > 0 else float(d)


def _shifts(hand_size: int) -> tuple[tuple[int, float], ...]:
    """How many new front lines the opponent may add before our next attack, with weights."""
    if hand_size == 0:
        return ((0, 1.0),)
    if hand_size == 1:
        return ((0, 0.6), (1, 0.4))
    return ((0, 0.45), (1, 0.35), (2, 0.2))


def _shifted(side: SimSide, shift: int) -> SimSide:
    """``side`` behind ``shift`` new front lines of one range-0 stand-in (it never attacks)."""
    stand_ins: SimSide = [[0] for _ in range(shift)]
    return stand_ins + side


@dataclass(frozen=True, slots=True)
class Exchange:
    """What the fast model knows when the placing player ends their phase."""

    my_deck: int
    op_deck: int
    op_side: SimSide
    op_hand: int
    #: What the score depends on besides our lines (see :func:`score_exchange`'s memo).
    key: tuple[object, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        side = tuple(None if line is None else tuple(sorted(line)) for line in self.op_side)
        key = (self.my_deck, self.op_deck, side, min(self.op_hand, 2))
        object.__setattr__(self, "key", key)


#: Scores already counted, without the hand term: the searching levels' playouts score the
#: same lines again and again (a pair placed in either order, one step's pairs the next step's
#: singles, one exchange in every sample). Cleared when it grows past :data:`MEMO_SIZE`.
_MEMO: dict[tuple[object, ...], tuple[float, bool]] = {}
MEMO_SIZE = 200_000


def score_exchange(
    ex: Exchange, mine: SimSide, hand_left: int, weights: Weights = HAND_SET
) -> float:
    """How good it is to end the place phase with lines ``mine`` (higher is better)."""
    lines = tuple(None if line is None else tuple(sorted(line)) for line in mine)
    key = (ex.key, lines, weights)
    known = _MEMO.get(key)
    if known is None:
        known = _score_exchange(ex, lines, weights)
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = known
    base, decided = known
    return base if decided else base + weights.hand * hand_left


def _score_exchange(
    ex: Exchange, mine: Sequence[Sequence[int] | None], weights: Weights
) -> tuple[float, bool]:
    """:func:`score_exchange` but for the cards kept in hand, and whether the game is decided
    (the cards in hand then count for nothing). Every line comes sorted by range."""
    op_side: list[Sequence[int] | None] = list(ex.key[2])  # type: ignore[call-overload]
    in_hits, lost, mine_after = _attack(op_side, mine)
    if in_hits >= ex.my_deck:
        return -WIN, True
    if ex.op_deck <= DRAW_COUNT:
        return WIN, True  # they survive their attack phase only to draw their deck out
    my_deck = ex.my_deck - in_hits
    total = 0.0
    shifts = _shifts(ex.op_hand)
    if ex.op_hand >= 2:
        shifts = tuple(enumerate(weights.shifts))
    for shift, weight in shifts:
        out_hits, kills, op_after = _attack(mine_after, [[weights.stand_in]] * shift + op_side)
        if out_hits >= ex.op_deck:
            total += weight * WIN
            continue
        if my_deck <= DRAW_COUNT:
            total -= weight * WIN  # our own draw would empty our deck
            continue
        later_hits, _, _ = _attack(op_after, mine_after)
        total += weight * (
            weights.out * out_hits
            + weights.kill * kills
            - weights.into_later * min(later_hits, my_deck)
        )
    return total - weights.into * in_hits - weights.loss * lost, False


# --- sampling what the view hides --------------------------------------------------------------


def determinize(view: SenretsuView, rng: Rng) -> tuple[SenretsuState, Rng]:
    """A full state agreeing with everything ``view`` shows, the hidden cards sampled."""
    me = view.viewer
    assert me is not None
    op = 1 - me
    my_hand = view.hand + view.staged
    mine_known = set(view.sides[me].cards()) | set(view.discards[me]) | set(my_hand)
    my_deck, rng = rng.shuffled([c for c in colour_deck(view.colours[me]) if c not in mine_known])
    op_known = set(view.sides[op].cards()) | set(view.discards[op]) | set(view.revealed[op])
    op_pool, rng = rng.shuffled([c for c in colour_deck(view.colours[op]) if c not in op_known])
    unknown_in_hand = view.hand_sizes[op] - len(view.revealed[op])
    op_hand = view.revealed[op] + op_pool[:unknown_in_hand]
    op_deck = op_pool[unknown_in_hand:]
    assert len(my_deck) == view.deck_sizes[me] and len(op_deck) == view.deck_sizes[op]
    decks = (my_deck, op_deck) if me == 0 else (op_deck, my_deck)
    hands = (my_hand, op_hand) if me == 0 else (op_hand, my_hand)
    their_pick: JankenHand | None = None
    if view.janken_chosen[op]:
        their_pick, rng = rng.choice(JANKEN_HANDS)
    janken = (view.janken_pick, their_pick) if me == 0 else (their_pick, view.janken_pick)
    state = SenretsuState(
        phase=view.phase,
        colours=view.colours,
        decks=decks,
        hands=hands,
        sides=view.sides,
        discards=view.discards,
        revealed=view.revealed,
        first_player=view.first_player,
        active=view.active,
        turn=view.turn,
        start=view.start,
        rng=rng,
        staging=None if view.preview is None else Staging(view.preview, view.staged),
        pending=view.pending,
        janken=janken,
        janken_last=view.janken_last,
        janken_rounds=view.janken_rounds,
        last_attack=view.last_attack,
        outcome=view.outcome,
    )
    return state, rng


# --- decisions ---------------------------------------------------------------------------------


def choose_action(
    view: SenretsuView,
    rules: Rules,
    rng: Rng,
    budget: Budget = DEFAULT_BUDGET,
) -> tuple[Action, Rng]:
    """A legal action for ``view.viewer``, who must be one of the seats to act."""
    seat = view.viewer
    if seat is None or seat not in view.to_act or view.outcome is not None:
        raise ValueError("the AI can only act for a seat whose turn it is")
    state, rng = determinize(view, rng)
    legal = rules.legal_actions(state, seat)
    if view.phase == "janken":
        return rng.choice([a for a in legal if isinstance(a, Janken)])
    if view.phase == "draw":
        return DrawCount(FIRST_DRAW_CHOICE), rng
    if view.phase == "casualties":
        return _choose_casualty(view, legal), rng
    return _choose_placement(view, rules, legal, rng, budget)


def _choose_casualty(view: SenretsuView, legal: Sequence[Action]) -> Action:
    """Lose the card whose absence leaves our next attack strongest (ties: highest range)."""
    me = view.viewer
    assert me is not None
    side = view.sides[me]
    op_side = sim_side(view.sides[1 - me])
    best: tuple[float, int] | None = None
    choice: Action = legal[0]
    for action in legal:
        assert isinstance(action, Casualty)
        _, fc = side.locate(action.card)
        value = _threat(op_side, sim_side(side.without(action.card)))
        key = (value, fc.range)
        if best is None or key > best:
            best, choice = key, action
    return choice


def _threat(op_side: SimSide, mine: SimSide) -> float:
    """What our lines ``mine`` are expected to do in our next attack."""
    total = 0.0
    for shift, weight in _shifts(2):
        out_hits, kills, _ = sim_attack(mine, _shifted(op_side, shift))
        total += weight * (HAND_SET.out * out_hits + HAND_SET.kill * kills)
    return total


def _placed(base: SimSide, line: int, new: bool, r: int) -> tuple[SimSide, int]:
    """``base`` with a card of range ``r`` placed, and the index of the line it went to."""
    mine = [None if cards is None else list(cards) for cards in base]
    if not new:
        cards = mine[line]
        assert cards is not None
        cards.append(r)
        return mine, line
    if line == 0:
        return [[r], *mine], 0
    return [*mine, [r]], len(mine)


def placement_scores(
    view: SenretsuView,
    legal: Sequence[Action],
    weights: Weights | None = None,
    *,
    pairs: bool = True,
) -> dict[Action, float]:
    """The fast model's score of ending the place phase and of every listed placement (each
    credited with its best second card, as the search ranks them, unless ``pairs`` is off)."""
    scored = _candidates(view, legal, pairs, weights=weights or HAND_SET)
    return {action: score for score, action in scored}


def _turn_start(view: SenretsuView) -> tuple[Exchange, SimSide, int, list[int]]:
    """What scoring this turn's placements starts from: the exchange with the opponent as the
    seat sees it, our lines as placed so far, the cards left in hand, and their ranks (jokers,
    which take any range, left out)."""
    me = view.viewer
    assert me is not None and view.preview is not None
    op = 1 - me
    ex = Exchange(
        view.deck_sizes[me], view.deck_sizes[op], sim_side(view.sides[op]), view.hand_sizes[op]
    )
    ranks = [card.rank for card in view.hand if not card.is_joker]
    return ex, sim_side(view.preview), len(view.hand), ranks


def _candidates(
    view: SenretsuView, legal: Sequence[Action], pairs: bool = True, weights: Weights = HAND_SET
) -> list[tuple[float, Action]]:
    """Ending the phase and every placement, scored by the fast model, best first.

    With ``pairs`` a placement is also credited with the best second card that could follow it
    (onto the same line, or as a new front or back line): a lone card in a new line often just
    dies, while two make a line that holds, and one card at a time would never find that.
    """
    ex, base, hand_left, ranks = _turn_start(view)
    scored: list[tuple[float, Action]] = [
        (score_exchange(ex, base, hand_left, weights), EndPlacement())
    ]
    # Cards of one rank score alike: each distinct placement (and second card) is scored once.
    seen: dict[tuple[int, int, bool, tuple[int, ...]], float] = {}
    for action in legal:
        if not isinstance(action, Place):
            continue
        r = action.joker_range if action.joker_range is not None else action.card.rank
        seconds: tuple[int, ...] = ()
        if pairs:
            rest = list(ranks)
            if not action.card.is_joker:
                rest.remove(action.card.rank)
            seconds = tuple(sorted(set(rest)))
        key = (r, action.line, action.new, seconds)
        score = seen.get(key)
        if score is None:
            mine, index = _placed(base, action.line, action.new, r)
            score = score_exchange(ex, mine, hand_left - 1, weights)
            for rank in seconds:
                for line, new in ((index, False), (0, True), (len(mine), True)):
                    two, _ = _placed(mine, line, new, rank)
                    score = max(score, score_exchange(ex, two, hand_left - 2, weights))
            seen[key] = score
        scored.append((score, action))
    # Stable: among equal scores the earlier (End first, then the rules' order) wins.
    scored.sort(key=lambda item: -item[0])
    return scored


def _planned(
    view: SenretsuView,
    legal: Sequence[Action],
    width: int,
    weights: Weights,
    clock: _Clock | None = None,
) -> list[tuple[float, Action]]:
    """:func:`_candidates` with each placement credited with the best whole turn a beam of
    ``width`` part-placed turns finds after it (a card at a time, onto any own line or as a
    new front or back line), best first. A part-placed turn is not grown once ``clock`` says
    the time is up (what was found by then decides)."""
    ranked = _candidates(view, legal, True, weights)
    ex, base, hand_left, ranks = _turn_start(view)
    credit = {id(action): score for score, action in ranked}
    beam: list[tuple[SimSide, list[int], Action]] = []
    for _, action in ranked:
        if len(beam) == width:
            break
        if not isinstance(action, Place):
            continue
        r = action.joker_range if action.joker_range is not None else action.card.rank
        rest = list(ranks)
        if not action.card.is_joker:
            rest.remove(action.card.rank)
        beam.append((_placed(base, action.line, action.new, r)[0], rest, action))
    depth = 2
    while beam:
        grown: list[tuple[float, SimSide, list[int], Action]] = []
        seen: set[tuple[object, ...]] = set()
        for mine, rest, first in beam:
            started = None if clock is None else clock.start()
            if clock is not None and started is None:
                break
            for rank in sorted(set(rest)):
                after = list(rest)
                after.remove(rank)
                targets = [(i, False) for i, cards in enumerate(mine) if cards is not None]
                targets += [(0, True), (len(mine), True)]
                for line, new in targets:
                    child, _ = _placed(mine, line, new, rank)
                    key = tuple(None if c is None else tuple(sorted(c)) for c in child)
                    if key in seen:
                        continue
                    seen.add(key)
                    score = score_exchange(ex, child, hand_left - depth, weights)
                    credit[id(first)] = max(credit[id(first)], score)
                    grown.append((score, child, after, first))
            if clock is not None and started is not None:
                clock.took(started)
        grown.sort(key=lambda item: -item[0])
        beam = [(child, after, first) for _, child, after, first in grown[:width]]
        depth += 1
    scored = [(credit[id(action)], action) for _, action in ranked]
    scored.sort(key=lambda item: -item[0])
    return scored


def _ranked(
    view: SenretsuView, legal: Sequence[Action], budget: Budget, clock: _Clock | None = None
) -> list[tuple[float, Action]]:
    if budget.plan_width > 0:
        return _planned(view, legal, budget.plan_width, budget.weights, clock)
    return _candidates(view, legal, budget.pairs, budget.weights)


def _choose_placement(
    view: SenretsuView,
    rules: Rules,
    legal: Sequence[Action],
    rng: Rng,
    budget: Budget,
) -> tuple[Action, Rng]:
    clock = _Clock(time.monotonic() + budget.seconds * (1 - RESERVE))
    ranked = _ranked(view, legal, budget, clock)
    best = ranked[0][1]
    if budget.samples <= 0 or budget.candidates <= 1 or len(ranked) == 1:
        return best, rng
    # Only candidates near the best are worth sampling; a wide gap is the model's certainty.
    top = ranked[0][0]
    pool = [a for s, a in ranked[: budget.candidates] if s >= top - GAP]
    if len(pool) == 1:
        return best, rng
    totals = [0.0] * len(pool)
    done = 0
    plans: list[list[Action]] = [[action] for action in pool]
    if budget.plan_once:
        state, rng = determinize(view, rng)
        for k, action in enumerate(pool):
            plan = _plan(state, rules, action, budget, clock)
            if plan is None:
                return best, rng
            plans[k] = plan
    while done < budget.samples or (
        done < budget.samples + budget.more_samples and _close(totals, done, budget.close)
    ):
        started = clock.start()
        if started is None:
            break
        sample, rng = determinize(view, rng)
        clock.took(started)
        values = []
        for plan in plans:
            value = _playout(sample, rules, plan, budget, clock)
            if value is None:
                break
            values.append(value)
        if len(values) < len(pool):
            break  # out of time: a partial sample would favour the candidates it reached
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        done += 1
    if done < max(budget.min_samples, 1):
        return best, rng
    return pool[max(range(len(pool)), key=lambda k: (totals[k], -k))], rng


def _close(totals: Sequence[float], done: int, margin: float) -> bool:
    """Whether the best two candidates' averages over ``done`` samples are within ``margin``."""
    first, second = sorted(totals, reverse=True)[:2]
    return (first - second) / done < margin


@dataclass(slots=True)
class _Clock:
    """A decision's deadline (``time.monotonic``), and the longest step of a playout so far:
    a step that could not finish in time is not started, so the decision keeps its budget even
    when steps run slow (another thread holding the interpreter, a busy machine)."""

    deadline: float
    step: float = 0.0

    def start(self) -> float | None:
        """The time now, or ``None`` if the next step might overrun the deadline."""
        now = time.monotonic()
        return None if now + self.step > self.deadline else now

    def took(self, started: float) -> None:
        self.step = max(self.step, time.monotonic() - started)


def _plan(
    state: SenretsuState, rules: Rules, action: Action, budget: Budget, clock: _Clock
) -> list[Action] | None:
    """``action`` and the fast model's choices that would follow it to the end of our place
    phase (the same in every sample: they depend on our view alone). ``None`` when the
    decision's time is up."""
    me = state.active
    assert me is not None
    plan = [action]
    while not isinstance(plan[-1], EndPlacement):
        started = clock.start()
        if started is None:
            return None
        state = rules.apply(state, me, plan[-1]).state
        view = rules.view_for(state, me)
        plan.append(_ranked(view, rules.legal_actions(state, me), budget, clock)[0][1])
        clock.took(started)
    return plan


def _playout(
    state: SenretsuState, rules: Rules, plan: Sequence[Action], budget: Budget, clock: _Clock
) -> float | None:
    """Play ``plan`` (a candidate, and with :attr:`Budget.plan_once` the rest of our turn) in a
    sampled state, then both sides' fast-model choices (ours to finish this phase, the
    opponent's whole answer with its sampled hand) until our next place phase; score where we
    then stand. ``None`` when the decision's time is up."""
    me = state.active
    assert me is not None
    turn = state.turn
    for action in plan:
        state = rules.apply(state, me, action).state
    for _ in range(200):
        if state.outcome is not None:
            return WIN if state.outcome.winner == me else -WIN
        if state.phase == "place" and state.turn == turn + 2:
            break
        started = clock.start()
        if started is None:
            return None
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, _fast_choice(state, rules, seat, budget)).state
        clock.took(started)
    started = clock.start()
    if started is None:
        return None
    value = _static(state, rules, me, budget.weights, budget.leaf_draws)
    clock.took(started)
    return value


def _fast_choice(state: SenretsuState, rules: Rules, seat: Seat, budget: Budget) -> Action:
    view = rules.view_for(state, seat)
    legal = rules.legal_actions(state, seat)
    if state.phase == "casualties":
        return _choose_casualty(view, legal)
    if state.phase == "draw":
        return DrawCount(FIRST_DRAW_CHOICE)
    return _candidates(view, legal, budget.playout_pairs, budget.weights)[0][1]


def _static(
    state: SenretsuState, rules: Rules, me: Seat, weights: Weights, draws: float = 0.0
) -> float:
    """At the start of our place phase: the deck difference plus what our best placement is
    worth to the fast model (the same scale the candidates were ranked on)."""
    op = 1 - me
    view = rules.view_for(state, me)
    best = _candidates(view, rules.legal_actions(state, me), False, weights)[0][0]
    if draws:
        mine, theirs = len(state.decks[me]), len(state.decks[op])
        return deck_value(mine, draws) - deck_value(theirs, draws) + best
    return len(state.decks[me]) - len(state.decks[op]) + best
