package recall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
)

// Scope says which sessions a search covers.
type Scope string

// Scopes.
const (
	// ScopeSession searches the checkpoints of one session.
	ScopeSession Scope = "session"
	// ScopeProject searches every session stored under the same store root.
	ScopeProject Scope = "project"
)

// Search limits.
const (
	// DefaultSearchLimit is the number of hits returned when a request
	// names none.
	DefaultSearchLimit = 10
	// MaxSearchLimit is the largest limit accepted.
	MaxSearchLimit = 50
	// SnippetBytes is the most text of a hit shown around its matches.
	SnippetBytes = 240
)

// SearchRequest is a context_search call. Request and result types
// (SearchRequest, SearchResult, Hit) are plain values: safe to share, not to
// mutate concurrently.
type SearchRequest struct {
	// Query is the query text (see the package comment for its syntax).
	Query string `json:"query"`
	// Scope is ScopeSession or ScopeProject. Empty means ScopeSession when
	// SessionID is set, ScopeProject otherwise.
	Scope Scope `json:"scope,omitempty"`
	// SessionID is the session the search is made from: the session
	// searched in session scope; refs to its checkpoints omit "@session".
	SessionID string `json:"sessionId,omitempty"`
	// Limit is the most hits to return. Zero means DefaultSearchLimit; it
	// may not exceed MaxSearchLimit.
	Limit int `json:"limit,omitempty"`
	// Budget is the token budget of the answer. Zero (or negative) means
	// Options.DefaultBudget; it is lowered to Options.MaxBudget.
	Budget int `json:"budget,omitempty"`
}

// SearchResult is the answer to a search.
type SearchResult struct {
	Query     string `json:"query"`
	Scope     Scope  `json:"scope"`
	SessionID string `json:"sessionId,omitempty"`
	// Total is the number of matching checkpoints and messages in scope
	// (in a partial search, of those holding some of the words).
	Total uint64 `json:"total"`
	// Partial reports that no checkpoint or message holds every word of
	// the query: the hits hold some of them (and every quoted phrase),
	// most first, and each hit's Lacks names the words it lacks.
	Partial bool `json:"partial,omitempty"`
	// Hits are the best matches: in a partial search, those holding the
	// most words first; then messages that state what was searched for,
	// then derived text (checkpoint summaries, and a summary a later fold
	// archived again), then messages that only ask about it (Question);
	// within each, by BM25 score, newest first among equal scores. Copies
	// of one message (archived again by a later fold) are one hit.
	Hits []Hit `json:"hits"`
	// Cut reports that fewer hits than the limit are shown because the
	// token budget ran out.
	Cut bool `json:"cut"`
	// Budget is the token budget the answer was held to; Tokens is what it
	// used.
	Budget int `json:"budget"`
	Tokens int `json:"tokens"`
	// IndexedBytes is how much of each message's text the index holds
	// (Options.MaxIndexedBytes): a longer message is searchable in its
	// first IndexedBytes only, though recall returns it whole. A search
	// that matched nothing says so, since the words sought may lie past it.
	IndexedBytes int `json:"indexedBytes,omitempty"`
	// Unavailable lists the checkpoints whose hits were left out because
	// their bundle cannot be read (damaged, truncated, gone): the index
	// is derived from the bundles, which are the truth, and recall would
	// refuse every such hit, so search does not serve its text either.
	// ef store verify lists the damaged bundles.
	Unavailable []UnavailableHits `json:"unavailable,omitempty"`
}

// UnavailableHits is a checkpoint whose hits a search left out: its
// bundle cannot be read. A plain value.
type UnavailableHits struct {
	SessionID    string `json:"sessionId"`
	CheckpointID string `json:"checkpointId"`
	// Reason says why, as recall's unavailable answer and ef store verify
	// do ("hash mismatch: the file's bytes changed since it was written
	// (sha256 …, its name says …)").
	Reason string `json:"reason"`
	// Hits is how many hits of it were left out.
	Hits int `json:"hits"`
}

