package projection

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Text written before a value changed (a folded checkpoint's lines, a
// semantic digest merging them, a user message quoted by the objective)
// still gives the key its old value. EF-RFC-001 §14: the active surface
// must not set a superseded value beside the current one as if both held.
// A ValueCheck finds such statements against the projection's current
// heads, so a renderer can leave them out or mark them as replaced.

// StaleValue is a statement that gives a key a value other than the key's
// current head.
type StaleValue struct {
	// Sentence is the statement, verbatim from the text.
	Sentence string
	// Stated is the value the sentence gives the key.
	Stated string
	// Head is the key's current value (a copy).
	Head *Anchor

	// at, end: the stated value's bytes in the text (quotes included).
	at, end int
}

// ValueCheck judges texts against the current values of a reducer as it
// was when ValueCheck was called; the reducer must not change while the
// check is used. A nil *ValueCheck (no current values) finds nothing. Not
// safe for concurrent use.
type ValueCheck struct {
	r     *Reducer
	heads []*Anchor
	// words are the lowercased last words of the heads' properties: a
	// sentence naming none of them names no head's key (a cheap test
	// before the patterns).
	words []string
}

// ValueCheck returns a check against r's current values, or nil when it
// has none (a nil *Reducer has none).
func (r *Reducer) ValueCheck() *ValueCheck {
	if r == nil {
		return nil
	}
	c := &ValueCheck{r: r}
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current {
			c.heads = append(c.heads, a)
		}
	}
	if len(c.heads) == 0 {
		return nil
	}
	slices.SortFunc(c.heads, byAge)
	seen := map[string]bool{}
	for _, a := range c.heads {
		p := strings.ToLower(property(a.Key))
		if i := strings.LastIndexByte(p, '_'); i >= 0 && i+1 < len(p) {
			p = p[i+1:]
		}
		if p != "" && !seen[p] {
			seen[p] = true
			c.words = append(c.words, p)
		}
	}
	return c
}

// Stale returns the statements of text that give a value the projection
// has since superseded, as current. A sentence gives a key a value as the
// built-in extractor reads an instruction ("timeout = 90", "set the
// timeout to 90", "the timeout is 90", "超时改为 90"), or as a summary line
// names a key the projection holds ("timeout: 90"); its key is matched to
// a current head as the reducer matches keys (a key naming no entity
// matches the property in any). A sentence that also states the current
// value, or marks the old one as replaced ("from 30 to 60"), is not stale.
// Keys without a current head are never stale: what the projection does
// not hold, it cannot judge.
func (c *ValueCheck) Stale(text string) []StaleValue {
	if c == nil || !c.names(text) {
		return nil
	}
	var out []StaleValue
	from := 0
	for _, s := range sentences(text) {
		at := strings.Index(text[from:], s)
		if at < 0 {
			continue // sentences are verbatim substrings, in order
		}
		at += from
		from = at + len(s)
		if len(s) > maxSentence*4 || questionRE.MatchString(s) || !c.names(s) {
			continue
		}
		out = c.staleIn(text, at, s, out)
	}
	return out
}

// Mark returns text with every stale statement's old value marked as
// replaced by the current one: "timeout = 90" reads "timeout = 90 → 60
// (since seq 172)". It returns text itself when nothing is stale. A mark
// an earlier fold wrote after the same value is replaced, not chained, so
// a line re-folded after every change stays one mark long.
func (c *ValueCheck) Mark(text string) (string, []StaleValue) {
	sv := c.Stale(text)
	if len(sv) == 0 {
		return text, nil
	}
	slices.SortStableFunc(sv, func(a, b StaleValue) int { return cmp.Compare(a.at, b.at) })
	var sb strings.Builder
	last := 0
	for _, v := range sv {
		if v.end < last {
			continue
		}
		sb.WriteString(text[last:v.end])
		fmt.Fprintf(&sb, " → %s (since seq %d)", oneLine(v.Head.Value, 80), v.Head.Seq())
		last = v.end + len(oldMarksRE.FindString(text[v.end:]))
	}
	sb.WriteString(text[last:])
	return sb.String(), sv
}

// names reports whether s may name a head's key.
func (c *ValueCheck) names(s string) bool {
	ls := strings.ToLower(s)
	for _, w := range c.words {
		if strings.Contains(ls, w) {
			return true
		}
	}
	return false
}

