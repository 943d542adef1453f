"""The transitions of 戦列札 as pure functions: turn cycle, draw, attack, casualties, placement.

Every function takes a state and an event list to append to, and returns the next state; the
caller (:class:`rules.senretsu.game.SenretsuRules`) has already checked the action is legal.
Spec section numbers refer to ``shared/specs/senretsu.md``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from rules.cards.playing import Card, Colour
from rules.core.outcome import Outcome, Seat
from rules.core.protocol import Event
from rules.core.rng import Rng
from rules.core.text import Text
from rules.senretsu.actions import (
    Action,
    Casualty,
    DrawCount,
    EndPlacement,
    Janken,
    Place,
    TakeBack,
)
from rules.senretsu.codec import card_codes, dump_strike
from rules.senretsu.state import (
    DRAW_COUNT,
    FIRST_DRAW_MAX,
    FIRST_DRAW_MIN,
    JANKEN_BEATS,
    JANKEN_HANDS,
    JOKER_RANGE_MAX,
    JOKER_RANGE_MIN,
    TO_HAND_RANKS,
    AttackLog,
    FieldCard,
    JankenHand,
    PendingHits,
    Placement,
    SenretsuState,
    Side,
    Staging,
    StartMethod,
    Strike,
    TurnLog,
)

T = TypeVar("T")
DECK_OUT = "deck_out"

#: Jokers are enumerated with ranges 1 … max(13, own lines + opponent lines + 2): enough to
#: reach any line now and after a few new lines. ``apply`` still accepts any range 1–99.
JOKER_ENUM_MIN = 13


def with_seat(pair: tuple[T, T], seat: Seat, value: T) -> tuple[T, T]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


# --- setup and the turn cycle (§3) -------------------------------------------------------------


def setup(
    colours: tuple[Colour, Colour],
    decks: tuple[tuple[Card, ...], tuple[Card, ...]],
    first_player: Seat | None,
    start: StartMethod,
    rng: Rng,
    events: list[Event],
) -> SenretsuState:
    """A new game: janken still to play when ``first_player`` is ``None``, else turn 1 begun."""
    state = SenretsuState(
        phase="janken",
        colours=colours,
        decks=decks,
        hands=((), ()),
        sides=(Side(), Side()),
        discards=((), ()),
        revealed=((), ()),
        first_player=None,
        active=None,
        turn=0,
        start=start,
        rng=rng,
    )
    return state if first_player is None else begin(state, first_player, events)


def begin(state: SenretsuState, first: Seat, events: list[Event]) -> SenretsuState:
    events.append(Event("first_player", first, {"method": state.start}))
    return start_turn(replace(state, first_player=first), events)


def start_turn(state: SenretsuState, events: list[Event]) -> SenretsuState:
    """The next player's turn: attack, then draw, then place (or wait for a choice)."""
    assert state.first_player is not None
    seat = state.first_player if state.active is None else 1 - state.active
    turn = state.turn + 1
    state = replace(state, active=seat, turn=turn, staging=None, pending=(), drawn=0)
    events.append(Event("turn", seat, {"turn": turn}))
    state = attack(state, events)
    if state.outcome is not None or state.pending:
        return state
    return after_attack(state, events)


def after_attack(state: SenretsuState, events: list[Event]) -> SenretsuState:
    # Turn 2 is the second player's first turn: they choose how many to draw (§4).
    if state.turn == 2:
        return replace(state, phase="draw")
    return draw(state, DRAW_COUNT, events)


def draw(state: SenretsuState, n: int, events: list[Event]) -> SenretsuState:
    seat = state.active
    assert seat is not None
    deck = state.decks[seat]
    drawn, rest = deck[:n], deck[n:]
    state = replace(
        state,
        decks=with_seat(state.decks, seat, rest),
        hands=with_seat(state.hands, seat, state.hands[seat] + drawn),
        drawn=len(drawn),
    )
    events.append(Event("draw", seat, {"count": len(drawn), "deck": len(rest)}))
    events.append(Event("draw_cards", seat, {"cards": card_codes(drawn)}, visible_to=seat))
    if not rest:
        # (resolution) draw what there is, then lose: the deck is empty.
        return deck_out(state, seat, "draw", events)
    return replace(state, phase="place", staging=Staging(state.sides[seat]))


def deck_out(state: SenretsuState, loser: Seat, cause: str, events: list[Event]) -> SenretsuState:
    outcome = Outcome.loss(loser, 2, DECK_OUT)
    events.append(Event("deck_out", loser, {"cause": cause}))
    events.append(Event("game_over", None, outcome.dump()))
    return replace(state, outcome=outcome, staging=None, pending=())


# --- attack (§6) -------------------------------------------------------------------------------