// Hit is one search match: a checkpoint's rendered text or one archived
// message.
type Hit struct {
	// Ref is the ref to pass to context_recall for this hit.
	Ref          string `json:"ref"`
	SessionID    string `json:"sessionId"`
	CheckpointID string `json:"checkpointId"`
	// Kind is "checkpoint" (the rendered text matched) or "message".
	Kind string `json:"kind"`
	// Message is the index of the message among the checkpoint's archived
	// messages (absent for checkpoint hits).
	Message *int `json:"message,omitempty"`
	// Role is the message role; tool results of either wire generation
	// are "tool".
	Role string `json:"role,omitempty"`
	// Mode is the fold mode, for checkpoint hits.
	Mode string `json:"mode,omitempty"`
	// CreatedAt is the checkpoint's creation time, Unix epoch ms.
	CreatedAt int64    `json:"createdAt"`
	Score     float64  `json:"score"`
	Tools     []string `json:"tools,omitempty"`
	// Error marks a tool result flagged as an error.
	Error bool `json:"error,omitempty"`
	// Summary marks a message that is a checkpoint's summary (derived
	// text a later fold archived again), not something said in the
	// session.
	Summary bool `json:"summary,omitempty"`
	// Question marks a user's or assistant's message whose matches are
	// all in questions or requests ("then tell me the deploy token"): it
	// asks about the words rather than states them.
	Question bool `json:"question,omitempty"`
	// Copies is how many other refs among the best matches hold the same
	// message (the same text, archived again by a later fold, or said
	// again), left out of the hits; Ref is the earliest.
	Copies int `json:"copies,omitempty"`
	// Echoes is how many other checkpoint summaries of the session among
	// the best matches show the same snippet, left out of the hits: each
	// root fold renders the user's requests and the open questions again,
	// so a passage matched five root summaries word for word. A summary
	// a later fold archived again counts among them.
	Echoes int `json:"echoes,omitempty"`
	// Lacks lists the words of the query the hit does not hold, in a
	// partial search (SearchResult.Partial), as written in the query.
	Lacks []string `json:"lacks,omitempty"`
	// Snippet is a short excerpt around the matches, each match in
	// **double asterisks**.
	Snippet string `json:"snippet"`
}

// MinBudget is the smallest token budget an answer is held to; smaller
// requested budgets are raised to it so that every page makes progress.
const MinBudget = 256

func (o Options) budget(b int) int {
	if b <= 0 {
		return o.DefaultBudget
	}
	if b < MinBudget {
		return MinBudget
	}
	if b > o.MaxBudget {
		return o.MaxBudget
	}
	return b
}

