// Matching values: which held value a statement sets, restates or repairs
// (by key, code name, quantity and unit), and masking known secrets.

package projection

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// againRE says a change is made once more: "halve it again", "再减半",
// "又翻倍", "noch einmal".
var againRE = mustPattern(`(?i)\b(?:again|once more|another time|one more time|noch ?einmal|de nuevo|otra vez|encore)\b|再|又|再次`)

// newestValue is the current value set last when it is an unresolved
// change (statedChange), else nil.
func (r *Reducer) newestValue() *Anchor {
	var last *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && (last == nil || a.Seq() > last.Seq()) {
			last = a
		}
	}
	if last == nil || !strings.HasPrefix(last.Value, "unresolved: ") {
		return nil
	}
	return last
}

// namedByValue is the one current value whose value, or its number, the
// sentence s names as a word of its own; nil when none or several.
func (r *Reducer) namedByValue(s string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || a.Value == "" {
			continue
		}
		v := a.Value
		if cur, rest := currencyOf(v); cur != "" {
			// "$60 flat" is named by "60"
			v = rest
		}
		if m := heldNumRE.FindStringSubmatch(v); m != nil {
			v = m[1]
		}
		if tokenAt(s, v, 0) < 0 && tokenAt(s, a.Value, 0) < 0 {
			continue
		}
		if found != nil {
			return nil
		}
		found = a
	}
	return found
}

// restateClauses brings the user's active rules that state the value nu
// replaced, next to a word of its setting ("rollover when a primary shard
// reaches 25gb or after 1 day" after "double the shard size"), up to date:
// each is superseded by itself with the new value in place of the old
// ("… reaches 50gb (was 25gb) or after 1 day"), so no rule shows a value
// since changed as current while what else it says holds.
// valueSet brings what states the value nu replaces up to date: rules
// that state it (restateClauses), the agent's answers that told it
// (outdateAnswers) and the decisions that chose it (decisionvalue.go).
func (r *Reducer) valueSet(nu *Anchor, ref EventRef) {
	r.restateClauses(nu, ref)
	r.outdateAnswers(nu, ref)
	r.outdateDecisions(nu, ref)
}

// numericValueRE is a value that is a number, with a currency before it
// or a unit after it: "6", "1.5 GB", "Rs 40.50", "30%".
var numericValueRE = mustPattern(`(?i)^(?:rs\.?|inr|usd|eur|[$€£¥₹])?\s?[-+~≈]?\d[\d.,]*\s?[\p{L}%/]{0,12}(?:\s\(was .*\))?$`)

func (r *Reducer) restateClauses(nu *Anchor, ref EventRef) {
	if cur := r.hot[slot(KindValue, nu.Key)]; cur != nil && cur != nu && cur.Lifecycle == Current {
		// another value holds the setting: nu is not its value
		return
	}
	if nu.Authority != Normative || nu.Lifecycle != Current ||
		nu.Was == "" || nu.Value == "" || nu.Was == nu.Value || !strings.ContainsAny(nu.Was, "0123456789") {
		return
	}
	name := stems(nu.Name + " " + strings.ReplaceAll(property(nu.Key), "_", " "))
	for _, c := range r.sorted() {
		if c.Kind != KindConstraint || c.Lifecycle != Active || c.Authority != Normative || c.Seq() >= ref.Seq {
			continue
		}
		i := tokenAt(c.Value, nu.Was, 0)
		if i < 0 || tokenAt(c.Value, nu.Was, i+1) >= 0 {
			// Not stated, or stated twice: which one changed is unclear.
			continue
		}
		if n, _ := sharedStems(name, stems(nearWords(c.Value, i, i+len(nu.Was)))); n == 0 || negatedValue(c.Value, nu.Was) {
			// The setting's words are not beside the number ("dont bump
			// fragment-ktx to 1.7" holds no payment timeout), or the rule
			// forbids the number: what it forbids stays forbidden.
			continue
		}
		r.restate(c, c.Value[:i]+nu.Value+" (was "+nu.Was+")"+c.Value[i+len(nu.Was):], kindLetter[KindConstraint]+nu.ID[1:], ref)
	}
}

