package projection

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A pattern is a compiled regular expression with a cheap test in front
// of it: the cues, strings of which every match contains at least one
// (compared with ASCII case folded, see cueFold). Most sentences carry
// none of a pattern's cue words, and a substring scan is far cheaper
// than running the expression (most of all under the race detector,
// which instruments every step of the regexp machine), so a pattern
// whose cues are all absent answers "no match" without running.
//
// The cues are derived from the expression's syntax tree, not written by
// hand, so an edited expression keeps a sound test: a pattern with no
// cue set it can prove (one alternative starts with \w+, say) runs its
// expression every time. Answers are the same as the expression's.
// A pattern is immutable and safe for concurrent use.
type pattern struct {
	// expr is the expression; re is it compiled, on the pattern's first
	// use (rx), unless the pattern was made from a compiled one (alts).
	// Compiling the package's ~500 expressions when it is initialized
	// took 81 ms and 35 MB on every run of ef, ef version and ef search
	// included; TestPatternCues compiles them all, so a bad expression
	// still fails the tests rather than a session's reading.
	expr     string
	re       *regexp.Regexp
	compiled sync.Once
	// once derives the cues, find and fromText on the pattern's first use
	// (derive): a program that never reads a session (ef help, ef search)
	// does not pay for the cues of some 900 expressions. altsOnce derives
	// alts when the pattern first runs on a text that holds a cue: the
	// alternatives were two thirds of the first message's reading (1.1 s
	// in all), and most patterns never run on a short session.
	once     sync.Once
	altsOnce sync.Once
	// cues: every match contains one of them (cueFold applied); nil
	// when no such set is known.
	cues []string
	// find looks for the cues in a text as it is (see cueFinder).
	find cueFinder
	// alts are the expression's alternatives when it is an alternation:
	// a text's first match is found by them (see alts.go).
	alts []*alt
	// fromText: the expression looks for the text's start (\A, or ^
	// without (?m)).
	fromText bool
}

// patterns are the package's patterns, so a test can check the cues of
// every one. Written only while the package's variables are initialized.
var patterns []*pattern

// mustPattern is expr as a pattern for a package variable: compiled, and
// its cues and alternatives derived, on first use (a bad expression
// panics there, as regexp.MustCompile does; TestPatternCues compiles
// every one).
func mustPattern(expr string) *pattern {
	p := &pattern{expr: expr}
	patterns = append(patterns, p)
	return p
}

// newPattern is mustPattern's pattern compiled and derived now, outside
// the package's list.
func newPattern(expr string) *pattern {
	return (&pattern{expr: expr}).derived()
}

// compiledPattern is a pattern of an expression compiled already.
func compiledPattern(re *regexp.Regexp) *pattern {
	return &pattern{expr: re.String(), re: re}
}

// rx is p's expression compiled.
func (p *pattern) rx() *regexp.Regexp {
	p.compiled.Do(func() {
		if p.re == nil {
			p.re = regexp.MustCompile(p.expr)
		}
	})
	return p.re
}

// String is p's expression.
func (p *pattern) String() string { return p.expr }

// SubexpIndex, NumSubexp and SubexpNames answer as regexp.Regexp's.
func (p *pattern) SubexpIndex(name string) int { return p.rx().SubexpIndex(name) }
func (p *pattern) NumSubexp() int              { return p.rx().NumSubexp() }
func (p *pattern) SubexpNames() []string       { return p.rx().SubexpNames() }

// derived is p with its cues, finder, alternatives and fromText set, and
// its expression compiled.
func (p *pattern) derived() *pattern {
	p.once.Do(p.derive)
	p.alternatives()
	p.rx()
	return p
}

func (p *pattern) derive() {
	if re, err := syntax.Parse(p.expr, syntax.Perl); err == nil { // as MustCompile parses it
		if c := cuesOf(re.Simplify()); c.needOK {
			p.cues = c.need
			p.find = newCueFinder(p.cues)
		}
		p.fromText = hasBeginText(re)
	}
}

// alternatives is p's alternatives (see alts.go), derived on first use.
func (p *pattern) alternatives() []*alt {
	p.altsOnce.Do(func() { p.alts = altsOf(p.expr) })
	return p.alts
}

