package projection

import (
	"slices"
	"strings"
)

// Rules of form: how a kind of text is written.
//
// "SQL のキーワードは小文字で書いてください", "commit messages in English
// please", "Kommentare bitte auf Englisch", "los logs siempre en inglés",
// "变量名统一用 snake_case": a kind of text the agent writes (commit
// messages, comments, logs, SQL keywords, names) and the form it takes
// (a language, a letter case, a naming style). Such a sentence is a rule
// in any language, though its words hold no rule word; and a later rule
// giving the same kind of text another form of the same family
// ("やっぱりコミットメッセージは英語にして" after "コミットメッセージは日本語で")
// replaces it, whatever other words the two share. The kind and the form
// are read from short tables (textKinds, textForms): a kind of text not
// in them makes no rule here, so a description ("the error was in
// Japanese") or a setting ("show amounts in EUR") is none.

// textKind is a kind of text a rule of form is about: its name, and the
// words that say it in the languages read.
type textKind struct {
	name string
	re   *pattern
}

var textKinds = []textKind{
	{"commit", mustPattern(`(?i)\bcommit(?:[- ]?(?:messages?|msgs?|nachrichten|titles?))?\b|\bcommits\b|mensajes de commit|messages de commit|mensagens de commit|messaggi di commit|コミットメッセージ|コミット|提交信息|提交说明|提交消息|commit ?message`)},
	{"comment", mustPattern(`(?i)\b(?:code )?comments?\b|\bkommentare?\b|\bcomentarios?\b|\bcommentaires?\b|\bcoment[aá]rios?\b|\bcommenti\b|コメント|注释`)},
	{"log", mustPattern(`(?i)\blog(?:s|[- ]?messages?|[- ]?meldungen)?\b|ログ(?:メッセージ)?|日志`)},
	{"doc", mustPattern(`(?i)\bdoc(?:s|strings?|umentation)?\b|\bdokumentation\b|\bdocumentaci[oó]n\b|ドキュメント|文档|README`)},
	{"sql", mustPattern(`(?i)\bsql(?:[- ]?keywords?|[- ]?schlüsselwörter)?\b|\bpalabras (?:clave|reservadas)(?: de(?:l)? sql)?|\bmots[- ]clés(?: sql)?|\bpalavras[- ]chave(?: d[eo] sql)?|キーワード|关键字`)},
	{"error", mustPattern(`(?i)\berror messages?\b|\bfehlermeldungen\b|\bmensajes de error\b|エラーメッセージ|错误信息|报错信息`)},
	{"name", mustPattern(`(?i)\b(?:variable|function|file|table|column|branch) ?names?\b|\bvariablennamen\b|\bnombres de (?:variables?|funciones|ficheros|archivos|tablas|columnas|ramas)\b|変数名|関数名|ファイル名|テーブル名|カラム名|ブランチ名|变量名|函数名|文件名|表名|列名|分支名`)},
	{"pr", mustPattern(`(?i)\bPR(?:s| titles?| descriptions?)\b|\bpull requests?\b|プルリク|PR の?説明|PR 描述`)},
	{"reply", mustPattern(`(?i)\b(?:answers?|replies|responses?|antworten|respuestas|réponses|respostas|risposte)\b|回答|返答|返事|回复|答复`)},
}

// textForm is a form a kind of text takes: its family (a language, a
// letter case, a naming style), its name, and its words.
type textForm struct {
	family, name string
	re           *pattern
}

