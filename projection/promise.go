package projection

import (
	"path"
	"strings"
)

// Work the agent promises to do.
//
// "Ik zet de positie terug en voeg een test toe", "Da parte mia: aggiorno
// il README del chart …", "I'll update docs/deploy.md before Monday",
// "je mets à jour le CHANGELOG", "ich ergänze einen Test für den Export",
// "Dopiszę też wpis do CHANGELOG", "CHANGELOG mein entry daal dunga": in
// a report to the user, or beside the calls it makes, the agent commits
// itself, in the first person, to a piece of work with an object: a
// test, the docs, the changelog, or a file it names. That is an open
// obligation, the agent's, read beside its "still need to" (owntask.go); it is done as any
// other: the file it names written (touched, reduceoutcome.go), a later
// "Updated …" (done.go, donereport.go), for a promised test a test file
// written after it (testDone), for a promised changelog or README that
// file (docDone). Said beside the call that does it ("Dopiszę też wpis
// do CHANGELOG" with the CHANGELOG.md edit), it is done by that call;
// beside other calls it is narration of them ("Now I'll add tests for
// process_message:" and an edit of the module holding them), not read
// (owntask.go). A promise that restates an open
// obligation ("The README section I'll write by Monday" after the user's
// "could you write a section in the README … by Monday") takes that one
// on rather than adding another (promisedAgain).
//
// No promise: what the code does ("the handler adds a header", "de
// handler voegt een header toe": no first person), what was done ("I
// added a test", "ho aggiunto un test"), a question ("shall I add a
// test?"), an offer left to the user ("if you want I can add a test", "se
// vuoi aggiungo un test"), a refusal ("I won't add a test"), a step with
// no object of work ("I'll check the logs").
var (
	// promiseRE is a first-person commitment to a verb of work, the
	// subject said or (Italian, Spanish, Portuguese, Russian) carried by
	// the verb, in the present or the future.
	promiseRE = mustPattern(`(?i)(?:^|[^\p{L}'’])(?:` +
		// English
		`(?:i'll|i’ll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to)\s+(?:also\s+|then\s+|now\s+|still\s+|just\s+|quickly\s+|go\s+ahead\s+and\s+)*(?:add|write|update|document|create|extend|cover|open|file|note|put|amend)` +
		// Dutch: "ik voeg … toe", "… en voeg … toe" after an ik-clause
		`|ik\s+(?:\S+\s+){0,3}?(?:voeg|werk|schrijf|update|documenteer|maak|breid|leg|pas|zet)|ik\s+(?:ga|zal)\s+(?:\S+\s+){0,4}?(?:toevoegen|bijwerken|schrijven|updaten|documenteren|aanmaken|uitbreiden|aanpassen|zetten)` +
		// German
		`|ich\s+(?:\S+\s+){0,2}?(?:ergänze|aktualisiere|schreibe|füge|dokumentiere|lege|trage|erweitere|passe)|(?:ergänze|aktualisiere|schreibe|füge|dokumentiere|lege|trage|erweitere)\s+ich|ich\s+werde\s+(?:\S+\s+){0,5}?(?:ergänzen|aktualisieren|schreiben|hinzufügen|dokumentieren|anlegen|nachtragen|erweitern|anpassen)` +
		// French
		`|je\s+(?:mets|mettrai|vais\s+mettre)\s+à\s+jour|j['’](?:ajoute|ajouterai|écris|écrirai)|je\s+(?:documente|documenterai|rédige|rédigerai|complète|compléterai|crée|créerai)|je\s+vais\s+(?:ajouter|écrire|documenter|rédiger|compléter|créer)` +
		// Italian
		`|(?:io\s+)?(?:aggiorno|aggiungo|scrivo|preparo|creo|aggiornerò|aggiungerò|scriverò|documenterò|preparerò|creerò)` +
		// Spanish
		`|(?:yo\s+)?(?:añado|agrego|actualizo|escribo|añadiré|agregaré|actualizaré|escribiré|documentaré)|voy\s+a\s+(?:añadir|agregar|actualizar|escribir|documentar|crear)` +
		// Portuguese
		`|(?:eu\s+)?(?:adiciono|atualizo|escrevo|adicionarei|atualizarei|escreverei|documentarei)|vou\s+(?:adicionar|atualizar|escrever|documentar|criar)` +
		// Swedish
		`|jag\s+(?:lägger\s+till|uppdaterar|skriver|dokumenterar|ska\s+(?:lägga\s+till|uppdatera|skriva|dokumentera))` +
		// Russian, Ukrainian
		`|добавлю|обновлю|напишу|допишу|задокументирую|додам|оновлю|напишу` +
		// Polish
		`|dopiszę|dodam|zaktualizuję|uzupełnię|napiszę|udokumentuję` +
		// Hinglish: the first-person future, "daal dunga", "likh dungi",
		// "update karunga"
		`|(?:daal|dal|likh|jod|bana|(?:add|update|document|create|write|extend|note)\s+kar)\s+(?:dunga|dungi|doonga|doongi)|(?:likh|daal|jod|bana)(?:unga|ungi|oonga|oongi)|(?:add|update|document|create|write|extend|note)\s+kar(?:unga|ungi|oonga|oongi)` +
		`)(?:[^\p{L}]|$)`)

	// promiseNotRE is what makes such a sentence no promise: the past, a
	// negation, an offer or a condition left to the user.
	promiseNotRE = mustPattern(`(?i)(?:^|[^\p{L}'’])(?:if\s+you|should\s+i|shall\s+i|want\s+me|i\s+can|i\s+could|i\s+won't|i\s+will\s+not|i'll\s+not|i\s+(?:have|had|already)|i've|als\s+je|wil\s+je|zal\s+ik|kan\s+ik|heb|had|niet|geen|al\s+gedaan|wenn\s+du|wenn\s+sie|soll\s+ich|kann\s+ich|habe|hab|nicht|kein\w*|si\s+tu|si\s+vous|veux-tu|voulez-vous|je\s+peux|j'ai|ne\s|n['’]|pas|se\s+vuoi|se\s+volete|vuoi\s+che|posso|ho|non|si\s+quieres|quieres\s+que|puedo|he|no|se\s+quiser|quer\s+que|posso|já|não|om\s+du|vill\s+du|ska\s+jag|kan\s+jag|har|inte|если|хочешь|могу|не|якщо|можу|kya|nahi|nahin|nhi|mat|agar|(?:kar|daal|dal|likh|jod|bana|bhej|de|le)\s+(?:di|diya|diye|li|liya|liye|chuka|chuki))(?:[^\p{L}]|$)`)

	// promiseObjRE is an object of work named without a file: a test, the
	// docs, the changelog.
	promiseObjRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:tests?|testje|testcase|unit\s*test|teste|testes|prueba|pruebas|тест\p{L}*|readme|changelog|docs|documentation|documentatie|documentazione|documentación|documentação|dokumentation|doku)(?:[^\p{L}]|$)`)

	// promiseTestRE is a promise of a test.
	promiseTestRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:tests?|testje|testcase|unit\s*test|teste|testes|prueba|pruebas|тест\p{L}*)(?:[^\p{L}]|$)`)
)

