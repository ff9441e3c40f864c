package projection

import (
	"fmt"
	"strings"
	"unicode"
)

// A default the user let stand.
//
// An agent that lays out options often says which one it takes unless
// told otherwise: "Unless you object, I'll go with A", "特に異論がなければ
// A で進めます", "如果没问题，我就用方案二", "Wenn keine Einwände kommen,
// nehme ich B". When the user's next message neither chooses an option
// nor objects, the default stands: a decision by acceptance, quoted from
// the agent's sentence and credited to both messages (EF-RFC-001 §5.4
// gives a decision the agent's authority; the user's silence is what
// lets it stand). The reply objects when it names one of the options (by
// its label or by words of its own), asks a question, or holds a word of
// objection or delay ("wait", "hold on", "instead", "let me think",
// "待って", "じゃなくて", "等等", "lieber"): the options then stay open,
// for a later choice. Only the first user message after the offer is
// read, and a default naming no option of the list is none.

// standing is an agent's default among the options it offered, or the
// plan it says it carries out unless told otherwise (plan: "I'll run the
// scheduler inside the bot process, not as a cron container. Unless you
// object, that's what I'll do.").
type standing struct {
	option, quote string
	seq           int
	plan          bool
	// ask: the agent asked for the user's assent ("I suggest pgloader,
	// ok?"); only a reply that gives it makes the decision
	ask bool
	// msg is the agent's whole message, for the decision an accepted
	// proposal replaces (assent.go)
	msg string
	// rule: what the agent asked assent to is a standing rule; a yes
	// makes it the user's (ruleproposal.go)
	rule bool
}

// defaultCueRE is a clause saying the agent takes an option unless told
// otherwise.
var defaultCueRE = mustPattern(`(?i)\b(?:unless (?:you|anyone|somebody|someone) (?:object|objects|say|says|prefer|prefers|tell|disagree|disagrees)|(?:if|as long as) (?:there (?:are|is) |you have |nobody has |no one has )?no (?:objections?|concerns?|preference)|if (?:you|nobody|no one) (?:don't |doesn't )?(?:object|objects|mind|minds)|if I don't hear otherwise|absent (?:any )?objections?|by default)\b|(?:特に)?(?:異論|異存|問題|反対|ご意見|ご希望)(?:が|は)?(?:なければ|無ければ|ない(?:よう|場合)(?:でしたら|なら|は))|(?:如果|要是)?(?:没有?|無)(?:异议|異議|问题|問題|意见|意見|别的想法)(?:的话)?|(?:wenn|falls|sofern)\s+(?:es\s+)?(?:keine|niemand)\s+(?:einwände|einwand|widerspruch|widerspricht|bedenken)|si no (?:hay|tienes|tenéis) (?:objeciones|objeción|inconveniente|problema)|se não (?:houver|tiver) (?:objeç|problema)|s'il n'y a pas d'objection|sauf (?:avis contraire|objection)|если (?:нет возражений|возражений нет|никто не против|ты не против|вы не против)`)

// defaultLabelRE is an option named by its label in a default's clause:
// "A", "option B", "案A", "方案二", "Variante 2", "вариант Б" is not read
// (its letters are Cyrillic).
var defaultLabelRE = mustPattern(`(?:^|[^\p{L}\d])(?:(?i:variante|variant|option|plan|opción|opcion|opção|opcao|opzione|вариант)(?:\s+\(?|\s*\()([A-Ea-e1-5])\)?|(?:案|方案|选项|選項|プラン)\s*([A-E一二三四五1-5])|\(?([A-E])\)?)(?:[^\p{L}\d]|$)`)

// objectionRE is a word of objection, doubt or delay in a reply.
var objectionRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:no|nope|not|don't|dont|wait|hold on|hang on|instead|rather|prefer|actually|hmm|hm|why not|what about|how about|but|however|let me think|think about|not sure|unsure|nein|nicht|warte|lieber|eher|moment|no|mejor|espera|prefiero|não|melhor|non|plutôt|attends|нет|не|лучше|подожди)(?:[^\p{L}]|$)|待って|ちょっと待|じゃなくて|ではなく|反対|やめ|考えさせ|検討|別の|他の案|等等|等一下|不要|不行|别用|别这样|還是|还是|换成|改成|异议|異議|再想想|考虑一下`)

