package projection

import (
	"strings"
	"unicode"
)

// A rule lifted by a permission for what it forbids.
//
// "OK, you can touch audit_log now" after "Don't touch the audit_log
// table", "you can restart ingress-nginx now" after "don't restart the
// ingress controller", "现在可以重启了" after "别重启 ingress controller":
// a permission said with "now" or "again" and no condition (liftShape)
// gives an action and, most often, an object. It lifts the active
// prohibition of that action on that object, and no other:
//
//   - the action is the rule's verb ("restart", "重启"), or a verb of
//     working on a thing ("touch", "edit", "动", "改") where the rule keeps
//     the agent's hands off ("don't touch", "leave … alone", "别动");
//   - the object is the rule's: when the rule names its thing by an
//     identifier ("audit_log", "src/legacy/", "clock.c"), the permission
//     names that identifier; when the rule names it in plain words ("the
//     ingress controller"), every word of the permission's object is one
//     of the rule's, or a name one of whose parts is ("ingress-nginx");
//   - with no object ("可以重启了", "you can deploy now"), the action
//     names the rule when one active prohibition alone has it.
//
// "you can touch the billing table now" lifts nothing of "don't touch
// the audit_log table", nor "you can touch audit_log_archive now", and
// "you can restart the redis pods now" nothing of the ingress rule. A
// permission under a condition not yet met ("you can touch audit_log
// after the review", "… once QA signs off", "… if the backup is done")
// is no lift: liftShape wants "now" or "again" and no "if", "when",
// "only"; the rule stays in force as said until the user frees it.

var (
	// permitActRE is a permission given with its action and object: "you
	// can touch audit_log now", "you may now restart the controller".
	permitActRE = mustPattern(`(?i)\b(?:you|u)(?:'re|\s+are)?\s+(?:can|may|(?:are\s+)?free to|(?:are\s+)?allowed to)\s+(?:now\s+|go ahead and\s+|also\s+|finally\s+)?(?P<v>[a-z]+)(?:\s+(?P<o>[^,.;:!?—–()]{1,60}?))?\s*(?:\b(?:now|again|any ?more|after all|from now on|today)\b|[,.;:!?—–(]|$)`)
	// zhPermitActRE is the Chinese one: "现在可以动 audit_log 了", "可以重启了".
	zhPermitActRE = mustPattern(`(?:可以|能)(?P<v>` + zhWorkVerbs + `)\s*(?P<o>[^，,。；;！!？?了]{0,40}?)\s*了`)
	// handsOffRE is a rule that keeps the agent's hands off a thing.
	handsOffRE = mustPattern(`(?i)\b(?:touch|edit|modify|change|alter|write|leave\b.{1,60}\balone|hands off|off[- ]limits|read-only|readonly|frozen|stay (?:away|out)|keep (?:away|out))\b|别动|别碰|别改|不要动|不要碰|不要改|不许动|不许碰|不许改|只读|冻结`)
)

// zhWorkVerbs are the Chinese verbs of an operation a permission or a
// prohibition names.
const zhWorkVerbs = `重启|删除|删|部署|发布|发版|推|合并|升级|降级|回滚|执行|跑|运行|提交|上线|下线|修改|改|动|碰|用|加|装|写|迁移|上传|导入|导出`

// accessVerbs are the verbs of working on a thing: a permission with one
// frees a thing a hands-off rule keeps (handsOffRE).
var accessVerbs = map[string]bool{"touch": true, "edit": true, "change": true, "modify": true, "alter": true, "update": true, "write": true, "work": true,
	"动": true, "碰": true, "改": true, "修改": true}

// notActs are words after "you can" that name no action on a thing.
var notActs = map[string]bool{"go": true, "do": true, "be": true, "have": true, "get": true, "proceed": true, "continue": true, "start": true, "stop": true,
	"now": true, "also": true, "still": true, "just": true, "see": true, "check": true, "try": true, "ask": true, "tell": true, "keep": true}

// readVerbs only look at a thing.
var readVerbs = map[string]bool{"read": true, "view": true, "inspect": true, "query": true, "look": true, "see": true, "browse": true, "list": true, "describe": true, "cat": true, "grep": true, "select": true}

// pronounObjs name a thing by a pronoun: the rule meant is the one just
// talked about, which other readings find.
var pronounObjs = map[string]bool{"it": true, "that": true, "this": true, "them": true, "those": true, "these": true, "它": true, "这个": true, "那个": true}

// permitAct is the action and object of permission q ("touch",
// "audit_log"; "重启", ""), ok false when q gives none, or names its
// thing by a pronoun.
func permitAct(q string) (verb, obj string, ok bool) {
	end := 0
	if m := permitActRE.FindStringSubmatchIndex(q); m != nil {
		verb, obj = strings.ToLower(q[m[2]:m[3]]), ""
		if m[4] >= 0 {
			obj = strings.TrimSpace(q[m[4]:m[5]])
		}
		if notActs[verb] || stopwords[verb] {
			return "", "", false
		}
		end = m[1]
	} else if m := zhPermitActRE.FindStringSubmatchIndex(q); m != nil {
		verb, obj, end = q[m[2]:m[3]], strings.TrimSpace(q[m[4]:m[5]]), m[1]
	} else {
		return "", "", false
	}
	if rest := q[end:]; permitShapeRE.MatchString(rest) || liftRE.MatchString(rest) {
		// "you can touch legacy/ now, and feel free to add dependencies":
		// two permissions, each read on its own
		return "", "", false
	}
	if pronounObjs[strings.ToLower(obj)] {
		return "", "", false
	}
	return verb, obj, true
}

