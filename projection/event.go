package projection

import (
	"encoding/json"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// Role is who an event speaks for; it decides what the event may assert.
type Role string

// Roles.
const (
	RoleUser      Role = "user"
	RoleSystem    Role = "system" // system and developer messages
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
	// RoleCheckpoint is a checkpoint or summary message: narrative only.
	RoleCheckpoint Role = "checkpoint"
	// RoleHarness is text the agent client or host put in a user message
	// (hostshim.InjectedChatter, hostshim.InjectedInterruption): kept in
	// the session, nobody's request, so it asserts nothing.
	RoleHarness Role = "harness"
)

// Event is one session event as the reducer sees it.
type Event struct {
	Seq  int
	Role Role
	// Text is the event's text (text blocks; for a tool result, its
	// output; for an assistant, also what it said to the user through a
	// tool that talks: talkText).
	Text string
	// Calls are the tool calls of an assistant event.
	Calls []Call
	// Result is set on a tool result.
	Result *Result
}

// Call is one tool call.
type Call struct {
	ID   string
	Name string
	// Args are the decoded arguments (nil when they are not a JSON object).
	Args map[string]any
}

// Result is a tool result's envelope.
type Result struct {
	CallID string
	// IsError: the host flagged the result as an error.
	IsError bool
	// Interrupted: the user stopped or refused the call before it ran
	// (hostshim.InjectedInterruption): nothing was observed, nothing
	// failed.
	Interrupted bool
}

// HostEvents calls fn with the Event of each message event of s with
// from ≤ seq ≤ to, in seq order. isError decides a tool result's error flag
// (nil: never set). A message the host cannot derive says nothing and is
// skipped, as are events the reducer does not read.
func HostEvents(s *hostshim.Session, from, to int, isError func(hostshim.Event, *hostshim.Message) bool, fn func(Event)) {
	for seq := max(from, 0); seq <= to && seq < s.Len(); seq++ {
		e, _ := s.Event(seq)
		if !hostshim.SurfaceEligible(e.Type) {
			continue
		}
		m, err := s.Message(seq)
		if err != nil || m == nil {
			continue
		}
		isErr := isError != nil && e.Type == hostshim.TypeToolResult && isError(e, m)
		if ev, ok := FromHost(e, m, isErr); ok {
			fn(ev)
		}
	}
}

// FromHost converts a host event and its message (nil for a log-only event)
// into an Event; ok is false for events the reducer does not read.
// isError reports the host's error flag for a tool result (the validator's
// IsErrorResult decides it in the engine).
func FromHost(e hostshim.Event, m *hostshim.Message, isError bool) (Event, bool) {
	if m == nil {
		return Event{}, false
	}
	ev := Event{Seq: e.Seq, Text: m.Text()}
	switch e.Type {
	case hostshim.TypeSystemMessage, hostshim.TypeDeveloperMessage:
		ev.Role = RoleSystem
	case hostshim.TypeUserMessage:
		ev.Role = RoleUser
		if m.IsCheckpoint() || isSummaryText(ev.Text) {
			ev.Role = RoleCheckpoint
		}
		switch injected(m) {
		case hostshim.InjectedInstructions:
			// the project's instruction file: rules as a system
			// message states them
			ev.Role = RoleSystem
		case hostshim.InjectedChatter, hostshim.InjectedInterruption:
			ev.Role = RoleHarness
		}
	case hostshim.TypeAssistantMessage:
		ev.Role = RoleAssistant
		var sb strings.Builder
		for _, b := range m.Content {
			switch b.Type {
			case hostshim.BlockText:
				sb.WriteString(b.Text)
				sb.WriteByte('\n')
			case hostshim.BlockToolCall:
				c := Call{ID: b.ID, Name: b.Name}
				var args map[string]any
				if json.Unmarshal([]byte(b.Arguments), &args) == nil {
					c.Args = args
				}
				ev.Calls = append(ev.Calls, c)
			}
		}
		if t := talkText(ev.Calls); t != "" {
			// the words a tool that talks to the user carries
			// (talktool.go)
			sb.WriteString(t)
			sb.WriteByte('\n')
		}
		ev.Text = sb.String()
	case hostshim.TypeToolResult:
		ev.Role = RoleTool
		id, _ := m.ToolResultID()
		ev.Result = &Result{CallID: id, IsError: isError, Interrupted: injected(m) == hostshim.InjectedInterruption || hostAborted(e)}
	default:
		return Event{}, false
	}
	return ev, true
}

// injected is what the agent client or host injected m as, "" for a
// message as its role's speaker wrote it (hostshim.Message.InjectedAs:
// DSH's runtime-context snapshot is the host's chatter).
func injected(m *hostshim.Message) string {
	return m.InjectedAs()
}

// isSummaryText recognizes a summary a host or another engine put in a
// user message ("This session is being continued from a previous
// conversation…"): it restates history, so it is narrative, not an
// instruction.
func isSummaryText(t string) bool {
	t = strings.TrimSpace(t)
	for _, p := range []string{
		"This session is being continued from a previous conversation",
		"This is an automatically generated checkpoint",
		"<compacted-summary>",
	} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}
