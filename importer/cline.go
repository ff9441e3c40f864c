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
	// clineResultRE opens the text block that answers a call: the tool's
	// name, what Cline or its fork says of the call, "] Result:". What
	// the header says varies by tool and version: "[attempt_completion]",
	// "[execute_command for 'pnpm test']", Roo Code's "[read_file for
	// 'a.py'. Reading multiple files at once is more efficient for the
	// LLM. …]", "[read_file for 'a.py', 'b.py']", "[read_file for 5
	// files]", "[search_files for 'x' in '*.go']", "[apply_diff for 'a'
	// and 2 more files]", "[switch_mode to 'code' because: …]",
	// "[new_task in Code mode: '…']", Cline's "[apply_patch for patch
	// application]", "[use_skill for \"name\"]", "[subagent: name]". What
	// it quotes (a command, a question) may span lines: Cline writes the
	// call's parameter as it is ("[execute_command for 'cat > f <<'EOF'
	// …\nEOF'] Result:").
	clineResultRE = regexp.MustCompile(`(?s)^\[([a-z_]+)(?:[ :].*?)?\] Result:\s*`)
	// clineSkippedRE is the text Roo Code answers a call it did not run
	// with: one after a call the user denied ("Skipping tool [write_to_file
	// for 'a'] due to user rejecting a previous tool.", "Tool [x] was
	// interrupted and not executed due to …"), or a second call in one
	// message ("Tool [x] was not executed because a tool has already been
	// used in this message. …").
	clineSkippedRE = regexp.MustCompile(`(?s)^(?:Skipping tool|Tool) \[[a-z_]+(?:[ :].*?)?\] (?:due to user rejecting|was interrupted and not executed|was not executed because)`)
	// clineToolErrorRE opens the result of a call that failed, as Cline and
	// its forks write it ("The tool execution failed with the following
	// error:\n<error>…"), or a read of files that all failed (Roo Code's
	// "<files><error>…" and "<files>\n<file><path>a</path><error>…").
	clineToolErrorRE = regexp.MustCompile(`^(?:The tool execution failed with the following error:|<files>\s*<error>)`)
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

// clineDenied opens the text of a result the user refused: "The user
// denied this operation.", "… and provided the following feedback:",
// Roo Code's "… and responded with the message:".
const clineDenied = "The user denied this operation"

// isClineDenied reports whether a result's text is a refusal.
func isClineDenied(text string) bool { return strings.HasPrefix(text, clineDenied) }

// clineFailed reports whether the output of a call is the tool's failure:
// Cline's error text, or a read whose every file is an error.
func clineFailed(output string) bool {
	if clineToolErrorRE.MatchString(output) {
		return true
	}
	if !strings.HasPrefix(output, "<files>") {
		return false
	}
	files := strings.Count(output, "<file>")
	return files > 0 && strings.Count(output, "</error></file>") == files
}

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
	if !slices.ContainsFunc(rest, func(p chatPart) bool {
		text := strings.TrimSpace(string(p.Text))
		return clineResultRE.MatchString(text) || clineSkippedRE.MatchString(text)
	}) {
		t.clineEnd(pend)
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
			out := strings.TrimSpace(strings.Join(output, "\n"))
			t.result(callID, !denied && clineFailed(out), hostshim.TextBlock(out))
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
		case clineSkippedRE.MatchString(trimmed):
			// A call Roo Code did not run: answered, and not by the user.
			flush()
			callID, denied = pend.answer(""), true
			output = append(output, trimmed)
		case clineResumeRE.MatchString(trimmed):
			flush()
			t.injected(hostshim.InjectedChatter, hostshim.TextBlock(text))
		case callID != "" && clineFeedbackRE.MatchString(text):
			// The user's words are the user's message; the result keeps
			// what Cline said around them ("The user has provided
			// feedback on the results. …", "The user denied this
			// operation and provided the following feedback:"), so they
			// are read once.
			denied = denied || isClineDenied(trimmed)
			around := strings.TrimSpace(clineFeedbackRE.ReplaceAllString(text, ""))
			if around = strings.TrimSpace(strings.TrimPrefix(around, clineFeedbackLead)); around != "" {
				output = append(output, around)
			} else if len(output) == 0 {
				output = append(output, clineReplyText)
			}
			for _, m := range clineFeedbackRE.FindAllStringSubmatch(text, -1) {
				userOwn = append(userOwn, m[2])
			}
		case callID != "" && isClineDenied(trimmed):
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

// clineEnd answers the attempt_completion of the last assistant message
// when nothing else will. A task ends with the agent's attempt_completion,
// which the user answers only to go on ("[attempt_completion] Result:"
// and their feedback); one still unanswered at the end of the
// conversation, or when the user takes the task up again later ("[TASK
// RESUMPTION] …" with no result for it), ended the task there: not a call
// whose result was lost, so it is answered "run finished: <the result it
// presented>" (Stats.Ended).
func (t *transcript) clineEnd(pend *chatPending) {
	n := len(t.items)
	if !t.cline || n == 0 || t.items[n-1].kind != itemAssistant {
		return
	}
	for _, b := range t.items[n-1].blocks {
		if b.Type != hostshim.BlockToolCall || b.Name != "attempt_completion" || !slices.Contains(pend.calls, b.ID) {
			continue
		}
		var args struct {
			Result string `json:"result"`
		}
		_ = json.Unmarshal([]byte(b.Arguments), &args) // a call's arguments clineCalls wrote: strings
		pend.answer(b.ID)
		t.ended(b.ID, finishText("", args.Result, ""))
	}
}
