package recall

import (
	"encoding/json"
	"testing"

	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
)

// planSegment is a segment as scorch's merge planner sees it.
type planSegment struct {
	id          uint64
	docs, bytes int64
}

func (s planSegment) Id() uint64          { return s.id }
func (s planSegment) FullSize() int64     { return s.docs }
func (s planSegment) LiveSize() int64     { return s.docs }
func (s planSegment) HasVector() bool     { return false }
func (s planSegment) FileSize() int64     { return s.bytes }
func (s planSegment) LiveFileSize() int64 { return s.bytes }

// TestMergePlanInBytes holds the index's merge policy (runtimeConfig, read
// by scorch as below) to planning by bytes: a checkpoint added to a
// grown index is not merged with the whole index, and small segments
// are still merged with each other.
func TestMergePlanInBytes(t *testing.T) {
	x := &Index{}
	o := mergeplan.DefaultMergePlanOptions // scorch starts from these
	raw, err := json.Marshal(x.runtimeConfig()["scorchMergePlanOptions"])
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		t.Fatal(err)
	}
	if err := mergeplan.ValidateMergePlannerOptions(&o); err != nil {
		t.Fatal(err)
	}
	merged := func(segs []mergeplan.Segment) map[uint64]bool {
		t.Helper()
		p, err := mergeplan.Plan(segs, &o)
		if err != nil {
			t.Fatal(err)
		}
		in := map[uint64]bool{}
		for _, task := range p.Tasks {
			for _, s := range task.Segments {
				in[s.Id()] = true
			}
		}
		return in
	}
	// An index of 1,000 messages (6 MB) and one new checkpoint of 20.
	big := planSegment{id: 1, docs: 1000, bytes: 6 << 20}
	if in := merged([]mergeplan.Segment{big, planSegment{id: 2, docs: 20, bytes: 60 << 10}}); in[big.id] {
		t.Errorf("a checkpoint's segment of 60 KB is merged into the index's 6 MB one: %v", in)
	}
	// Beside it, thirty checkpoints added one by one.
	segs := []mergeplan.Segment{big}
	for i := range 30 {
		segs = append(segs, planSegment{id: uint64(10 + i), docs: 20, bytes: 60 << 10})
	}
	in := merged(segs)
	if in[big.id] {
		t.Errorf("thirty small segments are merged into the index's 6 MB one: %v", in)
	}
	if len(in) < 2 {
		t.Errorf("thirty small segments are left unmerged: %v", in)
	}
}