// Search answers a context_search request.
func (x *Index) Search(ctx context.Context, req SearchRequest) (*SearchResult, error) {
	if err := x.opened(); err != nil {
		return nil, err
	}
	clauses, err := parseQuery(req.Query)
	if err != nil {
		return nil, err
	}
	scope := req.Scope
	if scope == "" {
		scope = ScopeProject
		if req.SessionID != "" {
			scope = ScopeSession
		}
	}
	if scope != ScopeSession && scope != ScopeProject {
		return nil, fmt.Errorf("%w: %q (want %q or %q)", ErrBadScope, scope, ScopeSession, ScopeProject)
	}
	if scope == ScopeSession && req.SessionID == "" {
		return nil, fmt.Errorf("%w: session scope needs a session id", ErrBadScope)
	}
	limit := req.Limit
	if limit < 0 || limit > MaxSearchLimit {
		return nil, fmt.Errorf("%w: limit %d (want 1 to %d)", ErrBadLimit, limit, MaxSearchLimit)
	}
	if limit == 0 {
		limit = DefaultSearchLimit
	}

	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.closed {
		return nil, ErrClosed
	}
	if x.stale != "" {
		return nil, fmt.Errorf("%w: %s (the next open rebuilds it from the bundles; recall still works)", ErrStale, x.stale)
	}
	analyze := func(s string) [][]string { return analyzePhrase(x.text, s) }
	clauses = markOptional(clauses)
	var filter query.Query
	if scope == ScopeSession {
		st := bleve.NewTermQuery(req.SessionID)
		st.SetField(fSession)
		filter = st
	}
	// BM25 statistics from the watermark, so that a score depends on the
	// indexed content only, not on how scorch merged its segments.
	docs := max(x.docs, 1)
	stats := &search.BM25Stats{
		DocCount: float64(docs),
		FieldCardinality: map[string]int{
			fText: int(max(x.tokens, docs)), fSession: int(docs), fCID: int(docs),
			fTool: int(docs), fPath: int(docs), fRank: int(docs),
		},
	}
	r, err := x.reader()
	if err != nil {
		return nil, &IndexError{Op: "search", Path: x.dir, Err: err}
	}
	defer r.Close()
	// More matches than the limit are ranked: when copies fold into one
	// hit or questions move after the statements, the hits that take
	// their places are at hand (their ids are looked up, but their texts
	// are loaded only then: see arrange). As many whatever the limit, so
	// that a hit, its copies and its place do not depend on it.
	pool := searchPool
	matches, total, err := x.topN(ctx, r, buildQuery(clauses, analyze, filter), pool, stats)
	var counted []int // the clauses a partial search counts, by mask bit
	partial := false
	if err == nil && total == 0 {
		// No document holds every word: those holding most of them.
		if pq, cnt, ok := partialSearch(clauses, analyze, filter); ok {
			matches, total, err = x.topN(ctx, r, pq, pool, stats)
			counted, partial = cnt, total > 0
		}
	}
	marks := snippetTerms(clauses, analyze)
	var shown []shownHit
	if err == nil {
		shown, err = x.arrange(r, matches, limit, marks)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &IndexError{Op: "search", Path: x.dir, Err: err}
	}
	out := &SearchResult{Query: req.Query, Scope: scope, SessionID: req.SessionID, Total: total, Partial: partial,
		Hits: []Hit{}, Budget: x.opts.budget(req.Budget), IndexedBytes: x.opts.MaxIndexedBytes}
	head := x.opts.Tokens(renderSearchHeader(out))
	// The hits, in rank order, but those of a checkpoint whose bundle
	// cannot be read; their places go to the next matches.
	checked := map[[2]string]*UnavailableHits{} // checkpoint → nil when readable
	fill := func(shown []shownHit) (gone int, err error) {
		out.Hits, out.Cut, out.Tokens, out.Unavailable = []Hit{}, false, head, nil
		for _, u := range checked {
			if u != nil {
				u.Hits = 0
			}
		}
		for _, sh := range shown {
			if len(out.Hits) == limit {
				break
			}
			c := sh.c
			h := c.hit
			u, err := x.checkReadable(ctx, checked, h.SessionID, h.CheckpointID)
			if err != nil {
				return 0, err
			}
			if u != nil {
				u.Hits++
				gone++
				continue
			}
			h.Copies, h.Echoes = sh.copies, sh.echoes
			if partial {
				for bit, i := range counted {
					if c.m.held&(1<<bit) == 0 {
						h.Lacks = append(h.Lacks, clauseText(clauses[i]))
					}
				}
			}
			h.Snippet = c.snippet(x.terms, marks)
			h.Ref = FormatRef(Ref{SessionID: h.SessionID, CheckpointID: h.CheckpointID, Message: h.Message}, req.SessionID)
			cost := x.opts.Tokens(renderHit(0, h))
			if out.Tokens+cost > out.Budget {
				out.Cut = true
				break
			}
			out.Tokens += cost
			out.Hits = append(out.Hits, h)
		}
		for _, sh := range shown { // in rank order, each checkpoint once
			k := [2]string{sh.c.hit.SessionID, sh.c.hit.CheckpointID}
			if u := checked[k]; u != nil && u.Hits > 0 && !slices.ContainsFunc(out.Unavailable, func(v UnavailableHits) bool { return v.SessionID == k[0] && v.CheckpointID == k[1] }) {
				out.Unavailable = append(out.Unavailable, *u)
			}
		}
		if gone > 0 {
			out.Tokens += x.opts.Tokens(renderUnavailableHits(out))
		}
		return gone, nil
	}
	for lim := limit; ; {
		gone, err := fill(shown)
		if err != nil {
			return nil, err
		}
		if gone == 0 || len(out.Hits) == limit || out.Cut || lim >= len(matches) {
			break
		}
		lim = min(lim+gone, len(matches))
		if shown, err = x.arrange(r, matches, lim, marks); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &IndexError{Op: "search", Path: x.dir, Err: err}
		}
	}
	return out, nil
}