// mayMatch reports whether s contains one of p's cues (true when p has
// none): false means p cannot match s. Every method below asks it first,
// so it is where a pattern's cues are derived.
func (p *pattern) mayMatch(s string) bool {
	p.once.Do(p.derive)
	if p.cues == nil {
		return true
	}
	return p.find.in(s)
}

// The methods of regexp.Regexp the package uses, each answering as the
// expression does when no cue is present (no match).

func (p *pattern) MatchString(s string) bool {
	if !p.mayMatch(s) {
		return false
	}
	if p.alternatives() != nil {
		return p.matchByAlts(s)
	}
	return p.rx().MatchString(s)
}

func (p *pattern) FindString(s string) string {
	if !p.mayMatch(s) {
		return ""
	}
	if p.alternatives() != nil {
		if loc := p.firstByAlts(s); loc != nil {
			return s[loc[0]:loc[1]]
		}
		return ""
	}
	return p.rx().FindString(s)
}

func (p *pattern) FindStringIndex(s string) []int {
	if !p.mayMatch(s) {
		return nil
	}
	if p.alternatives() != nil {
		if loc := p.firstByAlts(s); loc != nil {
			return loc[:2:2]
		}
		return nil
	}
	return p.rx().FindStringIndex(s)
}

func (p *pattern) FindStringSubmatch(s string) []string {
	if !p.mayMatch(s) {
		return nil
	}
	if p.alternatives() != nil {
		loc := p.firstByAlts(s)
		if loc == nil {
			return nil
		}
		out := make([]string, len(loc)/2)
		for i := range out {
			if loc[2*i] >= 0 {
				out[i] = s[loc[2*i]:loc[2*i+1]]
			}
		}
		return out
	}
	return p.rx().FindStringSubmatch(s)
}

func (p *pattern) FindStringSubmatchIndex(s string) []int {
	if !p.mayMatch(s) {
		return nil
	}
	if p.alternatives() != nil {
		return p.firstByAlts(s)
	}
	return p.rx().FindStringSubmatchIndex(s)
}

func (p *pattern) FindAllString(s string, n int) []string {
	from, ok := p.allFrom(s)
	if !ok {
		return nil
	}
	return p.rx().FindAllString(s[from:], n)
}

func (p *pattern) FindAllStringIndex(s string, n int) [][]int {
	from, ok := p.allFrom(s)
	if !ok {
		return nil
	}
	return shiftAll(p.rx().FindAllStringIndex(s[from:], n), from)
}

func (p *pattern) FindAllStringSubmatch(s string, n int) [][]string {
	from, ok := p.allFrom(s)
	if !ok {
		return nil
	}
	return p.rx().FindAllStringSubmatch(s[from:], n)
}

func (p *pattern) FindAllStringSubmatchIndex(s string, n int) [][]int {
	from, ok := p.allFrom(s)
	if !ok {
		return nil
	}
	return shiftAll(p.rx().FindAllStringSubmatchIndex(s[from:], n), from)
}

// shiftAll is locs, matches in s[by:], as matches in s.
func shiftAll(locs [][]int, by int) [][]int {
	for _, loc := range locs {
		shift(loc, by)
	}
	return locs
}

func (p *pattern) ReplaceAllString(src, repl string) string {
	if !p.mayMatch(src) {
		return src
	}
	return p.rx().ReplaceAllString(src, repl)
}

func (p *pattern) ReplaceAllStringFunc(src string, repl func(string) string) string {
	if !p.mayMatch(src) {
		return src
	}
	return p.rx().ReplaceAllStringFunc(src, repl)
}

// Split answers as regexp.rx().Split does on a string with no match.
func (p *pattern) Split(s string, n int) []string {
	if !p.mayMatch(s) {
		if n == 0 {
			return nil
		}
		return []string{s}
	}
	return p.rx().Split(s, n)
}

