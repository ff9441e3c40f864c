package projection

import "strings"

// Hindi written in Latin letters as developers write it in chat
// ("Hinglish": Hindi grammar, English tech words) (lexicon.go). Its
// spelling varies ("nahi", "nahin", "nhi", "nai"; "hamesha", "humesha";
// "zaroor", "jaroor"), so an entry's words are expanded over the
// negation's spellings (hiWords). Hindi puts its verb last and its
// negation with it ("prod DB ko kabhi touch mat karna", "timeout ko 40
// second kar do"); fixHI moves a clause's mode ("never", "must", "you
// can", "set", "double") and its verb before the clause's object, as the
// English readings expect it ("never touch prod DB", "set the timeout to
// 40 seconds"), and a postposition before its noun ("main branch pe":
// "on main branch").
var lexHI = []lexEntry{
	// prohibitions: "mat" is only ever a prohibition; "nahi" is one with
	// an infinitive ("push nahi karna hai"), a plain "not" elsewhere
	{catNever, "never", hiWords("kabhi_mat kabhi_bhi_mat kabhi_NEG kabhi_bhi_NEG kbhi_mat kbhi_NEG")},
	{catNever, "do not", "mat mat_karo mat_karna mat_kariye mat_karein mat_karen mat_kar mat_kro mat_krna mat_kijiye mat_kijie mat_karana"},
	{catNever, "do not", hiWords("NEG_karna NEG_karna_hai NEG_krna NEG_krna_hai NEG_karni NEG_karni_hai NEG_karne NEG_karne_hain NEG_karna_chahiye NEG_karni_chahiye NEG_karne_chahiye NEG_krna_chahiye NEG_karo NEG_kariye NEG_karein na_karein na_karen na_kare na_karna")},
	{catNever, "not", hiWords("NEG")},
	{catNever, "no", hiWords("NEG_chahiye NEG_chaiye")},
	{catNever, "must not", hiWords("NEG_hona_chahiye NEG_hone_chahiye NEG_honi_chahiye NEG_hona_hai")},
	{catNever, "is forbidden", hiWords("mana_hai allowed_NEG_hai allowed_NEG mana")},
	{catNever, "never touch", hiWords("haath_mat_lagana haath_mat_lagao haath_NEG_lagana")},
	// obligations, said by the infinitive's auxiliary
	{catMust, "must", "karna_hai karna_padega karna_hoga karni_hai karni_padegi karne_hain karne_padenge karna_chahiye karni_chahiye karne_chahiye krna_hai krna_chahiye karna_zaroori_hai karna_zaruri_hai karna_jaroori_hai karna_jaruri_hai zaroori_hai zaruri_hai jaroori_hai jaruri_hai karna_hi_hai karna_hi_padega hona_chahiye hona_hai"},
	{catMust, "must", "zaroor jaroor zarur jarur"},
	{catMust, "always", "hamesha humesha hamesa hmesha humesa hameshaa"},
	{catMust, "make sure", "dhyan_rakhna_ki dhyaan_rakhna_ki dhyan_rahe_ki dhyaan_rahe_ki dhyan_rakhna dhyaan_rakhna ensure_karna ensure_karo"},
	{catMust, "only", "sirf keval kewal sirif bas_yahi bas_yehi"},
	{catMust, "just", "bas"},
	{catMust, "from now on", "ab_se aaj_se abse aage_se"},
	{catUse, "use", "use_karo use_karna use_kariye use_karein use_kar use_kro use_krna ka_use_karo ka_use_karna istemal_karo istemaal_karo istemal_karna"},
	{catUse, "prefer", "prefer_karo prefer_karna"},
	{catInstead, "instead of", "ke_bajaye ke_bajay ki_bajaye ki_jagah ke_jagah ki_jagah_pe ke_badle"},
	{catInstead, "switch to", "pe_switch_karo par_switch_karo pe_switch_kar_do pe_shift_karo pe_move_karo"},
	{catExcept, "except", "chhod_ke chhodke chod_ke ko_chhod_ke ko_chhodkar chhodkar ke_alawa ke_alava ke_siwa ke_siwaay ke_siva siwaay siwa"},
	{catExcept, "nothing else", hiWords("aur_kuch_NEG aur_kuch_bhi_NEG baaki_kuch_NEG baki_kuch_NEG aur_koi_NEG baaki_NEG")},
	{catExcept, "everything else", "baaki_sab baki_sab baaki_sab_kuch baaki_sabhi"},
	{catExcept, "the rest", "baaki baki"},
	{catExcept, "unless", hiWords("jab_tak_NEG")},
	// lifts
	{catLift, "you can", "kar_sakte_ho kar_sakte_hain kar_sakti_ho kar_skte_ho kar_sakta_hai kar_sakte kar_lo kar_sakti_hai"},
	// "print use kar sakte ho": the permission said after its verb, not
	// "use" read before "kar sakte ho" (catUse's "use_kar")
	{catLift, "you can use", hiCanWords("use ka_use istemal istemaal ka_istemal ka_istemaal")},
	{catLift, "is allowed now", "ab_allowed_hai ab_allowed ab_chalega ab_theek_hai ab_thik_hai"},
	{catLift, "is allowed", "allowed_hai permission_hai ijazat_hai chalega"},
	{catLift, "no longer need to", hiWords("ab_zaroorat_NEG ab_zarurat_NEG ab_jaroorat_NEG ab_zaroorat_NEG_hai ab_zarurat_NEG_hai karne_ki_zaroorat_NEG karne_ki_zarurat_NEG ki_zaroorat_NEG ki_zarurat_NEG ki_jaroorat_NEG ki_zaroorat_NEG_hai ki_zarurat_NEG_hai")},
	{catLift, "again", "phir_se fir_se dobara dubara"},
	// "print wala rule hata do": drop the print rule
	{catLift, "drop", "hata_do hata_dijiye hata_dena hata_de hata_diya hata_rahe_hain hata_lo khatam_karo khatam_kar_do"},
	{catLift, "is off", "band_hai hat_gaya hat_gayi lagu_nahi_hai lagu_nahi"},
	{catLift, "now", "ab"},
	{catLift, "allowed", "allowed"},
	// changes of a value; the verb after its number (fixHI)
	{catRelative, "halve", "aadha_kar_do aadha_karo adha_kar_do aadha_kardo aadhi_kar_do aadha_kar_dena half_kar_do half_karo"},
	{catRelative, "double", "double_kar_do double_karo double_kardo dugna_kar_do dugna_karo doguna_kar_do double_kar_dena"},
	{catRelative, "increase", "badha_do badhao badha_dena badhado bada_do badhaa_do badhana increase_karo increase_kar_do"},
	{catRelative, "reduce", "kam_karo kam_kar_do kam_kardo ghata_do ghatao ghatado reduce_karo reduce_kar_do kam_kar_dena kam_karna"},
	{catRelative, "set", "set_karo set_kar_do set_kardo set_kro kar_do kardo kar_dijiye kar_dena karo kro rakho rakh_do rakhna"},
	{catRelative, "back to the old value", "wapas_pehle_jaisa wapas_pehle_jaise pehle_jaisa pehle_jaise wapas_purana purani_value_pe purani_value wapas_pehle_wala pehle_wali_value"},
	{catRelative, "back to", "wapas"},
	{catRelative, "revert", "revert_kar_do revert_karo wapas_kar_do undo_kar_do undo_karo"},
	{catRelative, "one more", "ek_aur"},
	{catRelative, "one fewer", "ek_kam"},
	{catRelative, "hours", "ghanta ghante ghanton"},
	{catRelative, "days", "din"},
	// questions
	{catQuestion, "I still don't know whether", hiWords("abhi_pata_NEG_ki abhi_tak_pata_NEG_ki abhi_bhi_pata_NEG_ki abhi_pta_NEG_ki")},
	{catQuestion, "I still don't know", hiWords("abhi_pata_NEG abhi_tak_pata_NEG abhi_bhi_pata_NEG abhi_pta_NEG")},
	{catQuestion, "I don't know whether", hiWords("pata_NEG_ki pta_NEG_ki malum_NEG_ki maloom_NEG_ki")},
	{catQuestion, "I don't know", hiWords("pata_NEG pta_NEG malum_NEG maloom_NEG")},
	{catQuestion, "still unclear whether", hiWords("abhi_confirm_NEG_hai_ki abhi_confirm_NEG_ki confirm_NEG_hai_ki")},
	{catQuestion, "to be confirmed", hiWords("abhi_confirm_NEG_hai abhi_confirm_NEG confirm_NEG_hai")},
	{catQuestion, "I'm not sure whether", hiWords("sure_NEG_hoon_ki sure_NEG_ki")},
	{catQuestion, "I'm not sure", hiWords("sure_NEG_hoon sure_NEG")},
	{catQuestion, "don't know", hiWords("NEG_pata NEG_pta NEG_maloom NEG_malum")},
	{catQuestion, "open question", "khula_sawaal khula_sawal"},
	{catQuestion, "I'll tell you", "batati_hoon batata_hoon bataungi bataunga bata_dungi bata_dunga bata_denge"},
	{catQuestion, "still undecided", hiWords("abhi_decide_NEG_kiya decide_NEG_kiya_hai decide_NEG_hua abhi_tay_NEG tay_NEG_hua")},
	{catQuestion, "question", "sawaal sawal"},
	{catQuestion, "or not", hiWords("ya_NEG")},
	// choices
	{catChoice, "let's go with", "chalo chalte_hain"},
	{catChoice, "go with", "le_lete_hain le_lo lete_hain le_lenge use_karte_hain use_karenge rakhte_hain"},
	{catChoice, "the first one", "pehla_wala pehla_option"},
	{catChoice, "the second one", "doosra_wala dusra_wala doosra dusra"},
	{catAnswer, "yes", "haan haa haanji ji_haan"},
	{catAnswer, "ok", "theek_hai thik_hai"},
	{catAnswer, "are fine", "theek_hain thik_hain"},
	{catAnswer, "sorry", "maaf_karna maafi"},
	{catAnswer, "no wait", hiWords("NEG_NEG")},
	{catAnswer, "I mean", "matlab mtlb"},
	{catGiveUp, "forget it", "chhodo chodo rehne_do rahne_do jaane_do jane_do"},
	// tasks
	{catDone, "remember to", hiWords("yaad_se yad_se yaad_rakhna yaad_se_karna mat_bhoolna bhoolna_mat mat_bhulna bhulna_mat bhoolna_NEG")},
	{catDone, "before you finish", "jaane_se_pehle khatam_karne_se_pehle khatm_karne_se_pehle finish_karne_se_pehle wrap_up_karne_se_pehle end_mein end_me aakhir_mein last_mein"},
	{catDone, "by tomorrow", "kal_tak"},
	{catDone, "by tonight", "aaj_raat_tak shaam_tak"},
	{catDone, "done", "ho_gaya ho_gya hogaya ho_gayi done_hai"},
	{catGoal, "Goal", "maqsad maksad lakshya aaj_ka_kaam"},
	{catGoal, "Task", "kaam_ye_hai"},
	{catGoal, "meanwhile", "tab_tak tab_tk jab_tak_woh_ho"},
	{catGoal, "more important", "zyada_zaroori_hai zyada_zaruri_hai jyada_zaroori_hai jyada_jaruri_hai zyada_important_hai jyada_important_hai zyada_zaroori zyada_important"},
	{catGoal, "plans changed", "plan_badal_gaya plan_badal_gaya_hai plan_badal_gayi plan_change_ho_gaya plan_change_ho_gaya_hai"},
	{catRules, "rules", "niyam rules"},
	// relaying
	{catRelay, "says", "bol_raha_hai bol_rahi_hai bolta_hai bolti_hai keh_raha_hai kah_raha_hai keh_rahi_hai kehta_hai"},
	{catRelay, "said", "bol_raha_tha bol_rahi_thi keh_raha_tha kah_raha_tha keh_rahi_thi ne_bola ne_kaha ne_bola_tha ne_kaha_tha ne_bola_hai ne_kaha_hai bola_tha kaha_tha"},
	{catRelay, "according to", "ke_hisaab_se ke_hisab_se ke_mutabik ke_anusar"},
	// attempts and their verdicts
	{catAttempt, "tried", "try_kiya try_kiya_tha try_kar_liya try_kiya_hai try_kiye try_kiye_the try_kar_ke_dekha karke_dekha kar_ke_dekha kar_ke_dekha_tha karke_dekha_tha"},
	{catAttempt, "didn't work", hiWords("kaam_NEG_kiya kaam_NEG_aaya NEG_chala NEG_chali")},
	{catAttempt, "made no difference", hiWords("koi_fark_NEG_pada fark_NEG_pada farak_NEG_pada koi_farak_NEG_pada kuch_NEG_hua")},
	{catAttempt, "is not working", hiWords("kaam_NEG_kar_raha kaam_NEG_kar_rahi kaam_NEG_kar_rahe NEG_chal_raha NEG_chal_rahi NEG_chal_rahe")},
	// verbs, glossed so that fixHI can move them
	{catFunction, "touch", "chhedna chhedo chedna chhuna chhona chhedne"},
	{catFunction, "remove", "hatana hatao hatane"},
	{catFunction, "change", "badalna badlo badalne"},
	{catFunction, "add", "daalna daalo dalo jodna jodo daalne jodne"},
	{catFunction, "write", "likhna likho likhne"},
	{catFunction, "run", "chalana chalao chalane"},
	{catFunction, "send", "bhejna bhejo bhejne"},
	{catFunction, "create", "banana banao banane"},
	{catFunction, "delete", "mitana mitao mitane"},
	{catFunction, "check", "dekhna dekho dekhne"},
	{catFunction, "ask", "poochna poocho puchna pucho poochne puchne"},
	{catFunction, "me", "mujhse"},
	{catFunction, "", "badha_ke badhake ghata_ke kam_karke karwana karwao karwa"},
	// function words
	{catFunction, "is", "hai"},
	{catFunction, "are", "hain"},
	{catFunction, "was", "tha thi"},
	{catFunction, "and", "aur"},
	{catFunction, "or", "ya"},
	{catFunction, "but", "lekin magar"},
	{catFunction, "because", "kyunki kyuki kyonki kyunke"},
	{catFunction, "if", "agar"},
	{catFunction, "then", "phir fir toh"},
	{catFunction, "that", "ki"},
	{catFunction, "this", "ye yeh yah"},
	{catFunction, "that", "wo woh vo"},
	{catFunction, "it", "isko ise isse usko usse"},
	{catFunction, "also", "bhi"},
	{catFunction, "we", "hum humne hamne hamein humein"},
	{catFunction, "I", "maine mujhe mera meri mere"},
	{catFunction, "you", "tum tumne aap aapne tumhe aapko"},
	{catFunction, "every", "har"},
	{catFunction, "its", "uske iske uska iska uski iski"},
	{catFunction, "today", "aaj"},
	{catFunction, "is", "ho_raha_hai ho_rahi_hai"},
	{catFunction, "are", "ho_rahe_hain"},
	{catFunction, "on monday", "monday_ko somvar_ko"},
	{catFunction, "on tuesday", "tuesday_ko mangalvar_ko"},
	{catFunction, "on wednesday", "wednesday_ko budhvar_ko"},
	{catFunction, "on thursday", "thursday_ko guruvar_ko"},
	{catFunction, "on friday", "friday_ko shukravar_ko"},
	{catFunction, "on the weekend", "weekend_pe weekend_par weekend_ko"},
	{catFunction, "tomorrow", "kal"},
	{catFunction, "last year", "pichle_saal pichhle_saal"},
	{catFunction, "last week", "pichle_hafte pichhle_hafte"},
	{catFunction, "will work", "kaam_karenge kaam_karna_hai"},
	{catFunction, "all", "sab saare sabhi"},
	{catFunction, "both", "dono"},
	{catFunction, "some", "kuch"},
	{catFunction, "anything", "kuch_bhi"},
	{catFunction, "any", "koi koi_bhi"},
	{catFunction, "new", "naya nayi naye"},
	{catFunction, "old", "purana purani purane"},
	{catFunction, "why", "kyun kyu"},
	{catFunction, "how", "kaise"},
	{catFunction, "now", "abhi"},
	{catFunction, "still", "abhi_bhi"},
	{catFunction, "yet", "abhi_tak"},
	{catFunction, "on", "pe par"},
	{catFunction, "in", "mein me"},
	{catFunction, "from", "se"},
	{catFunction, "before", "se_pehle ke_pehle"},
	{catFunction, "after", "ke_baad"},
	{catFunction, "later", "baad_mein baad_me baad_mei"},
	{catFunction, "first", "pehle sabse_pehle"},
	{catFunction, "only after", "ke_baad_hi"},
	{catFunction, "only before", "se_pehle_hi"},
	{catFunction, "ever", "kabhi_bhi kbhi_bhi"},
	{catFunction, "force push", "force_push"},
	{catFunction, "for", "ke_liye"},
	{catFunction, "with", "ke_saath"},
	{catFunction, "without", "ke_bina"},
	{catFunction, "by", "tak"},
	{catFunction, "", "ko ka ke kya wala wali wale karna karni karne kar raha rahi rahe bhai yaar na"},
}

