package projection

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Values as people state them in any language the projection reads.
//
// The English and Chinese readings of values (values, relative.go,
// selfrepair.go, listed.go, adopt.go) are read on a gloss for the other
// languages, which maps cue words, not the shapes of a value told. This
// file reads those shapes on the message itself, for a sentence whose
// reading gave no value (crossValues, after the proposer's other
// readings):
//
//   - a setting stated with a copula or its verb ("Le délai est de 30 s",
//     "Der Timeout steht auf 30 Minuten", "el lote es 2000", "リトライ回数は
//     3"), or pointed at a value that the speaker repairs at once ("point
//     the collector at 10.0.0.12 — sorry, .21"): the repair itself is
//     repairedValue's;
//   - a change relative to the value held (xlChange): a multiple said as
//     a word or a number ("verdopple", "dobra", "1.5倍", "3 veces"), a
//     half, a third or a quarter with the direction it goes ("um ein
//     Drittel kürzer", "en un tercio menos", "a la mitad"), a percentage
//     or points with a direction and no "to" before them ("de 20 %", "um
//     fünf Punkte"), a number added or taken with a direction and "by"
//     ("aumenta em 2"); the setting is the held value the sentence names
//     (heldNamed), else the one set last, else the words the change
//     names, shown as the change when no number holds it;
//   - a revert ("vuelve al tamaño de antes", "nimm das zurück", "reviens
//     à l'ancienne limite", "撤销…的修改") of a held value it names, or of
//     the one set last when it says "old"/"previous" and names nothing
//     else (xlRevert);
//   - a choice by an option's label or place among options offered
//     inline ("(A) … or (B) …", "Variante 1 ist X, Variante 2 ist Y",
//     "方案一用 X，方案二用 Y", "1) X, 2) Y": labelledOptions), chosen by
//     "B", "la A", "Variante 2", "方案二", "la deuxième" (labelChoice):
//     the decision is the option, with the user's words.
//
// Each word list below is a class of words (directions, copulas, repair
// words, ordinals) across the languages, not phrasings of one session.

// HeldValue is a current value as a proposer sees it (Context.Values).
type HeldValue struct {
	// Key and Name are the value's key and the setting's name as said.
	Key, Name string
	// Value is the value held.
	Value string
	// First says the value replaced none: the setting was first given
	// a value in this session, so putting it back takes it away.
	First bool
}

// numTok is a number with an optional unit after it.
const numTok = `[+-]?\d+(?:[.,]\d+)*`

var (
	// xlUpRE and xlDownRE are words of a change's direction: verbs and
	// comparatives, by their stems.
	xlUpRE   = mustPattern(`(?i)(?:^|[^\p{L}])(?:erhöh|erhoeh|vergrößer|vergroesser|verläng|verlaeng|mehr|länger|laenger|größer|höher|aument|sube|súbe|subir|subid|alarga|más|mais alt|augment|rallong|allong|hausse|élève|eleve|acrescent|sobe|subir|alz|allung|più|cresc|больш|увелич|подним|продл|длинн|więcej|wiecej|zwiększ|zwieksz|wydłuż|wydluz|podnieś|podnies|raise|increase|bump|boost|extend|longer|more|higher|bigger)`)
	xlDownRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:reduz|reduc|redu[cz]|senk|verring|verkürz|verkuerz|kürzer|kuerzer|weniger|kleiner|niedriger|menos|baja|bája|acorta|corta|dismin|diminu|moins|réduis|reduis|baisse|raccourc|abaiss|encurt|abaix|meno|riduc|ridu|abbass|accorc|меньш|уменьш|сократ|сниз|короч|mniej|zmniejsz|skróć|skroc|obniż|obniz|shorter|less|lower|reduce|decrease|smaller|fewer)`)
	// xlToRE is a preposition "to" right before a number: the number is
	// what the value becomes, not a change of it.
	xlToRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:to|auf|a|al|à|au|para|pra|do|до|alla|allo|al)\s+(?:un\s+|una\s+|uno\s+)?$`)
	// xlPctRE is a percentage; xlPtsRE points of one.
	xlPctRE = mustPattern(`(?i)(?P<n>` + numTok + `)\s*(?:%|prozent\b|por\s?ciento\b|pour\s?cent\b|por\s?cento\b|per\s?cento\b|процент\w*|procent\w*|パーセント|퍼센트)`)
	xlPtsRE = mustPattern(`(?i)(?P<n>\d+(?:[.,]\d+)?|\p{L}+)\s*(?:points?\b|punkte?n?\b|puntos?\b|pontos?\b|punti\b|пункт\w*|punkt\w*|ポイント|포인트)`)
	// xlTimesRE is a multiple said with a number: "1.5倍", "3 veces",
	// "2-fach", "x3" is not one.
	xlTimesRE = mustPattern(`(?i)(?P<n>\d+(?:[.,]\d+)?|[一二两三四五六七八九十]+)\s*(?:倍|배|×|x\b|-?fach\b|\s(?:veces|vezes|fois|volte|раза?|razy)\b)`)
	// xlDoubleRE, xlTripleRE and xlHalfRE are a multiple said as a word.
	xlDoubleRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:double[rz]?(?:[^\p{L}\-]|$)|doublez|verdopp\p{L}*|duplic(?:a|ar|ad|á|ale|alo|ala|a-lo|ue)\b|dobl(?:a|ar|ad|e|alo|ala)\b|dobra(?:r|[-\s]?(?:o|a|os|as|lo|la)\b|\b)|dobre\b|raddoppi\p{L}*|удво\p{L}*|podwój\p{L}*|podwoj\p{L}*)|(?:改成|改为|调成|调到|变成|设成|设为|提高到|增加到|扩大到|原来的|现在的)\s*(?:两|二|2)\s*倍|倍に|두\s?배|вдвое больше|в два раза больше`)
	xlTripleRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:verdreifach\p{L}*|triplic\p{L}*|tripl(?:e[rz]?|ez)\b|triplica\p{L}*|утро\p{L}*|potrój\p{L}*|potroj\p{L}*)|(?:改成|改为|调成|调到|变成|设成|设为|提高到|增加到|扩大到|原来的|现在的)\s*(?:三|3)\s*倍|3倍に|三倍に|세\s?배`)
	xlHalfRE   = mustPattern(`(?i)(?:^|[^\p{L}])(?:halbier\p{L}*|dimezz\p{L}*|наполовину|пополам|вдвое меньше|o połowę|o polowe|a la mitad|por la mitad|de moitié|par deux|pela metade|à metade|a metade|a metà|della metà|di metà)|半分|절반|반으로|(?:改成|改为|调成|调到|变成|减到|降到|原来的|现在的)\s*一半`)
	// xlFracRE is a third or a quarter, said in a language of the gloss.
	xlFracRE = mustPattern(`(?i)(?P<t>drittel|tercio|tiers|terço|terco|terzo|треть|трети|trzeci[aąe]?|三分之一|三分の一|3分の1)|(?P<q>viertel|cuarto|quart|quarto|четверть|четверти|ćwierć|cwierc|四分之一|四分の一|4分の1)`)
	// xlByNumRE is a number a change adds or takes, after its "by".
	xlByNumRE = mustPattern(`(?i)(?:^|\s)(?:by|um|en|de|em|di|на|o)\s+(?P<n>\d+(?:[.,]\d+)?|\p{L}+)(?:\s*(?P<u>[\p{L}]{1,8}))?`)
)

