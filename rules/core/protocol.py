"""The protocol every game implements, and the framework that enforces it.

A game subclasses :class:`GameRules` and fills in the hooks (``_to_act``, ``_legal_actions``,
``_apply`` …). The framework's public methods check what is common to all games — is the game
over, is it this seat's turn, is the action legal — and only then call the game's own step, so a
game never has to remember those checks (OpenSpiel's ``_apply_action``, python-chess's checked
``push_san``).

Besides its own moves every game understands the *meta actions*: resignation, draw offers (two
seat games that allow them), a forfeit imposed from outside (a clock running out) and an
adjudication (a tournament round's deadline: the platform names the result by a rule stated
before the event).
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from rules.core.errors import (
    CodecError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from rules.core.outcome import Outcome, Seat
from rules.core.text import Locale, Text

JSON = Any


class MatchState(Protocol):
    """What the framework needs of every state: a (frozen) dataclass with these two fields."""

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def draw_offer(self) -> Seat | None: ...


S = TypeVar("S", bound=MatchState)
A = TypeVar("A")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and for messages.

    ``visible_to`` is ``None`` for a public event, or the only seat allowed to see it (a card
    drawn into a secret hand). ``data`` holds JSON-safe values only.
    """

    kind: str
    seat: Seat | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: Seat | None = None

    def visible_for(self, viewer: Seat | None) -> bool:
        return self.visible_to is None or self.visible_to == viewer

    def dump(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = self.visible_to
        return out

    @classmethod
    def load(cls, raw: Mapping[str, JSON]) -> Event:
        return cls(raw["kind"], raw.get("seat"), dict(raw.get("data", {})), raw.get("visible_to"))


class Transition(NamedTuple, Generic[S]):
    state: S
    events: tuple[Event, ...]


#: The framework's own events, as every game's log tells them.
_COMMON_EVENT_TEXT: dict[str, Text] = {
    "resign": Text("{seat}が投了しました。", "{seat} resigned."),
    "draw_offer": Text("{seat}が引き分けを提案しました。", "{seat} offered a draw."),
    "draw_decline": Text("{seat}が引き分けの提案を断りました。", "{seat} declined the draw."),
    "draw_accept": Text("{seat}が引き分けに合意しました。", "{seat} accepted the draw."),
    "forfeit": Text("{seat}の負け（{reason}）。", "{seat} loses ({reason})."),
    "adjudicated": Text(
        "ラウンドの期限：{seat}の勝ちと裁定。", "Round deadline: adjudicated a win for {seat}."
    ),
    "adjudicated_draw": Text(
        "ラウンドの期限：引き分けと裁定。", "Round deadline: adjudicated a draw."
    ),
}


# --- meta actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resign:
    code: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class OfferDraw:
    code: ClassVar[str] = "draw-offer"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    code: ClassVar[str] = "draw-accept"


@dataclass(frozen=True, slots=True)
class DeclineDraw:
    code: ClassVar[str] = "draw-decline"


@dataclass(frozen=True, slots=True)
class Forfeit:
    """Imposed by the platform (seat ``None``): ``loser`` loses for ``reason`` (``timeout``)."""

    loser: Seat
    reason: str = "timeout"

    @property
    def code(self) -> str:
        return f"forfeit:{self.loser}:{self.reason}"


@dataclass(frozen=True, slots=True)
class Adjudicate:
    """Imposed by the platform (seat ``None``) at a tournament round's deadline: ``winner``
    wins (``None``: a draw) by ``rule``, named in the code so the log says which rule spoke."""

    winner: Seat | None
    rule: str

    @property
    def code(self) -> str:
        return f"adjudicate:{'draw' if self.winner is None else self.winner}:{self.rule}"


MetaAction = Resign | OfferDraw | AcceptDraw | DeclineDraw | Forfeit | Adjudicate
#: Every meta action's type, for ``isinstance``.
_META_TYPES = (Resign, OfferDraw, AcceptDraw, DeclineDraw, Forfeit, Adjudicate)
_META_BY_CODE: dict[str, MetaAction] = {
    a.code: a for a in (Resign(), OfferDraw(), AcceptDraw(), DeclineDraw())
}

NO_DRAW_OFFER = Text("引き分けの提案はありません。", "There is no draw offer to answer.")
OWN_DRAW_OFFER = Text("自分の提案には答えられません。", "You cannot answer your own draw offer.")
DRAW_ALREADY_OFFERED = Text("すでに引き分けを提案しています。", "A draw has already been offered.")
DRAWS_NOT_ALLOWED = Text(
    "このゲームに引き分けの提案はありません。", "This game has no draw offers."
)
NOT_A_PLAYER = Text("この対局の参加者ではありません。", "You are not playing in this game.")


def parse_meta_action(code: str) -> MetaAction | None:
    """The meta action spelled by ``code``, or ``None`` if it is not one."""
    if code in _META_BY_CODE:
        return _META_BY_CODE[code]
    if code.startswith("forfeit:"):
        parts = code.split(":")
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isidentifier():
            return Forfeit(int(parts[1]), parts[2])
        raise InvalidActionError()
    if code.startswith("adjudicate:"):
        parts = code.split(":")
        if (
            len(parts) == 3
            and (parts[1] == "draw" or parts[1].isdigit())
            and parts[2].isidentifier()
        ):
            return Adjudicate(None if parts[1] == "draw" else int(parts[1]), parts[2])
        raise InvalidActionError()
    return None


class GameRules(ABC, Generic[S, A, V]):
    """Base of every game. Subclasses define the class attributes and the ``_hooks``."""

    name: ClassVar[str]
    title: ClassVar[Text]
    seats: ClassVar[int]
    #: Bump whenever behaviour changes: stored games remember the version they started with.
    rules_version: ClassVar[int]
    #: Bump whenever the dumped shape changes; ``load`` refuses other versions.
    schema_version: ClassVar[int]
    allows_draw_offers: ClassVar[bool] = False
    #: Texts for this game's own outcome reasons (``mate`` …), beside the shared ones.
    reason_texts: ClassVar[dict[str, Text]] = {}
    #: Whether chance decides what players can't see (a shuffled deck): the platform seals
    #: such a game's seed before play and reveals it after (``rules.core.fairness``).
    hidden_randomness: ClassVar[bool] = False
    #: Whether a seat holds what the others may not see (a hand of cards): such a game is
    #: played from each seat's own private view, never from the shared board.
    secret_hands: ClassVar[bool] = False
    #: The outcome reasons that are no result at all (易双六 ended by its end card never
    #: appearing): neither a win nor a loss, counted nowhere.
    no_result_reasons: ClassVar[frozenset[str]] = frozenset()

    # --- hooks for the game ----------------------------------------------------------------

    @abstractmethod
    def normalize_settings(self, settings: Mapping[str, JSON] | None) -> dict[str, JSON]:
        """All settings with defaults filled in, or :class:`InvalidSettingsError`."""

    @abstractmethod
    def new_game(self, settings: Mapping[str, JSON] | None, seed: int) -> S:
        """A fresh game; every random choice later comes from ``seed``."""

    @abstractmethod
    def _to_act(self, state: S) -> tuple[Seat, ...]:
        """The seats that may make a game move now (the game is not over)."""

    @abstractmethod
    def _legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """Every legal game move of ``seat``, in a stable order."""

    @abstractmethod
    def _apply(self, state: S, seat: Seat, action: A) -> Transition[S]:
        """Play a move already checked legal. Sets ``outcome`` when the game ends."""

    @abstractmethod
    def parse_action(self, code: str) -> A:
        """The game move spelled by ``code`` or :class:`InvalidActionError`."""

    @abstractmethod
    def format_action(self, action: A) -> str:
        """The inverse of ``parse_action``: short, ASCII, no secrets beyond the mover's own."""

    @abstractmethod
    def view_for(self, state: S, viewer: Seat | None) -> V:
        """What ``viewer`` (``None`` = a spectator) may know of ``state``."""

    @abstractmethod
    def render(self, view: V, locale: Locale) -> str:
        """The text board for a view."""

    @abstractmethod
    def describe_event(self, event: Event, locale: Locale) -> str:
        """One line of log text for an event the reader may see."""

    def explain_event(self, event: Event, locale: Locale) -> str | None:
        """The working behind an event (its full formula) for a "Why?" view, from the event's
        own data; ``None`` when :meth:`describe_event` already says everything."""
        return None

    def explain_in_words(self, event: Event, locale: Locale) -> list[str]:
        """The reasons behind an event in sentences, with their numbers (the "Why?" view);
        games whose working is a formula override it. By default the working itself."""
        working = self.explain_event(event, locale)
        return [working] if working else []

    def render_compact(self, view: V, locale: Locale) -> str:
        """The board a board card shows: short where the full one is long, and without the
        result once the game is over (the card says it, once, in its own line)."""
        return self.render(view, locale)

    @abstractmethod
    def _dump_state(self, state: S) -> dict[str, JSON]: ...

    @abstractmethod
    def _load_state(self, data: Mapping[str, JSON]) -> S: ...

    def title_for(self, settings: Mapping[str, JSON] | None) -> Text:
        """The game's name for these settings (a variant may have its own)."""
        return self.title

    def action_label(self, action: A, locale: Locale) -> str:
        """A short label for a button or menu offering ``action``."""
        return self.format_action(action)

    def is_simultaneous(self, state: S) -> bool:
        """Whether the seats to act choose at once without seeing each other's choice (a
        janken): then one seat's action tells the others nothing, and need not make their
        view stale."""
        return False

    def timeout_actions(self, state: S) -> tuple[tuple[Seat, A], ...]:
        """What a move clock running out plays instead of a forfeit (e.g. a default choice);
        empty, the default, means the late player loses on time."""
        return ()

    def disclosed_moves(
        self,
        settings: Mapping[str, JSON] | None,
        seed: int,
        moves: Sequence[tuple[Seat | None, str]],
    ) -> list[tuple[Seat | None, str]]:
        """A finished game's logged moves as anyone may see them once its seed is revealed:
        the same end from the same seed, with what stays private for good left out (a game
        whose moves are all public, the default, shows them all)."""
        return list(moves)

    def action_description(self, state: S, action: A, locale: Locale) -> str | None:
        """A second line for a menu option offering ``action`` (what it leads to); ``None``,
        the default, when the label says enough."""
        return None

    def deal(self, initial: S, steps: Sequence[tuple[S, Sequence[Event]]]) -> dict[str, JSON]:
        """What chance dealt, for anyone checking a finished game (``python -m rules.verify``):
        from the first state and each ``(state, events)`` after an action, JSON-safe. Empty,
        the default, for a game with no hidden randomness."""
        return {}

    def describe_deal(self, deal: Mapping[str, JSON]) -> list[str]:
        """:meth:`deal` as lines of plain text (indented two spaces), one fact a line."""
        return [
            f"  {key}: {' '.join(map(str, value)) if isinstance(value, list) else value}"
            for key, value in deal.items()
        ]

    def counts(self, outcome: Outcome) -> bool:
        """Whether ``outcome`` is a result at all (not one of :attr:`no_result_reasons`):
        only results are won, lost or drawn in anyone's record."""
        return outcome.reason not in self.no_result_reasons

    def _illegal_reason(self, state: S, seat: Seat, action: A) -> Text | None:
        """Why ``action`` is illegal, for a precise message; ``None`` for the generic one."""
        return None

    # --- the framework ---------------------------------------------------------------------

    def outcome(self, state: S) -> Outcome | None:
        return state.outcome

    def is_over(self, state: S) -> bool:
        return state.outcome is not None

    def to_act(self, state: S) -> tuple[Seat, ...]:
        return () if state.outcome is not None else self._to_act(state)

    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        if state.outcome is not None or seat not in self._to_act(state):
            return ()
        return self._legal_actions(state, seat)

    def meta_actions(self, state: S, seat: Seat) -> tuple[MetaAction, ...]:
        """The meta actions ``seat`` may take now, for offering buttons."""
        if state.outcome is not None or not 0 <= seat < self.seats:
            return ()
        out: list[MetaAction] = [Resign()]
        if self.allows_draw_offers and self.seats > 1:
            if state.draw_offer is None:
                out.append(OfferDraw())
            elif state.draw_offer != seat:
                out += [AcceptDraw(), DeclineDraw()]
        return tuple(out)

    def parse(self, code: str) -> A | MetaAction:
        """Parse a game move or a meta action."""
        if not isinstance(code, str) or not code or len(code) > 200:
            raise InvalidActionError()
        meta = parse_meta_action(code)
        return meta if meta is not None else self.parse_action(code)

    def format(self, action: A | MetaAction) -> str:
        if isinstance(action, _META_TYPES):
            return action.code
        return self.format_action(action)

    def apply(self, state: S, seat: Seat | None, action: A | MetaAction) -> Transition[S]:
        """Apply ``action`` by ``seat`` (``None`` for the platform) or raise a ``RulesError``.

        The old state is never modified.
        """
        if state.outcome is not None:
            raise GameOverError()
        if isinstance(action, _META_TYPES):
            return self._apply_meta(state, seat, action)
        if seat is None or not 0 <= seat < self.seats:
            raise NotYourTurnError(NOT_A_PLAYER)
        if seat not in self._to_act(state):
            raise NotYourTurnError()
        if action not in self._legal_actions(state, seat):
            raise IllegalActionError(self._illegal_reason(state, seat, action))
        new_state, events = self._apply(state, seat, action)
        if new_state.draw_offer is not None and new_state.draw_offer != seat:
            # Moving instead of answering declines the opponent's offer.
            new_state = dataclasses.replace(new_state, draw_offer=None)  # type: ignore[type-var]
        return Transition(new_state, events)

    def _apply_meta(self, state: S, seat: Seat | None, action: MetaAction) -> Transition[S]:
        if isinstance(action, Adjudicate):
            if seat is not None or self.seats < 2:
                raise IllegalActionError()
            if action.winner is None:
                return self._finish(
                    state,
                    Outcome.draw(self.seats, "adjudicated"),
                    Event("adjudicated_draw", None, {"rule": action.rule}),
                )
            if not 0 <= action.winner < self.seats:
                raise IllegalActionError()
            return self._finish(
                state,
                Outcome.win(action.winner, self.seats, "adjudicated"),
                Event("adjudicated", action.winner, {"rule": action.rule}),
            )
        if isinstance(action, Forfeit):
            if seat is not None or not 0 <= action.loser < self.seats:
                raise IllegalActionError()
            outcome = Outcome.loss(action.loser, self.seats, action.reason)
            return self._finish(
                state, outcome, Event("forfeit", action.loser, {"reason": action.reason})
            )
        if seat is None or not 0 <= seat < self.seats:
            raise NotYourTurnError(NOT_A_PLAYER)
        if isinstance(action, Resign):
            return self._finish(
                state, Outcome.loss(seat, self.seats, "resign"), Event("resign", seat)
            )
        if not (self.allows_draw_offers and self.seats > 1):
            raise IllegalActionError(DRAWS_NOT_ALLOWED)
        if isinstance(action, OfferDraw):
            if state.draw_offer is not None:
                raise IllegalActionError(DRAW_ALREADY_OFFERED)
            new = dataclasses.replace(state, draw_offer=seat)  # type: ignore[type-var]
            return Transition(new, (Event("draw_offer", seat),))
        if state.draw_offer is None:
            raise IllegalActionError(NO_DRAW_OFFER)
        if state.draw_offer == seat:
            raise IllegalActionError(OWN_DRAW_OFFER)
        if isinstance(action, DeclineDraw):
            new = dataclasses.replace(state, draw_offer=None)  # type: ignore[type-var]
            return Transition(new, (Event("draw_decline", seat),))
        return self._finish(
            state, Outcome.draw(self.seats, "agreement"), Event("draw_accept", seat)
        )

    def _finish(self, state: S, outcome: Outcome, event: Event) -> Transition[S]:
        new = dataclasses.replace(state, outcome=outcome, draw_offer=None)  # type: ignore[type-var]
        return Transition(new, (event, Event("game_over", None, outcome.dump())))

    def replay(
        self,
        settings: Mapping[str, JSON] | None,
        seed: int,
        moves: Sequence[tuple[Seat | None, str]],
    ) -> S:
        """Rebuild a state from its settings, seed and logged ``(seat, action code)`` pairs."""
        state = self.new_game(settings, seed)
        for seat, code in moves:
            state = self.apply(state, seat, self.parse(code)).state
        return state

    # --- codec -----------------------------------------------------------------------------

    def dump(self, state: S) -> dict[str, JSON]:
        return {
            "game": self.name,
            "schema_version": self.schema_version,
            "rules_version": self.rules_version,
            "state": self._dump_state(state),
        }

    def load(self, data: Mapping[str, JSON]) -> S:
        try:
            if data["game"] != self.name:
                raise CodecError()
            if data["schema_version"] != self.schema_version:
                raise CodecError()
            return self._load_state(data["state"])
        except CodecError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CodecError() from exc

    # --- shared event text -----------------------------------------------------------------

    def describe_common_event(self, event: Event, locale: Locale) -> str | None:
        """Text for the framework's own events; games call this first."""
        from rules.core.outcome import REASON_TEXT

        if event.kind == "game_over":
            return None  # the board shows the result
        text = _COMMON_EVENT_TEXT.get(event.kind)
        if text is None:
            return None
        seat = self.seat_name(event.seat, locale) if event.seat is not None else ""
        reason_key = str(event.data.get("reason", ""))
        reason = REASON_TEXT.get(reason_key, Text(reason_key, reason_key))(locale)
        return text.format(seat=seat, reason=reason)(locale)

    def reason_text(self, reason: str) -> Text:
        """How an outcome's reason reads, in both languages."""
        from rules.core.outcome import REASON_TEXT

        return self.reason_texts.get(reason) or REASON_TEXT.get(reason) or Text(reason, reason)

    def seat_name(self, seat: Seat, locale: Locale) -> str:
        """How the rules name a seat (先手/Black …); the bot usually shows player names."""
        return Text("プレイヤー{n}", "Player {n}").format(n=seat + 1)(locale)
