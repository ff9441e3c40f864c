package projection

import "strings"

// A request to check how things stand is no rule.
//
// "só confirma q tá assim", "just confirm it's still 256Mi", "nur kurz
// prüfen, ob es so ist", "controlla solo che sia così", "tylko sprawdź,
// czy tak jest": "only" (or "just") beside a verb of checking and what
// is checked (that, if, whether, q, se, ob, che, czy, что, of, ki) asks
// the agent to look and say; it restricts nothing. "Only test against
// staging" (no verb of checking) and "just check that it's 256Mi, don't
// touch the file" (a prohibition of its own) still state rules.

// verifyVerb is a verb of checking, in the languages of the lexicons
// (a stem: "confirm", "prüf", "sprawdź"). "make sure" and "ensure" are
// not among them: "make sure that tests pass" states a rule.
const verifyVerb = `(?:confirm|check|verif|vérifi|double-?check|chec|confer|comprueb|compruéb|revis|contrôl|kontroll|prüf|überprüf|bestätig|controll|conferm|sprawd[źz]|potwierd[źz]|провер|подтверд|controleer|bevestig|kontrol|doğrula|teyit)\p{L}*`

// verifyThat opens what is checked: "that", "if", "whether", "it's" and
// their kin.
const verifyThat = `(?:that|if|whether|it's|it’s|it\s+is|they're|they\s+are|q|que|se|si|ob|dass|che|czy|że|что|ли|of|dat|ki)`

var (
	// verifyAfterRE is the rest of a sentence after "only" that checks:
	// "confirm it's like that", "kurz prüfen, ob …", "confere se …".
	verifyAfterRE = mustPattern(`(?i)^\W*(?:[\p{L}']+\s+){0,2}?` + verifyVerb + `(?:\s+[\p{L}'’]+){0,3}?[\s,]+` + verifyThat + `(?:[^\p{L}]|$)`)
	// verifyBeforeRE is a verb of checking right before "only"
	// ("controlla solo che …", "check alleen even of …").
	verifyBeforeRE = mustPattern(`(?i)(?:^|[^\p{L}])` + verifyVerb + `\s*$`)
	// verifyThatRE is what is checked, right after "only" and a filler:
	// " che sia così", " even of het zo is".
	verifyThatRE = mustPattern(`(?i)^(?:\s+[\p{L}']+){0,2}?[\s,]+` + verifyThat + `(?:[^\p{L}]|$)`)
)

// verifyOnly reports whether the rule word s[start:end] ("only", "just")
// asks only that something be checked: a verb of checking after it and
// what it checks, or the verb right before it.
func verifyOnly(s string, start, end int) bool {
	w := strings.ToLower(s[start:end])
	if w != "only" && w != "just" {
		return false
	}
	return verifyAfterRE.MatchString(s[end:]) || verifyBeforeRE.MatchString(s[:start]) && verifyThatRE.MatchString(s[end:])
}
