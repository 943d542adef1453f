"""What one viewer may know of a game (spec §8), built from the full state by :func:`view_for`.

Renderers and the AI take a :class:`SenretsuView`, never a state, so they cannot show or use
what the viewer may not see: the other hand, anyone's deck order, the other's staging.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards.playing import Card, Colour
from rules.core.outcome import Outcome, Seat
from rules.senretsu.state import (
    AttackLog,
    JankenHand,
    PendingHits,
    Phase,
    SenretsuState,
    Side,
    StartMethod,
    TurnLog,
)


@dataclass(frozen=True, slots=True)
class SenretsuView:
    #: The seat this view is for; ``None`` for a spectator.
    viewer: Seat | None
    phase: Phase
    turn: int
    #: Whose turn it is (attacker, drawer, placer); ``None`` during janken.
    active: Seat | None
    #: The seats that may act now.
    to_act: tuple[Seat, ...]
    first_player: Seat | None
    start: StartMethod
    colours: tuple[Colour, Colour]
    #: Both players' committed lines (the placing player's staging is not in them).
    sides: tuple[Side, Side]
    deck_sizes: tuple[int, int]
    #: Hand sizes as committed: cards staged this phase still count.
    hand_sizes: tuple[int, int]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Cards in each hand that both have seen (turned up to the hand by a deck hit).
    revealed: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Casualties the defender still owes (line index in the defender's lines, count).
    pending: tuple[PendingHits, ...]
    #: Which seats have picked in this janken round (not what).
    janken_chosen: tuple[bool, bool]
    janken_last: tuple[JankenHand, JankenHand] | None
    janken_rounds: int
    last_attack: AttackLog | None
    outcome: Outcome | None
    #: How many cards the active player drew this turn.
    drawn: int = 0
    #: The turn before this one (the opponent's of the player on turn): all of it public.
    previous_turn: TurnLog | None = None
    # --- the viewer's own secrets (empty for a spectator) ---
    #: The viewer's hand without the cards they have staged.
    hand: tuple[Card, ...] = ()
    janken_pick: JankenHand | None = None
    #: The viewer's own lines as they would be with their staged cards, while they place.
    preview: Side | None = None
    staged: tuple[Card, ...] = ()

    @property
    def defender(self) -> Seat | None:
        return None if self.active is None else 1 - self.active

    @property
    def is_placing(self) -> bool:
        """Whether the viewer is in their own place phase (and has a preview)."""
        return self.preview is not None


def view_for(state: SenretsuState, viewer: Seat | None, to_act: tuple[Seat, ...]) -> SenretsuView:
    own_staging = (
        state.staging
        if state.staging is not None and viewer is not None and state.active == viewer
        else None
    )
    return SenretsuView(
        viewer=viewer,
        phase=state.phase,
        turn=state.turn,
        active=state.active,
        to_act=to_act,
        first_player=state.first_player,
        start=state.start,
        colours=state.colours,
        sides=state.sides,
        deck_sizes=(len(state.decks[0]), len(state.decks[1])),
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        discards=state.discards,
        revealed=state.revealed,
        pending=state.pending,
        janken_chosen=(state.janken[0] is not None, state.janken[1] is not None),
        janken_last=state.janken_last,
        janken_rounds=state.janken_rounds,
        last_attack=state.last_attack,
        outcome=state.outcome,
        drawn=state.drawn,
        previous_turn=state.previous_turn,
        hand=() if viewer is None else state.placing_hand(viewer),
        janken_pick=None if viewer is None else state.janken[viewer],
        preview=None if own_staging is None else own_staging.side,
        staged=() if own_staging is None else own_staging.staged,
    )
