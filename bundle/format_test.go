package bundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goldenBundle is the bundle committed as testdata/golden/v1.efb (container
// version 1) and v2.efb (container version 2).
func goldenBundle() *CheckpointV1 {
	msgs := []json.RawMessage{
		json.RawMessage(`{"role": "user", "content": "fold me, but keep me exactly"}`),
		json.RawMessage(`{"role":"assistant","content":"ok","tool_calls":[{"id":"call_1","name":"bash","arguments":{"cmd":"go test ./..."}}]}`),
		json.RawMessage("{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"ok  \\tgithub.com/epistemicfold/ef/bundle\\n\u00e9\u20ac\\ud83d\\ude00\",\"exit\":0.0}"),
	}
	for i := 0; i < 40; i++ { // enough to need several segments at 256 bytes
		msgs = append(msgs, json.RawMessage(fmt.Sprintf(`{"role":"user","seq":%d,"content":"%s"}`, i+4, strings.Repeat("lorem ipsum ", i%7+1))))
	}
	return &CheckpointV1{
		CheckpointID: "ckpt-Golden_v1",
		SessionID:    "golden/session ü",
		CreatedAt:    1764460800000,
		Mode:         ModeRoot,
		Source:       Source{OrderedSurfaceSeqs: []int{1, 2, 3}, SourceDigest: "sha256:" + strings.Repeat("ab", 32)},
		Archive:      Archive{ShadowedMessages: msgs},
		Machine: &Interface{Requires: []string{"objective:ship-m0"}, Provides: []string{"decision:segments"},
			Obligates: []string{"run-crash-test"}, Evidences: []string{"test:pass"}, Rejects: []string{"single-frame"}, Uncertainties: []string{}},
		Semantic: json.RawMessage(`{"summary": "golden", "n": 1.50}`),
		Rendered: Rendered{Text: "[root fold of 43 messages]"},
		Parents:  []ParentRef{{CheckpointID: "ckpt-leaf-1", LogicalHash: "sha256:" + strings.Repeat("cd", 32)}},
	}
}

// goldenExpect records what a reader must find in the golden file.
type goldenExpect struct {
	FileHash    string `json:"fileHash"`
	LogicalHash string `json:"logicalHash"`
	Digest      string `json:"renderedDigest"`
	Messages    int    `json:"messages"`
	Segments    int    `json:"segments"`
}

// TestFormatStability reads the bundle files committed in testdata/golden:
// v1.efb, written by the first version of this package (container version
// 1), and v2.efb (container version 2, what writers produce now), and
// checks every hash and the messages. Both must keep passing for as long
// as the store keeps bundles: a container version, once written, is read
// forever. EF_UPDATE=1 rewrites v2.efb and the fuzz seed corpus (do that
// only for a new container version — then add its file beside these —
// never to paper over a change); v1.efb is never rewritten.
func TestFormatStability(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	if os.Getenv("EF_UPDATE") != "" {
		writeGolden(t, dir)
	}
	for _, v := range []int{containerV1, containerV2} {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) { checkGolden(t, dir, v) })
	}
}

