package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// On-disk container. Writers produce version 2; readers keep reading
// version 1, which earlier writers produced, and verify it as it was
// verified then (the store is immutable truth: a bundle written once
// stays readable and checked for as long as it is kept). The byte after
// the magic says which. Integers in prefixes and footers are
// little-endian.
//
// Version 2 (written): the segments first, the tables last, so a writer
// hashes the file in one pass as its frames come out of the encoder.
//
//	offset 0    8 bytes  magic "EFCKPT\x00" followed by the container version byte (2)
//	offset 8    ...      segment frames: independent zstd frames, one per
//	                     segment, back to back in table order
//	S           I bytes  index frame: a zstd frame (with content checksum) holding
//	                     the binary segment table (below)
//	S+I         H bytes  header frame: a zstd frame holding the canonical JSON
//	                     of fileHeader (the bundle's metadata)
//	end-16     16 bytes  footer: I (4 bytes), H (4 bytes), then the 8 bytes of
//	                     magic and version again
//
// Version 1 (read only): the tables first.
//
//	offset 0    8 bytes  magic "EFCKPT\x00" followed by the container version byte (1)
//	offset 8    4 bytes  I: length of the index frame
//	offset 12   4 bytes  H: length of the header frame
//	offset 16   I bytes  index frame
//	16+I        H bytes  header frame
//	16+I+H      ...      segment frames
//
// Index payload (both versions), all uvarints unless noted:
//
//	len(sessionId) sessionId-bytes len(checkpointId) checkpointId-bytes
//	messages segments
//	per segment: count compressedLength rawLength sha256 (32 bytes)
//
// A segment's decompressed payload is a run of messages, each written as a
// uvarint byte length followed by the message bytes exactly as given. A
// segment is closed when its payload reaches the segment size (64 KiB by
// default). Page reads the small binary index, then decompresses only the
// segments holding the requested messages; it never touches the metadata
// or the rest of the archive.
//
// The header's "bundle" member is the CheckpointBundleV1 document with an
// empty shadowedMessages array and no fileHash; readers dispatch on its
// formatVersion (the bundle's format, 1 in both containers). fileHash is
// sha256 of the whole file and is part of the file's name (content
// addressing); logicalHash covers the canonical JSON of the messages (see
// LogicalHash). The segment hashes and what ties the header to them
// differ:
//
//   - version 2: a segment's sha256 covers its compressed frame, the bytes
//     on disk, and is checked before the frame is decompressed; the
//     header's indexHash is sha256 of the index payload, whose table holds
//     every segment's hash. A writer hashes each segment's 64 KiB-or-so of
//     payload only through its compressed frame (3-4x fewer bytes) and
//     never makes a second pass over the payload.
//   - version 1: a segment's sha256 covers its decompressed payload,
//     checked after decompression; the header's payloadHash covers all
//     payloads concatenated.
//
// Either way a reader that checks the file hash, the header's tie to the
// index, every segment hash, the logical hash and the rendered digest has
// checked every byte it returns against a hash computed from those bytes.
const (
	containerV1 = 1
	containerV2 = 2
	magicLen    = 8  // magic and version byte, both versions
	prefixLenV1 = 16 // version 1: magic, I, H
	footerLenV2 = 16 // version 2: I, H, magic
)

var magicPrefix = [7]byte{'E', 'F', 'C', 'K', 'P', 'T', 0}

type fileHeader struct {
	Bundle      CheckpointV1 `json:"bundle"`
	Messages    int          `json:"messages"`
	IndexHash   string       `json:"indexHash,omitempty"`   // version 2
	PayloadHash string       `json:"payloadHash,omitempty"` // version 1
}

// layout is what the prefix (or footer) and the index say about a file.
type layout struct {
	version                 int // container version
	sessionID, checkpointID string
	messages                int
	segments                []segment
	headerOff, headerLen    int64
	segStart                int64
	indexSum                [32]byte // sha256 of the index payload
}

