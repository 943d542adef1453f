"""What the board says while a game is played: challenges, turns, results, its buttons, fairness, logs and replays."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
PLAY_MESSAGES: dict[str, Text] = {
    "challenge.header": Text(
        "⚔️ {challenger} が {opponent} に{game}の対局を申し込みました。",
        "⚔️ {challenger} challenges {opponent} to {game}.",
    ),
    "challenge.terms": Text(
        "{challenger_side}：{challenger} ／ {opponent_side}：{opponent} ・ {rated} ・ 期限 {expires}",
        "{challenger_side}: {challenger} / {opponent_side}: {opponent} · {rated} · expires {expires}",
    ),
    "challenge.accept": Text("受ける", "Accept"),
    "challenge.decline": Text("断る", "Decline"),
    "challenge.cancel": Text("取り下げる", "Withdraw"),
    "challenge.declined": Text("{user} が挑戦を断りました。", "{user} declined the challenge."),
    "challenge.expired": Text("この挑戦は期限切れになりました。", "This challenge has expired."),
    "challenge.aborted": Text("この対局は中止されました。", "This game was called off."),
    "challenge.not_a_bot": Text(
        "ほかのボットとは対戦できません。人か、このボット自身を選んでください。",
        "You can't play another bot. Choose a person, or this bot itself.",
    ),
    "rated": Text("レート戦", "rated"),
    "casual": Text("非レート戦", "casual"),
    "board.bot_level": Text("ボットの強さ：{level}", "bot level: {level}"),
    "turn.ping": Text(
        "{user} さんの番です — {game} #{id}：{link}", "{user}, your move — {game} #{id}: {link}"
    ),
    "turn.ping_due": Text(
        "{user} さんの番です — {game} #{id}（期限 {deadline}）：{link}",
        "{user}, your move — {game} #{id} (due {deadline}): {link}",
    ),
    "turn.status": Text("手番：{user}", "To move: {user}"),
    "result.win": Text("🏆 {user} の勝ち（{reason}）", "🏆 {user} wins ({reason})"),
    "result.solo_loss": Text("🌑 {user} の負け（{reason}）", "🌑 {user} lost ({reason})"),
    # An ending the rules call no result (``counts``): neither won nor lost, counted nowhere.
    "result.solo_no_result": Text(
        "🌫️ {user}：勝ち負けなしで終了（{reason}）",
        "🌫️ {user}: ended, neither won nor lost ({reason})",
    ),
    "result.no_result": Text(
        "🌫️ 勝ち負けなしで終了（{reason}）", "🌫️ Ended, neither won nor lost ({reason})"
    ),
    "result.draw": Text("🤝 引き分け（{reason}）", "🤝 Draw ({reason})"),
    "result.announce": Text(
        "{game} #{id} 終局：{result} — {link}", "{game} #{id} is over: {result} — {link}"
    ),
    "clock.deadline": Text(
        "⏳ 持ち時間 {per_move}／手 — 期限 {deadline}", "⏳ {per_move} per move — due {deadline}"
    ),
    "clock.reminder": Text(
        "⏳ {user} さん、{game} #{id} の手番の期限が近づいています（{deadline}）：{link}",
        "⏳ {user}, your move in {game} #{id} is due {deadline}: {link}",
    ),
    "clock.none": Text("持ち時間なし", "no clock"),
    "clock.per_move": Text("⏳ 持ち時間 {per_move}／手", "⏳ {per_move} per move"),
    # Told once (and again only when it changes) to a player whose reminders can't be posted
    # beside the board: where they go instead.
    "reach.dm": Text(
        "{game} #{id} の持ち時間のお知らせ（期限が近いとき、時間切れのとき）は、ここには"
        "投稿できないため、あなたにはDMで届きます。",
        "{game} #{id}'s move-clock reminders (a move nearly due, a loss on time) can't be "
        "posted here, so they come to you by DM.",
    ),
    "reach.no_server": Text(
        "{game} #{id} の持ち時間のお知らせ（期限が近いとき、時間切れのとき）は、あなたには"
        "届きません。遊び場はここには自分から投稿できず、Discord は遊び場と同じサーバーに"
        "いる人にしかDMを送らせないためです。",
        "{game} #{id}'s move-clock reminders (a move nearly due, a loss on time) can't reach "
        "you: Asobiba can't post here on its own, and Discord lets it DM only people who "
        "share a server with it.",
    ),
    "reach.unknown": Text(
        "{game} #{id} の持ち時間のお知らせ（期限が近いとき、時間切れのとき）は、いまはあなたに"
        "届きません。遊び場はここには自分から投稿できず、Discord は遊び場と同じサーバーに"
        "いる人にしかDMを送らせないためです（そういうサーバーで一度遊び場を使うと、遊び場に"
        "伝わります）。",
        "{game} #{id}'s move-clock reminders (a move nearly due, a loss on time) can't reach "
        "you yet: Asobiba can't post here on its own, and Discord lets it DM only people who "
        "share a server with it (use Asobiba once in such a server, and it knows).",
    ),
    "reach.dms_closed": Text(
        "{game} #{id} の持ち時間のお知らせ（期限が近いとき、時間切れのとき）は、あなたには"
        "届きません。遊び場はここには自分から投稿できず、Discord があなたへのDMを断った"
        "ためです（プライバシー設定の「ダイレクトメッセージ」）。",
        "{game} #{id}'s move-clock reminders (a move nearly due, a loss on time) can't reach "
        "you: Asobiba can't post here on its own, and Discord refused its DMs to you (your "
        "privacy settings: direct messages).",
    ),
    "reach.home": Text(
        "{invite} に参加すると、DMで届くようになります。",
        "Join {invite} and they come to you by DM.",
    ),
    "reach.games": Text(
        "対局と期限は </games> でいつでも確かめられます。",
        "</games> shows your games and when each is due, any time.",
    ),
    "reach.install": Text(
        "下のボタンで遊び場を自分のアカウントに追加すると、どこでも </games> で対局と期限を"
        "確かめられます。",
        "Add Asobiba to your account (the button below) to see your games and when each is due "
        "with </games>, anywhere.",
    ),
    "reach.install_button": Text("遊び場を追加", "Add Asobiba"),
    "hour": Text("{n}時間", "{n} hour"),
    "hours": Text("{n}時間", "{n} hours"),
    "day": Text("{n}日", "{n} day"),
    "days": Text("{n}日", "{n} days"),
    "draw.offer_ping": Text(
        "🤝 {user} さん、{game} #{id} で引き分けが提案されています：{link}",
        "🤝 {user}, you have a draw offer in {game} #{id}: {link}",
    ),
    "challenge.dm": Text(
        "⚔️ {user} さんから{game}の挑戦が届いています：{link}",
        "⚔️ {user} challenges you to {game}: {link}",
    ),
    "draw.offered": Text("🤝 {user} が引き分けを提案しています。", "🤝 {user} offers a draw."),
    "last_move": Text("直前：{text}", "Last: {text}"),
    "button.resign": Text("投了", "Resign"),
    "button.offer_draw": Text("引き分け提案", "Offer draw"),
    "button.accept_draw": Text("引き分けに合意", "Accept draw"),
    "button.decline_draw": Text("提案を断る", "Decline draw"),
    "button.hint": Text("ヒント", "Hint"),
    "button.log": Text("棋譜・記録", "Game log"),
    # Opens the page on the web (a link button: 🌐 beside it).
    "button.web": Text("ウェブ", "Web"),
    "button.rematch": Text("再戦", "Rematch"),
    "button.confirm_resign": Text("本当に投了する", "Yes, resign"),
    "confirm.resign": Text(
        "本当に投了しますか？（このメッセージはあなたにだけ見えています）",
        "Do you really want to resign? (Only you can see this.)",
    ),
    "done.ok": Text("了解しました。", "Done."),
    # An older copy of a board, closed (a newer one was posted since): its last words.
    "board.copy": Text(
        "-# 古い盤面です（ボタンは外しました）。最新の盤面は[こちら]({link})。",
        "-# An older copy of the board (its buttons removed): the newest is [here]({link}).",
    ),
    "board.copy_private": Text(
        "-# 古い盤面です（ボタンは外しました）。最新の盤面はこの下にあります。",
        "-# An older copy of the board (its buttons removed): the newest is further down.",
    ),
    "board.refused": Text(
        "✅ 記録しました。この操作は有効です。ただしDiscordが盤面メッセージの書き換えを"
        "受け付けなかったため、いまの盤面をここに表示します。",
        "✅ Recorded: that counted. Discord refused to redraw the board message, so here is "
        "the board as it stands now.",
    ),
    "hint.no_game": Text(
        "このチャンネルに進行中の{game}の対局がありません。",
        "You have no {game} game in progress in this channel.",
    ),
    "panel.title": Text(
        "🎴 あなたの手札（あなたにだけ見えています）", "🎴 Your hand (only you can see this)"
    ),
    "log.attached": Text(
        "📜 対局 #{id} の記録（全{lines}行）をファイルで添付しました。",
        "📜 The whole log of game #{id} ({lines} lines) is attached as a file.",
    ),
    "fair.sealed": Text(
        "🔒 配札の封印 `{code}…`（終局後にシードを公開。だれでも確かめられます）",
        "🔒 Deal sealed `{code}…` (the seed is revealed at the end: anyone can check it)",
    ),
    "fair.sealed_daily": Text(
        "🔒 配札の封印 `{code}…`（今日が終わったらシードを公開。だれでも確かめられます）",
        "🔒 Deal sealed `{code}…` (the seed is revealed when the day is over: anyone can check "
        "it then)",
    ),
    "fair.revealed": Text(
        "🔓 シードを公開しました — 「検証」で封印と照らし合わせられます。",
        "🔓 The seed is revealed — press Verify to check it against the seal.",
    ),
    "fair.tomorrow": Text(
        "🔒 今日の配札のシードは明日（UTC）公開されます。",
        "🔒 Today's deal's seed is revealed tomorrow (UTC).",
    ),
    "fair.ok": Text(
        "✅ 封印 `{seal}…` と一致しました。配札は最初の一枚より前に決まっていて（シード {seed}）、その"
        "シードからファイルの{moves}手順を再生するとこの結果になります。自分で確かめるには、添付の"
        "ファイルを保存して `python -m rules.verify {file}` を実行してください。",
        "✅ The seal `{seal}…` matches: the deal was fixed before the first card (seed {seed}), and "
        "replaying the {moves} moves in the file from that seed gives this very end. To check it "
        "yourself, save the attached file and run `python -m rules.verify {file}`.",
    ),
    "fair.bad": Text(
        "❌ シードから手順を再生しても、この結果になりません。管理者に知らせてください。",
        "❌ Replaying the moves from the seed does not give this end. Please tell an admin.",
    ),
    "button.verify": Text("検証", "Verify"),
    "button.review": Text("振り返り", "Review"),
    "button.why": Text("なぜ？", "Why?"),
    "why.title": Text("❓ 直前の一手の理由（数字つき）", "❓ Why the last move went as it did"),
    "log.seal": Text("封印（シードとソルトのSHA-256）", "Seal (SHA-256 of seed and salt)"),
    "log.seed": Text("シード", "Seed"),
    "log.salt": Text("ソルト", "Salt"),
    "replay.header": Text(
        "⏯️ **{game}** #{id} の再生 — {ply}/{plies}手目",
        "⏯️ **{game}** #{id} replay — ply {ply}/{plies}",
    ),
    "button.replay": Text("再生", "Replay"),
    "button.share": Text("共有", "Share"),
    "share.heading": Text("### 🎞️ {game} #{id}\n{players}", "### 🎞️ {game} #{id}\n{players}"),
    "share.by": Text(
        "-# {user} が共有 · 自分の対局の再生と共有は </history> から",
        "-# Shared by {user} · replay and share your own games from </history>",
    ),
    "share.posting": Text("🎞️ 投稿しています…", "🎞️ Posting…"),
    "share.done": Text("🎞️ 共有しました：{link}", "🎞️ Shared: {link}"),
    "share.again": Text(
        "🎞️ この対局はついさっき共有されました：{link}\n-# 同じ対局をもう一度共有できるのは"
        "{minutes}分後です。",
        "🎞️ This game was shared moments ago: {link}\n-# It can be shared again in {minutes} "
        "minutes.",
    ),
    "share.busy": Text(
        "🎞️ この対局の動画を作っているところです。少しお待ちください。",
        "🎞️ This game's animation is being made right now — it will appear in a moment.",
    ),
    "share.failed": Text(
        "🎞️ Discord が投稿を受け付けませんでした（チャンネルの権限かもしれません）。"
        "対局は変わっていません。",
        "🎞️ Discord did not take the post (perhaps the channel's permissions). Nothing was changed.",
    ),
    "share.no_picture": Text(
        "この対局は絵で描けないので、動画にできません。棋譜・記録をどうぞ。",
        "This game has no picture to animate — the game log has every move.",
    ),
    "rating.change": Text("📈 レーティング：{changes}", "📈 Rating: {changes}"),
    "panel.refused": Text(
        "✅ 記録しました。この操作は有効です。ただしDiscordがパネルの書き換えを受け付けなかった"
        "ため、盤面の「手札・操作」からもう一度開いてください。",
        "✅ Recorded: that counted. Discord refused to redraw your panel; open it again with "
        "**My hand** on the board.",
    ),
    "button.hand": Text("手札・操作", "My hand"),
}


#: The last line of a game log, before how it ended.
LOG_RESULT = Text("結果", "Result")
