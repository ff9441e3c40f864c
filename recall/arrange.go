package recall

import (
	"hash/maphash"
	"slices"
	"sort"
	"strconv"
	"strings"

	bindex "github.com/blevesearch/bleve_index_api"
)

// searchPool is the number of best matches a search ranks, whatever its
// limit (the pool of the largest limit): the hits are the first of them
// in the order orderHits gives, and a hit's copies and echoes are counted
// among them, so that a smaller limit shows the first of a larger one's
// hits, each the same copy counting the same others. A pool that grew
// with the limit cut a message's copies (ranked together, the newest
// first) apart: under a limit of 1 the newest copy stood alone.
const searchPool = 2 * MaxSearchLimit

// ignorePrints makes a search tell copies by their loaded texts, as in an
// index without copy prints (tests compare the two).
var ignorePrints = false

// candidate is a match on its way to becoming a hit: loaded, or (a
// message of an index with copy prints) known by its print and id only
// until it stands for a hit (arrange's fill).
type candidate struct {
	m   match
	hit Hit // without snippet, ref, copies and lacks
	// rank is the match's place among the ranked matches.
	rank int
	// spans are the matches in m.text, found once (spansFound).
	spans      [][2]int
	spansFound bool
	// snip is the hit's snippet, made once (snipMade).
	snip     string
	snipMade bool
	// asked reports that hit.Question was told (orderHits).
	asked bool
	// key is the copy key (copyKey).
	key string
}

// matchSpans returns the byte ranges of the matches in the candidate's
// text, finding them on first use.
func (c *candidate) matchSpans(a *termAnalyzer, marks snippetMarks) [][2]int {
	if !c.spansFound {
		c.spans, c.spansFound = marks.spans(a, c.m.text), true
	}
	return c.spans
}

// snippet returns the candidate's snippet, making it on first use.
func (c *candidate) snippet(a *termAnalyzer, marks snippetMarks) string {
	if !c.snipMade {
		c.snip, c.snipMade = snippet(c.m.text, slices.Clone(c.matchSpans(a, marks)), SnippetBytes), true
	}
	return c.snip
}

// shownHit is a candidate in the order hits are shown, with the number of
// copies and echoes it stands for.
type shownHit struct {
	c *candidate
	// place is the rank of the best ranked of the copies: where the hit
	// stands among the ranked matches.
	place          int
	copies, echoes int
}

