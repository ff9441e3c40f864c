package projection

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// A long text (a tool's output) is mostly lines that none of a large
// alternation's alternatives can match, and the expression's machine
// steps through every byte of it with a thread for each alternative. The
// first match is found instead by the alternatives one by one, each
// only where its own cues are: the leftmost of their first matches, the
// earlier alternative at the same place (leftmost-first, as the whole
// expression chooses), with its groups numbered as in the whole. An
// alternative that cannot match across a line break is run on just the
// lines that hold one of its cues: a match lies in one line, and a
// line's edges look to ^, $ (multi-line), \b and \B as the text's own
// edges do.

// altsMinLen is the shortest text whose first match is found by the
// alternatives: on a sentence, one run of the whole expression costs
// less than a cue scan for each alternative.
const altsMinLen = 256

// An alt is one alternative of a pattern's expression.
type alt struct {
	*pattern // the alternative alone, with its own cues
	// lineLocal: no match holds a line break, and the alternative looks at
	// no text's edge but a line's (no \A, \z, or ^ and $ without (?m)).
	lineLocal bool
	// group is, for each group of the alternative alone (index 0 the
	// match), the whole expression's group it is.
	group []int
}

// altsOf are the alternatives of expr as alts, or nil when its top is no
// alternation (or an alternative does not compile alone).
func altsOf(expr string) []*alt {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil || re.Op != syntax.OpAlternate {
		return nil
	}
	var out []*alt
	for _, sub := range re.Sub {
		r, err := regexp.Compile(sub.String())
		if err != nil {
			return nil
		}
		a := &alt{pattern: &pattern{Regexp: r}, lineLocal: lineLocal(sub), group: []int{0}}
		if c := cuesOf(sub.Simplify()); c.needOK {
			a.cues = c.need
			a.find = newCueFinder(a.cues)
		}
		walkCaptures(sub, func(c int) { a.group = append(a.group, c) })
		if len(a.group) != r.NumSubexp()+1 {
			return nil
		}
		out = append(out, a)
	}
	return out
}

// walkCaptures calls f with the index of each capture group of re in the
// order their parentheses open.
func walkCaptures(re *syntax.Regexp, f func(int)) {
	if re.Op == syntax.OpCapture {
		f(re.Cap)
	}
	for _, s := range re.Sub {
		walkCaptures(s, f)
	}
}

// lineLocal reports whether no match of re holds a line break and re
// looks at no edge of the text but a line's.
func lineLocal(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		return !strings.ContainsRune(string(re.Rune), '\n')
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= '\n' && '\n' <= re.Rune[i+1] {
				return false
			}
		}
		return true
	case syntax.OpAnyChar, syntax.OpBeginText, syntax.OpEndText:
		return false
	case syntax.OpAnyCharNotNL, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpWordBoundary, syntax.OpNoWordBoundary,
		syntax.OpEmptyMatch, syntax.OpNoMatch:
		return true
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat, syntax.OpConcat, syntax.OpAlternate:
		for _, s := range re.Sub {
			if !lineLocal(s) {
				return false
			}
		}
		return true
	}
	return false
}

// firstByAlts is FindStringSubmatchIndex found by p's alternatives.
func (p *pattern) firstByAlts(s string) []int {
	ks := hasKS(s)
	var best []int
	var from *alt
	for _, a := range p.alts {
		limit := len(s) + 1
		if best != nil {
			limit = best[0]
		}
		if loc := a.leftmost(s, limit, ks); loc != nil {
			best, from = loc, a
		}
	}
	if best == nil {
		return nil
	}
	out := make([]int, 2*(p.NumSubexp()+1))
	for i := range out {
		out[i] = -1
	}
	for j, g := range from.group {
		out[2*g], out[2*g+1] = best[2*j], best[2*j+1]
	}
	return out
}

// matchByAlts is MatchString by p's alternatives.
func (p *pattern) matchByAlts(s string) bool {
	ks := hasKS(s)
	for _, a := range p.alts {
		if a.cues == nil || !a.lineLocal || a.find.ks && ks {
			if a.mayMatch(s) && a.Regexp.MatchString(s) {
				return true
			}
			continue
		}
		for ls, le := a.nextLine(s, 0); ls >= 0; ls, le = a.nextLine(s, le+1) {
			if a.Regexp.MatchString(s[ls:le]) {
				return true
			}
		}
	}
	return false
}

// leftmost is a's first match in s (the alternative's groups), when it
// starts before limit; ks: s holds KELVIN SIGN or LONG S.
func (a *alt) leftmost(s string, limit int, ks bool) []int {
	if a.cues == nil || !a.lineLocal || a.find.ks && ks {
		if !a.mayMatch(s) {
			return nil
		}
		if loc := a.Regexp.FindStringSubmatchIndex(s); loc != nil && loc[0] < limit {
			return loc
		}
		return nil
	}
	for ls, le := a.nextLine(s, 0); ls >= 0 && ls < limit; ls, le = a.nextLine(s, le+1) {
		if loc := a.Regexp.FindStringSubmatchIndex(s[ls:le]); loc != nil {
			for i := range loc {
				if loc[i] >= 0 {
					loc[i] += ls
				}
			}
			if loc[0] < limit {
				return loc
			}
			return nil
		}
	}
	return nil
}

// nextLine is the next line of s, from byte from on, that holds one of
// a's cues: its start and end (the line break or len(s)); -1, -1 when
// none does.
func (a *alt) nextLine(s string, from int) (start, end int) {
	if from > len(s) {
		return -1, -1
	}
	i := a.find.next(s, from)
	if i < 0 {
		return -1, -1
	}
	return strings.LastIndexByte(s[:i], '\n') + 1, indexFrom(s, '\n', i)
}

func hasKS(s string) bool {
	return strings.Contains(s, "\u212A") || strings.Contains(s, "\u017F")
}
