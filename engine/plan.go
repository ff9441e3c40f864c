package engine

import (
	"fmt"
	"math"
	"slices"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/validator"
)

// Plan is a planner's decision: the span to fold and why. Positions are
// surface indexes at planning time; Seqs and Prices identify the span by
// node identity and host price (predicate G re-checks them at commit).
type Plan struct {
	Mode     Mode        `json:"mode"`
	Start    int         `json:"start"`
	End      int         `json:"end"`
	StartIdx int         `json:"startIdx"`
	EndIdx   int         `json:"endIdx"`
	Seqs     []int       `json:"seqs"`
	Prices   []int       `json:"-"`
	Tokens   int         `json:"tokens"` // host-meter price of the span
	Frontier FrontierRef `json:"frontier"`
	// FrontierPos is the frontier's surface position at planning time.
	FrontierPos int `json:"frontierPos"`
	// Leaf: the fold floor and the goal the span was grown to.
	Floor int `json:"floor,omitempty"`
	Goal  int `json:"goal,omitempty"`
	// Emergency: the budget and its split (TokenMeter tokens). BestEffort:
	// the budget cannot be met, and everything foldable is folded into the
	// smallest checkpoint (FoldRequest.BestEffort).
	BestEffort       bool   `json:"bestEffort,omitempty"`
	Budget           int    `json:"budget,omitempty"`
	HeadTokens       int    `json:"headTokens,omitempty"`
	TailTokens       int    `json:"tailTokens,omitempty"`
	TailNodes        int    `json:"tailNodes,omitempty"`
	CheckpointBudget int    `json:"checkpointBudget,omitempty"`
	Reason           string `json:"reason"`
}

// surfaceView is one measured snapshot of the surface for planning.
type surfaceView struct {
	s      *hostshim.Session
	nodes  []int
	prices []int  // host meter
	header int    // host price of the latest request header (system prompt, tools)
	total  int    // header + Σ prices: the host's estimated request size
	bal    []bool // bal[k]: the cut before position k is balanced (k = len: after the last)
	open   int    // first position of an unfinished step's node, or len(nodes)
}

func (e *Engine) view(s *hostshim.Session) (*surfaceView, error) {
	if s == nil {
		return nil, ErrNoSession
	}
	// Read the messages appended since the engine last looked, once.
	e.Observe(s)
	prices, err := hostshim.NodePrices(s, e.opts.HostMeter)
	if err != nil {
		return nil, err
	}
	v := &surfaceView{s: s, nodes: slices.Clone(s.Nodes()), prices: prices}
	if h, ok, err := hostshim.LatestRequestHeader(s); err != nil {
		return nil, err
	} else if ok {
		v.header = hostshim.HeaderTokens(&h, e.opts.HostMeter)
	}
	v.total = v.header
	for _, p := range prices {
		v.total += p
	}
	n := len(v.nodes)
	v.bal = make([]bool, n+1)
	for k := 0; k < n; k++ {
		if v.bal[k], err = s.BalancedBefore(v.nodes[k]); err != nil {
			return nil, err
		}
	}
	v.bal[n] = true
	if n > 0 {
		if v.bal[n], err = s.BalancedAfter(v.nodes[n-1]); err != nil {
			return nil, err
		}
	}
	v.open = n
	if turn, step, ok := validator.OpenStep(s); ok {
		for p, seq := range v.nodes {
			ev, _ := s.Event(seq)
			if ev.Type != hostshim.TypeAssistantMessage && ev.Type != hostshim.TypeToolResult {
				continue
			}
			var d hostshim.TurnData
			if ev.Decode(&d) == nil && d.Turn == turn && d.Step == step {
				v.open = p
				break
			}
		}
	}
	return v, nil
}

// limitCut returns the largest balanced cut ≤ k and ≥ lo, or -1.
func (v *surfaceView) limitCut(k, lo int) int {
	for ; k >= lo; k-- {
		if v.bal[k] {
			return k
		}
	}
	return -1
}

