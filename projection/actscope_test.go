package projection

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
)

// actScopeOracle is the regular expression actScopeIn replaced: the
// oracle its readings must equal.
var actScopeOracle = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(?:in|on|by|inside|under|within|for|to|into|naar|nach|till|sul|sulla|su|nel|nella|nei|per|op|voor|auf|im|für|dans|sur|pour|en|на|в|во|у|для)\s+(?:(?:the|de|het|il|la|le|lo|der|die|das|branch|folder|map|cartella|directory|dir|dossier|ветке|папке)\s+)*[\w.*\-/]*[/*][\w.*\-/]*`)

// TestActScopeInMatchesTheRegexp: on the scopes and near misses below and
// on random texts of their words, actScopeIn says what the regular
// expression said, anywhere in the text and at its start.
func TestActScopeInMatchesTheRegexp(t *testing.T) {
	fixed := []string{
		"you may push to feature/x", "in src/legacy/", "op de branch release/2.x", "в папке docs/", "ДЛЯ api/*",
		"(in src/x)", "xin src/x", "2in src/x", "_in src/x", "in the/x", "in the x", "in  the\tdir  a/b", "into *.go",
		"to feature", "to the branch", "inside", "Für die Map foo/bar", "in the the the a/b", "in src/x.", "in, src/x",
		"", " ", "/", "in /", "in *", "in\nsrc/x", "in\vsrc/x", "in\u00a0src/x", "in é/x", "in x/é", "в\u0301 a/b", "sur la\u00a0x/y",
		"\xffin a/b", "in\xff a/b", "in a\xff/b",
	}
	words := []string{"in", "IN", "to", "the", "de", "dir", "на", "папке", "für", "push", "x", "a/b", "*", "/", "src/x", ".", "(", "2", "_", "é", "é/x"}
	seps := []string{" ", "  ", "\t", "", ",", "\n"}
	r := rand.New(rand.NewPCG(24, 24))
	cases := fixed
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteString(seps[r.IntN(len(seps))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := actScopeIn(s, false), actScopeOracle.MatchString(s); got != want {
			t.Errorf("actScopeIn(%q) = %v, the regexp %v", s, got, want)
		}
		loc := actScopeOracle.FindStringIndex(s)
		if got, want := actScopeIn(s, true), loc != nil && loc[0] == 0; got != want {
			t.Errorf("actScopeIn(%q, at start) = %v, the regexp %v", s, got, want)
		}
	}
}

// TestActScopeHugeInput: actScopeIn on a 1 MB message, and the readings
// that call it, finish (the log prints their times; no timed bound: a
// shared machine).
func TestActScopeHugeInput(t *testing.T) {
	for name, unit := range map[string]string{
		"prose":        "ik voeg de test toe, in de map voor de release, to the team on monday ",
		"paths":        "in src/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/",
		"no scope":     "you may push it to the branch when it is ready for review ",
		"prepositions": "in in in in on on on to to to ",
		"articles":     "in the the the the the the ",
		"short paths":  "x a/ ",
	} {
		huge := strings.Repeat(unit, (1<<20)/len(unit)+1)
		start := time.Now()
		actScopeIn(huge, false)
		in := time.Since(start)
		start = time.Now()
		scopeAfter("you may push", "you may push, "+huge)
		after := time.Since(start)
		start = time.Now()
		permittedAct("you may push it "+huge, "you may push it "+huge)
		act := time.Since(start)
		t.Logf("%s on 1 MB: actScopeIn %v, scopeAfter %v, permittedAct %v", name, in, after, act)
	}
}