// stopHI are Hinglish function words that are neither English words nor
// another Latin-script language's ("ke" is Indonesian, "se" Spanish, "par"
// French, "to", "me", "hi", "na" English): a message is Hindi by these.
const stopHI = `ko aaj karenge karega karte karta kaam humein sakte pata thoda bahut bohot accha theek wahi yahi iske uske mera meri apni hai hain nahi nahin nhi kya mein aur bhi toh kar karo karna karne raha rahi rahe tha thi yeh woh abhi kyunki kyun lekin matlab mujhe humne kuch wala wali wale chahiye hoga kabhi sirf hamesha humesha zaroor kaise pehle baad jagah bajaye wapas isko usko apna apne yaar bhai kiya gaya dena dekho batao hoon`

// hiNeg are the spellings of Hindi's "not".
var hiNeg = []string{"nahi", "nahin", "nhi", "nai", "nahee"}

// hiWords expands each NEG of words over hiNeg's spellings.
func hiWords(words string) string {
	var out []string
	for _, w := range strings.Fields(words) {
		if !strings.Contains(w, "NEG") {
			out = append(out, w)
			continue
		}
		for _, n := range hiNeg {
			out = append(out, strings.ReplaceAll(w, "NEG", n))
		}
	}
	return strings.Join(out, " ")
}

