package projection

import (
	"strings"
	"testing"
)

// answersOf are the agent's answers to the user's questions in r's state:
// answer text → the question it shows.
func answersOf(r *Reducer) map[string]string {
	out := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == KindDecision && strings.HasPrefix(a.Key, answerPrefix) && a.Authority == Decision {
			out[a.Value] = a.Was
		}
	}
	return out
}

// A question of fact the user asks the agent is kept with the answer the
// agent finds: the first sentence sharing two words with it, said after
// the agent has looked (or in a reply that ran nothing), that tells what
// is rather than what the agent is about to do. Requests, questions of
// advice and answers after the user's next message are none.
func TestUserQuestionAnsweredByAgent(t *testing.T) {
	type ev struct {
		role Role
		text string
		call bool
	}
	for _, c := range []struct {
		name   string
		events []ev
		answer string // "" for none
	}{
		{"after the tool's output", []ev{
			{RoleUser, "mon. moving the crontab to temporal.\nq: how many live jobs on cron-01?", false},
			{RoleAssistant, "Counting the live crontab lines on cron-01.", true},
			{RoleTool, "14", false},
			{RoleAssistant, "14 live jobs. Checking the staging namespace next.", true},
		}, "14 live jobs."},
		{"Italian, after a failed look", []ev{
			{RoleUser, "A, il GS1-128. Ah domanda veloce: quante bottiglie ha fatto il lotto della vasca 7 di ieri?", false},
			{RoleAssistant, "Guardo nel db di sviluppo.", true},
			{RoleTool, "sqlite3.OperationalError: no such table: lotti", false},
			{RoleAssistant, "La copia di sviluppo è vuota. Ora la ricerca del lotto.", true},
			{RoleTool, "L263362  7  2026-12-02  4812  802", false},
			{RoleAssistant, "Il lotto della vasca 7 di ieri è L263362: 4.812 bottiglie, 802 cartoni.", false},
		}, "Il lotto della vasca 7 di ieri è L263362: 4.812 bottiglie, 802 cartoni."},
		{"traditional Chinese", []ev{
			{RoleUser, "觸發用 B。另外一個 lot 的 STDF 大概多大？", false},
			{RoleAssistant, "我看一下最新一個 lot 的檔案大小。", true},
			{RoleTool, "3.4G\tN2K417.1_CP1.stdf", false},
			{RoleAssistant, "一個 lot 一個檔，3.4 GB，裡面 25 片 wafer。", false},
		}, "一個 lot 一個檔，3.4 GB，裡面 25 片 wafer。"},
		{"a reply that ran nothing", []ev{
			{RoleUser, "what port does the metrics endpoint listen on?", false},
			{RoleAssistant, "The metrics endpoint listens on port 9464 (OTEL_EXPORTER_PROMETHEUS_PORT).", false},
		}, "The metrics endpoint listens on port 9464 (OTEL_EXPORTER_PROMETHEUS_PORT)."},
		{"known before it looked", []ev{
			{RoleUser, "已经关了，你再跑一次。另外问下 ocpp 1.6 心跳间隔是桩自己定的还是服务端定的？", false},
			{RoleAssistant, "服务端定：桩发 BootNotification，服务端在 interval 字段里下发心跳间隔（我们就填 300）。同一条命令再跑一次。", true},
		}, "服务端定：桩发 BootNotification，服务端在 interval 字段里下发心跳间隔（我们就填 300）。"},
		{"announced before it looked", []ev{
			{RoleUser, "vnpay sdk 2.0.1 chạy ổn không?", false},
			{RoleAssistant, "Em chạy integration test thanh toán trên nhánh feat/vnpay-2 (SDK 2.0.1) với emulator Android 14.", true},
		}, ""},
		{"options offered", []ev{
			{RoleUser, "另外问下 ocpp 1.6 心跳间隔是桩自己定的还是服务端定的？", false},
			{RoleAssistant, "依赖起来了。", true},
			{RoleTool, "Running 2/2", false},
			{RoleAssistant, "两个选型想先确认：\n库：A) 自己写，Spring 裸 WebSocketHandler + 自己解析 OCPP-J 帧；B) 用 ChargeTimeEU 的 Java-OCA-OCPP 库。", false},
		}, ""},
		{"a short answer with what it means", []ev{
			{RoleUser, "why does Cantaloupe need base_uri behind the proxy?", false},
			{RoleAssistant, "Behind a proxy it needs help. Cantaloupe builds the id in info.json from the request it sees, an internal address.", false},
		}, "Behind a proxy it needs help. Cantaloupe builds the id in info.json from the request it sees, an internal address."},
		{"a whole answer, then a plan", []ev{
			{RoleUser, "q: how many live jobs on cron-01?", false},
			{RoleAssistant, "Counting.", true},
			{RoleTool, "14", false},
			{RoleAssistant, "14 live jobs. I'll treat those times as UTC.", false},
		}, "14 live jobs."},
		{"a request", []ev{
			{RoleUser, "can you rerun the integration tests on staging?", false},
			{RoleAssistant, "Running the integration tests on staging.", true},
			{RoleTool, "42 passed", false},
			{RoleAssistant, "The integration tests on staging pass: 42 passed.", false},
		}, ""},
		{"advice", []ev{
			{RoleUser, "should we use sarama or franz-go for the kafka client?", false},
			{RoleAssistant, "For the kafka client franz-go has the better API.", false},
		}, ""},
		{"the agent's decision", []ev{
			{RoleUser, "for the client library, sarama or franz-go?", false},
			{RoleAssistant, "Going with franz-go for the client library.", false},
		}, ""},
		{"asked as a request to look", []ev{
			{RoleUser, "先帮我看下 dev 库现在 member 表有多少人，积分最多的那个有多少分？", false},
			{RoleAssistant, "查 tea_dev 的 member 表。", true},
			{RoleTool, "members\tmax_points\n48213\t186400", false},
			{RoleAssistant, "tea_dev 的 member 表有 48,213 个会员，积分最多的是 186,400 分。", false},
		}, "tea_dev 的 member 表有 48,213 个会员，积分最多的是 186,400 分。"},
		{"asked as a request to check", []ev{
			{RoleUser, "can you check how many replicas the api deployment runs?", false},
			{RoleAssistant, "Reading the deployment.", true},
			{RoleTool, "replicas: 3", false},
			{RoleAssistant, "The api deployment runs 3 replicas.", false},
		}, "The api deployment runs 3 replicas."},
		{"waiting through a message that does not move on", []ev{
			{RoleUser, "how many replicas does the api deployment run?", false},
			{RoleAssistant, "Looking at the api deployment.", true},
			{RoleTool, "error: You must be logged in to the server (Unauthorized)", false},
			{RoleUser, "vpn dropped again, reconnected, try again", false},
			{RoleAssistant, "Same command again.", true},
			{RoleTool, "replicas: 3", false},
			{RoleAssistant, "The api deployment runs 3 replicas.", false},
		}, "The api deployment runs 3 replicas."},
		{"a why waits for no later message", []ev{
			{RoleUser, "when i run pnpm site i get this error, why did our typechecks not catch it?", false},
			{RoleAssistant, "Looking at the site's entry point.", true},
			{RoleTool, "src/index.ts:4 import { ws } from './relay'", false},
			{RoleUser, "still broken. comment out whatever uses websockets", false},
			{RoleAssistant, "Commented out.", true},
			{RoleTool, "ok", false},
			{RoleAssistant, "The site should now start without errors.", false},
		}, ""},
		{"after the user moved on", []ev{
			{RoleUser, "how many replicas does the api deployment run?", false},
			{RoleAssistant, "Looking at the api deployment.", true},
			{RoleUser, "never mind, bump the memory limit instead", false},
			{RoleTool, "replicas: 3", false},
			{RoleAssistant, "The api deployment runs 3 replicas.", false},
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := New(Options{SessionID: "s"})
			for i, e := range c.events {
				x := Event{Seq: i, Role: e.role, Text: e.text}
				if e.call {
					x.Calls = []Call{{ID: "c", Name: "bash", Args: map[string]any{"command": "true"}}}
				}
				if e.role == RoleTool {
					x.Result = &Result{CallID: "c"}
				}
				r.Apply(x)
			}
			got := answersOf(r)
			if c.answer == "" {
				if len(got) > 0 {
					t.Fatalf("answers %v, want none", got)
				}
				return
			}
			q, ok := got[c.answer]
			if !ok || len(got) != 1 {
				t.Fatalf("answers %v, want %q", got, c.answer)
			}
			if !strings.Contains(c.events[0].text, q) || !questionRE.MatchString(q) {
				t.Errorf("answer shows %q, not the question as the user wrote it", q)
			}
		})
	}
}

