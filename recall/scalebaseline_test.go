package recall_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/internal/testutil"
)

// bareBuild is what a bare bleve build of the scale corpus cost: the
// baseline TestRecallScale prints beside the index build.
type bareBuild struct {
	wall, cpu time.Duration
	bytes     int64
}

// bareBleveBuild indexes the same documents the recall index holds (each
// message's text, each checkpoint's rendered text, with its session) the
// way bleve's documentation shows: bleve.New with a static mapping (the
// text field analyzed by bleve's English analyzer with term vectors, so
// that phrases work; the session a keyword), then batches of 1,000
// documents into the live index, default scorch settings, nothing stored.
// It measures from bleve.New to Close.
func bareBleveBuild(t *testing.T, dir string, ckpts []recalltest.Checkpoint) bareBuild {
	t.Helper()
	m := bleve.NewIndexMapping()
	dm := bleve.NewDocumentStaticMapping()
	text := bleve.NewTextFieldMapping()
	text.Analyzer = en.AnalyzerName
	text.Store = false
	text.IncludeInAll = false
	dm.AddFieldMappingsAt("text", text)
	session := bleve.NewTextFieldMapping()
	session.Analyzer = keyword.Name
	session.Store = false
	session.IncludeTermVectors = false
	session.IncludeInAll = false
	dm.AddFieldMappingsAt("session", session)
	m.DefaultMapping = dm
	type doc struct {
		Text    string `json:"text"`
		Session string `json:"session"`
	}
	start := time.Now()
	cpu0 := testutil.CPUTime()
	idx, err := bleve.New(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	b := idx.NewBatch()
	flush := func() {
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
		b.Reset()
	}
	for _, c := range ckpts {
		if err := b.Index(c.SessionID+"/"+c.CheckpointID, doc{Text: c.Rendered, Session: c.SessionID}); err != nil {
			t.Fatal(err)
		}
		for i, raw := range c.Archive {
			var msg hostshim.Message
			s := string(raw)
			if json.Unmarshal(raw, &msg) == nil {
				s = msg.Text()
			}
			if err := b.Index(fmt.Sprintf("%s/%s/%d", c.SessionID, c.CheckpointID, i), doc{Text: s, Session: c.SessionID}); err != nil {
				t.Fatal(err)
			}
			if b.Size() >= 1000 {
				flush()
			}
		}
	}
	flush()
	if err := idx.Close(); err != nil {
		t.Fatal(err)
	}
	return bareBuild{wall: time.Since(start), cpu: testutil.CPUTime() - cpu0, bytes: dirSize(t, dir)}
}
