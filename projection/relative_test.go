package projection

import (
	"strings"
	"testing"
)

func TestRelative(t *testing.T) {
	for _, tc := range []struct {
		s, name, change string
		ok              bool
	}{
		{"the queue feels slow, double it", "", "*2", true},
		{"halve the poll interval", "poll interval", "*0.5", true},
		{"cut the batch window in half", "batch window", "*0.5", true},
		{"make the worker count double what we had", "worker count", "*2", true},
		{"add three to the shard count", "shard count", "+3", true},
		{"bump the lease timeout by 15s", "lease timeout", "+15 s", true},
		{"lower it by 2", "", "-2", true},
		{"retries bump by one, the net tests flake", "retries", "+1", true},
		{"ok, the timeout goes up by 10s", "timeout", "+10 s", true},
		{"it goes up by 2 every night", "", "", false},
		{"give it 5 more retries", "retries", "+5", true},
		{"+30 min", "", "+30 min", true},
		{"并发数翻倍", "并发数", "*2", true},
		{"429了？bulk 砍一半。", "bulk", "*0.5", true},
		{"缓存过期时间再加 5 分钟", "缓存过期时间", "+5 分钟", true},
		{"再加三个吧", "", "+3", true},
		{"重试次数减两次", "重试次数", "-2", true},
		// Proportions, percentages, reverts, references, shifts.
		{"drop the worker pool to a third", "worker pool", "*1/3", true},
		{"cut it by a quarter", "", "*0.75", true},
		{"make the limit a third less", "limit", "*2/3", true},
		{"the limit: a third more", "limit", "*4/3", true},
		{"the batch size should be a quarter bigger", "batch size", "*5/4", true},
		{"raise the rate limit by 20%", "rate limit", "%+20", true},
		{"give the cache +15%", "cache", "%+15", true},
		{"scale the shards up by 3x", "shards", "*3", true},
		{"put the poll interval back", "poll interval", "=was", true},
		{"ok go back to the old value", "", "=was", true},
		{"region: same as prod", "region", "~same as prod", true},
		{"the cutover moved two hours later", "", "@+2 hours", true},
		// "一点" is "a little", no amount: the change is the count after it.
		{"另外 proxy 组说我们的配额可以再放宽一点，并发再加 4 个。", "并发", "+4", true},
		{"回撤上限再放宽三个点", "回撤上限", "+3 pp", true},
		// A modal before the change is no part of the setting's name.
		{"我们的配额可以再放宽三个点", "配额", "+3 pp", true},
		{"And move the cron from 02:00 UTC on the 1st to an hour later, the backup finishes around 02:40", "cron", "@+1 hour", true},
		{"so take the billing queue's concurrency down by four.", "billing queue's concurrency", "-4", true},
		{"Lena gave us three more days", "", "+3 days", true},
		{"超时降到三分之一", "超时", "*1/3", true},
		{"并发提高 20%", "并发", "%+20", true},
		{"这个策略的止损线再放宽两个点", "止损线", "+2 pp", true},
		{"顺便把分片数量再多加四个吧", "分片数量", "+4", true},
		{"灰度比例改回原来的", "灰度比例", "=was", true},
		{"one more thing: the docs are stale", "", "", false},
		{"we ran it 20% faster than last week", "", "", false},
		// Adding a thing, not to a count.
		{"add a note to the README", "", "", false},
		{"add 2 tests for the parser", "", "", false},
		{"给页面加一个按钮", "", "", false},
		{"the deploy took twice as long as usual", "", "", false},
		{"thanks, that helps", "", "", false},
	} {
		name, change, ok := relative(tc.s)
		if ok != tc.ok || name != tc.name || change != tc.change {
			t.Errorf("relative(%q) = %q, %q, %v; want %q, %q, %v", tc.s, name, change, ok, tc.name, tc.change, tc.ok)
		}
	}
}

