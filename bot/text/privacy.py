"""The words of /privacy: what the bot keeps, the export, and deleting one's data."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
PRIVACY_MESSAGES: dict[str, Text] = {
    "privacy.title": Text(
        "🔒 **遊び場があなたについて保存しているもの**",
        "🔒 **What Asobiba keeps about you**",
    ),
    "privacy.kept": Text(
        "・あなたの Discord ユーザー ID と、対局を始めたときの表示名\n"
        "・あなたの対局：相手、すべての手、結果、日時（盤面は遊んだチャンネルに残ります）\n"
        "・ゲームごと（サーバーごと）の成績とレーティング\n"
        "・</settings> の設定（手番の通知先、成績を隠すか、絵か文字か）\n"
        "・詰めもの（</puzzle>）の答えとレーティング、</learn> の進み具合\n"
        "・参加・主催した大会\n"
        "・遊び場があなたにDMを送れるか（Discordの最後の返事と、遊び場のいるサーバーで最後に"
        "見かけた日時）と、持ち時間のお知らせの届き先を伝えたかどうか\n"
        "メッセージの内容、メールアドレス、所属サーバーの一覧などは保存しません。"
        "手札など相手に見えない情報は、その持ち主にしか見せません。",
        "• your Discord user id, and your display name when a game began\n"
        "• your games: who played, every move, the result and when (boards stay in the "
        "channels where they were played)\n"
        "• your results and ratings per game (and per server)\n"
        "• your </settings> (where turn notices go, hidden stats, pictures or text)\n"
        "• your </puzzle> answers and puzzle ratings, and how far you got in </learn>\n"
        "• the tournaments you entered or organised\n"
        "• whether Asobiba may DM you (Discord's last answer, and when you were last seen in a "
        "server with Asobiba), and where you were told your move-clock reminders go\n"
        "Nothing else: no messages, no email, no list of your servers. Hidden cards are only "
        "ever shown to their holder.",
    ),
    "privacy.counts": Text(
        "いま記録にあるもの：対局 {games}（うち進行中・返事待ち {open}）・成績 {stats}・"
        "詰めものの答え {puzzles}・大会 {tournaments}",
        "On record now: games {games} (still open: {open}) · result rows {stats} · "
        "puzzle answers {puzzles} · tournaments {tournaments}",
    ),
    "privacy.choices": Text(
        "**書き出す**：すべてを JSON ファイルで受け取れます（あなたにだけ届きます）。\n"
        "**削除する**：設定・成績・レーティング・詰めものと講座の記録を消し、"
        "終わった対局のあなたの席は「元プレイヤー」になります（二回確認します）。",
        "**Export**: get all of it as a JSON file (only you see it).\n"
        "**Delete**: your settings, results, ratings, puzzle and lesson records go, and in "
        "finished games your seat becomes “a former player” (asked twice).",
    ),
    "privacy.export": Text("書き出す", "Export my data"),
    "privacy.delete": Text("削除する…", "Delete my data…"),
    "privacy.exported": Text(
        "📦 遊び場があなたについて保存しているすべてです（JSON）。進行中の対局で相手に"
        "隠されているもの（相手の手札など）は含みません。",
        "📦 Here is everything Asobiba keeps about you (JSON). What is hidden from you in "
        "games still being played (an opponent's hand) is left out.",
    ),
    "privacy.confirm_first": Text(
        "⚠️ **本当にあなたのデータを削除しますか？**", "⚠️ **Delete your data?**"
    ),
    "privacy.will_resign": Text(
        "・進行中の対局（{n}）は投了になります（相手の勝ち）。",
        "• Your games under way ({n}) are resigned: your opponents win them.",
    ),
    "privacy.will_abort": Text(
        "・挑戦と、まだ一手も指していない対局（{n}）は中止になります（結果なし）。",
        "• Your challenges and games without a move yet ({n}) are called off (no result).",
    ),
    "privacy.will_withdraw": Text(
        "・参加中の大会からは抜けます（大会はあなた抜きで続きます）。",
        "• You leave the tournaments you are in (they go on without you).",
    ),
    "privacy.will_delete": Text(
        "・設定、成績、レーティング、詰めものの答えとレーティング、講座の進み具合は消えます。\n"
        "・終わった対局は相手のために残り、あなたの席は「元プレイヤー」になります。\n"
        "元には戻せません。",
        "• Your settings, results, ratings, puzzle answers and ratings, and lesson progress "
        "are deleted.\n"
        "• Finished games stay for the other players, with your seat shown as “a former "
        "player”.\n"
        "This cannot be undone.",
    ),
    "privacy.continue": Text("はい、続ける…", "Yes, continue…"),
    "privacy.keep": Text("やめる（残す）", "Keep my data"),
    "privacy.confirm_second": Text(
        "🗑️ **最後の確認です。** いま削除しますか？（このボタンは {minutes} 分間有効です）",
        "🗑️ **Last check.** Delete everything now? (This button works for {minutes} minutes.)",
    ),
    "privacy.delete_now": Text("いま削除する", "Delete everything now"),
    "privacy.kept_data": Text(
        "何も削除していません。", "Nothing was deleted: your data is as it was."
    ),
    "privacy.deleted": Text(
        "✅ 削除しました。遊び場はもうあなたの設定・成績・記録を保存していません。終わった"
        "対局では、あなたは「元プレイヤー」と表示されます。また遊ぶときは、まっさらから"
        "始まります。",
        "✅ Deleted. Asobiba no longer keeps your settings, results or records; finished "
        "games show you as “a former player”. If you play again, you start afresh.",
    ),
    "privacy.ended_games": Text("投了・中止した対局：{n}", "Games resigned or called off: {n}"),
    "privacy.left_tournaments": Text("抜けた大会：{n}", "Tournaments left: {n}"),
    "privacy.nothing_left": Text(
        "✅ 遊び場はあなたについて何も保存していません（もう削除済みです）。",
        "✅ Asobiba keeps nothing about you (already deleted).",
    ),
    "privacy.expired": Text(
        "この確認は期限切れです。何も削除していません。もう一度 </privacy> からどうぞ。",
        "This confirmation has expired, so nothing was deleted. Start again with </privacy>.",
    ),
    "former.player": Text("元プレイヤー", "a former player"),
}

PRIVACY = Text("プライバシー", "privacy")
PRIVACY_HELP = Text(
    "遊び場が保存しているあなたの情報：見る・書き出す・削除する",
    "What Asobiba keeps about you: see it, export it, delete it",
)

#: A deletion that kept meeting new games of the player's (they went on playing meanwhile).
STILL_PLAYING = Text(
    "削除の途中であなたの新しい対局が始まったため、削除を終えられませんでした。"
    "もう一度お試しください。",
    "A new game of yours began while deleting, so the deletion did not finish. Please try again.",
)

#: A rematch with someone who has since deleted their data.
FORMER_PLAYER_GONE = Text(
    "相手は遊び場から自分のデータを削除したため、再戦を申し込めません。",
    "Your opponent has deleted their data from Asobiba, so there is no one to ask for a rematch.",
)
