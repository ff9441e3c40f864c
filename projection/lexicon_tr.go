package projection

import (
	"strings"
	"unicode/utf8"
)

// Turkish cues (lexicon.go). Turkish glues its grammar to the word: a
// case to a name after an apostrophe ("main'e": to main, "staging'de":
// on staging, "Procfile'ı": Procfile), and its negation to the verb,
// "-me/-ma" before the person ("ekleme": do not add, "pushlama": do not
// push, "commit'leme": do not commit, "dokunmayın"). It puts its verb
// last: fixTR reads a clause that ends in a negative imperative as a
// prohibition with "do not <verb>" before the clause ("main'e pushlama":
// "do not push to main"), and one that ends in an imperative as the
// order with its verb first ("sonunda Procfile'ı da güncelle": "at the
// end update Procfile also", "concurrency'i 20 yap": "set concurrency to
// 20"). "-me/-ma" also makes a noun ("bir güncelleme yaptım"): only the
// clause's last verb, not after "bir", forbids. A conditional ("testler
// fail ederse") is "if" before its clause.
var lexTR = []lexEntry{
	{catNever, "never", "asla hiçbir_zaman hiç_bir_zaman sakın"},
	{catNever, "anywhere", "hiçbir_yere hiçbir_yerde"},
	{catNever, "no", "hiçbir"},
	{catNever, "is forbidden", "yasak yasaktır yasaklandı"},
	{catNever, "must not", "olmamalı yapılmamalı"},
	{catMust, "must", "zorunlu şart mutlaka gerekiyor lazım"},
	{catMust, "always", "her_zaman daima hep"},
	{catMust, "only", "sadece yalnızca yalnız sırf"},
	{catMust, "from now on", "bundan_sonra artık_hep bundan_böyle"},
	{catMust, "make sure", "emin_ol"},
	{catUse, "use", "kullan kullanın kullanalım"},
	{catUse, "prefer", "tercih_et tercihen"},
	{catInstead, "instead of", "yerine"},
	{catExcept, "except", "hariç dışında"},
	{catExcept, "unless", "değilse"},
	{catExcept, "only that file", "sadece_o_dosya"},
	{catLift, "is allowed now", "artık_serbest serbest_artık"},
	{catLift, "allowed", "serbest izinli"},
	{catLift, "you can now", "artık_ekleyebilirsin artık_yapabilirsin artık_kullanabilirsin artık_pushlayabilirsin"},
	{catLift, "you can add", "ekleyebilirsin"},
	{catLift, "you can use", "kullanabilirsin"},
	{catLift, "you can", "yapabilirsin"},
	{catLift, "I'm dropping the rule", "kuralını_kaldırıyorum kuralı_kaldırıyorum kuralını_kaldırdım kuralı_kaldırdım"},
	{catLift, "no longer applies", "geçerli_değil artık_geçerli_değil"},
	{catLift, "now", "artık"},
	{catFunction, "I repeat", "tekrar_söylüyorum tekrar_ediyorum"},
	{catLift, "again", "tekrar yine yeniden"},
	{catRelative, "revert", "geri_al"},
	{catRelative, "increase", "artır arttır"},
	{catRelative, "reduce", "azalt düşür"},
	{catRelative, "double", "iki_katına_çıkar"},
	{catRelative, "seconds", "saniye sn"},
	{catRelative, "minutes", "dakika dk"},
	{catRelative, "hours", "saat"},
	{catQuestion, "I don't know", "bilmiyorum bilmiyoruz"},
	{catQuestion, "I'm not sure", "emin_değilim"},
	{catQuestion, "open question", "açık_soru"},
	{catQuestion, "question", "soru"},
	{catChoice, "let's go with", "gidelim"},
	{catChoice, "option", "seçenek"},
	{catAnswer, "yes", "evet"},
	{catAnswer, "no", "hayır"},
	{catAnswer, "ok", "tamam peki olur"},
	{catAnswer, "not for now", "şimdilik_hayır"},
	{catAnswer, "thanks", "teşekkürler sağol sağ_ol"},
	{catGiveUp, "forget it", "boşver boş_ver vazgeçtim vazgeç bırak_onu bırak"},
	{catDone, "don't forget to", "unutma"},
	{catDone, "at the end", "sonunda en_sonda"},
	{catDone, "before", "önce"},
	{catDone, "done", "yaptım bitti bitirdim tamamlandı hallettim halloldu"},
	{catDone, "is fixed now", "düzeldi"},
	{catGoal, "Goal", "hedef amaç"},
	{catGoal, "Task", "görev"},
	{catGoal, "change of plans", "plan_değişti plan_değişikliği"},
	{catGoal, "new priority", "öncelik_artık yeni_öncelik"},
	{catGoal, "priority", "öncelik"},
	{catGoal, "for now", "şimdilik"},
	{catRules, "rules", "kurallar kısıtlar"},
	{catRules, "rule", "kural"},
	{catRelay, "said", "söyledi dedi"},
	{catRelay, "according to", "göre"},
	{catAttempt, "I tried", "denedim"},
	{catAttempt, "we tried", "denedik"},
	{catAttempt, "didn't work", "işe_yaramadı olmadı çalışmadı"},
	{catAttempt, "doesn't work", "çalışmıyor"},
	// a run the user saw fail still or pass (userfail.go, usergreen.go):
	// "hâlâ patlıyor", "yine 500 veriyor", "test hâlâ kırmızı", "yeşil oldu"
	{catAttempt, "still", "hâlâ hala"},
	{catAttempt, "failing", "patlıyor başarısız fail_ediyor"},
	{catAttempt, "red", "kırmızı"},
	{catAttempt, "returns", "veriyor dönüyor döndürüyor"},
	{catAttempt, "green now", "yeşil_oldu yeşile_döndü"},
	{catAttempt, "is green", "yeşil"},
	{catAttempt, "passed", "geçti"},
	{catAttempt, "unrelated", "alakasız ilgisiz bizimle_ilgili_değil"},
	// a task put off: "yarın bakarız" is "we'll look at it tomorrow"
	{catFunction, "we'll look at this tomorrow", "yarın_bakarız yarın_bakalım yarın_devam_ederiz yarın_hallederiz"},
	{catFunction, "that's it for today", "bugünlük_bu_kadar"},
	{catFunction, "also", "da de bir_de ayrıca"},
	{catFunction, "and", "ve"},
	{catFunction, "or", "veya ya_da"},
	{catFunction, "but", "ama fakat ancak"},
	{catFunction, "because", "çünkü"},
	{catFunction, "I", "ben"},
	{catFunction, "you", "sen siz"},
	{catFunction, "we", "biz"},
	{catFunction, "this", "bu bunu şu"},
	{catFunction, "it", "onu"},
	{catFunction, "for", "için"},
	{catFunction, "with", "ile"},
	{catFunction, "is not", "değil"},
	{catFunction, "then", "sonra"},
	{catFunction, "first", "önce_şunu ilk_önce"},
	{catFunction, "please", "lütfen"},
	{catFunction, "", "olsun"},
	{catFunction, "tomorrow", "yarın"},
}

