package projection

import (
	"fmt"
	"strings"
)

// A task put off by a pro-form: "明天再弄这个", "let's pick this up
// tomorrow", "tomorrow, fix it". The moment is named, the task only
// pointed at ("this", "it", "这个"): what the user points at is the open
// failure the session was just on (the newest open failure, if it was
// seen within proFormReach events), else the agent's last words. The
// obligation is the user's sentence with what it points at beside it:
// "证书要找老王，…，他明天才回来，明天再弄这个 (re: failed: … 验签失败 …)".
// A task the speaker keeps ("I'll look at it tomorrow", "我明天看") is
// theirs, not the agent's.

// proFormReach is how many events back the failure a pro-form points at
// may have been seen.
const proFormReach = 10

var deferProFormRE = mustPattern(`(?i)(?:^|[,;:.!]\s*)(?:(?:ok(?:ay)?|so|then|alright|fine)[,.!]?\s+)*(?:(?:let's|we'll|we can|you can)\s+)?(?:pick (?:this|it|that) (?:back )?up|(?:fix|finish|do|handle|tackle|deal with|look at|sort out|continue|resume|get back to|come back to|revisit)\s+(?:this|it|that)(?: one)?)\s+(?:tomorrow|tmrw|on (?:monday|tuesday|wednesday|thursday|friday)|next week|after lunch|in the morning|first thing tomorrow)\b|(?:^|[,;:.!]\s*)(?:tomorrow|tmrw|next week|on monday)\s*[,:—–-]?\s+(?:let's\s+|we'll\s+)?(?:pick (?:this|it|that) (?:back )?up|(?:fix|finish|do|handle|tackle|deal with|look at|sort out|continue|resume)\s+(?:this|it|that))\b|(?:明天|明早|下周[一二三四五]?|周[一二三四五]|回头|晚点|下午)(?:再|就)(?:弄|修|搞|处理|看|做|继续|跟进)(?:一下|下)?(?:这个|那个|它)|(?:这个|那个)(?:明天|明早|下周|回头|晚点)再(?:弄|修|搞|处理|看|做)`)

// deferredProForm holds the task the user's message puts off by a
// pro-form (see above).
func (r *Reducer) deferredProForm(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !deferProFormRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		s = strings.TrimSpace(s)
		if !deferProFormRE.MatchString(s) || questionRE.MatchString(s) {
			continue
		}
		what := ""
		var newest *Anchor
		for _, a := range r.hot {
			if a.Kind == KindFailure && a.IsHead() && ev.Seq-a.Seq() <= proFormReach && (newest == nil || newer(a, newest)) {
				newest = a
			}
		}
		switch {
		case newest != nil:
			what = oneLine(newest.Value, 120)
		case r.talked != "":
			what = oneLine(firstSentence(r.talked), 120)
		default:
			continue
		}
		key := "obligation/-/" + slug(s)
		v := fmt.Sprintf("%s (re: %s)", s, what)
		if cur := r.hot[slot(KindObligation, key)]; cur != nil && cur.IsHead() {
			if cur.Seq() == ev.Seq && cur.Value == s {
				// "tomorrow, fix it", read as a task put off: shown
				// with what it points at
				cur.Value = v
			}
			continue
		}
		p := Proposal{Op: OpState, Kind: KindObligation, Key: key, Value: v, Quote: s}
		r.apply(ev, &p, ref, r.freeID(KindObligation, ev.Seq), map[*Anchor]bool{})
	}
}

// firstSentence is the first non-empty sentence of text.
func firstSentence(text string) string {
	for _, s := range sentences(text) {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}
