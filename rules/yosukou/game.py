"""易双六 (Youscout) and 略式易双六 (Simplified Youscout) as a :class:`GameRules`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rules.cards.tarot import MINOR_CODES
from rules.core.errors import CodecError, InvalidActionError, InvalidSettingsError
from rules.core.outcome import REASON_TEXT as CORE_REASON_TEXT
from rules.core.outcome import Outcome, Seat
from rules.core.protocol import JSON, Event, GameRules, Transition
from rules.core.rng import Rng
from rules.core.text import Locale, Text
from rules.yosukou import deal as yosukou_deal
from rules.yosukou.engine import (
    DEALABLE,
    DEATH,
    FOOL,
    PILE_INDEX,
    PILES,
    POSITIONS,
    TALON_END,
    BoardMajor,
    Restriction,
    Step,
    Table,
    board_values,
    compile_settings,
    goal_of,
    new_talon,
    swap_8_11,
    terminal_of,
)
from rules.yosukou.render import (
    action_label,
    describe_event,
    explain_event,
    illegal_reason,
    render_compact,
)
from rules.yosukou.render import render as render_view
from rules.yosukou.settings import YosukouSettings, parse_settings
from rules.yosukou.state import (
    CHOOSE,
    OVER,
    PLAY,
    START,
    WAR,
    Draw,
    Move,
    Start,
    Stay,
    WarCancel,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouState,
    YosukouView,
)
from rules.yosukou.why import why_lines

SOLO: Seat = 0

TITLE = Text("易双六", "Youscout")
TITLE_SIMPLIFIED = Text("略式易双六", "Simplified Youscout")

#: Outcome reasons of this game.
REASON_TEXT: dict[str, Text] = {
    "goal": Text("目標の爻に到達", "goal reached"),
    "missed_goal": Text("目標の爻に届かず", "goal missed"),
    "no_result": Text("終了カード0回のため結果なし", "no result (end card count 0)"),
}

_DEAL_RULES = {
    "six": Text(
        "盤は(0)と(13)以外の異なる大アルカナ6枚です",
        "the board is 6 different majors, not (0) or (13)",
    ),
    "talon": Text(
        "山札は小アルカナ56枚と終了札(END)1枚です",
        "the talon is the 56 minors and one end card (END)",
    ),
    "starts": Text("開始できる爻がありません", "no position is a legal start"),
    "positions": Text("爻は1から6です", "positions are 1 to 6"),
    "piles": Text(
        "置き場の名前、カードの重複、終了札の回数のどれかが正しくありません",
        "an unknown pile, a card placed twice, or a wrong end-card count",
    ),
    "majors": Text(
        "大アルカナは A01..A21 と upright true/false で指定します",
        "majors are A01..A21 with upright true/false",
    ),
}


def _bad_deal(why: str) -> InvalidSettingsError:
    rule = _DEAL_RULES[why]
    return InvalidSettingsError(
        Text(f"配り札が正しくありません：{rule.ja}。", f"Invalid deal: {rule.en}.")
    )


YosukouTransition = Transition[YosukouState]


class YosukouRules(GameRules[YosukouState, YosukouAction, YosukouView]):
    """Both variants; ``settings["variant"]`` picks the original or 略式 rules."""

    name: ClassVar[str] = "yosukou"
    title: ClassVar[Text] = TITLE
    seats: ClassVar[int] = 1
    rules_version: ClassVar[int] = 1
    schema_version: ClassVar[int] = 1
    allows_draw_offers: ClassVar[bool] = False
    reason_texts: ClassVar[dict[str, Text]] = REASON_TEXT
    hidden_randomness: ClassVar[bool] = True
    #: No end-card appearance at all (an end-card count of 0): neither won nor lost.
    no_result_reasons: ClassVar[frozenset[str]] = frozenset({"no_result"})

    def deal(
        self, initial: YosukouState, steps: Sequence[tuple[YosukouState, Sequence[Event]]]
    ) -> dict[str, JSON]:
        return yosukou_deal.deal(initial, steps)

    def describe_deal(self, deal: Mapping[str, JSON]) -> list[str]:
        return yosukou_deal.describe_deal(deal)

    # --- settings and setup ----------------------------------------------------------------

    def normalize_settings(self, settings: Mapping[str, JSON] | None) -> dict[str, JSON]:
        return parse_settings(settings).as_dict()

    def title_for(self, settings: Mapping[str, JSON] | YosukouSettings | None) -> Text:
        """易双六 / Youscout, or 略式易双六 / Simplified Youscout for the simplified variant."""
        if not isinstance(settings, YosukouSettings):
            settings = parse_settings(settings)
        return TITLE_SIMPLIFIED if settings.simplified else TITLE

    def new_game(self, settings: Mapping[str, JSON] | None, seed: int) -> YosukouState:
        parsed = parse_settings(settings)
        rng = Rng.from_seed(seed)
        numbers, rng = rng.shuffled(DEALABLE)
        dealt: list[BoardMajor] = []
        for number in numbers[:6]:
            # Each card's facing is independent of the others.
            flip, rng = rng.below(2)
            dealt.append(BoardMajor(number, flip == 0))
        return self._setup(parsed, tuple(dealt), (), rng, ())

    def new_game_from_deal(
        self,
        settings: Mapping[str, JSON] | None,
        board: Sequence[BoardMajor | tuple[str, bool] | Mapping[str, Any]],
        talon: Sequence[str] | None = None,
        *,
        start: int | None = None,
        seed: int = 0,
        reshuffles: Sequence[Sequence[str]] = (),
    ) -> YosukouState:
        """A game from an explicit deal: the six majors **as dealt** (the (8)/(11) swap is
        applied here), optionally the talon (top first: the 56 minors and the end card, which
        may be written ``END`` to stand for whichever end card the start picks), optionally the
        start, and the talons to use at end-card reshuffles, in order. Unfixed parts come from
        ``seed``. Raises :class:`InvalidSettingsError` for an inconsistent deal and
        :class:`IllegalActionError` for an illegal start."""
        parsed = parse_settings(settings)
        dealt = tuple(_board_major(item) for item in board)
        numbers = [c.number for c in dealt]
        if len(numbers) != 6 or len(set(numbers)) != 6 or any(n not in DEALABLE for n in numbers):
            raise _bad_deal("six")
        preset: tuple[str, ...] = ()
        if talon is not None:
            preset = tuple(talon)
            ends = [c for c in preset if c not in MINOR_CODES]
            if (
                len(preset) != 57
                or sorted(c for c in preset if c in MINOR_CODES) != sorted(MINOR_CODES)
                or len(ends) != 1
                or ends[0] not in (TALON_END, FOOL, DEATH)
            ):
                raise _bad_deal("talon")
        planned = tuple(tuple(order) for order in reshuffles)
        state = self._setup(parsed, dealt, preset, Rng.from_seed(seed), planned)
        if not self._legal_starts(state):
            raise _bad_deal("starts")
        if start is not None:
            state = self.apply(state, SOLO, Start(start)).state
        return state

    def new_game_from_position(
        self,
        settings: Mapping[str, JSON] | None,
        board: Sequence[BoardMajor | tuple[str, bool] | Mapping[str, Any]],
        *,
        start: int,
        talon: Sequence[str] = (),
        piles: Mapping[str, Sequence[str]] | None = None,
        token: int | None = None,
        drawn_terminals: int = 0,
        seed: int = 0,
    ) -> YosukouState:
        """A game in the middle, for tests, puzzles and replays: ``board`` is the board as it
        stands (no swap is applied), ``piles`` maps pile names to their cards, ``talon`` gives
        the top of the talon. Every minor not placed follows in deck order, then the end card,
        unless ``talon`` already holds it (as ``END`` or its code)."""
        parsed = parse_settings(settings)
        fixed = tuple(_board_major(item) for item in board)
        numbers = [c.number for c in fixed]
        if len(numbers) != 6 or len(set(numbers)) != 6 or any(n not in DEALABLE for n in numbers):
            raise _bad_deal("six")
        if start not in POSITIONS or (token is not None and token not in POSITIONS):
            raise _bad_deal("positions")
        terminal, aside = terminal_of(start)
        laid = {name: list(cards) for name, cards in (piles or {}).items()}
        if any(name not in PILE_INDEX for name in laid):
            raise _bad_deal("piles")
        top = [terminal if c == TALON_END else c for c in talon]
        laid_cards = [c for cards in laid.values() for c in cards]
        placed = top + laid_cards
        if (
            len(set(placed)) != len(placed)
            or any(c not in MINOR_CODES for c in laid_cards)
            or any(c not in MINOR_CODES and c != terminal for c in top)
            or not 0 <= drawn_terminals < max(parsed.rule_terminals, 1)
        ):
            raise _bad_deal("piles")
        rest = [c for c in MINOR_CODES if c not in placed]
        full_talon = (*top, *rest, *(() if terminal in top else (terminal,)))
        return YosukouState(
            settings=parsed,
            dealt=fixed,
            board=fixed,
            restriction=None,
            phase=PLAY,
            start=start,
            token=token if token is not None else start,
            terminal=terminal,
            aside=aside,
            talon=full_talon,
            piles=tuple(tuple(laid.get(name, ())) for name in PILES),
            drawn_terminals=drawn_terminals,
            draws=0,
            pending=None,
            war_total=0,
            war_to_co=0,
            holding=None,
            war_end=None,
            rng=Rng.from_seed(seed),
        )

    def _setup(
        self,
        settings: YosukouSettings,
        dealt: tuple[BoardMajor, ...],
        preset: tuple[str, ...],
        rng: Rng,
        planned: tuple[tuple[str, ...], ...],
    ) -> YosukouState:
        board, restriction = swap_8_11(dealt, settings.rule_swap_8_11)
        return YosukouState(
            settings=settings,
            dealt=dealt,
            board=board,
            restriction=restriction,
            phase=START,
            start=None,
            token=None,
            terminal=None,
            aside=None,
            talon=preset,
            piles=tuple(() for _ in PILES),
            drawn_terminals=0,
            draws=0,
            pending=None,
            war_total=0,
            war_to_co=0,
            holding=None,
            war_end=None,
            rng=rng,
            planned=planned,
        )

    def _legal_starts(self, state: YosukouState) -> tuple[int, ...]:
        if state.phase != START:
            return ()
        starts = state.restriction.positions if state.restriction else POSITIONS
        fixed = {FOOL, DEATH} & set(state.talon)
        if fixed:
            # A fixed talon that already names its end card fixes the start trigram.
            starts = tuple(p for p in starts if terminal_of(p)[0] in fixed)
        return starts

    def legal_starts(self, state: YosukouState) -> tuple[int, ...]:
        """The positions the token may start on (the solid method may force a trigram)."""
        return self._legal_starts(state)

    # --- turn order and legality -----------------------------------------------------------

    def _to_act(self, state: YosukouState) -> tuple[Seat, ...]:
        return (SOLO,)

    def _legal_actions(self, state: YosukouState, seat: Seat) -> tuple[YosukouAction, ...]:
        if state.phase == START:
            return tuple(Start(p) for p in self._legal_starts(state))
        if state.phase == PLAY:
            return (Draw(),)
        if state.phase == CHOOSE:
            return (Move(), Stay())
        if state.phase == WAR:
            table = self._table(state)
            if state.holding is not None:
                source = PILE_INDEX[state.holding[0]]
                places: list[YosukouAction] = [
                    WarPlace(PILES[d]) for d in table.war_destinations(source)
                ]
                return (*places, WarCancel())
            takes = [
                WarTake(PILES[i], card) for i in table.war_sources() for card in state.piles[i]
            ]
            return (Draw(), *takes)
        return ()

    def _illegal_reason(
        self, state: YosukouState, seat: Seat, action: YosukouAction
    ) -> Text | None:
        return illegal_reason(state, action)

    # --- applying actions ------------------------------------------------------------------

    def table_of(self, state: YosukouState) -> Table:
        """A mutable table holding ``state`` (what the simulator plays on from a position)."""
        return self._table(state)

    def _table(self, state: YosukouState) -> Table:
        cfg = compile_settings(state.settings)
        start = state.start if state.start is not None else 1
        table = Table(
            cfg,
            board_values(state.board, cfg.multiplier),
            start=start,
            token=state.token if state.token is not None else start,
            stack=list(reversed(state.talon)),
            piles=[list(p) for p in state.piles],
            terminal=state.terminal or "",
            drawn_terminals=state.drawn_terminals,
            rng=state.rng.state,
            planned=[list(t) for t in state.planned],
        )
        table.pending = state.pending
        table.war = state.phase == WAR
        table.war_total = state.war_total
        table.war_to_co = state.war_to_co
        table.war_end = state.war_end
        if state.holding is not None:
            table.holding = (PILE_INDEX[state.holding[0]], state.holding[1])
        return table

    def _from_table(self, state: YosukouState, table: Table, draws: int) -> YosukouState:
        if table.over:
            phase = OVER
        elif table.pending is not None:
            phase = CHOOSE
        elif table.war:
            phase = WAR
        else:
            phase = PLAY
        outcome = None
        if table.over:
            outcome = Outcome((1.0,), "goal") if table.won else Outcome((0.0,), "missed_goal")
        holding = None
        if table.holding is not None:
            holding = (PILES[table.holding[0]], table.holding[1])
        return YosukouState(
            settings=state.settings,
            dealt=state.dealt,
            board=state.board,
            restriction=state.restriction,
            phase=phase,
            start=state.start,
            token=table.token,
            terminal=state.terminal,
            aside=state.aside,
            talon=tuple(reversed(table.stack)),
            piles=tuple(tuple(p) for p in table.piles),
            drawn_terminals=table.drawn_terminals,
            draws=draws,
            pending=table.pending,
            war_total=table.war_total,
            war_to_co=table.war_to_co,
            holding=holding,
            war_end=table.war_end,
            rng=Rng(table.rng),
            planned=tuple(tuple(t) for t in table.planned),
            outcome=outcome,
        )

    def _apply(self, state: YosukouState, seat: Seat, action: YosukouAction) -> YosukouTransition:
        if isinstance(action, Start):
            return self._apply_start(state, action.position)
        table = self._table(state)
        events: list[Event] = []
        draws = state.draws
        if isinstance(action, Draw):
            if table.war:
                events.append(Event("war_end", SOLO, {"reason": "player_drew"}))
            draws += 1
            step = table.draw(explain=True)
            events.append(self._draw_event(table, step, draws))
        elif isinstance(action, Move | Stay):
            before = table.token
            step = table.choose(isinstance(action, Move), explain=True)
            events.append(
                Event(
                    "choice",
                    SOLO,
                    {
                        "choice": step.result,
                        "card": step.card,
                        "token_before": before,
                        "token": table.token,
                        "moves": step.moves or [],
                    },
                )
            )
            if isinstance(action, Move) and table.cfg.war:
                events.append(
                    Event(
                        "war_start",
                        SOLO,
                        {
                            "limit": state.settings.rule_replacement,
                            "co_limit": state.settings.rule_replacement_coins_lower,
                            "cross_border": state.settings.rule_cross_border,
                        },
                    )
                )
                if not table.war:
                    events.append(Event("war_end", SOLO, {"reason": table.war_end}))
        elif isinstance(action, WarTake):
            table.war_take(PILE_INDEX[action.pile], action.card)
            events.append(Event("war_take", SOLO, {"pile": action.pile, "card": action.card}))
        elif isinstance(action, WarPlace):
            assert table.holding is not None
            source, card = table.holding
            counted = table.war_place(PILE_INDEX[action.pile])
            events.append(
                Event(
                    "war_place",
                    SOLO,
                    {
                        "card": card,
                        "from": PILES[source],
                        "to": action.pile,
                        "counted": counted,
                        "total": table.war_total,
                        "to_co": table.war_to_co,
                        "limit": state.settings.rule_replacement,
                        "co_limit": state.settings.rule_replacement_coins_lower,
                    },
                )
            )
            if not table.war:
                events.append(Event("war_end", SOLO, {"reason": table.war_end}))
        else:
            assert table.holding is not None
            source, card = table.holding
            table.war_cancel()
            events.append(Event("war_cancel", SOLO, {"card": card, "pile": PILES[source]}))
        new = self._from_table(state, table, draws)
        if new.outcome is not None:
            events += self._end_events(new)
        return Transition(new, tuple(events))

    def _apply_start(self, state: YosukouState, position: int) -> YosukouTransition:
        terminal, aside = terminal_of(position)
        rng = state.rng
        if state.talon:
            talon = tuple(terminal if c == TALON_END else c for c in state.talon)
        else:
            shuffled, raw = new_talon(terminal, rng.state)
            talon, rng = tuple(shuffled), Rng(raw)
        over = state.settings.rule_terminals == 0
        new = YosukouState(
            settings=state.settings,
            dealt=state.dealt,
            board=state.board,
            restriction=state.restriction,
            phase=OVER if over else PLAY,
            start=position,
            token=position,
            terminal=terminal,
            aside=aside,
            talon=talon,
            piles=state.piles,
            drawn_terminals=0,
            draws=0,
            pending=None,
            war_total=0,
            war_to_co=0,
            holding=None,
            war_end=None,
            rng=rng,
            planned=state.planned,
            # With 0 end-card appearances the reference stops at once, with no result.
            outcome=Outcome((0.0,), "no_result") if over else None,
        )
        events = [
            Event(
                "start",
                SOLO,
                {
                    "position": position,
                    "terminal": terminal,
                    "aside": aside,
                    "goal": list(goal_of(position)),
                    "talon_len": len(talon),
                },
            )
        ]
        if over:
            events += self._end_events(new)
        return Transition(new, tuple(events))

    def _draw_event(self, table: Table, step: Step, draws: int) -> Event:
        if step.result.startswith("terminal"):
            data: dict[str, JSON] = {
                "card": step.card,
                "count": table.drawn_terminals,
                "limit": table.cfg.terminals,
                "result": "reshuffle" if step.result == "terminal_reshuffle" else "end",
                "token": table.token,
                "talon_len": len(table.stack),
                "draw": draws,
            }
            if table.over:
                data["start"] = table.start
                data["goal"] = list(goal_of(table.start))
                data["win"] = table.won
            return Event("terminal", SOLO, data)
        return Event(
            "draw",
            SOLO,
            {
                "card": step.card,
                "token_before": step.token_before,
                "token": step.token,
                "result": step.result,
                "calc": step.calc or {},
                "moves": step.moves or [],
                "talon_len": len(table.stack),
                "draw": draws,
            },
        )

    def _end_events(self, state: YosukouState) -> list[Event]:
        assert state.outcome is not None
        return [Event("game_over", None, state.outcome.dump())]

    # --- action codes ----------------------------------------------------------------------

    def parse_action(self, code: str) -> YosukouAction:
        if not isinstance(code, str):
            raise InvalidActionError()
        parts = code.strip().split(":")
        head = parts[0].lower()
        if len(parts) == 1:
            simple: dict[str, YosukouAction] = {
                "draw": Draw(),
                "move": Move(),
                "stay": Stay(),
                "cancel": WarCancel(),
            }
            if head in simple:
                return simple[head]
        elif head == "start" and len(parts) == 2 and parts[1] in ("1", "2", "3", "4", "5", "6"):
            return Start(int(parts[1]))
        elif head == "place" and len(parts) == 2 and parts[1] in PILE_INDEX:
            return WarPlace(parts[1])
        elif head == "take" and len(parts) == 3 and parts[1] in PILE_INDEX:
            card = parts[2].upper()
            if card in MINOR_CODES:
                return WarTake(parts[1], card)
        raise InvalidActionError()

    def format_action(self, action: YosukouAction) -> str:
        if isinstance(action, Start):
            return f"start:{action.position}"
        if isinstance(action, Draw):
            return "draw"
        if isinstance(action, Move):
            return "move"
        if isinstance(action, Stay):
            return "stay"
        if isinstance(action, WarTake):
            return f"take:{action.pile}:{action.card}"
        if isinstance(action, WarPlace):
            return f"place:{action.pile}"
        return "cancel"

    def action_label(self, action: YosukouAction, locale: Locale) -> str:
        return action_label(action, locale)

    # --- views and text --------------------------------------------------------------------

    def view_for(self, state: YosukouState, viewer: Seat | None) -> YosukouView:
        cfg = compile_settings(state.settings)
        values = board_values(state.board, cfg.multiplier)
        return YosukouView(
            settings=state.settings,
            dealt=state.dealt,
            board=state.board,
            values=tuple(values),
            restriction=state.restriction,
            legal_starts=self._legal_starts(state),
            phase=state.phase,
            start=state.start,
            token=state.token,
            goal=goal_of(state.start) if state.start is not None else None,
            terminal=state.terminal,
            aside=state.aside,
            # Before the start the talon-to-be holds the 56 minors and the end card.
            talon_len=len(state.talon) if state.start is not None else 57,
            piles=state.piles,
            drawn_terminals=state.drawn_terminals,
            draws=state.draws,
            pending=state.pending,
            war_total=state.war_total,
            war_to_co=state.war_to_co,
            holding=state.holding,
            outcome=state.outcome,
        )

    def render(self, view: YosukouView, locale: Locale) -> str:
        return render_view(view, locale)

    def render_compact(self, view: YosukouView, locale: Locale) -> str:
        """The short board (at most 15 lines) for every draw; :meth:`render` is the full one."""
        return render_compact(view, locale)

    def describe_event(self, event: Event, locale: Locale) -> str:
        common = self.describe_common_event(event, locale)
        if common is not None:
            return common
        return describe_event(event, locale)

    def explain_event(self, event: Event, locale: Locale) -> str | None:
        """The formula and card moves behind an event (a "Why?" view), or ``None``."""
        return explain_event(event, locale)

    def explain_in_words(self, event: Event, locale: Locale) -> list[str]:
        """What a draw compared, with which numbers, and why the token moved or stayed."""
        return why_lines(event, locale)

    def outcome_text(self, outcome: Outcome, locale: Locale) -> str:
        """The reason of an outcome of this game, in words."""
        text = REASON_TEXT.get(outcome.reason) or CORE_REASON_TEXT.get(outcome.reason)
        return text(locale) if text is not None else outcome.reason

    # --- codec -----------------------------------------------------------------------------

    def _dump_state(self, state: YosukouState) -> dict[str, JSON]:
        return {
            "settings": state.settings.as_dict(),
            "dealt": [c.dump() for c in state.dealt],
            "board": [c.dump() for c in state.board],
            "restriction": state.restriction.dump() if state.restriction else None,
            "phase": state.phase,
            "start": state.start,
            "token": state.token,
            "terminal": state.terminal,
            "aside": state.aside,
            "talon": list(state.talon),
            "piles": {name: list(pile) for name, pile in zip(PILES, state.piles, strict=True)},
            "drawn_terminals": state.drawn_terminals,
            "draws": state.draws,
            "pending": state.pending,
            "war_total": state.war_total,
            "war_to_co": state.war_to_co,
            "holding": list(state.holding) if state.holding else None,
            "war_end": state.war_end,
            # A string: 64-bit integers do not survive every JSON reader.
            "rng": format(state.rng.state, "x"),
            "planned": [list(t) for t in state.planned],
            "outcome": state.outcome.dump() if state.outcome else None,
        }

    def _load_state(self, data: Mapping[str, JSON]) -> YosukouState:
        def opt_str(value: JSON) -> str | None:
            if value is None or isinstance(value, str):
                return value
            raise CodecError()

        def opt_pos(value: JSON) -> int | None:
            if value is None or (type(value) is int and value in POSITIONS):
                return value
            raise CodecError()

        def count(value: JSON) -> int:
            if type(value) is int and value >= 0:
                return value
            raise CodecError()

        def cards(value: JSON) -> tuple[str, ...]:
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise CodecError()
            return tuple(value)

        try:
            settings = parse_settings(data["settings"])
        except InvalidSettingsError as exc:
            raise CodecError() from exc
        if settings.as_dict() != data["settings"]:
            raise CodecError()
        phase = data["phase"]
        if phase not in (START, PLAY, CHOOSE, WAR, OVER):
            raise CodecError()
        holding = data["holding"]
        if holding is not None:
            if not (isinstance(holding, list) and len(holding) == 2):
                raise CodecError()
            pile, card = holding
            if pile not in PILE_INDEX or not isinstance(card, str):
                raise CodecError()
            holding = (pile, card)
        raw_piles = data["piles"]
        if not isinstance(raw_piles, dict) or set(raw_piles) != set(PILES):
            raise CodecError()
        restriction = data["restriction"]
        outcome = data["outcome"]
        rng = data["rng"]
        if not isinstance(rng, str):
            raise CodecError()
        planned = data["planned"]
        if not isinstance(planned, list):
            raise CodecError()
        return YosukouState(
            settings=settings,
            dealt=tuple(BoardMajor.load(c) for c in data["dealt"]),
            board=tuple(BoardMajor.load(c) for c in data["board"]),
            restriction=Restriction.load(restriction) if restriction is not None else None,
            phase=phase,
            start=opt_pos(data["start"]),
            token=opt_pos(data["token"]),
            terminal=opt_str(data["terminal"]),
            aside=opt_str(data["aside"]),
            talon=cards(data["talon"]),
            piles=tuple(cards(raw_piles[name]) for name in PILES),
            drawn_terminals=count(data["drawn_terminals"]),
            draws=count(data["draws"]),
            pending=opt_str(data["pending"]),
            war_total=count(data["war_total"]),
            war_to_co=count(data["war_to_co"]),
            holding=holding,
            war_end=opt_str(data["war_end"]),
            rng=Rng(int(rng, 16)),
            planned=tuple(cards(t) for t in planned),
            outcome=Outcome.load(outcome) if outcome is not None else None,
        )


def _board_major(item: BoardMajor | tuple[str, bool] | Mapping[str, Any]) -> BoardMajor:
    try:
        if isinstance(item, BoardMajor):
            return item
        if isinstance(item, tuple):
            return BoardMajor.load({"card": item[0], "upright": item[1]})
        return BoardMajor.load(item)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _bad_deal("majors") from exc


__all__ = ["REASON_TEXT", "TITLE", "TITLE_SIMPLIFIED", "YosukouRules"]