// xlNumWords are the numbers one to ten (and twenty) as words in the
// languages of the gloss, for a change's "five points", "um zwei".
var xlNumWords = func() map[string]string {
	m := map[string]string{}
	for i, ws := range []string{
		"one eins uno una un une um uma один jeden jedna",
		"two zwei dos deux dois duas due два dwa dwie",
		"three drei tres trois três tre три trzy",
		"four vier cuatro quatre quatro quattro четыре cztery",
		"five fünf cinco cinq cinque пять pięć",
		"six sechs seis six sei шесть sześć",
		"seven sieben siete sept sete sette семь siedem",
		"eight acht ocho huit oito otto восемь osiem",
		"nine neun nueve neuf nove девять dziewięć",
		"ten zehn diez dix dez dieci десять dziesięć",
	} {
		for _, w := range strings.Fields(ws) {
			m[w] = strconv.Itoa(i + 1)
		}
	}
	for _, w := range strings.Fields("twenty zwanzig veinte vingt vinte venti двадцать dwadzieścia") {
		m[w] = "20"
	}
	return m
}()

// xlNum is a number written in digits (a decimal comma read as a point)
// or as a word of xlNumWords; articles ("un", "ein") count only when
// allowArticle.
func xlNum(s string, allowArticle bool) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", false
	}
	if s[0] >= '0' && s[0] <= '9' {
		return strings.ReplaceAll(s, ",", "."), true
	}
	if n, ok := parseNum(s); ok {
		return n, true
	}
	switch s {
	case "un", "une", "um", "uma", "ein", "eine", "una", "uno", "a", "an", "one":
		if !allowArticle {
			return "", false
		}
	}
	n, ok := xlNumWords[s]
	return n, ok
}

// xlChange is the relative change a sentence states in any language
// (see the file's comment): the change as relative.go writes it ("*2",
// "*0.5", "%+20", "+5 pp", "+2"), the text of the number it changes by
// (so a reading that took it for the value is dropped) and where the
// change's words begin.
func xlChange(s string) (change, num string, at int, ok bool) {
	up := xlUpRE.FindStringIndex(s)
	down := xlDownRE.FindStringIndex(s)
	dir := 0
	switch {
	case up != nil && down == nil:
		dir = 1
	case down != nil && up == nil:
		dir = -1
	case up != nil && down != nil:
		// "raise it … less often": the first one said.
		dir = 1
		if down[0] < up[0] {
			dir = -1
		}
	}
	first := func(locs ...[]int) int {
		at := -1
		for _, l := range locs {
			if l != nil && (at < 0 || l[0] < at) {
				at = l[0]
			}
		}
		return at
	}
	if loc := xlHalfRE.FindStringIndex(s); loc != nil {
		return "*0.5", "", loc[0], true
	}
	if loc := xlTripleRE.FindStringIndex(s); loc != nil {
		return "*3", "", loc[0], true
	}
	if loc := xlTimesRE.FindStringSubmatchIndex(s); loc != nil && timesSaid(s, loc, dir) {
		n, ok := xlNum(s[loc[2]:loc[3]], false)
		if !ok {
			return "", "", 0, false
		}
		if dir < 0 {
			return "*1/" + n, s[loc[2]:loc[3]], loc[0], true
		}
		return "*" + n, s[loc[2]:loc[3]], loc[0], true
	}
	if loc := xlDoubleRE.FindStringIndex(s); loc != nil {
		return "*2", "", loc[0], true
	}
	if dir == 0 {
		return "", "", 0, false
	}
	if m := xlFracRE.FindStringSubmatchIndex(s); m != nil {
		f := 1.0 / 3
		if m[4] >= 0 {
			f = 0.25
		}
		if xlToRE.MatchString(strings.TrimSuffix(strings.TrimRight(s[:m[0]], " "), "ein")) || strings.Contains(s[max(0, m[0]-8):m[0]], "到") {
			return "*" + fracText(f), "", first(up, down), true
		}
		return "*" + fracText(1+float64(dir)*f), "", first(up, down), true
	}
	if m := xlPctRE.FindStringSubmatchIndex(s); m != nil {
		if xlToRE.MatchString(s[:m[0]]) {
			return "", "", 0, false
		}
		n := strings.ReplaceAll(s[m[2]:m[3]], ",", ".")
		sign := "+"
		if dir < 0 {
			sign = "-"
		}
		return "%" + sign + strings.TrimLeft(n, "+-"), s[m[2]:m[3]], first(up, down), true
	}
	if m := xlPtsRE.FindStringSubmatchIndex(s); m != nil {
		n, ok := xlNum(s[m[2]:m[3]], true)
		if !ok || xlToRE.MatchString(s[:m[0]]) {
			return "", "", 0, false
		}
		sign := "+"
		if dir < 0 {
			sign = "-"
		}
		return sign + n + " pp", s[m[2]:m[3]], first(up, down), true
	}
	if m := xlByNumRE.FindStringSubmatchIndex(s); m != nil && m[0] > first(up, down) && m[0]-first(up, down) <= 48 {
		// "aumenta as tentativas em 2": the number after the verb, in
		// its clause.
		n, ok := xlNum(s[m[2]:m[3]], false)
		if !ok {
			return "", "", 0, false
		}
		sign := "+"
		if dir < 0 {
			sign = "-"
		}
		u := ""
		if m[4] >= 0 {
			if c := unitClass(s[m[4]:m[5]]); c != strings.ToLower(s[m[4]:m[5]]) || relUnitWordRE.MatchString(s[m[4]:m[5]]) {
				u = " " + s[m[4]:m[5]]
			}
		}
		return sign + n + u, s[m[2]:m[3]], first(up, down), true
	}
	return "", "", 0, false
}

// timesSaid reports whether the multiple at loc (xlTimesRE) is a change:
// in CJK or Korean after a verb of change or before "に", "로" ("改成原来
// 的 1.5 倍", "1.5倍にして"), not a thing named by it ("用 1.5 倍那条");
// in another language with a direction and no "to" before it ("3 veces
// más").
func timesSaid(s string, loc []int, dir int) bool {
	if strings.ContainsAny(s[loc[0]:loc[1]], "倍배") {
		after := strings.TrimSpace(s[loc[1]:])
		return cjkChangeRE.MatchString(s[:loc[0]]) || strings.HasPrefix(after, "に") || strings.HasPrefix(after, "로") || strings.HasPrefix(after, "으로")
	}
	return dir != 0 && !xlToRE.MatchString(s[:loc[0]])
}

// cjkChangeRE is a verb of change right before a CJK multiple.
var cjkChangeRE = mustPattern(`(?:改成|改为|调成|调到|变成|设成|设为|提高到|增加到|扩大到|原来的|现在的|を)\s*$`)

