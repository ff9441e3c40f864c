package projection

import "testing"

// Numbered questions, one a line, answered clause by clause in the shapes
// of Chinese and Japanese replies ("1 用 …，2 对，3 先不管", "1 はそう、…。
// 3 は来週決める。") and of English ("1 Play internal, 2 yes, 3 later"): each
// clause answers its question, a put-off leaves it open. Near-misses
// answer nothing by number.
func TestNumberedAnswersLoose(t *testing.T) {
	const (
		zhAsk = "几个问题确认一下：\n1. 内测走 Firebase App Distribution 还是 Play 的 internal testing？\n2. 签名用 CI 上的 upload keystore 吗？\n3. 还要保留 x86/x86_64 的 ABI 吗？"
		jaAsk = "確認ですが:\n1) max_connections は pod あたりの上限という理解で合っていますか？\n2) tokio-console を本番ビルドに含めますか？\n3) MSRV は 1.75 のままで良いですか？"
		enAsk = "A few questions:\n1. Firebase App Distribution or Play internal testing?\n2. Do we sign with the upload keystore on CI?\n3. Do we keep the x86 ABIs?"
		ans   = `decision decision/answer/\S+ \[active/normative\] = `
		open  = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	)
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"zh", zhAsk, "1 用 Play internal，2 对，3 先不管。",
			[]string{ans + `用 Play internal \(was 内测走`, ans + `对 \(was 签名用`, open + `还要保留 x86/x86_64 的 ABI 吗？ — 先不管`}, []string{`not answered`}},
		{"zh later", zhAsk, "1 用 Play internal，2 对，3 以后再说",
			[]string{open + `还要保留 .* — 以后再说`}, nil},
		{"ja", jaAsk, "1 はそう、pod あたり。2 はダメ、dev ビルドだけ。3 は来週決める。",
			[]string{ans + `そう、pod あたり \(was max_connections`, ans + `ダメ、dev ビルドだけ \(was tokio-console`, open + `MSRV は 1.75 のままで良いですか？ — 来週決める`}, []string{`not answered`}},
		{"ja 番", jaAsk, "1番はそう。2番はダメ、dev だけ。3番は保留で。",
			[]string{open + `MSRV .* — 保留で`}, nil},
		{"en", enAsk, "1 Play internal, 2 yes, 3 later",
			[]string{ans + `Play internal \(was Firebase`, ans + `yes \(was Do we sign`, open + `Do we keep the x86 ABIs\? — later`}, nil},
		{"ko", "질문:\n1. 내부 테스트는 Play internal 인가요?\n2. CI 키스토어로 서명하나요?", "1 네, 2 나중에",
			[]string{open + `CI 키스토어로 서명하나요\? — 나중에`}, nil},

		// near-misses
		{"zh counts", zhAsk, "1 个就够了，2 个太多。",
			nil, []string{`was 签名用`}},
		{"en counts", enAsk, "1 retry, 2 workers.",
			nil, []string{`was Do we sign`}},
		{"not counting from 1", zhAsk, "2 对，3 先不管。",
			nil, []string{`— 先不管`}},
		{"not at the start", zhAsk, "好的，1 用 Play internal，2 对，3 先不管。",
			nil, []string{`— 先不管`}},
		{"questions not listed", "内测走 Firebase 还是 Play internal？签名用 CI 上的 upload keystore 吗？", "1 用 Play internal，2 对",
			nil, []string{`was 签名用`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\n准备发内测\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

func TestListedQuestions(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Questions:\n1. Is it A?\n2. Is it B?", true},
		{"问题：\n1）是 A 吗？\n2）是 B 吗？", true},
		// near-misses
		{"Is it A?\nIs it B?", false},
		{"Questions:\n2. Is it A?\n1. Is it B?", false},
		{"Step 1. done. Is it A? Is it B?", false},
	} {
		if got := listedQuestions(c.text, askedQuestions(c.text)); got != c.want {
			t.Errorf("listedQuestions(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Answers by number whose marks name the number ("1번은 …", "el 3 …",
// "la 1: …", "question 2: …") or follow a label that says the answers
// follow ("pour tes questions : …"), in any order; a clause that puts its
// question off leaves it open. A later message on another subject answers
// nothing. Near-misses answer nothing by number.
func TestNumberedAnswersNamed(t *testing.T) {
	const (
		koAsk = "결정이 필요한 것들:\n1. `backup_retention_period` 몇 일로 할까요? (현재 기본값 7)\n2. 다른 리전으로 자동 스냅샷 복제도 할까요?\n3. `deletion_protection` 켤까요?"
		esAsk = "Antes de reescribir: 1) ¿el export incluye pedidos cancelados? 2) ¿CSV o también XLSX? 3) ¿fechas en UTC o Europe/Madrid?"
		frAsk = "Autre question avant de continuer :\n1. garder le label smoothing à 0.1 ?\n2. ajouter une EMA des poids ?\n3. mixup/cutmix ?"
		enAsk = "Before I start:\n1. Should cancelled orders be exported?\n2. CSV or XLSX too?\n3. Dates in UTC or local time?"
		deAsk = "Vorher:\n1. Sollen stornierte Bestellungen exportiert werden?\n2. CSV oder auch XLSX?\n3. Datum in UTC oder Ortszeit?"
		ans   = `decision decision/answer/\S+ \[active/normative\] = `
		open  = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	)
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"ko 번 any order", koAsk, "1번은 35일. 3번 켜. 2번은 나중에 얘기하자",
			[]string{ans + `35일 \(was .backup_retention_period`, ans + `켜 \(was .deletion_protection`, open + `다른 리전으로 .* — 나중에 얘기하자`}, nil},
		{"es article", esAsk, "1 no. 2 csv. el 3 lo vemos luego, déjalo como está",
			[]string{ans + `csv \(was ¿CSV`, open + `¿fechas en UTC o Europe/Madrid\? — lo vemos luego`}, []string{`csv\. el 3`}},
		{"es la N:", esAsk, "la 1: no. la 2: csv. la 3: ya veremos",
			[]string{ans + `csv \(was ¿CSV`, open + `¿fechas .* — ya veremos`}, nil},
		{"fr label any order", frAsk, "non, pas 0.02.\npour tes questions : 1 oui, 3 non. 2 on verra plus tard",
			[]string{ans + `oui \(was garder le label`, ans + `non \(was mixup`, open + `ajouter une EMA des poids \? — on verra plus tard`}, []string{`pour_tes_questions`, `2-verra`}},
		{"en question N", enAsk, "question 1: no. question 3: UTC. question 2: we'll see later",
			[]string{ans + `UTC \(was Dates`, open + `CSV or XLSX too\? — we'll see later`}, nil},
		{"de zu N", deAsk, "zu 1: nein. zu 2: klären wir später. zu 3: UTC",
			[]string{ans + `UTC \(was Datum`, open + `CSV oder auch XLSX\? — klären wir später`}, nil},

		// near-misses
		{"bare marks falling", enAsk, "3 - UTC. 1 - no",
			nil, []string{`was Dates`}},
		{"번 counts days", koAsk, "35일로 하고 나머지는 나중에",
			nil, []string{`was .backup_retention_period`}},
		{"article not at the start", esAsk, "vale, el 3 lo vemos luego",
			nil, []string{`— lo vemos luego`}},
		{"label with no numbers", frAsk, "pour tes questions : oui pour tout",
			nil, []string{`was mixup`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nhaz el export\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// A question put off by number stays open: a later message on another
// subject ("en prod se queda en 60") does not answer it, though "queda"
// may say what is left.
func TestPutOffQuestionNotAnsweredByOtherSubject(t *testing.T) {
	for _, c := range []struct{ name, later string }{
		{"es", "vale. dos cosas de settings por entorno: en staging CONN_MAX_AGE tiene que ser 0, en prod se queda en 60"},
		{"en", "ok. two settings per environment: in staging CONN_MAX_AGE must be 0, in prod it stays at 60"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nreescribe el export\n> assistant\nAntes de reescribir: 1) ¿el export incluye pedidos cancelados? 2) ¿CSV o también XLSX? 3) ¿fechas en UTC o Europe/Madrid?\n> user\n1 no. 2 csv. el 3 lo vemos luego\n> assistant\nExport reescrito.\n> user\n"+c.later+"\n")
			expect(t, out, []string{`uncertainty question/-/fechas-en-utc-o-europe/madrid \[hypothesis/normative\]`}, []string{`established`, `was ¿fechas`})
		})
	}
}

// A put-off clause that goes on to other things ("나중에 얘기하자. KMS CMK
// 좋아, …") leaves its question open, quoted by the put-off alone.
func TestNumberedPutOffThenMore(t *testing.T) {
	out := reduceAll(t, "> user\nfix it\n> assistant\n질문:\n1. `backup_retention_period` 몇 일로 할까요?\n2. 다른 리전으로 스냅샷 복제도 할까요?\n> user\n1번은 35일. 2번은 나중에 얘기하자. KMS CMK 좋아, 그렇게 가.\n")
	expect(t, out, []string{`uncertainty question/-/\S+ \[hypothesis/normative\] = 다른 리전으로 스냅샷 복제도 할까요\? — 나중에 얘기하자 @`}, []string{`was 다른 리전`})
}

// A question of the agent's that the user passes on to someone ("lo del
// cron lo hablo con Andrés", "I'll discuss it with Andrés") or puts off by
// its name ("lo de Django 5.1 ni caso por ahora") stays open, quoted with
// the reply; it is no answer. Near-misses: a reply that answers.
func TestAskedPassedOnOrPutOff(t *testing.T) {
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"es pass on", "Release lista. ¿Mantenemos el cron nocturno del export o lo movemos a celery beat?", "el push lo hago yo desde mi máquina. lo del cron lo hablo con Andrés",
			[]string{open + `¿Mantenemos el cron .* — lo del cron lo hablo con`}, []string{`decision/answer`}},
		{"en pass on", "Release done. Do we keep the nightly export cron or move it to celery beat?", "I'll push it myself. The cron thing, I'll discuss it with Andrés.",
			[]string{open + `Do we keep the nightly export cron .* — The cron thing, I'll discuss it with`}, []string{`decision/answer`}},
		{"fr pass on", "Release prête. On garde le cron de nuit pour l'export ou on passe à celery beat ?", "pour le cron, j'en parle avec Andrés",
			[]string{open + `On garde le cron .* — pour le cron, j'en parle avec`}, []string{`decision/answer`}},
		{"es put off by name", "Backend funcionando.\n\nPor cierto, ¿subo Django a 5.1.4 ya que estamos? La 5.0 deja de tener soporte en abril.", "ya te dije que ese es flaky, déjalo. lo de Django 5.1 ni caso por ahora. ahora sí: haz squash de catalogo",
			[]string{open + `Por cierto, ¿subo Django a 5.1.4 ya que estamos\? — lo de Django 5.1 ni caso por ahora`}, nil},
		// near-misses
		{"es answered", "Release lista. ¿Mantenemos el cron nocturno del export o lo movemos a celery beat?", "el cron nocturno se queda, no lo muevas a celery beat",
			nil, []string{`— el cron nocturno se queda`}},
		{"es talking with someone, no question", "Release lista.", "lo del cron lo hablo con Andrés",
			nil, []string{`uncertainty question/`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\ndeja lista la release\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
