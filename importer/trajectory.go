package importer

import (
	"cmp"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"github.com/epistemicfold/ef/hostshim"
)

// parseAutopilot reads the OpenAgents flat trajectory JSON. The top-level
// prompt is the user turn; an assistant step starts a model response and
// the tool_call steps that follow it belong to that response.
func parseAutopilot(data []byte) (*transcript, error) {
	var doc struct {
		SessionID string `json:"session_id"`
		Prompt    string `json:"prompt"`
		Model     string `json:"model"`
		Steps     []struct {
			Type    string          `json:"type"`
			Content string          `json:"content"`
			Tool    string          `json:"tool"`
			ToolID  string          `json:"tool_id"`
			Input   json.RawMessage `json:"input"`
			Success *bool           `json:"success"`
			Output  *string         `json:"output"`
			Status  string          `json:"status"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, malformed("", err)
	}
	t := &transcript{provider: "anthropic", model: doc.Model, sourceRecords: len(doc.Steps), recordedID: doc.SessionID}
	t.user(hostshim.TextBlock(doc.Prompt))
	for i, s := range doc.Steps {
		switch s.Type {
		case "assistant":
			t.assistant(hostshim.TextBlock(s.Content))
		case "tool_call":
			if s.ToolID == "" {
				return nil, &Error{Record: fmt.Sprintf("steps[%d]", i), Err: fmt.Errorf("%w: tool_call without tool_id", ErrMalformed)}
			}
			t.extendAssistant(toolCall(s.ToolID, s.Tool, jsonText(s.Input)))
		case "tool_result":
			out := ""
			if s.Output != nil {
				out = *s.Output
			}
			t.result(s.ToolID, s.Success != nil && !*s.Success, hostshim.TextBlock(out))
		case "system_status":
			if s.Status == "Compacting" {
				t.marker("Compacting", 0)
			} else {
				t.skipped++
			}
		default:
			t.skipped++
		}
	}
	return t, nil
}

// atifResultID finds the tool-use id in the OpenAgents exporter's result
// step message ("Tool result for toolu_…").
var atifResultID = regexp.MustCompile(`^Tool result for (\S+)`)

// parseATIF reads an ATIF trajectory. It accepts the RFC shape (Harbor's
// RFC 0001: a call is {tool_call_id, function_name, arguments}, its results
// are in the agent step's observation.results[] with source_call_id) and the
// OpenAgents exporter's variant (calls written {id, name}, results as
// separate system steps, possibly before the step that issued the call; the
// id only in the step message).
func parseATIF(data []byte) (*transcript, error) {
	type atifResult struct {
		SourceCallID string          `json:"source_call_id"`
		Content      json.RawMessage `json:"content"`
	}
	var doc struct {
		SessionID string `json:"session_id"`
		Agent     struct {
			Model    string `json:"model"`
			Provider string `json:"provider"`
		} `json:"agent"`
		Steps []struct {
			Source           string `json:"source"`
			Message          string `json:"message"`
			ReasoningContent string `json:"reasoning_content"`
			ToolCalls        []struct {
				ToolCallID   string          `json:"tool_call_id"`
				FunctionName string          `json:"function_name"`
				ID           string          `json:"id"`
				Name         string          `json:"name"`
				Arguments    json.RawMessage `json:"arguments"`
			} `json:"tool_calls"`
			Observation *struct {
				Type    string          `json:"type"`
				Content json.RawMessage `json:"content"`
				Result  *struct {
					Success bool `json:"success"`
				} `json:"result"`
				SourceCallID string       `json:"source_call_id"`
				Results      []atifResult `json:"results"`
			} `json:"observation"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, malformed("", err)
	}
	t := &transcript{provider: doc.Agent.Provider, model: doc.Agent.Model, sourceRecords: len(doc.Steps), recordedID: doc.SessionID}
	for i, s := range doc.Steps {
		switch s.Source {
		case "user":
			t.user(hostshim.TextBlock(s.Message))
		case "agent":
			blocks := []hostshim.Block{{Type: hostshim.BlockReasoning, Text: s.ReasoningContent}, hostshim.TextBlock(s.Message)}
			for _, c := range s.ToolCalls {
				id, name := cmp.Or(c.ToolCallID, c.ID), cmp.Or(c.FunctionName, c.Name)
				blocks = append(blocks, toolCall(id, name, stringOrJSON(c.Arguments)))
			}
			t.assistant(blocks...)
		case "system":
			if s.Observation == nil {
				t.system(s.Message)
				continue
			}
		default:
			return nil, &Error{Record: fmt.Sprintf("steps[%d]", i), Err: fmt.Errorf("%w: unknown source %q", ErrMalformed, s.Source)}
		}
		o := s.Observation
		if o == nil {
			continue
		}
		for _, r := range o.Results {
			out, err := textOf(r.Content)
			if err != nil {
				return nil, &Error{Record: fmt.Sprintf("steps[%d]", i), Err: err}
			}
			t.result(r.SourceCallID, false, out...)
		}
		if len(o.Results) == 0 && (o.Type == "tool_result" || o.SourceCallID != "") {
			id := o.SourceCallID
			if m := atifResultID.FindStringSubmatch(s.Message); id == "" && m != nil {
				id = m[1]
			}
			out, err := textOf(o.Content)
			if err != nil {
				return nil, &Error{Record: fmt.Sprintf("steps[%d]", i), Err: err}
			}
			t.result(id, o.Result != nil && !o.Result.Success, out...)
		}
	}
	return t, nil
}

// stringOrJSON returns a JSON string's value, or any other JSON value as
// compact text (OpenAI-style arguments are strings, ATIF's are objects).
func stringOrJSON(v json.RawMessage) string {
	var s string
	if err := json.Unmarshal(v, &s); err == nil {
		return s
	}
	return jsonText(v)
}

// openAIToolCall is a tool call in OpenAI chat-completions shape.
type openAIToolCall struct {
	ID       string `json:"id"`
	Function struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
	// Name and Arguments are a call written flat, without its
	// "function" (some chat loggers do); read by chat logs only.
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// parseMiniSWE reads a mini-swe-agent trajectory (OpenAI chat messages).
// The final "exit" record is bookkeeping, not a message.
func parseMiniSWE(data []byte) (*transcript, error) {
	var doc struct {
		Info struct {
			Config struct {
				Model struct {
					ModelName string `json:"model_name"`
				} `json:"model"`
			} `json:"config"`
		} `json:"info"`
		Messages []struct {
			Role             string           `json:"role"`
			Content          json.RawMessage  `json:"content"`
			ReasoningContent string           `json:"reasoning_content"`
			ToolCalls        []openAIToolCall `json:"tool_calls"`
			ToolCallID       string           `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, malformed("", err)
	}
	t := &transcript{provider: "deepseek", model: doc.Info.Config.Model.ModelName, sourceRecords: len(doc.Messages)}
	for i, m := range doc.Messages {
		content, err := textOf(m.Content)
		if err != nil {
			return nil, &Error{Record: fmt.Sprintf("messages[%d]", i), Err: err}
		}
		switch m.Role {
		case "system":
			t.system(joinText(content))
		case "user":
			t.user(content...)
		case "assistant":
			blocks := append([]hostshim.Block{{Type: hostshim.BlockReasoning, Text: m.ReasoningContent}}, content...)
			for _, c := range m.ToolCalls {
				blocks = append(blocks, toolCall(c.ID, c.Function.Name, stringOrJSON(c.Function.Arguments)))
			}
			t.assistant(blocks...)
		case "tool":
			t.result(m.ToolCallID, false, content...)
		default:
			t.skipped++
		}
	}
	return t, nil
}

func joinText(bs []hostshim.Block) string {
	m := hostshim.Message{Content: bs}
	return m.Text()
}

// parseSWEAgent reads a SWE-agent .traj from its history (the chat as sent
// to the model). In the function-calling shape, calls and tool messages
// pair by id; otherwise each assistant action is a "bash" call answered by
// the user message that follows it, and a final action whose observation
// never reached the history takes it from the last trajectory[] step when
// that step ran the same action.
func parseSWEAgent(data []byte) (*transcript, error) {
	var doc struct {
		Trajectory []struct {
			Action      string `json:"action"`
			Observation string `json:"observation"`
		} `json:"trajectory"`
		History []struct {
			Role        string           `json:"role"`
			Content     json.RawMessage  `json:"content"`
			IsDemo      bool             `json:"is_demo"`
			Thought     *string          `json:"thought"`
			Action      string           `json:"action"`
			ToolCalls   []openAIToolCall `json:"tool_calls"`
			ToolCallIDs []string         `json:"tool_call_ids"`
		} `json:"history"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, malformed("", err)
	}
	t := &transcript{provider: "openai", model: "swe-agent", sourceRecords: len(doc.History)}
	asked := 0       // assistant actions seen
	pending := ""    // call id of a position-paired action awaiting its observation
	lastAction := "" // the action of the pending call
	for i, h := range doc.History {
		content, err := textOf(h.Content)
		if err != nil {
			return nil, &Error{Record: fmt.Sprintf("history[%d]", i), Err: err}
		}
		switch {
		case h.IsDemo:
			// The demonstration of another task that SWE-agent puts
			// before the issue ("Here is a demonstration of how to
			// correctly accomplish this task …"): the model read it,
			// but its rules, values and outcomes are not this session's.
			t.injected(hostshim.InjectedChatter, content...)
			continue
		}
		switch h.Role {
		case "system":
			t.system(joinText(content))
		case "user":
			if pending != "" {
				t.result(pending, false, content...)
				pending = ""
				continue
			}
			t.user(content...)
		case "assistant":
			text := content
			if h.Thought != nil && *h.Thought != "" {
				text = []hostshim.Block{hostshim.TextBlock(*h.Thought)}
			}
			blocks := append([]hostshim.Block(nil), text...)
			switch {
			case len(h.ToolCalls) > 0:
				for _, c := range h.ToolCalls {
					blocks = append(blocks, toolCall(c.ID, c.Function.Name, stringOrJSON(c.Function.Arguments)))
				}
			case h.Action != "":
				pending, lastAction = "call_"+strconv.Itoa(asked), h.Action
				args, _ := json.Marshal(map[string]string{"command": h.Action})
				blocks = append(blocks, toolCall(pending, "bash", string(args)))
			}
			asked++
			t.assistant(blocks...)
		case "tool":
			id := ""
			if len(h.ToolCallIDs) > 0 {
				id = h.ToolCallIDs[0]
			}
			t.result(id, false, content...)
		default:
			t.skipped++
		}
	}
	if n := len(doc.Trajectory); pending != "" && n > 0 && doc.Trajectory[n-1].Action == lastAction {
		t.result(pending, false, hostshim.TextBlock(doc.Trajectory[n-1].Observation))
	}
	return t, nil
}
