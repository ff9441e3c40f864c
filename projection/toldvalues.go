package projection

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Values the user tells in few words, in any language the projection
// reads, and values the user's words do not set.
//
//   - Settings named by their code names with their values, joined by
//     "and" or a comma ("max_retries 5 och retry_backoff_max 300",
//     "och max_retries 8 då", "max_retries tillbaka till 5"): each a value
//     (joinedValues). A name must read as code (max_retries, BUF_SIZE,
//     retryBackoff) so that "5 och 300" or "tasks äldre än 10 min" set
//     nothing.
//   - A bare value put with a verb of setting ("sätt 900", "set it to
//     900", "mach 900"): the one held setting the same message names
//     (bareSetValue). None named, or several, and nothing is set.
//   - A hedged remark ("CI में शायद 128 है", "maybe it's 128 in CI",
//     "kanske 128"): the speaker is not sure, so it sets no value
//     (hedgedValuesDropped).
//   - A value taken back at once ("128K... नहीं रुको, 96K", "128K — no
//     wait, 96K", "128K, nej vänta, 96K"): only the repair stands.
//   - A "name=value" the user asks to remove ("हाँ हटाओ detect_leaks=0",
//     "ta bort detect_leaks=0"): no value is set by it.
//   - A value cut at an "=" of its own ("ASAN_OPTIONS=detect_leaks=0:
//     halt_on_error=1" read as "detect_leaks"): an option string is one
//     value, read whole.

var (
	// joinRE splits a sentence at "and" in the languages read, and at
	// commas and semicolons.
	joinRE = mustPattern(`(?i)\s*[,;，；]\s*|\s+(?:and|och|og|en|und|et|e|y|и|і|та|और|i|oraz|ve|và)\s+|\s*和\s*`)
	// codeNameRE is a setting's name as code writes it, its words
	// joined by underscores (max_retries, UART_RX_BUF_SIZE); a word in
	// capitals alone ("MSRV", "UTF") or a camel-case name may be a
	// product or a type as well.
	codeNameRE = mustPattern(`^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$`)
	// toldPairRE is one setting told: its name, a "to" or "back to", its
	// value, and a word of "then" or a verb ending it.
	toldPairRE = mustPattern(`(?i)^(?:(?:and|och|og|en|und|et|e|y|и|і|та|और|also|även|också|ещё|ще|भी)\s+)?(?P<k>[A-Za-z][\w.]*)(?:\s*[=:]\s*|\s+)(?:(?:back\s+)?to|tillbaka\s+till|till|på|auf|zurück\s+auf|op|terug\s+naar|на|до|назад\s+до|назад\s+на|знову|à|a|para|al)?\s*(?P<v>[+-]?\d[\d.,_]*(?:\s?(?:ms|s|sec|min|h|kb|mb|gb|k|m|%))?)(?:\s+(?:då|nu|then|now|dann|jetzt|тоді|тогда|फिर|अब|alors|entonces|allora|então|dan|करो|कर\s+दो|रखो|please|pls|bitte|tack))?$`)
	// bareSetRE is a verb of setting a value, opening a clause with a
	// bare value after it ("sätt 900", "set 900", "mach 900", "постав
	// 900", "900 कर दो").
	bareSetRE = mustPattern(`(?i)^(?:(?:ok|okej|ja|yes|да|так|हाँ),?\s+)?(?:sätt|ställ|set|make\s+it|mach|setz|setze|stell|постав\p{L}*|установи\p{L}*|встанови\p{L}*|зроби|сделай|mets|pon|ponlo|imposta|metti|zet|coloque|põe|use|använd)\s+(?:(?:it|den|det|es|его|її|le|lo|o|het)\s+)?(?:(?:to|till|på|auf|на|до|à|a|op)\s+)?(?P<v>[+-]?\d[\d.,_]*(?:\s?(?:ms|s|sec|min|h|kb|mb|gb|k|m|%))?)$|^(?P<v2>[+-]?\d[\d.,_]*(?:\s?(?:ms|s|sec|min|h|kb|mb|gb|k|m|%))?)\s+(?:कर\s+दो|करो|रखो)$`)
	// toldClauseRE ends a clause inside a sentence.
	toldClauseRE = mustPattern(`\s*[,;，；]\s*`)
	// hedgeRE is a word of doubt: maybe, probably, I think, in the
	// languages read.
	hedgeRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:maybe|perhaps|probably|possibly|i\s+think|i\s+guess|i\s+believe|not\s+sure|might\s+be|kanske|troligen|antagligen|tror\s+jag|vielleicht|wahrscheinlich|glaube\s+ich|möglicherweise|может\s+быть|возможно|наверное|вероятно|кажется|мабуть|можливо|напевно|здається|शायद|संभवतः|लगता\s+है|forse|probabilmente|peut-être|peut-etre|probablement|quizás|quizas|quizá|tal\s+vez|probablemente|talvez|provavelmente|misschien|waarschijnlijk|może|chyba)(?:[^\p{L}\p{M}]|$)|也许|大概|たぶん|多分|아마`)
	// retractAfterRE is a value taken back: a marker right after it
	// ("… no wait", "नहीं रुको", "nej vänta", "ні, стоп").
	retractAfterRE = mustPattern(`(?i)^[\s.…,—–-]*(?:no,?\s+wait|wait,?\s+no|actually\s+no|sorry,?\s+no|nej,?\s+vänta|vänta,?\s+nej|nein,?\s+warte|warte,?\s+nein|нет,?\s+(?:стоп|подожди|погоди)|ні,?\s+(?:стоп|чекай|зачекай|стривай)|नहीं,?\s+(?:रुको|रुकिए)|रुको,?\s+नहीं|non,?\s+attends|no,?\s+espera|não,?\s+espera|no,?\s+aspetta|nee,?\s+wacht|nie,?\s+czekaj|不对|等等)`)
	// removeWordRE is a verb of taking away in the languages
	// removeVerbRE does not hold, as a word.
	removeWordRE = mustPattern(`(?i)(?:^|[^\p{L}\p{M}])(?:remove|delete|drop|unset|ta\s+bort|radera|прибер\p{L}*|видал\p{L}*|убер\p{L}*|удали\p{L}*|entfern\p{L}*|lösch\p{L}*|supprim\p{L}*|quita|elimina|rimuov\p{L}*|togli|verwijder\p{L}*|usuń|हटा(?:ओ|एं|ें|ना|या|ए|ो|\s+दो|\s+दें)?|निकाल(?:ो|\s+दो|\s+दें)?)\s*$`)
)

// joinedValues are the settings sentence s tells by their code names
// and values, each in a part of its own (see the file's comment); parts
// that tell none are left.
func joinedValues(s string) []Proposal {
	if questionRE.MatchString(s) || hedgeRE.MatchString(s) || negRE.MatchString(s) || strings.ContainsAny(s, "()[]{}'\"`") {
		// a line of code pasted ("CharField('f', max_length=50,
		// primary_key=True)") tells its arguments, not settings
		return nil
	}
	body := s
	if i := strings.Index(body, ": "); i >= 0 && !strings.ContainsFunc(body[:i], unicode.IsDigit) {
		// "sync_invoices: max_retries 5 …", "tänkte om: …"
		body = body[i+2:]
	}
	var out []Proposal
	for _, part := range joinRE.Split(strings.TrimRight(strings.TrimSpace(body), ".!。"), -1) {
		m := toldPairRE.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			continue
		}
		k, v := m[toldPairRE.SubexpIndex("k")], cleanValue(m[toldPairRE.SubexpIndex("v")])
		if !codeNameRE.MatchString(k) || v == "" {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(k), Name: k, Value: v, Quote: s})
	}
	return out
}

