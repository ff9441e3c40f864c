package taskorigin_test

import (
	"testing"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

func TestCheckSource(t *testing.T) {
	ok := []struct{ src, kind string }{
		{"evidence/real.json", "file"},
		{"reports/Q2-2026.json", "file"},
		{"engine/fold.go:120", "file"},
		{"./cmd/ef/", "file"},
		{"main.c", "file"},
		{"git log -S x", "command"},
		{"go test -run TestFold ./engine", "command"},
		{"ran `make check` twice", "command"},
		{"$ cargo test y", "command"},
		{"T3.2", "testcase"},
		{"TestPutLifecycle", "testcase"},
		{"taskorigin.TestPutLifecycle/sub_case", "testcase"},
		{"recall:ckpt-7#12", "recall"},
		{"recall:c1@session%201", "recall"},
		{"见 docs/release-guide.md 第二节", "file"},
	}
	for _, c := range ok {
		r := taskorigin.CheckSource(c.src, "")
		if !r.OK {
			t.Errorf("%q: unverifiable (%s), want %s", c.src, r.Reason, c.kind)
			continue
		}
		found := false
		for _, k := range r.Kinds {
			found = found || string(k) == c.kind
		}
		if !found {
			t.Errorf("%q: kinds %v, want %s", c.src, r.Kinds, c.kind)
		}
	}
	bad := []string{
		"", "   ", "实测过", "我说的，不信拉倒", "trust me, I checked", "and/or it worked",
		"e.g. the usual way", "it is at version v1.2", "see `important`", "https://example.com/x",
		"recall:", "I cat the file", "TestX was mentioned as Testing",
	}
	for _, s := range bad {
		if r := taskorigin.CheckSource(s, ""); r.OK && s != "TestX was mentioned as Testing" {
			t.Errorf("%q: accepted as %s %v, want unverifiable", s, r.Kind(), r.Refs)
		}
	}
	if r := taskorigin.CheckSource("TestX was mentioned as Testing", ""); !r.OK || r.Refs[0] != "TestX" {
		t.Errorf("a test name inside prose cites that test: %+v", r)
	}
	if r := taskorigin.CheckSource("reports/Q2.json", "command"); r.OK {
		t.Error("a declared kind the source does not cite was accepted")
	}
}
