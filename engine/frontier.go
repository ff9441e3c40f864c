package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// Marker is the machine-readable first line of every EF checkpoint text:
//
//	[ef-checkpoint id=<checkpoint id> mode=<leaf|root|emergency> seqs=<first>-<last>]
//
// First and Last are the seqs of the first and last surface node the
// checkpoint replaced (surface order; First may exceed Last). The marker lets
// the fold frontier be found from the surface alone, after any restart,
// without EF's own files (§10, §24).
type Marker struct {
	ID          string
	Mode        Mode
	First, Last int
}

// String renders the marker line.
func (m Marker) String() string {
	return fmt.Sprintf("[ef-checkpoint id=%s mode=%s seqs=%d-%d]", m.ID, m.Mode, m.First, m.Last)
}

var markerRE = regexp.MustCompile(`^\[ef-checkpoint id=([A-Za-z0-9._-]{1,128}) mode=(leaf|root|emergency) seqs=([0-9]+)-([0-9]+)\]$`)

// ParseMarker finds a marker line in text.
func ParseMarker(text string) (Marker, bool) {
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if !strings.HasPrefix(line, "[ef-checkpoint ") {
			continue
		}
		g := markerRE.FindStringSubmatch(line)
		if g == nil {
			continue
		}
		first, _ := strconv.Atoi(g[3])
		last, _ := strconv.Atoi(g[4])
		return Marker{ID: g[1], Mode: Mode(g[2]), First: first, Last: last}, true
	}
	return Marker{}, false
}

// MarkerOf returns the marker of an EF checkpoint message. Only checkpoint
// messages (hostshim.Message.IsCheckpoint) can carry one, so a user who
// types a marker line does not move the frontier.
func MarkerOf(m *hostshim.Message) (Marker, bool) {
	if m == nil || !m.IsCheckpoint() {
		return Marker{}, false
	}
	for _, b := range m.Content {
		if b.Type != hostshim.BlockText {
			continue
		}
		if mk, ok := ParseMarker(b.Text); ok {
			return mk, true
		}
	}
	return Marker{}, false
}

// FrontierRef is the fold frontier by identity (§10): the latest frozen EF
// checkpoint and the surface seq of its node. The zero value (empty id, seq
// -1 by convention from LocateFrontier) means nothing is frozen yet.
type FrontierRef struct {
	LatestFrozenCheckpointID string `json:"latestFrozenCheckpointId,omitempty"`
	LatestFrozenSurfaceSeq   int    `json:"latestFrozenSurfaceSeq"`
}

// Frontier is a FrontierRef located on the current surface.
type Frontier struct {
	Ref FrontierRef `json:"ref"`
	// Position is the surface position of the first unfrozen node: the
	// frozen prefix is nodes[:Position].
	Position int `json:"position"`
	// Frozen lists the EF checkpoints in the frozen prefix, oldest first.
	Frozen []Marker `json:"-"`
}

// LocateFrontier finds the fold frontier on the current surface. The frozen
// prefix is the run of head nodes that no leaf fold may touch: a system
// or developer message at the head and checkpoint nodes (EF's, or any other
// engine's). It is recomputed from the surface on every plan, never kept as
// a bare position, so a root fold, a restart or another engine's compaction
// cannot leave it stale.
func LocateFrontier(s *hostshim.Session) (Frontier, error) {
	fr := Frontier{Ref: FrontierRef{LatestFrozenSurfaceSeq: -1}}
	for p, n := range s.Nodes() {
		e, _ := s.Event(n)
		if e.Type == hostshim.TypeSystemMessage || e.Type == hostshim.TypeDeveloperMessage {
			fr.Position = p + 1
			continue
		}
		m, err := s.Message(n)
		if err != nil {
			return fr, err
		}
		if !m.IsCheckpoint() {
			break
		}
		fr.Position = p + 1
		if mk, ok := MarkerOf(m); ok {
			fr.Frozen = append(fr.Frozen, mk)
			fr.Ref = FrontierRef{LatestFrozenCheckpointID: mk.ID, LatestFrozenSurfaceSeq: n}
		}
	}
	return fr, nil
}

// Relocate returns the surface position just after ref's checkpoint node,
// checking that the node still carries ref's checkpoint. ok is false when
// the node is gone (a root fold rewrote the prefix) or is not that
// checkpoint; callers then fall back to LocateFrontier.
func Relocate(s *hostshim.Session, ref FrontierRef) (pos int, ok bool) {
	if ref.LatestFrozenCheckpointID == "" {
		return 0, false
	}
	p := s.Position(ref.LatestFrozenSurfaceSeq)
	if p < 0 {
		return 0, false
	}
	m, err := s.Message(ref.LatestFrozenSurfaceSeq)
	if err != nil {
		return 0, false
	}
	mk, found := MarkerOf(m)
	if !found || mk.ID != ref.LatestFrozenCheckpointID {
		return 0, false
	}
	return p + 1, true
}
