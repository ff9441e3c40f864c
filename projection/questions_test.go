package projection

import "testing"

func TestOpenQuestionWordings(t *testing.T) {
	for _, s := range []string{"open question that's still pending: whether the ids are uuids or ints",
		"question for later: do we keep the xml exporter?", "I still don't know whether the vendor API paginates",
		"we don't know yet if the cron runs in UTC", "retention period is still TBD", "缓存过期时间待确认", "还不知道要不要兼容 IE11",
		"Open questions: which region hosts the replica"} {
		if !openQuestion(s) {
			t.Errorf("openQuestion(%q) = false", s)
		}
	}
	for _, s := range []string{"the question is answered in the docs already", "I know whether it works: it does", "pending jobs drain at midnight", "这个已经确定了"} {
		if openQuestion(s) {
			t.Errorf("openQuestion(%q) = true", s)
		}
	}
}

func TestAttemptToldOverTwoMessages(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "fyi we tried sharding the queue by tenant last quarter."})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Text: "Noted."})
	r.Apply(Event{Seq: 3, Role: RoleUser, Text: "it deadlocked the consumers under load, so don't go there. Keep one queue."})
	var neg *Anchor
	for _, a := range r.Anchors() {
		if a.Kind == KindNegative {
			neg = a
		}
		if a.Kind == KindConstraint && a.Quote == "it deadlocked the consumers under load, so don't go there." {
			t.Errorf("the verdict was read as a rule cut from its attempt: %s", a.Value)
		}
	}
	if neg == nil || neg.Value != "fyi we tried sharding the queue by tenant last quarter. it deadlocked the consumers under load, so don't go there." {
		t.Fatalf("negative knowledge = %v, want the attempt with its verdict", neg)
	}
	// An attempt with no verdict next is nothing; a verdict far later is
	// not its verdict.
	r = New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "we tried the nightly toolchain once."})
	for i := 2; i < 2+attemptGap; i++ {
		r.Apply(Event{Seq: i, Role: RoleAssistant, Text: "Working on it."})
	}
	r.Apply(Event{Seq: 9, Role: RoleUser, Text: "it crashed the linker, annoying."})
	for _, a := range r.Anchors() {
		if a.Kind == KindNegative && a.Key == "negative/-/"+slug("we tried the nightly toolchain once.") {
			t.Errorf("verdict %d events later joined the attempt: %s", 8, a.Value)
		}
	}
}

func TestRelayedAnswerClosesTheQuestionItNames(t *testing.T) {
	ctx := &Context{Questions: map[string]string{"question/-/a": "待确认：退货运费由谁承担", "question/-/b": "question for later: which region hosts the replica?"}}
	for s, want := range map[string]string{
		"客服的阿强说退货运费由商家承担":                            "question/-/a",
		"Jonas says the replica region is eu-west-1": "question/-/b",
		"the replica is fine":                        "", // no one relayed it
		"Jonas says lunch is at noon":                "", // names no question
	} {
		if got := relayedAnswer(s, ctx); got != want {
			t.Errorf("relayedAnswer(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestTriedAndBackedOffIsNegativeKnowledge(t *testing.T) {
	for _, s := range []string{"we tried vendoring the SDK last year and the upgrades became hell, don't go there",
		"之前试过把缓存放在本地磁盘，别再走这条路"} {
		ps, _ := userKnowledge(s)
		if len(ps) != 1 || ps[0].Kind != KindNegative {
			t.Errorf("userKnowledge(%q) = %+v, want negative knowledge", s, ps)
		}
	}
}

// One shared name closes a question of one or two names only when the
// statement is about it: it opens a clause, another word of the
// question comes with it, or it is whom the question was left with.
func TestOneSharedNameAnswers(t *testing.T) {
	q := "I don't know if the admin UI still calls /v1/count, leave it for now"
	ctx := &Context{Questions: map[string]string{"question/-/a": q}, OpenQuestions: map[string]string{}}
	for _, w := range distinctive(q) {
		ctx.OpenQuestions[w] = "question/-/a"
	}
	for s, want := range map[string]string{
		"/v1/count is not used anymore, you can delete it.":              "question/-/a",
		"checked: /v1/count has no callers left":                         "question/-/a",
		"the admin UI never calls /v1/count, the logs show zero hits.":   "question/-/a",
		"the deploy went red after the cache for /v1/count was rebuilt.": "",
		"I restarted the worker because /v1/count timed out twice.":      "",
		"the nightly ETL copies /v1/count's table to the warehouse.":     "",
	} {
		if got := answers(s, ctx); got != want {
			t.Errorf("answers(%q) = %q, want %q", s, got, want)
		}
	}
}

// A question relayed as waiting on someone is open: someone has not said
// whether, someone asks whether and the user does not know or will ask
// on, a Chinese question whose answer someone still owes.
func TestPendingQuestionWordings(t *testing.T) {
	for _, s := range []string{"she also hasn't said if she wants a week of shadow or a full month-end close first.",
		"ops is asking whether we keep the old cron box, no idea honestly.",
		"the client wants to know if exports include VAT, I'll ask Priya tomorrow",
		"legal didn't tell us whether the logs count as personal data",
		"还有客户 B 的 lot 要不要放独立的 bucket，业务还没回我。"} {
		if !openQuestion(s) {
			t.Errorf("openQuestion(%q) = false", s)
		}
	}
	for _, s := range []string{"he didn't say much at the standup", "she asked whether the deploy passed, and it did",
		"the vendor hasn't replied yet", "客户还没回我，先做别的", "I don't know why the tests are slow but it's fine"} {
		if openQuestion(s) {
			t.Errorf("openQuestion(%q) = true", s)
		}
	}
}
