package projection

import "slices"

// Polish cues (lexicon.go). Polish inflects its verbs and nouns, so a
// cue is matched on its stem where its forms are many ("zwiększ*" is
// zwiększ, zwiększcie, zwiększyć). Like Russian, it puts its negation
// "nie" before the verb: "nie" opening a clause before an imperative
// ("nie ruszaj", "nie usuwajcie"), an infinitive ("nie dodawać nowych
// zależności") or a verb in the second person or the first plural that
// states a way of working ("nie ruszasz composer.lock", "na main nie
// pushujemy") is a prohibition, also after the object it scopes
// ("composer.lock nie ruszasz bez pytania": fixMidProhibition); "nie"
// elsewhere is a plain "not" ("nie wiem", "nie działa"), and a verb of
// state ("nie mamy", "nie możemy", "nie wiesz") states no rule
// (weStatives). "żaden/żadnych/zero X" is "no X".
var lexPL = []lexEntry{
	{catNever, "never", "nigdy nigdy_nie przenigdy"},
	{catNever, "never", "pod_żadnym_pozorem w_żadnym_wypadku w_żadnym_razie"},
	{catNever, "not", "nie"},
	{catNever, "no", "żaden żadna żadne żadnych żadnego żadnej żadnym zero"},
	{catNever, "must not", "nie_wolno nie_można nie_możesz nie_możecie nie_powinieneś nie_powinnaś nie_powinniście nie_należy"},
	{catNever, "do not", "nie_ruszaj nie_ruszajcie nie_dotykaj nie_dotykajcie"},
	{catNever, "is forbidden", "jest_zabronione jest_zakazane zabronione zakazane zakaz"},
	{catNever, "stay away from", "trzymaj_się_z_dala_od wara_od łapy_precz_od"},
	{catNever, "may", "wolno"},
	{catLift, "you can", "możesz możecie"},
	{catNever, "nothing", "nic"},
	{catMust, "must", "musisz musicie musimy należy powinieneś powinnaś powinniście powinno powinna powinien"},
	{catMust, "must", "musi muszą obowiązkowo koniecznie"},
	{catMust, "always", "zawsze"},
	// "trzeba uzgodnić X": a task stated, "we need to"
	{catFunction, "we need to", "trzeba"},
	{catMust, "make sure", "upewnij_się_że upewnij_się pilnuj_żeby dopilnuj_żeby dopilnuj pilnuj"},
	{catMust, "only", "tylko jedynie wyłącznie"},
	{catMust, "at most", "maksymalnie maks najwyżej max"},
	{catMust, "at least", "minimum co_najmniej przynajmniej"},
	{catMust, "from now on", "od_teraz od_tej_pory odtąd od_dziś od_dzisiaj"},
	{catUse, "use", "użyj* używaj* korzystaj* stosuj*"},
	{catUse, "prefer", "wolę preferuj* lepiej"},
	{catInstead, "instead of", "zamiast"},
	{catInstead, "instead", "zamiast_tego w_zamian"},
	{catInstead, "switch to", "przejdź_na przejdźmy_na przełącz_się_na przesiądź_się_na"},
	{catExcept, "except", "oprócz poza"},
	{catExcept, "except for", "z_wyjątkiem"},
	{catExcept, "unless", "chyba_że"},
	{catExcept, "everything else", "wszystko_inne cała_reszta"},
	{catExcept, "the rest", "reszta resztę"},
	{catExcept, "an exception", "wyjątek wyjątkowo"},
	{catExcept, "just this once", "tylko_tym_razem tylko_ten_jeden_raz ten_jeden_raz"},
	{catExcept, "still", "nadal wciąż dalej_obowiązuje"},
	{catLift, "no longer need to", "już_nie_musisz nie_musisz_już już_nie_trzeba nie_trzeba_już"},
	{catLift, "is no longer needed", "już_niepotrzebne już_niepotrzebny już_niepotrzebna jest_już_niepotrzebne"},
	{catLift, "no longer applies", "już_nie_obowiązuje nie_obowiązuje_już przestaje_obowiązywać jest_nieaktualna jest_nieaktualne nieaktualna nieaktualne"},
	{catLift, "the rule is lifted", "zasada_zniesiona reguła_zniesiona znosimy_zasadę znoszę_zasadę"},
	{catLift, "drop", "wywal wywalcie usuń skasuj zdejmij"},
	{catLift, "no longer", "już_nie"},
	{catLift, "you can now", "teraz_możesz teraz_można już_możesz już_można"},
	{catLift, "you can", "można"},
	{catLift, "now", "teraz"},
	{catLift, "again", "znowu znów ponownie"},
	{catLift, "allowed", "dozwolone dozwolony wolno_już"},
	{catLift, "rule", "zasada zasadę regułę reguła"},
	{catRelative, "halve", "zmniejsz_o_połowę zmniejsz_dwukrotnie"},
	{catRelative, "double", "podwój podwójcie podwoić podwoimy podwójmy zwiększ_dwukrotnie"},
	{catRelative, "increase", "zwiększ* podnieś* podbij*"},
	{catRelative, "reduce", "zmniejsz* obniż* zmniejszyć skróć*"},
	{catRelative, "in half", "o_połowę dwukrotnie"},
	{catRelative, "set", "ustaw* ustawić zmień_na daj_na"},
	{catRelative, "change", "zmień*"},
	{catRelative, "revert", "przywróć* cofnij*"},
	{catRelative, "back", "z_powrotem jak_było jak_wcześniej do_poprzedniej_wartości do_starej_wartości"},
	{catRelative, "by", "na"},
	{catRelative, "seconds", "sekund* sek"},
	{catRelative, "minutes", "minut*"},
	{catRelative, "hours", "godzin* godzina"},
	{catRelative, "days", "dni dzień"},
	{catRelative, "percent", "procent procent*"},
	{catQuestion, "still unclear", "jeszcze_nie_wiem jeszcze_nie_wiemy na_razie_nie_wiem nadal_nie_wiem"},
	{catQuestion, "I don't know", "nie_wiem nie_wiemy"},
	{catQuestion, "I'm not sure", "nie_jestem_pewien nie_jestem_pewna nie_jestem_pewny nie_mam_pewności"},
	{catQuestion, "open question", "otwarte_pytanie"},
	{catQuestion, "unclear", "niejasne nie_wiadomo"},
	{catQuestion, "whether", "czy"},
	{catQuestion, "question", "pytanie"},
	{catChoice, "let's go with", "bierzemy wybieramy idziemy_w zostajemy_przy weźmy"},
	{catChoice, "go with", "weź wybierz"},
	{catChoice, "option", "opcja opcję wariant"},
	{catChoice, "the first one", "pierwsza pierwszą pierwszy pierwsze"},
	{catChoice, "the second one", "druga drugą drugi drugie"},
	{catAnswer, "yes", "tak"},
	{catAnswer, "ok", "dobra dobrze okej jasne spoko"},
	{catAnswer, "no wait", "a_zresztą_nie zresztą_nie albo_nie"},
	{catAnswer, "sorry", "sorki przepraszam"},
	{catAnswer, "thanks", "dzięki dziękuję"},
	{catGiveUp, "forget it", "olej_to daj_sobie_spokój odpuść odpuśćmy olej zostaw_to zapomnij_o_tym nieważne"},
	// "dusk olewamy, nie w tym sprincie": the thing is dropped, not
	// chosen over what follows ("X forget it, not in Y" reads as a choice)
	{catGiveUp, "is dropped", "olewamy odpuszczamy"},
	{catGiveUp, "forget", "zapomnij_o olejmy"},
	{catGiveUp, "is not needed", "nie_jest_potrzebne niepotrzebne"},
	{catDone, "remember to", "pamiętaj_żeby pamiętaj_o pamiętaj nie_zapomnij nie_zapomnij_o"},
	{catDone, "before you finish", "zanim_skończysz przed_końcem na_koniec"},
	{catDone, "before", "przed zanim"},
	{catDone, "done", "zrobione gotowe skończone załatwione"},
	{catDone, "by tomorrow", "do_jutra"},
	{catGoal, "Goal", "cel celem"},
	{catGoal, "Task", "zadanie zadaniem"},
	{catGoal, "change of plans", "zmiana_planu zmiana_planów zmieniamy_plan nowy_plan"},
	{catGoal, "change of goal", "zmiana_celu zmieniamy_cel nowy_cel"},
	{catGoal, "change of focus", "zmiana_priorytetów"},
	{catGoal, "new priority", "nowy_priorytet"},
	{catGoal, "priority", "priorytet priorytetem"},
	{catGoal, "more important", "ważniejsze ważniejszy ważniejsza ważniejsi ważniejsze_są ważniejsze_jest ważniejszy_jest ważniejsza_jest"},
	{catGoal, "good enough for now", "na_razie_wystarczy na_razie_wystarczą wystarczy_na_razie na_razie_starczy"},
	{catGoal, "can wait", "poczeka może_poczekać"},
	{catGoal, "postpone", "odłóżmy odłóż odkładamy"},
	{catGoal, "for now", "na_razie na_ten_moment tymczasem"},
	{catRules, "rules", "zasady reguły wymagania"},
	{catRules, "rule", "zasada reguła"},
	{catRelay, "says", "mówi twierdzi pisze"},
	{catRelay, "said", "powiedział powiedziała mówił mówiła"},
	{catRelay, "according to", "według zdaniem"},
	{catAttempt, "we tried", "próbowaliśmy próbowałyśmy"},
	{catAttempt, "I tried", "próbowałem próbowałam"},
	{catAttempt, "didn't work", "nie_zadziałało nie_wyszło nie_pomogło"},
	{catAttempt, "doesn't work", "nie_działa"},
	{catAttempt, "made no difference", "bez_zmian nic_nie_dało nic_nie_zmieniło"},
	{catFunction, "fix", "napraw popraw"},
	{catFunction, "add", "dodaj"},
	{catFunction, "write", "napisz"},
	{catFunction, "run", "odpal uruchom puść"},
	{catFunction, "check", "sprawdź"},
	{catFunction, "read", "przeczytaj"},
	{catFunction, "and", "i oraz a"},
	{catFunction, "or", "lub albo"},
	{catFunction, "but", "ale lecz"},
	{catFunction, "is", "jest"},
	{catFunction, "are", "są"},
	{catFunction, "was", "był była było"},
	{catFunction, "I", "ja"},
	{catFunction, "you", "ty wy"},
	{catFunction, "we", "my"},
	{catFunction, "it", "to go"},
	{catFunction, "this", "ten ta te tego tej"},
	{catFunction, "that", "że który która które"},
	{catFunction, "with", "z ze"},
	{catFunction, "without", "bez"},
	{catFunction, "for", "dla"},
	{catFunction, "in", "w we"},
	{catFunction, "from", "od"},
	{catFunction, "after", "po"},
	{catFunction, "if", "jeśli jeżeli"},
	{catFunction, "because", "bo ponieważ"},
	{catFunction, "then", "potem następnie"},
	{catFunction, "first", "najpierw"},
	{catGoal, "leave it for later", "zostaw_na_później zostawmy_na_później zostawcie_na_później odłóż_na_później odłóżmy_na_później odłóżcie_na_później"},
	{catGoal, "for later", "na_później"},
	{catFunction, "later", "później"},
	{catFunction, "also", "też również także"},
	{catFunction, "please", "proszę"},
	{catFunction, "all", "wszystko wszystkie"},
	{catFunction, "through", "przez"},
	{catFunction, "about", "o"},
	{catFunction, "where needed", "gdzie_trzeba gdzie_potrzeba"},
	{catFunction, "if needed", "jeśli_trzeba jak_trzeba w_razie_potrzeby"},
	{catFunction, "sometimes", "czasem czasami"},
}

