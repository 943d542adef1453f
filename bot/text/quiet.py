"""The words of the fair clock: quiet hours in /settings, and a time bank as boards and
/challenge say it."""

from __future__ import annotations

from rules.core import Text

TIME_ZONE = Text("タイムゾーン", "time_zone")
TIME_ZONE_HELP = Text(
    "あなたのタイムゾーン（IANA 名。例：Asia/Tokyo、America/New_York）",
    "Your time zone (an IANA name, e.g. Asia/Tokyo, America/New_York)",
)
QUIET = Text("静かな時間", "quiet_hours")
QUIET_HELP = Text(
    "毎晩の静かな時間（例：23:00-07:00、最大12時間）：持ち時間が止まり催促も届きません。off で解除",
    "Nightly quiet hours, e.g. 23:00-07:00 (max 12 h): your clock stands. off to clear",
)
QUIET_BAD = Text(
    "静かな時間が読めません。タイムゾーンは `Asia/Tokyo` のような IANA 名、時間は `23:00-07:00`"
    "（1日12時間まで）で入力してください。",
    "Those quiet hours did not make sense. Give an IANA time zone such as `Asia/Tokyo` and "
    "hours such as `23:00-07:00` (at most 12 hours a day).",
)
QUIET_NEEDS_ZONE = Text(
    "静かな時間にはタイムゾーンが必要です（`time_zone` も指定してください）。",
    "Quiet hours need a time zone: give `time_zone` too.",
)
QUIET_WEEKENDS = Text("週末も静か", "quiet_weekends")
QUIET_WEEKENDS_HELP = Text(
    "土日も終日、持ち時間が止まり催促も届きません（静かな時間と一緒に）",
    "Saturdays and Sundays stand all day too (with your quiet hours)",
)
BANK = Text("持ち時間の貯金", "bank_days")
BANK_HELP = Text(
    "フィッシャー式：最初の持ち時間（日）。1手ごとに持ち時間を足し、上限まで貯まります",
    "Fischer clock: days each player starts with; each move adds the clock's time, up to a cap",
)
BANK_BAD = Text(
    "持ち時間の貯金には1手ごとの時間が必要で、上限は最初の持ち時間以上にしてください。",
    "A bank needs a time per move, and its cap must be at least what it starts with.",
)

QUIET_MESSAGES: dict[str, Text] = {
    "quiet.now": Text(
        "🌙 静かな時間：{zone} の {start}〜{end}（この間は持ち時間が止まり、催促も届きません。"
        "次の手番から数えます）",
        "🌙 Quiet hours: {start}–{end} {zone} (your clock stands and no reminder arrives; "
        "counted from your next turn)",
    ),
    "quiet.none": Text("🌙 静かな時間：なし", "🌙 Quiet hours: none"),
    "quiet.weekends": Text(
        "🌙 週末（土日）も終日静か（{zone}）",
        "🌙 Weekends (Saturday and Sunday) are quiet all day too ({zone})",
    ),
    "clock.quiet_counted": Text("（静かな時間を考慮）", " (quiet hours counted)"),
    "clock.bank": Text(
        "⏳ 持ち時間：{left}（1手ごとに{add}追加、上限{cap}）",
        "⏳ Time left: {left} (+{add} a move, up to {cap})",
    ),
    "clock.bank_seat": Text("{name} {time}", "{name} {time}"),
    "clock.bank_label": Text(
        "貯金{start}＋1手{add}（上限{cap}）", "bank {start} + {add} a move (up to {cap})"
    ),
}
