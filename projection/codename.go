package projection

import (
	"slices"
	"strings"
	"unicode"
)

// A setting named by its code name (max_retries, retryBackoffMax,
// spring.datasource.url) is that identifier and no other: two code names
// are one setting only when they are one identifier, however cased or
// separated (maxRetries and max_retries), never because their words
// overlap (max_retries is not retry_backoff_max, nor timeout
// lock_timeout). A setting named in prose ("the backoff max", "retries")
// keeps the word matching that finds the setting it means.
//
// A name is code when its text writes it as an identifier (with _, ., -
// between its letters, or a lower letter before a capital), in
// backquotes, or when a program wrote it (an edit's keyword argument, a
// file's key). A held setting is code once any of its names was
// (Reducer.coded): "the backoff max to 600" renames retry_backoff_max
// in prose, and it stays retry_backoff_max.

// codeIdent is a setting's name as code: the name, and whether a program
// wrote it (an edit, a tool's output) rather than a person.
type codeIdent struct {
	name string
	tool bool
}

// codeIdentOf is proposal p's name when its text writes it as code, else
// the zero codeIdent (a prose name, or none).
func codeIdentOf(p *Proposal, role Role) codeIdent {
	n := strings.TrimSpace(p.Name)
	if role == RoleTool && oneWord(n) || writtenAsCode(n, p.Quote) {
		return codeIdent{name: n, tool: role == RoleTool}
	}
	return codeIdent{}
}

// typedCode is name as code when a person's text q writes it so, else
// the zero codeIdent.
func typedCode(name, q string) codeIdent {
	if writtenAsCode(name, q) {
		return codeIdent{name: name}
	}
	return codeIdent{}
}

// writtenAsCode reports whether text q writes name n as code: one word
// shaped as an identifier, or in backquotes.
func writtenAsCode(n, q string) bool {
	return oneWord(n) && (identShaped(n) || codeName(q, n))
}

// oneWord reports whether s is one word, no space in it.
func oneWord(s string) bool {
	return s != "" && !strings.ContainsFunc(s, unicode.IsSpace)
}

// identShaped reports whether name is written as an identifier, one
// word with an underscore or a lower-case letter before a capital (codeName:
// max_retries, maxRetries), or letters joined by . or - (pool.size,
// max-conns).
func identShaped(name string) bool {
	if !oneWord(name) {
		// "retries on the per-account job": words, one of them joined
		return false
	}
	if codeName("", name) {
		return true
	}
	rs := []rune(name)
	for i := 1; i+1 < len(rs); i++ {
		if (rs[i] == '.' || rs[i] == '-') && isIdentRune(rs[i-1]) && isIdentRune(rs[i+1]) {
			return true
		}
	}
	return false
}

func isIdentRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// identParts are an identifier's words in lower case, camelCase split
// ("retryBackoffMax", "retry_backoff_max": retry backoff max).
func identParts(name string) []string {
	var b strings.Builder
	rs := []rune(name)
	for i, c := range rs {
		if i > 0 && unicode.IsUpper(c) && unicode.IsLower(rs[i-1]) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return strings.FieldsFunc(b.String(), func(r rune) bool { return !isIdentRune(r) })
}

// codeSegments are an identifier's dotted parts, each folded
// (spring.datasource.maxPoolSize: spring, datasource, maxpoolsize).
func codeSegments(name string) []string {
	var out []string
	for _, s := range strings.Split(name, ".") {
		if f := strings.Join(identParts(s), ""); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// sameCode reports whether code names a and b are one setting: one
// identifier however cased or separated; one the other's last dotted
// parts (readiness.initialDelaySeconds and initialDelaySeconds); or the
// shorter, written by a person, the longer's last two words or more
// (backoff_max for retry_backoff_max: a name shortened, not a setting of
// its own). aTyped and bTyped say a person wrote the name.
func sameCode(a, b string, aTyped, bTyped bool) bool {
	wa, wb := identParts(a), identParts(b)
	if len(wa) == 0 || len(wb) == 0 {
		return false
	}
	if strings.Join(wa, "") == strings.Join(wb, "") {
		return true
	}
	sa, sb := codeSegments(a), codeSegments(b)
	if len(sa) > len(sb) {
		sa, sb = sb, sa
	}
	if slices.Equal(sa, sb[len(sb)-len(sa):]) {
		return true
	}
	if len(wa) > len(wb) {
		wa, wb, aTyped = wb, wa, bTyped
	}
	return aTyped && len(wa) >= 2 && len(wa) < len(wb) && slices.Equal(wa, wb[len(wb)-len(wa):])
}

// heldCodes are the code names held value a was named by: its name when
// written as code, and the code name it had before a name in prose
// (Reducer.coded). Whether a program wrote them is told by the value's
// authority.
func (r *Reducer) heldCodes(a *Anchor) []codeIdent {
	tool := a.Authority == Empirical
	var out []codeIdent
	if writtenAsCode(a.Name, a.Quote) {
		out = append(out, codeIdent{name: a.Name, tool: tool})
	}
	if n := r.coded[a.Key]; n != "" && n != a.Name {
		out = append(out, codeIdent{name: n, tool: tool})
	}
	return out
}

// otherCode reports whether held value a and the setting code names are
// two code names of two settings: a was named as code, and by none that
// is code's.
func (r *Reducer) otherCode(a *Anchor, code codeIdent) bool {
	if code.name == "" {
		return false
	}
	held := r.heldCodes(a)
	return len(held) > 0 && !slices.ContainsFunc(held, func(h codeIdent) bool { return sameCode(code.name, h.name, !code.tool, !h.tool) })
}

// noteCode remembers the code name value key was named by last.
func (r *Reducer) noteCode(key string, code codeIdent) {
	if code.name == "" {
		return
	}
	if r.coded == nil {
		r.coded = map[string]string{}
	}
	r.coded[key] = code.name
}

// identNumRE is a setting's code name with the number it holds, said in
// a sentence: "versionCode 42", "max_retries=5", "exportTimeoutMs 现在
// 30000", "timeout is now 30", "limit jest 5" (a word saying it holds the
// number now, in the lexicons' languages).
var identNumRE = mustPattern(`(?:^|[\s，,、：:（(])([A-Za-z_][\w.\-]*)\s*(?:[:=]\s*|` + heldNowWords + `)?(\d[\d.]*)(?:$|[\s，,、。;；!！?？])`)

// heldNowWords say a setting holds a number now: "is (now)",
// "currently", "现在(是)", "目前", "当前", "は今", "ist (jetzt)", "jest",
// "teraz", "obecnie", "abhi", "est", "es", "está", "é", "сейчас".
const heldNowWords = `(?i:(?:is\s+(?:now\s+|currently\s+)?|now\s+|currently\s+|ist\s+(?:jetzt\s+|aktuell\s+)?|jest\s+|teraz\s+|obecnie\s+|abhi\s+|est\s+|es\s+|está\s+|é\s+|сейчас\s+)|(?:现在|目前|当前|现为)(?:是|为)?\s*|(?:は)?(?:今|現在)(?:は)?\s*)`

// namedCorrection reads a correction s makes to a setting it names by
// its code name with the number it held before the correction: "also
// versionCode 42 is already taken, make it 43", "versionCode 42 已经被占
// 了，改成 43". k is the name, was the number said with it, v the new
// value; ok false when s is no correction, names no code name with a
// number before the new value, or names several.
func namedCorrection(s string, corr bool) (k, was, v string, ok bool) {
	if !corr {
		return "", "", "", false
	}
	at := -1
	for _, re := range []*pattern{valueCorrRE, zhCorrRE} {
		if loc := re.FindStringSubmatchIndex(s); loc != nil && (at < 0 || loc[0] < at) && digitRE.MatchString(s[loc[2]:loc[3]]) {
			at, v = loc[0], cleanValue(s[loc[2]:loc[3]])
		}
	}
	if at < 0 {
		return "", "", "", false
	}
	k, was, ok = codeNumberIn(s[:at])
	if !ok || was == v {
		return "", "", "", false
	}
	return k, was, v, true
}

// codeNumberIn is the one code name s says with a number ("versionCode
// 42"), and the number; ok false for none or several.
func codeNumberIn(s string) (k, was string, ok bool) {
	n := 0
	for _, m := range identNumRE.FindAllStringSubmatch(s, 4) {
		if identShaped(m[1]) {
			k, was = m[1], m[2]
			n++
		}
	}
	return k, was, n == 1
}