// The user's contradiction of the agent's answer takes its place: the
// agent's answer is superseded, the user's is the answer to the same
// question. A "no" that names nothing of the answer contradicts nothing.
func TestAnswerContested(t *testing.T) {
	for _, c := range []struct {
		name, user string
		want       string // the answer current after the user's message
		authority  Authority
	}{
		{"Spanish", "No, Python 3.11 no: este semestre pasamos a 3.12, ese Dockerfile es del año pasado. Actualízalo.",
			"No, Python 3.11 no: este semestre pasamos a 3.12, ese Dockerfile es del año pasado.", Normative},
		{"English, two sentences", "nope. we moved the course to 3.12 this term, the Dockerfile is stale",
			"nope. we moved the course to 3.12 this term, the Dockerfile is stale", Normative},
		{"Chinese", "不对，课程这学期已经换成 Python 3.12 了，那个 Dockerfile 是去年的",
			"不对，课程这学期已经换成 Python 3.12 了，那个 Dockerfile 是去年的", Normative},
		{"a no about something else", "no, don't rebuild the image yet",
			"The course uses Python 3.11 (the autograder's Dockerfile says so).", Decision},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := New(Options{SessionID: "s"})
			r.Apply(Event{Seq: 0, Role: RoleUser, Text: "which Python version does the course use?"})
			r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Reading the Dockerfile.", Calls: []Call{{ID: "c", Name: "bash", Args: map[string]any{"command": "head -1 docker/Dockerfile"}}}})
			r.Apply(Event{Seq: 2, Role: RoleTool, Text: "FROM python:3.11-slim", Result: &Result{CallID: "c"}})
			r.Apply(Event{Seq: 3, Role: RoleAssistant, Text: "The course uses Python 3.11 (the autograder's Dockerfile says so)."})
			r.Apply(Event{Seq: 4, Role: RoleUser, Text: c.user})
			var got []*Anchor
			for _, a := range r.Heads() {
				if a.Kind == KindDecision && strings.HasPrefix(a.Key, answerPrefix) && a.Lifecycle == Active {
					got = append(got, a)
				}
			}
			if len(got) != 1 || got[0].Value != c.want || got[0].Authority != c.authority {
				for _, a := range got {
					t.Logf("%s %s %q", a.ID, a.Authority, a.Value)
				}
				t.Fatalf("want one answer %q (%s)", c.want, c.authority)
			}
			if c.authority == Normative && got[0].Was != "which Python version does the course use?" {
				t.Errorf("the answer shows %q, not its question", got[0].Was)
			}
		})
	}
}