// hiCanWords are the verbs of words each followed by each "kar sakte
// ho" of its permission.
func hiCanWords(words string) string {
	var out []string
	for _, w := range strings.Fields(words) {
		for _, can := range []string{"kar_sakte_ho", "kar_sakte_hain", "kar_sakti_ho", "kar_skte_ho", "kar_sakta_hai", "kar_sakti_hai", "kar_sakte"} {
			out = append(out, w+"_"+can)
		}
	}
	return strings.Join(out, " ")
}

func lexiconHI() *lexicon {
	lx := compileLexicon(lexHI, stopHI, fixHI, false)
	lx.squeeze = true
	return lx
}

// hiMode are the glosses that say a clause's mode, its verb before them
// (or, for "mat", after it: "mat chhedo").
var hiMode = map[string]string{
	"do not": "neg", "never": "neg", "no": "no", "never touch": "no", "must": "must", "you can": "can",
	"use": "use", "you can use": "use", "prefer": "use", "tried": "tried", "halve": "scale", "double": "scale",
	"increase": "by", "reduce": "by", "set": "set", "revert": "scale", "must not": "neg", "go with": "choice", "remember to": "must", "no longer need to": "can", "drop": "no",
}

// hiVerbs are the glosses of Hindi verbs (catFunction entries).
var hiVerbs = map[string]bool{"touch": true, "remove": true, "change": true, "add": true, "write": true, "run": true, "send": true, "create": true, "delete": true, "check": true, "ask": true, "force push": true}

