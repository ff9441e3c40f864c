// The agent's stated uncertainty and its later verdict: "not sure if X,
// will check" is a hypothesis about X; "confirmed: …" or "I was wrong: …"
// that names X again, after a check ran, closes it (§17).

package projection

import "strings"

// Rejected is the lifecycle of a hypothesis the agent's check refuted
// (§17's "rejected").
const Rejected = "rejected"

// agentUnsureRE is the agent saying it does not know whether something holds,
// in the lexicon languages: "I'm not sure if/whether X", "不确定 X",
// "nie jestem pewien/pewna, czy X", "pakka nahi (hai) ki X", "ich bin
// (mir) nicht sicher, ob X", "no estoy seguro de si X", "je ne suis pas
// sûr que X". The group s is X.
var agentUnsureRE = mustPattern(`(?i)(?:\b(?:i'?m|i am|we'?re|we are)\s+(?:not|un)\s*(?:entirely\s+|completely\s+|100%\s+)?(?:sure|certain)\s+(?:if|whether|that)\b|\bnot\s+sure\s+(?:if|whether)\b|\bunsure\s+(?:if|whether)\b` +
	`|\bnie\s+jestem\s+(?:do\s+końca\s+)?(?:pewien|pewna|pewny)\s*,?\s*czy\b|\bnie\s+wiem\s+na\s+pewno\s*,?\s*czy\b` +
	`|\bpakka\s+nahi(?:\s+hai|\s+hoon|\s+hun)?\s*(?:ki|,)?` +
	`|\b(?:ich\s+bin\s+(?:mir\s+)?)?nicht\s+(?:ganz\s+)?sicher\s*,?\s*ob\b` +
	`|\bno\s+estoy\s+(?:del\s+todo\s+)?segur[oa]\s+(?:de\s+)?(?:si|que)\b` +
	`|\b(?:je\s+ne\s+suis\s+pas|pas)\s+(?:tout\s+à\s+fait\s+)?sûre?\s+(?:que|qu'|si|s')` +
	`)(?P<s>.+)$|^(?:我|我们)?(?:不确定|不太确定|不敢确定)(?P<z>.+)$`)

// askYouRE is a second person: an uncertainty about what the user wants is
// a question for them, no hypothesis.
var askYouRE = mustPattern(`(?i)\b(?:you|your|aap|aapko|aapka|tum|tumhe|ty|pan|pani|państwo|sie|ihr|usted|vous|tu|prefer|want|wants|wanted)\b|你|您`)

// unsureSubject is what the agent's sentence l says it is unsure of, or
// "": a sentence asking the user (a question mark, a "you") is left to
// the question readers.
func unsureSubject(l string) string {
	if strings.ContainsAny(l, "?？") {
		return ""
	}
	m := agentUnsureRE.FindStringSubmatch(l)
	if m == nil {
		return ""
	}
	s := strings.TrimSpace(m[agentUnsureRE.SubexpIndex("s")] + m[agentUnsureRE.SubexpIndex("z")])
	if askYouRE.MatchString(s) || len(terms(s)) < 2 {
		return ""
	}
	return s
}

