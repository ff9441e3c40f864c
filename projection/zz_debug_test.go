package projection

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	s := os.Getenv("ZZ")
	if s == "" {
		t.Skip("ZZ unset")
	}
	for _, x := range strings.Split(s, "|") {
		fmt.Printf("S: %q\n  isRule=%v directive=%v labelEnd=%d operative=%q\n", x, isRule(x), directive(x), labelEnd(x), operative(x))
		for _, c := range clauseBounds(x) {
			fmt.Printf("   clause %q rule=%v\n", c.text, isRule(c.text))
		}
		ss, ann := actClauses(sentences(x))
		fmt.Printf("  acts=%q ann=%v\n", ss, ann)
		for _, p := range proposeInstructions(&Event{Role: RoleUser, Text: x}, &Context{HaveObjective: true}) {
			fmt.Printf("  P %s %s %s = %q (rel=%q was=%q)\n", p.Op, p.Kind, p.Key, p.Value, p.Rel, p.Was)
		}
	}
}

func TestZZQual(t *testing.T) {
	for _, x := range []string{"patch and minor only.", "like the cron time or concurrency."} {
		fmt.Println(x, qualifierRE.MatchString(x), qualifierRE.Regexp.MatchString(x), qualifierRE.cues, listItems("no major version bumps of any dependency this sprint, patch and minor only."))
	}
}
