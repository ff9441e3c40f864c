// The reading state a Snapshot carries besides what was asked
// (SnapAsking): what the last messages and runs said that a later event
// reads, so a fold between the two changes no verdict (EF-RFC-001: the
// state rebuilt from the checkpoints and the tail says what the whole log
// says).

package projection

import (
	"maps"
	"slices"
	"strings"
)

// maxSnapText bounds each text a SnapReading keeps (bytes, cut at a
// rune): a message longer is kept by its head. maxSnapList bounds the
// texts of each list (the user's and agent's last messages, the failed
// outputs, the commands that passed): its oldest entries past it are left
// out. The lists are bounded too by the reducer's own caps (maxSaid,
// maxFailOut, maxValuesSeen, …), so a SnapReading stays under ~120 KB
// and is a few KB in most sessions.
const (
	maxSnapText = 8 << 10
	maxSnapList = 16 << 10
)

// newest is the index from which the texts of n entries (len of each by
// size) fit maxSnapList, the newest always kept.
func newest(n int, size func(int) int) int {
	total := 0
	for i := n - 1; i >= 0; i-- {
		total += size(i)
		if total > maxSnapList && i < n-1 {
			return i + 1
		}
	}
	return 0
}

// SnapReading is the reducer's reading state of the last messages and
// runs (see the fields of Reducer by the same names). A snapshot without
// it (an older ef's) restores it empty: the events after the fold read
// as if the session began there, as they always did (a relative change
// finds no earlier number in the user's words, an option list offered
// before the fold is not chosen from, a poll's options are forgotten, a
// value set back is not known as one seen before).
type SnapReading struct {
	Said           []string       `json:"said,omitempty"`
	AgentSaid      []SnapText     `json:"agentSaid,omitempty"`
	FailOut        []SnapText     `json:"failOut,omitempty"`
	RunPassed      []SnapText     `json:"runPassed,omitempty"`
	ShownText      string         `json:"shownText,omitempty"`
	ShownSeq       int            `json:"shownSeq,omitempty"`
	Talked         string         `json:"talked,omitempty"`
	Ran            string         `json:"ran,omitempty"`
	RanSeq         int            `json:"ranSeq,omitempty"`
	Attempt        string         `json:"attempt,omitempty"`
	AttemptSeq     int            `json:"attemptSeq,omitempty"`
	RuledOnly      bool           `json:"ruledOnly,omitempty"`
	NowTasks       []SnapText     `json:"nowTasks,omitempty"`
	Offered        []string       `json:"offered,omitempty"`
	OfferedSeq     int            `json:"offeredSeq,omitempty"`
	OfferedReplied bool           `json:"offeredReplied,omitempty"`
	OfferedPick    string         `json:"offeredPick,omitempty"`
	ChoseOffered   bool           `json:"choseOffered,omitempty"`
	Chosen         string         `json:"chosen,omitempty"`
	Groups         []OptionGroup  `json:"groups,omitempty"`
	GroupsSeq      int            `json:"groupsSeq,omitempty"`
	Poll           []string       `json:"poll,omitempty"`
	PollSeq        int            `json:"pollSeq,omitempty"`
	PollOut        []int          `json:"pollOut,omitempty"`
	PollQuote      string         `json:"pollQuote,omitempty"`
	Named          []string       `json:"named,omitempty"`
	NamedSeq       int            `json:"namedSeq,omitempty"`
	NamedAlt       bool           `json:"namedAlt,omitempty"`
	NamedNear      []string       `json:"namedNear,omitempty"`
	Default        *SnapStanding  `json:"default,omitempty"`
	RelLast        string         `json:"relLast,omitempty"`
	Refused        []string       `json:"refused,omitempty"`
	RefusedSeq     int            `json:"refusedSeq,omitempty"`
	Skipped        []string       `json:"skipped,omitempty"`
	Clock          int            `json:"clock,omitempty"`
	ClockSeq       int            `json:"clockSeq,omitempty"`
	ClockSeen      bool           `json:"clockSeen,omitempty"`
	Ahead          string         `json:"ahead,omitempty"`
	AheadEv        *Event         `json:"aheadEv,omitempty"`
	AskedEnd       string         `json:"askedEnd,omitempty"`
	PrevUserSeq    int            `json:"prevUserSeq,omitempty"`
	ValuesSeen     map[string]int `json:"valuesSeen,omitempty"`
}

