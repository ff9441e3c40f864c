package engine

import (
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/projection"
)

// Text a fold restates from before its span's end was true when it was
// written; a value set there may have changed since: the narrative of the
// checkpoints it folds in, a semantic digest merging their lines, the
// user's requests, an objective quoting the first message. The state
// section states the projection's current head of every value ("60 (was
// 90)"); a restated line that gives a key another value would set the old
// value beside it as current, which EF-RFC-001 §14 forbids. So a fold
// leaves such narrative out (the bundles keep it: old values are recalled,
// not shown) and marks the old value as replaced in what it must keep (the
// state lines, the user's words): "timeout = 90 → 60 (since seq 172)".
// Only keys with a current head are judged (projection.ValueCheck).

// superseded is what one fold did about restated superseded values.
type superseded struct {
	check   *projection.ValueCheck
	dropped int
	marked  int
	entries []ManifestEntry // narrative left out, for an emergency fold's drop manifest
	example string          // one of them, for the report
}

func newSuperseded(r *projection.Reducer) *superseded {
	return &superseded{check: r.ValueCheck()}
}

// note is the report's line about it ("" when nothing was stale).
func (u *superseded) note() string {
	if u.dropped+u.marked == 0 {
		return ""
	}
	return fmt.Sprintf("restated text gave values superseded since (e.g. %s): %d narrative line(s) left out, %d line(s) marked with the current value", u.example, u.dropped, u.marked)
}

func (u *superseded) saw(sv []projection.StaleValue) {
	if u.example == "" && len(sv) > 0 {
		v := sv[0]
		name := v.Head.Name
		if name == "" {
			name = v.Head.Key
		}
		u.example = fmt.Sprintf("%s %q, now %q", name, oneLine(v.Stated, 40), oneLine(v.Head.Value, 40))
	}
}

// keep reports whether text states no superseded value; when it does, it
// counts it as left out (in the drop manifest under cat, unless cat is "").
func (u *superseded) keep(cat string, it Item) bool {
	sv := u.check.Stale(it.Text)
	if len(sv) == 0 {
		return true
	}
	u.saw(sv)
	u.dropped++
	if cat != "" {
		u.entries = append(u.entries, ManifestEntry{Category: cat, Seq: it.Seq, Chars: len(it.Text), Reason: "superseded"})
	}
	return false
}

// filter returns the items that state no superseded value.
func (u *superseded) filter(cat string, items []Item) []Item {
	if u.check == nil {
		return items
	}
	out := items[:0:0]
	for _, it := range items {
		if u.keep(cat, it) {
			out = append(out, it)
		}
	}
	return out
}

// mark returns text with its superseded values marked as replaced.
func (u *superseded) mark(text string) string {
	if u.check == nil {
		return text
	}
	out, sv := u.check.Mark(text)
	if len(sv) > 0 {
		u.saw(sv)
		u.marked++
	}
	return out
}

// facts leaves out of f the narrative, questions and last answer that give
// a superseded value, and marks it in the user's requests.
func (u *superseded) facts(f *Facts) {
	if u.check == nil {
		return
	}
	f.Narrative = u.filter(catNarr, f.Narrative)
	f.Questions = u.filter(catQuestion, f.Questions)
	if f.LastAnswer.Text != "" && !u.keep("", f.LastAnswer) {
		f.LastAnswer = Item{}
	}
	for i := range f.UserRequests {
		f.UserRequests[i].Text = u.mark(f.UserRequests[i].Text)
	}
}

// state marks superseded values in the state lines other than the values'
// own (an objective or a rule quoting a message that set an old value).
func (u *superseded) state(lines []stateLine) {
	if u.check == nil {
		return
	}
	for i := range lines {
		if lines[i].cat != catValue {
			lines[i].text = u.mark(lines[i].text)
		}
	}
}

// digest leaves out of a semantic digest the lines that give a superseded
// value.
func (u *superseded) digest(text string) string {
	if u.check == nil {
		return text
	}
	var sb strings.Builder
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) != "" && !u.keep(catNarr, Item{Seq: -1, Text: line}) {
			continue
		}
		sb.WriteString(line)
	}
	return sb.String()
}
