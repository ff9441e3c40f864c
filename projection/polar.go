package projection

import "strings"

// A yes-or-no question and the reply that opens with its verdict.
//
// "does 0.3.1 handle multi-member gzip btw?" … "Yes — 0.3.1 used
// MultiGzDecoder, so concatenated members were read through.": the reply
// need not repeat the question's words to answer it when it opens with
// yes or no and goes on to say why. Read only when the one question
// waiting is a polar one (polarAskRE: an auxiliary opens it, "does …?",
// "is …?", "can …?"; or Chinese "…吗？", "是不是…", "有没有…") and the
// verdict opens the reply's first sentence, with more said after it: a
// bare "Yes." or "No, let me check." answers nothing.

// polarAskRE is a yes-or-no question: English or German opening with
// its verb ("does …?", "soll ich …?"), Spanish with no question word
// after "¿" ("¿Quieres también métricas …?", "¿hay que …?"), Chinese
// "…吗？", Japanese "…ますか？" with no question word.
var polarAskRE = mustPattern(`(?i)^\W*(?:(?:and|also|oh|btw|so|ok(?:ay)?|wait|hmm+|und|also|noch|y|vale|bueno)[,]?\s+)*(?:does|do|did|is|are|was|were|has|have|had|can|could|will|would|should|shall|may|might|isn't|aren't|doesn't|don't|didn't|won't|hasn't|haven't|soll|sollen|sollte|sollten|willst|wollen|möchtest|möchten|brauchen|brauchst|ist|sind|hast|habt|gibt|kann|kannst|können|darf|dürfen|muss|müssen|machen|mache|nehme|nehmen|lassen|lasse|moet|moeten|mag|mogen|kunnen|wil|wilt|willen|zal|zullen|heb|hebben|doe|doen|laat|est-ce que|faut-il|dois-je|peut-on|veux-tu|voulez-vous)\s+\S|吗\s*[？?]\s*$|是不是|有没有|能不能|会不会|对不对|是否`)

// polarAsk reports whether q, the last question of its sentence, is a
// yes-or-no question (polarAskRE, or a Spanish or Japanese one asked
// with no question word).
func polarAsk(q string) bool {
	if polarAskRE.MatchString(q) {
		return true
	}
	if i := strings.LastIndex(q, "¿"); i >= 0 {
		return !esWhRE.MatchString(q[i+len("¿"):])
	}
	return jaPolarRE.MatchString(q) && !jaWhRE.MatchString(q)
}

// esWhRE opens a Spanish question with its question word.
var esWhRE = mustPattern(`(?i)^\s*(?:qué|que|cuál|cuáles|cual|cómo|como|dónde|donde|cuándo|cuando|quién|quiénes|cuánto|cuánta|cuántos|cuántas|por qué|para qué|a qué|de qué|en qué|con qué)(?:[^\p{L}]|$)`)

// jaPolarRE ends a Japanese question asked politely: "…ますか？",
// "…ですか？", "…でしょうか？".
var jaPolarRE = mustPattern(`(?:ますか|ですか|でしょうか|ませんか|ましょうか)\s*[？?]?\s*$`)

// jaWhRE is a Japanese question word.
var jaWhRE = mustPattern(`何|どれ|どの|どこ|どちら|どっち|いつ|誰|なぜ|どう|いくつ|いくら|どんな`)

// saysNoRE is a reply that says no to what was asked and no more: "not
// now", "no thanks", "ahora no", "jetzt nicht", "今はいいです", "先不用了".
var saysNoRE = mustPattern(`(?i)^\W*(?:not (?:now|yet|for now|today|this time)|no,? thanks?(?: you)?|nah,? not now|maybe later|let's not|skip (?:it|that|them)|(?:ahora|por ahora|de momento|por el momento|todavía|hoy) no|no,? gracias|mejor no|no por ahora|(?:jetzt|erstmal|vorerst|heute|noch) nicht|nicht jetzt|nein,? danke|lieber nicht|eher nicht|(?:voor )?nu (?:nog )?niet|nog niet|(?:per ora|per adesso|per il momento) no|non (?:ora|adesso|per ora)|pas (?:maintenant|pour l'instant|pour le moment)|(?:agora|por enquanto|por agora) não|não por enquanto)\W*$|^(?:今は|いまは|今回は|とりあえず)?(?:いい|いらない|結構|大丈夫|やめておく|やめとく)(?:です|でしょう)?[。!！]?$|^(?:先|暂时|现在)?(?:不用|不要|不需要)(?:了|吧)?[。!！]?$`)

