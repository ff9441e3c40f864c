package projection

import (
	"strings"
	"testing"
)

// dialog reduces the turns ("u:" the user's, "a:" the assistant's) and
// returns the reducer.
func dialog(turns ...string) *Reducer {
	r := New(Options{SessionID: "s"})
	for i, t := range turns {
		role := RoleUser
		if strings.HasPrefix(t, "a:") {
			role = RoleAssistant
		}
		r.Apply(Event{Seq: i, Role: role, Text: strings.TrimSpace(t[2:])})
	}
	return r
}

// ruleState is the lifecycle of the newest constraint whose value holds
// sub ("" when none does).
func ruleState(r *Reducer, sub string) string {
	var found *Anchor
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && strings.Contains(a.Value, sub) && (found == nil || a.Seq() >= found.Seq()) {
			found = a
		}
	}
	if found == nil {
		return ""
	}
	return found.Lifecycle
}

// A rule told as how the work is done is a rule wherever it stands in a
// message; a description of how things are is none.
func TestRuleToldAsPractice(t *testing.T) {
	for _, c := range []struct {
		msg  string
		rule string // the rule held active, "" for none
	}{
		{"We're moving the orders table to Postgres on staging. Nothing touches prod. Don't touch the audit_log table.", "Nothing touches prod."},
		{"We're moving the orders table to Postgres on staging. And every migration goes in a transaction.", "every migration goes in a transaction"},
		{"Let's build the exporter. All secrets live in vault.", "All secrets live in vault"},
		{"Let's build the exporter. Each PR gets a review from Priya.", "Each PR gets a review"},
		{"Fix the login bug. Nobody deploys to main.", "Nobody deploys to main"},
		{"Fix the login bug. No one pushes to the release branch.", "No one pushes to the release branch"},
		{"Double the memory limit. Use helm for all changes, no raw kubectl apply.", "Use helm for all changes"},
		{"Fix the cart bug. Use yarn for scripts.", "Use yarn for scripts"},
		{"Fix the cart bug. Use pnpm for every script.", "Use pnpm for every script"},
		{"那就用 redis.asyncio。另外 commit message 统一用英文写。", "commit message 统一用英文写"},
		{"先把缓存接上。还有，提交的时候别把 DEBUG 级别的日志配置带上去，线上日志会被刷爆。", "别把 DEBUG 级别的日志配置带上去"},
		{"把订单表迁到 Postgres。所有迁移都要放在事务里。", "所有迁移都要放在事务里"},
		{"把订单表迁到 Postgres。每个 PR 都得有测试。", "每个 PR 都得有测试"},
		{"先查一下 502 的原因。先别重启 nginx。", "先别重启 nginx"},

		// descriptions, questions and one-off tasks
		{"The checkout is slow. Every request goes to the primary.", ""},
		{"I clicked deploy. Nothing works.", ""},
		{"The legacy job is gone. Nothing touches that table anymore.", ""},
		{"CI is green. All tests pass.", ""},
		{"I checked the log. Every migration ran in a transaction.", ""},
		{"Rename the fields. Use sed for all of them.", ""},
		{"CI is fine. Every commit gets built by CI.", ""},
		{"配置已经改好了。我们把配置统一了。", ""},
		{"把订单表迁到 Postgres。所有迁移都要放在事务里吗？", ""},
		{"别急，我先看看日志。", ""},
		{"缓存有问题。DEBUG 级别的日志太多了。", ""},
	} {
		r := dialog("u:" + c.msg)
		var rules []string
		for _, a := range r.Anchors() {
			if a.Kind == KindConstraint && a.Lifecycle == Active {
				rules = append(rules, a.Value)
			}
			if a.Kind == KindObjective && c.rule != "" && strings.Contains(a.Value, c.rule) {
				t.Errorf("%q: the rule %q is in the objective %q", c.msg, c.rule, a.Value)
			}
		}
		got := strings.Join(rules, " | ")
		switch {
		case c.rule == "" && len(rules) > 0:
			t.Errorf("%q: rules %q, want none", c.msg, got)
		case c.rule != "" && !strings.Contains(got, c.rule):
			t.Errorf("%q: rules %q, want one holding %q", c.msg, got, c.rule)
		}
	}
}

