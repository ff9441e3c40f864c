package bundle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

var ctx = context.Background()

func mustPut(t testing.TB, s *bundle.Store, b *bundle.CheckpointV1) bundle.Receipt {
	t.Helper()
	r, err := s.Put(ctx, b)
	if err != nil {
		t.Fatalf("Put(%s/%s): %v", b.SessionID, b.CheckpointID, err)
	}
	return r
}

func sameMessages(t testing.TB, got, want []json.RawMessage) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d messages, want %d", len(got), len(want))
	}
	for i := range got {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("message %d not byte-exact:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

func TestPutGetRoundTrip(t *testing.T) {
	s, root := bundletest.MustOpen(t, bundle.Options{SegmentBytes: 4 << 10})
	msgs := bundletest.Messages(1, 300, 400)
	b := bundletest.Bundle("session-1", "ckpt-0001", msgs)
	b.Parents = []bundle.ParentRef{{CheckpointID: "ckpt-0000", LogicalHash: b.Archive.LogicalHash}}
	b.Mode = bundle.ModeRoot
	r := mustPut(t, s, b)
	if r.Messages != 300 || r.LogicalHash != b.Archive.LogicalHash || !strings.HasPrefix(r.FileHash, "sha256:") || r.Bytes <= 0 {
		t.Fatalf("bad receipt %+v", r)
	}
	if rel, err := filepath.Rel(root, r.Path); err != nil || strings.HasPrefix(rel, "..") {
		t.Fatalf("receipt path %s outside root %s", r.Path, root)
	}
	got, err := s.Get(ctx, "session-1", "ckpt-0001")
	if err != nil {
		t.Fatal(err)
	}
	sameMessages(t, got.Archive.ShadowedMessages, msgs)
	if got.Archive.FileHash != r.FileHash || got.Archive.LogicalHash != r.LogicalHash {
		t.Fatalf("hashes %s %s, receipt %s %s", got.Archive.FileHash, got.Archive.LogicalHash, r.FileHash, r.LogicalHash)
	}
	if got.Mode != bundle.ModeRoot || len(got.Parents) != 1 || got.Rendered != b.Rendered || got.CreatedAt != b.CreatedAt ||
		got.Format != "ef-checkpoint" || got.FormatVersion != 1 || len(got.Source.OrderedSurfaceSeqs) != 300 {
		t.Fatalf("metadata changed: %+v", got)
	}
	if !json.Valid(got.Semantic) || got.Machine == nil || got.Machine.Provides[0] != "decision:use-zstd" {
		t.Fatalf("semantic/machine lost: %s %+v", got.Semantic, got.Machine)
	}
	if err := s.Verify(ctx, "session-1", "ckpt-0001"); err != nil {
		t.Fatal(err)
	}

	meta, err := s.Meta(ctx, "session-1", "ckpt-0001")
	if err != nil {
		t.Fatal(err)
	}
	if meta.Archive.ShadowedMessages != nil || meta.Archive.LogicalHash != r.LogicalHash || meta.Archive.FileHash != r.FileHash {
		t.Fatalf("meta %+v", meta.Archive)
	}

	for _, tc := range []struct{ off, lim, want int }{{0, 20, 20}, {5, 1, 1}, {290, 20, 10}, {299, 5, 1}, {300, 5, 0}, {1000, 5, 0}, {0, 0, 0}, {0, 1000, 300}, {37, 113, 113}} {
		p, err := s.Page(ctx, "session-1", "ckpt-0001", tc.off, tc.lim)
		if err != nil {
			t.Fatalf("Page(%d,%d): %v", tc.off, tc.lim, err)
		}
		if p.Total != 300 || len(p.Messages) != tc.want {
			t.Fatalf("Page(%d,%d) = %d messages of %d", tc.off, tc.lim, len(p.Messages), p.Total)
		}
		if tc.want > 0 {
			sameMessages(t, p.Messages, msgs[tc.off:tc.off+tc.want])
		}
	}
	if _, err := s.Page(ctx, "session-1", "ckpt-0001", -1, 5); err == nil {
		t.Fatal("negative offset accepted")
	}

	infos, err := s.List(ctx, "session-1")
	if err != nil || len(infos) != 1 {
		t.Fatalf("List = %v, %v", infos, err)
	}
	if in := infos[0]; in.CheckpointID != "ckpt-0001" || in.Messages != 300 || in.Bytes != r.Bytes || in.Mode != bundle.ModeRoot || in.Err != nil {
		t.Fatalf("info %+v", in)
	}
	sess, err := s.Sessions(ctx)
	if err != nil || len(sess) != 1 || sess[0] != "session-1" {
		t.Fatalf("Sessions = %v, %v", sess, err)
	}
}

func TestEmptyArchive(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{})
	b := bundletest.Bundle("s", "empty", nil)
	mustPut(t, s, b)
	got, err := s.Get(ctx, "s", "empty")
	if err != nil || len(got.Archive.ShadowedMessages) != 0 {
		t.Fatalf("Get = %v, %v", got, err)
	}
	p, err := s.Page(ctx, "s", "empty", 0, 20)
	if err != nil || p.Total != 0 || len(p.Messages) != 0 {
		t.Fatalf("Page = %+v, %v", p, err)
	}
}

func TestPutIdempotentAndImmutable(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{})
	msgs := bundletest.Messages(2, 10, 100)
	r1 := mustPut(t, s, bundletest.Bundle("s", "c1", msgs))
	r2 := mustPut(t, s, bundletest.Bundle("s", "c1", msgs))
	if r1 != r2 {
		t.Fatalf("idempotent put gave %+v then %+v", r1, r2)
	}
	other := bundletest.Messages(3, 10, 100)
	if _, err := s.Put(ctx, bundletest.Bundle("s", "c1", other)); !errors.Is(err, bundle.ErrExists) {
		t.Fatalf("different content: err = %v, want ErrExists", err)
	}
	// Same canonical form, different bytes: still different content.
	respaced := append([]json.RawMessage{}, msgs...)
	respaced[0] = append(json.RawMessage(" "), msgs[0]...)
	if _, err := s.Put(ctx, bundletest.Bundle("s", "c1", respaced)); !errors.Is(err, bundle.ErrExists) {
		t.Fatalf("respaced content: err = %v, want ErrExists", err)
	}
	got, err := s.Get(ctx, "s", "c1")
	if err != nil {
		t.Fatal(err)
	}
	sameMessages(t, got.Archive.ShadowedMessages, msgs)
}