type segment struct {
	First     int      // index of the first message in the segment
	Count     int      // messages in the segment
	Offset    int64    // absolute file offset of the frame
	Length    int64    // compressed frame length
	RawLength int64    // payload length
	Hash      [32]byte // sha256 of the frame (version 2) or of the payload (version 1)
}

// codec owns one zstd encoder and decoder; both are safe for concurrent
// use through EncodeAll/DecodeAll.
type codec struct {
	enc        *zstd.Encoder
	dec        *zstd.Decoder
	segSize    int
	maxDecoded int64
	workers    int // goroutines compressing one bundle's segments
}

// encoderSettings are the zstd level and the number of goroutines that
// compress one bundle's segments. The zero value means the defaults
// below; tests and benchmarks set others (export_test.go).
type encoderSettings struct {
	level   zstd.EncoderLevel
	workers int
}

// The encoder defaults are chosen from the table BenchmarkZstdLevels
// prints (below).
//
// Level: SpeedFastest. A Put is bound by CPU, not by the disk (which takes
// about 500 MB/s of write+fsync): fastest costs 1.3-2x less CPU per byte
// than the default level for files 5-10% larger, which the disk absorbs
// in a few milliseconds per 50 MB; the slower levels trade 2-9x the CPU
// for a few percent smaller files. Decoding speed does not decide it
// (every level decodes faster than it encodes). Bundles written at any
// level read the same: the level is not part of the format.
//
// Workers: GOMAXPROCS. Segments are independent frames, so two goroutines
// cost the same CPU per byte as one (161 vs 163 MB/cpu-s) and halve the
// time of a Put when the cores are free.
//
// The table: a 50 MB archive in 64 KiB segments, one EncodeAll per
// segment, MB of raw bytes per CPU-second (the range over 1 and 2
// goroutines), measured on the 2-core development machine while it was
// heavily shared (hence CPU time, not wall time), on generated chat
// messages and on a real agent session (EF_BENCH_MESSAGES, a 1.9 MB
// Claude Code JSONL log cycled to 50 MB):
//
//	          generated chat             real session
//	level     ratio  enc MB/cpu-s        ratio  enc MB/cpu-s
//	fastest   3.58x    161-163           4.52x     96-132
//	default   3.96x    108-127           4.75x     63-66
//	better    4.10x     71-78            4.93x     41
//	best      4.32x     17-21            (not run)
//
// BenchmarkZstdLevels now encodes into buffers it reuses, as the store
// does (fresh ones page-fault); re-measured so at load 21, two
// goroutines, generated chat: fastest 162, default 110, better 63
// MB/cpu-s — the same order, the same choice.
//
// A Put beside its floor (BenchmarkPutVsFloor): a Put costs what its
// floor costs — zstd at this level on these workers, then write and fsync
// of the same bytes — plus the hashing the format asks of it: sha256 of
// every segment's frame and of the file (its name), and the logical hash
// (canonical JSON and sha256 of every message) unless the bundle carries
// its Content, whose bytes are then compared with the messages; plus
// building the payloads, a read-back compared with the bytes written,
// the directory fsyncs and the manifest. Container version 1 hashed the
// payloads twice (each segment, then all of them) and the file twice (its
// name, and the bytes read back) in passes after the encoding: 128 MB of
// sha256 per 50 MB bundle against 28 MB now, all of it streamed in the
// encoding pipeline. Measured on the 2-core machine at load 13-18 (old
// and new alternated), 50 MB of generated chat, Put's MB of raw bytes per
// CPU-second as a fraction of its floor's: a fold's bundle (Content)
// 0.58-0.70 → 0.72-0.83, a bundle whose Put hashes its messages
// 0.45-0.49 → 0.52-0.56. What is left of
// the second is the logical hash itself: canonical JSON and its sha256
// take ~0.12 CPU-seconds per 50 MB where the floor takes ~0.3, so on two
// cores that the floor's encoder already fills, a Put that must hash its
// messages cannot come within 25% of its floor.
//
// Since then the canonicalizer scans sixteen bytes a step and sorts a
// few members by insertion (BenchmarkCanonicalize, logical hash of 1 MB:
// 373-430 → 525-586 MB per CPU-second, old and new alternated at load
// 21-25), and a segment is canonicalized while the payload copy has its
// messages in the cache. SHA-256 runs on SHA-NI here (blockSHANI in the
// profiles) at ~1.4-1.5 GB per CPU-second, so the logical hash's sha256
// alone is ~35 ms per 50 MB and each of the frame hashes ~9 ms. Summed
// from the parts measured alone (an estimate, not a measurement), a
// self-hashing Put costs its floor (~330 ms) plus those ~53 ms, canonical
// JSON (~35-60 ms in the pipeline), the payload copy (~15-30 ms, bound by
// memory) and the write's read-back (~5-10 ms): 0.7-0.75 of the floor's
// rate at best. At load 20-27 BenchmarkPutVsFloor printed 0.55-0.62
// (0.54-0.61 before, alternated), the gain lost in the machine's noise;
// at load ~3, 0.54-0.57 (0.55-0.56 before), Put 106-117 MB per CPU-second
// and 113-121 MB/s of wall time. Its "+hash" column, the floor plus only
// the hashing the format requires, done alone, ran at 139-144 against a
// floor of 198-207: 0.70 of the floor before any of Put's other work, so
// 0.75 needs a faster logical hash, not a faster Put around it.
// Later the scanner took 32 bytes a step with fewer operations per word
// (strings 1.3-1.5x faster, canonical JSON of chat messages ~10%, the
// logical hash ~5%): perf puts canonical JSON at ~9% of a Put's CPU and
// sha256 at ~7%, zstd at ~52%, so at load ~15 the ratio stayed within the
// noise (CPU put/floor 0.59-0.66 before, 0.64-0.69 after; "+hash" 0.72-0.74
// of the floor). Even a canonicalizer that cost nothing would leave the
// sha256 passes the format requires (logical hash, segment and file
// hashes: ~80 ms per 50 MB) beside a ~340 ms floor: ~0.8 at best.
// The level is not chosen to move that ratio: a slower level raises it
// only by making the floor slower.
const defaultLevel = zstd.SpeedFastest

