"""What every game shares: the protocol, errors, outcomes, randomness and bilingual text."""

from rules.core.errors import (
    CodecError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidSettingsError,
    NotYourTurnError,
    RulesError,
)
from rules.core.outcome import Outcome, Seat
from rules.core.protocol import (
    AcceptDraw,
    Adjudicate,
    DeclineDraw,
    Event,
    Forfeit,
    GameRules,
    MetaAction,
    OfferDraw,
    Resign,
    Transition,
)
from rules.core.rng import Rng
from rules.core.text import LOCALES, Locale, Text, labelled, normalize_locale

__all__ = [
    "LOCALES",
    "AcceptDraw",
    "Adjudicate",
    "CodecError",
    "DeclineDraw",
    "Event",
    "Forfeit",
    "GameOverError",
    "GameRules",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidSettingsError",
    "Locale",
    "MetaAction",
    "NotYourTurnError",
    "OfferDraw",
    "Outcome",
    "Resign",
    "Rng",
    "RulesError",
    "Seat",
    "Text",
    "Transition",
    "labelled",
    "normalize_locale",
]
