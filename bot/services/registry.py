"""Which rules serve which game type, and how the bot plays each one itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import GameRules, Rng, Seat

AnyRules = GameRules[Any, Any, Any]
#: Chooses a move for ``seat``: (rules, state, seat, rng) -> (action, rng).
BotPlayer = Callable[[AnyRules, Any, Seat, Rng], tuple[Any, Rng]]

_RULES: dict[str, AnyRules] = {}
_BOT_PLAYERS: dict[str, BotPlayer] = {}


def register(rules: AnyRules, bot_player: BotPlayer | None = None) -> None:
    _RULES[rules.name] = rules
    if bot_player is not None:
        _BOT_PLAYERS[rules.name] = bot_player


def rules_for(game_type: str) -> AnyRules:
    _load_builtin()
    try:
        return _RULES[game_type]
    except KeyError:
        raise KeyError(f"unknown game type {game_type!r}") from None


def bot_player_for(game_type: str) -> BotPlayer | None:
    _load_builtin()
    return _BOT_PLAYERS.get(game_type)


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
