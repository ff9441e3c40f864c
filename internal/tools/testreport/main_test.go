package main

import (
	"strings"
	"testing"
)

// A package that dies while a test runs (a timeout panic) must show that
// test's output, or CI prints a bare "FAIL pkg" with no reason.
func TestReportPrintsUnfinishedTestsOfAFailedPackage(t *testing.T) {
	events := strings.Join([]string{
		`{"Action":"run","Package":"m/p","Test":"TestSlow"}`,
		`{"Action":"output","Package":"m/p","Test":"TestSlow","Output":"=== RUN   TestSlow\n"}`,
		`{"Action":"output","Package":"m/p","Test":"TestSlow","Output":"panic: test timed out after 10m0s\n"}`,
		`{"Action":"output","Package":"m/p","Output":"FAIL\tm/p\t600.1s\n"}`,
		`{"Action":"fail","Package":"m/p","Elapsed":600.1}`,
	}, "\n")
	var out strings.Builder
	_, _, _ = report(strings.NewReader(events), &out)
	got := out.String()
	if !strings.Contains(got, "panic: test timed out") || !strings.Contains(got, "FAIL\tm/p") {
		t.Fatalf("report lost the unfinished test's output:\n%s", got)
	}
	if strings.Index(got, "panic:") > strings.Index(got, "FAIL\tm/p") {
		t.Fatalf("the test's output should come before the package's FAIL line:\n%s", got)
	}
}

func TestReportListsSkipsWithReasons(t *testing.T) {
	events := strings.Join([]string{
		`{"Action":"run","Package":"m/p","Test":"TestNode"}`,
		`{"Action":"output","Package":"m/p","Test":"TestNode","Output":"=== RUN   TestNode\n"}`,
		`{"Action":"output","Package":"m/p","Test":"TestNode","Output":"    x_test.go:9: node_modules missing: run npm ci\n"}`,
		`{"Action":"output","Package":"m/p","Test":"TestNode","Output":"--- SKIP: TestNode (0.00s)\n"}`,
		`{"Action":"skip","Package":"m/p","Test":"TestNode"}`,
		`{"Action":"output","Package":"m/p","Output":"ok  \tm/p\t0.1s\n"}`,
		`{"Action":"pass","Package":"m/p"}`,
	}, "\n")
	var out strings.Builder
	skips, _, failed := report(strings.NewReader(events), &out)
	if failed != 0 || len(skips) != 1 || !strings.Contains(skips[0].reason, "npm ci") {
		t.Fatalf("skips=%+v failed=%d", skips, failed)
	}
}

// A skip without a reason is collected as such (and fails the run); the
// counts of failed tests and of packages without tests come out right.
func TestReportCountsSkipsFailuresAndEmptyPackages(t *testing.T) {
	stream := strings.Join([]string{
		`{"Action":"run","Package":"m/a","Test":"TestX"}`,
		`{"Action":"output","Package":"m/a","Test":"TestX","Output":"=== RUN   TestX\n"}`,
		`{"Action":"output","Package":"m/a","Test":"TestX","Output":"    x_test.go:9: node not found: needs Node 20\n"}`,
		`{"Action":"output","Package":"m/a","Test":"TestX","Output":"--- SKIP: TestX (0.00s)\n"}`,
		`{"Action":"skip","Package":"m/a","Test":"TestX","Elapsed":0}`,
		`{"Action":"run","Package":"m/a","Test":"TestY"}`,
		`{"Action":"output","Package":"m/a","Test":"TestY","Output":"--- SKIP: TestY (0.00s)\n"}`,
		`{"Action":"skip","Package":"m/a","Test":"TestY","Elapsed":0}`,
		`{"Action":"output","Package":"m/a","Test":"TestZ","Output":"    z_test.go:3: boom\n"}`,
		`{"Action":"fail","Package":"m/a","Test":"TestZ","Elapsed":0.1}`,
		`{"Action":"output","Package":"m/a","Output":"FAIL\tm/a\t0.2s\n"}`,
		`{"Action":"fail","Package":"m/a","Elapsed":0.2}`,
		`{"Action":"output","Package":"m/b","Output":"?   \tm/b\t[no test files]\n"}`,
		`{"Action":"skip","Package":"m/b","Elapsed":0}`,
		`{"Action":"output","Package":"m/c","Output":"ok  \tm/c\t0.3s\n"}`,
		`{"Action":"pass","Package":"m/c","Elapsed":0.3}`,
	}, "\n") + "\n"
	var out strings.Builder
	skips, noTests, failed := report(strings.NewReader(stream), &out)
	if len(skips) != 2 || skips[0].test != "TestX" || skips[0].reason != "x_test.go:9: node not found: needs Node 20" || skips[1].reason != "" {
		t.Fatalf("skips %+v", skips)
	}
	if noTests != 1 || failed != 1 {
		t.Fatalf("noTests %d, failed %d", noTests, failed)
	}
	for _, want := range []string{"z_test.go:3: boom", "FAIL\tm/a", "[no test files]", "ok  \tm/c"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