// polarVerdictRE opens a reply with the verdict: "Yes —", "No,", "Nope.",
// "是的，", "不是，", "没有。".
var polarVerdictRE = mustPattern(`(?i)^\W*(?:(?:yes|yeah|yep|yup|no|nope|correct|right|indeed|ja|jo|nein|nee|genau|si|claro|exacto)\b|sí)\s*(?:[,.;:!—–]|\s-\s)\s*(?P<r>\S.*)$|^(?:是的|对的?|不是|没有|有的?|会的?|不会|可以|不行|能|不能|はい|いいえ|うん|ううん|いや)[，,。：:；;！!\s]\s*(?P<z>\S.*)$`)

// notNowLeadRE opens a reply with a no for now and goes on to say what
// holds instead: "not for now, only per environment", "voor nu niet,
// alleen per omgeving", "per ora no, solo per ambiente", "jetzt nicht,
// nur pro Umgebung", "por ahora no, solo por entorno", "暂时不用，只按环境".
var notNowLeadRE = mustPattern(`(?i)^\W*(?:not (?:now|yet|for now|this time)|for now,? no|no,? not (?:now|yet|for now)|(?:voor )?nu (?:nog )?niet|nog niet|(?:per ora|per adesso|per il momento) no|non (?:ora|adesso|per ora)|(?:jetzt|erstmal|vorerst|noch) nicht|nicht jetzt|pas (?:maintenant|pour l'instant|pour le moment)|(?:ahora|por ahora|de momento|todavía) no|no por ahora|(?:agora|por enquanto|por agora) não|não por enquanto)\s*[,.;:—–]\s*(?P<r>\S.*)$|^(?:暂时|先|现在)(?:不用|不要|不需要)(?:了)?[，,。；;]\s*(?P<z>\S.*)$`)

// polarAnswered reports whether reply sentence s answers the one
// question of qs by its verdict (see above), or by a no for now and what
// holds instead (notNowLeadRE).
func polarAnswered(s string, qs map[string]string) bool {
	re := polarVerdictRE
	m := re.FindStringSubmatch(strings.TrimSpace(s))
	least := 3
	if m == nil {
		re, least = notNowLeadRE, 1
		m = re.FindStringSubmatch(strings.TrimSpace(s))
	}
	if m == nil {
		return false
	}
	r := strings.TrimSpace(m[re.SubexpIndex("r")] + m[re.SubexpIndex("z")])
	if len(terms(r)) < least || lookLeadRE.MatchString(r) || questionRE.MatchString(r) {
		// "No, let me check.", "Yes?"
		return false
	}
	for _, q := range qs {
		if !askedPolar(q) {
			return false
		}
	}
	return true
}

// terseAskRE is a terse question of what a thing is: "wats compileSdk
// rn", "whats the minSdk", "which jdk?".
var terseAskRE = mustPattern(`(?i)^\W*(?:wats|whats|what's|wat's|wot's|what\s+is|what\s+are|which|where(?:'s|s|\s+is))\s+\S`)

// namesAllOf is the key of the one question of qs whose distinctive
// names (a camel-case or dotted identifier, a number: "compileSdk") are
// all in s, at least one of them, when s gives a number or a quoted
// value of its own; "" otherwise. A terse question ("wats compileSdk
// rn") shares no other word with its answer.
func namesAllOf(s string, qs map[string]string) string {
	if !numberTokRE.MatchString(s) && !strings.Contains(s, "`") {
		return ""
	}
	for k, q := range qs {
		if !terseAskRE.MatchString(q) {
			return ""
		}
		ns := distinctive(q)
		if len(ns) == 0 || len(terms(q)) > 6 {
			return ""
		}
		l := strings.ToLower(s)
		for _, n := range ns {
			if !strings.Contains(l, strings.ToLower(n)) {
				return ""
			}
		}
		return k
	}
	return ""
}
