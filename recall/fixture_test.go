package recall_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/recall"
)

// corpus is the real content the tests search: every DSH snapshot (the
// Chinese text lives there), two Claude Agent SDK coding sessions (Rust
// compiler errors, file paths, Bash/Grep/Read calls) and two mini-swe-agent
// DeepSeek sessions, folded into checkpoints of 25 messages.
type corpus struct {
	sessions []recalltest.Session
	ckpts    []recalltest.Checkpoint
}

var (
	corpusOnce sync.Once
	corpusData *corpus
)

func loadCorpus(t testing.TB) *corpus {
	t.Helper()
	// Resolve the corpus (skipping the test when it is absent) before the
	// once, so a skip does not poison it.
	dsh := testutil.CorpusFiles(t, "dsh-snapshots")
	sdk := testutil.CorpusFiles(t, "openagents-autopilot-sdk")
	swe := testutil.CorpusFiles(t, "mini-swe-agent-deepseek")
	corpusOnce.Do(func() {
		files := append(append(dsh, sdk[:2]...), swe[:2]...)
		c := &corpus{sessions: recalltest.LoadSessions(t, files...)}
		for i, s := range c.sessions {
			c.ckpts = append(c.ckpts, recalltest.Fold(sessionID(i), "ck", s.Messages, 25, recalltest.T0+int64(i)*3_600_000)...)
		}
		corpusData = c
	})
	if corpusData == nil || len(corpusData.sessions) < 100 {
		t.Fatalf("corpus did not load")
	}
	return corpusData
}

func sessionID(i int) string { return fmt.Sprintf("sess-%03d", i) }

func (c *corpus) source() *recalltest.MemSource {
	src := recalltest.NewMemSource()
	for _, ck := range c.ckpts {
		src.Put(ck)
	}
	return src
}

// indexed returns the index over the whole corpus, built once and shared
// by the tests that only read it (indexing under -race is slow).
func indexed(t *testing.T) (*recall.Index, *recalltest.MemSource) {
	t.Helper()
	c := loadCorpus(t)
	sharedOnce.Do(func() {
		src := c.source()
		x, err := recall.Open(filepath.Join(sharedDir, "index"), src, recall.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := x.Sync(context.Background())
		if err != nil || st.Checkpoints != len(c.ckpts) || len(st.Unavailable) != 0 {
			t.Fatalf("sync stats %+v, %v, want %d checkpoints", st, err, len(c.ckpts))
		}
		sharedIndex, sharedSrc = x, src
	})
	if sharedIndex == nil {
		t.Fatal("shared index not built")
	}
	return sharedIndex, sharedSrc
}

var (
	sharedOnce  sync.Once
	sharedDir   string
	sharedIndex *recall.Index
	sharedSrc   *recalltest.MemSource
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "recall-test-")
	if err != nil {
		panic(err)
	}
	sharedDir = dir
	code := m.Run()
	if sharedIndex != nil {
		sharedIndex.Close()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// small returns a few hundred messages of the corpus with Chinese, Rust
// errors and file paths: the two DSH sessions with Chinese text and the
// first 12 checkpoints of the first Claude Agent SDK session.
func (c *corpus) small() []recalltest.Checkpoint {
	big := sessionID(bigSession(c))
	var out []recalltest.Checkpoint
	for _, ck := range c.ckpts {
		if ck.SessionID == big && len(out) < 400 {
			if n, _ := strconv.Atoi(strings.TrimPrefix(ck.CheckpointID, "ck-")); n < 12 {
				out = append(out, ck)
			}
			continue
		}
		for _, ch := range ck.Archive {
			if strings.Contains(string(ch), "文件结构") || strings.Contains(string(ch), "飞书审批") {
				out = append(out, ck)
				break
			}
		}
	}
	return out
}

// indexedSmall returns a fresh synced index of its own over c.small().
func indexedSmall(t *testing.T, opts recall.Options) (*recall.Index, *recalltest.MemSource, string) {
	t.Helper()
	src := recalltest.NewMemSource()
	cks := loadCorpus(t).small()
	for _, ck := range cks {
		src.Put(ck)
	}
	x, dir := recalltest.MustOpen(t, src, opts)
	st := recalltest.MustSync(t, x)
	if st.Checkpoints != len(cks) || len(st.Unavailable) != 0 {
		t.Fatalf("sync stats %+v, want %d checkpoints", st, len(cks))
	}
	return x, src, dir
}

// msgText is the text a message is searchable by.
func msgText(raw json.RawMessage) string {
	var m hostshim.Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return string(raw)
	}
	return m.Text()
}

// truth returns the refs (session/ckpt#i, or session/ckpt for a rendered
// text) whose text contains every needle (case-insensitively).
func truth(c *corpus, needles ...string) map[string]bool {
	out := map[string]bool{}
	has := func(s string) bool {
		s = strings.ToLower(s)
		for _, n := range needles {
			if !strings.Contains(s, strings.ToLower(n)) {
				return false
			}
		}
		return true
	}
	for _, ck := range c.ckpts {
		if has(ck.Rendered) {
			out[ck.SessionID+"/"+ck.CheckpointID] = true
		}
		for i, raw := range ck.Archive {
			if has(msgText(raw)) {
				out[fmt.Sprintf("%s/%s#%d", ck.SessionID, ck.CheckpointID, i)] = true
			}
		}
	}
	return out
}

func hitKey(h recall.Hit) string {
	if h.Message == nil {
		return h.SessionID + "/" + h.CheckpointID
	}
	return fmt.Sprintf("%s/%s#%d", h.SessionID, h.CheckpointID, *h.Message)
}

func search(t *testing.T, x *recall.Index, req recall.SearchRequest) *recall.SearchResult {
	t.Helper()
	res, err := x.Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%q): %v", req.Query, err)
	}
	return res
}

// firstPage returns the largest page one answer gives.
func firstPage(t *testing.T, x *recall.Index, q string) *recall.SearchResult {
	t.Helper()
	return search(t, x, recall.SearchRequest{Query: q, Limit: recall.MaxSearchLimit, Budget: recall.MaxBudget})
}

// bigSession returns the index of the first long (Claude Agent SDK)
// session.
func bigSession(c *corpus) int {
	for i, s := range c.sessions {
		if len(s.Messages) > 200 {
			return i
		}
	}
	return 0
}
