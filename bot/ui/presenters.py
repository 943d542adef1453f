"""How each game offers its legal actions on the board: which become buttons, which become
select menus. The rules say *what* is legal; this says how a person picks it in Discord."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.services.registry import AnyRules
from rules.core import Seat, Text

#: Up to this many actions appear as buttons (two rows of five); more become a menu.
MAX_BUTTONS = 10

CHOOSE = Text("選んでください…", "Choose…")
CHOOSE_DROP = Text("駒を置く向きを選ぶ…", "Choose how to drop your cube…")
WAR_TAKE = Text("戦乱置換: 動かすカードを選ぶ…", "War replacement: pick a card to move…")
WAR_PLACE = Text("戦乱置換: 置き場所を選ぶ…", "War replacement: choose where it goes…")


@dataclass(frozen=True, slots=True)
class Offer:
    """Actions offered together: as buttons, or as one select menu with a placeholder."""

    actions: tuple[Any, ...]
    as_select: bool = False
    placeholder: Text = CHOOSE


Presenter = Callable[[AnyRules, Any, Seat, Sequence[Any]], list[Offer]]


def default_offers(rules: AnyRules, state: Any, seat: Seat, actions: Sequence[Any]) -> list[Offer]:
    if not actions:
        return []
    if len(actions) <= MAX_BUTTONS:
        return [Offer(tuple(actions))]
    return [Offer(tuple(actions), as_select=True)]


def bushi_offers(rules: AnyRules, state: Any, seat: Seat, actions: Sequence[Any]) -> list[Offer]:
    from rules.bushi import Drop

    drops = tuple(a for a in actions if isinstance(a, Drop))
    moves = tuple(a for a in actions if not isinstance(a, Drop))
    offers = [Offer(drops, as_select=True, placeholder=CHOOSE_DROP)] if drops else []
    return offers + ([Offer(moves)] if moves else [])


def yosukou_offers(rules: AnyRules, state: Any, seat: Seat, actions: Sequence[Any]) -> list[Offer]:
    from rules.yosukou import WarPlace, WarTake

    takes = tuple(a for a in actions if isinstance(a, WarTake))
    places = tuple(a for a in actions if isinstance(a, WarPlace))
    others = tuple(a for a in actions if not isinstance(a, WarTake | WarPlace))
    offers = [Offer(others)] if others else []
    if takes:
        offers.append(Offer(takes, as_select=True, placeholder=WAR_TAKE))
    if places:
        offers.append(Offer(places, as_select=len(places) > 5, placeholder=WAR_PLACE))
    return offers


def yosukou_hint_available(state: Any) -> bool:
    return getattr(state, "phase", None) == "start"


def no_public_offers(
    rules: AnyRules, state: Any, seat: Seat, actions: Sequence[Any]
) -> list[Offer]:
    """Secret-hand games offer nothing on the public board: moves are made in private panels."""
    return []


PRESENTERS: dict[str, Presenter] = {
    "bushi": bushi_offers,
    "yosukou": yosukou_offers,
    "senretsu": no_public_offers,
}
#: Games played from a private panel, opened by a "My hand" button on the board.
PRIVATE_PANEL_GAMES = frozenset({"senretsu"})
#: Games whose Hint button shows only at some moments (the 易双六 hint is about the start).
HINT_AVAILABLE: dict[str, Callable[[Any], bool]] = {"yosukou": yosukou_hint_available}


def offers_for(
    game_type: str, rules: AnyRules, state: Any, seat: Seat, actions: Sequence[Any]
) -> list[Offer]:
    return PRESENTERS.get(game_type, default_offers)(rules, state, seat, actions)


def hint_available(game_type: str, state: Any) -> bool:
    check = HINT_AVAILABLE.get(game_type)
    return check is None or check(state)
