package projection

import (
	"strings"
	"unicode"
)

// A task said done in any language the lexicons read.
//
// claimedDone (done.go) reads an English "Updated CHANGELOG.md …" that
// opens with the task's verb. An agent writing another language reports
// the same work done by a past form or a participle of a verb of work,
// anywhere in the sentence: "CHANGELOG обновил", "CHANGELOG.md обновлён",
// "CHANGELOG aktualisiert", "atualizei o CHANGELOG", "j'ai mis à jour le
// README", "He actualizado el README", "CHANGELOG を更新しました",
// "CHANGELOG 已更新", "CHANGELOG 업데이트했습니다". Such a sentence does a
// task when it names a thing the task names (a file, an identifier, an
// acronym, a CamelCase name). A plan ("обновлю CHANGELOG", "ich werde
// die README aktualisieren", "vou atualizar"), a question, a negation
// ("CHANGELOG не обновил", "noch nicht aktualisiert", "ainda não
// atualizei"), work said missing or conditional ("wenn die README
// aktualisiert ist") does none.
var (
	// pastWorkRE is a verb of work in the past or as a participle.
	// English is claimedDone's: a participle there names a thing as
	// often as work done ("I found where BenchmarkMetrics is created").
	pastWorkRE = mustPattern(`(?i)\b(?:\p{L}+iert|ergänzt|erledigt|angepasst|eingetragen|nachgezogen|geschrieben|gemacht|hinzugefügt|angelegt|erstellt|gefixt|behoben|committet|gepusht|umbenannt|entfernt|gelöscht|fertig)\b` +
		`|\b(?:mis\s+à\s+jour|mise\s+à\s+jour|ajouté|ajoutée|corrigé|corrigée|écrit|écrite|rédigé|fait|terminé|fini|créé|créée|renommé|supprimé|complété|documenté|poussé|régénéré|modifié)\b` +
		`|\b(?:actualicé|actualizado|actualizada|añadí|añadido|agregué|agregado|escribí|escrito|hice|hecho|corregí|corregido|creé|creado|terminé|terminado|listo|documentado|renombrado|eliminado|borrado)\b` +
		`|\b(?:\p{L}{3,}ei|atualizado|atualizada|adicionado|escrevi|escrito|fiz|feito|corrigi|corrigido|criado|pronto|documentado|removi|removido|regravado|abri|subi)\b` +
		`|\b(?:aggiornat[oa]|aggiunt[oa]|scritt[oa]|fatt[oa]|corrett[oa]|creat[oa]|finit[oa]|completat[oa]|rinominat[oa]|rimoss[oa])\b` +
		`|\b(?:bijgewerkt|toegevoegd|geschreven|gedaan|gefixt|aangepast|aangemaakt|afgerond|geüpdatet|hernoemd|verwijderd)\b` +
		`|\b(?:uppdaterade|uppdaterat|uppdaterad|lade\s+till|lagt\s+till|skrev|skrivit|fixade|fixat|klart|gjort|gjorde|skapade|skapat)\b` +
		`|(?:^|[^\p{L}])(?:(?:обнов|добав|дописа|написа|исправ|поправ|сдела|закоммит|запуш|созда|удал|переименова|задокументирова|оформ|заполн|перегенерирова|перезаписа)\p{Cyrillic}{0,4}(?:л|ла|ли|ло|н|на|но|ны)|готово|(?:онов|дода|дописа|написа|випра|зроби|створи|видали|перейменува)\p{Cyrillic}{0,4}(?:в|ла|ли|ло|но|ний|на|ні)|готово)(?:[^\p{L}]|$)` +
		`|(?:更新|追加|記載|修正|対応|作成|反映|記入)(?:しました|済み|完了)|已(?:经)?(?:更新|修改|改|写|加|添加|完成|提交|补上|修复)|(?:改|写|加|更新|补|修)(?:好|完)了|更新了|搞定了|(?:업데이트|추가|수정|작성|반영|완료)\s*(?:했|됐|되었|완료)`)

	// notDoneRE is a plan, a negation, a condition or work said missing.
	notDoneRE = mustPattern(`(?i)\b(?:will|i'll|we'll|going\s+to|needs?\s+to|still|should|must|have\s+to|has\s+to|next|once|when|if|not|never|yet|todo|pending|missing|remaining|werde|wird|werden|muss|müssen|soll|sollte|nicht|kein\w*|sobald|wenn|falls|nachdem|bevor|fehlt|fehlen|offen|später|vais|va|allons|dois|doit|faut|reste|pas|jamais|quand|manque|ensuite|voy|vamos|debo|hay\s+que|tengo\s+que|falta|faltam|nunca|cuando|todavía|aún|pendiente|vou|preciso|precisa|não|nao|quando|ainda|pendente|devo|bisogna|non|mai|farò|ga|gaan|moet|moeten|niet|straks|ska|måste|behöver|inte|ej)\b` +
		`|(?:^|[^\p{L}])(?:нужно|надо|буду|будет|будут|собираюсь|не|когда|если|после|потом|затем|осталось|должен|должна|треба|потрібно|коли|якщо|потім)(?:[^\p{L}]|$)` +
		`|まだ|これから|次に|予定|後で|还没|还要|需要|将|待|아직|예정|나중에|해야`)
)

