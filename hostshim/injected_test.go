package hostshim

import (
	"encoding/json"
	"testing"
)

// DSH's runtime-context snapshot is the host's chatter by its source, as
// the host itself tells it (dsh-agent-loop's isOwned): never by its text.
// Other plugin forms, a checkpoint, and the same words in the user's own
// message keep their role.
func TestInjectedAsRuntimeContext(t *testing.T) {
	const snapshot = "Current runtime context. This snapshot supersedes earlier runtime-context snapshots.\n\nApproval policy: ask."
	for _, tc := range []struct {
		name, source, want string
	}{
		{"runtime-context snapshot", `{"kind":"plugin","plugin":"@deepseek-ai/dsh-system-prompt","form":"snapshot","sections":[{"name":"approval:policy","text":"Approval policy: ask."}]}`, InjectedChatter},
		{"runtime context cleared (no form)", `{"kind":"plugin","plugin":"@deepseek-ai/dsh-system-prompt"}`, InjectedChatter},
		{"another producer's snapshot", `{"kind":"plugin","plugin":"time-context","form":"snapshot","sections":[]}`, InjectedChatter},
		{"skill catalog", `{"kind":"skill-catalog","form":"catalog"}`, InjectedChatter},
		{"importer's mark wins", `{"kind":"user","injected":"interruption"}`, InjectedInterruption},
		// near misses
		{"the user's own words", `{"kind":"user"}`, ""},
		{"no source", ``, ""},
		{"checkpoint", `{"kind":"plugin","plugin":"compact","compactionId":"c1"}`, ""},
		{"goal notice", `{"kind":"plugin","plugin":"tool-goal","form":"notice","summary":"goal complete"}`, ""},
		{"instruction file", `{"kind":"agent-instructions","form":"instructions"}`, InjectedInstructions},
		{"skill catalog without form", `{"kind":"plugin","plugin":"dsh-tool-skill"}`, ""},
		{"a look-alike plugin name", `{"kind":"plugin","plugin":"@deepseek-ai/dsh-system-prompt-extra"}`, ""},
		{"the producer's name under another kind", `{"kind":"user","plugin":"@deepseek-ai/dsh-system-prompt"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := `{"role":"user","content":[{"type":"text","text":` + mustQuote(snapshot) + `}]`
			if tc.source != "" {
				raw += `,"source":` + tc.source
			}
			raw += `}`
			var m Message
			if err := json.Unmarshal([]byte(raw), &m); err != nil {
				t.Fatal(err)
			}
			if got := m.InjectedAs(); got != tc.want {
				t.Errorf("InjectedAs() = %q, want %q", got, tc.want)
			}
		})
	}
	var nilMsg *Message
	if got := nilMsg.InjectedAs(); got != "" {
		t.Errorf("nil message: InjectedAs() = %q", got)
	}
}

func mustQuote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}
