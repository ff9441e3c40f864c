package projection

import (
	"slices"
	"strings"
	"testing"
)

// TestSetValues: a command whose verb sets things gives each setting it
// names, scoped by its program and the thing it sets; a per-run override,
// a setting verb of another program, a value holding a variable and a
// dry run give none.
func TestSetValues(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		want []string
	}{
		{"sysctl -w vm.swappiness=10", []string{"value/sysctl/vm.swappiness=10"}},
		{"ssh mx2 'postconf -e smtpd_tls_security_level=may && systemctl reload postfix'", []string{"value/postconf/smtpd_tls_security_level=may"}},
		{"kubectl set env deploy/api LOG_LEVEL=debug WORKERS=4", []string{"value/kubectl:env:deploy/api/log_level=debug", "value/kubectl:env:deploy/api/workers=4"}},
		{"heroku config:set PAGE_SIZE=50 -a shop", []string{"value/heroku/page_size=50"}},
		{"qm set 210 --memory 8192 --cores 4 && qm config 210", []string{"value/qm:210/cores=4", "value/qm:210/memory=8192"}},
		{"python train.py --set lr=0.02 --epochs 3", nil},
		{"helm upgrade api ./chart --set replicas=3", nil},
		{"perl -e 'print 1' x=2", nil},
		{"kubectl set env deploy/api TOKEN=$TOKEN", nil},
		{"kubectl set env deploy/api LOG_LEVEL=debug --dry-run=client", nil},
	} {
		var got []string
		for _, p := range setValues(c.cmd) {
			if !strings.Contains(c.cmd, p.Quote) {
				t.Errorf("%q: quote %q is not in the command", c.cmd, p.Quote)
			}
			got = append(got, p.Key+"="+p.Value)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.cmd, got, c.want)
		}
	}
}

// TestSetValueReplaced: the same key of the same thing set again replaces
// the value; another thing's key does not.
func TestSetValueReplaced(t *testing.T) {
	r := New(Options{})
	seq := 0
	run := func(cmd string) {
		c := Call{ID: "c" + string(rune('a'+seq)), Name: "bash", Args: map[string]any{"cmd": cmd}}
		r.Apply(Event{Seq: seq, Role: RoleAssistant, Text: "Setting it.", Calls: []Call{c}})
		r.Apply(Event{Seq: seq + 1, Role: RoleTool, Text: "ok", Result: &Result{CallID: c.ID}})
		seq += 2
	}
	run("qm set 210 --memory 8192")
	run("qm set 211 --memory 2048")
	run("qm set 210 --memory 4096")
	got := map[string]string{}
	for _, a := range r.Anchors() {
		if a.Kind == KindValue && a.IsHead() {
			got[a.Key] = a.Value + " (was " + a.Was + ")"
		}
	}
	if got["value/qm:210/memory"] != "4096 (was 8192)" || got["value/qm:211/memory"] != "2048 (was )" {
		t.Errorf("values: %v", got)
	}
}

// TestSetValuesNotInCode: a script holding "set" and keyword arguments is
// no setting command.
func TestSetValuesNotInCode(t *testing.T) {
	for _, cmd := range []string{
		"python - <<'EOF'\n# not in the set of models\nfield(name=model_name, index=True)\nEOF",
		"python -c \"s = set(); cfg.update(retries=3)\"",
		"echo the set -e flag=on",
		"kubectl set env deploy/api LEVEL=debug,",
	} {
		if got := setValues(cmd); len(got) != 0 {
			t.Errorf("%q: got %v", cmd, got)
		}
	}
}
