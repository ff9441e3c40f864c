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
	{catLift, "不用再", "しなくていいです しなくていい しなくてもいい なくていいです なくていい なくてもいい"},
	{catLift, "可以", "してもいいです してもいい してもかまいません しても大丈夫 てもいいです てもいい"},
	{catLift, "解除", "解禁"},
	{catRelative, "减半", "半分にしてください 半分にして 半分に"},
	{catRelative, "翻倍", "倍にしてください 倍にして 二倍に 2倍に"},
	{catRelative, "改回", "元に戻して 元に戻す"},
	{catQuestion, "还不知道", "まだ分からない まだわからない まだ分かりません"},
	{catQuestion, "待定", "未定"},
	{catQuestion, "待确认", "要確認"},
	{catChoice, " it is", "にしましょう にしよう で行きましょう でいきましょう"},
	{catChoice, "第二个", "二番目"},
	{catAnswer, "是", "はい"},
	{catGiveUp, "算了", "やめましょう やめよう 諦めましょう"},
	{catDone, "记得", "忘れないでください 忘れずに"},
	{catDone, "完成之前", "終わる前に 完了する前に 終わったら"},
	{catGoal, "目标", "目標 目的"},
	{catGoal, "任务", "タスク"},
	{catRelay, "说", "によると が言うには と言っています と言ってた"},
	{catAttempt, "试过", "試しました 試した やってみた"},
	{catAttempt, "没效果", "効果がなかった 効果なし"},
	{catAttempt, "不行", "うまくいかなかった ダメだった"},
	{catFunction, "", "を"},
	{catFunction, "，", "、"},
	{catFunction, "是 ", "は "},
	{catFunction, "。", "です。"},
}
