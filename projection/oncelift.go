package projection

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// A lift said for one case only is an exception to the rule, not its lift.
//
// "core-network 那个限制这次放开一下：AuthInterceptor 可以改，就只改这一个
// 文件" (the core-network rule is relaxed this once: AuthInterceptor may
// change, only this one file) keeps the rule in force for everything else:
// the rule is restated with the exception, and a later whole lift ("core-
// network 的限制取消吧") lifts the rule and its exception together. The
// clause saying what the once frees ("AuthInterceptor 可以改，就只改这一个
// 文件", "you can edit AuthInterceptor, only this file") is the
// exception's own words, no rule of its own.
//
// A rule said again in words that say it still holds ("lock 禁止はまだ生き
// てるよ", "that rule still stands", "规则还在") is the same rule, refreshed
// (reduceapply.go, Restates); with its exception named ("例外は tokio だけ",
// "the only exception is tokio") it is restated with it.

// onceRE limits a lift to one time or one thing, in the languages the
// lexicons cover: "just this once", "only this file", "这次", "就只",
// "今回だけ", "このファイルだけ", "nur dieses Mal", "только в этот раз".
var onceRE = mustPattern(`(?i)\bjust (?:this|for) once\b|\b(?:only|just) (?:this|that) (?:once|time|one time)\b|\bthis (?:one )?time only\b|\bfor this once\b|\bas a one-off\b|\b(?:only|just) (?:this|that|the one|one) (?:file|class|function|module|test|case|change|place)\b|\bjust for\b|\bexceptionally\b|这次|这一次|仅此一次|就这一次|只此一次|就只|仅限|下不为例|破例|今回だけ|今回に限り|今回限り|一回だけ|特別に|この(?:ファイル|クラス|関数|件|一件|モジュール)だけ|\bnur (?:dieses|das) (?:eine )?Mal\b|\bausnahmsweise\b|\beinmalig\b|\bnur (?:diese|für diese|für die) (?:eine )?Datei\b|только в этот раз|только этот раз|только на этот раз|в виде исключения|только (?:этот|этого|в этом) файл\p{L}*|\bsolo (?:esta|questa) (?:vez|volta)\b|\bsólo esta vez\b|\bpor esta vez\b|\bper questa volta\b|\b(?:juste|seulement) (?:cette|pour cette) fois\b|\bpour cette fois\b|\bsó (?:desta|esta) vez\b|\b(?:alleen |enkel )?deze (?:ene )?keer\b|\beenmalig\b|\bbij wijze van uitzondering\b|\b(?:bara |endast )?den här gången\b|\bundantagsvis\b|\b(?:solo |soltanto )?(?:stavolta|per stavolta|questa volta)\b|\beccezionalmente\b|\bexceptionnellement\b|\bexcepcionalmente\b|\bsó dessa vez\b|(?:тільки|лише) цього разу|цього разу|이번만|이번 한 번만`)

// forGoodRE says a lift holds from now on: no once about it ("这次彻底
// 取消", "this time for good").
var forGoodRE = mustPattern(`(?i)\bfor good\b|\bpermanently\b|\bfrom now on\b|\bgoing forward\b|彻底|永久|以后|从此|今後|これから|ずっと|\bfür immer\b|\bab jetzt\b|навсегда|впредь`)

// onceLift reports whether lift quote q frees its rule for one time or one
// thing only.
func onceLift(q string) bool {
	return onceRE.MatchString(q) && !forGoodRE.MatchString(q) && !questionRE.MatchString(strings.TrimSpace(q))
}

// onceLifts joins to each lift of a user message that is said for once
// the clause beside it that says what it frees ("…这次放开一下：
// AuthInterceptor 可以改，就只改这一个文件"): the lift's quote grows to take
// it in, and the clause proposes nothing of its own (neither a rule nor an
// exception the reducer would read apart from the lift).
func onceLifts(text string, out []Proposal) []Proposal {
	for i := range out {
		p := &out[i]
		if p.Op != OpLift || p.Kind != KindConstraint {
			continue
		}
		start := strings.Index(text, p.Quote)
		if start < 0 {
			continue
		}
		end := start + len(p.Quote)
		for j := range out {
			q := &out[j]
			if j == i || q.Kind != KindConstraint || q.Op != OpState && q.Op != OpExcept || q.Quote == "" {
				continue
			}
			k := strings.Index(text[end:], q.Quote)
			if k < 0 || strings.TrimLeft(text[end:end+k], " \t:：,，;；—–-") != "" {
				// not the clause right after the lift
				continue
			}
			joined := text[start : end+k+len(q.Quote)]
			if !onceLift(joined) || !onceRE.MatchString(q.Quote) && !onceLift(p.Quote) {
				continue
			}
			p.Quote, p.Value = joined, joined
			if q.Op == OpExcept && p.Because == "" {
				// the thing the exception frees ("AuthInterceptor")
				p.Because = q.Value
			}
			q.Op = ""
			end = start + len(joined)
		}
	}
	kept := out[:0]
	for _, p := range out {
		if p.Op != "" {
			kept = append(kept, p)
		}
	}
	return kept
}

