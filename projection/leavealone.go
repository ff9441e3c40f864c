package projection

// "Leave X alone", as other languages say it around its object.
//
// "laat die test met rust" (Dutch), "lass die Migrationen in Ruhe"
// (German), "laisse ce test tranquille", "deja ese test en paz", "deixa
// esse teste em paz", "lascia quel test in pace", "оставь этот тест в
// покое", "låt testet vara i fred": a verb of letting opens the clause,
// its object follows and a phrase of peace closes it. Word by word the
// gloss reads "laat that test alone"; the rule reader needs the verb
// too, "leave that test alone", the prohibition English states ("leave
// the migrations alone" is a rule about the migrations). The closing
// phrase is each lexicon's entry glossed "alone" ("met_rust",
// "in_ruhe"); the verb is written with its object after it, or last as
// an infinitive ("die test met rust laten"). A clitic verb carries its
// object ("déjalo en paz", "lascialo in pace": leave it alone).

// leaveVerbs are the verbs of letting that open the phrase, with their
// gloss, in each language the lexicons read (their own word forms do
// not clash across languages: "laat" is Dutch, "lass" German).
var leaveVerbs = map[string]string{
	// Dutch
	"laat": "leave", "laten": "leave",
	// German
	"lass": "leave", "lasst": "leave", "lassen": "leave", "lasse": "leave",
	// French
	"laisse": "leave", "laissez": "leave", "laissons": "leave", "laisse-le": "leave it", "laisse-la": "leave it", "laissez-le": "leave it",
	// Spanish
	"deja": "leave", "dejad": "leave", "deje": "leave", "déjalo": "leave it", "déjala": "leave it", "dejalo": "leave it", "déjenlo": "leave it",
	// Portuguese
	"deixa": "leave", "deixe": "leave", "deixem": "leave", "deixa-o": "leave it", "deixe-o": "leave it", "deixa-a": "leave it",
	// Italian
	"lascia": "leave", "lasciate": "leave", "lasci": "leave", "lascialo": "leave it", "lasciala": "leave it", "lasciatelo": "leave it",
	// Russian, Ukrainian
	"оставь": "leave", "оставьте": "leave", "оставим": "leave", "залиш": "leave", "залиште": "leave",
	// Swedish
	"låt": "leave", "lämna": "leave",
}

// fixLeaveAlone glosses the verb of a clause that a phrase glossed
// "alone" closes (see above): the verb at the clause's start, after
// its lead words ("no", "please", "and"), with one to five words of
// object before the phrase; or, the object first, the verb as the
// clause's last word after the phrase. A clause with no such verb (a
// "met rust" of another sense, "ik ga met rust") keeps the phrase's
// words as written.
func fixLeaveAlone(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		a := -1
		for i := len(cl) - 1; i >= 0; i-- {
			if !cl[i].keep && cl[i].en == "alone" {
				a = i
				break
			}
		}
		if a < 0 {
			continue
		}
		lead := 0
		for lead < a && !cl[lead].keep && (leadWords[cl[lead].en] || cl[lead].cat == catAnswer) {
			lead++
		}
		if en, ok := leaveVerbs[cl[lead].low]; ok && lead < a && (a-lead-1 <= 5) && (a-lead-1 >= 1 || en != "leave") && tailFree(cl[a+1:]) {
			cl[lead].keep, cl[lead].en = false, en
			continue
		}
		// "die test met rust laten": the infinitive last
		if a+1 < len(cl) && a-lead >= 1 && a-lead <= 5 && leaveVerbs[cl[a+1].low] == "leave" && tailFree(cl[a+2:]) {
			cl[lead].pre = "leave " + cl[lead].pre
			cl[a+1].keep, cl[a+1].en = false, ""
			continue
		}
		// no verb of letting: the words as written ("le serveur est
		// tranquille" is no "alone")
		cl[a].keep, cl[a].en = true, ""
	}
}

// tailFree reports whether the words after the phrase add nothing but
// a please.
func tailFree(rest []glossTok) bool {
	for _, t := range rest {
		if t.keep || t.en != "please" && t.en != "" {
			return false
		}
	}
	return true
}