// checkReadable answers whether the bundle of a hit's checkpoint can be
// read, as recall would read it (an empty page: the archive's hashes are
// verified, by the bundle store once per content and then against its
// file's name), once per checkpoint of a search: checked remembers each
// answer. It returns the entry of an unreadable one, nil for a readable
// one, and an error only when the search was cancelled. A Source error
// that does not say the checkpoint is unavailable leaves the hit in:
// only a bundle known to be lost is held against it. Only the bundles
// the shown hits come from are read, so a search costs a few reads, not
// a verification of the store.
func (x *Index) checkReadable(ctx context.Context, checked map[[2]string]*UnavailableHits, session, ckpt string) (*UnavailableHits, error) {
	k := [2]string{session, ckpt}
	if u, ok := checked[k]; ok || x.src == nil {
		return u, nil
	}
	_, err := x.src.Page(ctx, session, ckpt, 0, 0)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var u *UnavailableHits
	if errorsIsUnavailable(err) || errors.Is(err, ErrNoCheckpoint) {
		u = &UnavailableHits{SessionID: session, CheckpointID: ckpt, Reason: err.Error()}
		if ue, ok := errors.AsType[*UnavailableError](err); ok {
			u.Reason = ue.Reason
			if ue.Err != nil {
				u.Reason += ": " + ue.Err.Error()
			}
		}
	}
	checked[k] = u
	return u, nil
}

// clauseText is a clause as the query wrote it.
func clauseText(c clause) string {
	switch c.kind {
	case clausePhrase:
		return `"` + c.text + `"`
	case clausePrefix:
		return c.text + "*"
	}
	return c.text
}

// hitFromMatch builds a hit (without its snippet and ref) from a match's
// checkpoint, index and stored meta, which it returns too.
func hitFromMatch(m match) (Hit, docMeta, bool) {
	var meta docMeta // empty when the stored texts were unreadable
	if !m.ordered || len(m.meta) > 0 && json.Unmarshal(m.meta, &meta) != nil {
		return Hit{}, docMeta{}, false
	}
	h := Hit{
		SessionID: m.ck.session, CheckpointID: m.ck.ckpt, Kind: kindCheckpoint, Mode: meta.Mode,
		Role: meta.Role, CreatedAt: m.ck.created, Score: m.dm.Score, Tools: meta.Tools, Error: meta.Error,
		Summary: meta.Summary,
	}
	if m.index >= 0 {
		i := m.index
		h.Kind, h.Message = kindMessage, &i
	}
	return h, meta, true
}

// snippetMarks are what a snippet highlights: the analyzed words and
// phrases of a query (terms by position) and its prefixes.
type snippetMarks struct {
	phrases  [][][]string
	prefixes []string
	// literals are the query's words and phrases as written (ASCII
	// lowered): where one occurs in a long text, its match usually is.
	literals []string
}

func snippetTerms(cs []clause, analyze func(string) [][]string) snippetMarks {
	var m snippetMarks
	for _, c := range cs {
		if c.optional {
			continue // a stop word: marked everywhere, it would say nothing
		}
		switch c.kind {
		case clauseWord, clausePhrase:
			if p := analyze(c.text); len(p) > 0 {
				m.phrases = append(m.phrases, p)
				m.literals = append(m.literals, asciiLower(c.text))
			}
		case clausePrefix:
			m.prefixes = append(m.prefixes, strings.ToLower(c.text))
			if st, ok := prefixStem(c.text, analyze); ok {
				m.phrases = append(m.phrases, [][]string{{st}})
			}
		}
	}
	return m
}

