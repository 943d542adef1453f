"""Your mistakes come back: the words of /puzzle's offer of a player's own mistakes, their
cards and their verdicts."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
MISTAKE_MESSAGES: dict[str, Text] = {
    "mistake.due_line": Text(
        "🔁 あなたの対局の間違い：復習 {n}問",
        "🔁 Your mistakes: {n} due",
    ),
    "mistake.review": Text("間違いを復習する", "Review my mistakes"),
    "mistake.title": Text(
        "🔁 あなたの間違いの復習 — {game}（対局 #{game_id}）",
        "🔁 Your mistake, back for review — {game} (game #{game_id})",
    ),
    "mistake.choose": Text("答えを選ぶ…", "Choose your answer…"),
    "mistake.right": Text("⭕ 正解！", "⭕ Right!"),
    "mistake.wrong": Text(
        "❌ 不正解。あなたの答え：{answer}　正解：{best}",
        "❌ Not quite. Your answer: {answer}. The best: {best}",
    ),
    "mistake.why": Text("**なぜ？**", "**Why?**"),
    "mistake.next_review": Text("次の復習：{day}（{when}）", "Next review: {day} ({when})"),
    "mistake.already": Text(
        "（この復習は済んでいます：予定は変わりません）",
        "(Already reviewed: its schedule is unchanged.)",
    ),
    "mistake.next": Text("次の間違い（あと{n}問）", "Next mistake ({n} due)"),
    "mistake.none_due": Text(
        "今は復習する間違いがありません。対局を終えると、評価を落とした局面がここに戻ってきます。",
        "No mistakes are due now. After each game you finish, the positions where you lost "
        "value come back here.",
    ),
    "mistake.unknown": Text(
        "その復習カードは見つかりません。", "That review card no longer exists."
    ),
    "mistake.not_an_answer": Text(
        "それはこの局面で選べる答えではありません。何も記録していません。",
        "That is not an answer this position allows. Nothing was recorded.",
    ),
}