// hiPost are the glosses of postpositions, said after their noun.
var hiPost = map[string]bool{"only after": true, "only before": true, "on": true, "in": true, "before": true, "after": true, "for": true, "with": true, "without": true, "by": true,
	"instead of": true, "except": true, "according to": true, "switch to": true}

// hiNoun are glosses that may open a noun phrase.
var hiNoun = map[string]bool{"anything": true, "any": true, "everything else": true, "the rest": true, "its": true, "it": true, "this": true, "that": true, "every": true, "all": true, "new": true, "old": true, "some": true, "one more": true, "one fewer": true}

// hiConj are the words that open a clause of their own.
var hiConj = map[string]bool{"aur": true, "lekin": true, "magar": true, "kyunki": true, "kyuki": true, "kyonki": true, "kyunke": true, "agar": true, "phir": true, "fir": true, "toh": true, "par": true, "warna": true}

// fixHI reads each clause of a Hinglish message in English order: a
// postposition before its noun, the clause's mode and its verb before
// its object, a setting's value after "to".
func fixHI(toks []glossTok) {
	for i := range toks {
		if toks[i].numBefore && toks[i].keep {
			switch toks[i].low {
			case "second", "sec", "seconds":
				toks[i].keep, toks[i].en = false, "seconds"
			case "minute", "min", "minat", "minutes":
				toks[i].keep, toks[i].en = false, "minutes"
			}
		}
	}
	for _, cl := range glossClauses(toks) {
		start := 0
		for i := 1; i <= len(cl); i++ {
			if i == len(cl) || hiConj[cl[i].low] && i > start && hiEndsVerb(cl[i-1]) || cl[i].low == "ki" && i > start && !cl[i].keep && cl[i-1].cat == catRelay {
				fixHIClause(cl[start:i])
				start = i
			}
		}
	}
	hiDropThe(toks)
}

