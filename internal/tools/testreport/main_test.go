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
