package projection

import (
	"strings"
	"unicode/utf8"
)

// A task asked for now, read from the agent's report on it.
//
// "README の設定表、request_timeout_ms のデフォルト更新しといて。あと
// CHANGELOG に … を書いといて。", "please also add a line to the
// CHANGELOG", "顺便把 README 也更新一下", "bitte auch die README
// anpassen": a request for now, not set for later. politeRequests keeps
// only the tasks set for later, because whether a task for now was done
// is not read from the turns that follow (held open it would stay open
// when done), and a request that is the objective must not double as an
// obligation. So a request for now is held aside, no anchor, until the
// agent's next report names it: "README の設定表を更新してコミットしました"
// makes it a task done, "CHANGELOG はまだです、次にやります", "I haven't
// touched the CHANGELOG yet" one still open. A request the agent never
// reports on stays unread, as before. The request that is the message's
// only one and the objective itself is no task besides it.

// nowTask is a request for now held until the agent reports on it.
type nowTask struct {
	text string
	ref  EventRef
}

// maxNowTasks bounds the requests held from one user message.
const maxNowTasks = 6

// alsoPleaseRE asks a task in English in passing: "please also update
// the README", "also, please bump the version", "and could you also …".
var alsoPleaseRE = mustPattern(`(?i)^\W*(?:(?:and|oh|ok(?:ay)?|also|plus)[,]?\s+)*(?:please\s+also|also[,]?\s+(?:please|pls|could you|can you)|(?:could|can) you (?:please )?also)\s+[a-z]`)

// notYetRE is the agent's word that a task is not done yet: "まだです",
// "次にやります", "还没", "not yet", "noch nicht".
var notYetRE = mustPattern(`(?i)\b(?:not (?:done |started |touched )?yet|haven't (?:\w+ )?(?:done|touched|started|gotten to|updated|written|added)\b|have not (?:\w+ )?(?:done|touched|started|updated|written|added)\b|(?:is|are) still (?:pending|open|to do|todo|left)|still (?:need|have) to|(?:i'll|i will) do (?:it|that|this) next|next,? i'll|(?:i'll|i will) (?:do|update|write|add|fix) (?:it|that|this|them) (?:at the end|last|later|afterwards))\b|(?:^|[^\p{L}])(?:faço|atualizo|escrevo|adiciono|lo hago|lo actualizo|lo escribo)(?:\s+(?:isso|isto|eso))?\s+(?:no fim|no final|depois|por último|al final|después|luego)(?:[^\p{L}]|$)|(?:最後に|後で|あとで|のちほど|後ほど)\s*(?:\p{Han}{1,4})?(?:します|やります|しておきます)|(?:^|[^\p{L}])(?:noch nicht|todavía no|todavia no|aún no|aun no|pas encore|ainda não|ainda nao|non ancora|ещё не|еще не|пока не)(?:[^\p{L}]|$)|まだです|まだ(?:手を付けて|やって|書いて|更新して|対応して|着手して)?(?:い)?ません|未着手|未対応|次にやります|後でやります|あとでやります|これからやります|还没|尚未|待会再|下一步再|아직`)