// fracText is f as a ratio relative.go reads ("2/3") or a short decimal.
func fracText(f float64) string {
	for _, d := range []int{3, 4} {
		if n := f * float64(d); math.Abs(n-math.Round(n)) < 1e-9 {
			return strconv.Itoa(int(math.Round(n))) + "/" + strconv.Itoa(d)
		}
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// xlRevertRE is a revert, xlOldRE a word saying the value before.
var (
	xlRevertRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:go back|back to|revert|undo|roll ?back|restore|zurück|zurueck|rückgängig|rueckgaengig|wiederherstell\p{L}*|vuelve|volvamos|volver|vuelvan|regresa|deshaz|deshacer|revierte|revertir|restaura\p{L}*|reviens|revenons|revenir|remets|remettez|annule[rz]?|rétabli\p{L}*|retablis\p{L}*|volta\p{L}*|desfaz\p{L}*|desfaça|restaur\p{L}*|torna|torniamo|tornare|ripristin\p{L}*|annulla|riporta|верн\p{L}*|откат\p{L}*|отмени|przywróć|przywroc\p{L}*|cofnij|wróć|wroc)(?:[^\p{L}]|$)|元に戻|元へ戻|戻して|戻す|撤销|撤回|改回|恢复|还原|复原|되돌|원래대로|원복`)
	xlOldRE    = mustPattern(`(?i)(?:^|[^\p{L}])(?:old|previous|original|earlier|before|alte[nmrs]?|vorher\p{L}*|vorig\p{L}*|ursprünglich\p{L}*|de antes|anterior\p{L}*|original\p{L}*|antigu\p{L}*|ancien\p{L}*|précédent\p{L}*|precedent\p{L}*|d'avant|antig\p{L}*|vecchi\p{L}*|di prima|прежн\p{L}*|стар\p{L}*|предыдущ\p{L}*|poprzedni\p{L}*|star\p{L}*|wcześniej\p{L}*)(?:[^\p{L}]|$)|原来|之前|以前|元の|元に|前の|원래|이전`)
)

// xlNameSkip are words a setting's name holds that name no setting of
// their own: articles, prepositions and the gloss's "of"/"the".
var xlNameSkip = wordSet(`the of and for with from der die das den dem des von und für fuer mit del los las les une des dos das per con par pour para une sur avec dei degli delle della dello nel nella anzahl nombre número numero numer число value valor valeur wert`)

// wordSet is the set of the words of ws.
func wordSet(ws string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(ws) {
		m[w] = true
	}
	return m
}

// heldByNumber is the one held value whose number sentence s says as a
// word of its own before its pronoun ("the percent: 1.5 is last year's,
// make it 2" names "1.5% of the balance per month"), or nil.
func heldByNumber(s string, vals []HeldValue) *HeldValue {
	loc := itWordRE.FindStringIndex(s)
	if loc == nil {
		return nil
	}
	var found *HeldValue
	for i := range vals {
		v := vals[i].Value
		if cur, rest := currencyOf(v); cur != "" {
			v = rest
		}
		m := heldNumRE.FindStringSubmatch(v)
		if m == nil {
			continue
		}
		if at := tokenAt(s, m[1], 0); at < 0 || at > loc[0] {
			continue
		}
		if found != nil && found.Key != vals[i].Key {
			return nil
		}
		found = &vals[i]
	}
	return found
}

// heldNamed is the held value whose name s says (a word of it, or a
// word of it with an ending: "Workern" names "worker"; a CJK name by its
// characters), the one naming the most, the newest of a tie; nil when
// none.
func heldNamed(s string, vals []HeldValue) *HeldValue {
	ls := strings.ToLower(s)
	words := sentenceWords(ls)
	var best *HeldValue
	bn := 0
	for i := range vals {
		h := &vals[i]
		if n := heldScore(ls, words, h); n > 0 && n >= bn {
			best, bn = h, n
		}
	}
	return best
}

// sentenceWords are the words of lower-cased sentence ls, identifiers
// with "_" whole.
func sentenceWords(ls string) []string {
	return strings.FieldsFunc(ls, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
}

// heldScore is how many words of held value h's name lower-cased
// sentence ls (its words words) names, a word of Han or Hangul by two;
// 0 when none.
func heldScore(ls string, words []string, h *HeldValue) int {
	n := 0
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(h.Name+" "+property(h.Key)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if seen[w] || xlNameSkip[w] {
			continue
		}
		seen[w] = true
		if strings.ContainsFunc(w, isCJK) || strings.ContainsFunc(w, isHangul) {
			if utf8.RuneCountInString(w) >= 2 && strings.Contains(ls, w) {
				n += 2
			}
			continue
		}
		if utf8.RuneCountInString(w) < 3 || stopwords[w] {
			continue
		}
		if slices.ContainsFunc(words, func(x string) bool { return nameWordMatch(x, w) }) {
			n++
		}
	}
	return n
}

// isHangul reports a Hangul syllable.
func isHangul(r rune) bool { return unicode.Is(unicode.Hangul, r) }

// nameWordMatch reports whether word x of a sentence is name word w, or
// w with an ending ("workern", "límites"), or its stem ("limit" of
// "limite").
func nameWordMatch(x, w string) bool {
	if x == w {
		return true
	}
	// "límite" names "limit": accents of another language folded
	x, w = foldWord(x), foldWord(w)
	lx, lw := utf8.RuneCountInString(x), utf8.RuneCountInString(w)
	if lw >= 4 && strings.HasPrefix(x, w) && lx-lw <= 3 {
		return true
	}
	return lx >= 4 && strings.HasPrefix(w, x) && lw-lx <= 2
}

// xlCopulaRE is a setting stated with its copula or verb in a language of
// the gloss: the words before it are the setting, the number after it
// (with a unit of up to two words) its value, ending the sentence.
var xlCopulaRE = mustPattern(`(?i)^(?P<k>[^,;:，：。]{2,60}?)\s*(?:\s(?:est de|est d'|est à|est|ist|steht auf|steht bei|liegt bei|beträgt|es de|es|está en|está a|queda en|é de|é|está em|fica em|è di|è|sta a|составляет|равен|равна|равно|wynosi|jest|is|are)\s+|\s[—–]\s|\s*(?:は|を|是|为|為)\s*)(?P<v>` + numTok + `(?:\s?(?:%|[^\P{L}\p{Hiragana}]{1,12}(?:\s(?:par|pro|por|per|в|na|a)\s[\p{L}]{1,12})?))?)\s*(?:です|に(?:して|変えて|変更して|設定して)(?:ください|ね|おいて(?:ください)?)?|にしといて|にします|にする|に|で(?:お願い(?:します)?|よろしく(?:お願いします)?|いい(?:です)?)?)?\s*[.!。]?\s*$`)

// xlValueAt is the setting a value at position at of s is stated for:
// the last words before it, with the verb, copula and preposition that
// lead to the value and the article before the name left out ("Point
// the collector at" is "collector", "Le délai d'expiration est de" is
// "délai d'expiration"), at most three words; "" when none.
func xlValueAt(s string, at int) string {
	head := s[:at]
	if i := strings.LastIndexAny(head, ",;:—–(，；：、。"); i >= 0 {
		head = head[i+1:]
	}
	if strings.ContainsFunc(head, isCJK) || strings.ContainsFunc(head, isHangul) {
		head = strings.TrimSpace(head)
		for _, p := range []string{"は", "を", "が", "の", "是", "为", "設為", "设为", "改成", "을", "를", "은", "는", "이", "가"} {
			head = strings.TrimSpace(strings.TrimSuffix(head, p))
		}
		if i := strings.LastIndexAny(head, " 把将"); i >= 0 {
			head = head[i+1:]
		}
		if utf8.RuneCountInString(head) < 2 {
			return ""
		}
		return head
	}
	ws := strings.Fields(head)
	lead := func(w string) bool { return xlLeadWords[strings.ToLower(strings.Trim(w, ".,!"))] }
	for len(ws) > 0 && lead(ws[len(ws)-1]) {
		ws = ws[:len(ws)-1]
	}
	var name []string
	for i := len(ws) - 1; i >= 0 && len(name) < 4; i-- {
		w := strings.ToLower(strings.Trim(ws[i], ".,!\"'"))
		if xlLinkWords[w] && len(name) > 0 && i > 0 {
			// "limite de requêtes", "tamaño del lote": one name.
			name = append([]string{ws[i]}, name...)
			continue
		}
		if lead(w) || xlArticles[w] || stopwords[w] && !strings.Contains(w, "'") {
			break
		}
		name = append([]string{ws[i]}, name...)
	}
	for len(name) > 0 && xlLinkWords[strings.ToLower(name[0])] {
		name = name[1:]
	}
	if len(name) == 0 {
		return ""
	}
	return strings.Trim(strings.Join(name, " "), ".,!\"'")
}

// xlLeadWords lead to a value (verbs, copulas, prepositions); xlArticles
// open a setting's name. In the languages of the gloss.
var (
	xlLeadWords = wordSet(`is are be was at to on of by set point make put change use est de d' à au ist sind auf bei beträgt steht liegt setz setze stell stelle mach mache es son en a al pon ponga cambia usa é são em para pra põe coloca muda è sono di da metti imposta на до в составляет равен wynosi jest na do ustaw zmień zmien`)
	xlPronouns  = wordSet(`it that this them sie es ihn ihm das lo la le les los las isso ele ela esso essa quello quella это его её их je ją go ten tę`)
	xlLinkWords = wordSet(`of de del des du di da do der dei della em en in im dans na`)
	xlArticles  = wordSet(`the a an our my this that le la les l' un une der die das den dem ein eine einen el los las lo una uno o os as um uma il gli i`)
)

// crossValues adds to out, the proposals read of user message text, the
// values its sentences state in the shapes above where no other reading
// of the sentence gave one, and the choices made by an option's label.
//
// In English the readings of relative.go and the values are the
// language's own: a change or a revert is read here only when it opens
// its clause and names a held setting ("actually double that scrape
// interval", "undo that, restore the old rate limit"), a copula never.
func crossValues(text string, ctx *Context, out []Proposal) []Proposal {
	if ctx == nil {
		return out
	}
	for _, s := range sentences(referenceText(text)) {
		english := (ctx.Language == "" || ctx.Language == "en") && englishSentence(s)
		if questionRE.MatchString(s) || utf8.RuneCountInString(s) > 300 {
			continue
		}
		if d, ok := labelChoice(s, ctx.Offered); ok {
			out = chooseLabelled(out, s, d, ctx.Offered)
			continue
		}
		if d, opts, ok := groupChoice(s, ctx.OfferedGroups); ok {
			// "Similarity: A, JPlag" among two lists (groups.go)
			out = chooseLabelled(out, s, d, opts)
			continue
		}
		var vals []int
		rel := false
		for i, p := range out {
			if p.Kind == KindValue && p.Op == OpState && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s)) {
				vals = append(vals, i)
				// a change, or a value told with the one it replaces
				// ("a 2 minuti, non 5"), is read already
				rel = rel || p.Rel != "" || p.Was != "" && p.Correction
			}
		}
		if p, ok := xlUnset(s, ctx); ok {
			// "убери GOGC": the setting taken away (unset.go)
			out = append(dropAt(out, vals), p)
			continue
		}
		if rel {
			continue
		}
		if p, ok := xlRevert(s, ctx, english); ok {
			out = append(dropAt(out, vals), p)
			continue
		}
		if p, num, ok := xlRelative(s, ctx, english); ok {
			// A number the change is by, read as the value ("batch size
			// 改成1.5倍" read 1.5), is none.
			if len(vals) == 0 || num != "" && slices.ContainsFunc(vals, func(i int) bool { return strings.HasPrefix(out[i].Value, num) }) {
				out = append(dropAt(out, vals), p)
			}
			continue
		}
		if len(vals) > 0 {
			continue
		}
		if p, ok := partNamedChange(s, ctx); ok {
			// "depth 5 is overfitting, use 4" of max_depth (partname.go)
			out = append(out, p)
			continue
		}
		if p, ok := xlStated(s, ctx, english); ok {
			out = append(out, p)
		}
	}
	// counts, a pronoun with a direction, a number put back (valuenoun.go)
	return numbersSaid(text, ctx, out)
}

// englishSentence reports whether s reads as English: no CJK or Hangul,
// and either no letter outside ASCII or an English function word (a
// language the gloss does not read, "Liczba zadań wynosi 4", is none).
func englishSentence(s string) bool {
	if strings.ContainsFunc(s, isCJK) || strings.ContainsFunc(s, isHangul) {
		return false
	}
	if !strings.ContainsFunc(s, func(r rune) bool { return r > unicode.MaxASCII && unicode.IsLetter(r) }) {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		if englishWords[w] {
			return true
		}
	}
	return false
}

// englishWords are English function words no language of the gloss
// writes.
var englishWords = wordSet(`the is are to and it that of for with this make set use please it's don't what`)

// dropAt is out without the proposals at idx (ascending).
func dropAt(out []Proposal, idx []int) []Proposal {
	for j := len(idx) - 1; j >= 0; j-- {
		out = slices.Delete(out, idx[j], idx[j]+1)
	}
	return out
}

// xlRevert is the revert s states of a held value (see the file's
// comment).
//
// In English the revert opens its clause and names the held setting
// after it ("undo that, restore the old rate limit"; not "the rollback
// for each release, and the backfill window", nor "page numbers …, so
// go back to offset pagination").
func xlRevert(s string, ctx *Context, english bool) (Proposal, bool) {
	loc := xlRevertRE.FindStringIndex(s)
	if loc == nil || strings.ContainsFunc(s, unicode.IsDigit) {
		return Proposal{}, false
	}
	if english {
		for _, loc := range xlRevertRE.FindAllStringIndex(s, 4) {
			obj := s[loc[0]:]
			if i := strings.IndexAny(obj[1:], ",;:—–("); i >= 0 {
				obj = obj[:i+1]
			}
			if h := heldNamed(obj, ctx.Values); h != nil && changeOpens(s, loc[0]) {
				return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: "=was", Rel: "=was", Quote: s, Refers: true, Correction: true}, true
			}
		}
		return Proposal{}, false
	}
	if h := heldNamed(s, ctx.Values); h != nil {
		return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: "=was", Rel: "=was", Quote: s, Refers: true, Correction: true}, true
	}
	if !xlOldRE.MatchString(s) || ctx.LastValueKey == "" || len(strings.Fields(s)) > 8 {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: ctx.LastValueKey, Value: "=was", Rel: "=was", Quote: s, Refers: true, Correction: true}, true
}