def attack_order(side: Side) -> list[tuple[int, FieldCard]]:
    """Rearmost line first; within a line, highest range first (ties: earliest placed)."""
    order: list[tuple[int, FieldCard]] = []
    for index in range(side.size - 1, -1, -1):
        line = side.line(index)
        if line is not None:
            order.extend((index, fc) for fc in sorted(line, key=lambda fc: -fc.range))
    return order


def attack(state: SenretsuState, events: list[Event]) -> SenretsuState:
    """The active player's automatic attack phase, resolved at once.

    Card lines are only counted as hit here; which cards die is settled afterwards, since the
    choice never changes which line a later attack hits (a line vanishes at the hit that equals
    its size, whatever was chosen before).
    """
    a = state.active
    assert a is not None
    d = 1 - a
    order = attack_order(state.sides[a])
    if not order:
        events.append(Event("attack_none", a))
        return replace(state, last_attack=AttackLog(a, state.turn))
    lines: list[list[FieldCard] | None] = [
        None if line is None else list(line) for line in state.sides[d].lines()
    ]
    hits = [0] * len(lines)
    deck = state.decks[d]
    drawn = 0
    hand = list(state.hands[d])
    discard = list(state.discards[d])
    revealed = list(state.revealed[d])
    strikes: list[Strike] = []
    for index, fc in order:
        target = fc.range - index - 1
        if target < 0:
            strike = Strike(fc.card, fc.range, index, target, "own")
        elif target >= len(lines):
            strike = Strike(fc.card, fc.range, index, target, "beyond")
        else:
            cards = lines[target]
            if cards is None:
                top = deck[drawn]
                drawn += 1
                to_hand = top.rank in TO_HAND_RANKS
                (hand if to_hand else discard).append(top)
                if to_hand:
                    revealed.append(top)
                strike = Strike(fc.card, fc.range, index, target, "deck", (), top, to_hand)
            else:
                hits[target] += 1
                lost: tuple[Card, ...] = ()
                if hits[target] == len(cards):
                    # The line is gone: the lines behind close up before the next card attacks.
                    lost = tuple(c.card for c in cards)
                    discard.extend(lost)
                    del lines[target], hits[target]
                strike = Strike(fc.card, fc.range, index, target, "line", lost)
        strikes.append(strike)
        data = dump_strike(strike)
        if strike.result == "deck":
            data["deck"] = len(deck) - drawn
        events.append(Event("strike", a, data))
        if drawn == len(deck):
            break

    casualties: list[Card] = []
    pending: list[PendingHits] = []
    if drawn < len(deck):
        for index, cards in enumerate(lines):
            if cards is None or not hits[index]:
                continue
            if len({c.range for c in cards}) > 1:
                pending.append(PendingHits(index, hits[index]))
                continue
            # The choice cannot matter: the earliest placed cards go (§6).
            for c in cards[: hits[index]]:
                casualties.append(c.card)
                discard.append(c.card)
                events.append(
                    Event("casualty", d, {"card": c.card.code, "line": index, "auto": True})
                )
            del cards[: hits[index]]
    deck_at = lines.index(None)
    side = Side(
        tuple(tuple(c) for c in lines[:deck_at] if c is not None),
        tuple(tuple(c) for c in lines[deck_at + 1 :] if c is not None),
    )
    state = replace(
        state,
        sides=with_seat(state.sides, d, side),
        decks=with_seat(state.decks, d, deck[drawn:]),
        hands=with_seat(state.hands, d, tuple(hand)),
        discards=with_seat(state.discards, d, tuple(discard)),
        revealed=with_seat(state.revealed, d, tuple(revealed)),
        last_attack=AttackLog(a, state.turn, tuple(strikes), tuple(casualties)),
    )
    if drawn == len(deck):
        # The rest of the attack phase and any pending choice lapse.
        return deck_out(state, d, "hit", events)
    if pending:
        events.append(
            Event("casualties_pending", d, {"lines": [[p.line, p.count] for p in pending]})
        )
        return replace(state, phase="casualties", pending=tuple(pending))
    return state