// reportedDone reports whether the agent's sentence s says task v is
// done (see above).
func reportedDone(v, s string) bool {
	if strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
		return false
	}
	for _, c := range doneClauseRE.Split(s, -1) {
		if !pastWorkRE.MatchString(c) || notDoneRE.MatchString(c) || notYetRE.MatchString(c) || doneNegRE.MatchString(c) {
			continue
		}
		if namesThingOf(v, c) {
			return true
		}
	}
	return false
}

// doneClauseRE cuts a sentence at a semicolon or a "but".
var doneClauseRE = mustPattern(`(?i)[;；]|,\s*(?:but|aber|mas|pero|mais|ma|maar|men|но|а|але)\s`)

// namesThingOf reports whether clause c names a thing task v names: a
// file (or its name without the extension, when that is an acronym or
// an identifier), an identifier, a version, an acronym or a CamelCase
// name.
func namesThingOf(v, c string) bool {
	lc := strings.ToLower(c)
	for _, n := range thingsNamed(v) {
		if len(n) >= 3 && strings.Contains(lc, strings.ToLower(n)) {
			return true
		}
	}
	return false
}

// thingsNamed are the names task v holds.
func thingsNamed(v string) []string {
	var out []string
	for w := range handoffWords(v) {
		if !distinctiveWord(w) {
			continue
		}
		w = strings.TrimPrefix(w, "\x00")
		if strings.Trim(w, "0123456789.") == "" || strings.ToUpper(w) == w && len(w) < 4 {
			// a version ("0.9") or a short acronym ("API") names no
			// one piece of work
			continue
		}
		out = append(out, w)
	}
	out = append(out, mentions(v)...)
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("`'\"()[]{},;:", r) }) {
		f = strings.Trim(f, ".!")
		if i := strings.LastIndexByte(f, '.'); i > 0 && i < len(f)-1 && strings.Trim(f, "0123456789.") != "" {
			// a file name: "CHANGELOG.md", ".env.example"
			out = append(out, f)
		}
		if camel(f) {
			out = append(out, f)
		}
	}
	return out
}

// camel reports whether w is a CamelCase name: a capital after a small
// letter ("ProductCard", "useCart").
func camel(w string) bool {
	rs := []rune(w)
	for i := 1; i < len(rs); i++ {
		if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
			return true
		}
	}
	return false
}

// stillLeadRE is the lead of the agent's own task in English: "I still
// need to " of "I still need to update CHANGELOG.md for 0.9".
var stillLeadRE = mustPattern(`(?i)^\W*(?:(?:and|also|but)[,\s]+)?i\s+still\s+(?:need|have|got)\s+to\s+`)

// ownTaskBody is task v past its "I still need to", the imperative
// claimedDone reads.
func ownTaskBody(v string) string {
	if loc := stillLeadRE.FindStringIndex(v); loc != nil {
		return v[loc[1]:]
	}
	return v
}