func (v *surfaceView) plan(mode Mode, si, ei int, fr Frontier) *Plan {
	p := &Plan{Mode: mode, StartIdx: si, EndIdx: ei, Start: v.nodes[si], End: v.nodes[ei],
		Seqs: slices.Clone(v.nodes[si : ei+1]), Prices: slices.Clone(v.prices[si : ei+1]),
		Frontier: fr.Ref, FrontierPos: fr.Position}
	for _, x := range p.Prices {
		p.Tokens += x
	}
	return p
}

// storeState is what becomes of a fold's span on this engine as a rule:
// stored, or nothing (no store). The sizes planned from it hold for a
// fold compiled without writing its bundle (archiveLater) too: that
// recall line is no longer than the stored one.
func (e *Engine) storeState() archiveState {
	if e.opts.Archive != nil {
		return archiveStored
	}
	return archiveNone
}

// checkpointOverhead is the host price of an empty EF checkpoint: preamble,
// tags, marker, header and recall lines, with ids of typical length.
func (e *Engine) checkpointOverhead(s *hostshim.Session) int {
	f := &Facts{Seqs: []int{100000, 100001}, Tokens: 100000, Users: 1, Assistants: 1, Results: 1}
	id := "ef-00000000-0000-4000-8000-000000000000"
	text := renderText(Marker{ID: id, Mode: ModeLeaf, First: 100000, Last: 100001}, f, nil, nil, 0, e.storeState(), 100)
	m := frameCheckpoint(s, id[3:], "", "00000000-0000-4000-8000-000000000000", text)
	return e.opts.HostMeter.CountMessage(m)
}

// foldFloor is the smallest span a leaf fold takes:
//
//	floor = max(FoldFloorTokens, FloorOverheadFactor × overhead)
//
// where overhead is the host price of an empty checkpoint. A smaller fold
// reclaims less than a few checkpoints' worth and still breaks the prompt
// cache after its start, so it is not worth making.
func (e *Engine) foldFloor(s *hostshim.Session) int {
	p := e.opts.Policy
	return max(p.FoldFloorTokens, p.FloorOverheadFactor*e.checkpointOverhead(s))
}

