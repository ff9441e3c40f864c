package projection

import "strings"

// A rule that ends by asking for the user's nod.
//
// "if the tests fail, don't push, ok?", "wenn die Tests fehlschlagen,
// dann nicht deployen, okay?", "テスト落ちたらpushしないで、いい？": the
// question mark belongs to a tag ("ok?", "right?", "いい？", "好吗？") that
// asks the listener to agree, not to answer. What comes before it is read
// as said without the tag: a rule when it is one. A question before the
// tag ("can you push, ok?") and a tag after a request that binds nothing
// ("fix the lint, ok?") stay what they were; only the tag is set aside,
// and only after a clause break, so "is that ok?" keeps its question.

// tagQuestionRE is a tag asking for a nod, after a comma or a dash at the
// end of a sentence, in the languages the projection reads.
var tagQuestionRE = mustPattern(`(?i)(?:\s*[,，、—–]\s*|\s+-\s+)(?:ok(?:ay)?|oké|okej|okey|alright|got it|understood|clear|capisce|deal|agreed|ja|klar|gell|verstanden|einverstanden|tá|ta|beleza|certo|combinado|entendeu|entendido|¿?\s*(?:vale|sí|si|de acuerdo|entendido|ok)|d'accord|compris|va bene|capito|intesi|begrepen|goed|va|tamam mı|anlaşıldı mı|olur mu|ладно|хорошо|понял|поняли|понятно|いい|いいね|いいですか|わかった|わかりましたか|ね|好吗|好不好|行吗|行不行|可以吗|明白吗|知道吗|懂吗|听到没|记住了吗|알았지|알겠지|알겠어|괜찮지|알겠죠)\s*[?？]+\s*$`)

// tagless is sentence s without the tag asking for a nod that ends it
// (tagQuestionRE), when what it ends is a rule and no question; "" when
// s ends with no such tag.
func tagless(s string) string {
	loc := tagQuestionRE.FindStringIndex(s)
	if loc == nil || loc[0] == 0 {
		return ""
	}
	t := strings.TrimSpace(s[:loc[0]])
	if t == "" || questionRE.MatchString(t) || !isRule(t) {
		return ""
	}
	return t
}
