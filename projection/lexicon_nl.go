package projection

import (
	"strings"
	"unicode/utf8"
)

// Dutch cues (lexicon.go). Dutch puts its negation and a separable
// verb's particle late, as German does: a modal with "niet" later in
// its clause ("je mag de migraties niet aanpassen") is "must not", an
// imperative with "niet", "nooit" or "geen" after its object ("pas dat
// bestand niet aan", "push nooit naar main") is a prohibition, and so is
// an infinitive after "niet" with no subject ("die map niet aanraken");
// "mag niet" ending its clause is "is forbidden" (fixNL). "met" is "by"
// after a verb that changes a value ("verhoog de timeout met 20
// seconden"), "of" is "whether" after a cue of not knowing and "or"
// elsewhere, and "één worker meer" is "one more worker".
var lexNL = []lexEntry{
	{catNever, "never", "nooit nimmer"},
	{catNever, "never", "in_geen_geval onder_geen_beding nooit_ofte_nimmer"},
	{catNever, "not", "niet"},
	{catNever, "no", "geen"},
	{catAnswer, "fine", "geen_probleem geen_punt geen_zorgen maak_je_geen_zorgen maak_je_niet_druk"},
	{catAnswer, "take your time", "geen_haast"},
	{catAnswer, "thanks", "geen_dank bedankt dank_je dankjewel"},
	{catNever, "I don't want you to", "ik_wil_niet_dat_je ik_wil_niet_dat_jij ik_wil_niet_dat_jullie ik_wil_niet_dat_u"},
	{catNever, "may not", "mag_niet mogen_niet"},
	{catNever, "may never", "mag_nooit mogen_nooit"},
	{catNever, "is forbidden", "is_verboden is_niet_toegestaan"},
	{catNever, "are forbidden", "zijn_verboden zijn_niet_toegestaan"},
	{catNever, "forbidden", "verboden"},
	{catNever, "off-limits", "taboe"},
	{catNever, "stay away from", "blijf_van blijf_weg_van blijf_af_van handen_af_van"},
	{catNever, "you may", "je_mag jij_mag mag_je mag_jij u_mag mag_u jullie_mogen mogen_jullie"},
	{catNever, "we may", "we_mogen wij_mogen mogen_we mogen_wij"},
	{catNever, "you can", "je_kan je_kunt kun_je kan_je jullie_kunnen kunnen_jullie"},
	{catNever, "may", "mag mogen"},
	{catNever, "nothing", "niets niks"},
	{catMust, "you must", "je_moet jij_moet moet_je moet_jij u_moet moet_u jullie_moeten moeten_jullie"},
	{catMust, "we must", "we_moeten wij_moeten moeten_we moeten_wij"},
	{catMust, "I must", "ik_moet moet_ik"},
	{catMust, "must", "moet moeten dient dienen"},
	{catMust, "always", "altijd"},
	{catMust, "make sure", "zorg_dat zorg_ervoor_dat zorg_er_voor_dat zorg_ervoor zorgen_dat let_erop_dat let_op_dat let_erop let_op"},
	{catMust, "only", "alleen uitsluitend enkel slechts"},
	{catMust, "from now on", "voortaan vanaf_nu van_nu_af_aan vanaf_nu_aan"},
	{catUse, "use", "gebruik gebruiken"},
	{catUse, "prefer", "geef_de_voorkeur_aan bij_voorkeur"},
	{catInstead, "instead of", "in_plaats_van"},
	{catInstead, "instead", "in_plaats_daarvan"},
	{catInstead, "switch to", "stap_over_op ga_over_op stap_over_naar ga_over_naar"},
	{catExcept, "except", "behalve uitgezonderd"},
	{catExcept, "except for", "met_uitzondering_van"},
	{catExcept, "unless", "tenzij"},
	{catExcept, "the rest", "de_rest het_overige"},
	{catExcept, "nothing else", "verder_niets verder_niks niets_anders niks_anders"},
	{catExcept, "everywhere else", "overal_anders ergens_anders verder_overal"},
	{catExcept, "an exception", "een_uitzondering"},
	{catExcept, "exception", "uitzondering"},
	{catExcept, "stays", "blijft"},
	{catExcept, "stay", "blijven"},
	{catExcept, "still", "nog_steeds nog_altijd"},
	{catLift, "is fine", "is_prima is_oké is_ok is_goed mag_wel wel_mag prima_is oké_is ok_is goed_is"},
	{catLift, "are fine", "zijn_prima zijn_oké zijn_ok zijn_goed mogen_wel wel_mogen"},
	{catLift, "no longer need to", "hoeft_niet_meer hoef_niet_meer hoeven_niet_meer niet_meer_nodig"},
	{catLift, "no longer applies", "geldt_niet_meer geldt_niet_langer vervalt"},
	{catLift, "no longer applies", "mag_vervallen kan_vervallen mag_komen_te_vervallen komt_te_vervallen"},
	{catLift, "is allowed again", "mag_weer mag_nu_weer mag_voortaan_weer"},
	{catLift, "are allowed again", "mogen_weer mogen_nu_weer mogen_voortaan_weer"},
	{catLift, "no longer", "niet_meer niet_langer"},
	{catLift, "now", "nu"},
	{catLift, "again", "weer opnieuw"},
	{catLift, "allowed again", "weer_toegestaan weer_toegelaten weer_vrijgegeven"},
	{catLift, "allowed", "toegestaan toegelaten"},
	{catLift, "released", "vrijgegeven"},
	{catLift, "lifted", "opgeheven"},
	{catLift, "like any other", "zoals_elke_andere zoals_elk_ander zoals_ieder_ander zoals_alle_andere"},
	{catRelative, "halve", "halveer* halveren"},
	{catRelative, "double", "verdubbel*"},
	{catRelative, "increase", "verhoog* verhogen"},
	{catRelative, "reduce", "verlaag* verlagen verminder* verkort* verkorten"},
	{catRelative, "set", "zet"},
	{catRelative, "change", "verander* wijzig*"},
	{catRelative, "back to the old value", "terug_naar_de_oude_waarde terug_op_de_oude_waarde"},
	{catRelative, "back", "terug terug_zoals_het_eerst_was terug_zoals_het_was zoals_het_eerst_was zoals_het_was zoals_eerst zoals_voorheen"},
	{catRelative, "back to", "terug_naar terug_op"},
	{catRelative, "one more", "nog_een nog_één"},
	{catRelative, "more", "meer extra"},
	{catRelative, "less", "minder"},
	{catRelative, "30 minutes", "een_halfuur een_half_uur een_halve_uur"},
	{catRelative, "earlier", "eerder vroeger"},
	{catRelative, "minutes", "minuten"},
	{catRelative, "minute", "minuut"},
	{catRelative, "seconds", "seconden"},
	{catRelative, "second", "seconde"},
	{catRelative, "hours", "uur uren"},
	{catRelative, "days", "dagen"},
	{catRelative, "day", "dag"},
	{catRelative, "by default", "standaard"},
	{catQuestion, "still unclear", "ik_weet_nog_niet weet_ik_nog_niet we_weten_nog_niet weten_we_nog_niet wij_weten_nog_niet nog_onduidelijk"},
	{catQuestion, "I don't know", "ik_weet_niet weet_ik_niet weet_niet geen_idee"},
	{catQuestion, "I'm not sure", "ik_weet_niet_zeker weet_ik_niet_zeker ik_ben_niet_zeker ik_twijfel"},
	{catQuestion, "not sure", "niet_zeker weet_niet_zeker"},
	{catQuestion, "I wonder", "vraag_me_af vraag_ik_me_af"},
	{catQuestion, "open question", "open_vraag openstaande_vraag"},
	{catQuestion, "do you know", "weet_jij weet_je weet_u"},
	{catQuestion, "unclear", "onduidelijk onzeker"},
	{catQuestion, "question", "vraag vraagje"},
	{catQuestion, "still open", "nog_open staat_nog_open"},
	{catQuestion, "not decided", "nog_niet_besloten nog_niet_beslist"},
	{catChoice, "let's go with", "laten_we we_nemen wij_nemen nemen_we we_gaan_voor we_kiezen_voor we_kiezen kiezen_we doe_maar"},
	{catChoice, "go with", "kies neem ga_voor"},
	{catChoice, "take", "nemen"},
	{catChoice, "option", "optie"},
	{catChoice, "the first one", "de_eerste het_eerste"},
	{catChoice, "the second one", "de_tweede het_tweede"},
	{catAnswer, "yes", "ja jawel"},
	{catAnswer, "no", "nee neen"},
	{catAnswer, "no wait", "nee_wacht nee_sorry"},
	{catAnswer, "I mean", "ik_bedoel"},
	{catAnswer, "actually", "eigenlijk"},
	{catAnswer, "sorry", "sorry pardon"},
	{catGiveUp, "forget it", "laat_maar laat_maar_zitten laat_het_maar laat_dat_maar vergeet_het vergeet_dat"},
	{catGiveUp, "forget", "vergeet"},
	{catDone, "remember to", "vergeet_niet niet_vergeten denk_eraan denk_er_aan denk_erom denk_er_om"},
	{catDone, "before you finish", "voordat_je_klaar_bent voor_je_klaar_bent voordat_je_afrondt voor_het_afronden"},
	{catDone, "before", "voordat"},
	{catMust, "before every", "voor_elke voor_iedere"},
	{catDone, "at the end", "aan_het_eind aan_het_einde op_het_eind tot_slot"},
	{catDone, "done", "klaar afgerond gedaan"},
	{catDone, "two things", "twee_dingen"},
	{catDone, "three things", "drie_dingen"},
	{catDone, "four things", "vier_dingen"},
	{catGoal, "Goal", "doel hoofddoel"},
	{catGoal, "Task", "taak opdracht"},
	{catGoal, "change of plans", "verandering_van_plan verandering_van_plannen planwijziging andere_plannen"},
	{catGoal, "plans changed", "plannen_zijn_veranderd plannen_veranderen"},
	{catGoal, "new priority", "nieuwe_prioriteit"},
	{catGoal, "change of focus", "focuswijziging andere_focus"},
	{catGoal, "new focus", "nieuwe_focus"},
	{catGoal, "new goal", "nieuw_doel"},
	{catGoal, "priority", "prioriteit"},
	{catGoal, "more important", "belangrijker"},
	{catFunction, "the rest later", "de_rest_later de_rest_komt_later"},
	{catFunction, "first", "eerst"},
	{catRules, "rules", "regels afspraken spelregels"},
	{catRules, "rule", "regel afspraak"},
	{catRelay, "says", "zegt schrijft"},
	{catRelay, "said", "zei"},
	{catRelay, "according to", "volgens"},
	{catRelay, "asked us", "heeft_ons_gevraagd vroeg_ons"},
	{catRelay, "asked", "heeft_gevraagd"},
	{catNever, "not to", "om_niet om_geen"},
	{catRelay, "asked", "vroeg gevraagd"},
	{catRelay, "answered", "antwoordde geantwoord"},
	{catRelay, "I'll ask", "ik_vraag_het ik_vraag"},
	{catAttempt, "we tried", "we_probeerden wij_probeerden"},
	{catAttempt, "we have", "we_hebben wij_hebben hebben_we hebben_wij"},
	{catAttempt, "I have", "ik_heb heb_ik"},
	{catAttempt, "tried", "geprobeerd uitgeprobeerd probeerde probeerden"},
	{catAttempt, "didn't work", "werkte_niet niet_werkte lukte_niet niet_lukte"},
	{catAttempt, "doesn't work", "werkt_niet niet_werkt lukt_niet niet_lukt"},
	{catAttempt, "made no difference", "hielp_niet hielp_niets hielp_niks maakte_geen_verschil had_geen_effect had_geen_zin heeft_niet_geholpen heeft_niets_geholpen"},
	{catFunction, "the", "de het"},
	{catFunction, "a", "een"},
	{catFunction, "one", "één eén"},
	{catFunction, "and", "en"},
	{catFunction, "or", "of"},
	{catFunction, "but", "maar"},
	{catFunction, "is", "is"},
	{catFunction, "are", "zijn"},
	{catFunction, "was", "was werd"},
	{catFunction, "is", "wordt"},
	{catFunction, "are", "worden"},
	{catFunction, "has", "heeft"},
	{catFunction, "I", "ik"},
	{catFunction, "you", "je jij jullie u"},
	{catFunction, "we", "we wij"},
	{catFunction, "that", "dat die"},
	{catExcept, "just this once", "deze_ene_keer alleen_deze_keer enkel_deze_keer alleen_deze_ene_keer bij_wijze_van_uitzondering"},
	{catFunction, "this", "dit deze"},
	{catFunction, "with", "met"},
	{catFunction, "for", "voor"},
	{catFunction, "in", "in"},
	{catFunction, "to", "op naar"},
	{catFunction, "of", "van"},
	{catFunction, "if", "als"},
	{catFunction, "because", "omdat want"},
	{catFunction, "why", "waarom"},
	{catFunction, "I think", "volgens_mij"},
	{catFunction, "nowhere", "nergens"},
	{catFunction, "which one", "welke welk"},
	{catFunction, "do you want", "wil_je wil_jij wilt_u"},
	{catFunction, "alone", "met_rust"},
	{catFunction, "please", "alsjeblieft alstublieft aub graag"},
	{catFunction, "also", "ook"},
	{catFunction, "then", "dan daarna"},
	{catFunction, "my", "mijn"},
	{catFunction, "our", "onze ons"},
}