func TestPutValidation(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{})
	good := func() *bundle.CheckpointV1 { return bundletest.Bundle("s", "c", bundletest.Messages(1, 2, 50)) }
	cases := map[string]struct {
		mut  func(b *bundle.CheckpointV1)
		want error
	}{
		"empty id":        {func(b *bundle.CheckpointV1) { b.CheckpointID = "" }, bundle.ErrInvalidID},
		"dot id":          {func(b *bundle.CheckpointV1) { b.CheckpointID = ".." }, bundle.ErrInvalidID},
		"slash id":        {func(b *bundle.CheckpointV1) { b.CheckpointID = "a/b" }, bundle.ErrInvalidID},
		"long id":         {func(b *bundle.CheckpointV1) { b.CheckpointID = strings.Repeat("a", 129) }, bundle.ErrInvalidID},
		"empty session":   {func(b *bundle.CheckpointV1) { b.SessionID = "" }, bundle.ErrInvalidID},
		"bad mode":        {func(b *bundle.CheckpointV1) { b.Mode = "sideways" }, bundle.ErrInvalidBundle},
		"no createdAt":    {func(b *bundle.CheckpointV1) { b.CreatedAt = 0 }, bundle.ErrInvalidBundle},
		"stale raw list":  {func(b *bundle.CheckpointV1) { b.Archive.RawMessages = []int{1} }, bundle.ErrHashMismatch},
		"wrong logical":   {func(b *bundle.CheckpointV1) { b.Archive.LogicalHash = "sha256:" + strings.Repeat("1", 64) }, bundle.ErrHashMismatch},
		"wrong digest":    {func(b *bundle.CheckpointV1) { b.Rendered.Text += "!" }, bundle.ErrHashMismatch},
		"future version":  {func(b *bundle.CheckpointV1) { b.FormatVersion = 2 }, bundle.ErrUnknownVersion},
		"bad parent hash": {func(b *bundle.CheckpointV1) { b.Parents = []bundle.ParentRef{{"p", "md5:x"}} }, bundle.ErrInvalidBundle},
		"bad semantic":    {func(b *bundle.CheckpointV1) { b.Semantic = json.RawMessage(`{`) }, bundle.ErrInvalidBundle},
	}
	for name, tc := range cases {
		b := good()
		tc.mut(b)
		if _, err := s.Put(ctx, b); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", name, err, tc.want)
		}
	}
	if _, err := s.Put(ctx, nil); !errors.Is(err, bundle.ErrInvalidBundle) {
		t.Errorf("nil bundle: %v", err)
	}
	// Unsealed bundles are sealed on a copy; the caller's value is untouched.
	b := good()
	b.Format, b.FormatVersion, b.Archive.LogicalHash, b.Rendered.Digest = "", 0, "", ""
	b.CheckpointID = "unsealed"
	if _, err := s.Put(ctx, b); err != nil {
		t.Fatal(err)
	}
	if b.Archive.LogicalHash != "" {
		t.Error("Put modified its argument")
	}
	if _, err := s.Put(ctx, bundletest.Bundle("\xff", "c", nil)); !errors.Is(err, bundle.ErrInvalidID) {
		t.Errorf("Put with invalid UTF-8 session id: %v", err)
	}
	if _, err := s.Get(ctx, "s", "../x"); !errors.Is(err, bundle.ErrInvalidID) {
		t.Errorf("Get with bad id: %v", err)
	}
}

