package projection

import "strings"

// What the agent says to the user through a tool.
//
// Cline and its forks have no plain reply: the agent hands in its work
// with attempt_completion (<result>…</result>), asks with
// ask_followup_question (<question>…</question>) and answers in plan mode
// with plan_mode_respond (<response>…</response>), and the user answers
// the call. "why does the product list flicker?" … (the agent reads
// ProductList.tsx) … attempt_completion "The list uses key={index}, so
// … remounts (images reload = flicker)": the answer is in the call. Those
// words are the agent's message to the user, so they are read as the
// assistant's text (FromHost adds them after its text blocks), with the
// assistant's authority only; the call's result is the user's reply
// (replyTool), and a message whose calls only talk runs nothing
// (onlyTalks).

// talkArgs are the argument of each tool that talks to the user holding
// what it says.
var talkArgs = map[string]string{
	"attempt_completion":    "result",
	"ask_followup_question": "question",
	"plan_mode_respond":     "response",
}

// talkText is what calls say to the user through the tools that talk
// (talkArgs), one call's words a paragraph, or "".
func talkText(calls []Call) string {
	var out []string
	for _, c := range calls {
		arg, ok := talkArgs[c.Name]
		if !ok {
			continue
		}
		if s, ok := c.Args[arg].(string); ok && strings.TrimSpace(s) != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return strings.Join(out, "\n\n")
}

// onlyTalks reports whether calls run nothing: there are none, or each
// only talks to the user (talkArgs).
func onlyTalks(calls []Call) bool {
	for _, c := range calls {
		if _, ok := talkArgs[c.Name]; !ok {
			return false
		}
	}
	return true
}
