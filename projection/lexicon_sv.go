package projection

import (
	"strings"
	"unicode/utf8"
)

// Swedish cues (lexicon.go). Swedish puts its negation right after the
// finite verb: an imperative opening its clause with "inte", "aldrig"
// or "ingen" after it ("kör inte migrationen på prod", "rör den inte")
// is a prohibition, a modal with a negation in its clause ("du får inte
// ändra", "personnummer får aldrig sparas") is "must not" or "must
// never", and "ska inte" is "should not" (fixSV); a verb in the present
// ("funkar inte", "behöver inte") states, and a subject before the verb
// makes a statement. "med" is "by" after a verb that changes a value
// ("sänk maxpass med ett"), "om" is "whether" after a cue of not knowing
// and "if" elsewhere, and "en"/"ett" after "by" is "one". Developer
// Swedish writes English verbs with Swedish endings ("pusha",
// "deploya", "committa"): they are left as written, and read as
// imperatives by their place.
var lexSV = []lexEntry{
	{catNever, "never", "aldrig"},
	{catNever, "never", "under_inga_omständigheter inte_under_några_omständigheter aldrig_någonsin"},
	{catNever, "not", "inte ej icke"},
	{catNever, "no", "ingen inget inga"},
	{catAnswer, "fine", "inga_problem inget_problem ingen_fara ingen_stress"},
	{catAnswer, "take your time", "ingen_brådska"},
	{catAnswer, "thanks", "tack tack_så_mycket tusen_tack"},
	{catNever, "I don't want you to", "jag_vill_inte_att_du jag_vill_inte_att_ni"},
	{catNever, "is forbidden", "är_förbjudet är_förbjuden är_inte_tillåtet är_inte_tillåten är_inte_okej är_inte_ok"},
	{catNever, "are forbidden", "är_förbjudna är_inte_tillåtna"},
	{catNever, "forbidden", "förbjudet förbjuden förbjudna"},
	{catNever, "off-limits", "tabu"},
	{catNever, "stay away from", "håll_dig_borta_från håll_er_borta_från håll_tassarna_borta_från håll_fingrarna_borta_från"},
	{catNever, "you may", "du_får får_du ni_får får_ni man_får får_man"},
	{catNever, "we may", "vi_får får_vi"},
	{catNever, "you can", "du_kan kan_du ni_kan kan_ni man_kan kan_man"},
	{catNever, "may", "får"},
	{catNever, "nothing", "ingenting"},
	{catMust, "you must", "du_måste måste_du ni_måste måste_ni man_måste måste_man"},
	{catMust, "we must", "vi_måste måste_vi"},
	{catMust, "I must", "jag_måste måste_jag"},
	{catMust, "must", "måste"},
	{catMust, "should", "bör borde"},
	{catMust, "should be", "ska_vara skall_vara"},
	{catMust, "shall", "ska skall"},
	{catMust, "always", "alltid"},
	{catMust, "make sure", "se_till_att se_till kolla_att säkerställ_att säkerställ"},
	{catMust, "only", "endast enbart uteslutande"},
	{catMust, "at most", "högst max maximalt som_mest som_högst"},
	{catMust, "at least", "minst som_minst"},
	{catMust, "from now on", "framöver hädanefter från_och_med_nu från_nu_av från_nu"},
	{catUse, "use", "använd använda"},
	{catUse, "prefer", "föredra helst"},
	{catInstead, "instead of", "i_stället_för istället_för snarare_än"},
	{catInstead, "instead", "i_stället istället"},
	{catInstead, "switch to", "byt_till gå_över_till"},
	{catExcept, "except", "utom förutom"},
	{catExcept, "except for", "med_undantag_för"},
	{catExcept, "unless", "såvida_inte om_inte"},
	{catExcept, "the rest", "resten"},
	{catExcept, "nothing else", "inget_annat ingenting_annat"},
	{catExcept, "an exception", "ett_undantag"},
	{catExcept, "exception", "undantag"},
	{catExcept, "stays", "gäller_fortfarande ligger_kvar står_kvar"},
	{catExcept, "still", "fortfarande"},
	{catExcept, "anyway", "ändå"},
	{catLift, "is fine", "är_okej är_ok är_lugnt är_fine går_bra är_fritt_fram"},
	{catLift, "no longer need to", "behöver_inte_längre behöver_inte_längre_ha"},
	{catGiveUp, "is no longer needed", "behövs_inte_längre behövs_inte_mer"},
	{catLift, "no longer applies", "gäller_inte_längre gäller_inte_mer gäller_ej_längre är_inte_längre_aktuell är_inte_längre_aktuellt"},
	{catLift, "no longer applies", "upphör_att_gälla faller_bort får_falla"},
	{catLift, "does not apply to", "gäller_inte gäller_ej"},
	{catLift, "is gone", "är_borta är_struken är_struket"},
	{catLift, "is allowed again", "är_tillåtet_igen är_okej_igen är_ok_igen"},
	{catLift, "may again", "får_igen"},
	{catLift, "no longer", "inte_längre inte_mer inte_längre_något"},
	{catLift, "now", "nu"},
	{catLift, "again", "igen återigen"},
	{catLift, "allowed", "tillåtet tillåten tillåtna"},
	{catLift, "released", "släppt frisläppt"},
	{catLift, "lifted", "hävd hävt upphävd upphävt"},
	{catLift, "drop", "stryk"},
	{catLift, "rule", "punkt"},
	{catLift, "like any other", "som_vilken_annan_som_helst som_alla_andra"},
	{catRelative, "halve", "halvera*"},
	{catRelative, "double", "dubbla* fördubbla*"},
	{catRelative, "increase", "höj* öka*"},
	{catRelative, "reduce", "sänk* minska* korta_ner"},
	{catRelative, "revert", "sätt_tillbaka ställ_tillbaka återställ"},
	{catRelative, "set", "sätt ställ_in"},
	{catRelative, "change", "ändra*"},
	{catRelative, "back to the old value", "tillbaka_till_det_gamla_värdet tillbaka_till_gamla_värdet"},
	{catRelative, "the old value", "det_gamla_värdet gamla_värdet förra_värdet det_förra_värdet"},
	{catRelative, "back", "tillbaka som_det_var som_förut som_innan som_det_var_innan som_det_var_förut"},
	{catRelative, "back to", "tillbaka_till"},
	{catRelative, "one more", "en_till ett_till en_extra ett_extra"},
	{catRelative, "more", "mer fler extra"},
	{catRelative, "less", "mindre färre"},
	{catRelative, "30 minutes", "en_halvtimme en_halvtimma"},
	{catRelative, "earlier", "tidigare"},
	{catRelative, "later", "senare"},
	{catRelative, "minutes", "minuter"},
	{catRelative, "minute", "minut"},
	{catRelative, "seconds", "sekunder sek"},
	{catRelative, "second", "sekund"},
	{catRelative, "hours", "timmar tim"},
	{catRelative, "hour", "timme timma"},
	{catRelative, "days", "dagar dygn"},
	{catRelative, "day", "dag"},
	{catRelative, "weeks", "veckor"},
	{catRelative, "week", "vecka"},
	{catRelative, "months", "månader mån"},
	{catRelative, "month", "månad"},
	{catRelative, "years", "år"},
	{catRelative, "percent", "procent"},
	{catRelative, "by default", "som_standard standardmässigt"},
	{catQuestion, "still unclear", "vet_inte_än vet_inte_ännu jag_vet_inte_än jag_vet_inte_ännu vi_vet_inte_än vi_vet_inte_ännu vet_vi_inte_än vet_jag_inte_än"},
	{catQuestion, "I don't know", "jag_vet_inte vet_inte vet_jag_inte vet_ej ingen_aning ingen_susning"},
	{catQuestion, "I'm not sure", "jag_är_inte_säker jag_är_osäker är_inte_säker inte_säker osäker vet_inte_riktigt"},
	{catQuestion, "I wonder", "undrar"},
	{catQuestion, "open question", "öppen_fråga öppna_frågor"},
	{catQuestion, "do you know", "vet_du vet_ni"},
	{catQuestion, "unclear", "oklart oklar otydligt"},
	{catQuestion, "question", "fråga"},
	{catQuestion, "still open", "fortfarande_öppet fortfarande_öppen är_öppet"},
	{catQuestion, "not decided", "inte_bestämt inte_beslutat"},
	{catQuestion, "I'll get back to you", "återkommer återkommer_om_det jag_återkommer vi_återkommer"},
	{catChoice, "let's go with", "vi_kör_på kör_vi_på vi_tar tar_vi vi_väljer väljer_vi vi_går_på vi_kör_med"},
	{catChoice, "go with", "välj ta"},
	{catChoice, "option", "alternativ alternativet"},
	{catChoice, "the first one", "det_första den_första första_alternativet"},
	{catChoice, "the second one", "det_andra_alternativet andra_alternativet"},
	{catAnswer, "yes", "ja japp jepp"},
	{catAnswer, "no", "nej nä nää"},
	{catAnswer, "no wait", "nej_vänta nej_förresten förresten"},
	{catAnswer, "I mean", "jag_menar menar_jag alltså"},
	{catAnswer, "actually", "egentligen faktiskt"},
	{catAnswer, "sorry", "förlåt sorry ursäkta pardon"},
	{catAnswer, "ok", "okej okidoki"},
	{catGiveUp, "forget it", "glöm_det strunta_i_det skit_i_det släpp_det"},
	{catGiveUp, "forget", "strunta_i skit_i glöm"},
	{catGiveUp, "is not needed", "behövs_inte"},
	{catDone, "remember to", "glöm_inte glöm_inte_att kom_ihåg kom_ihåg_att tänk_på_att"},
	{catDone, "before you finish", "innan_du_är_klar innan_du_slutar innan_du_avslutar innan_vi_avslutar"},
	{catDone, "before", "innan"},
	{catMust, "before every", "före_varje innan_varje"},
	{catDone, "at the end", "i_slutet till_sist"},
	{catDone, "done", "klart klar färdigt färdig avklarat avklarad fixat"},
	{catDone, "two things", "två_saker"},
	{catDone, "three things", "tre_saker"},
	{catDone, "four things", "fyra_saker"},
	{catGoal, "Goal", "mål målet huvudmål"},
	{catGoal, "Task", "uppgift uppgiften"},
	// a change of task: "ändrat läge: …, parkera migreringen. Nytt fokus: …"
	// (objshift.go); Swedish writes "the" as a noun's ending, so "parkera
	// migreringen" is "park the migration"
	{catGoal, "change of plans", "ändrat_läge ändrade_planer ändrad_plan ändring_av_planerna planändring nya_planer ändrade_förutsättningar"},
	{catGoal, "plans changed", "planerna_har_ändrats planerna_ändrades läget_har_ändrats"},
	{catGoal, "new focus", "nytt_fokus"},
	{catGoal, "change of focus", "byt_fokus byter_fokus ändrat_fokus"},
	{catGoal, "new goal", "nytt_mål"},
	{catGoal, "new priority", "ny_prio ny_prioritet"},
	{catGoal, "top priority", "högsta_prio högsta_prioritet"},
	{catGoal, "priority", "prioritet prioriteten"},
	{catGoal, "more important", "viktigare"},
	{catGoal, "focus", "fokus fokuset"},
	{catGoal, "next task", "nästa_uppgift"},
	{catGoal, "new task", "ny_uppgift"},
	{catGoal, "park it", "parkera_det parkera_den"},
	{catGoal, "park the", "parkera parkerar"},
	{catGoal, "can wait", "kan_vänta får_vänta"},
	{catGoal, "postpone", "skjut_upp skjuter_upp skjuter_vi_upp"},
	{catGoal, "for now", "tills_vidare för_tillfället så_länge"},
	{catRules, "rules", "regler reglerna"},
	{catRules, "rule", "regel regeln"},
	{catRelay, "says", "säger skriver säger_att skriver_att"},
	{catRelay, "said", "sa sade"},
	{catRelay, "according to", "enligt"},
	{catRelay, "asked us", "bad_oss har_bett_oss"},
	{catRelay, "asked", "frågade bad_mig"},
	{catRelay, "answered", "svarade"},
	{catRelay, "I'll ask", "jag_frågar jag_kollar_med"},
	{catAttempt, "we tried", "vi_testade vi_provade vi_försökte vi_har_testat vi_har_provat vi_har_försökt"},
	{catAttempt, "I tried", "jag_testade jag_provade jag_försökte jag_har_testat jag_har_provat jag_har_försökt"},
	{catAttempt, "tried", "testat provat försökt testade provade försökte"},
	{catAttempt, "can't get it to work", "får_inte_till_det får_inte_ihop_det får_inte_igång_det får_inte_till"},
	{catAttempt, "didn't work", "funkade_inte fungerade_inte gick_inte"},
	{catAttempt, "doesn't work", "funkar_inte fungerar_inte går_inte"},
	{catAttempt, "made no difference", "hjälpte_inte hjälpte_inte_alls gjorde_ingen_skillnad hade_ingen_effekt ingen_skillnad"},
	{catFunction, "the", "den"},
	{catFunction, "it", "det"},
	{catFunction, "they", "de"},
	{catFunction, "remove", "ta_bort"},
	{catFunction, "add", "lägg_till lägga_till lägger_till"},
	// imperatives a task opens with, glossed so that its verb reads as
	// English's ("fixa retry-policyn": fix the retry policy); fixSVImperative
	// still reads them before a negation ("fixa inte": do not fix). Not
	// "testa": every lexicon's words are stopwords of all (text.go), and
	// "testa" is Portuguese's and Italian's too ("testa o freebayes")
	{catFunction, "fix", "fixa laga"},
	{catFunction, "replace", "byt"},
	{catFunction, "update", "uppdatera"},
	{catFunction, "write", "skriv"},
	{catFunction, "move", "flytta"},
	{catFunction, "create", "skapa"},
	{catFunction, "delete", "radera"},
	{catFunction, "a", "en ett"},
	{catFunction, "two", "två"},
	{catFunction, "three", "tre"},
	{catFunction, "and", "och"},
	{catFunction, "or", "eller"},
	{catFunction, "but", "men"},
	{catFunction, "is", "är blir"},
	{catFunction, "was", "var blev"},
	{catFunction, "have", "har"},
	{catFunction, "had", "hade"},
	{catFunction, "I", "jag"},
	{catFunction, "you", "du ni dig"},
	{catFunction, "we", "vi"},
	{catFunction, "me", "mig mej"},
	{catFunction, "us", "oss"},
	{catFunction, "he", "han"},
	{catFunction, "she", "hon"},
	{catFunction, "they", "dom"},
	{catFunction, "to", "att"},
	{catFunction, "that", "som"},
	{catFunction, "this", "detta denna det_här den_här de_här dessa"},
	{catFunction, "with", "med"},
	{catFunction, "without", "utan"},
	{catFunction, "for", "för"},
	{catFunction, "in", "i"},
	{catFunction, "on", "på"},
	{catFunction, "to", "till"},
	{catFunction, "from", "från"},
	{catFunction, "of", "av"},
	{catFunction, "after", "efter"},
	{catFunction, "if", "om"},
	{catFunction, "when", "när"},
	{catFunction, "because", "eftersom för_att"},
	{catFunction, "why", "varför"},
	{catFunction, "I think", "jag_tror tror_jag"},
	{catFunction, "nowhere", "ingenstans"},
	{catFunction, "which one", "vilken vilket vilka"},
	{catFunction, "alone", "vara_i_fred i_fred ifred"},
	{catFunction, "please", "snälla tack_på_förhand"},
	{catFunction, "also", "också även"},
	{catFunction, "then", "sen sedan då"},
	{catFunction, "my", "min mitt mina"},
	{catFunction, "our", "vår vårt våra"},
	{catFunction, "all", "alla allt"},
	{catFunction, "just", "bara"},
}

