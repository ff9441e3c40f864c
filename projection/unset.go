package projection

import (
	"regexp"
	"strings"
	"unicode"
)

// A setting taken away ("remove GOGC", "убери GOGC", "verwijder de
// GOGC-variabele", "откатывай GOGC, оставь дефолт") holds no value of its
// own any more: the program's default applies. It is shown as unset, with
// the default's number only when the sentence states it ("back to the
// default 100"), never with the value removed kept current, nor as "back
// to its earlier value" when there was none before it. A setting put back
// ("откатывай GOGC", "revert GOGC") that held no value before the one the
// session gave it is taken away too; a sentence asking for its old value
// ("go back to the old value for the batch size") believes in one, and
// is left to relative.go.

// unsetValue is the value a setting taken away holds.
const unsetValue = "unset (default)"

var (
	// removeVerbRE is a verb that takes a setting away.
	removeVerbRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:remove|unset|delete|убер\p{L}*|удали\p{L}*|убрать|выкин\p{L}*|verwijder\p{L}*|togli\p{L}*|rimuov\p{L}*|elimina|entfern\p{L}*|lösch\p{L}*|supprim\p{L}*|enlève|enleve|quita|quitar|remova|retira)(?:[^\p{L}]|$)|删掉|删除|去掉`)
	// defaultRE names a setting's default.
	defaultRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:defaults?|дефолт\p{L}*|по\s+умолчанию|standaard\p{L}*|predefinit\p{L}*|standardwert|voreinstellung|défaut|defecto|padrão|padrao)(?:[^\p{L}]|$)|默认|デフォルト`)
	// defaultNumberRE is the default's number as said: "default 100",
	// "the default of 100", "дефолт 100", "默认 100".
	defaultNumberRE = mustPattern(`(?i)(?:defaults?|дефолт\p{L}*|standaard\p{L}*|predefinit\p{L}*|défaut|defecto|padrão|默认(?:值)?)(?:\s*(?:is|of|=|:|：|van|di|de|是|为))?\s*(\d+(?:[.,]\d+)?\s*%?)(?:[^\d.,]|$)`)
	// keepNegRE is a negation before a verb of taking away: "don't
	// remove GOGC" keeps it.
	keepNegRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:not|don't|dont|never|niet|nicht|non|не|no|nooit|jamais|nunca|mai)(?:[^\p{L}]|$)|不|别`)
)

// xlUnset is the value unset of the held setting that sentence s takes
// away: a verb of taking away, or a revert that names the default, opening
// its clause, and the setting's name in that clause.
func xlUnset(s string, ctx *Context) (Proposal, bool) {
	if ctx == nil || len(ctx.Values) == 0 || strings.HasSuffix(strings.TrimSpace(s), "?") || strings.ContainsAny(s, "?？") {
		return Proposal{}, false
	}
	if _, ok := emptyValue(s); ok {
		// "верни default = []": the empty value stated (emptyvalue.go),
		// not the default of a setting named "default"
		return Proposal{}, false
	}
	verb := removeVerbRE
	revert := false
	if xlRevertRE.MatchString(s) && (defaultRE.MatchString(s) || !xlOldRE.MatchString(s)) {
		verb, revert = xlRevertRE, !defaultRE.MatchString(s)
	}
	for _, loc := range verb.FindAllStringIndex(s, 4) {
		head := s[:loc[0]]
		if i := strings.LastIndexAny(head, ",;:.!—–("); i >= 0 {
			head = head[i+1:]
		}
		if len(strings.Fields(head)) > 2 || keepNegRE.MatchString(head) {
			continue
		}
		obj := s[loc[0]:]
		if i := strings.IndexAny(obj[1:], ",;:.!—–("); i >= 0 {
			obj = obj[:i+1]
		}
		h := heldNamed(obj, ctx.Values)
		if h == nil || !nameInClause(obj, h.Name) || revert && (!h.First || strings.ContainsFunc(strings.ReplaceAll(obj, h.Name, ""), unicode.IsDigit)) {
			// "revert GOGC to 150" puts a value of its own.
			continue
		}
		v := unsetValue
		if m := defaultNumberRE.FindStringSubmatch(s); m != nil {
			v = strings.TrimSpace(m[1]) + " (default)"
		}
		return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s, Correction: true}, true
	}
	return Proposal{}, false
}

// nameInClause reports whether clause holds the whole of a setting's name
// as written ("GOGC", "GOGC-variabele"), not only one word of a longer name.
func nameInClause(clause, name string) bool {
	name = strings.TrimSpace(name)
	if name == "" {
		return false
	}
	re, err := regexp.Compile(`(?i)(?:^|[^\p{L}\p{N}_])` + regexp.QuoteMeta(name) + `(?:[^\p{L}\p{N}_]|$)`)
	return err == nil && re.MatchString(clause)
}
