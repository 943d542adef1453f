"""武士将棋 in the bot: its commands, how drops and moves are offered, perfect play and hints."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.offers import Choice, Offer, move_choices
from bot.games.spec import (
    BotLevel,
    CommandGroup,
    CommandOption,
    FaceSet,
    GameSpec,
    OptionChoice,
    Ranking,
    ReviewStep,
    StartRequest,
    Variant,
    painter,
)
from rules.bushi import (
    RULES,
    BushiAction,
    BushiRules,
    BushiState,
    BushiView,
    CubeReading,
    Drop,
    FaceType,
    Facing,
)
from rules.bushi.adjudication import ADJUDICATION as BUSHI_ADJUDICATION
from rules.bushi.cube import Orientation, face_type
from rules.bushi.help import RULES_HELP
from rules.bushi.hint import hint_text
from rules.bushi.lesson import LESSON
from rules.bushi.levels import DEFAULT_LEVEL, LEVELS
from rules.bushi.mistakes import MISTAKES as BUSHI_MISTAKES
from rules.bushi.puzzles import PUZZLES as BUSHI_PUZZLES
from rules.bushi.review import Slip, flipped, resignation, slips, value_for
from rules.bushi.solve import Result, solution
from rules.core import Event, GameRules, Locale, Seat, Text

CHOOSE_DROP = Text("駒を置く向きを選ぶ…", "Choose how to drop your cube…")
HINT_TITLE = Text("🔎 完全解析による評価", "🔎 What perfect play says")
LEVEL_NAMES = {
    "beginner": Text("入門（よく間違える）", "beginner (blunders often)"),
    "novice": Text("初級（ときどき間違える）", "novice (blunders sometimes)"),
    "strong": Text("上級（たまに間違える）", "strong (rarely blunders)"),
    "perfect": Text(
        "完全（間違えない・既定。引き分けが最善）", "perfect (never errs, default; a draw at best)"
    ),
}
REVIEW_CLEAN = Text(
    "🧭 完全解析では、どちらも最善を外しませんでした（あなたから見て最初から最後まで{value}）。",
    "🧭 By the solver, neither side ever lost value: the game was a {value} for you from start"
    " to end.",
)
REVIEW_TITLE = Text(
    "🧭 完全解析で見た流れの変わり目（評価はあなたから見たもの）：",
    "🧭 Where the game turned, by the solver (values are yours):",
)
REVIEW_FIRST = Text(
    "先に最善を外したのは{who}（{ply}手目）。", "The first to slip was {who}, on move {ply}."
)
REVIEW_YOU = Text("あなた", "you")
REVIEW_BOT = Text("ボット", "the bot")
REVIEW_YOUR_SLIP = Text(
    "・{ply}手目 あなた：「{played}」で{after}に（それまで{before}）。最善は「{better}」。",
    "• Move {ply}, you: {played} made it a {after} (it was a {before}); the best was {better}.",
)
REVIEW_BOT_SLIP = Text(
    "・{ply}手目 ボット：「{played}」で{after}に（それまで{before}）。ボットの最善は「{better}」。",
    "• Move {ply}, the bot: {played} made it a {after} for you (it was a {before});"
    " its best was {better}.",
)
REVIEW_MORE = Text("ほかに{n}か所。", "…and {n} more.")
REVIEW_RESIGNED = Text(
    "{ply}手目のあとで投了しましたが、その局面はあなたから見て{value}で、負けてはいませんでした。",
    "You resigned after move {ply} in a position that was a {value} for you: it was not lost.",
)
#: A review lists at most this many turning points (a beginner's game can have many).
REVIEW_SHOWN = 8

SIDE_SEATS = {"black": 0, "white": 1}


def settings_from(chosen: Mapping[str, Any]) -> StartRequest:
    return StartRequest(
        {"cube": chosen.get("cube") or "seed"}, SIDE_SEATS.get(str(chosen.get("side")))
    )


Rules = GameRules[BushiState, BushiAction, BushiView]


def board_offers(
    rules: Rules, state: BushiState, seat: Seat, actions: Sequence[BushiAction], locale: Locale
) -> list[Offer]:
    """Drops as one menu (up to sixteen orientations), moves as buttons."""
    drops = [a for a in actions if isinstance(a, Drop)]
    moves = [a for a in actions if not isinstance(a, Drop)]
    offers = []
    if drops:
        # Each drop in words, with where its swords end up on the line below.
        choices = tuple(
            Choice(
                rules.action_label(d, locale),
                rules.format(d),
                description=rules.action_description(state, d, locale),
                face=face_key(d, state.cube),
            )
            for d in drops
        )
        offers.append(Offer(choices, as_select=True, placeholder=CHOOSE_DROP(locale)))
    if moves:
        offers.append(Offer(move_choices(rules, moves, locale)))
    return offers


def face_key(drop: Drop, reading: CubeReading) -> str:
    """The emoji of a drop: the top it shows — the kind of face up, and where the samurai looks
    (what the board's picture draws; the reading of the cube decides the kind)."""
    return f"bu_{face_type(drop.face, drop.cube or reading).value}_{drop.facing.value}"


def event_face(event: Event) -> str | None:
    """The top a drop or a move leaves showing (the same key as the drop menu's emoji)."""
    code = {"drop": "orientation", "move": "after"}.get(event.kind)
    shown, kind = event.data.get(code or ""), event.data.get("type")
    if not isinstance(shown, str) or not isinstance(kind, str):
        return None
    return f"bu_{kind}_{Orientation.parse(shown).facing.value}"


#: Every top a cube can show: four kinds of face, four ways to look.
FACE_KEYS = tuple(f"bu_{kind.value}_{facing.value}" for kind in FaceType for facing in Facing)


def hint(rules: Rules, state: BushiState, seat: Seat, locale: Locale) -> str:
    """The position's value and every move grouped by value, best first."""
    if state.outcome is not None:
        return HINT_TITLE(locale) + "\n" + rules.reason_text(state.outcome.reason)(locale)
    return HINT_TITLE(locale) + "\n" + hint_text(state, locale)


def review(
    rules: Rules, steps: Sequence[ReviewStep[BushiState]], seat: Seat, locale: Locale
) -> str:
    """The game's story by the solver, told to ``seat``: who slipped first, every turning point
    (either side's value-losing actions, values seen from ``seat``), and a resignation of a
    position that was not lost."""
    found = slips(steps)
    lines = []
    if not found:
        played = [s for s, actor, _ in steps if actor is not None and s.outcome is None]
        value = value_for(played[0], seat).describe(locale) if played else "—"
        lines.append(REVIEW_CLEAN.format(value=value)(locale))
    else:
        first = found[0]
        who = REVIEW_YOU if first.seat == seat else REVIEW_BOT
        lines += [REVIEW_TITLE(locale), REVIEW_FIRST.format(who=who(locale), ply=first.ply)(locale)]
        lines += [_slip_line(rules, slip, seat, locale) for slip in found[:REVIEW_SHOWN]]
        if len(found) > REVIEW_SHOWN:
            lines.append(REVIEW_MORE.format(n=len(found) - REVIEW_SHOWN)(locale))
    resigned = resignation(steps)
    if resigned is not None and resigned.seat == seat:
        value = resigned.value.describe(locale)
        lines.append(REVIEW_RESIGNED.format(ply=resigned.ply, value=value)(locale))
    return "\n".join(lines)


def _slip_line(rules: Rules, slip: Slip, seat: Seat, locale: Locale) -> str:
    """One turning point, its values for ``seat`` (the bot's values turned round)."""
    mine = slip.seat == seat
    before = slip.better_value if mine else flipped(slip.better_value)
    # Values count the move itself; after it, one ply fewer is left to the result.
    after = (slip.played_value if mine else flipped(slip.played_value)).one_ply_later()
    return (REVIEW_YOUR_SLIP if mine else REVIEW_BOT_SLIP).format(
        ply=slip.ply,
        played=rules.action_label(slip.played, locale),
        after=after.describe(locale),
        before=before.describe(locale),
        better=rules.action_label(slip.better, locale),
    )(locale)


def accepts_draw(rules: Rules, state: BushiState, seat: Seat) -> bool:
    """The bot takes a draw unless perfect play wins for it from here."""
    value = solution(state.cube).value(state)
    bot_wins = Result.WIN if state.to_move == seat else Result.LOSS
    return value.result is not bot_wins


SPEC: GameSpec[BushiState, BushiAction, BushiView] = GameSpec(
    rules=RULES,
    command=CommandGroup(
        Text("武士将棋", "bushi"),
        Text(
            "武士将棋（一つの駒で戦うサムライの決闘）を遊ぶ",
            "Play 武士将棋 (Bushi Shogi), the one-cube samurai duel",
        ),
    ),
    help_pages=(RULES_HELP,),
    variants=(Variant("bushi", BushiRules.title),),
    ranking=Ranking.RATED,
    options=(
        CommandOption(
            "side",
            Text("先後", "colour"),
            Text("あなたの先後（先手が先に指す）", "Your side: Black moves first"),
            choices=(
                OptionChoice(Text("ランダム", "random"), "random"),
                OptionChoice(Text("先手（黒）", "black (先手, moves first)"), "black"),
                OptionChoice(Text("後手（白）", "white (後手)"), "white"),
            ),
            # The starter's own seat: tournaments seat their players themselves.
            picks_seat=True,
        ),
        CommandOption(
            "cube",
            Text("駒の解釈", "cube"),
            Text(
                "駒の面の読み方：標準はほぼ引き分け、別の解釈は先を読む勝負",
                "How to read the cube: seed games are mostly drawn, the alternate is deeper",
            ),
            choices=(
                OptionChoice(
                    Text(
                        "標準の解釈（既定・ほぼ引き分け）", "seed reading (default, mostly drawn)"
                    ),
                    "seed",
                ),
                OptionChoice(
                    Text("別の解釈（先を読む勝負）", "alternate reading (the deeper game)"),
                    "alternate",
                ),
            ),
        ),
    ),
    settings_from=settings_from,
    board_offers=board_offers,
    bot_player=next(lv for lv in LEVELS if lv.key == DEFAULT_LEVEL).player,
    levels=tuple(BotLevel(lv.key, LEVEL_NAMES[lv.key], lv.player) for lv in LEVELS),
    default_level=DEFAULT_LEVEL,
    reviewer=review,
    hinter=hint,
    accepts_draw=accepts_draw,
    board_picture=painter("bot.pictures.bushi", "draw_board"),
    puzzles=BUSHI_PUZZLES,
    mistakes=BUSHI_MISTAKES,
    adjudication=BUSHI_ADJUDICATION,
    lessons=(LESSON,),
    # Open information, strictly in turns: an answer can be planned for any named move.
    planned_moves=True,
    faces=FaceSet(FACE_KEYS, painter("bot.pictures.emojis", "bushi_emoji"), event_face),
)
