package hostshim

import "fmt"

// NodeTokens is the price of one surface node.
type NodeTokens struct {
	Seq    int `json:"seq"`
	Tokens int `json:"tokens"`
}

// Measurement is what MeasureSurface returns.
type Measurement struct {
	// Total is Header + Surface: the host's "estimated" baseline.
	Total int `json:"totalTokens"`
	// Surface is the sum of the node prices (the host's surfaceTokens).
	Surface int `json:"surfaceTokens"`
	// Header prices the system prompt and tool schemas of the latest
	// request/header in the log (0 before any request).
	Header int `json:"headerTokens"`
	// Nodes are the current surface nodes in model-visible order.
	Nodes []NodeTokens `json:"nodes"`
}

// MeasureSurface prices the session's surface as the host's
// TokenMeter.measure does: every current surface node at the price of the
// message it derives (0 when it derives none: an assistant message with
// empty content), in surface order; a replacement node carries its own
// price and the nodes it shadowed are gone. Header is the request envelope
// from the latest request/header event: system prompt (omitted when empty)
// priced as m.CountText(system)+4, tool schemas (omitted when absent or
// empty) as m.CountText(JSON.stringify(tools))+4 — with HeuristicMeter these
// are exactly the host's estimateSystemTokens and estimateToolsTokens.
//
// Differences from the host's measure: the host reuses provider-reported
// usage as its baseline when the latest successful call's header matches
// (baseline kind "usage", plus the surface delta since that call); this
// function always returns the heuristic "estimated" baseline, which is what
// the host falls back to and what its compaction shrink check compares. Its
// "none" baseline (no header and an empty surface) is Total 0 here too.
func MeasureSurface(s *Session, m Meter) (Measurement, error) {
	var out Measurement
	out.Nodes = make([]NodeTokens, 0, len(s.Nodes()))
	for _, seq := range s.Nodes() {
		msg, err := s.Message(seq)
		if err != nil {
			return Measurement{}, fmt.Errorf("measure surface: %w", err)
		}
		t := 0
		if msg != nil {
			t = m.CountMessage(msg)
		}
		out.Nodes = append(out.Nodes, NodeTokens{Seq: seq, Tokens: t})
		out.Surface += t
	}
	// The newest request header, tracked on append (the log may have been
	// compacted by Release).
	h, ok, err := LatestRequestHeader(s)
	if err != nil {
		return Measurement{}, fmt.Errorf("measure surface: %w", err)
	}
	if ok {
		out.Header = HeaderTokens(&h, m)
	}
	out.Total = out.Header + out.Surface
	return out, nil
}

// HeaderTokens prices a request header's system prompt and tool schemas
// with meter m, framed as the host frames them (see MeasureSurface).
func HeaderTokens(h *RequestHeaderData, m Meter) int {
	if h == nil {
		return 0
	}
	if _, ok := m.(HeuristicMeter); ok {
		return EstimateHeader(h)
	}
	n := 0
	if h.Header.System != "" {
		n += m.CountText(h.Header.System) + HeuristicRoleOverhead
	}
	if tools, ok := canonicalTools(h.Header.Tools); ok {
		n += m.CountText(tools) + HeuristicBlockOverhead
	}
	return n
}