func TestHostileSessionIDs(t *testing.T) {
	s, root := bundletest.MustOpen(t, bundle.Options{})
	ids := []string{"..", ".", "/", "../../escape", "a/b/c", "\x00", "a\x00b", "Session", "session", "SESSION",
		"日本語", "\u00e9\u0301", strings.Repeat("long", 1000), strings.Repeat("x", 98), strings.Repeat("x", 99), "CON", "nul"}
	for i, id := range ids {
		mustPut(t, s, bundletest.Bundle(id, "c", bundletest.Messages(uint64(i), 1, 20)))
	}
	// Nothing escaped the root, every name is lowercase-safe.
	if ents, _ := os.ReadDir(filepath.Dir(root)); len(ents) != 1 {
		t.Errorf("something was written next to the root: %v", ents)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		if n := d.Name(); len(n) > 255 || n != strings.ToLower(n) && n != "LOCK" {
			t.Errorf("unsafe name %q", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Sessions(ctx)
	if err != nil || len(got) != len(ids) {
		t.Fatalf("Sessions = %d ids, %v; want %d", len(got), err, len(ids))
	}
	for i, id := range ids {
		b, err := s.Get(ctx, id, "c")
		if err != nil {
			t.Fatalf("Get(%q): %v", id, err)
		}
		sameMessages(t, b.Archive.ShadowedMessages, bundletest.Messages(uint64(i), 1, 20))
	}
}

func TestCaseDistinctCheckpointIDs(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{})
	ids := []string{"ckpt", "CKPT", "Ckpt", "c_kpt", "c__kpt", "C_kpt"}
	for i, id := range ids {
		mustPut(t, s, bundletest.Bundle("s", id, bundletest.Messages(uint64(i), 3, 30)))
	}
	for i, id := range ids {
		b, err := s.Get(ctx, "s", id)
		if err != nil {
			t.Fatalf("Get(%s): %v", id, err)
		}
		sameMessages(t, b.Archive.ShadowedMessages, bundletest.Messages(uint64(i), 3, 30))
	}
	infos, _ := s.List(ctx, "s")
	if len(infos) != len(ids) {
		t.Fatalf("List has %d entries, want %d", len(infos), len(ids))
	}
}

// corrupt applies f to the single bundle file of checkpoint c.
func bundlePath(t *testing.T, s *bundle.Store, session, c string) string {
	t.Helper()
	infos, err := s.List(ctx, session)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range infos {
		if in.CheckpointID == c {
			return in.Path
		}
	}
	t.Fatalf("no file for %s", c)
	return ""
}

func TestUnavailable(t *testing.T) {
	msgs := bundletest.Messages(9, 200, 300)
	cases := []struct {
		name   string
		damage func(t *testing.T, p string)
		reason string
	}{
		{"missing", func(t *testing.T, p string) { os.Remove(p) }, "missing"},
		{"truncated", func(t *testing.T, p string) { os.Truncate(p, 100) }, "truncated"},
		{"truncated-tiny", func(t *testing.T, p string) { os.Truncate(p, 5) }, "truncated"},
		{"empty", func(t *testing.T, p string) { os.Truncate(p, 0) }, "truncated"},
		{"flipped-byte", func(t *testing.T, p string) { flip(t, p, -1000) }, "hash mismatch"},
		{"flipped-header", func(t *testing.T, p string) { flip(t, p, 20) }, "hash mismatch"},
		{"appended", func(t *testing.T, p string) {
			f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			f.Write([]byte("junk"))
			f.Close()
		}, "hash mismatch"},
		{"renamed-hash", func(t *testing.T, p string) {
			q := p[:len(p)-8] + "0000" + ".efb"
			os.Rename(p, q)
		}, "hash mismatch"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := bundletest.MustOpen(t, bundle.Options{SegmentBytes: 2048})
			mustPut(t, s, bundletest.Bundle("s", "victim", msgs))
			mustPut(t, s, bundletest.Bundle("s", "bystander", msgs[:10]))
			// A page read before the damage remembers the content as
			// verified; the first read after it must still fail, for
			// the same reason as Get, wherever the damage is (page 190
			// lies in another segment than byte 20 or the last 1000).
			if _, err := s.PageVerified(ctx, "s", "victim", 190, 10); err != nil {
				t.Fatal(err)
			}
			tc.damage(t, bundlePath(t, s, "s", "victim"))
			var pue *bundle.UnavailableError
			if _, err := s.PageVerified(ctx, "s", "victim", 190, 10); !errors.As(err, &pue) || pue.Reason != tc.reason {
				t.Fatalf("PageVerified after damage: %v, want unavailable (%s)", err, tc.reason)
			}
			_, err := s.Get(ctx, "s", "victim")
			var ue *bundle.UnavailableError
			if !errors.As(err, &ue) || !errors.Is(err, bundle.ErrUnavailable) {
				t.Fatalf("Get after damage: %v, want *UnavailableError", err)
			}
			if ue.Reason != tc.reason || ue.CheckpointID != "victim" || ue.SessionID != "s" {
				t.Fatalf("reason %q (%v), want %q", ue.Reason, ue, tc.reason)
			}
			if err := s.Verify(ctx, "s", "victim"); !errors.Is(err, bundle.ErrUnavailable) {
				t.Fatalf("Verify: %v", err)
			}
			// Page and Meta must not panic; they either fail with
			// unavailable or serve segments that still verify.
			if _, err := s.Page(ctx, "s", "victim", 190, 10); err != nil && !errors.Is(err, bundle.ErrUnavailable) {
				t.Fatalf("Page: %v", err)
			}
			if _, err := s.Meta(ctx, "s", "victim"); err != nil && !errors.Is(err, bundle.ErrUnavailable) {
				t.Fatalf("Meta: %v", err)
			}
			if err := s.Verify(ctx, "s", "bystander"); err != nil {
				t.Fatalf("bystander damaged: %v", err)
			}
			// A Put of the same id cannot silently replace a damaged file,
			// nor call it a checkpoint of different content: nothing says
			// it is. It names the file and why it cannot be read, and
			// leaves it as it is.
			if tc.reason == "missing" {
				return
			}
			p := bundlePath(t, s, "s", "victim")
			damaged, _ := os.ReadFile(p)
			_, err = s.Put(ctx, bundletest.Bundle("s", "victim", msgs))
			var sue *bundle.UnavailableError
			if !errors.Is(err, bundle.ErrStoredUnavailable) || errors.Is(err, bundle.ErrExists) || !errors.As(err, &sue) || sue.Path != p || sue.Reason != tc.reason {
				t.Fatalf("Put over damaged file: %v, want ErrStoredUnavailable naming %s (%s)", err, p, tc.reason)
			}
			if now, _ := os.ReadFile(bundlePath(t, s, "s", "victim")); !bytes.Equal(now, damaged) {
				t.Fatal("Put over a damaged file changed it")
			}
		})
	}
}

func flip(t *testing.T, p string, off int64) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if off < 0 {
		off += int64(len(data))
	}
	data[off] ^= 0x40
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// countingFS counts bytes read through it.
type countingFS struct {
	bundle.FS
	mu    sync.Mutex
	bytes int64
}

func (c *countingFS) Open(name string) (bundle.File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return &countingFile{File: f, c: c}, nil
}

func (c *countingFS) add(n int) {
	c.mu.Lock()
	c.bytes += int64(n)
	c.mu.Unlock()
}

func (c *countingFS) reset() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.bytes
	c.bytes = 0
	return n
}