// ruleStillRE says a rule is still in force: "that rule still stands",
// "lock 禁止はまだ生きてるよ", "规则还在", "die Regel gilt noch", "правило
// всё ещё в силе".
var ruleStillRE = mustPattern(`(?i)\bstill (?:stands|holds|applies|in (?:force|effect|place))\b|\b(?:is|are|'s) still (?:on|active|valid|live|alive|in (?:force|effect|place))\b|\bremains? in (?:force|effect|place)\b|\bstays? in (?:force|effect|place)\b|还在|仍在|依然在|还有效|仍有效|还作数|仍然作数|还算数|まだ生きて|まだ有効|まだ続いて|引き続き有効|継続中|\bgilt (?:immer )?noch\b|\b(?:ist|bleibt) (?:weiterhin|immer noch|noch) (?:in Kraft|aktiv|gültig)\b|\bbleibt (?:in Kraft|bestehen)\b|(?:всё|все) ещё в силе|по-прежнему в силе|остаётся в силе|остается в силе|(?:ещё|еще) в силе|(?:всё|все) ещё действует|по-прежнему действует`)

// restateMark reports whether sentence s says a rule again: marked as said
// again ("reminder: …"), or said to hold still; a question ("规则还在吗？")
// says neither.
func restateMark(s string) bool {
	if restateMarkRE.MatchString(s) {
		return true
	}
	return ruleStillRE.MatchString(s) && !questionRE.MatchString(strings.TrimSpace(s)) && !stillAskRE.MatchString(s)
}

// stillAskRE asks whether a rule still holds, without a question mark:
// "还在吗", "まだ生きてる？", "does that rule still stand".
var stillAskRE = mustPattern(`(?i)(?:还在|有效|作数|算数|仍在)(?:吗|么|嘛)|(?:生きて|有効)(?:る|ます)?(?:か|の)\s*[?？]?$|^\W*(?:does|do|is|are)\b`)

// restatedExceptRE names the one exception a rule said again keeps: "例外は
// tokio だけ", "the only exception is tokio", "except tokio", "例外是
// tokio", "Ausnahme ist nur tokio", "исключение только tokio".
var restatedExceptRE = mustPattern(`(?i)\b(?:the )?only exception (?:is|being)\s+([^\s,.;:!?]+)|\bexcept(?: for)?\s+([^\s,.;:!?]+)|例外は\s*([^\s、。，,！!]+?)\s*(?:だけ|のみ)|(?:例外是|例外只有|唯一的例外是)\s*([^\s，,。！!]+)|\bAusnahme ist (?:nur )?([^\s,.;:!?]+)|исключение\s*[—–:-]?\s*(?:только\s+)?([^\s,.;:!?]+)`)

// restatedException is the thing rule s said again excepts and the words
// that say so ("tokio", "例外は tokio だけ"), or "", "".
func restatedException(s string) (thing, said string) {
	m := restatedExceptRE.FindStringSubmatch(s)
	for _, x := range m[min(1, len(m)):] {
		if x != "" {
			return x, strings.TrimSpace(m[0])
		}
	}
	return "", ""
}

// stillRuleNounRE calls what still holds a rule: "the Cargo.lock ban still
// stands" is said of a rule; "the server is still alive" is not.
var stillRuleNounRE = mustPattern(`(?i)\b(?:rules?|bans?|restrictions?|limits?|freeze|policy|constraints?|prohibitions?)\b|规则|规矩|限制|禁令|禁止|規則|ルール|縛り|制限|\bRegeln?\b|\bVerbot\b|\bEinschränkung\b|правил[оа]|запрет|ограничени[ея]`)

// stillRules reads each sentence of a user message that says a rule still
// holds and that no proposal reads already ("The Cargo.lock ban still
// stands, the only exception is tokio."): a restatement of the rule it
// names, which makes no rule of its own when it names none (reduceapply.go).
func stillRules(text string, out []Proposal) []Proposal {
	return sentencesRead(text, out, func(s string) bool {
		return ruleStillRE.MatchString(s) && restateMark(s) && stillRuleNounRE.MatchString(s)
	}, func(s string) Proposal {
		return Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Restates: true}
	})
}

