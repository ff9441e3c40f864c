package projection

import "testing"

// A rule after the place it holds in, with no comma ("In the prod
// namespace billing-prod never terminate …"), and a Chinese prohibition
// by 不可以 are rules; a place followed by a subject is a statement.
func TestRuleAfterPlaceAndBukeyi(t *testing.T) {
	for _, s := range []string{"In the prod namespace billing-prod never terminate, reset or delete workflows or schedules.",
		"on staging always run the migrations with --plan first",
		"also for now dont launch anything on gpu-07",
		"绝对不可以贴到或上传到任何外部服务。"} {
		if !isRule(s) {
			t.Errorf("isRule(%q) = false", s)
		}
	}
	for _, s := range []string{"In prod it never fails on Mondays.", "in March the lock never released", "On Friday there was never a deploy."} {
		if isRule(s) {
			t.Errorf("isRule(%q) = true", s)
		}
	}
}