// bareSetValue is the value sentence s puts with a verb of setting and
// no name ("sätt 900"), for the one held setting message text names
// before it (by its whole name or a part only it has).
func bareSetValue(text, s string, ctx *Context) (Proposal, bool) {
	m := bareSetRE.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(s), ".!。"))
	if m == nil || ctx == nil || len(ctx.Values) == 0 {
		return Proposal{}, false
	}
	v := cleanValue(m[bareSetRE.SubexpIndex("v")] + m[bareSetRE.SubexpIndex("v2")])
	before := text
	if i := strings.Index(text, s); i >= 0 {
		before = text[:i]
	}
	var found *HeldValue
	for i := range ctx.Values {
		h := &ctx.Values[i]
		if !namedIn(before, h.Name, ctx.Values) {
			continue
		}
		if found != nil {
			return Proposal{}, false
		}
		found = h
	}
	if found == nil || found.Value == v || !strings.ContainsFunc(found.Value, unicode.IsDigit) {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: found.Key, Name: found.Name, Value: v, Quote: s, Correction: true}, true
}

// namedIn reports whether text names the setting name, whole or by a
// part of its name ("backoff_max" of retry_backoff_max) that no other
// held setting's name holds.
func namedIn(text, name string, vals []HeldValue) bool {
	if nameInClause(text, name) {
		return true
	}
	ln := strings.ToLower(name)
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		if len(w) < 4 || !strings.Contains(w, "_") || !strings.HasSuffix(ln, "_"+w) && !strings.HasPrefix(ln, w+"_") {
			continue
		}
		n := 0
		for _, h := range vals {
			hn := strings.ToLower(h.Name)
			if hn == w || strings.HasSuffix(hn, "_"+w) || strings.HasPrefix(hn, w+"_") {
				n++
			}
		}
		if n == 1 {
			return true
		}
	}
	return false
}

// toldValues adds the values of message text that joinedValues and
// bareSetValue read and the proposals have not, and drops or mends those
// its words do not set (the file's comment).
func toldValues(text string, ctx *Context, out []Proposal) []Proposal {
	has := func(key string) bool {
		return slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindValue && p.Key == key })
	}
	for _, s := range sentences(text) {
		for _, p := range joinedValues(s) {
			if !has(p.Key) && !slices.ContainsFunc(out, func(q Proposal) bool { return q.Kind == KindValue && q.Value == p.Value && q.Quote == s }) {
				out = append(out, p)
			}
		}
		for _, c := range toldClauseRE.Split(s, -1) {
			if p, ok := bareSetValue(text, c, ctx); ok && !has(p.Key) {
				p.Quote = s
				out = append(out, p)
			}
		}
	}
	// Values per environment and labelled switches (placevalues.go).
	return valuesNotSet(text, placeValues(text, out))
}

// valuesNotSet drops the values of message text that are hedged, taken
// back at once or asked to be removed, and reads whole a value cut at an
// "=" of its own.
func valuesNotSet(text string, out []Proposal) []Proposal {
	res := out[:0]
	for _, p := range out {
		if p.Kind != KindValue || p.Op != OpState || p.Value == "" {
			res = append(res, p)
			continue
		}
		at := valueAt(text, p)
		if at < 0 {
			res = append(res, p)
			continue
		}
		end := at + len(p.Value)
		if rest := text[end:]; strings.HasPrefix(rest, "=") && codeNameRE.MatchString(p.Value) && strings.HasSuffix(text[:at], "=") {
			// "ASAN_OPTIONS=detect_leaks=0:halt_on_error=1": the whole
			// option string
			if i := strings.IndexFunc(rest, unicode.IsSpace); i >= 0 {
				rest = rest[:i]
			}
			p.Value = cleanValue(p.Value + rest)
			end = at + len(p.Value)
		}
		clause := valueClause(text, at, end)
		if hedgeRE.MatchString(clause) {
			continue
		}
		if _, fixed := repairedValue(text, p.Value); !fixed && retractAfterRE.MatchString(text[end:]) && !slices.ContainsFunc(out, func(q Proposal) bool {
			return q.Kind == KindValue && q.Key == p.Key && q.Value != p.Value
		}) {
			// taken back, and its repair not read as its setting's
			// (selfrepair.go reads "0.8.3 no wait 0.9.0" and "10 … no
			// wait, 15" as a change)
			continue
		}
		head := text[:at]
		if p.Name != "" {
			if i := strings.LastIndex(strings.ToLower(head), strings.ToLower(p.Name)); i >= 0 && len(head)-i-len(p.Name) <= 2 {
				head = head[:i]
			}
		}
		if removeWordRE.MatchString(head) {
			continue
		}
		res = append(res, p)
	}
	return res
}

// valueAt is where message text states value p: after its name when the
// text names it, else its first place as a token of its own; -1 when the
// text does not hold it.
func valueAt(text string, p Proposal) int {
	from := 0
	if p.Name != "" {
		if i := strings.Index(strings.ToLower(text), strings.ToLower(p.Name)); i >= 0 {
			from = i + len(p.Name)
		}
	}
	re, err := regexp.Compile(`(?:^|[^\p{L}\p{N}_.])(` + regexp.QuoteMeta(p.Value) + `)(?:[^\p{L}\p{N}_]|$)`)
	if err != nil {
		return -1
	}
	if m := re.FindStringSubmatchIndex(text[from:]); m != nil {
		return from + m[2]
	}
	return -1
}

// valueClause is the clause of text holding bytes at to end: up to the
// punctuation that ends a clause on either side.
func valueClause(text string, at, end int) string {
	start := strings.LastIndexAny(text[:at], ",;.!?\n，。；！？—")
	stop := strings.IndexAny(text[end:], ",;!?\n，。；！？—")
	if dot := strings.Index(text[end:], ". "); dot >= 0 && (stop < 0 || dot < stop) {
		stop = dot
	}
	if stop < 0 {
		stop = len(text) - end
	}
	return text[start+1 : end+stop]
}

// yesNoWords answer a question yes or no in the languages read.
var yesNoWords = wordSet("yes no oui non sí si ja nein sim não nao sì да нет так ні ok okay")

// answerByNumberRE is a question answered yes or no by its number: "1
// oui", "3 no", "2: sí".
var answerByNumberRE = mustPattern(`(?i)^[1-9]\s*[-:.)]?\s*(\p{L}+)$`)

// answersByNumberDropped drops from out the values that are answers by
// number to questions asked ("pour tes questions : 1 oui, 3 non", "1 sí,
// 2 no"): a value "1 yes", or a setting named "oui", is no setting.
func answersByNumberDropped(out []Proposal) []Proposal {
	return slices.DeleteFunc(out, func(p Proposal) bool {
		if p.Kind != KindValue {
			return false
		}
		if m := answerByNumberRE.FindStringSubmatch(strings.TrimSpace(p.Value)); m != nil && yesNoWords[strings.ToLower(m[1])] {
			return true
		}
		f := strings.Fields(strings.ToLower(p.Name))
		return len(f) > 0 && yesNoWords[f[len(f)-1]] && answerByNumberRE.MatchString(strings.TrimSpace(p.Value)+" x")
	})
}