// planLeaf chooses the oldest contiguous safe span after the frontier
// (§9.1): it starts at the frontier, grows node by node and ends at the
// first balanced cut where the span reaches its goal, never entering the
// retained tail or an unfinished step. goal = max(floor, need), need =
// total − TargetRatio × ContextWindow under pressure (everything up to the
// tail when pressure is false and no window is set). merge lets a
// pressure fold become a merge (false: the leaf fold alone, after a merge
// that would save too little, see minGain). It returns a skip reason
// instead of a plan when no span is worth folding.
func (e *Engine) planLeaf(v *surfaceView, pressure, merge bool) (*Plan, string, error) {
	fr, err := LocateFrontier(v.s)
	if err != nil {
		return nil, "", err
	}
	n := len(v.nodes)
	pol := e.opts.Policy
	// The retained tail: the shortest suffix worth the retained tokens.
	retain := e.retainTokens(v, fr.Position)
	k, acc := n, 0
	for k > 0 && acc < retain {
		k--
		acc += v.prices[k]
	}
	// Merge (the rare rebase of §9.2): a pressure fold starts at the
	// system head and folds the frozen checkpoints, with its span, into
	// one root checkpoint. It breaks the prompt cache after the system
	// head once; the frozen prefix stays bounded.
	mode, start := ModeLeaf, fr.Position
	fz := v.frozen(fr.Position)
	mt := pol.mergeTokens()
	over, limWhy := fz.total > mt, fmt.Sprint(mt)
	if ec, ok := e.economics(v); ok && mt > 0 {
		// Frozen checkpoints ride along in every request. A merge
		// writes the last root again (about its size) and removes what
		// accumulated after it: merge once that outweighs one economic
		// fold (or MergeRatio × W), not when the root alone nears the
		// bound, where a merge would rewrite the root to remove one
		// leaf. Above twice the bound the window's room decides.
		lim := min(mt, max(ec.order, e.foldFloor(v.s)))
		limWhy = fmt.Sprintf("min(%d, G*)", mt)
		if ec.hitOrder > 0 && ec.base+ec.hitOrder > pol.ThresholdTokens() {
			// A hit target the window cannot give a cycle: the frozen
			// checkpoints are the only part of the request after a
			// fold that the cache still holds, so they are kept up to
			// the bound (see "Holding the prompt cache").
			lim, limWhy = mt, fmt.Sprintf("%d for hits %g", mt, pol.HitTarget)
		}
		over = fz.total-fz.largest > lim || fz.total > 2*mt
	}
	if merge && pressure && mt > 0 && len(fr.Frozen) >= 2 && over {
		mode, start = ModeRoot, v.headEnd()
	}
	limit := v.limitCut(min(k, v.open), start)
	st := start
	for st < n && !v.bal[st] {
		st++
	}
	if limit < 0 || st >= limit || (mode == ModeRoot && limit-st < 2) {
		return nil, fmt.Sprintf("nothing foldable between the frontier (position %d) and the retained tail (%d tokens from position %d)", fr.Position, acc, k), nil
	}
	floor := e.foldFloor(v.s)
	goal := floor
	switch {
	case pol.ContextWindow > 0 && pressure && pol.CachePriceRatio > 0:
		// Economic pressure: one large fold of everything up to the
		// retained tail, so the next one comes as late as possible.
		goal = int(^uint(0) >> 1)
	case pol.ContextWindow > 0:
		goal = max(goal, v.total-pol.targetTokens())
	case !pressure:
		goal = int(^uint(0) >> 1)
	}
	end, spanTok, sum := -1, 0, 0
	for p := st; p < limit; p++ {
		sum += v.prices[p]
		if v.bal[p+1] {
			end, spanTok = p, sum
			if sum >= goal {
				break
			}
		}
	}
	if end < 0 {
		return nil, "no balanced end between the frontier and the retained tail", nil
	}
	if spanTok < floor {
		return nil, fmt.Sprintf("span of %d tokens is below the fold floor %d", spanTok, floor), nil
	}
	closure := ""
	if spanTok >= goal {
		end, spanTok, closure = v.chooseEnd(st, end, spanTok, limit, goal, floor)
	}
	p := v.plan(mode, st, end, fr)
	p.Floor, p.Goal = floor, min(goal, spanTok)
	p.Reason = fmt.Sprintf("leaf: oldest span after the frontier, %d tokens (floor %d, goal %d), retained tail from position %d", spanTok, floor, goal, limit)
	switch {
	case goal == int(^uint(0)>>1):
		p.Reason = fmt.Sprintf("leaf: everything between the frontier and the retained tail, %d tokens (floor %d; an economic fold takes the whole span)", spanTok, floor)
	case goal > spanTok:
		p.Reason = fmt.Sprintf("leaf: everything between the frontier and the retained tail, %d tokens (floor %d, goal %d not reachable)", spanTok, floor, goal)
	}
	if mode == ModeRoot {
		g := fmt.Sprintf("goal %d", goal)
		if goal == int(^uint(0)>>1) {
			g = "an economic fold takes the whole span"
		}
		p.Reason = fmt.Sprintf("merge: %d frozen checkpoints worth %d tokens, %d after the largest (over %s, or the whole over %d), and the span after them, %d tokens in all (%s)", len(fr.Frozen), fz.total, fz.total-fz.largest, limWhy, 2*mt, spanTok, g)
	}
	p.Reason += closure
	return p, "", nil
}

// Planner choice (§23: safety first, then cost). planCandidates bounds the
// balanced ends considered after the first that reaches the goal; a
// candidate may overshoot the goal by at most one fold floor.
const planCandidates = 8