// stopPL are Polish function words that are no English words nor another
// Latin-script lexicon's.
const stopPL = `nie jest są się że czy ale tylko już jeszcze też także żeby bo gdy jak jako przez dla przy oraz albo lub ten ta to te tego tej tym tych który która które mamy mam masz możesz musisz trzeba zawsze nigdy żadnych żaden żadne teraz potem najpierw później wszystko proszę dzięki tak dobra jasne zasady według bez`

// plStatives are verbs of state in the second person and the first
// plural: "nie masz", "nie możemy", "nie wiesz" state, they forbid
// nothing (weStatives).
const plStatives = `mamy możemy wiemy chcemy musimy widzimy rozumiemy znamy pamiętamy potrzebujemy jesteśmy będziemy
	masz możesz wiesz chcesz musisz widzisz rozumiesz znasz pamiętasz potrzebujesz jesteś będziesz`

// plImperative are the endings after "nie" of a verb that forbids: the
// imperative ("ruszaj", "commituj", "usuń", "róbcie"), the infinitive of
// an instruction ("nie dodawać"), the second person ("nie ruszasz") and
// the first plural of a team's norm ("nie pushujemy").
var plImperative = []string{"aj", "ej", "uj", "yj", "ij", "ń", "ć", "cie", "my", "asz", "esz", "isz", "ysz", "amy", "emy", "imy", "ymy", "rz", "sz"}

