// Package tokenizer counts real tokens offline: OpenAI's o200k_base and
// cl100k_base BPE encodings, with their rank files embedded in the binary
// (see ranks/NOTICE.md), as hostshim.Meter implementations. It never touches
// the network and never panics on input: special-token text counts as
// ordinary text, and a pathological unbroken run is priced by length instead
// of merged.
//
// hostshim keeps the host's own heuristic meter (what the DeepSeek Harness
// charges against its window); this package is the meter of what a model
// provider would bill.
//
// github.com/pkoukk/tiktoken-go is the reference these counts are held to,
// not the code that computes them. The meter only ever needs a count, so it
// splits text with a hand-written equivalent of the encodings' split
// patterns (pretoken.go) and counts each piece's byte-pair merges in a
// reused scratch; tiktoken-go's encoder builds 13 MB of tables per encoding
// and allocates in proportion to the text, which made counting the largest
// cost of `ef fold` and of the emergency fold (corpus texts: 47 ms and
// ~10 KB per pass against 297 ms and 18.8 MB, `go test -run '^$' -bench
// CountText ./tokenizer`). The tests hold the split equal to tiktoken-go's
// pattern piece for piece and the counts equal to tiktoken-go's encoder on
// random, pathological and corpus texts (pretoken_test.go,
// tokenizer_test.go, reference_test.go), so a change of either side fails
// the build's tests rather than drifting a price.
package tokenizer

import (
	"embed"
	"fmt"
	"math"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/klauspost/compress/zstd"
)

// Encodings embedded in the binary (see ranks/NOTICE.md).
const (
	O200k  = "o200k_base"
	CL100k = "cl100k_base"
)

// Window is the encoding every ef command counts a context window in, and
// with it pressure, budgets and fold sizes: `ef fold --window`,
// `ef bench --window`/`--windows`, the emergency and bundle budgets. A
// window is the model's, so it is counted in real tokens, what the
// provider enforces and bills; o200k_base stands in for the model's own
// tokenizer. Only inside the DeepSeek Harness (ef serve) does the host
// estimate pressure with its heuristic meter, because there the host
// decides when to compact and checks the fold with that meter.
const Window = O200k

// rankFiles holds the BPE rank files, zstd-compressed. An embed.FS is
// read-only, so this package-level value is immutable.
//
//go:embed ranks/cl100k_base.tiktoken.zst ranks/o200k_base.tiktoken.zst
var rankFiles embed.FS

// encodingSpec is one encoding's split pattern and special tokens, exactly
// as tiktoken-go v0.1.8 (encoding.go) defines them. The meter splits text
// with pretoken.go's hand-written equivalent of the pattern; the pattern
// and the special tokens build the tests' reference encoder
// (reference_test.go), which holds the two equal.
type encodingSpec struct {
	file    string
	pattern string
	special map[string]int
}

