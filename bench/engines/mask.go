package engines

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/tokenizer"
)

// masker is observation masking as the host's tool-result pruner does it:
// each old tool result is replaced in place by a short placeholder, by
// appending compaction/prune and then a tool/result that replaces the
// node (surfaceOp replace start=end=seq, sourceEventSeqs [seq]) and
// differs only in its content. Under pressure (hostshim.PressureRatio × W) every tool result
// older than the retained tail (0.16 W, as Basic keeps) is masked in one
// pass; on overflow the tail is not kept. Nothing else is ever removed,
// so a session whose messages alone exceed the window stays over it.
type masker struct {
	window    int
	meter     hostshim.Meter
	masked    map[int]bool // seqs of placeholder nodes
	threshold int
	retain    int
}

func newMasker(cfg Config) *masker {
	return &masker{window: cfg.Window, meter: cfg.Meter, masked: map[int]bool{},
		threshold: cfg.Window * 8 / 10, retain: cfg.Window * 16 / 100}
}

func (e *masker) Name() string { return Mask }

func (e *masker) Close() error { return nil }

// Placeholder is the content a masked tool result keeps.
func Placeholder(tokens int) string {
	return fmt.Sprintf("[tool output pruned to save context: %d tokens]", tokens)
}

func (e *masker) Compact(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) error {
	s := agent.Session
	ms, err := hostshim.MeasureSurface(s, e.meter)
	if err != nil {
		return err
	}
	retain := e.retain
	if trigger == hostshim.TriggerOverflow {
		retain = 0
	} else if ms.Total < e.threshold {
		return nil
	}
	acc, keep := 0, len(ms.Nodes)
	for i := len(ms.Nodes) - 1; i >= 0 && acc < retain; i-- {
		acc += ms.Nodes[i].Tokens
		keep = i
	}
	for _, n := range ms.Nodes[:keep] {
		if err := ctx.Err(); err != nil {
			return err
		}
		ev, _ := s.Event(n.Seq)
		if ev.Type != hostshim.TypeToolResult || e.masked[n.Seq] {
			continue
		}
		text := Placeholder(n.Tokens)
		if n.Tokens <= e.meter.CountText(text)+tokenizer.MessageOverhead {
			continue
		}
		data, err := maskedData(ev.Data, s.Gen, text)
		if err != nil {
			// A result shape the pruner cannot rewrite (0.1.1 flat
			// snapshots) stays as it is.
			continue
		}
		price := hostshim.HeuristicMeter{}.CountMessage(mustMessage(s, n.Seq))
		prune := map[string]any{
			"shadowedRange":      hostshim.ShadowedRange{Start: n.Seq, End: n.Seq},
			"shadowedSeqs":       []int{n.Seq},
			"shadowedTokenCount": price,
		}
		if _, err := s.Append(hostshim.TypeCompactionPrune, prune, hostshim.AppendOptions{}); err != nil {
			return err
		}
		ne, err := s.Append(hostshim.TypeToolResult, data, hostshim.AppendOptions{SurfaceOp: hostshim.ReplaceOp(s.Gen, n.Seq, n.Seq), SourceEventSeqs: []int{n.Seq}})
		if err != nil {
			return err
		}
		e.masked[ne.Seq] = true
	}
	return nil
}

func mustMessage(s *hostshim.Session, seq int) *hostshim.Message {
	m, _ := s.Message(seq)
	return m
}

// maskedData returns a tool/result's data with its content replaced by
// text: the first block's content in Gen01 (a user message holding a
// tool-result block), the message content in Gen017.
func maskedData(data json.RawMessage, gen hostshim.Generation, text string) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	msg, _ := v["message"].(map[string]any)
	if msg == nil {
		return nil, fmt.Errorf("tool/result without message")
	}
	placeholder := []any{map[string]any{"type": hostshim.BlockText, "text": text}}
	if gen == hostshim.Gen017 {
		msg["content"] = placeholder
		return v, nil
	}
	content, _ := msg["content"].([]any)
	if len(content) == 0 {
		return nil, fmt.Errorf("tool/result without content")
	}
	first, _ := content[0].(map[string]any)
	if first == nil || first["type"] != hostshim.BlockToolResult {
		return nil, fmt.Errorf("tool/result without a tool-result block")
	}
	first["content"] = placeholder
	return v, nil
}