// stopTR are Turkish function words no English word nor another
// lexicon's writes, for detection.
const stopTR = `ve bir bu şu için ile ama fakat çünkü ben sen biz siz değil yok şimdi sonra önce artık hiçbir hiç daha çok gibi kadar olsun mı mu mü nasıl neden lütfen sadece bence şey bugün yarın sonunda diye`

// trVerbs are Turkish verb stems with their English: the imperative is
// the stem ("ekle"), the negative imperative the stem and "-me/-ma"
// ("ekleme", "dokunma"), its plural "-meyin/-mayın".
var trVerbs = map[string]string{
	"ekle": "add", "sil": "delete", "dokun": "touch", "elle": "touch", "kurcala": "touch", "kullan": "use", "yap": "do", "değiştir": "change",
	"çalıştır": "run", "gönder": "send", "aç": "open", "kapat": "close", "yükle": "install", "kaldır": "remove", "güncelle": "update",
	"yaz": "write", "oluştur": "create", "taşı": "move", "birleştir": "merge", "düzelt": "fix", "bas": "push", "at": "commit",
	"ellem": "touch", "boz": "break", "çıkar": "remove", "koy": "put", "düzenle": "edit", "bak": "look at", "geç": "skip", "atla": "skip",
}

// trTokens are a Turkish message's words, a suffix written after an
// apostrophe ("main'e", "commit'leme") one word with its name.
func trTokens(text string) []glossTok {
	toks := latinWords(text)
	k := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		glued := k > 0 && t.start >= 0 && (strings.HasSuffix(toks[k-1].low, "'") && toks[k-1].end == t.start ||
			// "rubocop:disable" is one name, not a clause and a word
			toks[k-1].end+1 == t.start && text[toks[k-1].end] == ':')
		if glued && (!toks[k-1].clauseEnd || text[toks[k-1].end] == ':') {
			p := &toks[k-1]
			p.end, p.low, p.text, p.clauseEnd = t.end, p.low+t.low, text[p.start:t.end], t.clauseEnd
			continue
		}
		if t.start >= 2 && text[t.start-1] == '\'' && isDigit(text[t.start-2]) && trSuffixes[t.low] {
			// "5'e": the number's case suffix, with its apostrophe
			t.start--
			t.lead, t.low = t.start, "'"+t.low
		}
		toks[k] = t
		k++
	}
	for i := k; i < len(toks); i++ {
		toks[i] = glossTok{start: -1, keep: true}
	}
	return toks[:k]
}

