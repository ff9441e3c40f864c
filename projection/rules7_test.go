package projection

import (
	"strings"
	"testing"
)

// rules7Say folds rules, then say, each a user message with the agent's
// "ok" after it.
func rules7Say(t *testing.T, rules, say string) string {
	t.Helper()
	return reduceAll(t, "> user\n"+rules+"\n> assistant\nok\n> user\n"+say+"\n> assistant\nok\n")
}

// A practice the user tells the agent to stop lifts the rule that has
// the agent do it; a prohibition of the same act, another practice, a
// question or "don't stop" lift nothing (stoplift.go).
func TestStopPracticeLifts(t *testing.T) {
	for _, c := range []struct{ rules, say, lifted, kept string }{
		// m11 (LangChain)
		{"don't touch data/raw/, ever. no new dependencies. and show me the diff before you write any file", "stop showing me diffs, just do it.", "show me the diff", "data/raw"},
		{"don't touch data/raw/, ever. show me the diff before you write any file.", "ok, you can stop showing me the diffs now", "show me the diff", "data/raw"},
		{"never push to main. run the tests before every commit.", "stop running the tests before each commit, CI does it.", "run the tests", "push to main"},
	} {
		out := rules7Say(t, c.rules, c.say)
		expect(t, out, []string{`constraint .*\[lifted/normative\] = [^\n]*` + regexpQuote(c.lifted)}, []string{`constraint .*\[lifted/normative\] = [^\n]*` + regexpQuote(c.kept)})
	}
	for _, c := range []struct{ rules, say string }{
		// a prohibition of the act is said again, not lifted
		{"don't touch data/raw/, ever.", "stop touching data/raw/, I told you."},
		// another practice
		{"show me the diff before you write any file.", "stop asking me questions, just decide."},
		// not a practice, a question, or kept
		{"show me the diff before you write any file.", "stop the dev server."},
		{"show me the diff before you write any file.", "should I stop showing you diffs?"},
		{"show me the diff before you write any file.", "don't stop showing me diffs."},
	} {
		out := rules7Say(t, c.rules, c.say)
		expect(t, out, []string{`constraint .*\[active/normative\]`}, []string{`\[lifted`})
	}
}

