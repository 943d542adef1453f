"""Settings of both variants (spec §4): keys, allowed values, defaults and validation.

The keys are the reference game's own setting names, so traces and stored games read alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from rules.core.errors import InvalidSettingsError
from rules.core.text import Text

ORIGINAL: Final = "original"
SIMPLIFIED: Final = "simplified"
VARIANTS: tuple[str, ...] = (ORIGINAL, SIMPLIFIED)

INFINITY: Final = "infinity"
#: Court values (Page, Knight, Queen, King) per scheme (spec §2).
COURT_SCHEMES: dict[str, tuple[int, int, int, int]] = {
    "K14": (11, 12, 13, 14),
    "K13a": (11, 12, 12, 13),
    "K13b": (11, 11, 12, 13),
    "K10": (10, 10, 10, 10),
}
MULTIPLIERS: tuple[int | float, ...] = (3, 2.5, 2, 1.5, 1)
SWAP_METHODS: tuple[str, ...] = ("memorial", "expansive", "solid")
REPLACEMENT_COUNTS: tuple[int | str, ...] = (0, 1, 2, 3, 4, 5, INFINITY)
CROSS_BORDERS: tuple[str, ...] = ("none", "cups_and_coins", "all")
DETERMINANTS: tuple[str, ...] = ("greater", "greater_equal")
#: The reference takes any number of end-card appearances; a bound keeps games finite.
MAX_TERMINALS: Final = 99

#: Keys that only the original rules read (spec §9).
ORIGINAL_ONLY: tuple[str, ...] = (
    "rule_replacement",
    "rule_cross_border",
    "rule_replacement_coins_lower",
)
SIMPLIFIED_ONLY: tuple[str, ...] = ("rule_determinant",)
ALL_KEYS: tuple[str, ...] = (
    "variant",
    "rule_terminals",
    "rule_court_card",
    "rule_major_influence",
    "rule_swap_8_11",
    *ORIGINAL_ONLY,
    *SIMPLIFIED_ONLY,
)

_BAD_VALUE = Text(
    "設定「{key}」に「{value}」は使えません。使える値：{allowed}",
    "Setting '{key}': '{value}' is not allowed. Allowed: {allowed}",
)
_UNKNOWN_KEY = Text(
    "「{key}」という設定はありません。設定：{allowed}",
    "There is no setting '{key}'. Settings: {allowed}",
)
_WRONG_VARIANT = Text(
    "設定「{key}」は{variant}では使えません。",
    "Setting '{key}' does not apply to the {variant} rules.",
)
_VARIANT_TEXT = {
    ORIGINAL: Text("元祖易双六", "original"),
    SIMPLIFIED: Text("略式易双六", "simplified"),
}


@dataclass(frozen=True, slots=True)
class YosukouSettings:
    """Validated settings; :meth:`as_dict` gives the normalized JSON form."""

    variant: str = ORIGINAL
    rule_terminals: int = 3
    rule_court_card: str = "K14"
    rule_major_influence: int | float = 2
    rule_swap_8_11: str = "solid"
    rule_replacement: int | str = 0
    rule_cross_border: str = "cups_and_coins"
    rule_replacement_coins_lower: int | str = 2
    rule_determinant: str = "greater"

    @property
    def simplified(self) -> bool:
        return self.variant == SIMPLIFIED

    @property
    def war_on(self) -> bool:
        """戦乱置換 is on whenever the count is not 0 (original only)."""
        return not self.simplified and self.rule_replacement != 0

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant,
            "rule_terminals": self.rule_terminals,
            "rule_court_card": self.rule_court_card,
            "rule_major_influence": self.rule_major_influence,
            "rule_swap_8_11": self.rule_swap_8_11,
        }
        if self.simplified:
            out["rule_determinant"] = self.rule_determinant
        else:
            out["rule_replacement"] = self.rule_replacement
            out["rule_cross_border"] = self.rule_cross_border
            out["rule_replacement_coins_lower"] = self.rule_replacement_coins_lower
        return out


def _fail(key: str, value: object, allowed: str) -> InvalidSettingsError:
    return InvalidSettingsError(_BAD_VALUE.format(key=key, value=value, allowed=allowed))


def _number(value: object) -> float | None:
    """A finite number from an int, float or numeric string; ``None`` otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def _choice(key: str, value: object, allowed: tuple[str, ...]) -> str:
    if isinstance(value, str):
        for option in allowed:
            if value.strip().lower() == option.lower():
                return option
    raise _fail(key, value, ", ".join(allowed))


