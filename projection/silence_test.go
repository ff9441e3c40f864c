package projection

import "testing"

// An agent's default among the options it offered stands when the
// user's next message neither chooses nor objects; a reply that names
// another option, asks, or objects leaves the options open.
func TestDefaultLetStand(t *testing.T) {
	offer := `
> user
We need a table for the press samples.
> assistant
Three layouts for the table:
A) narrow: one hypertable (time, press_id, tag, value). No schema change when tags are added.
B) wide: one column per tag. Simple queries but ALTER TABLE for every new tag.
C) one JSONB column: flexible but no type checks.
Unless you object, I'll go with A.
> user
`
	for _, c := range []struct {
		reply string
		stand bool
	}{
		{"thanks, makes sense. it's freezing in here today lol. please also keep the CSV export during the migration.", true},
		{"ok. also run the linter before each commit.", true},
		{"hmm, B sounds simpler to query.", false},
		{"what's the difference in disk use between A and C?", false},
		{"wait, let me ask Tanaka first.", false},
		{"go with the wide one instead.", false},
	} {
		out := reduceAll(t, offer+c.reply+"\n")
		if c.stand {
			expect(t, out, []string{`d1\.96 decision decision/-/narrow-one-hypertable.* \[active/decision\] = narrow: one hypertable \(time, press_id, tag, value\) \(the agent's default, not objected to; not wide:.*@1,2`}, nil)
		} else {
			expect(t, out, nil, []string{`the agent's default`})
		}
	}
	for _, c := range []struct{ agent, reply, want string }{
		{"DBのテーブル構成は3案あります:\nA) 縦持ち: (time, press_id, tag, value) の hypertable 1つ。\nB) 横持ち: タグごとに列。\nC) JSONB 1列。\n特に異論がなければ A で進めます。", "なるほど、ありがとう。CSVも今まで通り出しといてほしい。", `= 縦持ち: \(time, press_id, tag, value\) の hypertable 1つ \(the agent's default`},
		{"两个方案：\n1. 用 Redis 做缓存\n2. 用本地内存 LRU\n如果没有异议，我就用方案二。", "好的，顺便把日志级别调成 info。", `= 用本地内存 LRU \(the agent's default`},
		{"Zwei Varianten:\n1. Export als CSV mit Semikolon\n2. Export als XLSX\nWenn keine Einwände kommen, nehme ich Variante 1.", "Passt. Denk an die Umlaute im Header.", `= Export als CSV mit Semikolon \(the agent's default`},
	} {
		out := reduceAll(t, "> user\nstart\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
		expect(t, out, []string{c.want}, []string{`d1\.0 decision`})
	}
	// No default said: nothing stands.
	out := reduceAll(t, "> user\nstart\n> assistant\nTwo ways:\n1. Redis cache\n2. in-memory LRU\nWhich one do you want?\n> user\nthanks, also set the log level to info.\n")
	expect(t, out, nil, []string{`the agent's default`})
}

// A plan the agent says it carries out unless told otherwise stands when
// the user's next message answers other points without a word against
// it; a sentence objecting to it or asking about it leaves it open. Its
// numbered list of points holds a lettered list of options, which the
// user chooses from by its topic and label ("Channels — A"), with a
// negation in the reason after the label's comma.
func TestPlanLetStandAndNestedOptions(t *testing.T) {
	offer := `
> user
Hi, reminders for the clinics today.
> assistant
Next:
1. Which statuses do appointments have?
2. Channels, two options:
   A) owners with Telegram get only Telegram, the rest SMS;
   B) SMS to everyone, plus Telegram for those who linked it.
3. I'll run the scheduler inside the bot process with APScheduler, not a separate cron container. Unless you object, that's what I'll do.
> user
`
	out := reduceAll(t, offer+"Statuses: planned, confirmed, cancelled. We remind only planned and confirmed.\nChannels — A, no duplicate SMS, that costs money.\n")
	expect(t, out, []string{
		`d1\.97 decision decision/-/ll-run-scheduler-inside-bot-process \[active/decision\] = I'll run the scheduler inside the bot process with APScheduler, not a separate cron container\. \(the .*@1,2`,
		`decision/-/owners-telegram-get-telegram-rest-sms \[active/normative\] = owners with Telegram get only Telegram, the rest SMS \(Channels — A`,
		`constraint/-/remind-planned-confirmed \[active/normative\] = We remind only planned and confirmed\.`,
	}, []string{`Which statuses do appointments have \(`})
	out = reduceAll(t, offer+"Channels: A. Hmm, not sure about APScheduler in the bot process, it restarts a lot.\n")
	expect(t, out, nil, []string{`agent's plan`})
	ru := `
> user
Привет! Сегодня делаем напоминалки о записи для владельцев животных, записи берём из VetBase API.
> assistant
Дальше:
1. Какие статусы бывают у записей в VetBase?
2. Каналы, два варианта:
   A) у кого подключён Telegram — только Telegram, остальным SMS;
   B) SMS всем, плюс Telegram тем, у кого он подключён.
3. Планировщик сделаю внутри процесса бота на APScheduler, а не отдельным cron-контейнером. Если нет возражений — так и делаю.
> user
Статусы: planned, confirmed, cancelled, no_show, done. Напоминаем только planned и confirmed.
Каналы — A, дублировать SMS не надо, это деньги.
`
	expect(t, reduceAll(t, ru), []string{
		`decision/-/планировщик-сделаю-внутри \[active/decision\] = Планировщик сделаю внутри процесса бота на APScheduler, а не отдельным cron-контейнером\. \(the agent'`,
		`= у кого подключён Telegram — только Telegram, остальным SMS \(Каналы — A`,
		`constraint/-/напоминаем-planned-confirmed \[active/normative\] = Напоминаем только planned и confirmed\.`,
	}, nil)
}