// An answer that told a setting's number is no longer current once the
// user sets the setting.
func TestAnswerOutdatedByValue(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "how many jobs do we run in parallel now?"})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Checking.", Calls: []Call{{ID: "c", Name: "bash", Args: map[string]any{"command": "grep -n DISPATCH_PARALLEL farmctl/dispatch.py"}}}})
	r.Apply(Event{Seq: 2, Role: RoleTool, Text: "18:DISPATCH_PARALLEL = 4", Result: &Result{CallID: "c"}})
	r.Apply(Event{Seq: 3, Role: RoleAssistant, Text: "The dispatcher runs 4 jobs at once (DISPATCH_PARALLEL in farmctl/dispatch.py)."})
	if got := answersOf(r); len(got) != 1 {
		t.Fatalf("answers %v, want the dispatcher's", got)
	}
	r.Apply(Event{Seq: 4, Role: RoleUser, Text: "set it to 6"})
	if got := answersOf(r); len(got) != 0 {
		t.Errorf("answers %v after DISPATCH_PARALLEL set to 6, want none current", got)
	}
	// A key set is no number: the answer naming its words stays.
	r = New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "q: 微信支付 v2 跟 v3 的签名到底有啥区别？"})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "v2 是把参数按 key 排序拼起来做 MD5；v3 是用商户 API 证书的私钥做 RSA-SHA256 签名，回调用微信支付平台证书验签，资源再用 APIv3 密钥解密。"})
	r.Apply(Event{Seq: 2, Role: RoleUser, Text: "微信支付 apiv3 key 是 7fQm2LrX9vTz4KpW8nYc3HsJ6dBg1EaR，放 .env 里"})
	if got := answersOf(r); len(got) != 1 {
		t.Errorf("answers %v after a key was set, want the v2/v3 answer", got)
	}
}

