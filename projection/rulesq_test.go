package projection

import (
	"strings"
	"testing"
)

// questionsAfter applies user messages (seq 0, 1, …) and returns the
// uncertainty anchors of the user's questions, the answers' decisions and
// the active constraints, one line each: "open <quote>", "answered
// <quote>", "answer <quote>", "rule <quote>".
func questionsAfter(msgs ...string) []string {
	r := userSays(msgs...)
	var out []string
	for _, a := range r.Anchors() {
		switch {
		case a.Kind == KindUncertainty && a.IsHead():
			out = append(out, "open "+a.Quote)
		case a.Kind == KindUncertainty && a.Lifecycle == Established:
			out = append(out, "answered "+a.Quote)
		case a.Kind == KindDecision && strings.HasPrefix(a.Key, answerPrefix):
			out = append(out, "answer "+a.Quote)
		case a.Kind == KindConstraint && a.Lifecycle == Active:
			out = append(out, "rule "+a.Quote)
		}
	}
	return out
}

func has(lines []string, prefix, sub string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix+" ") && strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

// TestQuestionLabelledUnsettled: a question after a label that says the
// user cannot settle it is open; a label that only says it is a question
// asks the agent.
func TestQuestionLabelledUnsettled(t *testing.T) {
	for _, s := range []string{
		"one thing I genuinely can't answer myself: does the CDN purge the old bundle when we deploy?",
		"another open point, not mine to decide: do we sign the exports?",
		"Something I don't know: are refunds counted on the refund date?",
		"Pending: do we keep the v1 endpoint for the mobile app?",
	} {
		if got := questionsAfter(s); !has(got, "open", s) {
			t.Errorf("%q: %q, want it open", s, got)
		}
	}
	for _, s := range []string{
		"quick question: can you run the migrations on staging first?",
		"one thing before you start: does the retry wrapper back off on a 409?",
	} {
		if got := questionsAfter(s); has(got, "open", "") {
			t.Errorf("%q: %q, want no open question", s, got)
		}
	}
}

// TestQuestionDeferred: a question the next sentence passes on ("I've
// asked the Android guys") or leaves undecided is open, and the relayed
// answer closes it and is held; a request to the agent is none.
func TestQuestionDeferred(t *testing.T) {
	got := questionsAfter("does the backup job also copy the uploads bucket? I've asked the infra folks.",
		"the infra folks answered: yes, the uploads bucket is copied nightly to the archive region.")
	if !has(got, "answered", "uploads bucket") || !has(got, "answer", "copied nightly") {
		t.Errorf("deferred then answered: %q", got)
	}
	got = questionsAfter("do we bill partial months? Sales and finance disagree, it's parked until the board meets.")
	if !has(got, "open", "bill partial months") {
		t.Errorf("parked: %q, want open", got)
	}
	got = questionsAfter("Can you check the nginx logs? I asked Tom yesterday and he had nothing.")
	if has(got, "open", "") {
		t.Errorf("a request to the agent: %q, want no open question", got)
	}
	got = questionsAfter("Did the deploy finish? I asked you to tail the logs.")
	if has(got, "open", "") {
		t.Errorf("asked of the agent: %q, want no open question", got)
	}
}

// TestQuestionStillUnknown: a thing still unknown, or up in the air, is
// an open question, and its label states no rule.
func TestQuestionStillUnknown(t *testing.T) {
	got := questionsAfter("Still unknown, and Priya is asking the vendor: whether firmware 2.3 has the intensity bug.")
	if !has(got, "open", "firmware 2.3") {
		t.Errorf("still unknown: %q", got)
	}
	got = questionsAfter("One thing still up in the air: the backup line might be behind CGNAT, and if it is, inbound UDP never arrives.")
	if !has(got, "open", "backup line") || has(got, "rule", "") {
		t.Errorf("up in the air: %q, want an open question and no rule", got)
	}
}

// TestQuestionRelayLead: "X got back on both." opens a message whose
// sentences answer, each the question it shares the most words with.
func TestQuestionRelayLead(t *testing.T) {
	got := questionsAfter(
		"one thing I don't know: are billing periods cut at UTC midnight or at local midnight? I'll ask Helga.",
		"Another one for Helga: if an account changed plan mid-month, do we recompute anything at invoice time? I'll ask her both together.",
		"Helga got back on both. Periods are cut at UTC midnight for everyone. And mid-month plan changes: Stripe prorates those, so we recompute nothing at invoice time.")
	if has(got, "open", "") || !has(got, "answer", "Periods are cut") || !has(got, "answer", "recompute nothing") || has(got, "answer", "got back on both") {
		t.Errorf("relay lead: %q", got)
	}
}

