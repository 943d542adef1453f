"""Refusals: why an action changed nothing (shown ephemerally)."""

from __future__ import annotations

from rules.core import Text

HINT_RATED = Text(
    "レート戦の対局中はヒントを使えません。",
    "Hints are not available in a rated game in progress.",
)

NO_HINTS = Text("このゲームにはヒントがありません。", "This game has no hints.")

NO_SEAL = Text(
    "この対局には隠れた配札がないので、封印もありません。",
    "This game deals nothing hidden, so it has no seal to check.",
)

SEAL_KEPT_FOR_DAY = Text(
    "今日の配札はまだ他の人が遊んでいるかもしれないので、シードは明日公開されます。",
    "Others may still be playing today's deal: its seed is revealed tomorrow (UTC).",
)

DAILY_DEAL_KEPT = Text(
    "今日の配札はこのサーバーの全員に同じなので、その日が終わる（UTC の0時、{opens}）まで"
    "遊んだ本人にしか見せられません。",
    "Today's deal is the same for everyone in this server, so each game of it stays with its "
    "player until the day is over (midnight UTC, {opens}).",
)

STILL_PLAYING_DEAL = Text(
    "あなたはまだこの配札を遊んでいます（#{id}）。ほかの人の対局は、あなたの対局が終わってから"
    "見られます。",
    "You are still playing this deal (#{id}): others' games of it open to you once yours is over.",
)

NOT_OVER = Text(
    "リプレイと記録は対局が終わってから見られます。",
    "Replays and logs are available once the game is over.",
)

# --- Starting and calling off games ---
SELF_CHALLENGE = Text("自分自身には挑戦できません。", "You can't challenge yourself.")

ONLY_CHALLENGED = Text(
    "この挑戦を受けられるのは挑戦された人だけです。",
    "Only the challenged player can answer this challenge.",
)

ABORT_TOO_LATE = Text(
    "最初の手が指された後は中止できません。投了はできます。",
    "A game can only be aborted before the first move. You can still resign.",
)

BOT_CANNOT_PLAY = Text(
    "このゲームではボットと対戦できません。", "The bot can't play this game yet."
)

# --- Player settings ---
BAD_NOTIFY = Text(
    "通知先は channel / dm / none のどれかです。", "Notifications go to channel, dm or none."
)

# --- Server settings ---
CHANNEL_NOT_ALLOWED = Text(
    "このチャンネルでは対局できません。使えるチャンネル：{channels}",
    "Games can't be played in this channel. Try: {channels}",
)

# --- Actions ---
SOLITAIRE_NOT_YOURS = Text(
    "これは他の人の一人遊びです。見るのは自由です — 自分のゲームも始められます！",
    "This solitaire belongs to someone else. You are welcome to watch — or start your own!",
)
