"""The registry of games: each game's module registers its :class:`GameSpec` once, and every
generic part of the bot — commands, lists, standings, clocks, the console — reads it here.

The built-in games are the modules of this package that define ``SPEC``; they are found by
walking the package, so adding a game touches no file but its own.
"""

from __future__ import annotations

import importlib
import pkgutil

from bot.games.spec import GameSpec, Variant

_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add (or replace) a game. Returns the spec, so a module can write ``SPEC = register(…)``."""
    _SPECS[spec.game_type] = spec
    return spec


def unregister(game_type: str) -> None:
    """Remove a game (for tests that register a throw-away one)."""
    _SPECS.pop(game_type, None)


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import bot.games as package

    for module in pkgutil.iter_modules(package.__path__):
        imported = importlib.import_module(f"{package.__name__}.{module.name}")
        spec = getattr(imported, "SPEC", None)
        if isinstance(spec, GameSpec) and spec.game_type not in _SPECS:
            register(spec)


def spec_for(game_type: str) -> GameSpec:
    _load_builtin()
    try:
        return _SPECS[game_type]
    except KeyError:
        raise KeyError(f"unknown game type {game_type!r}") from None


def all_specs() -> tuple[GameSpec, ...]:
    """Every registered game, in a stable order (by game type)."""
    _load_builtin()
    return tuple(_SPECS[name] for name in sorted(_SPECS))


def all_variants() -> tuple[tuple[GameSpec, Variant], ...]:
    """Every ranked variant of every game: what ``/standings`` and ``/profile`` list."""
    return tuple((spec, variant) for spec in all_specs() for variant in spec.variants)


def variant_for_key(key: str) -> tuple[GameSpec, Variant] | None:
    return next(((s, v) for s, v in all_variants() if v.key == key), None)
