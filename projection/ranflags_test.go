package projection

import "testing"

// A relative change of a setting only the agent's last command gave a
// number takes that number: by the option's words, or, said with no
// word, the run's one numeric option; a run with several names none.
func TestRelativeFromRunFlags(t *testing.T) {
	run := func(cmd string) Event {
		return Event{Role: RoleAssistant, Text: "Running it.", Calls: []Call{{ID: "c", Name: "bash", Args: map[string]any{"cmd": cmd}}}}
	}
	for _, tc := range []struct {
		evs  []Event
		want map[string]string
	}{
		{[]Event{{Role: RoleUser, Text: "we are retraining the ranker today"}, run("python train.py --batch-size 64 --config ranker.yaml"), {Role: RoleUser, Text: "it ran out of memory, halve the batch size"}},
			map[string]string{"batch size": "32"}},
		{[]Event{{Role: RoleUser, Text: "we are fixing the thumbnailer today"}, run("convert.sh --jpeg-quality 70 in.png"), {Role: RoleUser, Text: "looks muddy. make it 20% higher"}, {Role: RoleUser, Text: "hmm no, put it back"}},
			map[string]string{"jpeg-quality": "70"}},
		{[]Event{{Role: RoleUser, Text: "we are fixing the thumbnailer today"}, run("resize.py --quality 80 --width 1200 in.png"), {Role: RoleUser, Text: "double it"}},
			map[string]string{}},
	} {
		got := valueHeads(reduced(tc.evs...))
		if len(got) != len(tc.want) {
			t.Errorf("values %v, want %v", got, tc.want)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
			}
		}
	}
}