// stopSV are Swedish function words that tell Swedish from English,
// Dutch and the Romance languages: none is an English function word or
// one of theirs ("om" is a Dutch one, "men", "man", "till" and "i"
// English ones, "de" and "en" Romance ones, so they are left out).
// "du" and "den" are German ones too, kept: without them a short
// Swedish question ("kan du fixa buggen i X? den kraschar när …") tied
// with German; a German message has more of its own.
const stopSV = `och inte att det är jag du den ett två samma vill som har på med för från också även eller ska måste får kan aldrig alltid ingen inget inga bara nej hej tack snälla varför vad hur när vår våra vårt mitt mina dom detta denna dessa efter utan sen sedan då så idag nu`

// fixSV reads Swedish word order and its two-way words in the gloss:
// prohibitions (fixSVImperative, fixNegation); "ska" with a negation
// (should not), else "must" unless "jag" or "vi" is its subject (a
// plan: "vi ska bygga X"); "bara" after "använd", "ligger kvar" or
// before a preposition (only; else just); "nej" before a number (a
// self-repair: "no, 52"); a setting right after the verb that changes
// it ("the" setting: Swedish writes its article as an ending); "med"
// after a change (by), "en"/"ett" after it (one); "om" after not
// knowing (whether); "den" opening a clause (it); "framöver" in a
// permission (now); "en worker till" (one more worker).
func fixSV(toks []glossTok) {
	for i := range toks {
		if t := &toks[i]; !t.keep && t.en == "no" && t.cat == catAnswer && t.numAfter {
			// "48 lägenheter, nej 52": a self-repair ("no, 52")
			t.en = "no,"
		}
	}
	fixSVImperative(toks)
	for _, cl := range glossClauses(toks) {
		// "ska inte": should not
		shall, neg := -1, -1
		for i := range cl {
			switch {
			case cl[i].keep:
			case cl[i].en == "shall" && shall < 0:
				shall = i
			case cl[i].cat == catNever && (cl[i].en == "not" || cl[i].en == "never") && neg < 0:
				neg = i
			}
		}
		switch {
		case shall < 0 || svSubject(cl, shall, "jag"):
		case neg > shall:
			// "migrationerna ska inte köras manuellt": should not
			cl[shall].en = "should"
		case !svSubject(cl, shall, "vi"):
			// "alla PR:er ska ha två reviewers": must ("vi ska bygga
			// X" is a plan)
			cl[shall].en = "must"
		}
		// "använd bara pnpm", "bara i CDN:en": only ("kör bara testerna":
		// just)
		for i := range cl {
			if !cl[i].keep && cl[i].low == "bara" && (i > 0 && !cl[i-1].keep && (cl[i-1].cat == catUse || cl[i-1].en == "stays") || i+1 < len(cl) && svPrep[cl[i+1].low]) {
				cl[i].en = "only"
			}
		}
	}
	fixNegation(toks, negRules{})
	fixSetting(toks)
	for _, cl := range glossClauses(toks) {
		// "halvera timeouten", "sänk maxpass med ett": a setting named
		// right after the verb that changes it is "the" setting (Swedish
		// writes its article as an ending, or none)
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] {
			lead++
		}
		if lead+1 < len(cl) && !cl[lead].keep && cl[lead].cat == catRelative && svSetVerb[cl[lead].en] && cl[lead+1].keep && cl[lead+1].pre == "" {
			cl[lead+1].pre = "the"
		}
	}
	for _, cl := range glossClauses(toks) {
		change, question, by := false, false, false
		for i := range cl {
			t := &cl[i]
			if t.keep {
				question = question || svCheckVerbs[t.low]
				continue
			}
			switch {
			case t.low == "fråga" && i == 0 && len(cl) > 1 && (cl[1].keep || cl[1].en == "me" || cl[1].en == "us"):
				// "fråga mig innan …", "fråga Anna": ask
				t.en = "ask"
			case t.en == "increase" || t.en == "reduce" || t.en == "change":
				change = true
			case t.en == "with" && change:
				// "höj timeouten med 20 sekunder": by 20
				t.en = "by"
				by = true
				continue
			case by && (t.low == "en" || t.low == "ett"):
				// "sänk maxpass med ett": by one
				t.en = "one"
			case t.cat == catQuestion || svCheckVerbs[t.low]:
				// "kolla bara om testerna går igenom": whether
				question = true
			case t.low == "om" && question:
				t.en = "whether"
			case t.low == "den" && i == 0 && len(cl) > 1 && (cl[1].keep || cl[1].cat != catFunction):
				// "den behövs inte", "den ändras aldrig": it
				t.en = "it"
			case t.en == "from now on" && permits(cl):
				t.en = "now"
			}
			by = false
		}
		// "en worker till", "ett jobb mindre": one more, one less
		for i := 0; i+2 < len(cl); i++ {
			if !cl[i].keep && (cl[i].en == "a") && cl[i+1].keep && !cl[i+2].keep && (cl[i+2].en == "more" || cl[i+2].en == "less" || cl[i+2].en == "to") {
				more := cl[i+2].en
				if more == "to" {
					if i+3 < len(cl) {
						continue // "en fil till servern": to
					}
					more = "more"
				}
				cl[i].en = "one " + more
				cl[i+2].en = ""
			}
		}
	}
}