func (e encoderSettings) withDefaults() encoderSettings {
	if e.level == 0 {
		e.level = defaultLevel
	}
	if e.workers <= 0 {
		e.workers = runtime.GOMAXPROCS(0)
	}
	return e
}

func newCodec(segSize int, maxDecoded int64, es encoderSettings) (*codec, error) {
	es = es.withDefaults()
	// A window larger than a segment buys nothing (segments are
	// independent frames) and costs memory on every encoder state.
	ew := zstd.MinWindowSize
	for ew < segSize && ew < 8<<20 {
		ew <<= 1
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(es.level), zstd.WithEncoderConcurrency(es.workers),
		zstd.WithEncoderCRC(true), zstd.WithWindowSize(ew))
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
	return &codec{enc: enc, dec: dec, segSize: segSize, maxDecoded: maxDecoded, workers: es.workers}, nil
}

func (c *codec) close() {
	c.enc.Close()
	c.dec.Close()
}

// span is a segment before it is compressed: a run of messages.
type span struct {
	first, count int
	rawLen       int // payload bytes: each message's uvarint length and bytes
}

// cutSegments cuts msgs into segments: a segment is closed once its
// payload reaches segSize, or before a message that would take it past
// maxDecoded (one frame must stay decodable under the reader's cap).
func (c *codec) cutSegments(msgs []json.RawMessage) ([]span, error) {
	var spans []span
	cur := span{}
	for i, m := range msgs {
		if len(m) > int(c.maxDecoded)-binary.MaxVarintLen64 {
			return nil, fmt.Errorf("%w: shadowedMessages[%d] is %d bytes, more than the %d-byte limit", ErrInvalidBundle, i, len(m), c.maxDecoded)
		}
		if cur.rawLen > 0 && cur.rawLen+len(m)+binary.MaxVarintLen64 > int(c.maxDecoded) {
			spans = append(spans, cur)
			cur = span{first: i}
		}
		cur.rawLen += uvarintLen(uint64(len(m))) + len(m)
		cur.count++
		if cur.rawLen >= c.segSize {
			spans = append(spans, cur)
			cur = span{first: i + 1}
		}
	}
	if cur.count > 0 {
		spans = append(spans, cur)
	}
	return spans, nil
}

