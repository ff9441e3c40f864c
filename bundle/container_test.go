package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// container is a bundle file taken apart: its version, the index and
// header payloads (decompressed) and the segment frames. build puts it
// back together, so a test can forge one part and keep the rest.
type container struct {
	version     int
	index, head []byte
	frames      [][]byte
}

func splitContainer(t *testing.T, c *codec, data []byte) *container {
	t.Helper()
	r := bytes.NewReader(data)
	lay, err := c.readLayout(r, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var il int64
	if lay.version == containerV1 {
		il = int64(binary.LittleEndian.Uint32(data[8:12]))
	} else {
		il = int64(binary.LittleEndian.Uint32(data[len(data)-footerLenV2:]))
	}
	idx, err := c.dec.DecodeAll(data[lay.headerOff-il:lay.headerOff], nil)
	if err != nil {
		t.Fatal(err)
	}
	hj, err := c.dec.DecodeAll(data[lay.headerOff:lay.headerOff+lay.headerLen], nil)
	if err != nil {
		t.Fatal(err)
	}
	k := &container{version: lay.version, index: idx, head: hj}
	for _, sg := range lay.segments {
		k.frames = append(k.frames, data[sg.Offset:sg.Offset+sg.Length])
	}
	return k
}

func (k *container) build(c *codec) []byte {
	xf, hf := c.enc.EncodeAll(k.index, nil), c.enc.EncodeAll(k.head, nil)
	magic := append(magicPrefix[:len(magicPrefix):len(magicPrefix)], byte(k.version))
	out := append([]byte(nil), magic...)
	lens := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, uint32(len(xf))), uint32(len(hf)))
	if k.version == containerV1 {
		out = append(append(append(out, lens...), xf...), hf...)
	}
	for _, f := range k.frames {
		out = append(out, f...)
	}
	if k.version == containerV2 {
		out = append(append(append(append(out, xf...), hf...), lens...), magic...)
	}
	return out
}

// segmentEntry returns the offset in k.index of segment i's entry
// (count, compressed length, raw length, hash).
func (k *container) segmentEntry(t *testing.T, i int) int {
	t.Helper()
	p := 0
	uv := func() uint64 {
		v, n := binary.Uvarint(k.index[p:])
		if n <= 0 {
			t.Fatal("bad index")
		}
		p += n
		return v
	}
	p += int(uv()) // session id
	p += int(uv()) // checkpoint id
	uv()           // messages
	uv()           // segments
	for j := 0; j < i; j++ {
		uv()
		uv()
		uv()
		p += 32
	}
	return p
}

// forgeSegment replaces segment i's frame by a frame of the same payload
// with one message byte changed, and records its new length in the index
// (the entry's hash is left as it was): a file whose segment no longer
// matches its hash.
func (k *container) forgeSegment(t *testing.T, c *codec, i int) {
	t.Helper()
	payload, err := c.dec.DecodeAll(k.frames[i], nil)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(payload, []byte("lorem"))
	if at < 0 {
		t.Fatal("segment holds no text to forge")
	}
	payload[at] = 'L'
	k.frames[i] = c.enc.EncodeAll(payload, nil)
	p := k.segmentEntry(t, i)
	cnt, n1 := binary.Uvarint(k.index[p:])
	_, n2 := binary.Uvarint(k.index[p+n1:])
	entry := binary.AppendUvarint(binary.AppendUvarint(nil, cnt), uint64(len(k.frames[i])))
	k.index = append(append(append([]byte(nil), k.index[:p]...), entry...), k.index[p+n1+n2:]...)
}

// setHeader rewrites one member of the header JSON to v.
func (k *container) setHeader(t *testing.T, name, v string) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(k.head, &m); err != nil {
		t.Fatal(err)
	}
	m[name] = json.RawMessage(`"` + v + `"`)
	hj, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if k.head, err = Canonicalize(hj); err != nil {
		t.Fatal(err)
	}
}

