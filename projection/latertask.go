package projection

import (
	"strings"
	"unicode/utf8"
)

// A task the user sets for later by a word at its end.
//
// "abre uma issue depois", "open an issue later", "abre una issue
// después", "apri una issue più tardi", "ouvre une issue plus tard",
// "leg später ein Ticket an", "заведи issue потом": the user tells the
// agent to do a piece of work, not now. It is owed, by the agent: an open
// obligation whose value is the user's sentence, closed as any other.
// The sentence opens with the verb (past an "and", a "please"), names
// the work besides it, and ends with the word of later (German puts it
// after the verb, anywhere). A statement ("a gente vê isso depois", "it
// broke later", "mach ich später": a subject, an article, a verb in the
// past or of "we"), the user's own work ("eu abro a issue depois"), work
// left or waited on ("deixa pra depois", "wait for the build later":
// putoff.go reads the named work left), a pronoun alone ("do it later"),
// a negation, a question and a reply the user asks for ("tell me later")
// set no task. "depois", "luego", "poi", "danach" that open a sentence
// or join two steps ("roda os testes e depois o lint") say "then", not
// "later", and are not read.
var (
	// laterEndRE is a sentence whose last words put its work off:
	// group body is the work.
	laterEndRE = mustPattern(`(?i)^[\s\p{P}]*(?:(?:and|also|ok(?:ay)?|so|e|y|et|und|и|і|а|então|entao|bueno|allora|alors|dann)[,.!]?\s+)*(?:(?:please|pls|plz|por\s+favor|per\s+favore|bitte|пожалуйста|s'il\s+te\s+pla[iî]t)[,]?\s+)?(?P<body>\S.*?)\s*,?\s+(?P<w>later(?:\s+on|\s+today)?|afterwards|at\s+some\s+point|when\s+you\s+get\s+a\s+(?:chance|minute)|depois|mais\s+tarde|mais\s+pra\s+frente|despu[ée]s|luego|m[áa]s\s+tarde|dopo|pi[ùu]\s+tardi|plus\s+tard|après|apres|später|nachher|senare|потом|позже|попозже|позднее|потім|пізніше)(?:[,]?\s+(?:please|pls|plz|por\s+favor|per\s+favore|bitte|пожалуйста|s'il\s+te\s+pla[iî]t|ok|tá|ta|beleza))?\s*[.!]*$`)
	// laterMidRE is the German and Dutch order: the verb, the word of
	// later, the work and its particle ("leg später ein Ticket an",
	// "maak later een issue aan").
	laterMidRE = mustPattern(`(?i)^[\s\p{P}]*(?:(?:und|dann|ok|en|dan)[,]?\s+)?(?:bitte\s+|graag\s+)?(?P<body>\p{L}+\s+(?:\S+\s+){0,2}?(später|nachher|irgendwann|later)(?:\s[^,;:]*?)?)\s*[.!]*$`)
	// laterClauseRE cuts a sentence into its clauses.
	laterClauseRE = mustPattern(`(?i)(?:\s*[,;:—–]\s*|\s+-\s+)(?:(?:and|then|e|y|et|und|en|och|и|і|а)\s+)?|\s+(?:and|then|e|y|et|und|en|och|и|і|а)\s+`)
	// laterVerbRE is a word that may be a verb: letters only.
	laterVerbRE = mustPattern(`^\p{L}[\p{L}'’-]*$`)
	// laterNotLeadRE are first words that open no task: pronouns,
	// articles, words of leaving, waiting and seeing, "let's".
	laterNotLeadRE = mustPattern(`(?i)^(?:i|i'll|i'm|we|we'll|we're|you|you'll|he|she|it|it's|they|this|that|these|those|there|the|a|an|let's|lets|let|leave|park|skip|ignore|wait|see|talk|catch|check\s+back|maybe|probably|eu|a|o|os|as|um|uma|nós|ele|ela|eles|elas|você|vocês|isso|isto|aquilo|deixa|deixe|espera|espere|aguarda|vê|ve|yo|él|ella|nosotros|usted|ustedes|el|la|los|las|un|una|eso|esto|deja|dejá|espera|io|lui|lei|noi|voi|loro|il|lo|gli|le|uno|questo|quello|lascia|aspetta|vediamo|je|j'|tu|il|elle|on|nous|vous|ils|elles|le|les|une|ce|c'|ça|ca|cela|laisse|attends|ich|du|er|sie|es|wir|ihr|der|die|das|den|dem|ein|eine|einen|lass|warte|ik|wij|jij|je|hij|zij|het|een|dat|dit|laat|wacht|jag|vi|han|hon|den|det|de|man|ett|en|lämna|vänta|я|ты|он|она|мы|вы|они|это|то|оставь|подожди|жди|ти|ми|це|залиш|почекай)$`)
	// laterNotTaskRE is a reply the user asks for or a negation in the
	// sentence.
	laterNotTaskRE = mustPattern(`(?i)\b(?:tell\s+me|let\s+me\s+know|show\s+me|get\s+back\s+to\s+me|me\s+(?:fala|diz|conta|avisa|mostra|dice|cuenta|avisas|dici|fai\s+sapere)|dis-moi|sag\s+mir|zeig\s+mir|don't|do\s+not|never|não|nao|no|non|ne|nicht|kein\p{L}*|nunca|mai|jamais|niet|geen|nooit|inte|aldrig|ingen)\b|(?:^|[^\p{L}])(?:не|ні|скажи|расскажи|покажи|напиши\s+мне)(?:[^\p{L}]|$)`)
	// laterPastRE is a verb in the past or of "we" in the languages
	// read: a statement, no task.
	laterPastRE = mustPattern(`(?i)^\p{L}+(?:ou|eu|iu|ei|amos|emos|imos|ava|ó|ió|é|í|aba|iamo|ons|ez|ai|ait|ed)$`)
	// laterSubjectMidRE is a German or Dutch subject after the verb:
	// "mach ich später", "schauen wir uns später an", "doe ik later".
	laterSubjectMidRE = mustPattern(`(?i)^\p{L}+\s+(?:ich|wir|er|sie|es|man|ik|we|wij|jij|je|hij|zij|het)\b`)
	// laterImpSlavRE is an East Slavic imperative: "заведи", "обнови",
	// "сделай", "створи", "напишіть"; laterPluralSlavRE a plural noun that
	// ends as one ("логи", "ошибки").
	laterImpSlavRE    = mustPattern(`^\p{Cyrillic}{2,}(?:й|йте|и|ите|іть|ь|ьте)$`)
	laterPluralSlavRE = mustPattern(`(?:к|г|х)и$`)
)

