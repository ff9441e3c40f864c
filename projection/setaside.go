package projection

// A task set aside by a change of objective is no rejected approach.
//
// "change de priorité: laisse tomber `stats` pour aujourd'hui,
// l'objectif maintenant c'est de ramener la perf du parseur …" right
// after a bench failed moves the objective; the task set aside is in the
// objective's history (the new objective's "was"), and the failure is
// still open: often it is what the new objective is about. Only a reason
// given against the thing ("forget the grid search, not worth it; the
// goal now is the feature importances") makes it negative knowledge.

// setAsideWhyRE gives a reason against a thing, beyond dropWhyRE and
// noEffectRE: "pointless", "a dead end", "doesn't work", "n vale a
// pena", "ça ne vaut pas le coup", "lohnt sich nicht", "不值得", "没用".
var setAsideWhyRE = mustPattern(`(?i)\b(?:pointless|useless|dead end|waste of (?:time|money|compute)|doesn'?t work|does not work|never works|went nowhere|not (?:helping|useful)|n(?:ão|ao)? vale a pena|não (?:funciona|serve)|ne (?:vaut|sert) (?:pas|à rien)|vaut pas le coup|ça marche pas|lohnt sich nicht|bringt nichts|funktioniert nicht|no vale la pena|no sirve|no funciona)\b|不值得|没用|没意义|行不通|意味(?:が)?ない|소용없|의미 ?없`)

// objectiveSetAside reports whether sentence s of user message ev sets a
// task aside while the message moves the objective, with no reason
// against it: the objective's history, not a give-up.
func (r *Reducer) objectiveSetAside(ev *Event, s string) bool {
	cur := r.hot[slot(KindObjective, "objective/session/goal")]
	if cur == nil || cur.Seq() != ev.Seq || cur.Was == "" {
		return false
	}
	return !dropWhyRE.MatchString(s) && !noEffectRE.MatchString(s) && !setAsideWhyRE.MatchString(s)
}
