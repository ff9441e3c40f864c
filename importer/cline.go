package importer

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// Cline (and its forks Roo Code and Kilo Code) keep a task's conversation
// in api_conversation_history.json: the Anthropic Messages API messages it
// sent, which a chat log's reader reads. Without native tool calling the
// extension's conventions live in the text: the assistant calls a tool
// by writing it as XML (<execute_command><command>pnpm test</command>
// </execute_command>), and the next user message answers it with a text
// block "[execute_command for 'pnpm test'] Result:" and the output in the
// blocks after; the task is wrapped in <task>, the user's words given
// with a result in <feedback>, <answer> or <user_message> (or after "The
// user provided the following feedback:"), and every user message ends
// with the extension's own <environment_details>. A conversation whose
// user message holds such a block is read so from there on: the XML calls
// are tool calls, each result answers the call it names, a denied call is
// an interruption (with feedback or without), the environment is chatter
// and the task and feedback are the user's. The user's words given with
// a result are read once, as the user's message after it, not again in
// the result, which keeps Cline's words around them: the user typed them
// once and the model read them once, so the surface holds them once, and
// the projection reads them as the user's turn (a question in them is
// asked, a rule stated). A task taken up again ("[TASK RESUMPTION] …",
// "[SYSTEM-GENERATED CONTEXT]") is Cline's note, chatter; the message the
// user resumed it with ("New instructions for task continuation:\n
// <user_message>…") is the user's inside its tags, Cline's lead chatter.
// Native tool_use and tool_result blocks are read as in any Anthropic
// conversation.

// clineTools are the tools Cline and its forks call as XML.
var clineTools = map[string]bool{
	"execute_command": true, "read_file": true, "write_to_file": true, "replace_in_file": true, "search_files": true,
	"list_files": true, "list_code_definition_names": true, "browser_action": true, "use_mcp_tool": true,
	"access_mcp_resource": true, "ask_followup_question": true, "attempt_completion": true, "new_task": true,
	"plan_mode_respond": true, "load_mcp_documentation": true, "web_fetch": true, "condense": true, "new_rule": true,
	"report_bug": true, "summarize_task": true, "apply_diff": true, "insert_content": true, "search_and_replace": true,
	"switch_mode": true, "fetch_instructions": true, "codebase_search": true, "update_todo_list": true,
	"run_slash_command": true, "generate_image": true,
}

var (
	// clineOpenRE opens an XML tool call or one of its parameters.
	clineOpenRE = regexp.MustCompile(`<([a-z_]+)>`)
	// clineResultRE opens the text block that answers a call. What the
	// header quotes (a command, a question) may span lines: Cline writes
	// the call's parameter as it is ("[execute_command for 'cat > f <<'EOF'
	// …\nEOF'] Result:").
	clineResultRE = regexp.MustCompile(`(?s)^\[([a-z_]+)(?: for '(.*?)')?\] Result:\s*`)
	// clineFeedbackRE is the user's words Cline wraps: feedback, the
	// answer to the agent's ask_followup_question, or a user_message
	// (newer versions' feedback, the reply to plan_mode_respond, the
	// message a resumed task goes on with).
	clineFeedbackRE = regexp.MustCompile(`(?s)<(feedback|answer|user_message)>\s*(.*?)\s*</(?:feedback|answer|user_message)>`)
	// clineWrappedRE is a block of Cline's that ends with the user's
	// words it wraps, on lines of their own.
	clineWrappedRE = regexp.MustCompile(`(?s)(?:^|\n)<(feedback|answer|user_message)>\n.*\n</(?:feedback|answer|user_message)>$`)
	// clineResumeRE opens Cline's own note on a task taken up again
	// ("[TASK RESUMPTION] This task was interrupted 2 hours ago. …",
	// newer versions' "[SYSTEM-GENERATED CONTEXT]" framing): chatter.
	clineResumeRE = regexp.MustCompile(`^\[(?:TASK RESUMPTION|SYSTEM-GENERATED CONTEXT|CONVERSATION REOPENED)\]`)
)

// clineReplyText is the result of a call the user answered with their
// own words alone (ask_followup_question's <answer>), which follow as
// the user's message.
const clineReplyText = "(the user's reply follows)"

// clineFeedbackLead introduces the user's words given with a result.
const clineFeedbackLead = "The user provided the following feedback:"

// clineDenied are the texts of a result the user refused.
var clineDenied = []string{"The user denied this operation.", "The user denied this operation and provided the following feedback:"}

// isClineTask reports whether a user message's parts are a Cline task's:
// a text block of its own is the extension's <environment_details>, which
// Cline and its forks add to every user message (a "<task>" tag alone is
// a prompt's convention many chats share). The task's first message may
// go on after the element (the working directory's files).
func isClineTask(parts []chatPart) bool {
	for _, p := range parts {
		if text := strings.TrimSpace(string(p.Text)); strings.HasPrefix(text, "<environment_details>") && strings.Contains(text, "</environment_details>") {
			return true
		}
	}
	return false
}

