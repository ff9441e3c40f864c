package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// On-disk container, version 1. Integers in the prefix are little-endian.
//
//	offset 0    8 bytes  magic "EFCKPT\x00" followed by the container version byte (1)
//	offset 8    4 bytes  I: length of the index frame
//	offset 12   4 bytes  H: length of the header frame
//	offset 16   I bytes  index frame: a zstd frame (with content checksum) holding
//	                     the binary segment table (below)
//	16+I        H bytes  header frame: a zstd frame holding the canonical JSON
//	                     of fileHeader (the bundle's metadata)
//	16+I+H      ...      segment frames: independent zstd frames, one per
//	                     segment, back to back in table order
//
// Index payload, all uvarints unless noted:
//
//	len(sessionId) sessionId-bytes len(checkpointId) checkpointId-bytes
//	messages segments
//	per segment: count compressedLength rawLength sha256(raw payload, 32 bytes)
//
// A segment's decompressed payload is a run of messages, each written as a
// uvarint byte length followed by the message bytes exactly as given. A
// segment is closed when its payload reaches the segment size (64 KiB by
// default). Page reads the prefix and the small binary index, then
// decompresses only the segments holding the requested messages; it never
// touches the metadata or the rest of the archive.
//
// The header's "bundle" member is the CheckpointBundleV1 document with an
// empty shadowedMessages array and no fileHash; readers dispatch on its
// formatVersion. fileHash is sha256 of the whole file and is part of the
// file's name (content addressing); logicalHash covers the canonical JSON of
// the messages (see LogicalHash); each segment's sha256 covers its payload
// and payloadHash (in the header) covers all payloads concatenated, which
// ties the metadata to the index and the segments.
const (
	containerVersion = 1
	prefixLen        = 16
)

var magicPrefix = [7]byte{'E', 'F', 'C', 'K', 'P', 'T', 0}

type fileHeader struct {
	Bundle      CheckpointV1 `json:"bundle"`
	Messages    int          `json:"messages"`
	PayloadHash string       `json:"payloadHash"`
}

// layout is what the prefix and the index say about a file.
type layout struct {
	sessionID, checkpointID string
	messages                int
	segments                []segment
	headerOff, headerLen    int64
	segStart                int64
}

type segment struct {
	First     int      // index of the first message in the segment
	Count     int      // messages in the segment
	Offset    int64    // absolute file offset of the frame
	Length    int64    // compressed frame length
	RawLength int64    // payload length
	Hash      [32]byte // sha256 of the payload
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
	hashes := make([][32]byte, len(segs))
	workers := min(runtime.GOMAXPROCS(0), len(segs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				frames[i] = c.enc.EncodeAll(segs[i].payload, nil)
				hashes[i] = sha256.Sum256(segs[i].payload)
			}
		}()
	}
	for i := range segs {
		next <- i
	}
	close(next)
	wg.Wait()

	h := &fileHeader{Bundle: *b, Messages: len(msgs)}
	h.Bundle.Archive.ShadowedMessages = []json.RawMessage{}
	h.Bundle.Archive.FileHash = ""
	ph := sha256.New()
	idx := binary.AppendUvarint(nil, uint64(len(b.SessionID)))
	idx = append(idx, b.SessionID...)
	idx = binary.AppendUvarint(idx, uint64(len(b.CheckpointID)))
	idx = append(idx, b.CheckpointID...)
	idx = binary.AppendUvarint(idx, uint64(len(msgs)))
	idx = binary.AppendUvarint(idx, uint64(len(segs)))
	var segBytes int
	for i, sg := range segs {
		ph.Write(sg.payload)
		idx = binary.AppendUvarint(idx, uint64(sg.count))
		idx = binary.AppendUvarint(idx, uint64(len(frames[i])))
		idx = binary.AppendUvarint(idx, uint64(len(sg.payload)))
		idx = append(idx, hashes[i][:]...)
		segBytes += len(frames[i])
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
	if int64(len(hj)) > c.maxDecoded || int64(len(idx)) > c.maxDecoded {
		return nil, nil, fmt.Errorf("%w: header of %d bytes is larger than the %d-byte limit", ErrInvalidBundle, len(hj), c.maxDecoded)
	}
	xf := c.enc.EncodeAll(idx, nil)
	hf := c.enc.EncodeAll(hj, nil)
	out := make([]byte, 0, prefixLen+len(xf)+len(hf)+segBytes)
	out = append(out, magicPrefix[:]...)
	out = append(out, containerVersion)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(xf)))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(hf)))
	out = append(out, xf...)
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