// SnapText is a text with the event (Seq) or call (ID) it came from.
type SnapText struct {
	Seq  int    `json:"seq,omitempty"`
	ID   string `json:"id,omitempty"`
	Text string `json:"t"`
}

// SnapStanding is the option the agent takes unless told otherwise
// (silence.go's standing).
type SnapStanding struct {
	Option string `json:"option"`
	Quote  string `json:"quote,omitempty"`
	Seq    int    `json:"seq"`
	Plan   bool   `json:"plan,omitempty"`
	Ask    bool   `json:"ask,omitempty"`
	Msg    string `json:"msg,omitempty"`
	// Rule marks a standing rule the agent proposed (ruleproposal.go).
	Rule bool `json:"rule,omitempty"`
}

// reading is r's SnapReading, nil when it holds nothing, each text
// through txt (snapText for a Snapshot: a bundle never stores a secret;
// a Clone keeps them as they are).
func (r *Reducer) reading(txt func(string) string) *SnapReading {
	seqs := func(in []seqText) []SnapText {
		var out []SnapText
		for _, t := range in {
			out = append(out, SnapText{Seq: t.seq, Text: txt(t.text)})
		}
		return out[newest(len(out), func(i int) int { return len(out[i].Text) }):]
	}
	g := &SnapReading{AgentSaid: seqs(r.agentSaid), RunPassed: seqs(r.runPassed), ShownText: txt(r.shownText), ShownSeq: r.shownSeq, Talked: txt(r.talked),
		Ran: txt(r.ran), RanSeq: r.ranSeq, Attempt: txt(r.attempt), AttemptSeq: r.attemptSeq, RuledOnly: r.ruledOnly,
		Offered: slices.Clone(r.offered), OfferedSeq: r.offeredSeq, OfferedReplied: r.offeredReplied, OfferedPick: r.offeredPick, ChoseOffered: r.choseOffered, Chosen: r.chosen,
		GroupsSeq: r.groupsSeq, Poll: slices.Clone(r.poll), PollSeq: r.pollSeq, PollQuote: txt(r.pollQuote),
		Named: slices.Clone(r.named), NamedSeq: r.namedSeq, NamedAlt: r.namedAlt, NamedNear: slices.Clone(r.namedNear), RelLast: r.relLast,
		Refused: slices.Clone(r.refused.paths), RefusedSeq: r.refused.seq, Skipped: slices.Clone(r.skipped), Clock: r.clock, ClockSeq: r.clockSeq, ClockSeen: r.clockSeen,
		Ahead: txt(r.ahead), AskedEnd: txt(r.askedEnd), PrevUserSeq: r.prevUserSeq, ValuesSeen: maps.Clone(r.valuesSeen)}
	for _, s := range r.said {
		g.Said = append(g.Said, txt(s))
	}
	g.Said = g.Said[newest(len(g.Said), func(i int) int { return len(g.Said[i]) }):]
	for _, t := range r.failOut {
		g.FailOut = append(g.FailOut, SnapText{ID: t.id, Text: txt(t.text)})
	}
	g.FailOut = g.FailOut[newest(len(g.FailOut), func(i int) int { return len(g.FailOut[i].Text) }):]
	for _, t := range r.nowTasks {
		g.NowTasks = append(g.NowTasks, SnapText{Seq: t.ref.Seq, Text: txt(t.text)})
	}
	for _, o := range r.groups {
		g.Groups = append(g.Groups, OptionGroup{Heading: o.Heading, Options: slices.Clone(o.Options)})
	}
	for i := range r.pollOut {
		if r.pollOut[i] {
			g.PollOut = append(g.PollOut, i)
		}
	}
	slices.Sort(g.PollOut)
	if d := r.dflt; d != nil {
		g.Default = &SnapStanding{Option: d.option, Quote: txt(d.quote), Seq: d.seq, Plan: d.plan, Ask: d.ask, Msg: txt(d.msg), Rule: d.rule}
	}
	if r.ahead != "" {
		ev := r.aheadEv
		ev.Text = txt(ev.Text)
		g.AheadEv = &ev
	}
	if g.empty() {
		return nil
	}
	return g
}

