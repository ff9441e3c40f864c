package projection

import (
	"strings"
	"testing"
)

// activeRule reports whether r holds an active constraint whose value
// holds sub.
func activeRule(r *Reducer, sub string) bool {
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && a.Lifecycle == Active && strings.Contains(a.Value, sub) {
			return true
		}
	}
	return false
}

// TestConditionalRule: a rule said with the occasion it holds for, in
// English and glossed German, is a rule; a step for this one case, a
// question, a report and a reply asked for are none.
func TestConditionalRule(t *testing.T) {
	for _, s := range []string{
		"and if you do need the db for anything use the docker compose one on 5433, not my local postgres on 5432, that's got real-ish data in it",
		"if a test touches the db use #[sqlx::test], not the shared pool from test_utils.",
		"whenever you change the chart, bump the chart version.",
		"every time you add a migration, run sqlx prepare.",
		"when you touch the proto files, always run buf breaking.",
		"Und wenn du was am Helm-Chart änderst, bump bitte jedes Mal die Chart-Version in Chart.yaml, sonst zieht ArgoCD nicht.",
		"Immer wenn du was an der API änderst, bump bitte die Version in Chart.yaml.",
	} {
		if r := userSays("Fix the invoice rounding bug.", s); !activeRule(r, strings.Fields(s)[len(strings.Fields(s))/2]) {
			t.Errorf("%q: no active rule", s)
		}
	}
	for _, s := range []string{
		"if the tests pass, merge it.",
		"if you need anything else, let me know.",
		"if a test touches the db, does it use sqlx::test?",
		"when we changed the chart, we bumped the version.",
		"if you changed the chart, bump the version.",
		"when an earthquake of M3.0 or more is published, everyone subscribed within 150 km gets a push.",
		"Wenn die Tests grün sind, merge den Branch.",
		"When a background run settles, the runtime sends you a notice containing its outcome and any final assistant message.",
	} {
		if isRule(s) {
			t.Errorf("%q read as a rule", s)
		}
	}
}

// TestSuggestionNotRule: "could you not just drop X?" asks for X done, no
// rule against it; "can we not touch X for now?" forbids.
func TestSuggestionNotRule(t *testing.T) {
	for _, s := range []string{
		"could you not just drop the old /v1/invoices route while you're there? it's dead surely",
		"can't we simply reuse the pool from test_utils?",
		"why not just bump the timeout to 60s?",
	} {
		r := userSays("tidy up the invoices module.", s)
		for _, a := range r.Anchors() {
			if (a.Kind == KindConstraint || a.Kind == KindDecision) && a.IsHead() {
				t.Errorf("%q: %s %q", s, a.Kind, a.Value)
			}
		}
	}
	for _, s := range []string{
		"can we not touch the prod DB for now?",
		"could you just not log the tokens?",
	} {
		if r := userSays("tidy up the invoices module.", s); !activeRule(r, "not") {
			t.Errorf("%q: no active rule", s)
		}
	}
}

// TestInterimOnlyLiftedWithItsProhibition: "don't run the full e2e stuff
// yet … unit tests only for now" is one rule said twice; allowing e2e
// lifts both. A standing "only" rule beside it, or one of another
// message, stays.
func TestInterimOnlyLiftedWithItsProhibition(t *testing.T) {
	r := dialog(
		"u: billing-api: add a CSV export of invoices.",
		"u: don't run the full e2e stuff yet, it takes ages with the seed. unit tests only for now.",
		"a: Unit tests only.",
		"u: ok you can run the e2e suite now, I've sped up the seed.",
	)
	for _, sub := range []string{"e2e stuff", "unit tests only"} {
		if got := ruleState(r, sub); got != Lifted {
			t.Errorf("%q: %q, want lifted", sub, got)
		}
	}
	r = dialog(
		"u: billing-api: add a CSV export of invoices.",
		"u: don't run the full e2e stuff yet, it takes ages with the seed. squash merges only.",
		"u: ok you can run the e2e suite now, I've sped up the seed.",
	)
	if got := ruleState(r, "squash merges only"); got != Active {
		t.Errorf("standing only rule: %q, want active", got)
	}
}

