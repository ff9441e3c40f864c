package projection

import (
	"fmt"
	"strings"
	"testing"
)

// TestSwitchedTaskLanguages: a change of task as Swedish, Ukrainian and
// Hindi (Devanagari) users say it, with English and Russian beside them;
// a remark about later work, a rule under a label and a goal said with no
// change move nothing.
func TestSwitchedTaskLanguages(t *testing.T) {
	cases := []struct {
		l    lang
		text string
		want string // words of the new task; "" when the objective stays
	}{
		// Swedish
		{langSV, "ändrat läge: DBA kör 0042 själv på torsdag, parkera migreringen. Nytt fokus: sync_invoices-tasken, den hamrar Fortnox vid 429. fixa retry-policyn.", "sync_invoices-tasken"},
		{langSV, "Och ändrat läge förresten: DBA vill köra 0042 själv, parkera det. Nytt fokus: sync_invoices-tasken. den hamrar Fortnox-API:t vid 429.", "sync_invoices-tasken"},
		{langSV, "planerna har ändrats. nytt mål: få CSV-exporten att klara 1M rader", "CSV-exporten"},
		{langSV, "ny prio: login-buggen i checkout-flödet", "login-buggen"},
		{langSV, "migreringen kan vänta. Nytt fokus: rapporten för Q3 och dess PDF-export", "rapporten"},
		{langSV, "förresten, senare också en README för exporten", ""},
		{langSV, "Nytt fokus: aldrig pusha direkt till main", ""},
		{langSV, "fokus: prestanda i exporten", ""},
		// Ukrainian
		{langUK, "зміна планів. prod-eu поки відкладаємо — code freeze до 9 грудня. зараз ціль: те саме на staging-eu, і там реально задеплоїти для QA.", "staging-eu"},
		{langUK, "плани змінились. нова ціль: перенести логи billing-api в CloudWatch", "CloudWatch"},
		{langUK, "міграцію поки відкладаємо. зараз ціль: полагодити CI на main", "CI"},
		{langUK, "новий пріоритет: зламаний деплой у staging-eu", "staging-eu"},
		{langUK, "до речі, пізніше ще треба буде оновити README", ""},
		{langUK, "ціль: швидкість деплою", ""},
		{langUK, "зараз ціль: ніколи не робити apply без мого OK", ""},
		// Hindi in Devanagari
		{langNone, "बढ़िया. अब अगला काम, ये ज़्यादा urgent है: release v0.9.2 का firmware image 96K APP region में fit नहीं हो रहा. size 96K से नीचे लाना है. tests वाला काम अब done मानो.", "v0.9.2"},
		{langNone, "ठीक है. नया काम: bootloader में CRC check जोड़ो", "CRC check"},
		{langNone, "अब लक्ष्य है: CI pipeline को फिर से green करना", "CI pipeline"},
		{langNone, "नई प्राथमिकता: OTA update का crash", "OTA"},
		{langNone, "वैसे बाद में README भी update करना", ""},
		{langNone, "नया काम: main पर कभी push मत करना", ""},
		{langNone, "अगला काम क्या है?", ""},
		{langNone, "काम: uart_rb के host tests fix करो", ""},
		// Arabic
		{langAR, "خلي الـ migration لبعدين. الهدف الجديد: إصلاح الـ CI على main", "CI on main"},
		{langAR, "تغيرت الخطة. الأولوية الجديدة: إصلاح الـ CI على main", "CI on main"},
		{langAR, "الهدف: إصلاح الـ CI على main", ""},
		{langAR, "بالمناسبة، لاحقاً كمان README", ""},
		// English, Russian
		{langNone, "change of plans: the DBA runs 0042 himself on thursday, park the migration. New focus: the sync_invoices task, it hammers Fortnox on 429. Fix the retry policy.", "Fix the retry policy"},
		{langNone, "by the way, later also a README for the export", ""},
		{langRU, "планы поменялись. новый приоритет: сломанный деплой на staging", "staging"},
	}
	for _, c := range cases {
		_, got, _ := switchedTask(glossed(c.text, c.l))
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q: task %q, want one naming %q", c.text, got, c.want)
		}
	}
}

// TestTaskCarriedOn: a labelled task goes on in the next sentence only
// when that one asks the work.
func TestTaskCarriedOn(t *testing.T) {
	cases := []struct {
		text, want, never string
	}{
		{"New focus: the sync_invoices task, it hammers Fortnox on 429. Fix the retry policy.", "Fix the retry policy.", ""},
		{"New focus: the export to S3. Never push to main.", "the export to S3.", "Never"},
		{"New focus: the export to S3. Can you check the logs first?", "the export to S3.", "logs"},
		{"New focus: the export to S3. Park the parser for now.", "the export to S3.", "Park"},
		{"अब अगला काम: image 96K APP region में fit नहीं हो रहा. size 96K से नीचे लाना है.", "नीचे लाना है", ""},
		{"अब अगला काम: image 96K APP region में fit नहीं हो रहा. tests वाला काम अब done मानो.", "fit नहीं हो रहा", "done"},
	}
	for _, c := range cases {
		q, got, _ := switchedTask(c.text)
		if !strings.Contains(got, c.want) || c.never != "" && strings.Contains(got, c.never) {
			t.Errorf("%q: task %q, want %q and not %q", c.text, got, c.want, c.never)
		}
		if !strings.Contains(c.text, q) || !strings.Contains(q, got) {
			t.Errorf("%q: quote %q does not hold task %q", c.text, q, got)
		}
	}
}

