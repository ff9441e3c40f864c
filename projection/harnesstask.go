// A benchmark harness's template around the task.

package projection

import (
	"strings"
)

// Agent-benchmark harnesses (mini-swe-agent, SWE-agent, OpenHands) open
// a session with one user message built from a template: the task (a
// tagged block, "<pr_description>…</pr_description>", or a labelled text,
// "Here's the issue text:\nISSUE:\n…") and after it the harness's
// standing instructions ("<instructions>…", "INSTRUCTIONS:\n…"): how to
// format a response, which tools to call, the workflow, how to submit.
// Those are the framework's rules for the agent's output, not the user's
// constraints on the work: the message is read as its task part, whose
// title is the objective and whose own rules are read as ever, and of the
// instructions only the rules that bound what the work may change ("DO
// NOT MODIFY: Tests, configuration files") are kept.

// taskCloseRE closes a task block of a harness template.
var taskCloseRE = mustPattern(`(?i)</(?:pr_description|issue|issue_description|task|task_description|problem_statement|problem_description)>`)

// instructionsLabelRE is a line that opens a harness's instructions:
// "INSTRUCTIONS:", "# Task Instructions", "<instructions>".
var instructionsLabelRE = mustPattern(`(?im)^[ \t]*(?:#+[ \t]*)?(?:<instructions>|(?:task[ \t]+)?instructions[ \t]*:?)[ \t]*$`)

// harnessSignalRE names the mechanics a harness's instructions are about:
// the response, the tool calls, the shell, the submission.
var harnessSignalRE = mustPattern(`(?i)\b(?:tool[ _]calls?|function[ _]calls?|bash\w*|shell|terminal|subshell|commands?|interactive|submit|submission|responses?|workflow|reproduc\w* script|follow these steps)\b`)

// scopeRuleRE is a rule of the instructions that bounds what the work may
// change ("DO NOT MODIFY: Tests, configuration files", "make changes to
// non-test files"); submitRE one about handing the work in.
var (
	scopeRuleRE = mustPattern(`(?i)\b(?:do not|don't|never|must not|should not)\s+(?:modify|edit|change|touch|delete)\b|\bnon-test files\b`)
	submitRE    = mustPattern(`(?i)\b(?:submit|patch|commit)\b`)
)

// harnessInstructionsAt is where the harness's standing instructions
// begin in a first user message built from a template, or -1: after the
// task block's close, or at a line labelling them, with a task before and
// at least three of the harness's mechanics named after.
func harnessInstructionsAt(text string) int {
	at := -1
	if loc := taskCloseRE.FindStringIndex(text); loc != nil {
		at = loc[1]
	} else if loc := instructionsLabelRE.FindStringIndex(text); loc != nil {
		at = loc[0]
	}
	if at <= 0 || len(terms(pastLeadTags(text[:at]))) < 3 {
		return -1
	}
	seen := map[string]bool{}
	for _, m := range harnessSignalRE.FindAllString(text[at:], -1) {
		seen[strings.TrimSuffix(strings.ToLower(m), "s")] = true
	}
	if len(seen) < 3 {
		return -1
	}
	return at
}

// harnessTask is the text of a first user message built from a harness
// template to read instead of the message: its task part, past the
// lead-in lines before a title ("Consider the following PR
// description:", "ISSUE:"; a tagged task is its block alone), then the instructions' rules on what the work
// may change, each line verbatim; ok false when the message is no such
// template.
func harnessTask(text string) (task, title string, ok bool) {
	at := harnessInstructionsAt(text)
	if at < 0 {
		return "", "", false
	}
	task = text[:at]
	if loc := taskCloseRE.FindStringIndex(task); loc != nil {
		// the tagged block alone: what the harness says around it
		// ("I've uploaded a C code repository …") is no part of the task
		name := strings.Trim(task[loc[0]:loc[1]], "</>")
		if open := strings.LastIndex(strings.ToLower(task[:loc[0]]), "<"+strings.ToLower(name)+">"); open >= 0 {
			task = task[open:loc[0]]
		}
	}
	task, title = titleFirst(task)
	var kept []string
	for _, line := range strings.Split(text[at:], "\n") {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*• "))
		if scopeRuleRE.MatchString(line) && !submitRE.MatchString(line) {
			kept = append(kept, line)
		}
	}
	if len(kept) > 0 {
		task = strings.TrimRight(task, "\n ") + "\n\n" + strings.Join(kept, "\n")
	}
	return task, title, true
}

// maxTitleRunes bounds a title line: a longer line is a description
// run on without its full stop.
const maxTitleRunes = 120

// titleFirst is a task text past its lead tags and the lead-in lines
// before its title: lines that end in a colon ("Here's the issue
// text:", "ISSUE:"), when the line after them is a title (no sentence's
// end: "TimeDelta serialization precision"); a first line that is such a
// title, with the text under it, is the title too. A description after a
// lead-in ("The description is:\nNever forget the people's champ.")
// keeps its lead-in, which tells what the task is. title is the title
// line, or "" when the text opens otherwise.
func titleFirst(task string) (text, title string) {
	t := pastLeadTags(task)
	lines := strings.Split(t, "\n")
	i := 0
	for i < len(lines) && strings.HasSuffix(strings.TrimSpace(lines[i]), ":") {
		i++
	}
	if i >= len(lines) || i == 0 && len(lines) < 2 {
		return t, ""
	}
	title = strings.TrimSpace(lines[i])
	stop := title != "" && strings.ContainsAny(title[len(title)-1:], ".!?。")
	if stop && strings.HasSuffix(title, ".") && !strings.Contains(strings.TrimSuffix(title, "."), ". ") && sectionLabelNext(lines[i+1:]) {
		// "ForeignKey's to_field parameter gets the old field's name
		// when renaming a PrimaryKey." over "Description": a tracker's
		// title with its full stop, the section label under it says so
		stop = false
	}
	if title == "" || stop || len(terms(title)) < 2 || len([]rune(title)) > maxTitleRunes || strings.ContainsAny(title, "!?") {
		return t, ""
	}
	return strings.Join(lines[i:], "\n"), title
}

// sectionLabelRE is a line that labels the section under a tracker
// issue's title: "Description", "Summary", "## Steps to reproduce",
// "**Describe the bug**".
var sectionLabelRE = mustPattern(`(?i)^(?:#{1,4}\s*|\*\*)?(?:description|summary|details|problem|background|describe the bug|steps to reproduce|to reproduce|expected (?:behaviou?r|result)|actual (?:behaviou?r|result))(?:\*\*)?\s*:?$`)

// sectionLabelNext reports whether the first non-blank of lines is a
// section label (sectionLabelRE).
func sectionLabelNext(lines []string) bool {
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			return sectionLabelRE.MatchString(l)
		}
	}
	return false
}

// titledObjective is out with the objective it proposes stated as the
// task's title, when the task has one: the title line alone, not run on
// into the line after it ("HttpResponse doesn't handle memoryview
// objects" over "… objects Description").
func titledObjective(out []Proposal, title string) []Proposal {
	if title == "" {
		return out
	}
	for i, p := range out {
		if p.Kind == KindObjective && p.Op == OpState && strings.Contains(p.Quote, title) {
			out[i].Value, out[i].Quote = oneLine(title, valueRunes), title
		}
	}
	return out
}
