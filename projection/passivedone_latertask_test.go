package projection

import (
	"strings"
	"testing"
)

// TestPassiveDoneReport: the agent's English clause "<the task's object>
// is/are (now) <the task's verb's participle>" closes the task; the
// participle naming a thing, work said usual or done by something else,
// a condition, a negation, a question and another subject leave it open.
func TestPassiveDoneReport(t *testing.T) {
	tasks := map[string]string{
		"own":  "> user\nsum up\n> assistant\nI still need to update the CHANGELOG for 0.9.\n",
		"user": "> user\nplease update the CHANGELOG for 0.9 when you're done.\n> assistant\nok\n",
		"docs": "> user\nadd a --dry-run flag\n> assistant\nok\n> user\nplease update the docs for the new flag when you are done.\n> assistant\nok\n",
		"ru":   "> user\nsum up\n> assistant\nМне ещё нужно обновить CHANGELOG.md под 0.9.\n",
	}
	cases := []struct {
		name, task, report string
		done               bool
	}{
		{"is updated", "own", "The CHANGELOG is updated.", true},
		{"is now updated", "user", "CHANGELOG is now updated.", true},
		{"file name", "own", "CHANGELOG.md is updated with the 0.9 entry.", true},
		{"has been", "user", "OK, the CHANGELOG has been updated for 0.9.", true},
		{"after another clause", "own", "Tests pass, and the CHANGELOG is updated.", true},
		{"a conjunct", "user", "The README and the CHANGELOG are updated.", true},
		{"contraction", "own", "The CHANGELOG's updated.", true},
		{"docs are updated", "docs", "The docs are updated.", true},
		{"ru", "ru", "CHANGELOG.md обновлён под 0.9.", true},
		// Near misses.
		{"a thing named", "own", "Here is the updated CHANGELOG.", false},
		{"the updated thing as subject", "own", "The updated CHANGELOG needs a review.", false},
		{"usual", "own", "The CHANGELOG is updated daily.", false},
		{"whenever", "user", "The CHANGELOG is updated whenever we cut a release.", false},
		{"by a bot", "user", "The CHANGELOG is updated by the release bot.", false},
		{"a condition", "own", "Once the CHANGELOG is updated I can tag the release.", false},
		{"negated", "own", "The CHANGELOG isn't updated yet.", false},
		{"not", "user", "The CHANGELOG is not updated.", false},
		{"question", "own", "Is the CHANGELOG updated?", false},
		{"question, statement order", "own", "The CHANGELOG is updated?", false},
		{"another verb", "own", "The CHANGELOG is outdated.", false},
		{"another subject", "own", "The README is updated.", false},
		{"a wider subject", "own", "The release script for the CHANGELOG is updated.", false},
		{"an attribute after", "own", "The CHANGELOG's updated section lists the fixes.", false},
		{"ru plan", "ru", "Сейчас обновлю CHANGELOG.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, tasks[c.task]+"> user\nok\n> assistant\n"+c.report+"\n")
			want, never := []string{`obligation/-/\S+ \[done/`}, []string{`obligation/-/\S+ \[open/`}
			if !c.done {
				want, never = never, want
			}
			expect(t, out, want, never)
		})
	}
}