def casualty(state: SenretsuState, card: Card, events: list[Event]) -> SenretsuState:
    """The defender loses ``card``; further losses of that line that cannot matter follow."""
    d = state.defender
    assert d is not None and state.last_attack is not None
    index, _ = state.sides[d].locate(card)
    side = state.sides[d].without(card)  # never its last card: fewer hits than cards
    rest = side.line(index)
    assert rest is not None
    owed = next(p.count for p in state.pending if p.line == index)
    lost = [card]
    events.append(Event("casualty", d, {"card": card.code, "line": index, "auto": False}))
    owed -= 1
    if owed and len({fc.range for fc in rest}) == 1:
        for fc in rest[:owed]:
            lost.append(fc.card)
            events.append(Event("casualty", d, {"card": fc.card.code, "line": index, "auto": True}))
        rest, owed = rest[owed:], 0
    pending = tuple(
        p if p.line != index else PendingHits(index, owed)
        for p in state.pending
        if p.line != index or owed
    )
    log = state.last_attack
    state = replace(
        state,
        sides=with_seat(state.sides, d, side.with_line(index, rest)),
        discards=with_seat(state.discards, d, state.discards[d] + tuple(lost)),
        pending=pending,
        last_attack=replace(log, casualties=log.casualties + tuple(lost)),
    )
    return state if pending else after_attack(state, events)


def default_casualty(state: SenretsuState) -> Card:
    """What the turn timer loses: the highest range first, ties to the earliest placed (§6)."""
    d = state.defender
    assert d is not None and state.pending
    side = state.sides[d]
    line = side.line(state.pending[0].line)
    assert line is not None
    return max(line, key=lambda fc: fc.range).card  # max keeps the first of equals


# --- placement (§5) ----------------------------------------------------------------------------


def place(state: SenretsuState, action: Place, events: list[Event]) -> SenretsuState:
    seat, staging = state.active, state.staging
    assert seat is not None and staging is not None
    side = staging.side
    card = action.card
    fc = FieldCard(card, action.joker_range if action.joker_range is not None else card.rank)
    if not action.new:
        line = side.line(action.line)
        assert line is not None
        side = side.with_line(action.line, (*line, fc))
    elif action.line == 0:
        side = Side(((fc,), *side.front), side.back)
    else:
        side = Side(side.front, (*side.back, (fc,)))
    data: dict[str, object] = {"card": card.code, "line": action.line, "new": action.new}
    if action.joker_range is not None:
        data["range"] = action.joker_range
    events.append(Event("stage", seat, data, visible_to=seat))
    return replace(state, staging=Staging(side, (*staging.staged, card)))


def take_back(state: SenretsuState, card: Card, events: list[Event]) -> SenretsuState:
    seat, staging = state.active, state.staging
    assert seat is not None and staging is not None
    # Only staged cards leave, so only a line made wholly this turn can vanish.
    side = staging.side.without(card)
    events.append(Event("take_back", seat, {"card": card.code}, visible_to=seat))
    staged = tuple(c for c in staging.staged if c != card)
    return replace(state, staging=Staging(side, staged))


def end_placement(state: SenretsuState, events: list[Event]) -> SenretsuState:
    seat, staging = state.active, state.staging
    assert seat is not None and staging is not None
    staged = set(staging.staged)
    side = staging.side
    placements = []
    placed = []
    for card in staging.staged:
        index, fc = side.locate(card)
        item: dict[str, object] = {"card": card.code, "line": index}
        if card.is_joker:
            item["range"] = fc.range
        placements.append(item)
        placed.append(Placement(card, index, fc.range))
    hand = tuple(c for c in state.hands[seat] if c not in staged)
    events.append(Event("placed", seat, {"placements": placements, "hand": len(hand)}))
    turn = TurnLog(seat, state.turn, state.last_attack, state.drawn, tuple(placed))
    state = replace(
        state,
        previous_turn=turn,
        sides=with_seat(state.sides, seat, side),
        hands=with_seat(state.hands, seat, hand),
        revealed=with_seat(
            state.revealed, seat, tuple(c for c in state.revealed[seat] if c not in staged)
        ),
        staging=None,
    )
    return start_turn(state, events)


# --- janken (§3) -------------------------------------------------------------------------------


def janken(
    state: SenretsuState, seat: Seat, hand: JankenHand, events: list[Event]
) -> SenretsuState:
    picks = with_seat(state.janken, seat, hand)
    events.append(Event("janken_pick", seat))
    a, b = picks
    if a is None or b is None:
        return replace(state, janken=picks)
    rounds = state.janken_rounds + 1
    winner = None if a == b else (0 if JANKEN_BEATS[a] == b else 1)
    events.append(Event("janken", None, {"hands": [a, b], "winner": winner, "round": rounds}))
    state = replace(state, janken=(None, None), janken_last=(a, b), janken_rounds=rounds)
    # A tie repeats; the winner goes first.
    return state if winner is None else begin(state, winner, events)


# --- legality ----------------------------------------------------------------------------------