// defaultOf is the option of opts the agent's message text takes unless
// told otherwise, with its sentence; ok false when it names none.
//
// A cue naming no option stands for the plan it is said of: its own
// sentence, or, when that only points back ("Unless you object, that's
// what I'll do", "Если нет возражений — так и делаю"), the sentence
// before it in the same line.
func defaultOf(text string, opts []string) (standing, bool) {
	if !defaultCueRE.MatchString(text) {
		return standing{}, false
	}
	ss := sentences(text)
	for _, s := range ss {
		if len(opts) >= 2 && defaultCueRE.MatchString(s) {
			if o := defaultNamed(s, opts); o != "" {
				return standing{option: o, quote: strings.TrimSpace(s)}, true
			}
		}
	}
	for i, s := range ss {
		loc := defaultCueRE.FindStringIndex(s)
		if loc == nil {
			continue
		}
		plan, quote := strings.TrimSpace(s), strings.TrimSpace(s)
		if pointsBack(s, loc) && i > 0 && !strings.Contains(betweenSentences(text, ss[i-1], s), "\n") {
			plan = strings.TrimSpace(listMarkRE.ReplaceAllString(strings.TrimSpace(ss[i-1]), ""))
			quote = plan + " " + quote
		} else if pointsBack(s, loc) {
			continue
		}
		if len(terms(plan)) >= 4 && !questionRE.MatchString(plan) {
			return standing{option: plan, quote: quote, plan: true}, true
		}
	}
	return standing{}, false
}

// pointsBack reports whether the sentence s around its default cue at loc
// says nothing of its own: "that's what I'll do", "так и делаю", "I'll go
// ahead".
func pointsBack(s string, loc []int) bool {
	rest := strings.ToLower(s[:loc[0]] + " " + s[loc[1]:])
	return len(terms(planBackRE.ReplaceAllString(rest, " "))) == 0
}

// planBackRE are the words by which a default points back at the plan
// said before it.
var planBackRE = mustPattern(`(?i)\b(?:that's|that is|this is|what|i'll|i will|we'll|do|go|ahead|with|it|that|this|then|proceed|so|way|the|plan)\b|(?:^|[^\p{L}])(?:так|и|делаю|сделаю|поступлю|продолжаю|так и сделаю|dann|mache|ich|es|so|lo|hago|je|fais|faço|assim)(?:[^\p{L}]|$)|[—–\-,.:;!]`)

// betweenSentences is the text between sentence a and sentence b of text
// ("" when either is not found in that order).
func betweenSentences(text, a, b string) string {
	i := strings.Index(text, a)
	if i < 0 {
		return ""
	}
	j := strings.Index(text[i+len(a):], b)
	if j < 0 {
		return ""
	}
	return text[i+len(a) : i+len(a)+j]
}

// objectsToPlan reports whether the user's reply text objects to the
// agent's plan: a sentence of it that asks or objects and shares a word
// with the plan. A reply answering other points ("Channels — A, no
// duplicate SMS") lets the plan stand.
func objectsToPlan(text, plan string) bool {
	pw := stems(plan)
	for _, s := range sentences(text) {
		if !strings.ContainsAny(s, "?？") && !objectionRE.MatchString(s) {
			continue
		}
		if n, _ := sharedStems(pw, stems(s)); n > 0 {
			return true
		}
	}
	return false
}

// defaultNamed is the option of opts sentence s names: by its label,
// else by its words (confirmedOption).
func defaultNamed(s string, opts []string) string {
	if m := defaultLabelRE.FindStringSubmatch(s); m != nil {
		if n := placeOf(m[1] + m[2] + m[3]); n >= 1 && n <= len(opts) {
			return opts[n-1]
		}
	}
	return confirmedOption(s, opts)
}

// objects reports whether the user's reply text to options opts chooses,
// questions or objects instead of letting a default stand.
func objects(text string, opts []string) bool {
	if strings.ContainsAny(text, "?？") || objectionRE.MatchString(text) {
		return true
	}
	for _, s := range sentences(text) {
		if defaultLabelRE.MatchString(s) || confirmedOption(s, opts) != "" {
			return true
		}
	}
	return false
}