// svPrep are the prepositions after which "bara" is "only" ("bara i
// CDN:en", "bara på staging").
var svPrep = map[string]bool{"i": true, "på": true, "via": true, "med": true, "för": true, "till": true, "från": true, "inom": true, "under": true, "efter": true, "före": true, "innan": true}

// svSetVerb are the glosses of the verbs that set or change a value.
var svSetVerb = map[string]bool{"set": true, "revert": true, "halve": true, "double": true, "increase": true, "reduce": true, "change": true}

// svSubject reports whether the word before the modal at i, or right
// after it, is subject ("jag ska inte hinna": I will not make it, no
// rule).
func svSubject(cl []glossTok, i int, subject string) bool {
	return i > 0 && cl[i-1].low == subject || i+1 < len(cl) && cl[i+1].low == subject
}

// svObject are the unstressed pronouns that may stand between an
// imperative and its negation ("rör den inte", "ändra dem aldrig").
var svObject = map[string]bool{"den": true, "dem": true, "dom": true, "honom": true, "henne": true, "dessa": true}

// svSubjects are the words that make a clause a statement, not an order:
// a subject or an auxiliary ("det funkar inte", "vi behöver inte").
var svSubjects = map[string]bool{"jag": true, "du": true, "vi": true, "ni": true, "han": true, "hon": true, "det": true, "man": true, "de": true, "dom": true, "den": true, "detta": true, "är": true, "var": true, "har": true, "hade": true, "blir": true, "blev": true, "kan": true, "kunde": true, "vill": true, "ville": true, "skulle": true, "behöver": true, "brukar": true, "verkar": true, "ser": true, "finns": true, "fanns": true}

