package taskorigin

import (
	"strings"
	"time"
)

// Unobserved is what actor fields hold when nothing observed them
// (RFC-0005 §3.3: 观测不到就写 unobserved，不许编).
const Unobserved = "unobserved"

// Actor is who wrote a version: the harness and model observed from the
// environment, the session, and when.
type Actor struct {
	Harness   string `json:"harness"`
	Model     string `json:"model"`
	SessionID string `json:"session_id"`
	At        string `json:"at"`
}

// Environment variables ObserveActor reads. The EF_ ones are set by a
// harness integration that observes the values itself (dsh-plugin passes
// the DeepSeek Harness session and model it is running in); the others
// are set by the harnesses themselves.
const (
	EnvHarness = "EF_HARNESS"
	EnvModel   = "EF_MODEL"
	EnvSession = "EF_SESSION_ID"
)

// harnessProbes maps an environment variable that a harness sets in the
// processes it spawns to the harness's name, in priority order, with the
// variables (if any) that carry its session id and model.
var harnessProbes = []struct {
	env, harness string
	session      []string
	model        []string
}{
	{"CLAUDECODE", "claude-code", []string{"CLAUDE_CODE_SESSION_ID"}, []string{"ANTHROPIC_MODEL"}},
	{"CLAUDE_CODE_ENTRYPOINT", "claude-code", []string{"CLAUDE_CODE_SESSION_ID"}, []string{"ANTHROPIC_MODEL"}},
	{"CODEX_SANDBOX", "codex", nil, nil},
	{"CODEX_MANAGED_BY_NPM", "codex", nil, nil},
}

// ObserveActor builds the actor of a write from what the environment
// shows (getenv is os.Getenv in a real process). sessionID, when not
// empty, is a session the caller observed itself (a --session flag fed by
// the harness). Whatever nothing shows is Unobserved; nothing is guessed.
func ObserveActor(getenv func(string) string, sessionID string, now time.Time) Actor {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	a := Actor{Harness: get(EnvHarness), Model: get(EnvModel), SessionID: strings.TrimSpace(sessionID)}
	if a.SessionID == "" {
		a.SessionID = get(EnvSession)
	}
	for _, p := range harnessProbes {
		if get(p.env) == "" {
			continue
		}
		if a.Harness == "" {
			a.Harness = p.harness
		}
		if a.Harness != p.harness {
			continue
		}
		for _, k := range p.session {
			if a.SessionID == "" {
				a.SessionID = get(k)
			}
		}
		for _, k := range p.model {
			if a.Model == "" {
				a.Model = get(k)
			}
		}
	}
	for _, f := range []*string{&a.Harness, &a.Model, &a.SessionID} {
		if *f == "" {
			*f = Unobserved
		}
	}
	a.At = now.UTC().Format(time.RFC3339Nano)
	return a
}