type countingFile struct {
	bundle.File
	c *countingFS
}

func (f *countingFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.c.add(n)
	return n, err
}

func (f *countingFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := f.File.ReadAt(p, off)
	f.c.add(n)
	return n, err
}

// TestPageReadsOnlyWhatItNeeds: a 20-message page of a ~5 MB archive reads
// a small fraction of the file.
func TestPageReadsOnlyWhatItNeeds(t *testing.T) {
	cfs := &countingFS{FS: bundle.OSFS{}}
	s, err := bundle.Open(t.TempDir(), bundle.Options{FS: cfs})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	msgs := bundletest.ArchiveOfBytes(5, 5<<20)
	r := mustPut(t, s, bundletest.Bundle("s", "big", msgs))
	cfs.reset()
	p, err := s.Page(ctx, "s", "big", len(msgs)/2, 20)
	if err != nil {
		t.Fatal(err)
	}
	sameMessages(t, p.Messages, msgs[len(msgs)/2:len(msgs)/2+20])
	read := cfs.reset()
	t.Logf("page of 20 from %d-byte file (%d messages) read %d bytes", r.Bytes, len(msgs), read)
	if read*10 > r.Bytes {
		t.Fatalf("page read %d of %d bytes", read, r.Bytes)
	}
	if _, err := s.Meta(ctx, "s", "big"); err != nil {
		t.Fatal(err)
	}
	if read := cfs.reset(); read*10 > r.Bytes {
		t.Fatalf("Meta read %d of %d bytes", read, r.Bytes)
	}
}