// hiDropThe reads "drop" before a named thing as "drop the" ("print wala
// rule hata do": drop the print rule), as a lift names its rule.
func hiDropThe(toks []glossTok) {
	for i := range toks {
		if toks[i].keep && toks[i].pre == "drop" {
			toks[i].pre = "drop the"
			continue
		}
		if toks[i].keep || toks[i].en != "drop" || toks[i].clauseEnd {
			continue
		}
		for j := i + 1; j < len(toks) && toks[j].start >= 0; j++ {
			if !toks[j].keep && toks[j].en == "" {
				continue
			}
			if toks[j].keep && toks[j].pre == "" {
				toks[i].en = "drop the"
			}
			break
		}
	}
}

// hiEndsVerb reports whether t may close a clause: an auxiliary, a mode
// or a verb.
func hiEndsVerb(t glossTok) bool {
	if t.keep {
		return false
	}
	if _, ok := hiMode[t.en]; ok || hiVerbs[t.en] {
		return true
	}
	switch t.en {
	case "is", "are", "was", "", "is not working", "didn't work", "made no difference", "done":
		return true
	}
	return false
}

// hiFiller are the words a clause may open or close with around its
// sense.
func hiFiller(t glossTok) bool {
	switch t.low {
	case "please", "plz", "pls", "bhai", "yaar", "na", "bro", "ji", "ok", "okay", "accha", "acha":
		return true
	}
	return !t.keep && leadWords[t.en] && t.en != ""
}

