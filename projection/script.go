package projection

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ScriptStep is one step of a reducer script (testdata/reduce/*.txt): an
// event, or a command between events ("state", "all", "retire N").
type ScriptStep struct {
	// Event is the step's event (nil for a command).
	Event *Event
	// Command and Args are a command's words ("retire", ["12"]).
	Command string
	Args    []string
}

// ParseScript reads a reducer script: lines "> user", "> system",
// "> assistant", "> result [error|denied]" start an event (seqs from 0, in
// order) whose text is the lines after it; "> call NAME {json}" adds a
// tool call to the current assistant event, which the next results answer
// in order; any other "> WORD …" line is a command; lines starting with "#"
// are comments. It is how the projection's golden scripts are run, and
// how ef propose reads a session (cmd/ef).
func ParseScript(script string) ([]ScriptStep, error) {
	var steps []ScriptStep
	var cur *Event
	var body, open []string
	seq := 0
	flush := func() {
		if cur != nil {
			cur.Text = strings.Join(body, "\n")
			steps = append(steps, ScriptStep{Event: cur})
			cur, body = nil, nil
		}
	}
	for n, line := range strings.Split(script, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasPrefix(line, "> ") {
			if cur != nil {
				body = append(body, line)
			}
			continue
		}
		cmd := strings.Fields(line[2:])
		if len(cmd) == 0 {
			return nil, fmt.Errorf("line %d: an empty command", n+1)
		}
		switch cmd[0] {
		case "user", "system", "assistant", "result":
			flush()
			cur = &Event{Seq: seq, Role: Role(cmd[0])}
			if cmd[0] == "result" {
				cur.Role = RoleTool
				id := ""
				if len(open) > 0 {
					id, open = open[0], open[1:]
				}
				cur.Result = &Result{CallID: id, IsError: len(cmd) > 1 && cmd[1] == "error", Interrupted: len(cmd) > 1 && cmd[1] == "denied"}
			}
			seq++
		case "call":
			if cur == nil || cur.Role != RoleAssistant || len(cmd) < 2 {
				return nil, fmt.Errorf("line %d: a call outside an assistant event: %s", n+1, line)
			}
			// the arguments as written: their strings keep their spaces
			// (a YAML file's indentation)
			rest := strings.TrimSpace(line[2:])
			rest = strings.TrimSpace(rest[len(cmd[0]):])
			rest = strings.TrimSpace(rest[len(cmd[1]):])
			var args map[string]any
			if err := json.Unmarshal([]byte(rest), &args); err != nil {
				return nil, fmt.Errorf("line %d: %s: %w", n+1, line, err)
			}
			id := fmt.Sprintf("call%d", len(open)+seq*10)
			cur.Calls = append(cur.Calls, Call{ID: id, Name: cmd[1], Args: args})
			open = append(open, id)
		default:
			flush()
			steps = append(steps, ScriptStep{Command: cmd[0], Args: cmd[1:]})
		}
	}
	flush()
	return steps, nil
}