// letStand records the default of an agent's message that offered
// options (own), and, at the user's next message, makes it a decision
// when the reply lets it stand; chosen is the option the reply chose by
// the readings (none for a default to stand).
func (r *Reducer) letStand(ev *Event, own []string, chosen string, ref EventRef) {
	switch ev.Role {
	case RoleAssistant:
		r.dflt = nil
		if q, rule := ruleProposedIn(ev.Text, r.lang); q != "" && len(own) == 0 {
			// "Should I stop running migrations on dev from now on?"
			// (ruleproposal.go)
			r.dflt = &standing{option: rule, quote: q, seq: ev.Seq, ask: true, rule: true, msg: ev.Text}
		} else if d, ok := defaultOf(ev.Text, own); ok {
			d.seq = ev.Seq
			r.dflt = &d
		} else if q := assentAsked(ev.Text); q != "" && len(own) == 0 {
			r.dflt = &standing{option: q, quote: q, seq: ev.Seq, ask: true}
		} else if q := proposalOf(ev.Text); q != "" && len(own) == 0 {
			// "Je propose OnceLock (stable 1.70).", "Vou usar
			// autoscaling/v2 …. Sobe ok?" (assent.go)
			r.dflt = &standing{option: proposalShown(q), quote: q, seq: ev.Seq, ask: true, msg: ev.Text}
		}
	case RoleUser:
		d := r.dflt
		r.dflt = nil
		if d != nil && d.rule {
			if assentsIn(ev.Text, d.quote, r.lang) || assentsToRule(ev.Text, d.quote) {
				r.acceptRule(d, ref)
			}
			return
		}
		if d != nil && d.ask {
			if assentOnly(ev.Text) || d.msg != "" && (assentsTo(ev.Text, d.quote) || goAheadFirst(ev.Text, d.quote)) {
				// "I suggest pgloader for the migration, ok?" — "Sounds
				// good.": the agent's proposal, accepted
				r.letStandAs(d, d.option+" (the agent's proposal, accepted)", 98, ref)
			}
			return
		}
		if d != nil && d.plan {
			if !objectsToPlan(ev.Text, d.option) {
				r.letStandAs(d, d.option+" (the agent's plan, not objected to)", 97, ref)
			}
			return
		}
		if d == nil || chosen != "" || objects(ev.Text, r.offered) {
			return
		}
		for _, a := range r.hot {
			if a.Kind == KindDecision && a.Lifecycle == Active && a.Seq() == ev.Seq && strings.HasPrefix(a.Key, "decision/-/") {
				// the reply chose something itself (not a preference
				// or an answer it gave)
				return
			}
		}
		var not []string
		for _, o := range r.offered {
			if o != d.option {
				not = append(not, o)
			}
		}
		v := d.option + " (the agent's default, not objected to"
		if len(not) > 0 {
			v += "; not " + strings.Join(not, ", not ")
		}
		r.letStandAs(d, v+")", 96, ref)
	}
}

// letStandAs makes the agent's option d a decision of value v, quoted
// from the agent's message and credited to the user's reply at ref too;
// n numbers its anchor among the agent's message's ("d12.96").
func (r *Reducer) letStandAs(d *standing, v string, n int, ref EventRef) {
	p := Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(d.option), Value: v, Quote: d.quote, Links: mentions(d.option)}
	var was *Anchor
	if d.msg != "" {
		was = r.replacedBy(d.msg, d.quote)
	}
	agent := Event{Seq: d.seq, Role: RoleAssistant, Text: d.quote}
	r.apply(&agent, &p, EventRef{SessionID: ref.SessionID, Seq: d.seq}, fmt.Sprintf("d%d.%d", d.seq, n), map[*Anchor]bool{})
	if a := r.hot[slot(KindDecision, p.Key)]; a != nil {
		a.addRef(ref)
		if was != nil && was != a && was.Lifecycle == Active {
			// "LazyLock n'est stable qu'en 1.80. Je propose OnceLock."
			// — "OnceLock oui": the user's word replaces the decision
			// the proposal was made against
			was.Because = d.msg
			r.supersede(a, was)
		}
	}
}

