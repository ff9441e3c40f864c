package projection

import "testing"

// A task the user hands to someone else or calls off is released; one the
// sentence does not name stays open, and no rule is lifted by it. A task
// added in passing among rules ("顺便把 … 也支持下") is a task, not a rule,
// and a version or an identifier names it.
func TestHandoffReleasesTheTaskItNames(t *testing.T) {
	for _, c := range []struct {
		says     []string
		released bool
	}{
		{[]string{"Before Friday, write the SRT to VTT conversion script for the old courses.", "Don't touch the prod bucket.", "skip the SRT to VTT script, not needed any more"}, true},
		{[]string{"之后还要把每个 lot 的良率状态回写 MES。", "不要删 prod bucket 的东西。", "MES 回写那块交给 MES 组的阿凯做，他们有自己的 API，你不用弄。"}, true},
		{[]string{"Remember to update the DNS records for the new load balancer.", "Priya's team will take care of the DNS records, no need for you to do it."}, true},
		{[]string{"Remember to update the DNS records for the new load balancer.", "no need to rush the changelog"}, false},
		{[]string{"几个规矩：\n- 金额一律用分存\n- 顺便把 OCPP 2.0.1 也支持下", "2.0.1 先不做了，下个季度再说。"}, true},
		{[]string{"对了，顺手把 en_mmlu 也加上一起跑。", "en_mmlu 那个算了，不跑了，预算本来就紧。"}, true},
		{[]string{"对了，顺手把 en_mmlu 也加上一起跑。", "cn_math 不跑了。"}, false},
		{[]string{"At the end email the students who score under 3.0.", "About the email to the ones under 3.0, don't send it, Marcela will call them herself."}, true},
		{[]string{"At the end email the students who score under 3.0.", "skip the email to the under-3.0 students, Marcela will call them."}, true},
		{[]string{"Al final mándales un correo a los que saquen menos de 3.0.", "Lo del correo a los de menos de 3.0 no lo mandes, Marcela los va a llamar ella misma."}, true},
		{[]string{"At the end email the students who score under 3.0.", "skip the linter for now"}, false},
		{[]string{"one more: write a short note in CHANGELOG.md by friday.", "hmm, let's not do the changelog after all, release notes are generated now"}, true},
		{[]string{"one more: write a short note in CHANGELOG.md by friday.", "no need for the changelog note anymore"}, true},
		{[]string{"one more: write a short note in CHANGELOG.md by friday.", "the changelog note isn't needed anymore"}, true},
		{[]string{"one more: write a short note in CHANGELOG.md by friday.", "let's not touch the deploy scripts"}, false},
		{[]string{"before you hand it to QA, bump the versionCode and write the release note in CHANGELOG.md"}, false},
		{[]string{"things to do before I hand this off to Leiden: write samplesheets/cohortC.csv from the core's manifest"}, false},
	} {
		r := userSays(append([]string{"We're moving the course videos to HLS this week."}, c.says...)...)
		open, lifted := 0, 0
		for _, a := range r.Anchors() {
			switch {
			case a.Kind == KindObligation && a.Lifecycle == Open:
				open++
			case a.Kind == KindObligation && a.Lifecycle == Lifted:
				lifted++
			case a.Kind == KindConstraint && a.Lifecycle != Active:
				t.Errorf("%q: rule %q %s", c.says, a.Value, a.Lifecycle)
			}
		}
		if c.released && (open != 0 || lifted != 1) || !c.released && (open != 1 || lifted != 0) {
			t.Errorf("%q: %d open, %d released, want released=%v", c.says, open, lifted, c.released)
		}
	}
}