// "before you write any file" is every time, like "before every commit";
// "before anything else" is once.
func TestEveryAnyOccasion(t *testing.T) {
	for _, s := range []string{
		"show me the diff before you write any file",
		"and show me the diff before you write any file",
		"run the linter before touching any migration",
	} {
		if !isRule(s) {
			t.Errorf("isRule(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"before anything else, run the tests",
		"Please read all of this before changing anything.",
		"send a test push on staging to the team test devices before we go any further",
		"Priya wants to look at how we're matching LLCs to people before we do any of that",
		"show me the diff",
		"did you write any file before the diff?",
	} {
		if isRule(s) {
			t.Errorf("isRule(%q) = true, want false", s)
		}
	}
}

// A line that opens with a label announcing rules goes on with rules,
// sentence after sentence, in any language; a question or a task after
// them is none (rulelist.go).
func TestOneLineRuleList(t *testing.T) {
	for _, c := range []struct {
		say   string
		rules []string
	}{
		// m03b (OpenHands, Portuguese)
		{"regras: tf sempre c/ -var-file=staging.tfvars. n roda terraform apply.", []string{"tf sempre c/ -var-file=staging.tfvars.", "n roda terraform apply."}},
		// m11b: the last item, "n mexe …"
		{"regras: NÃO roda terraform apply, só plan. kubectl só no ctx staging, nd em prod. tf sempre c/ -var-file=staging.tfvars. n mexe no values-prod.yaml", []string{"NÃO roda terraform apply, só plan.", "kubectl só no ctx staging, nd em prod.", "tf sempre c/ -var-file=staging.tfvars.", "n mexe no values-prod.yaml"}},
		{"regras: sempre usa o ambiente de staging. n apaga nd do bucket.", []string{"n apaga nd do bucket."}},
		{"rules: always use the staging var file. not a single terraform apply.", []string{"not a single terraform apply."}},
		{"règles : toujours lancer clippy. pas de unsafe dans tabulo-core.", []string{"pas de unsafe dans tabulo-core."}},
	} {
		out := reduceAll(t, "> user\n"+c.say+"\n> assistant\nok\n")
		var want []string
		for _, r := range c.rules {
			want = append(want, `constraint .*\[active/normative\] = `+regexpQuote(r))
		}
		expect(t, out, want, nil)
	}
	for _, c := range []struct{ say, not string }{
		{"rules: no force pushes. can you look at the login bug", "login bug"},
		{"rules: no force pushes. Now fix the login bug.", "login bug"},
		// no label: a sentence after a rule is read by its own shape
		{"tf sempre c/ -var-file=staging.tfvars. o plan roda em 2 minutos.", "2 minutos"},
	} {
		out := reduceAll(t, "> user\n"+c.say+"\n> assistant\nok\n")
		expect(t, out, nil, []string{`constraint .*= [^\n]*` + regexpQuote(c.not)})
	}
}

// Portuguese typed in a hurry reads its abbreviations as their words:
// "n" is "não" before a word, never in code (lexicon_ptabbr.go).
func TestPortugueseAbbreviations(t *testing.T) {
	for _, c := range []struct{ text, gloss string }{
		{"n mexe no values-prod.yaml", "do not mexe in values-prod.yaml"},
		{"kubectl só no ctx staging, nd em prod.", "nothing"},
		{"a partir de agr n usa mais -var-file", "from now on no longer use"},
	} {
		g := glossOf(c.text, langPT)
		if g == nil || !holdsFold(g.text, c.gloss) {
			t.Errorf("gloss of %q = %v, want it to hold %q", c.text, g, c.gloss)
		}
	}
	for _, c := range []struct{ text, not string }{
		{"roda o job com -n 5 e me fala", "not"},
		{"usa n=5 workers no teste", "not"},
		{"o cache não é mais rápido assim", "no longer"},
	} {
		if g := glossOf(c.text, langPT); g != nil && holdsFold(g.text, c.not) {
			t.Errorf("gloss of %q = %q, want no %q", c.text, g.text, c.not)
		}
	}
	// the rule label names the language of a short list
	for _, c := range []struct {
		text string
		want lang
	}{
		{"regras: tf sempre c/ -var-file=staging.tfvars. n roda terraform apply.", langPT},
		{"reglas: siempre tf con el var-file.", langES},
		{"rules: always tf with the var-file.", langNone},
		{"conditions: the usual ones apply", langNone},
	} {
		if got := detectLang(c.text, langNone); got != c.want && !(c.want == langNone && got != langPT && got != langFR) {
			t.Errorf("detectLang(%q) = %s, want %s", c.text, langCodes[got], langCodes[c.want])
		}
	}
}

// A Portuguese practice given up for another supersedes its rule with
// the new one (m03b); a practice no rule holds changes nothing.
func TestPracticeMovedFrom(t *testing.T) {
	out := rules7Say(t, "regras: tf sempre c/ -var-file=staging.tfvars. n roda terraform apply.", "a partir de agr n usa mais -var-file, a gente migrou pra workspaces: `terraform workspace select staging` e pronto.")
	expect(t, out, []string{`constraint .*\[active/normative\] = n roda terraform apply`, `constraint .*\[active/normative\] = a partir de agr`}, []string{`\[active/normative\] = tf sempre`})
	out = rules7Say(t, "rules: always run tf with -var-file=staging.tfvars. never run terraform apply.", "from now on no longer use -var-file, we moved to workspaces: `terraform workspace select staging`.")
	expect(t, out, []string{`constraint .*\[active/normative\] = never run terraform apply`, `constraint .*\[active/normative\] = from now on no longer use -var-file`}, []string{`\[active/normative\] = always run tf`})
}

// A lift in Korean plain speech lifts the rule it names (m15); a
// question asking leave lifts nothing.
func TestKoreanPlainLift(t *testing.T) {
	for _, say := range []string{"지금은 print 써도 돼, 나중에 다 지울 거야.", "print 금지는 잠깐 풀어줄게", "print 디버깅 규칙은 이제 안 지켜도 돼"} {
		out := rules7Say(t, "규칙: print 디버깅 금지, logging 써", say)
		expect(t, out, []string{`constraint .*\[lifted/normative\] = print`}, nil)
	}
	out := rules7Say(t, "규칙: print 디버깅 금지, logging 써", "print 써도 돼?")
	expect(t, out, []string{`constraint .*\[active/normative\] = print`}, []string{`\[lifted`})
}

func holdsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
