// Package recalltest holds test helpers for package recall: an in-memory
// Source with fault injection, real corpus sessions folded into
// checkpoints, and index constructors.
package recalltest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/recall"
)

// T0 is the creation time (epoch ms) of the first generated checkpoint.
const T0 int64 = 1764460800000 // 2025-11-30T00:00:00Z

// Checkpoint is a folded checkpoint as a test builds it.
type Checkpoint struct {
	recall.Checkpoint
	Archive []json.RawMessage
}

// MemSource is an in-memory recall.Source. It is safe for concurrent use.
// Broken checkpoints answer with an *recall.UnavailableError, and Pages
// counts Page calls (to show what a linear scan costs).
type MemSource struct {
	mu       sync.RWMutex
	sessions map[string]map[string]*Checkpoint
	broken   map[string]string // session+"\x00"+ckpt → reason
	pages    int
}

// NewMemSource returns an empty source.
func NewMemSource() *MemSource {
	return &MemSource{sessions: map[string]map[string]*Checkpoint{}, broken: map[string]string{}}
}

// Put stores a checkpoint, replacing one with the same ids.
func (m *MemSource) Put(c Checkpoint) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c.Messages = len(c.Archive)
	if c.LogicalHash == "" {
		c.LogicalHash = HashArchive(c.Archive)
	}
	s := m.sessions[c.SessionID]
	if s == nil {
		s = map[string]*Checkpoint{}
		m.sessions[c.SessionID] = s
	}
	cc := c
	s[c.CheckpointID] = &cc
}

// Remove deletes a checkpoint, and its session when it was the last one.
func (m *MemSource) Remove(session, ckpt string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.sessions[session], ckpt)
	if len(m.sessions[session]) == 0 {
		delete(m.sessions, session)
	}
}

// Break makes reads of a checkpoint fail as unavailable with reason; an
// empty reason repairs it.
func (m *MemSource) Break(session, ckpt, reason string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if reason == "" {
		delete(m.broken, session+"\x00"+ckpt)
		return
	}
	m.broken[session+"\x00"+ckpt] = reason
}

// Sessions implements recall.Source.
func (m *MemSource) Sessions(ctx context.Context) ([]string, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]string, 0, len(m.sessions))
	for s := range m.sessions {
		out = append(out, s)
	}
	sort.Strings(out)
	return out, nil
}

// List implements recall.Source.
func (m *MemSource) List(ctx context.Context, session string) ([]recall.CheckpointInfo, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []recall.CheckpointInfo
	for _, c := range m.sessions[session] {
		out = append(out, c.CheckpointInfo)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CheckpointID < out[j].CheckpointID })
	return out, nil
}

func (m *MemSource) get(session, ckpt string) (*Checkpoint, error) {
	if r := m.broken[session+"\x00"+ckpt]; r != "" {
		return nil, &recall.UnavailableError{SessionID: session, CheckpointID: ckpt, Reason: r}
	}
	c := m.sessions[session][ckpt]
	if c == nil {
		return nil, &recall.UnavailableError{SessionID: session, CheckpointID: ckpt, Reason: "missing"}
	}
	return c, nil
}

// Checkpoint implements recall.Source.
func (m *MemSource) Checkpoint(ctx context.Context, session, ckpt string) (*recall.Checkpoint, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	c, err := m.get(session, ckpt)
	if err != nil {
		return nil, err
	}
	out := c.Checkpoint
	return &out, nil
}

// Page implements recall.Source.
func (m *MemSource) Page(ctx context.Context, session, ckpt string, offset, limit int) (recall.Page, error) {
	m.mu.Lock()
	m.pages++
	m.mu.Unlock()
	m.mu.RLock()
	defer m.mu.RUnlock()
	c, err := m.get(session, ckpt)
	if err != nil {
		return recall.Page{}, err
	}
	p := recall.Page{Offset: min(offset, len(c.Archive)), Total: len(c.Archive)}
	end := min(offset+limit, len(c.Archive))
	if offset < end {
		p.Messages = append(p.Messages, c.Archive[offset:end]...)
	}
	return p, nil
}

// Pages returns the number of Page calls so far.
func (m *MemSource) Pages() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.pages
}

// All returns every checkpoint, by session then id.
func (m *MemSource) All() []*Checkpoint {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []*Checkpoint
	for _, s := range m.sessions {
		for _, c := range s {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].SessionID != out[j].SessionID {
			return out[i].SessionID < out[j].SessionID
		}
		return out[i].CheckpointID < out[j].CheckpointID
	})
	return out
}