WRONG_PHASE = Text("今はその操作はできません。", "That cannot be done in this phase.")
NOT_IN_HAND = Text("そのカードは手札にありません。", "That card is not in your hand.")
DECK_LINE = Text("山札の戦列にはカードを置けません。", "The deck line never takes cards.")
BETWEEN_LINES = Text(
    "自分の戦列と戦列の間に新しい戦列は作れません。", "A new line cannot go between two lines."
)
NO_SUCH_LINE = Text("その戦列はありません。", "There is no such line.")
JOKER_RANGE = Text(
    "ジョーカーは射程（1〜99）を宣言して置きます。",
    "A joker is placed with a declared range from 1 to 99.",
)
ONLY_JOKER_RANGE = Text(
    "射程を宣言できるのはジョーカーだけです。", "Only a joker takes a declared range."
)
NOT_STAGED = Text(
    "戻せるのはこのターンに置いたカードだけです。",
    "Only a card placed this turn can be taken back.",
)
DRAW_RANGE = Text("3〜6枚から選んでください。", "Choose to draw from 3 to 6 cards.")
NOT_A_CASUALTY = Text(
    "攻撃を受けた戦列のカードを選んでください。", "Choose a card of a line that was hit."
)


def illegal_reason(state: SenretsuState, seat: Seat, action: Action) -> Text | None:
    """Why ``seat`` may not take ``action`` now, or ``None`` when it is legal."""
    if isinstance(action, Janken):
        ok = state.phase == "janken" and state.janken[seat] is None
        return None if ok and action.hand in JANKEN_HANDS else WRONG_PHASE
    if isinstance(action, DrawCount):
        if state.phase != "draw" or state.active != seat:
            return WRONG_PHASE
        return None if FIRST_DRAW_MIN <= action.n <= FIRST_DRAW_MAX else DRAW_RANGE
    if isinstance(action, Casualty):
        if state.phase != "casualties" or state.defender != seat:
            return WRONG_PHASE
        index = state.sides[seat].find(action.card)
        return None if any(p.line == index for p in state.pending) else NOT_A_CASUALTY
    if state.phase != "place" or state.active != seat or state.staging is None:
        return WRONG_PHASE
    staging = state.staging
    if isinstance(action, EndPlacement):
        return None
    if isinstance(action, TakeBack):
        return None if action.card in staging.staged else NOT_STAGED
    return _place_reason(state, seat, action)


def _place_reason(state: SenretsuState, seat: Seat, action: Place) -> Text | None:
    assert state.staging is not None
    side = state.staging.side
    if action.card not in state.hands[seat] or action.card in state.staging.staged:
        return NOT_IN_HAND
    if action.card.is_joker:
        r = action.joker_range
        if r is None or not JOKER_RANGE_MIN <= r <= JOKER_RANGE_MAX:
            return JOKER_RANGE
    elif action.joker_range is not None:
        return ONLY_JOKER_RANGE
    if action.new:
        if action.line in (0, side.size):
            return None
        return BETWEEN_LINES if 0 < action.line < side.size else NO_SUCH_LINE
    if action.line == side.deck_index:
        return DECK_LINE
    return None if 0 <= action.line < side.size else NO_SUCH_LINE


def legal_actions(state: SenretsuState, seat: Seat) -> list[Action]:
    """Every legal action in a stable order (jokers with the enumerated ranges only)."""
    if state.phase == "janken":
        return [Janken(h) for h in JANKEN_HANDS] if state.janken[seat] is None else []
    if state.phase == "draw":
        return [DrawCount(n) for n in range(FIRST_DRAW_MIN, FIRST_DRAW_MAX + 1)]
    if state.phase == "casualties":
        side = state.sides[seat]
        out: list[Action] = []
        for p in state.pending:
            line = side.line(p.line)
            assert line is not None
            out.extend(Casualty(fc.card) for fc in line)
        return out
    assert state.staging is not None
    side = state.staging.side
    targets = [(0, True)]
    targets += [(i, False) for i in range(side.size) if i != side.deck_index]
    targets.append((side.size, True))
    top_range = max(JOKER_ENUM_MIN, side.size + state.sides[1 - seat].size + 2)
    out = []
    for card in state.placing_hand(seat):
        if card.is_joker:
            out.extend(
                Place(card, line, new, r) for line, new in targets for r in range(1, top_range + 1)
            )
        else:
            out.extend(Place(card, line, new) for line, new in targets)
    out.extend(TakeBack(card) for card in state.staging.staged)
    out.append(EndPlacement())
    return out


def apply(state: SenretsuState, seat: Seat, action: Action, events: list[Event]) -> SenretsuState:
    if isinstance(action, Janken):
        return janken(state, seat, action.hand, events)
    if isinstance(action, DrawCount):
        return draw(state, action.n, events)
    if isinstance(action, Casualty):
        return casualty(state, action.card, events)
    if isinstance(action, Place):
        return place(state, action, events)
    if isinstance(action, TakeBack):
        return take_back(state, action.card, events)
    return end_placement(state, events)