var textForms = []textForm{
	{"lang", "en", mustPattern(`(?i)\benglish\b|\benglisch\b|\bingl[eéê]s\b|\banglais\b|\binglese\b|английском|英語|英语|英文`)},
	{"lang", "ja", mustPattern(`(?i)\bjapanese\b|\bjapanisch\b|\bjapon[eéê]s\b|\bjaponais\b|\bgiapponese\b|日本語|日语|日文`)},
	{"lang", "zh", mustPattern(`(?i)\bchinese\b|\bchinesisch\b|\bchino\b|\bchinois\b|\bchin[eê]s\b|\bcinese\b|中国語|中文|汉语`)},
	{"lang", "de", mustPattern(`(?i)\bgerman\b|\bdeutsch\b|\balem[aá]n\b|\ballemand\b|\balem[aã]o\b|\btedesco\b|ドイツ語|德语|德文`)},
	{"lang", "es", mustPattern(`(?i)\bspanish\b|\bspanisch\b|\bespa[nñ]ol\b|\bespagnol\b|\bespanhol\b|\bspagnolo\b|スペイン語|西班牙语`)},
	{"lang", "fr", mustPattern(`(?i)\bfrench\b|\bfranzösisch\b|\bfranc[eé]s\b|\bfran[cç]ais\b|\bfranc[eê]s\b|\bfrancese\b|フランス語|法语`)},
	{"case", "lower", mustPattern(`(?i)\blower[- ]?case\b|\blower case\b|\bkleinbuchstaben\b|\bklein(?:ge)?schreib\w*|\bmin[uú]sculas?\b|\bminuscules?\b|\bminuscol[oe]\b|小文字|小写`)},
	{"case", "upper", mustPattern(`(?i)\bupper[- ]?case\b|\bupper case\b|\ball caps\b|\bgroßbuchstaben\b|\bgroß(?:ge)?schreib\w*|\bmay[uú]sculas?\b|\bmajuscules?\b|\bmai[uú]sculas?\b|\bmaiuscol[oe]\b|大文字|大写`)},
	{"naming", "camel", mustPattern(`\bcamel[Cc]ase\b|\bcamel case\b`)},
	{"naming", "snake", mustPattern(`\bsnake_case\b|\bsnake case\b`)},
	{"naming", "kebab", mustPattern(`\bkebab-case\b|\bkebab case\b`)},
	{"naming", "pascal", mustPattern(`\bPascalCase\b|\bpascal case\b`)},
}

// A rule of form in Latin letters opens with the kind of text (after a
// courtesy, a conjunction or an imperative verb and a determiner: "and
// the", "please keep", "bitte", "y los") and has only words of binding
// between the kind and the form ("should be written", "bitte immer
// auf", "siempre en"); after the form, a courtesy or a clause of its
// own (", other teams read them"). So "I read the logs in English" or
// "the error was in Japanese" is none. In Japanese and Chinese the form
// is bound by its particle or verb ("小文字で書いて", "英語にして", "用英文").
var (
	formLeadWords = wordSet(`please pls also and actually btw ok okay so oh hey then now but from on write keep make use put do switch change the all our your my any rather instead better
doch lieber besser mejor mejor mieux plutôt melhor meglio
bitte und auch aber schreib schreibe halte mach nimm die alle unsere eure deine ab jetzt
por favor y también pero escribe pon haz usa los las el la todos todas nuestros tus
et aussi écris mets fais utilise les des tous nos e também escreve os as tutti i gli le scrivi`)
	formMidWords = wordSet(`please pls always only just should must shall be written kept need needs to have has go goes in from now on rather instead actually
doch lieber besser mejor mejor plutôt
bitte immer nur sollen sollten soll müssen muss geschrieben sein werden auf
por favor siempre solo sólo deben debe ir van escritos escritas en
toujours seulement doivent doit être écrits sempre só devem ser escritas em devono essere scritti`)
	formTailRE = mustPattern(`(?i)^\s*(?:(?:please|pls|only|always|from now on|bitte|por favor|per favore|instead|then|now|too|as well)\s*)*(?:$|[,;:.!—–(]|\s+(?:because|since|as|weil|da|porque|car)\b)`)
	// jaFormRE and zhFormRE bind the form in Japanese and Chinese: "…は
	// 小文字で書いてください", "…は英語にして", "…は日本語で。", "用小写",
	// "写成英文".
	jaFormRE = mustPattern(`^\s*(?:で(?:書いて|書く|書きます|お願い|統一|頼む|よろしく|して|ね|。|$)|に(?:して|しましょう|しよう|統一|変えて|切り替えて))`)
	zhFormRE = mustPattern(`(?:用|使用|写成|改成|改用|换成|一律|统一用|统一成|都用)\s*$`)
)

