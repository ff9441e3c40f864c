package recall

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/klauspost/compress/zstd"
)

// The texts a snippet is cut from are stored once per checkpoint, on its
// checkpoint document, compressed together: the texts of one checkpoint
// share most of their words, and bleve compresses stored fields one
// document at a time (snappy over a kilobyte or so), which made the stored
// text near half the size of the JSON it came from.
//
// Each text travels with its document's meta (what a hit shows besides
// the snippet: role, tools, fold mode), which the search reads together
// with the text: one stored field per checkpoint instead of one per
// document, compressed with the texts.
//
// The field holds chunks of at most textChunkBytes of text (a longer text
// is a chunk of its own), so a snippet decompresses one chunk, not the
// checkpoint. A chunk is uvarint(first) uvarint(count) followed by a zstd
// frame of uvarint(len(meta)) uvarint(len(text)) for each of its count
// entries, then each entry's meta and text. Entry 0 is the checkpoint's
// rendered text; entry i+1 is message i's.

// textChunkBytes is the most text one chunk holds, unless one text is
// longer.
const textChunkBytes = 64 << 10

// textCodec compresses and decompresses text chunks. It is safe for
// concurrent use.
type textCodec struct {
	enc  *zstd.Encoder
	dec  *zstd.Decoder
	long sync.Pool // *zstd.Encoder of one state, for chunks over textBlock
}

// storedText is one entry of a chunk: a document's meta (docMeta as
// JSON) and its text.
type storedText struct {
	Meta []byte
	Text string
}

func newTextCodec() *textCodec {
	dec, _ := zstd.NewReader(nil, zstd.WithDecoderConcurrency(4), zstd.WithDecoderMaxMemory(64<<20))
	return &textCodec{enc: newTextEncoder(4), dec: dec}
}

// newTextEncoder is the encoder of text chunks, with concurrency encoder
// states. Options that cannot fail: a fixed level, no dictionary. The
// default level makes the texts 5% smaller than the fastest one on the
// corpus (the texts are a fifth of the index) at about 1% more indexing
// CPU, and decompresses as fast.
func newTextEncoder(concurrency int) *zstd.Encoder {
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(concurrency))
	return enc
}

// textBlock is the most a chunk may hold for the shared encoder to
// compress it. zstd compresses an input longer than one block (128 KiB)
// through a history buffer that the encoder state allocates at twice its
// window (2 × 8 MiB) and keeps for as long as the encoder lives: one text
// that long (a tool's output of 200 KB) pinned 16 MiB per state, up to
// four, in every open index. Longer chunks are compressed by encoders with
// the same options (the same bytes) kept in a pool, which the garbage
// collector empties once the index stops writing them (a new encoder for
// each took 3.7 times as long on a 200 KB text: 19 MB of fresh memory).
const textBlock = 128 << 10

func (c *textCodec) close() {
	c.dec.Close()
}

// compress appends the zstd frame of raw to dst (see textBlock).
func (c *textCodec) compress(raw, dst []byte) []byte {
	if len(raw) <= textBlock {
		return c.enc.EncodeAll(raw, dst)
	}
	enc, _ := c.long.Get().(*zstd.Encoder)
	if enc == nil {
		enc = newTextEncoder(1)
	}
	defer c.long.Put(enc)
	return enc.EncodeAll(raw, dst)
}

// encode cuts texts into chunks and compresses each.
func (c *textCodec) encode(texts []storedText) [][]byte {
	var out [][]byte
	for first := 0; first < len(texts); {
		end, size := first, 0
		for end < len(texts) && (end == first || size+len(texts[end].Text) <= textChunkBytes) {
			size += len(texts[end].Meta) + len(texts[end].Text)
			end++
		}
		raw := make([]byte, 0, size+2*binary.MaxVarintLen32*(end-first))
		for _, t := range texts[first:end] {
			raw = binary.AppendUvarint(raw, uint64(len(t.Meta)))
			raw = binary.AppendUvarint(raw, uint64(len(t.Text)))
		}
		for _, t := range texts[first:end] {
			raw = append(raw, t.Meta...)
			raw = append(raw, t.Text...)
		}
		chunk := binary.AppendUvarint(nil, uint64(first))
		chunk = binary.AppendUvarint(chunk, uint64(end-first))
		out = append(out, c.compress(raw, chunk))
		first = end
	}
	return out
}

var errBadChunk = errors.New("recall: malformed stored text chunk")

// span returns the range of texts a chunk holds without decompressing it.
func chunkSpan(chunk []byte) (first, count int, body []byte, err error) {
	f, n := binary.Uvarint(chunk)
	if n <= 0 {
		return 0, 0, nil, errBadChunk
	}
	k, m := binary.Uvarint(chunk[n:])
	if m <= 0 || f > 1<<31 || k > 1<<31 {
		return 0, 0, nil, errBadChunk
	}
	return int(f), int(k), chunk[n+m:], nil
}

// texts decompresses the chunks holding the wanted entries and returns
// them by number; a number no chunk holds is absent.
func (c *textCodec) texts(chunks [][]byte, want map[int]bool) (map[int]storedText, error) {
	out := make(map[int]storedText, len(want))
	for _, chunk := range chunks {
		first, count, body, err := chunkSpan(chunk)
		if err != nil {
			return nil, err
		}
		need := false
		for i := range want {
			if i >= first && i < first+count {
				need = true
				break
			}
		}
		if !need {
			continue
		}
		raw, err := c.dec.DecodeAll(body, nil)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errBadChunk, err)
		}
		lens := make([]int, 2*count) // meta, text of each entry
		p := 0
		for j := range lens {
			l, n := binary.Uvarint(raw[p:])
			if n <= 0 || l > uint64(len(raw)) {
				return nil, errBadChunk
			}
			lens[j], p = int(l), p+n
		}
		for j := 0; j < count; j++ {
			lm, lt := lens[2*j], lens[2*j+1]
			if lm > len(raw)-p || lt > len(raw)-p-lm {
				return nil, errBadChunk
			}
			if want[first+j] {
				// raw is this call's own and never changes: the text
				// aliases it (a hit's text can be 256 KiB).
				out[first+j] = storedText{Meta: raw[p : p+lm : p+lm], Text: unsafe.String(unsafe.SliceData(raw[p+lm:]), lt)}
			}
			p += lm + lt
		}
		if p != len(raw) {
			return nil, errBadChunk
		}
	}
	return out, nil
}
