package importer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/epistemicfold/ef/hostshim"
)

// importDSH loads a persisted DSH session log unchanged. The session is
// lenient (snapshot logs strip seqs and elide events; see
// hostshim.Session.Lenient). Stats are counted from the log: calls and
// results are paired by call id, nothing is added or dropped.
func importDSH(name string, data []byte) (Imported, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<28)
	var s *hostshim.Session
	line := 0
	for sc.Scan() {
		line++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		if s == nil {
			var h hostshim.Header
			if err := json.Unmarshal(raw, &h); err != nil {
				return Imported{}, &Error{Line: line, Err: fmt.Errorf("%w: header: %v", ErrMalformed, err)}
			}
			h.Raw = append(json.RawMessage(nil), raw...)
			gen := hostshim.Gen01
			if h.Version >= 4 {
				gen = hostshim.Gen017
			}
			s = hostshim.NewSession(name, gen)
			s.Header = h
			s.Lenient = true
			continue
		}
		evs, err := hostshim.DecodeRecord(raw, s.Len())
		if err != nil {
			return Imported{}, &Error{Line: line, Err: fmt.Errorf("%w: %v", ErrMalformed, err)}
		}
		for _, e := range evs {
			if err := s.AppendEvent(e); err != nil {
				return Imported{}, &Error{Line: line, Err: err}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return Imported{}, err
	}
	if s == nil {
		return Imported{}, ErrEmpty
	}
	st, err := dshStats(s)
	if err != nil {
		return Imported{}, err
	}
	return Imported{Name: name, Format: FormatDSH, Session: s, Stats: st}, nil
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
		if e.SurfaceOp == nil || e.SurfaceOp.Replace {
			continue
		}
		m, err := hostshim.DeriveMessage(e)
		if err != nil {
			return st, &Error{Record: fmt.Sprintf("seq %d", e.Seq), Err: err}
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