func TestApplyChange(t *testing.T) {
	for _, tc := range []struct {
		held, change, want string
		ok                 bool
	}{
		{"250ms", "*2", "500ms", true},
		{"64 MB", "*0.5", "32 MB", true},
		{"2e-4", "*0.5", "1e-4", true},
		{"0.3", "*0.5", "0.15", true},
		{"45", "+15 min", "60", true},
		{"45 分钟", "+15 分钟", "60 分钟", true},
		{"8", "-3", "5", true},
		{"300ms", "+2 s", "", false},
		{"1.4.2", "+1", "", false},
		{"eu-west-1", "*2", "", false},
		{"12", "*1/3", "4", true},
		{"5000 kbps", "%+20", "6000 kbps", true},
		{"10%", "%+5", "15%", true},
		{"15%", "+3 pp", "18%", true},
		{"8 workers", "*0.75", "6 workers", true},
		{"200ms", "+3 pp", "", false},
		// A shift in time moves a time of day or a duration, never a count.
		{"02:00 UTC on the 1st", "@+1 hour", "03:00 UTC on the 1st", true},
		{"23:30", "@+45 min", "00:15", true},
		{"10", "@+1 hour", "", false},
		{"3 days", "@-1 day", "2 days", true},
	} {
		got, ok := applyChange(tc.held, tc.change)
		if ok != tc.ok || got != tc.want {
			t.Errorf("applyChange(%q, %q) = %q, %v; want %q, %v", tc.held, tc.change, got, ok, tc.want, tc.ok)
		}
	}
}