func wantHashMismatch(t *testing.T, what string, err error) {
	t.Helper()
	var ue *UnavailableError
	if !errors.As(err, &ue) || ue.Reason != "hash mismatch" || !errors.Is(err, ErrHashMismatch) {
		t.Fatalf("%s: got %v, want an unavailable hash mismatch", what, err)
	}
}

// readAllSegments reads every segment as Page does (index only).
func readAllSegments(c *codec, data []byte) error {
	r := bytes.NewReader(data)
	lay, err := c.readLayout(r, int64(len(data)))
	if err != nil {
		return err
	}
	for i := range lay.segments {
		if _, _, err := c.readSegment(r, lay, i); err != nil {
			return err
		}
	}
	return nil
}

// TestContainerV1StillVerified: the committed version 1 bundle (written by
// the first version of this package) keeps being checked as version 1
// was: a segment whose payload no longer matches its hash fails Page and
// Get, and a header whose payloadHash does not match the payloads fails
// Get, even when everything else is consistent.
func TestContainerV1StillVerified(t *testing.T) {
	c := fuzzCodec(t)
	defer c.close()
	data, err := os.ReadFile(filepath.Join("testdata", "golden", "v1.efb"))
	if err != nil {
		t.Fatal(err)
	}
	k := splitContainer(t, c, data)
	if k.version != containerV1 || len(k.frames) < 2 {
		t.Fatalf("golden v1 file: version %d, %d segments", k.version, len(k.frames))
	}
	if _, _, _, err := c.decodeFull(k.build(c)); err != nil {
		t.Fatalf("the v1 file taken apart and rebuilt no longer verifies: %v", err)
	}

	forged := splitContainer(t, c, data)
	forged.forgeSegment(t, c, 1)
	wantHashMismatch(t, "v1 segment forged (Page)", readAllSegments(c, forged.build(c)))
	_, _, _, err = c.decodeFull(forged.build(c))
	wantHashMismatch(t, "v1 segment forged (Get)", err)

	other := splitContainer(t, c, data)
	other.setHeader(t, "payloadHash", DigestBytes([]byte("other payloads")))
	_, _, _, err = c.decodeFull(other.build(c))
	wantHashMismatch(t, "v1 payloadHash forged", err)
}

// TestContainerV2Verified: what a writer produces now is version 2, and
// its new checks bite: a segment frame that does not match its hash in
// the index fails Page before it is decompressed, and an index that does
// not match the header's indexHash fails every read of the header (Meta,
// List, Get) even when the segments match the forged index.
func TestContainerV2Verified(t *testing.T) {
	c := fuzzCodec(t)
	defer c.close()
	_, data, _ := encodeGolden(t, c)
	k := splitContainer(t, c, data)
	if k.version != containerV2 || len(k.frames) < 2 {
		t.Fatalf("new file: version %d, %d segments", k.version, len(k.frames))
	}
	if !bytes.Equal(k.build(c), data) {
		t.Fatal("the test's container builder does not rebuild a written file")
	}

	forged := splitContainer(t, c, data)
	forged.forgeSegment(t, c, 1)
	wantHashMismatch(t, "v2 frame forged (Page)", readAllSegments(c, forged.build(c)))

	// The forged frame's hash written into the index too: now only the
	// header's indexHash can tell.
	p := forged.segmentEntry(t, 1)
	_, n1 := binary.Uvarint(forged.index[p:])
	_, n2 := binary.Uvarint(forged.index[p+n1:])
	_, n3 := binary.Uvarint(forged.index[p+n1+n2:])
	sum := sha256.Sum256(forged.frames[1])
	copy(forged.index[p+n1+n2+n3:], sum[:])
	fd := forged.build(c)
	if err := readAllSegments(c, fd); err != nil {
		t.Fatalf("segments consistent with the forged index: %v", err)
	}
	lay, err := c.readLayout(bytes.NewReader(fd), int64(len(fd)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.readHeader(bytes.NewReader(fd), lay)
	wantHashMismatch(t, "v2 index forged (header)", err)
	_, _, _, err = c.decodeFull(fd)
	wantHashMismatch(t, "v2 index forged (Get)", err)
}