// arrange loads the ranked matches and orders their hits as they are
// shown (see orderHits), as all the matches would order them, though it
// loads only what the first limit hits depend on: loading reads and
// decompresses the stored texts of each checkpoint matched, most of a
// search's cost once it has its matches; a message's copies are told by
// their copy prints (fPrints), so of a message's copies only the one
// standing for them is loaded. It takes the first limit matches, then
// more until nothing left untaken can change the first limit hits:
//   - places left empty (copies folded, echoes, matches deleted since)
//     and places of questions, which statements further down go before,
//     and of hits loaded below the matches loaded in rank order, take the
//     next matches;
//   - a message's copies rank together (the same text scores the same)
//     and are of its session: a hit ranked like the first match not
//     loaded takes the matches of that rank of its session (their ids are
//     looked up, much cheaper than loading: the phrase "No ready issues
//     available", a tool's output repeated in many sessions, tied with
//     ninety matches of other sessions that it loaded all of);
//   - a checkpoint's summary and its copies archived by later folds rank
//     apart, and so do summaries that echo one another: a derived hit
//     takes every derived match of its session.
func (x *Index) arrange(r bindex.IndexReader, matches []match, limit int, marks snippetMarks) ([]shownHit, error) {
	var cs []*candidate
	seed := maphash.MakeSeed()
	loaded := make([]bool, len(matches))
	cache := storedCache{}
	add := func(idx []int) error {
		var ms []match
		var ranks []int
		for _, i := range idx {
			m := &matches[i]
			if err := x.resolve(r, m); err != nil {
				return err
			}
			loaded[i] = true
			// A message's copies are told by their prints, their texts
			// left unloaded: only the copy that stands for the others is
			// loaded (fill). Derived documents and an index without
			// prints load them all.
			if m.ordered && !m.derived && m.index >= 0 {
				st, err := cache.get(r, m.key)
				if err != nil {
					return err
				}
				if !st.found {
					continue // deleted between match and load
				}
				if p, ok := st.print(m.index); ok && !ignorePrints {
					h, _, _ := hitFromMatch(*m) // its meta comes with its text (fill)
					cs = append(cs, &candidate{m: *m, hit: h, rank: i, key: printKey(h.SessionID, p)})
					continue
				}
			}
			ms, ranks = append(ms, *m), append(ranks, i)
		}
		if err := x.load(r, cache, ms); err != nil {
			return err
		}
		for k, m := range ms {
			if !m.loaded {
				continue // deleted between match and load
			}
			h, meta, ok := hitFromMatch(m)
			if !ok {
				continue // not a document this package wrote
			}
			cs = append(cs, &candidate{m: m, hit: h, rank: ranks[k], key: copyKey(h, meta, m.text, seed)})
		}
		return nil
	}
	// fill loads the hits whose texts are not loaded yet: copies folded
	// into them are not.
	fill := func(out []shownHit) error {
		var ms []match
		var who []*candidate
		for _, sh := range out {
			if !sh.c.m.loaded {
				ms, who = append(ms, sh.c.m), append(who, sh.c)
			}
		}
		if len(ms) == 0 {
			return nil
		}
		if err := x.load(r, cache, ms); err != nil {
			return err
		}
		for k, m := range ms {
			c := who[k]
			c.m = m
			if h, _, ok := hitFromMatch(m); ok {
				c.hit = h
			}
		}
		return nil
	}
	prefix := 0                 // matches[:prefix] are loaded
	closed := map[string]bool{} // sessions whose derived matches are loaded
	// grow takes the next n matches not loaded in rank order (those
	// loaded out of it, tied or of a closed session, do not count).
	grow := func(todo []int, n int) []int {
		for ; n > 0 && prefix < len(matches); prefix++ {
			if !loaded[prefix] {
				todo = append(todo, prefix)
				loaded[prefix] = true
				n--
			}
		}
		return todo
	}
	todo := grow(nil, limit)
	var shown []shownHit
	for len(todo) > 0 {
		if err := add(todo); err != nil {
			return nil, err
		}
		slices.SortFunc(cs, func(a, b *candidate) int { return a.rank - b.rank })
		var err error
		if shown, err = x.orderHits(cs, marks, fill); err != nil {
			return nil, err
		}
		top := shown[:min(limit, len(shown))]
		need := limit - len(top)
		todo = todo[:0]
		for _, sh := range top {
			c := sh.c
			if c.hit.Question || sh.place >= prefix {
				need++
			}
			// Its copies not loaded rank with it, and are of its session:
			// the matches of its rank not loaded yet are resolved, and
			// those of its session loaded (a message repeated across
			// sessions, "No ready issues available", ties with dozens
			// that cannot be its copies).
			for i := prefix; i < len(matches) && rankCmp(c.m.nheld, c.m.derived, c.m.dm.Score, &matches[i]) == 0; i++ {
				m := &matches[i]
				if loaded[i] {
					continue
				}
				if err := x.resolve(r, m); err != nil {
					return nil, err
				}
				if m.ordered && m.ck.session == c.hit.SessionID {
					todo, loaded[i] = append(todo, i), true
				}
			}
			if s := c.hit.SessionID; c.m.derived && !closed[s] {
				closed[s] = true
				for i := prefix; i < len(matches); i++ {
					m := &matches[i]
					if loaded[i] || !m.derived {
						continue
					}
					if err := x.resolve(r, m); err != nil {
						return nil, err
					}
					if m.ordered && m.ck.session == s {
						todo, loaded[i] = append(todo, i), true
					}
				}
			}
		}
		// Tied and closed sessions' matches come first; grow skips them.
		todo = grow(todo, need)
	}
	return shown, nil
}