// chooseEnd picks the span's end among the balanced cuts from first (the
// first that reaches the goal) on, within limit and goal + floor: the
// candidates all pass the structural predicates (balanced cuts before any
// unfinished step); among them the highest closure wins (a span that ends a
// work phase with a successful last tool outcome, C3, over one that ends a
// phase, C2, over any other), then the cheapest, the one that takes the
// least out of verbatim view. It returns the end, its tokens and a note.
func (v *surfaceView) chooseEnd(st, first, firstTok, limit, goal, floor int) (int, int, string) {
	type cand struct{ end, tok, rank int }
	rank := func(end int) int {
		closed, ok := validator.PhaseFacts(v.s, st, end)
		switch {
		case closed && ok:
			return 3
		case closed:
			return 2
		}
		return 1
	}
	best := cand{first, firstTok, rank(first)}
	n := 1
	sum := firstTok
	for p := first + 1; p < limit && n < planCandidates && best.rank < 3; p++ {
		sum += v.prices[p]
		if sum > goal+floor {
			break
		}
		if !v.bal[p+1] {
			continue
		}
		n++
		if r := rank(p); r > best.rank {
			best = cand{p, sum, r}
		}
	}
	if best.end == first {
		return first, firstTok, ""
	}
	return best.end, best.tok, fmt.Sprintf("; end moved to the first of %d candidate cuts that closes a work phase (closure C%d, %d tokens)", n, best.rank, best.tok)
}

// headEnd is the position of the first node after the system head (a
// system or developer message at position 0.. that no fold replaces).
func (v *surfaceView) headEnd() int {
	h := 0
	for h < len(v.nodes) {
		ev, _ := v.s.Event(v.nodes[h])
		if ev.Type != hostshim.TypeSystemMessage && ev.Type != hostshim.TypeDeveloperMessage {
			break
		}
		h++
	}
	return h
}

// planRoot chooses everything after the system head up to the last
// balanced cut before any unfinished step (§9.2, /compact): earlier
// checkpoints included, so they merge into one root checkpoint.
func (e *Engine) planRoot(v *surfaceView) (*Plan, string, error) {
	fr, err := LocateFrontier(v.s)
	if err != nil {
		return nil, "", err
	}
	st := v.headEnd()
	for st < len(v.nodes) && !v.bal[st] {
		st++
	}
	limit := v.limitCut(v.open, st+1)
	if limit < 0 || st >= limit {
		return nil, "no compactable history", nil
	}
	if limit-st == 1 {
		if m, _ := v.s.Message(v.nodes[st]); m.IsCheckpoint() {
			return nil, "the history is already one checkpoint", nil
		}
	}
	p := v.plan(ModeRoot, st, limit-1, fr)
	p.Reason = fmt.Sprintf("root: everything after the system head, %d nodes, %d tokens, %d earlier checkpoints", limit-st, p.Tokens, len(fr.Frozen))
	return p, "", nil
}

