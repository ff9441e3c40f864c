package importer

import (
	"bytes"
	"fmt"

	"github.com/epistemicfold/ef/hostshim"
)

// importDSH loads a persisted DSH session log (plain or Zstandard) unchanged
// through hostshim's log reader. The session is lenient (snapshot logs strip
// seqs and elide events; see hostshim.Session.Lenient). Stats are counted
// from the log: calls and results are paired by call id, nothing is added
// or dropped.
func importDSH(name string, data []byte) (Imported, error) {
	r, err := hostshim.NewLogReader(bytes.NewReader(data), name, hostshim.LogOptions{Lenient: true})
	if err != nil {
		return Imported{}, malformed("", err)
	}
	defer r.Close()
	s, err := r.ReadSession()
	if err != nil {
		return Imported{}, malformed("", err)
	}
	st, err := dshStats(s)
	if err != nil {
		return Imported{}, err
	}
	return Imported{Name: name, ID: s.ID, Format: FormatDSH, Session: s, Stats: st, Torn: r.Truncated()}, nil
}

// dshStats counts a loaded log's messages, calls and results.
func dshStats(s *hostshim.Session) (Stats, error) {
	var st Stats
	calls := map[string]int{}
	var results []string
	for _, e := range s.Events() {
		st.SourceRecords++
		if e.Type == hostshim.TypeCompactionStart {
			st.Compactions = append(st.Compactions, Compaction{Seq: e.Seq, Kind: e.Type})
		}
		if e.SurfaceOp == nil {
			continue
		}
		m, err := hostshim.DeriveMessage(e)
		if err != nil {
			return st, &Error{Record: fmt.Sprintf("seq %d", e.Seq), Err: err}
		}
		if e.SurfaceOp.Replace {
			// The checkpoint that replaces the span is the compaction's
			// summary message.
			if n := len(st.Compactions); n > 0 && m.IsCheckpoint() && st.Compactions[n-1].SummarySeq == 0 {
				st.Compactions[n-1].SummarySeq = e.Seq
			}
			continue
		}
		if m == nil {
			continue
		}
		st.Messages++
		switch e.Type {
		case hostshim.TypeAssistantMessage:
			for _, c := range m.ToolCalls() {
				st.ToolCalls++
				calls[c.ID]++
			}
		case hostshim.TypeToolResult:
			id, _ := m.ToolResultID()
			results = append(results, id)
		}
	}
	for _, id := range results {
		if calls[id] > 0 {
			calls[id]--
			st.ToolResults++
		} else {
			st.Orphans++
		}
	}
	for _, n := range calls {
		st.Unpaired += n
	}
	return st, nil
}
