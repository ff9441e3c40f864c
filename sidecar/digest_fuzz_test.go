package sidecar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
)

// FuzzCheckDigest feeds any text as the host model's answer through
// checkDigest and checks what the fold relies on: nothing panics; the
// proposals block handed to the engine is the one projection cuts from the
// answer, refused digest or not; a digest accepted is valid UTF-8 without
// control characters (a tab or a CR inside a line aside, which the check
// lets through), holds exactly the four sections, and is its own
// canonical form (checked again it comes back unchanged); the same answer
// gives the same result.
//
//	go test -run '^$' -fuzz FuzzCheckDigest -fuzztime 2m ./sidecar/
func FuzzCheckDigest(f *testing.F) {
	src := "cargo test -p parser case_2 failed in src/lexer.rs; the deploy token is K7-QX-9931"
	for _, s := range []string{
		"**Context:**\n* the lexer in src/lexer.rs\n  was the suspect\nRationale:\n- case_2 isolates it",
		"### Context\n- the lexer\n\n```ef-proposals\n{\"kind\":\"decision\",\"event\":\"e1\",\"quote\":\"x\"}\n```\n",
		"### Context\r\n- the lexer\r\n```ef-proposals\r\n{}\r\n```\r\n### Outcomes\r\n- case_2 passes\r\n",
		"### Context\n- ok\x07",
		"### State\n- token K7-QX-9931",
		"intro\n### Context\n- ok",
		"### Context\n- see `src/parser.rs`\n<ef-proposals>{}</ef-proposals>",
		"### Context\n- start\n" + strings.Repeat("more words\n", 50),
		"",
	} {
		f.Add(s)
	}
	paths, _ := filepath.Glob("../docs/heldout/heldout20-model/answer*.txt")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, answer string) {
		res := &HostLLMResult{Blocks: []hostshim.Block{hostshim.TextBlock(answer)}}
		d, block, err := checkDigest(res, src)
		d2, block2, err2 := checkDigest(res, src)
		if d != d2 || block != block2 || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
			t.Fatalf("the same answer checked twice differs: %q %v / %q %v", d, err, d2, err2)
		}
		if _, want, _, _ := projection.SplitModelAnswer(answer); block != want {
			t.Fatalf("block %q, projection cuts %q", block, want)
		}
		if err != nil {
			if d != "" {
				t.Fatalf("a refused digest returned text %q", d)
			}
			return
		}
		if !utf8.ValidString(d) || strings.ContainsFunc(d, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' }) {
			t.Fatalf("accepted digest holds invalid UTF-8 or a control character: %q", d)
		}
		var heads []string
		for _, line := range strings.Split(d, "\n") {
			if h, ok := strings.CutPrefix(line, "### "); ok {
				heads = append(heads, h)
			} else if !strings.HasPrefix(line, "- ") {
				t.Fatalf("digest line %q is neither a heading nor a bullet", line)
			}
		}
		if strings.Join(heads, ",") != strings.Join(digestSections, ",") {
			t.Fatalf("digest sections %v", heads)
		}
		if again, err := checkDigestText(d, src); err != nil || again != d {
			t.Fatalf("the canonical digest is not its own canonical form: %v\n%q\n%q", err, d, again)
		}
	})
}
