package projection

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
	"pgregory.net/rapid"
)

// checkCues fails when p's expression matches s but its cues say it
// cannot: the cue test would then change an answer.
func checkCues(t interface{ Errorf(string, ...any) }, p *pattern, s string) bool {
	if p.rx().MatchString(s) && !p.mayMatch(s) {
		t.Errorf("pattern %q matches %q, but none of its cues %q is in it", p, s, p.cues)
		return false
	}
	return true
}

// Every pattern's cues are necessary: a string its expression matches,
// drawn from the expression itself, in any letter case and inside any
// text, contains one of them. The long profile without -race checks each
// pattern; otherwise the pattern is drawn too (60 checks in the short
// profile: drawing from the large expressions is slow under -race).
func TestPropPatternCues(t *testing.T) {
	if len(patterns) < 100 {
		t.Fatalf("%d patterns: the package's expressions are not all built by mustPattern", len(patterns))
	}
	if testutil.LongWithoutRace(t) {
		for _, p := range patterns {
			rapid.Check(t, func(rt *rapid.T) { checkDrawnMatch(rt, p) })
		}
		return
	}
	testutil.RapidChecks(t, 60)
	rapid.Check(t, func(rt *rapid.T) { checkDrawnMatch(rt, rapid.SampledFrom(patterns).Draw(rt, "pattern")) })
}

// checkDrawnMatch draws a match of p with the case of some letters
// changed, as a (?i) match may (k and s also to KELVIN SIGN and LONG S),
// between other text, and checks p's cues on it.
func checkDrawnMatch(rt *rapid.T, p *pattern) {
	s := rapid.StringMatching(p.String()).Draw(rt, "match")
	flip := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "case"), 0))
	var b strings.Builder
	for _, r := range s {
		switch flip.IntN(6) {
		case 0:
			r = unicode.ToUpper(r)
		case 1:
			r = unicode.ToLower(r)
		case 2:
			if r == 'k' || r == 'K' {
				r = '\u212A'
			} else if r == 's' || r == 'S' {
				r = '\u017F'
			}
		}
		b.WriteRune(r)
	}
	around := rapid.SampledFrom([]string{"", " ", "Note: ", "现在", "x"})
	s = around.Draw(rt, "before") + b.String() + around.Draw(rt, "after")
	if !checkCues(rt, p, s) {
		rt.FailNow()
	}
}

// The cue test answers as the expression does on every sentence, clause
// and line of the reducer's scripts.
func TestPatternCuesOnScripts(t *testing.T) {
	checkCuesOnTexts(t, reduceScripts(t), 5000)
}