// stopNL are Dutch function words that tell Dutch from English, German
// and the Romance languages: none is an English function word, a German
// one or a Romance one ("die", "als", "er", "mag" and "worden" are German
// words too, "we", "is", "in", "over" and "door" English ones, "de" and
// "en" Spanish, French and Portuguese ones, so they are left out).
const stopNL = `het een niet ik je jij wij jullie dat dit deze van met voor op naar bij uit om nog ook maar dan wel geen nooit altijd moet moeten mogen kun kunt hebben heeft wordt zijn graag alsjeblieft omdat waarom hoe wat mijn onze ons niks niets alleen hoi vandaag`

// fixNL reads Dutch word order and its two-way words in the gloss:
// late negations (fixNLImperative, fixNegation), "mag niet" closing its
// clause, "met" after a change, "of" after not knowing, "voortaan" in a
// permission (now), "het" before a cue (it), a perfect with "hebben"
// that is an attempt ("we hebben X geprobeerd"), "laten we X nemen",
// "dat verandert nooit" (a statement) and "één worker minder".
func fixNL(toks []glossTok) {
	verdict := false
	for _, t := range toks {
		verdict = verdict || !t.keep && t.cat == catAttempt && t.en != "we have" && t.en != "I have" && !strings.HasSuffix(t.en, "tried")
	}
	fixNLImperative(toks)
	fixNegation(toks, negRules{})
	fixSetting(toks)
	for _, cl := range glossClauses(toks) {
		change, question := false, false
		for i := range cl {
			t := &cl[i]
			if t.keep {
				question = question || nlCheckVerbs[t.low]
				continue
			}
			switch {
			case t.low == "mag niet" || t.low == "mogen niet":
				// "X mag niet." closes its clause: X is forbidden
				if i == len(cl)-1 {
					t.en = "is forbidden"
					if t.low == "mogen niet" {
						t.en = "are forbidden"
					}
				} else {
					t.en = "must not"
				}
			case t.low == "mag nooit" || t.low == "mogen nooit":
				t.en = "must never"
			case t.en == "increase" || t.en == "reduce" || t.en == "change":
				change = true
			case t.en == "with" && change:
				// "verhoog de timeout met 20 seconden": by 20
				t.en = "by"
			case t.cat == catQuestion || nlCheckVerbs[t.low]:
				// "check alleen even of de tests slagen": whether
				question = true
			case t.low == "of" && question:
				t.en = "whether"
			case t.en == "from now on" && permits(cl):
				// "mag je voortaan aanpassen": you may now
				t.en = "now"
			case t.low == "het" && (i+1 == len(cl) || !cl[i+1].keep):
				// "het werkte niet": it, not the
				t.en = "it"
			}
		}
		// "we hebben X geprobeerd": we tried X, and so is "ik heb X
		// geleegd" in a message that says it did not help; "laten we X
		// nemen": let's go with X
		for i := range cl {
			if cl[i].keep {
				continue
			}
			switch cl[i].en {
			case "we have", "I have":
				tried := strings.TrimSuffix(cl[i].en, "have") + "tried"
				for k := i + 1; k < len(cl); k++ {
					if !cl[k].keep && cl[k].en == "tried" {
						cl[i].en, cl[k].en = tried, ""
						break
					}
					if cl[k].keep && verdict && participleNL(cl[k].low) {
						cl[i].en = tried
						break
					}
				}
			case "asked":
				if i+1 < len(cl) && cl[i+1].en == "not to" {
					// "heeft gevraagd om geen …": asked us not to
					cl[i].en = "asked us"
				}
			case "let's go with":
				for k := i + 1; k < len(cl); k++ {
					if !cl[k].keep && (cl[k].en == "take" || cl[k].en == "use") {
						cl[k].en = ""
						break
					}
				}
			}
		}
		// "dat verandert nooit": it never changes, a statement
		if len(cl) >= 3 && (cl[0].low == "dat" || cl[0].low == "die" || cl[0].low == "dit" || cl[0].low == "het") && (cl[1].keep || cl[1].cat == catRelative) && cl[2].low == "nooit" {
			verb := cl[1].low
			if !cl[1].keep {
				verb = cl[1].en
			}
			cl[0].en = "it"
			cl[1].keep, cl[1].en = false, "never "+verb
			cl[2].en = ""
		}
		// "één worker meer": one more worker
		for i := 0; i+2 < len(cl); i++ {
			if !cl[i].keep && (cl[i].en == "one" || cl[i].en == "a") && cl[i+1].keep && !cl[i+2].keep && (cl[i+2].en == "more" || cl[i+2].en == "less") {
				cl[i].en = "one " + cl[i+2].en
				cl[i+2].en = ""
			}
		}
	}
}