func fixHIClause(cl []glossTok) {
	n := len(cl)
	if n == 0 {
		return
	}
	lo := 0
	for lo < n && hiFiller(cl[lo]) {
		lo++
	}
	if lo < n && cl[lo].low == "ki" && !cl[lo].keep {
		lo++ // "… bol raha tha ki …": that
	}
	if lo < n && cl[lo].low == "par" {
		cl[lo].en = "but" // "par" opening a clause is "but", not "on"
		lo++
	}
	// "bas X hi": only X
	for i := lo; i < n; i++ {
		if !cl[i].keep && cl[i].low == "bas" {
			for _, t := range cl[i+1:] {
				if t.low == "hi" {
					cl[i].en = "only"
				}
			}
		}
	}
	// the head: the clause's last mode word
	head, mode := -1, ""
	for i := lo; i < n; i++ {
		if m, ok := hiMode[cl[i].en]; ok && !cl[i].keep {
			head, mode = i, m
		}
	}
	hasNum := false
	for i := lo; i < n; i++ {
		hasNum = hasNum || cl[i].numBefore
	}
	revert := false
	for i := lo; i < n; i++ {
		if !cl[i].keep && cl[i].en == "back to the old value" {
			revert = true
		}
	}
	// a plain "nahi" next to an infinitive is a prohibition ("prod DB
	// nahi chhedna hai", "chhedna nahi hai")
	if head < 0 {
		for i := lo; i < n; i++ {
			if !cl[i].keep && cl[i].en == "not" && (i+1 < n && hiInfinitive(cl[i+1]) || i > lo && hiInfinitive(cl[i-1])) {
				head, mode = i, "neg"
				cl[i].en = "do not"
			}
		}
	}
	// the verb: the last verb before the mode and its auxiliaries ("touch
	// mat karna"), else the one right after it ("mat chhedo")
	verb := -1
	from := n - 1
	if head >= 0 {
		from = head - 1
		if head+1 < n && !cl[head+1].keep && hiVerbs[cl[head+1].en] {
			from = -1 // "mat chhedo"
		}
	}
	for i := from; i >= lo; i-- {
		t := cl[i]
		if t.low == "ko" {
			break // what "ko" follows is the object
		}
		if hiFiller(t) || !t.keep && (t.en == "" || t.en == "is" || t.en == "are" || hiMode[t.en] == "set" && mode != "set") {
			continue
		}
		if !t.keep && (strings.HasPrefix(t.en, "on ") || t.en == "today" || t.en == "tomorrow") {
			continue // "friday ko": on friday
		}
		if t.keep && !t.numBefore || hiVerbs[t.en] {
			verb = i
		}
		break
	}
	if verb < 0 && head >= 0 && head+1 < n && !cl[head+1].keep && hiVerbs[cl[head+1].en] {
		verb = head + 1
	}
	if mode == "" && n-1 > lo && !cl[n-1].keep && cl[n-1].en == "not" && cl[n-2].keep {
		// "…, npm nahi": not npm
		cl[n-1].en = ""
		j := hiRunStart(cl, lo, n-1)
		cl[j].pre = strings.TrimSpace("not " + cl[j].pre)
		return
	}
	if mode == "" && verb >= 0 && cl[verb].keep && verb < n-1 {
		// "… ke baad merge karna": an English verb told with Hindi's
		// infinitive is an instruction, read as the verb
		aux := true
		for _, t := range cl[verb+1:] {
			switch t.low {
			case "karna", "karni", "karne", "krna", "kar lena", "kar dena":
			default:
				aux = aux && hiFiller(t)
			}
		}
		if aux {
			mode, head = "verb", verb
		}
	}
	if mode == "" {
		if verb < 0 || !hiVerbs[cl[verb].en] || verb != n-1 && !cl[n-1].keep && cl[n-1].en != "" {
			hiPostpositions(cl, lo, n)
			return
		}
		mode, head = "verb", verb // "tests chalao": run the tests
	}
	switch mode {
	case "no", "use", "tried", "choice", "scale", "by":
		verb = -1
	case "set":
		if hasNum || revert {
			verb = -1
		}
	}
	if verb >= 0 && cl[verb].keep && verb > head && mode != "verb" {
		verb = -1 // a word after the mode is no verb of it
	}
	if verb >= 0 && !cl[verb].keep && !hiVerbs[cl[verb].en] {
		verb = -1
	}
	last := n
	for _, i := range []int{head, verb} {
		if i >= 0 {
			last = min(last, i)
		}
	}
	// a setting's numbers: "to" before the value ("from … to" for two)
	if mode == "set" && hasNum || mode == "by" {
		for i := lo; i < n; i++ {
			if cl[i].numBefore && (cl[i].low == "pe" || cl[i].low == "par" || cl[i].low == "se" && mode == "by") {
				cl[i].keep, cl[i].en = false, ""
			}
		}
	}
	posts := -1
	for _, i := range hiPostpositions(cl, lo, n) {
		if i < last {
			posts = i
		}
	}
	// the target: the object the mode and the verb are moved before
	target := -1
	for i := lo; i < last; i++ {
		if cl[i].low == "ko" {
			target = hiRunStart(cl, lo, i)
			if target == i && cl[i].lead == cl[i].start {
				target = -1 // no object before it ("vendor/ ko": the code is)
			}
			break
		}
	}
	if target < 0 {
		from := lo
		if posts >= 0 && mode != "neg" && mode != "verb" {
			from = posts + 1
		}
		for i := from; i < last; i++ {
			if !cl[i].keep && cl[i].cat == catRelay {
				from = i + 1 // "Rohit ke hisaab se …": the rule after it
			}
		}
		for i := from; i < last; i++ {
			if cl[i].keep || hiNoun[cl[i].en] || cl[i].lead < cl[i].start {
				target = i
				break
			}
		}
	}
	if target < 0 || target > last {
		target = last
	}
	if target >= n {
		return
	}
	if mode == "choice" || mode == "use" {
		hiInsteadAfter(cl, lo, target, last)
	}
	article := func() string {
		if cl[target].keep && !cl[target].numBefore {
			return " the"
		}
		return ""
	}
	front := ""
	switch mode {
	case "neg":
		front = cl[head].en
		for i := lo; i < n; i++ {
			if cl[i].low == "kabhi" || cl[i].low == "kbhi" || cl[i].en == "ever" && !cl[i].keep {
				front = "never"
				cl[i].keep, cl[i].en = false, ""
			}
		}
	case "can":
		front = cl[head].en
		for i := lo; i < n; i++ {
			if !cl[i].keep && cl[i].en == "now" {
				front += " now" // "ab … kar sakte ho": "you can now …"
				cl[i].en = ""
				break
			}
		}
	case "no", "use", "tried", "must":
		front = cl[head].en
	case "choice":
		front = "let's go with"
		for i := lo; i < n; i++ {
			if !cl[i].keep && cl[i].en == "let's go with" {
				cl[i].en = ""
			}
		}
	case "scale":
		front = cl[head].en + article()
		if target == head {
			front += " it" // "double kar do": double it
		}
	case "by":
		front = cl[head].en + article()
		hiBeforeNum(cl, target, "by", "")
	case "set":
		switch {
		case revert:
			front = "put" + article()
		case hasNum:
			front = "set" + article()
			hiBeforeNum(cl, target, "to", "from")
		}
	case "verb":
		head = -1
	}
	if verb >= 0 {
		if front != "" {
			front += " "
		}
		front += hiWordOf(cl[verb])
		cl[verb].keep, cl[verb].en = false, ""
	}
	if head >= 0 {
		cl[head].keep, cl[head].en = false, ""
	}
	if front == "" {
		return
	}
	if (target == head || target == verb) && cl[target].lead == cl[target].start {
		cl[target].keep, cl[target].en = false, front
		return
	}
	cl[target].pre = strings.TrimSpace(front + " " + cl[target].pre)
}