func checkGolden(t *testing.T, dir string, version int) {
	name := fmt.Sprintf("v%d", version)
	data, err := os.ReadFile(filepath.Join(dir, name+".efb"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, name+".expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want goldenExpect
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	c := fuzzCodec(t)
	defer c.close()
	b, h, lay, err := c.decodeFull(data)
	if err != nil {
		t.Fatalf("golden %s bundle no longer decodes: %v", name, err)
	}
	if lay.version != version {
		t.Fatalf("golden %s is container version %d", name, lay.version)
	}
	if b.Archive.FileHash != want.FileHash || b.Archive.LogicalHash != want.LogicalHash || b.Rendered.Digest != want.Digest ||
		h.Messages != want.Messages || len(lay.segments) != want.Segments {
		t.Fatalf("golden hashes changed: got file %s logical %s digest %s msgs %d segs %d; want %+v",
			b.Archive.FileHash, b.Archive.LogicalHash, b.Rendered.Digest, h.Messages, len(lay.segments), want)
	}
	g := goldenBundle()
	for i, m := range g.Archive.ShadowedMessages {
		if string(b.Archive.ShadowedMessages[i]) != string(m) {
			t.Fatalf("message %d: got %s want %s", i, b.Archive.ShadowedMessages[i], m)
		}
	}
	if b.CheckpointID != g.CheckpointID || b.SessionID != g.SessionID || b.Mode != g.Mode || len(b.Parents) != 1 || b.Machine.Rejects[0] != "single-frame" {
		t.Fatalf("golden metadata changed: %+v", b)
	}
	// The hashes are reproducible from the spec alone: logicalHash from
	// Canonicalize, the digest from the text.
	if lh, _ := LogicalHash(g.Archive.ShadowedMessages); lh != want.LogicalHash {
		t.Fatalf("LogicalHash of the golden messages is now %s, was %s", lh, want.LogicalHash)
	}
	// And the file name a store would give it still parses.
	stem, fh, ok := parseBundleFileName(bundleFileName(checkpointStem(b.CheckpointID), strings.TrimPrefix(want.FileHash, "sha256:")))
	if !ok || fh != strings.TrimPrefix(want.FileHash, "sha256:") || stem != "c-ckpt-_golden__v1" {
		t.Fatalf("file naming changed: %q %q %v", stem, fh, ok)
	}
}

func TestUnknownVersions(t *testing.T) {
	c := fuzzCodec(t)
	defer c.close()
	data, _, err := c.encode(seedBundle(3))
	if err != nil {
		t.Fatal(err)
	}
	bad := append([]byte{}, data...)
	bad[7] = 9
	if _, _, _, err := c.decodeFull(bad); !isUnknownVersion(err) {
		t.Fatalf("container version 9: %v", err)
	}
	// A header claiming formatVersion 2.
	h := seedBundle(0)
	h.FormatVersion = 2
	hj, _ := json.Marshal(fileHeader{Bundle: *h, IndexHash: DigestBytes(nil)})
	if _, err := parseHeader(hj, containerV2); !isUnknownVersion(err) {
		t.Fatalf("formatVersion 2: %v", err)
	}
}

func isUnknownVersion(err error) bool {
	ue, ok := err.(*UnavailableError)
	if !ok || ue.Reason != "unknown version" {
		return false
	}
	_, ok = ue.Err.(*VersionError)
	return ok && errorsIs(err, ErrUnknownVersion) && errorsIs(err, ErrUnavailable)
}

// encodeGolden seals a copy of the golden bundle and encodes it with c.
func encodeGolden(t *testing.T, c *codec) (*CheckpointV1, []byte, *fileHeader) {
	t.Helper()
	b, err := sealedCopy(goldenBundle())
	if err != nil {
		t.Fatal(err)
	}
	data, h, err := c.encode(b)
	if err != nil {
		t.Fatal(err)
	}
	return b, data, h
}

func writeGolden(t *testing.T, dir string) {
	c, err := newCodec(256, 1<<20, encoderSettings{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	b, data, h := encodeGolden(t, c)
	_, _, lay, err := c.decodeFull(data)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(dir, 0o755)
	exp, _ := json.MarshalIndent(goldenExpect{FileHash: DigestBytes(data), LogicalHash: b.Archive.LogicalHash,
		Digest: b.Rendered.Digest, Messages: h.Messages, Segments: len(lay.segments)}, "", "  ")
	must(t, os.WriteFile(filepath.Join(dir, "v2.efb"), data, 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "v2.expect.json"), append(exp, '\n'), 0o644))

	// Seed corpus for the fuzz targets.
	corpus := func(target, name string, vals ...string) {
		d := filepath.Join("testdata", "fuzz", target)
		os.MkdirAll(d, 0o755)
		body := "go test fuzz v1\n"
		for _, v := range vals {
			body += v + "\n"
		}
		must(t, os.WriteFile(filepath.Join(d, name), []byte(body), 0o644))
	}
	corpus("FuzzDecode", "golden-v2", fmt.Sprintf("[]byte(%q)", data))
	corpus("FuzzDecode", "golden-v2-truncated", fmt.Sprintf("[]byte(%q)", data[:len(data)*2/3]))
	small, _, _ := c.encode(seedBundle(2))
	corpus("FuzzDecode", "small", fmt.Sprintf("[]byte(%q)", small))
	empty, _, _ := c.encode(seedBundle(0))
	corpus("FuzzDecode", "empty-archive", fmt.Sprintf("[]byte(%q)", empty))
	for i, p := range [][2]string{{"..", "../.."}, {"a/b", "A/B"}, {"\x00", "nul"}, {"Session", "session"}, {"日本語", strings.Repeat("長", 40)}, {strings.Repeat("x", 98), strings.Repeat("x", 99)}} {
		corpus("FuzzSessionID", fmt.Sprintf("seed-%d", i), fmt.Sprintf("string(%q)", p[0]), fmt.Sprintf("string(%q)", p[1]))
	}
	for i, p := range [][2]string{{"ckpt-1", "CKPT-1"}, {"a_b", "a__b"}, {"A_b", "a_B"}, {".x", "x."}, {strings.Repeat("Q", 128), strings.Repeat("q", 128)}} {
		corpus("FuzzCheckpointStem", fmt.Sprintf("seed-%d", i), fmt.Sprintf("string(%q)", p[0]), fmt.Sprintf("string(%q)", p[1]))
	}
	for i, s := range []string{`{"b":[1,2.50,-0,1e21],"a":"\u00e9\ud83d\ude00","c":{"z":null,"\r":true}}`, `[1E-7, 0.000001, 123456789012345678901234567890]`, `"\u0000\u001f\/"`} {
		corpus("FuzzCanonicalize", fmt.Sprintf("seed-%d", i), fmt.Sprintf("[]byte(%q)", s))
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }
