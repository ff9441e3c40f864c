package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

type ohEvent struct {
	ID          int             `json:"id"`
	Source      string          `json:"source"`
	Message     string          `json:"message"`
	Action      string          `json:"action"`
	Observation string          `json:"observation"`
	Content     string          `json:"content"`
	Cause       *int            `json:"cause"`
	Args        json.RawMessage `json:"args"`
	Extras      struct {
		ExitCode *int `json:"exit_code"` // before OpenHands 0.14
		Metadata struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	} `json:"extras"`
	ToolCall *struct {
		FunctionName  string `json:"function_name"`
		ToolCallID    string `json:"tool_call_id"`
		ModelResponse struct {
			ID      string `json:"id"`
			Model   string `json:"model"`
			Choices []struct {
				Message struct {
					Content   json.RawMessage  `json:"content"`
					ToolCalls []openAIToolCall `json:"tool_calls"`
				} `json:"message"`
			} `json:"choices"`
		} `json:"model_response"`
	} `json:"tool_call_metadata"`
}

// failed reports whether observation e reports a failure: an "error"
// observation, a command that exited with a code above 0
// (extras.metadata.exit_code; -1, a command still running when its
// output was taken, is no verdict), or the file editor's answer
// "ERROR: …" to a view or an edit ("No replacement was performed, old_str
// … did not appear verbatim"), which OpenHands records as an ordinary
// read or edit observation.
func (e *ohEvent) failed() bool {
	switch e.Observation {
	case "error":
		return true
	case "run", "run_ipython":
		code := e.Extras.Metadata.ExitCode
		if code == nil {
			code = e.Extras.ExitCode
		}
		return code != nil && *code > 0
	case "edit", "read":
		return strings.HasPrefix(strings.TrimSpace(e.Content), "ERROR:")
	}
	return false
}

// finishText answers OpenHands' finish action, which ends the run and has
// no observation (Stats.Ended): the run's end and what the agent said with
// it (the tool's message, its final thought, else the event's message).
// Answered as a call never answered, it read as a failure the run never
// had.
func finishText(eventMsg, msg, final string) string {
	for _, t := range []string{msg, final, eventMsg} {
		if t = strings.TrimSpace(t); t != "" {
			return FinishedText + ": " + t
		}
	}
	return FinishedText
}

// FinishedText opens the result the importer gives a call that ends the
// run (Stats.Ended).
const FinishedText = "run finished"

// ohBookkeeping are the OpenHands actions that are no tool call: the
// agent's state changes and the runtime's recall of microagents.
var ohBookkeeping = map[string]bool{"recall": true, "change_agent_state": true, "null": true}

// isOpenHandsEvents reports whether the first element of a JSON array is
// an OpenHands event: who it came from ("source": agent, user,
// environment), an action or an observation, and its id. OpenHands saves
// a conversation's trajectory so, a list of events with no run around it.
func isOpenHandsEvents(top map[string]json.RawMessage) bool {
	_, src := top["source"]
	_, id := top["id"]
	_, act := top["action"]
	_, obs := top["observation"]
	return src && id && (act || obs)
}