// The agent's choice told with a verb of choosing is a decision, in
// English, Chinese (traditional read as simplified) and the languages
// of its lexicons.
func TestAgentChoiceIsDecision(t *testing.T) {
	for _, text := range []string{
		"I picked zstd level 3: 30% smaller than snappy for 14 more seconds.",
		"我選 zstd level 3：比 snappy 小 30%，只多 14 秒。",
		"我选择 zstd level 3，比 snappy 小 30%。",
		"Scelgo zstd livello 3: il 30% più piccolo di snappy.",
	} {
		var got string
		for _, p := range (Deterministic{}).Propose(&Event{Seq: 1, Role: RoleAssistant, Text: text}, &Context{}) {
			if p.Kind == KindDecision {
				got = p.Value
			}
		}
		if got == "" || !strings.Contains(got, "zstd") {
			t.Errorf("%q: decision %q, want the choice of zstd", text, got)
		}
	}
}

// A question asked without a question mark, by a verb of asking and a
// question word ("顺便问下 … 到底啥区别") or a label ("q: is …"), is one
// the agent's answer settles; a statement with neither asks nothing.
func TestUserQuestionWithoutMark(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"sysctl 我改好了，在试一下。顺便问下 ik_max_word 跟 ik_smart 到底啥区别，一直没搞懂", 1},
		{"q: is the crate tarball under the 10mb limit, we bundle test fixtures lol", 1},
		{"我问了运维，他们说明天弄。", 0},
		{"the build passed, deploy it", 0},
	} {
		if got := userQuestions(c.text); len(got) != c.want {
			t.Errorf("userQuestions(%q) = %q, want %d", c.text, got, c.want)
		}
	}
}

// An answer someone gave is superseded when another says otherwise
// ("Marcela dice que no: …, Santiago se confundió"), even turns later; a
// report that names too little of it supersedes nothing.
func TestRelayedAnswerContested(t *testing.T) {
	for _, c := range []struct {
		says, want string
	}{
		{"Ojo, Marcela dice que no: si no pasa ningún test la nota total es 0 y el estilo no cuenta. Santiago se confundió, manda Marcela.",
			"Ojo, Marcela dice que no: si no pasa ningún test la nota total es 0 y el estilo no cuenta."},
		{"Marcela dice que no hace falta subir nada hoy.", "Santiago, el monitor, dice que el estilo sí cuenta siempre, aunque no pase ningún test."},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Hoy toca calificar el taller 3."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Una duda: si un estudiante no pasa ningún test, ¿igual cuenta el estilo?"})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: "Santiago, el monitor, dice que el estilo sí cuenta siempre, aunque no pase ningún test."})
		r.Apply(Event{Seq: 3, Role: RoleAssistant, Text: "Entendido."})
		r.Apply(Event{Seq: 4, Role: RoleUser, Text: "Sigue con las notas."})
		r.Apply(Event{Seq: 5, Role: RoleAssistant, Text: "Listo."})
		r.Apply(Event{Seq: 6, Role: RoleUser, Text: c.says})
		var got []string
		for _, a := range r.Heads() {
			if a.Kind == KindDecision && strings.HasPrefix(a.Key, answerPrefix) {
				got = append(got, a.Value)
			}
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: answers %q, want %q", c.says, got, c.want)
		}
	}
}