// orderHits orders the candidates' hits as they are shown: copies of one
// message fold into one hit (the earliest copy, at the place of the best
// ranked, counting the others), and a message that only asks about the
// words it matched moves after the derived text (checkpoint summaries),
// which topN already ranked after the messages; in a partial search, all
// within the matches holding the same number of words. Then a summary
// showing the snippet of one of its session's shown before is counted
// there with its copies, not listed (Hit.Echoes). The candidates are in rank order.
//
// What is a copy: a checkpoint's document and an archived message that is
// the same checkpoint's summary (its marker names it); two messages of
// one session with the same role, tools and text (a message a root fold
// archived again, or the same output twice). The checkpoint's document
// stands for its copies, the earliest archived message for its.
func (x *Index) orderHits(cs []*candidate, marks snippetMarks, fill func([]shownHit) error) ([]shownHit, error) {
	var out []shownHit
	byKey := map[string]int{} // copy key → index in out
	for _, c := range cs {
		key := c.key
		if key == "" {
			out = append(out, shownHit{c: c, place: c.rank})
			continue
		}
		i, seen := byKey[key]
		if !seen {
			byKey[key] = len(out)
			out = append(out, shownHit{c: c, place: c.rank})
			continue
		}
		// A copy: the earlier of the two stands for both, at the place of
		// the first ranked.
		if standsBefore(c, out[i].c) {
			out[i].c = c
		}
		out[i].copies++
	}
	if err := fill(out); err != nil {
		return nil, err
	}
	for _, sh := range out {
		c := sh.c
		if c.asked {
			continue
		}
		c.asked = true
		if c.hit.Kind != kindMessage || c.hit.Summary || c.hit.Role != "user" && c.hit.Role != "assistant" {
			continue
		}
		c.hit.Question = asks(c.m.text, c.matchSpans(x.terms, marks))
	}
	group := func(sh shownHit) int {
		switch {
		case sh.c.hit.Question:
			return 2
		case sh.c.m.derived:
			return 1
		}
		return 0
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].c.m.nheld != out[j].c.m.nheld {
			return out[i].c.m.nheld > out[j].c.m.nheld
		}
		return group(out[i]) < group(out[j])
	})
	// Each root fold renders the user's requests and the open questions
	// again: a summary showing what one shown before shows.
	echoed := map[[2]string]int{} // session and snippet of a summary → index in kept
	kept := out[:0]
	for _, sh := range out {
		if c := sh.c; c.m.derived {
			k := [2]string{c.hit.SessionID, c.snippet(x.terms, marks)}
			if i, ok := echoed[k]; ok {
				// the echo and its copies (the summary archived again
				// by later folds): every match is a hit or counted by
				// one, so the hits and what they count add up to the
				// matches and no footer asks for a larger limit that
				// would show nothing more
				kept[i].echoes += 1 + sh.copies
				continue
			}
			echoed[k] = len(kept)
		}
		kept = append(kept, sh)
	}
	return kept, nil
}

// printKey is the copy key of a message with copy print p (see copyKey
// and copyPrint).
func printKey(session string, p uint64) string {
	if p == 0 {
		return ""
	}
	return "p\x00" + session + "\x00" + strconv.FormatUint(p, 16)
}

// copyKey is what copies of a hit's content share ("" for a hit that has
// none: a message with no text). A message's text is in it by its length
// and its hash with seed (a text can be 256 KiB: as a map key, copied and
// hashed, it made a search for "cargo", whose matches are long build
// outputs, measurably slower); two different texts of one length,
// session, role and tools whose 64-bit hashes collide among a search's
// few dozen matches are not a worry.
func copyKey(h Hit, meta docMeta, text string, seed maphash.Seed) string {
	switch {
	case h.Kind == kindCheckpoint:
		return "c\x00" + h.SessionID + "\x00" + h.CheckpointID
	case meta.SummaryOf != "":
		return "c\x00" + h.SessionID + "\x00" + meta.SummaryOf
	case text == "":
		return ""
	}
	return "m\x00" + h.SessionID + "\x00" + h.Role + "\x00" + strings.Join(h.Tools, ",") + "\x00" +
		strconv.Itoa(len(text)) + "\x00" + strconv.FormatUint(maphash.String(seed, text), 16)
}

// standsBefore reports whether c should stand for a copy rather than
// first: a checkpoint's own document before a message carrying its
// summary, else the earliest archived (an earlier checkpoint, or an
// earlier message of one).
func standsBefore(c, first *candidate) bool {
	if (c.hit.Kind == kindCheckpoint) != (first.hit.Kind == kindCheckpoint) {
		return c.hit.Kind == kindCheckpoint
	}
	a, b := c.m.ck, first.m.ck
	if a.created != b.created {
		return a.created < b.created
	}
	if c.m.key != first.m.key {
		return c.m.key < first.m.key
	}
	return uint32(c.m.index) < uint32(first.m.index)
}
