package projection

// Ukrainian cues (lexicon.go). Like Russian, Ukrainian inflects its verbs
// and nouns, so a cue is matched on its stem ("зменш*" is зменш,
// зменшіть, зменшити; "хвилин*" хвилини, хвилин); its apostrophe stays
// inside its word ("п'ятниці", lexicon.go). "не" is a prohibition where
// it opens a clause before an imperative ("не чіпай", "не видаляйте",
// "не пушіть"), a plain "not" elsewhere ("я не знаю") (fixUK); a team
// states its norms in the first person plural ("прод не чіпаємо", "в
// main не пушимо"; ukWeVerbs); "не можна" is "must not", "можна" alone
// a permission; "на" is "to" after a verb that sets a value ("постав
// таймаут на 40 секунд") and "by" after one that changes it, and
// "вдвічі" is a half after a verb that reduces and a double after one
// that raises (fixSetting).
var lexUK = []lexEntry{
	{catNever, "never", "ніколи"},
	{catNever, "not", "не"},
	{catNever, "never", "ні_в_якому_разі в_жодному_разі"},
	{catNever, "must not", "не_можна не_можна_ніколи"},
	{catNever, "do not", "не_треба не_потрібно не_варто не_слід"},
	{catNever, "is forbidden", "заборонено забороняється"},
	{catNever, "no", "жодних жодного жодної жоден ніяких ніякого"},
	{catMust, "must", "треба потрібно необхідно мусиш мусите мусимо повинен повинна повинні слід"},
	{catFunction, "should be", "має_бути мають_бути повинен_бути повинна_бути повинно_бути повинні_бути"},
	{catFunction, "is needed", "потрібен потрібна потрібне"},
	{catFunction, "are needed", "потрібні"},
	{catMust, "make sure", "обов'язково переконайся_що переконайтеся_що простеж_щоб простежте_щоб"},
	{catMust, "always", "завжди"},
	{catMust, "only", "тільки лише виключно"},
	{catMust, "from now on", "відтепер надалі з_цього_моменту тепер_завжди"},
	{catUse, "use", "використовуй* використову* бери беріть"},
	{catUse, "let's go with", "давай_візьмемо давайте_візьмемо давай_залишимо зупиняємось_на обираємо беремо"},
	{catInstead, "instead of", "замість"},
	{catInstead, "not", "а_не"},
	{catInstead, "switch to", "переключись_на переходь_на перейди_на перейдімо_на"},
	{catExcept, "except", "крім окрім"},
	{catExcept, "except for", "за_винятком"},
	{catExcept, "unless", "якщо_тільки"},
	{catExcept, "everything else", "все_інше усе_інше решта_все"},
	{catExcept, "the rest", "решта інші"},
	{catLift, "no longer need to", "більше_не_треба більше_не_потрібно вже_не_треба вже_не_потрібно"},
	{catLift, "is no longer needed", "більше_не_потрібен більше_не_потрібна більше_не_потрібне більше_не_потрібні вже_не_потрібен вже_не_потрібна вже_не_потрібне вже_не_потрібні"},
	{catLift, "no longer", "більше_не"},
	{catLift, "you can now", "тепер_можна вже_можна"},
	{catLift, "you can", "можна можеш можете"},
	{catLift, "now", "тепер"},
	{catLift, "again", "знову"},
	{catLift, "allowed", "дозволено"},
	{catRelative, "halve", "вполовинь*"},
	{catRelative, "double", "подвой*"},
	{catRelative, "increase", "збільш* підніми* підвищ*"},
	{catRelative, "reduce", "зменш* скороти* знизь* зниж* понизь* уріж*"},
	{catRelative, "in half", "вдвічі удвічі в_два_рази наполовину"},
	{catRelative, "twice as much", "вдвічі_більше удвічі_більше в_два_рази_більше"},
	{catRelative, "half as much", "вдвічі_менше удвічі_менше в_два_рази_менше"},
	{catRelative, "a third less", "на_третину_менше"},
	{catRelative, "a third more", "на_третину_більше"},
	{catRelative, "a quarter less", "на_чверть_менше"},
	{catRelative, "a quarter more", "на_чверть_більше"},
	{catRelative, "by a third", "на_третину"},
	{catRelative, "by a quarter", "на_чверть"},
	{catRelative, "set", "постав* встанови* встанов* виставь* виставте задай* задайте поверни*"},
	{catRelative, "make it", "зроби зробіть"},
	{catFunction, "per second", "на_секунду за_секунду"},
	{catFunction, "per minute", "на_хвилину за_хвилину"},
	{catFunction, "per hour", "на_годину за_годину"},
	{catFunction, "per day", "на_день за_день на_добу"},
	{catRelative, "times", "разів рази раз"},
	{catRelative, "by", "на"},
	{catRelative, "back", "як_було назад до_старого_значення на_попереднє_значення на_старе_значення"},
	{catRelative, "seconds", "секунд*"},
	{catRelative, "minutes", "хвилин*"},
	{catRelative, "hours", "година години годин годину"},
	{catRelative, "days", "день дні днів дня"},
	{catQuestion, "still unclear", "поки_не_знаю ще_не_знаю поки_не_знаємо ще_не_знаємо поки_незрозуміло поки_неясно досі_не_знаю"},
	{catQuestion, "I don't know", "не_знаю"},
	{catQuestion, "open question", "відкрите_питання"},
	{catQuestion, "up in the air", "під_питанням"},
	{catQuestion, "whether", "чи"},
	{catChoice, "the first one", "перший першу перше"},
	{catChoice, "the second one", "другий другу друге"},
	{catAnswer, "yes", "так"},
	{catAnswer, "no", "ні"},
	{catGiveUp, "forget it", "забий забудь_про_це облиш_це залиш_це"},
	{catGiveUp, "don't bother with", "не_морочся_з не_возися_з"},
	{catDone, "remember to", "не_забудь не_забудьте"},
	{catDone, "before you finish", "перед_тим_як_закінчити в_кінці"},
	{catDone, "by monday", "до_понеділка"},
	{catDone, "by tuesday", "до_вівторка"},
	{catDone, "by wednesday", "до_середи"},
	{catDone, "by thursday", "до_четверга"},
	{catDone, "by friday", "до_п'ятниці"},
	{catDone, "by tomorrow", "до_завтра"},
	{catDone, "done", "зроблено готово"},
	{catGoal, "goal", "мета завдання"},
	{catRelay, "says", "каже"},
	{catRelay, "said", "сказав сказала сказали"},
	{catRelay, "according to", "за_словами"},
	{catAttempt, "we tried", "ми_пробували ми_спробували пробували спробували"},
	{catAttempt, "made no difference", "не_допомогло нічого_не_дало нічого_не_змінилося"},
	{catAttempt, "didn't work", "не_спрацювало не_вийшло"},
	{catRules, "rules", "правила умови вимоги"},
	{catFunction, "and", "і й та"},
	{catFunction, "but", "але проте"},
	{catFunction, "or", "або чи"},
	{catFunction, "also", "також теж"},
	{catFunction, "still", "як_і_раніше досі все_ще"},
	{catFunction, "then", "потім далі"},
	{catFunction, "please", "будь_ласка"},
	{catFunction, "for", "для"},
	{catFunction, "with", "з із зі"},
	{catFunction, "we", "ми"},
	{catFunction, "I", "я"},
	{catFunction, "you", "ти ви"},
	{catFunction, "the", "цей ця це ці"},
	{catFunction, "it", "його її"},
	{catFunction, "them", "їх"},
}

