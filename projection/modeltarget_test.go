package projection

import (
	"fmt"
	"testing"
)

// A model's value and its later changes, where the quote names the
// setting only in part: a row of a table whose header names the column,
// a change that names the setting by one word of its own ("double the
// target"), an Arabic word behind a proclitic, a noun whose verb set it,
// a time of day moved by minutes, and a name long only in function words.
// Each case's last value is the one the state must show; a change said of
// another setting is dropped.
func TestModelValueNamedInPart(t *testing.T) {
	for _, tc := range []struct {
		name  string
		texts []string // the user's messages, e0, e1, …
		lines []string
		key   string
		want  string // "" : the key holds no model value
		drops int    // proposals dropped
	}{
		{
			name: "table row and a change of it",
			texts: []string{
				"Staging sizes for now:\n| service | replicas | memory | cpu | owner |\n|---|---|---|---|---|\n| api | 3 | 512Mi | 250m | core |\n| worker | 2 | 1Gi | 500m | data |\nKeep them like that until Friday.",
				"Add one api replica, the queue is backing up.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"| api | 3 | 512Mi |","subject":"api replicas","value":"3","id":"p1"}`,
				`{"kind":"supersedes","event":"e1","quote":"Add one api replica","value":"one","change":"+1","target":"p1"}`,
			},
			key: "value/-/api_replicas", want: "4 (was 3)",
		},
		{
			name: "the header alone does not name a row outside the table",
			texts: []string{
				"| service | replicas |\n|---|---|\n| api | 3 |\nThe batch job runs 5 times a day.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"The batch job runs 5 times","subject":"batch replicas","value":"5"}`,
			},
			key: "value/-/batch_replicas", want: "", drops: 1,
		},
		{
			name: "a change naming the setting by a word of its own",
			texts: []string{
				"For the soak test aim for 2k requests per second, target for the whole weekend.",
				"Set the cache size to 512MB.",
				"ok the target: double it.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"aim for 2k requests per second, target","subject":"requests per second","value":"2k","id":"p1"}`,
				`{"kind":"supersedes","event":"e2","quote":"the target: double it","value":"double it","change":"*2","target":"p1"}`,
			},
			key: "value/-/requests_per_second", want: "4k (was 2k)",
		},
		{
			name: "a change said of another setting does not land on the target",
			texts: []string{
				"For the soak test aim for 2k requests per second.",
				"Set the cache size to 512MB.",
				"and double the cache size.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"aim for 2k requests per second","subject":"requests per second","value":"2k","id":"p1"}`,
				`{"kind":"supersedes","event":"e2","quote":"double the cache size","value":"double","change":"*2","target":"p1"}`,
			},
			key: "value/-/requests_per_second", want: "2k", drops: 1,
		},
		{
			name: "an Arabic word behind and-the",
			texts: []string{
				// phrased so the log's own Arabic reading takes neither
				// value ("خلّ الذاكرة 2GB", "والذاكرة خليها 4GB" it reads:
				// TestArabicSettings)
				"الذاكرة المخصصة للحاوية 2GB حالياً.",
				"Set the cache size to 512MB.",
				"والذاكرة نبيها 4GB لو سمحت.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"الذاكرة المخصصة للحاوية 2GB","subject":"الذاكرة","value":"2GB","id":"p1"}`,
				`{"kind":"supersedes","event":"e2","quote":"والذاكرة نبيها 4GB","value":"4GB","target":"p1"}`,
			},
			key: "value/-/الذاكرة", want: "4GB (was 2GB)",
		},
		{
			name: "a time of day moved, then back as it was",
			texts: []string{
				"The nightly backup starts at 02:30.",
				"Mulai besok backup-nya setengah jam lebih awal.",
				"Jam backup-nya balikin kayak semula, DBA-nya protes.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"The nightly backup starts at 02:30","subject":"nightly backup starts","value":"02:30","id":"p1"}`,
				`{"kind":"supersedes","event":"e1","quote":"backup-nya setengah jam lebih awal","value":"setengah jam lebih awal","change":"-30 min","target":"p1","id":"p2"}`,
				`{"kind":"supersedes","event":"e2","quote":"Jam backup-nya balikin kayak semula","value":"balikin kayak semula","change":"revert","target":"p2"}`,
			},
			key: "value/-/nightly_backup_starts", want: "02:30 (was 02:00)",
		},
		{
			name: "a change of the value held under the subject named",
			texts: []string{
				"Fleet for tomorrow:\n| type | count | seats | fuel | depot |\n|---|---|---|---|---|\n| Sprinter | 3 | 2 | diesel | A |\n| eVito | 4 | 2 | electric | B |",
				"Set the cache size to 512MB.",
				"One Sprinter less, we sold it last week.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"| Sprinter | 3 |","subject":"Sprinter count","value":"3"}`,
				`{"kind":"value","event":"e2","quote":"One Sprinter less","subject":"Sprinter count","value":"One Sprinter less","change":"-1"}`,
			},
			key: "value/-/sprinter_count", want: "2 (was 3)",
		},
		{
			name: "a Latin word behind Arabic and",
			texts: []string{
				"الجودات: 1080p على 5000k و720p على 2800k.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"و720p على 2800k","subject":"720p","value":"2800k"}`,
			},
			key: "value/-/720p", want: "2800k",
		},
		{
			name: "a long name of few content words",
			texts: []string{
				"The grace period for the late invoices of the north region is 14 days.",
			},
			lines: []string{
				`{"kind":"value","event":"e0","quote":"The grace period for the late invoices of the north region is 14 days","subject":"grace period for the late invoices of the north region","value":"14 days"}`,
			},
			key: "value/-/grace_period_for_the_late_invoices_of_the_north_region", want: "14 days",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var evs []Event
			for i, text := range tc.texts {
				evs = append(evs, Event{Seq: i, Role: RoleUser, Text: text})
			}
			r := New(Options{SessionID: "s"})
			applyAll(r, evs)
			rep := admitLines(t, r, evs, tc.lines...)
			drops := 0
			for _, n := range rep.Dropped {
				drops += n
			}
			got := ""
			for _, a := range r.ModelAnchors() {
				if a.Kind == KindValue && a.Key == tc.key && a.IsHead() {
					got = a.Value
					if a.Was != "" {
						got += fmt.Sprintf(" (was %s)", a.Was)
					}
				}
			}
			if got != tc.want || drops != tc.drops {
				t.Errorf("value %q, dropped %d (%v); want %q, %d dropped", got, drops, rep.Dropped, tc.want, tc.drops)
			}
		})
	}
}

