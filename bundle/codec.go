package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// On-disk container, version 1. All integers little-endian.
//
//	offset 0   8 bytes   magic "EFCKPT\x00" followed by the container version byte (1)
//	offset 8   4 bytes   H: length of the header frame
//	offset 12  H bytes   header frame: one zstd frame (with content checksum)
//	                     holding the canonical JSON of fileHeader
//	offset 12+H ...      segment frames: independent zstd frames, one per
//	                     segment, at the offsets the header lists (relative
//	                     to 12+H), in order, with nothing in between
//
// A segment's decompressed payload is a run of messages, each written as a
// uvarint byte length followed by the message bytes exactly as given. A
// segment is closed when its payload reaches the segment size (64 KiB by
// default), so reading a page of messages decodes the header and only the
// few segments the page touches, whatever the size of the archive.
//
// The header's "bundle" member is the CheckpointBundleV1 document with an
// empty shadowedMessages array and no fileHash; readers dispatch on its
// formatVersion. fileHash is sha256 of the whole file and is part of the
// file's name (content addressing); logicalHash covers the canonical JSON of
// the messages (see LogicalHash); each segment's sha256 covers its payload
// and payloadHash covers all payloads concatenated.
const (
	containerVersion = 1
	prefixLen        = 12
)

var magicPrefix = [7]byte{'E', 'F', 'C', 'K', 'P', 'T', 0}

type fileHeader struct {
	Bundle      CheckpointV1 `json:"bundle"`
	Messages    int          `json:"messages"`
	PayloadHash string       `json:"payloadHash"`
	Segments    []segment    `json:"segments"`
}

type segment struct {
	First     int    `json:"first"`     // index of the first message in the segment
	Count     int    `json:"count"`     // messages in the segment
	Offset    int64  `json:"offset"`    // frame offset, relative to the end of the header frame
	Length    int64  `json:"length"`    // compressed frame length
	RawLength int64  `json:"rawLength"` // payload length
	Hash      string `json:"sha256"`    // "sha256:<hex>" of the payload
}

// codec owns one zstd encoder and decoder; both are safe for concurrent
// use through EncodeAll/DecodeAll.
type codec struct {
	enc        *zstd.Encoder
	dec        *zstd.Decoder
	segSize    int
	maxDecoded int64
}

func newCodec(segSize int, maxDecoded int64) (*codec, error) {
	// A window larger than a segment buys nothing (segments are
	// independent frames) and costs memory on every encoder state.
	ew := zstd.MinWindowSize
	for ew < segSize && ew < 8<<20 {
		ew <<= 1
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderCRC(true), zstd.WithWindowSize(ew))
	if err != nil {
		return nil, fmt.Errorf("bundle: zstd encoder: %w", err)
	}
	window := uint64(maxDecoded)
	if window < zstd.MinWindowSize {
		window = zstd.MinWindowSize
	}
	if window > zstd.MaxWindowSize {
		window = zstd.MaxWindowSize
	}
	dec, err := zstd.NewReader(nil,
		zstd.WithDecoderMaxMemory(uint64(maxDecoded)),
		zstd.WithDecoderMaxWindow(window),
		zstd.WithDecoderConcurrency(0))
	if err != nil {
		enc.Close()
		return nil, fmt.Errorf("bundle: zstd decoder: %w", err)
	}
	return &codec{enc: enc, dec: dec, segSize: segSize, maxDecoded: maxDecoded}, nil
}

func (c *codec) close() {
	c.enc.Close()
	c.dec.Close()
}

