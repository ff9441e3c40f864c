package projection

import (
	"slices"
	"strings"
)

// German cues (lexicon.go). Separable verbs are read by their stem and
// particle as written apart ("stell … sicher", "denk daran"); a modal's
// negation later in its clause ("du darfst X nicht ändern") is read with
// the modal (fixDE).
var lexDE = []lexEntry{
	{catNever, "never", "nie niemals nimmer keinesfalls"},
	{catNever, "not", "nicht"},
	{catNever, "no", "kein keine keinen keinem keiner keines"},
	{catNever, "are forbidden", "sind_verboten"},
	{catNever, "is forbidden", "ist_verboten"},
	{catNever, "forbidden", "verboten untersagt"},
	{catNever, "off-limits", "tabu"},
	{catNever, "hands off", "finger_weg_von finger_weg lass_die_finger_von"},
	{catNever, "you may", "darfst_du du_darfst dürfen_sie sie_dürfen"},
	{catNever, "you can", "kannst_du du_kannst können_sie"},
	{catNever, "may", "darf darfst dürfen dürft"},
	{catNever, "should", "soll sollst sollen sollt solltest sollte"},
	{catMust, "I must", "muss_ich"},
	{catMust, "you must", "musst_du du_musst müssen_sie"},
	{catMust, "we must", "müssen_wir"},
	{catMust, "I should", "soll_ich sollte_ich"},
	{catMust, "must", "muss musst müssen müsst"},
	{catMust, "always", "immer stets grundsätzlich"},
	{catMust, "make sure", "stell_sicher stelle_sicher stellt_sicher achte_darauf achte_drauf"},
	{catMust, "only", "nur ausschließlich lediglich"},
	{catMust, "from now on", "ab_jetzt ab_sofort von_nun_an künftig"},
	{catUse, "use", "verwende verwendet benutze benutzt nutze nutzt nimm"},
	{catUse, "prefer", "bevorzuge"},
	{catUse, "I prefer", "ich_bevorzuge ich_mag_lieber mag_ich_lieber"},
	{catUse, "not mandatory", "kein_muss keine_pflicht nicht_zwingend"},
	{catInstead, "instead of", "statt anstatt anstelle_von stattdessen"},
	{catInstead, "switch to", "wechsle_zu wechsel_zu steig_um_auf"},
	{catExcept, "except", "außer ausgenommen ausnahme"},
	{catExcept, "unless", "es_sei_denn"},
	{catExcept, "the rest", "den_rest der_rest"},
	{catLift, "no longer", "nicht_mehr nicht_länger"},
	{catLift, "now", "jetzt nun"},
	{catLift, "again", "wieder"},
	{catLift, "allowed", "erlaubt"},
	{catLift, "released", "freigegeben"},
	{catLift, "like any other", "wie_jede_andere wie_jeder_andere wie_jedes_andere wie_alle_anderen"},
	{catLift, "lifted", "aufgehoben"},
	{catLift, "no longer applies", "gilt_nicht_mehr gilt_nicht_länger"},
	{catLift, "no longer applies", "entfällt fällt_weg kann_entfallen darf_entfallen kann_wegfallen darf_wegfallen"},
	{catLift, "obsolete", "hinfällig obsolet gegenstandslos"},
	{catExcept, "just this once", "nur_dieses_mal nur_dieses_eine_mal ausnahmsweise"},
	{catLift, "no longer need to", "nicht_mehr_nötig muss_nicht_mehr müssen_nicht_mehr brauchst_nicht_mehr"},
	{catRelative, "halve", "halbier*"},
	{catRelative, "double", "verdopple* verdoppel*"},
	{catRelative, "increase", "erhöh*"},
	{catRelative, "reduce", "reduzier* senk* verringer*"},
	{catRelative, "set", "setz* stell"},
	{catRelative, "set it to", "setz_ihn_auf setz_sie_auf setz_es_auf stell_ihn_auf stell_sie_auf stell_es_auf"},
	{catRelative, "change", "änder*"},
	{catRelative, "by", "um"},
	{catRelative, "back to", "zurück_auf wieder_auf"},
	{catRelative, "one more", "noch_einen noch_eine noch_ein"},
	{catRelative, "minutes", "minuten"},
	{catRelative, "seconds", "sekunden"},
	{catRelative, "hours", "stunden"},
	{catRelative, "days", "tage tagen"},
	{catQuestion, "open question", "offene_frage"},
	{catQuestion, "I still don't know", "weiß_ich_noch_nicht"},
	{catQuestion, "still unclear", "ich_weiß_noch_nicht wir_wissen_noch_nicht wissen_wir_noch_nicht"},
	{catQuestion, "I don't know", "weiß_nicht"},
	{catQuestion, "unclear", "unklar"},
	{catQuestion, "whether", "ob"},
	{catQuestion, "question", "frage"},
	{catQuestion, "good question", "gute_frage"},
	{catQuestion, "can't answer", "nicht_beantworten"},
	{catQuestion, "open point", "offener_punkt offenen_punkt offene_punkt offene_punkte"},
	{catQuestion, "don't decide", "nicht_entscheide nicht_entscheiden"},
	{catQuestion, "not decided", "nicht_entschieden"},
	{catQuestion, "still open", "noch_offen"},
	{catQuestion, "I don't know", "weiß_ich_selbst_nicht weiß_ich_nicht"},
	{catChoice, "let's go with", "nehmen_wir"},
	{catChoice, "let's take", "lass_uns nehmen"},
	{catChoice, "the first one", "die_erste das_erste der_erste"},
	{catChoice, "the second one", "die_zweite das_zweite der_zweite"},
	{catAnswer, "yes", "ja"},
	{catAnswer, "no", "nein"},
	{catAnswer, "sorry", "entschuldigung pardon"},
	{catGiveUp, "forget it", "vergiss_es vergessen_wir_das"},
	{catGiveUp, "forget", "vergiss"},
	{catGiveUp, "drop it", "lass_es"},
	{catRules, "rules", "regeln"},
	{catRules, "rule", "regel"},
	{catRules, "ban", "sperre verbot"},
	{catRelay, "asked us to", "hat_uns_gebeten hat_mich_gebeten bat_uns"},
	{catNever, "nothing", "nichts"},
	{catDone, "remember to", "denk_daran denke_daran denk_dran vergiss_nicht"},
	{catDone, "before you finish", "vor_dem_abschluss bevor_du_fertig_bist"},
	{catDone, "before", "bevor"},
	{catMust, "before every", "vor_jedem vor_jeder"},
	{catMust, "every time", "jedes_mal jedesmal jedes_einzelne_mal immer_wenn"},
	{catFunction, "run", "laufen_lassen"},
	{catDone, "at the end", "am_ende zum_schluss"},
	{catDone, "done", "fertig erledigt"},
	{catDone, "before you wrap up", "bevor_du_feierabend_machst vor_feierabend"},
	{catDone, "last thing for today", "für_heute_das_letzte"},
	{catDone, "two things", "zwei_sachen zwei_dinge"},
	{catDone, "three things", "drei_sachen drei_dinge"},
	{catDone, "four things", "vier_sachen vier_dinge"},
	{catGoal, "Goal", "ziel hauptziel"},
	{catGoal, "Task", "aufgabe"},
	{catGoal, "change of plans", "planänderung planwechsel änderung_des_plans"},
	{catGoal, "new priority", "neue_priorität neue_prio"},
	{catGoal, "change of goal", "zieländerung zielwechsel änderung_des_ziels wir_ändern_das_ziel"},
	{catGoal, "change of focus", "fokuswechsel fokusänderung"},
	{catGoal, "new focus", "neuer_fokus"},
	{catGoal, "new goal", "neues_ziel"},
	{catGoal, "priority", "priorität"},
	{catGoal, "more important", "wichtiger"},
	{catRelay, "says", "sagt meint schreibt"},
	{catRelay, "according to", "laut"},
	{catRelay, "answered", "geantwortet antwortete"},
	{catRelay, "answer from", "antwort_von"},
	{catRelay, "asked", "gefragt"},
	{catRelay, "I'll ask", "ich_frag ich_frage frag_ich"},
	{catAttempt, "we tried", "wir_haben_probiert haben_wir_probiert wir_probierten"},
	{catAttempt, "tried", "probiert ausprobiert versucht"},
	{catAttempt, "didn't work", "hat_nicht_funktioniert hat_nicht_geklappt"},
	{catAttempt, "doesn't work", "funktioniert_nicht klappt_nicht geht_nicht"},
	{catAttempt, "made no difference", "hat_nichts_gebracht bringt_nichts"},
	{catAttempt, "hung", "hing hängte"},
	{catRelative, "by default", "standardmäßig"},
	// Verbs of working on a thing or bringing one in, as a rule or a
	// permission says them ("nicht anfassen", "darfst du hinzufügen").
	{catUse, "touch", "anfassen anrühren"},
	{catUse, "add", "hinzufügen hinzuzufügen einbauen"},
	{catUse, "install", "installieren"},
	{catUse, "edit", "bearbeiten"},
	{catExcept, "just this once", "ausnahmsweise einmalig"},
	{catFunction, "the", "der die das den dem des"},
	{catFunction, "a", "ein eine einen einem einer"},
	{catFunction, "and", "und"},
	{catFunction, "or", "oder"},
	{catFunction, "but", "aber sondern"},
	{catFunction, "is", "ist"},
	{catFunction, "are", "sind"},
	{catFunction, "was", "war"},
	{catFunction, "has", "hat"},
	{catFunction, "I", "ich"},
	{catFunction, "you", "du ihr dich dir"},
	{catFunction, "we", "wir"},
	{catFunction, "it", "es"},
	{catFunction, "with", "mit"},
	{catFunction, "for", "für"},
	{catFunction, "in", "im in"},
	{catFunction, "to", "auf zu"},
	{catFunction, "from", "von vom"},
	{catFunction, "if", "wenn falls"},
	{catFunction, "because", "weil da"},
	{catFunction, "alone", "in_ruhe"},
	{catFunction, "please", "bitte"},
	{catFunction, "also", "auch"},
	{catFunction, "then", "dann"},
	{catFunction, "this", "dieser diese dieses"},
	{catFunction, "my", "mein meine"},
	{catFunction, "our", "unser unsere"},
}

