package hostshim

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Packed chunk rows. The host's persistence stores a run of three or more
// consecutive same-block assistant/chunk delta events as ONE storage line
// tagged text-chunks, reasoning-chunks or tool-call-chunks, and expands it
// back to the exact events on read (dsh-session chunk-rows). A row is a
// storage record, not an event: it stands for len(texts|args) events with
// consecutive seqs. The host's rows carry seq0 and time0; the snapshot logs
// in the corpus have them stripped (as they strip seq and time from every
// event), and then seq0 is the running seq and the members have no time.
//
// Events expanded from a row remember the row, so a log writer emits the
// row's original line once instead of the members (byte-identical logs).

// Storage row tags.
const (
	rowText      = "text-chunks"
	rowReasoning = "reasoning-chunks"
	rowToolCall  = "tool-call-chunks"
)

// packedRow is one storage line that expanded to several events.
type packedRow struct {
	raw  []byte
	seq0 int
	n    int
}

// IsStorageRow reports whether a persisted line's type tag is a packed chunk
// row rather than an event.
func IsStorageRow(typ string) bool {
	return typ == rowText || typ == rowReasoning || typ == rowToolCall
}

// DecodeRecord decodes one persisted line (not the header) into the events
// it stores, the first of which gets seq. A plain event line gives one event;
// a packed chunk row gives one event per member.
func DecodeRecord(line []byte, seq int) ([]Event, error) {
	// Rows are rare and their tag sits at the start of the line; every
	// other line is decoded once, as an event.
	head := line[:min(len(line), 64)]
	if !bytes.Contains(head, []byte(`-chunks"`)) {
		e, err := DecodeEvent(line, seq)
		if err != nil {
			return nil, err
		}
		return []Event{e}, nil
	}
	var probe struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &probe); err != nil {
		return nil, err
	}
	if !IsStorageRow(probe.Type) {
		e, err := DecodeEvent(line, seq)
		if err != nil {
			return nil, err
		}
		return []Event{e}, nil
	}
	return expandRow(line, probe.Type, seq)
}

func expandRow(line []byte, tag string, seq int) ([]Event, error) {
	var row struct {
		Type  string          `json:"type"`
		Seq0  *int            `json:"seq0"`
		Time0 *int64          `json:"time0"`
		Data  json.RawMessage `json:"data"`
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&row); err != nil {
		return nil, fmt.Errorf("malformed %s storage row: %w", tag, err)
	}
	if row.Seq0 != nil && *row.Seq0 != seq {
		return nil, &FieldError{Field: "seq0", Err: fmt.Errorf("row says %d, position says %d", *row.Seq0, seq)}
	}
	var d struct {
		Turn  *int     `json:"turn"`
		Step  *int     `json:"step"`
		Index *int     `json:"index"`
		DT    []int64  `json:"dt"`
		Texts []string `json:"texts"`
		ID    *string  `json:"id"`
		Name  *string  `json:"name"`
		Args  []string `json:"args"`
	}
	dd := json.NewDecoder(bytes.NewReader(row.Data))
	dd.DisallowUnknownFields()
	if err := dd.Decode(&d); err != nil {
		return nil, fmt.Errorf("malformed %s storage row: data: %w", tag, err)
	}
	if d.Turn == nil || d.Step == nil || d.Index == nil {
		return nil, fmt.Errorf("malformed %s storage row: turn/step/index must be numbers", tag)
	}
	members := d.Texts
	if tag == rowToolCall {
		members = d.Args
		if d.ID == nil || d.Texts != nil {
			return nil, fmt.Errorf("malformed %s storage row: data must be exactly {turn, step, index, id, name?, dt, args}", tag)
		}
	} else if d.ID != nil || d.Name != nil || d.Args != nil {
		return nil, fmt.Errorf("malformed %s storage row: data must be exactly {turn, step, index, dt, texts}", tag)
	}
	if len(members) == 0 {
		return nil, fmt.Errorf("malformed %s storage row: members must be a non-empty string array", tag)
	}
	if len(d.DT) != len(members)-1 {
		return nil, fmt.Errorf("malformed %s storage row: dt length %d does not match %d members", tag, len(d.DT), len(members))
	}
	pr := &packedRow{raw: append([]byte(nil), line...), seq0: seq, n: len(members)}
	out := make([]Event, 0, len(members))
	var t int64
	if row.Time0 != nil {
		t = *row.Time0
	}
	for k, m := range members {
		if k > 0 {
			t += d.DT[k-1]
		}
		chunk := map[string]any{"index": *d.Index}
		switch tag {
		case rowText:
			chunk["type"], chunk["text"] = "text-delta", m
		case rowReasoning:
			chunk["type"], chunk["text"] = "reasoning-delta", m
		case rowToolCall:
			chunk["type"], chunk["id"], chunk["argumentsDelta"] = "tool-call-delta", *d.ID, m
			if d.Name != nil {
				chunk["name"] = *d.Name
			}
		}
		data := marshalNoEscape(map[string]any{"turn": *d.Turn, "step": *d.Step, "chunk": chunk})
		e := Event{Seq: seq + k, Type: "assistant/chunk", Data: data, packed: pr}
		if row.Time0 != nil {
			e.Time, e.hasTime, e.hasSeq = t, true, true
			e.keys = []string{"type", "seq", "time", "data"}
		}
		out = append(out, e)
	}
	return out, nil
}

// StorageLine returns the persisted line that stores e and whether e is the
// first event of that line. Events from a packed row share the row's line;
// a writer emits it for the first member and skips the rest.
func (e Event) StorageLine() (line []byte, first bool) {
	if e.packed != nil {
		return e.packed.raw, e.Seq == e.packed.seq0
	}
	return e.Encode(), true
}