// restate replaces rule c by a copy of it whose value is value, under id
// (or another of ref's seq when id is taken: a second rule restated by
// the same message), c retired as superseded.
func (r *Reducer) restate(c *Anchor, value, id string, ref EventRef) {
	nc := c.clone()
	nc.ID = id
	for k := 100; r.idTaken(nc.ID); k++ {
		nc.ID = fmt.Sprintf("%s%d.%d", kindLetter[c.Kind], ref.Seq, k)
	}
	nc.Value = value
	nc.addRef(ref)
	// The new value is stated at ref; the rule's sources before it are
	// its lineage.
	nc.Inherited = slices.Index(nc.SourceRefs, ref)
	r.retire(c, Superseded)
	r.hot[slot(nc.Kind, nc.Key)] = nc
}

// idTaken reports whether an anchor in the hot state has id.
func (r *Reducer) idTaken(id string) bool {
	for _, a := range r.hot {
		if a.ID == id {
			return true
		}
	}
	return false
}

// restated reports whether old is already the anchor in lifecycle, and
// then credits it with ref: the proposal restates it.
func restated(old *Anchor, lifecycle string, ref EventRef) bool {
	if old == nil || old.Lifecycle != lifecycle {
		return false
	}
	old.addRef(ref)
	return true
}

func (r *Reducer) noteValue(ev *Event, a *Anchor) {
	if ev.Role == RoleUser || ev.Role == RoleSystem {
		r.lastKey, r.lastName = a.Key, a.Name
	}
}

func entity(key string) string {
	ent, _ := keyParts(key)
	return ent
}

func property(key string) string {
	_, prop := keyParts(key)
	return prop
}

// morePrecise reports whether value key w, a file's setting by its path,
// says more than key h told in words under no file: "limits 1Gi" said,
// then values-prod.yaml's resources.limits.memory written 1Gi, is where
// that limit lives (its file, its environment), not a copy of it. A
// setting of the same name ("timeout 30", then config.py's timeout = 30)
// is the told one.
func morePrecise(h, w string) bool {
	return entity(h) == "-" && entity(w) != "-" && !strings.EqualFold(property(h), property(w))
}

// valueOf is the current value with key, or with its property where one
// of the two names no entity ("timeout" said by the user, config.toml's
// timeout set by an edit).
func (r *Reducer) valueOf(key string) *Anchor {
	return r.valueCoded(key, codeIdent{})
}

// valueCoded is valueOf for a setting the text named as code: a held
// value named as code is found only by its own code name (codename.go).
func (r *Reducer) valueCoded(key string, code codeIdent) *Anchor {
	if a := r.hot[slot(KindValue, key)]; a != nil && a.Lifecycle == Current {
		return a
	}
	ent, prop := entity(key), property(key)
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || !sameProperty(property(a.Key), prop) && !sameSetting(property(a.Key), prop) && !translates(prop, property(a.Key)) && !translates(property(a.Key), prop) && !sameWords(property(a.Key), prop) &&
			!fusedSame(property(a.Key), prop) && !cognateHead(property(a.Key), prop) && !tableRowNamed(a, prop) || r.otherCode(a, code) {
			continue
		}
		if ent == "-" || entity(a.Key) == "-" || sameFile(entity(a.Key), ent) || envFileOf(entity(a.Key), ent) {
			if best == nil || toldFirst(a, best, ent) || !toldFirst(best, a, ent) && newer(a, best) {
				best = a
			}
		}
	}
	return best
}

// sameWords reports whether two keys of two or more words each name the
// same setting in another order or form: one's stems all among the
// other's ("per-gpu batch" and "batch size per gpu").
func sameWords(a, b string) bool {
	sa, sb := stems(strings.ReplaceAll(a, "_", " ")), stems(strings.ReplaceAll(b, "_", " "))
	if len(sa) < 2 || len(sb) < 2 {
		return false
	}
	if len(sa) > len(sb) {
		sa, sb = sb, sa
	}
	return containsAll(sb, sa)
}

