package replay

import "testing"

// piece builds a judged piece of role r from text.
func judgedOf(p *Probe, r role, text string) judged {
	return judged{pieceFacts: p.scan(text), role: r}
}

// TestJudgeValues: a superseded value is stale when shown as current,
// beside the new one without a mark, or as the last statement; a marked
// old value and the chronological conversation are not.
func TestJudgeValues(t *testing.T) {
	p := &Probe{Kind: KindSuperseded, Key: "timeout", Answer: "60", Old: []string{"30", "45"}}
	cases := []struct {
		name           string
		pieces         []judged
		visible, stale bool
	}{
		{"conversation in order", []judged{
			judgedOf(p, roleTool, "[File: config/app.toml]\n   2\ttimeout = 30\n   3\tname = \"x\""),
			judgedOf(p, roleUser, "Please change timeout in config/app.toml from 30 to 45."),
			judgedOf(p, roleAssistant, `edit_file {"new":"timeout = 45","old":"timeout = 30","path":"config/app.toml"}`),
			judgedOf(p, roleUser, "请把 config/app.toml 里的 timeout 从 45 改成 60。"),
		}, true, false},
		{"marked history", []judged{judgedOf(p, roleCheckpoint, "Current values:\n- timeout = 60 (was 45, before that 30)")}, true, false},
		{"arrow chain", []judged{judgedOf(p, roleCheckpoint, "- timeout: 30 → 45 → 60")}, true, false},
		{"beside without a mark", []judged{judgedOf(p, roleCheckpoint, "- timeout = 30\n- timeout = 60")}, true, true},
		{"old shown as current", []judged{judgedOf(p, roleCheckpoint, "Settings:\n- timeout = 45")}, false, true},
		{"old after new", []judged{
			judgedOf(p, roleCheckpoint, "- timeout = 60"),
			judgedOf(p, roleCheckpoint, "- timeout = 30"),
		}, true, true},
		{"not a statement about the key", []judged{judgedOf(p, roleTool, "gc pause 30us heap=60MiB")}, false, false},
		{"a longer number is another value", []judged{judgedOf(p, roleCheckpoint, "- timeout = 600")}, false, false},
	}
	for _, tc := range cases {
		vis, stale := p.judge(tc.pieces, p.want(100))
		if vis != tc.visible || stale != tc.stale {
			t.Errorf("%s: visible %v stale %v, want %v %v", tc.name, vis, stale, tc.visible, tc.stale)
		}
	}
}