// laterEndTask reports whether user sentence s, in a message in
// language l, sets the agent a task for later by a word at its end (see
// above).
func laterEndTask(s string, l lang) bool {
	if strings.ContainsAny(s, "?？") || questionRE.MatchString(s) || utf8.RuneCountInString(s) > maxSentence || laterNotTaskRE.MatchString(s) {
		return false
	}
	body := ""
	if m := laterEndRE.FindStringSubmatch(s); m != nil {
		body = m[laterEndRE.SubexpIndex("body")]
		// the word of later tells the language
		l = laterWordLang(m[laterEndRE.SubexpIndex("w")], l)
	} else if m := laterMidRE.FindStringSubmatch(s); m != nil && !laterSubjectMidRE.MatchString(m[1]) {
		body = m[1]
		l = laterWordLang(m[2], l)
		if l != langDE && l != langNL {
			return false
		}
	}
	// the clause the word of later closes: "commit it, I'll sort the
	// driver out later" puts off the user's own work
	if cs := laterClauseRE.Split(body, -1); len(cs) > 1 {
		body = cs[len(cs)-1]
	}
	f := strings.Fields(strings.TrimSpace(body))
	if len(f) < 2 || !laterVerbRE.MatchString(f[0]) {
		return false
	}
	verb := strings.ToLower(strings.Trim(f[0], ",.;:!\"'`*_()"))
	rest := strings.Trim(strings.Join(f[1:], " "), " ,.;:!")
	if verb == "" || laterNotLeadRE.MatchString(verb) || putOffNotRE.MatchString(rest) || len(terms(rest)) == 0 {
		return false
	}
	switch l {
	case langNone:
		// an English verb of work: "open", "file", "update"
		return (taskVerbs[verb] || laterVerbs[verb]) && imperative(body)
	case langRU, langUK:
		return laterImpSlavRE.MatchString(verb) && !laterPluralSlavRE.MatchString(verb)
	case langPT, langES, langIT, langFR, langSV, langDE, langNL:
		// no subject, no past, no "we"
		return !laterPastRE.MatchString(verb) && !romSubjectRE.MatchString(body) && !frSubjectRE.MatchString(body)
	}
	return false
}

// laterWordLang is the language the word of later w is of; l for
// "later", which English and Dutch share.
func laterWordLang(w string, l lang) lang {
	w = strings.ToLower(w)
	switch {
	case strings.HasPrefix(w, "later"):
		if l == langNL {
			return langNL
		}
		return langNone
	case strings.HasPrefix(w, "afterwards"), strings.HasPrefix(w, "at "), strings.HasPrefix(w, "when "):
		return langNone
	case w == "depois" || strings.HasPrefix(w, "mais "):
		return langPT
	case strings.HasPrefix(w, "despu") || w == "luego" || strings.HasPrefix(w, "más ") || strings.HasPrefix(w, "mas "):
		return langES
	case w == "dopo" || strings.HasPrefix(w, "pi"):
		return langIT
	case strings.HasPrefix(w, "plus ") || strings.HasPrefix(w, "apr"):
		return langFR
	case w == "später" || w == "nachher" || w == "irgendwann":
		return langDE
	case w == "straks":
		return langNL
	case w == "senare":
		return langSV
	case w == "потім" || w == "пізніше":
		return langUK
	}
	return langRU
}

// laterVerbs are English verbs of work besides taskVerbs'.
var laterVerbs = wordSet(`create raise report revert handle address write log note move split port re-run rewrite reorganize reorganise tidy cleanup polish extend expand`)
