"""Which rules serve which game type, and how the bot plays each one itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import GameRules, Locale, Rng, Seat

AnyRules = GameRules[Any, Any, Any]
#: Chooses a move for ``seat``: (rules, state, seat, rng) -> (action, rng).
BotPlayer = Callable[[AnyRules, Any, Seat, Rng], tuple[Any, Rng]]

#: Explains a position to ``seat``: (rules, state, seat, locale) -> text.
Hinter = Callable[[AnyRules, Any, Seat, Locale], str]

_RULES: dict[str, AnyRules] = {}
_BOT_PLAYERS: dict[str, BotPlayer] = {}
_HINTERS: dict[str, Hinter] = {}


def register(
    rules: AnyRules, bot_player: BotPlayer | None = None, hinter: Hinter | None = None
) -> None:
    _RULES[rules.name] = rules
    if bot_player is not None:
        _BOT_PLAYERS[rules.name] = bot_player
    if hinter is not None:
        _HINTERS[rules.name] = hinter


def rules_for(game_type: str) -> AnyRules:
    _load_builtin()
    try:
        return _RULES[game_type]
    except KeyError:
        raise KeyError(f"unknown game type {game_type!r}") from None


def bot_player_for(game_type: str) -> BotPlayer | None:
    _load_builtin()
    return _BOT_PLAYERS.get(game_type)


def hinter_for(game_type: str) -> Hinter | None:
    _load_builtin()
    return _HINTERS.get(game_type)


def game_types() -> tuple[str, ...]:
    _load_builtin()
    return tuple(_RULES)


_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from bot.services import players

    players.register_builtin()
