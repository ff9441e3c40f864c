package projection

// Whom to ask, no rule.
//
// "should that be Q3 only or Q3+Q4? actually dont answer, ask Priya.":
// the user tells the agent not to answer one question and whom to ask
// instead. "dont answer" is about that question, not a standing rule of
// the work, so the sentence states no rule ("não responde, pergunta pro
// Rafa", "ne réponds pas, demande à Priya", "no contestes, pregúntale a
// Priya", "대답하지 말고 Priya한테 물어봐", "别回答，问一下 Priya"). Only a
// sentence that says nothing else is read so: "ask Priya before you merge
// anything" binds every merge and stays a rule. What the question
// becomes (open, passed on) is read by the question readings.

// askWhomRE is a sentence that only says, perhaps after telling the
// agent not to answer, whom to ask: as written and as glossed.
var askWhomRE = mustPattern(`(?i)^\W*(?:(?:actually|ok|okay|so|but|and|hmm+|wait|well|então|entao|alors|bon|also|pues|bueno)[,!]?\s+)*` +
	// not to answer
	`(?:(?:(?:don't|dont|do not|no need to|not|não|nao|n|ne|no)\s+(?:answer|reply|respond|decide|guess|responde|responda|responder|decide|decida|réponds|répondez|réponde|antworte|antwort|contestes|respondas|decidas)(?:\s+(?:pas|nicht|that|this|it|yourself|now|isso|ça))?|(?:answer|antworte|antwort|réponds)\s+(?:not|nicht|pas))\s*[,;:.—–-]?\s*)?` +
	// whom to ask
	`(?:(?:just|instead|rather|lieber|mejor|plutôt)\s+)?(?:ask|check with|run (?:it|that|this) by|confirm with|pergunta|pergunte|confirma com|confirme com|demande|vois avec|vérifie avec|frag|frage|pregúntale|pregunta|consulta con|consúltalo con)\s+(?:(?:pro|pra|ao|à|a|to|the|o|com|con|avec|à la|au)\s+)?(?:\p{Lu}[\p{L}\-]+|(?:the|my|our)\s+\w+(?:\s+\w+)?)(?:\s+(?:instead|first|about (?:it|that|this)|on (?:it|that|this)|then|later|antes|d'abord|zuerst|primero))?\W*$` +
	// Korean, Chinese
	`|^\W*(?:대답하(?:지 말고|不要)\s*)?\p{Lu}[\p{L}\-]+\s*(?:한테|에게|께)\s*(?:물어봐|물어보세요|물어봐줘|물어봐요|확인해|확인해줘)\W*$` +
	`|^\W*(?:(?:别回答|先别答|不用回答|不要回答|别答)[，,]?\s*)?(?:问一下|问问|去问|问)\s*(?:\p{Lu}[\p{L}\-]+|\p{Han}{1,3})\s*(?:吧|再说)?\W*$`)

// asksWhom reports whether sentence s only says whom to ask (see above).
func asksWhom(s string) bool {
	return askWhomRE.MatchString(s)
}