// spans analyzes text as the index did, keeping byte offsets, and returns
// the byte ranges of its tokens that match: every token of an occurrence
// of a word or phrase (terms at consecutive positions; a position without
// terms matches any), and tokens that start with a prefix. This finds the
// matches the index found, without the index keeping offsets.
//
// Text is analyzed a window at a time, up to the first window with a
// match: a hit's text can be 256 KiB of tool output, and a snippet shows
// 240 bytes. Windows overlap, so a phrase cut by one is whole in the next.
func (m snippetMarks) spans(a *termAnalyzer, text string) [][2]int {
	if len(m.phrases) == 0 && len(m.prefixes) == 0 {
		return nil
	}
	window := func(start, size int) (sp [][2]int, end int) {
		end = len(text)
		if end-start > size {
			end = cutAt(text, start+size, start)
		}
		sp = m.spansIn(a, text[start:end])
		for i := range sp {
			sp[i][0] += start
			sp[i][1] += start
		}
		return sp, end
	}
	// In a long text, try first the windows around the query's words as
	// written, then around a literal hint of its terms (a CJK bigram, the
	// head of a stem); a hint can miss (a stem that is not a prefix of its
	// word), so the scan from the start follows. (A Chinese word's first
	// bigram alone can occur hundreds of times before the word does.)
	if len(text) <= snippetWindow {
		return m.spansIn(a, text)
	}
	low := lowered{text: text}
	for _, hints := range [][]string{m.literals, m.hints()} {
		if len(hints) == 0 {
			continue
		}
		for from, tries := 0, 0; tries < 8; tries++ {
			at := -1
			for _, h := range hints {
				if k := low.index(from, h); k >= 0 && (at < 0 || k < at) {
					at = k
				}
			}
			if at < 0 {
				break
			}
			// A small window: a snippet shows SnippetBytes around the
			// densest matches, and analyzing Chinese costs about a
			// microsecond a character.
			sp, end := window(cutAt(text, max(at-snippetOverlap/2, 0), 0), hintWindow)
			if len(sp) > 0 {
				return sp
			}
			from = max(end, at+1)
		}
	}
	for start := 0; start < len(text); {
		sp, end := window(start, snippetWindow)
		if len(sp) > 0 {
			return sp
		}
		if end == len(text) {
			break
		}
		start = cutAt(text, end-snippetOverlap, start+1)
	}
	return nil
}

// hints returns literal pieces of the marked terms to look for in a text:
// each CJK term whole, the first four bytes of any other (the prefix
// itself for a prefix).
func (m snippetMarks) hints() []string {
	var out []string
	add := func(t string) {
		if t == "" {
			return
		}
		if r, _ := utf8.DecodeRuneInString(t); r >= utf8.RuneSelf && isCJK(r) {
			out = append(out, t)
			return
		}
		n := min(len(t), 4)
		for n < len(t) && !utf8.RuneStart(t[n]) {
			n++
		}
		out = append(out, t[:n])
	}
	for _, p := range m.phrases {
		for _, t := range p[0] {
			add(t)
		}
	}
	for _, p := range m.prefixes {
		add(p)
	}
	return out
}

// asciiLower lowers ASCII letters only, so that byte offsets stay those
// of s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// lowered is a text with its ASCII letters lowered (so that byte offsets
// stay those of the text), lowered only as far as a search needs: a hit's
// text can be 256 KiB, and its first match is usually near the start.
type lowered struct {
	text string
	low  []byte // the lowered text[:len(low)]
}

// index returns the offset of the first occurrence of h (lower case) in
// the lowered text at or after from, or -1.
func (l *lowered) index(from int, h string) int {
	if from >= len(l.text) {
		return -1
	}
	if !hasLetterASCII(h) {
		// Nothing lowering changes can match h's bytes: search the text.
		if k := strings.Index(l.text[from:], h); k >= 0 {
			return from + k
		}
		return -1
	}
	for searched := from; ; {
		if searched < len(l.low) {
			if k := bytes.Index(l.low[searched:], []byte(h)); k >= 0 {
				return searched + k
			}
			searched = max(searched, len(l.low)-len(h)+1)
		}
		if len(l.low) == len(l.text) {
			return -1
		}
		n := min(len(l.text), max(2*len(l.low), 16<<10, from+len(h)))
		for _, c := range []byte(l.text[len(l.low):n]) {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			l.low = append(l.low, c)
		}
	}
}

func hasLetterASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// Snippet windows (bytes).
const (
	snippetWindow  = 4 << 10
	snippetOverlap = 512
	hintWindow     = 1 << 10 // from snippetOverlap/2 before a hint: longer than a query
)

// cutAt returns a place to cut text near i (not before lo): after a space
// within 256 bytes before i, else the rune boundary at or before i.
func cutAt(text string, i, lo int) int {
	if i <= lo {
		return lo
	}
	if k := strings.LastIndexAny(text[max(lo, i-256):i], " \t\r\n"); k >= 0 {
		return max(lo, i-256) + k + 1
	}
	for i > lo && !utf8.RuneStart(text[i]) {
		i--
	}
	return i
}

