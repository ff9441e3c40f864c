package projection

import (
	"slices"
	"strings"
	"testing"
)

func TestObligationsSplitCompoundTasks(t *testing.T) {
	cases := []struct {
		s    string
		want []string
	}{
		{"before you wrap up: bump the version, update the changelog and ping QA.", []string{"bump the version", "update the changelog", "ping QA"}},
		{"one last thing: tag the release and then email the vendor", []string{"tag the release", "email the vendor"}},
		{"before you merge, update the README and CHANGELOG.md", []string{"before you merge, update the README and CHANGELOG.md"}},
		// The tasks are checked together: one obligation.
		{"Before you finish, run `make lint` and `make test` and make sure both are clean.", []string{"Before you finish, run `make lint` and `make test` and make sure both are clean."}},
		{"上线前：更新版本号，然后在群里通知测试", []string{"更新版本号", "在群里通知测试"}},
		// Who presses for it is no task of its own.
		{"记得写 reindex 的文档啊，老周催了", []string{"记得写 reindex 的文档啊，老周催了"}},
		// A report after a colon is not a list of tasks.
		{"heard back at the end: EU = gross, US = net", []string{"heard back at the end: EU = gross, US = net"}},
	}
	for _, c := range cases {
		var got []string
		for _, p := range obligations(c.s) {
			got = append(got, p.Quote)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("obligations(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestLateObligation(t *testing.T) {
	for _, s := range []string{"before we ship this, regenerate the API docs", "one more thing: rotate the staging token",
		"once that's merged, delete the feature branch", "before u open the PR add a screenshot", "发布前把迁移脚本再跑一遍", "合并之后，删掉临时分支"} {
		if !lateObligation(s) {
			t.Errorf("lateObligation(%q) = false", s)
		}
	}
	for _, s := range []string{"the build broke before lunch", "we shipped it once last year", "before that, the cache was cold", "之前那个版本没问题"} {
		if lateObligation(s) {
			t.Errorf("lateObligation(%q) = true", s)
		}
	}
}

func TestPerformedDischargesOnlyTheTaskDone(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "before you wrap up: scale web-api on cluster-old to zero, and post a note in #ops-log."})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"cmd": "kubectl get deploy web-api --context cluster-old"}}}})
	r.Apply(Event{Seq: 3, Role: RoleTool, Text: "web-api 3/3", Result: &Result{CallID: "c1"}})
	r.Apply(Event{Seq: 4, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "bash", Args: map[string]any{"cmd": "kubectl scale deploy web-api --replicas=0 --context cluster-old"}}}})
	r.Apply(Event{Seq: 5, Role: RoleTool, Text: "deployment.apps/web-api scaled", Result: &Result{CallID: "c2"}})
	open, done := 0, 0
	for _, a := range r.Anchors() {
		if a.Kind != KindObligation {
			continue
		}
		switch a.Lifecycle {
		case Open:
			open++
			if a.Value != "post a note in #ops-log" {
				t.Errorf("open obligation %q, want the note", a.Value)
			}
		case Done:
			done++
			if len(a.SourceRefs) != 2 || a.SourceRefs[1].Seq != 5 {
				t.Errorf("done by %v, want the scale command (seq 5), not the read-only get", a.SourceRefs)
			}
		}
	}
	if open != 1 || done != 1 {
		t.Fatalf("open %d done %d, want 1 and 1", open, done)
	}
}

// A task put off to a moment in Spanish, Portuguese or Italian ("Cuando
// esté, subes al de prueba", "Appena sistemano i permessi, carica i
// voti") is an open obligation; the speaker's own act after the moment
// ("cuando esté, yo reviso") is none.
func TestDeferredTaskRomance(t *testing.T) {
	for _, c := range []struct {
		first, says string
		task        bool
	}{
		{"Hoy toca calificar el taller 3 y subir las notas a Moodle.", "Ya abrí ticket con soporte. Cuando esté, subes al de prueba, yo reviso, y después te doy el OK para el curso real.", true},
		{"Hoje vamos corrigir o lab 3.", "Abri um chamado. Quando liberarem o acesso, sobe as notas no curso de teste.", true},
		{"Oggi correggiamo il lab 3.", "Ho aperto un ticket. Appena sistemano i permessi, carica i voti nel corso di prova.", true},
		{"Hoy toca calificar el taller 3 y subir las notas a Moodle.", "Cuando esté, yo reviso las notas.", false},
	} {
		out := reduceAll(t, "> user\n"+c.first+"\n> assistant\nOK.\n> user\n"+c.says)
		if c.task {
			expect(t, out, []string{`obligation .*\[open/normative\]`}, nil)
		} else {
			expect(t, out, nil, []string{`obligation .*\[open/normative\]`})
		}
	}
}

// A task said after the moment it waits for ("After the deploy, ping #ops
// in Slack"), labelled as one ("TODO for you: …"), and a decision told
// as made ("We decided on gRPC …") are read; a story of the moment
// ("After the deploy, the site was down") lays no task.
func TestLaterTasksAndDecisionsTold(t *testing.T) {
	for _, c := range []struct{ s, kind string }{
		{"After the deploy, ping #ops in Slack.", "obligation"},
		{"TODO for you: rename the env vars to the EF_ prefix.", "obligation"},
		{"We decided on gRPC for the internal API.", "decision"},
		{"After the deploy, the site was down for a minute.", ""},
		{"After the tool result, reply with the single word DONE and stop.", ""},
	} {
		out := reduceAll(t, "> user\nWorking on the billing service today.\n> assistant\nOK, looking at it.\n> user\n"+c.s+"\n")
		got := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.HasSuffix(strings.TrimSpace(l), "@2") {
				got = strings.Fields(l)[1]
			}
		}
		if got != c.kind {
			t.Errorf("%q: %q, want %q\n%s", c.s, got, c.kind, out)
		}
	}
}