// TestPageVerifiedOnce: PageVerified gives Page's pages, verifies a
// bundle whole on its first read only (later reads allocate a small part
// of the archive: no decoding of the rest), and serves nothing from a
// file that no longer hashes to its name, then again once it does.
func TestPageVerifiedOnce(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{SegmentBytes: 16 << 10})
	msgs := bundletest.ArchiveOfBytes(7, 4<<20)
	mustPut(t, s, bundletest.Bundle("s", "big", msgs))
	allocated := func(f func()) uint64 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	page := func(off, lim int) bundle.Page {
		t.Helper()
		p, err := s.PageVerified(ctx, "s", "big", off, lim)
		if err != nil {
			t.Fatalf("PageVerified(%d, %d): %v", off, lim, err)
		}
		want, err := s.Page(ctx, "s", "big", off, lim)
		if err != nil {
			t.Fatal(err)
		}
		sameMessages(t, p.Messages, want.Messages)
		if p.Offset != want.Offset || p.Total != want.Total {
			t.Fatalf("page (%d, %d): offset %d total %d, Page says %d %d", off, lim, p.Offset, p.Total, want.Offset, want.Total)
		}
		return p
	}
	first := allocated(func() { page(3, 5) })
	n := len(msgs)
	var later uint64
	for _, c := range [][2]int{{0, 1}, {n / 2, 40}, {n - 3, 10}, {n, 4}, {n + 9, 4}, {5, 0}} {
		later = max(later, allocated(func() { page(c[0], c[1]) }))
	}
	t.Logf("first read allocated %d bytes, later ones at most %d (archive ~4 MiB)", first, later)
	if first < 4<<20 || later*8 > 4<<20 {
		t.Fatalf("first read allocated %d, a later one %d: want the whole archive once, then much less", first, later)
	}
	if _, err := s.PageVerified(ctx, "s", "big", -1, 2); err == nil {
		t.Fatal("negative offset accepted")
	}
	p := bundlePath(t, s, "s", "big")
	orig, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	flip(t, p, int64(len(orig)/2))
	if _, err := s.PageVerified(ctx, "s", "big", 0, 1); !errors.Is(err, bundle.ErrHashMismatch) {
		t.Fatalf("damaged file served: %v", err)
	}
	if err := os.WriteFile(p, orig, 0o600); err != nil {
		t.Fatal(err)
	}
	page(0, 1)
}

