package bundle

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"pgregory.net/rapid"
)

// TestEncodeHashesOnceLikeLogicalHash checks the write pipeline against
// the rule: whatever the messages (canonicalizable or not), the segment
// size and the number of compressing goroutines, the logical hash and
// raw indexes encode computes while it compresses equal LogicalHash and
// RawIndexes computed serially, and the file decodes and verifies.
func TestEncodeHashesOnceLikeLogicalHash(t *testing.T) {
	pieces := []string{`{"role":"user","content":"hi"}`, `{ "b" : 1, "a" : [1.0, 2e3, "\u00e9"] }`, `"\ud83d"`, "\"\xff\"",
		`{"k":1,"k":2}`, `1e999`, ``, `{"a":`, `[[[]]]`, `"` + string(make([]byte, 300)) + `"`, `null`}
	testutil.RapidChecks(t, 30)
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(rt, "messages")
		msgs := make([]json.RawMessage, n)
		for i := range msgs {
			msgs[i] = json.RawMessage(pieces[rapid.IntRange(0, len(pieces)-1).Draw(rt, "piece")] +
				fmt.Sprint(rapid.IntRange(0, 2).Draw(rt, "suffix")))
			if rapid.Bool().Draw(rt, "plain") {
				msgs[i] = msgs[i][:len(msgs[i])-1]
			}
		}
		seg := rapid.IntRange(1, 400).Draw(rt, "segmentBytes")
		workers := rapid.IntRange(1, 5).Draw(rt, "workers")
		c, err := newCodec(seg, 1<<20, encoderSettings{workers: workers})
		if err != nil {
			rt.Fatal(err)
		}
		defer c.close()
		b, err := sealedMeta(&CheckpointV1{CheckpointID: "c", SessionID: "s", CreatedAt: 1, Mode: ModeLeaf,
			Archive: Archive{ShadowedMessages: msgs}, Rendered: Rendered{Text: "t"}})
		if err != nil {
			rt.Fatal(err)
		}
		data, h, err := c.encode(b)
		if err != nil {
			rt.Fatal(err)
		}
		lh, _ := LogicalHash(msgs)
		if h.Bundle.Archive.LogicalHash != lh || !slices.Equal(h.Bundle.Archive.RawMessages, RawIndexes(msgs)) {
			rt.Fatalf("encode hashed %s raw %v; serially %s raw %v", h.Bundle.Archive.LogicalHash, h.Bundle.Archive.RawMessages, lh, RawIndexes(msgs))
		}
		if _, _, _, err := c.decodeFull(data); err != nil {
			rt.Fatalf("decode: %v", err)
		}
	})
}