// xlRelative is the relative change s states (xlChange) of the setting it
// names, and the number the change is by.
func xlRelative(s string, ctx *Context, english bool) (Proposal, string, bool) {
	change, num, at, ok := xlChange(s)
	if !ok {
		return Proposal{}, "", false
	}
	p := Proposal{Op: OpState, Kind: KindValue, Value: change, Rel: change, Quote: s, Refers: true, Correction: true}
	h := heldNamed(s, ctx.Values)
	if english {
		if h == nil || !changeOpens(s, at) {
			return Proposal{}, "", false
		}
	}
	if h != nil {
		p.Key, p.Name = h.Key, h.Name
		return p, num, true
	}
	name := xlChangeName(s, at)
	if strings.ContainsFunc(s[:at], isCJK) || strings.ContainsFunc(s[:at], isHangul) {
		// "min_data_in_leaf를 두 배로 올려보세요": the setting before the
		// change, its particle left out.
		name = xlValueAt(s, at)
	}
	if name != "" {
		// A setting no value holds: the reducer shows the change as
		// stated, or computes it from a number told beside the name.
		p.Key, p.Name = "value/-/"+strings.ToLower(strings.Join(strings.Fields(name), "_")), name
		return p, num, true
	}
	if ctx.LastValueKey == "" || len(strings.Fields(s)) > 6 {
		return Proposal{}, "", false
	}
	// "dobra", "verdopple es": the setting set last.
	p.Key = ctx.LastValueKey
	return p, num, true
}