// formRule reads sentence s as a rule of form: the kind of text, the
// form's family and name; ok false when s is none.
func formRule(s string) (kind, family, form string, ok bool) {
	if questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || notARule(s) {
		return "", "", "", false
	}
	var k *textKind
	var kloc []int
	for i := range textKinds {
		if loc := textKinds[i].re.FindStringIndex(s); loc != nil && (kloc == nil || loc[0] < kloc[0]) {
			k, kloc = &textKinds[i], loc
		}
	}
	if k == nil {
		return "", "", "", false
	}
	for _, f := range textForms {
		loc := f.re.FindStringIndex(s)
		if loc == nil || loc[0] < kloc[1] {
			continue
		}
		if formBound(s, kloc, loc) {
			return k.name, f.family, f.name, true
		}
	}
	return "", "", "", false
}

// formBound reports whether sentence s binds the kind of text at kloc
// to the form at floc (see above).
func formBound(s string, kloc, floc []int) bool {
	before, mid, after := s[:kloc[0]], s[kloc[1]:floc[0]], s[floc[1]:]
	if strings.ContainsFunc(s[kloc[0]:floc[1]], isCJK) {
		if jaFormRE.MatchString(after) && !strings.ContainsAny(mid, "、，,。") {
			return true
		}
		return zhFormRE.MatchString(mid) && !strings.ContainsAny(mid, "，,。")
	}
	for _, w := range strings.Fields(strings.ToLower(before)) {
		if w = strings.Trim(w, ",:;—–-\"'`*_()"); w != "" && !formLeadWords[w] {
			return false
		}
	}
	for _, w := range strings.Fields(strings.ToLower(mid)) {
		if w = strings.Trim(w, ",:;—–-\"'`*_()"); w != "" && !formMidWords[w] {
			return false
		}
	}
	return formTailRE.MatchString(after)
}

// formRules adds to out, as rules, the sentences of user text that are
// rules of form (see above) and that no rule of out quotes; a choice
// read from the sentence ("提交信息还是用英文吧") is the rule instead.
func formRules(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if _, _, _, ok := formRule(s); !ok {
			continue
		}
		said := func(p Proposal) bool {
			return p.Quote != "" && (strings.Contains(p.Quote, s) || strings.Contains(s, p.Quote))
		}
		if slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindConstraint && said(p) }) {
			continue
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool { return p.Kind == KindDecision && p.Op == OpState && said(p) })
		out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)})
	}
	return out
}

// formOf is the family and name of the form words x name ("the
// Kleinschreibung rule", "小文字ルール"), or "".
func formOf(x string) (family, form string) {
	for _, f := range textForms {
		if f.re.MatchString(x) {
			return f.family, f.name
		}
	}
	return "", ""
}

// kindsIn is how many kinds of text s names.
func kindsIn(s string) int {
	n := 0
	for _, k := range textKinds {
		if k.re.MatchString(s) {
			n++
		}
	}
	return n
}

// formReplaced is the active rule of form that rule v gives another form
// of the same family for the same kind of text, or nil.
func (r *Reducer) formReplaced(v string, nu *Anchor) *Anchor {
	kind, family, form := "", "", ""
	for _, s := range sentences(v) {
		if k, f, n, ok := formRule(s); ok {
			kind, family, form = k, f, n
			break
		}
	}
	if kind == "" {
		return nil
	}
	var found *Anchor
	for _, a := range r.hot {
		if a == nu || a.Kind != KindConstraint || a.Lifecycle != Active || kindsIn(a.Value) > 1 {
			// a rule for two kinds of text at once ("los commits en
			// español, y … SQL en minúsculas") is not replaced whole
			continue
		}
		for _, s := range sentences(a.Value) {
			if k, f, n, ok := formRule(s); ok && k == kind && f == family && n != form && (found == nil || newer(a, found)) {
				found = a
			}
		}
	}
	return found
}

// ruleOfForm is the one active rule of form stated before seq whose form
// is the one x names ("Die Regel mit der Kleinschreibung" for "SQL-Keywords
// bitte kleinschreiben"), or nil when none or several are.
func (r *Reducer) ruleOfForm(x string, seq int) *Anchor {
	family, form := formOf(x)
	if family == "" {
		return nil
	}
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq {
			continue
		}
		for _, s := range sentences(a.Value) {
			if _, f, n, ok := formRule(s); ok && f == family && n == form {
				if found != nil && found != a {
					return nil
				}
				found = a
			}
		}
	}
	return found
}
