package projection

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// clineMsg is one message of a Cline conversation written for a test:
// the assistant's text with its XML call, or the user's text blocks
// (Cline's <environment_details> is added to each).
type clineMsg struct {
	assistant string
	user      []string
}

// ca is an assistant message; cr a call's result ("execute_command for
// 'ls'", then the blocks after "Result:"); cf the user's feedback on the
// agent's attempt_completion; cq the user's answer to its
// ask_followup_question.
func ca(text string) clineMsg { return clineMsg{assistant: text} }
func cr(head string, blocks ...string) clineMsg {
	return clineMsg{user: append([]string{"[" + head + "] Result:"}, blocks...)}
}
func cf(text string) clineMsg {
	return cr("attempt_completion", "The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.\n<feedback>\n"+text+"\n</feedback>")
}
func cq(q, text string) clineMsg {
	return cr("ask_followup_question for '"+q+"'", "<answer>\n"+text+"\n</answer>")
}

// complete is the agent's attempt_completion of text; ask its
// ask_followup_question.
func complete(text string) clineMsg {
	return ca("<attempt_completion>\n<result>\n" + text + "\n</result>\n</attempt_completion>")
}
func ask(text string) clineMsg {
	return ca("<ask_followup_question>\n<question>" + text + "</question>\n</ask_followup_question>")
}
func run(cmd string) clineMsg {
	return ca("<execute_command>\n<command>" + cmd + "</command>\n<requires_approval>false</requires_approval>\n</execute_command>")
}

// clineState imports the Cline conversation of task and msgs and reduces
// it as ef state does.
func clineState(t *testing.T, task string, msgs ...clineMsg) *Reducer {
	t.Helper()
	type block struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	type message struct {
		Role    string  `json:"role"`
		Content []block `json:"content"`
	}
	env := block{"text", "<environment_details>\n# Current Mode\nACT MODE\n</environment_details>"}
	doc := []message{{"user", []block{{"text", "<task>\n" + task + "\n</task>"}, env}}}
	for _, m := range msgs {
		if m.assistant != "" {
			doc = append(doc, message{"assistant", []block{{"text", m.assistant}}})
			continue
		}
		var bs []block
		for _, u := range m.user {
			bs = append(bs, block{"text", u})
		}
		doc = append(doc, message{"user", append(bs, env)})
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	ims, err := importer.ImportBytes("api_conversation_history.json", raw)
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatCline {
		t.Fatalf("import: %v %+v", err, ims)
	}
	s := ims[0].Session
	r := New(Options{})
	HostEvents(s, 0, s.Len()-1, resultFlag, r.Apply)
	return r
}

// openQuestions are the questions held open in r's state, by value.
func openQuestions(r *Reducer) []string {
	var out []string
	for _, a := range r.Heads() {
		if a.Kind == KindUncertainty && strings.HasPrefix(a.Key, "question/") {
			out = append(out, a.Value)
		}
	}
	return out
}

// What a Cline agent says to the user it says through a tool: the answer
// to a question the user asked in feedback is the attempt_completion's
// result, read as the agent's text. Before, the question was asked (the
// feedback is the user's message) but never answered: the agent's words
// were the call's arguments.
func TestClineCompletionAnswersQuestion(t *testing.T) {
	read := []clineMsg{
		ca("<read_file>\n<path>src/ProductList.tsx</path>\n</read_file>"),
		cr("read_file for 'src/ProductList.tsx'", "const q = useDebounce(query, 300);\n{results.map((p, index) => <ProductCard key={index} product={p} />)}"),
	}
	for _, c := range []struct {
		name     string
		question string
		looks    bool // the agent reads the file before it answers
		answer   string
		want     string // the answer shown; "" for none
	}{
		{"the trial's flicker question", "Different thing: why does the product list flicker when I type in the search box?", true,
			"Two things cause it. The list uses key={index}, so when the filtered results change every ProductCard below the first change remounts (images reload = flicker). And the search is debounced at 300ms, so results swap while you're still typing. Fix: key={p.id}; the debounce delay is a tuning choice.",
			"The list uses key={index}, so when the filtered results change every ProductCard below the first change remounts (images reload = flicker)."},
		{"how many, after looking", "Quick one: how many products does the search list render at most?", true,
			"The search list renders at most 50 products (PAGE_SIZE in ProductList.tsx).",
			"The search list renders at most 50 products (PAGE_SIZE in ProductList.tsx)."},
		{"answered without looking", "What port does the dev server listen on?", false,
			"The dev server listens on port 5173, Vite's default.",
			"The dev server listens on port 5173, Vite's default."},
		{"Chinese", "另外，搜索框的防抖是多少毫秒？", true,
			"搜索框的防抖现在是 300 毫秒（useDebounce 的第二个参数）。",
			"搜索框的防抖现在是 300 毫秒（useDebounce 的第二个参数）。"},
		// near-misses
		{"a completion about something else", "Why does the product list flicker when I type?", true,
			"Done: the coupon is normalized in src/api/coupons.ts.", ""},
		{"a request, no question of fact", "Can you make the product list stop flickering?", true,
			"The product list now uses key={p.id}.", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs := []clineMsg{complete("Coupon totals fixed."), cf(c.question)}
			if c.looks {
				msgs = append(msgs, read...)
			}
			r := clineState(t, "Fix the cart total.", append(msgs, complete(c.answer))...)
			got := answersOf(r)
			if c.want == "" {
				if len(got) != 0 {
					t.Errorf("answers %q, want none", got)
				}
				return
			}
			if q, ok := got[c.want]; !ok || !strings.Contains(q, strings.TrimSuffix(strings.TrimPrefix(c.question, "Different thing: "), "")[:10]) {
				t.Errorf("answers %q, want %q for %q", got, c.want, c.question)
			}
		})
	}
}

