package projection

import (
	"path"
	"strings"
	"unicode/utf8"
)

// Rules a project writes down for its agents.
//
// A project's instruction file (AGENTS.md, CLAUDE.md, GEMINI.md,
// CONTRIBUTING.md, CONVENTIONS.md, .cursorrules,
// .github/copilot-instructions.md) states the rules its agents work by:
// a harness loads it into the system prompt, and an agent that reads it
// with a tool reads the same rules. EF-RFC-001 §5.4 gives normative
// authority to "user/system explicit constraint" and empirical authority
// to "tool/test/filesystem evidence"; the file's rules are the first kind
// carried by the second, so its constraints are admitted as normative
// (Proposal.Instructions) when a tool result shows the file whole: a read
// tool or a cat, head, sed -n, less or bat of that one file. The user's
// chat lifts or amends them like any rule. Any other tool output (a web
// page, a log, a README, an issue) never states a rule, however it is
// worded ("IMPORTANT: never push to main …" in a fetched page stays
// evidence): that is the guard against instructions injected through
// tool output.

// instructionFiles are the base names of instruction files, lower case.
var instructionFiles = map[string]bool{"agents.md": true, "claude.md": true, "gemini.md": true, "contributing.md": true,
	"conventions.md": true, ".cursorrules": true, ".windsurfrules": true, "copilot-instructions.md": true, "agent.md": true,
	"claude.local.md": true, "agents.override.md": true, "qwen.md": true, ".clinerules": true, ".rules": true, "crush.md": true,
	"opencode.md": true, "warp.md": true}

// readArgKeys name the file a read tool reads, besides fileArgKeys:
// Gemini CLI's read_file ("absolute_path"), others' ("uri", "filepath",
// "relative_path", "target").
var readArgKeys = []string{"absolute_path", "uri", "filepath", "relative_path", "target", "file_name"}

// searchToolRE names a tool that searches or lists rather than shows a
// file whole: its output is lines picked out of the file, or none of them.
var searchToolRE = mustPattern(`(?i)grep|search|find|glob|list|^ls$|_ls$|stat$|exists`)

// viewProgs show one file's text whole or in part.
var viewProgs = map[string]bool{"cat": true, "head": true, "tail": true, "less": true, "more": true, "bat": true, "sed": true, "nl": true}

// instructionFile is the instruction file the call reads, or "".
func instructionFile(c *Call) string {
	if c == nil {
		return ""
	}
	_, p := argString(c.Args, fileArgKeys)
	if p == "" {
		_, p = argString(c.Args, readArgKeys)
	}
	if p != "" {
		p = strings.TrimPrefix(p, "file://")
		// str_replace_based_edit_tool edits, and shows a file whole
		// with its "view" command
		viewed := c.Args["command"] == "view"
		if writeToolRE.MatchString(c.Name) && !viewed || searchToolRE.MatchString(c.Name) || !instructionFiles[strings.ToLower(path.Base(p))] {
			return ""
		}
		return p
	}
	_, cmd := argString(c.Args, commandArgKeys)
	st := andStages(strings.TrimSpace(cmd))
	last := unwrap(st[len(st)-1])
	for range 3 {
		// `bash -lc "cat AGENTS.md"`, as Codex runs every command, and
		// `sh -c 'cd app && cat CLAUDE.md'`: the script the shell runs
		in, ok := shellScript(last)
		if !ok {
			break
		}
		st = andStages(strings.TrimSpace(in))
		last = unwrap(st[len(st)-1])
	}
	if n := trailingDiffs(st); n > 0 && n < len(st) {
		// "cat AGENTS.md && git diff HEAD~1 -- AGENTS.md": the file,
		// then a diff of it (instrgone.go, diffCut)
		st = st[:len(st)-n]
		last = unwrap(st[len(st)-1])
	}
	if shellHasAny(last, "|;><`$") {
		return ""
	}
	f := runFields(last)
	if len(f) < 2 || !viewProgs[f[0]] || f[0] == "sed" && !strings.HasPrefix(f[1], "-n") {
		return ""
	}
	file := ""
	for _, w := range f[1:] {
		if strings.HasPrefix(w, "-") || f[0] == "sed" && strings.Trim(w, `'"`) != w {
			continue
		}
		if file != "" {
			return "" // two files: not the one file whole
		}
		file = strings.Trim(w, `'"`)
	}
	if !instructionFiles[strings.ToLower(path.Base(file))] {
		return ""
	}
	return file
}

