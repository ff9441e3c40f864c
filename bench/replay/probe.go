package replay

import (
	"strings"
	"unicode/utf8"
)

// Probe kinds. Each names a kind of planted ground truth and, with it, how
// a statement about the item reads (see the package documentation, "How
// probes are judged").
const (
	// KindFact: an identifier stated once ("the deploy token is K7-QX-9931").
	KindFact = "fact"
	// KindSuperseded: a setting whose value changed (Key, Answer, Old).
	KindSuperseded = "superseded"
	// KindConstraint: a standing rule about Key, in force to the end.
	KindConstraint = "constraint"
	// KindLifted: a rule about Key lifted at ChangedAt.
	KindLifted = "lifted"
	// KindObligation: something still to be done (Key names it).
	KindObligation = "obligation"
	// KindFailure: a failing run of Key, fixed by its own passing run at
	// ChangedAt (zero: still open).
	KindFailure = "failure"
	// KindUnflagged: a failure inside a tool result that was not flagged
	// as an error (--- FAIL, a traceback, a non-zero exit).
	KindUnflagged = "unflagged"
	// KindUnverified: a failure the assistant later called fixed without
	// any passing evidence: still open.
	KindUnverified = "unverified"
	// KindDecision: a design decision about Key replaced later (Answer is
	// the current choice, Old the replaced ones).
	KindDecision = "decision"
	// KindRejected: an approach (Key) ruled out.
	KindRejected = "rejected"
	// KindHypothesis: a suspected cause (Key) that no evidence confirmed;
	// the assistant may have called it confirmed anyway.
	KindHypothesis = "hypothesis"
)

// Authority domains of the anchors Authority Loss watches (EF-RFC-001 §5.4,
// §11 predicates A and O): a rule the user set, a decision taken, and an
// open failure or obligation.
const (
	AuthNormative = "normative"
	AuthDecision  = "decision"
	AuthOpen      = "open"
)

// Probe is one planted item of ground truth the driver watches for.
type Probe struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Question is what a model would be asked; Recoverer uses its words.
	Question string `json:"question"`
	// Answer is the exact string a correct answer contains.
	Answer string `json:"answer"`
	// Old are values the answer replaced (superseded items, replaced
	// decisions), oldest first.
	Old []string `json:"old,omitempty"`
	// Key is the subject every statement about the item names: a
	// setting's key, a rule's path or command, a failing test or script,
	// a decision's component, a rejected approach, a suspected cause. Empty
	// for a fact (its Answer is its own subject) or, for an old-style
	// probe without a kind, a plain fact.
	Key string `json:"key,omitempty"`
	// PlantedAt is the source seq of the event that states the item's
	// current anchor (for a superseded item, its final value; for a
	// failure, the failing run); the probe is checked at every request
	// after it, and its source counts as folded away once that event is
	// no longer on the surface.
	PlantedAt int `json:"plantedAt"`
	// ChangedAt is the source seq where a lifecycle item changes state: a
	// failure's passing run, a rule's lift. Zero means never.
	ChangedAt int `json:"changedAt,omitempty"`
	// Authority is the item's authority domain when Authority Loss watches
	// it (AuthNormative, AuthDecision, AuthOpen), else empty. A lifecycle
	// item is watched only before ChangedAt.
	Authority string `json:"authority,omitempty"`
}

// Shows reports whether text states the probe's current answer (its state
// at the end of the session).
func (p *Probe) Shows(text string) bool {
	f := p.scan(text)
	return f.all.stated&p.want(1<<62) != 0
}

// kind is the probe's kind, defaulting old-style probes by their key.
func (p *Probe) kind() string {
	switch {
	case p.Kind != "":
		return p.Kind
	case p.Key != "":
		return KindSuperseded
	}
	return KindFact
}

// valued reports whether the probe's classes are values (Answer, Old)
// rather than the two states of a lifecycle.
func (p *Probe) valued() bool {
	switch p.kind() {
	case KindSuperseded, KindDecision:
		return true
	}
	return false
}

// Lifecycle classes of the non-valued kinds: the state a statement puts
// the item in. For a failure "before" is open and "after" resolved; for a
// rule, in force and lifted; for a hypothesis, unproven and (wrongly)
// established; facts, obligations and rejected approaches have only
// "before" (stated).
const (
	classBefore uint32 = 1 << 0
	classAfter  uint32 = 1 << 1
)