// importOpenHands reads an OpenHands output.jsonl (one run per line), or
// a trajectory saved as a JSON array of events (one session, named by
// the file).
func importOpenHands(name string, data []byte) ([]Imported, error) {
	if b := bytes.TrimSpace(data); len(b) > 0 && b[0] == '[' {
		return one(name, FormatOpenHands, b, parseOpenHandsEvents)
	}
	var out []Imported
	torn, err := scanOpenHands(name, bytes.NewReader(data), func(im Imported) error {
		out = append(out, im)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, ErrEmpty
	}
	for i := range out {
		out[i].Torn = torn
	}
	return out, nil
}

// parseOpenHandsEvents reads a trajectory saved as a JSON array of
// events.
func parseOpenHandsEvents(data []byte) (*transcript, error) {
	var history []ohEvent
	if err := json.Unmarshal(data, &history); err != nil {
		return nil, malformed("", err)
	}
	return parseOpenHandsRun(history)
}

// scanOpenHands reads the runs of an OpenHands output.jsonl line by line
// and hands each run's session to keep.
func scanOpenHands(name string, r io.Reader, keep func(Imported) error) (*hostshim.TruncatedTail, error) {
	return scanLines(r, func(_ int, raw []byte) error {
		var run struct {
			InstanceID string `json:"instance_id"`
			Metadata   struct {
				LLMConfig struct {
					Model string `json:"model"`
				} `json:"llm_config"`
			} `json:"metadata"`
			History []ohEvent `json:"history"`
		}
		if err := json.Unmarshal(raw, &run); err != nil {
			return malformed("", err)
		}
		t, err := parseOpenHandsRun(run.History)
		if err != nil {
			return err
		}
		t.model = run.Metadata.LLMConfig.Model
		im, err := t.build(name+"#"+run.InstanceID, FormatOpenHands)
		if err != nil {
			return err
		}
		return keep(im)
	})
}

// parseOpenHandsRun converts one event stream. Actions issued by one model
// response (same model_response.id) form one assistant message whose text
// is the response's content; observations answer them by tool_call_id.
// An action without tool_call_metadata (a run without native function
// calling) is a call of its own, answered by the observation whose cause
// is its event. Recall actions and observations, state changes and other
// bookkeeping are skipped.
func parseOpenHandsRun(history []ohEvent) (*transcript, error) {
	t := &transcript{provider: "openai", sourceRecords: len(history)}
	byResponse := map[string]int{} // model response id → assistant item
	called := map[int]string{}     // event id of an action without tool_call_metadata → its call id
	for i, e := range history {
		var args struct {
			Content      string `json:"content"`
			Thought      string `json:"thought"`
			FinalThought string `json:"final_thought"`
			Message      string `json:"message"`
		}
		if len(e.Args) > 0 {
			if err := json.Unmarshal(e.Args, &args); err != nil {
				return nil, &Error{Record: fmt.Sprintf("history[%d]", i), Err: malformed("args", err)}
			}
		}
		switch {
		case e.Action != "" && e.ToolCall != nil:
			tc := e.ToolCall
			mr := tc.ModelResponse
			argsText := jsonText(e.Args)
			var text []hostshim.Block
			if len(mr.Choices) > 0 {
				msg := mr.Choices[0].Message
				for _, c := range msg.ToolCalls {
					if c.ID == tc.ToolCallID {
						argsText = stringOrJSON(c.Function.Arguments)
					}
				}
				var err error
				if text, err = textOf(msg.Content); err != nil {
					return nil, &Error{Record: fmt.Sprintf("history[%d]", i), Err: err}
				}
			}
			call := toolCall(tc.ToolCallID, tc.FunctionName, argsText)
			if idx, ok := byResponse[mr.ID]; ok && mr.ID != "" {
				t.items[idx].blocks = append(t.items[idx].blocks, call)
			} else {
				t.assistant(append(text, call)...)
				byResponse[mr.ID] = len(t.items) - 1
			}
			if e.Action == "finish" {
				t.ended(tc.ToolCallID, finishText(e.Message, args.Message, args.FinalThought))
			}
		case e.Action == "system":
			text := args.Content
			if text == "" {
				text = e.Message
			}
			t.system(text)
		case e.Action == "message" && e.Source == "user":
			t.user(hostshim.TextBlock(args.Content))
		case e.Action == "message":
			t.assistant(hostshim.TextBlock(args.Content))
		case e.Observation != "" && e.Cause != nil && e.ToolCall != nil:
			t.result(e.ToolCall.ToolCallID, e.failed(), hostshim.TextBlock(e.Content))
		case e.Action != "" && !ohBookkeeping[e.Action]:
			// An action recorded without tool_call_metadata (a run
			// without native function calling): a call of its own,
			// named by its event id, with the agent's thought as text.
			id := "event-" + strconv.Itoa(e.ID)
			called[e.ID] = id
			t.assistant(hostshim.TextBlock(args.Thought), toolCall(id, e.Action, jsonText(e.Args)))
			if e.Action == "finish" {
				t.ended(id, finishText(e.Message, args.Message, args.FinalThought))
			}
		case e.Observation != "" && e.Cause != nil && called[*e.Cause] != "":
			// Its observation names the action's event as its cause.
			t.result(called[*e.Cause], e.failed(), hostshim.TextBlock(e.Content))
		default:
			t.skipped++
		}
	}
	return t, nil
}
