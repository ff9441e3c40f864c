package projection

import (
	"strings"
	"testing"
)

// TestLang13PolishRules: Polish prohibitions are read ("nie ruszaj",
// "nie ruszasz", "żadnych", "zero", "nigdy nie"), and a Polish lift
// lifts; a "nie" that only negates, and English text, state no rule.
func TestLang13PolishRules(t *testing.T) {
	const intro = "napraw podwójne rezerwacje stolików w systemie"
	for _, c := range []struct{ text, want string }{
		{"nie ruszaj composer.lock bez pytania", "nie ruszaj composer.lock"},
		{"composer.lock nie ruszasz bez pytania", "composer.lock nie ruszasz"},
		{"żadnych nowych zależności w composer.json", "żadnych nowych zależności"},
		{"nigdy nie używaj print(), używaj loggera", "nigdy nie używaj print()"},
	} {
		if got := rulesAfter(intro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"nie wiem czemu to nie działa", "nie mamy dostępu do serwera", "the nie function returns zero rows"} {
		if got := rulesAfter(intro, s); len(got) > 0 {
			t.Errorf("%q: a rule %q", s, got)
		}
	}
	rule := "nigdy nie używaj print(), używaj loggera"
	for _, lift := range []string{"zasada o print już nie obowiązuje", "wywal regułę o print"} {
		if got := rulesAfter(intro, rule, lift); !has(got, "lifted", "print()") {
			t.Errorf("%q: %q, want lifted", lift, got)
		}
	}
	if got := rulesAfter(intro, rule, "nie wiem czy print działa"); !has(got, "active", "print()") {
		t.Errorf("near miss lifted: %q", got)
	}
}

// TestLang13HinglishLift: "X wala rule hata do" lifts the X rule, as
// "drop the X rule" does; removing X from the code lifts nothing.
func TestLang13HinglishLift(t *testing.T) {
	for _, c := range []struct {
		intro, rule, say string
		lifted           bool
	}{
		{"home screen pe promo banner add karo", "print() mat use karna, logger use karo", "print wala rule hi hata do ab, logger sab jagah overkill hai", true},
		{"add a promo banner to the home screen", "never use print(), use logger", "drop the print rule now, logger everywhere is overkill", true},
		{"home screen pe promo banner add karo", "print() mat use karna, logger use karo", "print statements hata do code se", false},
		{"add a promo banner to the home screen", "never use print(), use logger", "remove the print statements from the code", false},
	} {
		got := rulesAfter(c.intro, c.rule, c.say)
		if has(got, "lifted", "print()") != c.lifted {
			t.Errorf("%q: %q, want lifted %v", c.say, got, c.lifted)
		}
	}
}

// TestLang13PlanChange: "plan change: X later, first Y" (English,
// Hinglish "baad mein … pehle", Polish "zmiana planu … później,
// najpierw") makes Y the objective; a plan change that names no new task
// keeps the old one.
func TestLang13PlanChange(t *testing.T) {
	for _, c := range []struct{ old, say, want string }{
		{"fix the double bookings of tables in the system", "ok, plan change: bookings later, first add a CSV export for the manager", "add a CSV export for the manager"},
		{"login ke baad Android pe app crash ho raha hai, Google sign-in wala flow. isko fix karo", "theek hai. plan change: crash wala baad mein, pehle home pe promo banner dikhana hai remote config se", "home pe promo banner dikhana hai remote config se"},
		{"napraw podwójne rezerwacje stolików w systemie", "dobra, zmiana planu: rezerwacje później, najpierw dodaj eksport CSV dla managera", "dodaj eksport CSV dla managera"},
		{"fix the double bookings of tables in the system", "we will add the CSV export later, first the bookings", "fix the double bookings"},
	} {
		r := userSays(c.old, c.say)
		got := ""
		for _, a := range r.Anchors() {
			if a.Kind == KindObjective && a.Lifecycle == Active {
				got = a.Value
			}
		}
		if got != c.want && !(len(got) > len(c.want) && got[:len(c.want)] == c.want) {
			t.Errorf("%q: objective %q, want %q", c.say, got, c.want)
		}
	}
}

// TestLang13GiveUp: a failure given up in Polish ("dusk olewamy", "olej
// dusk") or Hinglish ("ios build chhodo") is superseded, as "forget the
// ios build" is; a give-up negated ("mat chhodo", "nie olewamy") or put
// off ("na razie", "baad mein") leaves it open.
func TestLang13GiveUp(t *testing.T) {
	const ios = "> user\nprod build banao android aur ios dono\n> assistant\nbuilding\n> call bash {\"command\": \"flutter build ios --flavor prod --no-codesign\"}\n> result error\nBuilding for iOS is only supported on macOS.\n> assistant\niOS build Linux pe nahi hota.\n> user\n"
	const dusk = "> user\nodpal testy dusk\n> assistant\nrunning\n> call bash {\"command\": \"php artisan dusk --filter=ReservationFlowTest\"}\n> result error\nFAILED Tests\\Browser\\ReservationFlowTest > it books a table  SessionNotCreatedException\n> assistant\nChromeDriver mismatch.\n> user\n"
	gone := []string{`negative-knowledge negative/-/(flutter|php)`}
	open := []string{`failure command/-/\S+ (build|artisan).* \[open`}
	runScriptCases(t, []scriptCase{
		{"hinglish give-up", ios + "ios build chhodo, Linux pe nahi hoga, Rahul Mac pe dekhega\n", gone, open},
		{"english give-up", ios + "forget the ios build, it won't work on Linux\n", gone, open},
		{"polish give-up, thing first", dusk + "dusk olewamy, nie w tym sprincie\n", gone, open},
		{"polish give-up, thing after", dusk + "olej dusk, nie ma czasu\n", gone, open},
		{"hinglish negated", ios + "ios build mat chhodo, Mac pe try karo\n", open, gone},
		{"hinglish put off", ios + "ios build baad mein dekhenge, abhi chhodo\n", open, gone},
		{"polish negated", dusk + "nie olewamy dusk, napraw to\n", open, gone},
		{"polish put off", dusk + "olej dusk na razie\n", open, gone},
		{"english near miss", dusk + "the chodo library is fine, keep going\n", open, gone},
	})
}

// Polish is told from English and the other languages; English with a
// Polish-looking word is not Polish.
func TestLang13DetectPolish(t *testing.T) {
	for _, c := range []struct {
		text string
		want lang
	}{
		{"zasady: 1) composer.lock nie ruszasz bez pytania 2) zero raw SQL, tylko Eloquent", langPL},
		{"dusk olewamy, nie w tym sprincie", langPL},
		{"Nie is the Dutch word we don't use, keep the tests green.", langNone},
		{"Use the ten most recent rows and zero padding.", langNone},
	} {
		if got := detectLang(c.text, langNone); got != c.want {
			t.Errorf("detectLang(%q) = %s, want %s", c.text, langCodes[got], langCodes[c.want])
		}
	}
}

// TestLexiconPLValueCorrection: "no wait, leave it at 3" (Polish "a
// zresztą nie, zostaw 3") takes a value back, it forbids nothing; "no
// wait for approval" still forbids. "daj"/"zostaw" before a number are
// filler around it, never the setting's name; a Polish sentence that is
// only "tries 3" sets tries.
func TestLexiconPLValueCorrection(t *testing.T) {
	const open = "napraw podwójne rezerwacje stolików. najpierw odpal testy"
	for _, c := range []struct {
		msgs []string
		rule bool
	}{
		{[]string{"fix the double bookings", "tries 5", "no wait, leave it at 3"}, false},
		{[]string{open, "tries daj 5", "a zresztą nie, zostaw 3, przy 5 to bez sensu"}, false},
		{[]string{"fix the double bookings", "no wait for approval, merge it when green"}, true},
	} {
		r := userSays(c.msgs...)
		rule := false
		for _, a := range r.Anchors() {
			rule = rule || a.Kind == KindConstraint && a.Lifecycle == Active
		}
		if rule != c.rule {
			t.Errorf("%q: a rule %v, want %v", c.msgs, rule, c.rule)
		}
	}
	r := userSays(open, "ok. lokalnie w .env ustaw QUEUE_CONNECTION=redis, w .env.testing zostaje sync. tries 3", "tries daj 5, gateway czasem długo odpowiada")
	keys := map[string]string{}
	for _, a := range r.Anchors() {
		if a.Kind == KindValue && a.Lifecycle == Current {
			keys[a.Key] = a.Value
		}
	}
	if keys["value/-/tries"] != "5" || keys["value/-/queue_connection"] != "redis" {
		t.Errorf("values %v, want tries 5 and queue_connection redis", keys)
	}
	for k := range keys {
		if strings.Contains(k, "daj") || strings.Contains(k, "zostaw") {
			t.Errorf("a value keyed on filler: %s", k)
		}
	}
	// near misses: "daj znać", "zostaw to" are no values
	for _, s := range []string{"daj znać jak skończysz", "zostaw to, nieważne"} {
		if g := glossOf(s, langPL); g != nil && strings.Contains(g.text, "make it") || g != nil && strings.Contains(g.text, "leave it at") {
			t.Errorf("%q glossed %q", s, g.text)
		}
	}
}