// want is the class that is true at source seq at: the answer for a valued
// probe, else the lifecycle state.
func (p *Probe) want(at int) uint32 {
	if p.valued() {
		return 1
	}
	if p.ChangedAt > 0 && at > p.ChangedAt {
		return classAfter
	}
	return classBefore
}

// binding reports whether the probe's anchor is one Authority Loss
// watches at source seq at.
func (p *Probe) binding(at int) bool {
	if p.Authority == "" {
		return false
	}
	return p.ChangedAt == 0 || at <= p.ChangedAt
}

// counts reports whether statements by a piece of role r count when the
// probe's state is judged. A failure's lifecycle and a hypothesis's status
// move only on evidence (EF-RFC-001 §15, §17): the assistant's own "fixed"
// or "confirmed" in the conversation is narrative, not state. A
// checkpoint's text counts in full: an engine that writes it asserts it.
func (p *Probe) counts(r role) bool {
	if r != roleAssistant {
		return true
	}
	switch p.kind() {
	case KindFailure, KindUnflagged, KindUnverified, KindHypothesis:
		return false
	}
	return true
}

// facts is what one piece (a message) says about one probe: the classes
// its statements state as current, the classes it marks as replaced, and
// the classes its last statement states.
type facts struct {
	stated, replaced, last uint32
}

func (f facts) any() bool { return f.stated|f.replaced != 0 }

func (f *facts) add(st, rep uint32) {
	if st != 0 {
		f.last = st
	}
	f.stated |= st
	f.replaced |= rep
}

// pieceFacts is what one piece says about one probe: in all its
// statements, and in those outside sections it labels as narrative.
type pieceFacts struct {
	all, state facts
}

// scan judges every statement of text about the probe.
func (p *Probe) scan(text string) pieceFacts {
	var f pieceFacts
	forEachStatement(text, func(s, ctx string, narrative bool) {
		st, rep := p.statement(s, ctx)
		f.all.add(st, rep)
		if !narrative {
			f.state.add(st, rep)
		}
	})
	return f
}

// statement classifies one statement s (ctx is s with its section heading
// before it): the classes it states as current and those it marks as
// replaced.
func (p *Probe) statement(s, ctx string) (stated, replaced uint32) {
	switch k := p.kind(); k {
	case KindFact:
		if findBounded(s, p.Answer) >= 0 {
			return classBefore, 0
		}
		return 0, 0
	case KindSuperseded, KindDecision:
		if findBounded(s, p.Key) < 0 && findBounded(ctx, p.Key) < 0 {
			return 0, 0
		}
		return p.values(s)
	default:
		if findBounded(s, p.Key) < 0 {
			return 0, 0
		}
		// The statement's own words first; its heading only when they say
		// nothing ("Open failures (only a passing run closes one):" over
		// "- TestX: open since seq 34 — --- FAIL").
		if st, rep := lifecycle(k, strings.ToLower(s)); st|rep != 0 {
			return st, rep
		}
		return lifecycle(k, strings.ToLower(ctx))
	}
}

// values finds the probe's values in s and classifies each occurrence: a
// value preceded (since the previous value) by a word that retires it
// ("from", "was", "instead of", 从, 不再 …) or followed by one that
// replaces it ("→", "to", 改成 …) is marked replaced; any other occurrence
// states it as current.
func (p *Probe) values(s string) (stated, replaced uint32) {
	type occ struct {
		at, end int
		class   uint32
	}
	var occs []occ
	vals := append([]string{p.Answer}, p.Old...)
	for i, v := range vals {
		if v == "" || i >= 32 {
			continue
		}
		for from := 0; ; {
			j := findBounded(s[from:], v)
			if j < 0 {
				break
			}
			occs = append(occs, occ{from + j, from + j + len(v), 1 << i})
			from += j + len(v)
		}
	}
	if len(occs) == 0 {
		return 0, 0
	}
	// In text order (insertion sort: a handful of occurrences).
	for i := 1; i < len(occs); i++ {
		for j := i; j > 0 && occs[j].at < occs[j-1].at; j-- {
			occs[j], occs[j-1] = occs[j-1], occs[j]
		}
	}
	prevEnd, prevReplaced := 0, false
	for i, o := range occs {
		gap := s[prevEnd:o.at]
		before := strings.ToLower(tailRunes(gap, 24))
		next := len(s)
		if i+1 < len(occs) {
			next = occs[i+1].at
		}
		after := strings.ToLower(headRunes(s[o.end:next], 16))
		// "was 45, 30": a list continues the mark of its first item.
		listed := prevReplaced && i > 0 && isListSep(gap)
		if listed || endsWithAny(before, retireRight) || hasAnyBounded(before, retireNear) || hasAny(after, replaceAfter) {
			replaced |= o.class
			prevReplaced = true
		} else {
			stated |= o.class
			prevReplaced = false
		}
		prevEnd = o.end
	}
	return stated, replaced
}

