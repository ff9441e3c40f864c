package projection

import "testing"

const ukIntro = "Привіт! Сьогодні робимо нарахування бонусів для пекарень, сервіс на Laravel."

// Ukrainian is told from Russian by its letters: і, ї, є, ґ are
// Ukrainian's, ы, э, ъ, ё Russian's; a Cyrillic message with none of
// Ukrainian's is no Ukrainian, whatever function words the two share.
func TestUkrainianDetected(t *testing.T) {
	for s, want := range map[string]lang{
		"Привіт! Сьогодні робимо нарахування бонусів для пекарень.":   langUK,
		"Прод не чіпаємо до п'ятниці.":                                langUK,
		"Нужно починить сборку агента мониторинга на новой машине.":   langRU,
		"Не пробуй больше переключать драйвер на nouveau, мы это уже": langRU,
	} {
		if got := detectLang(s, langNone); got != want {
			t.Errorf("detectLang(%q) = %v, want %v", s, got, want)
		}
	}
}

// Prohibitions in the shapes Ukrainian says them: the imperative after
// "не", "не можна", "заборонено", "ніколи", a team's norm in the first
// person plural; statements with "не" are none.
func TestUkrainianRules(t *testing.T) {
	wantRulesAfter(t, ukIntro, map[string]bool{
		"Не чіпай продову базу.":                       true,
		"Ніколи не видаляйте старі транзакції.":        true,
		"Не можна надсилати SMS після 21:00.":          true,
		"Заборонено надсилати SMS клієнтам уночі.":     true,
		"Прод не чіпаємо до п'ятниці.":                 true,
		"Ми не видаляємо старі транзакції.":            true,
		"Я не знаю, чому тест падає.":                  false,
		"Тести не проходять на CI, глянь, будь ласка.": false,
	})
}

// A rule lifted by "більше не потрібне"; a value set, corrected ("ні, не
// 30, а 15"), changed relatively with the setting named first ("ліміт
// зроби удвічі більше", "таймаут зменш на третину"); a task by a weekday
// ("до п'ятниці").
func TestUkrainianLifecycle(t *testing.T) {
	for _, c := range []struct {
		msgs        []string
		want, never []string
	}{
		{[]string{"Не можна надсилати SMS після 21:00.", "Обмеження на SMS після 21:00 більше не потрібне."},
			[]string{`constraint .*\[lifted/normative\] = Не можна надсилати SMS`}, []string{`\[active/normative\] = Не можна`}},
		{[]string{"Таймаут має бути 30 секунд.", "Ні, не 30, а 15."},
			[]string{`value/-/таймаут \[current/normative\] = 15 seconds \(was 30 seconds\)`}, nil},
		{[]string{"Таймаут має бути 30 секунд.", "Таймаут зменш на третину."},
			[]string{`value/-/таймаут \[current/normative\] = 20 seconds \(was 30 seconds\)`}, nil},
		{[]string{"Ліміт має бути 100 запитів на хвилину.", "Ліміт зроби удвічі більше."},
			[]string{`value/-/ліміт \[current/normative\] = 200`}, nil},
		{[]string{"Звіт для бухгалтерії потрібен до п'ятниці."},
			[]string{`obligation .*\[open/normative\] = Звіт для бухгалтерії потрібен до п'ятниці`}, []string{` constraint `}},
	} {
		script := "> user\n" + ukIntro + "\n"
		for _, m := range c.msgs {
			script += "> assistant\nДобре.\n> user\n" + m + "\n"
		}
		expect(t, reduceAll(t, script), c.want, c.never)
	}
}

// Development after heldout30's scoring (30b): rules relayed under "Ще
// від Ірини:" in the passive ("не оплачуються, крім …"); an instruction
// and its "Завжди." are one rule; "на прод можна!" lifts the prod freeze.
func TestUkrainianRelayedRulesAndLift(t *testing.T) {
	out := reduceAll(t, `
> user
Привіт! Ірина нарешті погодила бали замість штампів.
І ще від Галини: поки вона не закриє вересень, на проді нічого не можна чіпати — ні міграцій, ні деплою.
> assistant
Добре.
> user
Ще від Ірини:
- акційні товари балами не оплачуються, крім як у день народження клієнта — тоді можна все;
- заборонено писати повний номер телефону в логи, тільки останні 4 цифри.
І роби бекап бази перед кожною міграцією на проді. Завжди.
> assistant
Добре.
> user
Галина щойно сказала: вересень закрито, на прод можна! Тож давай: бекап, деплой, і конвертуй штампи.
`)
	expect(t, out, []string{
		`constraint .*\[active/normative\] = акційні товари балами не оплачуються, крім`,
		`constraint .*\[active/normative\] = І роби бекап бази перед кожною міграцією на проді\. Завжди\.`,
		`constraint .*\[lifted/normative\] = поки вона не закриє вересень`,
	}, []string{`= Завжди\. @`})
}

// A lift relayed by who said it ("Галина щойно сказала: …") lifts the rule
// its own words name, not one that names the same colleague.
func TestLiftRelayedByName(t *testing.T) {
	out := reduceAll(t, `
> user
Привіт! Ірина нарешті погодила бали замість штампів.
Ми не нараховуємо бали на ту частину чека, яку оплатили балами, це Галина одразу сказала.
І ще від Галини: поки вона не закриє вересень, на проді нічого не можна чіпати — ні міграцій, ні деплою.
> assistant
Добре.
> user
Галина щойно сказала: вересень закрито, на прод можна! Тож давай: бекап, деплой, і конвертуй штампи.
`)
	expect(t, out, []string{`\[active/normative\] = Ми не нараховуємо`, `\[lifted/normative\] = поки вона не закриє`}, nil)
}