// cueFold folds s for comparing with cues: ASCII capitals to lower case,
// and the two other runes that fold to an ASCII letter, KELVIN SIGN and
// LONG S, to theirs ("k", "s"); every other byte is kept. A case-folded
// match of a cue leaves the same folded text (see runeCues for runes of
// other scripts). s is returned as is when nothing changes.
func cueFold(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if 'A' <= c && c <= 'Z' || c == 0xE2 && strings.HasPrefix(s[i:], "\u212A") || c == 0xC5 && strings.HasPrefix(s[i:], "\u017F") {
			break
		}
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		case c == 0xE2 && strings.HasPrefix(s[i:], "\u212A"):
			b.WriteByte('k')
			i += len("\u212A") - 1
		case c == 0xC5 && strings.HasPrefix(s[i:], "\u017F"):
			b.WriteByte('s')
			i += len("\u017F") - 1
		default:
			b.WriteByte(c)
		}
		i++
	}
	return b.String()
}

// foldRune is cueFold of one rune.
func foldRune(r rune) rune {
	switch {
	case 'A' <= r && r <= 'Z':
		return r + 'a' - 'A'
	case r == '\u212A':
		return 'k'
	case r == '\u017F':
		return 's'
	}
	return r
}

// Bounds of the cue analysis: larger sets are dropped (a pattern with no
// cues just runs), so checking cues stays a handful of scans.
const (
	maxCues      = 160 // strings in one set
	maxClassCues = 16  // runes of a character class taken one by one
)

// cueInfo is what the analysis knows of a subexpression: exact, every
// string it can match (a superset; "" for an empty-width assertion), when
// exactOK; need, strings of which every match contains one, when needOK.
type cueInfo struct {
	exact   []string
	exactOK bool
	need    []string
	needOK  bool
}

// cuesOf analyses a simplified syntax tree. Every set over-approximates
// what the expression matches, so the cues it derives are necessary.
func cuesOf(re *syntax.Regexp) cueInfo {
	var c cueInfo
	switch re.Op {
	case syntax.OpLiteral:
		c.exact, c.exactOK = []string{""}, true
		for _, r := range re.Rune {
			next, ok := product(c.exact, runeCues(r, re.Flags&syntax.FoldCase != 0))
			if !ok {
				// Too many spellings of the whole (a case-folded word of
				// a script whose letters have several forms, 'посмотри')
				// or an undecodable rune: a match holds one of the
				// spellings of the part before it. The loop went on
				// with the failed product's nil set, an empty set of
				// spellings, and the word gave no cue at all.
				c.need, c.needOK = needOf(cueInfo{exact: c.exact, exactOK: true})
				c.exact, c.exactOK = nil, false
				break
			}
			c.exact = next
		}
	case syntax.OpCharClass:
		var rs []string
		n := 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
			if n > maxClassCues {
				break
			}
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				rs = append(rs, runeCues(r, false)...)
			}
		}
		if n <= maxClassCues {
			c.exact, c.exactOK = dedup(rs), true
		}
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		c.exact, c.exactOK = []string{""}, true
	case syntax.OpCapture:
		return cuesOf(re.Sub[0])
	case syntax.OpPlus:
		c.need, c.needOK = needOf(cuesOf(re.Sub[0]))
	case syntax.OpQuest:
		if s := cuesOf(re.Sub[0]); s.exactOK {
			c.exact, c.exactOK = union(s.exact, []string{""})
		}
	case syntax.OpRepeat:
		// Simplify leaves x{n} and x{n,} (n >= 1) and nothing it could
		// not expand; a match holds at least one match of x.
		if re.Min >= 1 {
			c.need, c.needOK = needOf(cuesOf(re.Sub[0]))
		}
	case syntax.OpConcat:
		subs := make([]cueInfo, len(re.Sub))
		for i, s := range re.Sub {
			subs[i] = cuesOf(s)
		}
		c.exact, c.exactOK = []string{""}, true
		for _, s := range subs {
			if !s.exactOK {
				c.exact, c.exactOK = nil, false
				break
			}
			if c.exact, c.exactOK = product(c.exact, s.exact); !c.exactOK {
				break
			}
		}
		if c.exactOK {
			break
		}
		// Not exact as a whole: the best of each part's cues and of each
		// run of exact parts taken together.
		for i := range subs {
			c.need, c.needOK = better(c.need, c.needOK, subs[i].need, subs[i].needOK)
			run, ok := []string{""}, true
			for j := i; j < len(subs) && subs[j].exactOK; j++ {
				if run, ok = product(run, subs[j].exact); !ok {
					break
				}
				n, nok := needOf(cueInfo{exact: run, exactOK: true})
				c.need, c.needOK = better(c.need, c.needOK, n, nok)
			}
		}
	case syntax.OpAlternate:
		c.exact, c.exactOK = nil, true
		c.need, c.needOK = nil, true
		for _, s := range re.Sub {
			sc := cuesOf(s)
			if c.exactOK {
				if sc.exactOK {
					c.exact, c.exactOK = union(c.exact, sc.exact)
				} else {
					c.exact, c.exactOK = nil, false
				}
			}
			if c.needOK {
				n, ok := needOf(sc)
				if ok {
					c.need, c.needOK = fit(append(c.need, n...))
				} else {
					c.need, c.needOK = nil, false
				}
			}
		}
	}
	// Any other operator (., \w*, x*): nothing known.
	if c.exactOK {
		n, ok := needOf(c)
		c.need, c.needOK = better(c.need, c.needOK, n, ok)
	}
	return c
}