def _terminals(value: object) -> int:
    number = _number(value)
    if number is None or number < 0 or number > MAX_TERMINALS:
        raise _fail("rule_terminals", value, f"0–{MAX_TERMINALS}")
    # The reference checks ``count < N``, so a fraction behaves like its ceiling.
    return math.ceil(number)


def _multiplier(value: object) -> int | float:
    number = _number(value)
    for option in MULTIPLIERS:
        if number is not None and number == option:
            return int(option) if float(option).is_integer() else option
    raise _fail("rule_major_influence", value, ", ".join(str(m) for m in MULTIPLIERS))


def _count(key: str, value: object) -> int | str:
    if isinstance(value, str) and value.strip().lower() in (INFINITY, "inf", "∞"):
        return INFINITY
    number = _number(value)
    if number is not None and number.is_integer() and 0 <= number <= 5:
        return int(number)
    raise _fail(key, value, "0, 1, 2, 3, 4, 5, infinity")


_DETERMINANT_ALIASES = {">": "greater", ">=": "greater_equal", "≥": "greater_equal"}


def parse_settings(raw: Mapping[str, Any] | None) -> YosukouSettings:
    """Validate ``raw`` and fill in the defaults of its variant."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise InvalidSettingsError()
    for key in raw:
        if key not in ALL_KEYS:
            raise InvalidSettingsError(_UNKNOWN_KEY.format(key=key, allowed=", ".join(ALL_KEYS)))
    variant = _choice("variant", raw.get("variant", ORIGINAL), VARIANTS)
    simplified = variant == SIMPLIFIED
    for key in SIMPLIFIED_ONLY if not simplified else ORIGINAL_ONLY:
        if raw.get(key) is not None:
            name = _VARIANT_TEXT[variant]
            raise InvalidSettingsError(
                Text(
                    _WRONG_VARIANT.ja.format(key=key, variant=name.ja),
                    _WRONG_VARIANT.en.format(key=key, variant=name.en),
                )
            )

    def get(key: str, default: object) -> object:
        value = raw.get(key)
        return default if value is None else value

    determinant = get("rule_determinant", "greater")
    if isinstance(determinant, str):
        determinant = _DETERMINANT_ALIASES.get(determinant.strip(), determinant)
    return YosukouSettings(
        variant=variant,
        rule_terminals=_terminals(get("rule_terminals", 3)),
        rule_court_card=_choice(
            "rule_court_card", get("rule_court_card", "K14"), tuple(COURT_SCHEMES)
        ),
        rule_major_influence=_multiplier(get("rule_major_influence", 2)),
        # 略式 keeps the plain memorial swap by default; the original moved to solid in v0.34.
        rule_swap_8_11=_choice(
            "rule_swap_8_11",
            get("rule_swap_8_11", "memorial" if simplified else "solid"),
            SWAP_METHODS,
        ),
        rule_replacement=_count("rule_replacement", get("rule_replacement", 0)),
        rule_cross_border=_choice(
            "rule_cross_border", get("rule_cross_border", "cups_and_coins"), CROSS_BORDERS
        ),
        rule_replacement_coins_lower=_count(
            "rule_replacement_coins_lower", get("rule_replacement_coins_lower", 2)
        ),
        rule_determinant=_choice("rule_determinant", determinant, DETERMINANTS),
    )


def settings_from_dict(data: Mapping[str, Any]) -> YosukouSettings:
    """Settings from their normalized form (as stored)."""
    return parse_settings(data)
