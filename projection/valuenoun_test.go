package projection

import (
	"strings"
	"testing"
)

// terseCase is a session of user lines and what its values must be:
// want maps a word of a setting's name to its value ("4 (was 5)"),
// never lists words no current setting's name or key may hold.
type terseCase struct {
	name  string
	lines []string
	want  map[string]string
	never []string
}

func checkTerse(t *testing.T, cases []terseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := xlSession(t, c.lines...)
			for k, v := range c.want {
				if got, ok := heldValue(r, k); !ok || got != v {
					t.Errorf("%s = %q (held %v), want %q", k, got, ok, v)
				}
			}
			for _, n := range c.never {
				if got, ok := heldValue(r, n); ok {
					t.Errorf("a setting %q is held: %q", n, got)
				}
			}
		})
	}
}

// The trial's Spanish session (m01): settings changed tersely, a count
// said with its noun, a pronoun with a direction, a number put back.
func TestTerseValuesTrial(t *testing.T) {
	checkTerse(t, []terseCase{
		{"es the repro", []string{
			"user: pon el rate limit a 100 rps, burst 20. y 3 reintentos con backoff de 100ms",
			"assistant: Hecho: 100 rps, burst 20, 3 reintentos, backoff 100ms.",
			"user: sube el límite a 200",
			"assistant: Límite 200 rps.",
			"user: oye mejor 5 reintentos",
			"assistant: Reintentos: 3 → 5.",
			"user: bájalo a 50",
			"assistant: Límite en 50 rps.",
			"user: vuelve a 100 y sube el burst a 40. y el backoff que empiece en 250ms, y 4 reintentos",
		}, map[string]string{"rate_limit": "100 rps (was 50 rps)", "burst": "40 (was 20)", "reintentos": "4 (was 5)", "backoff": "250ms (was 100ms)"}, nil},
		{"es a benchmark the agent named is no setting", []string{
			"user: pon el rate limit a 100 rps, burst 20. y 3 reintentos con backoff de 100ms",
			"user: sube el límite a 200",
			"user: ¿cuánto latency añade el interceptor?",
			"assistant: Unos 182 ns/op y 0 allocs por llamada en BenchmarkLimiter.",
			"user: vale. el de checkout dice que con 200 les va bien. bájalo a 50",
		}, map[string]string{"rate_limit": "50 rps (was 200 rps)", "reintentos": "3"}, []string{"benchmark"}},
		{"de the same told in German", []string{
			"user: Das Rate-Limit ist 100 rps, Burst 20, und 3 Wiederholungen mit einem Backoff von 100ms.",
			"user: Erhöh das Limit auf 200.",
			"user: lieber 5 Wiederholungen",
			"user: senk es auf 50",
			"user: zurück auf 100 und setz den Burst auf 40",
			"user: und 4 Wiederholungen",
		}, map[string]string{"rate-limit": "100 rps (was 50 rps)", "burst": "40 (was 20)", "wiederholungen": "4 (was 5)", "backoff": "100ms"}, nil},
		{"en the same told in English", []string{
			"user: set the rate limit to 100 rps, burst 20. and 3 retries with a backoff of 100ms",
			"user: raise the limit to 200",
			"user: hey better 5 retries",
			"user: lower it to 50",
			"user: go back to 100 and raise the burst to 40.",
		}, map[string]string{"rate_limit": "100 rps (was 50 rps)", "burst": "40 (was 20)", "retries": "5 (was 3)", "backoff": "100ms"}, nil},
	})
}

// A number said before its noun is that noun's setting, never the one
// set last; a number counting something else sets nothing.
func TestCountWithItsNoun(t *testing.T) {
	base := []string{"user: pon el rate limit a 100 rps, burst 20, y 3 reintentos con backoff de 100ms", "user: sube el límite a 200"}
	with := func(l ...string) []string { return append(append([]string{}, base...), l...) }
	checkTerse(t, []terseCase{
		{"es count of a held setting", with("user: oye mejor 5 reintentos"), map[string]string{"rate_limit": "200 rps (was 100 rps)", "reintentos": "5 (was 3)"}, nil},
		{"es count at the end of a longer message", with("user: el backoff está bien, y 6 reintentos"), map[string]string{"rate_limit": "200 rps (was 100 rps)", "reintentos": "6 (was 3)"}, nil},
		{"es a count of files is none", with("user: oye, hay 3 archivos nuevos"), map[string]string{"rate_limit": "200 rps (was 100 rps)", "reintentos": "3"}, []string{"archivos"}},
		{"es the tests that failed are none", with("user: los 5 reintentos fallaron ayer"), map[string]string{"reintentos": "3"}, nil},
		{"es after a preposition it tells what happened", with("user: falló en 4 reintentos"), map[string]string{"reintentos": "3"}, nil},
		{"de count of a held setting", []string{"user: Das Timeout ist 30s, und 3 Wiederholungen mit einem Backoff von 2s.", "user: doch lieber 5 Wiederholungen"}, map[string]string{"wiederholungen": "5 (was 3)", "timeout": "30s"}, nil},
		{"en count of a held setting", []string{"user: the timeout is 30s and retries are 3.", "user: set the pool size to 20", "user: ok better 5 retries"}, map[string]string{"retries": "5 (was 3)", "pool": "20"}, nil},
		{"en a count alone makes no new setting", []string{"user: set the pool size to 20", "user: let's do 5 workers instead"}, map[string]string{"pool": "20"}, []string{"workers"}},
		{"en a rule's count is no value", []string{"user: the retry budget must stay at 3 attempts max"}, nil, []string{"attempts"}},
		{"es a date is no count", with("user: el 3 de marzo lo revisamos"), map[string]string{"rate_limit": "200 rps (was 100 rps)", "reintentos": "3"}, []string{"marzo"}},
	})
}