func TestDeleteSession(t *testing.T) {
	s, root := bundletest.MustOpen(t, bundle.Options{})
	for _, id := range []string{"a", "b", "c"} {
		mustPut(t, s, bundletest.Bundle("doomed", id, bundletest.Messages(1, 3, 30)))
	}
	mustPut(t, s, bundletest.Bundle("kept", "a", bundletest.Messages(1, 3, 30)))
	if err := s.DeleteSession(ctx, "doomed"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx, "never-existed"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "doomed", "a"); !errors.Is(err, bundle.ErrUnavailable) {
		t.Fatalf("Get after delete: %v", err)
	}
	sess, _ := s.Sessions(ctx)
	if len(sess) != 1 || sess[0] != "kept" {
		t.Fatalf("Sessions = %v", sess)
	}
	ents, _ := os.ReadDir(root)
	if len(ents) != 2 { // LOCK and the kept session
		t.Fatalf("root holds %d entries after delete", len(ents))
	}
	// The session can be used again.
	mustPut(t, s, bundletest.Bundle("doomed", "a", bundletest.Messages(2, 3, 30)))
	if err := s.Verify(ctx, "doomed", "a"); err != nil {
		t.Fatal(err)
	}
}

func TestGC(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	mem := bundletest.NewMemFS(clock)
	s, _ := bundletest.MustOpen(t, bundle.Options{FS: mem, Now: clock})
	mustPut(t, s, bundletest.Bundle("s1", "old-ref", nil))
	mustPut(t, s, bundletest.Bundle("s1", "old-orphan", nil))
	mustPut(t, s, bundletest.Bundle("s2", "old-orphan-2", nil))
	// A temp file left by a writer that died (old) and one in flight (new).
	dirs, _ := mem.ReadDir("/store")
	var sdir string
	for _, d := range dirs {
		if d.IsDir() {
			sdir = "/store/" + d.Name()
		}
	}
	f, _ := mem.CreateTemp(sdir, ".tmp-*")
	f.Close()
	now = now.Add(48 * time.Hour)
	f, _ = mem.CreateTemp(sdir, ".tmp-*")
	f.Close()
	mustPut(t, s, bundletest.Bundle("s1", "new-orphan", nil))
	now = now.Add(time.Hour)
	rep, err := s.GC(ctx, map[string]bool{"old-ref": true}, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Removed) != 2 || rep.Scanned != 4 || rep.Kept != 2 || rep.Sessions != 2 || rep.TempsRemoved != 1 {
		t.Fatalf("report %+v", rep)
	}
	for _, c := range []struct {
		s, c string
		ok   bool
	}{{"s1", "old-ref", true}, {"s1", "old-orphan", false}, {"s2", "old-orphan-2", false}, {"s1", "new-orphan", true}} {
		err := s.Verify(ctx, c.s, c.c)
		if (err == nil) != c.ok {
			t.Errorf("%s/%s after GC: %v", c.s, c.c, err)
		}
	}
	// A nil reference set removes no bundle.
	now = now.Add(100 * time.Hour)
	rep, err = s.GC(ctx, nil, time.Hour)
	if err != nil || len(rep.Removed) != 0 || rep.Kept != 2 {
		t.Fatalf("GC with nil reference set: %+v, %v", rep, err)
	}
}