// TestGermanBoundAndJoinedProhibition: "Bis Freitag bitte keine
// Änderungen an …" is a rule with its bound, its "da ist Change-Freeze"
// a reason (no setting "because"); "Und mach … bitte nicht …" forbids as
// the bare imperative does. "Bis jetzt keine Änderungen" reports.
func TestGermanBoundAndJoinedProhibition(t *testing.T) {
	r := userSays("Mach mal bitte Replicas für orders-svc hochsetzen.", "ok. Bis Freitag bitte keine Änderungen an values-prod.yaml, da ist Change-Freeze. Staging geht.")
	if !activeRule(r, "values-prod.yaml") {
		t.Errorf("freeze: no active rule")
	}
	for _, a := range r.Anchors() {
		if a.Kind == KindValue && strings.HasSuffix(a.Key, "/because") {
			t.Errorf("value %s = %q", a.Key, a.Value)
		}
	}
	r = userSays("Mach mal bitte StreamOrders fertig.", "Und mach die Mapper bitte nicht per Reflection, das hatten wir im billing-svc, war 4x langsamer.")
	if !activeRule(r, "Reflection") {
		t.Errorf("reflection: no active rule")
	}
	for _, s := range []string{
		"Bis jetzt keine Änderungen an values-prod.yaml.",
		"Und wir haben die Mapper nicht per Reflection gebaut.",
	} {
		if r := userSays("Mach mal bitte StreamOrders fertig.", s); activeRule(r, "") {
			t.Errorf("%q read as a rule", s)
		}
	}
}

// TestStepBeforeDoneClaim: a step told before the moment the agent says
// it is done is a rule of the work; a report of one is none.
func TestStepBeforeDoneClaim(t *testing.T) {
	for _, s := range []string{"Run `make lint` before you say you're done.", "- run the tests before you tell me it's finished"} {
		if !isRule(s) {
			t.Errorf("%q: no rule", s)
		}
	}
	for _, s := range []string{"I ran make lint before you said it was done.", "Did you run make lint before you said you're done?"} {
		if isRule(s) {
			t.Errorf("%q read as a rule", s)
		}
	}
}

// TestGlossedRuleProposalAccepted: the agent's rule proposal in German,
// accepted by a yes that says again it holds from now on, is a rule that
// names what is run; the reply alone is none. A no makes no rule.
func TestGlossedRuleProposalAccepted(t *testing.T) {
	ask := "a: Lint ist sauber. Vorschlag: soll ich ab jetzt vor jedem Commit `golangci-lint run --fix ./...` laufen lassen, damit sowas nicht mehr durchrutscht?"
	r := dialog("u: Mach mal bitte die Lint-Fehler weg.", ask, "u: ja, ab jetzt immer vor jedem Commit.")
	if !activeRule(r, "golangci-lint run --fix") {
		t.Errorf("accepted: no rule naming golangci-lint")
	}
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && a.Lifecycle == Active && !strings.Contains(a.Value, "golangci") {
			t.Errorf("content-less rule %q", a.Value)
		}
	}
	r = dialog("u: Mach mal bitte die Lint-Fehler weg.", ask, "u: nein, das dauert zu lange.")
	if activeRule(r, "golangci") {
		t.Errorf("refused: a rule naming golangci-lint")
	}
}

// TestSelfNamedException: a permission that calls itself the exception
// restates the rule it, or the question it answers, is about; refused,
// asked or quoted, it excepts nothing.
func TestSelfNamedException(t *testing.T) {
	open := []string{
		"u: billing-api: add an export_jobs audit table. Leave prisma/migrations alone, those are applied in staging.",
		"a: May I add a new migration for an export_jobs audit table in prisma/migrations?",
	}
	r := dialog(append(open, "u: yes you can add a new one for export_jobs, that's the exception. still don't edit the existing ones")...)
	if !activeRule(r, "except: yes you can add a new one for export_jobs") {
		t.Errorf("no rule with the exception")
	}
	if !activeRule(r, "don't edit the existing ones") {
		t.Errorf("the remainder is no rule")
	}
	for _, s := range []string{
		"u: you can't add one, that's the exception.",
		"u: is a new one for export_jobs fine, that's the exception?",
		"u: \"you can add a new one, that's the exception\" is what Priya said last time.",
	} {
		if r := dialog(append(open, s)...); activeRule(r, "except:") {
			t.Errorf("%q: an exception", s)
		}
	}
}