// A question the user asks in feedback that the agent leaves to someone
// else ("Stacking is a product decision") and asks back about, and the
// user puts off, stays open. Before, the agent's words were not read at
// all (the question went missing); read as its text, "Stacking is a
// product decision (order of application, caps)." shares the question's
// words and would have answered it.
func TestClineQuestionLeftToOthers(t *testing.T) {
	for _, c := range []struct {
		name, question, reply, defer_ string
		open                          bool
	}{
		{"the trial's coupon question", "One product question before the e2e stuff — should coupons stack? Like two codes on one order?",
			"The code doesn't decide that today: CartSummary takes a single coupon. Stacking is a product decision (order of application, caps). Do you know what product wants?",
			"Good question, I honestly don't know. I'll check with product and get back to you.", true},
		{"up to product", "Should coupons stack on one order?",
			"CartSummary takes a single coupon today; whether coupons stack is up to product. Do you know what they want?",
			"No idea, I'll ask Mei.", true},
		{"your call", "Should expired coupons still show in the cart?",
			"Expired coupons are filtered out in fetchCoupon; showing them is your call. What would you prefer?",
			"Let me think about that one.", true},
		{"Chinese", "优惠券能叠加使用吗？",
			"现在 CartSummary 只接受一张优惠券，能不能叠加是产品的决定。你知道产品那边怎么想吗？",
			"我得先问问产品再定。", true},
		// near-misses: an answer that tells who decided it, and one
		// that says what the code does
		{"a decision told with who made it", "Why are coupons applied before tax?",
			"That's a product decision we made in 2024: coupons are applied before tax so the discount matches the sticker price.",
			"", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs := []clineMsg{complete("Coupon totals fixed."), cf(c.question), ask(c.reply)}
			if c.defer_ != "" {
				msgs = append(msgs, cq(c.reply[:20], c.defer_))
			}
			r := clineState(t, "Fix the cart total.", msgs...)
			open := openQuestions(r)
			answered := answersOf(r)
			if c.open {
				if len(open) == 0 || len(answered) != 0 {
					t.Errorf("open %q, answered %q: want the question open", open, answered)
				}
				return
			}
			if len(open) != 0 || len(answered) == 0 {
				t.Errorf("open %q, answered %q: want it answered", open, answered)
			}
		})
	}
}

// A sentence leaving the question to someone else declines to answer it;
// one telling what was decided, or using the same words otherwise, does
// not.
func TestOthersCall(t *testing.T) {
	for s, want := range map[string]bool{
		"Stacking is a product decision (order of application, caps).": true,
		"Whether coupons stack is a business call.":                    true,
		"That's a product question for Mei.":                           true,
		"Honestly that's your call.":                                   true,
		"Showing them is up to product.":                               true,
		"It's not my call.":                                            true,
		"能不能叠加是产品的决定。":                                                 true,
		"这个得产品来定。":                                                     true,
		// near-misses
		"That's a design decision we made in 2021: keys are per tenant.": false,
		"The product decision was to cap it at one coupon.":              false,
		"The lockfile is up to date.":                                    false,
		"Call the product API with the coupon code.":                     false,
		"产品决定只允许一张优惠券。":                                                  false,
	} {
		if got := declines(s); got != want {
			t.Errorf("declines(%q) = %v, want %v", s, got, want)
		}
	}
}