// liftSameThing lifts, with the prohibition c, the other active
// prohibitions of the thing the lift names and c names too: one rule said
// twice in other words ("Cargo.lock は勝手に変えないで", later "lock ファイル
// は触らないで") is lifted by one "lock … その縛りは解除で". A thing is a
// name: a file, a path, a dotted or hyphened name, or a Latin word in a
// CJK sentence; "prod" in "no prod deploys" and "prod db is read-only" is
// no thing of its own.
func (r *Reducer) liftSameThing(c *Anchor, quote string, ref EventRef) {
	// what an exception to c left of it goes with it
	r.liftRemainders(c, quote, ref)
	if c.Kind != KindConstraint || !c.valueFacts().neg {
		return
	}
	var shared []string
	for _, w := range thingNames(quote) {
		if slices.ContainsFunc(thingNames(c.Value), func(v string) bool { return sameThing(w, v) }) {
			shared = append(shared, w)
		}
	}
	if len(shared) == 0 {
		return
	}
	for _, a := range r.hot {
		if a == c || a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		if slices.ContainsFunc(thingNames(a.Value), func(v string) bool {
			return slices.ContainsFunc(shared, func(w string) bool { return sameThing(w, v) })
		}) {
			a.Lifecycle = Lifted
			a.Because = quote
			a.addRef(ref)
		}
	}
}

// thingNames are the names of things s speaks of, lower case.
func thingNames(s string) []string {
	cjk := strings.ContainsFunc(s, isCJK)
	var out []string
	for _, w := range latinWordRE.FindAllString(s, -1) {
		lw := strings.ToLower(w)
		if len(lw) < 3 || stopwords[lw] || nonVerbs[lw] {
			continue
		}
		if cjk || strings.ContainsAny(lw, "./_-0123456789") && !strings.Contains(lw, "'") {
			out = append(out, lw)
		}
	}
	return out
}

// sameThing reports whether names w and v name one thing: the same, or
// one the last part of the other ("lock" of "cargo.lock", "auth.kt" of
// "core/auth.kt").
func sameThing(w, v string) bool {
	if w == v {
		return true
	}
	for _, sep := range []string{".", "/"} {
		if strings.HasSuffix(v, sep+w) || strings.HasSuffix(w, sep+v) {
			return true
		}
	}
	return false
}

// remainderStillRE marks a rule said of what an exception leaves ("the
// rest stay untouchable", "las demás siguen intocables", "train_split.csv
// tu n'y touches toujours pas", "나머진 여전히 plan만"): the excepted
// rule restated narrowed, in the languages the lexicons cover.
var remainderStillRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:the rest|the others|everything else|all the others|still|las demás|los demás|el resto|siguen|sigue|les autres|le reste|toujours pas|die anderen|der rest|die restlichen|weiterhin|immer noch|gli altri|il resto|ancora|os outros|as outras|o resto|continuam|continua|ainda|остальные|остальное|по-прежнему|всё ещё|все ещё|все еще)(?:[^\p{L}]|$)|나머지|나머진|여전히|其他|其余|其它|仍然|依然|还是|残り|他の|引き続き`)

// liftRemainders lifts, with rule c, the rules that restate c narrowed
// after an exception to it ("solo la 0012 eh, las demás siguen
// intocables"): each active prohibition said after c with a remainder
// word that names a thing c covers ("train_split.csv" of
// "data/splits/*.csv"), or that follows c when c was the only rule then
// stated. The exception's restriction does not outlive its rule.
func (r *Reducer) liftRemainders(c *Anchor, quote string, ref EventRef) {
	if c.Kind != KindConstraint || len(c.SourceRefs) == 0 {
		return
	}
	from := c.SourceRefs[0].Seq
	for _, a := range r.hot {
		if a == c || a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 {
			continue
		}
		at := a.SourceRefs[0].Seq
		if at <= from || at >= ref.Seq || !a.valueFacts().neg && !untouchableRE.MatchString(a.Value) {
			continue
		}
		rest := remainderStillRE.MatchString(a.Value) && (coversThing(c.Value, a.Value) || r.onlyRuleBefore(c, a, at))
		// "ok for 0011 you can fix downgrade() only, dont touch its
		// upgrade" of "dont touch migrations … (0001-0011)": a permission
		// with its restriction, on a thing c covers
		narrowed := r.permitsIn(a.Value) && (coversThing(c.Value, a.Value) || inRange(c.Value, a.Value))
		if !rest && !narrowed {
			continue
		}
		a.Lifecycle = Lifted
		a.Because = quote
		a.addRef(ref)
	}
}

// permitsIn reports whether rule v also permits, as an exception's
// restriction does ("ok for 0011 you can fix downgrade() only, dont touch
// its upgrade"): in its words or its gloss.
func (r *Reducer) permitsIn(v string) bool {
	if actPermitRE.MatchString(v) && !actNotRE.MatchString(v) {
		return true
	}
	g := glossOf(v, r.lang)
	return g != nil && actPermitRE.MatchString(g.text) && !actNotRE.MatchString(g.text)
}

// numRangeRE is a numbered range a rule covers: "0001-0011", "1–20".
var (
	numRangeRE = regexp.MustCompile(`\b(\d{1,6})\s*[-–]\s*(\d{1,6})\b`)
	rangeNumRE = regexp.MustCompile(`\b\d{1,6}\b`)
)

// inRange reports whether rule v names a number inside a range rule c
// covers, written as wide ("0011" of "(0001-0011)").
func inRange(c, v string) bool {
	for _, m := range numRangeRE.FindAllStringSubmatch(c, -1) {
		if len(m[1]) != len(m[2]) {
			continue
		}
		for _, n := range rangeNumRE.FindAllString(v, -1) {
			if len(n) == len(m[1]) && n >= m[1] && n <= m[2] && !strings.Contains(v, m[0]) {
				return true
			}
		}
	}
	return false
}

// untouchableRE is a prohibition said as an adjective: "intocables",
// "off-limits", "intouchables", "tabu".
var untouchableRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:intocables?|intocáveis|intocável|intouchables?|intoccabili|intoccabile|off[- ]limits|untouchable|tabu|tabú|неприкосновенн\p{L}*)(?:[^\p{L}]|$)`)

