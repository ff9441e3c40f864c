package projection

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
)

// A text (a tool's output most of all) is mostly lines that none of a
// large alternation's alternatives can match, and the expression's
// machine steps through every byte of it with a thread for each
// alternative. The first match is found instead by the alternatives one
// by one, each only where its own cues are: the leftmost of their first
// matches, the earlier alternative at the same place (leftmost-first, as
// the whole expression chooses), with its groups numbered as in the
// whole. An alternative that cannot match across a line break is run on
// just the lines that hold one of its cues: a match lies in one line,
// and a line's edges look to ^, $ (multi-line), \b and \B as the text's
// own edges do. One whose match starts a line (^ in multi-line mode)
// with a part that cannot cross a line ("^FAIL" in "^FAIL\s*$") is tried
// only at the starts of the lines holding that part's cues.
//
// All the matches of an alternation are its matches from the start of
// the line of its first match on: no match starts before it, and that
// line's start looks to the expression as the text's start does (unless
// the expression has \A, or ^ without (?m)).

// An alt is one alternative of a pattern's expression.
type alt struct {
	*pattern // the alternative alone, with its own cues
	// lineLocal: no match holds a line break, and the alternative looks at
	// no text's edge but a line's (no \A, \z, or ^ and $ without (?m)).
	lineLocal bool
	// head, when not lineLocal and every match starts a line with a part
	// that is: the alternative anchored at the text's start, with the
	// cues of that part.
	head *pattern
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
		a := &alt{pattern: compiledPattern(r), lineLocal: lineLocal(sub), group: []int{0}}
		if c := cuesOf(sub.Simplify()); c.needOK {
			a.cues = c.need
			a.find = newCueFinder(a.cues)
		}
		if !a.lineLocal {
			a.head = headOf(sub)
		}
		walkCaptures(sub, func(c int) { a.group = append(a.group, c) })
		if len(a.group) != r.NumSubexp()+1 {
			return nil
		}
		out = append(out, a)
	}
	return out
}

// headOf is alternative re anchored at the text's start, with the cues
// of its shortest leading part that opens at a line's start (^ in
// multi-line mode), holds one of its cues, and cannot cross a line; nil
// when re has no such part.
func headOf(re *syntax.Regexp) *pattern {
	if re.Op != syntax.OpConcat || re.Sub[0].Op != syntax.OpBeginLine {
		return nil
	}
	for k := 2; k <= len(re.Sub); k++ {
		part := &syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: re.Sub[:k]}
		if !lineLocal(part) {
			return nil
		}
		if c := cuesOf(part.Simplify()); c.needOK {
			r, err := regexp.Compile(`^(?:` + re.String() + `)`)
			if err != nil {
				return nil
			}
			return &pattern{expr: r.String(), re: r, cues: c.need, find: newCueFinder(c.need)}
		}
	}
	return nil
}

// hasBeginText reports whether re looks for the start of the text (\A,
// or ^ without (?m)).
func hasBeginText(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginText {
		return true
	}
	return slices.ContainsFunc(re.Sub, hasBeginText)
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
	for _, a := range p.alternatives() {
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
	for _, a := range p.alternatives() {
		if a.leftmost(s, len(s)+1, ks) != nil {
			return true
		}
	}
	return false
}

// leftmost is a's first match in s (the alternative's groups), when it
// starts before limit; ks: s holds KELVIN SIGN or LONG S.
func (a *alt) leftmost(s string, limit int, ks bool) []int {
	switch {
	case a.lineLocal && a.cues != nil && !(a.find.ks && ks):
		for ls, le := nextLine(&a.find, s, 0); ls >= 0 && ls < limit; ls, le = nextLine(&a.find, s, le+1) {
			if loc := a.rx().FindStringSubmatchIndex(s[ls:le]); loc != nil {
				return shifted(loc, ls, limit)
			}
		}
		return nil
	case a.head != nil && !(a.head.find.ks && ks):
		for ls, le := nextLine(&a.head.find, s, 0); ls >= 0 && ls < limit; ls, le = nextLine(&a.head.find, s, le+1) {
			if loc := a.head.rx().FindStringSubmatchIndex(s[ls:]); loc != nil {
				return shifted(loc, ls, limit)
			}
		}
		return nil
	}
	if !a.mayMatch(s) {
		return nil
	}
	if loc := a.rx().FindStringSubmatchIndex(s); loc != nil && loc[0] < limit {
		return loc
	}
	return nil
}

// shifted is loc, a match in s[by:], as a match in s, when it starts
// before limit; else nil.
func shifted(loc []int, by, limit int) []int {
	shift(loc, by)
	if loc[0] < limit {
		return loc
	}
	return nil
}

// shift moves loc, a match in s[by:], to s.
func shift(loc []int, by int) {
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += by
		}
	}
}

// allFrom is where p's matches in s can be found from (see above): the
// start of the line of its first match, or 0; false when p has no match
// in s (s lacks p's cues, or its alternatives find none).
func (p *pattern) allFrom(s string) (int, bool) {
	if !p.mayMatch(s) {
		return 0, false
	}
	if p.alternatives() == nil || p.fromText {
		return 0, true
	}
	loc := p.firstByAlts(s)
	if loc == nil {
		return 0, false
	}
	return strings.LastIndexByte(s[:loc[0]], '\n') + 1, true
}

// nextLine is the next line of s, from byte from on, that holds one of
// f's cues: its start and end (the line break or len(s)); -1, -1 when
// none does. f's cues hold no line break.
func nextLine(f *cueFinder, s string, from int) (start, end int) {
	if from > len(s) {
		return -1, -1
	}
	i := f.next(s, from)
	if i < 0 {
		return -1, -1
	}
	return strings.LastIndexByte(s[:i], '\n') + 1, indexFrom(s, '\n', i)
}

func hasKS(s string) bool {
	return strings.Contains(s, "\u212A") || strings.Contains(s, "\u017F")
}
