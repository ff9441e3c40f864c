package projection

import "strings"

// A step due each time the agent says it is done.
//
// "avant de me dire que c'est fini tu lances clippy avec -D warnings",
// "before you tell me it's done, run clippy with -D warnings", "끝났다고
// 하기 전에 clippy 돌려", "在你说完成之前，先跑 clippy": the moment is the
// agent's own claim of being done, which comes again with every task, so
// the step is a rule of the work, not a task done once ("before you open
// the PR, run the tests" stays a task). The claim is read in English,
// in the gloss of the languages the lexicons read (the cue words
// glossed, the rest as written) and as written.

// doneClaimRE is the moment before the agent says the work is done.
var doneClaimRE = mustPattern(`(?i)\bbefore (?:you |u )?(?:tell(?:ing)? me|say(?:ing)?|claim(?:ing)?|report(?:ing)?|declar(?:e|ing)|announc(?:e|ing)|call(?:ing)? (?:it|this|anything)|mark(?:ing)? (?:it|this|the task|anything)(?: as)?)\b[^.;:!?]{0,30}?\b(?:done|finished|complete|completed|ready|fixed)\b` +
	// French, Portuguese, Spanish: "avant de me dire que c'est fini",
	// "antes de dizer que terminou", "antes de decirme que está listo"
	`|\b(?:before|avant|antes)(?:\s+(?:de|of|d'))?(?:\s+(?:me|nous|nos))?\s+(?:dire|dizer|falar|decir|decirme|avisar|avisarme|annoncer)\s+(?:que|qu'|that)[^.;:!?]{0,30}?(?:\b(?:done|finished|ready|fini|finie|finis|terminé|terminée|terminés|prêt|prête|bon|termin\w*|acab\w*|pronto|pronta|listo|lista)\b)` +
	// German: "bevor du sagst, dass es fertig ist", "bevor du fertig meldest"
	`|\b(?:before|bevor)\s+(?:you|du|ihr|sie)\s+(?:sagst|sagt|meldest|meldet|behauptest|schreibst)\b[^.;:!?]{0,30}?\b(?:done|fertig|erledigt|finished)\b` +
	// Korean: "끝났다고 하기 전에", "완료했다고 말하기 전에" (the gloss reads
	// "기 전에" as 之前)
	`|(?:끝났|끝냈|완료됐|완료했|완료되었|다 ?됐|다 ?했)다고\s*(?:(?:말|보고|얘기)?하기?|알려주기)\s*(?:전에|之前)` +
	// Chinese: "在你说完成之前", "说做完前", "报完成以前"
	`|(?:说|报|告诉我|汇报|宣布|标记)[^，,。；;]{0,6}?(?:完成|做完|搞定|弄好|好了|完事|结束)[^，,。；;]{0,3}?(?:之前|以前|前)`)

// doneClaimRule reports whether sentence s directs a step for the moment
// the agent says it is done (see above): the moment, then what to do, or
// what to do told first.
func doneClaimRule(s string) bool {
	m := doneClaimRE.FindStringIndex(s)
	if m == nil || strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
		return false
	}
	if len(terms(s[m[1]:])) >= 2 {
		return true
	}
	// "Run `make lint` before you say you're done.": the step first, as
	// an imperative, then the moment.
	head := strings.TrimSpace(pleaseLeadRE.ReplaceAllString(listMarkRE.ReplaceAllString(strings.TrimSpace(s[:m[0]]), ""), ""))
	return imperative(head) && len(terms(head)) >= 2
}