// lifecycle classifies a statement (lower-cased, with its heading) that
// names a lifecycle probe's subject.
func lifecycle(kind, ctx string) (stated, replaced uint32) {
	switch kind {
	case KindConstraint, KindLifted:
		if hasAny(ctx, liftCues) {
			return classAfter, classBefore
		}
		if hasAny(ctx, ruleCues) {
			return classBefore, 0
		}
	case KindFailure, KindUnflagged, KindUnverified:
		switch {
		case hasAny(ctx, unverifiedCues):
			return classBefore, 0
		case hasAny(ctx, passCues):
			return classAfter, classBefore
		case hasAny(ctx, failCues):
			return classBefore, 0
		}
	case KindHypothesis:
		switch {
		case hasAny(ctx, hedgeCues):
			return classBefore, 0
		case hasAny(ctx, establishedCues):
			return classAfter, classBefore
		}
	case KindObligation:
		if hasAny(ctx, obligationCues) {
			return classBefore, 0
		}
	case KindRejected:
		if hasAny(ctx, rejectCues) {
			return classBefore, 0
		}
	}
	return 0, 0
}

// Cue words, lower case, English and Chinese. They are the ordinary words
// people use for each state, not the generator's templates: the judge
// must accept any fair rendering of the state ("timeout 75 s (was 30 s)",
// "open failure: TestX", "规则：不要修改 vendor/") and refuse the wrong one.
var (
	// Right before a value (spaces, quotes and "=:(" aside): it is the
	// old one ("from 30", "was 30", "instead of sync.Pool", "从 30").
	retireRight = []string{"from", "was", "were", "not", "instead of", "rather than", "replacing", "replaces", "dropping", "drop",
		"previously", "formerly", "从", "不再使用", "不再用", "而不是", "取代", "替换", "放弃"}
	// Anywhere shortly before a value ("old": "timeout = 30", "superseded:
	// 30", 旧值 30).
	retireNear = []string{"old", "superseded", "no longer", "previously", "formerly", "replaced", "before that", "earlier", "不再", "原来", "原为", "原先", "旧", "之前", "以前"}
	// After a value: it is being replaced.
	replaceAfter = []string{" to ", "→", "->", "=>", "改成", "改为", "变成", "变为", "换成", "is replaced", "was replaced", "superseded", " replaced", "被"}

	ruleCues = []string{"never", "do not", "hands off", "leave it alone", "don't", "must not", "mustn't", "not allowed", "forbidden", "prohibited", "off-limits", "off limits",
		"frozen", "freeze", "unchanged", "read-only", "constraint", "rule", "不要", "不能", "禁止", "不得", "不准", "冻结", "不变", "别动", "别碰", "别改", "规则", "约束", "只读"}
	liftCues = []string{"may now", "can now", "now allowed", "now free", "free to", "allowed again", "no longer", "lifted", "is over", "has ended",
		"revoked", "withdrawn", "解除", "不再", "现在可以", "可以修改", "可以编辑", "可以改", "取消"}

	unverifiedCues = []string{"unverified", "not verified", "not yet verified", "claimed", "no passing", "without a passing", "未验证", "尚未验证", "还没验证", "声称", "未经验证"}
	passCues       = []string{"pass", "fixed", "resolved", "verified", "succeeds", "succeeded", "green", "通过", "已修复", "修复了", "已解决", "解决了"}
	failCues       = []string{"fail", "error", "traceback", "panic", "exit status", "exit code", "non-zero", "nonzero", "not found", "fatal",
		"broken", "open", "失败", "报错", "错误", "异常", "未通过", "未解决"}

	hedgeCues = []string{"suspect", "probably", "might", "maybe", "perhaps", "possibly", "hypothes", "likely", "guess", "unproven",
		"unconfirmed", "not confirmed", "not yet confirmed", "not verified", "unverified", "tentative", "could be",
		"怀疑", "可能", "也许", "推测", "假设", "猜测", "未证实", "未确认", "尚未确认"}
	establishedCues = []string{"confirmed", "confirms", "established", "proven", "root cause", "is the cause", "definitely", "certainly",
		"确认", "证实", "根因", "根本原因", "就是原因", "确定"}

	obligationCues = []string{"remember", "don't forget", "do not forget", "before you finish", "before finishing", "before the final", "at the very end",
		"when you are done", "must", "todo", "to do", "to-do", "obligation", "pending", "still need", "need to", "make sure", "owed",
		"记得", "别忘", "之前", "最后", "完成", "待办", "务必", "需要", "必须"}
	rejectCues = []string{"dead end", "dead-end", "ruled out", "rule out", "not viable", "rejected", "won't work", "doesn't work", "does not work",
		"abandon", "gave up", "give up", "not an option", "don't use", "do not use", "avoid", "negative",
		"不可行", "放弃", "排除", "行不通", "不用", "不要用", "否决", "走不通"}
)

