package sidecar

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// TestSettingsReachThePlan: the plugin's thresholdRatio (and a per-model
// override) decide when a pressure fold is due; a refusal where a fold was
// due says so.
func TestSettingsReachThePlan(t *testing.T) {
	host := serveHostSession(t, "settings", 6)
	ms, err := hostshim.MeasureSurface(host, hostshim.HeuristicMeter{})
	if err != nil {
		t.Fatal(err)
	}
	// A window the session fills to about 60%: under the default 0.8
	// threshold, over a 0.5 one.
	window := ms.Total * 10 / 6
	plan := func(settings map[string]any, model string) map[string]any {
		h := newServeHarness(t, filepath.Join(t.TempDir(), "store"))
		h.host = host
		init := map[string]any{"protocolVersion": ProtocolVersion}
		if settings != nil {
			init["settings"] = settings
		}
		if _, err := h.call(MethodInitialize, init); err != nil {
			t.Fatal(err)
		}
		h.sync()
		res, err := h.call(MethodFoldPlan, map[string]any{"sessionId": host.ID, "trigger": "pressure", "provider": "fake", "model": model,
			"contextWindow": window, "totalTokens": ms.Total, "length": host.Len()})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if p := plan(nil, "fake-m"); p["decision"] != DecisionNone || p["refused"] == true || !strings.Contains(p["reason"].(string), "below the pressure threshold") {
		t.Fatalf("default threshold: %v", p)
	}
	if p := plan(map[string]any{"thresholdRatio": 0.5}, "fake-m"); p["decision"] != DecisionFold {
		t.Fatalf("thresholdRatio 0.5: %v", p)
	}
	over := map[string]any{"thresholdRatio": 0.5, "modelPolicies": []any{map[string]any{"provider": "fake", "model": "big", "thresholdRatio": 0.9}}}
	if p := plan(over, "big"); p["decision"] != DecisionNone {
		t.Fatalf("model policy 0.9: %v", p)
	}
	if p := plan(over, "fake-m"); p["decision"] != DecisionFold {
		t.Fatalf("other model keeps 0.5: %v", p)
	}

	h := newServeHarness(t, "")
	if _, err := h.call(MethodInitialize, map[string]any{"protocolVersion": ProtocolVersion, "settings": map[string]any{"thresholdRatio": 1.5}}); err == nil {
		t.Fatal("thresholdRatio 1.5 accepted")
	}
}

// TestPlanUsesTheEconomicTrigger: the sidecar gates pressure folds on the
// engine's own policy, so the economic trigger (a fold as soon as the span
// after the frontier is worth one, "Holding the prompt cache" in package
// engine) fires inside DSH too, well below the window threshold.
func TestPlanUsesTheEconomicTrigger(t *testing.T) {
	const window = 64000
	h := startServeHarness(t, filepath.Join(t.TempDir(), "store"), "economic", 1)
	var lastReason string
	for round := 2; round <= 200; round++ {
		serveRounds(t, h.host, round, round)
		h.sync()
		ms, err := hostshim.MeasureSurface(h.host, hostshim.HeuristicMeter{})
		if err != nil {
			t.Fatal(err)
		}
		if ms.Total >= window*8/10 {
			t.Fatalf("no fold before the window threshold (%d tokens); last: %s", ms.Total, lastReason)
		}
		res, err := h.call(MethodFoldPlan, map[string]any{"sessionId": h.host.ID, "trigger": "pressure", "provider": "fake", "model": "fake-m",
			"contextWindow": window, "totalTokens": ms.Total, "length": h.host.Len()})
		if err != nil {
			t.Fatal(err)
		}
		if res["decision"] == DecisionFold {
			if !strings.Contains(lastReason, "economic") {
				t.Fatalf("folded at %d tokens, but the threshold before was not the economic one: %s", ms.Total, lastReason)
			}
			t.Logf("economic fold at %d of %d tokens (window threshold %d): %s", ms.Total, window, window*8/10, lastReason)
			return
		}
		lastReason = res["reason"].(string)
	}
	t.Fatal("no fold in 200 rounds")
}

// TestSettingsReachThePolicy: engine.Policy is the source of the fold
// knobs; a Settings field named like one of its fields is that knob and
// must reach it unchanged (a knob added to Settings and forgotten in
// policy fails here). The knobs the sidecar sets otherwise are listed.
func TestSettingsReachThePolicy(t *testing.T) {
	pt := reflect.TypeOf(engine.Policy{})
	st := reflect.TypeOf(Settings{})
	var s Settings
	sv := reflect.ValueOf(&s).Elem()
	shared := 0
	for i := range st.NumField() {
		f := st.Field(i)
		if _, ok := pt.FieldByName(f.Name); !ok {
			continue
		}
		shared++
		v := sv.Field(i)
		switch v.Kind() {
		case reflect.Float64:
			v.SetFloat(0.25 + float64(i)/100)
		case reflect.Int:
			v.SetInt(int64(100 + i))
		case reflect.Bool:
			v.SetBool(true)
		default:
			t.Fatalf("Settings.%s: kind %s not handled here", f.Name, v.Kind())
		}
	}
	if shared < 2 {
		t.Fatalf("only %d Settings fields are named like engine.Policy fields", shared)
	}
	const window = 100000
	p := reflect.ValueOf(s.policy(window, s.ThresholdRatio))
	for i := range st.NumField() {
		f := st.Field(i)
		if _, ok := pt.FieldByName(f.Name); !ok {
			continue
		}
		if got, want := p.FieldByName(f.Name).Interface(), sv.Field(i).Interface(); got != want {
			t.Errorf("Settings.%s = %v reaches engine.Policy.%s as %v", f.Name, want, f.Name, got)
		}
	}
	if got := s.policy(window, 0).EmergencyBudget; got != int(window*EmergencyRatio) {
		t.Errorf("default emergency budget %d", got)
	}
}