// trCase is a name and its case suffix as English says it: "main'e" is
// "to main", "staging'de" "on staging", "prod'dan" "from prod",
// "Procfile'ı" "Procfile".
func trCase(low, text string) string {
	i := strings.Index(text, "'")
	if i <= 0 {
		return text
	}
	name, suf := text[:i], strings.ToLower(text[i+1:])
	switch suf {
	case "e", "a", "ye", "ya", "ne", "na":
		return "to " + name
	case "de", "da", "te", "ta", "nde", "nda":
		return "on " + name
	case "den", "dan", "ten", "tan", "nden", "ndan":
		return "from " + name
	}
	return name
}

// trNegVerb is the English of a negative imperative ("ekleme": add,
// "pushlama": push, "commit'leme": commit, "dokunmayın": touch), "" when
// w is none.
func trNegVerb(w string) string {
	for _, end := range []string{"meyin", "mayın", "meyiniz", "mayınız", "me", "ma"} {
		stem, ok := strings.CutSuffix(w, end)
		if !ok || utf8.RuneCountInString(stem) < 2 {
			continue
		}
		if en, ok := trVerbs[stem]; ok {
			return en
		}
		// a verb made of a code word: "push'la", "pushla", "commitle"
		for _, le := range []string{"'la", "'le", "la", "le"} {
			if base, ok := strings.CutSuffix(stem, le); ok && utf8.RuneCountInString(base) >= 3 && isLatinWord(base) {
				return base
			}
		}
	}
	return ""
}

// trVerb is the English of an imperative ("güncelle": update,
// "commit'le": commit), "" when w is none.
func trVerb(w string) string {
	if en, ok := trVerbs[w]; ok {
		return en
	}
	for _, le := range []string{"'la", "'le"} {
		if base, ok := strings.CutSuffix(w, le); ok && isLatinWord(base) {
			return base
		}
	}
	return ""
}

// isLatinWord reports whether s is a word of lowercase ASCII letters (a
// code word: "push", "commit").
// caseSuffixRE is a case suffix after an apostrophe ("concurrency'i").
var caseSuffixRE = mustPattern(`'\pL{1,4}\b`)

// trimCaseSuffixes is s without its words' case suffixes: a setting
// named "production concurrency'i" is the gloss's "production
// concurrency", keyed as English names it.
func trimCaseSuffixes(s string) string {
	return caseSuffixRE.ReplaceAllString(s, "")
}

func isLatinWord(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return s != ""
}

