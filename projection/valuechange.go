package projection

import "strings"

// A sentence that sets a named setting to a value is a value change, not
// a rule, even when it says "must" or "has to" ("CELERY_BROKER_URL must
// use redis db 1", "CELERY_BROKER_URL 이 redis db 1 써야 돼") or names the
// setting "min" or "max" ("raise min to 3 and max to 20", "sobe min pra 3
// e max pra 20"): once its value is set, nothing in it binds the work
// that follows. A standing limit stays a rule ("never above 20", "at most
// 3", "must stay below 20", "must not use db 0").

// valueModalRE is a modal that binds only the value it comes with; the
// Korean "-야 돼" reads as 必须 in its gloss.
var valueModalRE = mustPattern(`(?i)\b(?:must|has to|have to|needs? to|should|gotta)\b|必须|应该`)

// negModalRE is a modal said with a negation: what must not be, a rule.
var negModalRE = mustPattern(`(?i)\b(?:must|should|has to|have to|needs? to)\s+(?:not|never)\b|\b(?:mustn't|mustn’t|shouldn't|shouldn’t)\b|必须不|不必须`)

// limitWordRE is a word that makes a value a limit, not a setting.
var limitWordRE = mustPattern(`(?i)\b(?:never|above|below|under|over|exceeds?|exceeding|beyond|less than|more than|fewer than|up to|within|at most|at least|no more than|only|always|don't|dont|do not|nothing|no one|nobody|keep|stay|stays|remain)\b|超过|低于|高于|以内|以下|以上|不超过|不要|不能|别|只`)

// minMaxToRE is "min" or "max" as the name of a setting given a number:
// "min to 3", "max pra 20", "maximum à 20"; minMaxJudgedRE is "max 20"
// told of a place ("max 20 in staging …") in a sentence that sets another
// number.
var (
	minMaxToRE     = mustPattern(`(?i)\b(?:min|max|minimum|maximum|m[ií]nimo|m[aá]ximo)\s+(?:to|pra|para|à|a|auf|на|до|at)\s+\d`)
	minMaxJudgedRE = mustPattern(`(?i)^\W*(?:min|max|minimum|maximum|m[ií]nimo|m[aá]ximo)\s+\d+(?:[.,]\d+)?\s+(?:in|on|for|at|no|na|em|en|dans|auf|im)\s+\S+.*?\b(?:set|back to|to|pra|para|à|auf)\s+\d`)
	minMaxWordRE   = mustPattern(`(?i)\b(?:min|max|minimum|maximum|m[ií]nimo|m[aá]ximo)\b`)
)

// modalValueRE is a modal that binds a value and nothing else: "must use
// redis db 1", "has to be 30s", "redis db 1 써야 돼" (glossed "… 1 써必须").
var modalValueRE = mustPattern(`(?i)\b(?:must|has to|have to|needs? to|should)\s+(?:use|be|point\s+(?:at|to)|equal|go\s+to|run\s+on|be\s+set\s+to)\s+(?:[\w:/.\-]+\s+){0,2}?[\w:/.\-]*\d[\w:/.\-]*\s*(?:[,.;!]|$)|[\w:/.\-]*\d[\w:/.\-]*\s+\S{0,3}必须\s*(?:[,.;!，。]|$)|必须\s*(?:用|是|设为|设成|改成)\s*(?:[\w:/.\-]+\s+){0,2}?[\w:/.\-]*\d[\w:/.\-]*\s*(?:[,.;!，。]|$)`)

// namedSettingRE is a setting named by an identifier: CELERY_BROKER_URL,
// max_depth, maxReplicas, db.pool.size.
var namedSettingRE = mustPattern(`\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z]{2,}[A-Z][a-z][A-Za-z0-9]*\b`)

// valueChangeOnly reports whether s, read as a rule, only sets a named
// setting to a value: it names a setting (an identifier, "min"/"max"
// given a number, or one of the values vs read from it) and a value, says
// no limit word and no negated modal, and is no rule once its modals and
// its "min"/"max" names are set aside.
func valueChangeOnly(s string, vs []Proposal) bool {
	if negModalRE.MatchString(s) || limitWordRE.MatchString(s) || questionRE.MatchString(s) || !strings.ContainsAny(s, "0123456789") {
		return false
	}
	minMax := minMaxToRE.MatchString(s) || minMaxJudgedRE.MatchString(s)
	named := namedSettingRE.MatchString(s)
	for _, v := range vs {
		if v.Kind == KindValue && v.Name != "" && strings.Contains(strings.ToLower(s), strings.ToLower(v.Name)) {
			named = true
		}
	}
	if !minMax && !(named && modalValueRE.MatchString(s)) {
		return false
	}
	rest := valueModalRE.ReplaceAllString(s, " ")
	if minMaxToRE.MatchString(s) || minMaxJudgedRE.MatchString(s) {
		rest = minMaxWordRE.ReplaceAllString(rest, "x")
	}
	return !isRule(rest)
}

// valuePrepRE is a preposition a value was said with: "is at 0.5.0",
// "est en 0.5.0", "está em 3", "ist auf 800".
var valuePrepRE = mustPattern(`(?i)^(?:at|by|en|em|à|auf|na|sur|to)\s+(\d[\w.:/%\-]*(?:\s?\p{L}{1,8})?)$`)

// valueNoPreposition is value v without the preposition it was said with.
func valueNoPreposition(v string) string {
	if m := valuePrepRE.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return v
}

// partSaid adds to union the values part c of a sentence sets, read by
// read with the setting an earlier part set as the one c's pronoun names:
// "the criterion in CI is at 0.5.0, set it to 0.5.1" sets the criterion
// to 0.5.1 (was 0.5.0), one value. A first part names no setting by
// pronoun ("不是 4" is not about the setting named last).
func partSaid(union []Proposal, c string, read func(key, name string) []Proposal) []Proposal {
	key, name := "", ""
	if n := len(union); n > 0 && union[n-1].Kind == KindValue && itWordRE.MatchString(c) {
		key, name = union[n-1].Key, union[n-1].Name
	}
	for _, p := range read(key, name) {
		if key != "" && p.Key == key && p.Kind == KindValue {
			prev := &union[len(union)-1]
			if prev.Value == p.Value {
				continue
			}
			p.Was, p.Correction = prev.Value, true
			*prev = p
			continue
		}
		union = append(union, p)
	}
	return union
}