func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// appendPayload appends the payload of the segment sp to dst.
func appendPayload(dst []byte, msgs []json.RawMessage, sp span) []byte {
	for _, m := range msgs[sp.first : sp.first+sp.count] {
		dst = binary.AppendUvarint(dst, uint64(len(m)))
		dst = append(dst, m...)
	}
	return dst
}

// encoded is a container file in parts: head (the magic), then the
// segment frames, back to back, in blocks of about 1 MiB, then tail (the
// index and header frames and the footer). Frames are copied once, into
// the blocks, as they come out of the compressing goroutines; the file is
// never assembled in one buffer (one contiguous buffer grown by appending
// would be copied again at every doubling). fileHex is the hex sha256 of
// the parts in order, computed from the blocks as they were filled.
type encoded struct {
	head, tail []byte
	blocks     [][]byte
	hdr        *fileHeader
	fileHex    string
}

const frameBlock = 1 << 20

// blockPool keeps the 1 MiB blocks of finished writes for the next one.
// Fresh megabytes cost a page fault a page on first touch (measured: the
// copy into fresh blocks ran at a quarter of memory speed and took a
// tenth of a Put's CPU beside its floor); the pool lets the garbage
// collector drop them when the store is idle.
var blockPool = sync.Pool{New: func() any { b := make([]byte, 0, frameBlock); return &b }}

// segWork is one segment in the pipeline of encodeParts: its payload,
// the canonical text of its messages (or their framed raw bytes) and its
// compressed frame.
type segWork struct {
	payload, canon, frame []byte
	raw                   []int // indexes of messages hashed raw
}

// workPool keeps the buffers of segments between writes, as blockPool
// keeps the blocks: a segment's are ~150 KiB, fresh ones page-faulted.
var workPool = sync.Pool{New: func() any { return new(segWork) }}

// release returns w to workPool, unless a huge message grew one of its
// buffers past what a segment usually needs (that memory is let go).
func (w *segWork) release() {
	const keep = 4 << 20
	if cap(w.payload) > keep || cap(w.canon) > keep || cap(w.frame) > keep {
		return
	}
	workPool.Put(w)
}

// addFrame appends a segment frame after the ones added before and
// returns the copy in the blocks, the bytes that will be written.
func (e *encoded) addFrame(f []byte) []byte {
	if n := len(e.blocks); n > 0 && len(e.blocks[n-1])+len(f) <= cap(e.blocks[n-1]) {
		at := len(e.blocks[n-1])
		e.blocks[n-1] = append(e.blocks[n-1], f...)
		return e.blocks[n-1][at:]
	}
	var blk []byte
	if len(f) <= frameBlock {
		blk = (*blockPool.Get().(*[]byte))[:0]
	} else {
		blk = make([]byte, 0, len(f))
	}
	blk = append(blk, f...)
	e.blocks = append(e.blocks, blk)
	return blk
}

// release returns e's blocks to the pool; e is unusable afterwards.
func (e *encoded) release() {
	for i, b := range e.blocks {
		if cap(b) == frameBlock {
			blockPool.Put(&b)
		}
		e.blocks[i] = nil
	}
	e.blocks = nil
}

// parts is the file as a list of byte slices to write in order.
func (e *encoded) parts() [][]byte {
	ps := make([][]byte, 0, len(e.blocks)+2)
	ps = append(ps, e.head)
	ps = append(ps, e.blocks...)
	return append(ps, e.tail)
}

func (e *encoded) size() int {
	n := len(e.head) + len(e.tail)
	for _, b := range e.blocks {
		n += len(b)
	}
	return n
}

// encode is encodeParts as one byte slice, for tests.
func (c *codec) encode(b *CheckpointV1) ([]byte, *fileHeader, error) {
	e, err := c.encodeParts(b)
	if err != nil {
		return nil, nil, err
	}
	data := make([]byte, 0, e.size())
	for _, p := range e.parts() {
		data = append(data, p...)
	}
	return data, e.hdr, nil
}