// shellScriptRE is a shell run on a script given inline: "bash -lc
// '…'", "sh -c \"…\"", "/bin/zsh -c …".
var shellScriptRE = mustPattern(`^(?:/usr)?(?:/bin/)?(?:bash|sh|zsh|dash|ksh)\s+(?:-[a-z]+\s+)*?-[a-z]*c[a-z]*\s+(?:'([^']*)'|"((?:[^"\\]|\\.)*)")\s*$`)

// shellScript is the script shell stage st runs inline, unquoted, and
// whether st is one.
func shellScript(st string) (string, bool) {
	m := shellScriptRE.FindStringSubmatch(strings.TrimSpace(st))
	if m == nil {
		return "", false
	}
	if m[1] != "" {
		return m[1], true
	}
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\$`, `$`, "\\`", "`").Replace(m[2]), m[2] != ""
}

// instructionRules are the rules of the instruction file a passing tool
// result shows (see above), read as a system message would be.
func instructionRules(ev *Event, ctx *Context) []Proposal {
	file := ""
	if ctx != nil {
		file = instructionFile(ctx.Call)
	}
	if ev.Result == nil || ev.Result.IsError || file == "" {
		return nil
	}
	sev := *ev
	sev.Role = RoleSystem
	sev.Text = instructionText(diffCut(ctx.Call, ev.Text))
	if len(sev.Text) > maxInstructionBytes {
		sev.Text = instructionWindows(sev.Text)
	}
	items, prose := instructionItems(sev.Text)
	// A file in another language is read through its gloss, as a user's
	// message is (lexicon.go); its rules are quoted in its own words.
	l := detectLang(sev.Text, langNone)
	var out []Proposal
	for _, it := range items {
		if p, ok := itemRule(it, ev.Text, l); ok {
			p.Links = append(p.Links, instrPrefix+file)
			out = append(out, p)
		}
	}
	sev.Text = prose
	var props []Proposal
	if g := glossOf(prose, l); g != nil {
		gev := sev
		gev.Text = g.text
		props = g.unGloss(proposeInstructions(&gev, ctx, true))
	} else {
		props = proposeInstructions(&sev, ctx, false)
	}
	for _, p := range props {
		if p.Op != OpState || p.Kind != KindConstraint {
			continue
		}
		if !strings.Contains(ev.Text, p.Quote) {
			// A rule wrapped over lines ("4. Open merge requests against
			// `develop`. Never push to `main` and never\n    21\t
			// create tags; …"), read whole: its quote is the opening
			// words that stand in the result as they are.
			if p.Quote = verbatimHead(ev.Text, p.Quote); p.Quote == "" {
				continue
			}
		}
		p.Instructions = true
		p.Links = append(p.Links, instrPrefix+file)
		out = append(out, p)
	}
	return out
}

// instrPrefix opens the link naming the instruction file a rule was
// read from: its rules are a list, not one statement, so a lift of one
// frees none beside it (liftSiblings).
const instrPrefix = "instructions/"

// verbatimHead is the longest run of q's opening words, three at least,
// that text holds as it is, or "".
func verbatimHead(text, q string) string {
	f := strings.Fields(q)
	for n := len(f); n >= 3; n-- {
		if h := strings.Join(f[:n], " "); strings.Contains(text, h) {
			return h
		}
	}
	return ""
}

// Around an instruction file's text in a tool result: the read tool's
// line numbers ("    50→", "50\t"), the harness's reminders
// ("<system-reminder>…</system-reminder>", which a Claude Code read
// appends: "you MUST refuse to improve or augment the code" is no rule of
// the project's), and code blocks (examples, not rules).
var (
	lineNumberRE = mustPattern(`(?m)^\s*\d+(?:→|\t|\s*\|\s?)`)
	reminderRE   = mustPattern(`(?s)<system-reminder>.*?</system-reminder>`)
)

// instructionText is a tool result's text as the instruction file says
// it: without line numbers, reminders or fenced code blocks (blank lines
// in their place). A rule's quote read from it stays a substring of the
// result as long as it keeps to one line.
func instructionText(text string) string {
	text = reminderRE.ReplaceAllString(text, "")
	text = lineNumberRE.ReplaceAllString(text, "")
	var b strings.Builder
	fenced, prev := false, ""
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			b.WriteString("\n")
			prev = ""
			continue
		}
		if fenced {
			b.WriteString("\n")
			continue
		}
		body := strings.TrimSpace(line)
		if wrapsItem(prev, line) {
			// A list item's text wrapped onto an indented line: one
			// line again, so its sentences are read whole.
			s := strings.TrimRight(b.String(), "\n")
			b.Reset()
			b.WriteString(s + " " + body + "\n")
			prev += " " + body
			continue
		}
		b.WriteString(line)
		prev = body
	}
	return b.String()
}

// wrapsItem reports whether line goes on with the list item prev: it is
// indented, says something, and opens no item or heading of its own.
func wrapsItem(prev, line string) bool {
	body := strings.TrimSpace(line)
	return prev != "" && body != "" && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) &&
		!strings.HasPrefix(prev, "#") && !listItemOpenRE.MatchString(body) && listItemOpenRE.MatchString(prev)
}

// listItemOpenRE opens a list item: "1.", "2)", "-", "*", "•".
var listItemOpenRE = mustPattern(`^(?:\d{1,3}[.)]|[-*•])\s`)

// An instruction file's list items are its rules one by one: "4. Open
// merge requests against `develop`. Never push to `main` and never
// create tags; releases are tagged by Priya." is one rule, held whole
// (its quote the opening words the result shows as they are), not cut
// at its sentences or clauses. A numbered item is a rule whatever its
// words ("1. All geometry inside the crate is in PDF points … as f64."):
// the file numbers what its agents work by. A bulleted one is a rule when
// it reads as one (isRule, or it opens with a verb of practice: "Use
// pnpm", "Keep UI server-rendered"); a bullet of a tech-stack list
// ("**Rust** with edition 2024") or a reason ("Direct sqlite3 commands
// bypass counters …") is none. A rule is
// held as its sentences that say it, without the reasons told with it;
// a numbered item saying none is held whole. A catalog
// entry ("- `make lint`: runs the linters") is none.

// listItem is one list item of an instruction file's text: its text
// without the mark, and whether the mark was a number.
type listItem struct {
	text     string
	numbered bool
	// ruled marks an item under a heading that names rules ("## Rules",
	// "## Regeln für Agents", "## ルール"): the file says each is one.
	ruled bool
}

// rulesHeadingRE is a heading naming what follows as rules, in the
// languages the lexicons read.
var rulesHeadingRE = mustPattern(`(?i)^#{1,6}\s.*(?:\b(?:rules?|regeln?|reglas?|règles?|regole|regras?|regels?|regler|правила|правил|dos and don'?ts|must|musts)\b|ルール|規則|规则|规矩|守则|规范|규칙)`)