// hiWordOf is a verb's English: its gloss, or the English word it is.
func hiWordOf(t glossTok) string {
	if t.keep {
		return t.low
	}
	return t.en
}

// hiInfinitive reports whether t is a Hindi verb's infinitive ("chhedna").
func hiInfinitive(t glossTok) bool {
	return !t.keep && hiVerbs[t.en] && strings.HasSuffix(t.low, "na")
}

// hiRunStart is the first word of the noun phrase that ends before i.
func hiRunStart(cl []glossTok, lo, i int) int {
	j := i
	for j > lo && (cl[j-1].keep || hiNoun[cl[j-1].en] && !cl[j-1].keep) && !cl[j-1].clauseEnd {
		j--
	}
	return j
}

// hiPostpositions moves each postposition in cl[lo:hi] before its noun
// ("main branch pe": "on main branch"), and returns their indexes.
func hiPostpositions(cl []glossTok, lo, hi int) []int {
	var out []int
	for i := lo; i < hi; i++ {
		t := cl[i]
		if t.keep || !hiPost[t.en] {
			continue
		}
		out = append(out, i)
		j := hiRunStart(cl, lo, i)
		if j == i && cl[i].lead < cl[i].start {
			// code before it: "0001_init.sql ko chhod ke"
			cl[i].pre, cl[i].en = strings.TrimSpace(cl[i].pre+" "+t.en), ""
			continue
		}
		if j == i {
			continue
		}
		cl[j].pre = strings.TrimSpace(cl[j].pre + " " + t.en)
		cl[i].en = ""
	}
	return out
}