// A permission for what a rule forbids, said with "now" and no
// condition, lifts that rule; one for another thing, or under a
// condition not met, lifts nothing.
func TestPermissionLiftsItsRule(t *testing.T) {
	const en = "u:Set up the FK migration. Don't touch the audit_log table. Please don't restart the ingress controller, it's shared."
	const zh = "u:先把外键迁移搭起来。别动 audit_log 表。别重启 ingress controller，它是共享的。"
	for _, c := range []struct {
		rules, say   string
		audit, restr string // the lifecycles wanted of the audit_log and the restart rule
	}{
		{en, "OK, you can touch audit_log now — we need the FK from audit_log.order_id. Go ahead.", Lifted, Active},
		{en, "You may now touch the audit_log table.", Lifted, Active},
		{en, "fine, you can edit audit_log again.", Lifted, Active},
		{en, "OK, you can restart ingress-nginx now — the platform team approved a window until 12:00.", Active, Lifted},
		{en, "You can restart the ingress controller now.", Active, Lifted},
		{zh, "现在可以动 audit_log 了。", Lifted, Active},
		{zh, "现在可以重启了。", Active, Lifted},

		{en, "OK, you can touch the billing table now.", Active, Active},
		{en, "you can touch audit_log_archive now", Active, Active},
		{en, "you can restart the redis pods now", Active, Active},
		{en, "you can touch audit_log after the review", Active, Active},
		{en, "you can touch audit_log now if the backup finished", Active, Active},
		{en, "can you touch audit_log now?", Active, Active},
		{en, "you can read audit_log now", Active, Active},
		{zh, "现在可以动 billing 表了。", Active, Active},
		{zh, "审核通过之后可以动 audit_log。", Active, Active},
	} {
		r := dialog(c.rules, "a:ok", "u:"+c.say)
		audit, restart := "audit_log", "ingress controller"
		if got := ruleState(r, audit); got != c.audit {
			t.Errorf("%q: the audit_log rule is %s, want %s", c.say, got, c.audit)
		}
		if got := ruleState(r, restart); got != c.restr {
			t.Errorf("%q: the restart rule is %s, want %s", c.say, got, c.restr)
		}
	}
}

// A thing declared fine for a scope, or with the rest kept, is an
// exception to the rule forbidding it; declared fine alone, it lifts the
// rule.
func TestFineForScopeAmends(t *testing.T) {
	for _, c := range []struct {
		rule, say string
		except    string // the exception the rule shows, "" when it is lifted
	}{
		{"u:Double the memory limit. Use helm for all changes, no raw kubectl apply.", "I want a debug pod with curl. Raw kubectl apply is fine for that throwaway pod — everything else stays helm.", "except: Raw kubectl apply is fine for that throwaway pod"},
		{"u:Set up the stack. No docker compose in this repo.", "docker compose is fine for the local smoke tests.", "except: docker compose is fine for the local smoke tests"},
		{"u:Set up the stack. No docker compose in this repo.", "docker compose is fine, the rest stays on k8s.", "except: docker compose is fine"},
		{"u:Set up the stack. No docker compose in this repo.", "docker compose is fine.", ""},
	} {
		r := dialog(c.rule, "a:ok", "u:"+c.say)
		var held *Anchor
		for _, a := range r.Heads() {
			if a.Kind == KindConstraint {
				held = a
			}
		}
		switch {
		case c.except == "" && held != nil:
			t.Errorf("%q: rule %q still held, want it lifted", c.say, held.Value)
		case c.except != "" && (held == nil || !strings.Contains(held.Value, c.except)):
			t.Errorf("%q: rule held %v, want one with %q", c.say, held, c.except)
		}
	}
}

