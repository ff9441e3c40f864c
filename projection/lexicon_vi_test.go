package projection

import "testing"

// A Vietnamese message is read in no lexicon's language: its words that
// spell another language's function words ("mai" tomorrow, Italian's
// never; "con" child, "chi" elder sister) are not glossed as theirs, so
// "mai xem lại" (look again tomorrow) is no rule never to look again.
func TestVietnameseIsNoOtherLanguage(t *testing.T) {
	for _, c := range []struct {
		text string
		want lang
	}{
		{"crash-free thấp quá, halt rollout. mai xem lại", langNone},
		{"chi Lan dặn: chỉ tăng rollout khi crash-free users >= 99.5%", langNone},
		{"Non toccare mai lo stato remoto, per favore.", langIT},
	} {
		if got := detectLang(c.text, langNone); got != c.want {
			t.Errorf("detectLang(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	r := New(Options{SessionID: "s"})
	applyAll(r, []Event{
		{Seq: 0, Role: RoleUser, Text: "release 3.8.0 hôm nay, android + ios."},
		{Seq: 1, Role: RoleAssistant, Text: "Em build."},
		{Seq: 2, Role: RoleUser, Text: "crash-free 99.31% dưới ngưỡng. halt rollout, tắt enable_new_cart trên remote config. mai xem lại"},
	})
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint {
			t.Errorf("a Vietnamese task read as a rule: %s %q", a.ID, a.Value)
		}
	}
}