func TestRelativeChangeInReducer(t *testing.T) {
	r := userSays(
		"the flush interval is 40ms",
		"the export format is parquet-v2",
		"40ms flushes too often on the old disks, double that",
		"and double the format too",
		"add five to the replica budget",
	)
	got := valueHeads(r)
	// The interval named by its value is doubled; a value that is no
	// number is no longer shown as it was; a setting never held gets none.
	want := map[string]string{"flush interval": "80ms", "export format": "parquet-v2 doubled"}
	if len(got) != len(want) {
		t.Fatalf("values %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}

// A change to a setting no value holds takes the number the user gave it
// before, or the one its own sentence gives; else it is shown as stated,
// and never an old number as current.
func TestRelativeWithoutHeldValue(t *testing.T) {
	r := userSays(
		"the nightly export runs in slices of 40 minutes on the small pool",
		"the export is timing out again",
		"halve the slices.",
		"顺便把副本数再多加两个吧，现在 3 个不够用。",
		"and double the retention window",
	)
	got := valueHeads(r)
	want := map[string]string{"slices": "20 minutes", "副本数": "5 个", "retention window": "unresolved: doubled, from a value not stated"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}

// A rule that states a value the user later changes shows the new value,
// and what else it says still holds.
func TestValueChangeRestatesRule(t *testing.T) {
	r := userSays(
		"Please write the ILM policy: rollover when a primary shard reaches 25gb or after 1 day, and never delete before 30 days.",
		"25gb shards roll over too often, double the shard size.",
	)
	var rules []string
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint && a.Lifecycle == Active {
			rules = append(rules, a.Value)
		}
	}
	restated := false
	for _, v := range rules {
		if strings.Contains(v, "25gb") && !strings.Contains(v, "50gb (was 25gb)") {
			t.Errorf("rule %q still states 25gb as current (all: %q)", v, rules)
		}
		restated = restated || strings.Contains(v, "50gb (was 25gb) or after 1 day")
	}
	if !restated {
		t.Errorf("no rule states the new shard size with the rest of its words: %q", rules)
	}
}

// Two rules that state the value changed are both restated, each with an
// id of its own.
func TestValueChangeRestatesTwoRules(t *testing.T) {
	r := userSays(
		"Never let the shard size pass 25gb on the hot tier.",
		"Always alert when a shard reaches 25gb.",
		"25gb shards roll over too often, double the shard size.",
	)
	ids := map[string]bool{}
	n := 0
	for _, a := range r.Heads() {
		if ids[a.ID] {
			t.Errorf("id %s twice", a.ID)
		}
		ids[a.ID] = true
		if a.Kind == KindConstraint && strings.Contains(a.Value, "50gb (was 25gb)") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d rules restated, want 2: %v", n, r.Heads())
	}
}

// A change said by its verb alone ("triple it", "verdopple ihn",
// "dobra") after a sentence that gives one setting its number changes
// that setting; a topic named before "make it" is the setting; a
// multiple said alone in Chinese or Japanese is by that factor; a change
// by a pronoun that cannot apply to the value set last changes nothing.
func TestRelativeByItsSentenceBefore(t *testing.T) {
	for _, tc := range []struct {
		msgs       []string
		name, want string
	}{
		{[]string{"the webhook retry delay of 15s is way too short for their API. triple it"}, "webhook retry delay", "45s"},
		{[]string{"Wir bauen heute den Export neu, der Code liegt in export/.", "Das Poll-Intervall von 20 s ist zu knapp für die alte Platte. Verdopple es."}, "Poll-Intervall", "40 s"},
		{[]string{"Bom dia! Hoje a gente vai mexer no worker de exportação, o código está em export/ e não tem testes.", "o intervalo de 45 s tá curto demais pro servidor antigo. dobra"}, "intervalo", "90 s"},
		{[]string{"session timeout is 50 min", "session timeout, make it 20% shorter"}, "session timeout", "40 min"},
		{[]string{"the page size is 40", "make it 25% larger"}, "page size", "50"},
		{[]string{"the gutter is 12 px wide on mobile… add 4 more, the cards touch"}, "gutter", "16 px"},
		{[]string{"Salut ! Aujourd'hui on refait la mise en page du rapport, le code est dans report/.", "la marge est de 2 cm… mets 0,5 de plus, ça respire mieux"}, "marge", "2.5 cm"},
	} {
		r := userSays(tc.msgs...)
		got := valueHeads(r)
		if !strings.HasPrefix(got[tc.name], tc.want) {
			t.Errorf("%q: %s = %q, want %q (all: %v)", tc.msgs, tc.name, got[tc.name], tc.want, got)
		}
	}
	for _, tc := range []struct{ s, change string }{
		{"线宽改成 1.5 倍", "*1.5"},
		{"1.5倍吧", "*1.5"},
		{"超时翻倍", "*2"},
	} {
		if _, c, ok := relative(tc.s); !ok || c != tc.change {
			t.Errorf("relative(%q) = %q, %v; want %q", tc.s, c, ok, tc.change)
		}
	}
	if _, c, ok := relative("组合总杠杆不超过 1.5 倍"); ok {
		t.Errorf("a limit said as a multiple is no change: %q", c)
	}
	r := userSays("the launch date is 2026-05-04", "hmm, double it")
	for _, a := range r.Heads() {
		if a.Kind == KindValue && a.Value != "2026-05-04" {
			t.Errorf("a change that cannot apply to a date changed it: %s = %q", a.Name, a.Value)
		}
	}
}

// A shift by steps moves a count, a range, or the one bound of a range
// named ("start …", "end …").
func TestShiftBySteps(t *testing.T) {
	for _, tc := range []struct{ held, shift, want string }{
		{"10 to 16", "+2 levels start", "12 to 16"},
		{"10 to 16", "-1 levels end", "10 to 15"},
		{"3-7", "+1 steps", "4-8"},
		{"5", "+2 notches", "7"},
	} {
		if got, ok := applyShift(tc.held, tc.shift); !ok || got != tc.want {
			t.Errorf("applyShift(%q, %q) = %q, %v; want %q", tc.held, tc.shift, got, ok, tc.want)
		}
	}
	if k, c, ok := relative("the viewers never zoom out that far, end the detail range one level lower"); !ok || k != "detail range" || c != "@-1 level end" {
		t.Errorf("relative = %q, %q, %v", k, c, ok)
	}
	if got, ok := applyShift("10 to 16", "+8 levels start"); ok {
		t.Errorf("a start moved past its end: %q", got)
	}
}

// A setting set "the same as" another takes the value the other holds,
// shown with what it points to; the other keeps its own.
func TestSameAsAnotherSetting(t *testing.T) {
	for _, c := range []struct{ first, then, want string }{
		{"开始搞迁移。\n热词缓存放 redis，redis 超时 800ms。", "ES 客户端的超时就跟之前 redis 那个一样吧。", `value/-/es_客户端的超时 \[current/normative\] = 800ms \(same as redis 超时\)`},
		{"Start. The redis timeout is 800ms.", "the ES client timeout: same as redis.", `value/-/es_client_timeout \[current/normative\] = 800ms \(same as redis timeout\)`},
	} {
		out := reduceAll(t, "> user\n"+c.first+"\n> assistant\nOk.\n> user\n"+c.then+"\n> assistant\nOk.")
		expect(t, out, []string{c.want, `redis.{0,3}(?:超时|timeout) \[current/normative\] = 800ms @0`}, []string{`was 800ms`})
	}
}

// A thing done at an interval ("refresh every 30 seconds", "rafraîchissement
// toutes les 30 secondes") holds the interval as its setting, and a change
// of it ("add 15 seconds to the refresh", "rajoute 15 secondes au
// rafraîchissement") changes the interval; "we back up every 6 hours"
// tells what the speaker does.
func TestIntervalSetting(t *testing.T) {
	for _, c := range []struct{ first, then, want string }{
		{"Start. refresh every 30 seconds.", "add 15 seconds to the refresh.", `value/-/refresh_interval \[current/normative\] = every 45 seconds \(was every 30 seconds\)`},
		{"On commence. Pour le GTFS-RT : rafraîchissement toutes les 30 secondes.", "Pour le GTFS-RT : rajoute 15 secondes au rafraîchissement, le SAE rame.", `rafraîchissement_interval \[current/normative\] = every 45 seconds`},
		{"Start. the reconcile should requeue every 10 minutes so drift gets corrected.", "make the requeue three times as long", `reconcile_requeue_interval \[current/normative\] = every 30 minutes`},
	} {
		out := reduceAll(t, "> user\n"+c.first+"\n> assistant\nOk.\n> user\n"+c.then+"\n> assistant\nOk.")
		expect(t, out, []string{c.want}, nil)
	}
	out := reduceAll(t, "> user\nStart. we back up every 6 hours.\n> assistant\nOk.")
	expect(t, out, nil, []string{`value/`})
}

// A setting named before "make it double" with no comma is the one
// changed, not the value set last ("Cow base rate is finalised at Rs
// 40.50" just before stays Rs 40.50); a value someone fixed at a number
// is that setting's value.
func TestTopicBeforeMakeIt(t *testing.T) {
	out := reduceAll(t, `> user
Start the app work.
Bluetooth read timeout for analyser keep 5 seconds.
> assistant
Ok.
> user
Updates:
Cow base rate is finalised at Rs 40.50, union sent the circular.
Analyser timeout make it double, some centres are having weak signal.
> assistant
Ok.`)
	expect(t, out, []string{`value/-/cow_base_rate \[current/normative\] = Rs 40.50`, `value/-/analyser_timeout \[current/normative\] = 10 seconds \(was 5 seconds\)`}, []string{`= 81`})
}

// A change written with an arrow between two numbers changes the setting
// holding the first ("the middle row, 60 → 75" of "$60 flat"), and is
// taken back with it ("undo that last bit"); a number changed "by it"
// after a command set another setting is the setting the sentence names
// by its number; a number the user accepts that the agent's command
// just set is that setting said again.
func TestArrowAndNumberReferents(t *testing.T) {
	for s, want := range map[string]string{"60 → 75": "+15 60", "$60 -> $75": "+15 60", "1.5% => 2%": "+0.5 1.5", "0.1 → 0.25": "+0.15 0.1",
		"v1 → v2": "", "1.2.0 → 1.3.0": "", "19:00 → 17:00": "", "2 → 3 and 4 → 5": "", "$60 → 75%": ""} {
		c, f, ok := arrowChange(s)
		if got := strings.TrimSpace(c + " " + f); got != want || ok != (want != "") {
			t.Errorf("arrowChange(%q) = %q %v, want %q", s, got, ok, want)
		}
	}
	out := reduceAll(t, `
> user
late fees today, we run PostgreSQL 15:
| days overdue | fee |
|---|---|
| 1–10 | $25 flat |
| 11–30 | $60 flat |
| 31+ | 1.5% of the balance per month |
> assistant
Off by one in my code: `+"`TIER2_FROM_DAY = 10`"+` puts day 10 into the second tier, but the table says 11–30. Fixing it to 11:
> call bash {"command": "sed -i '' 's/^  TIER2_FROM_DAY = 10$/  TIER2_FROM_DAY = 11/' app/services/late_fee.rb && bundle exec rspec"}
> result
6 examples, 0 failures
> user
nice. the percent: 1.5 is last year's, make it 2. and the middle row, 60 → 75.
> assistant
Done.
> user
hm, undo that last bit. the 2% stays. and give sidekiq more threads.
> assistant
15 fit under the connection limit; setting that.
> call bash {"command": "sed -i '' 's/^:concurrency: 5$/:concurrency: 15/' config/sidekiq.yml && git diff --stat"}
> result
 config/sidekiq.yml | 2 +-
> user
ok, 15 then.
`)
	expect(t, out, []string{
		`value/-/31\+_fee \[current/normative\] = 2% of the balance per month \(was 1\.5% of the balance per month\)`,
		`value/-/11–30_fee \[current/normative\] = \$60 flat \(was \$75 flat\)`,
		`value/app/services/late_fee\.rb/tier2_from_day \[current/empirical\] = 11 \(was 10\)`,
		`value/config/sidekiq\.yml/concurrency \[current/empirical\] = 15 \(was 5\) @\d+,\d+`,
	}, []string{`= 15 \(was 2\)`, `tier2_from_day .* = 2`})
}

// A job told to run at a time of day sets the time it runs, named by the
// job or, by a pronoun, the job named before it; a time said as a
// repair ("2am — no, make it 3") is read as repaired.
func TestJobTime(t *testing.T) {
	for s, want := range map[string]string{
		"schedule the backup at 02:30 please":       "value/-/backup_time=02:30",
		"send the reminders every evening at 7pm":   "value/-/reminders_time=19:00",
		"run it at 12am":                            "value/-/nightly_job_time=00:00",
		"run it at 3":                               "",
		"we run the tests at 3am on CI":             "",
		"run it at 13pm":                            "",
		"mirror that and run InvoiceJob at 6:15 am": "value/-/invoicejob_time=06:15",
	} {
		got := ""
		if p, ok := jobTime(s, "now the nightly job."); ok {
			got = p.Key + "=" + p.Value
		}
		if got != want {
			t.Errorf("jobTime(%q) = %q, want %q", s, got, want)
		}
	}
	out := reduceAll(t, "> user\nlate fees today.\n> assistant\nOK.\n> user\nnow the nightly job. run it at 2am — no, make it 3, the db backups run at 2. eastern, obviously.\n")
	expect(t, out, []string{`value/-/nightly_job_time \[current/normative\] = 03:00`}, []string{`= 02:00`})
}

// A setting and its number accepted as fine set the value; a sentence
// that asks, or whose words before the number are no setting, sets none.
func TestFineValue(t *testing.T) {
	for s, want := range map[string]string{
		"retry 3 is fine, same for the other one.": "value/-/retry=3",
		"ok, timeout 30s is fine":                  "value/-/timeout=30s",
		"3 retries is fine":                        "value/-/retries=3",
		"is retry 3 fine?":                         "",
		"the 3 is fine":                            "",
		"it 2 is ok":                               "",
	} {
		got := ""
		if p, ok := fineValue(s); ok {
			got = p.Key + "=" + p.Value
		}
		if got != want {
			t.Errorf("fineValue(%q) = %q, want %q", s, got, want)
		}
	}
}

// A count of things chosen sets the count of that kind; a value said
// with "should be" holds with its unit ("10 req/s") and a scope after it
// ("everywhere").
func TestCountsAndShouldBe(t *testing.T) {
	for s, want := range map[string]string{
		"let's use 8 workers":                      "value/-/workers=8",
		"go for 3 replicas":                        "value/-/replicas=3",
		"the rate limit should be 10 req/s":        "value/-/rate_limit=10 req/s",
		"timeouts should be 30 seconds everywhere": "value/-/timeouts=30 seconds",
		"we used 8 workers last time":              "",
		"can we go for 3 replicas?":                "",
	} {
		ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: "Working on the billing service today. " + s}, &Context{})
		got := ""
		for _, p := range ps {
			if p.Kind == KindValue {
				got = p.Key + "=" + p.Value
			}
		}
		if got != want {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	}
}

// A setting set with the number it replaces after "not" ("put the
// polling at 2 minutes, not 5", Italian "il polling mettilo a 2 minuti,
// non 5") holds the first; the second is no value of its own and no
// repair of the first.
func TestSetNotValue(t *testing.T) {
	en := reduceAll(t, "> user\nHi, today the label service for the warehouse.\n> assistant\nOK.\n> user\noh and put the polling at 2 minutes, not 5, the boss wants them out fast.\n")
	expect(t, en, []string{`value/-/polling \[current/normative\] = 2 minutes \(was 5 minutes\) @2`}, []string{`decision/-/oh-put-polling`})
	it := reduceAll(t, "> user\nCiao! Oggi facciamo il servizio etichette per il magazzino, con le stampanti nuove e i test.\n> assistant\nOK.\n> user\nah e il polling mettilo a 2 minuti, non 5, il capo vuole vederle uscire subito.\n")
	expect(t, it, []string{`value/-/polling \[current/normative\] = 2 minutes \(was 5 minutes\) @2`}, []string{`= 5 minut`})
}

// A fraction more or less, said in Italian ("un terzo in meno", "di un
// terzo"), changes the value it names by that fraction.
func TestFractionLessInItalian(t *testing.T) {
	intro := "> user\nCiao! Oggi sistemiamo il servizio delle etichette: il batch è di 30 ordini per giro e il timeout è di 10 secondi.\n> assistant\nOK.\n> user\n"
	for _, s := range []string{"Ferrari dice: il batch fallo un terzo in meno per giro.", "riduci il batch di un terzo"} {
		expect(t, reduceAll(t, intro+s), []string{`value/-/batch \[current/normative\] = 20 \(was 30\)`}, nil)
	}
}
