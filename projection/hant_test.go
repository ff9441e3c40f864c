package projection

import (
	"strings"
	"testing"
)

// A message in traditional characters is read as its simplified twin is,
// with the anchors' text in the message's own characters; Japanese keeps
// its kanji.
func TestTraditionalChineseReadAsSimplified(t *testing.T) {
	hans := userSays("规定：\n1. 不要删 prod bucket 的东西\n2. Parquet 的 row group 先设 128 MB", "好。row group 改 64 MB。")
	hant := userSays("規定：\n1. 不要刪 prod bucket 的東西\n2. Parquet 的 row group 先設 128 MB", "好。row group 改 64 MB。")
	if got, want := valueHeads(hant)["row group"], "64 MB"; !strings.HasPrefix(got, want) {
		t.Errorf("row group = %q, want %s (simplified: %q)", got, want, valueHeads(hans)["row group"])
	}
	var rule string
	for _, a := range hant.Heads() {
		if a.Kind == KindConstraint && strings.Contains(a.Value, "bucket") {
			rule = a.Value
		}
	}
	if rule != "不要刪 prod bucket 的東西" {
		t.Errorf("rule %q, want the message's own characters", rule)
	}
	if _, _, ok := hansOf("設定を変更しないでください"); ok {
		t.Error("Japanese read as traditional Chinese")
	}
	if h, back, ok := hansOf("刪掉这个，别刪那个"); !ok || h != "删掉这个，别删那个" || len(back) != 1 {
		t.Errorf("hansOf = %q %v %v", h, back, ok)
	}
	if _, back, _ := hansOf("删掉这个，别刪那个"); back['删'] != 0 {
		t.Error("a character the message writes both ways is given back")
	}
}

// The last step of the plan an objective lays out ("…，最后要出报表") is
// part of the objective, not a task for the end of the session.
func TestObjectivePlanEndIsNoObligation(t *testing.T) {
	r := userSays("这次要做的是 CP 测试资料的 pipeline：从 NAS 读 STDF，写成 Parquet 放到 MinIO，最后要出每日良率报表跟 wafer map。")
	for _, a := range r.Heads() {
		if a.Kind == KindObligation {
			t.Errorf("obligation %q from the objective's plan", a.Value)
		}
	}
	r = userSays("fix the flaky login test.", "最后要更新 CHANGELOG。")
	n := 0
	for _, a := range r.Heads() {
		if a.Kind == KindObligation {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d obligations, want the CHANGELOG one", n)
	}
}

// A rule that states a value is restated when the value changes by an
// absolute setting, as by a relative one: "Parquet 的 row group 先设 128
// MB" then "row group 改 64 MB" leaves no rule holding 128 MB.
func TestRuleRestatedByAbsoluteChange(t *testing.T) {
	r := userSays("做 pipeline。规定：\n1. 不准写死 mapping\n2. Parquet 的 row group 先设 128 MB", "好。row group 改 64 MB。")
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint && strings.Contains(a.Value, "row group") && !strings.Contains(a.Value, "64 MB (was 128 MB)") {
			t.Errorf("rule %q still holds the old value", a.Value)
		}
	}
}

// The byte scan that skips text without CJK finds every character the
// table maps (all of U+3400–U+9FFF lead with 0xE3–0xE9).
func TestHantTableInScan(t *testing.T) {
	for r := range hantToHans {
		if !hasCJKLead(string(r)) {
			t.Errorf("%q (U+%04X) is missed by the byte scan", r, r)
		}
	}
	if hasCJKLead("plain ASCII text, ü and é too") {
		t.Error("Latin text scanned as CJK")
	}
}
