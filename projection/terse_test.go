package projection

import "testing"

// A setting and its number said with no verb is a value; a list of bare
// pairs after a label is one value each; a count in an instruction, a
// place, a product's version or a subject and its verb is none.
func TestTerseSettings(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want [][2]string
	}{
		{"max upload 25mb", [][2]string{{"max upload", "25mb"}}},
		{"poll interval 90s btw", [][2]string{{"poll interval", "90s"}}},
		{"ok so the heartbeat is 15 to 30 s", [][2]string{{"heartbeat", "15 to 30 s"}}},
		{"cutoff 11pm", [][2]string{{"cutoff", "11pm"}}},
		{"shards 6", [][2]string{{"shards", "6"}}},
		{"build timeout 25 min", [][2]string{{"build timeout", "25 min"}}},
		{"logs keep-hot 3 keep-warm 30", [][2]string{{"keep-hot", "3"}, {"keep-warm", "30"}}},
		{"wait 5 minutes", nil},
		{"add 2", nil},
		{"step 3", nil},
		{"see table 4", nil},
		{"Redis 7", nil},
		{"Spring Boot 3.2", nil},
		{"the export takes 40 minutes", nil},
		{"use node 20", nil},
		{"only 5 left", nil},
		{"we deployed it on the new cluster and the p99 went from 300 to 120 ms after 2 days", nil},
	} {
		got := terseSettings(tc.s)
		if len(got) != len(tc.want) {
			t.Errorf("terseSettings(%q) = %v, want %v", tc.s, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("terseSettings(%q) = %v, want %v", tc.s, got, tc.want)
			}
		}
	}
}

// A terse setting repaired in its own breath is the repair, with the
// unit of what it repaired; a later change by its plural and a revert
// find it; a pronoun given a number of another unit is not about it.
func TestTerseSettingInSession(t *testing.T) {
	got := valueHeads(userSays(
		"we are moving the invoice export to the new queue today",
		"cutoff 10pm — no wait make it 11, finance closes late",
		"and cap it at 5M while people are in",
		"snapshots keep-hourly 12 keep-monthly 6",
		"triple the hourlies",
		"hmm no, put it back",
	))
	want := map[string]string{"cutoff": "11pm", "keep-hourly": "12", "keep-monthly": "6"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("values %v, want %v", got, want)
	}
}