// promiseCJKRE is the same commitment in Chinese, which no space or
// boundary marks: "我之后会在 apps/api/README.md 里补上 …", "我来更新
// CHANGELOG", the time said before the subject ("等会儿我把 benchmark
// 结果写进 docs/perf.md"); promiseCJKNotRE makes it none: done already, a question,
// an offer, a condition, a negation.
var (
	promiseCJKRE    = mustPattern(`(?:我(?:之后|稍后|待会儿?|等下|等会儿?|回头|马上|接下来|随后|最后|晚点)?(?:会|要|来|再|先)|(?:之后|稍后|待会儿?|等下|等一下|等会儿?|回头|晚点|晚些时候|随后)[，,]?\s*我(?:再|会|来|就)?)(?:[^。？！\n]{0,40}?)(?:补上|补充|补一下|加上|加一下|更新|写上|写一下|添加|记录|完善|补全|写好|写进|写入|写到|补到|加到|记到|记进)`)
	promiseCJKNotRE = mustPattern(`已经|已(?:补|加|更新|写|添加)|(?:写进|写入|写到|补到|加到|记到|记进|写好|补上|加上)了|了吗|要不要|需不需要|如果|要是|是否|不会|不要|没有`)
)

// ownPromise reports whether the agent's sentence s promises work of its
// own (see above).
func ownPromise(s string) bool {
	if strings.ContainsAny(s, "?？") {
		return false
	}
	if !(promiseRE.MatchString(s) && !promiseNotRE.MatchString(s)) && !(promiseCJKRE.MatchString(s) && !promiseCJKNotRE.MatchString(s)) {
		return false
	}
	if promiseObjRE.MatchString(s) {
		return true
	}
	if promiseLaterRE.MatchString(s) && len(terms(promiseRE.ReplaceAllString(promiseLaterRE.ReplaceAllString(s, " "), " "))) >= 2 {
		// "I'll write the matching down migrations in a follow-up":
		// work put to a later time is owed, whatever its object
		return true
	}
	for _, m := range mentions(s) {
		// a file: "docs/deploy.md", "values-prod.yaml"; an identifier
		// ("the `archive()` method") is done by edits that name no
		// file, and is no object read here
		if strings.Contains(m, "/") || promiseFileRE.MatchString(m) {
			return true
		}
	}
	return false
}