// changeOpens reports whether the words before at in its clause are
// only words that open a turn ("hmm, actually", "ok so", "and").
func changeOpens(s string, at int) bool {
	head := s[:at]
	if i := strings.LastIndexAny(head, ",;:—–("); i >= 0 {
		head = head[i+1:]
	}
	for _, w := range strings.Fields(strings.ToLower(head)) {
		if !turnWords[strings.Trim(w, ".,!")] {
			return false
		}
	}
	return true
}

// turnWords open a turn before its verb.
var turnWords = wordSet(`hmm hm ok okay so and then actually also just please pls now well right yeah yes oh ah`)

// xlChangeName is the setting a change names after its verb at position
// at ("aumenta as tentativas em 2" is "tentativas"), or "".
func xlChangeName(s string, at int) string {
	rest := s[at:]
	ws := strings.Fields(rest)
	if len(ws) < 2 {
		return ""
	}
	var name []string
	for _, w := range ws[1:] {
		lw := strings.ToLower(strings.Trim(w, ".,!"))
		if len(name) == 0 && (xlArticles[lw] || lw == "die" || lw == "den") {
			continue
		}
		if xlLeadWords[lw] || lw == "um" || lw == "em" || lw == "en" || lw == "by" || strings.ContainsFunc(lw, unicode.IsDigit) || xlNumWords[lw] != "" || len(name) == 3 {
			break
		}
		name = append(name, strings.Trim(w, ".,!"))
		if strings.ContainsAny(w, ".,!") {
			break
		}
	}
	if len(name) == 0 || len(name) == 1 && (stopwords[strings.ToLower(name[0])] || xlPronouns[strings.ToLower(name[0])] || utf8.RuneCountInString(name[0]) < 3) {
		return ""
	}
	return strings.Join(name, " ")
}

// xlStated is a value s states with its copula or verb (xlCopulaRE), or
// a value it points at and repairs at once ("… at 10.0.0.12 — sorry,
// .21": the reducer reads the repair, repairedValue).
func xlStated(s string, ctx *Context, english bool) (Proposal, bool) {
	if s2, ok := repairCollapsed(s); ok {
		// "サンプリングは1秒…いや、やっぱ500msで": read as said after the
		// repair, quoted as written.
		if p, ok := xlStated(s2, ctx, english); ok {
			p.Quote = s
			return p, true
		}
	}
	if m := xlCopulaRE.FindStringSubmatch(s); m != nil && !english {
		k := xlValueAt(m[1]+" ", len(m[1])+1)
		// "14日です": the copula after the unit is no part of it.
		v := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(m[2]), "です"))
		if k != "" && !numeric(k) && len(strings.Fields(k)) <= 4 && !isRule(s) {
			if h := heldNamed(k, ctx.Values); h != nil && nameCovers(h, k) {
				return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s}, true
			}
			return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: v, Quote: s}, true
		}
	}
	if m := xlToValueRE.FindStringSubmatchIndex(s); m != nil && !english && !isRule(s) {
		// "e em homologação pula a numeração pra 2000": a held setting
		// the sentence names, taken to a number. A number said before
		// belongs to a setting of its own: "remets batch 128 lr 0.05 et
		// ajoute du grad clipping à 1.0" takes the clipping, not the
		// batch, to 1.0.
		name := s[:m[4]]
		if nums := xlNumAtRE.FindAllStringIndex(name, -1); nums != nil {
			name = name[nums[len(nums)-1][1]:]
		}
		if h := heldNamed(name, ctx.Values); h != nil {
			return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: strings.TrimSpace(s[m[4]:m[5]]), Quote: s}, true
		}
	}
	for _, loc := range xlNumAtRE.FindAllStringIndex(s, 4) {
		v := strings.TrimSpace(s[loc[0]:loc[1]])
		if u := unitAfterRE.FindStringSubmatch(s[loc[1]:]); u != nil {
			// "30 s, pardon, 45 s": the value with its unit.
			v += " " + u[1]
		}
		if w, ok := repairedValue(s, v); !ok || w == v {
			continue
		}
		k := xlValueAt(s, loc[0])
		if f := strings.Fields(k); len(f) > 1 && tailPronouns[strings.ToLower(f[len(f)-1])] {
			// "the page count cap, double-check it's 50 — no, 80": the
			// setting is the sentence's topic, before its comma.
			k = ""
			if m := sentenceTopicRE.FindStringSubmatch(s); m != nil {
				k = strings.TrimSpace(m[1])
			}
		}
		if k == "" || isRule(s) {
			return Proposal{}, false
		}
		if h := heldNamed(k, ctx.Values); h != nil && nameCovers(h, k) {
			return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s}, true
		}
		return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: v, Quote: s}, true
	}
	return Proposal{}, false
}

