package projection

import (
	"slices"
	"strings"
)

// A rule removed from the project's instruction file.
//
// An instruction file read again whole is the project's rules as they
// stand now (instructions.go): a rule an earlier read of the same file
// gave, which the newer read no longer holds, was taken out of it and
// is no longer in force ("- dbt: always run with --target dev" and its
// exception gone from AGENTS.md at the third cat). It is lifted at the
// newer read; the rules the read holds again stay.
//
// Only a read of the file whole says what it no longer holds: a head,
// a tail, a sed -n range or a read tool given an offset or a limit
// shows a part; a read after a cd may be another directory's file; a
// file too long to read whole (instructionWindows) is read in windows;
// a read that gave no rule at all (an empty file, a file the tool
// failed to show) is no newer list. Only the rules that file gave are
// lifted: the user's rules, and another file's, stay.

// partReadKeys name a read tool's arguments that show part of a file.
var partReadKeys = []string{"offset", "limit", "start_line", "end_line", "line_start", "line_end", "view_range", "lines", "line", "range", "max_lines"}

// wholeRead reports whether call c, which reads an instruction file
// (instructionFile), shows it whole.
func wholeRead(c *Call) bool {
	if c == nil {
		return false
	}
	for _, k := range partReadKeys {
		if v, ok := c.Args[k]; ok && v != nil {
			return false
		}
	}
	_, cmd := argString(c.Args, commandArgKeys)
	if cmd == "" {
		return true
	}
	st := andStages(strings.TrimSpace(cmd))
	for range 3 {
		if n := trailingDiffs(st); len(st)-n != 1 || n > 0 && len(st) == n {
			// "cd app && cat AGENTS.md": another directory's file
			return false
		}
		in, ok := shellScript(unwrap(st[0]))
		if !ok {
			break
		}
		st = andStages(strings.TrimSpace(in))
	}
	if n := trailingDiffs(st); n > 0 && n < len(st) {
		st = st[:len(st)-n] // the file, then a diff of it (diffCut)
	}
	if len(st) != 1 {
		return false
	}
	f := runFields(unwrap(st[0]))
	if len(f) < 2 {
		return false
	}
	switch f[0] {
	case "cat", "less", "more", "nl":
		return true
	case "bat":
		return !slices.ContainsFunc(f, func(w string) bool { return w == "-r" || strings.HasPrefix(w, "--line-range") })
	}
	return false
}

// instructionsDropped lifts the active rules an earlier read of
// instruction file file gave that the read at ref, whose proposals are
// props, holds no more.
func (r *Reducer) instructionsDropped(file string, props []Proposal, ref EventRef) {
	link := instrPrefix + file
	read := slices.ContainsFunc(props, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && slices.Contains(p.Links, link)
	})
	if !read {
		return
	}
	var gone []*Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !slices.Contains(a.Links, link) {
			continue
		}
		if slices.ContainsFunc(a.SourceRefs, func(s EventRef) bool { return s.Seq == ref.Seq }) {
			continue // held again
		}
		gone = append(gone, a)
	}
	slices.SortFunc(gone, byAge)
	for _, a := range gone {
		// lifted as a lift said in chat leaves it (rulelift.go, lift)
		a.Lifecycle = Lifted
		a.Because = "no longer in " + file
		a.addRef(ref)
	}
}

// A file read whole, then a diff of it.
//
// "cat AGENTS.md && git diff HEAD~1 -- AGENTS.md | head -20" prints the
// file, then the diff: the file's text ends where the diff's output
// starts ("diff --git a/AGENTS.md b/AGENTS.md"), and the diff's "-" lines
// are lines taken out of the file, not lines of it. A read so chained is
// a read of the file whole, its text cut at the diff's first line. A
// stage after the read whose output has no such header ("git diff
// --stat", "ls", "echo") leaves the end of the file's text unknown: such
// a chain is no read of the file.

// diffStageRE is a git command that prints a diff or commits with their
// headers; diffSummaryRE an option that prints a summary instead.
var (
	diffStageRE   = mustPattern(`^git\s+(?:-C\s+\S+\s+)?(?:diff|show|log\s+(?:.*\s)?(?:-p|--patch)(?:\s|$))`)
	diffSummaryRE = mustPattern(`(?:^|\s)--(?:stat|shortstat|numstat|name-only|name-status|summary|oneline|quiet|exit-code)\b|(?:^|\s)-s(?:\s|$)`)
	// diffStartRE is the first line of a diff's or a commit's output.
	diffStartRE = mustPattern(`(?m)^(?:diff --git |commit [0-9a-f]{7,40}\b)`)
)

// trailingDiffs is how many of stages st, from the last, print a diff
// (diffStageRE), read to their first pipe.
func trailingDiffs(st []string) int {
	n := 0
	for i := len(st) - 1; i >= 0; i-- {
		head := strings.TrimSpace(unwrap(pipeHead(st[i])))
		if !diffStageRE.MatchString(head) || diffSummaryRE.MatchString(head) {
			break
		}
		n++
	}
	return n
}

// diffCut is the text of call c's output up to the diff a stage after
// its read prints (see above); text itself when c's command ends in no
// such stage.
func diffCut(c *Call, text string) string {
	if c == nil {
		return text
	}
	_, cmd := argString(c.Args, commandArgKeys)
	st := andStages(strings.TrimSpace(cmd))
	for range 3 {
		if len(st) != 1 {
			break
		}
		in, ok := shellScript(unwrap(st[0]))
		if !ok {
			break
		}
		st = andStages(strings.TrimSpace(in))
	}
	if n := trailingDiffs(st); n == 0 || n == len(st) {
		return text
	}
	if loc := diffStartRE.FindStringIndex(text); loc != nil {
		return text[:loc[0]]
	}
	return text
}
