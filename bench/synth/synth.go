package synth

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
)

// Options shape a workload. The zero Options is valid and gives a 100,000
// character session with the default plant counts below.
type Options struct {
	// Name names the session; "" means "synth-<seed>".
	Name string
	// Seed selects the workload; the same Options give the same bytes.
	Seed uint64
	// TargetChars is the model-visible size to reach, in characters
	// (Unicode code points) of message text, tool arguments and tool
	// output. Zero means 100,000. Generation stops at the first step
	// boundary past it, so the result is slightly larger.
	TargetChars int
	// Facts, Superseded, Constraints, Failures and Obligations are how
	// many of each plant to make. Zero means the default (6, 3, 2, 2, 2);
	// a negative value means none. Each is capped by its template list
	// (10, 8, 6, unlimited, 5); more is ErrBadOptions.
	Facts, Superseded, Constraints, Failures, Obligations int
	// Lifted, Unflagged, Unverified, Decisions, Rejected and Hypotheses
	// are how many epistemic plants to make: rules lifted later, failures
	// in tool results not flagged as errors, failures the assistant calls
	// fixed without evidence, decisions replaced later, approaches ruled
	// out, and hypotheses the assistant calls confirmed without evidence.
	// Zero means the default (1, 2, 1, 2, 1, 1); negative means none.
	// Lifted, Decisions and Rejected are capped by their template lists
	// (8, 5, 7); the others by 20.
	Lifted, Unflagged, Unverified, Decisions, Rejected, Hypotheses int
	// Chinese is the fraction of narrative (user and assistant text,
	// plants) written in Chinese. Zero means 0.3; a negative value means
	// English only; at most 1.
	Chinese float64
	// MinLog and MaxLog bound the size in bytes of long tool outputs (build
	// and service logs). Zero means 5,000 and 40,000. A long output is
	// never larger than a quarter of TargetChars.
	MinLog, MaxLog int
	// LongEvery makes every LongEvery-th filler tool result a long log.
	// Zero means 4; negative means never.
	LongEvery int
	// MinStepsPerTurn and MaxStepsPerTurn bound the assistant steps
	// between user turns. Zero
	// means 6 to 18.
	MinStepsPerTurn, MaxStepsPerTurn int
}

// ProbeKind classifies a probe.
type ProbeKind string

// Probe kinds.
const (
	KindFact       ProbeKind = "fact"
	KindSuperseded ProbeKind = "superseded"
	KindConstraint ProbeKind = "constraint"
	KindFailure    ProbeKind = "failure"
	KindObligation ProbeKind = "obligation"
	KindLifted     ProbeKind = "lifted"
	KindUnflagged  ProbeKind = "unflagged"
	KindUnverified ProbeKind = "unverified"
	KindDecision   ProbeKind = "decision"
	KindRejected   ProbeKind = "rejected"
	KindHypothesis ProbeKind = "hypothesis"
)

// Authority domains of probes whose anchor must stay in the model's
// context while it is current (EF-RFC-001 §5.4): a rule, a decision, an
// open failure or obligation.
const (
	AuthorityNormative = "normative"
	AuthorityDecision  = "decision"
	AuthorityOpen      = "open"
)

// Probe is one item of ground truth: a question whose exact answer was
// planted in the session.
type Probe struct {
	ID       string
	Kind     ProbeKind
	Question string
	// ExpectedAnswer is the exact string a correct answer contains.
	ExpectedAnswer string
	// SupersededValues are earlier values of a superseded item, oldest
	// first; an answer containing one of them instead is stale.
	SupersededValues []string
	// PlantedAtSeq is the seq of the event that states ExpectedAnswer (for
	// a superseded item, its final value; for a failure, the failing run).
	PlantedAtSeq int
	// EarlierSeqs are the seqs that stated the superseded values.
	EarlierSeqs []int
	// ResolvedAtSeq is the seq where the item stopped being open: the
	// passing run that fixed a failure, the message that lifted a rule; 0
	// when it never did.
	ResolvedAtSeq int
	// Subject is what every statement about the item names: a setting's
	// key, a rule's directory or command, a test, script or make target, a
	// decision's component, a rejected approach, a suspected file. Empty
	// for facts (the answer is its own subject).
	Subject string
	// Authority is the item's authority domain (AuthorityNormative,
	// AuthorityDecision, AuthorityOpen) when it must stay visible while
	// current; empty otherwise.
	Authority string
}

// Workload is a generated session with its ground truth. Its Session is
// not safe for concurrent use (see hostshim.Session).
type Workload struct {
	Name    string
	Options Options
	Session *hostshim.Session
	Probes  []Probe
	// Chars is the model-visible size in characters (see TargetChars).
	Chars int
}