// empty reports whether g holds nothing.
func (g *SnapReading) empty() bool {
	return g.Said == nil && g.AgentSaid == nil && g.FailOut == nil && g.RunPassed == nil && g.NowTasks == nil && g.Offered == nil && g.Groups == nil &&
		g.Poll == nil && g.PollOut == nil && g.Named == nil && g.NamedNear == nil && g.Default == nil && g.Refused == nil && g.Skipped == nil && g.AheadEv == nil && g.ValuesSeen == nil &&
		g.ShownText+g.Talked+g.Ran+g.Attempt+g.OfferedPick+g.Chosen+g.PollQuote+g.RelLast+g.Ahead+g.AskedEnd == "" &&
		g.ShownSeq == 0 && g.RanSeq == 0 && g.AttemptSeq == 0 && g.OfferedSeq == 0 && g.GroupsSeq == 0 && g.PollSeq == 0 && g.NamedSeq == 0 && g.RefusedSeq == 0 &&
		g.Clock == 0 && g.ClockSeq == 0 && g.PrevUserSeq == 0 && !g.RuledOnly && !g.OfferedReplied && !g.ChoseOffered && !g.NamedAlt && !g.ClockSeen
}

// restoreReading makes g (nil: nothing) r's reading state of the last
// messages and runs.
func (r *Reducer) restoreReading(g *SnapReading) {
	if g == nil {
		g = &SnapReading{}
	}
	seqs := func(in []SnapText) []seqText {
		var out []seqText
		for _, t := range in {
			out = append(out, seqText{seq: t.Seq, text: t.Text})
		}
		return out
	}
	r.said = slices.Clone(g.Said)
	r.agentSaid, r.runPassed = seqs(g.AgentSaid), seqs(g.RunPassed)
	r.failOut = nil
	for _, t := range g.FailOut {
		r.failOut = append(r.failOut, idText{id: t.ID, text: t.Text})
	}
	r.shown, r.shownText, r.shownSeq, r.talked = nil, g.ShownText, g.ShownSeq, g.Talked
	r.ran, r.ranSeq, r.attempt, r.attemptSeq, r.ruledOnly = g.Ran, g.RanSeq, g.Attempt, g.AttemptSeq, g.RuledOnly
	r.nowTasks = nil
	for _, t := range g.NowTasks {
		r.nowTasks = append(r.nowTasks, nowTask{text: t.Text, ref: EventRef{SessionID: r.opts.SessionID, Seq: t.Seq}})
	}
	r.offered, r.offeredSeq, r.offeredReplied, r.offeredPick = slices.Clone(g.Offered), g.OfferedSeq, g.OfferedReplied, g.OfferedPick
	r.choseOffered, r.chosen = g.ChoseOffered, g.Chosen
	r.groups, r.groupsSeq = nil, g.GroupsSeq
	for _, o := range g.Groups {
		r.groups = append(r.groups, OptionGroup{Heading: o.Heading, Options: slices.Clone(o.Options)})
	}
	r.poll, r.pollSeq, r.pollQuote, r.pollOut = slices.Clone(g.Poll), g.PollSeq, g.PollQuote, map[int]bool{}
	for _, i := range g.PollOut {
		r.pollOut[i] = true
	}
	r.named, r.namedSeq, r.namedAlt, r.namedNear = slices.Clone(g.Named), g.NamedSeq, g.NamedAlt, slices.Clone(g.NamedNear)
	r.dflt = nil
	if d := g.Default; d != nil {
		r.dflt = &standing{option: d.Option, quote: d.Quote, seq: d.Seq, plan: d.Plan, ask: d.Ask, msg: d.Msg, rule: d.Rule}
	}
	r.relLast = g.RelLast
	r.refused = refused{paths: slices.Clone(g.Refused), seq: g.RefusedSeq}
	r.skipped = slices.Clone(g.Skipped)
	r.clock, r.clockSeq, r.clockSeen = g.Clock, g.ClockSeq, g.ClockSeen
	r.ahead, r.aheadEv = g.Ahead, Event{}
	if g.AheadEv != nil && g.Ahead != "" {
		r.aheadEv = *g.AheadEv
	}
	r.askedEnd, r.prevUserSeq = g.AskedEnd, g.PrevUserSeq
	r.valuesSeen = maps.Clone(g.ValuesSeen)
}

// snapText is s with the secrets r knows masked, cut at maxSnapText.
func (r *Reducer) snapText(s string) string {
	for _, sec := range r.secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, masked(sec))
		}
	}
	if len(s) <= maxSnapText {
		return s
	}
	cut := maxSnapText
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