// planEmergency splits the surface for a hard budget B (TokenMeter tokens):
//
//	request after = H + C + T ≤ B
//
// H is the head no fold removes (the request header's system prompt and
// tool schemas, and system nodes at the head), C the checkpoint, T the verbatim
// recent tail. minC is the price of the smallest checkpoint (marker,
// header, drop manifest line, recall line). The tail gets at most
// ⌊(B − H − minC) × EmergencyTailRatio⌋: the longest suffix that starts at
// a balanced cut, fits that, and leaves at least one node to fold; when no
// balanced suffix fits, the shortest balanced one (everything up to the
// unfinished step, or nothing) is taken and must fit B − H − minC. The
// checkpoint then gets C_budget = B − H − T and is filled by priority
// (fitEmergency).
//
// When B cannot be met (H + minC > B, or the shortest balanced tail is over
// B − H − minC), the fold is refused with ErrBudget, unless bestEffort: then
// everything foldable (up to the shortest balanced tail) is folded into the
// smallest checkpoint, its hard state kept (Plan.BestEffort), since for a
// provider-confirmed overflow no fold at all leaves the turn to fail. A span
// that is one checkpoint alone is still refused: re-folding it cannot shrink it.
func (e *Engine) planEmergency(v *surfaceView, budget int, bestEffort bool) (*Plan, string, error) {
	tok := e.opts.TokenMeter
	n := len(v.nodes)
	// Real prices are taken lazily, from both ends: the tokenizer is the
	// cost of an emergency fold, and the nodes in the middle of the span
	// never need one (the span leaves the surface whatever it costs).
	real := make([]int, n)
	known := make([]bool, n)
	var perr error
	price := func(k int) int {
		if !known[k] {
			p, err := v.s.Price(v.nodes[k], tok)
			if err != nil && perr == nil {
				perr = err
			}
			real[k], known[k] = p, true
		}
		return real[k]
	}
	st := v.headEnd()
	for st < n && !v.bal[st] {
		st++
	}
	// The head is what no fold removes: the request header (system prompt
	// and tool schemas, priced by the token meter) and the system nodes.
	head := 0
	if h, ok, err := hostshim.LatestRequestHeader(v.s); err != nil {
		return nil, "", err
	} else if ok {
		head = hostshim.HeaderTokens(&h, tok)
	}
	for k := 0; k < st; k++ {
		head += price(k)
	}
	// Is the surface over the budget at all? Sum from the end and stop as
	// soon as it is.
	sum, over := head, false
	for k := n - 1; k >= st && !over; k-- {
		sum += price(k)
		over = sum > budget
	}
	if perr != nil {
		return nil, "", perr
	}
	if !over {
		return nil, fmt.Sprintf("the request (system prompt, tools and surface) is %d %s tokens, within the budget %d", sum, tok.Name(), budget), nil
	}
	fr, err := LocateFrontier(v.s)
	if err != nil {
		return nil, "", err
	}
	minC := e.minEmergencyCheckpoint(v.s)
	avail := budget - head - minC
	suffix := make([]int, n+1) // suffix[k] = Σ real[k:], filled from the end as needed
	filled := n
	suffixAt := func(k int) int {
		for filled > k {
			filled--
			suffix[filled] = suffix[filled+1] + price(filled)
		}
		return suffix[k]
	}
	// unmet is the answer when B cannot be met: ErrBudget, or the best
	// effort of folding everything up to the shortest balanced tail.
	unmet := func(why string) (*Plan, string, error) {
		limit := v.limitCut(v.open, st+1)
		if !bestEffort || limit < 0 {
			return nil, "", fmt.Errorf("%w: %s", ErrBudget, why)
		}
		if limit-st == 1 {
			if m, _ := v.s.Message(v.nodes[st]); m.IsCheckpoint() {
				return nil, "", fmt.Errorf("%w: %s, and what can be folded is one checkpoint alone", ErrBudget, why)
			}
		}
		tail := suffixAt(limit)
		if perr != nil {
			return nil, "", perr
		}
		p := v.plan(ModeEmergency, st, limit-1, fr)
		p.BestEffort = true
		p.Budget, p.HeadTokens, p.TailTokens, p.TailNodes = budget, head, tail, n-limit
		p.CheckpointBudget = max(0, budget-head-tail)
		p.Reason = fmt.Sprintf("emergency, best effort: %s; head %d + tail %d (%d nodes) kept, everything before the tail, %d nodes (%d host tokens), folded into the smallest checkpoint", why, head, tail, n-limit, limit-st, p.Tokens)
		return p, "", nil
	}
	if avail < 0 {
		return unmet(fmt.Sprintf("budget %d < system head %d + smallest checkpoint %d (%s)", budget, head, minC, tok.Name()))
	}
	tailBudget := int(float64(avail) * e.opts.Policy.EmergencyTailRatio)
	best := -1
	for k := v.open; k > st; k-- {
		if !v.bal[k] {
			continue
		}
		if suffixAt(k) > tailBudget {
			break
		}
		best = k
	}
	if best < 0 {
		best = v.limitCut(v.open, st+1)
		if best < 0 {
			return nil, "", fmt.Errorf("%w: nothing can be folded before the unfinished step%s", ErrBudget, openCallsNote(v.s))
		}
		if suffixAt(best) > avail {
			return unmet(fmt.Sprintf("the part that cannot be folded (from position %d) is %d %s tokens, over the %d left%s", best, suffixAt(best), tok.Name(), avail, openCallsNote(v.s)))
		}
	}
	if perr != nil {
		return nil, "", perr
	}
	p := v.plan(ModeEmergency, st, best-1, fr)
	p.Budget, p.HeadTokens, p.TailTokens, p.TailNodes = budget, head, suffixAt(best), n-best
	p.CheckpointBudget = budget - head - p.TailTokens
	p.Reason = fmt.Sprintf("emergency: over budget %d %s tokens; head %d + tail %d (%d nodes) kept, %d nodes (%d host tokens) folded into a checkpoint of at most %d", budget, tok.Name(), head, p.TailTokens, p.TailNodes, best-st, p.Tokens, p.CheckpointBudget)
	return p, "", nil
}