// encodeParts lays out a bundle as a version 2 container file. It
// computes the archive's logical hash and raw indexes (see LogicalHash)
// while it compresses, and writes those into the header, whatever b
// held: the one pass over the canonical form of the messages that a Put
// makes — none when b.Archive.Content holds the messages (as Content.Holds,
// compared a segment at a time in the pipeline), whose hash was computed
// from the same bytes. The other derived fields
// of b must be sealed (see sealedMeta).
//
// The work is a pipeline. c.workers goroutines take segments in order;
// for each they build the payload, compress it, hash the frame (the
// segment's sha256) and canonicalize its messages (or compare them with
// the Content's copy). This goroutine then
// copies the frames into the file's blocks and feeds, in segment order,
// the file hash from those copies and the logical hash from the
// canonical texts: no pass over the archive is made after the last
// segment is compressed. At most 4 segments per worker are in flight, so
// memory beyond the archive itself is the compressed frames plus a few
// segments' buffers, whatever the bundle's size.
func (c *codec) encodeParts(b *CheckpointV1) (*encoded, error) {
	msgs := b.Archive.ShadowedMessages
	pre := b.Archive.Content
	if pre != nil && len(pre.msgs) != len(msgs) {
		pre = nil
	}
	// Whether some message differs from pre's copy (Content.Holds,
	// checked a segment at a time by the workers): then pre vouches for
	// nothing and the messages are hashed after all.
	var differs atomic.Bool
	segs, err := c.cutSegments(msgs)
	if err != nil {
		return nil, err
	}
	frameLens := make([]int, len(segs))
	hashes := make([][32]byte, len(segs))
	works := make([]*segWork, len(segs))
	ready := make([]chan struct{}, len(segs))
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	workers := min(c.workers, len(segs))
	window := make(chan struct{}, 4*max(workers, 1)) // segments in flight
	free := make(chan *segWork, cap(window))         // buffers to reuse
	defer func() {
		for {
			select {
			case w := <-free:
				w.release()
			default:
				return
			}
		}
	}()
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p jcsParser
			for {
				window <- struct{}{}
				i := int(next.Add(1) - 1)
				if i >= len(segs) {
					<-window
					return
				}
				var w *segWork
				select {
				case w = <-free:
				default:
					w = workPool.Get().(*segWork)
				}
				sg := segs[i]
				w.payload = appendPayload(w.payload[:0], msgs, sg)
				// The messages were just read into the cache by the
				// payload's copy: they are hashed (or compared) now, before
				// the encoder fills the cache with its own tables.
				w.canon, w.raw = w.canon[:0], w.raw[:0]
				if pre != nil {
					// Hashed once already, if these are the bytes it was
					// hashed from.
					for j, m := range msgs[sg.first : sg.first+sg.count] {
						if !bytes.Equal(m, pre.msgs[sg.first+j]) {
							differs.Store(true)
							break
						}
					}
				}
				for j, m := range msgs[sg.first : sg.first+sg.count] {
					if pre != nil {
						break
					}
					if sg.first+j > 0 {
						w.canon = append(w.canon, ',')
					}
					if out, err := p.canonical(w.canon, m); err == nil {
						w.canon = out
						continue
					}
					// Not I-JSON: hashed as its framed raw bytes.
					w.raw = append(w.raw, sg.first+j)
					w.canon = append(strconv.AppendInt(append(w.canon, 0), int64(len(m)), 10), ':')
					w.canon = append(w.canon, m...)
				}
				w.frame = c.enc.EncodeAll(w.payload, w.frame[:0])
				hashes[i] = sha256.Sum256(w.frame)
				works[i] = w
				close(ready[i])
			}
		}()
	}
	e := &encoded{head: append(magicPrefix[:len(magicPrefix):len(magicPrefix)], containerV2)}
	fh, lhh := sha256.New(), sha256.New()
	fh.Write(e.head)
	lhh.Write([]byte{'['})
	var raw []int
	for i := range segs {
		<-ready[i]
		w := works[i]
		works[i] = nil
		fh.Write(e.addFrame(w.frame))
		frameLens[i] = len(w.frame)
		lhh.Write(w.canon)
		raw = append(raw, w.raw...)
		select {
		case free <- w:
		default:
			w.release()
		}
		<-window
	}
	lhh.Write([]byte{']'})
	wg.Wait()

	h := &fileHeader{Bundle: *b, Messages: len(msgs)}
	h.Bundle.Archive.ShadowedMessages = []json.RawMessage{}
	h.Bundle.Archive.FileHash = ""
	h.Bundle.Archive.Content = nil
	h.Bundle.Archive.LogicalHash = sumString(lhh)
	switch {
	case pre != nil && differs.Load():
		// Not the content's bytes (a caller's mistake, never trusted):
		// hashed here, in a second pass.
		h.Bundle.Archive.LogicalHash, raw = archiveHash(msgs, true)
	case pre != nil:
		h.Bundle.Archive.LogicalHash, raw = pre.hash, pre.RawIndexes()
	}
	if len(raw) > 0 {
		h.Bundle.Archive.RawMessages = raw
	} else {
		h.Bundle.Archive.RawMessages = nil
	}
	idx := binary.AppendUvarint(nil, uint64(len(b.SessionID)))
	idx = append(idx, b.SessionID...)
	idx = binary.AppendUvarint(idx, uint64(len(b.CheckpointID)))
	idx = append(idx, b.CheckpointID...)
	idx = binary.AppendUvarint(idx, uint64(len(msgs)))
	idx = binary.AppendUvarint(idx, uint64(len(segs)))
	for i, sg := range segs {
		idx = binary.AppendUvarint(idx, uint64(sg.count))
		idx = binary.AppendUvarint(idx, uint64(frameLens[i]))
		idx = binary.AppendUvarint(idx, uint64(sg.rawLen))
		idx = append(idx, hashes[i][:]...)
	}
	h.IndexHash = DigestBytes(idx)
	hj, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidBundle, err)
	}
	hj, err = Canonicalize(hj)
	if err != nil {
		return nil, err
	}
	if int64(len(hj)) > c.maxDecoded || int64(len(idx)) > c.maxDecoded {
		return nil, fmt.Errorf("%w: header of %d bytes is larger than the %d-byte limit", ErrInvalidBundle, len(hj), c.maxDecoded)
	}
	xf := c.enc.EncodeAll(idx, nil)
	hf := c.enc.EncodeAll(hj, nil)
	tail := make([]byte, 0, len(xf)+len(hf)+footerLenV2)
	tail = append(tail, xf...)
	tail = append(tail, hf...)
	tail = binary.LittleEndian.AppendUint32(tail, uint32(len(xf)))
	tail = binary.LittleEndian.AppendUint32(tail, uint32(len(hf)))
	tail = append(tail, e.head...)
	fh.Write(tail)
	e.tail, e.hdr, e.fileHex = tail, h, hex.EncodeToString(fh.Sum(nil))
	return e, nil
}

