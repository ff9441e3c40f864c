package hostshim

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
	"github.com/klauspost/compress/zstd"
	"github.com/pkoukk/tiktoken-go"
)

// Tokenizer encodings embedded in the binary (see tiktoken/NOTICE.md).
const (
	EncodingO200k  = "o200k_base"
	EncodingCL100k = "cl100k_base"
)

// tiktokenFiles holds the BPE rank files, zstd-compressed. An embed.FS is
// read-only, so this package-level value is immutable.
//
//go:embed tiktoken/cl100k_base.tiktoken.zst tiktoken/o200k_base.tiktoken.zst
var tiktokenFiles embed.FS

// encodingSpec is one encoding's split pattern and special tokens, exactly
// as tiktoken-go v0.1.8 (encoding.go) defines them.
type encodingSpec struct {
	file    string
	pattern string
	special map[string]int
}

func specOf(name string) (encodingSpec, bool) {
	switch name {
	case EncodingO200k:
		return encodingSpec{
			file: "tiktoken/o200k_base.tiktoken.zst",
			pattern: `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
				`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
				`|\p{N}{1,3}` +
				`| ?[^\s\p{L}\p{N}]+[\r\n/]*` +
				`|\s*[\r\n]+` +
				`|\s+(?!\S)` +
				`|\s+`,
			special: map[string]int{tiktoken.ENDOFTEXT: 199999, tiktoken.ENDOFPROMPT: 200018},
		}, true
	case EncodingCL100k:
		return encodingSpec{
			file:    "tiktoken/cl100k_base.tiktoken.zst",
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

// DefaultMaxPieceBytes is TokenizerOptions.MaxPieceBytes's zero value.
const DefaultMaxPieceBytes = 4096

// TokenizerOptions configures Tokenizers. The zero value is ready to use.
type TokenizerOptions struct {
	// MaxPieceBytes caps the pre-token pieces that are BPE-merged. Merging
	// is quadratic in a piece's length, and one unbroken run (base64,
	// minified code, a line of '=') can take seconds; a piece longer than
	// this is counted as ceil(bytes/4) tokens instead. Zero means 4096.
	MaxPieceBytes int
}

// Tokenizers loads the embedded tokenizers lazily: the first Meter call for
// an encoding decompresses and parses its ranks (about 0.1 s and 15 MB of
// heap for o200k_base) and later calls return the same meter. Create one
// Tokenizers per process and share it.
//
// A Tokenizers is safe for concurrent use.
type Tokenizers struct {
	opts   TokenizerOptions
	o200k  tokenizerSlot
	cl100k tokenizerSlot
}

type tokenizerSlot struct {
	once sync.Once
	m    *TiktokenMeter
	err  error
}

// NewTokenizers returns an empty registry; nothing is loaded yet.
func NewTokenizers(opts TokenizerOptions) *Tokenizers {
	if opts.MaxPieceBytes <= 0 {
		opts.MaxPieceBytes = DefaultMaxPieceBytes
	}
	return &Tokenizers{opts: opts}
}

// Meter returns the meter of encoding "o200k_base" or "cl100k_base",
// loading it on first use. An unknown name gives ErrUnknownEncoding.
func (t *Tokenizers) Meter(encoding string) (*TiktokenMeter, error) {
	var slot *tokenizerSlot
	switch encoding {
	case EncodingO200k:
		slot = &t.o200k
	case EncodingCL100k:
		slot = &t.cl100k
	default:
		return nil, fmt.Errorf("%w: %q (embedded: %s, %s)", ErrUnknownEncoding, encoding, EncodingO200k, EncodingCL100k)
	}
	slot.once.Do(func() { slot.m, slot.err = loadTiktokenMeter(encoding, t.opts) })
	return slot.m, slot.err
}

// TiktokenMeter counts tokens with an OpenAI BPE encoding, offline.
//
// A message costs the tokens of its block texts — text and reasoning text,
// tool-call name plus arguments, tool-result content (recursively),
// tool-addition/removal tool name; any other block (image, file) its compact
// JSON — plus TiktokenMessageOverhead for role framing. Text is counted with
// EncodeOrdinary (special-token text such as "<|endoftext|>" counts as
// ordinary text and never panics), except that pieces longer than
// TokenizerOptions.MaxPieceBytes count ceil(bytes/4).
//
// A TiktokenMeter is safe for concurrent use.
type TiktokenMeter struct {
	name     string
	tk       *tiktoken.Tiktoken
	split    *regexp2.Regexp // the encoding's pattern, for texts with long runs
	maxPiece int
}

var _ Meter = (*TiktokenMeter)(nil)

// TiktokenMessageOverhead is the fixed per-message cost of role framing
// (the host's heuristic also adds 4 per message; OpenAI chat formats cost
// 3–4).
const TiktokenMessageOverhead = 4

func loadTiktokenMeter(name string, opts TokenizerOptions) (*TiktokenMeter, error) {
	spec, _ := specOf(name)
	ranks, err := loadRanks(spec.file)
	if err != nil {
		return nil, fmt.Errorf("hostshim: load %s: %w", name, err)
	}
	bpe, err := tiktoken.NewCoreBPE(ranks, spec.special, spec.pattern)
	if err != nil {
		return nil, fmt.Errorf("hostshim: load %s: %w", name, err)
	}
	set := make(map[string]any, len(spec.special))
	for k := range spec.special {
		set[k] = true
	}
	enc := &tiktoken.Encoding{Name: name, PatStr: spec.pattern, MergeableRanks: ranks, SpecialTokens: spec.special}
	split, err := regexp2.Compile(spec.pattern, regexp2.None)
	if err != nil {
		return nil, fmt.Errorf("hostshim: load %s: %w", name, err)
	}
	return &TiktokenMeter{name: name, tk: tiktoken.NewTiktoken(bpe, enc, set), split: split, maxPiece: opts.MaxPieceBytes}, nil
}

// loadRanks decompresses and parses one embedded "<base64> <rank>" file.
func loadRanks(file string) (map[string]int, error) {
	comp, err := tiktokenFiles.ReadFile(file)
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
func (m *TiktokenMeter) Name() string { return m.name }

// CountText returns the number of tokens of s (see TiktokenMeter).
func (m *TiktokenMeter) CountText(s string) int {
	if s == "" {
		return 0
	}
	if !hasLongRun(s, m.maxPiece) {
		return len(m.tk.EncodeOrdinary(s))
	}
	return m.countCapped(s)
}

// countCapped splits s with the encoding's own pattern, prices pieces longer
// than maxPiece at ceil(bytes/4), and encodes each stretch of ordinary
// pieces between them in one call. A stretch starts and ends on piece
// boundaries and the patterns have no look-behind, so it splits into the
// same pieces it had in s.
func (m *TiktokenMeter) countCapped(s string) int {
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

// CountMessage returns the tokens of m's blocks plus
// TiktokenMessageOverhead; 0 for nil.
func (m *TiktokenMeter) CountMessage(msg *Message) int {
	if msg == nil {
		return 0
	}
	return m.countBlocks(msg.Content) + TiktokenMessageOverhead
}

func (m *TiktokenMeter) countBlocks(blocks []Block) int {
	n := 0
	for _, b := range blocks {
		switch b.Type {
		case BlockText, BlockReasoning:
			n += m.CountText(b.Text)
		case BlockToolCall:
			n += m.CountText(b.Name) + m.CountText(b.Arguments)
		case BlockToolResult:
			n += m.countBlocks(b.Content)
		case BlockToolAddition, BlockToolRemoval:
			n += m.CountText(b.ToolName)
		default:
			n += m.CountText(string(marshalNoEscape(b)))
		}
	}
	return n
}