func TestSweepOnOpen(t *testing.T) {
	root := t.TempDir()
	s, err := bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustPut(t, s, bundletest.Bundle("s", "c", nil))
	s.Close()
	dir := filepath.Dir(r.Path)
	// Leftovers of interrupted writes: a pre-renameio temp file, and
	// pending files as renameio names them ("." + target + digits) for a
	// bundle, the manifest and the session-id file.
	temps := []string{".tmp-123", "." + filepath.Base(r.Path) + "5577006791947779410", ".manifest42", ".session-id7"}
	for _, n := range temps {
		os.WriteFile(filepath.Join(dir, n), []byte("partial"), 0o600)
	}
	// A pending file abandoned by a writer killed before its replace.
	pf, err := bundle.OSFS{}.CreatePending(filepath.Join(dir, "c-x."+strings.Repeat("ab", 32)+".efb"))
	if err != nil {
		t.Fatal(err)
	}
	pf.Write([]byte("partial"))
	temps = append(temps, filepath.Base(pf.Name()))
	os.MkdirAll(filepath.Join(root, ".del-s-xyz", "inner"), 0o700)
	s, err = bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, n := range temps {
		if _, err := os.Stat(filepath.Join(dir, n)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("temp file %s survived Open: %v", n, err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, ".del-s-xyz")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("tombstone survived Open: %v", err)
	}
	if err := s.Verify(ctx, "s", "c"); err != nil {
		t.Fatal(err)
	}
}

// The lock is held per write, not per open: two Stores (two processes in
// production) share a root, a write waits while another holds the lock,
// reports its wait, and gives up only after LockTimeout.
func TestLockPerWriteQueues(t *testing.T) {
	root := t.TempDir()
	s, err := bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s2, err := bundle.Open(root, bundle.Options{LockTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatalf("second Open next to a writer: %v", err)
	}
	if _, err := s.Put(ctx, bundletest.Bundle("s", "c", nil)); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.Put(ctx, bundletest.Bundle("s", "d", nil)); err != nil {
		t.Fatalf("second Store's Put: %v", err)
	}
	// Another process holds the lock (as a Put in flight does).
	held, err := bundle.OSFS{}.Lock(filepath.Join(root, "LOCK"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := s2.Put(ctx, bundletest.Bundle("s", "e", nil)); !errors.Is(err, bundle.ErrLocked) {
		t.Fatalf("Put while locked, 50ms timeout: %v, want ErrLocked", err)
	}
	t.Logf("Put gave up on the lock after %v (timeout 50ms)", time.Since(start))
	var waits atomic.Int32
	s3, err := bundle.Open(root, bundle.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	s3.Close()
	go func() { time.Sleep(1300 * time.Millisecond); held.Close() }()
	s4, err := bundle.Open(root, bundle.Options{LockTimeout: time.Minute, LockWait: func(time.Duration) { waits.Add(1) }})
	if err != nil {
		t.Fatalf("Open waiting for the lock: %v", err)
	}
	if _, err := s4.Put(ctx, bundletest.Bundle("s", "e", nil)); err != nil {
		t.Fatalf("Put after the holder released: %v", err)
	}
	if waits.Load() == 0 {
		t.Error("no progress report while waiting over a second for the lock")
	}
	for _, id := range []string{"c", "d", "e"} {
		if err := s.Verify(ctx, "s", id); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	s4.Close()
	s2.Close()
	ro, err := bundle.Open(root, bundle.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only open next to a writer: %v", err)
	}
	if _, err := ro.Put(ctx, bundletest.Bundle("s", "c", nil)); !errors.Is(err, bundle.ErrReadOnly) {
		t.Fatalf("Put on read-only store: %v", err)
	}
	ro.Close()
	s.Close()
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := s.Get(ctx, "s", "c"); !errors.Is(err, bundle.ErrClosed) {
		t.Fatalf("Get after Close: %v", err)
	}
}

func TestConcurrentWriters(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{})
	const sessions, perSession, writers = 6, 8, 3
	var wg sync.WaitGroup
	errs := make(chan error, sessions*perSession*writers)
	for si := 0; si < sessions; si++ {
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sid := "session-" + string(rune('a'+si))
				for i := 0; i < perSession; i++ {
					// All writers of a session race on the same ids with the same content.
					b := bundletest.Bundle(sid, "c"+string(rune('0'+i)), bundletest.Messages(uint64(si*100+i), 5, 200))
					if _, err := s.Put(ctx, b); err != nil {
						errs <- err
					}
					if _, err := s.Page(ctx, sid, b.CheckpointID, 0, 2); err != nil {
						errs <- err
					}
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for si := 0; si < sessions; si++ {
		infos, err := s.List(ctx, "session-"+string(rune('a'+si)))
		if err != nil || len(infos) != perSession {
			t.Fatalf("List: %d, %v", len(infos), err)
		}
	}
}

// A checkpoint stored again after its file was lost is no longer lost:
// the manifest lists the new file in place of the old name, durably. A
// re-fold stores it with a new createdAt, so under a new file name, and
// ef store verify reported the old name "acknowledged, file gone" forever.
func TestStoredAgainIsNoLongerLost(t *testing.T) {
	root := filepath.Join(t.TempDir(), "store")
	s := bundletest.MustOpenAt(t, root, bundle.Options{})
	msgs := bundletest.Messages(3, 4, 50)
	mustPut(t, s, bundletest.Bundle("s", "a", msgs))
	lost := mustPut(t, s, bundletest.Bundle("s", "b", msgs))
	if err := os.Remove(lost.Path); err != nil {
		t.Fatal(err)
	}
	if a, err := s.Audit(ctx); err != nil || len(a.Missing) != 1 || a.Missing[0].CheckpointID != "b" {
		t.Fatalf("audit after the loss: %+v, %v", a, err)
	}
	again := bundletest.Bundle("s", "b", msgs)
	again.CreatedAt++
	if err := bundle.Seal(again); err != nil {
		t.Fatal(err)
	}
	rc := mustPut(t, s, again)
	if rc.Path == lost.Path {
		t.Fatalf("stored again under the same name %s; the test needs a new file hash", rc.Path)
	}
	mustPut(t, s, again) // the same content again: answered from the file, listed once
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = bundletest.MustOpenAt(t, root, bundle.Options{ReadOnly: true})
	a, err := s.Audit(ctx)
	if err != nil || len(a.Missing)+len(a.Unlisted)+len(a.Foreign) != 0 {
		t.Fatalf("audit after storing it again: %+v, %v", a, err)
	}
	manifest, err := os.ReadFile(filepath.Join(filepath.Dir(rc.Path), "manifest"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(manifest)), "\n")
	if len(lines) != 3 || lines[2] != filepath.Base(rc.Path) {
		t.Errorf("manifest:\n%s\nwant its header, a's file and b's new file %s", manifest, filepath.Base(rc.Path))
	}
}
