"""The words of open challenges (``/<game> challenge`` with no opponent)."""

from __future__ import annotations

from rules.core import Text

MIN_RATING = Text("最低レート", "min_rating")
MIN_RATING_HELP = Text(
    "相手を指定しない挑戦：受けられる人の最低レート",
    "Open challenge (no opponent): the lowest rating that may take it",
)
MAX_RATING = Text("最高レート", "max_rating")
MAX_RATING_HELP = Text(
    "相手を指定しない挑戦：受けられる人の最高レート",
    "Open challenge (no opponent): the highest rating that may take it",
)
RANGE_NEEDS_OPEN = Text(
    "レートの範囲は、相手を指定しない挑戦（誰でも受けられる挑戦）だけで使えます。",
    "A rating range is for an open challenge only (leave the opponent out).",
)
OPEN_NEEDS_TWO = Text("このゲームは二人用ではありません。", "This game is not for two players.")
OPEN_NO_LEVEL = Text(
    "強さ（level）はボット相手の挑戦だけで選べます。", "A level is for a challenge to the bot only."
)
OPEN_RANGE_BACKWARDS = Text(
    "最低レートが最高レートより高くなっています。", "The lowest rating is above the highest."
)
OPEN_TAKEN = Text(
    "ひと足遅く、この挑戦はもう受けられたか、締め切られました。",
    "Someone was quicker: this challenge has been taken or closed.",
)
OPEN_OWN = Text(
    "自分の挑戦は受けられません（取り下げはできます）。",
    "You can't take your own challenge (you may withdraw it).",
)
OPEN_OUT_OF_RANGE = Text(
    "この挑戦はレート {low}〜{high} の人向けです。あなたのレートは **{rating}** です。",
    "This challenge is for ratings {low} to {high}; yours is **{rating}**.",
)

#: Messages, looked up by key with ``bot.i18n.tr``.
OPEN_CHALLENGE_MESSAGES: dict[str, Text] = {
    "open.anyone": Text("誰でも", "anyone"),
    "open.take": Text("受けて立つ", "Take it"),
    "open.header": Text(
        "📣 {challenger} が {game} の相手を募集中 — 誰でも受けられます",
        "📣 {challenger} is looking for a game of {game} — anyone may take it",
    ),
    "open.range": Text("レート {low}〜{high} の人だけ", "Ratings {low} to {high} only"),
}
