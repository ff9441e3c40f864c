package projection

import "testing"

// TestCountedMarksFirstNotOne: loose marks that open sentences but start
// above 1 ("2 ja. 3 nee") are no count from 1, and reading them never
// looks at a mark before the first (it panicked with index -1).
func TestCountedMarksFirstNotOne(t *testing.T) {
	for _, s := range []string{"2 ja. 3 nee", "3 yes. 5 no", "2 tak. 4 nie. 5 ok"} {
		if got := countedMarks(s, false); got != nil {
			t.Errorf("countedMarks(%q) = %v, want nil", s, got)
		}
	}
	if got := countedMarks("1 ja. 3 zet maar op 60", false); len(got) != 2 {
		t.Errorf("countedMarks(1 ja. 3 …) = %v, want two marks", got)
	}
}

// TestNumberedAnswersFirstNotOne: the same reply in a session, after the
// agent asked three questions, reduces without a panic.
func TestNumberedAnswersFirstNotOne(t *testing.T) {
	out := reduceAll(t, `
> user
fix the export timeout in the api
> assistant
A few questions:
1. Keep the old endpoints while the flag is off?
2. Is 30 s enough for the monthly report?
3. Should the flag be per tenant?
> user
2 ja. 3 nee
`)
	expect(t, out, []string{`objective`}, nil)
}
