"""The tournament part of the message catalogue: what /tournament says."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
TOURNAMENT_MESSAGES: dict[str, Text] = {
    "tournament.default_name": Text("{game}大会", "{game} tournament"),
    "tournament.created": Text(
        "📣 {organiser} が大会 **{name}**（#{id}）を開きました：{game}{rules} · {format} · "
        "{clock} · {rated}{limit} · 受付は{deadline}まで。参加は </tournament join> で！",
        "📣 {organiser} opened **{name}** (#{id}): {game}{rules} · {format} · {clock} · "
        "{rated}{limit} · sign-up closes {deadline}. Join with </tournament join>!",
    ),
    "tournament.limit": Text(" · 定員{n}人", " · up to {n} players"),
    "tournament.player_count": Text("{n}人", "{n} players"),
    "tournament.player_count_one": Text("{n}人", "{n} player"),
    "tournament.format.round_robin": Text("総当たり", "round robin"),
    "tournament.format.double_round_robin": Text("二回総当たり", "double round robin"),
    "tournament.format.swiss": Text("スイス式{rounds}回戦", "Swiss, {rounds} rounds"),
    "tournament.format.swiss_one": Text("スイス式1回戦", "Swiss, 1 round"),
    "tournament.format.solitaire": Text(
        "全員同じ配札を{rounds}回", "the same {rounds} deals for everyone"
    ),
    "tournament.format.solitaire_one": Text("全員同じ配札を1回", "the same deal for everyone"),
    "tournament.joined": Text(
        "✅ **{name}**（#{id}）に参加しました（現在{players}）。",
        "✅ You joined **{name}** (#{id}) — {players} so far.",
    ),
    "tournament.left": Text(
        "👋 **{name}**（#{id}）の参加を取り消しました。", "👋 You left **{name}** (#{id})."
    ),
    "tournament.withdrew": Text(
        "🏳️ {user} が **{name}** を棄権しました。残りの対局は不戦敗になります。",
        "🏳️ {user} withdrew from **{name}**: their remaining games are lost by forfeit.",
    ),
    "tournament.cancelled": Text(
        "❌ **{name}**（#{id}）は参加者が足りず中止になりました（{count}人、最低{least}人）。",
        "❌ **{name}** (#{id}) was cancelled: {count} signed up, {least} needed.",
    ),
    "tournament.called_off": Text(
        "❌ **{name}**（#{id}）は {user} により中止されました。",
        "❌ **{name}** (#{id}) was cancelled by {user}.",
    ),
    "tournament.called_off_in_play": Text(
        "❌ **{name}**（#{id}）は {user} により中止されました。対局中だったゲームは打ち切り"
        "（結果なし・レーティング変動なし）です。",
        "❌ **{name}** (#{id}) was cancelled by {user}. Games still in progress were called "
        "off: no result, no rating change.",
    ),
    "tournament.cancelled_ack": Text(
        "❌ **{name}** を中止しました。", "❌ You cancelled **{name}**."
    ),
    "tournament.round": Text(
        "🏁 **{name}** 第{round}回戦（全{rounds}回戦）", "🏁 **{name}** — round {round} of {rounds}"
    ),
    "tournament.board": Text(
        "第{board}局：{white} – {black} · {result}", "Board {board}: {white} – {black} · {result}"
    ),
    "tournament.bye": Text("休み：{user}（{points}点）", "Bye: {user} ({points} pt)"),
    "tournament.playing": Text("⏳ 対局中", "⏳ playing"),
    "tournament.round_dm": Text(
        "🏁 **{name}** 第{round}回戦、あなたの対局です — {game} #{id}：{link}",
        "🏁 **{name}** round {round}: your game is ready — {game} #{id}: {link}",
    ),
    "tournament.over_play": Text(
        "🏁 **{name}**（#{id}）はもう終わりました。これが最終順位です：",
        "🏁 **{name}** (#{id}) is over — no more deals to play. Its final table:",
    ),
    "tournament.finished": Text(
        "🏆 **{name}** が終わりました！最終順位：", "🏆 **{name}** is over! The final table:"
    ),
    "tournament.header": Text(
        "🏆 **{name}** #{id} — {game} · {format} · {terms}",
        "🏆 **{name}** #{id} — {game} · {format} · {terms}",
    ),
    "tournament.status.signup": Text(
        "受付中（{deadline}まで）· 参加{players}", "sign-up open until {deadline} · {players}"
    ),
    "tournament.status.running": Text("第{round}回戦／全{rounds}回戦", "round {round} of {rounds}"),
    "tournament.status.running_deadline": Text(
        "第{round}回戦／全{rounds}回戦（期限 {deadline}）",
        "round {round} of {rounds}, ends {deadline}",
    ),
    "tournament.round_rule": Text(
        "⚖️ 1回戦は{length}。期限に終わっていない対局の裁定：{rule}",
        "⚖️ Each round lasts {length}. Games unfinished at its deadline: {rule}",
    ),
    "tournament.adjudicated_title": Text(
        "⚖️ ラウンドの期限で裁定した対局", "⚖️ Games adjudicated at a round's deadline"
    ),
    "tournament.adjudicated": Text(
        "第{round}回戦 第{board}局：{white} – {black} · {result} — {proof}",
        "Round {round}, board {board}: {white} – {black} · {result} — {proof}",
    ),
    "tournament.status.running_solitaire": Text(
        "配札は{deadline}まで", "deals open until {deadline}"
    ),
    "tournament.status.finished": Text("終了", "finished"),
    "tournament.status.cancelled": Text("中止", "cancelled"),
    "tournament.row": Text(
        "{rank}. **{user}** — {points} · {breaks} · {won}勝{drawn}分{lost}敗{withdrawn}",
        "{rank}. **{user}** — {points} · {breaks} · {won}W {drawn}D {lost}L{withdrawn}",
    ),
    "tournament.per_move": Text("1手{clock}", "{clock} per move"),
    "tournament.point": Text("{n}点", "{n} point"),
    "tournament.points": Text("{n}点", "{n} points"),
    "tournament.withdrawn_mark": Text("（棄権）", " (withdrawn)"),
    "tournament.solitaire_row": Text(
        "{rank}. **{user}** — {deals}回中{won}勝 · {tally}：勝った配札で{in_wins}、全体で{total}"
        "{withdrawn}",
        "{rank}. **{user}** — {won} won of {deals} · {tally}: {in_wins} in wins, {total} in all"
        "{withdrawn}",
    ),
    "tournament.solitaire_row_plain": Text(
        "{rank}. **{user}** — {deals}回中{won}勝{withdrawn}",
        "{rank}. **{user}** — {won} won of {deals}{withdrawn}",
    ),
    "tournament.entrants": Text("参加者：{users}", "Entrants: {users}"),
    "tournament.no_entrants": Text("まだ参加者はいません。", "Nobody has joined yet."),
    "tournament.pairings": Text("第{round}回戦の組み合わせ：", "Round {round} pairings:"),
    "tournament.sealed": Text(
        "🔒 配札の封印 `{code}…`（大会の後にシードを公開）",
        "🔒 Deals sealed `{code}…` (the seed is revealed at the end)",
    ),
    "tournament.revealed": Text(
        "🔓 配札のシードは {seed}、ソルトは `{salt}` です。配札が始まる前から決まっていたことは"
        "誰でも確かめられます：この二つのSHA-256が大会中ずっと見せていた封印 `{code}` になり、"
        "第n配札はこのシードとnから（HMAC-SHA256で）作ったシードで配られています。",
        "🔓 The deals' seed is {seed}, its salt `{salt}`. Anyone can check that the deals were "
        "fixed before play began: the SHA-256 of the two is the seal `{code}` shown all along, "
        "and deal n was dealt from a seed made from this one and n (by HMAC-SHA256).",
    ),
    "tournament.deals_opened": Text(
        "🎴 **{name}** が始まりました！{deals}。</tournament play> で、"
        "{deadline}までに自分のペースでどうぞ。{users}",
        "🎴 **{name}** has started: {deals}. Play at your own pace with </tournament play> "
        "before {deadline}. {users}",
    ),
    "tournament.board_round": Text(
        "🏆 **{name}** · 第{round}回戦（全{rounds}回戦）",
        "🏆 **{name}** · round {round} of {rounds}",
    ),
    "tournament.board_deal": Text(
        "🎴 **{name}** · 配札 {deal}/{deals}", "🎴 **{name}** · deal {deal} of {deals}"
    ),
    "tournament.deal_private": Text(
        "この盤面はあなたにだけ見えています。見失ったら </tournament play> でもう一度。",
        "Only you see this board; </tournament play> shows it again.",
    ),
    "tournament.page": Text("{page}/{pages}ページ", "page {page} of {pages}"),
    "tournament.previous": Text("◀ 前へ", "◀ Previous"),
    "tournament.next": Text("次へ ▶", "Next ▶"),
    "tournament.list_title": Text("🏆 **このサーバーの大会**", "🏆 **Tournaments in this server**"),
    "tournament.list_row": Text(
        "#{id} **{name}** — {game} · {format} · {status}",
        "#{id} **{name}** — {game} · {format} · {status}",
    ),
    "tournament.list_entered_title": Text(
        "🏆 **あなたが参加した大会**", "🏆 **Tournaments you entered**"
    ),
    "tournament.list_empty": Text(
        "まだ大会はありません。</tournament create> で作れます。",
        "No tournaments yet — </tournament create> makes one.",
    ),
    "tournament.started": Text("▶️ **{name}** を始めました。", "▶️ **{name}** has been started."),
    "tournament.withdrawn_ack": Text(
        "🏳️ **{name}** を棄権しました。", "🏳️ You withdrew from **{name}**."
    ),
    "tiebreak.Sonneborn-Berger": Text("SB", "SB"),
    "tiebreak.wins": Text("勝数", "wins"),
    "tiebreak.Buchholz": Text("ブッフホルツ", "Buchholz"),
    "tiebreak.Buchholz Cut 1": Text("BH-C1", "BH-C1"),
    "tiebreak.Median Buchholz": Text("メディアン", "median"),
}