// sentenceTopicRE is a noun phrase opening a sentence before a comma
// or dash: "the page count cap, …".
var sentenceTopicRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway)[,]?\s+)*(?:(?:that|this|the|our)\s+)?([\p{L}\d_.\-/ ]{2,40}?)\s*[,—–]\s`)

// repairNumRE is a value a repair may follow, its unit written with it
// or after a space ("1秒", "1 с", "20117").
var repairNumRE = mustPattern(`\d[\w.:/\-]*(?:\s?[^\P{L}\p{Hiragana}]{1,6})?`)

// repairCollapsed is sentence s with a value the user repairs as they
// say it, and the words of repair, left out: "サンプリングは1秒…いや、
// やっぱ500msで" → "サンプリングは500msで", "Mandant 20117 – ne warte,
// 20171" → "Mandant 20171". ok false when s repairs no value.
func repairCollapsed(s string) (string, bool) {
	for _, loc := range repairNumRE.FindAllStringIndex(s, 8) {
		after := s[loc[1]:]
		r := repairWordRE.FindStringIndex(after)
		if r == nil || r[1] == 0 || strings.TrimSpace(strings.Trim(after[:r[1]], ",;:…—–-.!、。 ")) == "" {
			continue
		}
		rest := after[r[1]:]
		if rest == "" || rest[0] < '0' || rest[0] > '9' {
			continue
		}
		return s[:loc[0]] + rest, true
	}
	return s, false
}

// xlToValueRE is a setting taken to a number, the clause's last words:
// "… pra 2000", "… auf 800,", "… à 45 s"; a number's decimals are
// never cut off at its point ("à 1.0 + …" is not "à 1").
var xlToValueRE = mustPattern(`(?i)^(?P<k>.{3,80}?)\s(?:pra|para|auf|à|a|al|na|на|до|do|to|su|zu)\s(?P<v>` + numTok + `(?:\s?(?:%|\p{L}{1,8}))?)\s*(?:[,;.!](?:\s|$)|$)`)

// xlNumAtRE is a value token a repair may follow: a number, an address.
var (
	xlNumAtRE   = mustPattern(`(?:^|[\s(])\d[\w.:/\-]*`)
	unitAfterRE = mustPattern(`^\s(\p{L}{1,6})[,;.!—–]`)
)

// nameCovers reports whether every word of k of three letters or more
// names h (the held setting is the one k says, not one sharing a word).
func nameCovers(h *HeldValue, k string) bool {
	for _, w := range strings.Fields(strings.ToLower(k)) {
		if utf8.RuneCountInString(w) < 3 || xlNameSkip[w] || xlArticles[w] {
			continue
		}
		if heldNamed(w, []HeldValue{*h}) == nil {
			return false
		}
	}
	return true
}

// optLabelRE is an option's label in a sentence: "(A)", "1)", "A)", "A
// (Redis)" (the option in the parenthesis),
// "(أ)" (Arabic counts its list in the letters' old order: أ ب ج د),
// "option B", "Variante 2", "opción A", "方案二", "オプションB".
var optLabelRE = mustPattern(`(?i)\((?P<a>[a-e1-5أبجد])\)|(?:^|[\s,:;])(?-i:(?P<p>[A-E]))\s+\(|(?:^|[\s,:;，：；、])(?P<b>[1-5a-e])\)|(?:^|[^\p{L}])(?:option|opción|opcion|opção|opcao|opzione|variante|variant|вариант|opcja|wariant|alternative|alternativa|alternativ)\s+(?P<c>[a-e1-5])(?:[^\p{L}\d]|$)|(?:方案|选项|選項|プラン|オプション|옵션)\s*(?P<d>[一二三四五A-Ea-e1-5])`)

// labelledOptions are the options a message offers inline by their
// labels ("(A) a systemd unit, or (B) a container", "Variante 1 ist Redis,
// Variante 2 ist Memcached", "方案一用 LightGBM，方案二用 XGBoost"), in
// order from the first; nil when it offers fewer than two.
func labelledOptions(text string) []string {
	best := labelRun(text, optLabelRE.FindAllStringSubmatchIndex(text, 16))
	if best == nil {
		return nil
	}
	var out []string
	for i, o := range labelTexts(text, best) {
		if strings.HasSuffix(text[:best[i][1]], "(") {
			// "A (Redis) or B (Postgres advisory locks)": the option is
			// what its label's parenthesis holds
			j := strings.IndexAny(o, ")\n")
			if j < 0 {
				return nil
			}
			o = o[:j]
		}
		o, ok := optionText(o)
		if !ok {
			return nil
		}
		out = append(out, o)
	}
	return out
}

// optionText is the text after an option's label up to the end of its
// line or sentence, without the words joining it to the next; false when
// it is empty or too long to be an option.
func optionText(o string) (string, bool) {
	if j := strings.IndexAny(o, "\n?？。"); j >= 0 {
		o = o[:j]
	}
	if j := strings.Index(o, ". "); j >= 0 {
		o = o[:j]
	}
	o = cleanOption(shortenOption(o))
	return o, o != "" && utf8.RuneCountInString(o) <= maxOptionRunes
}

// shortenOption is an option too long to be one cut to its head, before
// the explanation that follows it (a colon, a dash, a parenthesis, a
// semicolon): "add the keep rules ourselves to `app/proguard-rules.pro`
// (`-keep,…`, same for …): small, no dependency change". It is o when o
// is short enough, or no such head of two words or more fits.
func shortenOption(o string) string {
	if utf8.RuneCountInString(o) <= maxOptionRunes {
		return o
	}
	cut := len(o)
	for _, sep := range []string{": ", " — ", " – ", " (", "; "} {
		if i := strings.Index(o, sep); i > 0 && i < cut && len(strings.Fields(o[:i])) >= 2 && utf8.RuneCountInString(o[:i]) <= maxOptionRunes {
			cut = i
		}
	}
	return strings.TrimSpace(o[:cut])
}

// optionJoinRE are the words that join an option to the next or lead to
// its text: "or", "oder", "ou", "или", "还是", a copula, a colon.
var (
	optionTailRE = mustPattern(`(?i)(?:[\s,;，；、:：.]+|\s(?:or|oder|o|ou|или|lub|albo|and|und|y|et|e|и|i)\s*|还是|或者|或|または|か|아니면|\s*です|\s*입니다)+$`)
	optionLeadRE = mustPattern(`(?i)^(?:[\s,;，；、:：=—–\-]+|(?:ist|is|es|est|é|è|wäre|sería|serait|seria|sarebbe|это|to)\s+|用|是|为|は|이|가)+`)
)

// cleanOption is an option's text without the words joining it.
func cleanOption(o string) string {
	for {
		n := strings.TrimSpace(optionTailRE.ReplaceAllString(optionLeadRE.ReplaceAllString(o, ""), ""))
		if n == o {
			return o
		}
		o = n
	}
}

// labelRefRE names an option by its label or place in a short choice:
// "option B", "Variante 2", "(b)", "B", "方案二", "la deuxième", "二番目",
// "두 번째".
var labelRefRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:option|opción|opcion|opção|opcao|opzione|variante|variant|вариант\p{L}*|opcj\p{L}*|wariant\p{L}*|alternativ\p{L}*)\s+\(?(?P<a>[a-e1-5])\)?(?:[^\p{L}\d]|$)|\((?P<b>[a-eأبجد])\)|(?:^|\s)(?-i:(?P<c>[A-E]))(?:\s*[.!,)]|\s*$|\s+(?:it is|then|please|pls|after all|instead|now|for now|for the moment|for a start|to start|to begin with|bitte|erstmal|vorerst|por favor|por ahora|por enquanto|por agora|s'il|pour l'instant|pour le moment|per favore|per ora|пожалуйста|пока|proszę|na razie))|(?:方案|选项|選項|プラン|オプション|옵션)\s*(?P<d>[一二三四五A-Ea-e1-5])|(?:^|\s)(?-i:(?P<e>[A-E]))\s+\p{Han}|(?:^|[^\p{L}])(?P<o>erste[nrs]?|zweite[nrs]?|dritte[nrs]?|primer[oa]?|segund[oa]|tercer[oa]?|premi(?:er|ère)|deuxième|seconde?|troisième|primeir[oa]|terceir[oa]|prim[oa]|second[oa]|terz[oa]|перв\p{L}+|втор\p{L}+|трет\p{L}+|pierwsz\p{L}+|drug[aiąe]|trzec\p{L}+)(?:[^\p{L}]|$)|第(?P<z>[一二三四五1-5])(?:个|個|种|種|条|項|项|つ|案)|(?P<j>[一二三四五1-5])(?:番目|つ目)|(?P<k>첫|두|세)\s?번째`)

