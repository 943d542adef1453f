"""A player's corner of a game: their private note and their planned moves."""

from __future__ import annotations

from rules.core import Text

CORNER_MESSAGES: dict[str, Text] = {
    "button.corner": Text("メモ・予約手", "Note & plans"),
    "button.corner_note": Text("メモ", "Note"),
    "corner.title": Text(
        "🗒️ あなただけの控え（相手には見えません）", "🗒️ Your corner (only you can see this)"
    ),
    "corner.note": Text("📝 メモ：\n{note}", "📝 Note:\n{note}"),
    "corner.no_note": Text("📝 メモはまだありません。", "📝 No note yet."),
    "corner.write_note": Text("メモを書く", "Write note"),
    "corner.note_form": Text("対局メモ（あなたにだけ見えます）", "Game note (only you see it)"),
    "corner.note_label": Text("メモ（空にすると消えます）", "Note (empty it to delete it)"),
    "corner.note_saved": Text("📝 メモを保存しました。", "📝 Note saved."),
    "corner.note_cleared": Text("📝 メモを消しました。", "📝 Note deleted."),
    "corner.plan": Text("⏩ 予約手：{line}", "⏩ Planned: {line}"),
    "corner.plan_pair": Text(
        "相手が「{theirs}」なら「{mine}」", "if they play {theirs}, you answer {mine}"
    ),
    "corner.no_plan": Text(
        "⏩ 予約手はありません。相手の手を選び、それへの応手を選ぶと、相手がその手を指した"
        "瞬間に自動で指されます。ほかの手なら取り消されます。",
        "⏩ No planned moves. Pick a move of your opponent's and your answer to it: if they play "
        "it, your answer is played at once; any other move cancels the plan.",
    ),
    "corner.plan_later": Text(
        "⏩ 予約手は相手の手番のあいだに残せます。",
        "⏩ You can plan answers on your opponent's turn.",
    ),
    "corner.if_they": Text("相手がこう指したら…", "If they play…"),
    "corner.then_if_they": Text("さらに相手がこう指したら…", "Then if they play…"),
    "corner.i_answer": Text("…こう応じる：{theirs}", "…I answer {theirs} with:"),
    "corner.pick_answer": Text(
        "相手の「{theirs}」への応手を選んでください。",
        "Pick your answer to their {theirs}.",
    ),
    "corner.plan_saved": Text("⏩ 予約手を保存しました。", "⏩ Plan saved."),
    "corner.cancel_plan": Text("予約手を取り消す", "Cancel plan"),
    "corner.plan_cancelled": Text("⏩ 予約手を取り消しました。", "⏩ Plan cancelled."),
    "corner.plan_gone": Text(
        "⏩ 予約手はもうありません（指されたか、ほかの手で取り消されました）。",
        "⏩ The plan is gone (it was played, or another move cancelled it).",
    ),
    "corner.stale": Text(
        "対局が進みました。最新の状態を表示します。",
        "The game moved on: here is how it stands now.",
    ),
    "replay.note": Text("📝 あなたのメモ：\n{note}", "📝 Your note:\n{note}"),
}
