package projection

import (
	"strings"
	"testing"
)

// TestLexiconIDRules: Indonesian prohibitions, formal and casual
// ("jangan", "nggak usah", "gak boleh", "jangan pernah", "dilarang", a
// team's "kita nggak pake"), are read as the English ones are; a negation
// that only states ("nggak tau", "nggak jalan"), "jangan-jangan"
// (perhaps) and English text with the same letters state no rule.
func TestLexiconIDRules(t *testing.T) {
	const intro = "tolong bikin endpoint export CSV buat laporan bulanan"
	for _, c := range []struct{ text, want string }{
		{"jangan push ke main", "jangan push ke main"},
		{"nggak usah pake Redis", "nggak usah pake Redis"},
		{"gak boleh ubah migrasi yang udah ada", "gak boleh ubah migrasi"},
		{"jangan pernah commit file .env ya", "jangan pernah commit file .env"},
		{"dilarang deploy hari Jumat", "dilarang deploy hari Jumat"},
		{"kita nggak pake ORM di service ini", "kita nggak pake ORM"},
		{"Anda tidak boleh mengubah skema database tanpa izin", "tidak boleh mengubah skema database"},
		{"never push to main", "never push to main"},
	} {
		if got := rulesAfter(intro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{
		"nggak tau kenapa test-nya gagal",
		"gw udah push ke main tadi pagi",
		"jangan-jangan cache-nya yang bikin lambat",
		"jangan lupa, laporannya buat Bu Ratna",
		"the jangan function is in main.go",
	} {
		if got := rulesAfter(intro, s); len(got) > 0 {
			t.Errorf("%q: a rule %q", s, got)
		}
	}
}

// TestLexiconIDLift: a permission said after a prohibition ("sekarang
// boleh pake Redis", "udah boleh pake Redis lagi", "Redis sekarang
// boleh", "aturan Redis udah gak berlaku") lifts it; a question whether it
// may ("boleh gak pake Redis?") or not knowing whether lifts nothing.
func TestLexiconIDLift(t *testing.T) {
	const intro = "tolong bikin endpoint export CSV buat laporan bulanan"
	const rule = "jangan pake Redis"
	for _, lift := range []string{
		"sekarang boleh pake Redis",
		"udah boleh pake Redis lagi",
		"oke, Redis sekarang boleh",
		"aturan soal Redis udah gak berlaku",
		"you can now use Redis",
	} {
		if got := rulesAfter(intro, rule, lift); !has(got, "lifted", "Redis") {
			t.Errorf("%q: %q, want lifted", lift, got)
		}
	}
	for _, s := range []string{"boleh gak pake Redis?", "gw nggak tau boleh pake Redis atau nggak", "Redis-nya lagi down"} {
		if got := rulesAfter(intro, rule, s); !has(got, "active", "Redis") {
			t.Errorf("%q: %q, want the rule active", s, got)
		}
	}
}

// TestLexiconIDException: "kecuali X, itu boleh" after a rule is its
// exception, the rule staying active, as "except X, that one may" is.
func TestLexiconIDException(t *testing.T) {
	for _, c := range []struct{ intro, rule, say string }{
		{"tolong rapihin folder migrations", "jangan ubah file migrasi", "kecuali 0003_add_index.sql, itu boleh diubah"},
		{"tidy up the migrations folder", "never change the migration files", "except 0003_add_index.sql, that one may be changed"},
	} {
		got := rulesAfter(c.intro, c.rule, c.say)
		if !has(got, "active", "except") || !has(got, "active", "0003_add_index.sql") {
			t.Errorf("%q: %q, want the rule active with its exception", c.say, got)
		}
	}
}

// TestLexiconIDValues: a setting said in Indonesian ("ganti X jadi 20",
// "set X ke 5", "X-nya 30 detik") and changed relative to itself
// ("X-nya dobelin", "jadiin setengahnya", "balikin ke yang lama") is
// read as in English; "jadi" that says "so" and a clock time ("jam
// 16.00") set nothing.
func TestLexiconIDValues(t *testing.T) {
	const intro = "tolong benerin retry di worker pembayaran, sekarang sering gagal"
	for _, c := range []struct {
		msgs      []string
		key, want string
	}{
		{[]string{"ganti timeout jadi 20 detik"}, "value/-/timeout", "20 seconds"},
		{[]string{"set retries ke 5"}, "value/-/retries", "5"},
		{[]string{"timeout-nya 30 detik"}, "value/-/timeout", "30 seconds"},
		{[]string{"timeout-nya 30 detik", "timeout-nya dobelin"}, "value/-/timeout", "60 seconds"},
		{[]string{"timeout-nya 30 detik", "kelamaan, jadiin setengahnya"}, "value/-/timeout", "15 seconds"},
		{[]string{"timeout-nya 30 detik", "naikin timeout-nya jadi 60", "timeout-nya balikin ke yang lama"}, "value/-/timeout", "30 seconds"},
		{[]string{"set the timeout to 30 seconds", "double the timeout"}, "value/-/timeout", "60 seconds"},
	} {
		r := userSays(append([]string{intro}, c.msgs...)...)
		got := ""
		for _, a := range r.Anchors() {
			if a.Kind == KindValue && a.Lifecycle == Current && a.Key == c.key {
				got = a.Value
			}
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: %s = %q, want %q", c.msgs, c.key, got, c.want)
		}
	}
	for _, s := range []string{"jadi gini, kita mau bikin alarm buat 6 kolam", "tunggu sampai jam 16.00 ya"} {
		r := userSays(intro, s)
		for _, a := range r.Anchors() {
			if a.Kind == KindValue {
				t.Errorf("%q: a value %s = %q", s, a.Key, a.Value)
			}
		}
	}
}

// TestLexiconIDAnswers: the user's answer to the agent's question in
// Indonesian ("yang kedua aja", "iya", "bukan, yang pertama") decides it;
// a "ya" that ends a sentence only softens it.
func TestLexiconIDAnswers(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"yang kedua aja", "the second one"},
		{"iya, yang pertama", "yes, the first one"},
		{"bukan, yang kedua", "no, the second one"},
		{"nggak", "no"},
		{"Ya", "yes"},
		{"jangan tulis password ke repo ya", "do not write password to repo"},
		{"ok, nanti saya update README-nya", "ok, I'll update README"},
		{"biar gw aja yang handle migrasinya", "I'll handle migrasinya myself"},
		{"gw yang update CHANGELOG", "I'll update CHANGELOG myself"},
		{"ganti rencana: sekarang fokus ke bug login", "change of plans: now focus on bug login"},
		{"udah beres, CI udah hijau", "done, CI is green now"},
		{"masih gagal dengan TimeoutError", "still fails with TimeoutError"},
		{"skip aja test itu", "skip it test that"},
		{"kayaknya cache-nya yang bikin lambat", "probably cache that make"},
	} {
		g := glossOf(c.text, langID)
		if g == nil || strings.TrimSpace(strings.TrimRight(g.text, ".!?")) != c.want && !strings.HasPrefix(g.text, c.want) {
			t.Errorf("gloss of %q = %v, want %q", c.text, g, c.want)
			continue
		}
		if back, ok := g.back(g.text); !ok || !strings.HasSuffix(strings.TrimSpace(c.text), back) || back == "" {
			t.Errorf("back(gloss of %q) = %q, %v", c.text, back, ok)
		}
	}
	for _, c := range [][2]string{
		{"Ada dua pilihan: (1) Redis, (2) Memcached. Pilih yang mana?", "yang kedua aja, Redis nambah satu server lagi"},
		{"There are two options: (1) Redis, (2) Memcached. Which one?", "the second one, Redis adds one more server"},
	} {
		out := reduceAll(t, "> user\ntolong tambahin cache buat endpoint laporan\n> assistant\n"+c[0]+"\n> user\n"+c[1]+"\n")
		expect(t, out, []string{`decision .*= Memcached`}, []string{`decision .*= Redis`})
	}
}