const stopDE = `der die das den dem des ein eine einen und ist nicht ich du wir mit für auf bitte noch auch sind wird kein keine nie immer muss darfst aber oder im vom zum zur dass wenn`

func fixDE(toks []glossTok) {
	fixNegation(toks, negRules{initialNot: true})
	fixImperativeNot(toks)
	fixVerbLast(toks)
	fixSetting(toks)
}

// fixVerbLast reads a setting changed with its verb last, as German puts
// an infinitive ("Die Timeout-Grenze bitte auf 30 Sekunden setzen", "den
// Batch auf 500 erhöhen"): the verb before the clause ("set the
// Timeout-Grenze … to 30 seconds"), its own place keeping no word.
func fixVerbLast(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		n := len(cl)
		if n < 3 || cl[n-1].keep || cl[n-1].cat != catRelative {
			continue
		}
		switch cl[n-1].en {
		case "set", "increase", "reduce":
		default:
			continue
		}
		if !slices.ContainsFunc(cl[:n-1], func(t glossTok) bool { return !t.keep && t.en == "to" }) {
			continue
		}
		cl[0].pre = strings.TrimSpace(cl[n-1].en + " " + cl[0].pre)
		cl[n-1].en = ""
		for i := range cl {
			if !cl[i].keep && cl[i].en == "please" {
				// "bitte" inside the clause is no part of the setting's
				// name
				cl[i].en = ""
			}
		}
	}
}