// isListSep reports whether gap only separates items of a list.
func isListSep(gap string) bool {
	switch strings.TrimSpace(gap) {
	case ",", "/", "and", "or", "、", "，", "和", "或":
		return true
	}
	return false
}

func hasAny(s string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}

// endsWithAny reports whether s, without trailing spaces, quotes and
// "=:(", ends with one of words as a whole word.
func endsWithAny(s string, words []string) bool {
	s = strings.TrimRight(s, " \t\"'`=:(（：")
	for _, w := range words {
		if strings.HasSuffix(s, w) && (!isWordByte(w[0]) || len(s) == len(w) || !isWordByte(s[len(s)-len(w)-1])) {
			return true
		}
	}
	return false
}

func hasAnyBounded(s string, words []string) bool {
	for _, w := range words {
		if findBounded(s, w) >= 0 {
			return true
		}
	}
	return false
}

// tailRunes returns the last n runes of s.
func tailRunes(s string, n int) string {
	i := len(s)
	for k := 0; k < n && i > 0; k++ {
		_, w := utf8.DecodeLastRuneInString(s[:i])
		i -= w
	}
	return s[i:]
}

// headRunes returns the first n runes of s.
func headRunes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return s[:i]
}

// isWordByte reports whether b continues an ASCII word (letters, digits,
// underscore). Han text has no spaces between words, so only ASCII
// neighbours make a match partial.
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// findBounded returns the index of the first occurrence of sub in s that is
// not part of a longer ASCII word or number ("60" does not match "600",
// "160" or "60.5"; "main" does not match "domain"), or -1.
func findBounded(s, sub string) int {
	if sub == "" {
		return -1
	}
	for i := 0; ; {
		j := strings.Index(s[i:], sub)
		if j < 0 {
			return -1
		}
		at, end := i+j, i+j+len(sub)
		ok := true
		if isWordByte(sub[0]) && at > 0 && (isWordByte(s[at-1]) || s[at-1] == '.' && at > 1 && isDigit(s[at-2]) && isDigit(sub[0])) {
			ok = false
		}
		if isWordByte(sub[len(sub)-1]) && end < len(s) && (isWordByte(s[end]) || s[end] == '.' && end+1 < len(s) && isDigit(s[end+1])) {
			ok = false
		}
		if ok {
			return at
		}
		i = at + 1
	}
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// forEachStatement calls fn for every statement of text: each sentence of
// each line, with ctx = the line's section heading (the latest line ending
// in a colon or starting with '#', until a blank line) joined to it, so a
// bullet under "Open failures:" or "Traceback (most recent call last):"
// carries its heading's meaning. narrative reports that a heading of the
// section (since the last blank line) labels it as narrative, not
// verified state ("Narrative (semantic digest; not verified state):"), as
// EF-RFC-001 §18 asks of a semantic digest.
func forEachStatement(text string, fn func(s, ctx string, narrative bool)) {
	heading, narrative := "", false
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" {
			heading, narrative = "", false
			continue
		}
		isHead := strings.HasPrefix(line, "#") || (strings.HasSuffix(line, ":") || strings.HasSuffix(line, "：")) && utf8.RuneCountInString(line) <= 160
		for _, s := range sentences(line) {
			ctx := s
			if heading != "" {
				ctx = heading + " | " + s
			}
			fn(s, ctx, narrative)
		}
		if isHead {
			heading = line
			narrative = narrative || hasAny(strings.ToLower(line), narrativeLabels)
		}
	}
}

