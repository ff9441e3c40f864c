package projection

import (
	"fmt"
	"strings"
)

// An objective set aside and taken up again.
//
// "esquece o HPA por ora, prioridade agr é o tf plan" moves the objective
// to the tf plan; "volta no HPA." later takes the HPA work up again, and
// the objective is the one set aside, the detour superseded by it. A
// sentence resumes an objective when it opens with a return ("back to X",
// "let's get back to X", "volta no/pro X", "revenons à X", "zurück zum X",
// "volvamos a X", "X로 돌아가자", "回到X", "Xに戻ろう") and every content
// word of X is a word of the objective the current one superseded (its
// Was) and not all of them are words of the current one. A return to
// something no earlier objective names ("back to the file", "go back to
// 8K", "volta pra 10", "back to main") moves nothing, and neither does a
// question ("can we go back to the HPA?") or a detour's announced return
// ("fix the typo first, then back to stats": objnow.go).

// resumeRE opens a sentence with a return to X (group x, or k for the
// languages that put X first).
var resumeRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|now|alright|right|anyway|and|bon|alors|bom|blz|beleza|agora|então|entao|gut|also|jetzt|vale|bueno)[,!.]?\s+)*` +
	`(?:(?:(?:let's|let us|we can|we should|please)\s+)?(?:(?:go|get|come|head|move|switch)(?:ing)?\s+)?back\s+to|(?:let's\s+|please\s+)?return\s+to|` +
	`volt(?:a|e|ar|amos|emos|ando)\s+(?:no|na|nos|nas|pro|pra|pros|pras|ao|à|aos|às|para\s+o|para\s+a|pra\s+o|pra\s+a)|de\s+volta\s+(?:ao|à|pro|pra)|` +
	`(?:volvamos|volvemos|vuelve|vuelvo|volver)\s+(?:a\s+la|al|a)|de\s+vuelta\s+(?:a\s+la|al|a)|` +
	`(?:revenons|on\s+revient|reviens|revenez|retournons|on\s+retourne|retour)\s+(?:à\s+la|à\s+l'|au|aux|à|sur)|` +
	`(?:zurück|wieder)\s+(?:zum|zur|zu|an\s+den|an\s+die|an\s+das)|` +
	`torn(?:iamo|a)\s+(?:al|alla|allo|ai|agli|alle|a)|вернёмся\s+к|вернемся\s+к)\s+(?P<x>[^.;!?,。；！？，\n]+)` +
	`|^\W*(?:그럼\s+|자\s+|이제\s+|다시\s+)*(?P<k>[^.;!?,。；！？，\n]+?)\s*(?:으로|로)\s*돌아(?:가자|가요|가|갑시다|와)` +
	`|^\W*(?:好|那|好了|行|那么)?[，,]?\s*(?:我们)?(?:先)?回到(?P<z>[^.;!?,。；！？，\n]+?)(?:上来|上面|上|吧|来)*\s*[。！!.]?$` +
	`|^\W*(?P<j>[^.;!?,。；！？，\n]+?)に戻(?:ろう|りましょう|って|る)`)

// resumeGeneric are words that name no objective of their own: a file,
// "the work", "what we had", a branch, an earlier value.
var resumeGeneric = map[string]bool{
	"file": true, "files": true, "code": true, "work": true, "task": true, "thing": true, "stuff": true, "topic": true,
	"before": true, "earlier": true, "previous": true, "old": true, "original": true, "start": true, "beginning": true,
	"normal": true, "default": true, "value": true, "main": true, "master": true, "plan": true, "issue": true, "problem": true,
	"version": true, "setting": true, "settings": true, "config": true, "branch": true, "drawing": true, "board": true,
	"arquivo": true, "código": true, "trabalho": true, "fichier": true, "travail": true, "datei": true, "arbeit": true,
	"archivo": true, "trabajo": true, "파일": true, "작업": true, "原来": true, "之前": true, "文件": true,
}

// resumedOf is the words X of a sentence of text that returns to
// something, with the sentence, or "" when none does.
func resumedOf(text string) (x, sentence string) {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if questionRE.MatchString(s) {
			continue
		}
		for _, c := range clauseSpans(s) {
			m := resumeRE.FindStringSubmatch(strings.TrimSpace(c))
			if m == nil {
				continue
			}
			x := m[resumeRE.SubexpIndex("x")] + m[resumeRE.SubexpIndex("k")] + m[resumeRE.SubexpIndex("z")] + m[resumeRE.SubexpIndex("j")]
			if x = strings.TrimSpace(x); x != "" {
				return x, s
			}
		}
	}
	return "", ""
}

// resumes reports whether x names the objective was and not the current
// objective cur: each of x's content words but the generic ones ("the
// HPA work"), none a number, is a word of was, one at least, and not all
// of them are words of cur.
func resumes(x, was, cur string) bool {
	xt := terms(x)
	if len(xt) == 0 || len(xt) > 6 {
		return false
	}
	wt, ct := terms(was), terms(cur)
	named, inCur := 0, 0
	for w := range xt {
		if resumeGeneric[w] {
			continue
		}
		if strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' }) == 0 || !wt[w] {
			return false
		}
		named++
		if ct[w] {
			inCur++
		}
	}
	return named > 0 && inCur < named
}

// resumed reads a user message that takes the objective set aside up
// again (see above): that objective is the current one, the one it
// replaces superseded.
func (r *Reducer) resumed(ev *Event, ref EventRef, moved map[*Anchor]bool) {
	cur := r.hot[slot(KindObjective, "objective/session/goal")]
	if cur == nil || cur.Lifecycle != Active || cur.Was == "" || cur.Seq() == ev.Seq {
		return
	}
	x, s := resumedOf(ev.Text)
	if x == "" || !resumes(x, cur.Was, cur.Value) {
		return
	}
	p := Proposal{Op: OpState, Kind: KindObjective, Key: cur.Key, Value: cur.Was, Quote: s, Correction: true}
	if admit(ev, &p, &evidence{text: ev.Text}) != nil {
		return
	}
	r.apply(ev, &p, ref, fmt.Sprintf("%s%d.r", kindLetter[KindObjective], ev.Seq), moved)
}