// TestQuestionOtherLanguages: German and Spanish questions the user
// cannot settle, passed on, and the answers relayed.
func TestQuestionOtherLanguages(t *testing.T) {
	got := questionsAfter("Eine Frage, die ich selbst nicht beantworten kann: brauchen wir die Bestellungen von vor 2020 überhaupt im Warehouse? Ich habe Lena gefragt.",
		"Lena hat geantwortet: die Bestellungen vor 2020 brauchen wir nicht im Warehouse, die bleiben im Archiv.")
	if !has(got, "answered", "vor 2020") || !has(got, "answer", "Lena hat geantwortet") {
		t.Errorf("German: %q", got)
	}
	got = questionsAfter("Otra cosa pendiente que no decido yo: ¿damos soporte a facturas en catalán? Lo decide dirección en enero.")
	if !has(got, "open", "catalán") {
		t.Errorf("Spanish pending: %q", got)
	}
	got = questionsAfter("Una pregunta que no sé responder: ¿los reembolsos cuentan para el límite mensual? Se lo pregunto a Carla.",
		"Carla contestó: los reembolsos no cuentan para el límite mensual.")
	if !has(got, "answered", "reembolsos") || !has(got, "answer", "Carla contestó") {
		t.Errorf("Spanish answered: %q", got)
	}
}

// obligationsAfter applies user messages and returns the open
// obligations' quotes.
func obligationsAfter(msgs ...string) []string {
	r := userSays(msgs...)
	var out []string
	for _, a := range r.Anchors() {
		if a.Kind == KindObligation && a.IsHead() {
			out = append(out, a.Quote)
		}
	}
	return out
}

// TestObligationCounted: a lead that counts the tasks ("I need three
// things: …") or numbers them makes each a task, whatever word it opens
// with, and the clauses past the count stay with the last; a glossed
// sentence that does not count is one obligation; "last thing for
// today:" sets tasks.
func TestObligationCounted(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want []string
	}{
		{"Set up the demo env. For Thursday's demo I need three things: the precision table per clause type, a sample CSV for the client, and the Sweden endpoint in docs/dpia.md.",
			[]string{"the precision table per clause type", "a sample CSV for the client", "the Sweden endpoint in docs/dpia.md"}},
		{"before you log off: (1) a row-count check of 2021-2023 in docs/checks.md, (2) a README section on the export window, (3) a ticket text for Jürgen about the lag, so he can file it.",
			[]string{"a row-count check of 2021-2023 in docs/checks.md", "a README section on the export window", "a ticket text for Jürgen about the lag, so he can file it"}},
		{"Last thing for today: add a summary of the changes to docs/tuning-log.md and open a PR on fleet-config with Priya as reviewer.",
			[]string{"add a summary of the changes to docs/tuning-log.md", "open a PR on fleet-config with Priya as reviewer"}},
		{"Bevor du Feierabend machst, bitte drei Sachen: (1) einen Zeilenzahl-Abgleich dokumentieren, (2) im README einen Abschnitt zum Export-Zeitfenster, (3) einen Ticket-Text für Jürgen.",
			[]string{"Bevor du Feierabend machst, bitte drei Sachen: (1) einen Zeilenzahl-Abgleich dokumentieren, (2) im README einen Abschnitt zum Export-Zeitfenster, (3) einen Ticket-Text für Jürgen."}},
		{"Antes de cerrar hoy: apunta los cambios en CHANGELOG.md, crea el flag nuevo en staging, apagado, y avisa en #backend con un resumen.",
			[]string{"Antes de cerrar hoy: apunta los cambios en CHANGELOG.md, crea el flag nuevo en staging, apagado, y avisa en #backend con un resumen."}},
	} {
		got := obligationsAfter(c.msg)
		if strings.Join(got, " | ") != strings.Join(c.want, " | ") {
			t.Errorf("%q:\n got %q\nwant %q", c.msg, got, c.want)
		}
	}
}

// TestTaskAnswersNoQuestion: a task set for later that names a
// question's thing does not answer it.
func TestTaskAnswersNoQuestion(t *testing.T) {
	got := questionsAfter("another open point, not mine to decide: keep orders in ClickHouse current by CDC, or a nightly batch?",
		"before you log off, three things: (1) a row-count check Postgres against ClickHouse, (2) a README section, (3) a ticket text for Jürgen.")
	if !has(got, "open", "CDC") || has(got, "answer", "") {
		t.Errorf("%q: want the question open and no answer", got)
	}
}

// TestRanQuoted: a single task quoting one command is done by a run of
// it; a task quoting two, or one among other tasks, is not.
func TestRanQuoted(t *testing.T) {
	for _, c := range []struct {
		v, cmd string
		want   bool
	}{
		{"regenerate the CRD reference docs with `make docs`", "make docs && git status --short docs/", true},
		{"regenerate the CRD reference docs with `make docs`", "make docs-serve", false},
		{"Before you finish, run `npm run lint` and `npm test` and make sure both are clean.", "npm run lint", false},
		{"before you open the PR: `dbt docs generate` has to pass, add fct_orders_daily to the depends_on", "dbt docs generate", false},
		{"rebuild the index with `reindex`", "reindex", false},
	} {
		if got := ranQuoted(c.v, c.cmd); got != c.want {
			t.Errorf("ranQuoted(%q, %q) = %v, want %v", c.v, c.cmd, got, c.want)
		}
	}
}