// repairValues repairs in place the values a user's message repairs as
// it says them ("116.203.45.17 — sorry no, .71"; selfrepair.go), and
// marks the other values of the message that are only a repair's number
// read again under another name, to be left out.
func (r *Reducer) repairValues(ev *Event, props []Proposal) map[int]bool {
	if ev.Role != RoleUser {
		return nil
	}
	at, fixed := map[int]bool{}, map[string]bool{}
	for i := range props {
		if props[i].Kind != KindValue || props[i].Stated {
			// "a 2 minuti, non 5": the value and the one it replaces,
			// read already (setNotValue), no repair
			continue
		}
		if w, ok := repairedValue(ev.Text, props[i].Value); ok {
			if props[i].Was != "" && leadNumber(w) == leadNumber(props[i].Was) {
				// "3, non 5", "3, no 5", "3, não 5" after the agent
				// proposed 5: the number after "no" is the one the value
				// replaces (notinstead.go), no repair to it
				continue
			}
			props[i].Value = w
			at[i], fixed[strings.ReplaceAll(w, " ", "")] = true, true
		}
	}
	drop := map[int]bool{}
	for i, p := range props {
		if p.Kind == KindValue && !at[i] && fixed[strings.ReplaceAll(p.Value, " ", "")] && repairName(p.Name) {
			drop[i] = true
		}
	}
	return drop
}

// repairName reports whether a value's name opens with words of repair
// ("actually make that"): the name of no setting.
func repairName(name string) bool {
	loc := repairWordRE.FindStringIndex(strings.ReplaceAll(name, "_", " "))
	return loc != nil && loc[1] > 0
}

// sameSettingAs reports whether value a is the setting proposal p
// sets: the value p's key finds, or one sharing a word of its name.
// Settings of two files are two settings (values.yaml's maxReplicas is
// not values-prod.yaml's).
//
// A setting named as code is only its own code name (codename.go).
func (r *Reducer) sameSettingAs(a *Anchor, p *Proposal, code codeIdent) bool {
	if r.valueCoded(p.Key, code) == a {
		return true
	}
	if r.otherCode(a, code) {
		return false
	}
	if ea, ep := entity(a.Key), entity(p.Key); ea != "-" && ep != "-" && !sameFile(ea, ep) && !envFileOf(ea, ep) {
		return false
	}
	n, _ := sharedStems(stems(a.Name+" "+strings.ReplaceAll(property(a.Key), "_", " ")), stems(p.Name+" "+strings.ReplaceAll(property(p.Key), "_", " ")))
	return n > 0
}

// holding is the one current value that is v, or nil when none or
// several are.
func (r *Reducer) holding(v string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && a.Value == v {
			if found != nil {
				return nil
			}
			found = a
		}
	}
	return found
}

// talkedOf reports whether the agent's text names value v's number as a
// word of its own.
func talkedOf(text, v string) bool {
	n := leadNumber(v)
	return n != "" && text != "" && tokenAt(text, n, 0) >= 0
}

// heldPath is the key of the one current setting of the same file whose
// path ends in key's setting ("value/f.yaml/jobs.bench.timeout-minutes"
// for an edit's "value/f.yaml/timeout-minutes"), "" when none. Of
// several, it is the one that held was, the value the edit replaced
// ("default = \"db.r6g.large\"" of var.instance_class, not of
// var.backup_retention_period), "" when not one did.
func (r *Reducer) heldPath(key, was string) string {
	at := strings.LastIndexByte(key, '/')
	if at < 0 {
		return ""
	}
	dir, leaf := key[:at+1], key[at+1:]
	var found []*Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && strings.HasPrefix(a.Key, dir) && strings.HasSuffix(a.Key, "."+leaf) && !strings.Contains(a.Key[len(dir):], "/") {
			found = append(found, a)
		}
	}
	if len(found) == 1 {
		return found[0].Key
	}
	k := ""
	for _, a := range found {
		if was != "" && a.Value == was {
			if k != "" && k != a.Key {
				return ""
			}
			k = a.Key
		}
	}
	return k
}

// holdingNumber is the one current value that is number n in a unit
// ("50 points" for "50"), nil when none or several are.
func (r *Reducer) holdingNumber(n string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && a.Value != n && leadNumber(a.Value) == n {
			if found != nil {
				return nil
			}
			found = a
		}
	}
	return found
}