// permits reports whether a clause grants: a modal of permission left
// unnegated by fixNegation.
func permits(cl []glossTok) bool {
	for _, t := range cl {
		if !t.keep && (t.en == "you may" || t.en == "we may" || t.en == "may" || t.en == "you can") {
			return true
		}
	}
	return false
}

// nlObject are the words that may open an imperative's object before a
// late negation ("pas dat bestand niet aan").
var nlObject = map[string]bool{"de": true, "het": true, "een": true, "dat": true, "dit": true, "die": true, "deze": true, "mijn": true, "onze": true, "ons": true, "hem": true, "ze": true, "er": true, "daar": true, "hier": true, "je": true, "jouw": true, "alle": true}

// nlSubject are the words that make a clause a statement, not an
// order: a subject or an auxiliary ("het werkt niet", "we hoeven die
// niet te draaien").
var nlSubject = map[string]bool{"ik": true, "je": true, "jij": true, "we": true, "wij": true, "het": true, "hij": true, "zij": true, "ze": true, "u": true, "jullie": true, "dat": true, "dit": true, "er": true, "zal": true, "zullen": true, "kan": true, "kunnen": true, "wil": true, "willen": true, "hoeft": true, "hoeven": true, "hoef": true, "gaat": true, "gaan": true, "is": true, "zijn": true, "was": true, "waren": true, "wordt": true, "worden": true, "heeft": true, "hebben": true, "had": true}