// svParticle are the particle verbs an imperative splits around its
// negation ("ta inte bort": do not remove).
var svParticle = map[string]string{"ta bort": "remove", "lägg till": "add", "stäng av": "turn off", "slå av": "turn off", "skriv över": "overwrite", "slå på": "turn on", "sätt på": "turn on"}

// fixSVImperative reads a prohibition Swedish writes with its negation
// after the verb: a verb opening its clause (after "och", "men",
// "snälla") with "inte", "aldrig" or "ingen/inga/inget" right after it,
// or after an unstressed object pronoun ("kör inte migrationen", "rör
// den inte", "pusha aldrig till main", "lägg inga nya beroenden"), is
// "do not" (or "never") before the verb, and one with "alltid" after it
// ("kör alltid testerna") is "always" before it. A verb in the present
// ("funkar", "behöver", "använder") or a subject states.
func fixSVImperative(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] && cl[lead].low != "det" && cl[lead].low != "den" {
			lead++
		}
		if lead+1 >= len(cl) {
			continue
		}
		neg := lead + 1
		if svObject[cl[neg].low] && neg+1 < len(cl) {
			neg++
		}
		n := cl[neg]
		if n.keep || !(n.low == "inte" || n.low == "ej" || n.low == "aldrig" || n.low == "alltid" || n.low == "ingen" || n.low == "inga" || n.low == "inget") {
			continue
		}
		v := &cl[lead]
		if svSubjects[v.low] || !svImperative(v.low) {
			continue
		}
		if !v.keep && v.cat != catUse && v.cat != catRelative && v.cat != catChoice && !svVerbs[v.en] {
			continue
		}
		verb := v.low
		if !v.keep {
			verb = v.en
		}
		// a particle verb ("ta inte bort", "lägg inga nya index till")
		for k := neg + 1; k < len(cl) && k <= neg+4; k++ {
			if en, ok := svParticle[v.low+" "+cl[k].low]; ok {
				verb = en
				cl[k].keep, cl[k].en = false, ""
				break
			}
		}
		switch n.low {
		case "aldrig":
			v.en = "never " + verb
			cl[neg].en = ""
		case "alltid":
			// "kör alltid testerna innan du pushar": always run
			v.en = "always " + verb
			cl[neg].en = ""
		case "ingen", "inga", "inget":
			v.en = "do not " + verb
			cl[neg].en = "any"
		default:
			v.en = "do not " + verb
			cl[neg].en = ""
		}
		v.keep = false
		if neg > lead+1 {
			// "rör den inte": touch it
			cl[lead+1].keep, cl[lead+1].en = false, "it"
		}
	}
}

