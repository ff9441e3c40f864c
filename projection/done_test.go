package projection

import (
	"strings"
	"testing"
)

// obligationStates applies events and returns each obligation as
// "<lifecycle> <value>".
func obligationStates(evs ...Event) []string {
	var out []string
	for _, a := range reduced(evs...).Anchors() {
		if a.Kind == KindObligation {
			out = append(out, a.Lifecycle+" "+a.Value)
		}
	}
	return out
}

func bash(id, cmd string) Event {
	return Event{Role: RoleAssistant, Text: "Running it.", Calls: []Call{{ID: id, Name: "bash", Args: map[string]any{"cmd": cmd}}}}
}

func ok(id, out string) Event {
	return Event{Role: RoleTool, Text: out, Result: &Result{CallID: id}}
}

// TestCompoundTasksDoneInPlainWords: a "before …:" lead sets one task per
// numbered item; a successful command holding a task's verb and two words
// of its object does it, a run task is done by a command naming what it
// runs, and the agent's past-tense report does one; a plan does not.
func TestCompoundTasksDoneInPlainWords(t *testing.T) {
	got := obligationStates(
		Event{Role: RoleUser, Text: "before we flip the flag for everyone: 1) rebuild the search index for the staging tenant, 2) email the support team about the downtime window, 3) run the load test against the Greenfield cluster"},
		bash("c1", "./bin/rebuild-index --tenant staging"),
		ok("c1", "index rebuilt: 48211 documents"),
		bash("c2", "k6 run loadtests/greenfield.js"),
		ok("c2", "checks.........: 100.00% ✓ 5400"),
		Event{Role: RoleAssistant, Text: "I'll email the support team once the window is fixed."},
	)
	for _, w := range []string{"done rebuild the search index", "open email the support team", "done run the load test"} {
		if !has(got, strings.Fields(w)[0], strings.SplitN(w, " ", 2)[1]) {
			t.Errorf("want %q in %q", w, got)
		}
	}
	got = obligationStates(
		Event{Role: RoleUser, Text: "before we flip the flag for everyone: 1) rebuild the search index for the staging tenant, 2) email the support team about the downtime window"},
		Event{Role: RoleAssistant, Text: "Emailed the support team about the downtime window; the index is next."},
	)
	if !has(got, "done", "email the support team") || !has(got, "open", "rebuild the search index") {
		t.Errorf("claimed: %q", got)
	}
}

// TestDeferredObligation: a task said to wait for a moment with no comma
// ("once the migration is done rerun …") and a "before …:" lead in another
// language are obligations still open.
func TestDeferredObligation(t *testing.T) {
	got := obligationStates(Event{Role: RoleUser, Text: "ok once the migration is done rerun the smoke tests on staging and post the numbers in #ops"})
	if !has(got, "open", "rerun the smoke tests") {
		t.Errorf("English: %q", got)
	}
	got = obligationStates(Event{Role: RoleUser, Text: "Bom, tudo certo. antes de abrir o PR: 1) atualiza o README com o passo de migração, 2) roda o lint no módulo de pagamentos"})
	if len(got) == 0 || !strings.HasPrefix(got[0], "open ") {
		t.Errorf("Portuguese: %q", got)
	}
}

// A task naming one file is done, in any language, by a successful
// command that takes the file and shares the root of one of the task's
// words; a command that only shares the file is not the task.
func TestTaskDoneOnItsFile(t *testing.T) {
	task := "Todo: importera lägenheterna från förvaltarens Excel, data/lagenhetsforteckning.xlsx."
	for _, c := range []struct {
		cmd  string
		want bool
	}{
		{"npx prisma migrate dev --name init && npx tsx scripts/import-apartments.ts data/lagenhetsforteckning.xlsx", true},
		{"npx tsx scripts/inspect-sheet.ts data/lagenhetsforteckning.xlsx", false},
		{"npx tsx scripts/import-apartments.ts data/other.xlsx", false},
	} {
		if got := doneOnFile(task, "data/lagenhetsforteckning.xlsx", c.cmd); got != c.want {
			t.Errorf("%q: done %v, want %v", c.cmd, got, c.want)
		}
	}
}

// A task put off to a later moment or an outside event is an open
// obligation: an imperative after "tmrw", "once …,", "when …,", a French
// task after "quand …," and a Chinese one after "等…了你再"; what someone
// else or the speaker will do, a rule for the moment, a question put off
// and a clause after the moment that is no task are not.
func TestDeferredTask(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"tmrw fix the windows snapshot thing, then when ci is green tag v0.9.0 + publish.", true},
		{"once sam answers, add the .deb target", true},
		{"When they've fixed it, please re-check Mirador on www-stg.", true},
		{"等他弄好了你再把增量同步重新验一遍，然后找个凌晨窗口把全量重建跑了。", true},
		{"明天你把压测报告发群里。", true},
		{"Quand il aura répondu (unité du retard), corrige le flux et relance le validateur RT.", true},
		{"Quand il aura répondu, on verra.", false},
		{"After lunch, I'll look at it myself.", false},
		{"After the story runs Dana wants it public, but not before.", false},
		{"tomorrow, never deploy before 10", false},
		{"when the build is slow it takes 20 minutes", false},
		{"明天早上他来弄。", false},
		{"我明天找运维改 LimitNOFILE", false},
		{"明天问王经理再说。", false},
		{"另外周五之前先别碰 DNS（Route53）", false},
		{"once it's deployed, can you check the logs?", false},
		{"After I answer, reply with the single word DONE and stop.", false},
		{"After that fails, run true with bash in the background.", false},
		{"After completing, call issue_ready again for the next issue", false},
		{"When you think you've fixed the bug, re-run the reproduction script.", false},
		{"When asked for the workspace handshake, answer exactly OK and stop.", false},
	} {
		s := c.s
		if g := glossOf(s, langFR); g != nil && strings.HasPrefix(s, "Quand") {
			s = g.text
		}
		if got := deferredTask(s); got != c.want {
			t.Errorf("deferredTask(%q) = %v, want %v", s, got, c.want)
		}
	}
}

// A task asked again without its file ("记得写 reindex 的文档啊") names
// the file the first asking gave ("reindex 的操作文档 docs/reindex.md"),
// so committing that file does it; a clause sharing one word gives none.
func TestTaskAskedAgainNamesItsFile(t *testing.T) {
	out := reduceAll(t, `> user
开始搞书库搜索迁移。
另外要两个东西：reindex 的操作文档 docs/reindex.md，还有一个热词统计的看板。
> assistant
Ok.
> user
记得写 reindex 的文档啊，老周催了
> assistant
写 docs/reindex.md 并提交。
> call bash {"command": "git add docs/reindex.md && git commit -q -m 'docs: reindex runbook' && git log --oneline -1"}
> result
b71e0c4 docs: reindex runbook
> assistant
Ok.`)
	expect(t, out, []string{`obligation .*\[done/normative\] = 记得写 reindex 的文档啊`}, []string{`\[open/normative\] = 记得写`})
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Start: the export lives in data/export.csv."})
	if got := r.pathSaidFor("write the release notes"); got != "" {
		t.Errorf("pathSaidFor of a task sharing nothing with the clause = %q", got)
	}
}