// ordinalPlace is the place an ordinal of labelRefRE stands for.
func ordinalPlace(o string) int {
	o = strings.ToLower(o)
	for _, p := range []struct {
		n  int
		ps string
	}{{1, "erst primer premi primeir prim перв pierwsz"}, {2, "zweit segund deuxi second втор drug"}, {3, "dritt tercer troisi terceir terz трет trzec"}} {
		for _, pre := range strings.Fields(p.ps) {
			if strings.HasPrefix(o, pre) {
				return p.n
			}
		}
	}
	return 0
}

// labelChoice is the option of opts a short user sentence s chooses by
// its label or place (labelRefRE), or false: a question, a negation or a
// sentence naming two labels chooses none.
func labelChoice(s string, opts []string) (string, bool) {
	if len(opts) < 2 || questionRE.MatchString(s) {
		return "", false
	}
	if len(strings.Fields(s)) > 8 {
		// "A, CSV per van; the drivers print it anyway, and …": the
		// choice is the sentence's first clause, up to a semicolon or
		// a dash
		if i := strings.IndexAny(s, ";—–؛；"); i > 0 {
			if head := s[:i]; len(labelRefRE.FindAllString(head, 2)) == 0 && len(strings.Fields(head)) <= 3 && (strings.HasPrefix(s[i:], "—") || strings.HasPrefix(s[i:], "–")) {
				// "Channels — A, no duplicate SMS, that costs money": a
				// topic before the dash, the choosing clause after it
				s = strings.TrimSpace(strings.TrimLeft(s[i:], "—– "))
			} else {
				s = s[:i]
			}
		}
		// "B, if one box dies the whole match is gone", "go with B
		// after all, keep the polling fallback": a short choosing
		// clause before the comma
		if i := strings.IndexAny(s, ",،"); i > 0 && len(strings.Fields(s)) > 8 && len(strings.Fields(s[:i])) <= 5 {
			s = s[:i]
		}
	}
	if i := strings.IndexAny(s, ",،"); i > 0 && len(strings.Fields(s[:i])) <= 3 && len(labelRefRE.FindAllString(s[:i], 2)) == 1 && len(labelRefRE.FindAllString(s[i:], 2)) == 0 {
		// "A, дублировать SMS не надо, это деньги": the label and its
		// comma end the choosing clause, whatever the reason after it
		// says (a negation there is not the choice's)
		s = s[:i+1]
	}
	if i := strings.IndexAny(s, ",，;；"); i > 0 && strings.ContainsFunc(s, isCJK) && len(labelRefRE.FindAllString(s[:i], 2)) == 1 {
		// "库用 A 自己写，那个库好久没人维护了": the choosing clause, the
		// reason after its comma (words are not spaced here)
		s = s[:i]
	}
	if len(strings.Fields(s)) > 8 || !strings.Contains(s, " ") && utf8.RuneCountInString(s) > 24 {
		return "", false
	}
	if xlNegRE.MatchString(s) {
		return "", false
	}
	ms := labelRefRE.FindAllStringSubmatch(s, 3)
	if len(ms) != 1 {
		return "", false
	}
	m := ms[0]
	rest := s[strings.Index(s, m[0])+len(m[0]):]
	if m[labelRefRE.SubexpIndex("e")] != "" {
		// "库用 A 自己写": the label and the Chinese after it, which
		// must restate the option
		_, size := utf8.DecodeLastRuneInString(m[0])
		rest = m[0][len(m[0])-size:] + rest
		if !restatesOption(rest, m, opts) && !choiceEnds(rest) {
			// ("A 吧", "B 了": the label and a particle choose it.)
			return "", false
		}
	}
	if !strings.HasSuffix(m[0], ",") && !choiceEnds(rest) && !restatesOption(rest, m, opts) {
		// "第二个要多一次 shuffle", "die zweite Variante ist zu
		// langsam": a place said of an option, not chosen. A label and
		// its comma ("B, one box down and the match is gone") end the
		// choosing clause: what follows is the reason.
		return "", false
	}
	g := func(n string) string { return m[labelRefRE.SubexpIndex(n)] }
	n := labelPlace(m)
	if o := g("o"); o != "" {
		if i := strings.Index(s, o); i > 0 && xlOneRE.MatchString(s[:i]) {
			// "un segundo", "a second": a moment, no option.
			return "", false
		}
		n = ordinalPlace(o)
	}
	switch g("k") {
	case "첫":
		n = 1
	case "두":
		n = 2
	case "세":
		n = 3
	}
	if n < 1 || n > len(opts) {
		return "", false
	}
	return opts[n-1], true
}

// labelPlace is the place (1 for the first) of the option a match of
// labelRefRE names by its label, 0 when it names it otherwise.
func labelPlace(m []string) int {
	g := func(n string) string { return m[labelRefRE.SubexpIndex(n)] }
	return placeOf(g("a") + g("b") + g("c") + g("d") + g("e") + g("z") + g("j"))
}

// restatesOption reports whether rest, what follows the label of match
// m in its clause, is the start of the labelled option's own text ("库用
// A 自己写" of "A) 自己写，Spring 裸 WebSocketHandler …").
func restatesOption(rest string, m []string, opts []string) bool {
	n := labelPlace(m)
	rest = strings.TrimSpace(strings.Trim(rest, " .!。！)"))
	return n >= 1 && n <= len(opts) && utf8.RuneCountInString(rest) >= 2 && strings.HasPrefix(opts[n-1], rest)
}

// choiceEnds reports whether rest, what follows an option's label in
// its clause, ends a choice: nothing, a particle ("吧", "にして"), or up
// to two words ("opción", "it is", "bitte").
func choiceEnds(rest string) bool {
	if i := strings.IndexAny(rest, ",;:—–，；、،؛"); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(strings.Trim(rest, " .!。！)"))
	if rest == "" {
		return true
	}
	if strings.ContainsFunc(rest, isCJK) || strings.ContainsFunc(rest, isHangul) {
		return choiceTailRE.MatchString(rest)
	}
	return len(strings.Fields(rest)) <= 2
}

// choiceTailRE is what may end a choice in Chinese, Japanese or Korean
// after the option's label.
var choiceTailRE = mustPattern(`^(?:[吧了呢啊的]|にして(?:ください)?|にします|にしよう|にしましょう|で(?:お願いします|いこう|行こう|行きましょう)?|でいい|がいい|(?:으)?로\s*(?:하죠|하자|합시다|할게요|해요|해|가죠|가자|갑시다)?|요)*$`)

