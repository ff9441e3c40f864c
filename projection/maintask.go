package projection

import "strings"

// The objective moved by the user.
//
// "Cart total shows NaN after applying a coupon. Please fix it." … "Now
// the main thing: the checkout e2e is red. Get checkout.spec.ts
// passing.": the user names the task the session is for now. A task
// framed as the main one ("the main thing", "the real task", "top
// priority now", "现在最重要的是", "正事是") and asking for work is the objective, replacing
// the one before (superseded, kept with it); so is a task asked after
// the task before is acknowledged done (nextTask). The task is what
// follows the frame, with the next sentence when the frame names only a
// state ("the checkout e2e is red.") and the next one asks the work.
//
// An opening message that only forbids ("Please don't restart the
// ingress controller, it's shared.") states a rule, no objective; nor
// does one that only permits or lifts (liftRE): the objective waits for a
// message that asks for work (openingRules).

// mainTaskRE frames the task after it as the main one (group t).
var mainTaskRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|now|alright|right|anyway|but|next)[,]?\s+)*(?:the\s+|my\s+|our\s+|your\s+)?(?:main|real|actual|most important|primary|top|number one)\s+(?:thing|task|job|goal|ask|priority|work)(?:\s+(?:now|today|here|for today|for now|this session|though))?(?:\s+is)?\s*(?:[:：—–]|\s-\s|,|\s+is\s+(?:to\s+)?)\s*(?P<t>\S.*)$|^(?:(?:那|好|现在|接下来|下面)[，,]?\s*)*(?:最重要的(?:事情?|任务)?|最要紧的(?:事情?)?|主要的?(?:任务|事情)|正事|重点|主线任务|真正要做的(?:事情?)?)(?:是|来了)?\s*[：:，,]\s*(?P<z>\S.*)$`)

// mainTask is the quote and the task of the sentence of user text that
// frames the main task (mainTaskRE), among its first three; "" when
// none. What the frame names must be work (workStart), or a state the
// next sentence asks work on; a question, a rule, news is none.
func mainTask(text string) (quote, task string) {
	ss := sentences(text)
	for i := 0; i < len(ss) && i < 3; i++ {
		s := strings.TrimSpace(ss[i])
		m := mainTaskRE.FindStringSubmatch(s)
		if m == nil || questionRE.MatchString(s) {
			continue
		}
		t := strings.TrimSpace(m[mainTaskRE.SubexpIndex("t")] + m[mainTaskRE.SubexpIndex("z")])
		if len(terms(t)) < 2 || isRule(t) {
			continue
		}
		if workStart(t) {
			return s, t
		}
		if i+1 < len(ss) {
			// "the checkout e2e is red. Get checkout.spec.ts passing.":
			// the state, then the work asked
			n := strings.TrimSpace(ss[i+1])
			a := strings.Index(text, s)
			if b := strings.Index(text[a+len(s):], n); a >= 0 && b >= 0 && workStart(n) && !isRule(n) && !questionRE.MatchString(n) {
				return text[a : a+len(s)+b+len(n)], t + " " + n
			}
		}
		// The frame of news ("the main thing: the coordinators changed
		// their minds"), no task asked.
		return "", ""
	}
	return "", ""
}

// workStart reports whether s opens with a verb of work, an imperative
// ("Get checkout.spec.ts passing", "fix the parser") or a Chinese one
// ("修一下 …", "把 … 跑通").
func workStart(s string) bool {
	f := strings.Fields(strings.ToLower(discourseRE.ReplaceAllString(strings.TrimSpace(s), "")))
	if len(f) > 1 && (f[0] == "please" || f[0] == "pls") {
		f = f[1:]
	}
	if len(f) > 0 {
		if v := strings.Trim(f[0], ",.:;!"); workVerbs[v] || v == "get" || v == "make" {
			return true
		}
	}
	return zhWorkRE.MatchString(s)
}

// zhWorkRE opens a Chinese request for work.
var zhWorkRE = mustPattern(`^(?:请|帮我|麻烦)?(?:把|修|改|加|做|实现|写|跑通|搞定|处理|解决)`)

// forbidOpenRE opens a prohibition: "Please don't …", "Never …", "Do NOT
// …" (not "No more NaN in the cart total: fix …", a task).
var forbidOpenRE = mustPattern(`(?i)^\W*(?:(?:so|and|also|please|and please)[,]?\s+)*(?:don'?t|do not|never)\b`)

// zhForbidRE opens a Chinese prohibition: "别…", "不要…", "禁止…".
var zhForbidRE = mustPattern(`^(?:请|千万|先)?(?:别|不要|不许|不准|禁止|不得)`)

// permitNowRE is a permission given for now: "you can restart
// ingress-nginx now — the platform team approved a window", "you're
// allowed to touch prod again".
var permitNowRE = mustPattern(`(?i)\byou(?:'re| are)? (?:can|may|allowed to|permitted to|free to|cleared to)\b.{0,80}?\b(?:now|again|approved|signed off|green-?lit|window)\b`)

// openingRules is ss without the rules it opens with: prohibitions
// ("Please don't …", "别…") and permissions or lifts (liftRE,
// permitNowRE). It
// reports false when nothing asking for work is left: every sentence
// is such a rule.
func openingRules(ss []string) ([]string, bool) {
	i := 0
	for i < len(ss) {
		s := strings.TrimSpace(ss[i])
		if !(forbidOpenRE.MatchString(s) || zhForbidRE.MatchString(s)) || !isRule(s) {
			if !(liftRE.MatchString(s) || permitNowRE.MatchString(s)) || workStart(s) {
				break
			}
		}
		i++
	}
	if i == 0 {
		return ss, true
	}
	return ss[i:], i < len(ss)
}