// readLayout reads and checks the prefix and the index of a file of size
// bytes. The segment table it returns is consistent with the file size.
func (c *codec) readLayout(r io.ReaderAt, size int64) (*layout, error) {
	if size < prefixLen {
		return nil, unavailable("truncated", fmt.Errorf("file of %d bytes is shorter than the %d-byte prefix", size, prefixLen))
	}
	var pre [prefixLen]byte
	if _, err := r.ReadAt(pre[:], 0); err != nil {
		return nil, unavailable("unreadable", err)
	}
	if !bytes.Equal(pre[:7], magicPrefix[:]) {
		return nil, unavailable("corrupt", fmt.Errorf("bad magic %q", pre[:7]))
	}
	if pre[7] != containerVersion {
		return nil, unavailable("unknown version", &VersionError{What: "container", Version: int(pre[7])})
	}
	il := int64(binary.LittleEndian.Uint32(pre[8:12]))
	hl := int64(binary.LittleEndian.Uint32(pre[12:16]))
	if prefixLen+il+hl > size {
		return nil, unavailable("truncated", fmt.Errorf("index and header frames (%d+%d bytes) run past the end of a %d-byte file", il, hl, size))
	}
	frame := make([]byte, il)
	if _, err := r.ReadAt(frame, prefixLen); err != nil {
		return nil, unavailable("unreadable", err)
	}
	idx, err := c.dec.DecodeAll(frame, nil)
	if err != nil {
		return nil, unavailable("corrupt", fmt.Errorf("index frame: %w", err))
	}
	lay := &layout{headerOff: prefixLen + il, headerLen: hl, segStart: prefixLen + il + hl}
	if err := lay.parseIndex(idx, c.maxDecoded); err != nil {
		return nil, unavailable("corrupt", fmt.Errorf("index: %w", err))
	}
	end := lay.segStart
	if n := len(lay.segments); n > 0 {
		end = lay.segments[n-1].Offset + lay.segments[n-1].Length
	}
	if end > size {
		return nil, unavailable("truncated", fmt.Errorf("segments end at %d, past the end of a %d-byte file", end, size))
	}
	if end != size {
		return nil, unavailable("corrupt", fmt.Errorf("%d trailing bytes after the last segment", size-end))
	}
	return lay, nil
}

var errIndex = errors.New("malformed")

func (lay *layout) parseIndex(p []byte, maxRaw int64) error {
	uv := func() (uint64, error) {
		v, k := binary.Uvarint(p)
		if k <= 0 {
			return 0, errIndex
		}
		p = p[k:]
		return v, nil
	}
	str := func(max int) (string, error) {
		n, err := uv()
		if err != nil || n > uint64(max) || n > uint64(len(p)) {
			return "", errIndex
		}
		s := string(p[:n])
		p = p[n:]
		return s, nil
	}
	var err error
	if lay.sessionID, err = str(maxSessionIDLen); err != nil {
		return err
	}
	if lay.checkpointID, err = str(maxCheckpointIDLen); err != nil {
		return err
	}
	msgs, err := uv()
	if err != nil {
		return err
	}
	nseg, err := uv()
	// Each segment takes at least 35 bytes of index, which bounds nseg.
	if err != nil || nseg > uint64(len(p))/35 || msgs > 1<<40 {
		return errIndex
	}
	lay.segments = make([]segment, nseg)
	off, first := lay.segStart, 0
	for i := range lay.segments {
		cnt, err1 := uv()
		clen, err2 := uv()
		rlen, err3 := uv()
		if err1 != nil || err2 != nil || err3 != nil || len(p) < 32 ||
			cnt == 0 || clen == 0 || clen > 1<<40 || rlen == 0 || rlen > uint64(maxRaw) || cnt > rlen {
			// (every message takes at least its one-byte length prefix, so cnt <= rlen)
			return errIndex
		}
		sg := segment{First: first, Count: int(cnt), Offset: off, Length: int64(clen), RawLength: int64(rlen)}
		copy(sg.Hash[:], p[:32])
		p = p[32:]
		lay.segments[i] = sg
		off += sg.Length
		first += sg.Count
	}
	if len(p) != 0 || uint64(first) != msgs {
		return errIndex
	}
	lay.messages = first
	return nil
}

// readHeader reads and parses the header frame.
func (c *codec) readHeader(r io.ReaderAt, lay *layout) (*fileHeader, error) {
	frame := make([]byte, lay.headerLen)
	if _, err := r.ReadAt(frame, lay.headerOff); err != nil {
		return nil, unavailable("unreadable", err)
	}
	hj, err := c.dec.DecodeAll(frame, nil)
	if err != nil {
		return nil, unavailable("corrupt", fmt.Errorf("header frame: %w", err))
	}
	h, err := parseHeader(hj)
	if err != nil {
		return nil, err
	}
	if h.Messages != lay.messages || h.Bundle.SessionID != lay.sessionID || h.Bundle.CheckpointID != lay.checkpointID {
		return nil, unavailable("corrupt", fmt.Errorf("header and index disagree"))
	}
	return h, nil
}