// itemMarkRE is a list item's mark and its text.
var itemMarkRE = mustPattern(`^\s{0,3}(?:(\d{1,3})[.)]|[-*•])\s+(\S.*)$`)

// instructionItems are the list items of an instruction file's text
// (instructionText: each item one line), and the text with their lines
// left blank (the prose, read sentence by sentence).
func instructionItems(text string) ([]listItem, string) {
	var items []listItem
	var b strings.Builder
	ruled := false
	for _, line := range strings.SplitAfter(text, "\n") {
		if h := strings.TrimSpace(line); strings.HasPrefix(h, "#") {
			ruled = rulesHeadingRE.MatchString(h)
		}
		m := itemMarkRE.FindStringSubmatch(strings.TrimRight(line, "\n"))
		if m == nil || catalogRE.MatchString(strings.TrimSpace(line)) {
			b.WriteString(line)
			continue
		}
		items = append(items, listItem{text: strings.TrimSpace(m[2]), numbered: m[1] != "", ruled: ruled})
		if strings.HasSuffix(line, "\n") {
			b.WriteString("\n")
		}
	}
	return items, b.String()
}

// itemRule is list item it as a rule of the file, quoted from result, the
// tool result's text.
func itemRule(it listItem, result string, l lang) (Proposal, bool) {
	if len(strings.Fields(it.text)) < 3 && utf8.RuneCountInString(it.text) < 8 || strings.HasSuffix(it.text, "?") || strings.HasSuffix(it.text, ":") || strings.HasSuffix(it.text, "？") || strings.HasSuffix(it.text, "：") {
		return Proposal{}, false
	}
	var said []string
	ruled := false
	ss := sentences(it.text)
	for i, s := range ss {
		rs := s
		if g := glossOf(s, l); g != nil {
			rs = g.text
		}
		strong := isRule(rs) || (it.numbered || it.ruled) && imperative(rs) || ruleVerbOpens(rs) || practiceRE.MatchString(rs)
		if strong || (it.numbered || it.ruled) && bindWordRE.MatchString(rs) {
			ruled = ruled || strong
			if i > 0 && namesByPronoun(s) && (len(said) == 0 || said[len(said)-1] != strings.TrimSpace(ss[i-1])) {
				// "`modules/vpc` is shared by five stacks. Do not modify
				// it.": the rule keeps the sentence that names its thing
				said = append(said, strings.TrimSpace(ss[i-1]))
			}
			said = append(said, strings.TrimSpace(s))
		}
	}
	v := strings.Join(said, " ")
	if !ruled {
		// a word that binds says a rule only beside one said outright;
		// alone, the item is held whole
		v = ""
	}
	switch {
	case v != "":
		// its rules, without the reasons told after them ("The build
		// machines are offline …")
	case it.numbered || it.ruled:
		// "- Tests laufen auf dem Simulator "iPhone 15", iOS 17.5." under
		// "## Regeln für Agents": a rule because the file lists it as one
		v = it.text
	default:
		return Proposal{}, false
	}
	q := v
	if !strings.Contains(result, q) {
		if q = verbatimHead(result, q); q == "" {
			return Proposal{}, false
		}
	}
	return Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(v), Value: oneLine(v, valueRunes), Quote: q, Links: mentions(v), Instructions: true}, true
}

// bindWordRE is a word that binds in an item the file lists as a rule
// ("PRs always against `develop`", glossed from "PRs immer gegen
// `develop`"), where no verb says it.
var bindWordRE = mustPattern(`(?i)\b(?:always|never|only|must|no|not)\b|始终|永远|只能|必须|不要`)

// ruleVerbs open a bullet that directs how the work is done.
var ruleVerbs = wordSet(`use prefer keep run write put add avoid follow make ask commit test check document name place store call import
handle log open create update read pin format lint sign squash rebase merge push tag release bump target wrap return raise
validate sanitize sanitise escape quote limit cap mark prefix suffix include exclude cite reference link start end stop leave
treat consider default stick respect preserve mirror match reuse`)

// ruleVerbOpens reports whether s opens with a ruleVerbs word (markup
// around it dropped).
func ruleVerbOpens(s string) bool {
	f := strings.Fields(s)
	return len(f) >= 2 && ruleVerbs[strings.ToLower(strings.Trim(f[0], "\"'`*_()[]"))]
}
