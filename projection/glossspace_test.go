package projection

import "testing"

// A Japanese message read through its gloss shows the user's words: the
// particle は before a space is glossed without a second space, and a
// value that dropped the gloss's spaces still maps back.
func TestGlossKeepsTheUsersWords(t *testing.T) {
	for _, s := range []string{"リトライは 3 にしてください。", "retries は 3 にしてください。", "タイムアウトは 30 秒です。"} {
		ev := Event{Role: RoleUser, Text: s, Seq: 3}
		for _, p := range (Deterministic{}).Propose(&ev, &Context{}) {
			if p.Kind == KindObjective && p.Value != s {
				t.Errorf("%q: objective %q, want the message as written", s, p.Value)
			}
		}
		if g := glossOf(s, langJA); g == nil || contains2Spaces(g.text) {
			t.Errorf("%q: gloss %v has two spaces where the user wrote one", s, g)
		}
	}
}

func contains2Spaces(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == ' ' && s[i+1] == ' ' {
			return true
		}
	}
	return false
}