// fixNLImperative reads a prohibition Dutch writes with its negation
// late: an imperative opening its clause, then its object, then "niet",
// "nooit" or "geen" ("pas dat bestand niet aan", "push nooit naar
// main"), is "do not" (or "never") before the verb; and "niet" before a
// clause-closing infinitive with no subject ("die map niet aanraken")
// is "do not".
func fixNLImperative(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] {
			lead++
		}
		neg := -1
		for i := lead; i < len(cl); i++ {
			if !cl[i].keep && (cl[i].low == "niet" || cl[i].low == "nooit" || cl[i].low == "geen") {
				neg = i
				break
			}
		}
		if neg < 0 {
			continue
		}
		subject := false
		for i := range cl {
			// the clause's first word may be a determiner ("dat bestand
			// niet aanraken"), the word after an imperative its object
			// ("pas dat bestand niet aan")
			if nlSubject[cl[i].low] && !(i == lead && nlObject[cl[i].low] && cl[i].low != "je") && !(i == lead+1 && cl[lead].keep) {
				subject = true
			}
			if !cl[i].keep && (strings.HasSuffix(cl[i].en, "may") || strings.HasSuffix(cl[i].en, "must")) {
				subject = true // a modal: fixNegation reads it
			}
		}
		if lead+1 < len(cl) && cl[lead+1].low == "het" && strings.HasSuffix(cl[lead].low, "t") {
			subject = true // "werkt het niet?" asks
		}
		switch {
		case lead+1 == neg && !cl[lead].keep && cl[lead].cat == catUse && cl[neg].low != "geen":
			// "gebruik nooit force push": never use
			not := "do not "
			if cl[neg].low == "nooit" {
				not = "never "
			}
			cl[lead].en, cl[neg].en = not+cl[lead].en, ""
		case lead < neg && cl[lead].keep && !nlSubject[cl[lead].low] && (neg == lead+1 || nlObject[cl[lead+1].low]) && neg-lead <= 6 && !subject:
			v := &cl[lead]
			switch cl[neg].low {
			case "nooit":
				v.en = "never " + v.low
				cl[neg].en = ""
			case "geen":
				v.en = "do not " + v.low
				cl[neg].en = "any"
			default:
				v.en = "do not " + v.low
				cl[neg].en = ""
			}
			v.keep, cl[neg].keep = false, false
		case cl[neg].low != "geen" && (neg == lead || neg == len(cl)-2) && !subject && cl[len(cl)-1].keep && infinitiveNL(cl[len(cl)-1].low):
			// "niet direct naar main pushen", "die map niet aanraken"
			cl[neg].en = "do not"
			if cl[neg].low == "nooit" {
				cl[neg].en = "never"
			}
		case cl[neg].low != "geen" && neg == lead && neg+2 < len(cl) && !subject && cl[neg+1].keep && infinitiveNL(cl[neg+1].low):
			// "en niet pushen naar origin he": an infinitive right
			// after the clause's opening "niet", its place after it
			cl[neg].en = "do not"
			if cl[neg].low == "nooit" {
				cl[neg].en = "never"
			}
		case lead < neg && !cl[lead].keep && cl[lead].en == "forget" && cl[neg].low == "niet":
			// "vergeet de tests niet": remember the tests
			cl[lead].en, cl[neg].en = "remember to", ""
		}
	}
}

