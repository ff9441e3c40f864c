package projection

import (
	"strings"
	"testing"
)

// xlSession runs events given as "user: …", "assistant: …", "run: CMD"
// followed by "out: OUTPUT" (a tool call and its result).
func xlSession(t *testing.T, lines ...string) *Reducer {
	t.Helper()
	r := New(Options{SessionID: "s"})
	seq := 0
	apply := func(ev Event) {
		ev.Seq = seq
		seq++
		r.Apply(ev)
	}
	for _, l := range lines {
		who, text, ok := strings.Cut(l, ": ")
		if !ok {
			t.Fatalf("bad line %q", l)
		}
		switch who {
		case "user":
			apply(Event{Role: RoleUser, Text: text})
		case "assistant":
			apply(Event{Role: RoleAssistant, Text: text})
		case "run":
			apply(Event{Role: RoleAssistant, Text: "Checking.", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"cmd": text}}}})
		case "out":
			apply(Event{Role: RoleTool, Text: text, Result: &Result{CallID: "c1"}})
		default:
			t.Fatalf("bad speaker %q", who)
		}
	}
	return r
}

// heldValue is the current value whose name or key holds name's words,
// with the value it replaced.
func heldValue(r *Reducer, name string) (string, bool) {
	for _, a := range r.Heads() {
		if a.Kind == KindValue && (strings.Contains(strings.ToLower(a.Name), name) || strings.Contains(strings.ToLower(a.Key), name)) {
			if a.Was != "" {
				return a.Value + " (was " + a.Was + ")", true
			}
			return a.Value, true
		}
	}
	return "", false
}

// A value stated, repaired, changed relatively or reverted in another
// language than English or Chinese, or taken from a tool's output, is
// held at what it is now; a choice by an option's label is the option.
// Phrasings of my own (the first batch of the values work).
func TestValuesAcrossLanguages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		key   string // a word of the value's name ("" for a decision)
		want  string // the value, or a word of the decision
	}{
		{"en repaired address", []string{"user: Point the collector at 10.0.0.12 — sorry, .21, not .12."}, "collector", "10.0.0.21"},
		{"en doubled by name", []string{"user: scrape interval is 30s for now", "user: hmm, actually double that scrape interval, the box is small"}, "scrape", "60s"},
		{"en option by letter", []string{"user: we move the collector today", "assistant: Two ways: (A) a systemd unit on the host, or (B) a container under docker compose. Which one?", "user: let's do B"}, "", "docker compose"},
		{"de third shorter", []string{"user: Der Session-Timeout steht auf 30 Minuten.", "user: Mach den Session-Timeout um ein Drittel kürzer."}, "timeout", "20 Minuten"},
		{"de revert by name", []string{"user: Die Anzahl der Worker ist 4. Verdopple die Worker.", "user: Nimm das mit den Workern wieder zurück, der Server packt das nicht."}, "worker", "4"},
		{"de option by word", []string{"user: Wir bauen den Cache um.", "assistant: Variante 1 ist Redis, Variante 2 ist Memcached.", "user: Wir nehmen Variante 2."}, "", "Memcached"},
		{"es revert de antes", []string{"user: El tamaño de lote es 2000.", "user: Reduce el tamaño de lote a la mitad.", "user: Mejor vuelve al tamaño de lote de antes, con la mitad tarda demasiado."}, "lote", "2000"},
		{"es adopted from a table", []string{"user: Migramos el ETL.", "run: psql -c 'show max_connections'", "out:  max_connections\n-----------------\n 120", "user: Usa el valor que reportó para las conexiones máximas del pool."}, "conexiones", "120"},
		{"es option by letter", []string{"user: Migramos el ETL.", "assistant: Dos formatos: opción A, Parquet; opción B, CSV comprimido.", "user: Vamos con la A."}, "", "Parquet"},
		{"fr repaired with unit", []string{"user: Le délai d'expiration est de 30 s, pardon, 45 s."}, "délai", "45 s"},
		{"fr adopted count", []string{"user: On refait l'API.", "run: nproc", "out: 8", "user: Mets autant de workers que de cœurs qu'il a trouvés."}, "workers", "8"},
		{"ja repaired", []string{"user: リトライ回数は3、いや5にしてください。"}, "リトライ", "5"},
		{"zh multiple of the held", []string{"user: batch size 设为 64，epochs 设为 10。", "user: epochs 改成原来的两倍。"}, "epochs", "20"},
		{"zh times then undone", []string{"user: batch size 设为 64。", "user: batch size 改成1.5倍。", "user: 撤销刚才对 batch size 的修改。"}, "size", "64"},
		{"zh option by place", []string{"user: 训练销量模型。", "assistant: 模型有两个方案：方案一用 LightGBM，方案二用 XGBoost。", "user: 用方案二吧。"}, "", "XGBoost"},
		{"pt held repaired", []string{"user: O limite de upload é 10 MB, desculpa, 15 MB."}, "upload", "15 MB"},
		{"de leading-zero decimal", []string{"user: Wir trainieren neu. Die Lernrate ist 0.001 und die Epochen sind 20.", "user: Erhöhe die Lernrate um 50 %."}, "lernrate", "0.0015"},
		{"en revert restores the old", []string{"user: Rate limit is 400 per minute.", "user: cut the rate limit in half", "user: undo that, restore the old rate limit"}, "rate", "400 per minute"},
		{"ko option by label", []string{"user: 모델을 고릅시다.", "assistant: 옵션 A XGBoost, 옵션 B LightGBM 중에서 고르시면 됩니다.", "user: 옵션 B로 하죠."}, "", "LightGBM"},
		{"ru copula and double", []string{"user: Настраиваем базу. Размер пула равен 20.", "user: Удвой размер пула."}, "размер", "40"},
		{"pl outside the gloss", []string{"user: Poprawiamy CI. Liczba równoległych zadań wynosi 4.", "user: Podwój liczbę równoległych zadań."}, "liczba", "8"},
		{"ko unresolved resolved by the run", []string{"user: 수요 예측 모델을 만듭시다.", "user: learning_rate는 지금 값의 절반으로 줄여서 다시 돌려보세요", "run: python train.py --set learning_rate=0.025", "out: ok", "user: min_data_in_leaf를 두 배로 올려보세요", "run: python train.py --set min_data_in_leaf=200", "out: ok", "user: 오히려 나빠졌네요. 원래대로 돌려주세요"}, "min_data", "100"},
		{"ko halved by the run", []string{"user: 수요 예측 모델을 만듭시다.", "user: learning_rate는 지금 값의 절반으로 줄여서 다시 돌려보세요", "run: python train.py --set learning_rate=0.025", "out: ok"}, "learning", "0.025 (was 0.05)"},
		{"en adopted suggestion", []string{"user: Shard the index.", "run: shardplan --suggest", "out: suggested_shards: 12", "user: use the number it suggested for the shard count"}, "shard", "12"},
		{"pt moved by a held word", []string{"user: o número inicial da série 2 em homologação é 1000", "user: e em homologação pula a numeração pra 2000, pra não colidir"}, "homologação", "2000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := xlSession(t, tc.lines...)
			if tc.key == "" {
				for _, a := range r.Heads() {
					if a.Kind == KindDecision && strings.Contains(a.Value, tc.want) {
						return
					}
				}
				t.Errorf("no decision naming %q: %v", tc.want, headsText(r))
				return
			}
			got, ok := heldValue(r, strings.ToLower(tc.key))
			if !ok || got != tc.want && !strings.HasPrefix(got, tc.want+" (was") {
				t.Errorf("%s = %q (held %v), want %q: %v", tc.key, got, ok, tc.want, headsText(r))
			}
		})
	}
}