// unavailable builds a reason-carrying error; the Store fills in ids and path.
func unavailable(reason string, err error) *UnavailableError {
	return &UnavailableError{Reason: reason, Err: err}
}

// readLayout reads and checks the prefix (and, in version 2, the footer)
// and the index of a file of size bytes. The segment table it returns is
// consistent with the file size.
func (c *codec) readLayout(r io.ReaderAt, size int64) (*layout, error) {
	if size < magicLen {
		return nil, unavailable("truncated", fmt.Errorf("file of %d bytes is shorter than the %d-byte magic", size, magicLen))
	}
	var pre [prefixLenV1]byte
	n := min(int64(len(pre)), size)
	if _, err := r.ReadAt(pre[:n], 0); err != nil {
		return nil, unavailable("unreadable", err)
	}
	if !bytes.Equal(pre[:7], magicPrefix[:]) {
		return nil, unavailable("corrupt", fmt.Errorf("bad magic %q", pre[:7]))
	}
	lay := &layout{version: int(pre[7])}
	var il, hl, indexOff int64
	switch lay.version {
	case containerV1:
		if size < prefixLenV1 {
			return nil, unavailable("truncated", fmt.Errorf("file of %d bytes is shorter than the %d-byte prefix", size, prefixLenV1))
		}
		il = int64(binary.LittleEndian.Uint32(pre[8:12]))
		hl = int64(binary.LittleEndian.Uint32(pre[12:16]))
		if prefixLenV1+il+hl > size {
			return nil, unavailable("truncated", fmt.Errorf("index and header frames (%d+%d bytes) run past the end of a %d-byte file", il, hl, size))
		}
		indexOff = prefixLenV1
		lay.headerOff, lay.segStart = prefixLenV1+il, prefixLenV1+il+hl
	case containerV2:
		// A file cut short has lost its footer; so, rarely, has one whose
		// last bytes were overwritten. Either way it is not this file.
		var foot [footerLenV2]byte
		if size < magicLen+footerLenV2 {
			return nil, unavailable("truncated", fmt.Errorf("file of %d bytes is shorter than the magic and the %d-byte footer", size, footerLenV2))
		}
		if _, err := r.ReadAt(foot[:], size-footerLenV2); err != nil {
			return nil, unavailable("unreadable", err)
		}
		if !bytes.Equal(foot[8:], pre[:magicLen]) {
			return nil, c.noFooter(r, size, pre[:magicLen])
		}
		il = int64(binary.LittleEndian.Uint32(foot[0:4]))
		hl = int64(binary.LittleEndian.Uint32(foot[4:8]))
		if magicLen+il+hl+footerLenV2 > size {
			return nil, unavailable("corrupt", fmt.Errorf("index and header frames (%d+%d bytes) are larger than a %d-byte file", il, hl, size))
		}
		indexOff = size - footerLenV2 - hl - il
		lay.headerOff, lay.segStart = indexOff+il, magicLen
	default:
		return nil, unavailable("unknown version", &VersionError{What: "container", Version: lay.version})
	}
	lay.headerLen = hl
	frame := make([]byte, il)
	if _, err := r.ReadAt(frame, indexOff); err != nil {
		return nil, unavailable("unreadable", err)
	}
	idx, err := c.dec.DecodeAll(frame, nil)
	if err != nil {
		return nil, unavailable("corrupt", fmt.Errorf("index frame: %w", err))
	}
	lay.indexSum = sha256.Sum256(idx)
	if err := lay.parseIndex(idx, c.maxDecoded); err != nil {
		return nil, unavailable("corrupt", fmt.Errorf("index: %w", err))
	}
	end := lay.segStart
	if n := len(lay.segments); n > 0 {
		end = lay.segments[n-1].Offset + lay.segments[n-1].Length
	}
	want := size // version 1: the segments end the file
	if lay.version == containerV2 {
		want = indexOff // version 2: the index follows them
	}
	if end > want {
		return nil, unavailable("truncated", fmt.Errorf("segments end at %d, past %d in a %d-byte file", end, want, size))
	}
	if end != want {
		return nil, unavailable("corrupt", fmt.Errorf("%d stray bytes after the last segment", want-end))
	}
	return lay, nil
}

