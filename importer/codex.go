package importer

import (
	"cmp"
	"encoding/json"
	"io"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatCodex is an OpenAI Codex CLI session rollout
// (~/.codex/sessions/…/rollout-*.jsonl): one {"timestamp", "type",
// "payload"} record per line, the conversation in its response_item
// records (OpenAI Responses API items).
const FormatCodex Format = "codex"

// codexRecordTypes are the record types of a Codex rollout line.
var codexRecordTypes = map[string]bool{"session_meta": true, "response_item": true, "turn_context": true, "event_msg": true, "compacted": true}

// codexItemTypes are the Responses API item types a rollout records.
var codexItemTypes = map[string]bool{
	"message": true, "reasoning": true, "function_call": true, "function_call_output": true,
	"custom_tool_call": true, "custom_tool_call_output": true, "local_shell_call": true, "local_shell_call_output": true,
	"web_search_call": true,
}

// parseCodex reads a Codex rollout line by line. Response items are the
// conversation: messages (user, assistant; developer and system are the
// system prompt), function_call, custom_tool_call and local_shell_call
// are calls of the assistant message before them, their *_output items
// answer them by call_id, and a reasoning item's summary is reasoning.
// session_meta gives the session id (and instructions, the system
// prompt), turn_context the model; event_msg records repeat what the
// response items hold, for the UI, and are skipped, but for the failures
// and interruptions they report (codexevents.go); a compacted record
// is a compaction marker followed by its summary. An older rollout, of
// bare items after a {"id", "timestamp", "instructions"} line, reads the
// same.
func parseCodex(in io.Reader, t *transcript) error {
	return readLines(in, t, "openai", codexLine)
}

func codexLine(t *transcript, raw []byte) error {
	var rec struct {
		Type       string          `json:"type"`
		Payload    json.RawMessage `json:"payload"`
		ID         *string         `json:"id"`
		RecordType string          `json:"record_type"`
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		return malformed("", err)
	}
	// Rollouts of Codex before mid-2025 hold no envelope: a first line
	// {"id", "timestamp", "instructions"}, then the items themselves, and
	// {"record_type": "state"} lines.
	switch {
	case rec.RecordType != "":
		rec.Type = "state"
	case len(rec.Payload) == 0 && codexItemTypes[rec.Type]:
		rec.Type, rec.Payload = "response_item", raw
	case rec.Type == "" && rec.ID != nil:
		rec.Type, rec.Payload = "session_meta", raw
	}
	var p struct {
		responsesItem
		Instructions string `json:"instructions"`
		// BaseInstructions is the system prompt a session_meta of Codex
		// 0.5x and later records in place of instructions.
		BaseInstructions struct {
			Text string `json:"text"`
		} `json:"base_instructions"`
		Model   string `json:"model"`
		Message string `json:"message"`
	}
	if len(rec.Payload) > 0 {
		if err := json.Unmarshal(rec.Payload, &p); err != nil {
			return malformed("payload", err)
		}
	}
	switch rec.Type {
	case "session_meta":
		if t.recordedID == "" {
			t.recordedID = p.ID
		}
		t.system(cmp.Or(p.Instructions, p.BaseInstructions.Text))
		return nil
	case "turn_context":
		if t.model == "" {
			t.model = p.Model
		}
		t.skipped++
		return nil
	case "compacted":
		// Codex's own fold: its summary (empty when the compaction ran
		// on the server, whose summary is encrypted) is the client's, not
		// the user speaking. Its replacement_history repeats what the
		// rollout holds before it.
		t.marker("compacted", 0)
		if strings.TrimSpace(p.Message) != "" {
			n := len(t.items)
			t.summaryUser(hostshim.TextBlock(p.Message))
			// Its text opens with no words a reader knows a summary
			// by: marked, so that it asserts nothing.
			t.items[n].injected = hostshim.InjectedChatter
		}
		return nil
	case "event_msg":
		codexEventMsg(t, rec.Payload)
		return nil
	case "response_item":
	default:
		t.skipped++
		return nil
	}
	t.sourceRecords++
	n := len(t.items)
	if err := t.responsesItem(p.responsesItem, func(bs []hostshim.Block) { codexConventions.users(t, bs, false) }); err != nil {
		return err
	}
	if len(t.items) > n && t.items[n].kind == itemResult {
		r := &t.items[n]
		// "aborted": the output of a call the user stopped
		r.injected = codexConventions.result(r.output)
		if t.failedCalls[r.callID] {
			r.isError = true
			delete(t.failedCalls, r.callID)
		}
		if len(r.output) > 0 && r.output[0].Type == hostshim.BlockText && codexHeaderFailed(r.output[0].Text) {
			r.isError = true
		}
	}
	return nil
}

// codexOutput is a tool output's text and whether it reports a failure:
// Codex writes a string, often JSON of {"output", "metadata": {"exit_code"}}
// (the exit code says), or an object {"content", "success"}.
func codexOutput(v json.RawMessage) (string, bool) {
	text := stringOrJSON(v)
	var o struct {
		Output   *string `json:"output"`
		Content  *string `json:"content"`
		Success  *bool   `json:"success"`
		Metadata struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if json.Unmarshal([]byte(text), &o) != nil {
		return text, false
	}
	failed := o.Success != nil && !*o.Success || o.Metadata.ExitCode != nil && *o.Metadata.ExitCode != 0
	switch {
	case o.Output != nil:
		return *o.Output, failed
	case o.Content != nil:
		return *o.Content, failed
	}
	return text, failed
}