func specOf(name string) (encodingSpec, bool) {
	switch name {
	case O200k:
		return encodingSpec{
			file: "ranks/o200k_base.tiktoken.zst",
			pattern: `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
				`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
				`|\p{N}{1,3}` +
				`| ?[^\s\p{L}\p{N}]+[\r\n/]*` +
				`|\s*[\r\n]+` +
				`|\s+(?!\S)` +
				`|\s+`,
			special: map[string]int{"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
		}, true
	case CL100k:
		return encodingSpec{
			file:    "ranks/cl100k_base.tiktoken.zst",
			pattern: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
			special: map[string]int{
				"<|endoftext|>":   100257,
				"<|fim_prefix|>":  100258,
				"<|fim_middle|>":  100259,
				"<|fim_suffix|>":  100260,
				"<|endofprompt|>": 100276,
			},
		}, true
	}
	return encodingSpec{}, false
}

// DefaultMaxPieceBytes is Options.MaxPieceBytes's zero value.
const DefaultMaxPieceBytes = 4096

// Options configures a Registry. The zero value is ready to use.
type Options struct {
	// MaxPieceBytes caps the pre-token pieces that are BPE-merged. Merging
	// is quadratic in a piece's length, and one unbroken run (base64,
	// minified code, a line of '=') can take seconds; a piece longer than
	// this is counted as ceil(bytes/4) tokens instead. Zero means 4096.
	MaxPieceBytes int
}

// Registry loads the embedded encodings lazily: the first Meter call for
// an encoding decompresses and parses its ranks (for o200k_base about
// 30 ms of CPU and 4 MB of heap in four objects that hold no pointer, so
// no garbage collection of the process scans them; rankTable) and later
// calls return the same meter. The parsed ranks are kept for the process
// and shared by every Registry (embeddedRanks). Create one Registry per
// process and share it.
//
// A Registry is safe for concurrent use.
type Registry struct {
	opts   Options
	o200k  tokenizerSlot
	cl100k tokenizerSlot
}

type tokenizerSlot struct {
	once sync.Once
	m    *Meter
	err  error
}

// New returns an empty registry; nothing is loaded yet.
func New(opts Options) *Registry {
	if opts.MaxPieceBytes <= 0 {
		opts.MaxPieceBytes = DefaultMaxPieceBytes
	}
	return &Registry{opts: opts}
}

// Meter returns the meter of encoding "o200k_base" or "cl100k_base",
// loading it on first use. An unknown name gives ErrUnknownEncoding, a nil
// Registry ErrNilRegistry.
func (t *Registry) Meter(encoding string) (*Meter, error) {
	if t == nil {
		return nil, ErrNilRegistry
	}
	var slot *tokenizerSlot
	switch encoding {
	case O200k:
		slot = &t.o200k
	case CL100k:
		slot = &t.cl100k
	default:
		return nil, fmt.Errorf("%w: %q (embedded: %s, %s)", ErrUnknownEncoding, encoding, O200k, CL100k)
	}
	slot.once.Do(func() { slot.m, slot.err = loadMeter(encoding, t.opts) })
	return slot.m, slot.err
}

// Meter counts tokens with an OpenAI BPE encoding, offline.
//
// A message costs the tokens of its block texts — text and reasoning text,
// tool-call name plus arguments, tool-result content (recursively),
// tool-addition/removal tool name; any other block (image, file) its compact
// JSON — plus MessageOverhead for role framing. Text is counted as
// tiktoken's EncodeOrdinary encodes it (special-token text such as
// "<|endoftext|>" counts as ordinary text and never panics), except that
// in a text holding a run longer than Options.MaxPieceBytes (hasLongRun),
// pieces longer than that count ceil(bytes/4).
//
// Counting allocates nothing that grows with the text: the text is split
// by a hand-written pre-tokenizer equal to the encoding's split pattern
// (pretoken.go) and each piece is merged in a reused scratch buffer, so
// the working memory of a count is that of its longest piece.
//
// A Meter is safe for concurrent use. Only Registry.Meter makes one that
// encodes: a zero or nil Meter counts the upper bound MaxTextTokens for
// every text (never fewer tokens than an encoding would, so a budget it
// checks still holds) and has the name "".
type Meter struct {
	name     string
	ranks    *rankTable                // token bytes → rank
	next     func(s string, i int) int // the end of the piece starting at s[i]
	maxPiece int
	scratch  sync.Pool // *mergeScratch
}

var _ hostshim.Meter = (*Meter)(nil)

// MessageOverhead is the fixed per-message cost of role framing
// (the host's heuristic also adds 4 per message; OpenAI chat formats cost
// 3–4).
const MessageOverhead = 4

func loadMeter(name string, opts Options) (*Meter, error) {
	spec, _ := specOf(name)
	load := embeddedRanks[spec.file]
	if load == nil {
		load = func() (*rankTable, error) { return loadRanks(spec.file) }
	}
	ranks, err := load()
	if err != nil {
		return nil, fmt.Errorf("tokenizer: load %s: %w", name, err)
	}
	next := nextO200k
	if name == CL100k {
		next = nextCL100k
	}
	return &Meter{name: name, ranks: ranks, next: next, maxPiece: opts.MaxPieceBytes}, nil
}

// embeddedRanks parse each embedded rank file once per process, however
// many Registries ask for it: a parsed table is immutable, and every
// Meter of the encoding shares it (a process that makes a Registry per
// command or per test, as ef's own command runner does, parses once).
var embeddedRanks = map[string]func() (*rankTable, error){
	"ranks/o200k_base.tiktoken.zst":  sync.OnceValues(func() (*rankTable, error) { return loadRanks("ranks/o200k_base.tiktoken.zst") }),
	"ranks/cl100k_base.tiktoken.zst": sync.OnceValues(func() (*rankTable, error) { return loadRanks("ranks/cl100k_base.tiktoken.zst") }),
}

// loadRanks decompresses and parses one embedded "<base64> <rank>" file.
func loadRanks(file string) (*rankTable, error) {
	comp, err := rankFiles.ReadFile(file)
	if err != nil {
		return nil, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	plain, err := dec.DecodeAll(comp, nil)
	if err != nil {
		return nil, err
	}
	return parseRanks(plain)
}

// Name returns the encoding name.
func (m *Meter) Name() string {
	if m == nil {
		return ""
	}
	return m.name
}

// CountText returns the number of tokens of s (see Meter).
func (m *Meter) CountText(s string) int {
	if s == "" {
		return 0
	}
	if m == nil || m.ranks == nil {
		return m.MaxTextTokens(s) // not made by Registry.Meter; see Meter
	}
	if !hasLongRun(s, m.maxPiece) {
		return m.countWhole(s)
	}
	return m.countCapped(s)
}

// countWhole returns the number of tokens of s encoded whole: the sum of
// its pieces' merged lengths.
func (m *Meter) countWhole(s string) int {
	sc, _ := m.scratch.Get().(*mergeScratch)
	if sc == nil {
		sc = &mergeScratch{}
	}
	defer m.scratch.Put(sc)
	valid := utf8.ValidString(s)
	n := 0
	for i := 0; i < len(s); {
		e := m.next(s, i)
		piece := s[i:e]
		if !valid {
			// The encoder reads the text as runes: an invalid byte is
			// encoded as U+FFFD.
			sc.text = sc.text[:0]
			for _, r := range piece {
				sc.text = utf8.AppendRune(sc.text, r)
			}
			piece = string(sc.text)
		}
		n += m.pieceTokens(piece, sc)
		i = e
	}
	return n
}

// countCapped prices the pieces of s longer than maxPiece at
// ceil(bytes/4) and counts each stretch of ordinary pieces between them as
// a text of its own (as the stretches were encoded before pieces were
// split by hand: a stretch's last white-space run may split differently
// at the end of the stretch than before the long piece, and the counts
// stay what they were).
func (m *Meter) countCapped(s string) int {
	total, seg := 0, 0
	for i := 0; i < len(s); {
		e := m.next(s, i)
		if e-i > m.maxPiece {
			if i > seg {
				total += m.countWhole(s[seg:i])
			}
			total += ceilDiv(e-i, 4)
			seg = e
		}
		i = e
	}
	if seg < len(s) {
		total += m.countWhole(s[seg:])
	}
	return total
}

// mergeScratch is a count's reusable working memory.
type mergeScratch struct {
	text  []byte // a piece with its invalid bytes replaced
	parts []mergePart
}

// mergePart is a part boundary of a piece being merged and the rank of the
// pair that starts there (noRank when the pair is no token).
type mergePart struct{ start, rank int }

const noRank = math.MaxInt

// pieceTokens returns the number of tokens of one piece: one when the
// piece is a token (or a byte), else the parts left when byte pairs are
// merged lowest rank first, leftmost among equal ranks — tiktoken-go's
// bytePairMerge, counting instead of collecting.
func (m *Meter) pieceTokens(piece string, sc *mergeScratch) int {
	if _, ok := m.ranks.rank(piece); ok || len(piece) == 1 {
		return 1
	}
	parts := sc.parts[:0]
	for i := 0; i <= len(piece); i++ {
		parts = append(parts, mergePart{i, noRank})
	}
	// rank of the bytes from part i to part i+skip+2.
	rank := func(parts []mergePart, i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := m.ranks.rank(piece[parts[i].start:parts[i+skip+2].start]); ok {
				return r
			}
		}
		return noRank
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i].rank = rank(parts, i, 0)
	}
	for len(parts) > 1 {
		minRank, minIdx := noRank, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < minRank {
				minRank, minIdx = parts[i].rank, i
			}
		}
		if minIdx < 0 {
			break
		}
		i := minIdx
		parts[i].rank = rank(parts, i, 1)
		if i > 0 {
			parts[i-1].rank = rank(parts, i-1, 1)
		}
		parts = append(parts[:i+1], parts[i+2:]...)
	}
	sc.parts = parts[:0]
	return len(parts) - 1
}

