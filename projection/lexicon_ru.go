package projection

import "slices"

// Russian cues (lexicon.go). Russian inflects its verbs and nouns, so a
// cue is matched on its stem ("уменьш*" is уменьши, уменьшите,
// уменьшить; "секунд*" секунды, секунд). "не" is a prohibition where it
// opens a clause before an imperative ("не трогай", "не удаляйте"), a
// plain "not" elsewhere ("я не знаю") (fixRU); "на" is "to" after a verb
// that sets a value ("поставь таймаут на 40 секунд") and "by" after one
// that changes it ("увеличь на 20 секунд"), and "вдвое" is a half after
// a verb that reduces and a double after one that raises (fixSetting).
var lexRU = []lexEntry{
	{catNever, "never", "никогда"},
	{catNever, "not", "не"},
	{catNever, "never", "ни_в_коем_случае"},
	{catNever, "must not", "нельзя"},
	{catNever, "do not", "не_надо не_нужно не_стоит"},
	{catNever, "is forbidden", "запрещено запрещается"},
	{catNever, "no", "никаких никакой никаких_новых"},
	{catMust, "must", "нужно надо необходимо должен должна должно должны"},
	{catFunction, "should be", "должен_быть должна_быть должно_быть должны_быть"},
	{catMust, "make sure", "обязательно убедись_что проследи_чтобы"},
	{catMust, "always", "всегда"},
	{catMust, "only", "только лишь"},
	{catMust, "from now on", "с_этого_момента отныне впредь теперь_всегда"},
	{catUse, "use", "используй* использу* бери"},
	{catUse, "let's go with", "давай_возьмём давайте_возьмём давай_оставим останавливаемся_на выбираем берём"},
	{catInstead, "instead of", "вместо"},
	{catInstead, "not", "а_не"},
	{catInstead, "switch to", "переключись_на перейди_на перейдём_на"},
	{catExcept, "except", "кроме"},
	{catExcept, "except for", "за_исключением"},
	{catExcept, "unless", "если_только"},
	{catExcept, "everything else", "всё_остальное все_остальное"},
	{catExcept, "the rest", "остальное остальные"},
	{catLift, "no longer need to", "больше_не_нужно больше_не_надо"},
	{catLift, "is no longer needed", "больше_не_нужен больше_не_нужна больше_не_нужны уже_не_нужен уже_не_нужна уже_не_нужны"},
	{catLift, "no longer", "больше_не"},
	{catLift, "you can now", "теперь_можно уже_можно"},
	{catLift, "you can", "можно можешь можете"},
	{catLift, "now", "теперь"},
	{catLift, "again", "снова опять"},
	{catLift, "allowed", "разрешено"},
	{catLift, "lifting the ban on", "снимаю_запрет_на снимаем_запрет_на"},
	{catLift, "the ban is lifted on", "снят_запрет_на"},
	{catLift, "no longer applies", "больше_не_действует уже_не_действует больше_не_актуально больше_не_актуальна больше_не_актуален"},
	{catLift, "is obsolete", "неактуально неактуальна неактуален"},
	{catExcept, "just this once", "только_в_этот_раз только_на_этот_раз в_виде_исключения"},
	{catRelative, "halve", "уполовинь*"},
	{catRelative, "double", "удвой*"},
	{catRelative, "increase", "увелич* подними* повысь* повыси*"},
	{catRelative, "reduce", "уменьш* сократи* снизь* сниз* понизь* урежь*"},
	{catRelative, "in half", "вдвое в_два_раза пополам"},
	{catRelative, "set", "поставь* установи* выстави* задай* сделай* верни*"},
	{catRelative, "by", "на"},
	{catRelative, "back", "как_было обратно к_старому_значению на_прежнее_значение на_старое_значение"},
	{catRelative, "seconds", "секунд*"},
	{catRelative, "minutes", "минут*"},
	{catRelative, "hours", "час часа часов"},
	{catRelative, "days", "день дня дней"},
	{catQuestion, "still unclear", "пока_не_знаю ещё_не_знаю еще_не_знаю пока_не_знаем ещё_не_знаем пока_непонятно пока_неясно до_сих_пор_не_знаю"},
	{catQuestion, "I don't know", "не_знаю"},
	{catQuestion, "open question", "открытый_вопрос"},
	{catQuestion, "up in the air", "под_вопросом"},
	{catQuestion, "whether", "ли"},
	{catChoice, "the first one", "первый первую первое"},
	{catChoice, "the second one", "второй вторую второе"},
	{catAnswer, "yes", "да"},
	{catAnswer, "no", "нет"},
	{catGiveUp, "forget it", "забей забудь_про_это забудь_об_этом брось_это оставь_это"},
	{catGiveUp, "don't bother with", "не_заморачивайся_с не_возись_с"},
	{catDone, "remember to", "не_забудь не_забудьте"},
	{catDone, "before you finish", "перед_тем_как_закончить в_конце"},
	{catDone, "by monday", "до_понедельника"},
	{catDone, "by tuesday", "до_вторника"},
	{catDone, "by wednesday", "до_среды"},
	{catDone, "by thursday", "до_четверга"},
	{catDone, "by friday", "до_пятницы"},
	{catDone, "by tomorrow", "до_завтра"},
	{catDone, "done", "сделано готово"},
	{catGoal, "goal", "цель задача"},
	{catGoal, "plans changed", "планы_меняются планы_поменялись планы_изменились планы_сменились"},
	{catGoal, "change of plans", "смена_планов изменение_планов меняем_планы"},
	{catGoal, "new priority", "новый_приоритет"},
	{catGoal, "change of goal", "смена_цели изменение_цели меняем_цель поменяем_цель сменим_цель меняем_задачу"},
	{catGoal, "change of focus", "смена_фокуса меняем_фокус"},
	{catGoal, "new focus", "новый_фокус"},
	{catGoal, "can wait", "подождёт подождет может_подождать оставим_на_потом"},
	{catGoal, "postpone", "отложим откладываем отложи отложить"},
	{catGoal, "new goal", "новая_цель"},
	{catGoal, "priority", "приоритет"},
	{catGoal, "more important", "важнее"},
	{catRelay, "says", "говорит"},
	{catRelay, "said", "сказал сказала сказали"},
	{catRelay, "according to", "по_словам"},
	{catAttempt, "we tried", "мы_пробовали мы_попробовали пробовали попробовали"},
	{catAttempt, "made no difference", "не_помогло ничего_не_дало ничего_не_изменилось"},
	{catAttempt, "didn't work", "не_сработало не_получилось"},
	{catRules, "rules", "правила условия требования"},
	{catFunction, "and", "и"},
	{catFunction, "but", "но"},
	{catFunction, "or", "или"},
	{catFunction, "also", "также тоже"},
	{catFunction, "still", "по-прежнему по_прежнему попрежнему всё_ещё"},
	{catFunction, "then", "потом затем"},
	{catFunction, "alone", "в_покое"},
	{catFunction, "please", "пожалуйста"},
	{catFunction, "for", "для"},
	{catFunction, "we", "мы"},
	{catFunction, "I", "я"},
	{catFunction, "you", "ты вы"},
	{catFunction, "the", "этот эта это эти"},
	{catFunction, "it", "его её"},
	{catFunction, "them", "их"},
}