// TestObjectiveWanted: a first message that tells the situation before
// saying what the user wants has that sentence as its objective.
func TestObjectiveWanted(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"ok, the big one this sprint. invoices are still PDFs mailed by hand, and last month two customers got the wrong totals. I want a real invoice service: one versioned JSON per invoice, rendered to PDF on demand. Keep the old mailer running.",
			"I want a real invoice service: one versioned JSON per invoice, rendered to PDF on demand."},
		{"Morning. The nightly export has been timing out since Tuesday. Can you find out why the export query got slow and fix it?",
			"Can you find out why the export query got slow and fix it?"},
		{"I want the export to finish under ten minutes. It times out since Tuesday.",
			"I want the export to finish under ten minutes. It times out since Tuesday."},
		{"Fix the flaky login test. It fails one run in five. I want it green before the release.",
			"Fix the flaky login test. It fails one run in five."},
		// A greeting is no part of the goal; a want said inside the
		// sentence that tells the situation is the goal.
		{"Hi! Quick context: the CSV importer chokes on files over 2 GB and support has three tickets open, and we need it to stream rows instead of loading the whole file.",
			"we need it to stream rows instead of loading the whole file."},
		{"hey, here's the deal for today. checkout keeps timing out on mobile. What I need is the p95 under 800 ms on a mid-range phone.",
			"What I need is the p95 under 800 ms on a mid-range phone."},
		{"Morning. The nightly export timed out twice this week. What we need for Monday: the export finishing under ten minutes.",
			"What we need for Monday: the export finishing under ten minutes."},
		{"Morning. Please add a dark mode toggle to the settings page.",
			"Please add a dark mode toggle to the settings page."},
		{"Add retries to the uploader, I need them for the flaky network in the plant.",
			"Add retries to the uploader, I need them for the flaky network in the plant."},
		// A lead-in to a labelled text is the text's title; a lead-in to
		// a note, a thread or a list stays as it is.
		{"We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nTimeDelta serialization precision\nHi there!\n\nI just found quite strange behaviour of `TimeDelta` field serialization",
			"We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nTimeDelta serialization precision"},
		{"Picking up the 0.7 release. Checklist from the tracking issue (#45):\n- [x] Bump MSRV to 1.80\n- [ ] Changelog",
			"Picking up the 0.7 release. Checklist from the tracking issue (#45):"},
	} {
		if got := objectiveQuote(c.msg); got != c.want {
			t.Errorf("objectiveQuote(%q)\n = %q\nwant %q", c.msg, got, c.want)
		}
	}
}

// rulesAfter applies user messages and returns the constraints' values
// with their lifecycle: "active <value>", "lifted <value>".
func rulesAfter(msgs ...string) []string {
	r := userSays(msgs...)
	var out []string
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && (a.Lifecycle == Active || a.Lifecycle == Lifted) {
			out = append(out, a.Lifecycle+" "+a.Value)
		}
	}
	return out
}

// TestGerundException: a permission said of an act by its gerund after
// its scope is an exception shown on the rule against the act, which
// stays active; without a scope it excepts nothing.
func TestGerundException(t *testing.T) {
	rule := "Set up the shop. Never grant coins on the client's purchase callback alone, no exceptions."
	got := rulesAfter(rule, "in the Editor with the fake store, and in dev builds with the LOCAL_GRANT define, granting locally without the backend is fine, so QA needs no sandbox account.")
	if !has(got, "active", "Never grant coins") || !has(got, "active", "— except: in the Editor") {
		t.Errorf("scoped: %q, want the rule active with its exception", got)
	}
	got = rulesAfter(rule, "granting locally without the backend is fine, QA asked for it.")
	if has(got, "active", "— except:") {
		t.Errorf("unscoped: %q, want no exception", got)
	}
}

// TestLiftBackInPlace: a thing said to be back in its place ("it's part
// of the fleet again") lifts the rule that kept the agent off it.
func TestLiftBackInPlace(t *testing.T) {
	got := rulesAfter("Tune the fleet's params. Separately, ops asked us to keep our hands off amr-03, it's sitting in the repair bay.",
		"Ops just told me amr-03 is out of the repair bay, so it's part of the fleet again.")
	if !has(got, "lifted", "amr-03") || has(got, "active", "amr-03") {
		t.Errorf("%q, want the amr-03 rule lifted", got)
	}
	got = rulesAfter("Tune the fleet's params. Keep your hands off amr-03, it's in the repair bay.",
		"amr-05 is part of the fleet again.")
	if !has(got, "active", "amr-03") {
		t.Errorf("%q, want the amr-03 rule active", got)
	}
}

