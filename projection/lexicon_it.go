package projection

import "unicode/utf8"

// Italian cues (lexicon.go). "non" is a prohibition where it opens a
// clause before an infinitive ("non toccare"), a plain "not" elsewhere
// ("non lo so") (fixIT); "come" is "how", never English "come".
var lexIT = []lexEntry{
	{catNever, "never", "mai"},
	{catNever, "not", "non"},
	{catNever, "no", "nessun nessuna nessuno"},
	{catNever, "is forbidden", "è_vietato è_proibito"},
	{catNever, "forbidden", "vietato proibito"},
	{catNever, "you may", "puoi potete"},
	{catMust, "you must", "devi dovete bisogna"},
	{catMust, "always", "sempre"},
	{catMust, "make sure", "assicurati_che assicurati_di"},
	{catMust, "only", "solo soltanto solamente"},
	{catMust, "from now on", "d'ora_in_poi da_adesso_in_poi"},
	{catUse, "use", "usa utilizza"},
	{catUse, "let's go with", "andiamo_con usiamo"},
	{catUse, "I prefer", "preferisco preferirei"},
	{catUse, "not mandatory", "non_è_obbligatorio non_è_una_regola"},
	{catInstead, "instead of", "invece_di al_posto_di"},
	{catInstead, "switch to", "passa_a"},
	{catExcept, "except", "tranne eccetto salvo"},
	{catExcept, "unless", "a_meno_che"},
	{catExcept, "the rest", "il_resto"},
	{catLift, "no longer", "non_più"},
	{catLift, "now", "ora adesso"},
	{catLift, "again", "di_nuovo"},
	{catLift, "allowed", "permesso consentito"},
	{catLift, "no longer applies", "non_vale_più non_si_applica_più non_è_più_valida non_è_più_valido"},
	{catLift, "obsolete", "obsoleta obsoleto decaduta decaduto"},
	{catLift, "no longer need to", "non_serve_più non_c'è_più_bisogno_di non_bisogna_più"},
	{catLift, "no longer applies", "decade decadono viene_meno vengono_meno"},
	{catLift, "is fine now", "adesso_va_bene ora_va_bene va_bene_adesso va_bene_ora adesso_è_ok ora_è_ok è_ok_adesso"},
	{catRules, "rule on", "regola_su regola_sul regola_sulla regola_sui regola_sugli regola_sullo regola_per"},
	{catRelative, "halve", "dimezza dimezzalo"},
	{catRelative, "double", "raddoppia raddoppialo"},
	{catRelative, "increase", "aumenta alza"},
	{catRelative, "reduce", "riduci abbassa diminuisci"},
	{catRelative, "set", "metti imposta mettilo mettila impostalo impostala"},
	{catRelative, "change", "cambia"},
	{catRelative, "by", "di"},
	{catRelative, "back to", "riporta_a"},
	{catRelative, "back", "al_valore_di_prima al_valore_precedente com'era come_prima"},
	{catRelative, "set", "riporta riportalo"},
	{catRelative, "to", "a"},
	{catRelative, "one more", "uno_in_più"},
	{catRelative, "a third less", "un_terzo_in_meno"},
	{catRelative, "a third more", "un_terzo_in_più"},
	{catRelative, "a quarter less", "un_quarto_in_meno"},
	{catRelative, "a quarter more", "un_quarto_in_più"},
	{catRelative, "make it", "fallo falla rendilo rendila"},
	{catRelative, "a third", "un_terzo"},
	{catRelative, "a quarter", "un_quarto"},
	{catRelative, "minutes", "minuti"},
	{catRelative, "seconds", "secondi"},
	{catRelative, "hours", "ore"},
	{catRelative, "days", "giorni"},
	{catQuestion, "I still don't know", "non_lo_so_ancora ancora_non_lo_so non_so_ancora ancora_non_so"},
	{catQuestion, "I don't know", "non_lo_so non_so"},
	{catQuestion, "open question", "domanda_aperta"},
	{catQuestion, "whether", "se"},
	{catQuestion, "question", "dubbio"},
	{catQuestion, "asks", "chiede chiedono"},
	{catQuestion, "I'll ask", "lo_chiedo_a glielo_chiedo chiederò_a lo_chiederò_a"},
	{catQuestion, "pending", "in_sospeso"},
	{catChoice, "go with", "andiamo_con usiamo prendiamo scegliamo"},
	{catChoice, "the first one", "la_prima il_primo"},
	{catChoice, "the second one", "la_seconda il_secondo"},
	{catAnswer, "yes", "sì"},
	{catAnswer, "sorry", "scusa scusate scusami"},
	{catGiveUp, "forget it", "lascia_perdere lascia_stare dimenticalo"},
	{catRules, "rules", "regole vincoli condizioni"},
	{catRules, "rule", "regola vincolo"},
	{catRules, "ban", "divieto"},
	{catRelay, "asked us to", "ci_ha_chiesto_di mi_ha_chiesto_di ha_chiesto_di"},
	{catNever, "nothing", "niente nulla"},
	{catNever, "at all", "per_niente assolutamente_no"},
	{catMust, "preferably", "preferibilmente di_preferenza"},
	{catDone, "remember to", "ricordati_di ricorda_di"},
	{catDone, "don't forget to", "non_dimenticare_di"},
	{catDone, "before you finish", "prima_di_finire"},
	{catDone, "before", "prima_di prima_che"},
	{catMust, "before every", "prima_di_ogni"},
	{catDone, "at the end", "alla_fine"},
	{catDone, "done", "finito fatto"},
	{catDone, "two things", "due_cose"},
	{catDone, "three things", "tre_cose"},
	{catGoal, "Goal", "obiettivo scopo"},
	{catGoal, "Task", "compito"},
	{catGoal, "change of plans", "cambio_di_programma cambio_di_programmi cambio_di_piani cambio_di_piano cambio_di_priorità i_piani_sono_cambiati"},
	{catGoal, "new priority", "nuova_priorità nuovo_obiettivo"},
	{catGoal, "change of goal", "cambio_di_obiettivo cambio_di_obiettivi cambiamo_obiettivo"},
	{catGoal, "change of focus", "cambio_di_focus cambiamo_focus"},
	{catGoal, "new focus", "nuovo_focus"},
	{catGoal, "can wait", "può_aspettare"},
	{catGoal, "priority", "priorità"},
	{catGoal, "more important", "più_importante più_importanti"},
	{catFunction, "next week", "la_settimana_prossima la_prossima_settimana"},
	{catRelay, "says", "dice"},
	{catRelay, "according to", "secondo"},
	{catRelay, "answered", "ha_risposto"},
	{catRelay, "answer from", "risposta_di risposta_da"},
	{catRelay, "I've asked", "ho_chiesto"},
	{catAttempt, "we tried", "abbiamo_provato"},
	{catAttempt, "tried", "provato"},
	{catAttempt, "didn't work", "non_ha_funzionato"},
	{catAttempt, "doesn't work", "non_funziona"},
	{catAttempt, "made no difference", "non_è_cambiato_niente non_è_servito_a_niente non_è_servito_a_nulla non_è_servito non_ha_cambiato_niente"},
	{catAttempt, "hung", "si_è_bloccato"},
	{catRelative, "by default", "di_default predefinito"},
	// Verbs of working on a thing or bringing one in, as a rule or a
	// permission says them ("non toccare", "puoi aggiungere").
	{catUse, "touch", "toccare toccarlo toccarla toccarli tocchi"},
	{catUse, "add", "aggiungere* aggiungerla aggiungerlo aggiungi aggiungila aggiungilo"},
	{catUse, "install", "installare* installa installala installalo"},
	{catUse, "modify", "modificare* modifichi"},
	{catExcept, "just this once", "eccezionalmente per_questa_volta solo_questa_volta"},
	{catFunction, "the", "il lo la i gli le l'"},
	{catFunction, "of the", "del della dei delle"},
	{catFunction, "a", "un una uno"},
	{catFunction, "and", "e ed"},
	{catFunction, "or", "o oppure"},
	{catFunction, "but", "ma però"},
	{catFunction, "is", "è"},
	{catFunction, "are", "sono"},
	{catFunction, "I", "io"},
	{catFunction, "you", "tu voi"},
	{catFunction, "we", "noi"},
	{catFunction, "with", "con"},
	{catFunction, "for", "per"},
	{catFunction, "how", "come"},
	{catFunction, "in", "nel nella"},
	{catFunction, "because", "perché"},
	{catFunction, "alone", "in_pace"},
	{catFunction, "please", "per_favore"},
	{catFunction, "also", "anche"},
	{catFunction, "then", "poi quindi"},
	{catFunction, "this", "questo questa"},
}