// svVerbs are the glosses of the Swedish imperatives glossed as verbs
// (catFunction entries above).
var svVerbs = map[string]bool{"fix": true, "replace": true, "update": true, "write": true, "move": true, "create": true, "delete": true, "remove": true, "add": true}

// svImperative reports whether w may be an imperative: a word of two
// letters or more that does not end as a present tense does ("funkar",
// "behöver", "använder"; "kör", "gör", "rör" are both).
func svImperative(w string) bool {
	n := utf8.RuneCountInString(w)
	if n < 2 {
		return false
	}
	if n >= 5 && (strings.HasSuffix(w, "ar") || strings.HasSuffix(w, "er") || strings.HasSuffix(w, "ir")) {
		return false
	}
	// a past tense or participle ("funkade", "testat") states
	return !(n >= 5 && (strings.HasSuffix(w, "ade") || strings.HasSuffix(w, "de") && !strings.HasSuffix(w, "ande")))
}

// enSV are English function words Swedish writes too ("i prod", "i
// klartext"), not counted as English against Swedish.
const enSV = `i`

// svWords are the words of a Swedish message (latinWords), "nej" marked
// when a number follows it ("48, nej 52").
func svWords(text string) []glossTok {
	toks := latinWords(text)
	out := toks[:0]
	for i := range toks {
		t := toks[i]
		if t.start > 1 && text[t.start-1] == ':' && len(out) > 0 && out[len(out)-1].end == t.start-1 {
			// "PR:er", "CDN:en", "API:t": an abbreviation's ending is the
			// abbreviation's, no word and no clause break; the gloss
			// writes the abbreviation alone ("API")
			a := &out[len(out)-1]
			a.keep, a.en, a.cat = false, a.text, catFunction
			a.end, a.low, a.clauseEnd = t.end, a.low+":"+t.low, t.clauseEnd
			continue
		}
		if t.low == "nej" || t.low == "nä" {
			rest := strings.TrimLeft(text[t.end:], " ,")
			t.numAfter = rest != "" && isDigit(rest[0])
		}
		out = append(out, t)
	}
	return out
}

func lexiconSV() *lexicon {
	lx := withComma(compileLexicon(lexSV, stopSV, fixSV, false))
	lx.tokens = svWords
	lx.enToo = map[string]bool{}
	for _, w := range strings.Fields(enSV) {
		lx.enToo[w] = true
	}
	return lx
}

// svCheckVerbs ask to find a thing out: "om" after one is "whether"
// ("kolla om bygget är grönt"), a request, no rule.
var svCheckVerbs = wordSet(`kolla kollar kontrollera kontrollerar titta se verifiera testa`)