// plMidImperative are the endings of a verb after its object ("X nie
// ruszasz"): no infinitive there ("lepiej nie ruszać" advises).
var plMidImperative = []string{"aj", "ej", "uj", "yj", "ij", "ń", "cie", "asz", "esz", "isz", "ysz", "amy", "emy", "imy", "ymy"}

// plNumberVerbs are the verbs a value is said with, before its number:
// "tries daj 5" (make it 5), "a zresztą nie, zostaw 3" (leave it at 3).
// They are filler around the number, never the setting's name; before
// anything else ("daj znać", "zostaw to", "zostaw na później") they
// are no value's.
var plNumberVerbs = map[string]string{
	"daj": "make it", "dajmy": "make it", "dajcie": "make it",
	"zostaw": "leave it at", "zostawmy": "leave it at", "zostawcie": "leave it at",
}

// plTokens are a Polish message's words, a value verb marked when a
// number follows it.
func plTokens(text string) []glossTok {
	toks := latinWords(text)
	for i := range toks {
		if _, ok := plNumberVerbs[toks[i].low]; ok && toks[i].end <= len(text) {
			toks[i].numAfter = numberAfter(text[toks[i].end:])
		}
	}
	return toks
}

func fixPL(toks []glossTok) {
	for i := range toks {
		if en, ok := plNumberVerbs[toks[i].low]; ok && toks[i].numAfter && toks[i].keep {
			toks[i].en, toks[i].keep = en, false
		}
	}
	fixNegation(toks, negRules{neg: "nie", clitics: "go jej ich tego tej tych tu tam się", imperative: plImperative})
	fixMidProhibition(toks, "nie", "go jej ich tego tej tych tu tam się", plMidImperative)
	for _, cl := range glossClauses(toks) {
		change := false
		for i := range cl {
			t := &cl[i]
			switch {
			case t.keep:
			case t.en == "increase" || t.en == "reduce" || t.en == "change":
				change = true
			case t.low == "o" && change:
				// "zwiększ timeout o 20 sekund": by 20
				t.en = "by"
			case t.en == "drop" && i+1 < len(cl) && (cl[i+1].keep || cl[i+1].en == "rule"):
				// "wywal regułę o print": drop the rule about print
				t.en = "drop the"
			}
		}
	}
	fixSetting(toks)
	fixArticleless(toks)
}

func lexiconPL() *lexicon {
	lx := withComma(compileLexicon(lexPL, stopPL, fixPL, false))
	lx.tokens = plTokens
	lx.numVerbs = map[string]bool{}
	for w := range plNumberVerbs {
		lx.numVerbs[w] = true
	}
	// Polish function words that are English words or names too ("go",
	// "to", "ten", "my", "ja") stay in slugs and terms.
	lx.words = slices.DeleteFunc(lx.words, func(w string) bool { return plEnglishToo[w] })
	return lx
}

var plEnglishToo = wordSet(`go to ten ta te ja my po od we ze bo ale jak tu tam on one tak dla`)