// "bájalo a 50": a pronoun with a verb of direction names the setting in
// talk that can go that way; "vuelve a 100" puts a setting back.
func TestPronounWithDirection(t *testing.T) {
	base := []string{"user: pon el rate limit a 100 rps, burst 20, y 3 reintentos con backoff de 100ms", "user: sube el límite a 200", "user: oye mejor 5 reintentos"}
	with := func(l ...string) []string { return append(append([]string{}, base...), l...) }
	checkTerse(t, []terseCase{
		{"es lowered", with("user: bájalo a 50"), map[string]string{"rate_limit": "50 rps (was 200 rps)", "reintentos": "5 (was 3)"}, nil},
		{"es raised, the one set last can go", with("user: súbelo a 8"), map[string]string{"rate_limit": "200 rps (was 100 rps)", "reintentos": "8 (was 5)"}, nil},
		{"es set with en", with("user: ponlo en 7"), map[string]string{"reintentos": "7 (was 5)"}, nil},
		{"es by, not to, is a change", []string{"user: El timeout del DAG es de 40 minutos.", "user: Auméntalo en 20 minutos, se queda corto."}, map[string]string{"timeout": "60 minutes (was 40 minutes)"}, nil},
		{"de lowered", []string{"user: Das Limit ist 200.", "user: Die Wiederholungen sind 5.", "user: senk es auf 50"}, map[string]string{"limit": "50 (was 200)", "wiederholungen": "5"}, nil},
		{"fr lowered", []string{"user: La limite est de 200.", "user: Les tentatives sont 5.", "user: baisse-le à 50"}, map[string]string{"limite": "50 (was 200)", "tentatives": "5"}, nil},
		{"en lowered", []string{"user: set the rate limit to 200", "user: set retries to 5", "user: lower it to 50"}, map[string]string{"rate_limit": "50 (was 200)", "retries": "5"}, nil},
		{"es no setting can go that way", []string{"user: pon el burst a 20, y 3 reintentos con backoff de 100ms", "user: bájalo a 500"}, map[string]string{"burst": "20", "reintentos": "3", "backoff": "100ms"}, nil},
		{"es put back in a clause", with("user: bájalo a 50", "user: uf. vuelve a 100 y sube el burst a 40, así absorbemos los picos"), map[string]string{"rate_limit": "100 rps (was 50 rps)", "burst": "40 (was 20)"}, nil},
		{"es back to a time is no value", with("user: vuelve a las 3 y sube el burst a 40"), map[string]string{"rate_limit": "200 rps (was 100 rps)", "burst": "40 (was 20)"}, nil},
		{"es again, not back", with("user: el test vuelve a fallar"), map[string]string{"rate_limit": "200 rps (was 100 rps)"}, nil},
		{"ja put back", []string{"user: retries は 3 にしてください。", "user: retries は 5 にして", "user: 3に戻して"}, map[string]string{"retries": "3 (was 5)"}, nil},
		{"en back to in a clause", []string{"user: set the rate limit to 100", "user: raise it to 200", "user: set the burst to 20", "user: go back to 100 and raise the burst to 40."}, map[string]string{"rate_limit": "100 (was 200)", "burst": "40 (was 20)"}, nil},
	})
}