// "scratch the X thing" retires the decision or the rule naming X; a
// prohibition only when the thing says it is one.
func TestRetractedByItsThing(t *testing.T) {
	for _, c := range []struct {
		first, say string
		gone, kept string // a rule or decision no longer in force, one still in force
	}{
		{"u:Fix the cart bug. Use yarn for scripts.", "Yes — scratch the yarn thing, we migrated last month. Always use pnpm.", "yarn", "pnpm"},
		{"u:Fix the cart bug. Always use yarn for scripts. No emojis in commit messages.", "ok, drop the yarn requirement.", "yarn", "emojis"},
		{"u:Fix the cart bug. Always use yarn for scripts. No emojis in commit messages.", "yeah, forget the yarn thing, we use pnpm now.", "yarn", "emojis"},
		{"u:Fix the cart bug. Go with the cursor pagination.", "right — scratch the cursor idea.", "cursor", ""},
		{"u:Fix the cart bug. Always use yarn for scripts. No emojis in commit messages.", "scratch the no-emoji thing, emojis are fine.", "no emojis", "yarn"},

		{"u:那就用 redis.asyncio。另外 commit message 统一用英文写。", "关于 commit message 用英文那条规矩，算了，取消吧，中文英文都行。", "统一用英文", ""},
		{"u:Fix the cart bug. Commit messages always go in English.", "about the English commit messages rule: scrap it, either language is fine.", "english", ""},

		{"u:Migrate the data. Let's not go down the pgloader road.", "drop the pgloader idea.", "", "pgloader"},
		{"u:那就用 redis.asyncio。另外 commit message 统一用英文写。", "关于 README 那条规矩，算了，取消吧。", "", "统一用英文"},
		{"u:Fix the cart bug. Always use yarn for scripts.", "scratch the cursor idea.", "", "yarn"},
		{"u:Fix the cart bug. Always use yarn for scripts.", "should we scratch the yarn thing?", "", "yarn"},
	} {
		inForce := func(r *Reducer, sub string) bool {
			for _, a := range r.Heads() {
				if (a.Kind == KindConstraint || a.Kind == KindDecision) && strings.Contains(strings.ToLower(a.Value), sub) {
					return true
				}
			}
			return false
		}
		if before := dialog(c.first); c.gone != "" && !inForce(before, c.gone) {
			t.Errorf("%q: %q never in force", c.first, c.gone)
		}
		r := dialog(c.first, "a:ok", "u:"+c.say)
		if c.gone != "" && inForce(r, c.gone) {
			t.Errorf("%q: %q still in force", c.say, c.gone)
		}
		if c.kept != "" && !inForce(r, c.kept) {
			t.Errorf("%q: %q not in force", c.say, c.kept)
		}
	}
}

// A thing called the exception to a rule named by its topic restates
// that rule with it; the sentence a pronoun points to is the exception,
// no rule of its own; no rule of that topic, nothing changes.
func TestExceptionToNamedRule(t *testing.T) {
	for _, c := range []struct {
		first, say string
		want       string // the rule held, with its exception
		never      string // no rule holds this
	}{
		{"u:Move the orders table. And every migration goes in a transaction.", "Right, CREATE INDEX CONCURRENTLY can't be in a transaction. That one's the exception to the transaction rule — everything else still gets BEGIN/COMMIT.",
			"every migration goes in a transaction — except: CREATE INDEX CONCURRENTLY can't be in a transaction.", ""},
		{"u:Build the API. Every endpoint gets an auth check.", "The /health endpoint is the exception to the auth rule.",
			"Every endpoint gets an auth check — except: The /health endpoint is the exception to the auth rule.", ""},
		{"u:Build the API. Every endpoint gets an auth check.", "Right, the healthcheck can't need a token. That one is exempt from the auth rule.",
			"Every endpoint gets an auth check — except: the healthcheck can't need a token.", ""},
		{"u:Build the API. Every endpoint gets an auth check.", "Right, the healthcheck can't log. That one's the exception to the logging rule.",
			"Every endpoint gets an auth check.", "except"},
	} {
		r := dialog(c.first, "a:ok", "u:"+c.say)
		var held []string
		for _, a := range r.Heads() {
			if a.Kind == KindConstraint {
				held = append(held, a.Value)
			}
		}
		got := strings.Join(held, " | ")
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: rules %q, want one holding %q", c.say, got, c.want)
		}
		if c.never != "" && strings.Contains(got, c.never) {
			t.Errorf("%q: rules %q, want none holding %q", c.say, got, c.never)
		}
	}
}