// TestRelayedNorms: rules told as descriptions under a lead that relays
// them ("I wrote her conditions down: …", "From Tomás in QA: …"), and a
// bare "no X" after a lead, are rules; a goal's label and a plain
// narration after a lead state none.
func TestRelayedNorms(t *testing.T) {
	got := rulesAfter("Tune the arm. Priya from safety sat with me and I wrote her conditions down, in no particular order: joint speed is capped at 0.5 rad/s everywhere; the gripper force may never exceed 40 N; nothing runs on the real arm that hasn't run in the sim first.")
	for _, w := range []string{"capped at 0.5", "may never exceed 40 N", "nothing runs on the real arm"} {
		if !has(got, "active", w) {
			t.Errorf("conditions: %q, want a rule with %q", got, w)
		}
	}
	got = rulesAfter("Rewrite the saves. From Tomás in QA: the game saves on every level complete and whenever the app goes to background. And before you suggest it: no BinaryFormatter.")
	if !has(got, "active", "the game saves on every level complete") || !has(got, "active", "no BinaryFormatter") {
		t.Errorf("led rules: %q", got)
	}
	got = rulesAfter("Fix the importer. The goal: no duplicate rows in the ledger. From Tomás in QA: the importer crashed twice yesterday.")
	if len(got) != 0 {
		t.Errorf("goal and narration: %q, want no rule", got)
	}
}

// TestSelfwrittenFixes: the readings the two self-written sessions
// needed: a lift naming a path frees the rule naming it, not the one
// beside it sharing a word; a situation told after a label, then "what I
// need is …"; a question deferred to a person by title and name, answered
// by "<name> got back to me: no …".
func TestSelfwrittenFixes(t *testing.T) {
	got := rulesAfter("Reduce the frames. The raw frames in /data/raw are read-only, nobody modifies them. Separately, keep your hands off /data/raw/spec, those are another group's.",
		"the other group finished, so /data/raw/spec is available again.")
	if !has(got, "active", "read-only") || !has(got, "lifted", "/data/raw/spec") {
		t.Errorf("path lift: %q", got)
	}
	msg := "hi. background first: the new camera has been on the telescope for two weeks, and last week's frames sit untouched. What I need is last week's frames calibrated and plate-solved."
	if got := objectiveQuote(msg); got != "What I need is last week's frames calibrated and plate-solved." {
		t.Errorf("objective after a labelled situation = %q", got)
	}
	q := questionsAfter("one thing I don't know: should we use flats older than 30 days when a night has none? I'll ask Dr. Ibarra.",
		"Dr. Ibarra got back to me: no old flats, either reshoot the flats or skip the night.")
	if !has(q, "answered", "flats older") || !has(q, "answer", "no old flats") {
		t.Errorf("deferred to Dr. Ibarra: %q", q)
	}
}

// TestBlockObjective: a first message of tagged blocks (agent harnesses'
// task prompts) has the block its request names as its objective, not
// the listing of uploaded paths before it.
func TestBlockObjective(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"<uploaded_files>\n/workspace/ponylang__ponyc__0.1\n</uploaded_files>\nI've uploaded a C code repository in the directory ponylang__ponyc__0.1. Consider the following issue description:\n\n<issue_description>\nponyc segfaults when trying to match using a single element tuple form\n`ponyc` segfaults when …\n</issue_description>\n\nCan you help me implement the necessary changes to the repository so that the requirements specified in the <issue_description> are met?",
			"ponyc segfaults when trying to match using a single element tuple form"},
		{"<uploaded_files>\n/testbed\n</uploaded_files>\nConsider the following PR description:\n\n<pr_description>\nDataFrame.to_csv drops the index name when index=True and header=False\nSteps: …\n</pr_description>\n\nPlease implement the necessary changes to the non-test files so the PR description holds.",
			"DataFrame.to_csv drops the index name when index=True and header=False"},
		{"<task>\n## Retry uploads that time out on flaky networks\nThe uploader gives up after one timeout.\n</task>\n<repo>\n./services/uploader\n</repo>\nYour task is to make the change described in the task block.",
			"Retry uploads that time out on flaky networks"},
		// No request, or no block with text: not read this way.
		{"<logs>\nERROR pool timed out after 30s\n</logs>\nthis again. no idea why.", ""},
		{"<uploaded_files>\n/workspace/repo\n</uploaded_files>\nCan you fix it?", ""},
	} {
		_, got := blockObjective(c.msg)
		if got != c.want {
			t.Errorf("blockObjective(%.40q) = %q, want %q", c.msg, got, c.want)
		}
	}
}