// xlNegRE is a negation, xlOneRE an article of one before an ordinal.
var (
	xlNegRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:not|nicht|kein\p{L}*|pas|não|nao|non|не|nie|nunca|jamais|never|ni)(?:[^\p{L}]|$)|不|没|じゃない|ではない|안\s|않`)
	xlOneRE = mustPattern(`(?i)(?:^|\s)(?:un|una|une|um|uma|a|one|eine?n?|одну|jedną)\s+$`)
)

// chooseLabelled states the choice of option o by sentence s: a decision
// quoting s whose value is the option with the user's words, in place of
// a decision s was read to state by its words alone ("用方案二吧").
func chooseLabelled(out []Proposal, s, o string, opts []string) []Proposal {
	for _, p := range out {
		if p.Kind == KindDecision && p.Op == OpState && strings.HasPrefix(p.Value, o) {
			return out
		}
	}
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		overlaps := strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s)
		// the choosing clause restating its option ("A, websocket
		// only.") is the choice, not a rule besides it
		return overlaps && p.Op == OpState && (p.Kind == KindDecision || p.Kind == KindConstraint && !negRE.MatchString(p.Quote))
	})
	// a choice among the options replaces one made among them before
	// ("A, websocket only." … "go with B after all")
	var others []string
	for _, x := range opts {
		if x != o {
			others = append(others, x)
		}
	}
	return append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(o), Value: o + " (" + s + ")", Quote: s, Links: mentions(o),
		Replaces: optionsPrefix + strings.Join(others, optionsPrefix)})
}

// optionsPrefix opens a Proposal's Replaces that lists the other options
// of a choice, each after it: the decision it replaces is one made by
// choosing one of them (Reducer.decisionOfOptions).
const optionsPrefix = "\x00"

// decisionOfOptions is the newest active decision whose value is one of
// opts chosen (chooseLabelled's "option (the choosing words)"), or nil.
func (r *Reducer) decisionOfOptions(opts []string) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active {
			continue
		}
		for _, o := range opts {
			if o != "" && strings.HasPrefix(a.Value, o+" (") && newer(a, best) {
				best = a
			}
		}
	}
	return best
}

// heldValues are the current values, oldest first (Context.Values).
func (r *Reducer) heldValues() []HeldValue {
	var as []*Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current {
			as = append(as, a)
		}
	}
	slices.SortFunc(as, byAge)
	out := make([]HeldValue, 0, len(as))
	for _, a := range as {
		out = append(out, HeldValue{Key: a.Key, Name: a.Name, Value: a.Value, First: a.Was == ""})
	}
	return out
}

// adoptXLRE is a user taking what a tool reported, said in a language of
// the gloss: a relative clause on the tool's act ("el valor que
// reportó", "les cœurs qu'il a trouvés", "was es ausgegeben hat", "что он
// показал", "它输出的", "出力された") (adopt.go reads the English).
var adoptXLRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:que|qu'il|qu'elle|qu'on|qu'|che|was|den|die|das|o que|lo que|что|co|który|która|które)\s(?:[^.!?]{0,30}?\s)?(?:report\p{L}*|devolvi\p{L}*|devuelto|mostr\p{L}*|montr\p{L}*|trouv\p{L}*|encontr\p{L}*|trov\p{L}*|affich\p{L}*|imprim\p{L}*|stamp\p{L}*|sali[óo]|salió|dio|diede|deu|ausgegeben|gemeldet|gefunden|gezeigt|angezeigt|geliefert|zurückgegeben|lieferte|zeigte|fand|meldete|выдал\p{L}*|показал\p{L}*|нашёл|нашел|нашла|вывел\p{L}*|вернул\p{L}*|pokazał\p{L}*|znalazł\p{L}*|zwrócił\p{L}*|wypisał\p{L}*|indiqu\p{L}*|retourn\p{L}*|renvoy\p{L}*|sorti)(?:[^\p{L}]|$)|出力され|表示され|出てきた|返ってきた|見つけた|输出的|打印的|显示的|报告的|返回的|找到的|查到的|给出的|출력된|나온|찾은`)

// adoptForRE is the setting an adoption is for, said after it to the
// sentence's end: "… para
// las conexiones máximas", "… pour les workers", "… für die Worker".
var adoptForRE = mustPattern(`(?i)(?:^|\s)(?:(?:for|para|pra|pour|für|per|для|dla)\s+(?:(?:the|el|la|los|las|le|les|l'|den|die|das|il|lo|i|gli|o|a|os|as)\s+)?(?P<k>[\p{L}\d_\-']+(?:\s[\p{L}\d_\-']+){0,3})\s*(?:[.,;!]|$)|(?:as many|autant de|tantos|tantas|tanti|tante|so viele|столько|tyle)\s+(?P<k2>[\p{L}\d_\-']+))`)

// tableShown is the setting a one-column table shows: a header, a rule
// of dashes, one value and maybe a count of rows ("max_connections /
// ----- / 120 / (1 row)", as psql prints a SHOW).
func tableShown(lines []string) (shownPair, bool) {
	var ls []string
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" && !rowCountRE.MatchString(l) {
			ls = append(ls, l)
		}
	}
	if len(ls) != 3 || strings.Trim(ls[1], "-+=") != "" || strings.ContainsAny(ls[0], " \t|") || strings.ContainsAny(ls[2], " \t|") {
		return shownPair{}, false
	}
	return shownPair{key: ls[0], value: ls[2]}, true
}

// rowCountRE is a table's count of rows: "(1 row)", "(3 rows)".
var rowCountRE = mustPattern(`^\(\d+ rows?\)$`)

// resolvedByRun gives a change left unresolved (no value was known to
// change: "learning_rate는 지금 값의 절반으로") the number the agent's
// run then sets the setting to ("--set learning_rate=0.025", ranflags.go),
// and the value it was when the change is a multiple (0.05 for a half).
func (r *Reducer) resolvedByRun(ev *Event) {
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || !strings.HasPrefix(a.Value, "unresolved: ") {
			continue
		}
		k, v, ok := r.ranSetting(a.Name)
		if !ok || k == "" {
			// "learning_rate는": the key's words.
			k, v, ok = r.ranSetting(property(a.Key))
		}
		if !ok || k == "" {
			continue
		}
		a.Was = ""
		if f, ok := unresolvedFactor(a.Value); ok {
			if m := heldNumRE.FindStringSubmatch(v); m != nil {
				if x, err := strconv.ParseFloat(m[1], 64); err == nil {
					a.Was = strconv.FormatFloat(math.Round(x/f*1e9)/1e9, 'f', -1, 64) + m[2] + m[3]
				}
			}
		}
		a.Value = v
		a.addRef(EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// The value the user changed last, now known: what a "put it
		// back" names.
		r.lastKey, r.lastName = a.Key, a.Name
	}
}

// unresolvedFactor is the factor of an unresolved multiple (statedChange:
// "unresolved: halved, …" is 0.5).
func unresolvedFactor(v string) (float64, bool) {
	w, _, _ := strings.Cut(strings.TrimPrefix(v, "unresolved: "), ",")
	switch w {
	case "halved":
		return 0.5, true
	case "doubled":
		return 2, true
	case "tripled":
		return 3, true
	}
	if x, ok := strings.CutPrefix(w, "× "); ok {
		if f, ok := ratio(x); ok && f > 0 {
			return f, true
		}
	}
	return 0, false
}
