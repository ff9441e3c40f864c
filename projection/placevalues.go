package projection

import (
	"slices"
	"strings"
)

// Values the user gives per environment, and a setting switched from
// one value to another under a label, in the words of any language the
// projection reads.
//
//   - "en staging CONN_MAX_AGE tiene que ser 0 (pgbouncer en modo
//     transaction), en prod se queda en 60", "in staging CONN_MAX_AGE is
//     0 and in prod 60", "staging 用 0，prod 用 60": one value for each
//     environment, the environment the value's entity
//     ("value/staging/conn_max_age"), as envValues keys "… 0 in staging
//     and 60 in prod" (placeFirstValues). An environment is a word of
//     envWordRE; two at least, each with a number, the first with the
//     setting's name: a name as code writes it, or the prose before
//     the first environment ("memory limit: staging 256Mi, prod 512Mi",
//     "timeout en dev 5s y en prod 30s"), or a Chinese name after the
//     first number ("staging 用 2 个副本，prod 用 4 个"); a sentence that
//     says so is no rule about behaviour.
//   - "y el result backend: pasa de redis a django-db", "the result
//     backend: switch from redis to django-db": the labelled setting,
//     its new value and the one it replaces (labelSwitch).

// envWordRE is the name of an environment a setting may differ in.
const envWordRE = `(?:staging|stage|stg|prod|production|producción|produccion|produktion|produzione|produção|producao|preprod|pre-prod|dev|development|desarrollo|développement|entwicklung|sviluppo|desenvolvimento|qa|uat|test|testing|local|sandbox|canary|ci)`

// bareEnvWordRE is the name of an environment that says it is one with
// no word before it, when a number follows ("staging 256Mi, prod
// 512Mi"): "test 2", "stage 1", "local 3" count other things.
const bareEnvWordRE = `(?:staging|stg|prod|production|preprod|pre-prod|dev|development|qa|uat|sandbox|canary)`

