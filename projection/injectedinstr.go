package projection

import (
	"path"
	"strings"
)

// An instruction file a harness injects into the conversation.
//
// A host that loads the project's AGENTS.md or CLAUDE.md puts it into the
// conversation as a message of its own (DSH's "Instructions from:
// AGENTS.md" reminder, Claude Code's "Contents of /repo/CLAUDE.md …",
// Codex's "# AGENTS.md instructions for /repo"), read as a system message
// (event.go). Its list is the file's list: each item is one rule, read as
// the same item read with a tool is (instructions.go, itemRule), not cut
// at its clauses ("提交前必须跑 `pnpm -w lint`，lint 不过不准 commit" is one
// rule, not a task to run lint and another), and its prose is read as a
// system message is.

// injectedFileRE names the instruction file a message holds, near its
// start.
var injectedFileRE = mustPattern(`(?mi)^[ \t]*(?:instructions from:?|contents of|#+)[ \t]*(\S+\.md|\.cursorrules|\.windsurfrules|\.clinerules)\b`)

// injectedFile is the instruction file system text ev holds whole, or "".
func injectedFile(text string) string {
	head := text
	if len(head) > 800 {
		head = head[:800]
	}
	m := injectedFileRE.FindStringSubmatch(head)
	if m == nil {
		return ""
	}
	f := strings.Trim(m[1], "`'\"():")
	if !instructionFiles[strings.ToLower(path.Base(f))] {
		return ""
	}
	return f
}

const reminderOpen, reminderClose = "<system-reminder>", "</system-reminder>"

// injectedRules are the rules of the list of an instruction file a
// system message holds, and the message's text with the list's lines
// left blank; ok is false when the message holds no such file or list.
func injectedRules(ev *Event) (rules []Proposal, prose string, ok bool) {
	if ev.Role != RoleSystem {
		return nil, "", false
	}
	file := injectedFile(ev.Text)
	if file == "" {
		return nil, "", false
	}
	// the host's reminder tags around the file are no part of it (a
	// reminder inside it, as a read appends one, still goes)
	text := strings.TrimSpace(ev.Text)
	if strings.HasPrefix(text, reminderOpen) && strings.HasSuffix(text, reminderClose) && strings.Count(text, reminderOpen) == 1 {
		text = strings.TrimSuffix(strings.TrimPrefix(text, reminderOpen), reminderClose)
	}
	text = instructionText(text)
	items, prose := instructionItems(text)
	if len(items) == 0 {
		return nil, "", false
	}
	l := detectLang(text, langNone)
	for _, it := range items {
		if p, ok := itemRule(it, ev.Text, l); ok {
			p.Links = append(p.Links, instrPrefix+file)
			rules = append(rules, p)
		}
	}
	return rules, prose, true
}

// practiceRE says, in the languages not glossed, that a thing is always
// done one way, as "Use …" opens an English item (ruleVerbOpens): "API 的
// 入参出参都用 zod schema 校验", "日付は dayjs で統一", "로깅은 slog를 사용한다".
var practiceRE = mustPattern(`都用|都要用|都使用|一律|统一(?:用|使用)|統一(?:用|使用)|全部(?:用|使用)|で統一|を使う|を使います|を使用する|を使用します|(?:를|을) 사용(?:한다|합니다|해야)`)