// participleNL reports whether w looks like a Dutch past participle
// ("geleegd", "uitgezet", "aangepast").
func participleNL(w string) bool {
	i := strings.Index(w, "ge")
	return i >= 0 && i <= 4 && utf8.RuneCountInString(w) >= 6 && (strings.HasSuffix(w, "d") || strings.HasSuffix(w, "t"))
}

// infinitiveNL reports whether w looks like a Dutch infinitive, not a
// participle of a strong verb ("gelezen", "gegeven"; "gebruiken" and
// "geven" are infinitives).
func infinitiveNL(w string) bool {
	if strings.HasPrefix(w, "ge") && !strings.HasPrefix(w, "gebruik") && w != "geven" {
		return false
	}
	return utf8.RuneCountInString(w) >= 4 && strings.HasSuffix(w, "en")
}

// enNL are English function words Dutch writes too ("we gaan", "in de
// map", "dat is"), not counted as English against Dutch.
const enNL = `we in is`

func lexiconNL() *lexicon {
	lx := withComma(compileLexicon(lexNL, stopNL, fixNL, false))
	lx.enToo = map[string]bool{}
	for _, w := range strings.Fields(enNL) {
		lx.enToo[w] = true
	}
	return lx
}

// nlCheckVerbs ask to find a thing out: "of" after one is "whether"
// ("check even of de build groen is"), a request, no rule.
var nlCheckVerbs = wordSet(`check checken checkt controleer controleren kijk kijken bekijk nagaan verifieer verifiëren test testen zie`)