func (o Options) withDefaults() (Options, error) {
	def := func(v *int, d int) {
		switch {
		case *v == 0:
			*v = d
		case *v < 0:
			*v = 0
		}
	}
	if o.Name == "" {
		o.Name = "synth-" + strconv.FormatUint(o.Seed, 10)
	}
	if o.TargetChars == 0 {
		o.TargetChars = 100_000
	}
	def(&o.Facts, 6)
	def(&o.Superseded, 3)
	def(&o.Constraints, 2)
	def(&o.Failures, 2)
	def(&o.Obligations, 2)
	def(&o.Lifted, 1)
	def(&o.Unflagged, 2)
	def(&o.Unverified, 1)
	def(&o.Decisions, 2)
	def(&o.Rejected, 1)
	def(&o.Hypotheses, 1)
	switch {
	case o.Chinese == 0:
		o.Chinese = 0.3
	case o.Chinese < 0:
		o.Chinese = 0
	}
	if o.MinLog == 0 {
		o.MinLog = 5_000
	}
	if o.MaxLog == 0 {
		o.MaxLog = 40_000
	}
	def(&o.LongEvery, 4)
	if o.MinStepsPerTurn == 0 {
		o.MinStepsPerTurn = 6
	}
	if o.MaxStepsPerTurn == 0 {
		o.MaxStepsPerTurn = 18
	}
	if o.TargetChars < 0 {
		return o, fmt.Errorf("%w: TargetChars %d is negative", ErrBadOptions, o.TargetChars)
	}
	// Each planted kind draws distinct templates: no more than there are.
	for _, c := range []struct {
		n, max int
		what   string
	}{
		{o.Facts, len(factTemplates), "facts"},
		{o.Superseded, len(supersedeTemplates), "superseded values"},
		{o.Constraints, len(constraintTemplates), "constraints"},
		{o.Obligations, len(obligationTemplates), "obligations"},
		{o.Lifted, len(liftedDirs), "lifted rules"},
		{o.Decisions, len(decisionTemplates), "replaced decisions"},
		{o.Rejected, len(rejectedApproaches), "rejected approaches"},
	} {
		if c.n > c.max {
			return o, fmt.Errorf("%w: at most %d %s", ErrBadOptions, c.max, c.what)
		}
	}
	switch {
	case o.Unflagged > 20 || o.Unverified > 20 || o.Hypotheses > 20 || o.Failures > 40:
		return o, fmt.Errorf("%w: at most 20 unflagged failures, unverified fixes and hypotheses, 40 failures", ErrBadOptions)
	case o.Chinese > 1:
		return o, fmt.Errorf("%w: Chinese fraction %v above 1", ErrBadOptions, o.Chinese)
	case o.MinLog < 0 || o.MaxLog < o.MinLog:
		return o, fmt.Errorf("%w: log size range [%d, %d]", ErrBadOptions, o.MinLog, o.MaxLog)
	case o.MinStepsPerTurn < 1 || o.MaxStepsPerTurn < o.MinStepsPerTurn:
		return o, fmt.Errorf("%w: steps per turn range [%d, %d]", ErrBadOptions, o.MinStepsPerTurn, o.MaxStepsPerTurn)
	}
	return o, nil
}

// plant is one scheduled emission of ground truth.
type plant struct {
	at    float64 // fraction of TargetChars where it is emitted
	order int     // tie-break, creation order
	emit  func(g *gen) error
}

// gen is the state of one generation run.
type gen struct {
	o     Options
	r     *rng
	s     *hostshim.Session
	turns *hostshim.Turns
	chars int
	// stepsLeft counts filler steps until the next user turn.
	stepsLeft int
	fillers   int
	clock     int
	callN     int
	probes    []Probe
	// constraints are the templates chosen for the first turn.
	constraints []saidTemplate
	// lastAsk is the seq of the assistant message of the latest call.
	lastAsk int
	// failed lists the test names already used, to keep them unique.
	failed map[string]bool
	// failing lists, per package, the planted tests failing now (runs.go).
	failing map[string][]string
}

// Generate builds the workload for opts.
func Generate(opts Options) (*Workload, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s := hostshim.NewSession(o.Name, hostshim.Gen01)
	g := &gen{o: o, r: newRNG(o.Seed), s: s, turns: hostshim.NewTurns(s)}
	plants := g.schedule()
	if err := g.start(); err != nil {
		return nil, err
	}
	next := 0
	for g.chars < o.TargetChars || next < len(plants) {
		if next < len(plants) && float64(g.chars) >= plants[next].at*float64(o.TargetChars) {
			if err := plants[next].emit(g); err != nil {
				return nil, err
			}
			next++
			continue
		}
		if err := g.filler(); err != nil {
			return nil, err
		}
	}
	if err := g.turns.CloseTurn(); err != nil {
		return nil, err
	}
	slices.SortStableFunc(g.probes, func(a, b Probe) int {
		if a.PlantedAtSeq != b.PlantedAtSeq {
			return a.PlantedAtSeq - b.PlantedAtSeq
		}
		return strings.Compare(a.ID, b.ID)
	})
	return &Workload{Name: o.Name, Options: o, Session: g.s, Probes: g.probes, Chars: g.chars}, nil
}

func (g *gen) zh() bool { return g.o.Chinese > 0 && g.r.chance(g.o.Chinese) }

// ---- event structure ----