// reduceWithRetired runs a script and lists every anchor, the retired
// ones too, as "kind lifecycle = value".
func reduceWithRetired(t *testing.T, script string) string {
	t.Helper()
	r := New(Options{SessionID: "s", KeepRetired: 50})
	steps, err := ParseScript(strings.TrimSpace(script) + "\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		if st.Command == "" {
			r.Apply(*st.Event)
		}
	}
	var b strings.Builder
	for _, a := range append(r.Anchors(), r.RetiredAnchors()...) {
		fmt.Fprintf(&b, "%s %s = %s\n", a.Kind, a.Lifecycle, oneLine(a.Value, 200))
	}
	return b.String()
}

// TestObjectiveSwitched: the session's objective follows the change of
// task, the old one superseded, or done when the user calls it done; a
// labelled first task is the objective and no obligation.
func TestObjectiveSwitched(t *testing.T) {
	cases := []struct {
		name, first, later string
		want, never        []string
	}{
		{"Swedish", "uppgift: data migration 0042 för orders, status CharField -> FK. måste funka på 12M rader.",
			"ändrat läge: DBA kör 0042 själv på torsdag, parkera migreringen. Nytt fokus: sync_invoices-tasken, den hamrar Fortnox vid 429. fixa retry-policyn.",
			[]string{`objective active = sync_invoices-tasken`, `objective superseded = uppgift: data migration 0042`},
			[]string{`obligation`, `objective active = uppgift`}},
		{"Ukrainian", "задача: переносимо billing-api на ECS Fargate + RDS у prod-eu. plan має бути чистим.",
			"зміна планів. prod-eu поки відкладаємо — code freeze до 9 грудня. зараз ціль: те саме на staging-eu, і там реально задеплоїти для QA.",
			[]string{`objective active = те саме на staging-eu, і там реально задеплоїти для QA\.`, `objective superseded = задача: переносимо`}, nil},
		{"Hindi, the old task called done", "काम: uart_rb के host tests fail हो रहे हैं ctest में, fix करो.",
			"बढ़िया. अब अगला काम, ये ज़्यादा urgent है: release v0.9.2 का firmware image 96K APP region में fit नहीं हो रहा. size 96K से नीचे लाना है. tests वाला काम अब done मानो.",
			[]string{`objective active = release v0.9.2 .* size 96K से नीचे लाना है\.`, `objective done = काम: uart_rb के host tests`}, nil},
		{"English, the old task called done", "task: the orders migration to the new status FK.",
			"ok, consider the migration done. New focus: the sync_invoices retries. Fix the retry policy.",
			[]string{`objective active = the sync_invoices retries\. Fix the retry policy\.`, `objective done = task: the orders migration`},
			[]string{`obligation`}},
		{"English, done said of nothing named", "task: migrate the orders table to the new status FK.",
			"consider it done. New focus: the sync_invoices retries.",
			[]string{`objective active = the sync_invoices retries`, `objective superseded = task: migrate the orders`}, nil},
		{"a remark about later work", "uppgift: data migration 0042 för orders, status CharField -> FK.",
			"förresten, senare också en README för exporten.",
			[]string{`objective active = uppgift: data migration 0042`}, []string{`superseded`}},
		{"a rule", "задача: переносимо billing-api на ECS Fargate + RDS у prod-eu.",
			"ніколи не роби terraform apply без мого OK.",
			[]string{`objective active = задача: переносимо`}, []string{`superseded`}},
		{"a Hindi aside", "काम: uart_rb के host tests fail हो रहे हैं ctest में, fix करो.",
			"वैसे बाद में README भी update करना.",
			[]string{`objective active = काम: uart_rb`}, []string{`superseded`, `objective done`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceWithRetired(t, "> user\n"+c.first+"\n> assistant\nok.\n> user\n"+c.later)
			expect(t, out, c.want, c.never)
		})
	}
}

// TestLabelledTaskNoObligation: a first message's labelled task is its
// objective, not also an open obligation; a task set for later beside it
// still is one.
func TestLabelledTaskNoObligation(t *testing.T) {
	cases := []struct {
		text        string
		want, never []string
	}{
		{"task: data migration 0042 for orders, status CharField -> FK. must work on 12M rows.",
			[]string{`objective active = task: data migration 0042`}, []string{`obligation`}},
		{"uppgift: data migration 0042 för orders, status CharField -> FK.",
			[]string{`objective active = uppgift: data migration 0042`}, []string{`obligation`}},
		{"Task: port the importer to Go. Remember to update the changelog at the end.",
			[]string{`objective active = Task: port the importer to Go`, `obligation open = .*changelog`}, []string{`obligation open = .*importer`}},
		{"TODO for you: rename the env vars. Also the deploy must stay green.",
			[]string{`obligation open = .*rename the env vars`}, nil},
	}
	for _, c := range cases {
		expect(t, reduceWithRetired(t, "> user\n"+c.text), c.want, c.never)
	}
}