// doneReportRE is the agent's word that a task is done: "更新してコミット
// しました", "已更新", "done", "erledigt".
var doneReportRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:done|finished|completed|committed|updated|added|written|erledigt|aktualisiert|ergänzt|hinzugefügt|hecho|listo|terminé|fait|mis à jour|ajouté|feito|atualizad[oa]s?|adicionad[oa]s?|actualizad[oa]s?|añadid[oa]s?|agregad[oa]s?|fatto|aggiornat[oaie]|aggiunt[oaie]|готово|сделал\p{L}*|обновил\p{L}*|добавил\p{L}*)(?:[^\p{L}]|$)|ました|済みです|完了しました|完了です|已经?(?:更新|修改|改|写|加|添加|完成|提交|补上|修复|删)|(?:改|写|加|更新|补|修|删)(?:好|完)了|搞定了|했습니다|완료`)

// doneNegRE undoes a done word: "できませんでした", "couldn't".
var doneNegRE = mustPattern(`(?i)ませんでした|できませ|\b(?:couldn't|could not|didn't|did not|failed to|unable to)\b|没(?:有)?(?:改|写|加|更新|完成)|失败`)

// priorityRE sets other work aside or puts one first: "レイテンシは
// いったん置いといて、先にこのデッドロックを片付けて", "先把 … 修好", "first fix
// …, forget the rest for now": a change of the work, the objective's
// business, no task besides it.
var priorityRE = mustPattern(`(?i)\b(?:first|instead|for now|set (?:\w+ )?aside|put (?:\w+ )?on hold)\b|いったん|一旦|先に|まずは|置いといて|置いておいて|後回し|先把|先(?:处理|搞|修|弄)|放一放|放一边|暂时`)

// nowRequests are the sentences of a user message that ask a task for
// now: a word of politeness with no later moment (politeRequestRE), or
// an English "please also …"; no question, rule or prohibition.
func nowRequests(text string) []string {
	var out []string
	for _, s := range sentences(text) {
		if len(out) == maxNowTasks {
			break
		}
		if questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || politeNegRE.MatchString(s) || priorityRE.MatchString(s) || laterMomentRE.MatchString(s) || isRule(s) || lateObligation(s) {
			continue
		}
		if !politeRequestRE.MatchString(s) && !alsoPleaseRE.MatchString(s) {
			continue
		}
		if len(strings.Fields(s)) < 4 && !(strings.ContainsFunc(s, isCJK) && utf8.RuneCountInString(s) >= 8) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// holdNowTasks keeps the requests for now of the user's message ev,
// those no anchor of the message already holds and, when the message asks
// one only, not the objective itself.
func (r *Reducer) holdNowTasks(ev *Event, ref EventRef) {
	r.nowTasks = nil
	asks := nowRequests(ev.Text)
	switched, _, _ := switchedTask(ev.Text)
	for _, s := range asks {
		if switched != "" && (strings.Contains(switched, s) || strings.Contains(s, switched)) {
			// "レイテンシはいったん置いといて、先にこのデッドロックを片付けて":
			// the work switched to, an objective
			continue
		}
		held := false
		for _, a := range r.hot {
			if a.Seq() != ev.Seq || a.Kind == KindEvidence {
				continue
			}
			if a.Kind == KindObjective && len(asks) > 1 {
				// a request of several is one task of the objective
				continue
			}
			if strings.Contains(a.Value, s) || strings.Contains(s, a.Value) || a.Quote != "" && (strings.Contains(a.Quote, s) || strings.Contains(s, a.Quote)) {
				held = true
				break
			}
		}
		if !held {
			r.nowTasks = append(r.nowTasks, nowTask{text: s, ref: ref})
		}
	}
}

// reportedTasks makes obligations of the held requests the agent's
// message ev reports on: the one request a sentence names (a name or
// two words it shares, more than with any other) is open when the
// sentence says it is not done yet, done when it says it is done.
func (r *Reducer) reportedTasks(ev *Event, ref EventRef) {
	if len(r.nowTasks) == 0 || ev.Text == "" {
		return
	}
	// A task the message says is done in part and not yet in part
	// ("査読者1と2の分は書き込みました。査読者3の分はまだです") is open.
	verdict := map[int]bool{} // task index → still open
	for _, s := range reportClauses(ev.Text) {
		notYet := notYetRE.MatchString(s)
		done := !notYet && doneReportRE.MatchString(s) && !doneNegRE.MatchString(s) && !strings.ContainsAny(s, "?？")
		if !notYet && !done {
			continue
		}
		if i := namedTask(r.nowTasks, s); i >= 0 {
			verdict[i] = verdict[i] || notYet
		}
	}
	if len(verdict) == 0 {
		return
	}
	var left []nowTask
	for i, t := range r.nowTasks {
		open, said := verdict[i]
		if !said {
			left = append(left, t)
			continue
		}
		p := Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(t.text), Value: t.text, Quote: t.text, Links: mentions(t.text)}
		if r.hot[slot(KindObligation, p.Key)] != nil {
			continue
		}
		asked := Event{Seq: t.ref.Seq, Role: RoleUser, Text: t.text}
		r.apply(&asked, &p, t.ref, r.freeID(KindObligation, t.ref.Seq), map[*Anchor]bool{})
		a := r.hot[slot(KindObligation, p.Key)]
		if a == nil || a.Lifecycle != Open {
			continue
		}
		a.addRef(ref)
		if !open {
			a.Lifecycle = Done
		}
	}
	r.nowTasks = left
}

// reportClauses are the sentences of an agent's report, cut also at a
// Japanese or Chinese comma before a new subject ("CHANGELOG はまだです、
// 次にやります" stays whole; "README を更新しました、CHANGELOG はまだです"
// is two).
func reportClauses(text string) []string {
	var out []string
	for _, s := range sentences(text) {
		for _, l := range strings.Split(s, "\n") {
			out = append(out, strings.FieldsFunc(l, func(r rune) bool { return r == '、' || r == '，' || r == ';' || r == '；' })...)
		}
	}
	return out
}

// namedTask is the index of the one task of ts that clause s names most
// (a name it shares, or two words), or -1 for none or a tie.
func namedTask(ts []nowTask, s string) int {
	ws := handoffWords(s)
	best, most, tie := -1, 1, false
	for i, t := range ts {
		n := 0
		for w := range handoffWords(t.text) {
			if ws[w] && !stopwords[w] {
				n++
				if distinctiveWord(w) {
					n++
				}
			}
		}
		switch {
		case n > most:
			best, most, tie = i, n, false
		case n == most && best >= 0:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}
