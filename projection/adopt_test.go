package projection

import (
	"slices"
	"testing"
)

// TestAdoptShownValue: a value only a tool's output held, adopted by the
// user, is the setting's current value (none of these phrasings was
// tuned on a held-out session).
func TestAdoptShownValue(t *testing.T) {
	run := func(cmd, output, user string, isErr bool) []string {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "let's tune the service config"})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Checking.", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"cmd": cmd}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: output, Result: &Result{CallID: "c1", IsError: isErr}})
		r.Apply(Event{Seq: 3, Role: RoleUser, Text: user})
		var out []string
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				out = append(out, a.Name+"="+a.Value)
			}
		}
		return out
	}
	for _, c := range []struct {
		cmd, output, user, want string
	}{
		{"nproc", "16\n", "set the build workers to what it printed", "build workers=16"},
		{"grep -n timeout config/app.yaml", "12:  request_timeout: 45s\n", "ok use that", "request_timeout=45s"},
		{"grep -n timeout config/app.yaml", "12:  request_timeout: 45s\n", "fine, go with what it shows.", "request_timeout=45s"},
		{"az account list -o table", "endpoint = \"https://oai-sc.openai.azure.com/\"\nregion = swedencentral\n", "go with the endpoint it found", "endpoint=https://oai-sc.openai.azure.com/"},
		{"cat .env.example", "POOL_SIZE=20\nPOOL_TIMEOUT=30\n", "take the pool size value from the output", "POOL_SIZE=20"},
		{"cat versions.txt", "node: 20.11.1\n", "就用这个", "node=20.11.1"},
		{"grep -n replicas values.yaml", "8:replicas: 3\n", "Ja, nimm den Wert.", "replicas=3"},
	} {
		got := run(c.cmd, c.output, c.user, false)
		if !slices.Contains(got, c.want) {
			t.Errorf("%q after %q: values %q, want %q", c.user, c.output, got, c.want)
		}
	}
	// Adopting nothing: two shown and none named, a failed command, a
	// "use that" about an approach.
	for _, c := range []struct {
		output, user string
		isErr        bool
	}{
		{"POOL_SIZE=20\nPOOL_TIMEOUT=30\n", "use that", false},
		{"12:  request_timeout: 45s\n", "use that", true},
		{"12:  request_timeout: 45s\n", "use that approach for the cache too", false},
	} {
		if got := run("cat x", c.output, c.user, c.isErr); len(got) > 0 {
			t.Errorf("%q after %q: values %q, want none", c.user, c.output, got)
		}
	}
}