// TestLexiconIDDetect: Indonesian (and Malay) is told from English and
// the other languages, and from the languages that share its words:
// Javanese ("aku", "bisa", "aja"), Tagalog ("kita", "lagi"), Spanish and
// Hinglish "ya", Dutch "dan"; code is no Indonesian.
func TestLexiconIDDetect(t *testing.T) {
	for _, c := range []struct {
		text string
		want lang
	}{
		{"jangan push ke main ya, kita pake PR", langID},
		{"gw udah coba tapi masih error", langID},
		{"udah beres", langID},
		{"timeout-nya 30 detik", langID},
		{"tolong benerin retry di worker pembayaran", langID},
		{"Saya tidak boleh mengubah skema ini tanpa izin", langID},
		{"Awak tak boleh ubah fail ini, sudah dikunci", langID},
		{"ya está, ya lo hice con el script", langES},
		{"ya toh deploy kar do, tests pass ho gaye hai", langHI},
		{"dan moet je de tests niet vergeten", langNL},
		{"il file di config è in ordine", langIT},
		{"Dan said the ini files are in config/, ya know", langNone},
		{"run `for _, ini := range inis { load(ini) }` and check dan.go", langNone},
		{"if tidak_boleh(x) { return itu.Dengan(y) }", langNone},
	} {
		if got := detectLang(c.text, langNone); got != c.want {
			t.Errorf("detectLang(%q) = %s, want %s", c.text, langCodes[got], langCodes[c.want])
		}
	}
	for _, s := range []string{
		"aku ora iso teka, kowe wae sing ngerjakke",
		"aja lali ngecek log-e, iki penting",
		"aku wis push, saiki kowe sing review",
		"huwag mong i-push sa main, hindi pa tapos ang review",
		"kita na lang bukas, lagi akong busy",
		"mahal kita, sama sama tayo dito",
	} {
		if got := detectLang(s, langNone); got == langID {
			t.Errorf("detectLang(%q) = id", s)
		}
	}
}
