package projection

import (
	"slices"
	"testing"
)

func TestOfferedOptions(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Three ways:\n1. integer minor units plus a currency column;\n2. numeric(20,8) plus a currency column;\n3. keep float64.\nWhich one?",
			[]string{"integer minor units plus a currency column", "numeric(20,8) plus a currency column", "keep float64"}},
		{"there are three ways: (1) hard-code the defaults, (2) read them from a ConfigMap, or (3) put them on the CRD. honestly 2 is too magic",
			[]string{"hard-code the defaults", "read them from a ConfigMap", "put them on the CRD"}},
		{"三个办法：一是答案归一化之后 exact match；二是拿 gpt-4o 当 judge；三是用 sympy 判数学等价。judge 又贵又飘",
			[]string{"答案归一化之后 exact match", "拿 gpt-4o 当 judge", "用 sympy 判数学等价"}},
		{"1. only one item", nil},
		{"step 2) then 3) never from one", nil},
	} {
		if got := offeredOptions(c.text); !slices.Equal(got, c.want) {
			t.Errorf("offeredOptions(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestChosenByPlace(t *testing.T) {
	opts := []string{"a", "b", "c"}
	for s, want := range map[string]string{
		"the second one, we need sub-cent precision":  "b",
		"ok, let's go with option 3":                  "c",
		"go with the latter":                          "c",
		"The first one it is.":                        "a",
		"the second one is too slow for us":           "",
		"the second one?":                             "",
		"第二个要多一次 shuffle，就用前面那个吧":                     "a",
		"那就选第二种":                                      "b",
		"I ran the first one yesterday and it failed": "",
		"let's go with 3.":                            "c",
		"go with 3 replicas":                          "",
		"2 is too magic":                              "",
		"1.":                                          "",
		"option (b) it is":                            "b",
	} {
		if got := chosenByPlace(s, opts); got != want {
			t.Errorf("chosenByPlace(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestConfirmedOption(t *testing.T) {
	opts := []string{"答案归一化之后 exact match", "拿 gpt-4o 当 judge", "用 sympy 判数学等价"}
	for s, want := range map[string]string{
		"明白，math_cn 用归一化后的 exact match。": opts[0],
		"我先看一下仓库结构。":                     "",
		"judge 和 sympy 都不用。":             "",
	} {
		if got := confirmedOption(s, opts); got != want {
			t.Errorf("confirmedOption(%q) = %q, want %q", s, got, want)
		}
	}
	for s, want := range map[string]bool{"那就最朴素的那个吧": true, "go with that": true, "let's do the cheaper one": true, "the one you suggested": false, "take the bus": false, "Go with whichever one survives a redis flush.": true, "Pick accordingly.": true} {
		if got := descChoiceRE.MatchString(s); got != want {
			t.Errorf("descChoiceRE(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestOfferedFor(t *testing.T) {
	ctx := &Context{Offered: []string{"store keys in redis with a TTL", "a unique index in postgres"},
		Questions: map[string]string{"question/-/a": "not sure where the idempotency keys should live, redis or postgres?", "question/-/b": "does the CSV need a BOM?"}}
	if got := offeredFor(nil, ctx); got != "question/-/a" {
		t.Errorf("offeredFor(ctx) = %q, want question/-/a", got)
	}
	out := []Proposal{{Op: OpState, Kind: KindUncertainty, Key: "question/-/c"}, {Op: OpState, Kind: KindConstraint, Key: "constraint/-/x"}}
	if got := offeredFor(out, ctx); got != "question/-/c" {
		t.Errorf("offeredFor(out) = %q, want question/-/c", got)
	}
	ctx.Questions = map[string]string{"question/-/b": "does the CSV need a BOM?"}
	if got := offeredFor(nil, ctx); got != "" {
		t.Errorf("offeredFor(unrelated) = %q, want none", got)
	}
}
