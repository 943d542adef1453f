"""The registry of games: each game's module registers its :class:`GameSpec` once, and every
generic part of the bot — commands, lists, standings, clocks, the console — reads it here.

The built-in games are the modules of this package that define ``SPEC``; they are found by
walking the package, so adding a game touches no file but its own.
"""

from __future__ import annotations

from typing import TypeVar

from bot.games.spec import AnySpec, GameSpec, Variant
from rules import registry as rules_registry
from rules.registry import declared_in

_SPECS: dict[str, AnySpec] = {}
_loaded = False

Spec = TypeVar("Spec", bound=AnySpec)


def register(spec: Spec) -> Spec:
    """Add (or replace) a game. Returns the spec, so a module can write ``SPEC = register(…)``.
    Its rules join the rules-level registry too, so ``rules.verify`` can check its games."""
    _SPECS[spec.game_type] = spec
    rules_registry.register(spec.rules)
    return spec


def unregister(game_type: str) -> None:
    """Remove a game (for tests that register a throw-away one)."""
    if _SPECS.pop(game_type, None) is not None:
        rules_registry.unregister(game_type)


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import bot.games as package

    for spec in declared_in(package, "SPEC"):
        if isinstance(spec, GameSpec) and spec.game_type not in _SPECS:
            register(spec)


def spec_for(game_type: str) -> AnySpec:
    _load_builtin()
    try:
        return _SPECS[game_type]
    except KeyError:
        raise KeyError(f"unknown game type {game_type!r}") from None


def all_specs() -> tuple[AnySpec, ...]:
    """Every registered game, in a stable order (by game type)."""
    _load_builtin()
    return tuple(_SPECS[name] for name in sorted(_SPECS))


def all_variants() -> tuple[tuple[AnySpec, Variant], ...]:
    """Every ranked variant of every game: what ``/standings`` and ``/profile`` list."""
    return tuple((spec, variant) for spec in all_specs() for variant in spec.variants)


def variant_for_key(key: str) -> tuple[AnySpec, Variant] | None:
    return next(((s, v) for s, v in all_variants() if v.key == key), None)