// permitNamed is the active prohibition stated before seq that
// permission q names by its action and object (see above), nil when it
// names none; parsed is false when q gives no action, and other readings
// decide.
func (r *Reducer) permitNamed(q string, seq int) (c *Anchor, parsed bool) {
	verb, obj, ok := permitAct(q)
	if !ok {
		return nil, false
	}
	var found []*Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq {
			continue
		}
		if verbNamed(verb, a.Value) && (obj == "" || objectNamed(obj, a.Value)) {
			found = append(found, a)
		}
	}
	if len(found) == 0 || obj == "" && len(found) > 1 {
		// no object: the action names a rule only when one has it
		return nil, true
	}
	c = found[0]
	for _, a := range found[1:] {
		if newer(a, c) {
			c = a
		}
	}
	return c, true
}

// verbNamed reports whether rule v forbids the action verb: its own verb,
// or a verb of working on a thing a hands-off rule keeps.
func verbNamed(verb, v string) bool {
	if strings.ContainsFunc(verb, isCJK) {
		return strings.Contains(v, verb) || accessVerbs[verb] && handsOffRE.MatchString(v)
	}
	return stems(v)[stem(verb)] || accessVerbs[verb] && handsOffRE.MatchString(v)
}

// objectNamed reports whether object o of a permission is the thing rule
// v forbids it for: the rule's identifier or a folder holding it, or, when the rule names its
// thing in plain words, only words of the rule (a name counts by any of
// its parts).
func objectNamed(o, v string) bool {
	ids := identifiers(v)
	words := objectWords(o)
	if len(words) == 0 {
		return false
	}
	if len(ids) > 0 {
		for _, w := range words {
			for _, id := range ids {
				if w == id || strings.HasSuffix(id, "/"+w) || strings.HasSuffix(w, "/"+id) || strings.TrimSuffix(w, "/") == strings.TrimSuffix(id, "/") {
					return true
				}
				if strings.Contains(w, "/") && strings.HasPrefix(id, strings.TrimSuffix(w, "/")+"/") {
					// "any file in data/splits" holds the rule's
					// "data/splits/*.csv"
					return true
				}
			}
		}
		return false
	}
	vs := stems(v)
	for _, w := range words {
		if strings.ContainsFunc(w, isCJK) {
			if !strings.Contains(v, w) {
				return false
			}
			continue
		}
		if vs[stem(w)] {
			continue
		}
		if identifier(w) && func() bool {
			for p := range stems(w) {
				if vs[p] {
					return true
				}
			}
			return false
		}() {
			continue
		}
		return false
	}
	return true
}

// objectWords are the content words of a permission's object, lower
// case: Latin words without the stopwords, and the Han runs.
func objectWords(o string) []string {
	var out []string
	for _, f := range strings.Fields(o) {
		w := strings.ToLower(strings.Trim(f, "`'\"“”‘’*,.;:()[]"))
		if w == "" || stopwords[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// identifiers are the words of rule v that name a thing by an
// identifier (a separator or a digit inside: "audit_log", "src/legacy/",
// "clock.c", "v2"), lower case.
func identifiers(v string) []string {
	var out []string
	for _, f := range strings.Fields(v) {
		w := strings.ToLower(strings.Trim(f, "`'\"“”‘’*,.;:()[]!?。，"))
		if identifier(w) {
			out = append(out, w)
		}
	}
	return out
}

// identifier reports whether w is one: a Latin word with a separator
// ("_", ".", "/", "-") or a digit between its letters.
func identifier(w string) bool {
	if len(w) < 3 || strings.ContainsFunc(w, isCJK) {
		return false
	}
	inner := w[1 : len(w)-1]
	return strings.ContainsAny(inner, "_./-") || strings.HasSuffix(w, "/") || strings.ContainsFunc(w, unicode.IsLetter) && strings.ContainsFunc(w, unicode.IsDigit)
}

// permitLift lifts the rule permission p names by its action and object
// (see above) and reports whether it did.
func (r *Reducer) permitLift(p *Proposal, ref EventRef) bool {
	c, _ := r.permitNamed(p.Quote, ref.Seq)
	if c == nil {
		return false
	}
	c.Lifecycle = Lifted
	c.Because = p.Quote
	c.addRef(ref)
	r.liftSiblings(c, p.Quote, ref)
	r.liftSameNo(c, p.Quote, ref)
	return true
}

// permitsOther reports whether permission q is for another thing than
// the one rule v forbids it for, though they share words: the
// permission names an identifier where the rule names others ("you can
// touch audit_log_archive now" of "don't touch the audit_log table"), or
// a thing of the rule's kind by other words ("the billing table", "the
// staging database" of "the audit_log table", "the prod database": the
// head noun the rule's, a word before it not).
func permitsOther(q, v string) bool {
	verb, obj, ok := permitAct(q)
	if ok && readVerbs[verb] && !stems(v)[stem(verb)] {
		// "you can read audit_log now": reading was never forbidden
		return true
	}
	if !ok || obj == "" || strings.ContainsFunc(obj, isCJK) {
		return false
	}
	words := objectWords(obj)
	if len(words) == 0 {
		return false
	}
	if ids := identifiers(v); len(ids) > 0 {
		named, other := false, false
		for _, w := range words {
			if !identifier(w) {
				continue
			}
			if objectNamed(w, v) {
				named = true
			} else {
				other = true
			}
		}
		if other && !named {
			return true
		}
	}
	vs := stems(v)
	if !vs[stem(words[len(words)-1])] || len(words) < 2 {
		return false
	}
	for _, w := range words[:len(words)-1] {
		if !vs[stem(w)] && !(identifier(w) && objectNamed(w, v)) {
			return true
		}
	}
	return false
}
