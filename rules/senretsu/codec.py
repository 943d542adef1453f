"""JSON-safe dump and load of a :class:`SenretsuState` (exact round trip).

Cards are stored by code (``H10``, ``JR``), a field card as ``"H10"`` or ``"JR=7"`` (a joker with
its declared range), a side as ``{"front": [[...], ...], "back": [[...], ...]}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules.cards.playing import Card, Colour, parse_card
from rules.core.errors import CodecError
from rules.core.outcome import Outcome
from rules.core.rng import Rng
from rules.senretsu.state import (
    JANKEN_HANDS,
    PHASES,
    AttackLog,
    FieldCard,
    JankenHand,
    Line,
    PendingHits,
    Phase,
    Placement,
    SenretsuState,
    Side,
    Staging,
    StartMethod,
    Strike,
    StrikeResult,
    TurnLog,
)

JSON = Any
_STARTS: tuple[StartMethod, ...] = ("janken", "coin", "setting", "given")
_RESULTS: tuple[StrikeResult, ...] = ("own", "beyond", "line", "deck")


def card_codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def load_cards(raw: JSON) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise CodecError()
    try:
        return tuple(parse_card(code) for code in raw)
    except (ValueError, AttributeError) as exc:
        raise CodecError() from exc


def load_card(raw: JSON) -> Card:
    return load_cards([raw])[0]


def dump_field_card(fc: FieldCard) -> str:
    return str(fc)


def load_field_card(raw: JSON) -> FieldCard:
    if not isinstance(raw, str):
        raise CodecError()
    code, _, declared = raw.partition("=")
    card = load_card(code)
    if card.is_joker:
        if not declared.isdigit():
            raise CodecError()
        return FieldCard(card, int(declared))
    if declared:
        raise CodecError()
    return FieldCard(card, card.rank)


def dump_line(line: Line) -> list[str]:
    return [dump_field_card(fc) for fc in line]


def dump_side(side: Side) -> dict[str, JSON]:
    return {
        "front": [dump_line(line) for line in side.front],
        "back": [dump_line(line) for line in side.back],
    }


def _load_lines(raw: JSON) -> tuple[Line, ...]:
    if not isinstance(raw, list) or not all(isinstance(line, list) and line for line in raw):
        raise CodecError()  # also refuses an empty line: there never is one
    return tuple(tuple(load_field_card(fc) for fc in line) for line in raw)


def load_side(raw: JSON) -> Side:
    return Side(_load_lines(raw["front"]), _load_lines(raw["back"]))


def dump_strike(strike: Strike) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "card": strike.card.code,
        "range": strike.range,
        "line": strike.line,
        "target": strike.target,
        "result": strike.result,
    }
    if strike.lost:
        out["lost"] = card_codes(strike.lost)
    if strike.turned is not None:
        out["turned"] = strike.turned.code
        out["to_hand"] = strike.to_hand
    return out


def load_strike(raw: JSON) -> Strike:
    result = raw["result"]
    if result not in _RESULTS:
        raise CodecError()
    turned = raw.get("turned")
    return Strike(
        card=load_card(raw["card"]),
        range=int(raw["range"]),
        line=int(raw["line"]),
        target=int(raw["target"]),
        result=result,
        lost=load_cards(raw.get("lost", [])),
        turned=None if turned is None else load_card(turned),
        to_hand=bool(raw.get("to_hand", False)),
    )


def dump_attack(log: AttackLog) -> dict[str, JSON]:
    return {
        "attacker": log.attacker,
        "turn": log.turn,
        "strikes": [dump_strike(s) for s in log.strikes],
        "casualties": card_codes(log.casualties),
    }


def load_attack(raw: JSON) -> AttackLog:
    return AttackLog(
        attacker=_seat(raw["attacker"]),
        turn=int(raw["turn"]),
        strikes=tuple(load_strike(s) for s in raw["strikes"]),
        casualties=load_cards(raw["casualties"]),
    )


def dump_turn(log: TurnLog) -> dict[str, JSON]:
    return {
        "seat": log.seat,
        "turn": log.turn,
        "attack": None if log.attack is None else dump_attack(log.attack),
        "drawn": log.drawn,
        "placed": [[p.card.code, p.line, p.range] for p in log.placed],
    }


def load_turn(raw: JSON) -> TurnLog:
    return TurnLog(
        seat=_seat(raw["seat"]),
        turn=int(raw["turn"]),
        attack=None if raw["attack"] is None else load_attack(raw["attack"]),
        drawn=int(raw["drawn"]),
        placed=tuple(
            Placement(load_card(card), int(line), int(range_))
            for card, line, range_ in raw["placed"]
        ),
    )


def _seat(raw: JSON) -> int:
    if raw not in (0, 1) or isinstance(raw, bool):
        raise CodecError()
    return cast(int, raw)


def _opt_seat(raw: JSON) -> int | None:
    return None if raw is None else _seat(raw)


def _pair(raw: JSON) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise CodecError()
    return load_cards(raw[0]), load_cards(raw[1])


def _janken_hand(raw: JSON) -> JankenHand | None:
    if raw is None:
        return None
    if raw not in JANKEN_HANDS:
        raise CodecError()
    return cast(JankenHand, raw)


def dump_state(state: SenretsuState) -> dict[str, JSON]:
    return {
        "phase": state.phase,
        "colours": [c.value for c in state.colours],
        "decks": [card_codes(d) for d in state.decks],
        "hands": [card_codes(h) for h in state.hands],
        "sides": [dump_side(s) for s in state.sides],
        "discards": [card_codes(d) for d in state.discards],
        "revealed": [card_codes(r) for r in state.revealed],
        "first_player": state.first_player,
        "active": state.active,
        "turn": state.turn,
        "start": state.start,
        "rng": state.rng.state,
        "staging": None
        if state.staging is None
        else {"side": dump_side(state.staging.side), "staged": card_codes(state.staging.staged)},
        "pending": [[p.line, p.count] for p in state.pending],
        "janken": list(state.janken),
        "janken_last": None if state.janken_last is None else list(state.janken_last),
        "janken_rounds": state.janken_rounds,
        "last_attack": None if state.last_attack is None else dump_attack(state.last_attack),
        "outcome": None if state.outcome is None else state.outcome.dump(),
        "draw_offer": state.draw_offer,
        "drawn": state.drawn,
        "previous_turn": None if state.previous_turn is None else dump_turn(state.previous_turn),
    }


def load_state(data: Mapping[str, JSON]) -> SenretsuState:
    phase = data["phase"]
    start = data["start"]
    if phase not in PHASES or start not in _STARTS:
        raise CodecError()
    colours = tuple(Colour(c) for c in data["colours"])
    if len(colours) != 2 or colours[0] is colours[1]:
        raise CodecError()
    staging_raw = data["staging"]
    staging = (
        None
        if staging_raw is None
        else Staging(load_side(staging_raw["side"]), load_cards(staging_raw["staged"]))
    )
    janken_raw = data["janken"]
    last_raw = data["janken_last"]
    janken_last: tuple[JankenHand, JankenHand] | None = None
    if last_raw is not None:
        a, b = (_janken_hand(h) for h in last_raw)
        if a is None or b is None:
            raise CodecError()
        janken_last = (a, b)
    sides = [load_side(s) for s in data["sides"]]
    if len(sides) != 2:
        raise CodecError()
    return SenretsuState(
        phase=cast(Phase, phase),
        colours=(colours[0], colours[1]),
        decks=_pair(data["decks"]),
        hands=_pair(data["hands"]),
        sides=(sides[0], sides[1]),
        discards=_pair(data["discards"]),
        revealed=_pair(data["revealed"]),
        first_player=_opt_seat(data["first_player"]),
        active=_opt_seat(data["active"]),
        turn=int(data["turn"]),
        start=cast(StartMethod, start),
        rng=Rng(int(data["rng"])),
        staging=staging,
        pending=tuple(PendingHits(int(line), int(count)) for line, count in data["pending"]),
        janken=(_janken_hand(janken_raw[0]), _janken_hand(janken_raw[1])),
        janken_last=janken_last,
        janken_rounds=int(data["janken_rounds"]),
        last_attack=None if data["last_attack"] is None else load_attack(data["last_attack"]),
        outcome=None if data["outcome"] is None else Outcome.load(data["outcome"]),
        draw_offer=_opt_seat(data["draw_offer"]),
        drawn=int(data["drawn"]),
        previous_turn=None if data["previous_turn"] is None else load_turn(data["previous_turn"]),
    )