// spansIn is spans over one window of text.
func (m snippetMarks) spansIn(a *termAnalyzer, text string) [][2]int {
	type tok struct {
		term       string
		pos        int
		start, end int
		part       bool // an identifier part, at its word's position
	}
	var ts []tok
	var low []byte
	maxPos := 0
	a.walkParts([]byte(text), &low, func(term stem, pos, start, end int, part bool) {
		ts = append(ts, tok{term.s, pos, start, end, part})
		maxPos = max(maxPos, pos)
	})
	// The tokens by position, each position's in the order made: at[k]
	// holds the indexes into ts of position p's tokens for k in
	// first[p]..first[p+1].
	first := make([]int32, maxPos+2)
	for _, t := range ts {
		first[t.pos+1]++
	}
	for p := 1; p < len(first); p++ {
		first[p] += first[p-1]
	}
	at := make([]int32, len(ts))
	fill := append([]int32(nil), first...)
	for i, t := range ts {
		at[fill[t.pos]] = int32(i)
		fill[t.pos]++
	}
	var out [][2]int
	// has finds a token of terms at pos. A part matches a word alone:
	// the index keeps no position of a part, so a phrase of two or more
	// positions never matches one there ("values-prod" is not found in
	// "values-prod.yaml", whose words are "values" and "prod.yaml"), and a
	// snippet that marked it beside "lacks values-prod" contradicted the
	// hit (trial 14).
	has := func(pos int, terms []string, parts bool) int {
		if pos > maxPos {
			return -1
		}
		for _, i := range at[first[pos]:first[pos+1]] {
			if ts[i].part && !parts {
				continue
			}
			if len(terms) == 0 {
				return int(i)
			}
			for _, term := range terms {
				if ts[i].term == term {
					return int(i)
				}
			}
		}
		return -1
	}
	var found []int
	for i, t := range ts {
		for _, p := range m.prefixes {
			if strings.HasPrefix(t.term, p) {
				out = append(out, [2]int{t.start, t.end})
				break
			}
		}
		for _, p := range m.phrases {
			if len(p[0]) == 0 || has(t.pos, p[0], len(p) == 1) != i {
				continue
			}
			found = append(found[:0], i)
			for j := 1; j < len(p); j++ {
				u := has(t.pos+j, p[j], false)
				if u < 0 {
					found = found[:0]
					break
				}
				found = append(found, u)
			}
			for _, u := range found {
				out = append(out, [2]int{ts[u].start, ts[u].end})
			}
		}
	}
	return out
}

// snippet returns about width bytes of text around the densest cluster of
// match spans, matches in **double asterisks**, white space collapsed, and
// "…" where text was cut.
func snippet(text string, spans [][2]int, width int) string {
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	// Merge overlapping and touching spans (CJK bigrams overlap by one
	// character) and drop any out of range.
	merged := spans[:0]
	for _, s := range spans {
		if s[0] >= s[1] || s[1] > len(text) {
			continue
		}
		if n := len(merged); n > 0 && s[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], s[1])
			continue
		}
		merged = append(merged, s)
	}
	spans = merged
	start := 0
	if len(spans) > 0 {
		best, bestN := 0, 0
		for i := range spans {
			n := 0
			for j := i; j < len(spans) && spans[j][1] <= spans[i][0]+width*2/3; j++ {
				n++
			}
			if n > bestN {
				best, bestN = i, n
			}
		}
		start = spans[best][0] - width/4
		if start < 0 {
			start = 0
		}
	}
	end := start + width
	if end > len(text) {
		end = len(text)
		if end-width > 0 && end-width < start {
			start = end - width
		}
	}
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	var sb strings.Builder
	if start > 0 {
		sb.WriteString("…")
	}
	pos := start
	for _, s := range spans {
		if s[1] <= start || s[0] >= end {
			continue
		}
		a, b := max(s[0], start), min(s[1], end)
		writeCollapsed(&sb, text[pos:a])
		sb.WriteString("**")
		writeCollapsed(&sb, text[a:b])
		sb.WriteString("**")
		pos = b
	}
	writeCollapsed(&sb, text[pos:end])
	if end < len(text) {
		sb.WriteString("…")
	}
	return strings.TrimSpace(sb.String())
}

func writeCollapsed(sb *strings.Builder, s string) {
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = true
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteRune(r)
	}
	if space {
		sb.WriteByte(' ')
	}
}

// errorsIsUnavailable reports whether err means a bundle cannot be served.
func errorsIsUnavailable(err error) bool { return errors.Is(err, ErrUnavailable) }
