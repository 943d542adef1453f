"""Sample pictures from fixed positions, for the guides (docs/development.md), the golden tests and the benchmark.

    python -m bot.pictures.samples OUTDIR            # the samples docs/development.md shows
    python -m bot.pictures.samples --golden OUTDIR   # every sample, half size (tests/pictures)

Every position is reached by playing fixed action codes through the rules from a fixed deal, so
the pictures change only when the rules or the drawing do.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PIL import Image

from bot.pictures import bushi, senretsu, yosukou
from bot.pictures.canvas import PHONE_POINTS
from rules.bushi import BushiRules, BushiState
from rules.cards.playing import Colour, colour_deck
from rules.core import LOCALES, Event, Locale
from rules.senretsu import SenretsuRules, SenretsuState
from rules.yosukou import Draw, YosukouRules, YosukouState

#: The samples shown in docs/development.md, one picture per language each.
README: Final = ("bushi", "yosukou", "senretsu", "senretsu-hand")
GOLDEN_SCALE: Final = 2

BUSHI: Final = BushiRules()
YOSUKOU: Final = YosukouRules()
SENRETSU: Final = SenretsuRules()


@dataclass(frozen=True, slots=True)
class Sample:
    """A named picture, drawn in either language, and its text board for comparison."""

    name: str
    draw: Callable[[Locale], bytes]
    text: Callable[[Locale], str]


def _public(events: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(e for e in events if e.visible_to is None)


# --- 武士将棋 -------------------------------------------------------------------------------


def bushi_position(codes: Sequence[str]) -> tuple[BushiState, tuple[Event, ...]]:
    state = BUSHI.new_game(None, 0)
    events: tuple[Event, ...] = ()
    for code in codes:
        state, events = BUSHI.apply(state, state.to_move, BUSHI.parse(code))
    return state, _public(events)


#: Players' names as Discord may give them: a script beyond the bundled subset, an emoji the
#: names font lacks (left out), kanji.
NAMES: Final = ("Кира 🌸", "山田 太郎")


def _bushi(name: str, codes: Sequence[str]) -> Sample:
    state, recent = bushi_position(codes)
    view = BUSHI.view_for(state, None)
    return Sample(
        name,
        lambda loc: bushi.draw_board(view, loc, recent, NAMES),
        lambda loc: BUSHI.render(view, loc),
    )


# --- 易双六 ---------------------------------------------------------------------------------


def yosukou_mid_game() -> YosukouState:
    """The text board's own mid-game example (tests/rules/yosukou), three cards into a game."""
    board = [("A16", False), ("A11", False), ("A06", True), ("A15", True), ("A19", True)]
    board += [("A18", True)]
    piles = {
        "swords_upper": ["S14"],
        "coins_lower": ["D12"],
        "coins_4": ["D06", "D14"],
        "coins_6": ["D01", "D11", "D05"],
        "cups_1": ["H06"],
        "cups_2": ["H02", "H08"],
        "discarded": ["S08", "C12", "C03", "C11", "C01", "C13", "C02", "H09", "S02", "C07"],
    }
    return YOSUKOU.new_game_from_position(
        {}, board, start=5, token=6, talon=["S05", "H04"], piles=piles, drawn_terminals=1
    )


def yosukou_simplified_start() -> YosukouState:
    settings = {"variant": "simplified", "rule_determinant": ">=", "rule_court_card": "K10"}
    board = [("A01", True), ("A03", False), ("A05", True), ("A02", True), ("A04", False)]
    return YOSUKOU.new_game_from_deal(settings, [*board, ("A06", True)])


def _yosukou(name: str, state: YosukouState, draws: int) -> Sample:
    events: tuple[Event, ...] = ()
    for _ in range(draws):
        state, events = YOSUKOU.apply(state, 0, Draw())
    view, recent = YOSUKOU.view_for(state, None), _public(events)
    return Sample(
        name,
        lambda loc: yosukou.draw_board(view, loc, recent),
        lambda loc: YOSUKOU.render(view, loc),
    )


# --- 戦列札 ---------------------------------------------------------------------------------