const stopRU = `и в не на что это с по как но для мы я ты вы он она они у к за из же бы ли только уже ещё еще пожалуйста его её их нам нас давай сегодня`

func fixRU(toks []glossTok) {
	fixEastSlavic(toks, eastSlavic{clitics: "это его её их мне нам", imperative: []string{"й", "йте", "и", "ите", "ь", "ьте"}, weVerbs: ruWeVerbs, we: "мы", can: "можно"})
}

// ruWeVerbs are verbs of a way of working in the first person plural,
// and the English verb each is: a team states its norms in them ("боевой
// аккаунт не трогаем", "в main не пушим", "шлём только через sandbox").
// Verbs of a state ("знаем", "можем", "имеем") are not among them.
var ruWeVerbs = map[string]string{
	"трогаем": "touch", "шлём": "send", "шлем": "send", "отправляем": "send", "рассылаем": "send", "пишем": "write",
	"используем": "use", "коммитим": "commit", "пушим": "push", "деплоим": "deploy",
	"выкатываем": "deploy", "удаляем": "delete", "меняем": "change", "правим": "edit", "логируем": "log", "храним": "store",
	"запускаем": "run", "гоняем": "run", "мержим": "merge", "сливаем": "merge", "ставим": "install", "устанавливаем": "install",
	"добавляем": "add", "публикуем": "publish", "выкладываем": "publish", "звоним": "call", "показываем": "show",
	"обновляем": "update", "перезапускаем": "restart", "отключаем": "disable", "включаем": "include", "сохраняем": "store",
	"напоминаем": "remind", "уведомляем": "notify", "поддерживаем": "support", "исключаем": "exclude", "учитываем": "count",
}

// fixWeNorm reads a norm said in the first person plural as the rule it
// states, the mode and the verb before the clause ("боевой аккаунт не
// трогаем": "do not touch боевой аккаунт ever"; "а пока на клинику 3
// ничего не шлём": "do not send а пока …"), and a verb opening its clause
// with "только" or "всегда" in it as the imperative ("шлём только через
// sandbox": "send only …"). A verb of the table said without a mode, or
// after other words ("2020 берём только для follow-up"), is left as
// written. verbs is the language's table, we its "we"; the negation is
// "не" in Russian and Ukrainian alike.
func fixWeNorm(toks []glossTok, verbs map[string]string, we string) {
	for _, cl := range glossClauses(toks) {
		for i := range cl {
			en, ok := verbs[cl[i].low]
			if !ok {
				continue
			}
			if i > 0 && cl[i-1].low == "не" {
				frontProhibition(cl, []int{i - 1}, i, en)
				continue
			}
			if (i == 0 || i == 1 && cl[0].low == we) && cl[i].lead == cl[i].start && slices.ContainsFunc(cl, func(t glossTok) bool {
				return !t.keep && (t.en == "only" || t.en == "always" || t.en == "never")
			}) {
				cl[i].keep, cl[i].en = false, en
			}
		}
	}
}
