package projection

import "testing"

// Options offered in two labelled lists at once are chosen by topic and
// label: the topic names the list by its heading, or the words after the
// label restate the list's option; a label alone names neither list.
func TestGroupChoice(t *testing.T) {
	offer := `
> user
Today we grade lab 3.
> assistant
For the similarity check there are three options:
A) JPlag, runs locally on the server
B) MOSS, Stanford's service (uploads the code to their server)
C) no similarity check for this lab
And for exercises that pass only some of the tests:
A) grade proportional to the tests passed
B) all or nothing per exercise
> user
`
	for _, c := range []struct {
		name, says  string
		want, never []string
	}{
		{"topics", "Similarity: A, JPlag. MOSS sends code to the US and we can't.\nPartial passes: B.",
			[]string{`decision/-/jplag-runs-locally-server \[active/normative\] = JPlag, runs locally on the server \(Similarity: A, JPlag.\)`,
				`decision/-/nothing-per-exercise \[active/normative\] = all or nothing per exercise \(Partial passes: B.\)`}, nil},
		{"restated option", "Partial credit: A, proportional.",
			[]string{`= grade proportional to the tests passed \(Partial credit: A, proportional.\)`}, nil},
		{"a label alone", "A.", nil, []string{`decision/-/jplag`, `decision/-/grade-proportional`}},
		{"a topic naming neither list", "Deadline: B.", nil, []string{`decision/-/moss`, `decision/-/nothing-per-exercise`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, offer+c.says), c.want, c.never)
		})
	}
	// Inline lists, each after its topic.
	expect(t, reduceAll(t, `
> user
Today we set up the sync.
> assistant
Two choices before I start:
Sync schedule: A) WorkManager periodic work every 30 minutes; B) a foreground service polling every 5 minutes.
Conflict policy: A) server wins; B) last write wins.
> user
sync: A. conflicts: B
`), []string{`= WorkManager periodic work every 30 minutes \(sync: A.\)`, `= last write wins \(conflicts: B\)`}, nil)
}