// hasLongRun reports whether s holds a run of more than limit bytes of only
// whitespace or only non-whitespace: the only way a pre-token piece can be
// that long (digits split every 3, and every other piece is one class run
// plus at most one leading character and trailing newlines).
func hasLongRun(s string, limit int) bool {
	if len(s) <= limit {
		return false
	}
	run, space := 0, false
	for i := 0; i < len(s); {
		c := s[i]
		var sp bool
		size := 1
		if c < utf8.RuneSelf {
			sp = c == ' ' || (c >= '\t' && c <= '\r')
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			sp = unicode.IsSpace(r)
		}
		if sp == space {
			run += size
		} else {
			run, space = size, sp
		}
		if run > limit {
			return true
		}
		i += size
	}
	return false
}

// MaxTextTokens returns an upper bound of CountText(s) that does not encode
// s: its length in bytes when s is valid UTF-8, else three times that.
// Every token of a byte-level BPE encodes at least one byte, a piece priced
// by length counts a token per 4 bytes, and the encoder reads s as runes,
// so an invalid byte is encoded as U+FFFD, three bytes. A caller that only
// needs to know that texts fit a budget can sum the bounds and leave the
// texts unencoded.
func (m *Meter) MaxTextTokens(s string) int {
	if utf8.ValidString(s) {
		return len(s)
	}
	return 3 * len(s)
}