var (
	// placeMarkRE marks the start of what a sentence says of one
	// environment: "en staging", "in prod", "auf staging", "для prod",
	// "staging 用", "prod 上", "本番では", or a bare name before its
	// number, "staging 256Mi" (group n is the number's first digit).
	placeMarkRE = mustPattern(`(?i)(?:^|[^\p{L}\d_])(?:(?:in|on|for|en|em|im|auf|pour|per|su|na|w|в|на|для|dans|nel|no)\s+(?:the\s+|el\s+|la\s+|le\s+|der\s+|die\s+|il\s+|o\s+)?(?P<e>` + envWordRE + `)\b|(?P<z>` + envWordRE + `)\s*(?:用|上|里|环境|是|では|は)|(?P<b>` + bareEnvWordRE + `)\s*[:=]?\s*(?P<n>\d))`)
	// placeNameRE is a setting's name as code writes it.
	placeNameRE = mustPattern(`\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b`)
	// placeNumRE is the number a place gives: digits, a unit after.
	placeNumRE = mustPattern(`(?:^|[^\p{L}\d_.])(?P<v>[+-]?\d[\d.,_]*(?:\s?(?:ms|s|sec|min|h|d|kb|mb|gb|[KMGT]i?B|[KMGT]i|m|%))?)(?:[^\p{L}\d_]|$)`)
	// placeHanNameRE is a Chinese setting's name after its number and
	// counter: "staging 用 2 个副本" (副本).
	placeHanNameRE = mustPattern(`^\s*(?:个|台|份|条|核|次)?\s*(?P<h>\p{Han}{1,4})`)
	// placeLeadRE are the words before a setting named in prose: "set
	// the", "make the", "pon el".
	placeLeadRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|please|set|make|use|change|put|configure|pon|poner|configura|usa|setze|mach|mets|the|el|la|los|las|der|die|das|le|les|il)\s+)+`)
	// labelSwitchRE is a labelled setting switched from one value to
	// another: "el result backend: pasa de redis a django-db".
	labelSwitchRE = mustPattern(`(?i)^(?:(?:and|y|et|und|e|also|además|aussi|auch)\s+)?(?:(?:the|el|la|los|le|les|der|die|das|il|lo|o|a)\s+)?(?P<k>[\p{L}\w.\-]+(?:\s+[\p{L}\w.\-]+){0,3})\s*:\s*(?:[\p{L}\-]+\s+){0,2}?(?:from|de|desde|von|da|van|от|з)\s+(?P<was>[\w.\-:/@]+)\s+(?:to|a|à|auf|zu|para|pra|naar|na|на|до)\s+(?P<v>[\w.\-:/@]+?)\s*[.!。]?$`)
)

// placeFirstValues are the values sentence s gives per environment,
// each environment named before its value (the file's comment); nil
// when it names fewer than two, or one gives no number.
func placeFirstValues(s string) []Proposal {
	marks := placeMarkRE.FindAllStringSubmatchIndex(s, 6)
	if len(marks) < 2 || questionRE.MatchString(s) || hedgeRE.MatchString(s) {
		return nil
	}
	var out []Proposal
	name := ""
	seen := map[string]bool{}
	for i, m := range marks {
		e := ""
		for _, g := range []string{"e", "z", "b"} {
			if at := placeMarkRE.SubexpIndex(g); m[2*at] >= 0 {
				e = strings.ToLower(s[m[2*at]:m[2*at+1]])
			}
		}
		// a bare environment's mark ends before the digit it reads
		// ("staging 256Mi"): the digit is the value's
		mEnd := m[1]
		if at := placeMarkRE.SubexpIndex("n"); m[2*at] >= 0 {
			mEnd = m[2*at]
		}
		end := len(s)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		seg := s[mEnd:end]
		if j := strings.Index(seg, ". "); j >= 0 {
			seg = seg[:j]
		}
		// what a parenthesis says is a reason, not the value
		seg = parenRE.ReplaceAllString(seg, " ")
		from := 0
		if loc := placeNameRE.FindStringIndex(seg); loc != nil {
			if name != "" && !strings.EqualFold(name, seg[loc[0]:loc[1]]) {
				// two settings: each place names its own, read by
				// the other readings
				return nil
			}
			name, from = seg[loc[0]:loc[1]], loc[1]
		} else if ns := placeNameRE.FindAllString(s[:m[0]], -1); i == 0 && len(ns) > 0 {
			// "CONN_MAX_AGE：staging 用 0，prod 用 60": named before
			name = ns[len(ns)-1]
		} else if i == 0 {
			// "memory limit: staging 256Mi, prod 512Mi", "timeout en
			// dev 5s y en prod 30s": named in prose before
			name = placeProseName(s[:m[0]])
		}
		v := placeNumRE.FindStringSubmatchIndex(seg[from:])
		if v != nil && name == "" && i == 0 {
			// "staging 用 2 个副本，prod 用 4 个": named after the number
			if h := placeHanNameRE.FindStringSubmatch(seg[from+v[3]:]); h != nil {
				name = h[1]
			}
		}
		if name == "" || v == nil || seen[e] || len(strings.Fields(seg[from:from+v[2]])) > 5 {
			return nil
		}
		seen[e] = true
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + e + "/" + strings.ToLower(strings.Join(strings.Fields(name), "_")), Name: name + " (" + e + ")", Value: cleanValue(seg[from+v[2] : from+v[3]]), Quote: s})
	}
	return out
}

// placeProseName is the setting named in prose by head, the words of a
// sentence before its first environment ("memory limit:", "Set the
// timeout"): one to three words of letters after the leading verb and
// article, or "" when head is none such.
func placeProseName(head string) string {
	head = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(head), ":：=-—–,"))
	head = strings.TrimSpace(placeLeadRE.ReplaceAllString(head, ""))
	f := strings.Fields(head)
	if len(f) == 0 || len(f) > 3 {
		return ""
	}
	for _, w := range f {
		if !placeNameWordRE.MatchString(w) || stopwords[strings.ToLower(w)] && len(f) == 1 {
			return ""
		}
	}
	if labelWords[strings.ToLower(f[0])] || envNames[strings.ToLower(f[len(f)-1])] != "" {
		return ""
	}
	return head
}

// placeNameWordRE is a word of a setting's name in prose: letters, maybe
// joined by a hyphen or a dot.
var placeNameWordRE = mustPattern(`^\p{L}[\p{L}\d]*(?:[-.]\p{L}[\p{L}\d]*)*$`)

// labelClauseRE ends a clause a labelled switch may fill: a comma, a
// semicolon, or a period that the sentence reader did not split at
// ("… en 60. y el result backend: …").
var labelClauseRE = mustPattern(`\s*[,;，；]\s*|\.\s+`)

// labelSwitch is the setting sentence s labels and switches from one
// value to another ("y el result backend: pasa de redis a django-db").
func labelSwitch(s string) (Proposal, bool) {
	// "… a django-db (django_celery_results)": the aside is no value
	m := labelSwitchRE.FindStringSubmatch(strings.TrimSpace(parenRE.ReplaceAllString(s, "")))
	if m == nil {
		return Proposal{}, false
	}
	k := strings.TrimSpace(m[labelSwitchRE.SubexpIndex("k")])
	was, v := cleanValue(m[labelSwitchRE.SubexpIndex("was")]), cleanValue(m[labelSwitchRE.SubexpIndex("v")])
	f := strings.Fields(strings.ToLower(k))
	if len(f) == 0 || stopwords[f[0]] || len(f) == 1 && labelWords[f[0]] || v == "" || was == "" || strings.EqualFold(v, was) {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.Join(f, "_"), Name: k, Value: v, Was: was, Quote: s, Correction: true}, true
}

// placeValues adds to out the values of the sentences of message text
// that give them per environment or switch a labelled setting, in place
// of what other readings made of those sentences: a rule ("tiene que
// ser 0"), or a value named by a word of the sentence.
func placeValues(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		var got []Proposal
		for _, c := range labelClauseRE.Split(s, -1) {
			if p, ok := labelSwitch(c); ok {
				got = append(got, p)
			}
		}
		if pv := placeFirstValues(s); pv != nil {
			got = append(got, pv...)
		}
		if len(got) == 0 {
			continue
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Op == OpState && (p.Kind == KindValue || p.Kind == KindConstraint) && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		})
		out = append(out, got...)
	}
	return out
}
