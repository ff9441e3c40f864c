package projection

import (
	"slices"
	"strings"
)

// The agent's stated next step.
//
// An agent that stops often says what it does next: "Next I'll wire the
// retry into the worker", "Next step: update the README with the retry
// flags", "Then I'll add a test for the backoff", "Als Nächstes baue ich
// den Retry in den Worker ein", "A continuación voy a añadir la prueba",
// "Ensuite, je branche le retry", "接下来我会把重试接到 worker 里". Said in
// the reply a session ends with, it is the step a new session picks up
// (origin/handoff lists it in next_steps); said earlier, the work that
// followed did or replaced it.
//
// Not a step: a question ("Next, should I run the suite?"), an offer or a
// condition left to the user ("If you want, next I can add a test"), a
// refusal or nothing to do ("Next I won't touch the parser", "Next
// steps: none"), what was done ("Next I ran the suite": the lead needs a
// future or a label), a quoted line ("> Next I'll add a test") or a line
// of a fenced code block.

// nextLeadRE opens a sentence that says what comes next: a label ("Next
// step:", "Nächster Schritt:", "下一步："), or a lead word ("next",
// "then", "after that") before the first person's future or intent.
var nextLeadRE = mustPattern(`(?i)^(?:` +
	// labels
	`(?:the\s+)?next\s+steps?\s*(?:is|are|:|-|—)|(?:nächster|nächste)\s+schritte?\s*:|(?:siguiente|próximo)\s+paso\s*:|prochaine\s+étape\s*:|próximo\s+passo\s*:|prossimo\s+passo\s*:|volgende\s+stap\s*:|下一步\s*[:：]?|接下来\s*[:：]?` +
	// English: a lead, then the first person's future or intent
	`|(?:next|then|after\s+that|afterwards|once\s+that(?:'s|\s+is)\s+(?:done|in)|now)\s*[,:]?\s+(?:i'll|i’ll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|we'll|we\s+will|let\s+me|let's|i\s+plan\s+to|my\s+next\s+step\s+is\s+to)\s` +
	`|(?:i'll|i’ll|i\s+will|we'll|we\s+will)\s+(?:\S+\s+){1,8}?next(?:\s*(?:[.,;:!—–]|and\s|then\s)|\s*$)` + // "next" ending its clause: not "next week"
	// German, Spanish, French, Portuguese, Italian, Dutch
	`|als\s+nächstes\s|danach\s+(?:werde\s+ich|baue\s+ich|schreibe\s+ich|füge\s+ich|mache\s+ich)|a\s+continuación\s*,?\s+(?:voy\s+a|vamos\s+a|\p{L}+ré)\s|luego\s*,?\s+voy\s+a\s|ensuite\s*,?\s+(?:je|j['’]|nous)|em\s+seguida\s*,?\s+(?:vou|vamos|\p{L}+rei)\s|poi\s*,?\s+(?:\p{L}+rò|vado\s+a)\s|hierna\s+(?:ga\s+ik|ik)\s|daarna\s+(?:ga\s+ik|ik)\s` +
	`)`)

// nextNotRE makes such a sentence no step: an offer or a condition, a
// refusal, nothing left.
var nextNotRE = mustPattern(`(?i)(?:^|[^\p{L}'’])(?:see\s+what\s+happens|if\s+you|should\s+i|shall\s+i|want\s+me|would\s+you|i\s+can|i\s+could|i\s+won't|i\s+will\s+not|i'll\s+not|we\s+won't|none|nothing|n/a|wenn\s+du|wenn\s+sie|soll\s+ich|nicht|keine?|si\s+quieres|ninguno|nada|si\s+tu\s+veux|si\s+vous|rien|aucune?|se\s+quiser|nenhum|se\s+vuoi|niente|nessun[oa]?|als\s+je|niets|geen)(?:[^\p{L}]|$)|如果|要不要|不需要|没有了|无`)

// nextLabelRE is a line that only labels the list after it ("Next
// steps:", "**Next steps**", "## Nächste Schritte").
var nextLabelRE = mustPattern(`(?i)^(?:#+\s*)?(?:\*\*)?(?:(?:the\s+)?next\s+steps?|remaining\s+steps?|nächste\s+schritte|próximos\s+pasos|siguientes\s+pasos|prochaines\s+étapes|próximos\s+passos|prossimi\s+passi|volgende\s+stappen|下一步|接下来)\s*(?:\*\*)?\s*[:：]?\s*(?:\*\*)?$`)

// bulletRE is a list item's mark: "- ", "* ", "• ", "1. ", "2) ".
var bulletRE = mustPattern(`^(?:[-*•]|\d{1,2}[.)])\s+`)

// NextSteps are the sentences of the agent's reply text that say what it
// does next (see above), in order, each on one line, and the items of a
// list a "Next steps:" line opens.
func NextSteps(text string) []string {
	body := outsideFences(text)
	var out []string
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		if !nextLabelRE.MatchString(strings.TrimSpace(lines[i])) {
			continue
		}
		for i+1 < len(lines) && bulletRE.MatchString(strings.TrimSpace(lines[i+1])) {
			i++
			item := strings.TrimSpace(bulletRE.ReplaceAllString(strings.TrimSpace(lines[i]), ""))
			done := strings.HasPrefix(item, "~~") || strings.HasPrefix(strings.ToLower(item), "[x]") || strings.HasPrefix(item, "✅") || strings.HasPrefix(item, "✔")
			item = strings.TrimSpace(strings.TrimPrefix(item, "[ ]"))
			if item != "" && !done && !strings.ContainsAny(item, "?？") && !nextNotRE.MatchString(item) {
				out = append(out, strings.Join(strings.Fields(item), " "))
			}
		}
	}
	// the quoted lines are gathered once: checking each sentence against
	// every line of the body would cost the square of a long reply
	var quoted []string
	for _, line := range lines {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, ">") {
			quoted = append(quoted, l)
		}
	}
	seen := map[string]bool{}
	for _, it := range out {
		seen[it] = true
	}
	for _, s := range sentences(body) {
		l := strings.TrimSpace(strings.TrimLeft(s, "-*#>0123456789.) "))
		if l == "" || strings.ContainsAny(l, "?？") {
			continue
		}
		if !nextLeadRE.MatchString(l) || nextNotRE.MatchString(l) {
			continue
		}
		if slices.ContainsFunc(quoted, func(q string) bool { return strings.Contains(q, s) }) {
			continue // a quoted line: "> Next I'll add a test"
		}
		if len(strings.Fields(l)) < 3 && !strings.ContainsFunc(l, func(r rune) bool { return r >= 0x3000 }) {
			continue // a label with nothing after it: "Next steps:"
		}
		if l = strings.Join(strings.Fields(l), " "); !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}