// TestLaterEndTask: a task the user sets for later by a word at its end
// ("abre uma issue depois", "open an issue later") is an open obligation
// of the agent's, in every language read; a statement, the user's own
// work, work left or waited on, a pronoun alone, a negation, a question,
// a reply asked for and "depois" as "then" set none.
func TestLaterEndTask(t *testing.T) {
	lead := "> user\nfix the cart test\n> assistant\nThe ProductCard snapshot is flaky: it failed once in 3 runs.\n> user\n"
	hit := `obligation/-/\S+ \[open/`
	cases := []scriptCase{
		{"pt (B31)", lead + "é flaky mesmo, já sabia. deixa quieto por enquanto, não regrava snapshot, reverte o fake timer. abre uma issue depois.\n",
			[]string{`obligation/-/\S+ \[open/\w+\] = abre uma issue depois\.`}, nil},
		{"en", lead + "ok. open an issue for the flaky snapshot later.\n", []string{`obligation/-/\S+ \[open/\w+\] = open an issue for the flaky snapshot later\.`}, nil},
		{"en afterwards", lead + "revert the fake timer. File a ticket for it afterwards.\n", []string{`= File a ticket for it afterwards\.`}, nil},
		{"es", lead + "abre una issue para el snapshot después.\n", []string{hit}, nil},
		{"it", lead + "apri una issue per lo snapshot più tardi.\n", []string{hit}, nil},
		{"fr", lead + "ouvre une issue pour le snapshot plus tard.\n", []string{hit}, nil},
		{"de", lead + "leg später ein Ticket für den Snapshot an.\n", []string{hit}, nil},
		{"ru", lead + "заведи issue на снапшот потом.\n", []string{hit}, nil},
		{"uk", lead + "створи issue на снапшот потім.\n", []string{hit}, nil},
		{"nl", lead + "maak later een issue aan voor de snapshot.\n", []string{hit}, nil},
		{"sv", lead + "skapa ett ärende för snapshoten senare.\n", []string{hit}, nil},
		{"de short", lead + "schreib den Changelog-Eintrag später.\n", []string{hit}, nil},
		{"en after a clause", lead + "revert the fake timer, and open an issue for the snapshot later.\n", []string{`= revert the fake timer, and open an issue for the snapshot later\.`}, nil},
		{"pt mais tarde", lead + "atualiza o README mais tarde.\n", []string{hit}, nil},
		// Near misses.
		{"pt we", lead + "a gente vê isso depois.\n", nil, []string{hit}},
		{"pt the user's own", lead + "eu abro a issue depois.\n", nil, []string{`obligation/-/eu-abro`}},
		{"pt left", lead + "deixa pra depois.\n", nil, []string{hit}},
		{"pt negated", lead + "não abre issue depois.\n", nil, []string{hit}},
		{"pt question", lead + "abre uma issue depois?\n", nil, []string{hit}},
		{"pt past", lead + "quebrou de novo depois.\n", nil, []string{hit}},
		{"pt then", lead + "roda os testes e depois o lint.\n", nil, []string{hit}},
		{"pt tell me", lead + "roda os testes e me fala depois.\n", nil, []string{hit}},
		{"en statement", lead + "the snapshot broke again later.\n", nil, []string{hit}},
		{"en pronoun only", lead + "do it later.\n", nil, []string{hit}},
		{"en we", lead + "we can look at the snapshot later.\n", nil, []string{hit}},
		{"en see you", lead + "see you later.\n", nil, []string{hit}},
		{"en let's", lead + "let's talk about the snapshot later.\n", nil, []string{hit}},
		{"en tell me", lead + "run the suite and tell me later.\n", nil, []string{hit}},
		{"en question", lead + "can we open an issue for that later?\n", nil, []string{hit}},
		{"es we", lead + "lo vemos después.\n", nil, []string{hit}},
		{"es past", lead + "falló otra vez después.\n", nil, []string{hit}},
		{"it we", lead + "lo facciamo dopo.\n", nil, []string{hit}},
		{"fr subject", lead + "on verra ça plus tard.\n", nil, []string{hit}},
		{"de the user's own", lead + "mach ich später.\n", nil, []string{hit}},
		{"de we", lead + "schauen wir uns das später an.\n", nil, []string{hit}},
		{"nl the user's own", lead + "doe ik later wel.\n", nil, []string{hit}},
		{"sv we", lead + "vi tar det senare.\n", nil, []string{hit}},
		{"en the user's own after a clause", lead + "commit it, I'll sort the driver out later.\n", nil, []string{hit}},
		{"fr a numbered answer", lead + "2 on verra plus tard.\n", nil, []string{hit}},
		{"nl later far from the verb", lead + "Wel een domper: Joost wil geen vlaggen op de container, die gaat straks ook gedeeld worden met later werk.\n", nil, []string{hit}},
		{"de later far from the verb", lead + "Joost meinte, dass der Container später geteilt wird.\n", nil, []string{hit}},
		{"ru we", lead + "посмотрим это потом.\n", nil, []string{hit}},
		{"ru a noun", lead + "логи снапшота потом.\n", nil, []string{hit}},
	}
	runScriptCases(t, cases)
}

// TestObligationOwner: an open task the user takes on themselves is held
// by the user (Owner "user"), in any language read; the agent's own
// tasks, the user's task for the agent, a task done and any other kind
// have no Owner.
func TestObligationOwner(t *testing.T) {
	lead := "> user\nfix the flaky Kafka test\n> assistant\nThe test is flaky; I'll add a Toxiproxy test for it.\n> user\n"
	cases := []struct {
		name, script, value, owner string
	}{
		{"de (A31)", lead + "Das Ticket dafür leg ich selbst im Jira an, mach ich heute Nachmittag.\n", "Das Ticket dafür leg ich selbst im Jira an", OwnerUser},
		{"en", lead + "I'll file the Jira ticket for it myself this afternoon.\n", "I'll file the Jira ticket", OwnerUser},
		{"en put off, the user doing it", lead + "leave the README for now. I'll do it after the demo.\n", "leave the README for now", OwnerUser},
		{"pt", lead + "o PR eu mesmo abro e peço review pro Caio.\n", "o PR eu mesmo abro", OwnerUser},
		// Near misses: the agent holds these.
		{"the user's task for the agent", lead + "open an issue for the flaky test later.\n", "open an issue", ""},
		{"de for the agent", lead + "leg später ein Ticket für den Test im Jira an.\n", "leg später ein Ticket", ""},
		{"the agent's own", "> user\nfix the flaky Kafka test\n> assistant\nI still need to update the CHANGELOG for the fix.\n", "I still need to update the CHANGELOG", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := New(Options{SessionID: "s"})
			steps, err := ParseScript(c.script)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range steps {
				if st.Event != nil {
					r.Apply(*st.Event)
				}
			}
			found := false
			for _, a := range r.Anchors() {
				if a.Kind != KindObligation || !strings.Contains(a.Value, c.value) {
					if got := Owner(a); got != "" && a.Kind != KindObligation {
						t.Errorf("Owner(%s %q) = %q, want none", a.Kind, a.Value, got)
					}
					continue
				}
				found = true
				if got := Owner(a); got != c.owner {
					t.Errorf("Owner(%q) = %q, want %q", a.Value, got, c.owner)
				}
				// done, it is held by no one
				d := *a
				d.Lifecycle = Done
				if got := Owner(&d); got != "" {
					t.Errorf("Owner(done %q) = %q, want none", a.Value, got)
				}
			}
			if !found {
				t.Fatalf("no obligation %q", c.value)
			}
		})
	}
	if Owner(nil) != "" {
		t.Error("Owner(nil) is not empty")
	}
}