// proposeCueRE proposes a course and assentAskRE asks for the user's
// assent: "I suggest pgloader for the data migration, ok?", "I'd use the
// COPY approach — sound good?", "我建议用 pgloader 做数据迁移，你看行吗？".
var (
	proposeCueRE = mustPattern(`(?i)\b(?:i (?:would |'d )?(?:suggest|recommend|propose)|my suggestion is|i'd (?:use|go with|switch to|pick)|i would (?:use|go with|switch to|pick)|how about)\b|建议|推荐|我的想法是|不如`)
	assentAskRE  = mustPattern(`(?i)(?:\b(?:ok|okay|alright|sound good|sounds good|does that work|agreed|fine with you|all right|good with you|works for you|objections)\s*\?\s*$|(?:行吗|可以吗|好吗|怎么样|你看行不行|你看行吗|同意吗|没问题吧)[？?]\s*$)`)
)

// assentAsked is the sentence of assistant text that proposes a course
// and asks for the user's assent, "" when none.
func assentAsked(text string) string {
	ss := sentences(text)
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		s := ss[i]
		if proposeCueRE.MatchString(s) && assentAskRE.MatchString(s) && len([]rune(s)) <= 300 {
			return s
		}
		if i > 0 && assentAskRE.MatchString(s) && len(strings.Fields(s)) <= 4 && proposeCueRE.MatchString(ss[i-1]) {
			// "I suggest pgloader. OK?"
			return ss[i-1] + " " + s
		}
	}
	return ""
}

// assentWordsRE is a reply that only assents: "yes", "ok, do it", "sounds
// good", "go ahead", "好的", "行，就这么办".
var assentWordsRE = mustPattern(`(?i)^\W*(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|alright|fine|great|good|perfect|agreed|sounds good|sounds great|makes sense|do it|go ahead|go for it|please do|let's do (?:it|that)|ship it|lgtm|works for me)[\s,.!]*)+$|^\s*(?:(?:好的?|行|可以|没问题|同意|就这么办|就这样|嗯)[\s，,。！!]*)+$`)

// assentOnly reports whether user text only assents (assentWordsRE).
func assentOnly(text string) bool {
	t := strings.TrimSpace(text)
	return t != "" && len(t) <= 60 && assentWordsRE.MatchString(t)
}

// goAheadFirst reports whether user text opens with a sentence that only
// assents to proposal and says to go ahead ("ㅇㅇ 그렇게 해. 아 그리고 목표
// 바꿀게 …", "Go ahead. Then also …", "Vas-y. Et ensuite …"): the rest
// of the reply may turn to other things; or with one that assents and
// names the thing proposed ("同意，foreach。batch size 先用 500。",
// "Agreed, pgloader. Run it on staging first."). A bare "ok" opening a
// reply accepts nothing (assentsTo reads a reply of assent alone).
func goAheadFirst(text, proposal string) bool {
	ss := sentences(text)
	if len(ss) < 2 {
		return false
	}
	first := strings.TrimSpace(ss[0])
	if questionRE.MatchString(first) || !assentsTo(first, proposal) {
		return false
	}
	return assentPhraseRE.MatchString(first) || namesProposed(first, proposal)
}

// namesProposed reports whether reply sentence s names a thing of
// proposal besides the words of assent and of proposing: "foreach",
// "pgloader", "OnceLock" (a word of three letters or more, no stop word).
func namesProposed(s, proposal string) bool {
	said := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), notWordRune) {
		said[w] = true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(proposal), notWordRune) {
		if said[w] && len(w) >= 3 && !assentWords[w] && !stopwords[w] && !proposingWords[w] {
			return true
		}
	}
	return false
}

// notWordRune cuts text into words of letters, digits and "_" (no Han:
// a Chinese sentence names its thing in Latin letters, "建议用 foreach").
func notWordRune(r rune) bool {
	return !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '_' || unicode.IsLetter(r) && !unicode.Is(unicode.Han, r))
}

// proposingWords say that something is proposed, not what.
var proposingWords = wordSet(`recommend recommended suggest suggested propose proposed would use using go with`)
