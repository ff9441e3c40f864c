package projection

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestCountedMarksFirstNotOne: loose marks that open sentences but start
// above 1 ("2 ja. 3 nee") are no count from 1, and reading them never
// looks at a mark before the first (it panicked with index -1).
func TestCountedMarksFirstNotOne(t *testing.T) {
	for _, s := range []string{"2 ja. 3 nee", "3 yes. 5 no", "2 tak. 4 nie. 5 ok"} {
		if got := countedMarks(s, false); got != nil {
			t.Errorf("countedMarks(%q) = %v, want nil", s, got)
		}
	}
	if got := countedMarks("1 ja. 3 zet maar op 60", false); len(got) != 2 {
		t.Errorf("countedMarks(1 ja. 3 …) = %v, want two marks", got)
	}
}

// TestNumberedAnswersFirstNotOne: the same reply in a session, after the
// agent asked three questions, reduces without a panic.
func TestNumberedAnswersFirstNotOne(t *testing.T) {
	out := reduceAll(t, `
> user
fix the export timeout in the api
> assistant
A few questions:
1. Keep the old endpoints while the flag is off?
2. Is 30 s enough for the monthly report?
3. Should the flag be per tenant?
> user
2 ja. 3 nee
`)
	expect(t, out, []string{`objective`}, nil)
}

// TestNewReadingsHugeMessage runs the readings merged this session on
// 1 MB messages of their own words (no sentence stops, or many); the
// times are logged, and a run that takes seconds shows there.
func TestNewReadingsHugeMessage(t *testing.T) {
	if os.Getenv("EF_HUGE") == "" {
		t.Skip("EF_HUGE=1 runs the 1 MB messages (about a minute)")
	}
	const mb = 1 << 20
	big := func(unit string) string { return strings.Repeat(unit, mb/len(unit)+1) }
	for _, c := range []struct{ name, script string }{
		{"mattersmore", "> user\n" + big("teraz ważniejsze są SMS-y klienci ")},
		{"mattersmore-en", "> user\nchange of plans\n> user\n" + big("now the sms queue matters more and ")},
		{"tasktocome", "> user\n" + big("read CLAUDE.md then I'll tell you the task ")},
		{"onceskip", "> user\nalways run lint before a commit\n> user\n" + big("this time skip lint ")},
		{"goneWithout", "> user\n" + big("jednak bez osobnej kolejki niech idzie na default ")},
		{"numbered", "> assistant\n1. a?\n2. b?\n3. c?\n> user\n" + big("1 ja. 3 zet maar op 60. ")},
		{"flaky", "> user\n" + big("it always fails once on a cold boot and ")},
		{"injected", "> system\nInstructions from: AGENTS.md\n" + big("- always run `pnpm lint` before a commit\n")},
		{"spans", "> user\n" + big("set timeout to 2 分 and retries 120s for prod ")},
	} {
		start := time.Now()
		_ = reduceAll(t, c.script)
		t.Logf("%s: %v", c.name, time.Since(start))
	}
}