// noFooter says why a version 2 file of size bytes does not end with its
// footer: bytes were added after it (the footer's magic is found in the
// last 64 KiB), or the file was cut short (or its end overwritten).
func (c *codec) noFooter(r io.ReaderAt, size int64, magic []byte) error {
	n := min(size, 64<<10)
	tail := make([]byte, n)
	if _, err := r.ReadAt(tail, size-n); err != nil {
		return unavailable("unreadable", err)
	}
	if i := bytes.LastIndex(tail, magic); i >= 0 && size-n+int64(i) >= magicLen+footerLenV2-magicLen {
		return unavailable("corrupt", fmt.Errorf("%d stray bytes after the footer", n-int64(i)-magicLen))
	}
	return unavailable("truncated", fmt.Errorf("no footer at the end of a %d-byte file (cut short, or its end overwritten)", size))
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
	h, err := parseHeader(hj, lay.version)
	if err != nil {
		return nil, err
	}
	if h.Messages != lay.messages || h.Bundle.SessionID != lay.sessionID || h.Bundle.CheckpointID != lay.checkpointID {
		return nil, unavailable("corrupt", fmt.Errorf("header and index disagree"))
	}
	// Version 2: the header names the index it was written with, and
	// the index names every segment's frame.
	if lay.version == containerV2 {
		if got := hashPrefix + hex.EncodeToString(lay.indexSum[:]); got != h.IndexHash {
			return nil, unavailable("hash mismatch", fmt.Errorf("%w: index %s, header says %s", ErrHashMismatch, got, h.IndexHash))
		}
	}
	return h, nil
}

