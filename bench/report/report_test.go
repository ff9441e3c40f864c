package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/cachesim"
	"github.com/epistemicfold/ef/bench/replay"
)

// fake builds a report of two sessions from two sources where ef sends
// 1000 tokens (800 hit) and basic 1600 (1500 hit) per session.
func fake() *bench.Report {
	res := func(engine string, tokens, hit int) *replay.Result {
		st := replay.Step{Tokens: tokens, DeepSeek: cachesim.Result{Tokens: tokens, Hit: hit, Miss: tokens - hit},
			Anthropic: cachesim.Result{Tokens: tokens, Hit: hit, Miss: tokens - hit}}
		st2 := st
		st2.FrozenPrefix = tokens / 2
		return &replay.Result{Engine: engine, Window: 2000, Steps: []replay.Step{st, st2}, Folds: []replay.Fold{{Mode: "leaf"}}}
	}
	r := &bench.Report{Window: 2000, Persona: "faithful", Meter: "o200k_base", Engines: []string{"basic", "ef"}, Corpus: "test"}
	for _, src := range []string{"synth", "swe-agent"} {
		sr := &bench.SessionRun{Name: "s" + src, Source: src, Results: []*replay.Result{res("basic", 1600, 1500), res("ef", 1000, 800)}}
		for _, x := range sr.Results {
			sr.Metrics = append(sr.Metrics, replay.Measure(x))
		}
		r.Sessions = append(r.Sessions, sr)
	}
	for i, e := range r.Engines {
		r.Totals = append(r.Totals, replay.MeasureAll(e, []*replay.Result{r.Sessions[0].Results[i], r.Sessions[1].Results[i]}))
	}
	return r
}

func TestTable(t *testing.T) {
	var b bytes.Buffer
	if err := Table(&b, fake()); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// ρ* = (Miss_ef − Miss_basic)/(Hit_basic − Hit_ef) = (400 − 200)/(3000 − 1600) per
	// two sessions of two requests: 1/7.
	for _, want := range []string{"0.143 (cheaper above)", "swe-agent", "leaf 2", "window 2,000"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestJSONAndHTML(t *testing.T) {
	r := fake()
	var b bytes.Buffer
	if err := JSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var doc ReportJSON
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	ef := doc.Totals[1]
	if ef.BreakEven == nil || ef.BreakEven.ACheaperBelow || doc.Totals[0].BreakEven != nil {
		t.Fatalf("break-even: %+v / %+v", ef.BreakEven, doc.Totals[0].BreakEven)
	}
	if ef.Cost["1"] != 4000 || ef.HitRateDeepSeek != 0.8 {
		t.Fatalf("ef cost %v hit rate %v", ef.Cost, ef.HitRateDeepSeek)
	}
	b.Reset()
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<svg"); n != 5 {
		t.Fatalf("%d charts, want 5 (cost, relative cost, hits, one per session)", n)
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "http") {
		t.Fatal("page is not self-contained")
	}
}

func TestSweepTable(t *testing.T) {
	r := fake()
	for i := range r.Totals {
		r.Totals[i].Misses = map[string]int{"new": 300}
		r.Totals[i].CeilingHits = (r.Totals[i].InputTokens - 300) / 64 * 64
	}
	var b bytes.Buffer
	if err := SweepTable(&b, []*bench.Report{r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// ef: 4000 prompt tokens, 3200 hit, 300 first-sent: hit max 3648 of
	// 4000 (3700 in whole 64-token blocks) = 91.2%; floor at 93%:
	// 300·(1 + 0.1·0.93/0.07) = 698.6 against basic's 1000.
	for _, want := range []string{"hit billed", "80.0%", "91.20%", "floor @93%", "699", "0.699×"} {
		if !strings.Contains(out, want) {
			t.Errorf("sweep table lacks %q:\n%s", want, out)
		}
	}
}