// trCond reports whether w is a verb in the conditional ("ederse",
// "olursa", "kırılırsa", "geçmezse").
func trCond(w string) bool {
	if utf8.RuneCountInString(w) < 5 {
		return false
	}
	for _, e := range []string{"rse", "rsa", "zse", "zsa"} {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// trPronoun are the pronouns a setting is named by ("onu 2 dakika yap").
var trPronoun = wordSet(`onu bunu şunu onları bunları`)

// trSuffixes are the case suffixes a number takes after an apostrophe.
var trSuffixes = wordSet(`e a ye ya de da te ta den dan ten tan i ı u ü yi yı yu yü`)

// trAfterVerb are words a clause may say after its verb.
var trAfterVerb = wordSet(`lütfen sakın ha artık bir daha kimseye`)

// trNumAt is the place of the word a number stands before in
// cl[from:last+1] (the verb itself, or the number's suffix: "5'e"), -1
// when none.
func trNumAt(cl []glossTok, from, last int) int {
	for i := from; i <= last; i++ {
		if cl[i].numBefore {
			return i
		}
	}
	return -1
}

func fixTR(toks []glossTok) {
	for i := range toks {
		if t := &toks[i]; t.numBefore && strings.HasPrefix(t.low, "'") {
			// "5'e": the number's case suffix says nothing
			t.keep, t.en = false, ""
		}
	}
	for i := range toks {
		if toks[i].keep && strings.Contains(toks[i].low, "'") && trNegVerb(toks[i].low) == "" && trVerb(toks[i].low) == "" {
			toks[i].keep, toks[i].en = false, trCase(toks[i].low, toks[i].text)
		}
	}
	for _, cl := range glossClauses(toks) {
		fixTRClause(cl)
	}
}

// fixTRClause reads one clause in English order (see lexTR).
func fixTRClause(cl []glossTok) {
	lead := 0
	if len(cl) > 1 && cl[0].low == "önce" {
		// "önce login hatasını düzelt": opening its clause, "önce" is
		// "first"; after a noun it is "before" ("testten önce")
		cl[0].keep, cl[0].en = false, "first"
		lead = 1
	}
	for lead < len(cl) && !cl[lead].keep && (leadWords[cl[lead].en] || cl[lead].en == "at the end" || cl[lead].en == "ok") {
		lead++
	}
	last := len(cl) - 1
	for last >= 0 && cl[last].start < 0 {
		last-- // the words a phrase merged
	}
	for last > lead && (trAfterVerb[cl[last].low] || !cl[last].keep && (cl[last].en == "anywhere" || cl[last].en == "never" || cl[last].en == "please")) {
		last--
	}
	if last <= lead-1 || last < 0 {
		return
	}
	v := &cl[last]
	if fixTRSelf(cl, lead, last) {
		return
	}
	if !v.keep && v.en == "I'm dropping the rule" && last > lead {
		// "rubocop:disable kuralını kaldırıyorum": drop the rubocop:disable rule
		cl[lead].pre = strings.TrimSpace("drop the " + cl[lead].pre)
		v.en = "rule"
		return
	}
	if last > 0 && cl[last-1].low == "bir" {
		return // "bir güncelleme": a noun
	}
	if !v.keep && strings.HasPrefix(v.en, "you can") && last > lead {
		// "legacy_importer.rb için rubocop:disable ekleyebilirsin": you
		// can add rubocop:disable for legacy_importer.rb
		cl[lead].pre = strings.TrimSpace(v.en + " " + cl[lead].pre)
		v.en = "here"
		return
	}
	neg := trNegVerb(v.low)
	verb := ""
	if neg == "" {
		verb = trVerb(v.low)
		if !v.keep && v.en == "revert" {
			verb = "do" // "retry'ı 5'e geri al": set retry back to 5
		}
		if verb == "" {
			if !v.keep && v.en == "use" {
				verb = "use"
			} else {
				return
			}
		}
	}
	// a conditional before the verb: "if" before its clause
	from := lead
	for i := lead; i < last; i++ {
		if trCond(cl[i].low) {
			cl[i].keep, cl[i].en = false, ""
			if i > lead {
				cl[lead].pre = strings.TrimSpace("if " + cl[lead].pre)
			}
		}
	}
	if last > from && (cl[last-1].low == "sen" || cl[last-1].low == "siz") {
		// "sen dokunma": the subject, said before the verb
		cl[last-1].keep, cl[last-1].en = false, ""
		if last-1 == from {
			from++
		}
	}
	if neg == "touch" && !cl[from].keep {
		// "CHANGELOG'a dokunma": touch takes its object without "to"
		cl[from].en = strings.TrimPrefix(cl[from].en, "to ")
	}
	if neg != "" {
		if last == from {
			v.keep, v.en = false, "do not "+neg
			return
		}
		cl[from].pre = strings.TrimSpace("do not " + neg + " " + cl[from].pre)
		v.keep, v.en = false, "ever"
		return
	}
	if last == from {
		v.keep, v.en = false, verb
		return
	}
	if nb := trNumAt(cl, from, last); verb == "do" && nb > from && trPronoun[cl[nb-1].low] {
		// "onu 2 dakika yap": the setting is the one named before, which
		// the words do not say
		return
	} else if verb == "do" && nb > from {
		// "concurrency'i 20 yap": set concurrency to 20
		verb = "set"
		cl[nb-1].post = "to"
	}
	cl[from].pre = strings.TrimSpace(verb + " " + cl[from].pre)
	v.keep, v.en = false, ""
	if verb != "set" {
		// the verb's place keeps a word, so that a quote ending there
		// maps back to it (frontProhibition's "ever")
		v.en = "here"
	}
}

// fixTRSelf reads the user keeping a task, "ben" and a verb in the
// first person ("CHANGELOG'u ben yazarım", "onu ben hallederim"), as
// "I'll <verb> X myself".
func fixTRSelf(cl []glossTok, lead, last int) bool {
	b := -1
	for i := lead; i < last; i++ {
		if cl[i].low == "ben" {
			b = i
		}
	}
	if b < 0 || b != last-1 {
		return false
	}
	v := &cl[last]
	for _, e := range []string{"arım", "erim", "ırım", "irim", "urum", "ürüm", "rım", "rim", "rum", "rüm"} {
		stem, ok := strings.CutSuffix(v.low, e)
		if !ok || utf8.RuneCountInString(stem) < 2 {
			continue
		}
		verb := trVerbs[stem]
		if verb == "" {
			verb = "do"
		}
		if b == lead {
			cl[b].keep, cl[b].en = false, "I'll "+verb+" it"
		} else {
			cl[lead].pre = strings.TrimSpace("I'll " + verb + " " + cl[lead].pre)
			cl[b].keep, cl[b].en = false, ""
		}
		v.keep, v.en = false, "myself"
		return true
	}
	return false
}

func lexiconTR() *lexicon {
	lx := compileLexicon(lexTR, stopTR, fixTR, false)
	lx.comma = true
	lx.tokens = trTokens
	return lx
}