// What reads as a change, a revert or a choice elsewhere is none here:
// a narration, a place said of an option, a number taken "to", a
// contrast ("8, not 4").
func TestValuesAcrossLanguagesNot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		key   string
		want  string // the value that must stay ("": no value of key; "!x": no value holding x)
	}{
		{"zh place said of an option", []string{"user: 去重两个办法：一是用 window 函数；二是先 groupBy 再 join。第二个要多一次 shuffle，就用前面那个吧。"}, "", "window"},
		{"zh contrast is no repair", []string{"user: 并发数设为 4。", "user: 并发数应该是 8，不是 4。"}, "并发数", "8"},
		{"en double-check", []string{"user: Build the invoice PDF generator. The max page count is 50.", "user: the page count cap, double-check it's 50 — no, make it 80"}, "page", "!100"},
		{"en narrated rollback", []string{"user: The backfill batch size is 2M.", "user: write the runbook with the rollback for each release and the backfill window"}, "backfill", "!back to its earlier value"},
		{"fr no longer is no more", []string{"user: la largeur de piste est de 0,5 mm.", "user: parfait. (pas de 0402 ailleurs.) avec 1,2 mm la piste n'est plus bonne, calcule la nouvelle largeur"}, "piste", "!402"},
		{"zh a thing named by its multiple", []string{"user: 杠杆上限就用 1.5 倍那条。"}, "倍", ""},
		{"de pronoun is no name", []string{"user: Frau Keller ist die Aufbewahrung zu lang, halbier sie."}, "sie", ""},
		{"es a second", []string{"user: Dos opciones: opción A, Parquet; opción B, CSV.", "user: espera un segundo."}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := xlSession(t, tc.lines...)
			if tc.key == "" {
				n := 0
				for _, a := range r.Heads() {
					if a.Kind == KindDecision {
						n++
						if tc.want == "" || !strings.Contains(a.Value, tc.want) {
							t.Errorf("decision %q: %v", a.Value, headsText(r))
						}
					}
				}
				if tc.want != "" && n == 0 {
					t.Errorf("no decision naming %q", tc.want)
				}
				return
			}
			got, ok := heldValue(r, strings.ToLower(tc.key))
			if bad, not := strings.CutPrefix(tc.want, "!"); not {
				if strings.Contains(got, bad) {
					t.Errorf("%s = %q: %v", tc.key, got, headsText(r))
				}
				return
			}
			if tc.want == "" && ok || tc.want != "" && got != tc.want && !strings.HasPrefix(got, tc.want+" (was") {
				t.Errorf("%s = %q (held %v), want %q: %v", tc.key, got, ok, tc.want, headsText(r))
			}
		})
	}
}

func headsText(r *Reducer) string {
	var b strings.Builder
	for _, a := range r.Heads() {
		b.WriteString("\n  " + string(a.Kind) + " " + a.Key + " = " + a.Value)
	}
	return b.String()
}

// "revert it" after a value told once, never changed, reverts nothing of
// it: the pronoun is about something else (a commit).
func TestRevertOfUnchangedValue(t *testing.T) {
	r := userSays("We're building a booking app. The slots are 07-10, 10-13, 13-16.", "Ah shit. Karin called, the board hasn't approved the sms cost yet. revert it.")
	for _, a := range r.Heads() {
		if a.Kind == KindValue && strings.Contains(a.Value, "earlier value") {
			t.Errorf("value %s = %q after 'revert it' of a commit", a.Key, a.Value)
		}
	}
}