// hiBeforeNum writes word before the first number after target (its
// "ko" or the word before it says it), and, when "se" joins two numbers
// ("3 se 5"), from before the first and word for "se".
func hiBeforeNum(cl []glossTok, target int, word, from string) {
	for k := target + 1; k < len(cl); k++ {
		if !cl[k].numBefore {
			continue
		}
		w := word
		if from != "" && cl[k].low == "se" && k+1 < len(cl) && cl[k+1].numBefore {
			w = from
			cl[k].keep, cl[k].en = false, word
		}
		p := &cl[k-1]
		switch {
		case p.low == "ko" || p.low == "wapas":
			p.keep, p.en = false, w
		case !p.keep && p.en == "":
			p.en = w
		default:
			p.post = strings.TrimSpace(p.post + " " + w)
		}
		return
	}
}

// hiInsteadAfter reads "A ki jagah B" ("MySQL ki jagah Postgres le lete
// hain") as English says it, "B instead of A": A, said before B, is
// written after it.
func hiInsteadAfter(cl []glossTok, lo, target, last int) {
	for p := lo; p < target; p++ {
		if cl[p].keep || cl[p].en != "" || !strings.HasPrefix(cl[p].low, "ki jagah") && !strings.HasPrefix(cl[p].low, "ke bajay") && !strings.HasPrefix(cl[p].low, "ki bajay") && !strings.HasPrefix(cl[p].low, "ke jagah") && cl[p].low != "ke badle" {
			continue
		}
		j := hiRunStart(cl, lo, p)
		var a []string
		for i := j; i < p; i++ {
			if cl[i].keep {
				a = append(a, cl[i].text)
			} else if cl[i].en != "" {
				a = append(a, cl[i].en)
			}
			cl[i].keep, cl[i].en, cl[i].pre = false, "", ""
		}
		if len(a) == 0 || last <= target {
			return
		}
		cl[last-1].post = strings.TrimSpace(cl[last-1].post + " instead of " + strings.Join(a, " "))
		return
	}
}