// encode lays out a sealed bundle as a container file.
func (c *codec) encode(b *CheckpointV1) ([]byte, *fileHeader, error) {
	msgs := b.Archive.ShadowedMessages
	// Cut the messages into segments.
	type rawSeg struct {
		first, count int
		payload      []byte
	}
	var segs []rawSeg
	var cur []byte
	first := 0
	for i, m := range msgs {
		if len(m) > int(c.maxDecoded)-binary.MaxVarintLen64 {
			return nil, nil, fmt.Errorf("%w: shadowedMessages[%d] is %d bytes, more than the %d-byte limit", ErrInvalidBundle, i, len(m), c.maxDecoded)
		}
		if len(cur) > 0 && len(cur)+len(m)+binary.MaxVarintLen64 > int(c.maxDecoded) {
			segs = append(segs, rawSeg{first, i - first, cur})
			cur, first = nil, i
		}
		cur = binary.AppendUvarint(cur, uint64(len(m)))
		cur = append(cur, m...)
		if len(cur) >= c.segSize {
			segs = append(segs, rawSeg{first, i + 1 - first, cur})
			cur, first = nil, i+1
		}
	}
	if len(cur) > 0 {
		segs = append(segs, rawSeg{first, len(msgs) - first, cur})
	}

	// Compress segments in parallel; EncodeAll is safe for concurrent use.
	frames := make([][]byte, len(segs))
	hashes := make([]string, len(segs))
	workers := min(runtime.GOMAXPROCS(0), len(segs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				frames[i] = c.enc.EncodeAll(segs[i].payload, nil)
				hashes[i] = DigestBytes(segs[i].payload)
			}
		}()
	}
	for i := range segs {
		next <- i
	}
	close(next)
	wg.Wait()

	h := &fileHeader{Bundle: *b, Messages: len(msgs), Segments: make([]segment, len(segs))}
	h.Bundle.Archive.ShadowedMessages = []json.RawMessage{}
	h.Bundle.Archive.FileHash = ""
	ph := sha256.New()
	var off int64
	for i, s := range segs {
		ph.Write(s.payload)
		h.Segments[i] = segment{First: s.first, Count: s.count, Offset: off, Length: int64(len(frames[i])), RawLength: int64(len(s.payload)), Hash: hashes[i]}
		off += int64(len(frames[i]))
	}
	h.PayloadHash = sumString(ph)
	hj, err := json.Marshal(h)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInvalidBundle, err)
	}
	hj, err = Canonicalize(hj)
	if err != nil {
		return nil, nil, err
	}
	if int64(len(hj)) > c.maxDecoded {
		return nil, nil, fmt.Errorf("%w: header of %d bytes is larger than the %d-byte limit", ErrInvalidBundle, len(hj), c.maxDecoded)
	}
	hf := c.enc.EncodeAll(hj, nil)
	out := make([]byte, 0, prefixLen+len(hf)+int(off))
	out = append(out, magicPrefix[:]...)
	out = append(out, containerVersion)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(hf)))
	out = append(out, hf...)
	for _, f := range frames {
		out = append(out, f...)
	}
	return out, h, nil
}

// unavailable builds a reason-carrying error; the Store fills in ids and path.
func unavailable(reason string, err error) *UnavailableError {
	return &UnavailableError{Reason: reason, Err: err}
}

// readHeader reads and checks the prefix and header frame from r, a file of
// size bytes. It returns the header and the absolute offset of the segment area.
func (c *codec) readHeader(r io.ReaderAt, size int64) (*fileHeader, int64, error) {
	if size < prefixLen {
		return nil, 0, unavailable("truncated", fmt.Errorf("file of %d bytes is shorter than the %d-byte prefix", size, prefixLen))
	}
	var pre [prefixLen]byte
	if _, err := r.ReadAt(pre[:], 0); err != nil {
		return nil, 0, unavailable("unreadable", err)
	}
	if !bytes.Equal(pre[:7], magicPrefix[:]) {
		return nil, 0, unavailable("corrupt", fmt.Errorf("bad magic %q", pre[:7]))
	}
	if pre[7] != containerVersion {
		return nil, 0, unavailable("unknown version", &VersionError{What: "container", Version: int(pre[7])})
	}
	hl := int64(binary.LittleEndian.Uint32(pre[8:12]))
	if prefixLen+hl > size {
		return nil, 0, unavailable("truncated", fmt.Errorf("header frame of %d bytes runs past the end of a %d-byte file", hl, size))
	}
	frame := make([]byte, hl)
	if _, err := r.ReadAt(frame, prefixLen); err != nil {
		return nil, 0, unavailable("unreadable", err)
	}
	hj, err := c.dec.DecodeAll(frame, nil)
	if err != nil {
		return nil, 0, unavailable("corrupt", fmt.Errorf("header frame: %w", err))
	}
	h, err := parseHeader(hj)
	if err != nil {
		return nil, 0, err
	}
	segStart := prefixLen + hl
	// Check the segment table against the file so reads never run off it.
	next, idx := int64(0), 0
	for i, s := range h.Segments {
		if s.Offset != next || s.Length <= 0 || s.Count <= 0 || s.First != idx || s.RawLength <= 0 || s.RawLength > c.maxDecoded || !validHash(s.Hash) {
			return nil, 0, unavailable("corrupt", fmt.Errorf("segment table entry %d is inconsistent", i))
		}
		next += s.Length
		idx += s.Count
		if segStart+next > size {
			return nil, 0, unavailable("truncated", fmt.Errorf("segment %d runs past the end of a %d-byte file", i, size))
		}
	}
	if idx != h.Messages {
		return nil, 0, unavailable("corrupt", fmt.Errorf("segments hold %d messages, header says %d", idx, h.Messages))
	}
	if segStart+next != size {
		return nil, 0, unavailable("corrupt", fmt.Errorf("%d trailing bytes after the last segment", size-segStart-next))
	}
	return h, segStart, nil
}

