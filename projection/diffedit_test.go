package projection

import (
	"strings"
	"testing"
)

// TestSearchReplaceBlocks: the blocks of a SEARCH/REPLACE diff, in
// Cline's old and new markers and Roo's with line hints; text that is
// no such diff has none.
func TestSearchReplaceBlocks(t *testing.T) {
	for _, c := range []struct {
		diff string
		want []edit
	}{
		{"<<<<<<< SEARCH\nCELERY_TASK_TIME_LIMIT = 300\n=======\nCELERY_TASK_TIME_LIMIT = 60\n>>>>>>> REPLACE",
			[]edit{{old: "CELERY_TASK_TIME_LIMIT = 300", new: "CELERY_TASK_TIME_LIMIT = 60"}}},
		{"------- SEARCH\nretries = 3\n=======\nretries = 5\n+++++++ REPLACE\n\n------- SEARCH\nx = 1\ny = 2\n=======\nx = 1\ny = 3\n+++++++ REPLACE\n",
			[]edit{{old: "retries = 3", new: "retries = 5"}, {old: "x = 1\ny = 2", new: "x = 1\ny = 3"}}},
		{"<<<<<<< SEARCH\n:start_line:12\n-------\nMAX_WORKERS = 4\n=======\nMAX_WORKERS = 8\n>>>>>>> REPLACE",
			[]edit{{old: "MAX_WORKERS = 4", new: "MAX_WORKERS = 8"}}},
		// unclosed: not read
		{"<<<<<<< SEARCH\nA = 1\n=======\nA = 2\n", nil},
		// a unified diff is no SEARCH/REPLACE diff
		{"--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-A = 1\n+A = 2\n", nil},
	} {
		got := searchReplaceBlocks(c.diff)
		if len(got) != len(c.want) {
			t.Errorf("searchReplaceBlocks(%q) = %+v, want %+v", c.diff, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("searchReplaceBlocks(%q)[%d] = %+v, want %+v", c.diff, i, got[i], c.want[i])
			}
		}
	}
}

// TestDiffEditValues: an edit by a SEARCH/REPLACE diff sets the value
// its changed line holds, as str_replace does; a line changed that holds
// no setting, or a block of several lines of code, sets none.
func TestDiffEditValues(t *testing.T) {
	for _, c := range []struct {
		tool, path, diff string
		want             []string
	}{
		{"replace_in_file", "orderhub/settings/local.py", "<<<<<<< SEARCH\nCELERY_TASK_TIME_LIMIT = 300\n=======\nCELERY_TASK_TIME_LIMIT = 60\n>>>>>>> REPLACE",
			[]string{"value/orderhub/settings/local.py/celery_task_time_limit=60 (was 300)"}},
		{"replace_in_file", "orderhub/settings/local.py", "<<<<<<< SEARCH\nCELERY_BROKER_URL = \"redis://localhost:6379/0\"\n=======\nCELERY_BROKER_URL = \"redis://localhost:6379/1\"\n>>>>>>> REPLACE",
			[]string{"value/orderhub/settings/local.py/celery_broker_url=redis://localhost:6379/1 (was redis://localhost:6379/0)"}},
		{"apply_diff", "src/config.ts", "<<<<<<< SEARCH\n:start_line:3\n-------\nexport const MAX_RETRIES = 3;\n=======\nexport const MAX_RETRIES = 5;\n>>>>>>> REPLACE",
			[]string{"value/src/config.ts/max_retries=5 (was 3)"}},
		{"replace_in_file", "config/app.yaml", "------- SEARCH\nworkers: 2\n=======\nworkers: 4\n+++++++ REPLACE",
			[]string{"value/config/app.yaml/workers=4 (was 2)"}},
		// no setting on the line
		{"replace_in_file", "app/views.py", "<<<<<<< SEARCH\n    return render(request)\n=======\n    return redirect(request)\n>>>>>>> REPLACE", nil},
		// a block of several lines of code
		{"replace_in_file", "app/tasks.py", "<<<<<<< SEARCH\nA = 1\nB = 2\n=======\nA = 1\nB = 3\n>>>>>>> REPLACE", nil},
	} {
		out := proposeToolResult(&Event{Seq: 2, Role: RoleTool, Text: "The content was successfully saved to " + c.path + ".", Result: &Result{CallID: "c1"}},
			&Context{Call: &Call{ID: "c1", Name: c.tool, Args: map[string]any{"path": c.path, "diff": c.diff}}})
		var got []string
		for _, p := range out {
			if p.Kind == KindValue {
				v := p.Key + "=" + p.Value
				if p.Was != "" {
					v += " (was " + p.Was + ")"
				}
				got = append(got, v)
			}
		}
		if strings.Join(got, ";") != strings.Join(c.want, ";") {
			t.Errorf("%s %s: values %q, want %q", c.tool, c.path, got, c.want)
		}
	}
}

// TestSettingsOfTwoFiles: a setting of one file set to the number
// another file's setting of that name holds is set, not taken for that
// one already done (values.yaml's maxReplicas back to 10 while
// values-prod.yaml's is 10).
func TestSettingsOfTwoFiles(t *testing.T) {
	r := New(Options{SessionID: "s"})
	edit := func(seq int, p, old, nu string) {
		id := "c" + p + old
		r.Apply(Event{Seq: seq, Role: RoleAssistant, Calls: []Call{{ID: id, Name: "str_replace_editor", Args: map[string]any{"command": "str_replace", "path": p, "old_str": old, "new_str": nu}}}})
		r.Apply(Event{Seq: seq + 1, Role: RoleTool, Text: "The file " + p + " has been edited.", Result: &Result{CallID: id}})
	}
	edit(1, "/w/values.yaml", "  minReplicas: 2\n  maxReplicas: 10\n", "  minReplicas: 3\n  maxReplicas: 20\n")
	edit(3, "/w/values-prod.yaml", "autoscaling:\n  enabled: false\n", "autoscaling:\n  enabled: true\n  minReplicas: 3\n  maxReplicas: 10\n")
	edit(5, "/w/values.yaml", "  minReplicas: 3\n  maxReplicas: 20\n", "  minReplicas: 3\n  maxReplicas: 10\n")
	got := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			got[a.Key] = a.Value
		}
	}
	for k, v := range map[string]string{
		"value//w/values.yaml/maxreplicas":                  "10",
		"value//w/values.yaml/minreplicas":                  "3",
		"value//w/values-prod.yaml/autoscaling.minreplicas": "3",
		"value//w/values-prod.yaml/autoscaling.maxreplicas": "10",
	} {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}