// clineCalls splits an assistant's text into the text it wrote and the
// XML tool calls in it, each with its parameters as JSON.
func clineCalls(text string) (rest string, calls []struct{ name, args string }) {
	var b strings.Builder
	last := 0
	for _, m := range clineOpenRE.FindAllStringSubmatchIndex(text, -1) {
		if m[0] < last {
			continue // inside the call before
		}
		name := text[m[2]:m[3]]
		if !clineTools[name] {
			continue
		}
		end := strings.Index(text[m[1]:], "</"+name+">")
		if end < 0 {
			continue // cut short: no call
		}
		body := text[m[1] : m[1]+end]
		args := map[string]string{}
		for _, pm := range clineOpenRE.FindAllStringSubmatchIndex(body, -1) {
			param := body[pm[2]:pm[3]]
			if _, seen := args[param]; seen {
				continue
			}
			if pe := strings.Index(body[pm[1]:], "</"+param+">"); pe >= 0 {
				args[param] = strings.Trim(body[pm[1]:pm[1]+pe], "\n")
			}
		}
		raw, _ := json.Marshal(args) // strings: cannot fail
		calls = append(calls, struct{ name, args string }{name, string(raw)})
		b.WriteString(text[last:m[0]])
		last = m[1] + end + len("</"+name+">")
	}
	b.WriteString(text[last:])
	return strings.TrimSpace(b.String()), calls
}

// clineUser adds a Cline user message: results of the calls the last
// assistant message made, the user's own words (the task, feedback) and
// the extension's environment details, each in order.
func (t *transcript) clineUser(parts []chatPart, pend *chatPending) error {
	rest, _, err := t.partResults(parts, pend)
	if err != nil {
		return err
	}
	var (
		callID  string // the call a result is being read for
		output  []string
		denied  bool
		userOwn []string
	)
	flush := func() {
		if callID != "" {
			kind := ""
			if denied {
				kind = hostshim.InjectedInterruption
			}
			t.result(callID, false, hostshim.TextBlock(strings.TrimSpace(strings.Join(output, "\n"))))
			if kind != "" {
				t.items[len(t.items)-1].injected = kind
			}
		}
		callID, output, denied = "", nil, false
		if len(userOwn) > 0 {
			t.user(hostshim.TextBlock(strings.Join(userOwn, "\n")))
			userOwn = nil
		}
	}
	for _, p := range rest {
		if p.Type != "" && p.Type != "text" {
			userOwn = append(userOwn, p.block().Text)
			continue
		}
		text := string(p.Text)
		trimmed := strings.TrimSpace(text)
		switch {
		case strings.HasPrefix(trimmed, "<environment_details>"):
			flush()
			t.injected(hostshim.InjectedChatter, hostshim.TextBlock(text))
		case clineResultRE.MatchString(trimmed):
			flush()
			callID = pend.answer("")
			if after := clineResultRE.ReplaceAllString(trimmed, ""); after != "" {
				output = append(output, after)
			}
		case clineResumeRE.MatchString(trimmed):
			flush()
			t.injected(hostshim.InjectedChatter, hostshim.TextBlock(text))
		case callID != "" && clineFeedbackRE.MatchString(text):
			// The user's words are the user's message; the result keeps
			// what Cline said around them ("The user has provided
			// feedback on the results. …", "The user denied this
			// operation and provided the following feedback:"), so they
			// are read once.
			denied = denied || slices.ContainsFunc(clineDenied, func(d string) bool { return strings.HasPrefix(trimmed, d) })
			around := strings.TrimSpace(clineFeedbackRE.ReplaceAllString(text, ""))
			if around = strings.TrimSpace(strings.TrimPrefix(around, clineFeedbackLead)); around != "" {
				output = append(output, around)
			} else if len(output) == 0 {
				output = append(output, clineReplyText)
			}
			for _, m := range clineFeedbackRE.FindAllStringSubmatch(text, -1) {
				userOwn = append(userOwn, m[2])
			}
		case callID != "" && slices.ContainsFunc(clineDenied, func(d string) bool { return strings.HasPrefix(trimmed, d) }):
			denied = true
			output = append(output, trimmed)
		case callID != "" && strings.HasPrefix(trimmed, clineFeedbackLead):
			userOwn = append(userOwn, strings.TrimSpace(strings.TrimPrefix(trimmed, clineFeedbackLead)))
		case callID != "":
			output = append(output, text)
		case !strings.HasPrefix(trimmed, "<task>") && clineWrappedRE.MatchString(trimmed):
			// "New instructions for task continuation:\n<user_message>
			// …": Cline's lead is its chatter, the words inside the
			// user's.
			if around := strings.TrimSpace(clineFeedbackRE.ReplaceAllString(text, "")); around != "" {
				flush()
				t.injected(hostshim.InjectedChatter, hostshim.TextBlock(around))
			}
			for _, m := range clineFeedbackRE.FindAllStringSubmatch(text, -1) {
				userOwn = append(userOwn, m[2])
			}
		default:
			if strings.HasPrefix(trimmed, "<task>") {
				text = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(trimmed, "<task>"), "</task>"))
			}
			userOwn = append(userOwn, text)
		}
	}
	flush()
	return nil
}