// parseHeader decodes the header JSON, dispatching on formatVersion.
func parseHeader(hj []byte) (*fileHeader, error) {
	var h fileHeader
	err := json.Unmarshal(hj, &h)
	if err != nil || h.Bundle.FormatVersion != FormatVersion || h.Bundle.Format != FormatName {
		// Not a well-formed current header: find out whether it is a
		// version we do not know or just damage.
		var peek struct {
			Bundle struct {
				Format        string `json:"format"`
				FormatVersion int    `json:"formatVersion"`
			} `json:"bundle"`
		}
		if perr := json.Unmarshal(hj, &peek); perr == nil && peek.Bundle.Format == FormatName && peek.Bundle.FormatVersion != FormatVersion {
			return nil, unavailable("unknown version", &VersionError{What: "formatVersion", Version: peek.Bundle.FormatVersion})
		}
		if err == nil {
			err = fmt.Errorf("format %q version %d", h.Bundle.Format, h.Bundle.FormatVersion)
		}
		return nil, unavailable("corrupt", fmt.Errorf("header json: %w", err))
	}
	if h.Messages < 0 || !validHash(h.PayloadHash) || !validHash(h.Bundle.Archive.LogicalHash) {
		return nil, unavailable("corrupt", fmt.Errorf("header fields out of range"))
	}
	h.Bundle.Archive.ShadowedMessages = nil
	return &h, nil
}

// readSegment reads, decompresses and checks segment i, and splits it into messages.
func (c *codec) readSegment(r io.ReaderAt, lay *layout, i int) ([]json.RawMessage, []byte, error) {
	s := lay.segments[i]
	frame := make([]byte, s.Length)
	if _, err := r.ReadAt(frame, s.Offset); err != nil {
		return nil, nil, unavailable("unreadable", fmt.Errorf("segment %d: %w", i, err))
	}
	payload, err := c.dec.DecodeAll(frame, make([]byte, 0, s.RawLength))
	if err != nil {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %w", i, err))
	}
	if int64(len(payload)) != s.RawLength {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %d bytes, index says %d", i, len(payload), s.RawLength))
	}
	if sha256.Sum256(payload) != s.Hash {
		return nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: segment %d", ErrHashMismatch, i))
	}
	msgs := make([]json.RawMessage, 0, min(s.Count, len(payload)))
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
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %d messages, index says %d", i, len(msgs), s.Count))
	}
	return msgs, payload, nil
}

// decodeFull decodes and fully verifies a container held in memory: every
// segment hash, the payload hash, the logical hash and the rendered digest.
// The returned bundle's FileHash is sha256 of data.
func (c *codec) decodeFull(data []byte) (*CheckpointV1, *fileHeader, *layout, error) {
	r := bytes.NewReader(data)
	lay, err := c.readLayout(r, int64(len(data)))
	if err != nil {
		return nil, nil, nil, err
	}
	h, err := c.readHeader(r, lay)
	if err != nil {
		return nil, nil, nil, err
	}
	// The counts are only claims until the segments decode; do not let
	// them size an allocation.
	msgs := make([]json.RawMessage, 0, min(lay.messages, len(data)))
	ph := sha256.New()
	for i := range lay.segments {
		m, payload, err := c.readSegment(r, lay, i)
		if err != nil {
			return nil, nil, nil, err
		}
		ph.Write(payload)
		msgs = append(msgs, m...)
	}
	if got := sumString(ph); got != h.PayloadHash {
		return nil, nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: payload %s, header says %s", ErrHashMismatch, got, h.PayloadHash))
	}
	lh, raw := archiveHash(msgs, true)
	if !slices.Equal(raw, h.Bundle.Archive.RawMessages) {
		return nil, nil, nil, unavailable("corrupt", fmt.Errorf("archive.rawMessages %v, the messages say %v", h.Bundle.Archive.RawMessages, raw))
	}
	if lh != h.Bundle.Archive.LogicalHash {
		return nil, nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: logicalHash %s, header says %s", ErrHashMismatch, lh, h.Bundle.Archive.LogicalHash))
	}
	if d := DigestBytes([]byte(h.Bundle.Rendered.Text)); d != h.Bundle.Rendered.Digest {
		return nil, nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: rendered.digest %s, computed %s", ErrHashMismatch, h.Bundle.Rendered.Digest, d))
	}
	b := h.Bundle
	b.Archive.ShadowedMessages = msgs
	b.Archive.FileHash = DigestBytes(data)
	return &b, h, lay, nil
}
