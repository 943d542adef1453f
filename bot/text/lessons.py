"""The words of /learn: the command, its option, and what a lesson's card says around the
lesson's own words (which live with each game's rules)."""

from __future__ import annotations

from rules.core import Text

LEARN = Text("学ぶ", "learn")
LEARN_HELP = Text(
    "ゲームの遊び方を実際の局面で一歩ずつ学ぶ（あなたにだけ見えます）",
    "Learn a game step by step on real positions (only you see it)",
)
LESSON = Text("ゲーム", "game")
WHICH_LESSON = Text("どのゲームを学ぶか", "Which game to learn")
UNKNOWN_LESSON = Text(
    "そのレッスンは見つかりません。</learn> から選び直してください。",
    "That lesson no longer exists. Pick one again with </learn>.",
)

#: Messages, looked up by key with ``bot.i18n.tr``.
LESSON_MESSAGES: dict[str, Text] = {
    "lesson.heading": Text(
        "### 📖 {lesson} — {step}/{steps}：{title}", "### 📖 {lesson} — {step}/{steps}: {title}"
    ),
    "lesson.your_move": Text(
        "👉 下のボタン・メニューから指してください。", "👉 Make the move with the controls below."
    ),
    "lesson.you_play": Text("（あなたは{seat}）", "(You play {seat}.)"),
    "lesson.later": Text("⏩ 何手か進んだ局面です。", "⏩ Some moves later."),
    "lesson.elsewhere": Text("🔀 別の局面です。", "🔀 A new position."),
    "lesson.next": Text("次へ", "Next"),
    "lesson.finish": Text("終わる", "Finish"),
    "lesson.right": Text("✅ そのとおり！", "✅ Right!"),
    "lesson.wrong": Text(
        "❌ その手はここでは教えている手ではありません。",
        "❌ That is not the move this step teaches.",
    ),
    "lesson.refused": Text("❌ ルール上できません：{why}", "❌ The rules refuse it: {why}"),
    "lesson.hint": Text("💡 {hint}", "💡 {hint}"),
    "lesson.try_again": Text("もう一度どうぞ。", "Try again."),
    "lesson.resumed": Text(
        "↪️ 前回の続き（{step}/{steps}）から再開します。",
        "↪️ Picking up where you left off (step {step} of {steps}).",
    ),
    "lesson.done_title": Text("### 🎓 {lesson}：修了！", "### 🎓 {lesson}: lesson complete!"),
    "lesson.done": Text(
        "これで実際に遊べます。ルールの全文は </rules>、ほかのゲームは </learn> で。"
        "もう一度 </learn> で同じゲームを選ぶと最初から学べます。",
        "You're ready to play. The full rules are under </rules>, other games under "
        "</learn>; choosing this game in </learn> again starts the lesson afresh.",
    ),
    "lesson.number_title": Text("数を入れる", "Type a number"),
}
