package projection

// The old task closed after a change marker.
//
// "muda o foco: o shutdown tá bom. agora prioridade é o endpoint …",
// "change of plans: the pagination is fine as it is. now the CSV export",
// "方針変更: pagination は OK です。次は …", "plan değişti: webhook tamam.
// şimdi …": the clause after the marker closes the task before (it is
// good, done, enough); it names no new work, which the next clause or
// sentence names. A clause that asks something or tells a problem ("the
// shutdown is fine but the probe fails") closes nothing.

// closedTaskRE is a clause saying its thing is good, done or enough.
var closedTaskRE = mustPattern(`(?i)^\W*(?:[^,;:.!?]{1,60}?\s+(?:is|'s|are|was|tá|ta|tah|está|esta|estão|ficou|fica|ist|sind|est|c'est|è|es|je|jest)|(?:it|that|this)['’]s)\s+(?:(?:already|now|just|já|ja|schon|déjà|già|ya|juz|już)\s+)?(?:good|fine|ok(?:ay)?|done|finished|good enough|enough|bom|boa|beleza|pronto|pronta|feito|feita|resolvido|gut|fertig|erledigt|bon|fini|fait|bene|fatto|finito|bien|listo|hecho|gotowe|gotowy|dobrze)(?:\s+(?:as it is|as is|for now|now|enough|por enquanto|por agora|por ahora|erstmal|pour l'instant|per ora|na razie))?\W*$|^\W*[^,;:.!?]{1,60}?\s+(?:tamam|bitti|hazır|oldu|yeterli)(?:\s+(?:şimdilik|artık))?\W*$|^[^、，,。]{1,40}?(?:は|も)?(?:一旦|もう|これで)?\s*(?:OK|ok|大丈夫|完了|終わり|十分|いい)(?:です|でした)?[。！!]?$|^[^，,。]{1,30}?(?:好了|可以了|搞定了|完成了|没问题了)[。！!]?$`)

// closedTask reports whether t, the text after a change marker, only
// closes the task before.
func closedTask(t string) bool {
	ss := sentences(t)
	return len(ss) == 1 && closedTaskRE.MatchString(ss[0]) && !questionRE.MatchString(t) && !isRule(t)
}