// promiseLaterRE puts the promised work to a later time: a follow-up
// change, later, afterwards, next session, tomorrow, once a thing is
// settled; in the languages promiseRE reads.
var promiseLaterRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:in\s+a\s+(?:follow[- ]?up|separate\s+(?:pr|mr|commit|change|patch)|later\s+(?:pr|mr|commit|change))|(?:as\s+a\s+)?follow[- ]?up|later|afterwards|next\s+(?:session|time|sprint|week)|tomorrow|once\s+(?:the|it|we|you|this|that)\s+\p{L}+` +
	`|später|danach|morgen|in\s+einem\s+(?:folge-?pr|eigenen\s+pr)|más\s+tarde|luego|después|mañana|plus\s+tard|ensuite|demain|più\s+tardi|dopo|domani|depois|mais\s+tarde|amanhã|later|morgen|senare|imorgon|позже|потом|завтра|później|jutro|baad\s+mein|kal)(?:[^\p{L}]|$)|之后|稍后|回头|明天`)

// promiseFileRE is a file name by its extension.
var promiseFileRE = mustPattern(`^[\w.-]*\w\.[A-Za-z][A-Za-z0-9]{0,5}$`)

// testDone reports whether a successful write of file p does the
// agent's promised test v: v promises a test and p is a test file.
func testDone(v, p string) bool {
	return promiseRE.MatchString(v) && promiseTestRE.MatchString(v) && testPathRE.MatchString(p)
}

// docDone reports whether a successful write of file p does the agent's
// promised changelog or README v: v promises one by that name ("Dopiszę
// wpis do CHANGELOG", "I'll update the README") and p is that file
// (CHANGELOG.md, docs/README.rst: its name before the extension).
func docDone(v, p string) bool {
	if !ownPromise(v) {
		return false
	}
	base := strings.ToLower(path.Base(p))
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	if base != "changelog" && base != "readme" {
		return false
	}
	return promiseDocRE[base].MatchString(v)
}

// promiseDocRE names a changelog or a README in a promise.
var promiseDocRE = map[string]*pattern{
	"changelog": mustPattern(`(?i)(?:^|[^\p{L}])changelog(?:[^\p{L}]|$)`),
	"readme":    mustPattern(`(?i)(?:^|[^\p{L}])readme(?:[^\p{L}]|$)`),
}

// promisedAgain is the open obligation the agent's promise t takes on
// again: one whose words hold at least two of the promise's and three in
// four of them. nil when t is no promise or none does.
func (r *Reducer) promisedAgain(t string) *Anchor {
	if !ownPromise(t) {
		return nil
	}
	ts := stems(t)
	var best *Anchor
	for _, a := range r.sorted() {
		if a.Kind != KindObligation || a.Lifecycle != Open {
			continue
		}
		as, n := stems(a.Value), 0
		for w := range ts {
			if as[w] {
				n++
			}
		}
		if n >= 2 && 4*n >= 3*len(ts) {
			best = a
		}
	}
	return best
}