const stopUK = `і й та що це не на з у в до для але як ми я ти ви він вона вони його її їх нам нас вже ще тільки лише будь ласка давай сьогодні теж також або чи бо коли якщо щоб треба можна`

func fixUK(toks []glossTok) {
	fixNegation(toks, negRules{neg: "не", clitics: "це його її їх мені нам", imperative: []string{"й", "йте", "и", "іть", "ь", "ьте"}})
	fixWeNorm(toks, ukWeVerbs, "ми")
	fixSetting(toks)
	// Ukrainian has no article: "постав таймаут на 40" is "set the
	// таймаут to 40", the setting named as the English readings name it.
	for i := 0; i+1 < len(toks) && toks[i+1].start >= 0; i++ {
		switch toks[i].en {
		case "set", "cut", "reduce", "increase", "double", "halve":
			if toks[i+1].keep && !toks[i].clauseEnd {
				toks[i].en += " the"
			}
		}
	}
	fixTopicVerb(toks)
}

// ukWeVerbs are verbs of a way of working in the first person plural,
// and the English verb each is ("прод не чіпаємо", "в main не пушимо",
// "шлемо тільки через sandbox"). Verbs of a state ("знаємо", "можемо",
// "маємо") are not among them.
var ukWeVerbs = map[string]string{
	"чіпаємо": "touch", "торкаємось": "touch", "шлемо": "send", "надсилаємо": "send", "відправляємо": "send", "розсилаємо": "send",
	"пишемо": "write", "використовуємо": "use", "комітимо": "commit", "пушимо": "push", "деплоїмо": "deploy", "викатуємо": "deploy",
	"видаляємо": "delete", "змінюємо": "change", "правимо": "edit", "логуємо": "log", "зберігаємо": "store", "запускаємо": "run",
	"ганяємо": "run", "мержимо": "merge", "зливаємо": "merge", "ставимо": "install", "встановлюємо": "install", "додаємо": "add",
	"публікуємо": "publish", "викладаємо": "publish", "дзвонимо": "call", "показуємо": "show", "оновлюємо": "update",
	"перезапускаємо": "restart", "вимикаємо": "disable", "вмикаємо": "enable", "нараховуємо": "credit", "списуємо": "debit",
	"нагадуємо": "remind", "повідомляємо": "notify", "враховуємо": "count", "друкуємо": "print", "імпортуємо": "import",
}
