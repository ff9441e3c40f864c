package projection

// Japanese cues (lexicon.go), glossed by substring into the Chinese cues
// the readings know where the two languages share a construction (a rule
// word after its topic: "ios/ は変更しないでください" → "…変更不要"), and
// into English where the English reading fits the word order ("theme.ts
// にしましょう" → "theme.ts it is"). 、 is a clause's comma.
var lexJA = []lexEntry{
	{catNever, "不要", "しないでください しないで ないでください ないで してはいけません してはいけない てはいけません てはいけない てはだめ ちゃだめ"},
	{catNever, "永远", "絶対に 決して"},
	{catNever, "禁止", "禁止です 禁止"},
	{catMust, "必须", "必ず なければなりません なければならない ないといけない なくてはいけない"},
	{catMust, "始终", "常に いつも"},
	{catMust, "只能", "だけを使って だけ使って"},
	{catMust, "从现在起", "今後は これからは"},
	{catUse, "用", "を使ってください を使って を使用して"},
	{catInstead, "而不是", "ではなく じゃなくて"},
	{catInstead, "换成", "に切り替えて に変えて"},
	{catExcept, "除外", "以外"},
	{catExcept, "但是", "ただし"},
	{catExcept, "只有", "だけは"},
	{catLift, "不用再", "しなくていいです しなくていい しなくてもいい なくていいです なくていい なくてもいい しなくて大丈夫 なくて大丈夫 なくても大丈夫 気にしなくていい 必要はもうない 必要はありません"},
	// "console.log を使ってもいい": a permission to use the thing, not "use
	// console.log" (を使って) with a loose "もいい"
	{catLift, "可以用", "を使ってもいいです を使ってもいい を使ってもかまいません を使っても大丈夫 を使っていいです を使っていい を使用してもいい 使ってもいいです 使ってもいい 使っても大丈夫 使っていいです 使っていい"},
	{catLift, "可以了", "してもいいです してもいい してもかまいません しても大丈夫 てもいいです てもいい"},
	{catLift, "解除", "解禁"},
	{catRelative, "减半", "半分にしてください 半分にして 半分に"},
	{catRelative, "倍吧", "倍にしてください 倍にして 倍に"},
	{catRelative, "改回原来的", "元に戻して 元に戻す 元に戻し"},
	{catQuestion, "还不知道", "まだ分からない まだわからない まだ分かりません"},
	{catQuestion, "待定", "未定"},
	{catQuestion, "待确认", "要確認"},
	{catChoice, " it is", "にしましょう にしよう で行きましょう でいきましょう"},
	{catChoice, " it is.", "_にしましょう。 _にしよう。 にしましょう。 にしよう。"},
	{catChoice, " it is", "_にしましょう _にしよう"},
	{catChoice, "第二个", "二番目"},
	{catAnswer, "是", "はい"},
	{catGiveUp, "算了", "やめましょう やめよう 諦めましょう"},
	{catRules, "规则", "ルール 決まり 規則"},
	// A rule told as a nominalized imperative ("変更しないこと",
	// "統一すること"): the same words before が, は, も, に or で are a
	// noun phrase ("分からないことがある"), kept as written.
	{catNever, "不要", "ないこと"},
	{catMust, "必须", "すること"},
	{catMust, "必须统一", "で統一"},
	// the same of a verb other than する: "`cargo clippy` を通すこと"
	// (must pass), "を使うこと", "を守ること"
	{catMust, "必须", "を通すこと を使うこと を守ること を書くこと を回すこと を走らせること を付けること を残すこと"},
	{catFunction, "を通すことが", "を通すことが"},
	{catFunction, "を通すことは", "を通すことは"},
	{catFunction, "を使うことが", "を使うことが"},
	{catFunction, "を使うことは", "を使うことは"},
	{catFunction, "を使うことも", "を使うことも"},
	{catFunction, "を守ることが", "を守ることが"},
	{catFunction, "を守ることは", "を守ることは"},
	{catFunction, "ないことが", "ないことが"},
	{catFunction, "ないことは", "ないことは"},
	{catFunction, "ないことも", "ないことも"},
	{catFunction, "ないことに", "ないことに"},
	{catFunction, "ないことで", "ないことで"},
	{catFunction, "することが", "することが"},
	{catFunction, "することは", "することは"},
	{catFunction, "することも", "することも"},
	{catFunction, "することに", "することに"},
	{catFunction, "することで", "することで"},
	{catDone, "记得", "忘れないでください 忘れずに"},
	{catDone, "完成之前", "終わる前に 完了する前に 終わったら"},
	{catGoal, "目标变更", "目標変更です 目標変更"},
	{catGoal, "目标", "目標 目的"},
	{catGoal, "任务", "タスク"},
	{catGoal, "计划有变", "方針変更です 方針変更 予定変更です 予定変更 計画変更です 計画変更"},
	{catRelay, "说", "によると が言うには と言っています と言ってた"},
	{catAttempt, "试过", "試しました 試した やってみた"},
	{catAttempt, "没效果", "効果がなかった 効果なし"},
	{catAttempt, "不行", "うまくいかなかった ダメだった"},
	// a run the user saw fail still or pass (userfail.go, usergreen.go);
	// "通ったら" is a condition, no report
	{catAttempt, "still failing", "まだ落ちてる まだ落ちている まだ落ちます まだ失敗する まだ失敗してる まだ失敗している まだ失敗します まだこけてる まだコケてる まだ赤い まだ赤です"},
	{catAttempt, "passed", "通った 通りました"},
	{catAttempt, "green now", "緑になった 緑になりました グリーンになった"},
	{catAttempt, "if it passes", "通ったら 通れば 緑になったら"},
	{catAttempt, "unrelated", "関係ない 無関係"},
	{catFunction, "", "を"},
	{catFunction, "，", "、"},
	{catFunction, "是 ", "は "},
	{catFunction, "。", "です。"},
}