// A time of day moves by a step in hours or minutes; other changes of it
// say nothing computable.
func TestApplyChangeClock(t *testing.T) {
	for _, tc := range []struct{ held, change, want string }{
		{"05:30", "-30 min", "05:00"},
		{"23:30", "+1 h", "00:30"},
		{"05:30", "*2", ""},
		{"1.2.0", "+1", ""},
	} {
		got, ok := applyChange(tc.held, tc.change)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("applyChange(%q, %q) = %q, want %q", tc.held, tc.change, got, tc.want)
		}
	}
}

// A rule the log read, replaced by the user's newer words the model cites
// (a supersedes of it, about the same thing: a word of the rule's in the
// new words), stands replaced in the state: the new rule shows what it
// replaced and the old one is no longer a head beside it. A supersedes
// whose words share nothing with the rule replaces nothing in the view.
func TestModelSupersedesLogRule(t *testing.T) {
	for _, tc := range []struct {
		later, quote string
		oldShown     bool
	}{
		{"Ab heute sind deploys am Freitag vor 12 Uhr okay.", "Ab heute sind deploys am Freitag vor 12 Uhr okay", false},
		{"Nimm pnpm für die Installationen.", "Nimm pnpm für die Installationen", true},
	} {
		evs := []Event{
			{Seq: 0, Role: RoleUser, Text: "Never run deploys on a Friday."},
			{Seq: 1, Role: RoleAssistant, Text: "Understood."},
			{Seq: 2, Role: RoleUser, Text: tc.later},
		}
		r := New(Options{SessionID: "s"})
		applyAll(r, evs)
		var rule *Anchor
		for _, a := range r.Heads() {
			if a.Kind == KindConstraint && a.Proposed == nil && a.Quote == "Never run deploys on a Friday." {
				rule = a
			}
		}
		if rule == nil {
			t.Fatalf("the log did not read the rule: %v", r.Heads())
		}
		rep := admitLines(t, r, evs, fmt.Sprintf(`{"kind":"supersedes","event":"e2","quote":%q,"target":%q}`, tc.quote, rule.ID))
		if len(rep.Admitted) != 1 {
			t.Fatalf("%q: admitted %v, dropped %v", tc.later, rep.Admitted, rep.Dropped)
		}
		shown := false
		for _, a := range r.Heads() {
			if a.ID == rule.ID {
				shown = true
			}
		}
		if shown != tc.oldShown {
			t.Errorf("%q: the log's rule shown %v, want %v", tc.later, shown, tc.oldShown)
		}
	}
}
