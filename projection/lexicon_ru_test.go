package projection

import (
	"strings"
	"testing"
)

const ruIntro = "Привет, сегодня мы чиним сервис уведомлений и его очередь."

// TestRussianRules: a Russian rule is read by its stem whatever its
// ending ("не удаляй", "не удаляйте", "нельзя", "никогда не", "нужно",
// "всегда"); a "не" that only negates ("я не знаю почему", "это не
// работает") states no rule.
func TestRussianRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Не удаляй старые миграции.", "Не удаляй старые миграции"},
		{"Пожалуйста, не трогайте конфиг продакшена.", "не трогайте конфиг продакшена"},
		{"Никогда не коммить секреты в репозиторий.", "Никогда не коммить секреты"},
		{"В пятницу деплоить нельзя.", "деплоить нельзя"},
		{"Перед мержем нужно прогнать все тесты.", "нужно прогнать все тесты"},
		{"Всегда пиши логи на английском.", "Всегда пиши логи на английском"},
	} {
		if got := rulesAfter(ruIntro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"Я не знаю, почему тесты падают.", "Это не работает на staging, посмотри логи."} {
		if got := rulesAfter(ruIntro, s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
	got := rulesAfter(ruIntro, "Не трогай папку vendor/.", "Папку vendor/ теперь можно снова менять.")
	if !has(got, "lifted", "Не трогай папку vendor/") {
		t.Errorf("lift: %q", got)
	}
}

// TestRussianSettings: a setting set with "поставь … на N", changed by
// an amount ("увеличь … на 20 секунд"), doubled ("увеличь вдвое",
// "удвой") or halved ("уменьши вдвое"), and put back ("верни как было").
func TestRussianSettings(t *testing.T) {
	checkValues(t, ruIntro, []valueCase{
		{[]string{"Поставь таймаут на 30 секунд.", "Увеличь таймаут на 20 секунд."}, "50 seconds"},
		{[]string{"Поставь таймаут на 30 секунд.", "Увеличь таймаут вдвое."}, "60 seconds"},
		{[]string{"Поставь лимит на 40.", "Уменьши лимит вдвое."}, "20"},
		{[]string{"Поставь лимит на 40.", "Поставь лимит на 60.", "Верни лимит как было."}, "40"},
	})
}

// TestRussianTasksQuestions: "не забудь", a deadline ("до пятницы"), not
// knowing yet and a choice set against another are read; Cyrillic
// detection and the gloss map back to the user's words.
func TestRussianTasksQuestions(t *testing.T) {
	if got := obligationsAfter(ruIntro, "Не забудь обновить README в конце."); len(got) != 1 || !strings.Contains(got[0], "обновить README") {
		t.Errorf("task: %q", got)
	}
	if got := questionsAfter(ruIntro, "Мы пока не знаем, нужен ли нам Redis вообще."); !has(got, "open", "нужен ли нам Redis") {
		t.Errorf("question: %q", got)
	}
	if got := anchorsAfter(ruIntro, "Давай возьмём RabbitMQ, а не Kafka."); !hasAnchor(got, "decision active", "RabbitMQ") {
		t.Errorf("choice: %q", got)
	}
	text := "Не удаляй старые миграции, пожалуйста."
	if l := detectLang(text, langNone); l != langRU {
		t.Fatalf("detectLang = %s", langCodes[l])
	}
	if l := detectLang("Run the tests and send me the log, please.", langRU); l != langNone {
		t.Errorf("English after Russian = %s", langCodes[l])
	}
	g := glossOf(text, langRU)
	if g == nil || !strings.Contains(g.text, "do not") {
		t.Fatalf("gloss = %v", g)
	}
	if back, ok := g.back(g.text); !ok || back != text {
		t.Errorf("back = %q, %v", back, ok)
	}
}

// TestRussianTeamNorms: a norm said in the first person plural ("боевой
// аккаунт не трогаем", "ничего не шлём", "шлём только через sandbox") is a
// rule; one said with a verb of state ("мы не знаем") or without a mode
// ("мы шлём напоминания") is none. "sandbox больше не нужен" lifts the
// rule that names it; "Всё остальное по-прежнему только с 9 до 21" after
// a permission makes it an exception to the rule of those hours.
func TestRussianTeamNorms(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Пока договор не подписан, шлём только через их sandbox, боевой аккаунт не трогаем.", "боевой аккаунт не трогаем"},
		{"Артём посмотрит, а пока на клинику 3 вообще ничего не шлём.", "ничего не шлём"},
		{"Не пушим в main напрямую, только через MR.", "Не пушим в main"},
	} {
		if got := rulesAfter(ruIntro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"Мы не знаем, почему так.", "Мы шлём напоминания в 17:00."} {
		if got := rulesAfter(ruIntro, s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
	got := rulesAfter(ruIntro, "Пока договор не подписан, шлём только через их sandbox, боевой аккаунт не трогаем.",
		"Новости: договор подписали, sandbox больше не нужен, можно боевой аккаунт.")
	if !has(got, "lifted", "боевой аккаунт не трогаем") {
		t.Errorf("lift: %q", got)
	}
	got = rulesAfter(ruIntro, "Ольга очень просила: с 21:00 до 9:00 никаких сообщений владельцам, были жалобы.",
		"И ещё от Ольги: если приём отменяет сама клиника, уведомление об отмене можно слать и ночью. Всё остальное по-прежнему только с 9 до 21.")
	if !has(got, "active", "никаких сообщений владельцам — except: если приём отменяет") {
		t.Errorf("exception: %q", got)
	}
}

// A word joined to the one before by a hyphen is one word ("по-прежнему"),
// and a value read as its repair maps back to the user's words as far as
// the gloss holds it.
func TestRussianHyphenAndRepairedValue(t *testing.T) {
	var low []string
	for _, tk := range latinWords("Всё остальное по-прежнему только с SMS-провайдером.") {
		low = append(low, tk.low)
	}
	if strings.Join(low, " ") != "всё остальное по-прежнему только с sms-провайдером" {
		t.Errorf("tokens %q", low)
	}
	s := "Включаем только РКИ, даты публикации с 2010 года… нет, поправка, с 2005-го."
	g := glossOf(s, langRU)
	v := strings.Replace(g.text, "года… нет, поправка, с 2005-го.", "поправка…", 1)
	if got := g.backPrefix(v); !strings.HasPrefix(got, "Включаем только РКИ, даты публикации с 2010") {
		t.Errorf("backPrefix(%q) = %q", v, got)
	}
}

// A norm in the first person plural opening its clause after the
// negation, in Italian, Spanish and Portuguese ("non tocchiamo la
// produzione", "no tocamos la base", "não mexemos no schema"), is a rule;
// a verb of state there ("non sappiamo", "no sabemos", "não temos") is
// none.
func TestRomanceTeamNorms(t *testing.T) {
	for _, c := range []struct {
		l    lang
		s    string
		rule bool
	}{
		{langIT, "Non tocchiamo la produzione fino a venerdì.", true},
		{langIT, "Non sappiamo ancora perché.", false},
		{langES, "No tocamos la base de producción.", true},
		{langES, "No sabemos por qué falla.", false},
		{langPT, "Não mexemos no schema durante a migração.", true},
		{langPT, "Não temos acesso ao servidor.", false},
	} {
		if got := isRule(glossOf(c.s, c.l).text); got != c.rule {
			t.Errorf("%q: rule %v, want %v", c.s, got, c.rule)
		}
	}
}

// Portuguese: "não" before the plural to "vocês" of a verb in -er/-ir
// ("não mexam") forbids; "-am" of a verb in -ar is the indicative ("não
// funcionam") and states.
func TestPortuguesePluralImperative(t *testing.T) {
	wantRulesAfter(t, "Oi! Preciso adicionar retries no envio de webhooks do serviço de cobrança, o timeout atual é de 30 segundos.", map[string]bool{
		"Não mexam no banco de produção.":     true,
		"Não removam os testes antigos.":      true,
		"Os testes não funcionam no CI.":      false,
		"Não funcionam as notificações hoje.": false,
	})
}

// German: a clause that opens with a verb and holds "nicht" later is a
// prohibition ("Bitte fass die Produktionsdatenbank nicht an"); a team's
// norm with a borrowed verb is one ("Wir pushen nie direkt auf main");
// a statement with "nicht" is none.
func TestGermanImperativeNotAndNorms(t *testing.T) {
	wantRulesAfter(t, "Heute bauen wir den Export für die Buchhaltung, und zwar mit dem neuen Modul.", map[string]bool{
		"Bitte fass die Produktionsdatenbank nicht an.":             true,
		"Lösch die alten Migrationen nicht, wir brauchen sie noch.": true,
		"Wir pushen nie direkt auf main.":                           true,
		"Das funktioniert bei mir nicht.":                           false,
		"Ich weiß nicht, warum der Test fehlschlägt.":               false,
	})
}

// French "on ne touche pas à la prod" and Italian "il database di
// produzione non si tocca" state rules; "on ne sait pas" and "non si sa"
// state none.
func TestFrenchItalianImpersonalRules(t *testing.T) {
	wantRulesAfter(t, "Bonjour ! Aujourd'hui on refait l'export comptable pour la compta, avec le nouveau module et les tests.", map[string]bool{
		"On ne touche pas à la base de prod.": true,
		"On ne sait pas encore pourquoi.":     false,
	})
	wantRulesAfter(t, "Ciao! Oggi rifacciamo l'export contabile per l'amministrazione, con il modulo nuovo e i test.", map[string]bool{
		"Il database di produzione non si tocca.":   true,
		"Su main non si pusha, solo merge request.": true,
		"Non si sa ancora perché fallisce.":         false,
	})
}

// wantRulesAfter checks, for each case, whether its sentence said after
// intro leaves a rule.
func wantRulesAfter(t *testing.T, intro string, cases map[string]bool) {
	t.Helper()
	for s, rule := range cases {
		if got := rulesAfter(intro, s); (len(got) > 0) != rule {
			t.Errorf("%q: %q, rule %v", s, got, rule)
		}
	}
}

// German puts the verb of a setting's change last ("Die Timeout-Grenze
// bitte auf 30 Sekunden setzen"): the setting is set all the same, its
// name without the "bitte"; a change told in the past sets nothing.
func TestGermanVerbLastSetting(t *testing.T) {
	intro := "Heute bauen wir den Export für die Buchhaltung, und zwar mit dem neuen Modul."
	for s, want := range map[string]string{
		"Die Timeout-Grenze bitte auf 30 Sekunden setzen.": `value/-/timeout-grenze \[current/normative\] = 30 seconds @2`,
		"Den Batch bitte auf 500 erhöhen.":                 `value/-/batch \[current/normative\] = 500 @2`,
		"Wir haben das gestern auf 30 gesetzt.":            "",
	} {
		out := reduceAll(t, "> user\n"+intro+"\n> assistant\nOK.\n> user\n"+s+"\n")
		if want == "" {
			expect(t, out, nil, []string{`value .*@2`})
		} else {
			expect(t, out, []string{want}, nil)
		}
	}
}
