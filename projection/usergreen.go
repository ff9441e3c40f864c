package projection

import (
	"slices"
	"strings"
)

// The user reporting a run green.
//
// "pushato. verde! 52 passed 0 failed", "CI is green now", "всё
// зелёное", "alles groen": the user saw the run the session could not
// (a CI the agent has no access to, a push the user made) pass. The
// report resolves the open failures it can be about, and no others: those
// it names (a test's or job's name: "InventoryIT is green now"), or,
// when it names nothing, the failures of the one test, build or CI run
// still open (a report that could be of either of two runs resolves
// neither). A failure of another kind (a lint, a migration, a missing
// file) is no run the report is of. A question ("is it green?"), a
// condition or a hope ("should be green after this", "if CI is green,
// merge"), a negation ("not green yet") and a report of something else
// ("make the button green") resolve nothing.

// greenRE is a report that a run passed: the green word with a run's
// subject, "all", "now"/"again" or alone as an exclamation; a count with
// none failed; a run's subject with a passing verb.
var greenRE = mustPattern(`(?i)` +
	`(?:^|[\s.,;:!])(?:(?:ci|build|pipeline|workflow|checks?|tests?|suite|job|run|everything|all|it'?s|it is|now|again|tutto|tutti|la ci|la build|ora|adesso|di nuovo|alles|nu|weer|de ci|de build|de tests?|jetzt|wieder|всё|все|теперь|снова|опять|сборка|тесты|пайплайн|билд|todo|ahora|tout|maintenant)(?:[^\pL\pN_.!?\n]|[^\pL\pN_.!?\n][^.!?\n]{0,24}?[^\pL\pN_.!?\n])(?:green|verde|groen|grün|gruen|vert|зел[её]н\pL*))` +
	`|(?:green|verde|groen|grün|vert|зел[её]н\pL*)(?:[^\pL\pN_.!?\n]|[^\pL\pN_.!?\n][^.!?\n]{0,12}?[^\pL\pN_.!?\n])(?:now|again|ora|adesso|di nuovo|nu|weer|jetzt|wieder|теперь|снова|ahora|maintenant)(?:$|[^\pL\pN_])` +
	`|^[^\pL\n]*(?:\pL+[.!,]\s+)?(?:green|verde|groen|grün|vert|зел[её]н\pL*)\s*(?:[!.]|$)` +
	`|\ball (?:tests? )?passed\b|^[^\pL\n]*(?:it\s+)?passed\s*(?:[!.]|$)` +
	`|\b[1-9]\d* (?:passed|passing|passati|geslaagd|bestanden|прошли|pass)\b[ ,;/|]{1,3}0 (?:failed|failures?|failing|falliti|mislukt|fehlgeschlagen|упало|упали|fail)\b` +
	`|\b(?:ci|build|pipeline|tests?|checks?|suite)\b (?:(?:is|are|now|all)\s+){0,2}(?:pass(?:es|ing)?|succeed(?:s|ed)?)\b(?:\s+(?:now|again))` +
	`|\b(?:test|build|ci|pipeline)\w* (?:(?:ora|adesso|tutti)\s+){0,2}passa(?:no)?\b` +
	`|\b(?:tests?|build|ci|pipeline)\b (?:(?:nu|weer|allemaal)\s+){0,2}(?:slaagt|slagen)\b` +
	`|(?:тесты|ci|сборка|пайплайн|билд)\s+(?:(?:теперь|уже|все|снова)\s+){0,2}(?:проход\w+|прош(?:ли|ла|ло|[её]л))` +
	`|\b(?:läuft|laufen) (?:jetzt |wieder )?durch\b` +
	`|(?:绿了|变绿|全绿|(?:测试|CI|构建|流水线)(?:都|已经|现在)*(?:通过|过)了)`)

// greenNotRE is what makes a sentence no report: a question, a condition,
// a hope or a plan, a negation.
var greenNotRE = mustPattern(`(?i)[?？]|\b(?:if|whether|should|shall|hopefully|hope|once|will|would|might|maybe|let'?s see|not|isn'?t|aren'?t|never|still red|yet|se|dovrebbe|dovrebbero|speriamo|spero|magari|vediamo|non|ancora rosso|als|zou|moet|hopelijk|zodra|niet|nog niet|nog rood|wenn|falls|sollte|hoffentlich|sobald|nicht|noch nicht|si|debería|ojalá|no|pas|devrait|j'espère)\b|(?:^|\s)(?:если|когда|должн\w*|надеюсь|может|не|нет|ещё|пока|бы)(?:\s|$|[,.!])|如果|应该|希望|之后|还没|没有|不` +
	// a goal in the subjunctive: "que CI quede en verde", "que la CI soit verte", "che la CI sia verde"
	`|(?i)\b(?:que|che)\s+(?:\S+\s+){0,3}(?:quede|queden|esté|estén|se\s+ponga|fique|fiquem|esteja|soit|soient|reste|sia|siano|diventi|resti)\b`)

