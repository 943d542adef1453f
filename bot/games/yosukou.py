"""易双六 and 略式易双六 in the bot: the start options, war-replacement menus, the start hint
(simulated win chances) and the daily deal."""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.offers import Offer, move_choices
from bot.games.spec import (
    CommandGroup,
    CommandOption,
    FaceSet,
    GameSpec,
    OptionChoice,
    Ranking,
    SolitaireTally,
    StartRequest,
    Variant,
    painter,
)
from rules.cards.tarot import MAJOR_NUMBERS
from rules.core import GameRules, Locale, Rng, Seat, Text
from rules.yosukou import (
    RULES,
    TITLE,
    TITLE_SIMPLIFIED,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouState,
    YosukouView,
)
from rules.yosukou.help import RULES_HELP, SIMPLIFIED_RULES_HELP
from rules.yosukou.lesson import LESSON, SIMPLIFIED_LESSON
from rules.yosukou.mistakes import MISTAKES as YOSUKOU_MISTAKES
from rules.yosukou.puzzles import PUZZLES as YOSUKOU_PUZZLES
from rules.yosukou.simulate import estimate_start_win_rates

WAR_TAKE = Text("戦乱置換：動かすカードを選ぶ…", "War replacement: pick a card to move…")
WAR_PLACE = Text("戦乱置換：置き場所を選ぶ…", "War replacement: choose where it goes…")
START_HINT_TITLE = Text(
    "🔮 開始位置ごとの推定勝率（各{games}回のシミュレーション、常に「動く」）",
    "🔮 Estimated win chance of each start ({games} simulated games each, always MOVE)",
)
START_HINT_LINE = Text(
    "{position}（{trigram}）：{rate:.0%}（95%区間 {low:.0%}–{high:.0%}）",
    "{position} ({trigram}): {rate:.0%} (95% interval {low:.0%}–{high:.0%})",
)
UPPER = Text("上卦", "upper")
LOWER = Text("下卦", "lower")
START_HINT_ONLY = Text(
    "ヒントは開始位置を選ぶときに使えます。", "The hint is for choosing where to start."
)
START_HINT_GAMES = 400
SUMMARY_PLAYING = Text("{draws}枚目", "draw {draws}")
SUMMARY_ENDED = Text("{draws}枚目で終局", "ended at draw {draws}")

#: Start-command option → rules setting, with how the chosen text becomes the setting's value.
SETTING_OF_OPTION = {
    "end_cards": "rule_terminals",
    "court": "rule_court_card",
    "influence": "rule_major_influence",
    "swap": "rule_swap_8_11",
    "war": "rule_replacement",
    "cross_border": "rule_cross_border",
    "co_limit": "rule_replacement_coins_lower",
    "judgement": "rule_determinant",
}


def _setting_value(key: str, value: Any) -> Any:
    if key == "influence":
        number = float(value)
        return int(number) if number.is_integer() else number
    if key in ("war", "co_limit"):
        return value if value == "infinity" else int(value)
    return value


def settings_from(chosen: Mapping[str, Any]) -> StartRequest:
    # Only what the player chose: the rules fill in the defaults, and refuse (politely) an
    # option that belongs to the other variant.
    settings: dict[str, Any] = {"variant": chosen.get("variant") or "original"}
    for option, setting in SETTING_OF_OPTION.items():
        if chosen.get(option) is not None:
            settings[setting] = _setting_value(option, chosen[option])
    return StartRequest(settings, 0)


Rules = GameRules[YosukouState, YosukouAction, YosukouView]


def board_offers(
    rules: Rules,
    state: YosukouState,
    seat: Seat,
    actions: Sequence[YosukouAction],
    locale: Locale,
) -> list[Offer]:
    takes = [a for a in actions if isinstance(a, WarTake)]
    places = [a for a in actions if isinstance(a, WarPlace)]
    others = [a for a in actions if not isinstance(a, WarTake | WarPlace)]
    offers = [Offer(move_choices(rules, others, locale))] if others else []
    if takes:
        offers.append(
            Offer(move_choices(rules, takes, locale), as_select=True, placeholder=WAR_TAKE(locale))
        )
    if places:
        offers.append(
            Offer(
                move_choices(rules, places, locale),
                as_select=len(places) > 5,
                placeholder=WAR_PLACE(locale),
            )
        )
    return offers


def hint(rules: Rules, state: YosukouState, seat: Seat, locale: Locale) -> str:
    """How often each legal start wins on this board, by simulation over random talons."""
    if state.phase != "start":
        return START_HINT_ONLY(locale)
    # Seeded from the board alone, never from the game's own generator, which will shuffle
    # the real talon: the hint must not be able to see it.
    seed = zlib.crc32(repr(state.board).encode())
    rates = estimate_start_win_rates(state, START_HINT_GAMES, Rng.from_seed(seed))
    lines = [START_HINT_TITLE.format(games=START_HINT_GAMES)(locale)]
    for position, rate in sorted(rates.items()):
        low, high = rate.interval
        trigram = (UPPER if position >= 4 else LOWER)(locale)
        lines.append(
            START_HINT_LINE.format(
                position=position, trigram=trigram, rate=rate.rate, low=low, high=high
            )(locale)
        )
    return "\n".join(lines)