// needOf is c's need, or its exact set when that is better.
func needOf(c cueInfo) ([]string, bool) {
	need, ok := c.need, c.needOK
	if c.exactOK && !slices.Contains(c.exact, "") {
		n, nok := fit(slices.Clone(c.exact))
		need, ok = better(need, ok, n, nok)
	}
	return need, ok
}

// better picks the more selective of two cue sets: longer shortest cue
// (up to eight bytes, past which both are rare enough), then fewer cues.
func better(a []string, aok bool, b []string, bok bool) ([]string, bool) {
	if !bok || len(b) == 0 || len(b) > maxCues || slices.Contains(b, "") {
		return a, aok
	}
	if !aok {
		return b, true
	}
	sa, sb := min(shortest(a), 8), min(shortest(b), 8)
	if sb > sa || sb == sa && len(b) < len(a) {
		return b, true
	}
	return a, aok
}

func shortest(ss []string) int {
	n := -1
	for _, s := range ss {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}

// runeCues are the folded forms a rune of the expression can take in the
// text: itself, or with fold, every rune of its case-folding orbit
// (unicode.SimpleFold, as regexp folds), each through foldRune. A rune
// that stands for undecodable input is not a usable cue and gives none.
func runeCues(r rune, fold bool) []string {
	if r == utf8.RuneError {
		return nil
	}
	out := []string{string(foldRune(r))}
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			out = append(out, string(foldRune(f)))
		}
	}
	return dedup(out)
}

// product is every a followed by every b; false when it has more than
// maxCues strings or b is empty (an undecodable rune: nothing known).
func product(a, b []string) ([]string, bool) {
	if len(b) == 0 || len(a)*len(b) > maxCues {
		return nil, false
	}
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return dedup(out), true
}

func union(a, b []string) ([]string, bool) {
	out := dedup(append(slices.Clone(a), b...))
	if len(out) > maxCues {
		return nil, false
	}
	return out, true
}

func dedup(ss []string) []string {
	slices.Sort(ss)
	return slices.Compact(ss)
}

// fit makes a set of cues no larger than maxCues: the strings that
// contain another are dropped, and when that is not enough every cue is
// cut to its first k bytes for the largest k that fits (a text that holds
// a cue holds its first bytes); false when even two bytes do not fit.
func fit(cues []string) ([]string, bool) {
	if slices.Contains(cues, "") {
		return nil, false
	}
	cues = minimal(dedup(cues))
	for k := 8; len(cues) > maxCues; k-- {
		if k < 2 {
			return nil, false
		}
		cut := make([]string, len(cues))
		for i, c := range cues {
			cut[i] = c[:min(k, len(c))]
		}
		cues = minimal(dedup(cut))
	}
	return cues, true
}

// minimal drops the strings that contain another of the set: a text
// that contains the longer contains the shorter.
func minimal(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.ContainsFunc(ss, func(t string) bool { return t != s && strings.Contains(s, t) }) {
			out = append(out, s)
		}
	}
	return out
}
