package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeProgressClock makes progressClock advance step at every reading, so
// a run of a few hundred events spans minutes of progress time.
func fakeProgressClock(t *testing.T, step time.Duration) {
	t.Helper()
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old := progressClock
	progressClock = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(step)
		return now
	}
	t.Cleanup(func() { progressClock = old })
}

var plainProgress = regexp.MustCompile(`^ef fold: (reading ahead: )?\d+ events? read(, \d+ folds?)?, \d+[hms0-9]*$`)

// Into a file or a pipe, ef fold says how a long fold goes in plain lines
// on stderr, at most one every 30 s of its clock: never on stdout, never
// with a carriage return or an escape.
func TestProgressPlainLinesOnStderr(t *testing.T) {
	fakeProgressClock(t, time.Second) // 30 s pass every 30 readings
	log := writeLongClaudeLog(t, 300)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"fold", "--window", "3000", "--store", t.TempDir(), "--out", filepath.Join(t.TempDir(), "out.jsonl"), log}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var lines []string
	for _, l := range strings.Split(errb.String(), "\n") {
		if plainProgress.MatchString(l) {
			lines = append(lines, l)
		}
	}
	if len(lines) < 3 {
		t.Fatalf("%d progress lines, want several:\n%s", len(lines), errb.String())
	}
	if !strings.Contains(strings.Join(lines, "\n"), " folds, ") && !strings.Contains(strings.Join(lines, "\n"), " fold, ") {
		t.Errorf("no progress line counts the folds:\n%s", strings.Join(lines, "\n"))
	}
	if strings.ContainsAny(errb.String(), "\r\x1b") {
		t.Errorf("plain progress holds a carriage return or an escape: %q", errb.String())
	}
	if strings.Contains(out.String(), "events read") {
		t.Errorf("progress on stdout:\n%s", out.String())
	}
	// Near miss: a clock that does not reach 30 s prints no line.
	fakeProgressClock(t, time.Microsecond)
	errb.Reset()
	out.Reset()
	if code := run(context.Background(), []string{"fold", "--window", "3000", "--store", t.TempDir(), "--out", filepath.Join(t.TempDir(), "out.jsonl"), log}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if strings.Contains(errb.String(), "events read") {
		t.Errorf("a short fold printed progress:\n%s", errb.String())
	}
}

// The --json account is all stdout (or, with --out -, all stderr) holds:
// progress never lands in it.
func TestProgressNeverInJSON(t *testing.T) {
	fakeProgressClock(t, time.Second)
	log := writeLongClaudeLog(t, 300)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"fold", "--json", "--window", "3000", "--store", t.TempDir(), "--out", "-", log}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if strings.Contains(errb.String(), "events read") {
		t.Errorf("progress in the --json account on stderr:\n%s", errb.String())
	}
	var acc map[string]any
	if err := json.Unmarshal(errb.Bytes(), &acc); err != nil {
		t.Errorf("stderr is not the JSON account alone: %v\n%s", err, errb.String())
	}
	// With --out FILE the account is on stdout and progress on stderr.
	out.Reset()
	errb.Reset()
	code = run(context.Background(), []string{"fold", "--json", "--window", "3000", "--store", t.TempDir(), "--out", filepath.Join(t.TempDir(), "out.jsonl"), log}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if err := json.Unmarshal(out.Bytes(), &acc); err != nil {
		t.Errorf("stdout is not the JSON account alone: %v\n%s", err, out.String())
	}
	if !strings.Contains(errb.String(), "events read") {
		t.Errorf("no progress on stderr beside a --json account on stdout:\n%s", errb.String())
	}
}

// On a terminal the progress is one line redrawn in place, cleared before
// anything else is written there: ef state's output starts on a clean line.
func TestProgressTerminalLine(t *testing.T) {
	fakeProgressClock(t, time.Second)
	log := writeLongClaudeLog(t, 300)
	var tm terminal
	var out bytes.Buffer
	if code := run(context.Background(), []string{"state", log}, &out, &tm); code != 0 {
		t.Fatalf("exit %d: %s", code, tm.String())
	}
	errs := tm.String()
	if !strings.Contains(errs, "\r\x1b[Kef state: ") || !strings.Contains(errs, " events read, ") {
		t.Fatalf("no terminal progress line: %q", errs)
	}
	last := errs[strings.LastIndex(errs, "\r\x1b[Kef state: ")+1:]
	if !strings.Contains(last, "\r\x1b[K") || strings.Contains(errs, "read\n") {
		t.Errorf("terminal progress not cleared at the end: %q", last)
	}
	if strings.Contains(out.String(), "events read") {
		t.Errorf("progress on stdout:\n%s", out.String())
	}
	// The state itself is what it is without a terminal.
	var plain, perr bytes.Buffer
	fakeProgressClock(t, time.Microsecond)
	if code := run(context.Background(), []string{"state", log}, &plain, &perr); code != 0 {
		t.Fatalf("exit %d: %s", code, perr.String())
	}
	if plain.String() != out.String() {
		t.Errorf("stdout differs on a terminal:\n%s\n---\n%s", out.String(), plain.String())
	}
}

// The line says what it counts.
func TestProgressLine(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	var b bytes.Buffer
	p := &readProgress{w: &b, cmd: "ef fold", now: func() time.Time { return now }, every: 30 * time.Second, t0: t0, last: t0}
	n := 7
	p.folds = func() int { return n }
	p.pass("reading ahead")
	for range 5 {
		now = now.Add(10 * time.Second)
		p.event()
	}
	p.pass("")
	now = now.Add(40 * time.Second)
	p.event()
	want := "ef fold: reading ahead: 3 events read, 30s\nef fold: 1 event read, 7 folds, 1m30s\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	var nilp *readProgress
	nilp.event() // a nil progress counts nothing
	nilp.done()
}