// unitWords are the units a quantity is written in, each in one form.
var unitWords = map[string]string{"s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s", "ms": "ms", "millisecond": "ms",
	"milliseconds": "ms", "m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min", "h": "h", "hr": "h", "hrs": "h",
	"hour": "h", "hours": "h", "d": "d", "day": "d", "days": "d", "%": "%", "percent": "%", "kb": "kb", "mb": "mb", "gb": "gb"}

// sameQuantity reports whether a and b are one number in one unit
// written two ways ("45s" and "45 seconds"), or one span of time in two
// units ("2 分", "120s"); a number alone matches it in any unit.
func sameQuantity(a, b string) bool {
	ma, mb := heldNumRE.FindStringSubmatch(strings.TrimSpace(a)), heldNumRE.FindStringSubmatch(strings.TrimSpace(b))
	if ma == nil || mb == nil {
		return false
	}
	if ma[1] != mb[1] {
		// "2 分" and "120s": one span in two units (spanunits.go)
		return sameSpan(a, b)
	}
	ua, ub := strings.ToLower(ma[3]), strings.ToLower(mb[3])
	if ua == "" || ub == "" {
		return true
	}
	na, oka := unitWords[ua]
	nb, okb := unitWords[ub]
	return oka && okb && na == nb
}

// countedTail is the words after the number value v opens with, when
// they count a thing ("rows per file" of "50,000 rows per file"); "".
func countedTail(v string) string {
	m := heldNumRE.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil || len(strings.Fields(m[3])) < 2 {
		return ""
	}
	return strings.ToLower(m[3])
}

// pctRE is a percentage: "30%", "30 %".
var pctRE = mustPattern(`\d\s?%`)

// leadNumber is the number value v opens with ("15" of "15 points"),
// else v itself.
func leadNumber(v string) string {
	if m := heldNumRE.FindStringSubmatch(strings.TrimSpace(v)); m != nil {
		return m[1]
	}
	return v
}

// sameProperty: equal, or one is the other with a qualifier
// ("request_timeout" and "timeout").
func sameProperty(a, b string) bool {
	a, b = sameMeasure(a), sameMeasure(b)
	return a == b || strings.HasSuffix(a, "_"+b) || strings.HasSuffix(b, "_"+a) || measureOf(a, b) || measureOf(b, a)
}

// bareNumberRE is a value that is a number alone.
var bareNumberRE = mustPattern(`^\d+(?:[.,]\d+)?$`)

// insteadOfRE is what a switch drops: "… instead of format_timestamp".
// switchWhatRE is the thing an agent's switch names before its new
// value: "switching region to eu-west-1", "I'll switch the cache to
// redis".
var switchWhatRE = mustPattern(`(?i)\bswitch(?:ing|ed)?\s+(?:the\s+|our\s+|its\s+|their\s+)?([\w\-./]+(?:\s+[\w\-./]+)?)\s+(?:over\s+)?(?:to|from)\b`)

var insteadOfRE = mustPattern(`(?i)\b(?:instead of|rather than|in place of)\s+(\S+(?:\s+\S+)?)`)

// sameMeasure is key property p with its last word in the one form of
// its synonyms: "ttl", "lifetime" and "expiration" are an "expiry".
func sameMeasure(p string) string {
	i := strings.LastIndex(p, "_") + 1
	if w, ok := measureSynonyms[p[i:]]; ok {
		return p[:i] + w
	}
	return p
}

var measureSynonyms = map[string]string{"ttl": "expiry", "lifetime": "expiry", "expiration": "expiry", "expiration_time": "expiry", "validity": "expiry"}

// measureOf reports whether key a is thing b with the word of its measure
// after it: "polling" says "polling_interval", "pool" "pool_size".
func measureOf(a, b string) bool {
	rest, ok := strings.CutPrefix(a, b+"_")
	if !ok && len(b) > 3 && strings.HasSuffix(b, "s") && !strings.HasSuffix(b, "ss") {
		// "holds" say "hold_expiry"
		rest, ok = strings.CutPrefix(a, strings.TrimSuffix(b, "s")+"_")
	}
	return ok && measureWords[rest]
}

// measureWords name what a setting measures of the thing before them.
var measureWords = map[string]bool{"interval": true, "period": true, "frequency": true, "size": true, "count": true, "limit": true,
	"rate": true, "delay": true, "timeout": true, "duration": true, "window": true, "threshold": true, "level": true, "cap": true, "max": true,
	"expiry": true, "ttl": true, "lifetime": true}