// hypVerdictRE is the agent's verdict on what it checked. Group c confirms
// ("Confirmed:", "Confirm ho gaya", "确认了", "Potwierdzone",
// "Bestätigt", "Confirmado", "Confirmé"); group r refutes ("I was
// wrong", "galat tha", "我猜错了", "myliłem się", "ich lag falsch",
// "me equivoqué", "je me suis trompé").
var hypVerdictRE = mustPattern(`(?i)(?P<c>^(?:(?:ok(?:ay)?|so|checked|check kiya)[,:]?\s+)?(?:confirmed|it'?s confirmed|confirm ho gaya|confirm hua|pakka ho gaya|potwierdzone|potwierdzam|potwierdziłem|potwierdziłam|bestätigt|confirmado|confirmada|confirmé|confirmée|c'est confirmé|confirmei|hipótese confirmada|hipótesis confirmada)(?:[^\p{L}]|$)|^(?:已)?确认(?:了|过了)?[:：,，]|^证实了|^確認(?:でき|し)ました[:：、,，]|(?:で|と|が|に)確定(?:です|しました|した|だ)|^(?:推測|予想|仮説)(?:どおり|通り)(?:でした|です)?|\b(?:my|that|the|this|our) (?:guess|hunch|hypothesis|suspicion|theory) (?:was|is|turned out(?: to be)?|proved) (?:right|correct|confirmed)\b|\b(?:hypothese|vermutung|annahme) (?:ist|hat sich|wurde) (?:(?:damit|also|klar) )?bestätigt\b)` +
	`|(?P<r>\b(?:i was wrong|i was mistaken|(?:my|that|the|this|our) (?:first |initial |earlier )?(?:guess|assumption|hunch|theory|hypothesis|suspicion) (?:was|is|turned out(?: to be)?|proved) (?:wrong|incorrect|false|mistaken|refuted|disproven|disproved|ruled out)|galat tha|galat thi|mera andaza galat|myliłem się|myliłam się|pomyliłem się|pomyliłam się|ich lag falsch|ich habe mich geirrt|me equivoqué|estaba equivocad[oa]|je me suis trompée?|j'avais tort|me enganei|eu estava errad[oa]|hipótese descartada|(?:hipótesis|suposición) (?:descartada|refutada)|hypothèse (?:est )?(?:réfutée|écartée)|(?:hypothese|vermutung|annahme|theorie) (?:ist|war|hat sich) (?:(?:damit|also|wohl|klar) )?(?:widerlegt|falsch|als falsch erwiesen|nicht bestätigt))(?:[^\p{L}]|$)|我(?:猜|想)?错了|猜错了|判断错了|(?:推測|予想|仮説)(?:は|が)(?:外れ|間違)|私の(?:推測|予想)(?:は|が)違)`)

// guessLabelRE is the agent labelling its sentence a guess it has yet
// to check: "Hypothesis: …", "Hipótese: …", "Hypothèse : …", "仮説:",
// "假设：", "…かもしれません（まだ推測です）", "still a guess", "just a
// guess for now". A labelled guess is a doubt of fact as "not sure if"
// is: the agent's verdict after a check closes it.
var guessLabelRE = mustPattern(`(?i)^\W*(?:(?:my|working|current)\s+)?(?:hypothesis|hipótese|hipótesis|hypothèse|hypothese|ipotesi|hipoteza|гипотеза|гіпотеза|hypotes)\s*[:：]|\b(?:still|just|only)\s+a\s+guess\b|\bunverified\s+guess\b|(?:まだ|あくまで|ただの)推測|^\W*(?:仮説|假设|猜测)\s*[:：]|ainda\s+(?:é\s+)?(?:um\s+)?(?:palpite|chute|hipótese)|todavía\s+(?:es\s+)?(?:una\s+)?(?:suposición|hipótesis)|noch\s+(?:eine\s+)?(?:Vermutung|Hypothese)`)

// Names of the proposals that close a hypothesis.
const (
	confirmedName = "confirmed"
	refutedName   = "refuted"
)

// verdictProposal is the close sentence l of the agent's proposes, or
// false.
func verdictProposal(l string) (Proposal, bool) {
	m := hypVerdictRE.FindStringSubmatchIndex(l)
	if m == nil || strings.ContainsAny(l, "?？") || verdictHedgeRE.MatchString(l) {
		// "was my guess wrong?", "maybe the hypothesis was wrong": no
		// verdict yet
		return Proposal{}, false
	}
	name := confirmedName
	if m[2*hypVerdictRE.SubexpIndex("r")] >= 0 {
		name = refutedName
	}
	return Proposal{Op: OpLift, Kind: KindUncertainty, Name: name, Value: l, Quote: l}, true
}