// TestJudgeLifecycles: failures, rules and hypotheses move only on the
// evidence they need.
func TestJudgeLifecycles(t *testing.T) {
	fail := &Probe{Kind: KindUnverified, Key: "TestDecodeFrame", Authority: AuthOpen}
	failOut := judgedOf(fail, roleTool, "=== RUN   TestDecodeFrame\n--- FAIL: TestDecodeFrame (0.02s)\nFAIL")
	claim := judgedOf(fail, roleAssistant, "Fixed TestDecodeFrame: the nil check was missing.")
	if vis, stale := fail.judge([]judged{failOut, claim}, fail.want(100)); !vis || stale {
		t.Errorf("the assistant's claim moved the failure: visible %v stale %v", vis, stale)
	}
	told := judgedOf(fail, roleCheckpoint, "Resolved:\n- TestDecodeFrame fixed (seq 40)")
	if _, stale := fail.judge([]judged{told}, fail.want(100)); !stale {
		t.Error("a checkpoint that calls an unverified fix resolved is not stale")
	}
	honest := judgedOf(fail, roleCheckpoint, "Open failures:\n- TestDecodeFrame (fix claimed at seq 41, not verified)")
	if vis, stale := fail.judge([]judged{honest}, fail.want(100)); !vis || stale {
		t.Errorf("honest open failure: visible %v stale %v", vis, stale)
	}

	// The bullet's own words outrank its heading's.
	heading := judgedOf(fail, roleCheckpoint, "Open failures (only a passing run of the same test closes one):\n- TestDecodeFrame: open since seq 34 — --- FAIL: TestDecodeFrame (0.02s)")
	if vis, stale := fail.judge([]judged{heading}, fail.want(100)); !vis || stale {
		t.Errorf("open failure under a heading that mentions passing: visible %v stale %v", vis, stale)
	}

	fixed := &Probe{Kind: KindFailure, Key: "TestDecodeFrame", ChangedAt: 50}
	pass := judgedOf(fixed, roleTool, "=== RUN   TestDecodeFrame\n--- PASS: TestDecodeFrame (0.01s)\nok")
	if vis, stale := fixed.judge([]judged{failOut, pass}, fixed.want(60)); !vis || stale {
		t.Errorf("fixed failure in order: visible %v stale %v", vis, stale)
	}
	if _, stale := fixed.judge([]judged{judgedOf(fixed, roleCheckpoint, "Open failures:\n- --- FAIL: TestDecodeFrame (0.02s)")}, fixed.want(60)); !stale {
		t.Error("a fixed failure listed as open is not stale")
	}

	rule := &Probe{Kind: KindLifted, Key: "charts/", ChangedAt: 50, Authority: AuthNormative}
	say := judgedOf(rule, roleUser, "Until the release is cut, do not touch anything under charts/.")
	lift := judgedOf(rule, roleUser, "发布已经完成，charts/ 的限制解除了，现在可以修改。")
	if vis, _ := rule.judge([]judged{say}, rule.want(10)); !vis {
		t.Error("rule in force not visible")
	}
	if vis, stale := rule.judge([]judged{say, lift}, rule.want(60)); !vis || stale {
		t.Errorf("lifted rule in order: visible %v stale %v", vis, stale)
	}
	if _, stale := rule.judge([]judged{say}, rule.want(60)); !stale {
		t.Error("a lifted rule shown in force is not stale")
	}

	hyp := &Probe{Kind: KindHypothesis, Key: "pkg/frame/evict.go"}
	suspect := judgedOf(hyp, roleAssistant, "I suspect the flaky TestX comes from a race in pkg/frame/evict.go.")
	assert := judgedOf(hyp, roleAssistant, "That settles it: pkg/frame/evict.go is the root cause of TestX.")
	if vis, stale := hyp.judge([]judged{suspect, assert}, hyp.want(100)); !vis || stale {
		t.Errorf("the assistant confirmed its own hypothesis: visible %v stale %v", vis, stale)
	}
	if _, stale := hyp.judge([]judged{judgedOf(hyp, roleCheckpoint, "Findings:\n- pkg/frame/evict.go is the root cause of TestX")}, hyp.want(100)); !stale {
		t.Error("a checkpoint stating an unproven hypothesis as established is not stale")
	}
	if _, stale := hyp.judge([]judged{judgedOf(hyp, roleCheckpoint, "Narrative (semantic digest; not verified state):\n## Notes\n- pkg/frame/evict.go is the root cause of TestX")}, hyp.want(100)); stale {
		t.Error("a section labelled narrative counted as state")
	}
}

// TestJudgeSubjects: a statement must name the subject and say something
// about it; a bare mention or a longer word does not count.
func TestJudgeSubjects(t *testing.T) {
	c := &Probe{Kind: KindConstraint, Key: "main", Authority: AuthNormative}
	for text, want := range map[string]bool{
		"Never push to the main branch directly.":            true,
		"Rules:\n- main: no direct pushes, it is a rule":     true,
		"永远不要直接推送到 main 分支。":                                 true,
		"We are on the main branch now.":                     false,
		"The domain must never change.":                      false,
		"Rules for this work:\n- Do not push to main, ever.": true,
	} {
		if got := c.Shows(text); got != want {
			t.Errorf("%q: shows %v, want %v", text, got, want)
		}
	}
	r := &Probe{Kind: KindRejected, Key: "mmap", Authority: AuthDecision}
	if !r.Shows("Tried mmap; not viable, the race detector flags it.") || r.Shows("Reading the file with mmap.") {
		t.Error("rejected approach judged wrongly")
	}
	d := &Probe{Kind: KindDecision, Key: "codec.Decoder", Answer: "ringbuf.Ring", Old: []string{"sync.Pool"}}
	for text, stale := range map[string]bool{
		"改变方案：codec.Decoder 改用 ringbuf.Ring，不再使用 sync.Pool。":                              false,
		"Replacing sync.Pool with ringbuf.Ring in codec.Decoder.":                         false,
		"Decisions:\n- codec.Decoder uses sync.Pool.\n- codec.Decoder uses ringbuf.Ring.": true,
	} {
		vis, st := d.judge([]judged{judgedOf(d, roleCheckpoint, text)}, d.want(10))
		if !vis || st != stale {
			t.Errorf("%q: visible %v stale %v, want stale %v", text, vis, st, stale)
		}
	}
}