// The sentence that answers a question the user asked is the one about
// it: one naming the question by its place, not one sharing a word or
// two by chance (the August feed of a rules summary, the parts of one
// identifier), and no sentence of a message that says it cannot answer.
func TestAnswerIsAboutTheQuestion(t *testing.T) {
	script := `
> user
Ticket #88: support headway-based trips.

Open questions:
- Does the August export use ` + "`exact_times = 0`" + ` at all?
- Does the journey planner rely on ` + "`tripId`" + ` being unique per ` + "`TripInstance`" + `?
> assistant
Reading the contributing guide first.
> call bash {"command": "cat -n CONTRIBUTING.md"}
> result
     1	Unit tests use fixtures/mini only.
> assistant
Rules that apply here: unit tests only use ` + "`fixtures/mini/`" + `, the 38 MB August feed is for the bench only. The field table already knows frequencies.txt (optional: exact_times). The first open question can be answered from the feed itself.
> call bash {"command": "unzip -p feed.zip frequencies.txt | cut -d, -f5 | sort | uniq -c"}
> result
     12 0
     30 1
> assistant
Answer to the first open question: yes, 12 of the 42 windows.

- ` + "`TripInstance`" + ` keeps ` + "`tripId`" + ` = the template's trip_id and gets an optional ` + "`instanceId`" + `. Whether the journey planner relies on ` + "`tripId`" + ` being unique, the second open question, can't be answered from this repository; I'll put it in the PR.
> call bash {"command": "gh pr create --draft --fill"}
> result
https://git.example.org/gtfs/pull/418
> assistant
Draft PR opened. Still open: the question for the planner team (is ` + "`tripId`" + ` expected to be unique?), and the Windows failure.
`
	expect(t, reduceAll(t, script), []string{
		`decision/answer/answer-first-open-question-yes-12 .*was Does the August export`,
		`uncertainty question/-/journey-planner-rely-tripid-unique-per .*\(open: Whether the journe`,
	}, []string{
		`decision/answer/rules-apply`, `decision/answer/field-table`, `decision/answer/first-open-question-can`,
		`decision/answer/tripinstance`, `decision/answer/still-open`,
	})
}

func TestQuestionByPlace(t *testing.T) {
	asked := []string{"How many windows are there?", "Which routes use them?", "Is the feed signed?"}
	for s, want := range map[string]int{
		"Answer to the first open question: 42.": 0, "The second question: R9 only.": 1, "Q3: no.": 2,
		"La seconda domanda: solo R9.": 1, "Zur zweiten Frage: nur R9.": 1, "第三个问题：没有签名。": 2,
		"The last question: no.": 2, "The fourth question: none.": -1, "Question 2: R9.": 1, "first of all, 42": -1,
	} {
		got := byPlace(s, asked)
		if want < 0 && got != "" || want >= 0 && got != "question/-/"+slug(asked[want]) {
			t.Errorf("byPlace(%q) = %q, want %d", s, got, want)
		}
	}
}

// A reply that says part of the answer cannot be known from here ("…,
// отсюда не видно", "I can't tell that from here") leaves the one
// question waiting open, whatever the other sentences tell of it.
func TestPartAnswerDeclined(t *testing.T) {
	for _, c := range []struct{ q, a string }{
		{"А через VK так же можно, для тех, у кого нет телеги?", "Про VK: технически похоже. Писать от имени сообщества VK можно через API сообщений сообщества. Есть ли у вас такое сообщество и кто им управляет, отсюда не видно."},
		{"Can we send the same reminders through WhatsApp?", "Technically yes, WhatsApp Business templates work for reminders. Whether your account has template approval I can't tell from here."},
	} {
		out := reduceAll(t, "> user\nReminders for the clinics.\n> assistant\nDone.\n> user\n"+c.q+"\n> assistant\n"+c.a+"\n")
		expect(t, out, []string{`uncertainty question/-/.*\(open: `}, []string{`decision/answer/`})
	}
}

// A question the agent asks stays open when the user's reply says it is
// someone else's call or that they do not know ("no idea about CAD,
// that's Jess's call and she's out till Monday"); a sentence that only
// mentions a name is no deferral.
func TestAskedQuestionPassedOn(t *testing.T) {
	wantEach(t, "deferral", deferral, map[string]bool{
		"no idea about CAD, that's Jess's call and she's out till Monday.": true,
		"that's the architect's decision":                                  true,
		"not my call, ask the PM":                                          true,
		"Jess called about the invoices":                                   false,
		"that's Jess's laptop":                                             false,
	})
	out := reduceAll(t, `
> user
late fees today.
> assistant
6 of the past-due invoices are in CAD, so those got CAD 25 / CAD 60. Should Canadian invoices get the same numbers in CAD, or the USD amounts converted?
> user
no idea about CAD, that's Jess's call and she's out till Monday. leave it as is for now.
`)
	expect(t, out, []string{`uncertainty question/-/canadian-invoices-get-same-numbers-cad \[hypothesis/normative\] = Should Canadian invoices`}, []string{`decision/answer/`})
}
