package projection

import "testing"

func TestDueTaskAndListValues(t *testing.T) {
	for _, tc := range []struct {
		ss   []string
		want bool
	}{
		{[]string{"before you tag the release, regenerate the OpenAPI client and commit it"}, true},
		{[]string{"before u merge: squash the fixup commits"}, true},
		{[]string{"上线之前：把监控面板的阈值调好"}, true},
		{[]string{"for the demo: 请把截图放到 docs/demo/ 里", "周五之前搞定"}, true},
		{[]string{"write the migration guide by Friday"}, true},
		// A time clause before a prohibition is a rule; a time told is no task.
		{[]string{"上线前，别动 nginx 的配置"}, false},
		{[]string{"before you ask, the staging db is fine"}, false},
		{[]string{"we shipped it before Friday"}, false},
	} {
		if got := dueTask(tc.ss[0], tc.ss, 0); got != tc.want {
			t.Errorf("dueTask(%q) = %v, want %v", tc.ss, got, tc.want)
		}
	}
	got := map[string]string{}
	for _, p := range listValues("defaults for the crawler: concurrency 8, timeout 20s, 3 retries", "") {
		got[p.Name] = p.Value
	}
	if got["concurrency"] != "8" || got["timeout"] != "20s" || got["retries"] != "3" || len(got) != 3 {
		t.Errorf("listValues = %v", got)
	}
	if ps := listValues("I met Sam 2 days ago, we talked", ""); ps != nil {
		t.Errorf("listValues of a story = %v", ps)
	}
	if !sameWords("per_gpu_batch", "batch_size_per_gpu") || sameWords("read_timeout", "write_timeout") {
		t.Error("sameWords")
	}
}

func TestQuestionDeferredAfterDoubt(t *testing.T) {
	r := New(Options{})
	for i, s := range []string{
		"Move the nightly export to the new bucket.",
		"not sure whether the export needs the PII columns masked first. let me ask Priya",
		"Priya says the PII columns must be masked before export, legal requires it",
		"我不太确定告警阈值要不要跟着改？我问一下运维组的老李",
		"老李说阈值不用改",
	} {
		r.Apply(Event{Seq: i, Role: RoleUser, Text: s})
	}
	open := 0
	for _, a := range r.Heads() {
		if a.Kind == KindUncertainty && a.Lifecycle == HypothesisLC {
			open++
			t.Errorf("still open: %s", a.Value)
		}
	}
	if open != 0 {
		t.Fail()
	}
}