// valueNamedBy is the current value a reference "same as x" points to:
// one whose name holds x, the one sharing the most stems with the
// setting name among several; nil when none does.
func (r *Reducer) valueNamedBy(x, name string) *Anchor {
	lx := strings.ToLower(strings.TrimRight(strings.TrimSpace(x), ".,;:!?。"))
	if lx == "" {
		return nil
	}
	ns := stems(name)
	var best *Anchor
	bestN := -1
	for _, a := range r.sorted() {
		if a.Kind != KindValue || !a.IsHead() || a.Lifecycle != Current || !strings.Contains(strings.ToLower(a.Name+" "+a.Key), lx) {
			continue
		}
		n, _ := sharedStems(ns, stems(a.Name))
		if n > bestN || n == bestN && newer(a, best) {
			best, bestN = a, n
		}
	}
	return best
}

// pathSaidFor is the file path the user gave in an earlier clause that
// shares two stems with task v ("reindex 的操作文档 docs/reindex.md" for
// "写 reindex 的文档"), the newest such; "" when none does.
func (r *Reducer) pathSaidFor(v string) string {
	vs := stems(v)
	for i := len(r.said) - 1; i >= 0; i-- {
		for _, c := range pathClauseRE.Split(r.said[i], -1) {
			m := pathRE.FindStringSubmatch(c)
			if m == nil || strings.Contains(v, c) {
				continue
			}
			if n, _ := sharedStems(vs, stems(pathRE.ReplaceAllString(c, " "))); n >= 2 {
				return m[1]
			}
		}
	}
	return ""
}

// pathClauseRE separates the clauses pathSaidFor reads.
var pathClauseRE = mustPattern(`[，,。；;\n]|\.\s`)

// maxSecrets bounds the secrets a reducer masks.
const maxSecrets = 16

// maskKnown is p with every secret the reducer has seen masked in its
// key, name, value, quote and error line.
func (r *Reducer) maskKnown(p *Proposal) *Proposal {
	var cp *Proposal
	for _, sec := range r.secrets {
		if ls := slug(sec); !strings.Contains(p.Key+p.Name+p.Value+p.Quote+p.Because, sec) && !strings.Contains(p.Key, strings.ToLower(sec)[:min(8, len(sec))]) && (ls == "" || !strings.Contains(p.Key, ls[:min(8, len(ls))])) {
			continue
		}
		if cp == nil {
			c := *p
			cp = &c
		}
		m := masked(sec)
		// a key is a slug of the text: the secret in lower case there
		cp.Key = maskSlug(maskSlug(strings.ReplaceAll(cp.Key, sec, m), strings.ToLower(sec)), slug(sec))
		cp.Name = strings.ReplaceAll(cp.Name, sec, m)
		cp.Value, cp.Quote, cp.Because = strings.ReplaceAll(cp.Value, sec, m), strings.ReplaceAll(cp.Quote, sec, m), strings.ReplaceAll(cp.Because, sec, m)
	}
	if cp == nil {
		return p
	}
	return cp
}

// maskSlug replaces in key each run that starts a lower-cased secret (a
// slug cuts it short) with "secret".
func maskSlug(key, low string) string {
	if low == "" {
		return key
	}
	head := low[:min(8, len(low))]
	for {
		i := strings.Index(key, head)
		if i < 0 {
			return key
		}
		n := len(head)
		for n < len(low) && i+n < len(key) && key[i+n] == low[n] {
			n++
		}
		key = key[:i] + "secret" + key[i+n:]
	}
}

// namesSetting reports whether quote q names the setting of name or key
// (a word of either, three letters or more).
func namesSetting(q, name, key string) bool {
	lq := strings.ToLower(q)
	for _, w := range strings.FieldsFunc(strings.ToLower(name+" "+property(key)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) >= 3 && !stopwords[w] && strings.Contains(lq, w) {
			return true
		}
	}
	return false
}

// newestHolding is the current value holding v set last, or nil.
func (r *Reducer) newestHolding(v string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && a.Value == v && (found == nil || newer(a, found)) {
			found = a
		}
	}
	return found
}