// deArticles open the object right after a verb said first.
var deArticles = map[string]bool{"der": true, "die": true, "das": true, "den": true, "dem": true, "ein": true, "eine": true, "einen": true,
	"mein": true, "meine": true, "unser": true, "unsere": true, "unseren": true, "diese": true, "diesen": true, "dieses": true}

// fixImperativeNot reads a clause that opens with a verb and holds
// "nicht" later ("Bitte fass die Produktionsdatenbank nicht an", "Lösch
// die alten Migrationen nicht") as the prohibition it is: "do not" before
// the clause. A verb opens the clause when it is written in lower case
// after "bitte", or when an article follows it.
func fixImperativeNot(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		// "Und mach die Mapper bitte nicht per Reflection": a word that
		// joins the clause on comes before its verb.
		j0 := 0
		for j0 < len(cl) && !cl[j0].keep && (cl[j0].en == "and" || cl[j0].en == "but") {
			j0++
		}
		k := j0
		for k < len(cl) && !cl[k].keep && cl[k].en == "please" {
			k++
		}
		if k >= len(cl)-1 || !cl[k].keep || cl[k].text == "" {
			continue
		}
		lower := cl[k].text[:1] == strings.ToLower(cl[k].text[:1])
		if !(k > j0 && lower || deArticles[cl[k+1].low]) {
			continue
		}
		for j := k + 1; j < len(cl); j++ {
			if cl[j].low == "nicht" && cl[j].en == "not" {
				cl[j].en = ""
				cl[j0].pre = strings.TrimSpace("do not " + cl[j0].pre)
				break
			}
		}
	}
}