// parseHeader decodes the header JSON of a container of the given
// version, dispatching on formatVersion.
func parseHeader(hj []byte, container int) (*fileHeader, error) {
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
	tie, other := h.IndexHash, h.PayloadHash
	if container == containerV1 {
		tie, other = h.PayloadHash, h.IndexHash
	}
	if h.Messages < 0 || !validHash(tie) || other != "" || !validHash(h.Bundle.Archive.LogicalHash) {
		return nil, unavailable("corrupt", fmt.Errorf("header fields out of range"))
	}
	h.Bundle.Archive.ShadowedMessages = nil
	return &h, nil
}

// inMemory is a container file already read whole: readSegment slices
// its frames instead of copying them.
type inMemory []byte

func (m inMemory) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(m)) {
		return 0, fmt.Errorf("read at %d of a %d-byte file", off, len(m))
	}
	n := copy(p, m[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// readSegment reads, decompresses and checks segment i, and splits it into messages.
func (c *codec) readSegment(r io.ReaderAt, lay *layout, i int) ([]json.RawMessage, []byte, error) {
	s := lay.segments[i]
	var frame []byte
	if m, ok := r.(inMemory); ok {
		// The layout checked every segment against the file's size, so
		// the frame is a slice of bytes already held, not a second copy.
		frame = m[s.Offset : s.Offset+s.Length]
	} else {
		frame = make([]byte, s.Length)
		if _, err := r.ReadAt(frame, s.Offset); err != nil {
			return nil, nil, unavailable("unreadable", fmt.Errorf("segment %d: %w", i, err))
		}
	}
	// Version 2 hashes the frame: checked before the decoder sees it.
	if lay.version == containerV2 && sha256.Sum256(frame) != s.Hash {
		return nil, nil, unavailable("hash mismatch", fmt.Errorf("%w: segment %d", ErrHashMismatch, i))
	}
	payload, err := c.dec.DecodeAll(frame, make([]byte, 0, s.RawLength))
	if err != nil {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %w", i, err))
	}
	if int64(len(payload)) != s.RawLength {
		return nil, nil, unavailable("corrupt", fmt.Errorf("segment %d: %d bytes, index says %d", i, len(payload), s.RawLength))
	}
	// Version 1 hashes the payload.
	if lay.version == containerV1 && sha256.Sum256(payload) != s.Hash {
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
// segment hash, the header's tie to them (version 2: the index hash,
// checked by readHeader; version 1: the payload hash), the logical hash
// and the rendered digest.
// The returned bundle's FileHash is sha256 of data.
func (c *codec) decodeFull(data []byte) (*CheckpointV1, *fileHeader, *layout, error) {
	return c.decodeFullHashed(data, DigestBytes(data))
}

// decodeFullHashed is decodeFull of data whose sha256 the caller has
// computed (fileHash, "sha256:<hex>"): readVerified hashes the file
// against its name first, and a bundle is not hashed twice.
func (c *codec) decodeFullHashed(data []byte, fileHash string) (*CheckpointV1, *fileHeader, *layout, error) {
	r := inMemory(data)
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
		if lay.version == containerV1 {
			ph.Write(payload)
		}
		msgs = append(msgs, m...)
	}
	if got := sumString(ph); lay.version == containerV1 && got != h.PayloadHash {
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
	b.Archive.FileHash = fileHash
	return &b, h, lay, nil
}
