"""The rules-level registry of games: what ``python -m rules.verify`` (and anything else that
needs a game's rules by name) reads.

The built-in games are the subpackages of :mod:`rules` that define ``RULES``; they are found
by walking the package, so adding a game touches no file but its own. A game defined
elsewhere (a test's) is added with :func:`register` — the bot's registry does that for every
game it registers.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any, TypeVar

from rules.core.protocol import GameRules

AnyRules = GameRules[Any, Any, Any]
R = TypeVar("R", bound=AnyRules)

_RULES: dict[str, AnyRules] = {}
_loaded = False


def register(rules: R) -> R:
    """Add (or replace) a game's rules, by their name."""
    _RULES[rules.name] = rules
    return rules


def unregister(name: str) -> None:
    """Remove a game (for tests that register a throw-away one)."""
    _RULES.pop(name, None)


def declared_in(package: ModuleType, name: str, *, packages_only: bool = False) -> list[object]:
    """What the modules of ``package`` declare as ``name``: how a registry finds the built-in
    games without a list of them."""
    found: list[object] = []
    for module in pkgutil.iter_modules(package.__path__):
        if packages_only and not module.ispkg:
            continue
        imported = importlib.import_module(f"{package.__name__}.{module.name}")
        if hasattr(imported, name):
            found.append(getattr(imported, name))
    return found


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import rules as package

    for found in declared_in(package, "RULES", packages_only=True):
        if isinstance(found, GameRules) and found.name not in _RULES:
            register(found)


def rules_for(name: str) -> AnyRules:
    _load_builtin()
    try:
        return _RULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None


def game_names() -> tuple[str, ...]:
    """Every registered game's name, sorted."""
    _load_builtin()
    return tuple(sorted(_RULES))