// staleIn appends the stale statements of sentence s, at offset at of
// text, to out.
func (c *ValueCheck) staleIn(text string, at int, s string, out []StaleValue) []StaleValue {
	seen := map[*Anchor]bool{}
	add := func(h *Anchor, v string, key int) {
		if seen[h] || sameValue(v, h.Value) || tokenAt(s, cleanValue(h.Value), 0) >= 0 {
			return
		}
		i := tokenAt(s, v, key)
		if i < 0 {
			i = tokenAt(s, v, 0)
		}
		if i < 0 {
			return
		}
		seen[h] = true
		end := i + len(v)
		if i > 0 && end < len(s) && strings.ContainsRune("\"'`", rune(s[i-1])) && s[end] == s[i-1] {
			end++
		}
		out = append(out, StaleValue{Sentence: s, Stated: v, Head: h.clone(), at: at + i, end: at + end})
	}
	for _, p := range values(s, "", "", false, "", false) {
		if h := c.r.valueCoded(p.Key, typedCode(p.Name, p.Quote)); h != nil {
			add(h, p.Value, max(strings.Index(s, p.Name), 0))
		}
	}
	// A summary's "key: value" (values reads "=" and "is", not a colon,
	// which in an instruction introduces anything): only for the keys the
	// projection holds.
	for _, h := range c.heads {
		if seen[h] {
			continue
		}
		for _, name := range headNames(h) {
			if v, k, ok := colonValue(s, name); ok {
				add(h, v, k)
				break
			}
		}
	}
	return out
}

// headNames are the names a text may give a value head's key: the name
// its source used and its key's property, with "_" read as a space too.
func headNames(h *Anchor) []string {
	var out []string
	for _, n := range []string{h.Name, property(h.Key)} {
		n = strings.TrimSpace(n)
		if n == "" || n == "-" {
			continue
		}
		for _, v := range []string{n, strings.ReplaceAll(n, "_", " ")} {
			if !containsFold(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// colonAfterRE is a colon and the value after it, the whole of its
// clause: "timeout: 30", "timeout: 30s and 4 retries", not "name: Compare
// with baseline" (a phrase) or "`if x:` block" (code).
// oldMarksRE matches the marks Mark wrote after a value, as Mark writes
// them.
var oldMarksRE = mustPattern(`^(?: → [^\n]{1,80}? \(since seq \d+\))+`)

var colonAfterRE = mustPattern(`^\s*(?::\s+|：\s*)(` + valPat + `)\s*(?:$|[,;.。，；)]|\(|and\b|or\b|和|或)`)

// colonValue finds name (a whole word, any case) followed by a colon and a
// specific value (a number, a quoted string, an identifier with a digit or
// a separator) in s: the value and where the name is.
func colonValue(s, name string) (string, int, bool) {
	ls, ln := strings.ToLower(s), strings.ToLower(name)
	if len(ls) != len(s) {
		return "", 0, false // lowercasing changed the bytes: offsets would not hold
	}
	for i := 0; ; {
		j := strings.Index(ls[i:], ln)
		if j < 0 {
			return "", 0, false
		}
		at, end := i+j, i+j+len(ln)
		i = at + 1
		if at > 0 && isWordByte(ls[at-1]) || end < len(ls) && isWordByte(ls[end]) {
			continue
		}
		if m := colonAfterRE.FindStringSubmatch(s[end:]); m != nil && specific(m[1]) {
			if v := cleanValue(m[1]); v != "" {
				return v, at, true
			}
		}
	}
}

// sameValue compares two values as written (quotes and case aside).
func sameValue(a, b string) bool {
	return strings.EqualFold(cleanValue(a), cleanValue(b))
}

// tokenAt returns the index of the first occurrence of v in s at or after
// from that is a whole token (not part of a longer word or number: "60" is
// not in "600" or "60.5"), or -1.
func tokenAt(s, v string, from int) int {
	if v == "" || from > len(s) {
		return -1
	}
	for i := from; ; {
		j := strings.Index(s[i:], v)
		if j < 0 {
			return -1
		}
		at, end := i+j, i+j+len(v)
		i = at + 1
		if at > 0 && isWordByte(s[at-1]) && isWordByte(v[0]) || end < len(s) && isWordByte(s[end]) && isWordByte(v[len(v)-1]) {
			continue
		}
		if isDigit(v[len(v)-1]) && end+1 < len(s) && s[end] == '.' && isDigit(s[end+1]) {
			continue
		}
		return at
	}
}

func isWordByte(b byte) bool {
	return b == '_' || isDigit(b) || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