// parseHeader decodes the header JSON, dispatching on formatVersion.
func parseHeader(hj []byte) (*fileHeader, error) {
	var peek struct {
		Bundle struct {
			Format        string `json:"format"`
			FormatVersion int    `json:"formatVersion"`
		} `json:"bundle"`
	}
	if err := json.Unmarshal(hj, &peek); err != nil {
		return nil, unavailable("corrupt", fmt.Errorf("header json: %w", err))
	}
	if peek.Bundle.Format != FormatName {
		return nil, unavailable("corrupt", fmt.Errorf("format %q, want %q", peek.Bundle.Format, FormatName))
	}
	switch peek.Bundle.FormatVersion {
	case 1:
		var h fileHeader
		if err := json.Unmarshal(hj, &h); err != nil {
			return nil, unavailable("corrupt", fmt.Errorf("header json: %w", err))
		}
		if h.Messages < 0 || !validHash(h.PayloadHash) || !validHash(h.Bundle.Archive.LogicalHash) {
			return nil, unavailable("corrupt", fmt.Errorf("header fields out of range"))
		}
		h.Bundle.Archive.ShadowedMessages = nil
		return &h, nil
	default:
		return nil, unavailable("unknown version", &VersionError{What: "formatVersion", Version: peek.Bundle.FormatVersion})
	}
}

// readSegment reads, decompresses and checks segment i, and splits it into messages.
func (c *codec) readSegment(r io.ReaderAt, segStart int64, h *fileHeader, i int) ([]json.RawMessage, []byte, error) {
	s := h.Segments[i]
	frame := make([]byte, s.Length)
	if _, err := r.ReadAt(frame, segStart+s.Offset); err != nil {
		return nil, nil, unavailable("unreadable", fmt.Errorf("segment %d: %w", i, err))
	}
	payload, err := c.dec.DecodeAll(frame, make([]byte, 0, s.RawLength))
	if err != nil {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %w", i, err))
	}
	if int64(len(payload)) != s.RawLength {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %d bytes, table says %d", i, len(payload), s.RawLength))
	}
	if got := DigestBytes(payload); got != s.Hash {
		return nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: segment %d: %s, table says %s", ErrHashMismatch, i, got, s.Hash))
	}
	msgs := make([]json.RawMessage, 0, s.Count)
	p := payload
	for len(p) > 0 {
		n, k := binary.Uvarint(p)
		if k <= 0 || n > uint64(len(p)-k) {
			return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: bad message length", i))
		}
		msgs = append(msgs, json.RawMessage(p[k:k+int(n)]))
		p = p[k+int(n):]
	}
	if len(msgs) != s.Count {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %d messages, table says %d", i, len(msgs), s.Count))
	}
	return msgs, payload, nil
}

// decodeFull decodes and fully verifies a container held in memory: every
// segment hash, the payload hash, the logical hash and the rendered digest.
// The returned bundle's FileHash is sha256 of data.
func (c *codec) decodeFull(data []byte) (*CheckpointV1, *fileHeader, error) {
	r := bytes.NewReader(data)
	h, segStart, err := c.readHeader(r, int64(len(data)))
	if err != nil {
		return nil, nil, err
	}
	msgs := make([]json.RawMessage, 0, h.Messages)
	ph := sha256.New()
	for i := range h.Segments {
		m, payload, err := c.readSegment(r, segStart, h, i)
		if err != nil {
			return nil, nil, err
		}
		ph.Write(payload)
		msgs = append(msgs, m...)
	}
	if got := sumString(ph); got != h.PayloadHash {
		return nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: payload %s, header says %s", ErrHashMismatch, got, h.PayloadHash))
	}
	lh, err := LogicalHash(msgs)
	if err != nil {
		return nil, nil, unavailable("corrupt", err)
	}
	if lh != h.Bundle.Archive.LogicalHash {
		return nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: logicalHash %s, header says %s", ErrHashMismatch, lh, h.Bundle.Archive.LogicalHash))
	}
	if d := DigestBytes([]byte(h.Bundle.Rendered.Text)); d != h.Bundle.Rendered.Digest {
		return nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: rendered.digest %s, computed %s", ErrHashMismatch, h.Bundle.Rendered.Digest, d))
	}
	b := h.Bundle
	b.Archive.ShadowedMessages = msgs
	b.Archive.FileHash = DigestBytes(data)
	return &b, h, nil
}
