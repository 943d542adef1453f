"""The daily deal: the words of /<game> daily and /<game> today."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
DAILY_MESSAGES: dict[str, Text] = {
    "daily.board": Text("📅 {day} の今日の配札", "📅 Daily deal of {day}"),
    "daily.private": Text(
        "今日はサーバーの全員が同じ配札なので、この盤面は今日が終わるまであなたにだけ見えます。"
        "見失ったら {command} でもう一度。",
        "Everyone here is dealt the same cards today, so only you see this board until the day "
        "is over; {command} shows it again.",
    ),
    "daily.title": Text(
        "📅 **{game}** {day} の配札 — 今日の結果", "📅 **{game}** deal of {day} — today's results"
    ),
    "daily.none": Text(
        "今日はまだ誰も遊んでいません。{command} でどうぞ！",
        "Nobody has played today's deal yet. Try {command}!",
    ),
    "daily.row_won": Text("🏆 {user} 勝ち（{summary}）", "🏆 {user} won ({summary})"),
    "daily.row_lost": Text("🌑 {user} 負け（{summary}）", "🌑 {user} lost ({summary})"),
    "daily.row_no_result": Text(
        "🌫️ {user} 結果なし（{summary}）", "🌫️ {user} ended with no result ({summary})"
    ),
    "daily.row_playing": Text(
        "⏳ {user} 進行中（{summary}）", "⏳ {user} still playing ({summary})"
    ),
}


#: The names of the commands (under each game with a daily deal).
DAILY = Text("今日の配札", "daily")
TODAY = Text("今日の結果", "today")