// HashArchive returns a stand-in logical hash: sha256 over the messages'
// bytes, NUL-separated.
func HashArchive(msgs []json.RawMessage) string {
	h := sha256.New()
	for _, m := range msgs {
		h.Write(m)
		h.Write([]byte{0})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Session is one corpus session as archived messages (the JSON of
// hostshim.Message, byte-exact as the host would archive them).
type Session struct {
	Name     string
	Messages []json.RawMessage
}

// LoadSessions imports trajectory files with importer and returns
// their model-visible messages. Files that do not import are skipped with a
// log line.
func LoadSessions(t testing.TB, files ...string) []Session {
	t.Helper()
	var out []Session
	for _, f := range files {
		ims, err := importer.Import(f)
		if err != nil {
			t.Logf("skip %s: %v", filepath.Base(f), err)
			continue
		}
		for _, im := range ims {
			// every message of the log, those a client's own compaction
			// took off the surface too (importer/clientcompact.go): the
			// session's whole history, to fold
			var msgs []*hostshim.Message
			for seq := 0; seq < im.Session.Len(); seq++ {
				if e, _ := im.Session.Event(seq); !hostshim.SurfaceEligible(e.Type) {
					continue
				}
				if m, err := im.Session.Message(seq); err == nil && m != nil {
					msgs = append(msgs, m)
				}
			}
			s := Session{Name: im.Name}
			for _, m := range msgs {
				raw, err := json.Marshal(m)
				if err != nil {
					t.Fatalf("%s: %v", im.Name, err)
				}
				s.Messages = append(s.Messages, raw)
			}
			if len(s.Messages) > 0 {
				out = append(out, s)
			}
		}
	}
	return out
}

// Fold cuts msgs into checkpoints of per messages each (the last may be
// shorter), with ids "<prefix>-<n>", created a minute apart from t0, and a
// rendered text built from their content the way a summarizer would
// mention it: the first request, the tools used and the files touched.
func Fold(session, prefix string, msgs []json.RawMessage, per int, t0 int64) []Checkpoint {
	var out []Checkpoint
	for i, n := 0, 0; i < len(msgs); i, n = i+per, n+1 {
		end := min(i+per, len(msgs))
		c := Checkpoint{Archive: msgs[i:end]}
		c.SessionID = session
		c.CheckpointID = fmt.Sprintf("%s-%d", prefix, n)
		c.Mode = "leaf"
		if n%5 == 4 {
			c.Mode = "root"
		}
		c.CreatedAt = t0 + int64(n)*60_000
		c.Messages = end - i
		c.LogicalHash = HashArchive(c.Archive)
		c.Rendered = Render(msgs[i:end], i)
		out = append(out, c)
	}
	return out
}

// Render returns a summary-like text of msgs (first is the index of
// msgs[0] in the session).
func Render(msgs []json.RawMessage, first int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Folded messages %d–%d of the session.\n", first, first+len(msgs)-1)
	tools := map[string]int{}
	var ask string
	for _, raw := range msgs {
		var m hostshim.Message
		if json.Unmarshal(raw, &m) != nil {
			continue
		}
		for _, c := range m.ToolCalls() {
			tools[c.Name]++
		}
		if _, isResult := m.ToolResultID(); ask == "" && m.Role == hostshim.RoleUser && !isResult {
			ask = m.Text()
		}
	}
	if ask != "" {
		r := []rune(strings.Join(strings.Fields(ask), " "))
		if len(r) > 300 {
			r = r[:300]
		}
		fmt.Fprintf(&sb, "The user asked: %s\n", string(r))
	}
	if len(tools) > 0 {
		names := make([]string, 0, len(tools))
		for n := range tools {
			names = append(names, n)
		}
		sort.Strings(names)
		sb.WriteString("Tools used:")
		for _, n := range names {
			fmt.Fprintf(&sb, " %s×%d", n, tools[n])
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// MustOpen opens a recall index over src in a fresh temporary directory and
// closes it at cleanup. It returns the index and its directory.
func MustOpen(t testing.TB, src recall.Source, opts recall.Options) (*recall.Index, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "index")
	return MustOpenAt(t, dir, src, opts), dir
}

// MustOpenAt opens the index in dir (one an earlier Open left, or none)
// over src and closes it at cleanup.
func MustOpenAt(t testing.TB, dir string, src recall.Source, opts recall.Options) *recall.Index {
	t.Helper()
	x, err := recall.Open(dir, src, opts)
	if err != nil {
		t.Fatalf("recall.Open(%s): %v", dir, err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

// MustSync syncs x and fails the test on error.
func MustSync(t testing.TB, x *recall.Index) recall.SyncStats {
	t.Helper()
	st, err := x.Sync(context.Background())
	if err != nil {
		t.Fatalf("Sync: %v", err)
	}
	return st
}