// reduceScripts are the texts of the reducer's scripts.
func reduceScripts(t *testing.T) []string {
	var texts []string
	scripts, _ := filepath.Glob(filepath.Join("testdata", "reduce", "*.txt"))
	for _, f := range scripts {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	return texts
}

// The same on the messages of the shared corpus (in the short profile,
// the files the constraint labels name).
func TestPatternCuesOnCorpus(t *testing.T) {
	root := testutil.CorpusDir(t, "")
	files := testutil.CorpusFiles(t, "")
	if !testutil.LongWithoutRace(t) {
		files = corpusSample(t, root, files)
	}
	var texts []string
	for _, f := range files {
		ims, err := importer.Import(f)
		if err != nil {
			continue
		}
		for _, im := range ims {
			s := im.Session
			HostEvents(s, 0, s.Len()-1, nil, func(ev Event) { texts = append(texts, ev.Text) })
		}
	}
	checkCuesOnTexts(t, texts, 5000)
}

// checkCuesOnTexts checks every pattern on every sentence, clause and
// line of texts, up to budget (pattern, piece) pairs spread over all of
// them (40 times budget in the long profile; each check runs the
// expression, slow under -race).
func checkCuesOnTexts(t *testing.T, texts []string, budget int) {
	var pieces []string
	for _, text := range texts {
		for _, s := range sentences(text) {
			pieces = append(pieces, s)
			pieces = append(pieces, clauses(s)...)
		}
		pieces = append(pieces, strings.Split(text, "\n")...)
	}
	total, stride := len(pieces)*len(patterns), 1
	profile := "short profile"
	if testutil.LongWithoutRace(t) {
		// Every pair of the whole corpus is ~20M checks, over 25 minutes
		// under -race: the long profile checks 40 times the short one's.
		budget *= 40
		profile = "long profile"
	}
	if total > budget {
		// A stride prime to the number of patterns visits each of them.
		for stride = total / budget; gcd(stride, len(patterns)) != 1; stride++ {
		}
		t.Logf("%s: %d of %d pattern checks, spread over all of them", profile, total/stride, total)
	}
	checks, skipped := 0, 0
	for k := 0; k < total; k += stride {
		p, s := patterns[k%len(patterns)], pieces[k/len(patterns)]
		checks++
		if !p.mayMatch(s) {
			skipped++
		}
		if !checkCues(t, p, s) {
			return
		}
	}
	t.Logf("%d texts, %d pattern checks, %.1f%% answered by the cues alone", len(texts), checks, 100*float64(skipped)/float64(max(checks, 1)))
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// KELVIN SIGN and LONG S fold to ASCII letters under (?i).
func TestCueFold(t *testing.T) {
	for _, c := range []struct{ expr, s string }{
		{`(?i)keep`, "\u212Aeep"},
		{`(?i)\bmust\b`, "MU\u017FT"},
		{`(?i)stay (?:away|out)`, "\u017Ftay OUT"},
		{`(?i)不要|never`, "NEVER"},
	} {
		p := newPattern(c.expr)
		if !p.MatchString(c.s) || !p.rx().MatchString(c.s) {
			t.Errorf("%q does not match %q (cues %q)", c.expr, c.s, p.cues)
		}
	}
}

// corpusSample is the corpus files that hold a hand-labelled sentence of
// testdata/constraints/corpus.txt.
func corpusSample(t *testing.T, root string, files []string) []string {
	named := map[string]bool{}
	for _, l := range readLabels(t, filepath.Join("testdata", "constraints", "corpus.txt")) {
		named[l.file] = true
	}
	var out []string
	for _, f := range files {
		if rel, err := filepath.Rel(root, f); err == nil && named[filepath.ToSlash(rel)] {
			out = append(out, f)
		}
	}
	t.Logf("short profile: the %d of %d corpus files that hold labelled sentences (%s=1 reads all)", len(out), len(files), testutil.LongEnv)
	return out
}

// foldHolds is what a cueFinder answers, by its definition: cueFold(s)
// holds one of cues.
func foldHolds(cues []string, s string) bool {
	f := cueFold(s)
	return slices.ContainsFunc(cues, func(c string) bool { return strings.Contains(f, c) })
}

// A cueFinder answers as folding the text and looking for each cue does,
// on texts made of cues and their pieces in any letter case, with
// KELVIN SIGN and LONG S, between other text; and on every piece of the
// reducer's scripts.
func TestPropCueFinderAnswersAsFold(t *testing.T) {
	var cued []*pattern
	for _, p := range patterns {
		if p.derived().cues != nil {
			cued = append(cued, p)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		p := rapid.SampledFrom(cued).Draw(rt, "pattern")
		part := rapid.OneOf(
			rapid.SampledFrom(p.cues),
			rapid.Map(rapid.SampledFrom(p.cues), func(c string) string { return c[:len(c)/2] }),
			rapid.Map(rapid.SampledFrom(p.cues), func(c string) string { return c[len(c)/2:] }),
			rapid.SampledFrom([]string{" ", "\n", "x", "K", "\u212A", "\u017F", "现在", "é", ":", "\xff"}),
		)
		var b strings.Builder
		for _, s := range rapid.SliceOfN(part, 0, 6).Draw(rt, "parts") {
			flip := rapid.IntRange(0, 2).Draw(rt, "case")
			for _, r := range s {
				switch {
				case flip == 1:
					r = unicode.ToUpper(r)
				case flip == 2 && r == 'k':
					r = '\u212A'
				case flip == 2 && r == 's':
					r = '\u017F'
				}
				b.WriteRune(r)
			}
		}
		s := b.String()
		if got, want := p.find.in(s), foldHolds(p.cues, s); got != want {
			rt.Fatalf("pattern %q on %q: finder %v, folded text %v (cues %q)", p, s, got, want, p.cues)
		}
	})
}

func TestCueFinderOnScripts(t *testing.T) {
	var pieces []string
	for _, text := range reduceScripts(t) {
		pieces = append(pieces, text)
		pieces = append(pieces, sentences(text)...)
		pieces = append(pieces, strings.Split(text, "\n")...)
	}
	// A stride prime to the number of patterns visits each of them; about
	// 50,000 checks (a second or two under -race).
	total, stride := len(pieces)*len(patterns), 1
	for stride = max(total/50000, 1); gcd(stride, len(patterns)) != 1; stride++ {
	}
	checks := 0
	for k := 0; k < total; k += stride {
		p, s := patterns[k%len(patterns)], pieces[k/len(patterns)]
		if p.derived().cues == nil {
			continue
		}
		checks++
		if got, want := p.find.in(s), foldHolds(p.cues, s); got != want {
			t.Fatalf("pattern %q on %q: finder %v, folded text %v (cues %q)", p, s, got, want, p.cues)
		}
	}
	t.Logf("%d of %d checks", checks, total)
}

// checkAlts fails when p's alternatives find another first match in s
// than its expression does.
func checkAlts(t interface{ Fatalf(string, ...any) }, p *pattern, s string) {
	if got, want := p.firstByAlts(s), p.rx().FindStringSubmatchIndex(s); !slices.Equal(got, want) {
		t.Fatalf("pattern %q on %q: alternatives find %v, the expression %v", p, s, got, want)
	}
	if got, want := p.matchByAlts(s), p.rx().MatchString(s); got != want {
		t.Fatalf("pattern %q on %q: alternatives match %v, the expression %v", p, s, got, want)
	}
	if got, want := p.FindAllStringSubmatchIndex(s, -1), p.rx().FindAllStringSubmatchIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("pattern %q on %q: all matches from the first's line %v, the expression's %v", p, s, got, want)
	}
}

// A text's first match found by the alternatives, and all its matches
// found from the first one's line on, are the expression's: on lines drawn from the alternatives' own matches (in
// any letter case, KELVIN SIGN and LONG S among them) between other
// lines, and on the reducer's scripts whole.
func TestPropAltsFindAsTheExpression(t *testing.T) {
	var split []*pattern
	for _, p := range patterns {
		if p.derived().alts != nil {
			split = append(split, p)
		}
	}
	if len(split) < 10 {
		t.Fatalf("%d patterns are split into alternatives", len(split))
	}
	if !slices.ContainsFunc(cmdFailRE.derived().alts, func(a *alt) bool { return a.head != nil }) {
		t.Fatalf("no alternative of %q is tried at line starts only", cmdFailRE)
	}
	testutil.RapidChecks(t, 30)
	rapid.Check(t, func(rt *rapid.T) {
		p := rapid.SampledFrom(split).Draw(rt, "pattern")
		var b strings.Builder
		for range rapid.IntRange(0, 4).Draw(rt, "lines") {
			a := rapid.SampledFrom(p.alts).Draw(rt, "alternative")
			line := rapid.StringMatching(a.String()).Draw(rt, "match")
			if rapid.Bool().Draw(rt, "upper") {
				line = strings.ToUpper(line)
			}
			b.WriteString(rapid.SampledFrom([]string{"", " ", "x", "\u212A", "\u017F", "ok "}).Draw(rt, "before"))
			b.WriteString(line)
			b.WriteString(rapid.SampledFrom([]string{"\n", " \n", "\n\n", "x\n", ": "}).Draw(rt, "after"))
		}
		checkAlts(rt, p, b.String())
	})
	// Each (pattern, script) pair runs the expression over a whole
	// script: about 20 of them, spread over the patterns (slow under
	// -race).
	scripts := reduceScripts(t)
	total, stride := len(scripts)*len(split), 1
	for stride = max(total/20, 1); gcd(stride, len(split)) != 1; stride++ {
	}
	for k := 0; k < total; k += stride {
		checkAlts(t, split[k%len(split)], scripts[k/len(split)])
	}
}

// The alternatives answer as the expression where a place's answer
// depends on the text before it: a line's start, a word's edge, a match
// that starts inside a word, a match across lines.
func TestAltsKeepContext(t *testing.T) {
	for _, c := range []struct{ expr, s string }{
		{`(?m)^b|bc`, "abc abc\nbc"},
		{`\bb|bc`, "abc bc"},
		{`(?m)^FAIL\s*$|ok$`, "FAIL x\nFAIL  \n\nok"},
		{`(?m)^x\s+y|y`, "x\n\ny y"},
		{`(?i)\bkeep\b|stay`, "\u212Aeep it, STAY"},
		{`\Ab|c`, "ab\nbc"},
	} {
		p := newPattern(c.expr)
		if p.alts == nil {
			t.Fatalf("%q has no alternatives", c.expr)
		}
		checkAlts(t, p, c.s)
	}
}

// A case-folded word whose spellings are too many to list (Cyrillic
// letters have up to four case forms) still gives cues, its prefix's,
// and they are in every spelling; it gave an empty set, so a pattern
// holding it said a text with the word in other cases could not match.
func TestCuesOfALongFoldedWord(t *testing.T) {
	p := newPattern(`(?i)(?:^|\s)(?:ещё|посмотри|проверь)(?:\s|$)`)
	for _, s := range []string{"пОСМОТРИ", "ПОСМОТРИ сюда", "ну, Проверь", "ЕЩЁ"} {
		checkCues(t, p, s)
		if !p.MatchString(s) {
			t.Errorf("%q does not match", s)
		}
	}
}

// No pattern holds a control character: a "\b" written through an
// escaping layer becomes a backspace, and the pattern then never matches
// (exploreLeadRE did, from 96e40a0 until this test).
func TestPatternsHoldNoControlCharacters(t *testing.T) {
	for _, p := range patterns {
		if i := strings.IndexFunc(p.String(), func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }); i >= 0 {
			t.Errorf("pattern %.60q… holds %q at byte %d", p.String(), p.String()[i], i)
		}
	}
}

// Every pattern compiles: they are compiled on first use, so a bad
// expression must fail here rather than while a session is read.
func TestPatternsCompile(t *testing.T) {
	for _, p := range patterns {
		if _, err := regexp.Compile(p.expr); err != nil {
			t.Errorf("pattern %q: %v", p.expr, err)
		}
	}
}
