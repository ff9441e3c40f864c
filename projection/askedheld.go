package projection

import (
	"slices"
	"strings"
)

// Questions held over a question the user asks back.
//
// "質問です: CSV の区切り文字はカンマでいいですか？ あと `--verbose` フラグ、
// `RUST_LOG` に置き換えますか？" — "あ、その前に export って stdout に出す？
// ファイル？" — "デフォルトは stdout …" — "それでOK。区切りはセミコロンで
// お願いします": the user answers the agent's questions two messages
// later, after asking one of their own ("pera, qual versão do chart tá
// no ar agora?" before "isso, namespace é pedidos-stg mesmo"). A reply
// that takes up none of the agent's questions and asks one back does not
// pass them over: the questions wait (askedHeld) for the user's message
// after the agent's answer, which reads them as it would have read the
// reply right after them (answersAsked, passedOver). They wait over one
// answer only, and a new question of the agent's takes their place.
// The reply's opening "ok" then nods to the agent's answer, not to
// every held question (ctx.AskedHeld).

// asksBackOnly reports whether user text asks a question of its own and
// props, the proposals it made, answer or pass on none of asked.
func asksBackOnly(text string, asked []string, props []Proposal) bool {
	if len(asked) == 0 || !slices.ContainsFunc(sentences(text), func(s string) bool { return questionRE.MatchString(strings.TrimSpace(s)) }) {
		return false
	}
	return !slices.ContainsFunc(props, func(p Proposal) bool {
		return slices.Contains(asked, p.Was) || slices.ContainsFunc(asked, func(q string) bool { return p.Key == "question/-/"+slug(q) })
	})
}

// holdAsked keeps the agent's questions over the user's question back
// (see above); called for a user event before its questions are
// dropped.
func (r *Reducer) holdAsked(text string, props []Proposal) {
	r.askedHeld, r.askedHeldList, r.askedResumed = nil, 0, false
	if asksBackOnly(text, r.asked2, props) {
		r.askedHeld, r.askedHeldList = r.asked2, r.askedList
	}
}

// resumeAsked gives back the held questions to an assistant message
// that asks none of its own; called once asked2 is read of its text.
func (r *Reducer) resumeAsked() {
	r.askedResumed = len(r.asked2) == 0 && len(r.askedHeld) > 0
	if r.askedResumed {
		r.asked2, r.askedList = r.askedHeld, r.askedHeldList
	}
	r.askedHeld, r.askedHeldList = nil, 0
}
