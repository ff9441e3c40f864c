package synth_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
)

// surfaceTexts returns, per surface seq, the model-visible text of its
// message: text blocks, tool-call arguments and tool-result text.
func surfaceTexts(t *testing.T, s *hostshim.Session) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, n := range s.Nodes() {
		m, err := s.Message(n)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		var walk func([]hostshim.Block)
		walk = func(bs []hostshim.Block) {
			for _, bl := range bs {
				switch bl.Type {
				case hostshim.BlockText, hostshim.BlockReasoning:
					b.WriteString(bl.Text)
				case hostshim.BlockToolCall:
					b.WriteString(bl.Arguments)
				case hostshim.BlockToolResult:
					walk(bl.Content)
				}
			}
		}
		walk(m.Content)
		out[n] = b.String()
	}
	return out
}

func generate(t *testing.T, o synth.Options) *synth.Workload {
	t.Helper()
	w, err := synth.Generate(o)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestGenerateDeterministic: the same options give byte-identical events;
// another seed gives a different session.
func TestGenerateDeterministic(t *testing.T) {
	enc := func(w *synth.Workload) []byte {
		var b bytes.Buffer
		for _, e := range w.Session.Events() {
			b.Write(e.Encode())
			b.WriteByte('\n')
		}
		return b.Bytes()
	}
	o := synth.Options{Seed: 42, TargetChars: 80_000}
	a, b := generate(t, o), generate(t, o)
	if !bytes.Equal(enc(a), enc(b)) {
		t.Fatal("same seed, different bytes")
	}
	if len(a.Probes) != len(b.Probes) {
		t.Fatal("same seed, different probes")
	}
	for i := range a.Probes {
		if a.Probes[i].ExpectedAnswer != b.Probes[i].ExpectedAnswer || a.Probes[i].PlantedAtSeq != b.Probes[i].PlantedAtSeq {
			t.Fatalf("probe %d differs: %+v vs %+v", i, a.Probes[i], b.Probes[i])
		}
	}
	o.Seed = 43
	if bytes.Equal(enc(a), enc(generate(t, o))) {
		t.Fatal("different seeds, same bytes")
	}
}

// TestGenerateGroundTruth checks every probe against the session: the
// answer is stated where the probe says, superseded values where they were
// replaced, failures fail then pass, and fact identifiers occur nowhere
// else.
func TestGenerateGroundTruth(t *testing.T) {
	cases := []synth.Options{
		{Seed: 1, TargetChars: 50_000},
		{Seed: 2, TargetChars: 200_000, Facts: 10, Superseded: 8, Constraints: 6, Failures: 4, Obligations: 5, Chinese: 0.5},
		{Seed: 3, TargetChars: 500_000, Chinese: -1},
		{Seed: 4, TargetChars: 30_000, Facts: -1, Superseded: 1, Constraints: -1, Failures: 1, Obligations: -1, LongEvery: -1},
	}
	for _, o := range cases {
		w := generate(t, o)
		texts := surfaceTexts(t, w.Session)
		all := ""
		for _, n := range w.Session.Nodes() {
			all += texts[n] + "\n"
		}
		kinds := map[synth.ProbeKind]int{}
		for _, p := range w.Probes {
			kinds[p.Kind]++
			at, ok := texts[p.PlantedAtSeq]
			if !ok || !strings.Contains(at, p.ExpectedAnswer) {
				t.Errorf("seed %d %s: answer %q not at seq %d", o.Seed, p.ID, p.ExpectedAnswer, p.PlantedAtSeq)
			}
			if p.Question == "" || p.ExpectedAnswer == "" {
				t.Errorf("seed %d %s: empty question or answer", o.Seed, p.ID)
			}
			switch p.Kind {
			case synth.KindFact:
				if c := strings.Count(all, p.ExpectedAnswer); c != 1 {
					t.Errorf("seed %d %s: identifier %q occurs %d times", o.Seed, p.ID, p.ExpectedAnswer, c)
				}
			case synth.KindSuperseded:
				if len(p.SupersededValues) == 0 || len(p.EarlierSeqs) != len(p.SupersededValues) {
					t.Errorf("seed %d %s: %d superseded values at %d seqs", o.Seed, p.ID, len(p.SupersededValues), len(p.EarlierSeqs))
				}
				prev := -1
				for i, v := range p.SupersededValues {
					if v == p.ExpectedAnswer {
						t.Errorf("seed %d %s: superseded value equals the answer", o.Seed, p.ID)
					}
					if i < len(p.EarlierSeqs) {
						if s := p.EarlierSeqs[i]; s <= prev || s >= p.PlantedAtSeq || !strings.Contains(texts[s], v) {
							t.Errorf("seed %d %s: value %q not at seq %d (order %d < %d)", o.Seed, p.ID, v, s, prev, p.PlantedAtSeq)
						} else {
							prev = s
						}
					}
				}
			case synth.KindUnflagged, synth.KindUnverified:
				if p.ResolvedAtSeq != 0 || p.Subject == "" || p.Authority != synth.AuthorityOpen {
					t.Errorf("seed %d %s: open failure resolved at %d, subject %q, authority %q", o.Seed, p.ID, p.ResolvedAtSeq, p.Subject, p.Authority)
				}
				if strings.Contains(all, "--- PASS: "+p.Subject+" ") {
					t.Errorf("seed %d %s: %s passes somewhere", o.Seed, p.ID, p.Subject)
				}
			case synth.KindLifted:
				if p.ResolvedAtSeq <= p.PlantedAtSeq || !strings.Contains(texts[p.ResolvedAtSeq], p.Subject) {
					t.Errorf("seed %d %s: rule on %s stated at %d, lifted at %d", o.Seed, p.ID, p.Subject, p.PlantedAtSeq, p.ResolvedAtSeq)
				}
			case synth.KindDecision:
				if len(p.SupersededValues) == 0 || len(p.EarlierSeqs) != len(p.SupersededValues) || !strings.Contains(texts[p.PlantedAtSeq], p.Subject) {
					t.Errorf("seed %d %s: decision chain %v at %v", o.Seed, p.ID, p.SupersededValues, p.EarlierSeqs)
				}
			case synth.KindFailure:
				if !strings.Contains(texts[p.PlantedAtSeq], "--- FAIL: "+p.ExpectedAnswer) ||
					p.ResolvedAtSeq <= p.PlantedAtSeq || !strings.Contains(texts[p.ResolvedAtSeq], "--- PASS: "+p.ExpectedAnswer) {
					t.Errorf("seed %d %s: failure not opened at %d and fixed at %d", o.Seed, p.ID, p.PlantedAtSeq, p.ResolvedAtSeq)
				}
				if strings.Count(all, "--- FAIL: "+p.ExpectedAnswer+" ") != 1 {
					t.Errorf("seed %d %s: test fails more than once", o.Seed, p.ID)
				}
			}
		}
		want := map[synth.ProbeKind]int{
			synth.KindFact: def(o.Facts, 6), synth.KindSuperseded: def(o.Superseded, 3), synth.KindConstraint: def(o.Constraints, 2),
			synth.KindFailure: def(o.Failures, 2), synth.KindObligation: def(o.Obligations, 2),
			synth.KindLifted: def(o.Lifted, 1), synth.KindUnflagged: def(o.Unflagged, 2), synth.KindUnverified: def(o.Unverified, 1),
			synth.KindDecision: def(o.Decisions, 2), synth.KindRejected: def(o.Rejected, 1), synth.KindHypothesis: def(o.Hypotheses, 1),
		}
		for k, n := range want {
			if kinds[k] != n {
				t.Errorf("seed %d: %d %s probes, want %d", o.Seed, kinds[k], k, n)
			}
		}
	}
}

func def(v, d int) int {
	switch {
	case v == 0:
		return d
	case v < 0:
		return 0
	}
	return v
}

// TestGenerateShape checks size, language mix, long outputs and that the
// log is a well-formed, balanced session.
func TestGenerateShape(t *testing.T) {
	cases := []struct {
		o          synth.Options
		wantHan    bool
		wantLongAt int // a tool output at least this long, 0 for none required
	}{
		{synth.Options{Seed: 9, TargetChars: 50_000}, true, 5_000},
		{synth.Options{Seed: 10, TargetChars: 300_000, Chinese: 0.6, MinLog: 20_000, MaxLog: 40_000}, true, 20_000},
		{synth.Options{Seed: 11, TargetChars: 120_000, Chinese: -1, LongEvery: -1}, false, 0},
	}
	for _, tc := range cases {
		w := generate(t, tc.o)
		texts := surfaceTexts(t, w.Session)
		chars, longest, han := 0, 0, false
		for _, s := range texts {
			chars += utf8.RuneCountInString(s)
			longest = max(longest, len(s))
			for _, r := range s {
				if unicode.Is(unicode.Han, r) {
					han = true
					break
				}
			}
		}
		if chars != w.Chars {
			t.Errorf("seed %d: Chars %d, counted %d", tc.o.Seed, w.Chars, chars)
		}
		if w.Chars < tc.o.TargetChars || w.Chars > tc.o.TargetChars+tc.o.TargetChars/4+5_000 {
			t.Errorf("seed %d: %d chars for target %d", tc.o.Seed, w.Chars, tc.o.TargetChars)
		}
		if han != tc.wantHan {
			t.Errorf("seed %d: Chinese present %v, want %v", tc.o.Seed, han, tc.wantHan)
		}
		if tc.wantLongAt > 0 && longest < tc.wantLongAt {
			t.Errorf("seed %d: longest output %d < %d", tc.o.Seed, longest, tc.wantLongAt)
		}
		if tc.wantLongAt == 0 && longest > 5_000 {
			t.Errorf("seed %d: long output of %d bytes with LongEvery<0", tc.o.Seed, longest)
		}
		nodes := w.Session.Nodes()
		for _, n := range nodes {
			if _, err := w.Session.BalancedBefore(n); err != nil {
				t.Fatal(err)
			}
		}
		if ok, _ := w.Session.BalancedAfter(nodes[len(nodes)-1]); !ok {
			t.Errorf("seed %d: ends with an open call", tc.o.Seed)
		}
		if e, _ := w.Session.Event(w.Session.Len() - 1); e.Type != hostshim.TypeTurnEnd {
			t.Errorf("seed %d: last event %s, want turn/end", tc.o.Seed, e.Type)
		}
	}
}

// TestGenerateBadOptions: out-of-range options are refused with
// ErrBadOptions.
func TestGenerateBadOptions(t *testing.T) {
	for _, o := range []synth.Options{
		{TargetChars: -1},
		{Facts: 11},
		{Superseded: 9},
		{Constraints: 7},
		{Obligations: 6},
		{Chinese: 1.5},
		{MinLog: 10, MaxLog: 5},
		{MinStepsPerTurn: 5, MaxStepsPerTurn: 2},
	} {
		if _, err := synth.Generate(o); !errors.Is(err, synth.ErrBadOptions) {
			t.Errorf("%+v: %v", o, err)
		}
	}
}
