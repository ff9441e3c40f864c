package projection

import "testing"

// TestSwitchedAway: a user's switch of approach in Chinese, Japanese,
// Korean, Russian and German is the user's decision superseding the
// decision that names what it drops; questions, hedges, standing rules
// and contrasts of causes are no switch.
func TestSwitchedAway(t *testing.T) {
	const zh = "> user\n修一下 price_cache 的锁竞争\n> assistant\n决定：用 dashmap 做 price_cache。\n> user\n"
	const ja = "> user\nprice_cache のロック競合をなんとかして\n> assistant\nprice_cache は dashmap で行きます。\n> user\n"
	const en = "> user\nfix the lock contention on price_cache\n> assistant\nDecision: use dashmap for price_cache.\n> user\n"
	superseded := []string{`decision .*\[active/normative\].*\(was .*dashmap`}
	held := []string{`decision .*dashmap.* \[active/decision\]`}
	cases := []scriptCase{
		{"the repro (zh, 别用 … 换成)", zh + "别用 dashmap，换成 RwLock\n", superseded, []string{`constraint`}},
		{"zh, 不要 … 了，改用", zh + "不要 dashmap 了，改用 RwLock<HashMap>\n", superseded, []string{`constraint`}},
		{"zh, 把 … 换成", zh + "把 dashmap 换成 RwLock 吧\n", superseded, nil},
		{"zh, 用 … 代替", zh + "用 RwLock 代替 dashmap\n", superseded, nil},
		{"the repro (ja, はやめて)", ja + "dashmap はやめて、RwLock でやって。\n", superseded, nil},
		{"ja, ではなく", ja + "dashmap ではなく RwLock を使って\n", superseded, nil},
		{"ja, から … に変えて", ja + "dashmap から RwLock に変えて\n", superseded, nil},
		{"ko, 말고", en + "dashmap 말고 RwLock 써\n", superseded, []string{`constraint`}},
		{"ru, не … а", en + "не dashmap, а RwLock\n", superseded, nil},
		{"ru, вместо", en + "вместо dashmap используй RwLock\n", superseded, nil},
		{"de, nicht … sondern", en + "nicht dashmap, sondern RwLock\n", superseded, []string{`constraint`}},
		{"de, statt", en + "nimm RwLock statt dashmap\n", superseded, nil},
		{"a switch from a thing no decision holds (zh)", zh + "别用 Mutex，换成 RwLock\n",
			append([]string{`decision .*别用-mutex.* \[active/normative\]`}, held...), []string{`\(was`}},
		{"a switch from a thing no decision holds (de)", en + "nicht Mutex, sondern RwLock\n",
			append([]string{`decision .*mutex.* \[active/normative\]`}, held...), []string{`\(was`}},
		// Near misses.
		{"a question (zh)", zh + "别用 dashmap 吗？\n", held, []string{`\(was`}},
		{"a question without its mark (zh)", zh + "别用 dashmap，换成 RwLock 吗\n", held, []string{`\(was`}},
		{"a rule with no replacement (zh)", zh + "永远别用 unsafe\n", held, []string{`\(was`}},
		{"a standing rule with a replacement (zh)", zh + "以后别用 dashmap，用 RwLock\n", held, []string{`\(was`}},
		{"a hedge (zh)", zh + "也许换成 RwLock\n", held, []string{`\(was`}},
		{"a hedged switch (zh)", zh + "也许别用 dashmap，换成 RwLock\n", held, []string{`\(was`}},
		{"a cause, not a switch (ja)", ja + "dashmap ではなく RwLock が原因です。\n", held, []string{`\(was`}},
		{"where a cause lies (ru)", en + "проблема не в dashmap, а в RwLock\n", held, []string{`\(was`}},
		{"not only … but also (de)", en + "nicht nur dashmap, sondern auch RwLock\n", held, []string{`\(was`}},
		{"a hedge (de)", en + "vielleicht nicht dashmap, sondern RwLock\n", held, []string{`\(was`}},
	}
	runScriptCases(t, cases)
}

// TestSwitchedAwayReason: the decision a switch supersedes keeps the
// user's words as its reason.
func TestSwitchedAwayReason(t *testing.T) {
	r := New(Options{SessionID: "s", KeepRetired: 8})
	for i, e := range []Event{
		{Role: RoleUser, Text: "修一下 price_cache 的锁竞争"},
		{Role: RoleAssistant, Text: "决定：用 dashmap 做 price_cache。"},
		{Role: RoleUser, Text: "别用 dashmap，换成 RwLock"},
	} {
		e.Seq = i
		r.Apply(e)
	}
	found := false
	for _, a := range r.RetiredAnchors() {
		if a.Kind == KindDecision && a.Lifecycle == Superseded {
			found = true
			if a.Because != "别用 dashmap，换成 RwLock" {
				t.Errorf("superseded decision's reason = %q", a.Because)
			}
		}
	}
	if !found {
		t.Error("no decision superseded")
	}
}

func TestSwitchedAwayThings(t *testing.T) {
	for _, c := range []struct{ s, x, y string }{
		{"别用 dashmap，换成 RwLock", "dashmap", "RwLock"},
		{"不要 dashmap 了，改用 RwLock<HashMap>", "dashmap", "RwLock<HashMap>"},
		{"dashmap はやめて、RwLock でやって。", "dashmap", "RwLock"},
		{"dashmap 말고 RwLock으로 해", "dashmap", "RwLock"},
		{"не используй dashmap, возьми RwLock", "dashmap", "RwLock"},
		{"statt dashmap nimm RwLock", "dashmap", "RwLock"},
		{"不要 30，改成 60", "", ""},
		{"别用 dashmap", "", ""},
	} {
		if x, y := switchedAway(c.s); x != c.x || y != c.y {
			t.Errorf("switchedAway(%q) = %q, %q; want %q, %q", c.s, x, y, c.x, c.y)
		}
	}
}
