"""Puzzles: the words of /puzzle, its card and its verdicts."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
PUZZLE_MESSAGES: dict[str, Text] = {
    "puzzle.title": Text(
        "🧩 {game} のパズル（難易度 {stars}・レーティング {rating}）",
        "🧩 {game} puzzle (difficulty {stars}, rated {rating})",
    ),
    "puzzle.daily_title": Text(
        "📅 {day} の今日のパズル — {game}（難易度 {stars}）",
        "📅 Daily puzzle of {day} — {game} (difficulty {stars})",
    ),
    "puzzle.choose": Text("答えを選ぶ…", "Choose your answer…"),
    "puzzle.right": Text("⭕ 正解！", "⭕ Right!"),
    "puzzle.wrong": Text(
        "❌ 不正解。あなたの答え：{answer}　正解：{best}",
        "❌ Not quite. Your answer: {answer}. The best: {best}",
    ),
    "puzzle.why": Text("**なぜ？**", "**Why?**"),
    "puzzle.rating": Text(
        "パズルレーティング：{before} → {after}", "Puzzle rating: {before} → {after}"
    ),
    "puzzle.practice": Text(
        "（2回目以降の解答は練習です：レーティングと連続記録は変わりません）",
        "(Only your first answer counts: this one is practice, rating and streak unchanged.)",
    ),
    "puzzle.streak": Text(
        "🔥 今日のパズル連続正解：{streak}日（最高 {best}日）",
        "🔥 Daily puzzle streak: {streak} day(s) (best {best})",
    ),
    "puzzle.streak_broken": Text(
        "今日のパズルの連続正解（{days}日）は途切れました。明日また {command} で！",
        "Your {days}-day daily puzzle streak is broken. Come back tomorrow for {command}!",
    ),
    "puzzle.next": Text("次のパズル", "Next puzzle"),
    "puzzle.as_text": Text("文字で表示", "Show as text"),
    "puzzle.as_picture": Text("画像で表示", "Show as picture"),
    "puzzle.no_puzzles": Text(
        "このゲームにはまだパズルがありません。", "This game has no puzzles yet."
    ),
    "puzzle.unknown": Text(
        "そのパズルは見つかりません。{command} で新しいパズルをどうぞ。",
        "That puzzle no longer exists. Try a new one with {command}.",
    ),
    "puzzle.not_an_answer": Text(
        "それはこの局面で選べる答えではありません。何も記録していません。",
        "That is not one of this position's answers. Nothing was recorded.",
    ),
}

#: The command and its options.
PUZZLE = Text("パズル", "puzzle")
PUZZLE_HELP = Text(
    "証明済みのパズルを解く（あなただけに表示）", "Solve a proven puzzle (only you see it)"
)
WHICH_PUZZLE = Text("パズルのゲーム", "The game to puzzle over")
DAILY_OPTION = Text("今日のパズル", "daily")
DAILY_OPTION_HELP = Text(
    "サーバーの全員に同じ今日のパズル（連続記録がつく）",
    "Today's puzzle, the same for everyone in this server (keeps a streak)",
)
