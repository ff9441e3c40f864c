package recall

import (
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/document"
	bindex "github.com/blevesearch/bleve_index_api"
)

// TestPrebuiltPlugin: a segment's stand-in document gets the segment put
// under its id, once; a stand-in whose segment is not there is an error,
// not an empty segment; any other document is built by zap v17.
func TestPrebuiltPlugin(t *testing.T) {
	p := prebuiltPlugin{zapPlugin}
	d := document.NewDocument("s/ck/0")
	d.AddField(keyword(fSession, "s"))
	d.AddIDField()
	d.VisitFields(func(f bindex.Field) { f.Analyze() })
	seg, _, err := p.New([]bindex.Document{d})
	if err != nil || seg.Count() != 1 {
		t.Fatalf("a plain document: %v, %v", seg, err)
	}
	id := prebuilt.put(seg)
	stand := document.NewDocument(id)
	got, _, err := p.New([]bindex.Document{stand})
	if err != nil || got != seg {
		t.Fatalf("stand-in: got %v, %v; want the segment put", got, err)
	}
	if _, _, err := p.New([]bindex.Document{stand}); err == nil || !strings.Contains(err.Error(), "no segment") {
		t.Fatalf("stand-in taken twice: %v, want an error", err)
	}
	if p.Type() != zapType || p.Version() != zapVersion {
		t.Fatalf("registered as %s v%d", p.Type(), p.Version())
	}
}
