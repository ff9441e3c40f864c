package hostshim

import (
	"errors"
	"testing"
)

func TestRenumber(t *testing.T) {
	shift := func(by int, left ...int) func(int) (int, bool) {
		return func(old int) (int, bool) {
			for _, l := range left {
				if l == old {
					return 0, false
				}
			}
			return old + by, true
		}
	}
	line := `{"type":"tool/result","seq":7,"time":1700000000000,"data":{"x":"<&>"},"sourceEventSeqs":[5,6],"surfaceOp":"append"}`
	e, err := DecodeEvent([]byte(line), 7)
	if err != nil {
		t.Fatal(err)
	}
	ne, err := e.Renumber(10, shift(3))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"tool/result","seq":10,"time":1700000000000,"data":{"x":"<&>"},"sourceEventSeqs":[8,9],"surfaceOp":"append"}`
	if got := string(ne.Encode()); got != want {
		t.Fatalf("moved event encodes\n%s\nwant\n%s", got, want)
	}
	if e.Seq != 7 || e.SourceEventSeqs[0] != 5 {
		t.Fatal("Renumber changed the original")
	}

	// A reference to an event left out is dropped; the list stays a list.
	ne, err = e.Renumber(10, shift(3, 5, 6))
	if err != nil || ne.SourceEventSeqs == nil || len(ne.SourceEventSeqs) != 0 {
		t.Fatalf("dropped references: %v, %v", ne.SourceEventSeqs, err)
	}

	// A replacement must be placed whole.
	rep, err := DecodeEvent([]byte(`{"type":"compaction/summary","data":{},"surfaceOp":{"op":"replace","start":2,"end":4}}`), 9)
	if err != nil {
		t.Fatal(err)
	}
	moved, err := rep.Renumber(12, shift(3))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(moved.Encode()), `{"type":"compaction/summary","data":{},"surfaceOp":{"op":"replace","start":5,"end":7}}`; got != want {
		t.Fatalf("moved replacement encodes %s, want %s", got, want)
	}
	if _, err := rep.Renumber(12, shift(3, 4)); !errors.Is(err, ErrSeqReference) {
		t.Fatalf("replacement over a left-out event: %v", err)
	}

	// A member of a packed chunk row becomes an event line of its own.
	row := `{"type":"text-chunks","seq0":3,"time0":1000,"data":{"turn":1,"step":1,"index":0,"dt":[5,5],"texts":["a","b","c"]}}`
	members, err := DecodeRecord([]byte(row), 3)
	if err != nil {
		t.Fatal(err)
	}
	m, err := members[1].Renumber(20, shift(0))
	if err != nil {
		t.Fatal(err)
	}
	if line, first := m.StorageLine(); !first || string(line) != string(m.Encode()) {
		t.Fatalf("a renumbered member still stores as its row: %s", line)
	}
	if got, want := string(m.Encode()), `{"type":"assistant/chunk","seq":20,"time":1005,"data":{"chunk":{"index":0,"text":"b","type":"text-delta"},"step":1,"turn":1}}`; got != want {
		t.Fatalf("member encodes\n%s\nwant\n%s", got, want)
	}
}