// narrativeLabels mark a section heading as narrative, not state.
var narrativeLabels = []string{"narrative", "not verified state", "unverified", "context only", "叙述", "未验证"}

// sentences splits a line at sentence ends (". ", "! ", "? ", "。", "！",
// "？"). A semicolon does not end a statement: "Tried mmap; not viable"
// is one.
func sentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i < len(line); {
		r, w := utf8.DecodeRuneInString(line[i:])
		end := -1
		switch r {
		case '。', '！', '？':
			end = i + w
		case '.', '!', '?':
			if i+w < len(line) && line[i+w] == ' ' {
				end = i + w
			}
		}
		i += w
		if end > 0 {
			if s := strings.TrimSpace(line[start:end]); s != "" {
				out = append(out, s)
			}
			start = end
		}
	}
	if s := strings.TrimSpace(line[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// role is who wrote a piece of the surface.
type role uint8

const (
	roleOther role = iota // the request header, system and developer messages
	roleUser
	roleAssistant
	roleTool
	roleCheckpoint
)

// ProbeOutcome is what happened to one probe in one replay.
type ProbeOutcome struct {
	Probe
	// Checks is the number of requests after the probe was planted;
	// Visible how many of them showed the current answer.
	Checks  int `json:"checks"`
	Visible int `json:"visible"`
	// Stale counts checks where the surface showed a superseded state as
	// current (see judge).
	Stale int `json:"stale"`
	// AuthorityChecks counts checks where the probe's anchor was binding
	// (Authority set, before ChangedAt); Folded those where its source
	// event was no longer on the surface; Lost those where, folded, the
	// anchor was not visible either.
	AuthorityChecks int `json:"authorityChecks,omitempty"`
	Folded          int `json:"folded,omitempty"`
	Lost            int `json:"lost,omitempty"`
	// VisibleAtEnd: the final surface states the current answer.
	VisibleAtEnd bool `json:"visibleAtEnd"`
	// StaleAtEnd: the final surface shows a superseded state as current.
	StaleAtEnd bool `json:"staleAtEnd"`
	// BindingAtEnd: Authority Loss watches the anchor at the end.
	// LostAtEnd: it does, its source is folded away and the final surface
	// does not state it.
	BindingAtEnd bool `json:"bindingAtEnd,omitempty"`
	LostAtEnd    bool `json:"lostAtEnd,omitempty"`
	// Recoverable: not visible at the end, but the engine's recall finds
	// the answer (only engines with recall).
	Recoverable bool `json:"recoverable"`

	index int // in Config.Probes
}

// judged is one piece's facts about one probe, with the piece's role.
type judged struct {
	pieceFacts
	role role
}

// counted returns the facts of a piece that count when the probe's state
// is judged: all of them, or, for a lifecycle that moves only on evidence,
// none of the assistant's and only the state sections of the rest.
func (p *Probe) counted(j judged) facts {
	switch {
	case p.counts(roleAssistant):
		return j.all
	case j.role == roleAssistant:
		return facts{}
	}
	return j.state
}

// judge returns whether the surface (the probe's facts per piece, in
// surface order) shows the probe's current class want, and whether it is
// stale: the last statement about the item that counts states another
// class and not want, or one piece states want and another class as
// current without marking the other as replaced (an old value shown
// beside the new one without saying which is current).
func (p *Probe) judge(pieces []judged, want uint32) (visible, stale bool) {
	var last uint32
	for _, j := range pieces {
		if j.all.stated&want != 0 {
			visible = true
		}
		c := p.counted(j)
		if c.last != 0 {
			last = c.last
		}
		if c.stated&want != 0 && c.stated&^want&^c.replaced != 0 {
			stale = true
		}
	}
	if last != 0 && last&want == 0 {
		stale = true
	}
	return visible, stale
}