func (g *gen) msgID() string { return "syn-" + strconv.Itoa(g.s.Len()) }

// user starts a new turn with a user message and returns its seq.
func (g *gen) user(text string) (int, error) {
	if err := g.turns.OpenTurn(); err != nil {
		return 0, err
	}
	g.stepsLeft = g.r.between(g.o.MinStepsPerTurn, g.o.MaxStepsPerTurn)
	g.chars += utf8.RuneCountInString(text)
	m := hostshim.Message{ID: g.msgID(), Role: hostshim.RoleUser, Content: []hostshim.Block{hostshim.TextBlock(text)}, Source: &hostshim.Source{Kind: "user"}}
	return g.turns.Append(hostshim.TypeUserMessage, m, true, nil)
}

// call is one step: assistant narration with one tool call, and its result.
// It returns the seq of the tool/result.
func (g *gen) call(narr, tool string, args map[string]string, output string, isError bool) (int, error) {
	if err := g.turns.ForAssistant(); err != nil {
		return 0, err
	}
	if g.stepsLeft > 0 {
		g.stepsLeft--
	}
	g.callN++
	id := fmt.Sprintf("call_%04d", g.callN)
	argText, err := marshalArgs(args)
	if err != nil {
		return 0, err
	}
	g.chars += utf8.RuneCountInString(narr) + utf8.RuneCountInString(argText) + utf8.RuneCountInString(output)
	m := hostshim.Message{ID: g.msgID(), Role: hostshim.RoleAssistant,
		Content: []hostshim.Block{hostshim.TextBlock(narr), {Type: hostshim.BlockToolCall, ID: id, Name: tool, Arguments: argText}},
		Source:  &hostshim.Source{Kind: "model", Provider: "deepseek", Model: "deepseek-synth"}}
	ask, err := g.turns.Append(hostshim.TypeAssistantMessage, hostshim.AssistantData{Turn: g.turns.Turn(), Step: g.turns.Step(), Message: m}, true, nil)
	if err != nil {
		return 0, err
	}
	g.lastAsk = ask
	callSeq, err := g.turns.Append(hostshim.TypeToolCall, hostshim.ToolCallData{Turn: g.turns.Turn(), Step: g.turns.Step(), CallID: id, Name: tool, Arguments: argText}, false, nil)
	if err != nil {
		return 0, err
	}
	errFlag := isError
	res := hostshim.Message{ID: g.msgID(), Role: hostshim.RoleUser,
		Content: []hostshim.Block{{Type: hostshim.BlockToolResult, ToolCallID: id, Content: []hostshim.Block{hostshim.TextBlock(output)}, IsError: &errFlag}},
		Source:  &hostshim.Source{Kind: "tool", CallID: id}}
	return g.turns.Append(hostshim.TypeToolResult, hostshim.MessageData{Turn: g.turns.Turn(), Step: g.turns.Step(), Message: res}, true, []int{callSeq})
}

// marshalArgs encodes tool arguments with sorted keys and no HTML escaping.
func marshalArgs(args map[string]string) (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(args)) {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(args[k])
		if err != nil {
			return "", err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	// json.Marshal escapes <, > and &; the host writes them as is.
	s := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(b.String())
	return s, nil
}

// ---- session body ----

// start writes the header and the first user turn with the constraints.
func (g *gen) start() error {
	var h struct {
		Header struct {
			Config struct {
				Provider string `json:"provider"`
				Model    string `json:"model"`
			} `json:"config"`
			System string `json:"system"`
		} `json:"header"`
		Reason string `json:"reason"`
	}
	h.Header.Config.Provider, h.Header.Config.Model = "deepseek", "deepseek-synth"
	h.Header.System = "You are a coding agent working in the Go repository example.com/proj. Use the tools to read, search, edit and test code."
	h.Reason = "initial"
	if _, err := g.turns.Append(hostshim.TypeRequestHeader, h, false, nil); err != nil {
		return err
	}
	zh := g.zh()
	task := text{
		"We need to make the frame decoder in internal/wire robust against truncated input and clean up the retry logic in the pipeline. Work through the packages one by one and keep the tests green.",
		"我们需要让 internal/wire 里的帧解码器能处理被截断的输入，并整理 pipeline 里的重试逻辑。请逐个包处理，保持测试通过。",
	}.in(zh)
	var rules []string
	for _, c := range g.constraints {
		rules = append(rules, c.say.in(zh))
	}
	msg := task
	if len(rules) > 0 {
		msg += "\n\n" + text{"Rules for this work:", "这次工作的规则："}.in(zh) + "\n- " + strings.Join(rules, "\n- ")
	}
	seq, err := g.user(msg)
	if err != nil {
		return err
	}
	for n, c := range g.constraints {
		g.probes = append(g.probes, Probe{ID: fmt.Sprintf("constraint-%d", n+1), Kind: KindConstraint,
			Question: c.ask.in(zh), ExpectedAnswer: c.answer, PlantedAtSeq: seq, Subject: c.answer, Authority: AuthorityNormative})
	}
	return nil
}
