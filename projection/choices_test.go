package projection

import "testing"

func TestUserChoiceOf(t *testing.T) {
	for _, s := range []string{"put the retry logic in the client wrapper, not in each handler",
		"ok option C it is", "let's go for plan 2", "就选方案二", "方案B吧", "final params: lr 3e-4, 5 epochs, warmup 500",
		"最终参数：batch 256，epoch 10", "store the sessions in postgres rather than redis", "把校验放在网关层，而不是每个服务里"} {
		if ps, _ := userChoiceOf(s); len(ps) != 1 || ps[0].Kind != KindDecision {
			t.Errorf("userChoiceOf(%q) = %v, want a decision", s, ps)
		}
	}
	for _, s := range []string{"Page size needs to be 50, not 20.", "it is fast, not cheap", "don't touch the schema, not even the comments",
		"which option do you prefer?", "inspect the files instead of assuming what they hold", "the plan worked fine", "I'm not sure about option B"} {
		if ps, _ := userChoiceOf(s); len(ps) != 0 {
			t.Errorf("userChoiceOf(%q) = %v, want nothing", s, ps)
		}
	}
}
