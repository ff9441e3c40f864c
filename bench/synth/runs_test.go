package synth

import (
	"strings"
	"testing"
)

// TestPassingRun: a passing run goes to the next package without a failing
// planted test, and when every package has one it selects its own tests
// by name.
func TestPassingRun(t *testing.T) {
	g := &gen{r: newRNG(7)}
	pkg := g.passingPkg("frame")
	args, out := g.passingRun(pkg)
	if pkg != "frame" || args["run"] != "" || !strings.Contains(out, "ok  \texample.com/proj/frame\t") {
		t.Errorf("no failing test: %s %v %q", pkg, args, out)
	}
	g.setFailing("frame", "TestDecodeFrame", true)
	g.setFailing("header", "TestParseHeader", true)
	pkg = g.passingPkg("frame")
	if args, out = g.passingRun(pkg); pkg != "bundle" || args["package"] != "./bundle/..." || args["run"] != "" ||
		!strings.Contains(out, "ok  \texample.com/proj/bundle\t") {
		t.Errorf("frame failing: %s %v %q", pkg, args, out)
	}
	g.setFailing("header", "TestParseHeader", false)
	if pkg = g.passingPkg("frame"); pkg != "header" {
		t.Errorf("header fixed: ran %s, want header", pkg)
	}
	for _, n := range nouns {
		g.setFailing(n, "TestX"+n, true)
	}
	pkg = g.passingPkg("span")
	args, out = g.passingRun(pkg)
	if pkg != "span" || !strings.HasPrefix(args["run"], "^(Test") || !strings.Contains(out, "ok  \texample.com/proj/span\t") {
		t.Errorf("every package failing: %s %v %q", pkg, args, out)
	}
	for _, name := range strings.Split(strings.Trim(args["run"], "^()$"), "|") {
		if !strings.Contains(out, "--- PASS: "+name+" ") {
			t.Errorf("-run %s selects %s, which did not run", args["run"], name)
		}
	}
}