// closeHypothesis closes the newest open hypothesis of the agent's that
// verdict p names again (two content words in common, or one name
// written as code, a version or a path), when a tool ran since it was stated: the
// check is the evidence §17 asks for.
func (r *Reducer) closeHypothesis(p *Proposal, ref EventRef) {
	if r.closeNumbered(p, ref) {
		// "hypothesis 2 is ruled out" (hyplist.go)
		return
	}
	said := terms(p.Value)
	var best *Anchor
	for _, h := range r.sorted() {
		if h.Kind != KindUncertainty || !h.IsHead() || !strings.HasPrefix(h.Key, hypothesisPrefix) || h.Seq() >= ref.Seq || r.resultSeq <= h.Seq() {
			continue
		}
		if unsureSubject(h.Value) == "" && !guessLabelRE.MatchString(h.Value) && p.Name == confirmedName {
			// A suspicion of a cause ("I suspect the flaky test comes
			// from a race in X") is not settled by the agent's say-so
			// after a read or a grep: §17 wants a run behind it (the
			// bench plants exactly that). Only a doubt of fact the
			// agent said it would check ("not sure if X") is confirmed
			// here. Refuting is no hypothesis → established transition
			// §17 guards: the agent's "that guess was wrong" after a
			// check drops a suspicion too.
			continue
		}
		if !sameSubject(terms(h.Value), said, h.Links, p.Value) && !(p.Name == refutedName && guessPointerRE.MatchString(p.Value) && (best == nil || h.Seq() > best.Seq())) {
			// "so that guess was wrong", "die Race-Hypothese ist
			// widerlegt": a refutation points at the guess instead
			// of naming it again, the newest one checked
			continue
		}
		if best == nil || h.Seq() > best.Seq() {
			best = h
		}
	}
	if best == nil {
		return
	}
	best.Lifecycle = Established
	if p.Name == refutedName {
		best.Lifecycle = Rejected
	}
	best.Because = p.Quote
	best.addRef(ref)
}

// guessPointerRE is a verdict pointing at the guess instead of naming
// its subject again: "that guess was wrong", "my hunch was right", "die
// Race-Hypothese ist widerlegt", "diese Vermutung war falsch".
var guessPointerRE = mustPattern(`(?i)\b(?:that|this|the|my|our)\s+(?:first\s+|initial\s+|earlier\s+)?(?:guess|hunch|hypothesis|theory|suspicion|assumption)\b|\b(?:die|diese|meine|unsere)\s+(?:erste\s+)?(?:[\p{L}]+-)?(?:hypothese|vermutung|annahme|theorie)\b|\b(?:esa|mi|la)\s+(?:hipótesis|suposición)\b|\b(?:cette|mon|mon)\s+(?:hypothèse|intuition)\b`)

// verdictHedgeRE is a verdict still hedged: "maybe my guess was wrong",
// "vielleicht ist die Hypothese falsch".
var verdictHedgeRE = mustPattern(`(?i)\b(?:maybe|perhaps|possibly|might|may|vielleicht|eventuell|möglicherweise|quizás|tal vez|peut-être)\b`)

// sameSubject reports whether a verdict with terms said (text v) names
// the hypothesis with terms h and links again.
func sameSubject(h, said map[string]bool, links []string, v string) bool {
	for _, l := range links {
		if len(l) >= 4 && strings.Contains(v, l) {
			return true
		}
	}
	n := 0
	for t := range h {
		if !said[t] || verdictWords[t] {
			continue
		}
		n++
		if strings.ContainsAny(t, "0123456789._-/") && len(t) >= 4 {
			// a name written as code: "sha-1", "google-services.json"
			n++
		}
	}
	return n >= 2
}

// verdictWords are words of the verdict and the hedge themselves, no
// subject.
var verdictWords = wordSet(`confirmed confirm sure check checked kiya karta hoon hai hain tha thi nahi mein galat pakka ho gaya sirf
	potwierdzone sprawdzę sprawdzam czy jest nie bestätigt sicher confirmado seguro confirmé sûr 确认 确定 不确 查一 一下
	hipótese hypothesis 確定 確認 推測 原因`)

// verdictRunOn widens verdict v, read of sentence i of ss (of text), by
// the sentence after it on the same line: "Confirmado: Readiness probe
// failed ... 404 — o /readyz não está montado" names its subject after
// the "..." that cut it.
func verdictRunOn(v Proposal, text string, ss []string, i int) Proposal {
	if i+1 >= len(ss) {
		return v
	}
	a, b := strings.TrimSpace(ss[i]), strings.TrimSpace(ss[i+1])
	j := strings.Index(text, a)
	if j < 0 || b == "" {
		return v
	}
	rest := text[j+len(a):]
	k := strings.Index(rest, b)
	if k < 0 || strings.Contains(rest[:k], "\n") {
		return v
	}
	v.Value += " " + b
	return v
}
