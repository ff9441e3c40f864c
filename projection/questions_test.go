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