def summary(state: YosukouState, locale: Locale) -> str:
    if state.outcome is None:
        return SUMMARY_PLAYING.format(draws=state.draws)(locale)
    # Not the start square: others may play the same deal today, and it would tell them
    # where this one was won.
    return SUMMARY_ENDED.format(draws=state.draws)(locale)


def _counts() -> tuple[OptionChoice, ...]:
    numbers = (OptionChoice(Text(str(n), str(n)), str(n)) for n in range(6))
    return (*numbers, OptionChoice(Text("無制限", "unlimited"), "infinity"))


VARIANT_OPTION = CommandOption(
    "variant",
    Text("ルール", "variant"),
    Text("本来のルールか、略式ルールか", "Original rules, or the simplified 略式 rules"),
    choices=(
        OptionChoice(Text("本来のルール（易双六）", "original (易双六)"), "original"),
        OptionChoice(Text("略式（略式易双六）", "simplified (略式易双六)"), "simplified"),
    ),
)


SPEC = GameSpec(
    rules=RULES,
    command=CommandGroup(
        Text("易双六", "yosukou"),
        Text("タロットの一人遊び、易双六を遊ぶ", "Play 易双六 (Youscout), the tarot solitaire"),
    ),
    help_pages=(RULES_HELP, SIMPLIFIED_RULES_HELP),
    variants=(
        Variant("yosukou:original", TITLE, {"variant": "original"}),
        Variant("yosukou:simplified", TITLE_SIMPLIFIED, {"variant": "simplified"}),
    ),
    ranking=Ranking.SOLITAIRE,
    options=(
        VARIANT_OPTION,
        CommandOption(
            "end_cards",
            Text("終了札", "end_cards"),
            Text(
                "終了札が何回目に出たら終わるか（既定3）",
                "The game ends at this appearance of the end card (default 3)",
            ),
            kind="integer",
            min_value=0,
            max_value=99,
        ),
        CommandOption(
            "court",
            Text("人物札", "court"),
            Text("人物札の数値（既定K14）", "Values of the court cards (default K14)"),
            choices=tuple(OptionChoice(Text(k, k), k) for k in ("K14", "K13a", "K13b", "K10")),
        ),
        CommandOption(
            "influence",
            Text("大アルカナ倍率", "influence"),
            Text("大アルカナの影響（既定×2）", "Major arcana multiplier (default ×2)"),
            choices=tuple(
                OptionChoice(Text(f"×{m:g}", f"×{m:g}"), f"{m:g}") for m in (3, 2.5, 2, 1.5, 1)
            ),
        ),
        CommandOption(
            "swap",
            Text("入替え", "swap"),
            Text(
                "(8)と(11)の入替え方（既定：固式、略式では記念式）",
                "How (8) and (11) are swapped (default: solid; memorial in 略式)",
            ),
            choices=(
                OptionChoice(Text("固式", "solid (固式)"), "solid"),
                OptionChoice(Text("記念式", "memorial (記念式)"), "memorial"),
                OptionChoice(Text("開式", "expansive (開式)"), "expansive"),
            ),
        ),
        CommandOption(
            "war",
            Text("戦乱置換", "war"),
            Text(
                "「動く」ごとの戦乱置換の回数（本来のルールのみ、既定0）",
                "戦乱置換 war replacement moves per MOVE (original only; default 0)",
            ),
            choices=_counts(),
        ),
        CommandOption(
            "cross_border",
            Text("越境", "cross_border"),
            Text(
                "戦乱置換でカードを動かせる範囲（本来のルールのみ）",
                "Where war replacement may move cards (original only)",
            ),
            choices=(
                OptionChoice(
                    Text("カップとコイン（既定）", "cups and coins (default)"), "cups_and_coins"
                ),
                OptionChoice(Text("越境なし", "none"), "none"),
                OptionChoice(Text("すべての置き場", "all"), "all"),
            ),
        ),
        CommandOption(
            "co_limit",
            Text("co上限", "co_limit"),
            Text(
                "戦乱置換で下卦のコイン置き場へ置ける回数（本来のルールのみ、既定2）",
                "War replacement placements into Co (original only; default 2)",
            ),
            choices=_counts(),
        ),
        CommandOption(
            "judgement",
            Text("判定", "judgement"),
            Text("略式の判定：「>」（既定）か「≥」", "略式 judgement: win on > (default) or ≥"),
            choices=(
                OptionChoice(Text("より大きい（>）", "greater than (>)"), "greater"),
                OptionChoice(Text("以上（≥）", "greater or equal (≥)"), "greater_equal"),
            ),
        ),
    ),
    settings_from=settings_from,
    board_offers=board_offers,
    hinter=hint,
    hint_available=lambda state: state.phase == "start",
    daily=True,
    summary=summary,
    board_picture=painter("bot.pictures.yosukou", "draw_board"),
    # The majors, for wherever a card is named (its buttons name none: start, draw).
    faces=FaceSet(
        tuple(f"ys_m{n}" for n in MAJOR_NUMBERS), painter("bot.pictures.emojis", "yosukou_emoji")
    ),
    # A deal won with fewer cards drawn is the better win (the tournament table's tie-break).
    tally=SolitaireTally(Text("引いた札", "cards drawn"), lambda state: state.draws),
    puzzles=YOSUKOU_PUZZLES,
    mistakes=YOSUKOU_MISTAKES,
    lessons=(LESSON, SIMPLIFIED_LESSON),
)