// minEmergencyCheckpoint is the TokenMeter price of the smallest emergency
// checkpoint, with ids and numbers of generous length. It depends only on
// the engine and the host generation (the checkpoint's source), so it is
// measured once per generation.
func (e *Engine) minEmergencyCheckpoint(s *hostshim.Session) int {
	e.minCkpt.Lock()
	defer e.minCkpt.Unlock()
	if n, ok := e.minCkpt.m[s.Gen]; ok {
		return n
	}
	if e.minCkpt.m == nil {
		e.minCkpt.m = map[hostshim.Generation]int{}
	}
	n := e.measureMinEmergencyCheckpoint(s)
	e.minCkpt.m[s.Gen] = n
	return n
}

// measureMinEmergencyCheckpoint renders and counts what
// minEmergencyCheckpoint returns.
func (e *Engine) measureMinEmergencyCheckpoint(s *hostshim.Session) int {
	f := &Facts{Seqs: []int{1000000, 1000001}, Tokens: 100000000, Users: 100000, Assistants: 100000, Results: 100000, Checkpoints: 1000}
	id := "ef-00000000-0000-4000-8000-000000000000"
	mk := Marker{ID: id, Mode: ModeEmergency, First: 1000000, Last: 1000001}
	var cands []candidate
	for _, cat := range manifestCats {
		for range 100 {
			cands = append(cands, candidate{cat: cat})
		}
	}
	text := renderEmergencyText(mk, f, nil, cands, nil, make([]bool, len(cands)), e.storeState(), 1000000)
	m := frameCheckpoint(s, id[3:], "00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000000", text)
	return e.opts.TokenMeter.CountMessage(m) + 8
}

// economy is the pressure policy's view of the prompt cache for one
// surface (see "Holding the prompt cache" in the package documentation).
type economy struct {
	perRequest int // n: surface tokens after the frontier per request (assistant message)
	resend     int // R: what the request after a fold re-sends uncached because of it: the checkpoint and the retained tail the cache held
	base       int // C0: the request right after a fold: header, system head, frozen checkpoints, checkpoint, tail
	order      int // G* = √(2·n·R/ρ): the span worth one fold
	hitOrder   int // G_h: the smallest span whose fold cycle hits HitTarget (0: no target)
	foldable   int // the span between the frontier and the retained tail now
}

// economics measures v for the pressure policy; ok is false when the
// economic trigger is off or nothing after the frontier tells the pace.
func (e *Engine) economics(v *surfaceView) (ec economy, ok bool) {
	pol := e.opts.Policy
	if pol.CachePriceRatio <= 0 || pol.ContextWindow <= 0 {
		return ec, false
	}
	fr, err := LocateFrontier(v.s)
	if err != nil {
		return ec, false
	}
	n := len(v.nodes)
	pace, after, ok := v.pace(fr.Position)
	if !ok {
		return ec, false
	}
	retain := e.retainTokens(v, fr.Position)
	k, tail := n, 0
	for k > fr.Position && tail < retain {
		k--
		tail += v.prices[k]
	}
	head := 0
	for q := 0; q < fr.Position; q++ {
		head += v.prices[q]
	}
	// A leaf fold writes a leaf checkpoint: about what the frozen leaf
	// checkpoints cost; before any, a few times the empty one. Roots
	// restate their parents and are several times larger: counting them
	// would size every leaf fold for a root's re-send.
	ckpt := e.foldFloor(v.s) / 2
	if fz := v.frozen(fr.Position); fz.leaves > 0 {
		ckpt = fz.leafTokens / fz.leaves
	}
	// The tail's unsent part (the model's latest answer and what followed
	// it) misses the cache on the next request with or without a fold;
	// only the rest is re-sent because of the fold.
	unsent, _ := v.responsesTail(fr.Position, 1)
	ec.perRequest = pace
	ec.resend = max(0, tail-unsent) + ckpt
	ec.base = v.header + head + ckpt + tail
	ec.order = int(math.Sqrt(2 * float64(ec.perRequest) * float64(ec.resend) / pol.CachePriceRatio))
	ec.foldable = max(0, after-tail)
	ec.hitOrder = hitOrder(pol.HitTarget, ec.perRequest, ec.resend, ec.base)
	return ec, true
}

