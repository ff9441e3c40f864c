package importer

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatCodexExec is what `codex exec --json` prints: one event per line
// ({"type": "thread.started", "thread_id"}, turn.started, item.started,
// item.updated, item.completed {"item": {…}}, turn.completed, turn.failed,
// error). The prompt is the command's argument, not in the stream, so a
// session opens with the agent's first item and holds no user message
// (Stats.UnrecordedPrompts).
const FormatCodexExec Format = "codex-exec"

// codexExecEvents are the event types of `codex exec --json`.
var codexExecEvents = map[string]bool{
	"thread.started": true, "turn.started": true, "turn.completed": true, "turn.failed": true,
	"item.started": true, "item.updated": true, "item.completed": true,
}

// isCodexExecEvent reports whether a JSON object is an event of `codex exec
// --json`: a thread's start with its id, or an item event with its item.
func isCodexExecEvent(top map[string]json.RawMessage) bool {
	var typ string
	_ = json.Unmarshal(top["type"], &typ)
	_, thread := top["thread_id"]
	_, item := top["item"]
	return typ == "thread.started" && thread || strings.HasPrefix(typ, "item.") && codexExecEvents[typ] && item
}

// parseCodexExec reads `codex exec --json` output line by line. Completed
// items are the session (started and updated ones are the same items in
// flight): agent_message is the agent's text, reasoning its reasoning, a
// command_execution a shell call answered by its output (an exit code
// other than 0, or a failed or declined status, a failure), a file_change
// an apply_patch call answered by the files it changed, an mcp_tool_call
// a call of server.tool answered by its result or error, a todo_list the
// agent's plan as a todo tool's call answered by the list as text. Web
// searches, error items and the turn events (usage, failures) carry
// nothing the model read and are skipped. The
// thread id names the session.
func parseCodexExec(in io.Reader, t *transcript) error {
	t.unrecordedPrompts = true
	return readLines(in, t, "openai", codexExecLine)
}

func codexExecLine(t *transcript, raw []byte) error {
	var ev struct {
		Type     string `json:"type"`
		ThreadID string `json:"thread_id"`
		Item     *struct {
			ID               string          `json:"id"`
			Type             string          `json:"type"`
			Text             string          `json:"text"`
			Command          string          `json:"command"`
			AggregatedOutput string          `json:"aggregated_output"`
			ExitCode         *int            `json:"exit_code"`
			Status           string          `json:"status"`
			Changes          json.RawMessage `json:"changes"`
			Server           string          `json:"server"`
			Tool             string          `json:"tool"`
			Arguments        json.RawMessage `json:"arguments"`
			Result           json.RawMessage `json:"result"`
			Error            json.RawMessage `json:"error"`
			Items            []struct {
				Text      string `json:"text"`
				Completed bool   `json:"completed"`
			} `json:"items"`
		} `json:"item"`
	}
	if err := json.Unmarshal(raw, &ev); err != nil {
		return malformed("", err)
	}
	if ev.Type == "thread.started" && t.recordedID == "" {
		t.recordedID = ev.ThreadID
	}
	if ev.Type != "item.completed" || ev.Item == nil {
		t.skipped++
		return nil
	}
	it := ev.Item
	t.sourceRecords++
	failedStatus := it.Status == "failed" || it.Status == "declined"
	switch it.Type {
	case "agent_message":
		t.extendAssistant(hostshim.TextBlock(it.Text))
	case "reasoning":
		t.extendAssistant(hostshim.Block{Type: hostshim.BlockReasoning, Text: it.Text})
	case "command_execution":
		args, _ := json.Marshal(map[string]string{"command": it.Command})
		t.extendAssistant(toolCall(it.ID, "shell", string(args)))
		failed := failedStatus || it.ExitCode != nil && *it.ExitCode != 0
		t.result(it.ID, failed, hostshim.TextBlock(it.AggregatedOutput))
	case "file_change":
		t.extendAssistant(toolCall(it.ID, "apply_patch", `{"changes":`+jsonText(it.Changes)+`}`))
		var changes []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
		}
		_ = json.Unmarshal(it.Changes, &changes)
		var lines []string
		for _, c := range changes {
			lines = append(lines, c.Kind+" "+c.Path)
		}
		t.result(it.ID, failedStatus, hostshim.TextBlock(strings.Join(lines, "\n")))
	case "mcp_tool_call":
		t.extendAssistant(toolCall(it.ID, it.Server+"."+it.Tool, jsonText(it.Arguments)))
		if e := strings.TrimSpace(string(it.Error)); e != "" && e != "null" {
			var msg struct {
				Message string `json:"message"`
			}
			text := stringOrJSON(it.Error)
			if json.Unmarshal(it.Error, &msg) == nil && msg.Message != "" {
				text = msg.Message
			}
			t.result(it.ID, true, hostshim.TextBlock(text))
			return nil
		}
		var res struct {
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(it.Result, &res) == nil && len(res.Content) > 0 {
			if parts, err := chatParts(res.Content); err == nil {
				t.result(it.ID, failedStatus, partBlocks(parts)...)
				return nil
			}
		}
		t.result(it.ID, failedStatus, hostshim.TextBlock(stringOrJSON(it.Result)))
	case "todo_list":
		// the agent's plan, as the call of a todo tool writing the whole
		// list ({"items": [{"text", "completed"}]}): the projection reads
		// it as it reads OpenCode's todowrite (projection/todo.go)
		args, _ := json.Marshal(map[string]any{"items": it.Items})
		t.extendAssistant(toolCall(it.ID, "todo_list", string(args)))
		var lines []string
		for _, x := range it.Items {
			mark := "[ ] "
			if x.Completed {
				mark = "[x] "
			}
			lines = append(lines, mark+x.Text)
		}
		t.result(it.ID, false, hostshim.TextBlock(strings.Join(lines, "\n")))
	default:
		t.skipped++ // web_search, error items and kinds yet to come
	}
	return nil
}