// coversThing reports whether a file rule v names matches a glob of rule
// c ("train_split.csv" of "data/splits/*.csv").
func coversThing(c, v string) bool {
	for _, g := range globRE.FindAllString(c, -1) {
		dir, pat := path.Split(g)
		for _, w := range pathWordRE.FindAllString(v, -1) {
			if ok, _ := path.Match(pat, path.Base(w)); ok && (!strings.Contains(w, "/") || strings.HasPrefix(w, dir)) {
				return true
			}
		}
	}
	return false
}

var (
	globRE     = regexp.MustCompile(`[\w./-]*\*[\w.*-]*`)
	pathWordRE = regexp.MustCompile(`[\w./-]+\.\w+`)
)

// onlyRuleBefore reports whether c was the one rule, other than a, stated
// before seq at (lifted or not since).
func (r *Reducer) onlyRuleBefore(c, a *Anchor, at int) bool {
	for _, b := range r.hot {
		if b == c || b == a || b.Kind != KindConstraint || len(b.SourceRefs) == 0 || b.Value == c.Value {
			continue
		}
		if b.SourceRefs[0].Seq < at {
			return false
		}
	}
	return true
}

// theRuleRE calls off "the restriction" by no name: "forget the
// restriction", "olvida la restricción", "oublie la restriction", "vergiss
// die Einschränkung", "dimentica la regola", "esquece a restrição".
var theRuleRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:forget|drop|ignore|lift|olvida|olvídate de|quita|oublie|laisse tomber|vergiss|streich|dimentica|togli|esquece|tira)\s+(?:the|that|la|esa|a|essa|die|diese|cette|le)\s+(?:restriction|rule|ban|restricción|regla|prohibición|règle|interdiction|einschränkung|regel|verbot|restrizione|regola|divieto|restrição|regra|proibição)(?:[^\p{L}]|$)`)

// soleRule is the one active rule stated before seq, the rules restating
// it narrowed after an exception (liftRemainders) not counted; nil when
// none or several.
func (r *Reducer) soleRule(seq int) *Anchor {
	var found []*Anchor
	for _, a := range r.hot {
		if a.Kind == KindConstraint && a.Lifecycle == Active && len(a.SourceRefs) > 0 && a.SourceRefs[0].Seq < seq {
			found = append(found, a)
		}
	}
	var out *Anchor
	for _, a := range found {
		remainder := remainderStillRE.MatchString(a.Value) && slices.ContainsFunc(found, func(b *Anchor) bool {
			return b != a && b.SourceRefs[0].Seq < a.SourceRefs[0].Seq
		})
		if remainder {
			continue
		}
		if out != nil {
			return nil
		}
		out = a
	}
	return out
}

// liftedBy reports whether lift quote q lifted a rule at seq already: "the
// restriction" it calls off is that rule ("forget the restriction, you
// can touch data/splits now" read as a constraint's lift and an
// obligation's), not the one left in force beside it.
func (r *Reducer) liftedBy(q string, seq int) bool {
	for _, a := range r.hot {
		if a.Kind == KindConstraint && a.Lifecycle == Lifted && a.Because == q && slices.ContainsFunc(a.SourceRefs, func(e EventRef) bool { return e.Seq == seq }) {
			return true
		}
	}
	return false
}