// The trial's Japanese session (m13): a setting stated with は and a space
// before its number, and set again after a verdict on the old one.
func TestJapaneseSettingSet(t *testing.T) {
	checkTerse(t, []terseCase{
		{"ja the repro", []string{"user: retries は 3 にしてください。", "user: retry_delay は10分に", "user: retries は 3 だと長すぎるか… 2 にして"}, map[string]string{"retries": "2 (was 3)", "retry_delay": "10分"}, nil},
		{"ja the setting named in the sentence before", []string{"user: retries は 3 にしてください。", "user: retry_delay は10分に", "user: retries は 3 だと長すぎるか… 10分×3 で30分遅れる。2 にして"}, map[string]string{"retries": "2 (was 3)", "retry_delay": "10分"}, nil},
		{"ja a delay named before takes a delay", []string{"user: retries は 3 にしてください。", "user: retry_delay は10分に", "user: retry_delay は長い。5分 にして"}, map[string]string{"retries": "3", "retry_delay": "5分 (was 10分)"}, nil},
		{"ja changed with に変えて", []string{"user: タイムアウトは 30秒 にして", "user: タイムアウトを 60秒 に変えて"}, map[string]string{"タイムアウト": "60秒 (was 30秒)"}, nil},
		{"ja it, after fillers", []string{"user: retries は 3 にしてください。", "user: やっぱり 4 にして"}, map[string]string{"retries": "4 (was 3)"}, nil},
		{"ja a count of failures is none", []string{"user: retries は 3 にしてください。", "user: テストが 3 つ失敗した"}, map[string]string{"retries": "3"}, []string{"テスト"}},
	})
}

// A count per page asked for is a setting; a list's items after a number
// told are settings in another language; "not 203" names none.
func TestPhrasedValues(t *testing.T) {
	checkTerse(t, []terseCase{
		{"en per page", []string{"user: server actions only, no API routes. show 20 invoices per page"}, map[string]string{"per_page": "20"}, nil},
		{"es per page", []string{"user: muestra 20 facturas por página"}, map[string]string{"per_page": "20"}, nil},
		{"de per page", []string{"user: zeig 20 Rechnungen pro Seite"}, map[string]string{"per_page": "20"}, nil},
		{"en errors per page are none", []string{"user: the report had 3 errors per page"}, nil, []string{"per_page"}},
		{"es list after a number", []string{"user: pon 100 rps de momento, burst 20"}, map[string]string{"burst": "20"}, nil},
		{"es list before any number is none", []string{"user: hola, hoy configuramos el servicio de pedidos para producción", "user: espera 5 minutos, pon el timeout a 30s"}, map[string]string{"timeout": "30s"}, []string{"espera"}},
		{"it not a number is no setting", []string{"user: le nostre ZT411 sono da 300 dpi, non 203."}, nil, []string{"non"}},
		{"fr an identifier is no number told", []string{"user: Salut ! Aujourd'hui on attaque la rev C de la carte. Les règles de Thomas : rien en dessous du 0603, on monte les protos à la main.", "user: R21 c'est un reste de la rev B, passe-le en 0603"}, nil, []string{"passe"}},
		{"en a tip's example is no setting", []string{"user: use the -w flag of nc with timeout of 5 seconds, for example"}, nil, []string{"timeout"}},
	})
}

// An edit of one entry of a dict or an object literal sets its setting;
// a quoted code in capitals is a value, another word is not.
func TestEntryEdited(t *testing.T) {
	for _, c := range []struct {
		from, to string
		key, v   string
	}{
		{`"retries": 1,`, `"retries": 3,`, "retries", "3"},
		{`'retry_delay': 300,`, `'retry_delay': 600,`, "retry_delay", "600"},
		{`currency: 'USD'`, `currency: 'EUR'`, "currency", "EUR"},
		{`currency: 'USD',`, `currency: 'EUR',`, "currency", "EUR"},
		{`level: "INFO",`, `level: "DEBUG",`, "level", "DEBUG"},
		{`label: 'Save',`, `label: 'Store',`, "", ""},
		{`name: "foo"`, `name: "bar"`, "", ""},
		{`"retries": 1,`, `"attempts": 3,`, "", ""},
	} {
		p, ok := lineChange("lib/money.ts", c.from, c.to, c.to)
		if c.key == "" {
			if ok {
				t.Errorf("%q → %q set %s = %s", c.from, c.to, p.Key, p.Value)
			}
			continue
		}
		if !ok || !strings.HasSuffix(p.Key, "/"+c.key) || p.Value != c.v {
			t.Errorf("%q → %q: %v %q = %q, want %s = %s", c.from, c.to, ok, p.Key, p.Value, c.key, c.v)
		}
	}
}

// Two keys are one setting told in two languages when one is a single
// word and the other's last word with an ending of another language.
func TestCognateHead(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"rate_limit", "límite", true},
		{"interval", "intervalo", true},
		{"rate-limit", "limit", true},
		{"run_the_backfill_on_staging_now_with_the_defaults", "default", false},
		{"limit", "limits", false},
		{"rate_limit", "burst", false},
		{"page_size", "tamaño", false},
	} {
		if got := cognateHead(c.a, c.b); got != c.want {
			t.Errorf("cognateHead(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