// greenReport is the sentence of user message text that reports a run
// passed, "" when none does.
func greenReport(text string) string {
	for _, s := range sentences(text) {
		if greenRE.MatchString(s) && !greenNotRE.MatchString(s) {
			return s
		}
	}
	return ""
}

// reportedGreen resolves the open failures a user's report that a run
// passed is about (see above).
func (r *Reducer) reportedGreen(ev *Event, ref EventRef) {
	s := greenReport(ev.Text)
	if g := glossOf(ev.Text, r.lang); s == "" && g != nil {
		// "passou tudo, tá verde", "緑になった", "yeşil oldu": as the gloss
		// says it (lexicon.go)
		s = greenReport(g.text)
	}
	if s == "" {
		// "Pixel 6 上不崩了": the thing no longer fails (userfixed.go)
		r.reportedFixed(ev, ref)
		return
	}
	var open []*Anchor
	for _, a := range r.sorted() {
		if a.Kind == KindFailure && a.IsHead() && (a.Lifecycle == Open || a.Lifecycle == Investigating) && a.Seq() < ev.Seq && r.hot[slot(a.Kind, a.Key)] == a && !r.flaky[a] {
			// a flaky test passing once shows no fix (flaky.go)
			open = append(open, a)
		}
	}
	if len(open) == 0 {
		return
	}
	names := greenNames(ev.Text)
	var hit []*Anchor
	if len(names) > 0 {
		for _, a := range open {
			for _, n := range names {
				if strings.Contains(a.Key, n) || strings.Contains(a.Name, n) || strings.Contains(a.Because, n) {
					hit = append(hit, a)
					break
				}
			}
		}
		if ciGreenRE.MatchString(s) {
			// "CI auf dem Branch ist grün, auch KafkaConsumerLagIT": the
			// CI is green, and the named test with it; the failures the
			// user told of a CI run or job pass with it, not one told of
			// another place ("OOM on staging")
			for _, a := range open {
				if strings.HasPrefix(a.Key, reportedPrefix) && ciFailRE.MatchString(a.Because+" "+a.Value) && !slices.Contains(hit, a) {
					hit = append(hit, a)
				}
			}
		}
		if len(hit) == 0 {
			// it names a thing no open failure is of
			return
		}
	} else {
		run := ""
		for _, a := range open {
			k := greenRun(a)
			if k == "" {
				continue
			}
			if run != "" && k != run {
				// two runs are open: which one passed is not said
				return
			}
			run = k
			hit = append(hit, a)
		}
	}
	for _, a := range hit {
		a.Lifecycle = Resolved
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}

// ciGreenRE is a report's word that the CI is what passed.
var ciGreenRE = mustPattern(`(?i)(?:^|[^\pL])(?:ci|pipeline|workflow|github actions|gitlab ci|jenkins|buildkite|circleci|пайплайн|流水线)(?:$|[^\pL])`)

// ciFailRE is a failure's word that a CI run or job failed.
var ciFailRE = mustPattern(`(?i)(?:^|[^\pL])(?:ci|pipeline|workflow|job|github actions|gitlab ci|jenkins|buildkite|circleci|пайплайн|джоба|流水线)(?:$|[^\pL])`)

// greenRun is the run failure a is of when it is a test, build or CI
// run's ("gh run view 991 --log-failed", "./gradlew test"), "" for
// another command's failure. A failed test is its run's.
func greenRun(a *Anchor) string {
	if strings.HasPrefix(a.Key, reportedPrefix) {
		// a failure the user told (userfail.go)
		return a.Key
	}
	c := failedCallOf(a)
	if c == "" {
		return ""
	}
	for _, st := range stagesOf(c) {
		h := pipeHead(st)
		if _, _, ok := ciReading(h); ok {
			f := runFields(unwrap(h))
			return f[0] + " ci"
		}
		if m := testRunRE.FindStringSubmatchIndex(h); m != nil {
			return readTestRun(h, m).prog
		}
		if m := buildRunRE.FindStringSubmatchIndex(h); m != nil {
			return strings.Join(strings.Fields(h[m[2]:m[3]]), " ")
		}
	}
	return ""
}

// greenNames are the names in a report that may name what failed: a
// word with a capital after a small letter, or with a digit, "_", "::"
// or a dot inside ("InventoryIT", "test_login", "auth.spec.ts"), never
// a bare count.
func greenNames(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\n' || r == '\t' || r == ',' || r == ';' || r == '!' || r == '?' || r == '(' || r == ')' || r == '"' || r == '\'' || r == '`'
	}) {
		w = strings.TrimRight(w, ".:")
		if len(w) < 4 || strings.Trim(w, "0123456789") == "" {
			continue
		}
		camel := false
		for i := 1; i < len(w); i++ {
			if w[i] >= 'A' && w[i] <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' {
				camel = true
			}
		}
		if camel || strings.ContainsAny(strings.TrimLeft(w, "0123456789"), "_:0123456789") || strings.Contains(strings.Trim(w, "."), ".") {
			out = append(out, w)
		}
	}
	return out
}
