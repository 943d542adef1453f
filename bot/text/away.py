"""The words of away mode (/away): the command, its options, what it says, its refusals."""

from __future__ import annotations

from rules.core import Text

AWAY = Text("不在", "away")
AWAY_HELP = Text(
    "不在にする：あなたの全対局の持ち時間を止めます（年間の日数に上限あり）",
    "Take time off: the clocks of all your games stop (a yearly allowance of days)",
)
AWAY_DAYS = Text("日数", "days")
AWAY_DAYS_HELP = Text("何日間不在にするか（例：7）", "How many days you will be away (e.g. 7)")
AWAY_UNTIL = Text("まで", "until")
AWAY_UNTIL_HELP = Text(
    "戻る日（例：2026-12-24 または 12/24。その日の終わり UTC まで）",
    "The day you are back (e.g. 2026-12-24 or 12/24; away until the end of that day, UTC)",
)
AWAY_TOO_LONG = Text(
    "そんなに長くは不在にできません：{year}年の残りは **{left}日** です（期限は未来の日付で）。",
    "You cannot be away that long: **{left} days** of {year}'s allowance are left "
    "(and the end must be in the future).",
)
AWAY_NOT_AWAY = Text("今は不在にしていません。", "You are not away.")
AWAY_BAD_DATE = Text(
    "日付が読めません。`7`（日数）か `2026-12-24`、`12/24` のように入力してください。",
    "That date did not make sense. Give a number of days (`7`) or a date like `2026-12-24` "
    "or `12/24`.",
)
AWAY_BACK_BUTTON = Text("今すぐ戻る", "I'm back now")

#: Messages, looked up by key with ``bot.i18n.tr``.
AWAY_MESSAGES: dict[str, Text] = {
    "away.set": Text(
        "🌴 {until} まで不在にしました。その間、あなたの対局の持ち時間は止まり、相手には"
        "「不在」と表示されます。今年の残り：**{left}日**（{allowance}日中）。",
        "🌴 You are away until {until}. Meanwhile the clocks of your games stand still and "
        "your opponents see that you are away. Left this year: **{left} days** (of "
        "{allowance}).",
    ),
    "away.games": Text("止めた対局：{count}", "Games paused: {count}"),
    "away.tournament_games": Text(
        "⚠️ 大会の対局 {count} 局は持ち時間が止まりません（ラウンドは全員の対局を待つため）。",
        "⚠️ {count} tournament game(s) keep their clocks (a round waits on every board).",
    ),
    "away.back": Text(
        "👋 おかえりなさい！持ち時間は止まっていた分だけ延びて、再び動き出しました。",
        "👋 Welcome back! Your clocks run again, moved on by the time they stood.",
    ),
    "away.already_back": Text("今は不在にしていません。", "You are not away."),
    "away.status": Text("🌴 {until} まで不在です。", "🌴 You are away until {until}."),
    "away.profile": Text(
        "🌴 不在の日数：今年 {used}/{allowance}日 使用（残り {left}日）",
        "🌴 Days away: {used}/{allowance} used this year ({left} left)",
    ),
    "away.profile_away": Text("🌴 {until} まで不在", "🌴 Away until {until}"),
    "away.board": Text(
        "🌴 {user} は {until} まで不在 — 持ち時間は止まっています",
        "🌴 {user} is away until {until} — the clock is stopped",
    ),
    "away.games_line": Text("🌴 {until} まで不在", "🌴 away until {until}"),
}