// CountMessage returns the tokens of m's blocks plus MessageOverhead; 0 for
// nil.
func (m *Meter) CountMessage(msg *hostshim.Message) int {
	if msg == nil {
		return 0
	}
	return m.countBlocks(msg.Content) + MessageOverhead
}

func (m *Meter) countBlocks(blocks []hostshim.Block) int {
	n := 0
	for _, b := range blocks {
		switch b.Type {
		case hostshim.BlockText, hostshim.BlockReasoning:
			n += m.CountText(b.Text)
		case hostshim.BlockToolCall:
			n += m.CountText(b.Name) + m.CountText(b.Arguments)
		case hostshim.BlockToolResult:
			n += m.countBlocks(b.Content)
		case hostshim.BlockToolAddition, hostshim.BlockToolRemoval:
			n += m.CountText(b.ToolName)
		default:
			n += m.CountText(string(compactJSON(b)))
		}
	}
	return n
}

// compactJSON is b as the host's JSON.stringify would write it; a block that
// cannot be marshalled (a hand-built one with an invalid raw attachment)
// prices as "null", since a meter has no error to return.
func compactJSON(b hostshim.Block) []byte {
	out, err := hostshim.MarshalJS(b)
	if err != nil {
		return []byte("null")
	}
	return out
}

func ceilDiv(n, d int) int { return (n + d - 1) / d }
