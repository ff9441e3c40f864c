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
package tokenizer

import (
	"bytes"
	"embed"
	"encoding/base64"
	"fmt"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/klauspost/compress/zstd"
	"github.com/pkoukk/tiktoken-go"
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

// tiktokenFiles holds the BPE rank files, zstd-compressed. An embed.FS is
// read-only, so this package-level value is immutable.
//
//go:embed ranks/cl100k_base.tiktoken.zst ranks/o200k_base.tiktoken.zst
var rankFiles embed.FS

// encodingSpec is one encoding's split pattern and special tokens, exactly
// as tiktoken-go v0.1.8 (encoding.go) defines them.
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
			special: map[string]int{tiktoken.ENDOFTEXT: 199999, tiktoken.ENDOFPROMPT: 200018},
		}, true
	case CL100k:
		return encodingSpec{
			file:    "ranks/cl100k_base.tiktoken.zst",
			pattern: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
			special: map[string]int{
				tiktoken.ENDOFTEXT:   100257,
				tiktoken.FIM_PREFIX:  100258,
				tiktoken.FIM_MIDDLE:  100259,
				tiktoken.FIM_SUFFIX:  100260,
				tiktoken.ENDOFPROMPT: 100276,
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
// an encoding decompresses and parses its ranks (about 0.1 s and 15 MB of
// heap for o200k_base) and later calls return the same meter. Create one
// Registry per process and share it.
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
// loading it on first use. An unknown name gives ErrUnknownEncoding.
func (t *Registry) Meter(encoding string) (*Meter, error) {
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
// JSON — plus MessageOverhead for role framing. Text is counted with
// EncodeOrdinary (special-token text such as "<|endoftext|>" counts as
// ordinary text and never panics), except that pieces longer than
// Options.MaxPieceBytes count ceil(bytes/4).
//
// A Meter is safe for concurrent use.
type Meter struct {
	name     string
	tk       *tiktoken.Tiktoken
	split    *regexp2.Regexp // the encoding's pattern, for texts with long runs
	maxPiece int
}

var _ hostshim.Meter = (*Meter)(nil)

// MessageOverhead is the fixed per-message cost of role framing
// (the host's heuristic also adds 4 per message; OpenAI chat formats cost
// 3–4).
const MessageOverhead = 4

func loadMeter(name string, opts Options) (*Meter, error) {
	spec, _ := specOf(name)
	ranks, err := loadRanks(spec.file)
	if err != nil {
		return nil, fmt.Errorf("tokenizer: load %s: %w", name, err)
	}
	bpe, err := tiktoken.NewCoreBPE(ranks, spec.special, spec.pattern)
	if err != nil {
		return nil, fmt.Errorf("tokenizer: load %s: %w", name, err)
	}
	set := make(map[string]any, len(spec.special))
	for k := range spec.special {
		set[k] = true
	}
	enc := &tiktoken.Encoding{Name: name, PatStr: spec.pattern, MergeableRanks: ranks, SpecialTokens: spec.special}
	split, err := regexp2.Compile(spec.pattern, regexp2.None)
	if err != nil {
		return nil, fmt.Errorf("tokenizer: load %s: %w", name, err)
	}
	return &Meter{name: name, tk: tiktoken.NewTiktoken(bpe, enc, set), split: split, maxPiece: opts.MaxPieceBytes}, nil
}

// loadRanks decompresses and parses one embedded "<base64> <rank>" file.
func loadRanks(file string) (map[string]int, error) {
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
	ranks := make(map[string]int, bytes.Count(plain, []byte{'\n'})+1)
	buf := make([]byte, 0, 256)
	for line := range bytes.Lines(plain) {
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			continue
		}
		tok, rank, ok := bytes.Cut(line, []byte{' '})
		if !ok {
			return nil, fmt.Errorf("malformed rank line %q", line)
		}
		buf = buf[:base64.StdEncoding.DecodedLen(len(tok))]
		n, err := base64.StdEncoding.Decode(buf, tok)
		if err != nil {
			return nil, fmt.Errorf("rank line %q: %w", line, err)
		}
		r, err := strconv.Atoi(string(rank))
		if err != nil {
			return nil, fmt.Errorf("rank line %q: %w", line, err)
		}
		ranks[string(buf[:n])] = r
	}
	return ranks, nil
}

// Name returns the encoding name.
func (m *Meter) Name() string { return m.name }

// CountText returns the number of tokens of s (see Meter).
func (m *Meter) CountText(s string) int {
	if s == "" {
		return 0
	}
	if !hasLongRun(s, m.maxPiece) {
		return m.countChunks(s)
	}
	return m.countCapped(s)
}

// chunkBytes is the size above which a text is encoded in chunks. The
// encoder's scratch space grows with the text it is given (every piece's
// match is allocated at once); chunks keep it small for a 100 KB tool
// output without changing the count.
const chunkBytes = 4 << 10

// countChunks encodes s in chunks of about chunkBytes cut at piece
// boundaries (see pieceCut), which gives the count of encoding s whole.
func (m *Meter) countChunks(s string) int {
	total := 0
	for len(s) > chunkBytes {
		cut := pieceCut(s, chunkBytes)
		if cut >= len(s) {
			break
		}
		total += len(m.tk.EncodeOrdinary(s[:cut]))
		s = s[cut:]
	}
	return total + len(m.tk.EncodeOrdinary(s))
}

// pieceCut returns the first offset at or after from that is certainly a
// pre-token boundary of both encodings, or len(s): just after a newline
// followed by a character that is neither white space nor '/'. No piece
// crosses it: white-space pieces stop at a non-space, a punctuation piece
// may end in newlines (o200k: also '/') but never continues past them, and
// a letter piece's optional leading character is never a newline. The
// patterns have no look-behind, so the text after the cut splits as it
// did in the whole.
func pieceCut(s string, from int) int {
	for i := from; i < len(s)-1; i++ {
		if s[i] != '\n' {
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[i+1:])
		if r != '/' && !unicode.IsSpace(r) && r != utf8.RuneError {
			return i + 1
		}
	}
	return len(s)
}

// countCapped splits s with the encoding's own pattern, prices pieces longer
// than maxPiece at ceil(bytes/4), and encodes each stretch of ordinary
// pieces between them in one call. A stretch starts and ends on piece
// boundaries and the patterns have no look-behind, so it splits into the
// same pieces it had in s.
func (m *Meter) countCapped(s string) int {
	total, segStart := 0, 0
	ri, bi := 0, 0 // rune index and its byte offset, advanced monotonically
	byteAt := func(r int) int {
		for ri < r {
			_, size := utf8.DecodeRuneInString(s[bi:])
			bi += size
			ri++
		}
		return bi
	}
	match, _ := m.split.FindStringMatch(s)
	for match != nil {
		pb := byteAt(match.Index)
		pe := byteAt(match.Index + match.Length)
		if pe-pb > m.maxPiece {
			if pb > segStart {
				total += len(m.tk.EncodeOrdinary(s[segStart:pb]))
			}
			total += ceilDiv(pe-pb, 4)
			segStart = pe
		}
		match, _ = m.split.FindNextMatch(match)
	}
	if segStart < len(s) {
		total += len(m.tk.EncodeOrdinary(s[segStart:]))
	}
	return total
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