// cacheUnit is the block a provider's prefix cache stores and matches
// (DeepSeek: 64 tokens). A hit is a whole number of blocks, so a request
// whose cached prefix ends inside a block pays that block's cached part
// as a miss: on average half a block a request, beside its new tokens.
const cacheUnit = 64

// hitOrder is the smallest span G whose fold cycle hits the cache at
// least h: a cycle sends G/n requests of C0 + j·n tokens (j = 1…G/n),
// (G/n)·(C0 + G/2) in all, and misses the G new tokens, half a cache block
// a request (u = cacheUnit/2, (G/n)·u in all) and the fold's re-send R, so
// its hit rate is
//
//	1 − (n·R + (n + u)·G) / (G·(C0 + G/2))
//
// which grows with G; the smallest G with rate ≥ h is the positive root of
// (1−h)/2·G² + ((1−h)·C0 − (n + u))·G − n·R = 0. It is 0 when h ≤ 0 (no
// target).
func hitOrder(h float64, n, r, c0 int) int {
	if h <= 0 || h >= 1 || n <= 0 {
		return 0
	}
	m := 1 - h
	b := m*float64(c0) - float64(n+cacheUnit/2)
	return int(math.Ceil((-b + math.Sqrt(b*b+2*m*float64(n)*float64(r))) / m))
}

// pressureThreshold is the surface size at which a pressure fold runs:
// ThresholdRatio × W, or, earlier, as soon as the span after the frontier
// is worth one economic fold (C0 + G*, and at least the fold floor past
// C0), or, with a hit target, C0 + G_h when that is larger and fits under
// the threshold. A hit target whose span does not fit waits for the
// threshold: the largest cycle the window allows is the nearest to the
// target that the frontier lets a fold come (see "Holding the prompt
// cache" in the package documentation). why says which.
func (e *Engine) pressureThreshold(v *surfaceView) (int, string) {
	th := e.opts.Policy.ThresholdTokens()
	ec, ok := e.economics(v)
	if !ok {
		return th, "window threshold"
	}
	g, why := max(ec.order, e.foldFloor(v.s)), "G*"
	if ec.hitOrder > g {
		if ec.base+ec.hitOrder > th {
			return th, fmt.Sprintf("window threshold: C0 %d + G_h %d for hits %g (n %d, R %d) does not fit under it", ec.base, ec.hitOrder, e.opts.Policy.HitTarget, ec.perRequest, ec.resend)
		}
		g, why = ec.hitOrder, "G_h"
	}
	if econ := ec.base + g; econ < th {
		if ec.hitOrder == 0 {
			return econ, fmt.Sprintf("economic: C0 %d + G* %d (n %d, R %d, ρ %g)", ec.base, g, ec.perRequest, ec.resend, e.opts.Policy.CachePriceRatio)
		}
		return econ, fmt.Sprintf("economic: C0 %d + %s %d (n %d, R %d, ρ %g, G* %d, G_h %d for hits %g)", ec.base, why, g, ec.perRequest, ec.resend, e.opts.Policy.CachePriceRatio, ec.order, ec.hitOrder, e.opts.Policy.HitTarget)
	}
	return th, "window threshold"
}

