package projection

import "strings"

// A task someone else will do.
//
// "ステージングへの再デプロイは私からはできないので、SRE 側で再デプロイが
// 必要です", "SRE will redeploy staging", "部署交给运维", "QA needs to
// verify it on a real device": a task named with the team that does it,
// not the agent. It is an obligation handed off: the open one it names
// (two words in common) is released with the sentence as the reason;
// with none, the sentence is kept as an obligation released from the
// start (lifted), so that it shows, closed for the agent, with who holds
// it. The model has no status of its own for "someone else's": lifted is
// the status of a task taken off the agent (handoff.go). Said again ("再
// デプロイは SRE 待ち") it is kept once.

// teamWords name a team or a role that takes a task over.
const teamWords = `SRE|QA|DBA|(?i:ops|devops|on-?call|infra|security|platform)|(?i:the\s+[\w-]+\s+team)|[\p{Katakana}ー]{2,8}チーム|インフラ|運用|运维|测试|运营|[\p{Han}A-Za-z]{1,6}(?:组|团队)`

// taskWords name the work handed over.
const taskWords = `(?i:re-?deploy\w*|deploy\w*|restart\w*|roll(?:s|ed)?\s+(?:out|back)|rollout|release|merge|approve|verify|test)|再?デプロイ|再起動|ロールアウト|リリース|マージ|承認|検証|反映|重新部署|部署|重启|发布|合并|验证|回归`

// handedOffRE is a task said with the team that does it.
var handedOffRE = mustPattern(`(?:^|[^\p{L}])(?:` + teamWords + `)\s*(?:側で|(?:の|に)方で|で|に|が)?\s*(?:` + taskWords + `)[^。.!！]{0,12}?(?:が必要|をお願い|してもら|お願いします|に任せ|待ち)` +
	`|(?:` + taskWords + `)[^。.!！、，,]{0,20}?(?:は|を)\s*(?:` + teamWords + `)\s*(?:側で(?:やってもら|対応|お願い)|に任せ|にお願い|待ち|が(?:やります|対応))` +
	`|(?:` + teamWords + `)\s*(?:に任せ|にお願いし)` +
	`|(?:^|[^\p{L}])(?:` + teamWords + `)\s+(?:will|'ll|needs? to|has to|have to|must|is going to|are going to|should)\s+(?:\w+\s+)?(?:` + taskWords + `)\b` +
	`|(?i:waiting\s+(?:on|for))\s+(?:the\s+)?(?:` + teamWords + `)\s+to\s+(?:` + taskWords + `)\b` +
	`|(?i:hand(?:ed|ing)?|pass(?:ed|ing)?)\s+(?:it|this|that|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:off\s+|over\s+)?to\s+(?:the\s+)?(?:` + teamWords + `)\b` +
	`|(?:需要|得|要|等|由|交给)\s*(?:` + teamWords + `)\s*(?:来|去)?\s*(?:` + taskWords + `)` +
	`|(?:` + taskWords + `)[^。，,]{0,12}?(?:交给|等|要等|需要)\s*(?:` + teamWords + `)`)

// handedOff releases the task each sentence of ev hands to a team (see
// above).
func (r *Reducer) handedOff(ev *Event, ref EventRef) {
	if ev.Text == "" || !handedOffRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		if !handedOffRE.MatchString(s) || strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
			continue
		}
		p := &Proposal{Op: OpLift, Kind: KindObligation, Key: "obligation/-/" + slug(s), Value: s, Quote: s}
		if o := r.releasing(p, ref, nil); o != nil {
			r.lifted(o, p, ref)
			continue
		}
		if r.handedBefore(s, ev.Seq) {
			continue
		}
		st := Proposal{Op: OpState, Kind: KindObligation, Key: p.Key, Value: s, Quote: s, Links: mentions(s)}
		if r.hot[slot(KindObligation, st.Key)] != nil {
			continue
		}
		r.apply(ev, &st, ref, r.freeID(KindObligation, ev.Seq), map[*Anchor]bool{})
		if a := r.hot[slot(KindObligation, st.Key)]; a != nil && a.Lifecycle == Open {
			a.Lifecycle = Lifted
			a.Because = s
		}
	}
}

// handedBefore reports whether a task handed off already shares two
// words with sentence s ("再デプロイは SRE 待ち" after "SRE 側で再デプロイが
// 必要です"), or one was released by the message at seq.
func (r *Reducer) handedBefore(s string, seq int) bool {
	ws := handoffWords(s)
	for _, a := range r.hot {
		if a.Kind != KindObligation || a.Lifecycle != Lifted {
			continue
		}
		if a.Seq() == seq {
			// the user's hand-off of this message, read already
			// (handoff.go)
			return true
		}
		n := 0
		for w := range handoffWords(a.Value) {
			if ws[w] && !stopwords[w] {
				n++
			}
		}
		if n >= 2 && handedOffRE.MatchString(a.Value) {
			return true
		}
	}
	return false
}