const stopIT = `il lo gli della del che non è un una per con sono questo questa anche ma sempre mai ora perché come nel di sul sulla sui alla allo agli dal dalla dai nella nei nelle degli delle dello suo sua suoi ho hai abbiamo avete hanno siamo siete però già più ancora oggi adesso ciao grazie`

func fixIT(toks []glossTok) {
	fixNegation(toks, negRules{neg: "non", clitics: "lo la li le mi ti si ci gli", subjects: "tu voi", imperative: []string{"are", "ere", "ire", "iamo"}})
	fixImpersonalNot(toks)
	fixSetting(toks)
}

// itStativeSi are verbs "non si" says a state with ("non si sa", "non si
// capisce"), no prohibition.
var itStativeSi = map[string]bool{"sa": true, "capisce": true, "vede": true, "trova": true, "riesce": true, "sente": true, "ricorda": true, "spiega": true}

// fixImpersonalNot reads the impersonal prohibition "il database di
// produzione non si tocca", "su main non si pusha" as the rule it is:
// "do not" and the verb before the clause, the verb's place keeping a
// word so a quote ending there maps back to it.
func fixImpersonalNot(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		for i := 0; i+2 < len(cl); i++ {
			if cl[i].low != "non" || cl[i+1].low != "si" || itStativeSi[cl[i+2].low] || utf8.RuneCountInString(cl[i+2].low) < 3 {
				continue
			}
			verb := cl[i+2].text
			if i == 0 {
				verb = ""
			}
			frontProhibition(cl, []int{i, i + 1}, i+2, verb)
			break
		}
	}
}