// frozenLoad is the checkpoints of the frozen prefix (after the system
// head), in host-meter tokens.
type frozenLoad struct {
	total      int // every checkpoint
	largest    int // the largest: the last root, when there is one
	leafTokens int // the leaf checkpoints
	leaves     int
}

func (v *surfaceView) frozen(frontier int) frozenLoad {
	var fz frozenLoad
	for q := v.headEnd(); q < frontier; q++ {
		fz.total += v.prices[q]
		fz.largest = max(fz.largest, v.prices[q])
		if m, err := v.s.Message(v.nodes[q]); err == nil {
			if mk, ok := MarkerOf(m); ok && mk.Mode == ModeLeaf {
				fz.leafTokens += v.prices[q]
				fz.leaves++
			}
		}
	}
	return fz
}

// pace is the surface's growth per model request since the frontier: the
// tokens after it per assistant message there (each is one request), and
// those tokens. ok is false when no assistant message follows the
// frontier.
func (v *surfaceView) pace(frontier int) (perRequest, after int, ok bool) {
	asks := 0
	for q := frontier; q < len(v.nodes); q++ {
		after += v.prices[q]
		if ev, _ := v.s.Event(v.nodes[q]); ev.Type == hostshim.TypeAssistantMessage {
			asks++
		}
	}
	if asks == 0 {
		return 0, after, false
	}
	return max(1, after/asks), after, true
}

// retainFloorTokens caps the retained tail's floor (W/64): the floor
// keeps some recent context verbatim when the model's latest answer is
// tiny, which does not need more tokens on a larger window, while what
// the floor holds beyond that answer is re-sent behind every leaf fold's
// checkpoint (at 64K, W/64 re-sent 409 tokens a fold, as much as the
// checkpoint). 256 is W/64 at 16K, the bench's default window.
const retainFloorTokens = 256

// retainTokens is the retained tail of a leaf fold: RetainTokens when set,
// else the suffix from the RetainRequests-th latest assistant message after
// the frontier (the model's latest answers and everything that followed
// them), within [min(W/64, retainFloorTokens), 16% of W] (16% when no assistant message follows
// the frontier).
func (e *Engine) retainTokens(v *surfaceView, frontier int) int {
	pol := e.opts.Policy
	if pol.RetainTokens > 0 {
		return pol.RetainTokens
	}
	hi := pol.ContextWindow * 16 / 100
	tail, ok := v.responsesTail(frontier, pol.retainResponses())
	if !ok {
		return hi
	}
	return min(hi, max(min(pol.ContextWindow/64, retainFloorTokens), tail))
}

// responsesTail is the host price of the suffix that starts at the k-th
// latest assistant message at or after position frontier; ok is false
// when fewer than k follow it.
func (v *surfaceView) responsesTail(frontier, k int) (int, bool) {
	tail := 0
	for q := len(v.nodes) - 1; q >= frontier; q-- {
		tail += v.prices[q]
		if ev, _ := v.s.Event(v.nodes[q]); ev.Type == hostshim.TypeAssistantMessage {
			if k--; k == 0 {
				return tail, true
			}
		}
	}
	return tail, false
}

// wantsDigest reports whether a fold of mode asks for a semantic digest
// (when a Summarizer is set): root folds always, leaf folds only with
// DigestLeaves. Emergency folds never call an LLM (§9.3).
func (e *Engine) wantsDigest(mode Mode) bool {
	switch mode {
	case ModeRoot:
		return true
	case ModeLeaf:
		return e.opts.Policy.DigestLeaves
	}
	return false
}

// openCallsNote says why no cut is balanced after a point, when the reason
// is a tool call the conversation went past without its result (a log that
// repeats an assistant message leaves one): "" when there is none.
func openCallsNote(s *hostshim.Session) string {
	open, err := hostshim.OpenCalls(s)
	if err != nil || len(open) == 0 {
		return ""
	}
	note := fmt.Sprintf(" (nothing after seq %d can be folded: %s", open[0].Seq, open[0])
	if len(open) > 1 {
		note += fmt.Sprintf("; %d more such calls", len(open)-1)
	}
	return note + ")"
}
