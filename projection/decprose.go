package projection

import "strings"

// A choice stated in prose, in the languages the lexicons cover.
//
// "Decisión: el export ya no carga objetos; itera filas planas en
// bloques de 2000", "on laisse tomber bf16 : fp16 + GradScaler", "Je
// laisse tomber torch.compile, on reste en eager", "vamos con
// values_list", "on part sur Redis", "on garde Celery plutôt que cron",
// "wir bleiben bei Postgres", "restiamo su eager": a label that says it
// is a decision, a course the speaker goes with or stays on, one kept
// over another, or one thing dropped for another named after a colon.
// Each is a decision, the user's or the agent's; a question, a
// hypothetical ("si on part sur …") or a course dropped with none named
// ("on laisse tomber", a give-up) is none.

// proseChoiceRE opens a sentence (after a clause that gives the reason,
// up to a comma or a colon) with a choice.
var proseChoiceRE = mustPattern(`(?i)^(?:decisión|décision|decisão|decisao|decisione|entscheidung|besluit|beslut|решение|рішення)\s*:\s*\S` +
	`|(?:^|[,;:.]\s*|\s)(?:on|nous)\s+(?:part|partira|reste|restera|garde|gardera|passe|repart|choisit|prend)\s+(?:sur|en|à|avec|au|aux|\S+\s+plutôt\s+que)\s*\S` +
	`|(?:^|[,;:.]\s*|\s)(?:on\s+)?(?:vamos|nos\s+quedamos|nos\s+vamos|quedamos|optamos|ficamos|andiamo|restiamo|rimaniamo|optiamo|teniamo)\s+(?:con|com|por|su|in|en|sur|de)\s+\S` +
	`|(?:^|[,;:.]\s*|\s)(?:wir\s+(?:bleiben|gehen|setzen)|bleiben\s+wir|gehen\s+wir)\s+(?:bei|mit|auf)\s+\S` +
	`|(?:^|[,;:.]\s*|\s)(?:on|je|nous)\s+(?:laisse|laissons)\s+tomber\s+[^,;:.]{1,40}?\s*[:：]\s*\S` +
	`|(?:^|[,;:.]\s*|\s)(?:dejamos|deixamos|lasciamo\s+perdere|wir\s+lassen)\s+[^,;:.]{1,40}?\s*[:：]\s*\S` +
	`|(?:^|[,;.]\s*)(?:we|i)\s+forget\s+it\s+[^,;:.]{1,40}?\s*[:：]\s*\S` + // the French gloss of "on laisse tomber X : Y"
	`|\bwe(?:'ll| will)\s+(?:stay|stick)\s+(?:on|with)\s+\S|\bwe(?:'ll| will)?\s+keep\s+\S+(?:\s+\S+)?\s+rather\s+than\s+\S`)

// proseHypRE is a hypothetical or a proposal that chooses nothing yet:
// "si on part sur Redis", "if we stay on eager", "¿vamos con …?".
var proseHypRE = mustPattern(`(?i)(?:^|\s)(?:si|if|se|wenn|falls|y\s+si)\s+(?:on|we|nous|nos|wir)?\s*\S*\s*(?:part|reste|stay|stick|keep|quedamos|vamos|ficamos|restiamo|bleiben)\b|\b(?:on pourrait|we could|podríamos|potremmo|könnten wir|peut-être)\b`)

// proseChoice reports whether sentence s states a choice (see above).
func proseChoice(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "?？¿") || questionRE.MatchString(s) || proseHypRE.MatchString(s) || isRule(s) {
		// "Release rule for 0.7: no dependency bumps, we stay on what's
		// in Cargo.lock": a rule, read as one
		return false
	}
	return proseChoiceRE.MatchString(s)
}