def _deck(colour: Colour, top: Sequence[str]) -> list[str]:
    return [*top, *(c.code for c in colour_deck(colour) if c.code not in top)]


SENRETSU_DECKS: Final = (
    _deck(Colour.RED, ["JR", "H7", "D9", "HQ", "H3", "D2", "D8", "H4", "DK"]),
    _deck(Colour.BLACK, ["S9", "C4", "SK", "S2", "C8", "C6", "S5", "CJ", "S3"]),
)
#: P1 opens with a joker of range 4; P2 answers; P1's attack hits P2's two-card line, and P2
#: owes a casualty. Then P2 loses ♣4 and P1 stages two cards.
SENRETSU_CASUALTIES: Final = (
    *("p:JR:+0:4", "p:H7:+2", "end", "draw:6"),
    *("p:S9:+1", "p:C4:1", "p:SK:+0", "p:S2:+0", "end"),
)
SENRETSU_STAGING: Final = (*SENRETSU_CASUALTIES, "x:C4", "p:HQ:2", "p:H3:+0")


def senretsu_position(codes: Sequence[str]) -> tuple[SenretsuState, tuple[Event, ...]]:
    state = SENRETSU.new_game_from_decks({}, SENRETSU_DECKS, first_player=0)
    events: tuple[Event, ...] = ()
    for code in codes:
        action = SENRETSU.parse(code)
        seat = SENRETSU.to_act(state)[0]
        state, new = SENRETSU.apply(state, seat, action)
        # The picture frames the last commit: staging and take-backs keep the previous one.
        if any(e.visible_to is None for e in new):
            events = _public(new)
    return state, events


def _senretsu_board(name: str, codes: Sequence[str]) -> Sample:
    state, recent = senretsu_position(codes)
    view = SENRETSU.view_for(state, None)
    return Sample(
        name,
        lambda loc: senretsu.draw_board(view, loc, recent, NAMES),
        lambda loc: SENRETSU.render(view, loc),
    )


def _senretsu_hand(name: str, codes: Sequence[str]) -> Sample:
    state, _ = senretsu_position(codes)
    seat = SENRETSU.to_act(state)[0]
    view = SENRETSU.view_for(state, seat)
    return Sample(
        name,
        lambda loc: senretsu.draw_hand(view, loc, NAMES),
        lambda loc: SENRETSU.render_hand(view, loc),
    )


def samples() -> tuple[Sample, ...]:
    return (
        _bushi("bushi", ("D-F1-L", "D-R2-R", "RIGHT")),
        _bushi("bushi-drop", ("D-T0-B",)),
        _yosukou("yosukou", yosukou_mid_game(), 1),
        _yosukou("yosukou-simplified", yosukou_simplified_start(), 0),
        _senretsu_board("senretsu", SENRETSU_CASUALTIES),
        _senretsu_board("senretsu-staging", SENRETSU_STAGING),
        _senretsu_hand("senretsu-hand", SENRETSU_STAGING),
        _senretsu_hand("senretsu-casualty-hand", SENRETSU_CASUALTIES),
    )


def golden(png: bytes) -> Image.Image:
    """A picture as the golden tests compare it: RGB at half size (small to keep)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    size = (image.width // GOLDEN_SCALE, image.height // GOLDEN_SCALE)
    return image.resize(size, Image.Resampling.BOX)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--golden", action="store_true", help="every sample, half size")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    for sample in samples():
        if not args.golden and sample.name not in README:
            continue
        for locale in LOCALES:
            png = sample.draw(locale)
            path = args.outdir / f"{sample.name}-{locale}.png"
            if args.golden:
                # Median cut without dithering keeps the flat colours exact (an octree shifts
                # the paper itself), so the tests' tolerance is left for what was drawn.
                image = golden(png).quantize(
                    128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
                )
                image.save(path, optimize=True)
            else:
                # As a phone shows it: 360 points wide.
                image = Image.open(io.BytesIO(png))
                size = (PHONE_POINTS, image.height * PHONE_POINTS // image.width)
                phone = image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
                phone.quantize(128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
            print(f"{path}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
